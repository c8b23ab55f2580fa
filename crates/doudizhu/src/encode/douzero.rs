//! DouZero's numbers (douzero 1.1.0): its card numbers ([`douzero_cards`],
//! [`counts_from_douzero`]), its move type numbers ([`douzero_type`], [`douzero_move_type`]),
//! its move generator's lists ([`douzero_gen`], [`douzero_legal`]) and a seat's whole feature
//! set ([`douzero_features`]: the module's `x_no_action` and `z`, with the legal plays and
//! their action rows).
//!
//! DouZero writes a card as a number: 3..=14 for the ranks 3 ... A, 17 for the 2, 20 and 30 for
//! the black and the red joker; a play is a list of them in rank order, a pass the empty list.
//! Its rules are the `douzero` preset ([`Rules::DOUZERO`]).
//!
//! ```
//! use doudizhu::{Counts, encode};
//! let cards = Counts::parse_play("3334BR")?;
//! assert_eq!(encode::douzero_cards(cards), [3, 3, 3, 4, 20, 30]);
//! assert_eq!(encode::counts_from_douzero(&[3, 3, 3, 4, 20, 30]), Ok(cards));
//! let t = encode::douzero_move_type(&[3, 3, 3, 4]);
//! assert_eq!((t.type_number, t.rank, t.len), (6, Some(3), None)); // trio + solo of 3s
//! # Ok::<(), doudizhu::ParseError>(())
//! ```

use std::collections::HashSet;
use std::fmt;

use super::{DOUZERO_X_PEASANT, DOUZERO_Z, DouZeroPosition, douzero_action, douzero_x, douzero_z};
use crate::{
    Action, Counts, Kind, Move, Observation, Rank, Rules, classify, follow_into, lead_into,
};

/// DouZero's number of each rank, indexed by [`Rank::index`] (`3` ... `A` are 3..=14, `2` is
/// 17, the jokers 20 and 30).
pub const DOUZERO_CARD_NUMBERS: [u32; 15] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30];

/// DouZero's move type of a pass (`TYPE_0_PASS`).
pub const DOUZERO_TYPE_PASS: u8 = 0;
/// DouZero's move type of cards that are no play (`TYPE_15_WRONG`).
pub const DOUZERO_TYPE_WRONG: u8 = 15;

/// DouZero's number of `rank`.
///
/// ```
/// use doudizhu::{Rank, encode::douzero_card};
/// assert_eq!(douzero_card(Rank::Two), 17);
/// ```
#[must_use]
pub const fn douzero_card(rank: Rank) -> u32 {
    DOUZERO_CARD_NUMBERS[rank.index() as usize]
}

/// The cards as DouZero's list of card numbers, in rank order.
///
/// ```
/// use doudizhu::{Counts, encode::douzero_cards};
/// assert_eq!(douzero_cards(Counts::parse_play("22A")?), [14, 17, 17]);
/// assert!(douzero_cards(Counts::EMPTY).is_empty()); // a pass
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn douzero_cards(cards: Counts) -> Vec<u32> {
    let mut v = Vec::with_capacity(cards.len() as usize);
    let mut b = cards.bits();
    let mut r = 0;
    while b != 0 {
        for _ in 0..(b & 0xf) {
            v.push(DOUZERO_CARD_NUMBERS[r]);
        }
        b >>= 4;
        r += 1;
    }
    v
}

/// A list of DouZero card numbers that is no multiset of the deck.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DouZeroCardError {
    /// A number that is no DouZero card.
    Unknown {
        /// The number.
        card: i64,
        /// Its position in the list.
        position: usize,
    },
    /// A card more often than the deck holds it (4 of a rank, 1 of a joker).
    TooMany {
        /// The card's number.
        card: i64,
        /// How many the deck holds.
        max: u32,
        /// The position of the one too many.
        position: usize,
    },
}

impl fmt::Display for DouZeroCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DouZeroCardError::Unknown { card, position } => write!(
                f,
                "unknown DouZero card {card} at position {position} (3..14 are 3..A, 17 is 2, 20 and 30 the jokers)"
            ),
            DouZeroCardError::TooMany {
                card,
                max,
                position,
            } => write!(
                f,
                "DouZero card {card} given more than {max} times (at position {position})"
            ),
        }
    }
}

impl std::error::Error for DouZeroCardError {}

/// The rank multiset of a list of DouZero card numbers (in any order).
///
/// ```
/// use doudizhu::{Counts, encode::{DouZeroCardError, counts_from_douzero}};
/// assert_eq!(counts_from_douzero(&[17, 3])?, Counts::parse_play("32")?);
/// assert_eq!(
///     counts_from_douzero(&[3, 15]).unwrap_err().to_string(),
///     "unknown DouZero card 15 at position 1 (3..14 are 3..A, 17 is 2, 20 and 30 the jokers)"
/// );
/// assert!(matches!(counts_from_douzero(&[30, 30]), Err(DouZeroCardError::TooMany { max: 1, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn counts_from_douzero(cards: &[i64]) -> Result<Counts, DouZeroCardError> {
    let mut counts = Counts::EMPTY;
    for (position, &card) in cards.iter().enumerate() {
        let r = match card {
            3..=14 => (card - 3).unsigned_abs() as usize,
            17 => 12,
            20 => 13,
            30 => 14,
            _ => return Err(DouZeroCardError::Unknown { card, position }),
        };
        let rank = Rank::ALL[r];
        counts = Counts::of(rank, 1)
            .and_then(|one| counts.checked_add(one))
            .ok_or(DouZeroCardError::TooMany {
                card,
                max: rank.copies(),
                position,
            })?;
    }
    Ok(counts)
}

