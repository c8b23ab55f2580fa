//! OpenSpiel's `dou_dizhu` (open_spiel 1.5): its 26,057 action ids ([`openspiel_id`],
//! [`openspiel_action`]) and its 159-value observation tensor ([`openspiel_observation`]).
//!
//! # Action ids
//!
//! [`OPENSPIEL_PASS`] (0) is pass, 1, 2, 3 the bids, and [`OPENSPIEL_FIRST_PLAY`] (4) up to
//! [`OPENSPIEL_SIZE`] (26,057) the plays of the `openspiel` rules, one id a reading (a plane
//! with wings names its body and its wings), in OpenSpiel's order:
//!
//! | ids | plays |
//! |---|---|
//! | 4..=18 | solos, 3 up to the red joker |
//! | 19..=54 | solo chains, by length, then lowest rank |
//! | 55..=67, 68..=119 | pairs, pair chains |
//! | 120..=132, 133..=314, 315..=470 | trios, trio + solo, trio + pair (by trio, then wing) |
//! | 471..=515 | planes |
//! | 516..=23103, 23104..=26042 | planes with solo wings, with pair wings (by length, lowest body rank, then the wings in ascending order of their sorted-descending ranks) |
//! | 26043..=26055, 26056 | bombs, the rocket |
//!
//! The table is built once, on first use, from that order (OpenSpiel computes the same ids by
//! formula); four with two has no id (OpenSpiel has no such play).
//!
//! ```
//! use doudizhu::{Action, Rules, classify, encode};
//! let plane = classify("33344456".parse()?, &Rules::OPENSPIEL).unwrap().first();
//! let id = encode::openspiel_id(&plane).unwrap();
//! assert_eq!(encode::openspiel_action(id), Some(Action::Play(plane)));
//! assert_eq!(encode::openspiel_action(2), Some(Action::Bid(2)));
//! assert_eq!(encode::openspiel_action(encode::OPENSPIEL_SIZE), None);
//! # Ok::<(), doudizhu::ParseError>(())
//! ```
//!
//! # The observation tensor ([`openspiel_observation`], [`OPENSPIEL_OBS`]: 159 values)
//!
//! `DouDizhuGame::ObservationTensor` as `WriteObservationTensor` writes it, 0 or 1 each:
//!
//! | at | what |
//! |---|---|
//! | `5 * rank + count` | the seat's hand, one-hot a rank (ranks `3456789TJQKA2BR` are 0..14) |
//! | `69 + 5 * rank + count` | every seat's played cards together, one-hot a rank |
//! | `138 + p` | the seat's position from the landlord (during the auction from the highest bidder so far; nothing before any bid) |
//! | `141 + seat` | the first bidder (flows with an auction) |
//! | `144 + rank` | the face-up card's rank (flows where a face-up card chooses the first bidder) |
//!
//! OpenSpiel's stride of 5 for the jokers (which have 2 counts) makes the red joker's slots
//! overlap the next section; reproduced.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::{Action, Counts, Kind, Move, Observation, Rules, classify};

/// OpenSpiel's id of pass.
pub const OPENSPIEL_PASS: u32 = 0;
/// OpenSpiel's number of distinct actions (pass, three bids, 26,053 plays).
pub const OPENSPIEL_SIZE: u32 = 26057;
/// OpenSpiel's first play id (ids 1, 2, 3 are the bids).
pub const OPENSPIEL_FIRST_PLAY: u32 = 4;
/// The length of OpenSpiel's `dou_dizhu` observation tensor.
pub const OPENSPIEL_OBS: usize = 159;
/// Where the observation tensor's played-cards section starts: 13 ranks of 5 slots and 2 jokers
/// of 2.
const PLAYED: usize = 69;

/// The plays by id and the ids by play.
struct Table {
    /// (id - 4) -> move.
    moves: Vec<Move>,
    ids: HashMap<Move, u32>,
}

/// The rank multiset of `(rank index, count)` pairs.
fn counts_of(ranks: &[(u8, u32)]) -> Counts {
    let mut bits = 0u64;
    for &(r, n) in ranks {
        bits += u64::from(n) << (4 * u32::from(r));
    }
    Counts::from_bits(bits).expect("a rank multiset of the deck")
}

/// The `openspiel` reading of `cards` with this type and main rank.
fn reading(cards: Counts, kind: Kind, main: u8) -> Move {
    classify(cards, &Rules::OPENSPIEL)
        .expect("every OpenSpiel action is an openspiel play")
        .iter()
        .find(|m| m.kind() == kind && m.main().index() == main)
        .expect("the reading OpenSpiel's id names")
}

