//! Playouts a second of a random-rollout ISMCTS (1,000 playouts a decision) from decision
//! points of seeded random games, world sampling included: the criterion bench's work, for a
//! quick figure or an instruction count under `valgrind --tool=callgrind`.
//!
//! ```text
//! cargo run --release -p benches --example search_speed -- doudizhu|daifugo [threads] [positions]
//! ```

use std::time::Instant;

use benches::search::{decision_points, searcher, think};

fn run<G>(name: &str, threads: usize, positions: usize)
where
    G: benches::interface::Listed + Send,
    G::Action: Send + Sync,
{
    let mut p = decision_points::<G>(16, 4);
    p.truncate(positions);
    let mut s = searcher::<G>(1_000, threads);
    let t = Instant::now();
    let n = think(&p, &mut s);
    let secs = t.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let rate = n as f64 / secs;
    println!(
        "{name}, {threads} thread(s): {n} playouts from {} positions in {secs:.3} s: {rate:.0} playouts/s",
        p.len()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let positions = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(64);
    match args.first().map_or("doudizhu", String::as_str) {
        "daifugo" => run::<daifugo::Game>("daifugo uecda", threads, positions),
        _ => run::<doudizhu::Game>("doudizhu standard", threads, positions),
    }
}
