//! The integration tests of `cards-cli`, one test binary (one link, one process): each module was
//! a `tests/*.rs` file (a binary) of its own. A new test file goes here as a module too.
//! The servers' own tests are in their crates (`uecda`, `cards-web`); `uecda` and `web_replay`
//! here test the command line over them.

mod agent;
mod arena;
mod batch;
mod cli;
mod daifugo;
mod doudizhu;
mod help;
mod kabu;
mod kabu_round;
mod play;
mod uecda;
#[cfg(feature = "web")]
mod web_replay;
