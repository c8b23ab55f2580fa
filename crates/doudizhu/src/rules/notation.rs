//! A [`Move`] as text: the play notation of records (`333444-56`, [`Move::parse_notation`]),
//! the fixture form `cards type length main` ([`Move`]'s `FromStr`) and its JSON. Reading any of
//! them asks [`classify`](crate::classify) which readings the cards have, so this sits above
//! both `moves` and `classify` (neither reads it).

use std::fmt;
use std::str::FromStr;

use crate::rules::classify::{NoPlay, classify};
use crate::rules::counts::{Counts, ParseError, Rank};
use crate::rules::moves::{Kind, Move, UnknownKind};
use crate::rules::options::Rules;

impl Move {
    /// The play notation of a game record: the sorted rank string, except that a plane with
    /// wings and four + two are written body first, then `-`, then the wings (`333444-56`,
    /// `3333-45`), as OpenSpiel writes its actions. Trio + solo and trio + pair stay plain
    /// (`3334`): they have one reading.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let r = classify("333444555666".parse()?, &Rules::OPENSPIEL).unwrap();
    /// let shown: Vec<String> = r.iter().map(|m| m.notation()).collect();
    /// assert_eq!(shown, ["333444555666", "444555666-333", "333444555-666"]);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[must_use]
    pub fn notation(self) -> String {
        match self.kind() {
            Kind::PlaneSolo | Kind::PlanePair | Kind::FourTwoSolo | Kind::FourTwoPair => {
                format!("{}-{}", self.body(), self.wings())
            }
            _ => self.cards().to_string(),
        }
    }

    /// Reads the play notation under `rules`: a sorted or unsorted rank string (or suited
    /// cards) means its most natural reading (the first [`classify`](crate::classify) gives);
    /// `body-wings` picks the reading with that body and those wings, for any type with wings.
    ///
    /// ```
    /// use doudizhu::{Kind, Move, Rules};
    /// let m = Move::parse_notation("333444555-666", &Rules::OPENSPIEL)?;
    /// assert_eq!((m.kind(), m.body_len()), (Kind::PlaneSolo, 3));
    /// let m = Move::parse_notation("333444555666", &Rules::OPENSPIEL)?;
    /// assert_eq!((m.kind(), m.body_len()), (Kind::Plane, 4));
    /// assert_eq!(Move::parse_notation("3333-45", &Rules::STANDARD)?.kind(), Kind::FourTwoSolo);
    /// assert_eq!(Move::parse_notation("3334", &Rules::STANDARD)?.notation(), "3334");
    /// # Ok::<(), doudizhu::NotationError>(())
    /// ```
    pub fn parse_notation(text: &str, rules: &Rules) -> Result<Move, NotationError> {
        let (body, wings) = match text.split_once('-') {
            Some((b, w)) => (
                Counts::parse_play(b).map_err(NotationError::Cards)?,
                Some(Counts::parse_play(w).map_err(NotationError::Cards)?),
            ),
            None => (
                Counts::parse_play(text).map_err(NotationError::Cards)?,
                None,
            ),
        };
        let cards = match wings {
            Some(w) => body.checked_add(w).ok_or(NotationError::TooMany)?,
            None => body,
        };
        let readings = classify(cards, rules).map_err(NotationError::NoPlay)?;
        match wings {
            None => Ok(readings.first()),
            Some(w) => readings
                .iter()
                .find(|m| m.body() == body && m.wings() == w)
                .ok_or(NotationError::NoSuchSplit { body, wings: w }),
        }
    }

    /// The move with these cards, type, body length and main rank, if that is a reading of the
    /// cards under some rule set (checked against [`Rules::PERMISSIVE`], which allows every
    /// disputed point). Whether a given rule set allows it is [`classify`](crate::classify)'s
    /// answer.
    ///
    /// ```
    /// use doudizhu::{Kind, Move, Rank};
    /// let m = Move::from_parts("33344456".parse()?, Kind::PlaneSolo, 2, Rank::Four).unwrap();
    /// assert_eq!(m.to_string(), "33344456 plane_solo 2 4");
    /// assert_eq!(Move::from_parts("33344456".parse()?, Kind::PlaneSolo, 2, Rank::Five), None);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[must_use]
    pub fn from_parts(cards: Counts, kind: Kind, body_len: u8, main: Rank) -> Option<Move> {
        classify(cards, &Rules::PERMISSIVE)
            .ok()?
            .iter()
            .find(|m| m.kind() == kind && m.body_len() == body_len && m.main() == main)
    }
}

