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
#[non_exhaustive]
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
    /// The text is not one suit character (reading a [`Suit`] alone).
    NotASuit,
}

/// A parse error: the offending token, its position (0-based character offset in the input),
/// and why.
///
/// Its message shows every invisible or look-alike character of the token escaped as `<U+XXXX>`
/// (see [`Escaped`]), so that `♠` followed by an emoji variation selector, or a Cyrillic `С`
/// where a `C` was meant, is visible in the message; the fields hold the text as given.
///
/// ```
/// use cards_core::{Card, CardSet};
/// let e = "S3, X3".parse::<CardSet>().unwrap_err();
/// assert_eq!(e.to_string(), r#"unknown suit 'X' in "X3" at position 4"#);
/// let e = "S3 3s".parse::<CardSet>().unwrap_err();
/// assert_eq!(e.to_string(), r#"card ♠3 given twice ("3s" at position 3)"#);
/// let e = "\u{421}3".parse::<Card>().unwrap_err(); // Cyrillic capital Es, then 3
/// assert_eq!(
///     e.to_string(),
///     r#"unknown suit '<U+0421>' in "<U+0421>3" at position 0 (<U+0421> looks like C)"#
/// );
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
        let (t, p) = (Escaped(&self.token), self.position);
        match &self.kind {
            ParseErrorKind::Empty => return f.write_str("no card given"),
            ParseErrorKind::UnknownSuit(c) => {
                let mut buf = [0u8; 4];
                let c = Escaped(c.encode_utf8(&mut buf));
                write!(f, "unknown suit '{c}' in \"{t}\" at position {p}")?;
            }
            ParseErrorKind::UnknownRank(r) => {
                let r = Escaped(r);
                write!(f, "unknown rank '{r}' in \"{t}\" at position {p}")?;
            }
            ParseErrorKind::NotACard => write!(
                f,
                "\"{t}\" at position {p} is not a card (write suit and rank, like S3 or 3s)"
            )?,
            ParseErrorKind::Repeated(c) => {
                write!(f, "card {c} given twice (\"{t}\" at position {p})")?;
            }
            ParseErrorKind::NotASuit => write!(
                f,
                "\"{t}\" at position {p} is not a suit (write C, D, H, S or ♣, ♦, ♥, ♠)"
            )?,
        }
        Escaped(&self.token).write_notes(f)
    }
}

/// How many characters of a caller's text (a name, a token) an error message quotes at most:
/// the one limit of every front end (the command line, the web page, the Python package).
pub const QUOTE_LIMIT: usize = 40;

/// A caller's text as an error message quotes it: at most [`QUOTE_LIMIT`] characters, then
/// `...` when it was cut, so that a huge name gives a short message.
///
/// ```
/// use cards_core::Short;
/// assert_eq!(Short("greedy").to_string(), "greedy");
/// assert_eq!(Short(&"x".repeat(100_000)).to_string(), format!("{}...", "x".repeat(40)));
/// assert_eq!(Short(&"x".repeat(100)).parts(), ("x".repeat(40).as_str(), true));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Short<'a>(pub &'a str);

impl<'a> Short<'a> {
    /// The first [`QUOTE_LIMIT`] characters, and whether anything was cut after them.
    #[must_use]
    pub fn parts(self) -> (&'a str, bool) {
        match self.0.char_indices().nth(QUOTE_LIMIT) {
            None => (self.0, false),
            Some((end, _)) => (&self.0[..end], true),
        }
    }
}

impl fmt::Display for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, cut) = self.parts();
        f.write_str(text)?;
        if cut { f.write_str("...") } else { Ok(()) }
    }
}

