#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// The peers' names (RLCard, OpenSpiel, DouZero) are names in prose, not code to put in backticks.
#![allow(clippy::doc_markdown)]
// `Rules` is 7 bytes today; the API takes `&Rules` so it stays the same if a rule needs more.
#![allow(clippy::trivially_copy_pass_by_ref)]

pub use cards_core;
pub use cards_core::{Card, CardSet, Deck, Rng, Suit};

mod classify;
mod counts;
mod deal;
mod game;
mod generate;
mod interface;
mod moves;
mod observation;
mod policy;
mod record;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;

pub use classify::{Disputed, MAX_READINGS, NoPlay, Readings, ReadingsIter, classify, is_play};
pub use counts::{Counts, MAX_PLAY, ParseError, Rank};
pub use deal::{Deal, DealError};
pub use game::{
    AllPass, Auction, Base, Dealer, Effects, FirstBidder, Game, GameError, GameRules, Objective,
    Payoff, Phase, State,
};
pub use generate::{
    Action, ActionParseError, actions, follow, follow_into, lead, lead_into, universe,
};
pub use moves::{Kind, Move, MoveParseError, NotationError, UnknownKind};
pub use observation::Observation;
pub use policy::{GreedyPolicy, HumanPolicy, Policy, RandomPolicy, describe, play_game};
pub use record::{Record, ReplayError};
pub use rules::{Preset, Rules, RulesError, SoloWings};
