//! A Kabu hand: two or three distinct cards of the 40-card deck.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, CardSet, Token};

use crate::{At, DECK, KabuError, Outcome, Role, Rules, harness_number};

/// Reads any number of distinct Kabu cards (separated by spaces or commas) into a set. Every
/// error names the token and its position: a token that is no card, a card outside the 40-card
/// deck, a card given twice.
///
/// ```
/// let seen = kabu::parse_cards("S3, h10 4c")?;
/// assert_eq!(seen.len(), 3);
/// assert!(kabu::parse_cards("S3 S3").is_err());
/// assert!(kabu::parse_cards("S3 JK").is_err());
/// assert_eq!(kabu::parse_cards("")?.len(), 0);
/// # Ok::<(), kabu::KabuError>(())
/// ```
pub fn parse_cards(s: &str) -> Result<CardSet, KabuError> {
    let mut set = CardSet::EMPTY;
    for (index, token) in cards_core::parse_tokens(s).enumerate() {
        let Token {
            text,
            position,
            card,
        } = token.map_err(KabuError::Parse)?;
        let at = || At {
            index,
            token: Some(text.to_string()),
            position: Some(position),
        };
        if !DECK.contains(card) {
            return Err(KabuError::NotKabuCard { card, at: at() });
        }
        if set.contains(card) {
            return Err(KabuError::Repeated { card, at: at() });
        }
        set = set.with(card);
    }
    Ok(set)
}

/// Two or three distinct cards of the 40-card deck. No other value can be built: every
/// constructor checks the count, the deck and repeats. A hand is a set: the order the cards were
/// given in does not matter (the seed sorts them before it looks).
///
/// `Display` lists the cards in the harness's order (♠A..♠10, ♣, ♥, ♦), `{:#}` in ASCII.
///
/// ```
/// use kabu::{Hand, Role, Rules, Yaku};
/// let hand: Hand = "S9 CA".parse()?;
/// assert_eq!(hand.to_string(), "♠9 ♣A");
/// assert_eq!(format!("{hand:#}"), "S9 CA");
/// assert_eq!(hand.evaluate(Role::Dealer, Rules::DEFAULT).yaku(), Yaku::Kuppin);
/// assert_eq!(hand.evaluate(Role::Dealer, Rules::VB6).yaku(), Yaku::None);
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hand(CardSet);

