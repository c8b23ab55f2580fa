//! Encoders for learning agents: a fixed enumeration of every Daifugo action ([`action_id`],
//! [`action`], [`action_text`]) and an observation of int8 planes ([`encode_planes`]) that
//! reads nothing but what the observation shows its player.
//!
//! # Action ids ([`num_actions`] in all)
//!
//! `0` pass; then every single (52 cards and the lone joker), every group (2-5 cards of a
//! rank, with the joker standing for each missing suit), every sequence (3 or more cards of a
//! suit in a row, the joker standing for any one of them, below the 3 or above the 2), in the
//! order of [`melds`]; then the exchange's gives of one card (53, from [`first_give`]) and of
//! two (1,378). Every legal action of every rules preset has an id, and [`action`] gives it
//! back:
//!
//! ```
//! use daifugo::{Game, Rules, encode};
//! let g = Game::new(Rules::UECDA, 1);
//! for a in g.legal_actions() {
//!     let id = encode::action_id(&a).expect("every legal action has an id");
//!     assert!(id < encode::num_actions());
//!     assert_eq!(encode::action(id), Some(a));
//! }
//! assert_eq!(encode::action_text(0).as_deref(), Some("pass"));
//! ```
//!
//! # The planes ([`encode_planes`], [`PLANES`]: 7 x 53 int8)
//!
//! Columns are cards, `4 * rank + suit` for rank 3 = 0 ... 2 = 12 and suit ♠ ♥ ♦ ♣ = 0..3,
//! then the joker at 52; players are counted from the observer, 0 itself, 1 the next in seat
//! order:
//!
//! | plane | what |
//! |---|---|
//! | 0 | the observer's hand |
//! | 1 | the meld on the table, as played (the joker at 52) |
//! | 2 | the meld on the table's faces (the card the joker stands for instead) |
//! | 3 | every card played so far |
//! | 4 | the cards the observer gave in the exchange |
//! | 5 | the cards it received |
//! | 6 | scalars: see [`PLANE_SCALARS`] |

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::{Action, Card, CardSet, Kind, Meld, Observation, Rules, StandIn, Suit};

pub mod uecda;

/// `x` as a plane's byte (saturating: every value the encoder writes is far below 127).
#[inline]
fn byte<T: TryInto<i8>>(x: T) -> i8 {
    x.try_into().unwrap_or(i8::MAX)
}

/// Plane 6's columns (the rest are 0).
pub const PLANE_SCALARS: [&str; 32] = [
    "cards held: player +0",
    "+1",
    "+2",
    "+3",
    "+4",
    "class before the game (0 大富豪 ... 4 大貧民; -1 none): +0",
    "+1",
    "+2",
    "+3",
    "+4",
    "place (0 still playing): +0",
    "+1",
    "+2",
    "+3",
    "+4",
    "passed in this trick: +0",
    "+1",
    "+2",
    "+3",
    "+4",
    "revolution",
    "11-back",
    "lock",
    "in the exchange",
    "the table's kind (-1 clear, 0 single, 1 group, 2 sequence)",
    "the table's card count",
    "6-reverse turned the direction",
    "who played last, relative (-1 none)",
    "who leads if all pass, relative",
    "the endless-passing counter",
    "the observer's seat",
    "the player to act, relative (-1 none)",
];

/// The planes' shape: 7 planes of 53 cards.
pub const PLANES: (usize, usize) = (7, 53);

/// The rules every meld of the enumeration is a meld under (joker, sequences, stand-ins beyond
/// the ends).
fn widest() -> Rules {
    let mut r = Rules::UECDA;
    r.joker = true;
    r.sequences = true;
    r.joker_beyond_ends = true;
    r
}

fn card(rank: i32, suit: u8) -> Option<Card> {
    u8::try_from(rank)
        .ok()
        .filter(|&r| r < 13)
        .and_then(|r| Card::from_index(4 * r + suit))
}

struct Table {
    melds: Vec<Meld>,
    ids: HashMap<Meld, u32>,
}

