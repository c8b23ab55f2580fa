#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod card;
mod combo;
#[cfg(feature = "conformance")]
pub mod conformance;
mod deck;
pub mod game;
#[cfg(feature = "serde")]
mod keys_once;
mod parse;
mod ranks;
pub mod rng;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "serde")]
pub use serde_impls::deserialize_from_str;
mod set;
pub mod swar;

pub use card::{Card, Order, Rank, Suit};
pub use combo::{KSubsets, Subsets, binomial, colex_rank, colex_unrank};
pub use deck::{DealError, Deck};
#[cfg(feature = "serde")]
pub use keys_once::KeysOnce;
pub use parse::{
    Escaped, ParseError, ParseErrorKind, QUOTE_LIMIT, Short, Token, parse_cards, parse_tokens,
};
pub use ranks::{RankIter, RankSet};
pub use rng::Rng;
pub use set::{CardSet, Iter};
