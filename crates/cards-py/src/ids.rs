//! The peers' Dou Dizhu action ids: RLCard's 27,472-entry table (`doudizhu::encode`, which
//! holds RLCard's own table) and OpenSpiel's 26,057 ids (a formula).

use std::collections::HashMap;
use std::sync::OnceLock;

use doudizhu::{Counts, Kind, Move, Rules, classify};

/// RLCard's id of pass.
pub const RL_PASS: u32 = doudizhu::encode::RLCARD_PASS;
/// RLCard's number of ids.
pub const RL_SIZE: u32 = doudizhu::encode::RLCARD_SIZE;
/// OpenSpiel's id of pass.
pub const OS_PASS: u32 = 0;
/// OpenSpiel's number of distinct actions (pass, three bids, 26,053 plays).
pub const OS_SIZE: u32 = 26057;
/// OpenSpiel's first play id.
pub const OS_FIRST_PLAY: u32 = 4;

/// The play RLCard's id `id` names (`None`: pass or out of range).
pub fn rl_table_move(id: u32) -> Option<Move> {
    doudizhu::encode::rlcard_move(id)
}

/// RLCard's id of the play of `cards`.
pub fn rl_cards_id(cards: Counts) -> Option<u32> {
    doudizhu::encode::rlcard_id(cards)
}

/// RLCard's id of a move made under `rules` (`None`: RLCard has no such action).
#[inline]
pub fn rl_id(m: &Move, rules: &Rules) -> Option<u32> {
    let id = rl_cards_id(m.cards())?;
    if *rules != Rules::STANDARD {
        // another preset may read the cards differently (a plane of 3 with a wing trio, where
        // RLCard reads the longer plane): the id is only the move's if the readings agree
        let reading = classify(m.cards(), &Rules::STANDARD).ok()?.first();
        if reading != *m {
            return None;
        }
    }
    Some(id)
}

pub struct OsTable {
    /// (id - 4) -> move.
    pub moves: Vec<Move>,
    pub ids: HashMap<Move, u32>,
}

fn counts_of(ranks: &[(u8, u32)]) -> Counts {
    let mut bits = 0u64;
    for &(r, n) in ranks {
        bits += u64::from(n) << (4 * u32::from(r));
    }
    Counts::from_bits(bits).expect("a rank multiset of the deck")
}

/// The OpenSpiel reading of `cards` with this type and main rank.
fn os_reading(cards: Counts, kind: Kind, main: u8) -> Move {
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

pub fn os_table() -> &'static OsTable {
    static TABLE: OnceLock<OsTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut moves = Vec::with_capacity((OS_SIZE - OS_FIRST_PLAY) as usize);
        // solos 4..=18
        for r in 0..15u8 {
            moves.push(os_reading(counts_of(&[(r, 1)]), Kind::Solo, r));
        }
        // solo chains 19..=54: by length, then head
        for len in 5..=12u8 {
            for head in 0..=(12 - len) {
                let c: Vec<_> = (head..head + len).map(|r| (r, 1)).collect();
                moves.push(os_reading(counts_of(&c), Kind::Chain, head + len - 1));
            }
        }
        // pairs 55..=67, pair chains 68..=119
        for r in 0..13u8 {
            moves.push(os_reading(counts_of(&[(r, 2)]), Kind::Pair, r));
        }
        for len in 3..=10u8 {
            for head in 0..=(12 - len) {
                let c: Vec<_> = (head..head + len).map(|r| (r, 2)).collect();
                moves.push(os_reading(counts_of(&c), Kind::PairChain, head + len - 1));
            }
        }
        // trios 120..=132, trio + solo 133..=314, trio + pair 315..=470
        for r in 0..13u8 {
            moves.push(os_reading(counts_of(&[(r, 3)]), Kind::Trio, r));
        }
        for t in 0..13u8 {
            for k in (0..15u8).filter(|&k| k != t) {
                moves.push(os_reading(counts_of(&[(t, 3), (k, 1)]), Kind::TrioSolo, t));
            }
        }
        for t in 0..13u8 {
            for k in (0..13u8).filter(|&k| k != t) {
                moves.push(os_reading(counts_of(&[(t, 3), (k, 2)]), Kind::TrioPair, t));
            }
        }
        // planes 471..=515
        for len in 2..=6u8 {
            for head in 0..=(12 - len) {
                let c: Vec<_> = (head..head + len).map(|r| (r, 3)).collect();
                moves.push(os_reading(counts_of(&c), Kind::Plane, head + len - 1));
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
                        moves.push(os_reading(counts_of(&c), kind, head + len - 1));
                    }
                }
            }
        }
        // bombs 26043..=26055, rocket 26056
        for r in 0..13u8 {
            moves.push(os_reading(counts_of(&[(r, 4)]), Kind::Bomb, r));
        }
        moves.push(os_reading(counts_of(&[(13, 1), (14, 1)]), Kind::Rocket, 14));
        assert_eq!(moves.len(), (OS_SIZE - OS_FIRST_PLAY) as usize);
        let ids = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (*m, i as u32 + OS_FIRST_PLAY))
            .collect();
        OsTable { moves, ids }
    })
}

/// OpenSpiel's id of a move (`None`: OpenSpiel has no such action).
#[inline]
pub fn os_id(m: &Move) -> Option<u32> {
    os_table().ids.get(m).copied()
}
