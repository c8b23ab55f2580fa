//! [`Kind`] (the 14 combination types) and [`Move`] (a reading: cards, type, length, main rank),
//! with comparison and the seed's `value`.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::rules::counts::{Counts, Rank};

/// A combination type (牌型). The order is the order of move lists and fixture tables.
///
/// ```
/// use doudizhu::Kind;
/// assert_eq!(Kind::PlaneSolo.name(), "plane_solo");
/// assert_eq!(Kind::PlaneSolo.seed_name(), "cgTHREE_TAKE_ONE_LINE");
/// assert_eq!("four_two_pair".parse::<Kind>(), Ok(Kind::FourTwoPair));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Kind {
    /// One card.
    Solo,
    /// Two of a rank (never the two jokers).
    Pair,
    /// Three of a rank.
    Trio,
    /// A trio and one other card.
    TrioSolo,
    /// A trio and a pair of another rank.
    TrioPair,
    /// 5 to 12 consecutive ranks (3..A), one card each.
    Chain,
    /// 3 to 10 consecutive pairs.
    PairChain,
    /// 2 to 6 consecutive trios.
    Plane,
    /// `n` consecutive trios (2..=5) and `n` solo wings.
    PlaneSolo,
    /// `n` consecutive trios (2..=4) and `n` pairs.
    PlanePair,
    /// Four of a rank and two more cards.
    FourTwoSolo,
    /// Four of a rank and two pairs.
    FourTwoPair,
    /// Four of a rank.
    Bomb,
    /// Both jokers.
    Rocket,
}

impl Kind {
    /// The 14 types, in list order.
    ///
    /// ```
    /// use doudizhu::Kind;
    /// assert_eq!(Kind::ALL.len(), 14);
    /// assert_eq!(Kind::ALL[13], Kind::Rocket);
    /// ```
    pub const ALL: [Kind; 14] = [
        Kind::Solo,
        Kind::Pair,
        Kind::Trio,
        Kind::TrioSolo,
        Kind::TrioPair,
        Kind::Chain,
        Kind::PairChain,
        Kind::Plane,
        Kind::PlaneSolo,
        Kind::PlanePair,
        Kind::FourTwoSolo,
        Kind::FourTwoPair,
        Kind::Bomb,
        Kind::Rocket,
    ];

