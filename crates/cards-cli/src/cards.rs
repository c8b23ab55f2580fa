//! A fast path for reading cards in the canonical ASCII form the commands write themselves
//! (`S3 H10 DK JK`: one space between tokens, suit letter in upper case, each card once), used
//! by the batch commands before the general parser of `cards-core`.
//!
//! [`canonical`] answers `Some` only for text in that form, and then exactly what
//! `text.parse::<CardSet>()` answers; anything else (other separators, lower case, symbols,
//! a card twice, a bad token) is `None`, and the caller runs the general parser, which gives
//! the same set or the error naming the token.

use cards_core::{Card, CardSet, Rank, Suit};

/// The cards of `text` when it is in canonical ASCII form, else `None`.
///
/// ```
/// use cards_core::CardSet;
/// use cards_cli::cards::canonical;
/// assert_eq!(canonical("S3 H10 DK"), "S3 H10 DK".parse::<CardSet>().ok());
/// assert_eq!(canonical("S3 JK"), "S3 JK".parse::<CardSet>().ok());
/// assert_eq!(canonical("s3, HT"), None); // the general parser reads it
/// assert_eq!(canonical("S3 S3"), None); // the general parser names the repeat
/// ```
#[must_use]
pub fn canonical(text: &str) -> Option<CardSet> {
    let b = text.as_bytes();
    if b.is_empty() {
        return Some(CardSet::EMPTY);
    }
    let mut bits = 0u64;
    let mut i = 0;
    loop {
        let (s, r) = (*b.get(i)?, *b.get(i + 1)?);
        let (bit, next) = if s == b'J' && r == b'K' {
            (u32::from(Card::BLACK_JOKER.index()), i + 2)
        } else {
            let suit = SUITS[s as usize];
            if suit == NONE {
                return None;
            }
            if r == b'1' {
                if b.get(i + 2) != Some(&b'0') {
                    return None;
                }
                (
                    u32::from(Card::new(Rank::Ten, Suit::Clubs).index() + suit),
                    i + 3,
                )
            } else {
                let rank = RANKS[r as usize];
                if rank == NONE {
                    return None;
                }
                (u32::from(rank * 4 + suit), i + 2)
            }
        };
        if bits >> bit & 1 != 0 {
            return None;
        }
        bits |= 1 << bit;
        match b.get(next) {
            None => break,
            Some(b' ') => i = next + 1,
            Some(_) => return None,
        }
    }
    Some(CardSet::from_bits_truncate(bits))
}

/// Not a suit or rank letter.
const NONE: u8 = 0xFF;

/// A suit's index by its upper-case letter.
const SUITS: [u8; 256] = {
    let mut t = [NONE; 256];
    let mut i = 0;
    while i < 4 {
        let suit = Suit::ALL[i];
        t[suit.letter() as usize] = suit.index();
        i += 1;
    }
    t
};

/// A rank's index by its character (`T` for ten; `10` is read apart).
const RANKS: [u8; 256] = {
    let mut t = [NONE; 256];
    let mut i = 0;
    while i < 13 {
        let rank = Rank::ALL[i];
        t[rank.char() as usize] = rank.index();
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every token the fast path could meet, alone and in pairs: where it answers, it answers
    /// what the general parser does.
    #[test]
    fn agrees_with_the_general_parser_on_every_token_and_pair() {
        let mut tokens: Vec<String> = vec![String::new(), "JK".into(), "jk".into(), "BJ".into()];
        for s in ["S", "H", "D", "C", "s", "X", "♠"] {
            for r in [
                "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "A", "1", "0",
                "t", "11", "",
            ] {
                tokens.push(format!("{s}{r}"));
            }
        }
        let mut answered = 0;
        for a in &tokens {
            for b in &tokens {
                for text in [
                    a.clone(),
                    format!("{a} {b}"),
                    format!("{a}  {b}"),
                    format!("{a},{b}"),
                ] {
                    if let Some(set) = canonical(&text) {
                        answered += 1;
                        assert_eq!(text.parse::<CardSet>().ok(), Some(set), "{text:?}");
                    }
                }
            }
        }
        // the canonical pairs of distinct cards (and single cards) take the fast path
        assert!(answered > 53 * 52, "{answered}");
    }

    /// Seeded hands of up to 15 cards of the 54, written canonically, all take the fast path.
    #[test]
    fn canonical_hands_take_the_fast_path() {
        let mut rng = cards_core::Rng::seed_from_u64(8);
        let deck: Vec<Card> = CardSet::STANDARD.with(Card::BLACK_JOKER).iter().collect();
        for _ in 0..2000 {
            let mut cards = deck.clone();
            rng.shuffle(&mut cards);
            let n = rng.below(16) as usize;
            let hand: CardSet = cards[..n].iter().copied().collect();
            let text: Vec<String> = hand
                .iter()
                .map(|c| {
                    if c.is_joker() {
                        "JK".to_string()
                    } else {
                        format!("{c:#}")
                    }
                })
                .collect();
            let text = text.join(" ");
            assert_eq!(canonical(&text), Some(hand), "{text}");
            assert_eq!(text.parse::<CardSet>().ok(), Some(hand), "{text}");
        }
    }
}