/// Every kicker sequence k1 >= k2 >= ... of `n` ranks outside `body`, in ascending lexicographic
/// order of (k1, k2, ...): solo kickers repeat a normal rank up to 3 times and hold one joker at
/// most; pair kickers are distinct normal ranks (OpenSpiel's `dfs_airplane_kicker`).
fn kicker_sequences(n: usize, body: std::ops::Range<u8>, pairs: bool) -> Vec<Vec<u8>> {
    fn rec(
        n: usize,
        avail: &[u8],
        pairs: bool,
        cur: &mut Vec<u8>,
        counts: &mut [u8; 15],
        out: &mut Vec<Vec<u8>>,
    ) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for &r in avail {
            if let Some(&last) = cur.last()
                && r > last
            {
                continue;
            }
            let jokers = counts[13] + counts[14];
            let ok = if pairs {
                r < 13 && counts[r as usize] == 0
            } else if r >= 13 {
                jokers == 0
            } else {
                counts[r as usize] < 3
            };
            if !ok {
                continue;
            }
            counts[r as usize] += 1;
            cur.push(r);
            rec(n, avail, pairs, cur, counts, out);
            cur.pop();
            counts[r as usize] -= 1;
        }
    }
    let avail: Vec<u8> = (0..15u8).filter(|r| !body.contains(r)).collect();
    let mut out = Vec::new();
    rec(n, &avail, pairs, &mut Vec::new(), &mut [0; 15], &mut out);
    out
}

/// The plays in OpenSpiel's order (the module's table).
fn plays() -> Vec<Move> {
    let mut moves = Vec::with_capacity((OPENSPIEL_SIZE - OPENSPIEL_FIRST_PLAY) as usize);
    // solos 4..=18
    for r in 0..15u8 {
        moves.push(reading(counts_of(&[(r, 1)]), Kind::Solo, r));
    }
    // solo chains 19..=54: by length, then head
    for len in 5..=12u8 {
        for head in 0..=(12 - len) {
            let c: Vec<_> = (head..head + len).map(|r| (r, 1)).collect();
            moves.push(reading(counts_of(&c), Kind::Chain, head + len - 1));
        }
    }
    // pairs 55..=67, pair chains 68..=119
    for r in 0..13u8 {
        moves.push(reading(counts_of(&[(r, 2)]), Kind::Pair, r));
    }
    for len in 3..=10u8 {
        for head in 0..=(12 - len) {
            let c: Vec<_> = (head..head + len).map(|r| (r, 2)).collect();
            moves.push(reading(counts_of(&c), Kind::PairChain, head + len - 1));
        }
    }
    // trios 120..=132, trio + solo 133..=314, trio + pair 315..=470
    for r in 0..13u8 {
        moves.push(reading(counts_of(&[(r, 3)]), Kind::Trio, r));
    }
    for t in 0..13u8 {
        for k in (0..15u8).filter(|&k| k != t) {
            moves.push(reading(counts_of(&[(t, 3), (k, 1)]), Kind::TrioSolo, t));
        }
    }
    for t in 0..13u8 {
        for k in (0..13u8).filter(|&k| k != t) {
            moves.push(reading(counts_of(&[(t, 3), (k, 2)]), Kind::TrioPair, t));
        }
    }
    // planes 471..=515
    for len in 2..=6u8 {
        for head in 0..=(12 - len) {
            let c: Vec<_> = (head..head + len).map(|r| (r, 3)).collect();
            moves.push(reading(counts_of(&c), Kind::Plane, head + len - 1));
        }
    }
    // plane + solos 516..=23103, plane + pairs 23104..=26042
    for (kind, lens, pairs) in [
        (Kind::PlaneSolo, 2..=5u8, false),
        (Kind::PlanePair, 2..=4u8, true),
    ] {
        for len in lens {
            for head in 0..=(12 - len) {
                let body = head..head + len;
                for kick in kicker_sequences(len as usize, body.clone(), pairs) {
                    let mut c = [0u32; 15];
                    for r in body.clone() {
                        c[r as usize] = 3;
                    }
                    for &k in &kick {
                        c[k as usize] += if pairs { 2 } else { 1 };
                    }
                    let c: Vec<_> = (0..15u8)
                        .filter(|&r| c[r as usize] > 0)
                        .map(|r| (r, c[r as usize]))
                        .collect();
                    moves.push(reading(counts_of(&c), kind, head + len - 1));
                }
            }
        }
    }
    // bombs 26043..=26055, rocket 26056
    for r in 0..13u8 {
        moves.push(reading(counts_of(&[(r, 4)]), Kind::Bomb, r));
    }
    moves.push(reading(counts_of(&[(13, 1), (14, 1)]), Kind::Rocket, 14));
    assert_eq!(
        moves.len(),
        (OPENSPIEL_SIZE - OPENSPIEL_FIRST_PLAY) as usize
    );
    moves
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let moves = plays();
        let ids = moves
            .iter()
            .zip(OPENSPIEL_FIRST_PLAY..)
            .map(|(m, id)| (*m, id))
            .collect();
        Table { moves, ids }
    })
}

