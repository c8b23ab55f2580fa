//! Encoders for learning agents: a fixed action enumeration (RLCard's 27,472 play ids, then the
//! auction's: [`action_id`], [`action_text`]) and observation encoders, each reading nothing
//! but what the observation shows its seat: int8 planes ([`encode_planes`]), RLCard's `obs`
//! ([`encode_rlcard`]) and DouZero's `x`/`z` features ([`douzero_x`], [`douzero_z`],
//! [`douzero_action`]).
//!
//! # Action ids
//!
//! `0..=27470` are RLCard's plays (its `action_space.txt`, RLCard 1.2.0, kept in the crate's
//! `data/`), [`RLCARD_PASS`] (27471) pass (RLCard's; also the auction's pass), [`BID1`]
//! `..=27474` bid 1, 2, 3, [`CALL`] (27475) call, [`ROB`] (27476) rob: [`ACTIONS`] (27,477) in
//! all. An id names a card multiset: of two readings of one multiset (the same cards as a
//! plane or as trios with wings), [`is_rlcard_reading`] says which is RLCard's.
//!
//! ```
//! use doudizhu::{Action, Counts, encode};
//! let g = doudizhu::Game::new(doudizhu::GameRules::STANDARD, 1)?;
//! for a in g.legal_actions() {
//!     let id = encode::action_id(&a).expect("every standard action has an id");
//!     let text = encode::action_text(id).unwrap(); // "pass", "bid 1", ...
//!     assert_eq!(g.state().parse_action(&text)?, a);
//! }
//! assert_eq!(encode::action_id(&Action::Pass), Some(encode::RLCARD_PASS));
//! assert_eq!(encode::action_cards(0), Counts::parse_play("3").ok());
//! # Ok::<(), doudizhu::GameError>(())
//! ```
//!
//! # The planes ([`encode_planes`], [`PLANES`]: 11 x 15 int8)
//!
//! Rank columns 3 4 5 6 7 8 9 T J Q K A 2 B R; "next" is the seat that acts after the
//! observer, "previous" the one before:
//!
//! | plane | what |
//! |---|---|
//! | 0 | the observer's hand (count a rank, 0-4) |
//! | 1 | the cards it does not see: the two other hands together (the kitty before it is taken too) |
//! | 2, 3, 4 | the cards played so far by the observer, next, previous |
//! | 5 | the play to beat (zeros when leading or in the auction) |
//! | 6, 7, 8 | the last play of the observer, next, previous in the play phase (zeros: none or pass) |
//! | 9 | the kitty, once the landlord took it |
//! | 10 | scalars: see [`PLANE_SCALARS`] |
//!
//! # RLCard's `obs` ([`encode_rlcard`], [`RLCARD_OBS`])
//!
//! `DoudizhuEnv._extract_state` of rlcard 1.2: 790 values for the landlord, 901 for a peasant
//! (seats numbered from the landlord, RLCard's player 0), zeros during the auction.
//!
//! # DouZero's features (`douzero.env.env.get_obs`, douzero 1.1.0)
//!
//! Positions are DouZero's: the landlord, `landlord_down` (the seat after it) and
//! `landlord_up` (the seat before it). A card row is [`cards54`]. `x_no_action` is, for the
//! landlord (319 values):
//!
//! | at | width | what |
//! |---|---|---|
//! | 0 | 54 | its hand |
//! | 54 | 54 | the other two hands together |
//! | 108 | 54 | the last play (`last_move`: the last action, or the one before it when the last is a pass) |
//! | 162 | 54 | the cards `landlord_up` played |
//! | 216 | 54 | the cards `landlord_down` played |
//! | 270 | 17 | `landlord_up`'s cards left, one-hot at `n - 1` |
//! | 287 | 17 | `landlord_down`'s cards left, one-hot at `n - 1` |
//! | 304 | 15 | bombs and rockets played, one-hot at `n` |
//!
//! and for a peasant (430 values; the teammate is the other peasant):
//!
//! | at | width | what |
//! |---|---|---|
//! | 0 | 54 | its hand |
//! | 54 | 54 | the other two hands together |
//! | 108 | 54 | the cards the landlord played |
//! | 162 | 54 | the cards the teammate played |
//! | 216 | 54 | the last play (as the landlord's) |
//! | 270 | 54 | the landlord's last action (zeros: a pass or none yet) |
//! | 324 | 54 | the teammate's last action |
//! | 378 | 20 | the landlord's cards left, one-hot at `n - 1` |
//! | 398 | 17 | the teammate's cards left, one-hot at `n - 1` |
//! | 415 | 15 | bombs and rockets played, one-hot at `n` |
//!
//! A count of 0 cards left sets the one-hot's last slot, as numpy's index -1 does in DouZero.
//! `x_batch` is `x_no_action` followed by the action's row ([`douzero_action`]), one row a
//! legal action. `z` ([`douzero_z`]) is the last 15 actions of the play (passes as zeros),
//! oldest first, padded with zeros in front: five rows of three actions, 162 values a row.
//! DouZero has no auction: during it there are no features (`None`).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::{Action, Counts, Move, Observation, Phase, Rules, classify};

