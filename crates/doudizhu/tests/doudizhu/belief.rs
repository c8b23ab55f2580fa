//! The search's belief from the others' passes (`PassBelief`) and its playout values
//! (`SearchValue`).

#![allow(clippy::doc_markdown, clippy::float_cmp)] // DouZero; exact small integers

use doudizhu::cards_core::game::{Players, Policy, play_out};
use doudizhu::cards_search::{Evaluator, Likelihood};
use doudizhu::{Action, Counts, Deal, Game, GameRules, Objective, PassBelief, SearchValue};

fn h(s: &str) -> Counts {
    s.parse().unwrap()
}

/// A deal whose hands are written out: seat 0 the landlord (with the kitty), `rlcard` rules.
fn game(hands: [&str; 3], kitty: &str) -> Game {
    let mut deal = Deal::from_seed(&GameRules::RLCARD, 0).unwrap();
    deal.hands = hands.map(h);
    deal.kitty = h(kitty);
    Game::from_deal(GameRules::RLCARD, deal)
}

fn play(g: &mut Game, text: &str) {
    let a = g.parse_action(text).unwrap();
    g.apply_with_outcome(a).unwrap();
}

/// The three hands of the deal below: 54 cards.
const HANDS: [&str; 3] = [
    "3333444455556666 7",
    "77788899TTTJJQQKK",
    "899JJQKAAAA22BR2K",
];

/// Seat 1 passes over the landlord's 3 holding 7s (a cheap answer): counted for every observer
/// but seat 1 itself; the landlord passes over seat 2's 8 holding a 10: counted for seats 1 and
/// 2; seat 1's pass over its partner's play is never counted, nor the landlord's pass over a 2
/// (only a bomb could answer it).
#[test]
fn a_pass_with_a_cheap_answer_in_hand_is_counted() {
    let mut g = game(HANDS, "TQ2");
    let counts = |g: &Game| [0, 1, 2].map(|seat| PassBelief::cheap_passes(g, seat));
    play(&mut g, "3"); // the landlord
    play(&mut g, "pass"); // seat 1, holding 7s to kings
    assert_eq!(counts(&g), [1, 0, 1]);
    play(&mut g, "8"); // seat 2
    play(&mut g, "pass"); // the landlord, holding a 10, a queen and a 2
    play(&mut g, "pass"); // seat 1, over its partner
    assert_eq!(counts(&g), [1, 1, 2]);
    play(&mut g, "2"); // seat 2 leads again
    play(&mut g, "pass"); // the landlord: bombs only
    play(&mut g, "pass"); // seat 1, over its partner
    assert_eq!(counts(&g), [1, 1, 2]);
    let belief = PassBelief::new(0.25);
    let ll = belief.log_likelihood(&g.observation(2), &g);
    assert!((ll - 2.0 * 0.25f64.ln()).abs() < 1e-12, "{ll}");
}

/// In games of `expert` players, the true hands explain the others' passes at least as well as
/// the worlds sampled from an observation do on average (the belief prefers the truth).
#[test]
fn the_true_hands_explain_the_passes_better_than_sampled_worlds() {
    use doudizhu::cards_core::Rng;
    use doudizhu::cards_core::game::InfoSet as _;
    let (mut truth, mut sampled, mut n) = (0u64, 0u64, 0u64);
    let mut rng = Rng::seed_from_u64(5);
    for seed in 0..40 {
        let mut g = Game::new(GameRules::RLCARD, seed).unwrap();
        let mut players: Vec<_> = (0..3).map(|p| Game::policy("expert", p).unwrap()).collect();
        // stop after 18 actions (or at the end)
        for _ in 0..18 {
            let Some(seat) = g.seat_to_act() else { break };
            let legal = g.legal_actions();
            let a = players[usize::from(seat)].choose(&g.observation(usize::from(seat)), &legal);
            g.apply_with_outcome(a).unwrap();
        }
        if g.is_over() {
            continue;
        }
        let me = g.seat_to_act().unwrap();
        let obs = g.observation(usize::from(me));
        truth += u64::from(PassBelief::cheap_passes(&g, me));
        for _ in 0..20 {
            let world = obs.sample(&mut rng);
            sampled += u64::from(PassBelief::cheap_passes(&world, me));
        }
        n += 1;
    }
    assert!(n >= 30, "{n} positions");
    // the truth's cheap passes per position, against the sampled worlds' (20 a position)
    assert!(
        truth * 20 < sampled,
        "truth {truth}, sampled {sampled} (x20) over {n} positions"
    );
}

/// DouZero's rewards as the search's playout values: ±1, ±2^b and ±(b + 1), from the
/// landlord's side, whatever the rules pay.
#[test]
fn search_values_are_douzero_rewards() {
    for seed in 0..30 {
        let mut g = Game::new(GameRules::RLCARD, seed).unwrap();
        let mut players: Vec<_> = (0..3).map(|p| Game::policy("greedy", p).unwrap()).collect();
        play_out(&mut g, &mut players).unwrap();
        let won = g.scores()[0] > 0;
        let sign = if won { 1.0 } else { -1.0 };
        let b = i32::from(g.state().bombs()) + i32::from(g.state().rockets());
        for (objective, v) in [
            (Objective::Wp, 1.0),
            (Objective::Adp, 2f64.powi(b)),
            (Objective::Logadp, f64::from(b) + 1.0),
        ] {
            let mut values = [0.0; 3];
            SearchValue::DouZero(objective).evaluate(&g, &mut values);
            assert_eq!(values, [sign * v, -sign * v, -sign * v], "seed {seed}");
        }
        let mut values = [0.0; 3];
        SearchValue::Returns.evaluate(&g, &mut values);
        let returns = g.scores().map(|r| f64::from(i32::try_from(r).unwrap()));
        assert_eq!(values, returns, "seed {seed}");
    }
}

/// A search playing for DouZero's ADP plays whole legal games, and its choices stay a function
/// of its seed.
#[test]
fn a_search_for_adp_plays_legal_reproducible_games() {
    use doudizhu::cards_core::game::PolicyOptions;
    let run = || {
        let mut g = Game::new(GameRules::RLCARD, 9).unwrap();
        let mut players: Vec<Box<dyn Policy<Game>>> = (0..3)
            .map(|p| {
                let s = doudizhu::SearchPlayer::new(&PolicyOptions::new(p).with_playouts(200))
                    .with_search(|s| s.with_evaluator(SearchValue::DouZero(Objective::Adp)));
                Box::new(s) as Box<dyn Policy<Game>>
            })
            .collect();
        play_out(&mut g, &mut players).unwrap();
        g.history().to_vec()
    };
    let first: Vec<Action> = run();
    assert!(!first.is_empty());
    assert_eq!(first, run());
}
