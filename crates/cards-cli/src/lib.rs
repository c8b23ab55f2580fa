//! The `cards` command as a library: the command-line interface, each game's commands, and the
//! JSON-lines batch loop, callable in-process (benchmarks, fuzz targets, servers).
//!
//! The game commands that play whole games are written once over the one game interface
//! ([`cards_core::game`]): [`drive`] (the games of a run, the players by name, the play loop)
//! under `play`, and [`arena`] (players compared over seeded deals under every seating).
//!
//! The binary is [`main_with_args`] on the process's arguments. A command's batch answer for
//! one line is a plain function, so a caller can drive [`common::batch_loop`] on any reader and
//! writer:
//!
//! ```
//! let mut out = Vec::new();
//! cards_cli::common::batch_loop(
//!     &b"{\"cards\": \"SA S9\", \"role\": \"dealer\"}\n"[..],
//!     &mut out,
//!     cards_cli::kabu::eval_answer(kabu::Role::Child, kabu::Rules::DEFAULT),
//! )
//! .unwrap();
//! assert!(out.starts_with(b"{\"code\":999,"));
//! ```

pub mod agent;
pub mod arena;
pub mod cards;
pub mod common;
pub mod daifugo;
pub mod doudizhu;
pub mod drive;
pub mod kabu;
pub mod uecda;
#[cfg(feature = "web")]
pub mod web;

use std::ffi::OsString;
use std::fmt::Write as _;

use clap::{Parser, Subcommand};

/// Card-game rule engines: Kabu, Dou Dizhu, Daifugo.
#[derive(Parser, Debug)]
#[command(
    name = "cards",
    version,
    about,
    after_help = "Example: cards kabu eval --role dealer SA S9"
)]
pub struct Cli {
    /// The game.
    #[command(subcommand)]
    pub game: Game,
}

/// The games, each with its commands.
// The variants' doc comments are `cards --help` as a person reads it (no Markdown there).
#[allow(clippy::doc_markdown)]
#[derive(Subcommand, Debug)]
pub enum Game {
    /// Kabu: eval (a hand), odds (of a third card), round (one whole round), edge (the exact
    /// house edge), simulate (many rounds), arena (players compared).
    #[command(subcommand)]
    Kabu(kabu::Command),
    /// Dou Dizhu: classify (a play), lead, follow (the legal plays), plays (every play), deal,
    /// play (a whole game), replay (a record), solve (an endgame, exactly), arena (players
    /// compared).
    #[command(subcommand)]
    Doudizhu(doudizhu::Command),
    /// Daifugo: decompose (a hand into melds), lead, follow (the legal melds), play (a game or a
    /// match), replay (records), arena (players compared), serve and client (a UECda tournament
    /// over TCP).
    #[command(subcommand)]
    Daifugo(daifugo::Command),
    /// Web: a local page to play the three games and replay records (then open
    /// http://127.0.0.1:8080/).
    #[cfg(feature = "web")]
    #[command(
        after_help = "Examples:\n  cards web                                 # then open http://127.0.0.1:8080/\n  cards web --port 0                        # a free port, named on the first line\n  cards web --assets crates/cards-web/web   # the page's files from disk (developing the page)\n  cards web --agent \"mybot=exec:python3 bot.py\" --agent-ms 2000   # your program among the computers\n  cards web --agent \"doudizhu:mybot=exec:python3 bot.py\"         # in Dou Dizhu only"
    )]
    Web(web::WebArgs),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), common::CliError> {
    match cli.game {
        Game::Kabu(cmd) => kabu::run(cmd),
        Game::Doudizhu(cmd) => doudizhu::run(cmd),
        Game::Daifugo(cmd) => daifugo::run(cmd),
        #[cfg(feature = "web")]
        Game::Web(args) => web::run(&args),
    }
}