mod douzero;
mod openspiel;
mod rlcard;

pub use douzero::{
    DOUZERO_CARD_NUMBERS, DOUZERO_TYPE_PASS, DOUZERO_TYPE_WRONG, DouZeroCardError, DouZeroFeatures,
    DouZeroMoveType, counts_from_douzero, douzero_card, douzero_cards, douzero_features,
    douzero_gen, douzero_kind, douzero_legal, douzero_move_type, douzero_type,
};
pub use openspiel::{
    OPENSPIEL_FIRST_PLAY, OPENSPIEL_OBS, OPENSPIEL_PASS, OPENSPIEL_SIZE, openspiel_action,
    openspiel_action_id, openspiel_id, openspiel_observation,
};
pub use rlcard::rlcard_play_id;

/// RLCard's and DouZero's `_cards2array`: 13 columns of 4 for the ranks 3 ... 2 (a rank held
/// `n` times sets its column's first `n` entries), then the black and the red joker.
///
/// ```
/// use doudizhu::{Counts, encode::cards54};
/// let row = cards54(Counts::parse_play("3334R")?);
/// assert_eq!(&row[..8], &[1, 1, 1, 0, 1, 0, 0, 0]);
/// assert_eq!(&row[52..], &[0, 1]);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn cards54(c: Counts) -> [i8; 54] {
    let mut out = [0; 54];
    cards54_into(c, &mut out);
    out
}

/// [`cards54`] written into `out` (which must be zeros).
pub(crate) fn cards54_into(c: Counts, out: &mut [i8; 54]) {
    let bits = c.bits();
    for r in 0..13 {
        let n = ((bits >> (4 * r)) & 0xF) as usize;
        out[4 * r..4 * r + n.min(4)].fill(1);
    }
    out[52] = i8::from((bits >> 52) & 0xF != 0);
    out[53] = i8::from((bits >> 56) & 0xF != 0);
}

/// DouZero's position names, indexed by [`DouZeroPosition`] as `usize`.
pub const DOUZERO_POSITIONS: [&str; 3] = ["landlord", "landlord_down", "landlord_up"];

/// A seat's DouZero position: from the landlord, in the order of play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DouZeroPosition {
    /// The landlord.
    Landlord = 0,
    /// The peasant who plays after the landlord.
    LandlordDown = 1,
    /// The peasant who plays before the landlord.
    LandlordUp = 2,
}

impl DouZeroPosition {
    /// The position of `seat` when the landlord is `landlord`.
    ///
    /// ```
    /// use doudizhu::encode::DouZeroPosition;
    /// assert_eq!(DouZeroPosition::of(0, 2), DouZeroPosition::LandlordDown);
    /// assert_eq!(DouZeroPosition::of(1, 2).name(), "landlord_up");
    /// ```
    #[must_use]
    pub const fn of(seat: u8, landlord: u8) -> DouZeroPosition {
        match (seat + 3 - landlord % 3) % 3 {
            0 => DouZeroPosition::Landlord,
            1 => DouZeroPosition::LandlordDown,
            _ => DouZeroPosition::LandlordUp,
        }
    }

