//! Writes seeded batch input lines for a `cards` command to stdout, for whole-process timings:
//!
//! ```console
//! $ cargo run --release -p benches --example batch_input -- doudizhu-lead 1000000 > lead.jsonl
//! $ time cards doudizhu lead --batch < lead.jsonl > /dev/null
//! ```
//!
//! Arguments: the command (`kabu-eval`, `doudizhu-lead`, `daifugo-follow`, ...), the number of
//! lines, and optionally the seed (default 1).

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!(
            "usage: batch_input COMMAND LINES [SEED]; commands: {}",
            benches::batch_input::COMMANDS.join(", ")
        );
        std::process::exit(2)
    };
    let (Some(command), Some(n)) = (args.first(), args.get(1).and_then(|n| n.parse().ok())) else {
        usage()
    };
    let seed = match args.get(2) {
        None => 1,
        Some(s) => s.parse().unwrap_or_else(|_| usage()),
    };
    let mut out = std::io::stdout().lock();
    // in blocks of lines, so a million lines need little memory
    let mut left: usize = n;
    let mut block = 0u64;
    while left > 0 {
        let count = left.min(10_000);
        let Some(text) = benches::batch_input::lines(
            command,
            count,
            seed ^ block.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        ) else {
            usage()
        };
        if out.write_all(text.as_bytes()).is_err() {
            return;
        }
        left -= count;
        block += 1;
    }
}
