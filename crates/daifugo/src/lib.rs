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

// The layout (ARCHITECTURE.md): `rules/` the melds, rules and table, move lists and the
// fewest-melds split (no game flow); `game/` a game and a match, its observation and record;
// `players/` the built-in, learned, pattern and search players and the opponent model
// (`exchange`, the learned give, is a public module);
// `encode/` action ids, planes and the UECda grid codec (`daifugo::uecda`).
mod definition;
pub mod encode;
mod error;
mod game;
mod interface;
mod players;
mod rules;

/// The card layer this crate is built on; its types in this crate's signatures are re-exported
/// below, so this crate alone is enough as a dependency.
pub use cards_core;
pub use cards_core::{Card, CardSet, Order, ParseError, Rank, Rng, Suit};
pub use cards_search;

pub use definition::Daifugo;
pub use error::Error;
#[allow(deprecated)]
pub use game::Outcome;
pub use game::observation::Observation;
#[allow(deprecated)]
pub use game::record::Replay;
pub use game::record::{Record, RecordAction, RecordError, Verdict};
pub use game::{
    Action, Applied, Class, Deal, Game, GameError, Match, Mode, PLAYERS, Step, weakest,
};
pub use players::belief::{Belief, BeliefModel, TooManyWorlds};
pub use players::exchange;
pub use players::learned::{FEATURE_NAMES, FEATURES, LearnedPolicy, WeightsError};
pub use players::pattern::{
    Decision, FitOptions, PATTERN_BITS, PATTERN_SIZE, PATTERN_WEIGHTS, PatternPolicy, PatternRow,
    PatternSample, RecordLineError, ReinforceOptions, SelfPlayGame, SelfPlayOptions, fit_pattern,
    pattern_samples, pattern_scores, reinforce, self_play,
};
#[allow(deprecated)]
pub use players::policy::Human;
#[allow(deprecated)]
pub use players::policy::SeedPlayer;
pub use players::policy::{HumanPolicy, POLICY_NAMES, Random, TutorialPlayer};
pub use players::search::{
    BELIEF_MIN_ESS, BELIEF_POOL, SEARCH_ALGORITHM, SEARCH_BELIEF, SEARCH_EARLY_STOP,
    SEARCH_PLAYOUTS, SEARCH_ROLLOUT, SearchPlayer, SearchRollout, search_player,
    search_player_with_belief, search_v3_player,
};
pub use players::train::{Sample, TrainOptions, cross_entropy, fit, samples, train};
pub use rules::decompose::{
    decompose, decompose_into, fewest_melds, fewest_melds_count, fewest_melds_into,
};
pub use rules::meld::{HandText, Kind, Meld, StandIn};
pub use rules::moves::{follow, follow_into, lead, lead_into};
#[allow(deprecated)]
pub use rules::options::State;
pub use rules::options::{Effects, FiveSkip, Rules, RulesError, Table};

pub use encode::uecda;
