//! Solves the solver benchmark's endgames once each (the table cleared before each) and prints,
//! per size, the median, p99 and max time a position and the positions solved a second; with
//! `-v` each position's size, nodes, time and value. For a load-independent figure run it under
//! `valgrind --tool=callgrind` and divide the instructions by the positions.
//!
//! `cargo run --release -p benches --example solve_endgames -- [COUNT] [winner|score] [-v]`

use std::time::Instant;

use benches::endgames::{RULES, endgames};
use doudizhu::solve::Solver;

#[allow(clippy::cast_precision_loss)] // counts far below 2^52
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let score = args.iter().any(|a| a == "score");
    let verbose = args.iter().any(|a| a == "-v");
    let mut solver = Solver::new(RULES);
    println!(
        "{} of {count} endgames a size (seed 2026)",
        if score { "score" } else { "winner" }
    );
    for cards in [12, 16, 20] {
        let set = endgames(2026, count, cards);
        let mut times = Vec::with_capacity(set.len());
        let mut nodes = 0;
        for p in &set {
            solver.clear();
            let t = Instant::now();
            let v = if score {
                solver.score(p).unwrap_or(0)
            } else {
                i64::from(solver.landlord_wins(p).unwrap_or(false))
            };
            let dt = t.elapsed();
            times.push(dt);
            nodes += solver.nodes();
            if verbose {
                println!(
                    "{:2} cards {:9} nodes {:10.3} ms value {v}",
                    p.len(),
                    solver.nodes(),
                    dt.as_secs_f64() * 1e3
                );
            }
        }
        let total: f64 = times.iter().map(std::time::Duration::as_secs_f64).sum();
        times.sort_unstable();
        let at = |pct: usize| times[(times.len() - 1) * pct / 100].as_secs_f64() * 1e3;
        println!(
            "<= {cards} cards: median {:.3} ms, p99 {:.3} ms, max {:.3} ms; {:.0} positions/s; {} nodes",
            at(50),
            at(99),
            at(100),
            set.len() as f64 / total,
            nodes
        );
    }
}
