//! Benchmark support crate (the benchmarks are under `benches/`).

pub mod batch_input;
pub mod daifugo_real;
pub mod endgames;
pub mod interface;
pub mod puzzles;
pub mod search;

/// This thread's CPU time in ns (`CLOCK_THREAD_CPUTIME_ID`, exact to the nanosecond where the
/// system keeps it so; Linux's `/proc/thread-self/schedstat` can lag by a scheduler tick, 4 ms
/// on some kernels), or `None` where it cannot be read.
///
/// ```
/// let a = benches::thread_cpu_ns().unwrap();
/// let mut x = 0u64;
/// for i in 0..1_000_000u64 {
///     x = std::hint::black_box(x.wrapping_add(i));
/// }
/// assert!(benches::thread_cpu_ns().unwrap() > a);
/// ```
#[must_use]
pub fn thread_cpu_ns() -> Option<u64> {
    let t = cpu_time::ThreadTime::try_now().ok()?;
    u64::try_from(t.as_duration().as_nanos()).ok()
}