/// OpenSpiel's id of the play `m` (`None`: OpenSpiel has no such action, as four with two, or
/// a reading the `openspiel` rules do not have).
///
/// ```
/// use doudizhu::{Rules, classify, encode::openspiel_id};
/// let rocket = classify("BR".parse()?, &Rules::OPENSPIEL).unwrap().first();
/// assert_eq!(openspiel_id(&rocket), Some(26056));
/// let four_two = classify("333345".parse()?, &Rules::STANDARD).unwrap().first();
/// assert_eq!(openspiel_id(&four_two), None);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[inline]
#[must_use]
pub fn openspiel_id(m: &Move) -> Option<u32> {
    table().ids.get(m).copied()
}

/// OpenSpiel's id of `action`: pass 0, a bid its number, a play [`openspiel_id`] (`None`:
/// call, rob, a bid of 0, a play without an id).
///
/// ```
/// use doudizhu::{Action, encode::openspiel_action_id};
/// assert_eq!(openspiel_action_id(&Action::Pass), Some(0));
/// assert_eq!(openspiel_action_id(&Action::Bid(3)), Some(3));
/// assert_eq!(openspiel_action_id(&Action::Call), None);
/// ```
#[must_use]
pub fn openspiel_action_id(action: &Action) -> Option<u32> {
    match action {
        Action::Pass => Some(OPENSPIEL_PASS),
        Action::Bid(n @ 1..=3) => Some(u32::from(*n)),
        Action::Play(m) => openspiel_id(m),
        Action::Bid(_) | Action::Call | Action::Rob => None,
    }
}

/// The action of OpenSpiel's id `id`: pass, a bid (1..=3) or the play of the module's table
/// (`None` at [`OPENSPIEL_SIZE`] and past it).
///
/// ```
/// use doudizhu::{Action, encode::openspiel_action};
/// assert_eq!(openspiel_action(0), Some(Action::Pass));
/// let Some(Action::Play(m)) = openspiel_action(4) else { panic!("a play") };
/// assert_eq!(m.cards().to_string(), "3");
/// ```
#[must_use]
pub fn openspiel_action(id: u32) -> Option<Action> {
    match id {
        OPENSPIEL_PASS => Some(Action::Pass),
        1..=3 => Some(Action::Bid(id as u8)),
        _ => table()
            .moves
            .get((id - OPENSPIEL_FIRST_PLAY) as usize)
            .copied()
            .map(Action::Play),
    }
}

/// OpenSpiel's observation tensor of the observing seat (the module's table): equal to
/// pyspiel's `observation_tensor(seat)` at every step of a game dealt by
/// [`Deal::from_openspiel_chance`](crate::Deal::from_openspiel_chance).
///
/// ```
/// use doudizhu::{Deal, Game, GameRules, encode};
/// let mut chance = vec![0];
/// chance.extend((0..51).map(|c| 51 + c));
/// let g = Game::from_deal(GameRules::OPENSPIEL, Deal::from_openspiel_chance(&chance)?);
/// let t = encode::openspiel_observation(&g.observation(0));
/// assert_eq!(t.len(), encode::OPENSPIEL_OBS);
/// assert_eq!((t[141], t[144]), (1.0, 1.0)); // seat 0 bids first; the face-up card is a 3
/// # Ok::<(), doudizhu::DealError>(())
/// ```
#[must_use]
pub fn openspiel_observation(obs: &Observation<'_>) -> [f32; OPENSPIEL_OBS] {
    let mut t = [0f32; OPENSPIEL_OBS];
    let mut played = 0u64;
    for p in obs.played() {
        played += p.bits();
    }
    let hand = obs.hand().bits();
    for r in 0..15 {
        t[5 * r + ((hand >> (4 * r)) & 0xf) as usize] = 1.0;
        t[PLAYED + 5 * r + ((played >> (4 * r)) & 0xf) as usize] = 1.0;
    }
    // OpenSpiel's landlord field is the last bidder during the auction
    let landlord = obs.landlord().or_else(|| {
        obs.history_with_seats()
            .take(obs.bids().len())
            .filter(|(_, a)| !matches!(a, Action::Pass))
            .last()
            .map(|(s, _)| s)
    });
    if let Some(l) = landlord {
        t[2 * PLAYED + usize::from((obs.seat() + 3 - l) % 3)] = 1.0;
    }
    if let Some(f) = obs.first_bidder() {
        t[2 * PLAYED + 3 + usize::from(f)] = 1.0;
    }
    if let Some(r) = obs.face_up() {
        t[2 * PLAYED + 6 + r.index() as usize] = 1.0;
    }
    t
}
