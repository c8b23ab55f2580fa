//! The integration tests of `cards-cli`, one test binary (one link, one process): each module was
//! a `tests/*.rs` file (a binary) of its own. A new test file goes here as a module too.

mod batch;
mod cli;
mod daifugo;
mod doudizhu;
mod kabu;
mod kabu_round;
mod play;
mod uecda;
mod web_replay;
