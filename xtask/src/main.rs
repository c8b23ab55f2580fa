//! `cargo xtask fixtures [--check]`.

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask fixtures [--check]\n\n  fixtures          regenerate every table under fixtures/ and summarise it\n  fixtures --check  fail if a committed table is stale, naming each with the first lines of its diff";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
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
