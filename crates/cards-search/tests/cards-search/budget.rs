//! Budgets and reproducibility: playouts honoured exactly (one and two threads), the time
//! budget honoured through an injected clock, the same seed giving the same choices.

use std::sync::Arc;
use std::time::Duration;

use cards_core::game::Policy;
use cards_search::{Algorithm, Budget, Search, StepClock};

use crate::common::{choices, first_decision};

#[test]
fn the_playout_budget_is_honoured_exactly() {
    let g = first_decision(3);
    let p = g.current_player().expect("someone leads");
    let legal = g.legal_actions();
    assert!(legal.len() > 10);
    for algorithm in [Algorithm::Ismcts, Algorithm::Pimc] {
        for (threads, playouts) in [(1, 1), (1, 37), (1, 500), (2, 501), (3, 64)] {
            let mut s = Search::<doudizhu::Game>::new(5)
                .with_algorithm(algorithm)
                .with_threads(threads)
                .with_budget(Budget::playouts(playouts));
            let a = s.choose(&g.observation(p), &legal);
            assert!(legal.contains(&a));
            assert_eq!(s.playouts(), playouts, "{algorithm:?} {threads} threads");
            let visits: u64 = s.stats().iter().map(|x| x.visits).sum();
            assert_eq!(
                visits, playouts,
                "{algorithm:?}: every playout goes through one root action"
            );
        }
    }
}

#[test]
fn the_time_budget_is_honoured_through_the_clock() {
    let g = first_decision(4);
    let p = g.current_player().expect("someone leads");
    let legal = g.legal_actions();
    for algorithm in [Algorithm::Ismcts, Algorithm::Pimc] {
        // The clock reads 0 at the decision's start and then 1 ms more at each check (one a
        // playout): a 10 ms budget lets the checks at 1..9 ms through, so 9 playouts.
        let clock = Arc::new(StepClock::new(Duration::from_millis(1)));
        let mut s = Search::<doudizhu::Game>::new(5)
            .with_algorithm(algorithm)
            .with_clock(clock.clone())
            .with_budget(Budget::think(Duration::from_millis(10)));
        s.choose(&g.observation(p), &legal);
        assert_eq!(s.playouts(), 9, "{algorithm:?}");
        assert_eq!(clock.readings(), 11, "the start and one reading a check");
        // Playouts and time together: whichever runs out first.
        let clock = Arc::new(StepClock::new(Duration::from_millis(1)));
        let mut s = Search::<doudizhu::Game>::new(5)
            .with_algorithm(algorithm)
            .with_clock(clock)
            .with_budget(Budget::playouts(4).and_think(Duration::from_millis(10)));
        s.choose(&g.observation(p), &legal);
        assert_eq!(s.playouts(), 4);
        // Two threads share the clock: together they stop at the deadline.
        let clock = Arc::new(StepClock::new(Duration::from_millis(1)));
        let mut s = Search::<doudizhu::Game>::new(5)
            .with_algorithm(algorithm)
            .with_threads(2)
            .with_clock(clock)
            .with_budget(Budget::think(Duration::from_millis(20)));
        s.choose(&g.observation(p), &legal);
        assert!((18..=20).contains(&s.playouts()), "{}", s.playouts());
    }
}

#[test]
fn a_seed_reproduces_the_choices_with_one_and_two_threads() {
    for threads in [1, 2] {
        for algorithm in [Algorithm::Ismcts, Algorithm::Pimc] {
            let run = |seed: u64| {
                let mut s = Search::<daifugo::Game>::new(seed)
                    .with_algorithm(algorithm)
                    .with_threads(threads)
                    .with_budget(Budget::playouts(120));
                choices(daifugo::Game::new(daifugo::Rules::UECDA, 9), 2, &mut s, 1)
            };
            let a = run(11);
            assert!(a.len() > 3);
            assert_eq!(a, run(11), "{algorithm:?}, {threads} threads");
            let run = |seed: u64| {
                let mut s = Search::<doudizhu::Game>::new(seed)
                    .with_algorithm(algorithm)
                    .with_threads(threads)
                    .with_budget(Budget::playouts(120));
                choices(
                    doudizhu::Game::new(doudizhu::GameRules::STANDARD, 9).unwrap(),
                    1,
                    &mut s,
                    1,
                )
            };
            assert_eq!(run(11), run(11), "{algorithm:?}, {threads} threads");
        }
    }
    // Statistics, not only the choice: the same seed gives the same visit counts.
    let g = first_decision(8);
    let p = g.current_player().expect("someone leads");
    let legal = g.legal_actions();
    let stats = |seed: u64| {
        let mut s = Search::<doudizhu::Game>::new(seed)
            .with_threads(2)
            .with_budget(Budget::playouts(300));
        s.choose(&g.observation(p), &legal);
        s.stats()
            .iter()
            .map(|x| (x.visits, x.total.to_bits()))
            .collect::<Vec<_>>()
    };
    assert_eq!(stats(1), stats(1));
    assert_ne!(stats(1), stats(2), "another seed searches otherwise");
}
