//! A whole round: the deal, the bets, the draws in order, and the settlement of every field.
//!
//! A round has the dealer (親) and four fields (場1..場4). The player stakes on fields after seeing
//! the first cards; every hand (staked or not) is dealt and draws, so cards are consumed as on a
//! real table. See the crate docs for the table of steps and the settlement.
//!
//! The files: this one (the [`Round`] type, its constructors and accessors), `seat.rs` ([`Seat`],
//! [`Phase`]), `error.rs` ([`RoundError`]), `action.rs` ([`Action`]), `observation.rs`
//! ([`Observation`], [`draw_rule`]), `policy.rs` ([`Policy`], [`BuiltinPolicy`]), `apply.rs` (bets,
//! legal actions, apply, play), `settle.rs` ([`settle`], [`Case`], [`FieldSettlement`]),
//! `record.rs` ([`Record`]).

mod action;
mod apply;
mod error;
mod observation;
mod policy;
mod record;
mod seat;
mod settle;

pub use action::Action;
use cards_core::{Card, CardSet, Rng};
pub use error::RoundError;
pub use observation::{Observation, draw_rule};
pub(crate) use policy::final_rank;
pub use policy::{BuiltinPolicy, Policy};

use crate::{DECK, Hand, KabuError, Outcome, Rules};
pub use record::Record;
pub use seat::{Phase, Seat};
pub use settle::{Case, FieldSettlement, settle};

/// The number of cards a round can use: two and one third card for each of five seats.
pub const ROUND_CARDS: usize = 15;

/// A whole round of Kabu.
///
/// The deal is the workspace's seeded generator ([`Rng`](crate::cards_core::Rng): xoshiro256** seeded by
/// `SplitMix64`) shuffling the 40-card deck in the harness order (♠A..♠10, ♣, ♥, ♦) by
/// Fisher-Yates from the end; cards are dealt from the end of the shuffled deck (its last card
/// first). Only the last 15 positions are shuffled, as they are all a round can use: the same
/// cards as a full shuffle, the same on every platform.
///
/// Order of play: the first card to 場1..場4 and then the dealer, the bets ([`Round::bet`]), the
/// second card in the same order, then each seat in the same order draws or stands
/// ([`Round::apply_with_outcome`], or [`Round::play`] with policies). Fields without a stake draw by the
/// `house` policy, automatically.
///
/// A round is a small `Copy` value.
///
/// ```
/// use kabu::{BuiltinPolicy, Round, Rules, Seat};
/// let mut round = Round::new(Rules::DEFAULT, 2026);
/// assert_eq!(Round::new(Rules::DEFAULT, 2026), round); // same seed, same round
/// round.bet([1, 0, 3, 0])?;
/// round.play(&mut BuiltinPolicy::House, &mut BuiltinPolicy::House)?;
/// assert!(round.is_over());
/// let total: i64 = [Seat::Field1, Seat::Field3]
///     .iter()
///     .map(|&s| round.settlement(s).unwrap().net)
///     .sum();
/// assert_eq!(round.net(), total);
/// let replayed = round.record().replay()?;
/// assert_eq!(replayed, round);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Round {
    rules: Rules,
    seed: Option<u64>,
    /// The cards in dealing order.
    deal: [Card; ROUND_CARDS],
    /// How many cards of `deal` are dealt.
    next: u8,
    /// Each seat's cards.
    hands: [CardSet; 5],
    /// Each seat's evaluation, from the second card on (kept current as cards are drawn).
    outcomes: [Outcome; 5],
    stakes: [u32; 4],
    phase: Phase,
    /// The seat to act (in the draw phase).
    turn: u8,
    /// Bit `i`: seat `i` has acted; bit `8 + i`: it drew.
    acted: u16,
}

/// The 40-card deck in the harness's order (♠A..♠10, ♣A..♣10, ♥, ♦).
const HARNESS_ORDER: [Card; 40] = {
    let mut cards = [Card::BLACK_JOKER; 40];
    let mut i = 0;
    while i < 40 {
        if let Some(rank) = cards_core::Rank::from_number((i % 10) as u8 + 1) {
            cards[i] = Card::new(rank, crate::SEED_SUITS[i / 10]);
        }
        i += 1;
    }
    cards
};

