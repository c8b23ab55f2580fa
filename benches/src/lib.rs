//! Benchmark support crate (the benchmarks are under `benches/`).

pub mod batch_input;
pub mod daifugo_real;
pub mod endgames;
pub mod interface;
pub mod puzzles;
pub mod search;
