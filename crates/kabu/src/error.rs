//! The one error type of the crate: what was wrong and where.

use std::fmt;

use cards_core::{Card, Escaped, ParseError};

/// Where a card stood in the input: its index in the list (0-based) and, when it was read from
/// text, the token and its character position.
///
/// ```
/// let e = "SA S2 SJ".parse::<kabu::Hand>().unwrap_err();
/// let kabu::KabuError::NotKabuCard { at, .. } = e else { panic!() };
/// assert_eq!((at.index, at.position, at.token.as_deref()), (2, Some(6), Some("SJ")));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct At {
    /// The card's index in the list, 0-based.
    pub index: usize,
    /// The token as written, when the card was read from text.
    pub token: Option<String>,
    /// The token's character offset in the text, when the card was read from text.
    pub position: Option<usize>,
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.token, self.position) {
            (Some(t), Some(p)) => write!(f, "\"{t}\" at position {p}"),
            _ => write!(f, "card {} of the list", self.index + 1),
        }
    }
}

/// Everything that can be wrong with Kabu input. Nothing in the crate panics on bad input: it
/// returns one of these.
///
/// ```
/// use kabu::{Hand, KabuError};
/// assert!(matches!("SA".parse::<Hand>(), Err(KabuError::TooFew { count: 1 })));
/// assert_eq!(
///     "SA S2 SQ".parse::<Hand>().unwrap_err().to_string(),
///     "\"SQ\" at position 6 is ♠Q, not a Kabu card (the deck is A to 10 of four suits; J, Q, K and jokers are out)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KabuError {
    /// A token is not a card at all.
    Parse(ParseError),
    /// A card outside the 40-card deck: J, Q, K or a joker.
    NotKabuCard {
        /// The card.
        card: Card,
        /// Where it was.
        at: At,
    },
    /// The same card given twice.
    Repeated {
        /// The card.
        card: Card,
        /// Where the second copy was.
        at: At,
    },
    /// Fewer than two cards.
    TooFew {
        /// How many cards were given.
        count: usize,
    },
    /// More than three cards.
    TooMany {
        /// How many cards were given.
        count: usize,
    },
    /// A number that is not a seed card number of the Kabu deck.
    SeedNumber {
        /// The number.
        number: i32,
    },
    /// A number outside the harness's 1..=40.
    HarnessNumber {
        /// The number.
        number: i32,
    },
    /// Draw odds were asked of a hand that does not hold exactly two cards.
    NotTwoCards {
        /// How many cards the hand holds.
        count: usize,
    },
    /// A card listed as seen is in the hand.
    SeenInHand {
        /// The card.
        card: Card,
    },
    /// Every card is in the hand or seen: there is nothing to draw.
    NothingToDraw,
    /// A rules name that is not a preset (`default`, `vb6`).
    UnknownRules {
        /// The name as given.
        text: String,
    },
    /// A `+option=value` part of a rules text that names no table rule or has a bad value.
    RulesOption {
        /// The part as given (`option=value`).
        text: String,
    },
    /// A role name that is not `dealer` or `child`.
    UnknownRole {
        /// The name as given.
        text: String,
    },
    /// A yaku name that is none of [`crate::Yaku::ALL`]'s names or labels.
    UnknownYaku {
        /// The name as given.
        text: String,
    },
    /// A seat name that is not a field number 1..=4 or the dealer.
    UnknownSeat {
        /// The name as given.
        text: String,
    },
    /// Not a round action of the game interface (`stake 1 0 0 0`, `field 2 draws`,
    /// `dealer stands`).
    UnknownDecision {
        /// The text as given (at most 40 characters).
        text: String,
    },
    /// A policy name that is not a built-in policy.
    UnknownPolicy {
        /// The name as given.
        text: String,
    },
    /// Text that is not a fraction `numerator/denominator` of whole numbers with a denominator
    /// of at least 1.
    BadFraction {
        /// The text as given.
        text: String,
    },
}