/// Text that is no play in the play notation ([`Move::parse_notation`]).
///
/// ```
/// use doudizhu::{Move, NotationError, Rules};
/// let e = Move::parse_notation("334-3", &Rules::STANDARD).unwrap_err();
/// assert_eq!(e.to_string(), "no reading of 3334 has the body 334 and the wings 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationError {
    /// The cards do not read.
    Cards(ParseError),
    /// Body and wings together hold a fifth card of a rank or a joker twice.
    TooMany,
    /// The cards are no play under the rules.
    NoPlay(NoPlay),
    /// The cards are a play, but no reading splits into this body and these wings.
    NoSuchSplit {
        /// The body written.
        body: Counts,
        /// The wings written.
        wings: Counts,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Cards(e) => e.fmt(f),
            NotationError::TooMany => {
                f.write_str("body and wings hold more cards of a rank than the deck")
            }
            NotationError::NoPlay(e) => write!(f, "no play: {e}"),
            NotationError::NoSuchSplit { body, wings } => {
                let cards = Counts::from_bits_unchecked(body.bits() + wings.bits());
                write!(
                    f,
                    "no reading of {cards} has the body {body} and the wings {wings}"
                )
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// Text that is no move: [`Move`]'s `FromStr` reads `cards type length main`.
///
/// ```
/// use doudizhu::{Move, MoveParseError};
/// let e = "33344456 plane_solo 2 5".parse::<Move>().unwrap_err();
/// assert_eq!(e.to_string(), "33344456 is no plane_solo of length 2 with main rank 5");
/// assert!(matches!("3334".parse::<Move>(), Err(MoveParseError::Fields { found: 1 })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveParseError {
    /// Not four fields separated by whitespace.
    Fields {
        /// How many fields the text has.
        found: usize,
    },
    /// The cards do not read.
    Cards(ParseError),
    /// The type is no [`Kind`] name.
    Kind(UnknownKind),
    /// The length is no number of body ranks.
    Length {
        /// The text read (at most 16 characters).
        text: String,
    },
    /// The main rank does not read.
    Main(ParseError),
    /// Readable parts that make no reading of the cards under any rules.
    NoSuchReading {
        /// The cards.
        cards: Counts,
        /// The type.
        kind: Kind,
        /// The body length.
        body_len: u8,
        /// The main rank.
        main: Rank,
    },
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Fields { found } => write!(
                f,
                "a move is four fields, `cards type length main` (such as `33344456 plane_solo 2 4`); found {found}"
            ),
            MoveParseError::Cards(e) | MoveParseError::Main(e) => e.fmt(f),
            MoveParseError::Kind(e) => e.fmt(f),
            MoveParseError::Length { text } => {
                write!(f, "length \"{text}\" is no number of body ranks")
            }
            MoveParseError::NoSuchReading {
                cards,
                kind,
                body_len,
                main,
            } => write!(
                f,
                "{cards} is no {kind} of length {body_len} with main rank {main}"
            ),
        }
    }
}

impl std::error::Error for MoveParseError {}

impl FromStr for Move {
    type Err = MoveParseError;

    /// Reads what [`Display`](fmt::Display) writes: `cards type length main`, such as
    /// `33344456 plane_solo 2 4` (the cards a rank string without spaces).
    ///
    /// ```
    /// use doudizhu::{universe, Move, Rules};
    /// for m in universe(&Rules::OPENSPIEL) {
    ///     assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Move, MoveParseError> {
        let fields: Vec<&str> = text.split_whitespace().take(5).collect();
        let [cards, kind, len, main] = fields[..] else {
            return Err(MoveParseError::Fields {
                found: fields.len(),
            });
        };
        let cards = Counts::parse_play(cards).map_err(MoveParseError::Cards)?;
        let kind: Kind = kind.parse().map_err(MoveParseError::Kind)?;
        let body_len: u8 = len.parse().map_err(|_| MoveParseError::Length {
            text: len.chars().take(16).collect(),
        })?;
        let main: Rank = main.parse().map_err(MoveParseError::Main)?;
        Move::from_parts(cards, kind, body_len, main).ok_or(MoveParseError::NoSuchReading {
            cards,
            kind,
            body_len,
            main,
        })
    }
}

/// `serde`: [`Kind`] is its name (`"plane_solo"`); [`Move`] is `{"cards": "33344456",
/// "length": 2, "main": "4", "type": "plane_solo"}` (`length` the body length; keys in
/// alphabetical order, as the CLI prints them); reading checks that it is a reading of the cards.
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::{self, Deserializer};
    use serde::ser::{SerializeStruct, Serializer};
    use serde::{Deserialize, Serialize};

    use crate::rules::counts::{Counts, Rank};
    use crate::rules::moves::{Kind, Move};

    impl Serialize for Move {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Move", 4)?;
            st.serialize_field("cards", &self.cards())?;
            st.serialize_field("length", &self.body_len())?;
            st.serialize_field("main", &self.main())?;
            st.serialize_field("type", &self.kind())?;
            st.end()
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct MoveFields {
        cards: Counts,
        #[serde(rename = "type")]
        kind: Kind,
        length: u8,
        main: Rank,
    }

    impl<'de> Deserialize<'de> for Move {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
            let f = MoveFields::deserialize(d)?;
            Move::from_parts(f.cards, f.kind, f.length, f.main).ok_or_else(|| {
                de::Error::custom(format!(
                    "{} is no {} of length {} with main rank {}",
                    f.cards, f.kind, f.length, f.main
                ))
            })
        }
    }
}
