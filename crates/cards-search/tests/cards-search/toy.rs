//! The search on the toy game.

use std::sync::Arc;
use std::time::Duration;

use cards_core::Rng;
use cards_core::game::testing_toy::{Toy, ToyAction};
use cards_core::game::{Game, InfoSet, Policy, Random};
use cards_search::{Algorithm, Budget, Search, StepClock};

const ALGORITHMS: [Algorithm; 2] = [Algorithm::Ismcts, Algorithm::Pimc];

/// Plays the toy game dealt from `seed` to the end with `search` at `seat` and a seeded random
/// player at the other, checking that each action the search returns is among the legal ones;
/// returns the search's choices.
fn play_with(seed: u64, seat: usize, search: &mut impl Policy<Toy>) -> Vec<ToyAction> {
    let mut game = Toy::new(seed);
    let mut other = Random::new(seed + 100);
    let mut chosen = Vec::new();
    while let Some(p) = game.current_player() {
        let legal = game.legal_actions();
        let a = if p == seat {
            let a = search.choose(&game.observation(p), &legal);
            assert!(
                legal.contains(&a),
                "the search chose {a}, not among {legal:?}"
            );
            chosen.push(a);
            a
        } else {
            Policy::<Toy>::choose(&mut other, &game.observation(p), &legal)
        };
        game.apply(a).expect("a legal action applies");
    }
    assert!(game.is_over());
    chosen
}

#[test]
fn the_search_plays_only_legal_actions() {
    for algorithm in ALGORITHMS {
        for (halving, belief, walk) in [(false, 1, 0), (true, 1, 0), (false, 4, 2)] {
            for seed in 0..20 {
                let seat = (seed % 2) as usize;
                let mut s = Search::<Toy>::new(seed)
                    .with_algorithm(algorithm)
                    .with_halving(halving && algorithm == Algorithm::Pimc)
                    .with_belief(belief)
                    .with_walk(walk)
                    .with_budget(Budget::playouts(40));
                assert_eq!(play_with(seed, seat, &mut s).len(), 2, "seed {seed}");
            }
        }
    }
}

