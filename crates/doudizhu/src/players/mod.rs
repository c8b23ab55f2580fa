//! The players and what they know: the `Policy` trait and the built-in players ([`policy`]),
//! the auction's bidding and its learned model ([`bidding`], `learned_bids.rs`), the expert
//! player's knowledge ([`knowledge`]), the open-hand endgame solver it and the search use
//! ([`solve`]), the search player ([`search`]) and its belief from the others' passes
//! ([`belief`]). `bidding`, `knowledge` and `solve` are
//! public modules of the crate (`doudizhu::bidding`, ...).

pub(crate) mod belief;
pub mod bidding;
pub mod knowledge;
pub(crate) mod learned_bids;
pub(crate) mod policy;
pub(crate) mod search;
pub mod solve;
