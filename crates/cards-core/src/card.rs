//! Suits, ranks and cards, with their text forms.

use core::fmt;

/// A suit. The discriminant is the card's bit inside its rank's nibble.
///
/// ```
/// use cards_core::Suit;
/// assert_eq!(Suit::Spades.index(), 3);
/// assert_eq!(Suit::from_index(1), Some(Suit::Diamonds));
/// assert_eq!(Suit::Hearts.to_string(), "♥");
/// assert_eq!(format!("{:#}", Suit::Hearts), "H");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♣, bit 0 of a nibble.
    Clubs = 0,
    /// ♦, bit 1 of a nibble.
    Diamonds = 1,
    /// ♥, bit 2 of a nibble.
    Hearts = 2,
    /// ♠, bit 3 of a nibble.
    Spades = 3,
}

impl Suit {
    /// The four suits in bit order (♣, ♦, ♥, ♠).
    ///
    /// ```
    /// use cards_core::Suit;
    /// assert_eq!(Suit::ALL[3], Suit::Spades);
    /// ```
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The bit of this suit inside a nibble (0..4).
    ///
    /// ```
    /// use cards_core::Suit;
    /// assert_eq!(Suit::Clubs.index(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit at a nibble bit, or `None` for 4 and above.
    ///
    /// ```
    /// use cards_core::Suit;
    /// assert_eq!(Suit::from_index(3), Some(Suit::Spades));
    /// assert_eq!(Suit::from_index(4), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Suit> {
        match i {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit symbol (`♣ ♦ ♥ ♠`).
    ///
    /// ```
    /// use cards_core::Suit;
    /// assert_eq!(Suit::Diamonds.symbol(), '♦');
    /// ```
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// The ASCII letter (`C D H S`).
    ///
    /// ```
    /// use cards_core::Suit;
    /// assert_eq!(Suit::Spades.letter(), 'S');
    /// ```
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// Reads a suit symbol or letter (either case).
    ///
    /// ```
    /// use cards_core::Suit;
    /// assert_eq!(Suit::from_char('s'), Some(Suit::Spades));
    /// assert_eq!(Suit::from_char('♥'), Some(Suit::Hearts));
    /// assert_eq!(Suit::from_char('X'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(if f.alternate() {
            self.letter()
        } else {
            self.symbol()
        })
    }
}

/// A rank, in the strength order of Daifugo and Dou Dizhu: 3 is the weakest, 2 the strongest.
/// The discriminant is the rank's nibble in a [`CardSet`](crate::CardSet).
///
/// ```
/// use cards_core::Rank;
/// assert_eq!(Rank::Three.index(), 0);
/// assert_eq!(Rank::Two.index(), 12);
/// assert!(Rank::Ace < Rank::Two);
/// assert_eq!(Rank::Ten.to_string(), "10");
/// assert_eq!(Rank::Ace.number(), 1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 3, nibble 0.
    Three = 0,
    /// 4, nibble 1.
    Four,
    /// 5, nibble 2.
    Five,
    /// 6, nibble 3.
    Six,
    /// 7, nibble 4.
    Seven,
    /// 8, nibble 5.
    Eight,
    /// 9, nibble 6.
    Nine,
    /// 10, nibble 7.
    Ten,
    /// J, nibble 8.
    Jack,
    /// Q, nibble 9.
    Queen,
    /// K, nibble 10.
    King,
    /// A, nibble 11.
    Ace,
    /// 2, nibble 12.
    Two,
}

impl Rank {
    /// The 13 ranks, weakest first (3 .. 2).
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!(Rank::ALL[0], Rank::Three);
    /// assert_eq!(Rank::ALL.len(), 13);
    /// ```
    pub const ALL: [Rank; 13] = [
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
    ];

