#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

/// `serde` (feature `serde`) for a type whose JSON is a string: `Serialize` as the text the
/// given function makes, `Deserialize` through `FromStr` (the error names what was expected).
/// Each type's serde code sits beside the type, in the JSON the `cards` command prints.
#[cfg(feature = "serde")]
macro_rules! as_text {
    ($($t:ty => $text:expr, $expecting:literal;)*) => {$(
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let f: fn(&$t) -> _ = $text;
                s.collect_str(&f(self))
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                cards_core::deserialize_from_str(d, $expecting)
            }
        }
    )*};
}

// The layout (ARCHITECTURE.md): `rules/` cards, hands, evaluation, rules, draw odds and the
// seed's harness listing (`kabu::harness`); `round/` a whole round, with the draw policies
// (the house rule is part of its flow); `players/` the exact `optimal` policy, the equilibrium
// (`kabu::equilibrium`), the search player, and the house edge of a pair of policies (`edge.rs`:
// a measure of players, so with them rather than with the rules); `encode/` ids and planes.
mod definition;
pub mod encode;
mod error;
mod interface;
mod players;
mod round;
mod rules;

pub use players::equilibrium;
pub use rules::harness;

/// The card layer this crate is built on, re-exported so that one dependency is enough.
///
/// ```
/// use kabu::cards_core::CardSet;
/// assert_eq!(kabu::DECK.len(), 40);
/// assert!(kabu::DECK.is_subset(CardSet::STANDARD));
/// ```
pub use cards_core;
pub use cards_core::{Card, CardSet, Rank, Suit};
pub use cards_search;

pub use definition::Kabu;
pub use equilibrium::{Certificate, Equilibrium, equilibrium, equilibrium_on};
pub use error::{At, KabuError};
pub use interface::{Decision, RoundView};
pub use players::edge::{Estimate, HouseEdge, Simulation, house_edge, house_edge_on, simulate};
pub use players::optimal::{edge_of_rules, exact_edge, exact_edge_on, optimal_decision};
pub use players::search::{SEARCH_PLAYOUTS, SearchPlayer, search_player};
pub use round::{
    Action, BuiltinPolicy, Case, DrawStrategy, FieldSettlement, Observation, Phase, ROUND_CARDS,
    Record, Round, RoundError, Seat, draw_rule, settle,
};
pub use rules::card::{
    DECK, SEED_SUITS, from_harness_number, from_seed_number, harness_number, number, seed_number,
    seed_suit,
};
pub use rules::eval::{Outcome, Payout, Role, Yaku, evaluate, evaluate_by_rule};
pub use rules::hand::{Hand, parse_cards};
pub use rules::odds::{Advice, DrawOdds, Fraction};
pub use rules::options::{Rules, Ties};