#[test]
fn the_playout_budget_is_honoured_exactly() {
    let g = Toy::new(3);
    let legal = g.legal_actions();
    assert_eq!(legal.len(), 2);
    for algorithm in ALGORITHMS {
        for (threads, playouts) in [(1, 1), (1, 37), (1, 500), (2, 501), (3, 64)] {
            let mut s = Search::<Toy>::new(5)
                .with_algorithm(algorithm)
                .with_threads(threads)
                .with_budget(Budget::playouts(playouts));
            let a = s.choose(&g.observation(0), &legal);
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
    let g = Toy::new(4);
    let legal = g.legal_actions();
    for algorithm in ALGORITHMS {
        // The clock reads 0 at the decision's start and then 1 ms more at each check: one
        // before each playout and one after each world drawn (flat Monte-Carlo plays both
        // actions in a world, ISMCTS one). A 10 ms budget lets the checks at 1..9 ms through:
        // 9 readings, 3 worlds and 6 playouts, or 4 worlds and 4 playouts plus a fifth world
        // drawn and not played; the reading at 10 ms stops the decision.
        let clock = Arc::new(StepClock::new(Duration::from_millis(1)));
        let mut s = Search::<Toy>::new(5)
            .with_algorithm(algorithm)
            .with_clock(clock.clone())
            .with_budget(Budget::think(Duration::from_millis(10)));
        s.choose(&g.observation(0), &legal);
        let playouts = match algorithm {
            Algorithm::Pimc => 6,
            Algorithm::Ismcts => 4,
        };
        assert_eq!(s.playouts(), playouts, "{algorithm:?}");
        assert_eq!(clock.readings(), 11, "the start and one reading a check");
        // Playouts and time together: whichever runs out first.
        let clock = Arc::new(StepClock::new(Duration::from_millis(1)));
        let mut s = Search::<Toy>::new(5)
            .with_algorithm(algorithm)
            .with_clock(clock)
            .with_budget(Budget::playouts(4).and_think(Duration::from_millis(10)));
        s.choose(&g.observation(0), &legal);
        assert_eq!(s.playouts(), 4);
        // Many threads: the budget covers starting them, and a budget in playouts alone
        // starts every one.
        let clock = Arc::new(StepClock::new(Duration::from_millis(1)));
        let mut s = Search::<Toy>::new(5)
            .with_algorithm(algorithm)
            .with_threads(256)
            .with_clock(clock.clone())
            .with_budget(Budget::think(Duration::from_millis(10)));
        s.choose(&g.observation(0), &legal);
        assert!(clock.readings() <= 2 * 10 + 2, "{}", clock.readings());
        assert!((1..=10).contains(&s.threads_run()), "{}", s.threads_run());
        let mut s = Search::<Toy>::new(5)
            .with_algorithm(algorithm)
            .with_threads(8)
            .with_budget(Budget::playouts(64));
        s.choose(&g.observation(0), &legal);
        assert_eq!((s.threads_run(), s.playouts()), (8, 64));
    }
}

#[test]
fn a_seed_reproduces_the_choices_and_statistics() {
    for threads in [1, 2] {
        for algorithm in ALGORITHMS {
            let run = |seed: u64| {
                let mut s = Search::<Toy>::new(seed)
                    .with_algorithm(algorithm)
                    .with_threads(threads)
                    .with_budget(Budget::playouts(120));
                (0..8)
                    .flat_map(|g| play_with(g, 1, &mut s))
                    .collect::<Vec<_>>()
            };
            assert_eq!(run(11), run(11), "{algorithm:?}, {threads} threads");
        }
    }
    // player 0 holds the cards 1 and 4: who wins depends on the hand it cannot see
    let g = Toy::from_deal([0b01_0010, 0b00_1001]);
    let legal = g.legal_actions();
    let stats = |seed: u64| {
        let mut s = Search::<Toy>::new(seed)
            .with_threads(2)
            .with_budget(Budget::playouts(300));
        s.choose(&g.observation(0), &legal);
        s.stats()
            .iter()
            .map(|x| (x.visits, x.total.to_bits()))
            .collect::<Vec<_>>()
    };
    assert_eq!(stats(1), stats(1));
    assert_ne!(stats(1), stats(2), "another seed searches otherwise");
}

/// The search reads no hidden card: at each decision of seeded games, the true state and a
/// world sampled from the same observation (the other hand dealt anew) give the same choice and
/// the same statistics for the same seed.
#[test]
fn the_search_reads_no_hidden_card() {
    let mut differed = 0;
    for seed in 0..30u64 {
        let mut g = Toy::new(seed);
        let mut r = Random::new(seed);
        while let Some(p) = g.current_player() {
            let legal = g.legal_actions();
            if legal.len() > 1 {
                let other: Toy = g
                    .observation(p)
                    .sample(&mut Rng::seed_from_u64(seed ^ 0xabc));
                assert_eq!(
                    other.observation(p),
                    g.observation(p),
                    "the player sees the same"
                );
                differed += usize::from(other.hand(1 - p) != g.hand(1 - p));
                for algorithm in ALGORITHMS {
                    let choose = |state: &Toy| {
                        let mut s = Search::<Toy>::new(seed)
                            .with_algorithm(algorithm)
                            .with_budget(Budget::playouts(60));
                        let a = s.choose(&state.observation(p), &legal);
                        let stats: Vec<_> = s
                            .stats()
                            .iter()
                            .map(|x| (x.visits, x.total.to_bits()))
                            .collect();
                        (a, stats)
                    };
                    assert_eq!(choose(&g), choose(&other), "seed {seed}, {algorithm:?}");
                }
            }
            let a = Policy::<Toy>::choose(&mut r, &g.observation(p), &legal);
            g.apply(a).expect("legal");
        }
    }
    assert!(
        differed >= 20,
        "the other hand was dealt otherwise in {differed} worlds"
    );
}

/// A model that rules out every world in which player 1 lacks `card`, counting its calls.
struct OnlyWith {
    card: u8,
    calls: Arc<std::sync::atomic::AtomicUsize>,
}

impl cards_search::Likelihood<Toy> for OnlyWith {
    fn log_likelihood(&self, _: &<Toy as Game>::Observation<'_>, world: &Toy) -> f64 {
        self.calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if world.hand(1) & (1 << self.card) == 0 {
            f64::NEG_INFINITY
        } else {
            0.0
        }
    }
}

/// A rollout that records player 1's hand whenever it acts with two cards (in flat
/// Monte-Carlo, the world as drawn, after player 0's root action).
#[derive(Clone)]
struct Seen(Arc<std::sync::Mutex<Vec<u8>>>);

impl cards_search::Rollout<Toy> for Seen {
    fn choose(&mut self, world: &Toy, legal: &[ToyAction], _: &mut Rng) -> ToyAction {
        if world.current_player() == Some(1) && world.hand(1).count_ones() == 2 {
            self.0.lock().unwrap().push(world.hand(1));
        }
        legal[0]
    }
}

/// Drawing by likelihood: the model is asked once per world of the pool, once a decision;
/// every world played is one the model allows; a seed reproduces the choices.
#[test]
fn worlds_drawn_by_likelihood_are_the_ones_the_model_allows() {
    let g = Toy::new(3);
    let legal = g.legal_actions();
    let obs = g.observation(0);
    let unseen = !g.hand(0) & 0b11_1111;
    let card = unseen.trailing_zeros() as u8;
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut s = Search::<Toy>::new(4)
        .with_algorithm(Algorithm::Pimc)
        .with_rollout(Seen(Arc::clone(&seen)))
        .with_likelihood(
            32,
            0.0,
            Arc::new(OnlyWith {
                card,
                calls: Arc::clone(&calls),
            }),
        )
        .with_budget(Budget::playouts(200));
    assert!(legal.contains(&s.choose(&obs, &legal)));
    assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 32);
    let seen = seen.lock().unwrap();
    assert!(seen.len() > 50);
    assert!(seen.iter().all(|h| h & (1 << card) != 0), "{seen:?}");
    // the same seed, the same choices (fresh pools each decision)
    let play = |seed| {
        let mut s = Search::<Toy>::new(seed)
            .with_algorithm(Algorithm::Pimc)
            .with_likelihood(
                8,
                0.5,
                Arc::new(OnlyWith {
                    card,
                    calls: Arc::new(std::sync::atomic::AtomicUsize::new(0)),
                }),
            )
            .with_budget(Budget::playouts(60));
        (0..4).map(|d| play_with(d, 0, &mut s)).collect::<Vec<_>>()
    };
    assert_eq!(play(7), play(7));
}

/// Early stopping never stops on a tie: in the toy game the order of a player's two cards
/// changes nothing (the totals decide), so no action dominates and every decision spends its
/// whole budget. (A decision with a clear best spends less: `benches/tests/search/`.)
#[test]
fn early_stopping_does_not_stop_on_a_tie() {
    let mut decisions = 0;
    for seed in 0..30 {
        let g = Toy::new(seed);
        let legal = g.legal_actions();
        if legal.len() < 2 {
            continue;
        }
        decisions += 1;
        let mut s = Search::<Toy>::new(seed)
            .with_algorithm(Algorithm::Pimc)
            .with_early_stop(Some((2.0, 10)))
            .with_budget(Budget::playouts(2_000));
        assert!(legal.contains(&s.choose(&g.observation(0), &legal)));
        assert_eq!(s.playouts(), 2_000, "seed {seed}");
    }
    assert!(decisions > 5);
}

/// Changing the rollout or the evaluator keeps every other setting and the stream: a search
/// set up and then given a (new) rollout and evaluator reports the same settings and plays
/// the same games as one given them first.
#[test]
fn a_new_rollout_or_evaluator_keeps_every_other_setting() {
    use cards_search::{RandomRollout, Returns};
    let configure = |s: Search<Toy>| {
        s.with_algorithm(Algorithm::Pimc)
            .with_halving(true)
            .with_belief(3)
            .with_early_stop(Some((2.5, 6)))
            .with_carry(Some(300))
            .with_budget(Budget::playouts(240))
            .with_threads(2)
    };
    let settings = |s: &Search<Toy>| {
        (
            s.algorithm(),
            s.halving(),
            s.belief(),
            s.walk(),
            s.early_stop(),
            s.carry(),
            s.budget(),
            s.threads(),
            s.likelihood_pool(),
        )
    };
    let first = configure(Search::<Toy>::new(11));
    let later = configure(Search::<Toy>::new(11))
        .with_rollout(RandomRollout)
        .with_evaluator(Returns);
    assert_eq!(settings(&first), settings(&later));
    assert_ne!(settings(&first), settings(&Search::<Toy>::new(11)));
    let games = |mut s: Search<Toy>| (0..6).map(|d| play_with(d, 0, &mut s)).collect::<Vec<_>>();
    assert_eq!(games(first), games(later));
}

/// A carry under a budget as large as `u64::MAX` neither overflows nor loses its bound: the
/// think time ends each decision, and the bank, filled to the largest count less what each
/// decision spent, stays there.
#[test]
fn a_carry_with_the_largest_budget_saturates() {
    let mut decisions = 0;
    let clock = Arc::new(StepClock::new(Duration::from_millis(1)));
    let mut s = Search::<Toy>::new(2)
        .with_algorithm(Algorithm::Pimc)
        .with_clock(clock)
        .with_carry(Some(u64::MAX))
        .with_budget(Budget::playouts(u64::MAX).and_think(Duration::from_millis(10)));
    for seed in 0..6 {
        let g = Toy::new(seed);
        let legal = g.legal_actions();
        if legal.len() < 2 {
            continue;
        }
        decisions += 1;
        assert!(legal.contains(&s.choose(&g.observation(0), &legal)));
        assert_eq!(s.playouts(), 6, "the think time ends the decision");
        assert_eq!(s.banked(), u64::MAX - 6, "seed {seed}");
    }
    assert!(decisions >= 2);
}