/// The whole program on these arguments (the first is the program's name): runs the command
/// and returns the exit status, having printed any error as one line on stderr. 0 on success
/// (a reader that stopped early included), 1 when stdin or stdout failed, 2 for a bad argument.
pub fn main_with_args(args: impl IntoIterator<Item = OsString>) -> i32 {
    let args: Vec<OsString> = args.into_iter().collect();
    if let Some((i, arg)) = args
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, a)| a.to_str().is_none())
    {
        // Debug shows the bytes that are not UTF-8 as escapes (`"S\xFF"`).
        #[allow(clippy::unnecessary_debug_formatting)]
        let shown = format!("{arg:?}");
        eprintln!(
            "cards: argument {i} is not UTF-8: {}",
            common::short(&shown)
        );
        return 2;
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return clap_failure(&e, &args),
    };
    match run(cli) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("cards: {}", cut_echoes(e.message(), &args));
            e.status()
        }
    }
}

/// `message` with every argument of `args` it echoes (whole, or the value of a
/// `--flag=value`) cut as [`common::short`] cuts it: a 100 kB name gives a line, not 100 kB of
/// stderr, whatever part of the command (clap, a value parser, a game crate) wrote the message.
fn cut_echoes(message: &str, args: &[OsString]) -> String {
    let mut long: Vec<&str> = args
        .iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .flat_map(|a| [Some(a), a.split_once('=').map(|(_, v)| v)])
        .flatten()
        .flat_map(|a| [a, a.trim()])
        .filter(|a| a.chars().nth(common::QUOTE_LIMIT).is_some())
        .collect();
    // the longest first, so that a value inside a longer argument is not cut twice
    long.sort_by_key(|a| std::cmp::Reverse(a.len()));
    long.dedup();
    let mut out = message.to_string();
    for a in long {
        if out.contains(a) {
            out = out.replace(a, &common::short(a));
        }
    }
    out
}

/// Prints clap's help or version (status 0), or its error as one line (status 2).
fn clap_failure(e: &clap::Error, args: &[OsString]) -> i32 {
    use clap::CommandFactory;
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            0
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Walk the words given down the command tree to the command that lacks one.
            let path = command_path(args);
            let mut command = Cli::command();
            for word in path.split(' ').skip(1) {
                if let Some(sub) = command.find_subcommand(word).cloned() {
                    command = sub;
                }
            }
            let names: Vec<&str> = command
                .get_subcommands()
                .map(clap::Command::get_name)
                .filter(|n| *n != "help")
                .collect();
            eprintln!(
                "cards: '{path}' needs a command: one of {} (see --help)",
                names.join(", ")
            );
            2
        }
        _ => {
            eprintln!(
                "cards: {}",
                cut_echoes(
                    &one_line(&e.render().to_string(), &command_path(args)),
                    args
                )
            );
            2
        }
    }
}

/// The command the words of `args` name, as far as they are commands (`cards daifugo`).
fn command_path(args: &[OsString]) -> String {
    use clap::CommandFactory;
    let mut command = Cli::command();
    let mut path = vec![String::from("cards")];
    for word in args.iter().skip(1).filter_map(|a| a.to_str()) {
        let Some(sub) = command.find_subcommand(word).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        command = sub;
    }
    path.join(" ")
}

/// Clap's error text as one line: its first paragraph names the bad argument and why (a missing
/// argument's name stands on the lines after the first), then its tips (`a similar subcommand
/// exists: 'play'`), then where help is; the usage text is left out.
fn one_line(text: &str, path: &str) -> String {
    let paragraphs: Vec<Vec<&str>> = text
        .split("\n\n")
        .map(|p| p.lines().map(str::trim).filter(|l| !l.is_empty()).collect())
        .filter(|p: &Vec<&str>| !p.is_empty())
        .collect();
    let mut line = paragraphs
        .first()
        .map(|p| p.join(" "))
        .unwrap_or_default()
        .trim_start_matches("error: ")
        .to_string();
    for tip in paragraphs
        .iter()
        .flatten()
        .filter(|l| l.starts_with("tip: "))
    {
        line.push_str(" (");
        line.push_str(tip);
        line.push(')');
    }
    let _ = write!(line, "; try '{path} --help'");
    line
}
