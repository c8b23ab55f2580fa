//! The integration tests of `daifugo`, one test binary (one link, one process): each module was
//! a `tests/*.rs` file (a binary) of its own. A new test file goes here as a module too.

mod belief;
mod brute_force;
mod common;
mod conformance;
mod definition;
mod exchange;
mod fewest_melds;
mod game;
mod learned;
mod no_panic;
mod oracle;
mod pattern;
mod rules;
mod search;
mod seed_examples;
mod self_play;
mod serde;
mod snapshots;
