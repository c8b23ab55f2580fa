//! A deck: shuffle (with [`Rng`] or any `rand` generator) and deal.

use alloc::vec::Vec;
use core::fmt;

use crate::rng::shuffle_with;
use crate::{Card, CardSet, Rng};

/// A deal asked for more cards than the deck holds.
///
/// `wanted` is the exact total of the sizes asked for, even when it does not fit in a `usize`.
///
/// ```
/// use cards_core::Deck;
/// let e = Deck::standard().deal(&[30, 30]).unwrap_err();
/// assert_eq!(e.to_string(), "cannot deal 60 cards from a deck of 52");
/// let e = Deck::standard().deal(&[usize::MAX, 2]).unwrap_err();
/// assert_eq!(e.wanted, u128::from(u64::MAX) + 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DealError {
    /// Cards the deal needs (the sum of the sizes, computed without overflow).
    pub wanted: u128,
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
/// use cards_core::Rng;
/// let mut deck = Deck::with_jokers();
/// deck.shuffle(&mut Rng::seed_from_u64(7));
/// let hands = deck.deal(&[17, 17, 17]).unwrap();
/// assert!(hands.iter().all(|h| h.len() == 17));
/// assert!(hands[0].is_disjoint(hands[1]));
/// // the same seed deals the same hands
/// let again = Deck::with_jokers().shuffled_seeded(7);
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

    /// Shuffles uniformly with the given generator: Fisher-Yates from the end, each index drawn
    /// without bias from the generator's `next_u64` (the algorithm of [`Rng::shuffle`]), so a
    /// seeded generator gives an order that is stable across platforms and versions.
    ///
    /// ```
    /// use cards_core::{Deck, Rng};
    /// let mut d = Deck::standard();
    /// d.shuffle(&mut Rng::seed_from_u64(1));
    /// assert_ne!(d, Deck::standard());
    /// assert_eq!(d, Deck::standard().shuffled_seeded(1));
    /// ```
    pub fn shuffle<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) {
        shuffle_with(&mut self.cards, || rng.next_u64());
    }

    /// This deck shuffled by [`Rng::seed_from_u64`]`(seed)`: the workspace's seeded deal. The
    /// order for a seed never changes (see [`crate::rng`]).
    ///
    /// ```
    /// use cards_core::{Card, Deck};
    /// let deck = Deck::with_jokers().shuffled_seeded(42);
    /// assert_eq!(deck, Deck::with_jokers().shuffled_seeded(42));
    /// assert_ne!(deck, Deck::with_jokers().shuffled_seeded(43));
    /// let hands = deck.deal(&[17, 17, 17, 3]).unwrap();
    /// assert_eq!(hands.iter().map(|h| h.len()).sum::<usize>(), 54);
    /// ```
    #[must_use]
    pub fn shuffled_seeded(mut self, seed: u64) -> Deck {
        Rng::seed_from_u64(seed).shuffle(&mut self.cards);
        self
    }

    /// Deals hands of the given sizes from the top, one hand after another, or a [`DealError`]
    /// when they add up to more cards than the deck holds (for any sizes, up to `usize::MAX`).
    ///
    /// ```
    /// use cards_core::Deck;
    /// let hands = Deck::standard().deal(&[2, 3]).unwrap();
    /// assert_eq!(hands[0], "C3 D3".parse().unwrap());
    /// assert_eq!(hands[1], "H3 S3 C4".parse().unwrap());
    /// ```
    pub fn deal(&self, sizes: &[usize]) -> Result<Vec<CardSet>, DealError> {
        // u128: a slice of usizes cannot sum past it (at most 2^61 items of at most 2^64)
        let wanted: u128 = sizes.iter().map(|&n| n as u128).sum();
        if wanted > self.cards.len() as u128 {
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
