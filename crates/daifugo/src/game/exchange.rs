//! The card exchange before play: the tribute's strongest cards, the default gift, and applying
//! a give.

use cards_core::CardSet;

use super::{Action, Applied, Class, Game, GameError, Mode, Phase};
use crate::Effects;

/// The `n` strongest cards of `hand` by the tribute's order: the joker, then 2 down to 3, within
/// a rank ♠ ♥ ♦ ♣ (the highest bits first).
pub(super) fn strongest(hand: CardSet, n: u32) -> CardSet {
    let mut b = hand.bits();
    let mut out = 0;
    for _ in 0..n {
        if b == 0 {
            break;
        }
        let top = 1u64 << b.ilog2();
        out |= top;
        b ^= top;
    }
    CardSet::from_bits_truncate(out)
}

/// The number of cards to give, read off the exchange's legal gives (every set of that size;
/// 0 outside the exchange).
pub(crate) fn give_count(legal: &[Action]) -> usize {
    match legal.first() {
        Some(Action::Give(c)) => c.len(),
        _ => 0,
    }
}

/// The `n` weakest cards of `hand` in the normal order (3 up, ♣ first, the joker last): the
/// default exchange choice.
///
/// ```
/// use daifugo::weakest;
/// let h = "S3 D3 H7 JK".parse().unwrap();
/// assert_eq!(weakest(h, 2), "D3 S3".parse().unwrap());
/// ```
#[must_use]
pub fn weakest(hand: CardSet, n: usize) -> CardSet {
    hand.iter().take(n).collect()
}

impl Game {
    pub(super) fn exchange(
        &mut self,
        player: u8,
        k: u8,
        action: Action,
    ) -> Result<Applied, GameError> {
        let count = self.give_count();
        let hand = self.hands[player as usize];
        let valid = match action {
            Action::Give(c) if c.len() == count as usize && c.is_subset(hand) => Some(c),
            _ => None,
        };
        let cards = match (valid, self.mode) {
            (Some(c), _) => c,
            (None, Mode::Server) => strongest(hand, u32::from(count)),
            (None, Mode::Checked) => {
                return Err(match action {
                    Action::Give(cards) => GameError::BadExchange {
                        player,
                        cards,
                        count,
                    },
                    _ => GameError::WrongPhase { player, action },
                });
            }
        };
        let classes = self.classes.unwrap_or(Class::ALL);
        let to = if k == 0 {
            Class::Daihinmin
        } else {
            Class::Hinmin
        };
        let receiver = classes.iter().position(|&c| c == to).unwrap_or(0);
        self.hands[player as usize] -= cards;
        self.hands[receiver] |= cards;
        self.counts[player as usize] = self.hands[player as usize].len() as u8;
        self.counts[receiver] = self.hands[receiver].len() as u8;
        self.returned[player as usize] = cards;
        self.given[player as usize] = cards;
        self.received[receiver] = cards;
        if k == 0 {
            self.phase = Phase::Exchange(1);
            self.turn = classes.iter().position(|&c| c == Class::Fugo).unwrap_or(0) as u8;
        } else {
            self.start_play();
        }
        Ok(Applied {
            player,
            accepted: valid.is_some(),
            reason: None,
            effects: Effects::empty(),
            flushed: false,
            finished: None,
            over: false,
        })
    }
}
