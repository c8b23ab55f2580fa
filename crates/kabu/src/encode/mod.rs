//! Encoders for learning agents: Kabu's bounded action ids ([`action_id`], [`action`],
//! [`action_text`]) and an observation of 6 rows of 7 int8 ([`encode_planes`]) that reads
//! nothing but what the observation shows its player.
//!
//! # Action ids ([`num_actions`] in all)
//!
//! `0` draw, `1` stand (for the seat to act: a field of player 0, or the dealer for player
//! 1), then the stakes: `1 + a·(n+1)³ + b·(n+1)² + c·(n+1) + d` for units `a b c d` on
//! 場1..場4 (not all 0), `n` the rules' `max_stake` (1 by default: 17 ids).
//!
//! ```
//! use kabu::cards_core::game::Game;
//! use kabu::{Round, Rules, encode};
//! let rules = Rules::default();
//! let r = Round::new(rules, 1);
//! for d in Game::legal_actions(&r) {
//!     let id = encode::action_id(&rules, &d).expect("every legal decision has an id");
//!     assert_eq!(encode::action(&rules, id, kabu::Seat::Dealer), Some(d)); // stakes: any seat
//! }
//! assert_eq!(encode::num_actions(&Rules::default()), 17);
//! ```
//!
//! # The rows ([`encode_planes`], [`PLANES`]: 6 x 7 int8)
//!
//! Rows 0-3 are 場1..場4, row 4 the dealer, columns:
//!
//! | column | what |
//! |---|---|
//! | 0 | the first card's number (1-10; face up) |
//! | 1 | the second card's number when the observer sees it (its own hands), else 0 |
//! | 2 | the third card's number once drawn, else 0 |
//! | 3 | the stake (fields; 0 for the dealer) |
//! | 4 | the decision: -1 not yet, 0 stood, 1 drew |
//! | 5 | 1 when the hand is the observer's own |
//! | 6 | 1 when the seat is to act |
//!
//! Row 5: the observer (0 player, 1 dealer), the phase (0 bets, 1 draws, 2 over), the player
//! to act (-1 none), the rules' `max_stake`, then 0.

use crate::{Action, Decision, Phase, RoundView, Rules, Seat, number};

/// The rows' shape: 6 rows of 7.
pub const PLANES: (usize, usize) = (6, 7);

/// `x` as a byte (saturating: every value the encoder writes is far below 127).
#[inline]
fn byte<T: TryInto<i8>>(x: T) -> i8 {
    x.try_into().unwrap_or(i8::MAX)
}

/// The stake digits' base: `max_stake + 1` (`max_stake` clamped to 1..=9).
fn base(rules: Rules) -> u32 {
    u32::from(rules.max_stake.clamp(1, 9)) + 1
}

/// The number of ids under `rules`.
///
/// ```
/// let mut r = kabu::Rules::default();
/// r.max_stake = 3;
/// assert_eq!(kabu::encode::num_actions(&r), 1 + 4 * 4 * 4 * 4);
/// ```
#[must_use]
pub fn num_actions(rules: &Rules) -> u32 {
    1 + base(*rules).pow(4)
}

/// The id of `action` under `rules` (`None`: a stake above the rules' `max_stake`, clamped to
/// 1..=9 here, or no stake at all).
///
/// ```
/// use kabu::{Decision, Rules, encode};
/// let r = Rules::default();
/// assert_eq!(encode::action_id(&r, &Decision::Stake([1, 0, 0, 1])), Some(1 + 8 + 1));
/// assert_eq!(encode::action_id(&r, &Decision::Stake([0, 0, 0, 0])), None);
/// ```
#[must_use]
pub fn action_id(rules: &Rules, action: &Decision) -> Option<u32> {
    match action {
        Decision::Act(a) => Some(u32::from(!a.draw)),
        Decision::Stake(u) => {
            let b = base(*rules);
            if u.iter().any(|&x| u32::from(x) >= b) || u.iter().all(|&x| x == 0) {
                return None;
            }
            Some(1 + u.iter().fold(0, |acc, &x| acc * b + u32::from(x)))
        }
    }
}

/// The decision of id `id` under `rules` (`None` out of range): [`action_id`]'s inverse. A
/// draw or stand is the seat's to act, `to_act` (stakes are player 0's, whatever `to_act`).
///
/// ```
/// use kabu::{Action, Decision, Rules, Seat, encode};
/// let r = Rules::default();
/// assert_eq!(encode::action(&r, 2, Seat::Dealer), Some(Decision::Stake([0, 0, 0, 1])));
/// assert_eq!(encode::action(&r, 0, Seat::Dealer), Some(Decision::Act(Action::draw(Seat::Dealer))));
/// assert_eq!(encode::action(&r, encode::num_actions(&r), Seat::Dealer), None);
/// ```
#[must_use]
pub fn action(rules: &Rules, id: u32, to_act: Seat) -> Option<Decision> {
    match id {
        0 | 1 => Some(Decision::Act(Action {
            seat: to_act,
            draw: id == 0,
        })),
        _ if id < num_actions(rules) => {
            let b = base(*rules);
            let mut k = id - 1;
            let mut u = [0u8; 4];
            for x in u.iter_mut().rev() {
                *x = (k % b) as u8;
                k /= b;
            }
            Some(Decision::Stake(u))
        }
        _ => None,
    }
}