    /// DouZero's name: `landlord`, `landlord_down` or `landlord_up`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        DOUZERO_POSITIONS[self as usize]
    }

    /// The width of `x_no_action` at this position: [`DOUZERO_X_LANDLORD`] or
    /// [`DOUZERO_X_PEASANT`].
    #[must_use]
    pub const fn x_len(self) -> usize {
        match self {
            DouZeroPosition::Landlord => DOUZERO_X_LANDLORD,
            _ => DOUZERO_X_PEASANT,
        }
    }
}

/// The landlord's `x_no_action` width.
pub const DOUZERO_X_LANDLORD: usize = 319;
/// A peasant's `x_no_action` width.
pub const DOUZERO_X_PEASANT: usize = 430;
/// The action's width in `x_batch` (a [`cards54`] row).
pub const DOUZERO_ACTION: usize = 54;
/// `z`'s size: 5 rows of 162 (the last 15 actions, 54 each).
pub const DOUZERO_Z: usize = 810;

/// The cards of an action (none for a pass or an auction action).
const fn cards_of(a: Action) -> Counts {
    match a {
        Action::Play(m) => m.cards(),
        _ => Counts::EMPTY,
    }
}

/// The play phase's actions: the history after the auction.
fn trace<'a>(obs: &Observation<'a>) -> &'a [Action] {
    let history = obs.history();
    &history[obs.bids().len().min(history.len())..]
}

/// The action's row of `x_batch` (DouZero's `_cards2array(action)`: zeros for a pass).
///
/// ```
/// use doudizhu::{Action, Game, GameRules, encode::douzero_action};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// assert!(douzero_action(&Action::Pass).iter().all(|&x| x == 0));
/// let first = g.legal_actions()[0];
/// assert!(douzero_action(&first).iter().any(|&x| x == 1));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[must_use]
pub fn douzero_action(a: &Action) -> [i8; DOUZERO_ACTION] {
    cards54(cards_of(*a))
}

/// Writes DouZero's `x_no_action` of the observing seat into `out` (zeros past its width:
/// [`DouZeroPosition::x_len`]) and returns the seat's position; `None` (and zeros) during
/// the auction. Read on with the module's table.
///
/// ```
/// use doudizhu::{Game, GameRules, encode::{self, DouZeroPosition}};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// let landlord = g.state().landlord().unwrap();
/// let mut x = [0i8; encode::DOUZERO_X_PEASANT];
/// let pos = encode::douzero_x(&g.observation(usize::from(landlord)), &mut x);
/// assert_eq!(pos, Some(DouZeroPosition::Landlord));
/// assert_eq!(x[..54].iter().filter(|&&v| v == 1).count(), 20); // its 20 cards
/// assert_eq!(x[270 + 16], 1); // landlord_up holds 17
/// # Ok::<(), doudizhu::GameError>(())
/// ```
pub fn douzero_x(
    obs: &Observation<'_>,
    out: &mut [i8; DOUZERO_X_PEASANT],
) -> Option<DouZeroPosition> {
    out.fill(0);
    let landlord = obs.landlord()?;
    let me = DouZeroPosition::of(obs.seat(), landlord);
    let seat = |p: DouZeroPosition| ((landlord + p as u8) % 3) as usize;
    let trace = trace(obs);
    let last_move = match trace {
        [.., a] if matches!(a, Action::Play(_)) => cards_of(*a),
        [.., b, _] => cards_of(*b),
        _ => Counts::EMPTY,
    };
    // the last action of a position: the k-th action of the play is position k mod 3's
    let last_of = |p: DouZeroPosition| {
        let k = p as usize;
        if trace.len() <= k {
            return Counts::EMPTY;
        }
        let i = k + (trace.len() - 1 - k) / 3 * 3;
        cards_of(trace[i])
    };
    let played = obs.played();
    let left = obs.cards_left();
    let (ll, up, down) = (
        DouZeroPosition::Landlord,
        DouZeroPosition::LandlordUp,
        DouZeroPosition::LandlordDown,
    );
    // the card rows, then the cards-left one-hots (position, width)
    let (rows, used, counts) = match me {
        DouZeroPosition::Landlord => (
            [
                obs.hand(),
                obs.others(),
                last_move,
                played[seat(up)],
                played[seat(down)],
                Counts::EMPTY,
                Counts::EMPTY,
            ],
            5,
            [(up, 17), (down, 17)],
        ),
        peasant => {
            let mate = if peasant == up { down } else { up };
            (
                [
                    obs.hand(),
                    obs.others(),
                    played[seat(ll)],
                    played[seat(mate)],
                    last_move,
                    last_of(ll),
                    last_of(mate),
                ],
                7,
                [(ll, 20), (mate, 17)],
            )
        }
    };
    for (chunk, &c) in out.chunks_exact_mut(54).zip(&rows[..used]) {
        if let Ok(row) = <&mut [i8; 54]>::try_from(chunk) {
            cards54_into(c, row);
        }
    }
    let mut at = 54 * used;
    for (p, n) in counts {
        let k = (left[seat(p)] as usize)
            .checked_sub(1)
            .unwrap_or(n - 1)
            .min(n - 1);
        out[at + k] = 1;
        at += n;
    }
    out[at + usize::from(obs.bombs()).min(14)] = 1;
    Some(me)
}

