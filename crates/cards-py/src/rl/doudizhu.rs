//! Dou Dizhu in the environments: `RLCard`'s 27,472 action ids, then the auction's, and an
//! observation of 11 planes of 15 ranks.
//!
//! Ids: `0..=27470` `RLCard`'s plays (its `action_space.txt`), `27471` pass (`RLCard`'s; also the
//! auction's pass), `27472..=27474` bid 1, 2, 3, `27475` call, `27476` rob: 27,477 in all.
//!
//! Planes (int8, rank columns 3 4 5 6 7 8 9 T J Q K A 2 B R; "next" is the seat that acts
//! after the observer, "previous" the one before):
//!
//! | plane | what |
//! |---|---|
//! | 0 | the observer's hand (count a rank, 0-4) |
//! | 1 | the cards it does not see: the two other hands together (the kitty before it is taken too) |
//! | 2, 3, 4 | the cards played so far by the observer, next, previous |
//! | 5 | the play to beat (zeros when leading or in the auction) |
//! | 6, 7, 8 | the last play of the observer, next, previous in the play phase (zeros: none or pass) |
//! | 9 | the kitty, once the landlord took it |
//! | 10 | scalars: see [`SCALARS`] |

use doudizhu::{Action, Counts, Dealer, Game, GameRules, Phase, Rules};

use std::sync::OnceLock;

use super::{RlGame, byte};
use crate::ids::{RL_PASS, RL_SIZE, rl_table};

/// The first auction id (bid 1).
pub const BID1: u32 = RL_SIZE;
/// Call (叫地主).
pub const CALL: u32 = RL_SIZE + 3;
/// Rob (抢地主).
pub const ROB: u32 = RL_SIZE + 4;
/// The number of ids.
pub const SIZE: u32 = RL_SIZE + 5;
/// Planes and width.
pub const SHAPE: (usize, usize) = (11, 15);

/// Plane 10's columns.
pub const SCALARS: [&str; 15] = [
    "role: 0 landlord, 1 peasant after the landlord, 2 peasant before it, -1 in the auction",
    "phase: 0 auction, 1 play, 2 over",
    "cards left: observer",
    "cards left: next",
    "cards left: previous",
    "the landlord's seat relative to the observer (0 self, 1 next, 2 previous; -1 none yet)",
    "whose play is on the table, relative (-1 none)",
    "passes since the last play",
    "bombs and rockets played",
    "the high bid (0 none)",
    "the observer's last auction action: -1 none, 0 pass, 1-3 bid, 4 call, 5 rob",
    "next's last auction action",
    "previous's last auction action",
    "log2 of the multiplier",
    "the face-up card's rank (0 for 3 ... 14 for R; -1 none)",
];

/// Writes the 15 rank counts of `c` (4-bit nibbles) as bytes: the even ranks' nibbles and the
/// odd ranks' spread into 16-bit lanes and interleaved, without a loop over the ranks.
#[inline]
fn counts_row(c: Counts, row: &mut [i8]) {
    #[inline]
    const fn spread(x: u64) -> u128 {
        let mut v = x as u128;
        v = (v | (v << 32)) & 0x0000_0000_FFFF_FFFF_0000_0000_FFFF_FFFF;
        v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFF_0000_FFFF_0000_FFFF;
        (v | (v << 8)) & 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF
    }
    let bits = c.bits();
    let even = bits & 0x0F0F_0F0F_0F0F_0F0F;
    let odd = (bits >> 4) & 0x0F0F_0F0F_0F0F_0F0F;
    let bytes = (spread(even) | (spread(odd) << 8)).to_le_bytes();
    for (x, &b) in row.iter_mut().zip(&bytes[..15]) {
        *x = byte(b);
    }
}

fn auction_code(a: Action) -> i8 {
    match a {
        Action::Pass => 0,
        Action::Bid(n) => byte(n),
        Action::Call => 4,
        Action::Rob => 5,
        Action::Play(_) => -1,
    }
}

/// Bit 0 of every rank's nibble.
const LSB: u64 = 0x0111_1111_1111_1111;

/// The ids of the plays of one rank (`single[rank][count]`) and of the chains
/// (`chain[count - 1][low][len]`), read off `RLCard`'s table once: most plays are one of these,
/// and an array read is cheaper than the table's hash lookup.
struct Direct {
    single: [[u32; 5]; 15],
    chain: [[[u32; 13]; 13]; 3],
}

fn direct() -> &'static Direct {
    static D: OnceLock<Direct> = OnceLock::new();
    D.get_or_init(|| {
        let mut d = Direct {
            single: [[u32::MAX; 5]; 15],
            chain: [[[u32::MAX; 13]; 13]; 3],
        };
        for (&bits, &id) in &rl_table().ids {
            match shape(bits) {
                Shape::Single(r, c) => d.single[r][c] = id,
                Shape::Chain(c, lo, len) => d.chain[c - 1][lo][len] = id,
                Shape::Other => {}
            }
        }
        d
    })
}