    /// The name used by the CLI and the tables (`solo`, `trio_pair`, `plane_solo`, ...).
    ///
    /// ```
    /// use doudizhu::Kind;
    /// assert_eq!(Kind::FourTwoSolo.name(), "four_two_solo");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Solo => "solo",
            Kind::Pair => "pair",
            Kind::Trio => "trio",
            Kind::TrioSolo => "trio_solo",
            Kind::TrioPair => "trio_pair",
            Kind::Chain => "chain",
            Kind::PairChain => "pair_chain",
            Kind::Plane => "plane",
            Kind::PlaneSolo => "plane_solo",
            Kind::PlanePair => "plane_pair",
            Kind::FourTwoSolo => "four_two_solo",
            Kind::FourTwoPair => "four_two_pair",
            Kind::Bomb => "bomb",
            Kind::Rocket => "rocket",
        }
    }

    /// The seed's `CardGroupType` name.
    ///
    /// ```
    /// use doudizhu::Kind;
    /// assert_eq!(Kind::Rocket.seed_name(), "cgKING_CARD");
    /// ```
    #[must_use]
    pub const fn seed_name(self) -> &'static str {
        match self {
            Kind::Solo => "cgSINGLE",
            Kind::Pair => "cgDOUBLE",
            Kind::Trio => "cgTHREE",
            Kind::TrioSolo => "cgTHREE_TAKE_ONE",
            Kind::TrioPair => "cgTHREE_TAKE_TWO",
            Kind::Chain => "cgSINGLE_LINE",
            Kind::PairChain => "cgDOUBLE_LINE",
            Kind::Plane => "cgTHREE_LINE",
            Kind::PlaneSolo => "cgTHREE_TAKE_ONE_LINE",
            Kind::PlanePair => "cgTHREE_TAKE_TWO_LINE",
            Kind::FourTwoSolo => "cgFOUR_TAKE_ONE",
            Kind::FourTwoPair => "cgFOUR_TAKE_TWO",
            Kind::Bomb => "cgBOMB_CARD",
            Kind::Rocket => "cgKING_CARD",
        }
    }

    /// The body lengths the type allows (1..=1 for the types without a chain).
    ///
    /// ```
    /// use doudizhu::Kind;
    /// assert_eq!(Kind::Chain.lengths(), 5..=12);
    /// assert_eq!(Kind::PlanePair.lengths(), 2..=4);
    /// assert_eq!(Kind::Bomb.lengths(), 1..=1);
    /// ```
    #[must_use]
    pub const fn lengths(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Kind::Chain => 5..=12,
            Kind::PairChain => 3..=10,
            Kind::Plane => 2..=6,
            Kind::PlaneSolo => 2..=5,
            Kind::PlanePair => 2..=4,
            _ => 1..=1,
        }
    }

    /// Cards of each body rank: 1 for solo and chain, 2 for pair and pair chain, 3 for the trio
    /// and plane types, 4 for bomb and four + two, 1 for the rocket (each joker).
    ///
    /// ```
    /// use doudizhu::Kind;
    /// assert_eq!(Kind::PlaneSolo.body_count(), 3);
    /// ```
    #[must_use]
    pub const fn body_count(self) -> u32 {
        match self {
            Kind::Solo | Kind::Chain | Kind::Rocket => 1,
            Kind::Pair | Kind::PairChain => 2,
            Kind::Trio
            | Kind::TrioSolo
            | Kind::TrioPair
            | Kind::Plane
            | Kind::PlaneSolo
            | Kind::PlanePair => 3,
            Kind::FourTwoSolo | Kind::FourTwoPair | Kind::Bomb => 4,
        }
    }

    /// The number of cards of a play of this type with a body of `len` ranks (saturating at
    /// `u32::MAX` for lengths no play has, instead of overflowing).
    ///
    /// ```
    /// use doudizhu::Kind;
    /// assert_eq!(Kind::PlaneSolo.cards(2), 8);
    /// assert_eq!(Kind::FourTwoPair.cards(1), 8);
    /// assert_eq!(Kind::Pair.cards(u32::MAX), u32::MAX);
    /// ```
    #[must_use]
    pub const fn cards(self, len: u32) -> u32 {
        match self {
            Kind::Solo | Kind::Chain => len,
            Kind::Pair | Kind::PairChain | Kind::Rocket => len.saturating_mul(2),
            Kind::Trio | Kind::Plane => len.saturating_mul(3),
            Kind::TrioSolo | Kind::PlaneSolo | Kind::Bomb => len.saturating_mul(4),
            Kind::TrioPair | Kind::PlanePair => len.saturating_mul(5),
            Kind::FourTwoSolo => 6,
            Kind::FourTwoPair => 8,
        }
    }

    /// Whether the type is a bomb or the rocket (it beats other types).
    ///
    /// ```
    /// use doudizhu::Kind;
    /// assert!(Kind::Bomb.is_bomb());
    /// assert!(!Kind::FourTwoSolo.is_bomb());
    /// ```
    #[must_use]
    pub const fn is_bomb(self) -> bool {
        matches!(self, Kind::Bomb | Kind::Rocket)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown type name.
///
/// ```
/// use doudizhu::Kind;
/// let e = "airplane".parse::<Kind>().unwrap_err();
/// assert!(e.to_string().starts_with("unknown type \"airplane\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKind(pub String);

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        write!(f, "unknown type \"{}\" ({})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownKind {}

impl FromStr for Kind {
    type Err = UnknownKind;

    /// Reads a type name (`plane_solo`; either case, `-` for `_` accepted).
    fn from_str(s: &str) -> Result<Kind, UnknownKind> {
        let norm = s.trim().to_ascii_lowercase().replace('-', "_");
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == norm)
            .ok_or_else(|| UnknownKind(s.to_string()))
    }
}

/// A move: a multiset of cards read as one combination (type, body length, main rank). The same
/// cards may be two moves where the rules allow two readings (see [`classify`](crate::classify)).
/// Small and `Copy` (16 bytes); built only by [`classify`](crate::classify) and the generators,
/// so every `Move` is a legal play.
///
/// ```
/// use doudizhu::{classify, Kind, Rank, Rules};
/// let m = classify("33344456".parse()?, &Rules::STANDARD).unwrap().first();
/// assert_eq!((m.kind(), m.body_len(), m.main()), (Kind::PlaneSolo, 2, Rank::Four));
/// assert_eq!(m.count(), 8);
/// assert_eq!(m.to_string(), "33344456 plane_solo 2 4");
/// assert_eq!(std::mem::size_of_val(&m), 16);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    cards: Counts,
    /// `kind | len << 8 | main << 16`: one store when a generator writes a move.
    tag: u32,
}

