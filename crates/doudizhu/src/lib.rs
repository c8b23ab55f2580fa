#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

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
