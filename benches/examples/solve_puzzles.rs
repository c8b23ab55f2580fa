//! Solves the 8 published two-hand endgame puzzles (`benches::puzzles`, from the table in the
//! README of github `WZ403809264/doudizhu_solver`) 10 times each, the table cleared before each,
//! and prints per position the winner, the nodes, the mean CPU time (this thread's) of
//! `landlord_wins` (who wins) and of `solve` (who wins and every winning first play); then the
//! same on seeded random two-hand positions by size (the first hand half the cards): positions a
//! second, the median and the slowest, up to the first size whose slowest position takes over
//! 10 s.
//!
//! `cargo run --release -p benches --example solve_puzzles -- [RULES] [random] [COUNT]`
//! (`RULES` a rules text, default `standard`; `random`: also the random positions, `COUNT` of
//! the larger sizes, 100 times as many up to 20 cards; default 20).

use std::time::Instant;

use benches::puzzles::{PUZZLES, random_two_hands};
use benches::thread_cpu_ns;
use doudizhu::Rules;
use doudizhu::solve::Solver;

/// Runs `f`, with its time in seconds: this thread's CPU time where Linux tells it, else the
/// wall time.
#[allow(clippy::cast_precision_loss)] // times far below 2^52 ns
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let (t, c) = (Instant::now(), thread_cpu_ns());
    let out = f();
    let s = match (c, thread_cpu_ns()) {
        (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e9,
        _ => t.elapsed().as_secs_f64(),
    };
    (out, s)
}

/// How often each puzzle is solved for its time.
const REPEAT: u32 = 10;

#[allow(clippy::cast_precision_loss)] // counts far below 2^52
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rules: Rules = args
        .iter()
        .find_map(|a| a.parse().ok())
        .unwrap_or(Rules::STANDARD);
    let count: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20);
    println!("rules {rules}");
    let mut solver = Solver::new(rules);
    let mut total = 0.0;
    for (i, p) in PUZZLES.iter().enumerate() {
        let pos = p.position(&rules).expect("a valid position");
        // each question REPEAT times from a cleared table: the mean (a CPU clock may tick
        // coarsely)
        let mut first = false;
        let (winner_nodes, winner_s) = timed(|| {
            for _ in 0..REPEAT {
                solver.clear();
                first = solver.landlord_wins(&pos).expect("no limit");
            }
            solver.nodes()
        });
        let winner_s = winner_s / f64::from(REPEAT);
        let mut s = None;
        let ((), solve_s) = timed(|| {
            for _ in 0..REPEAT {
                solver.clear();
                s = Some(solver.solve(&pos).expect("no limit"));
            }
        });
        let s = s.expect("solved");
        let solve_s = solve_s / f64::from(REPEAT);
        total += solve_s;
        let wins: Vec<String> = s.winning.iter().map(ToString::to_string).collect();
        println!(
            "#{} {} vs {}: {} wins (published {}); winner {:.4} s {} nodes; solve {:.4} s {} nodes; winning {}",
            i + 1,
            p.first,
            p.second,
            if first { "first" } else { "second" },
            p.winner,
            winner_s,
            winner_nodes,
            solve_s,
            solver.nodes(),
            if wins.is_empty() {
                String::from("(lost)")
            } else {
                wins.join(", ")
            }
        );
    }
    println!("all 8 solved in {total:.3} s");
    if !args.iter().any(|a| a == "random") {
        return;
    }
    println!("random positions: CPU time of `landlord_wins`, the table cleared before each");
    for cards in (8..=40).step_by(2) {
        // many small positions (a CPU clock may tick coarsely), `count` of the large
        let n = if cards <= 20 { 100 * count } else { count };
        let set = random_two_hands(2026 + u64::from(cards), n, cards, &rules);
        let mut times = Vec::with_capacity(set.len());
        let ((), total) = timed(|| {
            for pos in &set {
                solver.clear();
                let (_, s) = timed(|| solver.landlord_wins(pos));
                times.push(s);
            }
        });
        times.sort_by(f64::total_cmp);
        let slowest = times[times.len() - 1];
        println!(
            "{cards} cards: {} positions, {:.0} positions/s, median {:.1} ms, max {:.1} ms",
            set.len(),
            set.len() as f64 / total,
            times[times.len() / 2] * 1e3,
            slowest * 1e3
        );
        if slowest > 10.0 {
            break;
        }
    }
}
