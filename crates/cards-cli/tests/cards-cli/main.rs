//! The integration tests of `cards-cli`, one test binary (one link, one process): each module was
//! a `tests/*.rs` file (a binary) of its own. A new test file goes here as a module too.
//! (`tests/uecda.rs` and `tests/web.rs` stay binaries of their own: they leave with the UECda
//! and web code for crates of their own.)

mod batch;
mod cli;
mod daifugo;
mod doudizhu;
mod kabu;
mod kabu_round;
