//! Benchmark support crate (the benchmarks are under `benches/`).

pub mod daifugo_real;
