//! What `--help` tells a newcomer: the names it lists are the registries' (every player and
//! preset the command takes, none it refuses), and every example runs as pasted into a shell.

use std::io::Read as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cards_cli::common::{or_human, or_list};
use cards_core::game::Players;
use clap::{CommandFactory, Parser as _};

/// Every command under `command` with its path (`["doudizhu", "play"]`), the root first.
fn commands(command: &clap::Command, path: &[String], out: &mut Vec<(Vec<String>, clap::Command)>) {
    out.push((path.to_vec(), command.clone()));
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let mut p = path.to_vec();
        p.push(sub.get_name().to_string());
        commands(sub, &p, out);
    }
}

fn all_commands() -> Vec<(Vec<String>, clap::Command)> {
    let mut root = cards_cli::Cli::command();
    root.build();
    let mut out = Vec::new();
    commands(&root, &[], &mut out);
    out
}

fn help_of(arg: &clap::Arg) -> String {
    arg.get_help().map(ToString::to_string).unwrap_or_default()
}

/// The registry's list an argument's help must print, for each argument that lists names
/// (`None`: an argument that lists none).
fn expected(path: &[String], id: &str) -> Option<String> {
    let game = path.first().map(String::as_str).unwrap_or_default();
    let command = path.get(1).map(String::as_str).unwrap_or_default();
    let dou = <doudizhu::Game as Players>::POLICY_NAMES;
    let dai = <daifugo::Game as Players>::POLICY_NAMES;
    let kabu_players = <kabu::Round as Players>::POLICY_NAMES;
    Some(match (game, command, id) {
        ("doudizhu", "deal" | "play" | "arena", "rules") => or_list(doudizhu::GameRules::NAMES),
        ("doudizhu", _, "rules") => or_list(doudizhu::Rules::NAMES),
        ("doudizhu", "solve", "bans") => or_list(&doudizhu::solve::Ban::NAMES),
        ("doudizhu", "play", "policy" | "players") => or_human(dou),
        ("doudizhu", "arena", "entrants") => or_list(dou),
        ("daifugo", "client", "policy") => return None, // its possible values, checked apart
        ("daifugo", _, "rules") => or_list(daifugo::Rules::NAMES),
        ("daifugo", "play", "policy" | "players") => or_human(dai),
        ("daifugo", "arena", "entrants") => or_list(dai),
        ("kabu", "round", "field_policy" | "dealer_policy") | ("kabu", "arena", "entrants") => {
            or_list(kabu_players)
        }
        ("kabu", _, "field_policy" | "dealer_policy") => or_list(&kabu::BuiltinPolicy::NAMES),
        ("kabu", _, "rules") => or_list(&kabu::Rules::NAMES),
        (_, _, "rules" | "policy" | "players" | "entrants" | "field_policy" | "dealer_policy") => {
            panic!("{path:?} --{id}: which registry does it list? (add it here)")
        }
        _ => return None,
    })
}

