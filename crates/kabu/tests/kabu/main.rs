//! The integration tests of `cards-kabu`, one test binary (one link, one process): each module was
//! a `tests/*.rs` file (a binary) of its own. A new test file goes here as a module too.

mod conformance;
mod definition;
mod edge;
mod equilibrium;
mod errors;
mod odds;
mod optimal;
mod round;
mod rules;
mod serde;
mod shape;
mod snapshots;
mod totals;
mod vb6;