/// The text of action `id` (`draw`, `stand`, `stake a b c d`; `None` out of range).
///
/// ```
/// let r = kabu::Rules::default();
/// assert_eq!(kabu::encode::action_text(&r, 16).as_deref(), Some("stake 1 1 1 1"));
/// ```
#[must_use]
pub fn action_text(rules: &Rules, id: u32) -> Option<String> {
    match id {
        0 => Some("draw".into()),
        1 => Some("stand".into()),
        _ => action(rules, id, Seat::Dealer).map(|d| d.to_string()),
    }
}

/// Writes the observer's rows (the module's table) into `out`, every byte.
///
/// ```
/// use kabu::cards_core::game::Game;
/// use kabu::{Round, Rules, encode};
/// let r = Round::new(Rules::default(), 5);
/// let mut rows = [0i8; 6 * 7];
/// encode::encode_planes(&Game::observation(&r, 1), &mut rows); // the dealer's view
/// assert_eq!(rows[35], 1); // the observer: the dealer
/// assert!((0..4).all(|f| rows[7 * f + 1] == 0)); // the fields' second cards are hidden
/// ```
pub fn encode_planes(obs: &RoundView<'_>, out: &mut [i8; PLANES.0 * PLANES.1]) {
    out.fill(0);
    let deal = obs.deal();
    let decisions = obs.decisions();
    let stakes = obs.stakes();
    let turn_seat = obs.turn().and_then(|_| {
        Seat::ALL
            .into_iter()
            .find(|&s| obs.phase() == Phase::Draws && decisions[s.index()].is_none())
    });
    let num = |c: Option<crate::Card>| c.and_then(number).map_or(0, byte);
    let mut drawn = 0;
    for s in Seat::ALL {
        let i = s.index();
        let row = &mut out[i * 7..(i + 1) * 7];
        row[0] = num(deal[i]);
        row[1] = num(deal[5 + i]);
        if decisions[i] == Some(true) {
            row[2] = num(deal[10 + drawn]);
            drawn += 1;
        }
        row[3] = if i < 4 { byte(stakes[i]) } else { 0 };
        row[4] = decisions[i].map_or(-1, i8::from);
        row[5] = i8::from(obs.owns(s));
        row[6] = i8::from(turn_seat == Some(s));
    }
    let g = &mut out[35..42];
    g[0] = byte(obs.player());
    g[1] = match obs.phase() {
        Phase::Bets => 0,
        Phase::Draws => 1,
        Phase::Over => 2,
    };
    g[2] = obs.turn().map_or(-1, byte);
    g[3] = byte(obs.rules().max_stake);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Round;
    use cards_core::Rng;
    use cards_core::game::{Game, InfoSet as _};

    fn rules(max_stake: u8) -> Rules {
        Rules {
            max_stake,
            ..Rules::default()
        }
    }

    #[test]
    fn every_id_round_trips() {
        for n in [1, 3, 9] {
            let r = rules(n);
            for id in 0..num_actions(&r) {
                let d = action(&r, id, Seat::Field3).unwrap_or_else(|| panic!("id {id}"));
                assert_eq!(action_id(&r, &d), Some(id));
                let text = action_text(&r, id).unwrap();
                assert_eq!(
                    text,
                    ["draw", "stand"]
                        .get(id as usize)
                        .map_or(d.to_string(), |t| (*t).to_string())
                );
            }
            assert_eq!(action(&r, num_actions(&r), Seat::Dealer), None);
        }
    }

    #[test]
    fn every_legal_decision_has_an_id_and_the_rows_hide_the_second_cards() {
        let mut rng = Rng::seed_from_u64(9);
        let (mut a, mut b) = ([0i8; 42], [0i8; 42]);
        let mut steps = 0;
        for (seed, n) in (0..400u64).zip([1u8, 2, 3].into_iter().cycle()) {
            let r = rules(n);
            let mut round = Round::new(r, seed);
            while !Game::is_over(&round) {
                for p in 0..2 {
                    let obs = Game::observation(&round, p);
                    let world: Round = obs.sample(&mut rng);
                    encode_planes(&obs, &mut a);
                    encode_planes(&Game::observation(&world, p), &mut b);
                    assert_eq!(a, b, "seed {seed}, player {p}");
                }
                let legal = Game::legal_actions(&round);
                let mut ids = Vec::new();
                for d in &legal {
                    let id = action_id(&r, d).unwrap_or_else(|| panic!("{d} has no id"));
                    let seat = match d {
                        Decision::Act(x) => x.seat,
                        Decision::Stake(_) => Seat::Dealer,
                    };
                    assert_eq!(action(&r, id, seat), Some(*d));
                    ids.push(id);
                }
                ids.sort_unstable();
                ids.dedup();
                assert_eq!(ids.len(), legal.len());
                let pick = legal[rng.below(legal.len() as u64) as usize];
                Game::apply(&mut round, pick).unwrap();
                steps += 1;
            }
        }
        assert!(steps > 1000);
    }
}
