//! Flat Monte-Carlo with sequential halving, and the weighing of worlds (`with_belief`) and the
//! walk from world to world (`with_walk`).

use cards_core::game::{Players, Policy};
use cards_search::{Algorithm, Budget, Search};

use crate::common::first_decision;

#[test]
fn halving_spends_whole_worlds_within_the_budget_and_most_on_the_last_actions() {
    let g = first_decision(3);
    let p = g.seat_to_act().expect("someone leads");
    let legal = g.legal_actions();
    let k = legal.len() as u64;
    assert!(k > 16, "{k} leads");
    for playouts in [k, 500, 2_000] {
        let mut s = Search::<doudizhu::Game>::new(5)
            .with_algorithm(Algorithm::Pimc)
            .with_halving(true)
            .with_budget(Budget::playouts(playouts));
        let a = s.choose(&g.observation(usize::from(p)), &legal);
        let visits: Vec<u64> = s.stats().iter().map(|x| x.visits).collect();
        assert_eq!(visits.iter().sum::<u64>(), s.playouts());
        assert!(s.playouts() <= playouts && s.playouts() + k > playouts.min(k * 2));
        // The chosen action lasted to the last round: no action has more visits.
        let chosen = s
            .stats()
            .iter()
            .find(|x| x.action == a)
            .expect("a root action");
        assert_eq!(chosen.visits, *visits.iter().max().unwrap(), "{playouts}");
        if playouts >= 500 {
            // Half the actions were dropped after the first round, with its visits only.
            let fewest = *visits.iter().min().unwrap();
            let dropped = visits.iter().filter(|&&v| v == fewest).count() as u64;
            assert!(dropped >= k / 2 && chosen.visits > 4 * fewest, "{visits:?}");
        }
    }
}

#[test]
fn halving_is_reproducible_by_seed_and_differs_from_even_shares() {
    let g = first_decision(8);
    let p = g.seat_to_act().expect("someone leads");
    let legal = g.legal_actions();
    let run = |halving: bool, threads: usize| {
        let mut s = Search::<doudizhu::Game>::new(2)
            .with_algorithm(Algorithm::Pimc)
            .with_halving(halving)
            .with_threads(threads)
            .with_budget(Budget::playouts(900));
        let a = s.choose(&g.observation(usize::from(p)), &legal);
        (a, s.stats().iter().map(|x| x.visits).collect::<Vec<_>>())
    };
    for threads in [1, 2] {
        assert_eq!(run(true, threads), run(true, threads), "{threads} threads");
    }
    let (even, halved) = (run(false, 1).1, run(true, 1).1);
    assert!(even.iter().max().unwrap() - even.iter().min().unwrap() <= 1);
    assert!(halved.iter().max().unwrap() > &(2 * halved.iter().min().unwrap()));
}

#[test]
fn a_daifugo_search_weighing_its_worlds_plays_in_other_worlds_within_its_budget() {
    // Tutorial players' game past its first plays: the others' plays tell something.
    let mut g = daifugo::Game::new(daifugo::Rules::UECDA, 21);
    let mut tutorial = daifugo::Game::policy("tutorial", 0).expect("a built-in player");
    let mut changed = 0;
    let mut walks_changed = 0;
    for ply in 0..40 {
        let Some(p) = g.seat_to_act() else { break };
        let legal = g.legal_actions();
        if ply >= 10 && legal.len() > 2 {
            let stats = |belief: u32, walk: u32| {
                let mut s = Search::<daifugo::Game>::new(4)
                    .with_algorithm(Algorithm::Pimc)
                    .with_belief(belief)
                    .with_walk(walk)
                    .with_budget(Budget::playouts(300));
                s.choose(&g.observation(usize::from(p)), &legal);
                assert_eq!(s.playouts(), 300);
                s.stats()
                    .iter()
                    .map(|x| x.total.to_bits())
                    .collect::<Vec<_>>()
            };
            changed += usize::from(stats(1, 0) != stats(8, 0));
            assert_eq!(stats(8, 0), stats(8, 0), "reproducible by seed");
            assert_eq!(stats(8, 2), stats(8, 2), "a walk is reproducible by seed");
            walks_changed += usize::from(stats(8, 2) != stats(8, 0));
        }
        let a = tutorial.choose(&g.observation(usize::from(p)), &legal);
        g.apply_with_outcome(a).expect("legal");
    }
    assert!(changed > 3, "{changed}");
    assert!(walks_changed > 3, "{walks_changed}");
}
