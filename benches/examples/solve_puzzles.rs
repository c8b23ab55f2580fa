//! Solves the 8 published two-hand endgame puzzles (`benches::puzzles`, from the table of github
//! WZ403809264/doudizhu_solver's README) once each, the table cleared before each, and prints
//! per position the winner, the nodes, the time of `landlord_wins` (who wins) and of `solve`
//! (who wins and every winning first play); then the same on seeded random two-hand positions
//! by size: positions a second, and the largest size whose slowest position took under 10 s.
//!
//! `cargo run --release -p benches --example solve_puzzles -- [RULES] [random] [COUNT]`
//! (`RULES` a preset name, default `puzzle`; `random`: also the random positions, `COUNT` of
//! each size, default 20).

use std::time::Instant;

use benches::puzzles::{PUZZLES, random_two_hands};
use doudizhu::Rules;
use doudizhu::solve::Solver;

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
        solver.clear();
        let t = Instant::now();
        let first = solver.landlord_wins(&pos).expect("no limit");
        let winner_s = t.elapsed().as_secs_f64();
        let winner_nodes = solver.nodes();
        solver.clear();
        let t = Instant::now();
        let s = solver.solve(&pos).expect("no limit");
        let solve_s = t.elapsed().as_secs_f64();
        total += solve_s;
        let wins: Vec<String> = s.winning.iter().map(ToString::to_string).collect();
        println!(
            "#{} {} vs {}: {} wins (published {}); winner {:.3} s {} nodes; solve {:.3} s {} nodes; winning {}",
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
    for cards in (8..=34).step_by(2) {
        let set = random_two_hands(2026 + u64::from(cards), count, cards, &rules);
        let mut times = Vec::with_capacity(set.len());
        for pos in &set {
            solver.clear();
            let t = Instant::now();
            let _ = solver.landlord_wins(pos);
            times.push(t.elapsed().as_secs_f64());
        }
        let sum: f64 = times.iter().sum();
        times.sort_by(f64::total_cmp);
        println!(
            "{cards} cards: {:.0} positions/s, median {:.3} ms, max {:.3} ms",
            set.len() as f64 / sum,
            times[times.len() / 2] * 1e3,
            times[times.len() - 1] * 1e3
        );
        if times[times.len() - 1] > 10.0 {
            break;
        }
    }
}