/// The first give id (a give of one card; the gives of two follow its 53).
///
/// ```
/// assert_eq!(daifugo::encode::first_give() + 53 + 1378, daifugo::encode::num_actions());
/// ```
#[must_use]
pub fn first_give() -> u32 {
    1 + table().melds.len() as u32
}

/// The number of ids.
///
/// ```
/// assert_eq!(daifugo::encode::num_actions(), 4037);
/// ```
#[must_use]
pub fn num_actions() -> u32 {
    first_give() + 53 + 53 * 52 / 2
}

/// Every meld of the enumeration, in id order (meld `k` has id `k + 1`).
///
/// ```
/// let melds = daifugo::encode::melds();
/// assert_eq!(melds.len() as u32 + 1, daifugo::encode::first_give());
/// ```
#[must_use]
pub fn melds() -> &'static [Meld] {
    &table().melds
}

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let r = widest();
        let mut melds = Vec::new();
        let mut push = |cards: CardSet, stand: Option<StandIn>| {
            if let Ok(m) = Meld::new(cards, stand, &r) {
                melds.push(m);
            }
        };
        let jk = CardSet::EMPTY.with(Card::BLACK_JOKER);
        // singles: each card, then the lone joker
        for c in 0..52u8 {
            if let Some(c) = Card::from_index(c) {
                push(CardSet::EMPTY.with(c), None);
            }
        }
        push(jk, None);
        // groups: each rank, each set of suits (2+ cards), the joker standing for each
        // missing suit (or for none: the five-card group)
        for rank in 0..13 {
            for suits in 1u8..16 {
                let mut set = CardSet::EMPTY;
                for s in 0..4 {
                    if suits & (1 << s) != 0 {
                        set = set.with(card(rank, s).unwrap_or(Card::BLACK_JOKER));
                    }
                }
                if suits.count_ones() >= 2 {
                    push(set, None);
                }
                if suits == 15 {
                    push(set | jk, None);
                }
                for s in 0..4 {
                    if suits & (1 << s) == 0 {
                        push(set | jk, card(rank, s).map(StandIn::Card));
                    }
                }
            }
        }
        // sequences: each suit, each run of positions -1 (below the 3) to 13 (above the 2),
        // plain or with the joker standing for one position
        for s in 0..4u8 {
            let suit = Suit::from_index(s).unwrap_or(Suit::Spades);
            for lo in -1..=13i32 {
                for hi in lo + 2..=13 {
                    let run = |skip: i32| {
                        (lo..=hi)
                            .filter(|&p| p != skip)
                            .filter_map(|p| card(p, s))
                            .fold(CardSet::EMPTY, CardSet::with)
                    };
                    if lo >= 0 && hi <= 12 {
                        push(run(i32::MIN), None);
                    }
                    for j in lo..=hi {
                        if (lo == -1 && j != -1) || (hi == 13 && j != 13) {
                            continue;
                        }
                        let stand = match j {
                            -1 => StandIn::Below3(suit),
                            13 => StandIn::Above2(suit),
                            _ => match card(j, s) {
                                Some(c) => StandIn::Card(c),
                                None => continue,
                            },
                        };
                        push(run(j) | jk, Some(stand));
                    }
                }
            }
        }
        melds.sort();
        melds.dedup();
        let ids = melds
            .iter()
            .enumerate()
            .map(|(i, m)| (*m, i as u32 + 1))
            .collect();
        Table { melds, ids }
    })
}

/// The index of the pair `a < b` among the 1,378 pairs of 53 cards.
const fn pair_index(a: u32, b: u32) -> u32 {
    a * (2 * 53 - a - 1) / 2 + (b - a - 1)
}

fn card_of(bit: u32) -> Option<Card> {
    if bit == 52 {
        Some(Card::BLACK_JOKER)
    } else {
        Card::from_index(u8::try_from(bit).ok()?)
    }
}

fn set_row(bits: u64, row: &mut [i8]) {
    let mut b = bits & ((1 << 53) - 1);
    while b != 0 {
        row[b.trailing_zeros() as usize] = 1;
        b &= b - 1;
    }
}

