//! The 100 seeded games of the `daifugo/rollout_step` bench played by one rollout policy, with a
//! checksum of every choice: two builds that print the same checksum chose the same moves (the
//! sampling policies included), and the run is small enough for an instruction count under
//! `valgrind --tool=callgrind`.
//!
//! ```text
//! cargo run --release -p benches --example rollout_moves -- [rollout] [repeats]
//! ```
//!
//! `rollout` is a [`daifugo::SearchRollout`] name (`pattern-best` by default), `repeats` how many
//! times the 100 games are played (1 by default).

use std::time::Instant;

use benches::daifugo_real::rollout_games;
use daifugo::{Action, SearchRollout};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "pattern-best".to_owned());
    let rollout: SearchRollout = match name.parse() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("rollout_moves: {e}");
            std::process::exit(2);
        }
    };
    let repeats: u32 = match args.next().map(|s| s.parse()) {
        None => 1,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("rollout_moves: repeats must be a whole number from 1");
            std::process::exit(2);
        }
    };
    let (mut steps, mut checksum) = (0u64, 0u64);
    let start = Instant::now();
    for _ in 0..repeats {
        steps += rollout_games(rollout, |a| {
            let cards = a.meld().map_or(0, |m| m.cards().bits());
            let pass = u64::from(*a == Action::Pass);
            checksum = checksum.wrapping_mul(0x100_0000_01B3) ^ cards ^ pass << 63;
        });
    }
    #[allow(clippy::cast_precision_loss)]
    let ns = start.elapsed().as_nanos() as f64 / steps as f64;
    println!("{name}: {steps} steps, checksum {checksum:016x}, {ns:.1} ns a step");
}