/// Writes DouZero's `z` into `out`: the last 15 actions of the play, oldest first, one
/// [`cards54`] row each (a pass: zeros), zeros in front when fewer; read as 5 rows of 162.
/// Zeros during the auction.
///
/// ```
/// use doudizhu::{Action, Game, GameRules, encode};
/// let mut g = Game::new(GameRules::DOUZERO, 0)?;
/// let first = g.legal_actions()[0];
/// g.apply_with_outcome(first)?;
/// let mut z = [0i8; encode::DOUZERO_Z];
/// encode::douzero_z(&g.observation(0), &mut z);
/// assert_eq!(&z[14 * 54..], &encode::douzero_action(&first)[..]);
/// assert!(z[..14 * 54].iter().all(|&x| x == 0));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
pub fn douzero_z(obs: &Observation<'_>, out: &mut [i8; DOUZERO_Z]) {
    out.fill(0);
    if obs.landlord().is_none() {
        return;
    }
    let trace = trace(obs);
    let n = trace.len().min(15);
    for (k, a) in trace[trace.len() - n..].iter().enumerate() {
        let row = 15 - n + k;
        if let Some(r) = out
            .get_mut(row * 54..(row + 1) * 54)
            .and_then(|s| <&mut [i8; 54]>::try_from(s).ok())
        {
            cards54_into(cards_of(*a), r);
        }
    }
}

// ------------------------------------------------------------------------------ action ids

/// RLCard's `action_space.txt`, one token a line after the comment lines.
const RLCARD_TABLE: &str = include_str!("../../data/rlcard_action_space.txt");

/// RLCard's id of pass.
pub const RLCARD_PASS: u32 = 27471;
/// RLCard's number of ids (its plays and pass).
pub const RLCARD_SIZE: u32 = 27472;
/// The first auction id (bid 1; bid 2 and 3 follow).
pub const BID1: u32 = RLCARD_SIZE;
/// Call (叫地主).
pub const CALL: u32 = RLCARD_SIZE + 3;
/// Rob (抢地主).
pub const ROB: u32 = RLCARD_SIZE + 4;
/// The number of action ids.
pub const ACTIONS: u32 = RLCARD_SIZE + 5;

/// A multiply-rotate hasher with a folding finish for the id map (keys are card masks, not
/// attacker-chosen): the standard library's SipHash costs more than the rest of an id lookup.
#[derive(Default)]
struct Fx(u64);

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
    fn finish(&self) -> u64 {
        // the product's low bits depend only on the key's low bits (a mask's lowest ranks), and
        // the table indexes buckets by low bits: fold the high half down first
        let h = self.0;
        h ^ (h >> 29) ^ (h >> 47)
    }
}