/// The id of `action` (`None` for [`Action::Invalid`] and a give of more than two cards, which
/// no rules have).
///
/// ```
/// use daifugo::{Action, encode};
/// assert_eq!(encode::action_id(&Action::Pass), Some(0));
/// assert_eq!(encode::action_id(&Action::Invalid), None);
/// ```
#[allow(clippy::inline_always)] // into the environments' refresh (cards-env): benches/README.md
#[inline(always)]
#[must_use]
pub fn action_id(action: &Action) -> Option<u32> {
    match action {
        Action::Pass => Some(0),
        Action::Play(m) => table().ids.get(m).copied(),
        Action::Give(cards) => {
            let b = cards.bits();
            if b >> 53 != 0 {
                return None;
            }
            match b.count_ones() {
                1 => Some(first_give() + b.trailing_zeros()),
                2 => {
                    let lo = b.trailing_zeros();
                    let hi = b.ilog2();
                    Some(first_give() + 53 + pair_index(lo, hi))
                }
                _ => None,
            }
        }
        Action::Invalid => None,
    }
}

/// The action of id `id` (`None` out of range): [`action_id`]'s inverse.
///
/// ```
/// use daifugo::{Action, encode};
/// let give = encode::action(encode::first_give()).unwrap();
/// assert!(matches!(give, Action::Give(c) if c.len() == 1));
/// assert_eq!(encode::action_id(&give), Some(encode::first_give()));
/// assert_eq!(encode::action(encode::num_actions()), None);
/// ```
#[must_use]
pub fn action(id: u32) -> Option<Action> {
    let g = first_give();
    if id == 0 {
        return Some(Action::Pass);
    }
    if id < g {
        return table().melds.get(id as usize - 1).map(|&m| Action::Play(m));
    }
    let k = id - g;
    let set = if k < 53 {
        CardSet::EMPTY.with(card_of(k)?)
    } else {
        let mut k = k - 53;
        if k >= 53 * 52 / 2 {
            return None;
        }
        let mut a = 0;
        while k >= 52 - a {
            k -= 52 - a;
            a += 1;
        }
        CardSet::EMPTY.with(card_of(a)?).with(card_of(a + 1 + k)?)
    };
    Some(Action::Give(set))
}

/// The text of action `id` (`pass`, a meld, a give; `None` out of range).
///
/// ```
/// assert_eq!(daifugo::encode::action_text(0).as_deref(), Some("pass"));
/// assert!(daifugo::encode::action_text(daifugo::encode::num_actions()).is_none());
/// ```
#[must_use]
pub fn action_text(id: u32) -> Option<String> {
    Some(match action(id)? {
        Action::Pass => "pass".into(),
        Action::Play(m) => format!("{m:#}"),
        a => format!("{a:#}"),
    })
}