impl Hand {
    /// The hand of a list of cards: two or three, all in the deck, none twice.
    ///
    /// ```
    /// use kabu::Card;
    /// use kabu::{Hand, KabuError};
    /// let sa: Card = "SA".parse()?;
    /// let s2: Card = "S2".parse()?;
    /// assert_eq!(Hand::new(&[sa, s2])?.len(), 2);
    /// assert!(matches!(Hand::new(&[sa, sa]), Err(KabuError::Repeated { .. })));
    /// assert!(matches!(Hand::new(&[sa]), Err(KabuError::TooFew { count: 1 })));
    /// assert!(matches!(Hand::new(&[sa, s2, Card::RED_JOKER]), Err(KabuError::NotKabuCard { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(cards: &[Card]) -> Result<Hand, KabuError> {
        let mut set = CardSet::EMPTY;
        for (index, &card) in cards.iter().enumerate() {
            let at = At {
                index,
                ..At::default()
            };
            if !DECK.contains(card) {
                return Err(KabuError::NotKabuCard { card, at });
            }
            if set.contains(card) {
                return Err(KabuError::Repeated { card, at });
            }
            set = set.with(card);
        }
        Hand::from_set(set)
    }

    /// The hand of a set of cards: two or three, all in the deck.
    ///
    /// ```
    /// use kabu::CardSet;
    /// use kabu::Hand;
    /// let set: CardSet = "SA S2 S3".parse()?;
    /// assert_eq!(Hand::from_set(set)?.cards(), set);
    /// assert!(Hand::from_set("SA SK".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_set(set: CardSet) -> Result<Hand, KabuError> {
        if !set.is_subset(DECK)
            && let Some((index, card)) = set.iter().enumerate().find(|(_, c)| !DECK.contains(*c))
        {
            return Err(KabuError::NotKabuCard {
                card,
                at: At {
                    index,
                    ..At::default()
                },
            });
        }
        match set.len() {
            2 | 3 => Ok(Hand(set)),
            count @ 0..2 => Err(KabuError::TooFew { count }),
            count => Err(KabuError::TooMany { count }),
        }
    }

    /// A hand of a set known to hold two or three Kabu cards (the round's own deal).
    #[inline]
    pub(crate) const fn from_set_unchecked(set: CardSet) -> Hand {
        Hand(set)
    }

    /// The hand of the seed's card numbers (`Tefuda` values, 0 = ♠A), in any order.
    ///
    /// ```
    /// use kabu::Hand;
    /// assert_eq!(Hand::from_seed_numbers(&[8, 13])?.to_string(), "♠9 ♣A");
    /// assert!(Hand::from_seed_numbers(&[8, 12]).is_err()); // 12 is ♠K
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    pub fn from_seed_numbers(numbers: &[i32]) -> Result<Hand, KabuError> {
        let cards = numbers
            .iter()
            .map(|&n| crate::from_seed_number(n))
            .collect::<Result<Vec<_>, _>>()?;
        Hand::new(&cards)
    }

    /// The hand of the harness's card numbers (1..=40, 1 = ♠A), in any order.
    ///
    /// ```
    /// use kabu::Hand;
    /// assert_eq!(Hand::from_harness_numbers(&[1, 2, 3])?.to_string(), "♠A ♠2 ♠3");
    /// assert!(Hand::from_harness_numbers(&[1, 41]).is_err());
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    pub fn from_harness_numbers(numbers: &[i32]) -> Result<Hand, KabuError> {
        let cards = numbers
            .iter()
            .map(|&n| crate::from_harness_number(n))
            .collect::<Result<Vec<_>, _>>()?;
        Hand::new(&cards)
    }

    /// The cards as a set.
    ///
    /// ```
    /// let hand: kabu::Hand = "SA S2".parse()?;
    /// assert_eq!(hand.cards(), "S2 SA".parse()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn cards(self) -> CardSet {
        self.0
    }

    /// The number of cards: 2 or 3.
    ///
    /// ```
    /// let hand: kabu::Hand = "SA S2 S3".parse()?;
    /// assert_eq!(hand.len(), 3);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[inline]
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // a hand is never empty
    pub const fn len(self) -> usize {
        self.0.len()
    }

    /// The cards in the harness's order (by harness number: ♠A..♠10, ♣, ♥, ♦).
    ///
    /// ```
    /// let hand: kabu::Hand = "D2 CA S10".parse()?;
    /// let cards: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
    /// assert_eq!(cards, ["♠10", "♣A", "♦2"]);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn iter(self) -> impl ExactSizeIterator<Item = Card> {
        let mut cards: Vec<Card> = self.0.iter().collect();
        cards.sort_by_key(|&c| harness_number(c).unwrap_or(u8::MAX));
        cards.into_iter()
    }

    /// The harness numbers of the cards (1..=40), ascending.
    ///
    /// ```
    /// let hand: kabu::Hand = "D10 SA".parse()?;
    /// assert_eq!(hand.harness_numbers(), [1, 40]);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn harness_numbers(self) -> Vec<u8> {
        self.iter().filter_map(|c| harness_number(c).ok()).collect()
    }

    /// The seed's card numbers of the cards (0..=48), ascending: the VB6 program's sorted `tf`.
    ///
    /// ```
    /// let hand: kabu::Hand = "S9 CA".parse()?;
    /// assert_eq!(hand.seed_numbers(), [8, 13]);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn seed_numbers(self) -> Vec<u8> {
        self.iter()
            .filter_map(|c| crate::seed_number(c).ok())
            .collect()
    }

    /// The three-card hand made by drawing `card`.
    ///
    /// ```
    /// use kabu::Card;
    /// let hand: kabu::Hand = "SA S2".parse()?;
    /// assert_eq!(hand.draw("S3".parse::<Card>()?)?.len(), 3);
    /// assert!(hand.draw("S2".parse::<Card>()?).is_err());
    /// assert!(hand.draw("S3".parse::<Card>()?)?.draw("S4".parse::<Card>()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw(self, card: Card) -> Result<Hand, KabuError> {
        let at = At {
            index: self.len(),
            ..At::default()
        };
        if !DECK.contains(card) {
            return Err(KabuError::NotKabuCard { card, at });
        }
        if self.0.contains(card) {
            return Err(KabuError::Repeated { card, at });
        }
        Hand::from_set(self.0.with(card))
    }

    /// The hand's evaluation for a role under a preset: the same as [`crate::evaluate`].
    ///
    /// ```
    /// use kabu::{Hand, Role, Rules, Yaku};
    /// let hand: Hand = "CA D4".parse()?;
    /// let child = hand.evaluate(Role::Child, Rules::DEFAULT);
    /// assert_eq!((child.yaku(), child.code()), (Yaku::Shippin, 998));
    /// let dealer = hand.evaluate(Role::Dealer, Rules::DEFAULT);
    /// assert_eq!((dealer.yaku(), dealer.code()), (Yaku::None, 5));
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn evaluate(self, role: Role, rules: Rules) -> Outcome {
        crate::evaluate(self, role, rules)
    }
}

impl FromStr for Hand {
    type Err = KabuError;

    /// Reads two or three Kabu cards separated by spaces or commas (`SA S9`, `as 9c`, `S10 HT`).
    fn from_str(s: &str) -> Result<Hand, KabuError> {
        Hand::from_set(parse_cards(s)?)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if f.alternate() {
                write!(f, "{c:#}")?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

/// `serde`: a [`Hand`] is its ASCII text (`"S9 CA"`).
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use super::Hand;

    /// The ASCII form of a hand (`S9 CA`).
    struct Ascii(Hand);

    impl fmt::Display for Ascii {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{:#}", self.0)
        }
    }

    as_text! {
        Hand => |h| Ascii(*h), "two or three Kabu cards such as \"S9 CA\"";
    }
}
