#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod decompose;
mod error;
mod meld;
mod moves;
mod rules;

pub use decompose::{
    decompose, decompose_into, fewest_melds, fewest_melds_count, fewest_melds_into,
};
pub use error::Error;
pub use meld::{Kind, Meld, StandIn};
pub use moves::{follow, follow_into, lead, lead_into};
pub use rules::{Effects, FiveSkip, Rules, RulesError, State};

pub mod uecda;