/// Writes the observer's planes (the module's table) into `out`, every byte.
///
/// ```
/// use daifugo::{Game, Rules, encode};
/// let g = Game::new(Rules::UECDA, 1);
/// let mut planes = [0i8; 7 * 53];
/// encode::encode_planes(&g.observation(0), &mut planes);
/// let held = planes[..53].iter().filter(|&&x| x == 1).count();
/// assert_eq!(held as i8, planes[6 * 53]); // the hand, and its count among the scalars
/// ```
pub fn encode_planes(obs: &Observation<'_>, out: &mut [i8; PLANES.0 * PLANES.1]) {
    out.fill(0);
    let me = usize::from(obs.player);
    let rel = |p: u8| (usize::from(p) + 5 - me) % 5;
    let (rows, sc) = out.split_at_mut(6 * 53);
    let row = |k: usize| k * 53..(k + 1) * 53;
    set_row(obs.hand.bits(), &mut rows[row(0)]);
    if let Some(m) = obs.state.table {
        set_row(m.cards().bits(), &mut rows[row(1)]);
        set_row(m.faces().bits(), &mut rows[row(2)]);
    }
    let mut played = 0u64;
    for step in obs.history {
        if let (true, Action::Play(m)) = (step.accepted, step.action) {
            played |= m.cards().bits();
        }
    }
    set_row(played, &mut rows[row(3)]);
    set_row(obs.given.bits(), &mut rows[row(4)]);
    set_row(obs.received.bits(), &mut rows[row(5)]);
    for p in 0..5u8 {
        let r = rel(p);
        let i = usize::from(p);
        sc[r] = byte(obs.counts[i]);
        sc[5 + r] = obs.classes.map_or(-1, |c| byte(c[i].index()));
        sc[10 + r] = byte(obs.places[i]);
        sc[15 + r] = i8::from(obs.passed & (1 << p) != 0);
    }
    sc[20] = i8::from(obs.state.revolution);
    sc[21] = i8::from(obs.state.eleven_back);
    sc[22] = i8::from(obs.state.locked);
    sc[23] = i8::from(obs.exchanging);
    sc[24] = obs.state.table.map_or(-1, |m| match m.kind() {
        Kind::Single => 0,
        Kind::Group => 1,
        Kind::Sequence => 2,
    });
    sc[25] = obs.state.table.map_or(0, |m| byte(m.len()));
    sc[26] = i8::from(obs.direction_reversed);
    sc[27] = obs.last_player.map_or(-1, |p| byte(rel(p)));
    sc[28] = byte(rel(obs.leader));
    sc[29] = byte(obs.pass_count);
    sc[30] = obs
        .seats
        .iter()
        .position(|&p| usize::from(p) == me)
        .map_or(-1, byte);
    sc[31] = obs.turn.map_or(-1, |p| byte(rel(p)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Class, Game};
    use cards_core::Rng;
    use cards_core::game::InfoSet as _;

    #[test]
    fn every_id_round_trips() {
        for id in 0..num_actions() {
            let a = action(id).unwrap_or_else(|| panic!("id {id} has no action"));
            assert_eq!(action_id(&a), Some(id), "{a:?}");
            assert!(action_text(id).is_some());
        }
        assert_eq!(action(num_actions()), None);
        assert_eq!(action_id(&Action::Invalid), None);
    }

    /// Random games (with the exchange when the rules have it): every legal action has a
    /// distinct id that gives it back, and no player's planes change when the hidden cards are
    /// dealt anew. Returns the steps.
    fn check_games(rules: Rules, games: u64) -> u64 {
        let mut rng = Rng::seed_from_u64(3);
        let (mut a, mut b) = ([0i8; 371], [0i8; 371]);
        let mut steps = 0;
        for seed in 0..games {
            let mut g = if seed % 2 == 0 {
                Game::new(rules, seed)
            } else {
                let mut classes = Class::ALL;
                rng.shuffle(&mut classes);
                Game::deal_from(rules, seed, [0, 1, 2, 3, 4], Some(classes))
            };
            while !g.is_over() {
                for p in 0..5 {
                    let obs = g.observation(p);
                    let world: Game = obs.sample(&mut rng);
                    encode_planes(&obs, &mut a);
                    encode_planes(&world.observation(p), &mut b);
                    assert_eq!(a, b, "seed {seed}, player {p}");
                }
                let legal = g.legal_actions();
                let mut ids: Vec<u32> = legal
                    .iter()
                    .map(|x| action_id(x).unwrap_or_else(|| panic!("{x:?} has no id")))
                    .collect();
                for (x, &id) in legal.iter().zip(&ids) {
                    assert_eq!(action(id), Some(*x));
                }
                ids.sort_unstable();
                ids.dedup();
                assert_eq!(ids.len(), legal.len(), "two legal actions share an id");
                let pick = legal[rng.below(legal.len() as u64) as usize];
                g.apply_with_outcome(pick).unwrap();
                steps += 1;
            }
        }
        steps
    }

    #[test]
    fn every_legal_action_has_an_id_and_the_planes_hide_the_other_hands() {
        let mut all = Rules::UECDA;
        all.joker_beyond_ends = true;
        for rules in [Rules::UECDA, Rules::TUTORIAL, all] {
            assert!(check_games(rules, 12) > 300, "{rules:?}");
        }
    }
}