    /// The nibble index (0 for 3 .. 12 for 2).
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!(Rank::Jack.index(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rank at a nibble index, or `None` for 13 and above.
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!(Rank::from_index(11), Some(Rank::Ace));
    /// assert_eq!(Rank::from_index(13), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// The number printed on the card: A = 1, 2..10, J = 11, Q = 12, K = 13.
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!(Rank::Ace.number(), 1);
    /// assert_eq!(Rank::Two.number(), 2);
    /// assert_eq!(Rank::King.number(), 13);
    /// ```
    #[inline]
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Rank::Ace => 1,
            Rank::Two => 2,
            r => r as u8 + 3,
        }
    }

    /// The rank with a printed number (1 = A .. 13 = K).
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!(Rank::from_number(1), Some(Rank::Ace));
    /// assert_eq!(Rank::from_number(10), Some(Rank::Ten));
    /// assert_eq!(Rank::from_number(14), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Rank> {
        match n {
            1 => Some(Rank::Ace),
            2 => Some(Rank::Two),
            3..=13 => Rank::from_index(n - 3),
            _ => None,
        }
    }

    /// The rank's text: `3`..`10`, `J`, `Q`, `K`, `A`, `2`.
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!(Rank::Queen.text(), "Q");
    /// ```
    #[must_use]
    pub const fn text(self) -> &'static str {
        const TEXT: [&str; 13] = [
            "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
        ];
        TEXT[self as usize]
    }

    /// The rank as one character: `3`..`9`, `T`, `J`, `Q`, `K`, `A`, `2`.
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!(Rank::Ten.char(), 'T');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        const CHARS: [char; 13] = [
            '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2',
        ];
        CHARS[self as usize]
    }

    /// Reads a rank's text (`10` or `T` for ten, letters in either case).
    ///
    /// ```
    /// use cards_core::Rank;
    /// assert_eq!(Rank::parse("10"), Some(Rank::Ten));
    /// assert_eq!(Rank::parse("t"), Some(Rank::Ten));
    /// assert_eq!(Rank::parse("a"), Some(Rank::Ace));
    /// assert_eq!(Rank::parse("1"), None);
    /// ```
    #[must_use]
    pub fn parse(s: &str) -> Option<Rank> {
        Some(match s {
            "10" | "T" | "t" => Rank::Ten,
            "A" | "a" => Rank::Ace,
            "2" => Rank::Two,
            "J" | "j" => Rank::Jack,
            "Q" | "q" => Rank::Queen,
            "K" | "k" => Rank::King,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The two orders of rank strength: normal (3 weakest, 2 strongest) and reversed (a Daifugo
/// revolution: 2 weakest, 3 strongest).
///
/// ```
/// use cards_core::{Order, Rank};
/// assert!(Order::Normal.stronger(Rank::Two, Rank::Ace));
/// assert!(Order::Reversed.stronger(Rank::Three, Rank::Four));
/// assert_eq!(Order::Normal.flip(), Order::Reversed);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Order {
    /// 3 < 4 < ... < A < 2.
    #[default]
    Normal,
    /// 2 < A < ... < 4 < 3.
    Reversed,
}

impl Order {
    /// The other order.
    ///
    /// ```
    /// use cards_core::Order;
    /// assert_eq!(Order::Reversed.flip(), Order::Normal);
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Order {
        match self {
            Order::Normal => Order::Reversed,
            Order::Reversed => Order::Normal,
        }
    }

    /// `Reversed` when `reversed` is true.
    ///
    /// ```
    /// use cards_core::Order;
    /// assert_eq!(Order::from_reversed(true), Order::Reversed);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_reversed(reversed: bool) -> Order {
        if reversed {
            Order::Reversed
        } else {
            Order::Normal
        }
    }

    /// Whether `a` is strictly stronger than `b` in this order.
    ///
    /// ```
    /// use cards_core::{Order, Rank};
    /// assert!(!Order::Normal.stronger(Rank::Five, Rank::Five));
    /// assert!(Order::Reversed.stronger(Rank::Ace, Rank::Two));
    /// ```
    #[inline]
    #[must_use]
    pub const fn stronger(self, a: Rank, b: Rank) -> bool {
        match self {
            Order::Normal => a as u8 > b as u8,
            Order::Reversed => (a as u8) < b as u8,
        }
    }

    /// The strongest rank in this order (2, or 3 in revolution).
    ///
    /// ```
    /// use cards_core::{Order, Rank};
    /// assert_eq!(Order::Reversed.strongest(), Rank::Three);
    /// ```
    #[inline]
    #[must_use]
    pub const fn strongest(self) -> Rank {
        match self {
            Order::Normal => Rank::Two,
            Order::Reversed => Rank::Three,
        }
    }
}

/// One card: a bit index into a [`CardSet`](crate::CardSet). Bits 0..52 are `4 * rank + suit`;
/// 52 is the black (small) joker, 53 the red (big) joker. No other value can be built.
///
/// `Display` writes `♠3` (`BJ`, `RJ` for jokers); the alternate form `{:#}` writes ASCII `S3`.
///
/// ```
/// use cards_core::{Card, Rank, Suit};
/// let c = Card::new(Rank::Three, Suit::Spades);
/// assert_eq!(c.index(), 3);
/// assert_eq!(c.to_string(), "♠3");
/// assert_eq!(format!("{c:#}"), "S3");
/// assert_eq!("3s".parse::<Card>(), Ok(c));
/// assert_eq!(Card::RED_JOKER.to_string(), "RJ");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The black (small) joker, bit 52: the joker of one-joker games.
    ///
    /// ```
    /// use cards_core::Card;
    /// assert_eq!("JK".parse(), Ok(Card::BLACK_JOKER));
    /// ```
    pub const BLACK_JOKER: Card = Card(52);
    /// The red (big) joker, bit 53.
    ///
    /// ```
    /// use cards_core::Card;
    /// assert_eq!("RJ".parse(), Ok(Card::RED_JOKER));
    /// ```
    pub const RED_JOKER: Card = Card(53);

    /// The card of a rank and a suit.
    ///
    /// ```
    /// use cards_core::{Card, Rank, Suit};
    /// assert_eq!(Card::new(Rank::Two, Suit::Spades).index(), 51);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card at a bit index, or `None` outside 0..54.
    ///
    /// ```
    /// use cards_core::Card;
    /// assert_eq!(Card::from_index(52), Some(Card::BLACK_JOKER));
    /// assert_eq!(Card::from_index(54), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 54 { Some(Card(i)) } else { None }
    }

    /// The bit index (0..54).
    ///
    /// ```
    /// use cards_core::Card;
    /// assert_eq!(Card::RED_JOKER.index(), 53);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's single bit.
    ///
    /// ```
    /// use cards_core::Card;
    /// assert_eq!("C4".parse::<Card>().unwrap().bit(), 1 << 4);
    /// ```
    #[inline]
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Whether this is one of the two jokers.
    ///
    /// ```
    /// use cards_core::Card;
    /// assert!(Card::BLACK_JOKER.is_joker());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The rank, or `None` for a joker.
    ///
    /// ```
    /// use cards_core::{Card, Rank};
    /// assert_eq!("HK".parse::<Card>().unwrap().rank(), Some(Rank::King));
    /// assert_eq!(Card::RED_JOKER.rank(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Option<Rank> {
        Rank::from_index(self.0 >> 2)
    }

    /// The suit, or `None` for a joker.
    ///
    /// ```
    /// use cards_core::{Card, Suit};
    /// assert_eq!("HK".parse::<Card>().unwrap().suit(), Some(Suit::Hearts));
    /// assert_eq!(Card::BLACK_JOKER.suit(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Suit::from_index(self.0 & 3)
        }
    }

    /// Every one of the 54 cards, in bit order.
    ///
    /// ```
    /// use cards_core::Card;
    /// assert_eq!(Card::all().count(), 54);
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator {
        (0..54u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (*self, self.rank(), self.suit()) {
            (_, Some(r), Some(s)) => {
                fmt::Display::fmt(&s, f)?;
                f.write_str(r.text())
            }
            (Card::BLACK_JOKER, _, _) => f.write_str("BJ"),
            _ => f.write_str("RJ"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
