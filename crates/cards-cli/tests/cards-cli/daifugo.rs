//! `cards daifugo ...` end to end: text, `--json`, `--batch`, and bad arguments.

use std::io::Write;
use std::process::{Command, Stdio};

fn cards(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .output()
        .expect("the cards binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = cards(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn decompose_text_and_json() {
    let hand = [
        "S3", "S4", "S5", "D5", "D10", "C10", "H10", "SK", "DK", "SA", "S2",
    ];
    let mut args = vec!["daifugo", "decompose", "--rules", "seed"];
    args.extend(hand);
    assert_eq!(
        stdout(&args),
        "6 melds: [♠3 ♠4 ♠5] [♣10 ♦10 ♥10] [♦K ♠K] [♦5] [♠A] [♠2]\n"
    );
    args.push("--json");
    assert_eq!(
        stdout(&args),
        "{\"melds\":[\"S3 S4 S5\",\"C10 D10 H10\",\"DK SK\",\"D5\",\"SA\",\"S2\"]}\n"
    );
    let out = stdout(&[
        "daifugo",
        "decompose",
        "--fewest",
        "--revolution",
        "--json",
        "S3 S4 S5 S6 D3",
    ]);
    assert_eq!(out, "{\"melds\":[\"S4 S5 S6\",\"D3 S3\"]}\n");
}

#[test]
fn lead_and_follow() {
    assert_eq!(
        stdout(&["daifugo", "lead", "--json", "S3", "D3", "S4", "S5"]),
        "{\"moves\":[\"D3\",\"S3\",\"S4\",\"S5\",\"D3 S3\",\"S3 S4 S5\"]}\n"
    );
    assert_eq!(
        stdout(&[
            "daifugo",
            "follow",
            "--table",
            "S3 S4 S5",
            "S6 S7 S8 S9 D9 D10 DJ"
        ]),
        "3 follows:\n  ♠6 ♠7 ♠8\n  ♠7 ♠8 ♠9\n  ♦9 ♦10 ♦J\n"
    );
    assert_eq!(
        stdout(&[
            "daifugo",
            "follow",
            "--table",
            "S5",
            "--revolution",
            "--lock",
            "--json",
            "H3 S4 S6"
        ]),
        "{\"moves\":[\"S4\"]}\n"
    );
    assert_eq!(
        stdout(&["daifugo", "follow", "--table", "S2", "H3"]),
        "0 follows (pass)\n"
    );
}

#[test]
fn batch_streams_one_line_per_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(["daifugo", "follow", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            concat!(
                "{\"hand\": \"S4 D4 C4 S5 S6\", \"table\": \"S3 D3\"}\n",
                "not json\n",
                "{\"hand\": \"S3\", \"table\": \"JK\"}\n",
            )
            .as_bytes(),
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "{\"moves\":[\"C4 D4\",\"C4 S4\",\"D4 S4\"]}");
    assert!(lines[1].starts_with("{\"error\":\"invalid JSON"));
    assert_eq!(lines[2], "{\"moves\":[\"S3\"]}");
}

#[test]
fn bad_arguments_are_one_line_and_status_2() {
    for (args, needle) in [
        (&["daifugo", "lead", "S3", "X9"][..], "\"X9\""),
        (
            &["daifugo", "lead", "--rules", "seed", "JK"][..],
            "no joker",
        ),
        (&["daifugo", "lead", "RJ"][..], "RJ"),
        (&["daifugo", "lead", "--rules", "poker", "S3"][..], "poker"),
        (
            &["daifugo", "follow", "--table", "S3 H4", "S5"][..],
            "--table: ♠3 ♥4 is no meld",
        ),
        (
            &["daifugo", "follow", "--table", "S3", "S3"][..],
            "card ♠3 is already on the table",
        ),
        (
            &["daifugo", "follow", "--table", "S5 JK=H5", "S9", "JK"][..],
            "card JK is already on the table",
        ),
        (
            &["daifugo", "follow", "--table", "S4 JK", "S9"][..],
            "--table: ♠4 JK is no meld without saying which card the joker stands for",
        ),
        (
            &["daifugo", "follow", "--table", "JK=S5", "S9"][..],
            "--table: stand-in ♠5 given",
        ),
        (
            &[
                "daifugo", "follow", "--table", "JK", "--rules", "seed", "S3",
            ][..],
            "--table: these rules have no joker",
        ),
        (&["daifugo", "follow", "S3"][..], "--table"),
        (&["daifugo", "decompose", "S3 S3"][..], "given twice"),
    ] {
        let out = cards(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn help_has_examples() {
    for cmd in ["decompose", "lead", "follow"] {
        let text = stdout(&["daifugo", cmd, "--help"]);
        assert!(text.contains(&format!("cards daifugo {cmd} ")), "{text}");
    }
}

#[test]
fn counts_read_as_english() {
    assert_eq!(stdout(&["daifugo", "decompose", "S3"]), "1 meld: [♠3]\n");
    assert_eq!(stdout(&["daifugo", "lead", "S3"]), "1 lead:\n  ♠3\n");
    assert_eq!(
        stdout(&["daifugo", "follow", "--table", "S3", "S4"]),
        "1 follow:\n  ♠4\n"
    );
    assert_eq!(
        stdout(&["daifugo", "lead", "S3", "H3"]),
        "3 leads:\n  ♥3\n  ♠3\n  ♥3 ♠3\n"
    );
}

/// `cards <args>` with `input` on stdin: its stdout's lines.
fn batch_lines(args: &[&str], input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Finding 13: a record is read as an object, each key once, by the command line as by the web
/// page: serde's positional array form of a record is refused, and so is a key given twice
/// (read through a JSON value, the last one won), in `daifugo replay` and `doudizhu replay`.
#[test]
fn a_record_is_an_object_with_each_key_once() {
    let mut players = [0, 1, 2, 3, 4].map(daifugo::Random::new);
    let mut g = daifugo::Game::new(daifugo::Rules::UECDA, 9);
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    let v = serde_json::to_value(g.record()).unwrap();
    let keys = ["rules", "seats", "classes", "hands", "exchange", "actions"];
    let positional = serde_json::Value::Array(keys.iter().map(|k| v[*k].clone()).collect());
    let text = v.to_string();
    // the same record with a second "rules" key before the first
    let twice = format!("{{\"rules\":\"tutorial\",{}", &text[1..]);
    let lines = batch_lines(
        &["daifugo", "replay", "--batch"],
        &format!("{v}\n{positional}\n{twice}\n"),
    );
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].contains("\"places\""), "{}", lines[0]);
    assert!(
        lines[1].starts_with("{\"error\":") && lines[1].contains("not an array"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("{\"error\":") && lines[2].contains("\\\"rules\\\" given twice"),
        "{}",
        lines[2]
    );
    // Dou Dizhu: what `play --json` prints (the record wrapped), then a key twice inside it
    let played = stdout(&["doudizhu", "play", "--seed", "1", "--json"]);
    let played = played.trim();
    let inner = played.replacen("{\"record\":{", "{\"record\":{\"kitty\":\"333\",", 1);
    assert_ne!(inner, played);
    let wrapped_array = r#"{"record": ["standard"]}"#;
    let lines = batch_lines(
        &["doudizhu", "replay", "--batch"],
        &format!("{played}\n{inner}\n{wrapped_array}\n"),
    );
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].contains("\"winner\""), "{}", lines[0]);
    assert!(
        lines[1].contains("\\\"kitty\\\" given twice"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("\\\"record\\\" is a record"),
        "{}",
        lines[2]
    );
}
