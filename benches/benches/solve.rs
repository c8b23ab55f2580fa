//! The Dou Dizhu endgame solver on endgames of real games (`benches::endgames`: seeded `rlcard`
//! games, greedy players in even games and random ones in odd, each stopped at its first
//! position with at most N cards in the three hands; seed 2026).
//!
//! - `solve/winner_N`: [`Solver::landlord_wins`] on 100 endgames of at most N = 12, 16, 20
//!   cards, the table cleared before each (every position solved from scratch); throughput in
//!   positions.
//! - `solve/score_20`: [`Solver::score`] (the exact ±2^b) on the same 20-card endgames.
//!
//! The per-position median, p99 and max are printed by the `solve_endgames` example
//! (`cargo run --release -p benches --example solve_endgames -- 200`).

use std::hint::black_box;

use benches::endgames::{RULES, endgames};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use doudizhu::solve::Solver;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    g.sample_size(10);
    let mut solver = Solver::new(RULES);
    for cards in [12, 16, 20] {
        let set = endgames(2026, 100, cards);
        g.throughput(Throughput::Elements(set.len() as u64));
        g.bench_function(format!("winner_{cards}"), |b| {
            b.iter(|| {
                let mut wins = 0;
                for p in black_box(&set) {
                    solver.clear();
                    wins += u32::from(solver.landlord_wins(p).unwrap_or(false));
                }
                wins
            });
        });
        if cards == 20 {
            g.bench_function("score_20", |b| {
                b.iter(|| {
                    let mut total = 0;
                    for p in black_box(&set) {
                        solver.clear();
                        total += solver.score(p).unwrap_or(0);
                    }
                    total
                });
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
