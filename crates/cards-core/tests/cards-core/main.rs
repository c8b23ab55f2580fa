//! The integration tests of `cards-core`, one test binary (one link, one process): each module was
//! a `tests/*.rs` file (a binary) of its own. A new test file goes here as a module too.

mod bit_tricks;
mod conformance;
mod edges;
mod messages;
mod notation;
mod serde;