impl Move {
    /// Builds a move; the caller guarantees it is a reading of `cards`.
    #[inline]
    pub(crate) const fn new_unchecked(cards: u64, kind: Kind, len: u8, main: u8) -> Move {
        Move::from_tag(cards, kind as u32 | (len as u32) << 8 | (main as u32) << 16)
    }

    #[inline]
    pub(crate) const fn from_tag(cards: u64, tag: u32) -> Move {
        Move {
            cards: Counts::from_bits_unchecked(cards),
            tag,
        }
    }

    /// The move's type, length and main rank as 12 bits: `kind | len << 4 | main << 8`.
    #[inline]
    pub(crate) const fn tag12(self) -> u64 {
        (self.tag & 0xf | (self.tag >> 4) & 0xf0 | (self.tag >> 8) & 0xf00) as u64
    }

    /// The move with these cards and a 12-bit tag from [`tag12`](Self::tag12).
    #[inline]
    pub(crate) const fn from_tag12(cards: u64, t: u64) -> Move {
        let t = t as u32;
        Move::from_tag(cards, t & 0xf | (t & 0xf0) << 4 | (t & 0xf00) << 8)
    }

    /// The cards.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let m = classify("3334".parse()?, &Rules::STANDARD).unwrap().first();
    /// assert_eq!(m.cards().to_string(), "3334");
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn cards(self) -> Counts {
        self.cards
    }

