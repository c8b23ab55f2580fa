//! `cards`: the rules of Kabu, Dou Dizhu and Daifugo from the command line, for people (text)
//! and for programs (`--json`, and `--batch` JSON lines on stdin and stdout).

mod common;
mod daifugo;
mod doudizhu;
mod kabu;
mod uecda;

use clap::{Parser, Subcommand};

/// Card-game rule engines: Kabu, Dou Dizhu, Daifugo.
#[derive(Parser, Debug)]
#[command(
    name = "cards",
    version,
    about,
    after_help = "Example: cards kabu eval --role dealer SA S9"
)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand, Debug)]
enum Game {
    /// Kabu hand evaluation.
    #[command(subcommand)]
    Kabu(kabu::Command),
    /// Dou Dizhu plays: classify, lead, follow, the whole universe.
    #[command(subcommand)]
    Doudizhu(doudizhu::Command),
    /// Daifugo melds: decomposition, lead, follow.
    #[command(subcommand)]
    Daifugo(daifugo::Command),
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                std::process::exit(0);
            }
            // One line: clap's first paragraph names the bad argument and why (a missing
            // argument's name stands on the lines after the first), without the usage text.
            let text = e.render().to_string();
            let first: Vec<&str> = text
                .lines()
                .skip_while(|l| l.trim().is_empty())
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let line = first.join(" ");
            eprintln!("cards: {}", line.trim_start_matches("error: "));
            std::process::exit(2);
        }
    };
    let result = match cli.game {
        Game::Kabu(cmd) => kabu::run(cmd),
        Game::Doudizhu(cmd) => doudizhu::run(cmd),
        Game::Daifugo(cmd) => daifugo::run(cmd),
    };
    if let Err(common::CliError(msg)) = result {
        eprintln!("cards: {msg}");
        std::process::exit(2);
    }
}