impl Round {
    /// A round dealt from a seed: the first cards are dealt, the bets are open.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let round = Round::new(Rules::VB6, 1);
    /// assert_eq!(round.cards(Seat::Dealer).len(), 1);
    /// ```
    #[must_use]
    pub fn new(rules: Rules, seed: u64) -> Round {
        let mut rng = Rng::seed_from_u64(seed);
        let mut deck = HARNESS_ORDER;
        // Fisher-Yates from the end, stopped after the 15 positions a round deals.
        let mut deal = [Card::BLACK_JOKER; ROUND_CARDS];
        for (k, i) in (40 - ROUND_CARDS..40).rev().enumerate() {
            let j = rng.below(i as u64 + 1) as usize;
            deck.swap(i, j);
            deal[k] = deck[i];
        }
        Round::start(rules, Some(seed), deal)
    }

    /// A round with an explicit deal: 15 distinct Kabu cards in dealing order (first cards of
    /// 場1..場4 and the dealer, then the second cards, then the third cards as they are drawn).
    ///
    /// ```
    /// use kabu::{Card, Round, Rules, Seat};
    /// let cards: Vec<Card> = kabu::parse_cards("SA S2 S3 S4 S5 S6 S7 S8 S9 S10 CA C2 C3 C4 C5")?
    ///     .iter().collect();
    /// let round = Round::from_deal(Rules::DEFAULT, cards.try_into().unwrap()).unwrap();
    /// assert_eq!(round.cards(Seat::Field1).len(), 1);
    /// assert!(Round::from_deal(Rules::DEFAULT, [Card::BLACK_JOKER; 15]).is_err());
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    pub fn from_deal(rules: Rules, deal: [Card; ROUND_CARDS]) -> Result<Round, RoundError> {
        check_deal(&deal)?;
        Ok(Round::start(rules, None, deal))
    }

    fn start(rules: Rules, seed: Option<u64>, deal: [Card; ROUND_CARDS]) -> Round {
        let mut hands = [CardSet::EMPTY; 5];
        for (h, &c) in hands.iter_mut().zip(&deal) {
            *h = CardSet::EMPTY.with(c);
        }
        Round {
            rules,
            seed,
            deal,
            next: 5,
            hands,
            outcomes: [Outcome::NONE_0; 5],
            stakes: [0; 4],
            phase: Phase::Bets,
            turn: 0,
            acted: 0,
        }
    }

    /// The rules.
    ///
    /// ```
    /// assert_eq!(kabu::Round::new(kabu::Rules::VB6, 0).rules(), kabu::Rules::VB6);
    /// ```
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The seed the round was dealt from (`None` for an explicit deal).
    ///
    /// ```
    /// assert_eq!(kabu::Round::new(kabu::Rules::DEFAULT, 9).seed(), Some(9));
    /// ```
    #[must_use]
    pub const fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The 15 cards in dealing order (those past the cards dealt so far are still face down).
    ///
    /// ```
    /// let round = kabu::Round::new(kabu::Rules::DEFAULT, 9);
    /// assert_eq!(round.deal().len(), 15);
    /// ```
    #[must_use]
    pub const fn deal(&self) -> [Card; ROUND_CARDS] {
        self.deal
    }

