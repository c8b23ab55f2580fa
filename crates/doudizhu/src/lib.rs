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

// The layout (ARCHITECTURE.md): `rules/` the rule options, counts, combinations and move
// lists (no game flow); `game/` the whole-game presets, deal, auction, play, score, observation
// and record; `players/` the built-in players, bidding, the expert's knowledge, the endgame
// solver and the search player (`bidding`, `knowledge` and `solve` are public modules);
// `encode/` action ids and tensors.
mod definition;
pub mod encode;
mod game;
mod interface;
mod players;
mod rules;

pub use players::{bidding, knowledge, solve};

pub use definition::DouDizhu;
#[allow(deprecated)]
pub use game::Effects;
pub use game::deal::{Deal, DealError};
pub use game::observation::Observation;
pub use game::record::{Record, ReplayError};
pub use game::{
    Action, ActionParseError, AllPass, Applied, Auction, Base, Dealer, FirstBidder, Game,
    GameError, GameRules, Objective, Payoff, Phase, State, actions,
};
pub use players::belief::PassBelief;
pub use players::policy::{GreedyPolicy, HumanPolicy, RandomPolicy, describe};
pub use players::search::{
    AUCTION_MIN_WORLDS, AUCTION_PASS_COST, AUCTION_PLAYOUTS_PER_WORLD, AUCTION_WORLDS,
    LANDLORD_ROLLOUT, SEARCH_PLAYOUTS, SearchPlayer, SearchRollout, SearchValue, search_player,
};
pub use rules::classify::{
    Disputed, MAX_READINGS, NoPlay, Readings, ReadingsIter, classify, is_play,
};
pub use rules::counts::{Counts, MAX_PLAY, ParseError, Rank};
pub use rules::generate::{follow, follow_into, lead, lead_into, universe};
pub use rules::moves::{Kind, Move, UnknownKind};
pub use rules::notation::{MoveParseError, NotationError};
pub use rules::options::{Preset, Rules, RulesError, SoloWings};