/// DouZero's type number of a play type (`douzero.env.utils`: 1 solo ... 14 four with two
/// pairs).
///
/// ```
/// use doudizhu::{Kind, encode::douzero_type};
/// assert_eq!(douzero_type(Kind::Bomb), 4);
/// assert_eq!(douzero_type(Kind::FourTwoPair), 14);
/// ```
#[must_use]
pub const fn douzero_type(kind: Kind) -> u8 {
    match kind {
        Kind::Solo => 1,
        Kind::Pair => 2,
        Kind::Trio => 3,
        Kind::Bomb => 4,
        Kind::Rocket => 5,
        Kind::TrioSolo => 6,
        Kind::TrioPair => 7,
        Kind::Chain => 8,
        Kind::PairChain => 9,
        Kind::Plane => 10,
        Kind::PlaneSolo => 11,
        Kind::PlanePair => 12,
        Kind::FourTwoSolo => 13,
        Kind::FourTwoPair => 14,
    }
}

/// The play type of DouZero's type number (`None` outside 1..=14).
///
/// ```
/// use doudizhu::{Kind, encode::douzero_kind};
/// assert_eq!(douzero_kind(8), Some(Kind::Chain));
/// assert_eq!(douzero_kind(15), None);
/// ```
#[must_use]
pub fn douzero_kind(type_number: u8) -> Option<Kind> {
    Kind::ALL
        .into_iter()
        .find(|&k| douzero_type(k) == type_number)
}

/// The chain length of a play (1 for the types without a chain).
fn chain_len(m: &Move) -> u32 {
    match m.kind() {
        Kind::Rocket => 1,
        k => m.body().len() / k.body_count(),
    }
}

/// DouZero's `move_detector.get_move_type` of a card list: the type number, and the rank and
/// the length where DouZero gives them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DouZeroMoveType {
    /// The type: [`DOUZERO_TYPE_PASS`], [`douzero_type`] of the first reading under the
    /// `douzero` rules, or [`DOUZERO_TYPE_WRONG`].
    pub type_number: u8,
    /// The main rank as a DouZero card (a chain's or plane's lowest body rank); `None` for a
    /// pass, the rocket and no play.
    pub rank: Option<u32>,
    /// The chain's or plane's length (`None` for the other types).
    pub len: Option<u32>,
}

/// `move_detector.get_move_type` under the `douzero` rules (the first reading of the cards).
///
/// ```
/// use doudizhu::encode::{DOUZERO_TYPE_WRONG, douzero_move_type};
/// let chain = douzero_move_type(&[3, 4, 5, 6, 7]);
/// assert_eq!((chain.type_number, chain.rank, chain.len), (8, Some(3), Some(5)));
/// assert_eq!(douzero_move_type(&[3, 5]).type_number, DOUZERO_TYPE_WRONG);
/// assert_eq!(douzero_move_type(&[]).type_number, 0);
/// ```
#[must_use]
pub fn douzero_move_type(cards: &[i64]) -> DouZeroMoveType {
    let mut t = DouZeroMoveType {
        type_number: DOUZERO_TYPE_PASS,
        rank: None,
        len: None,
    };
    if cards.is_empty() {
        return t;
    }
    let Ok(Ok(readings)) = counts_from_douzero(cards).map(|c| classify(c, &Rules::DOUZERO)) else {
        t.type_number = DOUZERO_TYPE_WRONG;
        return t;
    };
    let m = readings.first();
    t.type_number = douzero_type(m.kind());
    match m.kind() {
        Kind::Rocket => {}
        Kind::Chain | Kind::PairChain | Kind::Plane | Kind::PlaneSolo | Kind::PlanePair => {
            t.rank = Some(douzero_card(m.low()));
            t.len = Some(chain_len(&m));
        }
        _ => t.rank = Some(douzero_card(m.main())),
    }
    t
}

