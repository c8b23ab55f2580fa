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
    let mut set = CardSet::EMPTY;
    if text.is_empty() {
        return Some(set);
    }
    for token in text.as_bytes().split(|&b| b == b' ') {
        let card = match *token {
            [b'J', b'K'] => Card::BLACK_JOKER,
            [s, r] => Card::new(rank(r)?, suit(s)?),
            [s, b'1', b'0'] => Card::new(Rank::Ten, suit(s)?),
            _ => return None,
        };
        if set.contains(card) {
            return None;
        }
        set = set.with(card);
    }
    Some(set)
}

fn suit(b: u8) -> Option<Suit> {
    Some(match b {
        b'C' => Suit::Clubs,
        b'D' => Suit::Diamonds,
        b'H' => Suit::Hearts,
        b'S' => Suit::Spades,
        _ => return None,
    })
}

fn rank(b: u8) -> Option<Rank> {
    Some(match b {
        b'3'..=b'9' => Rank::from_index(b - b'3')?,
        b'T' => Rank::Ten,
        b'J' => Rank::Jack,
        b'Q' => Rank::Queen,
        b'K' => Rank::King,
        b'A' => Rank::Ace,
        b'2' => Rank::Two,
        _ => return None,
    })
}

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