    /// The phase.
    ///
    /// ```
    /// assert_eq!(kabu::Round::new(kabu::Rules::DEFAULT, 9).phase(), kabu::Phase::Bets);
    /// ```
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the round is settled.
    ///
    /// ```
    /// assert!(!kabu::Round::new(kabu::Rules::DEFAULT, 9).is_over());
    /// ```
    #[must_use]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// The seat to act in the draw phase (`None` while betting and when over).
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// assert_eq!(round.seat_to_act(), None);
    /// round.bet([0, 1, 0, 0])?;
    /// assert_eq!(round.seat_to_act(), Some(Seat::Field2)); // 場1 has no stake: house played it
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub const fn seat_to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Draws => Some(Seat::ALL[self.turn as usize]),
            _ => None,
        }
    }

    /// The stakes on 場1..場4.
    ///
    /// ```
    /// let mut round = kabu::Round::new(kabu::Rules::DEFAULT, 9);
    /// round.bet([0, 5, 0, 1])?;
    /// assert_eq!(round.stakes(), [0, 5, 0, 1]);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub const fn stakes(&self) -> [u32; 4] {
        self.stakes
    }

    /// A seat's cards so far (one while betting, then two or three).
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 0, 0, 0])?;
    /// assert_eq!(round.cards(Seat::Field4).len() >= 2, true);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub const fn cards(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// A seat's hand, once it holds two cards.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let round = Round::new(Rules::DEFAULT, 9);
    /// assert_eq!(round.hand(Seat::Dealer), None);
    /// ```
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Option<Hand> {
        match self.phase {
            Phase::Bets => None,
            _ => Some(Hand::from_set_unchecked(self.cards(seat))),
        }
    }

    /// A seat's evaluation (role by seat, the round's preset), once it holds two cards.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 0, 0, 0])?;
    /// assert!(round.outcome(Seat::Dealer).is_some());
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self, seat: Seat) -> Option<Outcome> {
        match self.phase {
            Phase::Bets => None,
            _ => Some(self.outcomes[seat.index()]),
        }
    }

    /// Whether a seat has acted, and if so whether it drew.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let round = Round::new(Rules::DEFAULT, 9);
    /// assert_eq!(round.decision(Seat::Field1), None);
    /// ```
    #[must_use]
    pub const fn decision(&self, seat: Seat) -> Option<bool> {
        let i = seat.index();
        if self.acted & (1 << i) == 0 {
            None
        } else {
            Some(self.acted & (1 << (8 + i)) != 0)
        }
    }

    /// What a seat may see (from the second card on): its own cards, the other hands' first
    /// cards, and the third cards drawn so far.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// assert!(round.seat_observation(Seat::Field1).is_none());
    /// round.bet([1, 1, 1, 1])?;
    /// assert_eq!(round.seat_observation(Seat::Dealer).unwrap().face_up.len(), 4);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn seat_observation(&self, seat: Seat) -> Option<Observation> {
        let hand = self.hand(seat)?;
        let mut face_up = CardSet::EMPTY;
        for s in Seat::ALL {
            if s != seat {
                // The first card, and a third card once drawn; the second stays face down.
                face_up = face_up.with(self.deal[s.index()])
                    | (self.hands[s.index()] - self.two_cards(s));
            }
        }
        let mut first_cards = [None; 5];
        let mut third_cards = [None; 5];
        for s in Seat::ALL {
            first_cards[s.index()] = Some(self.deal[s.index()]);
            third_cards[s.index()] = (self.hands[s.index()] - self.two_cards(s)).first();
        }
        Some(Observation {
            seat,
            hand,
            rules: self.rules,
            face_up,
            out_of_play: CardSet::EMPTY,
            first_cards,
            third_cards,
            stakes: self.stakes,
        })
    }

    /// A seat's first two cards.
    fn two_cards(&self, seat: Seat) -> CardSet {
        CardSet::EMPTY
            .with(self.deal[seat.index()])
            .with(self.deal[5 + seat.index()])
    }
}

/// Checks that a deal holds 15 distinct Kabu cards.
fn check_deal(deal: &[Card; ROUND_CARDS]) -> Result<(), RoundError> {
    let mut seen = CardSet::EMPTY;
    for (index, &card) in deal.iter().enumerate() {
        let at = crate::At {
            index,
            ..crate::At::default()
        };
        if !DECK.contains(card) {
            return Err(RoundError::BadDeal(KabuError::NotKabuCard { card, at }));
        }
        if seen.contains(card) {
            return Err(RoundError::BadDeal(KabuError::Repeated { card, at }));
        }
        seen = seen.with(card);
    }
    Ok(())
}
