//! `cargo xtask fixtures [--check]`, `cargo xtask header [--check]`.

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask fixtures [--check] | cargo xtask header [--check]\n\n  fixtures          regenerate every table under fixtures/ and summarise it\n  fixtures --check  fail if a committed table is stale, naming each with the first lines of its diff\n  header            regenerate the C header crates/cards-ffi/include/cards.h (cbindgen)\n  header --check    fail if the committed header differs from what cbindgen writes";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["header"] => return header(false),
        ["header", "--check"] => return header(true),
        ["fixtures"] => false,
        ["fixtures", "--check"] => true,
        ["-h" | "--help" | "help"] => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    match xtask::generate_all(check) {
        Ok(files) => {
            print!("{}", xtask::report(&files, check));
            println!("({:.2?})", start.elapsed());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{e}");
            if !e.ends_with('\n') {
                eprintln!();
            }
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask header [--check]`.
fn header(check: bool) -> ExitCode {
    match xtask::header::run(check) {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}", e.trim_end());
            ExitCode::FAILURE
        }
    }
}
