#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

/// `serde` (feature `serde`) for a type whose JSON is its ASCII text: `Serialize` through the
/// alternate `Display` (`{:#}`), `Deserialize` through `FromStr` (the error names what was
/// expected). Each type's serde code sits beside the type, with the JSON the command line prints.
#[cfg(feature = "serde")]
macro_rules! as_text {
    ($t:ty, $what:literal) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(&format_args!("{self:#}"))
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                cards_core::deserialize_from_str(d, $what)
            }
        }
    };
}

mod decompose;
mod definition;
pub mod encode;
mod error;
mod game;
mod interface;
mod learned;
mod meld;
mod moves;
mod observation;
mod pattern;
mod policy;
mod record;
mod rules;
mod search;
mod train;

/// The card layer this crate is built on; its types in this crate's signatures are re-exported
/// below, so this crate alone is enough as a dependency.
pub use cards_core;
pub use cards_core::{Card, CardSet, Order, ParseError, Rank, Rng, Suit};
pub use cards_search;

pub use decompose::{
    decompose, decompose_into, fewest_melds, fewest_melds_count, fewest_melds_into,
};
pub use definition::Daifugo;
pub use error::Error;
#[allow(deprecated)]
pub use game::Outcome;
pub use game::{
    Action, Applied, Class, Deal, Game, GameError, Match, Mode, PLAYERS, Step, weakest,
};
pub use learned::{FEATURE_NAMES, FEATURES, LearnedPolicy, WeightsError};
pub use meld::{HandText, Kind, Meld, StandIn};
pub use moves::{follow, follow_into, lead, lead_into};
pub use observation::Observation;
pub use pattern::{
    Decision, FitOptions, PATTERN_BITS, PATTERN_SIZE, PATTERN_WEIGHTS, PatternPolicy, PatternRow,
    PatternSample, RecordLineError, ReinforceOptions, SelfPlayGame, SelfPlayOptions, fit_pattern,
    pattern_samples, pattern_scores, reinforce, self_play,
};
#[allow(deprecated)]
pub use policy::SeedPlayer;
pub use policy::{Human, POLICY_NAMES, Random, TutorialPlayer};
#[allow(deprecated)]
pub use record::Replay;
pub use record::{Record, RecordAction, RecordError, Verdict};
#[allow(deprecated)]
pub use rules::State;
pub use rules::{Effects, FiveSkip, Rules, RulesError, Table};
pub use search::{
    SEARCH_ALGORITHM, SEARCH_BELIEF, SEARCH_PLAYOUTS, SEARCH_ROLLOUT, SearchPlayer, SearchRollout,
    search_player,
};
pub use train::{Sample, TrainOptions, cross_entropy, fit, samples, train};

pub mod uecda;