struct RlTable {
    /// id -> move (pass: `None`).
    moves: Vec<Option<Move>>,
    /// the multiset's bits -> id.
    ids: HashMap<u64, u32, BuildHasherDefault<Fx>>,
    /// The ids of the plays of one rank (`single[rank][count]`) and of the chains
    /// (`chain[count - 1][low][len]`): most plays are one of these, and an array read is
    /// cheaper than the map's lookup.
    single: [[u32; 5]; 15],
    chain: [[[u32; 13]; 13]; 3],
}

fn table() -> &'static RlTable {
    static TABLE: OnceLock<RlTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = RlTable {
            moves: Vec::with_capacity(RLCARD_SIZE as usize),
            ids: HashMap::with_capacity_and_hasher(
                RLCARD_SIZE as usize,
                BuildHasherDefault::default(),
            ),
            single: [[u32::MAX; 5]; 15],
            chain: [[[u32::MAX; 13]; 13]; 3],
        };
        for token in RLCARD_TABLE
            .lines()
            .map(str::trim)
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let id = t.moves.len() as u32;
            // every token is a standard play (the crate's tests check all 27,472)
            let m = Counts::parse_play(token)
                .ok()
                .and_then(|c| classify(c, &Rules::STANDARD).ok())
                .map(|r| r.first());
            t.moves.push(m);
            let Some(m) = m else { continue };
            let bits = m.cards().bits();
            t.ids.insert(bits, id);
            match shape(bits) {
                Shape::Single(r, c) => t.single[r][c] = id,
                Shape::Chain(c, lo, len) => t.chain[c - 1][lo][len] = id,
                Shape::Other => {}
            }
        }
        t
    })
}

/// Bit 0 of every rank's nibble.
const LSB: u64 = 0x0111_1111_1111_1111;

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

/// RLCard's id of the play of `cards` (`None`: RLCard has no such play).
///
/// ```
/// use doudizhu::{Counts, encode::rlcard_id};
/// assert_eq!(rlcard_id(Counts::parse_play("3")?), Some(0));
/// assert_eq!(rlcard_id(Counts::parse_play("BR")?), Some(27470));
/// assert_eq!(rlcard_id(Counts::parse_play("34")?), None);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[inline]
#[must_use]
pub fn rlcard_id(cards: Counts) -> Option<u32> {
    let t = table();
    let bits = cards.bits();
    let id = match shape(bits) {
        Shape::Single(r, c) => t.single[r][c],
        Shape::Chain(c, lo, len) => t.chain[c - 1][lo][len],
        Shape::Other => u32::MAX,
    };
    if id != u32::MAX {
        return Some(id);
    }
    t.ids.get(&bits).copied()
}

/// The play RLCard's id `id` names, as RLCard reads its cards (`None` for pass and ids past
/// its table).
///
/// ```
/// use doudizhu::encode::{RLCARD_PASS, rlcard_move};
/// assert_eq!(rlcard_move(27470).unwrap().cards().to_string(), "BR");
/// assert!(rlcard_move(RLCARD_PASS).is_none());
/// ```
#[must_use]
pub fn rlcard_move(id: u32) -> Option<Move> {
    table().moves.get(id as usize).copied().flatten()
}

/// The id of `action` (`None`: an action outside the enumeration, such as a play of rules
/// other than the standard plays, or a bid of 0).
///
/// ```
/// use doudizhu::{Action, encode};
/// assert_eq!(encode::action_id(&Action::Bid(2)), Some(encode::BID1 + 1));
/// assert_eq!(encode::action_id(&Action::Rob), Some(encode::ROB));
/// ```
#[inline]
#[must_use]
pub fn action_id(action: &Action) -> Option<u32> {
    match action {
        Action::Pass => Some(RLCARD_PASS),
        Action::Bid(n @ 1..=3) => Some(BID1 + u32::from(*n) - 1),
        Action::Bid(_) => None,
        Action::Call => Some(CALL),
        Action::Rob => Some(ROB),
        Action::Play(m) => rlcard_id(m.cards()),
    }
}