/// Text from the input as an error quotes it: at most [`crate::cards_core::QUOTE_LIMIT`]
/// characters (then `...`), as every crate cuts an echoed name, every character
/// a reader could not see or could mistake for another written `<U+XXXX>` ([`Escaped`]) and
/// explained after the closing quote.
///
/// ```
/// let e = "default\u{FE0F}".parse::<kabu::Rules>().unwrap_err();
/// assert!(e.to_string().starts_with("unknown rules \"default<U+FE0F>\" (<U+FE0F> is invisible)"));
/// let e = "x".repeat(1000).parse::<kabu::Rules>().unwrap_err();
/// assert!(e.to_string().starts_with(&format!("unknown rules \"{}...\"", "x".repeat(40))));
/// ```
pub(crate) fn quoted(text: &str) -> String {
    let (prefix, cut) = cards_core::Short(text).parts();
    let more = if cut { "..." } else { "" };
    let plain = Escaped(prefix).to_string();
    let noted = format!("{:#}", Escaped(prefix));
    // `{:#}` is the escaped text followed by its notes, if any.
    let notes = noted.strip_prefix(&plain).unwrap_or_default();
    format!("\"{plain}{more}\"{notes}")
}

impl fmt::Display for KabuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KabuError::Parse(e) => e.fmt(f),
            KabuError::NotKabuCard { card, at } => {
                // A joker is written `JK`, `BJ` or `RJ` by different games: name what it is.
                match *card {
                    Card::BLACK_JOKER => write!(f, "{at} is a joker (the black joker)")?,
                    Card::RED_JOKER => write!(f, "{at} is a joker (the red joker)")?,
                    _ => write!(f, "{at} is {card}")?,
                }
                f.write_str(
                    ", not a Kabu card (the deck is A to 10 of four suits; J, Q, K and jokers are out)",
                )
            }
            KabuError::Repeated { card, at } => write!(f, "{at}: card {card} given twice"),
            KabuError::TooFew { count } | KabuError::TooMany { count } => {
                write!(f, "a Kabu hand has two or three cards, got {count}")
            }
            KabuError::SeedNumber { number } => write!(
                f,
                "{number} is not a seed card number of the Kabu deck (0..=9, 13..=22, 26..=35, 39..=48: A to 10 of ♠, ♣, ♥, ♦)"
            ),
            KabuError::HarnessNumber { number } => {
                write!(f, "{number} is not a harness card number (1..=40)")
            }
            KabuError::NotTwoCards { count } => {
                write!(f, "draw odds need a two-card hand, got {count} cards")
            }
            KabuError::SeenInHand { card } => {
                write!(f, "card {card} is in the hand and also listed as seen")
            }
            KabuError::NothingToDraw => f.write_str("no unseen card is left to draw"),
            KabuError::UnknownRules { text } => write!(
                f,
                "unknown rules {} (expected {}, optionally followed by +option=value parts: {})",
                quoted(text),
                crate::Rules::NAMES.join(" or "),
                OPTION_HELP
            ),
            KabuError::RulesOption { text } => write!(
                f,
                "bad rules option {} (expected {})",
                quoted(text),
                OPTION_HELP
            ),
            KabuError::UnknownRole { text } => {
                write!(
                    f,
                    "unknown role {} (expected dealer or child)",
                    quoted(text)
                )
            }
            KabuError::UnknownYaku { text } => write!(
                f,
                "unknown yaku {} (expected one of {})",
                quoted(text),
                crate::Yaku::ALL.map(crate::Yaku::name).join(", ")
            ),
            KabuError::UnknownDecision { text } => write!(
                f,
                "unknown round action {} (expected stake N N N N, or a seat and draws or stands: field 2 draws, dealer stands)",
                quoted(text)
            ),
            KabuError::UnknownSeat { text } => write!(
                f,
                "unknown seat {} (expected a field 1, 2, 3 or 4, also written field1 or 場1, or dealer)",
                quoted(text)
            ),
            KabuError::UnknownPolicy { text } => write!(
                f,
                "unknown policy {} (expected {})",
                quoted(text),
                crate::BuiltinPolicy::NAMES.join(", ")
            ),
            KabuError::BadFraction { text } => write!(
                f,
                "{} is not a fraction (expected numerator/denominator, whole numbers, denominator at least 1)",
                quoted(text)
            ),
        }
    }
}

/// The table-rule options of the `preset+option=value` form, for error messages.
const OPTION_HELP: &str =
    "forced_draw=on|off, ties=dealer|push, dealer_collects_multiplier=on|off, max_stake=1..9";

impl std::error::Error for KabuError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            KabuError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseError> for KabuError {
    fn from(e: ParseError) -> KabuError {
        KabuError::Parse(e)
    }
}
