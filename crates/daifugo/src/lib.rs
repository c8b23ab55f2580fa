#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod decompose;
mod error;
mod game;
mod interface;
mod meld;
mod moves;
mod observation;
mod policy;
mod record;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;

/// The card layer this crate is built on; its types in this crate's signatures are re-exported
/// below, so this crate alone is enough as a dependency.
pub use cards_core;
pub use cards_core::{Card, CardSet, Order, ParseError, Rank, Rng, Suit};

pub use decompose::{
    decompose, decompose_into, fewest_melds, fewest_melds_count, fewest_melds_into,
};
pub use error::Error;
pub use game::{
    Action, Class, Deal, Game, GameError, Match, Mode, Outcome, PLAYERS, Step, weakest,
};
pub use meld::{HandText, Kind, Meld, StandIn};
pub use moves::{follow, follow_into, lead, lead_into};
pub use observation::Observation;
#[allow(deprecated)]
pub use policy::SeedPlayer;
pub use policy::{Human, POLICY_NAMES, Policy, Random, TutorialPlayer, policy_by_name};
pub use record::{Record, RecordAction, Replay};
pub use rules::{Effects, FiveSkip, Rules, RulesError, State};

pub mod uecda;