/// Text shown with its invisible and look-alike characters escaped as `<U+XXXX>`: controls,
/// spaces other than the ASCII space, zero-width and direction marks, variation selectors (the
/// `U+FE0F` a phone adds after `♠`), combining marks, and letters or digits of other scripts that
/// look like ASCII ones (Cyrillic `С`, Greek `Κ`, fullwidth `Ｓ３`, the Kelvin sign). Everything
/// else, the suit symbols included, is written as it is.
///
/// Game crates use it for the tokens they quote in their own errors.
///
/// ```
/// use cards_core::Escaped;
/// assert_eq!(Escaped("♠\u{fe0f}3").to_string(), "♠<U+FE0F>3");
/// assert_eq!(Escaped("\u{421}3").to_string(), "<U+0421>3");
/// assert_eq!(Escaped("♥10 🃏").to_string(), "♥10 🃏");
/// // `{:#}` adds what each escaped character is, once each
/// assert_eq!(
///     format!("{:#}", Escaped("\u{421}\u{fe0f}")),
///     "<U+0421><U+FE0F> (<U+0421> looks like C, <U+FE0F> is invisible)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escaped<'a>(pub &'a str);

/// What an escaped character is: invisible, or a look-alike of an ASCII character.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Oddity {
    Invisible,
    Space,
    Control,
    Combining,
    LooksLike(char),
}

impl Oddity {
    /// Whether `c` is escaped, and why.
    fn of(c: char) -> Option<Oddity> {
        if c == ' ' {
            return None;
        }
        if c.is_control() {
            return Some(Oddity::Control);
        }
        if c.is_whitespace() {
            return Some(Oddity::Space);
        }
        let u = u32::from(c);
        match u {
            0x0300..=0x036F
            | 0x1AB0..=0x1AFF
            | 0x1DC0..=0x1DFF
            | 0x20D0..=0x20FF
            | 0xFE20..=0xFE2F => {
                return Some(Oddity::Combining);
            }
            0x00AD
            | 0x061C
            | 0x115F
            | 0x1160
            | 0x17B4
            | 0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x2800
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFFB
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF => return Some(Oddity::Invisible),
            // fullwidth ASCII
            0xFF01..=0xFF5E => return char::from_u32(u - 0xFEE0).map(Oddity::LooksLike),
            _ => {}
        }
        let twin = match c {
            'А' | 'Α' => 'A',
            'В' | 'Β' => 'B',
            'С' | 'Ϲ' | 'Ⅽ' => 'C',
            'Е' | 'Ε' => 'E',
            'Н' | 'Η' => 'H',
            'І' | 'Ι' | 'Ⅰ' | 'Ӏ' => 'I',
            'Ј' => 'J',
            'К' | 'Κ' | '\u{212A}' => 'K',
            'М' | 'Μ' | 'Ⅿ' => 'M',
            'Ν' => 'N',
            'О' | 'Ο' => 'O',
            'Р' | 'Ρ' => 'P',
            'Ѕ' => 'S',
            'Т' | 'Τ' => 'T',
            'Х' | 'Χ' | 'Ⅹ' => 'X',
            'Ζ' => 'Z',
            'а' => 'a',
            'с' | 'ϲ' | 'ⅽ' => 'c',
            'е' => 'e',
            'һ' => 'h',
            'і' => 'i',
            'ј' => 'j',
            'о' | 'ο' => 'o',
            'р' | 'ρ' => 'p',
            'ѕ' => 's',
            'х' | 'ⅹ' => 'x',
            'у' => 'y',
            'З' => '3',
            'б' => '6',
            _ => return None,
        };
        Some(Oddity::LooksLike(twin))
    }
}

impl Escaped<'_> {
    /// ` (<U+0421> looks like C, ...)`: one note for each distinct escaped character (at most
    /// four), nothing when none is escaped. A game crate's error writes it after the message
    /// that quotes the token, as [`ParseError`] does.
    ///
    /// ```
    /// use cards_core::Escaped;
    /// use core::fmt;
    /// struct Bad<'a>(&'a str);
    /// impl fmt::Display for Bad<'_> {
    ///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    ///         write!(f, "unknown rank \"{}\"", Escaped(self.0))?;
    ///         Escaped(self.0).write_notes(f)
    ///     }
    /// }
    /// assert_eq!(Bad("\u{421}").to_string(), "unknown rank \"<U+0421>\" (<U+0421> looks like C)");
    /// assert_eq!(Bad("Q").to_string(), "unknown rank \"Q\"");
    /// ```
    pub fn write_notes(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut seen: [char; 4] = ['\0'; 4];
        let mut n = 0;
        for c in self.0.chars() {
            let Some(odd) = Oddity::of(c) else { continue };
            if seen[..n].contains(&c) {
                continue;
            }
            if n == seen.len() {
                return f.write_str(", ...)");
            }
            seen[n] = c;
            f.write_str(if n == 0 { " (" } else { ", " })?;
            n += 1;
            write!(f, "<U+{:04X}> ", u32::from(c))?;
            match odd {
                Oddity::Invisible => f.write_str("is invisible")?,
                Oddity::Space => f.write_str("is a space other than the ASCII space")?,
                Oddity::Control => f.write_str("is a control character")?,
                Oddity::Combining => f.write_str("is a combining mark")?,
                Oddity::LooksLike(t) => write!(f, "looks like {t}")?,
            }
        }
        if n > 0 { f.write_str(")") } else { Ok(()) }
    }
}