/// `MovesGener.gen_type_<n>` for `kind`: the leads of `hand` of that type under the `douzero`
/// rules, each card multiset once (two readings of one multiset, a plane with a wing trio next
/// to the body, are one DouZero move), in the crate's list order. `repeat_num` is a chain's or
/// plane's length as DouZero's serial generators take it; below the type's shortest length
/// (0, say) it means every length.
///
/// ```
/// use doudizhu::{Counts, Kind, encode::douzero_gen};
/// let hand = Counts::parse_hand("34567899")?;
/// assert_eq!(douzero_gen(hand, Kind::Chain, 0).len(), 6); // 34567, 45678, ..., 3456789
/// let six = douzero_gen(hand, Kind::Chain, 6);
/// assert_eq!(six, [Counts::parse_play("345678")?, Counts::parse_play("456789")?]);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn douzero_gen(hand: Counts, kind: Kind, repeat_num: i64) -> Vec<Counts> {
    let min = i64::from(*kind.lengths().start());
    let want = if repeat_num < min { 0 } else { repeat_num };
    let mut out = Vec::with_capacity(256);
    lead_into(hand, &Rules::DOUZERO, &mut out);
    let mut seen = HashSet::new();
    out.iter()
        .filter(|m| m.kind() == kind && (want == 0 || i64::from(chain_len(m)) == want))
        .map(|m| m.cards())
        .filter(|c| seen.insert(c.bits()))
        .collect()
}

/// `GameEnv.get_legal_card_play_actions` for `hand` after `rival_move` (empty: leading), under
/// the `douzero` rules: the plays that beat the rival move (the first reading of its cards),
/// the bombs and the rocket, then a pass ([`Counts::EMPTY`]) when following. A plane's card
/// multiset is listed once. A rival move that is no play (DouZero's type 15) is answered as
/// DouZero does: the bombs, the rocket and pass.
///
/// # Errors
///
/// A rival move that is no list of DouZero cards.
///
/// ```
/// use doudizhu::{Counts, encode::douzero_legal};
/// let hand = Counts::parse_hand("3KKKK")?;
/// let after_a_queen = douzero_legal(hand, &[12])?;
/// assert_eq!(after_a_queen, [Counts::parse_play("K")?, Counts::parse_play("KKKK")?, Counts::EMPTY]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn douzero_legal(hand: Counts, rival_move: &[i64]) -> Result<Vec<Counts>, DouZeroCardError> {
    let rules = Rules::DOUZERO;
    let mut out = Vec::with_capacity(256);
    let rival = if rival_move.is_empty() {
        None
    } else {
        Some(classify(counts_from_douzero(rival_move)?, &rules))
    };
    match rival {
        None => {
            lead_into(hand, &rules, &mut out);
        }
        Some(Ok(r)) => {
            follow_into(hand, &r.first(), &rules, &mut out);
        }
        Some(Err(_)) => {
            lead_into(hand, &rules, &mut out);
            out.retain(|m| m.kind().is_bomb());
        }
    }
    // only planes (with or without solo wings) can read one card list twice
    let mut seen = HashSet::new();
    let mut plays: Vec<Counts> = out
        .iter()
        .filter(|m| !matches!(m.kind(), Kind::Plane | Kind::PlaneSolo) || seen.insert(m.cards()))
        .map(|m| m.cards())
        .collect();
    if !rival_move.is_empty() {
        plays.push(Counts::EMPTY);
    }
    Ok(plays)
}

/// DouZero's features of one seat (`douzero.env.env.get_obs`): [`douzero_features`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DouZeroFeatures {
    /// The seat's position.
    pub position: DouZeroPosition,
    /// `x_no_action` ([`douzero_x`]), [`DouZeroPosition::x_len`] values.
    pub x_no_action: Vec<i8>,
    /// `z` ([`douzero_z`]).
    pub z: Vec<i8>,
    /// The seat's legal plays, each card multiset once, a pass as [`Counts::EMPTY`] (none
    /// when the seat is not to act).
    pub plays: Vec<Counts>,
    /// The plays' action rows ([`douzero_action`]) one after another.
    pub actions: Vec<i8>,
}

/// The features of the observing seat (`None` during the auction): `x_no_action`, `z`, and
/// its legal plays with their action rows, each card multiset once, in the order the game
/// lists its actions.
///
/// ```
/// use doudizhu::{Game, GameRules, encode::{self, DouZeroPosition}};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// let seat = g.seat_to_act().unwrap();
/// let f = encode::douzero_features(&g.observation(usize::from(seat))).unwrap();
/// assert_eq!(f.position, DouZeroPosition::Landlord); // the landlord leads
/// assert_eq!(f.x_no_action.len(), encode::DOUZERO_X_LANDLORD);
/// assert_eq!(f.actions.len(), f.plays.len() * encode::DOUZERO_ACTION);
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[must_use]
pub fn douzero_features(obs: &Observation<'_>) -> Option<DouZeroFeatures> {
    let mut x = [0i8; DOUZERO_X_PEASANT];
    let position = douzero_x(obs, &mut x)?;
    let mut z = [0i8; DOUZERO_Z];
    douzero_z(obs, &mut z);
    let mut seen = HashSet::new();
    let mut plays = Vec::new();
    let mut actions = Vec::new();
    for a in obs.legal_actions() {
        let cards = match a {
            Action::Play(m) => m.cards(),
            Action::Pass => Counts::EMPTY,
            _ => continue,
        };
        if seen.insert(cards) {
            plays.push(cards);
            actions.extend(douzero_action(&a));
        }
    }
    Some(DouZeroFeatures {
        position,
        x_no_action: x[..position.x_len()].to_vec(),
        z: z.to_vec(),
        plays,
        actions,
    })
}
