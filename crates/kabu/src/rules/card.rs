//! The 40-card Kabu deck and the seed's two card numberings.

use cards_core::{Card, CardSet, Rank, Suit};

use crate::KabuError;

/// The 40 Kabu cards: A, 2, .., 10 of the four suits. J, Q, K and the jokers are outside.
///
/// ```
/// use kabu::Card;
/// assert_eq!(kabu::DECK.len(), 40);
/// assert!(kabu::DECK.contains("H10".parse::<Card>()?));
/// assert!(!kabu::DECK.contains("HJ".parse::<Card>()?));
/// assert!(!kabu::DECK.contains(Card::BLACK_JOKER));
/// # Ok::<(), kabu::cards_core::ParseError>(())
/// ```
// Nibbles 0..=7 (3..10) are bits 0..32; nibbles 11 and 12 (A and 2) are bits 44..52.
pub const DECK: CardSet = CardSet::from_bits_truncate(0x000F_F000_FFFF_FFFF);

/// The seed's suit order (♠, ♣, ♥, ♦): its card numbers and the harness's 1..40 are suit-major
/// in this order.
///
/// ```
/// use kabu::Suit;
/// assert_eq!(kabu::SEED_SUITS[0], Suit::Spades);
/// assert_eq!(kabu::SEED_SUITS[3], Suit::Diamonds);
/// ```
pub const SEED_SUITS: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Hearts, Suit::Diamonds];

/// A suit's place in the seed's order: ♠ 0, ♣ 1, ♥ 2, ♦ 3 (the VB6 `mark`).
///
/// ```
/// use kabu::Suit;
/// assert_eq!(kabu::seed_suit(Suit::Spades), 0);
/// assert_eq!(kabu::seed_suit(Suit::Diamonds), 3);
/// ```
#[inline]
#[must_use]
pub const fn seed_suit(suit: Suit) -> u8 {
    match suit {
        Suit::Spades => 0,
        Suit::Clubs => 1,
        Suit::Hearts => 2,
        Suit::Diamonds => 3,
    }
}

/// The Kabu number of a card (A = 1, 2..10 as printed), or `None` for J, Q, K and jokers.
///
/// ```
/// use kabu::Card;
/// assert_eq!(kabu::number("SA".parse::<Card>()?), Some(1));
/// assert_eq!(kabu::number("D10".parse::<Card>()?), Some(10));
/// assert_eq!(kabu::number("DQ".parse::<Card>()?), None);
/// assert_eq!(kabu::number(Card::RED_JOKER), None);
/// # Ok::<(), kabu::cards_core::ParseError>(())
/// ```
#[inline]
#[must_use]
pub const fn number(card: Card) -> Option<u8> {
    match card.rank() {
        Some(r) if r.number() <= 10 => Some(r.number()),
        _ => None,
    }
}

/// The number and the suit of a Kabu card, or the error naming a card outside the deck.
fn parts(card: Card) -> Result<(u8, Suit), KabuError> {
    match (number(card), card.suit()) {
        (Some(n), Some(s)) => Ok((n, s)),
        _ => Err(KabuError::NotKabuCard {
            card,
            at: crate::At::default(),
        }),
    }
}

/// The seed's card number (the VB6 `Tefuda` value): `13 * mark + number - 1` with the marks ♠ 0,
/// ♣ 1, ♥ 2, ♦ 3, so ♠A is 0, ♠10 is 9, ♣A is 13 and ♦10 is 48.
///
/// ```
/// use kabu::Card;
/// assert_eq!(kabu::seed_number("SA".parse::<Card>()?)?, 0);
/// assert_eq!(kabu::seed_number("CA".parse::<Card>()?)?, 13);
/// assert_eq!(kabu::seed_number("D10".parse::<Card>()?)?, 48);
/// assert!(kabu::seed_number("SK".parse::<Card>()?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn seed_number(card: Card) -> Result<u8, KabuError> {
    let (n, s) = parts(card)?;
    Ok(13 * seed_suit(s) + n - 1)
}

/// The card with a seed card number: 0..=9, 13..=22, 26..=35 or 39..=48. The numbers of J, Q and
/// K (10..=12 of each suit), negative numbers (the seed's -1 is "no card") and 52 and above are
/// errors.
///
/// ```
/// assert_eq!(kabu::from_seed_number(13)?.to_string(), "♣A");
/// assert_eq!(kabu::from_seed_number(48)?.to_string(), "♦10");
/// assert!(kabu::from_seed_number(10).is_err()); // ♠J
/// assert!(kabu::from_seed_number(-1).is_err());
/// # Ok::<(), kabu::KabuError>(())
/// ```
pub fn from_seed_number(n: i32) -> Result<Card, KabuError> {
    let bad = KabuError::SeedNumber { number: n };
    let Ok(n) = u8::try_from(n) else {
        return Err(bad);
    };
    if n >= 52 || n % 13 >= 10 {
        return Err(bad);
    }
    let rank = Rank::from_number(n % 13 + 1).ok_or(bad)?;
    Ok(Card::new(rank, SEED_SUITS[(n / 13) as usize]))
}

/// The harness's card number, 1..=40: ♠A..♠10 are 1..=10, ♣ 11..=20, ♥ 21..=30, ♦ 31..=40.
///
/// ```
/// use kabu::Card;
/// assert_eq!(kabu::harness_number("SA".parse::<Card>()?)?, 1);
/// assert_eq!(kabu::harness_number("C2".parse::<Card>()?)?, 12);
/// assert_eq!(kabu::harness_number("D10".parse::<Card>()?)?, 40);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn harness_number(card: Card) -> Result<u8, KabuError> {
    let (n, s) = parts(card)?;
    Ok(10 * seed_suit(s) + n)
}

/// The card with a harness number (1..=40).
///
/// ```
/// assert_eq!(kabu::from_harness_number(1)?.to_string(), "♠A");
/// assert_eq!(kabu::from_harness_number(40)?.to_string(), "♦10");
/// assert!(kabu::from_harness_number(0).is_err());
/// assert!(kabu::from_harness_number(41).is_err());
/// # Ok::<(), kabu::KabuError>(())
/// ```
pub fn from_harness_number(n: i32) -> Result<Card, KabuError> {
    let bad = KabuError::HarnessNumber { number: n };
    let Ok(n) = u8::try_from(n) else {
        return Err(bad);
    };
    if !(1..=40).contains(&n) {
        return Err(bad);
    }
    let rank = Rank::from_number((n - 1) % 10 + 1).ok_or(bad)?;
    Ok(Card::new(rank, SEED_SUITS[((n - 1) / 10) as usize]))
}

/// Cards in ASCII, separated by spaces (the JSON form of a deal or a set of cards).
#[cfg(feature = "serde")]
pub(crate) fn write_ascii(
    f: &mut std::fmt::Formatter<'_>,
    cards: impl Iterator<Item = Card>,
) -> std::fmt::Result {
    for (i, c) in cards.enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{c:#}")?;
    }
    Ok(())
}