/// Whether `m` is RLCard's reading of the cards of id `id` (of two legal readings of one
/// multiset, the environments keep RLCard's).
///
/// ```
/// use doudizhu::{Counts, Rules, classify, encode};
/// let cards = Counts::parse_play("333444555666")?;
/// let readings = classify(cards, &Rules::STANDARD).unwrap();
/// let id = encode::rlcard_id(cards).unwrap();
/// assert_eq!(readings.iter().filter(|m| encode::is_rlcard_reading(id, m)).count(), 1);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn is_rlcard_reading(id: u32, m: &Move) -> bool {
    rlcard_move(id) == Some(*m)
}

/// The cards of action `id` (none for pass and the auction's ids; `None` out of range).
///
/// ```
/// use doudizhu::{Counts, encode};
/// assert_eq!(encode::action_cards(encode::CALL), Some(Counts::EMPTY));
/// assert_eq!(encode::action_cards(encode::ACTIONS), None);
/// ```
#[must_use]
pub fn action_cards(id: u32) -> Option<Counts> {
    match id {
        RLCARD_PASS => Some(Counts::EMPTY),
        x if (BID1..ACTIONS).contains(&x) => Some(Counts::EMPTY),
        x => rlcard_move(x).map(Move::cards),
    }
}

/// The text of action `id` (`pass`, `bid 2`, `call`, `rob`, or the play's cards; `None` out of
/// range).
///
/// ```
/// use doudizhu::encode::{BID1, action_text};
/// assert_eq!(action_text(BID1 + 2).as_deref(), Some("bid 3"));
/// assert_eq!(action_text(0).as_deref(), Some("3"));
/// ```
#[must_use]
pub fn action_text(id: u32) -> Option<String> {
    match id {
        RLCARD_PASS => Some("pass".into()),
        CALL => Some("call".into()),
        ROB => Some("rob".into()),
        x if (BID1..BID1 + 3).contains(&x) => Some(format!("bid {}", x - BID1 + 1)),
        x => rlcard_move(x).map(|m| m.cards().to_string()),
    }
}

// ------------------------------------------------------------------------------ the planes

/// The planes' shape: 11 planes of 15 ranks.
pub const PLANES: (usize, usize) = (11, 15);