impl fmt::Display for Escaped<'_> {
    /// The text with odd characters as `<U+XXXX>`; `{:#}` adds the notes saying what they are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for c in self.0.chars() {
            if Oddity::of(c).is_some() {
                write!(f, "<U+{:04X}>", u32::from(c))?;
            } else {
                f.write_char(c)?;
            }
        }
        if f.alternate() {
            self.write_notes(f)?;
        }
        Ok(())
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

/// The text without surrounding spaces, and the character position where it starts.
fn trim(s: &str) -> (&str, usize) {
    let trimmed = s.trim_start();
    let position = s[..s.len() - trimmed.len()].chars().count();
    (trimmed.trim_end(), position)
}

impl FromStr for Card {
    type Err = ParseError;

    /// Reads one card: suit then rank (`♠3`, `S3`, `s10`, `HT`), rank then suit (`3s`, `10h`),
    /// or a joker (`BJ`, `RJ`; `JK` and `🃏` are the black joker). Surrounding spaces are ignored.
    fn from_str(s: &str) -> Result<Card, ParseError> {
        let (t, position) = trim(s);
        parse_token(t, position)
    }
}

impl FromStr for Suit {
    type Err = ParseError;

    /// Reads one suit: a letter (`S`, `h`, ...) or a symbol (`♠`, `♡`, ...); the text
    /// [`Suit`]'s `Display` writes (both forms) reads back. Surrounding spaces are ignored.
    ///
    /// ```
    /// use cards_core::Suit;
    /// assert_eq!("♠".parse::<Suit>(), Ok(Suit::Spades));
    /// assert_eq!(" h ".parse::<Suit>(), Ok(Suit::Hearts));
    /// assert_eq!(
    ///     "X".parse::<Suit>().unwrap_err().to_string(),
    ///     r#""X" at position 0 is not a suit (write C, D, H, S or ♣, ♦, ♥, ♠)"#
    /// );
    /// ```
    fn from_str(s: &str) -> Result<Suit, ParseError> {
        let (t, position) = trim(s);
        let mut chars = t.chars();
        let err = |kind| ParseError {
            token: t.to_string(),
            position,
            kind,
        };
        match (chars.next(), chars.next()) {
            (None, _) => Err(err(ParseErrorKind::Empty)),
            (Some(c), None) => Suit::from_char(c).ok_or_else(|| err(ParseErrorKind::NotASuit)),
            _ => Err(err(ParseErrorKind::NotASuit)),
        }
    }
}

impl FromStr for Rank {
    type Err = ParseError;

    /// Reads one rank as [`Rank::parse`] does (`3`..`9`, `10` or `T`, `J`, `Q`, `K`, `A`, `2`,
    /// letters in either case); the text [`Rank`]'s `Display` writes reads back. Surrounding
    /// spaces are ignored.
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!("10".parse::<Rank>(), Ok(Rank::Ten));
    /// assert_eq!(
    ///     "11".parse::<Rank>().unwrap_err().to_string(),
    ///     r#"unknown rank '11' in "11" at position 0"#
    /// );
    /// ```
    fn from_str(s: &str) -> Result<Rank, ParseError> {
        let (t, position) = trim(s);
        Rank::parse(t).ok_or_else(|| ParseError {
            token: t.to_string(),
            position,
            kind: if t.is_empty() {
                ParseErrorKind::Empty
            } else {
                ParseErrorKind::UnknownRank(t.to_string())
            },
        })
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
