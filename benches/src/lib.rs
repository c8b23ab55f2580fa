//! Benchmark support crate (the benchmarks are under `benches/`).