    /// The combination type.
    ///
    /// ```
    /// use doudizhu::{classify, Kind, Rules};
    /// let m = classify("BR".parse()?, &Rules::STANDARD).unwrap().first();
    /// assert_eq!(m.kind(), Kind::Rocket);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn kind(self) -> Kind {
        // a match, not `Kind::ALL[..]`: no bounds check (every tag holds a kind)
        match self.tag & 0xff {
            0 => Kind::Solo,
            1 => Kind::Pair,
            2 => Kind::Trio,
            3 => Kind::TrioSolo,
            4 => Kind::TrioPair,
            5 => Kind::Chain,
            6 => Kind::PairChain,
            7 => Kind::Plane,
            8 => Kind::PlaneSolo,
            9 => Kind::PlanePair,
            10 => Kind::FourTwoSolo,
            11 => Kind::FourTwoPair,
            12 => Kind::Bomb,
            _ => Kind::Rocket,
        }
    }

    /// The number of body ranks: a chain's, pair chain's or plane's length (5 for `34567`, 2 for
    /// the plane `33344456`), 1 for the other types. The CLI's and the JSON's `length`.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let m = classify("3344556677".parse()?, &Rules::STANDARD).unwrap().first();
    /// assert_eq!(m.body_len(), 5);
    /// assert_eq!(m.len(), 10); // cards
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn body_len(self) -> u8 {
        (self.tag >> 8) as u8
    }

    /// The main rank, which decides comparison: the rank of the solo, pair, trio, four or bomb;
    /// the highest body rank of a chain or plane (wings never count); the red joker for the
    /// rocket. The seed's `nMaxCard` is its [`seed_number`](Rank::seed_number).
    ///
    /// ```
    /// use doudizhu::{classify, Rank, Rules};
    /// // 555666777 with the wing trio 333: the body's top, never the wing's
    /// let m = classify("333555666777".parse()?, &Rules::STANDARD).unwrap().first();
    /// assert_eq!(m.main(), Rank::Seven);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn main(self) -> Rank {
        // a match, not `Rank::ALL[..]`: no bounds check (every tag holds a rank index)
        match self.main_index() {
            0 => Rank::Three,
            1 => Rank::Four,
            2 => Rank::Five,
            3 => Rank::Six,
            4 => Rank::Seven,
            5 => Rank::Eight,
            6 => Rank::Nine,
            7 => Rank::Ten,
            8 => Rank::Jack,
            9 => Rank::Queen,
            10 => Rank::King,
            11 => Rank::Ace,
            12 => Rank::Two,
            13 => Rank::BlackJoker,
            _ => Rank::RedJoker,
        }
    }

    #[inline]
    const fn main_index(self) -> u8 {
        (self.tag >> 16) as u8
    }

    /// The lowest body rank.
    ///
    /// ```
    /// use doudizhu::{classify, Rank, Rules};
    /// let m = classify("34567".parse()?, &Rules::STANDARD).unwrap().first();
    /// assert_eq!(m.low(), Rank::Three);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn low(self) -> Rank {
        match self.kind() {
            Kind::Rocket => Rank::BlackJoker,
            _ => Rank::ALL[(self.main_index() + 1 - self.body_len()) as usize],
        }
    }

    /// The number of cards, as `len()` is everywhere in the workspace (the chain's body length
    /// is [`body_len`](Self::body_len)).
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let m = classify("33344456".parse()?, &Rules::STANDARD).unwrap().first();
    /// assert_eq!((m.len(), m.body_len()), (8, 2));
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // a move is never empty
    pub const fn len(self) -> u32 {
        self.cards.len()
    }

    /// The number of cards under the seed's name `nCount`: the same as [`len`](Self::len).
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let m = classify("333344".parse()?, &Rules::STANDARD).unwrap().first();
    /// assert_eq!(m.count(), 6);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.cards.len()
    }

    /// The body: the cards that make the type (trios of a plane, the four of four + two, ...).
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let m = classify("33344456".parse()?, &Rules::STANDARD).unwrap().first();
    /// assert_eq!(m.body().to_string(), "333444");
    /// assert_eq!(m.wings().to_string(), "56");
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[must_use]
    pub const fn body(self) -> Counts {
        if let Kind::Rocket = self.kind() {
            return self.cards;
        }
        let k = self.kind().body_count() as u64;
        let low = self.main_index() + 1 - self.body_len();
        let ones = crate::rules::counts::LSB & ((1u64 << (4 * self.body_len() as u32)) - 1);
        Counts::from_bits_unchecked((k * ones) << (4 * low as u32))
    }

    /// The wings (kickers): the cards that are not the body.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let m = classify("3333BR".parse()?, &doudizhu::Rules::DOUZERO).unwrap().first();
    /// assert_eq!(m.wings().to_string(), "BR");
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[must_use]
    pub const fn wings(self) -> Counts {
        Counts::from_bits_unchecked(self.cards.bits() - self.body().bits())
    }

    /// The seed's `nValue` heuristic, for bots only (legality never reads it). With the seed's
    /// rank numbers (3..A = 3..14, 2 = 15, B = 16, R = 17): solo, pair, trio, trio + solo,
    /// trio + pair: rank - 10; four + two: (rank - 3) / 2; bomb: rank - 3 + 7; rocket: 20. For
    /// chains the seed reads its loop index after the loop, which stopped one past the top: a
    /// chain or pair chain is (top + 1) - 10, a plane of any kind (top + 1 - 3) / 2.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let v = |s: &str| classify(s.parse().unwrap(), &Rules::STANDARD).unwrap().first().value();
    /// assert_eq!(v("A"), 4);
    /// assert_eq!(v("34567"), -2); // the seed's i stops at 8
    /// assert_eq!(v("2222"), 19);
    /// assert_eq!(v("BR"), 20);
    /// ```
    #[must_use]
    pub const fn value(self) -> i32 {
        let main = self.main_index() as i32 + 3;
        match self.kind() {
            Kind::Solo | Kind::Pair | Kind::Trio | Kind::TrioSolo | Kind::TrioPair => main - 10,
            Kind::Chain | Kind::PairChain => main + 1 - 10,
            Kind::Plane | Kind::PlaneSolo | Kind::PlanePair => (main + 1 - 3) / 2,
            Kind::FourTwoSolo | Kind::FourTwoPair => (main - 3) / 2,
            Kind::Bomb => main - 3 + 7,
            Kind::Rocket => 20,
        }
    }

    /// Whether `self` beats `table`: same type and length and a higher main rank; a bomb beats
    /// every non-bomb and a lower bomb; the rocket beats everything.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let m = |s: &str| classify(s.parse().unwrap(), &Rules::STANDARD).unwrap().first();
    /// assert!(m("44").beats(m("33")));
    /// assert!(!m("44").beats(m("3")));
    /// assert!(m("3333").beats(m("22")));
    /// assert!(m("3333").beats(m("AAAA22")) && !m("3333").beats(m("4444")));
    /// assert!(m("BR").beats(m("2222")));
    /// ```
    #[inline]
    #[must_use]
    pub const fn beats(self, table: Move) -> bool {
        match (self.kind(), table.kind()) {
            (_, Kind::Rocket) => false,
            (Kind::Bomb, Kind::Bomb) => self.main_index() > table.main_index(),
            (Kind::Rocket | Kind::Bomb, _) => true,
            // same type and length: the low 16 bits of the tags agree
            _ => self.tag & 0xffff == table.tag & 0xffff && self.tag > table.tag,
        }
    }

    /// Compares two moves: `Greater` when `self` beats `other`, `Less` when `other` beats
    /// `self`, `Equal` for the same type, length and main rank, `None` when neither can be
    /// played on the other.
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use doudizhu::{classify, Rules};
    /// let m = |s: &str| classify(s.parse().unwrap(), &Rules::STANDARD).unwrap().first();
    /// assert_eq!(m("3334").compare(m("4445")), Some(Ordering::Less));
    /// assert_eq!(m("3334").compare(m("3335")), Some(Ordering::Equal));
    /// assert_eq!(m("3334").compare(m("33344")), None);
    /// ```
    #[must_use]
    pub const fn compare(self, other: Move) -> Option<Ordering> {
        if self.beats(other) {
            Some(Ordering::Greater)
        } else if other.beats(self) {
            Some(Ordering::Less)
        } else if self.tag & 0xffff == other.tag & 0xffff {
            Some(Ordering::Equal)
        } else {
            None
        }
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    /// The list order (not strength): type in [`Kind`] order, then length, then main rank, then
    /// the cards' rank strings.
    fn cmp(&self, other: &Move) -> Ordering {
        (self.tag & 0xff, self.body_len(), self.main_index())
            .cmp(&(other.tag & 0xff, other.body_len(), other.main_index()))
            .then_with(|| self.cards.cmp(&other.cards))
    }
}

impl fmt::Display for Move {
    /// `cards type length main`, e.g. `33344456 plane_solo 2 4` (the fixture line).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.cards,
            self.kind().name(),
            self.body_len(),
            self.main()
        )
    }
}

impl fmt::Debug for Move {
    /// `Move(33344456 plane_solo 2 4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// `serde`: [`Kind`] is its name (`"plane_solo"`); [`Move`]'s is in `notation` (reading one
/// checks that it is a reading of the cards, which takes [`classify`](crate::classify)).
#[cfg(feature = "serde")]
mod serde_impls {
    use super::Kind;

    text_serde!(Kind, "a combination type such as \"plane_solo\"");
}
