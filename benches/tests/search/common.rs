//! Helpers shared by the tests: seeded play-outs with one search seat.

use cards_core::game::{Game, Policy, Random};

/// Plays `game` to the end with `search` at `seat` and seeded random players elsewhere,
/// checking that every action the search returns is one of the legal actions it was given.
/// Returns the number of decisions the search made.
pub fn play_with<G: Game, P: Policy<G>>(
    game: &mut G,
    seat: usize,
    search: &mut P,
    seed: u64,
) -> usize {
    let mut others = Random::new(seed);
    let mut legal = Vec::new();
    let mut decisions = 0;
    while let Some(p) = game.current_player() {
        legal.clear();
        game.legal_actions_into(&mut legal);
        let a = {
            let obs = game.observation(p);
            if p == seat {
                decisions += 1;
                let a = search.choose(&obs, &legal);
                assert!(
                    legal.contains(&a),
                    "the search chose {a}, not among {legal:?}"
                );
                a
            } else {
                Policy::<G>::choose(&mut others, &obs, &legal)
            }
        };
        game.apply(a).expect("a legal action applies");
    }
    decisions
}

/// The search's choices over one seeded game (search at `seat`, random players elsewhere).
pub fn choices<G: Game, P: Policy<G>>(
    mut game: G,
    seat: usize,
    search: &mut P,
    seed: u64,
) -> Vec<String> {
    let mut others = Random::new(seed);
    let mut out = Vec::new();
    while let Some(p) = game.current_player() {
        let legal = game.legal_actions();
        let a = {
            let obs = game.observation(p);
            if p == seat {
                let a = search.choose(&obs, &legal);
                out.push(a.to_string());
                a
            } else {
                Policy::<G>::choose(&mut others, &obs, &legal)
            }
        };
        game.apply(a).expect("a legal action applies");
    }
    out
}

/// A seeded Dou Dizhu game past its auction (seat 0 bids 3): the landlord's first lead.
pub fn first_decision(seed: u64) -> doudizhu::Game {
    let mut g = doudizhu::Game::new(doudizhu::GameRules::STANDARD, seed).expect("a seeded deal");
    while g.state().landlord().is_none() {
        let legal = g.legal_actions();
        let bid = legal
            .iter()
            .copied()
            .max_by_key(|a| matches!(a, doudizhu::Action::Bid(3)));
        g.apply(bid.expect("a legal bid")).expect("legal");
    }
    g
}
