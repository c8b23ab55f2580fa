//! Plays N seeded random games of a game through its inherent path or the one game interface,
//! for instruction counts under callgrind (load-independent):
//!
//! ```text
//! cargo build --release -p benches --example interface
//! valgrind --tool=callgrind target/release/examples/interface daifugo trait 2000
//! ```
//!
//! Arguments: `doudizhu|daifugo|kabu`, `inherent|trait` (or `list-inherent|list-trait`: legal
//! lists and `clone_from` copies over positions of such games), and N (default 1000).
use benches::interface::{Path, list_and_copy, play, positions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("daifugo", String::as_str);
    let how = args.get(2).map_or("trait", String::as_str);
    let n: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let path = if how.ends_with("inherent") {
        Path::Inherent
    } else {
        Path::Trait
    };
    let out = if how.starts_with("list") {
        let listed = match game {
            "doudizhu" => list_and_copy(&positions::<doudizhu::Game>(n), path),
            _ => list_and_copy(&positions::<daifugo::Game>(n), path),
        };
        i64::try_from(listed).unwrap_or(i64::MAX)
    } else {
        play(game, path, n)
    };
    println!("{game} {how} {n}: {out}");
}
