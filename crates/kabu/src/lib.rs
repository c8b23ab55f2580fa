#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod card;
mod edge;
mod error;
mod eval;
mod hand;
pub mod harness;
mod interface;
mod odds;
mod round;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;

/// The card layer this crate is built on, re-exported so that one dependency is enough.
///
/// ```
/// use kabu::cards_core::CardSet;
/// assert_eq!(kabu::DECK.len(), 40);
/// assert!(kabu::DECK.is_subset(CardSet::STANDARD));
/// ```
pub use cards_core;
pub use cards_core::{Card, CardSet, Rank, Suit};

pub use card::{
    DECK, SEED_SUITS, from_harness_number, from_seed_number, harness_number, number, seed_number,
    seed_suit,
};
pub use edge::{Estimate, HouseEdge, Simulation, house_edge, house_edge_on, simulate};
pub use error::{At, KabuError};
pub use eval::{Outcome, Payout, Role, Yaku, evaluate, evaluate_by_rule};
pub use hand::{Hand, parse_cards};
pub use interface::{Decision, RoundView};
pub use odds::{Advice, DrawOdds, Fraction};
pub use round::{
    Action, BuiltinPolicy, Case, FieldSettlement, Observation, Phase, Policy, ROUND_CARDS, Record,
    Round, RoundError, Seat, draw_rule, settle,
};
pub use rules::{Rules, Ties};
