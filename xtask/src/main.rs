//! `cargo xtask fixtures [--check]`.

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask fixtures [--check]\n\n  fixtures          regenerate every table under fixtures/ and summarise it\n  fixtures --check  fail if a committed table is stale";

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
            for g in &files {
                println!("{:<44} {}", g.path, g.summary);
            }
            let verb = if check { "checked" } else { "written" };
            println!("{} tables {verb} in {:.2?}", files.len(), start.elapsed());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