enum Shape {
    Single(usize, usize),
    Chain(usize, usize, usize),
    Other,
}

#[inline]
fn shape(bits: u64) -> Shape {
    if bits == 0 {
        return Shape::Other;
    }
    let lo = bits.trailing_zeros() / 4;
    let hi = bits.ilog2() / 4;
    let c = (bits >> (4 * lo)) & 0xF;
    if lo == hi {
        return Shape::Single(lo as usize, c as usize);
    }
    let len = hi - lo + 1;
    if (1..=3).contains(&c) && hi < 13 && bits == (c * (LSB >> (4 * (15 - len)))) << (4 * lo) {
        return Shape::Chain(c as usize, lo as usize, len as usize);
    }
    Shape::Other
}

/// `RLCard`'s id of the play of these cards (`Counts` bits).
#[inline]
fn play_id(bits: u64) -> Option<u32> {
    let d = direct();
    let id = match shape(bits) {
        Shape::Single(r, c) => d.single[r][c],
        Shape::Chain(c, lo, len) => d.chain[c - 1][lo][len],
        Shape::Other => u32::MAX,
    };
    if id != u32::MAX {
        return Some(id);
    }
    rl_table().ids.get(&bits).copied()
}

/// Dou Dizhu's rules in the environments: the game's rules and the observation encoding.
#[derive(Copy, Clone, Debug)]
pub struct DdzRules {
    pub game: GameRules,
    /// The observation encoding.
    pub obs: DdzObs,
}

/// Dou Dizhu's observation encodings in the environments.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DdzObs {
    /// The 11 planes of 15 ranks.
    Planes,
    /// `RLCard`'s `obs` (790 for the landlord, 901 for a peasant, in a row of 901).
    RlCard,
    /// `DouZero`'s `x_no_action` (319 for the landlord, 430 for a peasant, in 430) then its `z`
    /// (810): a row of [`DOUZERO_OBS`].
    DouZero,
}

/// The `douzero` encoding's width.
pub const DOUZERO_OBS: usize = doudizhu::encode::DOUZERO_X_PEASANT + doudizhu::encode::DOUZERO_Z;

/// `RLCard`'s `obs` width (a peasant's; the landlord's 790 are followed by zeros).
pub const RLCARD_OBS: usize = 901;

/// `RLCard`'s `_cards2array`: 13 columns of 4 (a rank's count as that many ones, column-major),
/// then the black and the red joker.
fn rl_cards(c: Counts, out: &mut [i8]) {
    let bits = c.bits();
    for r in 0..13 {
        let n = ((bits >> (4 * r)) & 0xF) as usize;
        for k in 0..n.min(4) {
            out[4 * r + k] = 1;
        }
    }
    out[52] = byte((bits >> 52) & 0xF != 0);
    out[53] = byte((bits >> 56) & 0xF != 0);
}

fn play_cards(a: Action) -> Counts {
    match a {
        Action::Play(m) => m.cards(),
        _ => Counts::EMPTY,
    }
}

