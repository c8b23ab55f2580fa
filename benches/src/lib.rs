//! Benchmark support crate (the benchmarks are under `benches/`).

pub mod batch_input;
pub mod daifugo_real;
pub mod endgames;
pub mod interface;
pub mod puzzles;
pub mod search;

/// This thread's CPU time in ns (Linux's `/proc/thread-self/schedstat`, first field), or
/// `None` where it cannot be read.
#[must_use]
pub fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}
