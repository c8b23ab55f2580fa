#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// The peers' names (RLCard, OpenSpiel, DouZero) are names in prose, not code to put in backticks.
#![allow(clippy::doc_markdown)]
// `Rules` is 7 bytes today; the API takes `&Rules` so it stays the same if a rule needs more.
#![allow(clippy::trivially_copy_pass_by_ref)]

pub use cards_core;
pub use cards_core::{Card, CardSet, Deck, Rng, Suit};
pub use cards_search;

/// `serde` (feature `serde`) for a type whose JSON is its text: `Serialize` through `Display`,
/// `Deserialize` through `FromStr` (the error names what was expected). Each type's serde code
/// sits beside the type, with the JSON the `cards doudizhu` command prints.
#[cfg(feature = "serde")]
macro_rules! text_serde {
    ($t:ty, $what:expr) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                cards_core::deserialize_from_str(d, $what)
            }
        }
    };
}

pub mod bidding;
mod classify;
mod counts;
mod deal;
mod definition;
pub mod encode;
mod game;
mod generate;
mod interface;
pub mod knowledge;
mod learned_bids;
mod moves;
mod observation;
mod policy;
mod record;
mod rules;
mod search;
pub mod solve;

pub use classify::{Disputed, MAX_READINGS, NoPlay, Readings, ReadingsIter, classify, is_play};
pub use counts::{Counts, MAX_PLAY, ParseError, Rank};
pub use deal::{Deal, DealError};
pub use definition::DouDizhu;
#[allow(deprecated)]
pub use game::Effects;
pub use game::{
    Action, ActionParseError, AllPass, Applied, Auction, Base, Dealer, FirstBidder, Game,
    GameError, GameRules, Objective, Payoff, Phase, State,
};
pub use generate::{actions, follow, follow_into, lead, lead_into, universe};
pub use moves::{Kind, Move, MoveParseError, NotationError, UnknownKind};
pub use observation::Observation;
pub use policy::{GreedyPolicy, HumanPolicy, RandomPolicy, describe};
pub use record::{Record, ReplayError};
pub use rules::{Preset, Rules, RulesError, SoloWings};
pub use search::{
    AUCTION_MIN_WORLDS, AUCTION_PASS_COST, AUCTION_PLAYOUTS_PER_WORLD, AUCTION_WORLDS,
    SEARCH_PLAYOUTS, SearchPlayer, SearchRollout, search_player,
};
