//! `cargo xtask fixtures [--check]`, `cargo xtask header [--check]`, `cargo xtask wasm [--dev]`,
//! `cargo xtask site [--dev]`.

mod site;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask fixtures [--check] | header [--check] | wasm [--dev] | site [--dev]\n\n  fixtures          regenerate every table under fixtures/ and summarise it\n  fixtures --check  fail if a committed table is stale, naming each with the first lines of its diff\n  header            regenerate the C header crates/cards-ffi/include/cards.h (cbindgen)\n  header --check    fail if the committed header differs from what cbindgen writes\n  wasm              build crates/cards-wasm (wasm32-unknown-unknown, wasm-bindgen) into the npm\n                    package folder target/cards-wasm/pkg/\n  site              the same, then write the page with no server to target/site/ (serve it with\n                    any static file server)\n  --dev             build the module in the dev profile (debug assertions on, larger)";

/// `cargo xtask wasm` and `cargo xtask site`.
fn wasm_or_site(what: &str, profile: site::Profile) -> ExitCode {
    let start = std::time::Instant::now();
    let done = if what == "wasm" {
        site::wasm(profile).map(|pkg| println!("wrote the npm package folder {}", pkg.display()))
    } else {
        site::site(profile).map(|(dir, files)| {
            println!("wrote the page with no server to {}:", dir.display());
            for (name, size) in &files {
                println!("  {name:<20} {size:>9} bytes");
            }
            println!(
                "  {:<20} {:>9} bytes",
                "total",
                files.iter().map(|(_, s)| s).sum::<u64>()
            );
            println!(
                "serve it with e.g.: python3 -m http.server -d {} -b 127.0.0.1",
                dir.display()
            );
        })
    };
    match done {
        Ok(()) => {
            println!("({:.2?})", start.elapsed());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

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
        [what @ ("wasm" | "site")] => return wasm_or_site(what, site::Profile::Release),
        [what @ ("wasm" | "site"), "--dev"] => return wasm_or_site(what, site::Profile::Dev),
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
