//! A deck: shuffle and deal with a caller-supplied random generator.

use alloc::vec::Vec;
use core::fmt;

use crate::{Card, CardSet};

/// A deal asked for more cards than the deck holds.
///
/// ```
/// use cards_core::Deck;
/// let e = Deck::standard().deal(&[30, 30]).unwrap_err();
/// assert_eq!(e.to_string(), "cannot deal 60 cards from a deck of 52");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealError {
    /// Cards the deal needs.
    pub wanted: usize,
    /// Cards in the deck.
    pub available: usize,
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot deal {} cards from a deck of {}",
            self.wanted, self.available
        )
    }
}

impl core::error::Error for DealError {}

/// An ordered deck of distinct cards (index 0 is the top).
///
/// ```
/// use cards_core::{CardSet, Deck};
/// use rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
/// let mut deck = Deck::with_jokers();
/// deck.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(7));
/// let hands = deck.deal(&[17, 17, 17]).unwrap();
/// assert!(hands.iter().all(|h| h.len() == 17));
/// assert!(hands[0].is_disjoint(hands[1]));
/// // the same seed deals the same hands
/// let mut again = Deck::with_jokers();
/// again.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(7));
/// assert_eq!(again.deal(&[17, 17, 17]).unwrap(), hands);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    cards: Vec<Card>,
}

impl Deck {
    /// The cards of a set, in bit order (lowest first).
    ///
    /// ```
    /// use cards_core::{CardSet, Deck};
    /// assert_eq!(Deck::new(CardSet::JOKERS).len(), 2);
    /// ```
    #[must_use]
    pub fn new(set: CardSet) -> Deck {
        Deck {
            cards: set.iter().collect(),
        }
    }

    /// The 52-card deck, unshuffled.
    ///
    /// ```
    /// use cards_core::Deck;
    /// assert_eq!(Deck::standard().len(), 52);
    /// ```
    #[must_use]
    pub fn standard() -> Deck {
        Deck::new(CardSet::STANDARD)
    }

    /// The 54-card deck (both jokers), unshuffled.
    ///
    /// ```
    /// use cards_core::Deck;
    /// assert_eq!(Deck::with_jokers().len(), 54);
    /// ```
    #[must_use]
    pub fn with_jokers() -> Deck {
        Deck::new(CardSet::ALL)
    }

    /// The cards, top first.
    ///
    /// ```
    /// use cards_core::{Card, Deck};
    /// assert_eq!(Deck::standard().cards()[0], "C3".parse::<Card>().unwrap());
    /// ```
    #[must_use]
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The number of cards.
    ///
    /// ```
    /// use cards_core::Deck;
    /// assert_eq!(Deck::standard().len(), 52);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the deck is empty.
    ///
    /// ```
    /// use cards_core::{CardSet, Deck};
    /// assert!(Deck::new(CardSet::EMPTY).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Shuffles uniformly (Fisher-Yates) with the given generator; a seeded generator gives a
    /// reproducible order.
    ///
    /// ```
    /// use cards_core::Deck;
    /// use rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    /// let mut d = Deck::standard();
    /// d.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(1));
    /// assert_ne!(d, Deck::standard());
    /// ```
    pub fn shuffle<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) {
        use rand::seq::SliceRandom;
        self.cards.shuffle(rng);
    }

    /// Deals hands of the given sizes from the top, one hand after another.
    ///
    /// ```
    /// use cards_core::Deck;
    /// let hands = Deck::standard().deal(&[2, 3]).unwrap();
    /// assert_eq!(hands[0], "C3 D3".parse().unwrap());
    /// assert_eq!(hands[1], "H3 S3 C4".parse().unwrap());
    /// ```
    pub fn deal(&self, sizes: &[usize]) -> Result<Vec<CardSet>, DealError> {
        let wanted: usize = sizes.iter().sum();
        if wanted > self.cards.len() {
            return Err(DealError {
                wanted,
                available: self.cards.len(),
            });
        }
        let mut rest = &self.cards[..];
        Ok(sizes
            .iter()
            .map(|&n| {
                let (hand, after) = rest.split_at(n);
                rest = after;
                hand.iter().copied().collect()
            })
            .collect())
    }
}
