#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod card;
mod error;
mod eval;
mod hand;
pub mod harness;
mod odds;

pub use card::{
    DECK, SEED_SUITS, from_harness_number, from_seed_number, harness_number, number, seed_number,
    seed_suit,
};
pub use error::{At, KabuError};
pub use eval::{Outcome, Payout, Role, Rules, Yaku, evaluate, evaluate_by_rule};
pub use hand::{Hand, parse_cards};
pub use odds::{Advice, DrawOdds, Fraction};
