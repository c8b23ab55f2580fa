//! Ranks and rank multisets: [`Rank`] (15 ranks, 3 to the red joker) and [`Counts`] (one nibble a
//! rank), read from the rank-string notation or from suited cards.
//!
//! The packed layout and its SWAR tricks are described in the crate README.

use std::fmt;
use std::str::FromStr;

use cards_core::CardSet;

/// Bit 0 of each of the 15 nibbles.
pub(crate) const LSB: u64 = 0x0111_1111_1111_1111;
/// Bit 3 of each of the 15 nibbles.
const HIGH: u64 = LSB << 3;
/// Bit 0 of the nibbles 0..=11: the ranks 3 to A, the only ranks a chain may use.
pub(crate) const CHAIN: u64 = 0x0000_1111_1111_1111;
/// Bit 0 of the nibbles 0..=12: the ranks 3 to 2 (no joker).
pub(crate) const NORMAL: u64 = 0x0001_1111_1111_1111;

/// The most cards a play (or a hand) may hold.
///
/// ```
/// use doudizhu::{Counts, MAX_PLAY};
/// assert!(Counts::parse_play("33334444555566667777").is_ok()); // 20 cards
/// assert_eq!(MAX_PLAY, 20);
/// ```
pub const MAX_PLAY: u32 = 20;

/// One of the 15 Dou Dizhu ranks, weakest first: 3 to A, 2, the black joker, the red joker.
/// Suits never matter in Dou Dizhu, so a rank is all a play needs.
///
/// ```
/// use doudizhu::Rank;
/// assert!(Rank::Two > Rank::Ace);
/// assert_eq!(Rank::Ten.char(), 'T');
/// assert_eq!(Rank::from_char('B'), Some(Rank::BlackJoker));
/// assert_eq!(Rank::RedJoker.index(), 14);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Three = 0,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
    Two,
    BlackJoker,
    RedJoker,
}

impl Rank {
    /// The 15 ranks, weakest first.
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert_eq!(Rank::ALL.len(), 15);
    /// assert_eq!(Rank::ALL[12], Rank::Two);
    /// ```
    pub const ALL: [Rank; 15] = [
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
        Rank::Two,
        Rank::BlackJoker,
        Rank::RedJoker,
    ];

    /// The rank's index: 0 for 3 up to 14 for the red joker (its nibble in [`Counts`]).
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert_eq!(Rank::Three.index(), 0);
    /// assert_eq!(Rank::Two.index(), 12);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rank with this index, or `None` above 14.
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert_eq!(Rank::from_index(13), Some(Rank::BlackJoker));
    /// assert_eq!(Rank::from_index(15), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 15 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// The rank's character in the notation `3456789TJQKA2BR`.
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert_eq!(Rank::Ace.char(), 'A');
    /// assert_eq!(Rank::RedJoker.char(), 'R');
    /// ```
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        b"3456789TJQKA2BR"[self as usize] as char
    }

    /// Reads one rank character (`3456789TJQKA2BR`, either case). `10` is two characters; see
    /// [`Counts::from_str`].
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert_eq!(Rank::from_char('t'), Some(Rank::Ten));
    /// assert_eq!(Rank::from_char('X'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        Some(match c {
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' | 't' => Rank::Ten,
            'J' | 'j' => Rank::Jack,
            'Q' | 'q' => Rank::Queen,
            'K' | 'k' => Rank::King,
            'A' | 'a' => Rank::Ace,
            '2' => Rank::Two,
            'B' | 'b' => Rank::BlackJoker,
            'R' | 'r' => Rank::RedJoker,
            _ => return None,
        })
    }

    /// The seed's number for the rank: 3..=14 for 3 to A, 15 for 2, 16 and 17 for the jokers
    /// (the index of its `arr[18]`).
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert_eq!(Rank::Ace.seed_number(), 14);
    /// assert_eq!(Rank::RedJoker.seed_number(), 17);
    /// ```
    #[inline]
    #[must_use]
    pub const fn seed_number(self) -> i32 {
        self as i32 + 3
    }

    /// Whether the rank is a joker.
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert!(Rank::BlackJoker.is_joker());
    /// assert!(!Rank::Two.is_joker());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_joker(self) -> bool {
        self as u8 >= 13
    }

    /// Whether the rank may be part of a chain, pair chain or plane (3 to A; never 2 or a joker).
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert!(Rank::Ace.chains());
    /// assert!(!Rank::Two.chains());
    /// ```
    #[inline]
    #[must_use]
    pub const fn chains(self) -> bool {
        (self as u8) < 12
    }

    /// How many cards of the rank the deck holds: 4, or 1 for a joker.
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert_eq!(Rank::Two.copies(), 4);
    /// assert_eq!(Rank::RedJoker.copies(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn copies(self) -> u32 {
        if self.is_joker() { 1 } else { 4 }
    }

    /// The rank's English name, for messages.
    ///
    /// ```
    /// use doudizhu::Rank;
    /// assert_eq!(Rank::BlackJoker.name(), "black joker");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        [
            "3",
            "4",
            "5",
            "6",
            "7",
            "8",
            "9",
            "10",
            "J",
            "Q",
            "K",
            "A",
            "2",
            "black joker",
            "red joker",
        ][self as usize]
    }
}