/// `RLCard`'s `obs` (`DoudizhuEnv._extract_state`, rlcard 1.2) of the observer: seats numbered
/// from the landlord (0), as `RLCard`'s landlord is its player 0; its trace is the play phase.
/// Kept as `RLCard` computes it, its two quirks included: a peasant's "last landlord action" and
/// "last teammate action" are their *first* in the trace (its loops run backwards without
/// stopping), and a count of 0 cards left sets the one-hot's last slot (numpy's index -1).
fn rlcard_encode(obs: &doudizhu::Observation<'_>, out: &mut [i8]) {
    out.fill(0);
    let Some(landlord) = obs.landlord() else {
        return; // the auction: RLCard has none
    };
    let id = |seat: u8| (seat + 3 - landlord) % 3; // RLCard's player number
    let me = id(obs.seat());
    let seat_of = |rl: u8| (rl + landlord) % 3;
    let history = obs.history();
    let bids = obs.bids().len().min(history.len());
    let trace = &history[bids..];
    let (head, rest) = out.split_at_mut(162);
    rl_cards(obs.hand(), &mut head[..54]);
    rl_cards(obs.others(), &mut head[54..108]);
    let last = match trace {
        [.., a] if !matches!(a, Action::Pass) => play_cards(*a),
        [.., b, _] => play_cards(*b),
        [] | [_] => Counts::EMPTY,
    };
    rl_cards(last, &mut head[108..162]);
    let (seq, rest) = rest.split_at_mut(486);
    let n = trace.len().min(9);
    for (k, a) in trace[trace.len() - n..].iter().enumerate() {
        let row = 9 - n + k;
        rl_cards(play_cards(*a), &mut seq[row * 54..(row + 1) * 54]);
    }
    let played = obs.played();
    let left = obs.cards_left();
    let one_hot = |n: u32, width: usize, out: &mut [i8]| {
        let i = (n as usize)
            .checked_sub(1)
            .unwrap_or(width - 1)
            .min(width - 1);
        out[i] = 1;
    };
    // the k-th action of the trace is RLCard player k mod 3's (the landlord leads)
    let first_of = |rl: usize| trace.iter().skip(rl).step_by(3).next().copied();
    if me == 0 {
        let (up, down) = (seat_of(2), seat_of(1));
        rl_cards(played[up as usize], &mut rest[..54]);
        rl_cards(played[down as usize], &mut rest[54..108]);
        one_hot(left[up as usize], 17, &mut rest[108..125]);
        one_hot(left[down as usize], 17, &mut rest[125..142]);
    } else {
        let mate = 3 - me;
        rl_cards(played[seat_of(0) as usize], &mut rest[..54]);
        rl_cards(played[seat_of(mate) as usize], &mut rest[54..108]);
        rl_cards(
            first_of(0).map_or(Counts::EMPTY, play_cards),
            &mut rest[108..162],
        );
        rl_cards(
            first_of(mate as usize).map_or(Counts::EMPTY, play_cards),
            &mut rest[162..216],
        );
        one_hot(left[seat_of(0) as usize], 20, &mut rest[216..236]);
        one_hot(left[seat_of(mate) as usize], 17, &mut rest[236..253]);
    }
}

/// `DouZero`'s `x_no_action` (zeros past its width) then `z`, in a row of [`DOUZERO_OBS`].
fn douzero_encode(obs: &doudizhu::Observation<'_>, out: &mut [i8]) {
    use doudizhu::encode::{DOUZERO_X_PEASANT, douzero_x, douzero_z};
    out.fill(0);
    let (x, z) = out.split_at_mut(DOUZERO_X_PEASANT);
    if let Ok(x) = <&mut [i8; DOUZERO_X_PEASANT]>::try_from(x) {
        douzero_x(obs, x);
    }
    if let Ok(z) = <&mut [i8; doudizhu::encode::DOUZERO_Z]>::try_from(z) {
        douzero_z(obs, z);
    }
}

/// The cards of action `id` (none for pass and the auction's ids; `None` out of range).
pub fn id_cards(id: u32) -> Option<Counts> {
    match id {
        RL_PASS => Some(Counts::EMPTY),
        x if (BID1..SIZE).contains(&x) => Some(Counts::EMPTY),
        x => rl_table()
            .moves
            .get(x as usize)
            .copied()
            .flatten()
            .map(|m| m.cards()),
    }
}

/// The game rules named by `text` (`standard` by default): rules whose plays are `RLCard`'s.
fn parse_game_rules(text: Option<&str>) -> Result<GameRules, String> {
    let r: GameRules = text
        .unwrap_or("standard")
        .parse()
        .map_err(|e: doudizhu::RulesError| e.to_string())?;
    if r.plays != Rules::STANDARD {
        return Err(format!(
            "the Dou Dizhu environments use RLCard's action ids, which name the standard \
                 plays: rules {:?} have other plays (use standard or rlcard, with options)",
            text.unwrap_or_default()
        ));
    }
    Ok(r)
}

/// A game dealt from `seed` (`DouZero`'s dealer takes 32-bit seeds).
fn deal(rules: &GameRules, seed: u64) -> Game {
    // DouZero's dealer takes 32-bit seeds; every other dealer takes any seed
    let seed = if rules.dealer == Dealer::DouZero {
        seed & 0xFFFF_FFFF
    } else {
        seed
    };
    Game::new(*rules, seed)
        .or_else(|_| Game::new(*rules, 0))
        .unwrap_or_else(|_| Game::new(GameRules::STANDARD, seed).unwrap_or_else(|_| unreachable!()))
}

impl RlGame for Game {
    type Rules = DdzRules;
    const NAME: &'static str = "doudizhu";

    fn parse_rules(text: Option<&str>, obs: Option<&str>) -> Result<DdzRules, String> {
        let obs = match obs.map(str::trim) {
            None | Some("planes") => DdzObs::Planes,
            Some("rlcard") => DdzObs::RlCard,
            Some("douzero") => DdzObs::DouZero,
            Some(other) => {
                return Err(format!(
                    "unknown observation encoding {other:?} for doudizhu (expected: planes, \
                     rlcard, douzero)"
                ));
            }
        };
        Ok(DdzRules {
            game: parse_game_rules(text)?,
            obs,
        })
    }

    fn deal(rules: &DdzRules, seed: u64) -> Game {
        deal(&rules.game, seed)
    }

