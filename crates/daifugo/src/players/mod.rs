//! The players: the `Policy` trait and the built-in players ([`policy`]: random, the tutorial
//! player, a person at the terminal), the tutorial player's opponent model ([`opponent`]), the
//! learned linear policy and its training ([`learned`], [`train`]), the pattern policy and its
//! training ([`pattern`]), the learned exchange and its training ([`exchange`]), and the search
//! player with what it knows of the game ([`search`]).

pub(crate) mod belief;
pub mod exchange;
pub(crate) mod learned;
pub(crate) mod opponent;
pub(crate) mod pattern;
pub(crate) mod policy;
pub(crate) mod search;
pub(crate) mod train;
