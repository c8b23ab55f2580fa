//! Solves the solver benchmark's endgames once each and prints the time and nodes of each, for a
//! quick look or a callgrind run.
//!
//! `cargo run --release -p benches --example solve_endgames -- [COUNT] [CARDS] [score]`

use std::time::Instant;

use benches::endgames::{RULES, endgames};
use doudizhu::solve::Solver;

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let cards: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let score = args.next().is_some_and(|a| a == "score");
    let set = endgames(2026, count, cards);
    let mut solver = Solver::new(RULES);
    let mut times = Vec::new();
    for p in &set {
        solver.clear();
        let t = Instant::now();
        let v = if score {
            solver.score(p).expect("no limit")
        } else {
            i64::from(solver.landlord_wins(p).expect("no limit"))
        };
        let dt = t.elapsed().as_secs_f64() * 1e3;
        times.push(dt);
        println!(
            "{:2} cards {:8} nodes {:9.3} ms value {v}",
            p.len(),
            solver.nodes(),
            dt
        );
    }
    times.sort_by(f64::total_cmp);
    let q = |f: f64| times[((times.len() - 1) as f64 * f).round() as usize];
    println!(
        "median {:.3} ms p99 {:.3} ms max {:.3} ms",
        q(0.5),
        q(0.99),
        q(1.0)
    );
}