impl fmt::Display for Rank {
    /// The notation character: `3`..`9`, `T`, `J`, `Q`, `K`, `A`, `2`, `B`, `R`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Rank {
    type Err = ParseError;

    /// Reads one rank: a character of `3456789TJQKA2BR` (either case) or `10`, surrounding
    /// whitespace ignored.
    ///
    /// ```
    /// use doudizhu::{ParseError, Rank};
    /// assert_eq!("10".parse::<Rank>(), Ok(Rank::Ten));
    /// assert_eq!("b".parse::<Rank>(), Ok(Rank::BlackJoker));
    /// for r in Rank::ALL {
    ///     assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
    /// }
    /// assert!(matches!("33".parse::<Rank>(), Err(ParseError::UnknownRank { .. })));
    /// ```
    fn from_str(text: &str) -> Result<Rank, ParseError> {
        let t = text.trim();
        let mut chars = t.chars();
        let rank = match (chars.next(), chars.next(), chars.next()) {
            (Some(c), None, None) => Rank::from_char(c),
            (Some('1'), Some('0'), None) => Some(Rank::Ten),
            _ => None,
        };
        rank.ok_or_else(|| ParseError::UnknownRank {
            token: t.chars().take(16).collect(),
            position: text.len() - text.trim_start().len(),
        })
    }
}

