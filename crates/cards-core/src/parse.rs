//! Reading cards from text, with errors that say what and where.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::{Card, CardSet, Rank, Suit};

/// Why a token is not a card, or a list is not a set.
///
/// ```
/// use cards_core::{Card, ParseErrorKind};
/// let e = "X3".parse::<Card>().unwrap_err();
/// assert_eq!(e.kind, ParseErrorKind::UnknownSuit('X'));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The text holds no card at all.
    Empty,
    /// The rank is readable but the suit character is not a suit.
    UnknownSuit(char),
    /// The suit is readable but the rest is not a rank.
    UnknownRank(String),
    /// Neither end of the token reads as a suit.
    NotACard,
    /// The same card appears twice in a set.
    Repeated(Card),
}

/// A parse error: the offending token, its position (0-based character offset in the input),
/// and why.
///
/// ```
/// use cards_core::CardSet;
/// let e = "S3, X3".parse::<CardSet>().unwrap_err();
/// assert_eq!(e.to_string(), r#"unknown suit 'X' in "X3" at position 4"#);
/// let e = "S3 3s".parse::<CardSet>().unwrap_err();
/// assert_eq!(e.to_string(), r#"card ♠3 given twice ("3s" at position 3)"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The token that failed (empty for [`ParseErrorKind::Empty`]).
    pub token: String,
    /// Character offset of the token in the parsed text.
    pub position: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (t, p) = (&self.token, self.position);
        match &self.kind {
            ParseErrorKind::Empty => f.write_str("no card given"),
            ParseErrorKind::UnknownSuit(c) => {
                write!(f, "unknown suit '{c}' in \"{t}\" at position {p}")
            }
            ParseErrorKind::UnknownRank(r) => {
                write!(f, "unknown rank '{r}' in \"{t}\" at position {p}")
            }
            ParseErrorKind::NotACard => write!(
                f,
                "\"{t}\" at position {p} is not a card (write suit and rank, like S3 or 3s)"
            ),
            ParseErrorKind::Repeated(c) => {
                write!(f, "card {c} given twice (\"{t}\" at position {p})")
            }
        }
    }
}

impl core::error::Error for ParseError {}

fn parse_token(token: &str, position: usize) -> Result<Card, ParseError> {
    let err = |kind| ParseError {
        token: token.to_string(),
        position,
        kind,
    };
    match token {
        "" => return Err(err(ParseErrorKind::Empty)),
        "BJ" | "bj" | "Bj" | "bJ" | "JK" | "jk" | "Jk" | "jK" | "🃏" => {
            return Ok(Card::BLACK_JOKER);
        }
        "RJ" | "rj" | "Rj" | "rJ" => return Ok(Card::RED_JOKER),
        _ => {}
    }
    let mut chars = token.chars();
    let first = chars.next().unwrap_or(' ');
    let last = token.chars().next_back().unwrap_or(' ');
    let head_rest = &token[first.len_utf8()..];
    let tail_rest = &token[..token.len() - last.len_utf8()];
    if let Some(suit) = Suit::from_char(first) {
        if let Some(rank) = Rank::parse(head_rest) {
            return Ok(Card::new(rank, suit));
        }
        if Suit::from_char(last).is_none() || Rank::parse(tail_rest).is_none() {
            return Err(err(ParseErrorKind::UnknownRank(head_rest.to_string())));
        }
    }
    if let Some(suit) = Suit::from_char(last) {
        return match Rank::parse(tail_rest) {
            Some(rank) => Ok(Card::new(rank, suit)),
            None => Err(err(ParseErrorKind::UnknownRank(tail_rest.to_string()))),
        };
    }
    if Rank::parse(head_rest).is_some() {
        return Err(err(ParseErrorKind::UnknownSuit(first)));
    }
    if Rank::parse(tail_rest).is_some() {
        return Err(err(ParseErrorKind::UnknownSuit(last)));
    }
    Err(err(ParseErrorKind::NotACard))
}

impl FromStr for Card {
    type Err = ParseError;

    /// Reads one card: suit then rank (`♠3`, `S3`, `s10`, `HT`), rank then suit (`3s`, `10h`),
    /// or a joker (`BJ`, `RJ`; `JK` and `🃏` are the black joker). Surrounding spaces are ignored.
    fn from_str(s: &str) -> Result<Card, ParseError> {
        let trimmed = s.trim_start();
        let position = s[..s.len() - trimmed.len()].chars().count();
        parse_token(trimmed.trim_end(), position)
    }
}

/// Splits text on spaces and commas into `(character position, token)` pairs.
fn tokens(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = s;
    let mut pos = 0usize;
    core::iter::from_fn(move || {
        let is_sep = |c: char| c.is_whitespace() || c == ',';
        let trimmed = rest.trim_start_matches(is_sep);
        pos += rest[..rest.len() - trimmed.len()].chars().count();
        if trimmed.is_empty() {
            return None;
        }
        let end = trimmed.find(is_sep).unwrap_or(trimmed.len());
        let (tok, after) = trimmed.split_at(end);
        let at = pos;
        pos += tok.chars().count();
        rest = after;
        Some((at, tok))
    })
}

/// One card read from a list, with the text and position it was read from, so that a game can
/// reject a card for its own reasons (outside its deck, say) and still say where it stood.
///
/// ```
/// use cards_core::parse_tokens;
/// let t = parse_tokens("S3, 10h").nth(1).unwrap().unwrap();
/// assert_eq!((t.text, t.position, t.card.to_string().as_str()), ("10h", 4, "♥10"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token as written.
    pub text: &'a str,
    /// Its character offset in the parsed text.
    pub position: usize,
    /// The card it names.
    pub card: Card,
}

/// Reads a list of cards separated by spaces or commas, lazily, one [`Token`] (or error) each.
///
/// ```
/// use cards_core::parse_tokens;
/// let v: Vec<_> = parse_tokens("S3 X3").collect();
/// assert!(v[0].is_ok());
/// assert_eq!(v[1].as_ref().unwrap_err().position, 3);
/// ```
pub fn parse_tokens(s: &str) -> impl Iterator<Item = Result<Token<'_>, ParseError>> {
    tokens(s).map(|(position, text)| {
        parse_token(text, position).map(|card| Token {
            text,
            position,
            card,
        })
    })
}

/// Reads a list of cards separated by spaces or commas, in order, repeats allowed.
///
/// ```
/// use cards_core::{parse_cards, Card};
/// let v = parse_cards("S3, 10h JK").unwrap();
/// assert_eq!(v.len(), 3);
/// assert_eq!(v[2], Card::BLACK_JOKER);
/// assert_eq!(parse_cards("S3 Q").unwrap_err().position, 3);
/// ```
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseError> {
    parse_tokens(s).map(|t| t.map(|t| t.card)).collect()
}

impl FromStr for CardSet {
    type Err = ParseError;

    /// Reads a set of cards separated by spaces or commas; a repeated card is an error. Empty
    /// text is the empty set.
    fn from_str(s: &str) -> Result<CardSet, ParseError> {
        let mut set = CardSet::EMPTY;
        for t in parse_tokens(s) {
            let t = t?;
            if !set.insert(t.card) {
                return Err(ParseError {
                    token: t.text.to_string(),
                    position: t.position,
                    kind: ParseErrorKind::Repeated(t.card),
                });
            }
        }
        Ok(set)
    }
}
