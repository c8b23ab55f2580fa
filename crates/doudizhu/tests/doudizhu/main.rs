//! The integration tests of `doudizhu`, one test binary (one link, one process): each module was
//! a `tests/*.rs` file (a binary) of its own. A new test file goes here as a module too.

mod auction;
mod belief;
mod bidding;
mod brute_force;
mod conformance;
mod definition;
mod edges;
mod expert;
mod game;
mod game_snapshots;
mod notation;
mod peers;
mod properties;
mod search_roles;
mod seed;
mod selfplay;
mod shape;
mod snapshots;
mod solve;
mod two_hands;
mod universe;
