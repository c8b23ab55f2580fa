//! Who acts and when: the [`Seat`]s and the [`Phase`] of a round.

use std::fmt;
use std::str::FromStr;

use crate::{KabuError, Role};

/// A seat at the table: one of the four fields (場1..場4) or the dealer (親).
///
/// `Display` writes `field 1` .. `field 4` and `dealer`; `FromStr` also reads `1`..`4`,
/// `field1`, `場1` and `親`, case-insensitive.
///
/// ```
/// use kabu::Seat;
/// assert_eq!("場2".parse::<Seat>()?, Seat::Field2);
/// assert_eq!(Seat::Dealer.to_string(), "dealer");
/// assert_eq!(Seat::Field3.field_number(), Some(3));
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// 場1, the first to be dealt and to draw.
    Field1,
    /// 場2.
    Field2,
    /// 場3.
    Field3,
    /// 場4.
    Field4,
    /// The dealer (親), dealt and drawing after the fields.
    Dealer,
}

impl Seat {
    /// Every seat in dealing order: the four fields, then the dealer.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::ALL[4], kabu::Seat::Dealer);
    /// ```
    pub const ALL: [Seat; 5] = [
        Seat::Field1,
        Seat::Field2,
        Seat::Field3,
        Seat::Field4,
        Seat::Dealer,
    ];

    /// The four fields, in order.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::FIELDS.len(), 4);
    /// ```
    pub const FIELDS: [Seat; 4] = [Seat::Field1, Seat::Field2, Seat::Field3, Seat::Field4];

    /// The field with a number 1..=4.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::field(4), Some(kabu::Seat::Field4));
    /// assert_eq!(kabu::Seat::field(0), None);
    /// ```
    #[must_use]
    pub const fn field(number: u8) -> Option<Seat> {
        match number {
            1..=4 => Some(Seat::FIELDS[number as usize - 1]),
            _ => None,
        }
    }

    /// The field's number 1..=4, `None` for the dealer.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::Dealer.field_number(), None);
    /// ```
    #[must_use]
    pub const fn field_number(self) -> Option<u8> {
        match self {
            Seat::Dealer => None,
            s => Some(s as u8 + 1),
        }
    }

    /// The seat's place in dealing order, 0..=4.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::Dealer.index(), 4);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role the seat's hand is evaluated with.
    ///
    /// ```
    /// use kabu::{Role, Seat};
    /// assert_eq!(Seat::Field1.role(), Role::Child);
    /// assert_eq!(Seat::Dealer.role(), Role::Dealer);
    /// ```
    #[must_use]
    pub const fn role(self) -> Role {
        match self {
            Seat::Dealer => Role::Dealer,
            _ => Role::Child,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field_number() {
            Some(n) => write!(f, "field {n}"),
            None => f.write_str("dealer"),
        }
    }
}

impl FromStr for Seat {
    type Err = KabuError;

    fn from_str(s: &str) -> Result<Seat, KabuError> {
        let t = s.trim().to_ascii_lowercase();
        if matches!(t.as_str(), "dealer" | "親" | "oya") {
            return Ok(Seat::Dealer);
        }
        let number = t
            .strip_prefix("field")
            .or_else(|| t.strip_prefix("場"))
            .unwrap_or(&t)
            .trim();
        match number {
            "1" | "2" | "3" | "4" => Ok(Seat::FIELDS[(number.as_bytes()[0] - b'1') as usize]),
            _ => Err(KabuError::UnknownSeat {
                text: s.to_string(),
            }),
        }
    }
}

/// Where a round stands.
///
/// ```
/// use kabu::{Phase, Round, Rules};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// assert_eq!(round.phase(), Phase::Bets);
/// round.bet([1, 0, 0, 0])?;
/// assert_eq!(round.phase(), Phase::Draws);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The first cards are dealt face up; the player stakes on fields.
    Bets,
    /// The second cards are dealt; the seats draw or stand in order.
    Draws,
    /// Every seat has acted: the round is settled.
    Over,
}

impl Phase {
    /// The name: `bets`, `draws`, `over`.
    ///
    /// ```
    /// assert_eq!(kabu::Phase::Over.name(), "over");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Bets => "bets",
            Phase::Draws => "draws",
            Phase::Over => "over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `serde`: a [`Seat`] is `"1"`..`"4"` or `"dealer"` (also as a map key).
#[cfg(feature = "serde")]
pub(super) mod serde_impls {
    use std::fmt;

    use super::Seat;

    as_text! {
        Seat => |s| SeatKey(*s), "a seat: 1, 2, 3, 4 or dealer";
    }

    /// A seat as a JSON key: `1`..`4` or `dealer`.
    pub(crate) struct SeatKey(pub(crate) Seat);

    impl fmt::Display for SeatKey {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self.0.field_number() {
                Some(n) => write!(f, "{n}"),
                None => f.write_str("dealer"),
            }
        }
    }
}
