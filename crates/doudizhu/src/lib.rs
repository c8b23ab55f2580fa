#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// The peers' names (RLCard, OpenSpiel, DouZero) are names in prose, not code to put in backticks.
#![allow(clippy::doc_markdown)]
// `Rules` is 7 bytes today; the API takes `&Rules` so it stays the same if a rule needs more.
#![allow(clippy::trivially_copy_pass_by_ref)]

pub use cards_core;
pub use cards_core::{Card, CardSet, Deck, Suit};

mod classify;
mod counts;
mod generate;
mod moves;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;

pub use classify::{Disputed, MAX_READINGS, NoPlay, Readings, ReadingsIter, classify, is_play};
pub use counts::{Counts, MAX_PLAY, ParseError, Rank};
pub use generate::{Action, actions, follow, follow_into, lead, lead_into, universe};
pub use moves::{Kind, Move, MoveParseError, UnknownKind};
pub use rules::{Preset, Rules, RulesError, SoloWings};
