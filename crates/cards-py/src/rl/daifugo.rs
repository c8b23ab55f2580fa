//! Daifugo in the environments: a fixed enumeration of every meld of the 53-card deck (the
//! joker's stand-ins included), the exchange's gives and pass, and an observation of 7 planes
//! of 53 cards.
//!
//! Ids: `0` pass; then every single (52 cards and the lone joker), every group (2-5 cards of a
//! rank, with the joker standing for each missing suit), every sequence (3 or more cards of a
//! suit in a row, the joker standing for any one of them, below the 3 or above the 2), in the
//! order [`melds`] lists them; then the gives of one card (53) and of two (1,378).
//!
//! Planes (int8; columns are cards, `4 * rank + suit` for rank 3 = 0 ... 2 = 12 and suit
//! ♠ ♥ ♦ ♣ = 0..3, then the joker at 52; players are counted from the observer, 0 itself, 1 the
//! next in seat order):
//!
//! | plane | what |
//! |---|---|
//! | 0 | the observer's hand |
//! | 1 | the meld on the table, as played (the joker at 52) |
//! | 2 | the meld on the table's faces (the card the joker stands for instead) |
//! | 3 | every card played so far |
//! | 4 | the cards the observer gave in the exchange |
//! | 5 | the cards it received |
//! | 6 | scalars: see [`SCALARS`] |

use std::collections::HashMap;
use std::sync::OnceLock;

use cards_core::{Card, CardSet, Suit};
use daifugo::{Action, Class, Game, Kind, Meld, Rules, StandIn};

use super::{RlGame, byte, planes_only};

/// Plane 6's columns (the rest are 0).
pub const SCALARS: [&str; 32] = [
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

/// The planes and width.
pub const SHAPE: (usize, usize) = (7, 53);

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

/// The first give id (one card).
fn give1() -> u32 {
    1 + table().melds.len() as u32
}

/// The number of ids.
fn size() -> u32 {
    give1() + 53 + 53 * 52 / 2
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

impl RlGame for Game {
    type Rules = Rules;
    const NAME: &'static str = "daifugo";

    fn parse_rules(text: Option<&str>, obs: Option<&str>) -> Result<Rules, String> {
        planes_only(Self::NAME, obs)?;
        text.unwrap_or("uecda")
            .parse()
            .map_err(|e: daifugo::RulesError| e.to_string())
    }

    /// With the exchange in the rules, three episodes in four are games after a first one:
    /// the classes are a random permutation (drawn from the seed), so the exchange is played;
    /// the fourth is a reset game (no classes, no exchange). Seats are in player order.
    fn deal(rules: &Rules, seed: u64) -> Game {
        if !rules.exchange || seed.is_multiple_of(4) {
            return Game::new(*rules, seed);
        }
        let mut classes = Class::ALL;
        cards_core::Rng::seed_from_u64(seed ^ 0x0C1A_55E5).shuffle(&mut classes);
        Game::deal_from(*rules, seed, [0, 1, 2, 3, 4], Some(classes))
    }

    fn num_actions(_: &Rules) -> u32 {
        size()
    }

    fn obs_shape(_: &Rules) -> (usize, usize) {
        SHAPE
    }

    #[inline]
    fn action_id(_: &Rules, action: &Action) -> Option<u32> {
        match action {
            Action::Pass => Some(0),
            Action::Play(m) => table().ids.get(m).copied(),
            Action::Give(cards) => {
                let b = cards.bits();
                if b >> 53 != 0 {
                    return None;
                }
                match b.count_ones() {
                    1 => Some(give1() + b.trailing_zeros()),
                    2 => {
                        let lo = b.trailing_zeros();
                        let hi = b.ilog2();
                        Some(give1() + 53 + pair_index(lo, hi))
                    }
                    _ => None,
                }
            }
            Action::Invalid => None,
        }
    }

    fn action_text(_: &Rules, id: u32) -> Option<String> {
        let g = give1();
        if id == 0 {
            return Some("pass".into());
        }
        if id < g {
            return table().melds.get(id as usize - 1).map(|m| format!("{m:#}"));
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
        Some(format!("{:#}", Action::Give(set)))
    }

    fn encode(_: &Rules, obs: &daifugo::Observation<'_>, out: &mut [i8]) {
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

    fn role(&self, player: usize) -> i8 {
        self.classes()
            .map_or(-1, |c| c.get(player).map_or(-1, |c| byte(c.index())))
    }
}
