//! Dou Dizhu endgames from real games, for the solver's benchmark: seeded whole games under the
//! `rlcard` flow (`standard` plays, the landlord at seat 0), each seat greedy or random, stopped
//! at the first position with at most a given number of cards left in the three hands.

use doudizhu::cards_core::game::Policy;
use doudizhu::solve::Position;
use doudizhu::{Game, GameRules, GreedyPolicy, RandomPolicy, Rules};

/// The rules the endgames are played under.
pub const RULES: Rules = Rules::STANDARD;

/// `count` endgames with at most `cards` cards in all: the games of seeds `seed, seed + 1, ...`,
/// with greedy players at every seat in even games and random players in odd ones (so the set
/// has both shapes), each stopped at its first play position with at most `cards` cards left.
/// A game that ends before is skipped.
///
/// # Panics
///
/// Never: the games are played with their own legal actions.
#[must_use]
pub fn endgames(seed: u64, count: usize, cards: u32) -> Vec<Position> {
    let mut out = Vec::with_capacity(count);
    let mut s = seed;
    let mut legal = Vec::new();
    while out.len() < count {
        let mut game = Game::new(GameRules::RLCARD, s).expect("rlcard deals never fail");
        let mut random = RandomPolicy::new(s ^ 0x5EED);
        let greedy = s.is_multiple_of(2);
        s += 1;
        while !game.is_over() {
            if let Some(p) = Position::from_state(game.state())
                && p.len() <= cards
            {
                out.push(p);
                break;
            }
            legal.clear();
            game.legal_actions_into(&mut legal);
            let seat = game.seat_to_act().expect("not over");
            let a = if greedy {
                Some(GreedyPolicy.choose(&game.observation(usize::from(seat)), &legal))
            } else {
                random.pick(&legal)
            };
            game.apply_with_outcome(a.expect("a legal action"))
                .expect("legal");
        }
    }
    out
}