/// Every argument that takes a player or preset name lists exactly its registry's names, and
/// the `play` commands' summaries name every built-in player.
#[test]
fn help_lists_the_registries_names() {
    let mut checked = 0;
    for (path, command) in all_commands() {
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            let Some(list) = expected(&path, id) else {
                continue;
            };
            let help = help_of(arg);
            assert!(
                help.contains(&list),
                "cards {} --{id}: {help:?} lacks {list:?}",
                path.join(" ")
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked} arguments checked");
    let about = |path: &[&str]| {
        let mut c = cards_cli::Cli::command();
        for p in path {
            c = c.find_subcommand(p).unwrap().clone();
        }
        c.get_about().map(ToString::to_string).unwrap_or_default()
    };
    let dou = or_list(<doudizhu::Game as Players>::POLICY_NAMES);
    let dai = or_list(<daifugo::Game as Players>::POLICY_NAMES);
    assert!(about(&["doudizhu", "play"]).contains(&dou), "{dou}");
    assert!(about(&["daifugo", "play"]).contains(&dai), "{dai}");
    // the client's possible values: the registry, `seed` (the old name) hidden
    let client = cards_cli::Cli::command()
        .find_subcommand("daifugo")
        .and_then(|c| c.find_subcommand("client"))
        .cloned()
        .unwrap();
    let policy = client
        .get_arguments()
        .find(|a| a.get_id() == "policy")
        .unwrap();
    let shown: Vec<String> = policy
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    assert_eq!(shown, <daifugo::Game as Players>::POLICY_NAMES);
}

/// The help text as a person sees it.
fn help_text(path: &[String]) -> String {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let out = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(&args)
        .output()
        .expect("cards runs");
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The example lines of a help text: the indented lines after a line that begins `Example`.
fn examples(help: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if line.starts_with("Example") {
            inside = true;
        } else if inside && line.starts_with("  ") {
            out.push(line.trim().to_string());
        } else {
            inside = false;
        }
    }
    out
}

/// Examples that cannot run here, by what they need: a server that runs until stopped, a
/// server to connect to, a person at the terminal, a file or a program of the reader's.
const NOT_RUN: [(&str, &str); 8] = [
    ("cards web", "serves until stopped"),
    ("cards daifugo serve", "serves a match to five clients"),
    (
        "for i in 1 2 3 4 5; do cards daifugo client",
        "needs the server of the line before",
    ),
    ("cards daifugo client", "needs a server"),
    ("human", "a person at the terminal"),
    ("game.json", "the reader's file"),
    ("bot.py", "the reader's program"),
    ("< records.jsonl", "the reader's file"),
];

/// The words of the first command of a shell line (before a pipe, `&`, `;`, a redirection or
/// a comment), as the shell splits them.
fn first_command_words(line: &str) -> Vec<String> {
    let mut cut = line.len();
    for stop in [" | ", " &", "; ", " < ", " > ", " #"] {
        if let Some(at) = line.find(stop) {
            cut = cut.min(at);
        }
    }
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("printf '%s\\n' {}", &line[..cut]))
        .output()
        .expect("sh runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs a shell line with the built `cards` first on the path; its status, or `None` when it
/// ran past the time limit (then killed), and its stderr.
fn run_line(line: &str, limit: Duration) -> (Option<i32>, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_cards"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![bin];
    dirs.extend(std::env::split_paths(&path));
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(line)
        .env("PATH", std::env::join_paths(dirs).unwrap())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut err = String::new();
            let _ = child.stderr.take().unwrap().read_to_string(&mut err);
            return (status.code(), err);
        }
        if start.elapsed() > limit {
            // the whole group: sh and the commands of its pipeline
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            return (None, String::new());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

use std::os::unix::process::CommandExt as _;

/// Every example of every `--help` runs as pasted into a shell (`sh -c`, the built `cards`
/// first on the path, stdin empty) and succeeds within a minute; those that need a server, a
/// person, a file or a program of the reader's (named in [`NOT_RUN`]) are at least one command line
/// `cards` accepts, comments as `#`.
#[test]
fn every_help_example_runs_as_pasted() {
    let mut ran = 0;
    let mut parsed = 0;
    let mut failures = Vec::new();
    for (path, _) in all_commands() {
        for line in examples(&help_text(&path)) {
            if let Some((_, why)) = NOT_RUN.iter().find(|(name, _)| line.contains(name)) {
                let words = first_command_words(&line);
                if words.first().map(String::as_str) == Some("cards") {
                    if let Err(e) = cards_cli::Cli::try_parse_from(&words) {
                        failures.push(format!("{line}: not a command line ({why}): {e}"));
                    }
                    parsed += 1;
                }
                continue;
            }
            let (status, err) = run_line(&line, Duration::from_secs(60));
            match status {
                Some(0) => ran += 1,
                Some(code) => failures.push(format!("{line}: status {code}: {err}")),
                None => failures.push(format!("{line}: still running after 60 s")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 40, "{ran} examples ran");
    assert!(parsed >= 6, "{parsed} examples parsed");
}

/// The example reader finds the lines, the word splitter cuts at the first command's end.
#[test]
fn the_example_reader_reads_what_it_should() {
    let help = "Usage: x\n\nExamples:\n  cards a   # note\n  echo '{}' | cards b\nOther:\n  no\n";
    assert_eq!(examples(help), ["cards a   # note", "echo '{}' | cards b"]);
    assert_eq!(
        first_command_words("cards web --port 0   # a free port"),
        ["cards", "web", "--port", "0"]
    );
    assert_eq!(
        first_command_words("cards x --table 'S3 S4' | cards y"),
        ["cards", "x", "--table", "S3 S4"]
    );
    // prose after a command is a line `cards` refuses
    let words = first_command_words("cards web   then open http://127.0.0.1:8080/");
    assert!(cards_cli::Cli::try_parse_from(&words).is_err());
}