/// Why a text is not a hand or a play. Every variant says which token (or rank) and where
/// (0-based character position in the text).
///
/// ```
/// use doudizhu::{Counts, ParseError, Rank};
/// assert_eq!(
///     "33333".parse::<Counts>(),
///     Err(ParseError::FifthOfRank { rank: Rank::Three, position: 4 })
/// );
/// let e = Counts::parse_play("3X").unwrap_err();
/// assert_eq!(e.to_string(), "unknown rank \"X\" at position 1 (ranks are 3456789TJQKA2BR, 10 for T)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// A character (or `1` not followed by `0`) that is no rank.
    UnknownRank {
        /// The text read.
        token: String,
        /// Its character position.
        position: usize,
    },
    /// A fifth card of a rank (the deck holds four).
    FifthOfRank {
        /// The rank.
        rank: Rank,
        /// Character position of the fifth card.
        position: usize,
    },
    /// A joker given twice (the deck holds one of each).
    JokerTwice {
        /// [`Rank::BlackJoker`] or [`Rank::RedJoker`].
        rank: Rank,
        /// Character position of the second one.
        position: usize,
    },
    /// More cards than a play or a hand may hold.
    TooManyCards {
        /// Cards given.
        count: u32,
        /// The limit ([`MAX_PLAY`]).
        max: u32,
    },
    /// Suited cards (`cards-core` notation) that do not parse.
    Cards(cards_core::ParseError),
    /// `JK` or `🃏` among suited cards (`S3 JK`): `cards-core` reads it as the one joker of
    /// one-joker games, but Dou Dizhu has two jokers, so the crate asks which one is meant. (In a
    /// rank string `JK` is a jack and a king.)
    AmbiguousJoker {
        /// The text read.
        token: String,
        /// Its character position.
        position: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::UnknownRank { token, position } => {
                let shown = cards_core::Escaped(token);
                write!(
                    f,
                    "unknown rank \"{shown}\" at position {position} (ranks are 3456789TJQKA2BR, 10 for T)"
                )?;
                shown.write_notes(f)
            }
            ParseError::FifthOfRank { rank, position } => write!(
                f,
                "a fifth {} at position {position}: the deck holds four of a rank",
                rank.name()
            ),
            ParseError::JokerTwice { rank, position } => write!(
                f,
                "the {} ({}) given twice, again at position {position}",
                rank.name(),
                rank.char()
            ),
            ParseError::TooManyCards { count, max } => {
                write!(f, "{count} cards given: a play or hand holds at most {max}")
            }
            ParseError::Cards(e) => e.fmt(f),
            ParseError::AmbiguousJoker { token, position } => write!(
                f,
                "\"{}\" at position {position} names no joker: Dou Dizhu has two, \
                 write BJ (black, small) or RJ (red, big), or B or R in a rank string",
                cards_core::Escaped(token)
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<cards_core::ParseError> for ParseError {
    fn from(e: cards_core::ParseError) -> ParseError {
        ParseError::Cards(e)
    }
}

/// A multiset of ranks: a Dou Dizhu hand or play. Nibble `r` of the `u64` is the count of rank
/// `r` (see the module docs for the layout and the SWAR tricks). Only multisets the 54-card deck
/// can hold are representable: at most four of 3..2 and one of each joker.
///
/// Text: the rank string `33344456` (`T` or `10` for ten, `B` and `R` for the jokers, spaces and
/// commas ignored) or suited cards in `cards-core` notation (`S3 H3 D3 BJ`). The text is suited
/// when a token carries a suit letter or symbol, or when it has several tokens and one is `BJ` or
/// `RJ`; otherwise it is a rank string, so `JK` is a jack and a king and a lone `BJ` is the black
/// joker and a jack (see [`from_str`](Counts::from_str)). [`Display`](fmt::Display) writes the
/// sorted rank string, which reads back as the same multiset.
///
/// ```
/// use doudizhu::Counts;
/// assert_eq!("JK".parse::<Counts>()?.to_string(), "JK"); // a jack and a king
/// assert_eq!("KJ".parse::<Counts>()?, "JK".parse::<Counts>()?);
/// assert_eq!("BJ".parse::<Counts>()?.to_string(), "JB"); // black joker and jack
/// assert_eq!("S3 BJ".parse::<Counts>()?.to_string(), "3B"); // suited: ♠3 and the black joker
/// assert!("3 4 BJ".parse::<Counts>().is_err()); // suited, and `3` is no card
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
///
/// ```
/// use doudizhu::{Counts, Rank};
/// let play: Counts = "33344456".parse()?;
/// assert_eq!(play.count(Rank::Three), 3);
/// assert_eq!(play.len(), 8);
/// assert_eq!(play.to_string(), "33344456");
/// let suited: Counts = "S3 H3 D3 C4 H4 S4 D5 H6".parse()?;
/// assert_eq!(suited, play);
/// assert_eq!("10 J Q K A".parse::<Counts>()?.to_string(), "TJQKA");
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Counts(u64);

impl Counts {
    /// No card.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// assert_eq!(Counts::EMPTY.len(), 0);
    /// assert_eq!(Counts::EMPTY.to_string(), "");
    /// ```
    pub const EMPTY: Counts = Counts(0);
    /// The whole 54-card deck: four of 3..2 and both jokers.
    ///
    /// ```
    /// use doudizhu::{Counts, Rank};
    /// assert_eq!(Counts::FULL.len(), 54);
    /// assert_eq!(Counts::FULL.count(Rank::BlackJoker), 1);
    /// ```
    pub const FULL: Counts = Counts(0x0114_4444_4444_4444);

    /// The counts with these nibbles, or `None` when a nibble exceeds what the deck holds (more
    /// than 4 of a rank, a joker twice) or a bit above 59 is set.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// assert_eq!(Counts::from_bits(0x3).unwrap().to_string(), "333");
    /// assert_eq!(Counts::from_bits(0x5), None);
    /// assert_eq!(Counts::from_bits(0x2 << 52), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Counts> {
        if Counts(Counts::FULL.0).contains_bits(bits) && bits >> 60 == 0 {
            Some(Counts(bits))
        } else {
            None
        }
    }

    /// Wraps nibbles the caller knows are valid.
    #[inline]
    pub(crate) const fn from_bits_unchecked(bits: u64) -> Counts {
        debug_assert!(Counts::FULL.contains_bits(bits) && bits >> 60 == 0);
        Counts(bits)
    }

    /// The packed nibbles.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// assert_eq!("3345".parse::<Counts>().unwrap().bits(), 0x112);
    /// ```
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The ranks of a set of suited cards. Built from `cards-core`'s SWAR
    /// [`rank_counts`](CardSet::rank_counts) for 3..2 plus the two joker bits (whose nibble 13
    /// `rank_counts` merges).
    ///
    /// ```
    /// use doudizhu::cards_core::CardSet;
    /// use doudizhu::Counts;
    /// let cards: CardSet = "S3 H3 BJ RJ".parse().unwrap();
    /// assert_eq!(Counts::from_cards(cards).to_string(), "33BR");
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_cards(cards: CardSet) -> Counts {
        let bits = cards.bits();
        let normal = cards.rank_counts() & 0x000f_ffff_ffff_ffff;
        Counts(normal | ((bits >> 52) & 1) << 52 | ((bits >> 53) & 1) << 56)
    }

    /// `n` cards of one rank (`None` if the deck has fewer).
    ///
    /// ```
    /// use doudizhu::{Counts, Rank};
    /// assert_eq!(Counts::of(Rank::Four, 3).unwrap().to_string(), "444");
    /// assert_eq!(Counts::of(Rank::RedJoker, 2), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn of(rank: Rank, n: u32) -> Option<Counts> {
        if n <= rank.copies() {
            Some(Counts((n as u64) << (4 * rank as u32)))
        } else {
            None
        }
    }

    /// How many cards of `rank` the multiset holds.
    ///
    /// ```
    /// use doudizhu::{Counts, Rank};
    /// let c: Counts = "3334".parse().unwrap();
    /// assert_eq!(c.count(Rank::Three), 3);
    /// assert_eq!(c.count(Rank::Two), 0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn count(self, rank: Rank) -> u32 {
        ((self.0 >> (4 * rank as u32)) & 0xf) as u32
    }

    /// The number of cards (SWAR: nibbles summed pairwise into bytes, then by one multiply).
    ///
    /// ```
    /// use doudizhu::Counts;
    /// assert_eq!(Counts::FULL.len(), 54);
    /// assert_eq!("3BR".parse::<Counts>().unwrap().len(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub const fn len(self) -> u32 {
        let bytes = (self.0 & 0x0f0f_0f0f_0f0f_0f0f) + ((self.0 >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// Whether there is no card.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// assert!(Counts::EMPTY.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `other` is a sub-multiset of `self` (every rank at most as often). SWAR: bit 3 of
    /// every nibble set, then `other` subtracted; a nibble keeps bit 3 iff it did not go below.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// let hand: Counts = "3333456".parse().unwrap();
    /// assert!(hand.contains("33345".parse().unwrap()));
    /// assert!(!hand.contains("3445".parse().unwrap()));
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains(self, other: Counts) -> bool {
        self.contains_bits(other.0)
    }

    #[inline]
    const fn contains_bits(self, other: u64) -> bool {
        // Every nibble of `other` must be at most 7 for the trick; a larger one sets bit 3.
        ((self.0 | HIGH).wrapping_sub(other & !HIGH) & HIGH) == HIGH && other & HIGH == 0
    }

    /// The multiset sum, or `None` if the deck cannot hold it (a fifth card of a rank, a joker
    /// twice). A sum can fail, so there is no `+` operator.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// let a: Counts = "334".parse().unwrap();
    /// assert_eq!(a.checked_add("3B".parse().unwrap()).unwrap().to_string(), "3334B");
    /// assert_eq!(a.checked_add("333".parse().unwrap()), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn checked_add(self, other: Counts) -> Option<Counts> {
        // Each nibble is at most 4, so the sum (at most 8) never carries.
        Counts::from_bits(self.0 + other.0)
    }

    /// The multiset difference, or `None` if `other` is not contained in `self`. A difference
    /// can fail, so there is no `-` operator.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// let a: Counts = "33345".parse().unwrap();
    /// assert_eq!(a.checked_sub("35".parse().unwrap()).unwrap().to_string(), "334");
    /// assert_eq!(a.checked_sub("6".parse().unwrap()), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn checked_sub(self, other: Counts) -> Option<Counts> {
        if self.contains(other) {
            Some(Counts(self.0 - other.0))
        } else {
            None
        }
    }

    /// Nibble mask (bit `4r`) of the ranks holding at least `k` cards (`k` in 1..=4; 0 gives
    /// every rank, above 4 none).
    ///
    /// ```
    /// use doudizhu::Counts;
    /// let c: Counts = "333445".parse().unwrap();
    /// assert_eq!(c.at_least(2), 0x011);
    /// assert_eq!(c.at_least(3), 0x001);
    /// ```
    #[inline]
    #[must_use]
    pub const fn at_least(self, k: u32) -> u64 {
        let c = self.0;
        match k {
            0 => LSB,
            1 => (c | c >> 1 | c >> 2) & LSB,
            2 => (c >> 1 | c >> 2) & LSB,
            3 => (c >> 2 | (c >> 1 & c)) & LSB,
            4 => (c >> 2) & LSB,
            _ => 0,
        }
    }

    /// Nibble mask of the lowest rank of every run of `len` consecutive ranks, each holding at
    /// least `k` cards, within 3..A (the ranks a chain may use). `len` 0, or above 12 (more
    /// ranks than 3..A holds), gives no start.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// let c: Counts = "33445566".parse().unwrap();
    /// // pair runs of three start at 3 and 4
    /// assert_eq!(c.chain_starts(2, 3), 0x11);
    /// assert_eq!(Counts::FULL.chain_starts(1, 13), 0); // 3..A is 12 ranks
    /// ```
    #[inline]
    #[must_use]
    pub const fn chain_starts(self, k: u32, len: u32) -> u64 {
        if len == 0 || len > 12 {
            return 0;
        }
        let m = self.at_least(k) & CHAIN;
        let mut s = m;
        let mut i = 1;
        while i < len {
            s &= m >> (4 * i);
            i += 1;
        }
        s
    }

    /// The ranks in ascending order, each as often as it is held.
    ///
    /// ```
    /// use doudizhu::{Counts, Rank};
    /// let c: Counts = "3R3".parse().unwrap();
    /// assert_eq!(c.iter().collect::<Vec<_>>(), [Rank::Three, Rank::Three, Rank::RedJoker]);
    /// ```
    #[must_use]
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Rank> + Clone {
        Rank::ALL
            .into_iter()
            .flat_map(move |r| std::iter::repeat_n(r, self.count(r) as usize))
    }

    /// Every sub-multiset (including empty and `self`), in mixed-radix order with rank 3 the
    /// fastest digit: `(count + 1)` multiplied over the ranks of them.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// let c: Counts = "334".parse().unwrap();
    /// let subs: Vec<String> = c.sub_multisets().map(|s| s.to_string()).collect();
    /// assert_eq!(subs, ["", "3", "33", "4", "34", "334"]);
    /// ```
    pub fn sub_multisets(self) -> impl Iterator<Item = Counts> {
        let full = self.0;
        let mut next = Some(0u64);
        std::iter::from_fn(move || {
            let cur = next?;
            // Increment the lowest nibble that is below its limit, clearing those below it.
            let mut sh = 0;
            next = None;
            while sh < 60 {
                let limit = (full >> sh) & 0xf;
                let digit = (cur >> sh) & 0xf;
                if digit < limit {
                    let below = (1u64 << sh) - 1;
                    next = Some((cur & !below) + (1 << sh));
                    break;
                }
                sh += 4;
            }
            Some(Counts(cur))
        })
    }

    /// Reads a play: like [`FromStr`] but at most [`MAX_PLAY`] cards.
    ///
    /// ```
    /// use doudizhu::{Counts, ParseError};
    /// assert!(Counts::parse_play("33344456").is_ok());
    /// let too_many = "33334444555566667777A".parse::<Counts>().unwrap();
    /// assert_eq!(
    ///     Counts::parse_play("33334444555566667777A"),
    ///     Err(ParseError::TooManyCards { count: 21, max: 20 })
    /// );
    /// assert_eq!(too_many.len(), 21);
    /// ```
    pub fn parse_play(text: &str) -> Result<Counts, ParseError> {
        let c: Counts = text.parse()?;
        if c.len() > MAX_PLAY {
            return Err(ParseError::TooManyCards {
                count: c.len(),
                max: MAX_PLAY,
            });
        }
        Ok(c)
    }

    /// Reads a hand: a Dou Dizhu hand holds at most 20 cards (the landlord's), the same limit
    /// as [`parse_play`](Self::parse_play).
    ///
    /// ```
    /// use doudizhu::Counts;
    /// assert_eq!(Counts::parse_hand("3 4 5 BR").unwrap().len(), 5);
    /// ```
    pub fn parse_hand(text: &str) -> Result<Counts, ParseError> {
        Counts::parse_play(text)
    }

    fn parse_ranks(text: &str) -> Result<Counts, ParseError> {
        let mut counts = 0u64;
        let mut chars = text.chars().enumerate().peekable();
        while let Some((position, ch)) = chars.next() {
            if ch.is_whitespace() || ch == ',' {
                continue;
            }
            let rank = if ch == '1' {
                match chars.peek() {
                    Some((_, '0')) => {
                        chars.next();
                        Rank::Ten
                    }
                    _ => {
                        return Err(ParseError::UnknownRank {
                            token: String::from("1"),
                            position,
                        });
                    }
                }
            } else if let Some(r) = Rank::from_char(ch) {
                r
            } else {
                let mut token = String::new();
                token.push(ch);
                return Err(ParseError::UnknownRank { token, position });
            };
            let sh = 4 * rank as u32;
            let n = ((counts >> sh) & 0xf) as u32;
            if n == rank.copies() {
                return Err(if rank.is_joker() {
                    ParseError::JokerTwice { rank, position }
                } else {
                    ParseError::FifthOfRank { rank, position }
                });
            }
            counts += 1 << sh;
        }
        Ok(Counts(counts))
    }
}

