//! The shared behaviour of the `cards` binary: help, and bad arguments as one line with status 2.

use std::process::Command;

fn cards(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .output()
        .expect("the cards binary runs")
}

#[test]
fn help_shows_an_example_and_exits_zero() {
    let out = cards(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Example: cards kabu eval"), "{text}");
    for game in ["kabu", "doudizhu", "daifugo"] {
        assert!(text.contains(game), "{text}");
    }
}

#[test]
fn an_unknown_command_is_one_line_and_status_2() {
    for args in [&["poker"][..], &["kabu", "--bogus"][..]] {
        let out = cards(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("cards: "), "{err}");
        assert!(out.stdout.is_empty());
    }
    let err = String::from_utf8_lossy(&cards(&["poker"]).stderr).into_owned();
    assert!(err.contains("'poker'"), "{err}");
}

#[test]
fn a_missing_argument_is_named_on_the_one_line() {
    let out = cards(&["kabu", "eval"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("<CARDS>"), "{err}");
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(["doudizhu", "plays"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the cards binary runs");
    let mut first = [0u8; 64];
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_exact(&mut first)
        .expect("some output");
    // stdout is closed here, long before the ~500 kB listing is written
    let out = child.wait_with_output().expect("cards exits");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Lines no command should choke on: every one must get exactly one JSON line back.
const NASTY_LINES: [&str; 22] = [
    "",
    " ",
    "null",
    "42",
    "\"S3\"",
    "[]",
    "{}",
    "{\"cards\": null, \"hand\": null, \"play\": null, \"table\": null}",
    "{\"cards\": 5, \"hand\": [1, 2], \"play\": {}, \"table\": true}",
    "{\"cards\": \"\", \"hand\": \"\", \"play\": \"\", \"table\": \"\"}",
    "{\"cards\": \"SA S9\", \"hand\": \"S3 S4 S5\", \"play\": \"345\", \"table\": \"S3\", \"role\": \"king\"}",
    "{\"cards\": \"🃏🃏🃏\", \"hand\": \"🃏🃏\", \"play\": \"BBRR\", \"table\": \"JK JK\"}",
    "{\"cards\": \"SA SA\", \"hand\": \"S3 S3\", \"play\": \"33333\", \"table\": \"S3 S3\"}",
    "{\"hand\": \"S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA S2 JK\", \"table\": \"H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ HK HA H2\"}",
    "{\"hand\": \"3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR\", \"play\": \"3333444455556666777788889999\"}",
    "{\"hand\": \"C3 D3 H3 S3 JK\", \"table\": \"C4 D4 H4 S4 JK\", \"revolution\": \"yes\", \"lock\": 1}",
    "{\"rules\": \"nope\", \"cards\": \"SA S9\", \"hand\": \"33\", \"play\": \"33\", \"table\": \"44\"}",
    "{\"cards\": \"S3,,,,S4\", \"hand\": \",,,\", \"play\": \",,\", \"table\": \"S3 S4 S5\", \"table_type\": \"bomb\"}",
    "{\"cards\": \"SA S9\", \"seen\": \"SA\", \"hand\": \"33344456\", \"table\": \"33344456\", \"table_type\": \"plane\"}",
    "{\"cards\": \"\\u0000\", \"hand\": \"\\ud83c\\udccf\", \"play\": \"10\", \"table\": \"10\"}",
    "{\"count\": \"many\", \"rules\": 7}",
    "not json at all {",
];

#[test]
fn every_batch_command_answers_every_nasty_line_with_one_json_line() {
    use std::io::Write;
    let commands: [&[&str]; 9] = [
        &["kabu", "eval"],
        &["kabu", "odds"],
        &["doudizhu", "classify"],
        &["doudizhu", "lead"],
        &["doudizhu", "follow"],
        &["doudizhu", "plays", "--count"],
        &["daifugo", "decompose"],
        &["daifugo", "lead"],
        &["daifugo", "follow"],
    ];
    let input = NASTY_LINES.join("\n") + "\n";
    for args in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(args)
            .arg("--batch")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the cards binary runs");
        child
            .stdin
            .take()
            .expect("piped stdin")
            .write_all(input.as_bytes())
            .expect("write input");
        let out = child.wait_with_output().expect("cards exits");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), NASTY_LINES.len(), "{args:?}: {stdout}");
        for (input, line) in NASTY_LINES.iter().zip(&lines) {
            let v: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{args:?}: {input} gave {line}: {e}"));
            assert!(v.is_object(), "{args:?}: {input} gave {line}");
        }
        // the lines that are not objects are errors for every command
        for i in [0, 1, 2, 3, 4, 5, 21] {
            assert!(
                lines[i].starts_with("{\"error\":"),
                "{args:?}: {}",
                lines[i]
            );
        }
    }
}

/// Issue point 12: a game or the program without a command says what is missing.
#[test]
fn a_missing_command_is_named_with_the_choices() {
    // `web` is a command when the feature `web` (on by default) is built
    let top = if cfg!(feature = "web") {
        "cards: 'cards' needs a command: one of kabu, doudizhu, daifugo, web (see --help)\n"
    } else {
        "cards: 'cards' needs a command: one of kabu, doudizhu, daifugo (see --help)\n"
    };
    for (args, expected) in [
        (&[][..], top),
        (
            &["kabu"][..],
            "cards: 'cards kabu' needs a command: one of eval, odds, round, edge, simulate, arena (see --help)\n",
        ),
        (
            &["doudizhu"][..],
            "cards: 'cards doudizhu' needs a command: one of classify, lead, follow, plays, deal, play, replay, solve, arena (see --help)\n",
        ),
        (
            &["daifugo"][..],
            "cards: 'cards daifugo' needs a command: one of decompose, lead, follow, play, replay, arena, serve, client (see --help)\n",
        ),
    ] {
        let out = cards(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), expected, "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

/// Issue point 12: an argument that is not UTF-8 is named by its position.
#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_named_by_position() {
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(["kabu", "eval", "SA"])
        .arg(std::ffi::OsStr::from_bytes(b"S\xff9"))
        .output()
        .expect("the cards binary runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "cards: argument 4 is not UTF-8: \"S\\xFF9\"\n"
    );
}

/// Issue point 12: rule, role and type names are case-insensitive in every game, as flags and
/// in batch lines.
#[test]
fn names_are_case_insensitive_everywhere() {
    for (upper, lower) in [
        (
            &[
                "kabu", "eval", "--rules", "VB6", "--role", "Dealer", "--json", "S9 CA",
            ][..],
            &[
                "kabu", "eval", "--rules", "vb6", "--role", "dealer", "--json", "S9 CA",
            ][..],
        ),
        (
            &["doudizhu", "classify", "--rules", "DouZero", "3333BR"][..],
            &["doudizhu", "classify", "--rules", "douzero", "3333BR"][..],
        ),
        (
            &[
                "doudizhu",
                "follow",
                "--rules",
                "OPENSPIEL",
                "--table",
                "333444555666",
                "--table-type",
                "Plane_Solo",
                "444555666777",
            ][..],
            &[
                "doudizhu",
                "follow",
                "--rules",
                "openspiel",
                "--table",
                "333444555666",
                "--table-type",
                "plane_solo",
                "444555666777",
            ][..],
        ),
        (
            &["daifugo", "lead", "--rules", "UECDA", "S3", "JK"][..],
            &["daifugo", "lead", "--rules", "uecda", "S3", "JK"][..],
        ),
        (
            &["daifugo", "lead", "--rules", "Seed", "S3", "D3"][..],
            &["daifugo", "lead", "--rules", "seed", "S3", "D3"][..],
        ),
    ] {
        let a = cards(upper);
        assert_eq!(
            a.status.code(),
            Some(0),
            "{upper:?}: {}",
            String::from_utf8_lossy(&a.stderr)
        );
        assert_eq!(a.stdout, cards(lower).stdout, "{upper:?}");
    }
    // a name that is wrong in any case is still refused with the text as given
    let out = cards(&["daifugo", "lead", "--rules", "UECDB", "S3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("UECDB"));
}

/// Issue point 12: `1 card`, not `1 cards`; `0 melds` without a trailing `: `.
#[test]
fn counts_read_as_english() {
    let out = cards(&["doudizhu", "classify", "3"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "3: solo length 1 main 3 (1 card, value -7)\n"
    );
    let out = cards(&["doudizhu", "classify", "33"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "33: pair length 1 main 3 (2 cards, value -7)\n"
    );
    let out = cards(&["daifugo", "decompose", ""]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0 melds\n");
    let out = cards(&["daifugo", "decompose", "S3"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 meld: [♠3]\n");
}

#[test]
fn clap_suggestions_are_kept_with_a_help_hint() {
    for (args, tip, hint) in [
        (
            &["doudizhu", "classfy"][..],
            "(tip: a similar subcommand exists: 'classify')",
            "; try 'cards doudizhu --help'",
        ),
        (
            &["daifugo", "play", "--seeds", "3"][..],
            "(tip: a similar argument exists: '--seed')",
            "; try 'cards daifugo play --help'",
        ),
        (
            &["kabuu", "eval"][..],
            "(tip: a similar subcommand exists: 'kabu')",
            "; try 'cards --help'",
        ),
    ] {
        let out = cards(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("cards: "), "{err}");
        assert!(err.contains(tip), "{args:?}: {err}");
        assert!(err.trim_end().ends_with(hint), "{args:?}: {err}");
    }
}

#[test]
fn the_top_help_summarises_every_command() {
    use clap::CommandFactory;
    let out = cards(&["--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let mut checked = 0;
    for game in cards_cli::Cli::command().get_subcommands() {
        if game.get_name() == "help" {
            continue;
        }
        // the game's one line in `cards --help` names each of its commands
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", game.get_name())))
            .unwrap_or_else(|| panic!("no line for {}: {text}", game.get_name()));
        for command in game.get_subcommands().map(clap::Command::get_name) {
            if command != "help" {
                let named = line
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|w| w == command);
                assert!(named, "`cards --help` does not name {command}: {line}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 22, "{checked} commands");
}

/// Issue 32: a 100 kB entrant name gave 100 kB of stderr. Every name or token the command
/// echoes in an error is cut as `play --policy` cuts it (40 characters, then `...`), whichever
/// part wrote the message: the arena's entrants (the game crates' `UnknownPolicy`), clap's
/// `invalid value`, the rules parsers, a value parser's own words.
#[test]
fn huge_names_are_echoed_cut() {
    let huge = "z".repeat(100_000);
    let cut = format!("{}...", "z".repeat(40));
    let eq_huge = format!("--rules={huge}");
    let entrants = format!("greedy,{huge}");
    let players = format!("greedy,greedy,{huge}");
    for args in [
        &["doudizhu", "arena", "--entrants", &entrants][..],
        &["daifugo", "arena", "--entrants", "random", &huge][..],
        &["kabu", "arena", "--entrants", "house", &huge][..],
        &["daifugo", "client", "--policy", &huge][..],
        &["kabu", "round", "--field-policy", &huge][..],
        &["daifugo", "play", "--rules", &huge][..],
        &["daifugo", "play", &eq_huge][..],
        &["doudizhu", "play", "--rules", &huge][..],
        &["doudizhu", "play", "--players", &players][..],
        &["kabu", "eval", &huge][..],
    ] {
        let out = cards(args);
        let err = String::from_utf8_lossy(&out.stderr);
        let shown: Vec<&str> = args.iter().map(|a| &a[..a.len().min(20)]).collect();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{shown:?}: {}",
            &err[..err.len().min(300)]
        );
        assert_eq!(err.lines().count(), 1, "{shown:?}");
        assert!(err.len() < 400, "{shown:?}: {} bytes", err.len());
        assert!(err.contains(&cut), "{shown:?}: {err}");
    }
}

/// Issue 32: `--playouts 0` and `--think-ms 0` made `search` play the first legal action without
/// searching. Every command taking a thinking player's budget (play, arena, kabu round, the
/// `UECda` client) refuses 0 with the words of the one check every front end makes
/// (`PolicyOptions::check`, which the Python `Bot` uses too).
#[test]
fn zero_budgets_are_refused_with_the_same_words() {
    for command in [
        &[
            "doudizhu",
            "play",
            "--players",
            "search,greedy,greedy",
            "--seed",
            "1",
        ][..],
        &[
            "daifugo",
            "arena",
            "--entrants",
            "search,random",
            "--deals",
            "1",
        ][..],
        &["kabu", "round", "--dealer-policy", "search", "--seed", "1"][..],
        &["daifugo", "client", "--policy", "search", "--port", "1"][..],
    ] {
        for (flag, option) in [
            ("--playouts", "playouts"),
            ("--think-ms", "think_ms"),
            ("--threads", "threads"),
        ] {
            let mut args = command.to_vec();
            args.extend([flag, "0"]);
            let out = cards(&args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            let words = cards_core::game::PolicyOptions::new(0)
                .with_playouts(u64::from(option != "playouts"))
                .with_think_ms(u64::from(option != "think_ms"))
                .with_threads(usize::from(option != "threads"))
                .check()
                .unwrap_err()
                .to_string();
            assert!(
                words.starts_with(&format!("{option} must be at least 1")),
                "{words}"
            );
            assert!(err.contains(&words), "{args:?}: {err}");
            assert!(out.stdout.is_empty(), "{args:?}");
        }
    }
}

#[test]
fn threads_past_the_shared_bound_are_refused_as_python_refuses_them() {
    let words = cards_core::game::PolicyOptions::new(0)
        .with_threads(257)
        .check()
        .unwrap_err()
        .to_string();
    assert_eq!(words, "threads must be 1 to 256 (got 257)");
    for command in [
        &["doudizhu", "play", "--players", "search,greedy,greedy"][..],
        &["kabu", "round", "--dealer-policy", "search", "--seed", "1"][..],
    ] {
        let mut args = command.to_vec();
        args.extend(["--threads", "257"]);
        let out = cards(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(&words), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let mut args = vec!["kabu", "round", "--dealer-policy", "search", "--seed", "1"];
    args.extend(["--threads", "256"]);
    assert_eq!(cards(&args).status.code(), Some(0), "256 threads are taken");
}
