//! The one error type of the crate: what is wrong with a hand, a meld or a play, and where.

use core::fmt;

use cards_core::{Card, CardSet, ParseError, ParseErrorKind};

use crate::{Meld, StandIn};

/// Why a hand, a meld or a play is not accepted. Every variant names the cards involved.
///
/// ```
/// use daifugo::{Error, Meld, Rules};
/// let e = Meld::parse("S3 H4", &Rules::UECDA).unwrap_err();
/// assert!(matches!(e, Error::MixedCards(_)));
/// assert_eq!(e.to_string(), "♠3 ♥4 is no meld: the cards share neither a rank nor a suit");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A token is not a card (the parse error names the token and its position).
    Parse(ParseError),
    /// The same card appears twice in one meld's text.
    Repeated(Card),
    /// A card of the hand (or of the meld played) is also in the meld on the table.
    OnTable(Card),
    /// A card played or given that the player does not hold.
    NotHeld(Card),
    /// A submission that is no meld at all (a game's [`crate::Action::Invalid`]).
    NotAMeld,
    /// A card outside the Daifugo deck: the red joker (the deck's one joker is written `JK`).
    NotInDeck(Card),
    /// More jokers than the rules allow (`seed` has none).
    TooManyJokers {
        /// Jokers the rules have.
        allowed: u8,
    },
    /// No card at all where a meld was expected.
    Empty,
    /// A joker in a group of 2 to 4 or in a sequence, without the card it stands for.
    MissingStandIn(CardSet),
    /// A stand-in given for a meld without a joker (or after a card that is not the joker).
    StandInWithoutJoker(StandIn),
    /// A stand-in given for a lone joker or the fifth card of a five-card group, which stand for
    /// no particular card.
    StandInUnneeded(StandIn),
    /// `=S5` with no card before the `=` (the token and its character position).
    StandInAlone {
        /// The token as written.
        token: String,
        /// Its character offset in the text.
        position: usize,
    },
    /// `JK=` with nothing after the `=` (the token and its character position).
    StandInEmpty {
        /// The token as written.
        token: String,
        /// Its character offset in the text.
        position: usize,
    },
    /// A joker beyond the ends of a sequence (`S<3`, `S>2`) under rules without
    /// [`crate::Rules::joker_beyond_ends`].
    BeyondEndsOff(StandIn),
    /// A sequence under rules without sequences ([`crate::Rules::sequences`] off).
    NoSequences(CardSet),
    /// The joker cannot stand for a joker.
    StandInIsJoker,
    /// The joker stands for a card that is also played in the same meld.
    StandInPlayed(Card),
    /// Two or more cards that share neither a rank nor a suit (with the joker read as its
    /// stand-in).
    MixedCards(CardSet),
    /// Cards of one suit and different ranks, but fewer than three of them.
    ShortSequence(CardSet),
    /// Cards of one suit whose ranks are not consecutive.
    BrokenSequence(CardSet),
    /// A group of more than four cards without a joker, or more than five with one (cannot
    /// happen with one deck, kept for completeness of the classification).
    TooManyCards(CardSet),
    /// The meld does not beat the meld on the table under the current state.
    DoesNotBeat {
        /// The meld played.
        meld: Meld,
        /// The meld on the table (`None`: the table was clear, which only happens when the
        /// rules do not allow the meld at all).
        table: Option<Meld>,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // the joker in Daifugo notation (JK), not cards-core's BJ
            Error::Parse(ParseError {
                token,
                position,
                kind: ParseErrorKind::Repeated(c),
            }) => write!(
                f,
                "card {} given twice (\"{token}\" at position {position})",
                crate::rules::meld::CardText(*c)
            ),
            Error::Parse(e) => write!(f, "{e}"),
            Error::Repeated(c) => {
                write!(f, "card {} given twice", crate::rules::meld::CardText(*c))
            }
            Error::OnTable(c) => write!(
                f,
                "card {} is already on the table, it cannot be played too",
                crate::rules::meld::CardText(*c)
            ),
            Error::NotHeld(c) => write!(
                f,
                "card {} is not in the player's hand",
                crate::rules::meld::CardText(*c)
            ),
            Error::NotAMeld => f.write_str("the submission is no meld"),
            Error::NotInDeck(c) => write!(
                f,
                "{c} is not in the Daifugo deck (its one joker is written JK)"
            ),
            Error::TooManyJokers { allowed: 0 } => {
                f.write_str("these rules have no joker, but JK was given")
            }
            Error::TooManyJokers { allowed } => {
                write!(f, "more jokers than the rules' {allowed}")
            }
            Error::Empty => f.write_str("no card given"),
            Error::MissingStandIn(s) => write!(
                f,
                "{} is no meld without saying which card the joker stands for (write JK=S5)",
                crate::HandText(*s)
            ),
            Error::StandInWithoutJoker(c) => write!(
                f,
                "stand-in {c} given, but only the joker (JK=...) stands for a card"
            ),
            Error::StandInUnneeded(c) => write!(
                f,
                "stand-in {c} given, but a lone joker or the fifth card of a group stands for no card"
            ),
            Error::StandInIsJoker => f.write_str("the joker cannot stand for a joker"),
            Error::StandInAlone { token, position } => write!(
                f,
                "\"{token}\" at position {position}: no card before '=' (write JK=S5)"
            ),
            Error::StandInEmpty { token, position } => write!(
                f,
                "\"{token}\" at position {position}: the card the joker stands for is missing after '=' (write JK=S5)"
            ),
            Error::BeyondEndsOff(s) => write!(
                f,
                "the joker stands beyond the ends ({s:#}), which these rules do not allow"
            ),
            Error::NoSequences(s) => write!(
                f,
                "{} is a sequence, and these rules have no sequences",
                crate::HandText(*s)
            ),
            Error::StandInPlayed(c) => write!(
                f,
                "the joker stands for {}, which is played in the same meld",
                crate::rules::meld::CardText(*c)
            ),
            Error::MixedCards(s) => write!(
                f,
                "{} is no meld: the cards share neither a rank nor a suit",
                crate::HandText(*s)
            ),
            Error::ShortSequence(s) => write!(
                f,
                "{} is no meld: a sequence needs 3 or more cards",
                crate::HandText(*s)
            ),
            Error::BrokenSequence(s) => write!(
                f,
                "{} is no meld: the ranks are not consecutive",
                crate::HandText(*s)
            ),
            Error::TooManyCards(s) => write!(
                f,
                "{} is no meld: too many cards of one rank",
                crate::HandText(*s)
            ),
            Error::DoesNotBeat {
                meld,
                table: Some(table),
            } => write!(f, "{meld} does not beat {table} on the table"),
            Error::DoesNotBeat { meld, table: None } => {
                write!(f, "{meld} cannot be played under these rules")
            }
        }
    }
}

impl core::error::Error for Error {}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::Parse(e)
    }
}
