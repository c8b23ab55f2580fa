//! `expert` against a port of `RLCard` 1.2's rule agent (the `rule_agent` example's), by
//! `DouZero`'s protocol on the `rlcard` preset: each deal played once with `expert` as the
//! landlord and once as both peasants. The endgame solver lifts `expert` above a bound that
//! `expert` before it (the example's frozen copy) stays below on the same deals.

#[path = "../../examples/rule_agent/old_expert.rs"]
mod old_expert;
#[path = "../../examples/rule_agent/rlcard_rule.rs"]
mod rlcard_rule;

use doudizhu::cards_core::game::{Policy, play_out};
use doudizhu::knowledge::ExpertPolicy;
use doudizhu::{Game, GameRules};

/// The games `make`'s player wins of `2 * deals` against the rule agent, deals from `seed`.
fn wins(make: &dyn Fn() -> Box<dyn Policy<Game>>, deals: u64, seed: u64) -> u64 {
    let mut won = 0;
    for s in seed..seed + deals {
        for ours_landlord in [true, false] {
            let mut g = Game::new(GameRules::RLCARD, s).unwrap();
            let mut players: Vec<Box<dyn Policy<Game>>> = (0..3u64)
                .map(|seat| {
                    if (seat == 0) == ours_landlord {
                        make()
                    } else {
                        Box::new(rlcard_rule::RlcardRule::new(
                            (s * 2 + u64::from(ours_landlord)) * 3 + seat,
                        )) as Box<dyn Policy<Game>>
                    }
                })
                .collect();
            play_out(&mut g, &mut players).unwrap();
            // RLCARD: seat 0 is the landlord
            won += u64::from((g.scores()[0] > 0) == ours_landlord);
        }
    }
    won
}

/// Over 150 deals (300 games) `expert` wins more than 0.80 of its games (about 0.83 over
/// 20,000 games), `expert` before the endgame solver fewer (about 0.77).
#[test]
fn expert_beats_the_rule_agent_by_more_than_the_old_expert() {
    let (deals, seed) = (150, 500_000);
    let new = wins(&|| Box::new(ExpertPolicy::new()), deals, seed);
    let old = wins(&|| Box::new(old_expert::OldExpert::default()), deals, seed);
    let bound = 2 * deals * 80 / 100;
    assert!(new > bound, "expert won {new} of {} games", 2 * deals);
    assert!(old < bound, "old expert won {old} of {} games", 2 * deals);
}