impl FromStr for Counts {
    type Err = ParseError;

    /// Reads a hand or play. The text is **suited cards** (`cards-core` notation) when a token
    /// carries a suit letter or symbol (`SHDC`, `shdc`, `♠♥♦♣`), or when it has several tokens
    /// (separated by whitespace or commas) and one of them is `BJ` or `RJ` (either case);
    /// otherwise it is a **rank string**: one character a rank over `3456789TJQKA2BR` (`10` for
    /// ten), separators ignored. So `JK` is a jack and a king, a lone `BJ` is the black joker
    /// and a jack, `S3 BJ` is ♠3 and the black joker, and `3 4 BJ` is an error naming `3`.
    /// Among suited cards `JK` and `🃏`, the one joker of one-joker games, are
    /// [`ParseError::AmbiguousJoker`]. Empty text is the empty multiset.
    fn from_str(text: &str) -> Result<Counts, ParseError> {
        let is_sep = |c: char| c.is_whitespace() || c == ',';
        let has_suit = text
            .chars()
            .any(|c| cards_core::Suit::from_char(c).is_some());
        let mut tokens = text.split(is_sep).filter(|t| !t.is_empty());
        let several = tokens.clone().nth(1).is_some();
        let mut joker_token =
            || tokens.any(|t| t.eq_ignore_ascii_case("BJ") || t.eq_ignore_ascii_case("RJ"));
        if has_suit || (several && joker_token()) {
            if let Some(t) = cards_core::parse_tokens(text)
                .flatten()
                .find(|t| t.text.eq_ignore_ascii_case("JK") || t.text == "🃏")
            {
                return Err(ParseError::AmbiguousJoker {
                    token: t.text.to_string(),
                    position: t.position,
                });
            }
            let cards: CardSet = text.parse()?;
            return Ok(Counts::from_cards(cards));
        }
        Counts::parse_ranks(text)
    }
}

impl From<CardSet> for Counts {
    fn from(cards: CardSet) -> Counts {
        Counts::from_cards(cards)
    }
}

impl fmt::Display for Counts {
    /// The sorted rank string, e.g. `33344456`; the empty multiset writes nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.iter() {
            write!(f, "{}", r.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Counts {
    /// `Counts("33344456")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Counts(\"{self}\")")
    }
}

impl PartialOrd for Counts {
    fn partial_cmp(&self, other: &Counts) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Counts {
    /// Compares the sorted rank strings lexicographically (`33` < `334` < `34`), the order the
    /// fixture tables and the CLI lists use.
    fn cmp(&self, other: &Counts) -> std::cmp::Ordering {
        self.iter().cmp(other.iter())
    }
}

/// `serde`: [`Counts`] is its rank string (`"33344456"`; reading accepts every notation
/// `FromStr` does), [`Rank`] its character (`"T"`).
#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Counts, Rank};

    text_serde!(Counts, "a rank string such as \"33344456\" or suited cards");
    text_serde!(Rank, "a rank such as \"T\"");
}