    fn num_actions(_: &DdzRules) -> u32 {
        SIZE
    }

    fn obs_shape(rules: &DdzRules) -> (usize, usize) {
        match rules.obs {
            DdzObs::Planes => SHAPE,
            DdzObs::RlCard => (1, RLCARD_OBS),
            DdzObs::DouZero => (1, DOUZERO_OBS),
        }
    }

    #[inline]
    fn action_id(_: &DdzRules, action: &Action) -> Option<u32> {
        match action {
            Action::Pass => Some(RL_PASS),
            Action::Bid(n @ 1..=3) => Some(BID1 + u32::from(*n) - 1),
            Action::Bid(_) => None,
            Action::Call => Some(CALL),
            Action::Rob => Some(ROB),
            Action::Play(m) => play_id(m.cards().bits()),
        }
    }

    fn prefer(_: &DdzRules, id: u32, action: &Action) -> bool {
        // RLCard's reading of the cards (the table's) over another reading
        matches!(action, Action::Play(m) if rl_table().moves.get(id as usize) == Some(&Some(*m)))
    }

    fn action_text(_: &DdzRules, id: u32) -> Option<String> {
        match id {
            RL_PASS => Some("pass".into()),
            CALL => Some("call".into()),
            ROB => Some("rob".into()),
            x if (BID1..BID1 + 3).contains(&x) => Some(format!("bid {}", x - BID1 + 1)),
            x => rl_table()
                .moves
                .get(x as usize)
                .copied()
                .flatten()
                .map(|m| m.cards().to_string()),
        }
    }

    fn encode(rules: &DdzRules, obs: &doudizhu::Observation<'_>, out: &mut [i8]) {
        match rules.obs {
            DdzObs::Planes => {}
            DdzObs::RlCard => return rlcard_encode(obs, out),
            DdzObs::DouZero => return douzero_encode(obs, out),
        }
        out.fill(0);
        let me = obs.seat();
        let rel = |s: u8| (s + 3 - me) % 3;
        let (rows, tail) = out.split_at_mut(150);
        let row = |k: usize| k * 15..(k + 1) * 15;
        counts_row(obs.hand(), &mut rows[row(0)]);
        counts_row(obs.others(), &mut rows[row(1)]);
        let played = obs.played();
        for s in 0..3u8 {
            counts_row(played[s as usize], &mut rows[row(2 + rel(s) as usize)]);
        }
        if let Some((m, _)) = obs.table() {
            counts_row(m.cards(), &mut rows[row(5)]);
        }
        let sc = tail;
        let history = obs.history();
        let bids = obs.bids().len().min(history.len());
        // the seats take turns: the last three plays (or passes) are one a seat, as are the
        // last three auction actions (seats as `Observation::history_with_seats` gives them)
        let landlord = obs.landlord().unwrap_or(0);
        for i in (bids..history.len()).rev().take(3) {
            let seat = ((usize::from(landlord) + i - bids) % 3) as u8;
            if let Action::Play(m) = history[i] {
                counts_row(m.cards(), &mut rows[row(6 + rel(seat) as usize)]);
            }
        }
        sc[10..13].fill(-1);
        let first = obs.first_bidder().unwrap_or(0);
        for i in (0..bids).rev().take(3) {
            let seat = ((usize::from(first) + i) % 3) as u8;
            sc[10 + rel(seat) as usize] = auction_code(history[i]);
        }
        sc[6] = obs.table().map_or(-1, |(_, s)| byte(rel(s)));
        if let Some(k) = obs.kitty() {
            counts_row(k, &mut rows[row(9)]);
        }
        let ll = obs.landlord();
        sc[0] = ll.map_or(-1, |l| rel_role(me, l));
        sc[1] = match obs.phase() {
            Phase::Auction => 0,
            Phase::Play => 1,
            Phase::Over => 2,
        };
        let left = obs.cards_left();
        for s in 0..3u8 {
            sc[2 + rel(s) as usize] = byte(left[s as usize]);
        }
        sc[5] = ll.map_or(-1, |l| byte(rel(l)));
        sc[7] = byte(obs.passes());
        sc[8] = byte(obs.bombs());
        sc[9] = byte(obs.high_bid());
        sc[13] = byte(obs.multiplier().max(1).ilog2());
        sc[14] = obs.face_up().map_or(-1, |r| byte(r.index()));
    }

    fn role(&self, player: usize) -> i8 {
        self.state()
            .landlord()
            .map_or(-1, |l| rel_role((player % 3) as u8, l))
    }
}

/// 0 for the landlord, 1 for the peasant who plays after it (landlord-down), 2 for the one
/// before it (landlord-up).
fn rel_role(me: u8, landlord: u8) -> i8 {
    byte((me + 3 - landlord) % 3)
}
