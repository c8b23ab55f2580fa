//! `expert` as it played before its endgame solver, frozen here for measurement
//! only: the same code over the crate's public API, its plays' cache a `HashMap`. The
//! auction is not played (the `rlcard` and `douzero` presets have none): it passes.

#![allow(clippy::trivially_copy_pass_by_ref)] // the crate's own allowance, as in its lib.rs

use std::collections::HashMap;

use doudizhu::cards_core::game::Policy;
use doudizhu::{Action, Counts, Game, Kind, Move, Observation, Phase, Rank, Rules, follow_into};

/// The old expert.
#[derive(Default)]
pub struct OldExpert {
    fewest: HashMap<Counts, u32>,
    scratch: Vec<Move>,
}

/// What one more play the hand needs costs, in score points.
const PLAY: i32 = 100;
/// What spending a 2 or a joker costs while the hand still needs more plays.
const CONTROL: i32 = 25;
/// What spending a bomb or the rocket costs while the hand needs more than two plays.
const BOMB: i32 = 160;

impl OldExpert {
    fn plays(&mut self, hand: Counts, rules: &Rules) -> i32 {
        (*self
            .fewest
            .entry(hand)
            .or_insert_with(|| doudizhu::knowledge::hand_plays(hand, rules)))
        .cast_signed()
    }

    /// The score of the hand left after `m` (higher is better), and that rest's plays.
    fn score(&mut self, hand: Counts, m: Move, rules: &Rules) -> (i32, i32) {
        let rest = Counts::from_bits(hand.bits() - m.cards().bits()).unwrap_or(Counts::EMPTY);
        let plays = self.plays(rest, rules);
        let mut s = -PLAY * plays;
        if plays > 1 {
            let high = m.cards().count(Rank::Two)
                + m.cards().count(Rank::BlackJoker)
                + m.cards().count(Rank::RedJoker);
            s -= CONTROL * high.cast_signed();
        }
        if m.kind().is_bomb() && plays > 2 {
            s -= BOMB;
        }
        (s, plays)
    }

    /// Whether no opponent can beat `m`: no play of the unseen cards (`others`) beats it with
    /// at most `most` cards (the largest opponent hand).
    fn safe(&mut self, m: Move, others: Counts, most: u32, rules: &Rules) -> bool {
        self.scratch.clear();
        follow_into(others, &m, rules, &mut self.scratch);
        !self.scratch.iter().any(|b| b.len() <= most)
    }

    fn lead(&mut self, obs: &Observation<'_>, plays: &[Move], rules: &Rules) -> Move {
        let hand = obs.hand();
        let me = obs.seat();
        let left = obs.cards_left();
        let landlord = obs.landlord();
        let enemy = |s: u8| match landlord {
            Some(l) => (l == me) != (l == s),
            None => true,
        };
        let next = (me + 1) % 3;
        let enemy_min = (0..3u8)
            .filter(|&s| s != me && enemy(s))
            .map(|s| left[usize::from(s)])
            .min()
            .unwrap_or(u32::MAX);
        // Feed a partner who plays next and holds one card.
        if !enemy(next)
            && left[usize::from(next)] == 1
            && let Some(m) = plays
                .iter()
                .filter(|m| m.kind() == Kind::Solo)
                .min_by_key(|m| m.main())
        {
            return *m;
        }
        let others = obs.others();
        let most = most_enemy_cards(obs);
        let mut best = (i32::MIN, plays[0]);
        for &m in plays {
            let (mut s, rest) = self.score(hand, m, rules);
            // Close to going out, a play nobody can beat keeps the lead for the rest.
            if rest <= 2 && self.safe(m, others, most, rules) {
                s += PLAY;
            }
            s -= i32::from(m.main().index()) / 2;
            s += 3 * m.len().cast_signed();
            match m.kind() {
                Kind::Solo if enemy_min == 1 => s -= 300 - 10 * i32::from(m.main().index()),
                Kind::Pair if enemy_min == 2 => s -= 150,
                _ => {}
            }
            if s > best.0 {
                best = (s, m);
            }
        }
        best.1
    }

    fn follow(
        &mut self,
        obs: &Observation<'_>,
        table: Move,
        by: u8,
        plays: &[Move],
        rules: &Rules,
    ) -> Option<Move> {
        let hand = obs.hand();
        let me = obs.seat();
        let left = obs.cards_left()[usize::from(by)];
        let partner = obs.landlord().is_some_and(|l| l != me && l != by);
        let now = self.plays(hand, rules);
        let pass = -PLAY * now;
        if partner {
            if left <= 2 || table.main() >= Rank::Ace {
                return None;
            }
            let mut best: Option<(i32, Move)> = None;
            for &m in plays {
                if m.kind().is_bomb() {
                    continue;
                }
                let (s, _) = self.score(hand, m, rules);
                let fits = s >= pass + PLAY && m.main() < Rank::Ace;
                if fits && best.is_none_or(|(b, _)| s > b) {
                    best = Some((s, m));
                }
            }
            return best.map(|(_, m)| m);
        }
        // How much worse than passing a play may leave the hand, to stop this opponent.
        let tolerance = match left {
            0..=2 => i32::MAX / 2,
            3..=5 => PLAY + CONTROL,
            6..=10 => PLAY,
            _ => CONTROL,
        };
        let others = obs.others();
        let most = most_enemy_cards(obs);
        let mut best: Option<(i32, Move)> = None;
        for &m in plays {
            let (mut s, rest) = self.score(hand, m, rules);
            s -= i32::from(m.main().index());
            if rest <= 2 && self.safe(m, others, most, rules) {
                s += PLAY;
            }
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, m));
            }
        }
        best.filter(|&(s, _)| s.saturating_add(tolerance) >= pass)
            .map(|(_, m)| m)
    }
}

/// The most cards an opponent of the observing seat holds (both other seats before the
/// landlord is known).
fn most_enemy_cards(obs: &Observation<'_>) -> u32 {
    let me = obs.seat();
    let left = obs.cards_left();
    (0..3u8)
        .filter(|&s| s != me && obs.landlord().is_none_or(|l| (l == me) != (l == s)))
        .map(|s| left[usize::from(s)])
        .max()
        .unwrap_or(0)
}

impl OldExpert {
    /// The expert's choice among `legal` (`None` only for an empty list).
    fn decide(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Option<Action> {
        let rules = obs.rules().plays;
        let hand = obs.hand();
        if obs.phase() == Phase::Auction {
            return Some(Action::Pass);
        }
        let mut plays: Vec<Move> = Vec::with_capacity(legal.len());
        plays.extend(legal.iter().filter_map(|a| match a {
            Action::Play(m) => Some(*m),
            _ => None,
        }));
        if plays.is_empty() {
            return legal.first().copied();
        }
        if let Some(m) = plays.iter().find(|m| m.cards() == hand) {
            return Some(Action::Play(*m));
        }
        let chosen = match obs.table() {
            None => Some(self.lead(obs, &plays, &rules)),
            Some((table, by)) => self.follow(obs, table, by, &plays, &rules),
        };
        Some(chosen.map_or(Action::Pass, Action::Play))
    }
}

impl Policy<Game> for OldExpert {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        self.decide(obs, legal).unwrap_or(legal[0])
    }
}