/// Plane 10's columns.
pub const PLANE_SCALARS: [&str; 15] = [
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

/// `x` as a plane's byte (saturating: every value the encoders write is far below 127).
#[inline]
fn byte<T: TryInto<i8>>(x: T) -> i8 {
    x.try_into().unwrap_or(i8::MAX)
}

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

/// The role of seat `me` when the landlord is `landlord`: 0 the landlord, 1 the peasant who
/// plays after it (`landlord_down`), 2 the one before it (`landlord_up`).
///
/// ```
/// assert_eq!(doudizhu::encode::role(2, 1), 1);
/// ```
#[must_use]
pub const fn role(me: u8, landlord: u8) -> i8 {
    ((me % 3 + 3 - landlord % 3) % 3).cast_signed()
}

/// Writes the observer's planes (the module's table) into `out`, every byte.
///
/// ```
/// use doudizhu::{Game, GameRules, encode};
/// let g = Game::new(GameRules::STANDARD, 3)?;
/// let mut planes = [0i8; 11 * 15];
/// encode::encode_planes(&g.observation(0), &mut planes);
/// assert_eq!(planes[..15].iter().map(|&c| c as u32).sum::<u32>(), 17); // the hand
/// assert_eq!(planes[150 + 1], 0); // phase: the auction
/// # Ok::<(), doudizhu::GameError>(())
/// ```
pub fn encode_planes(obs: &Observation<'_>, out: &mut [i8; PLANES.0 * PLANES.1]) {
    out.fill(0);
    let me = obs.seat();
    let rel = |s: u8| (s + 3 - me) % 3;
    let (rows, sc) = out.split_at_mut(150);
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
    sc[0] = ll.map_or(-1, |l| role(me, l));
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

// ------------------------------------------------------------------------------ RLCard's obs

/// RLCard's `obs` width (a peasant's; the landlord's 790 are followed by zeros).
pub const RLCARD_OBS: usize = 901;

/// Writes RLCard's `obs` (`DoudizhuEnv._extract_state`, rlcard 1.2) of the observer into
/// `out`: seats numbered from the landlord (0), as RLCard's landlord is its player 0; its
/// trace is the play phase; zeros past 790 for the landlord and everywhere in the auction.
/// Kept as RLCard computes it, its two quirks included: a peasant's "last landlord action"
/// and "last teammate action" are their *first* in the trace (its loops run backwards without
/// stopping), and a count of 0 cards left sets the one-hot's last slot (numpy's index -1).
///
/// ```
/// use doudizhu::{Game, GameRules, encode};
/// let g = Game::new(GameRules::RLCARD, 0)?;
/// let mut obs = [0i8; encode::RLCARD_OBS];
/// encode::encode_rlcard(&g.observation(usize::from(g.state().landlord().unwrap())), &mut obs);
/// assert_eq!(obs[..54].iter().filter(|&&x| x == 1).count(), 20); // the landlord's hand
/// assert!(obs[790..].iter().all(|&x| x == 0));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
pub fn encode_rlcard(obs: &Observation<'_>, out: &mut [i8; RLCARD_OBS]) {
    out.fill(0);
    let Some(landlord) = obs.landlord() else {
        return; // the auction: RLCard has none
    };
    let id = |seat: u8| (seat + 3 - landlord) % 3; // RLCard's player number
    let me = id(obs.seat());
    let seat_of = |rl: u8| ((rl + landlord) % 3) as usize;
    let trace = trace(obs);
    let put = |at: usize, c: Counts, out: &mut [i8; RLCARD_OBS]| {
        if let Some(row) = out
            .get_mut(at..at + 54)
            .and_then(|s| <&mut [i8; 54]>::try_from(s).ok())
        {
            cards54_into(c, row);
        }
    };
    put(0, obs.hand(), out);
    put(54, obs.others(), out);
    let last = match trace {
        [.., a] if !matches!(a, Action::Pass) => cards_of(*a),
        [.., b, _] => cards_of(*b),
        [] | [_] => Counts::EMPTY,
    };
    put(108, last, out);
    let n = trace.len().min(9);
    for (k, a) in trace[trace.len() - n..].iter().enumerate() {
        put(162 + (9 - n + k) * 54, cards_of(*a), out);
    }
    let rest = 162 + 486;
    let played = obs.played();
    let left = obs.cards_left();
    let one_hot = |n: u32, width: usize| {
        (n as usize)
            .checked_sub(1)
            .unwrap_or(width - 1)
            .min(width - 1)
    };
    // the k-th action of the trace is RLCard player k mod 3's (the landlord leads)
    let first_of = |rl: usize| trace.iter().skip(rl).step_by(3).next().copied();
    if me == 0 {
        let (up, down) = (seat_of(2), seat_of(1));
        put(rest, played[up], out);
        put(rest + 54, played[down], out);
        out[rest + 108 + one_hot(left[up], 17)] = 1;
        out[rest + 125 + one_hot(left[down], 17)] = 1;
    } else {
        let mate = 3 - me;
        put(rest, played[seat_of(0)], out);
        put(rest + 54, played[seat_of(mate)], out);
        put(rest + 108, first_of(0).map_or(Counts::EMPTY, cards_of), out);
        put(
            rest + 162,
            first_of(mate as usize).map_or(Counts::EMPTY, cards_of),
            out,
        );
        out[rest + 216 + one_hot(left[seat_of(0)], 20)] = 1;
        out[rest + 236 + one_hot(left[seat_of(mate)], 17)] = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameRules};
    use cards_core::Rng;
    use cards_core::game::InfoSet as _;

    #[test]
    fn the_table_holds_rlcards_27471_plays_each_multiset_once() {
        let mut seen = std::collections::HashSet::new();
        for id in 0..RLCARD_PASS {
            let m = rlcard_move(id).unwrap_or_else(|| panic!("id {id} has no play"));
            assert!(seen.insert(m.cards().bits()), "id {id} repeats {m}");
            assert_eq!(rlcard_id(m.cards()), Some(id));
            assert_eq!(action_cards(id), Some(m.cards()));
        }
        assert!(rlcard_move(RLCARD_PASS).is_none() && rlcard_move(ACTIONS).is_none());
        assert_eq!(action_text(ACTIONS), None);
        assert_eq!(action_cards(ACTIONS), None);
    }

    /// Random games of `rules`: every legal action has an id in range that names its cards,
    /// and no encoding of any seat changes when the hidden cards are dealt anew.
    fn check_games(rules: GameRules, games: u64) -> u64 {
        let mut rng = Rng::seed_from_u64(7);
        let mut steps = 0;
        let (mut a, mut b) = ([[0i8; 901]; 2], [[0i8; 1240]; 2]);
        let mut p = [[0i8; 165]; 2];
        for seed in 0..games {
            let mut g = Game::new(rules, seed).unwrap();
            loop {
                for seat in 0..3u8 {
                    let obs = g.observation(usize::from(seat));
                    let world: Game = obs.sample(&mut rng);
                    for (k, o) in [obs, world.observation(usize::from(seat))]
                        .iter()
                        .enumerate()
                    {
                        encode_planes(o, &mut p[k]);
                        encode_rlcard(o, &mut a[k]);
                        let (x, z) = b[k].split_at_mut(DOUZERO_X_PEASANT);
                        douzero_x(o, x.try_into().unwrap());
                        douzero_z(o, z.try_into().unwrap());
                    }
                    assert!(p[0] == p[1] && a[0] == a[1] && b[0] == b[1], "seed {seed}");
                }
                let legal = g.legal_actions();
                if legal.is_empty() {
                    break;
                }
                for act in &legal {
                    let id = action_id(act).unwrap_or_else(|| panic!("{act} has no id"));
                    assert!(id < ACTIONS);
                    let cards = match act {
                        Action::Play(m) => m.cards(),
                        _ => Counts::EMPTY,
                    };
                    assert_eq!(action_cards(id), Some(cards));
                    let text = action_text(id).unwrap();
                    assert_eq!(
                        g.state().parse_action(&text).ok().map(|x| action_id(&x)),
                        Some(Some(id))
                    );
                }
                let pick = legal[rng.below(legal.len() as u64) as usize];
                g.apply_with_outcome(pick).unwrap();
                steps += 1;
            }
        }
        steps
    }

    #[test]
    fn every_legal_action_has_an_id_and_no_encoding_reads_a_hidden_card() {
        assert!(check_games(GameRules::STANDARD, 40) > 1000);
        assert!(check_games("standard+auction=call_rob".parse().unwrap(), 20) > 500);
        assert!(check_games(GameRules::RLCARD, 20) > 500);
    }

    #[test]
    fn douzero_one_hots_and_positions() {
        let g = Game::new(GameRules::DOUZERO, 2).unwrap();
        let ll = g.state().landlord().unwrap();
        let mut x = [0i8; DOUZERO_X_PEASANT];
        let down = (ll + 1) % 3;
        assert_eq!(
            douzero_x(&g.observation(usize::from(down)), &mut x),
            Some(DouZeroPosition::LandlordDown)
        );
        // the landlord holds 20: slot 19 of its one-hot; the teammate 17: slot 16
        assert_eq!((x[378 + 19], x[398 + 16], x[415]), (1, 1, 1));
        assert_eq!(x.iter().map(|&v| i32::from(v)).sum::<i32>(), 17 + 37 + 3);
        let auction = Game::new(GameRules::STANDARD, 2).unwrap();
        assert_eq!(douzero_x(&auction.observation(0), &mut x), None);
        assert!(x.iter().all(|&v| v == 0));
    }
}
