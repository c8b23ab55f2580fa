//! The peers' Dou Dizhu action ids: RLCard's 27,472-entry table (data, from the committed
//! fixture) and OpenSpiel's 26,057 ids (a formula).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use doudizhu::{Counts, Kind, Move, Rules, classify};

/// RLCard's `action_space.txt`, one token a line after the comment lines.
const RLCARD_TABLE: &str = include_str!("../fixtures/rlcard_action_space.txt");

/// RLCard's id of pass.
pub const RL_PASS: u32 = 27471;
/// RLCard's number of ids.
pub const RL_SIZE: u32 = 27472;
/// OpenSpiel's id of pass.
pub const OS_PASS: u32 = 0;
/// OpenSpiel's number of distinct actions (pass, three bids, 26,053 plays).
pub const OS_SIZE: u32 = 26057;
/// OpenSpiel's first play id.
pub const OS_FIRST_PLAY: u32 = 4;

/// A multiply-rotate hasher with a folding finish for the id maps (keys are card masks, not attacker-chosen): the
/// standard library's SipHash costs more than the rest of an id lookup.
#[derive(Default)]
pub struct Fx(u64);

const FX_K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(FX_K);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(FX_K);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
    fn finish(&self) -> u64 {
        // the product's low bits depend only on the key's low bits (a mask's lowest ranks), and
        // the table indexes buckets by low bits: fold the high half down first
        let h = self.0;
        h ^ (h >> 29) ^ (h >> 47)
    }
}

pub type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

pub struct RlTable {
    /// id -> move (pass: `None`).
    pub moves: Vec<Option<Move>>,
    /// the multiset's bits -> id.
    pub ids: FxMap<u64, u32>,
}

pub fn rl_table() -> &'static RlTable {
    static TABLE: OnceLock<RlTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut moves = Vec::with_capacity(RL_SIZE as usize);
        let mut ids =
            FxMap::with_capacity_and_hasher(RL_SIZE as usize, BuildHasherDefault::default());
        for token in RLCARD_TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let token = token.trim();
            if token == "pass" {
                moves.push(None);
                continue;
            }
            let cards = Counts::parse_play(token).expect("the RLCard fixture holds rank strings");
            let m = classify(cards, &Rules::STANDARD)
                .expect("every RLCard action is a standard play")
                .first();
            ids.insert(cards.bits(), moves.len() as u32);
            moves.push(Some(m));
        }
        assert_eq!(
            moves.len(),
            RL_SIZE as usize,
            "the RLCard fixture has 27472 ids"
        );
        RlTable { moves, ids }
    })
}

/// RLCard's id of a move made under `rules` (`None`: RLCard has no such action).
#[inline]
pub fn rl_id(m: &Move, rules: &Rules) -> Option<u32> {
    let id = *rl_table().ids.get(&m.cards().bits())?;
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
    pub ids: FxMap<Move, u32>,
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
