#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// `Rules` is 7 bytes today; the API takes `&Rules` so it stays the same if a rule needs more.
#![allow(clippy::trivially_copy_pass_by_ref)]

mod classify;
mod counts;
mod generate;
mod moves;
mod rules;

pub use classify::{Disputed, MAX_READINGS, NoPlay, Readings, ReadingsIter, classify, is_play};
pub use counts::{Counts, MAX_PLAY, ParseError, Rank};
pub use generate::{Action, actions, follow, follow_into, lead, lead_into, universe};
pub use moves::{Kind, Move, UnknownKind};
pub use rules::{Preset, Rules, SoloWings, UnknownPreset};
