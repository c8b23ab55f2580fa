//! `cards doudizhu ...` end to end: text, `--json`, `--batch` JSON lines, help and bad arguments.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `cards` on `args` with `stdin`: the status, stdout and stderr.
pub fn cards(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cards binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn every_command_has_help_with_an_example() {
    for cmd in ["classify", "lead", "follow", "plays"] {
        let (code, out, _) = cards(&["doudizhu", cmd, "--help"], "");
        assert_eq!(code, Some(0), "{cmd}");
        assert!(
            out.contains(&format!("cards doudizhu {cmd} ")),
            "{cmd}: {out}"
        );
        assert!(out.contains("--rules"), "{cmd}: {out}");
    }
}

#[test]
fn classify_text_and_json() {
    let (code, out, _) = cards(&["doudizhu", "classify", "333", "444", "56"], "");
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "33344456: plane_solo length 2 main 4 (8 cards, value 1)\n"
    );
    let (_, out, _) = cards(
        &[
            "doudizhu",
            "classify",
            "--json",
            "--rules",
            "strict",
            "S3 H3 D3 C3 H4 D4",
        ],
        "",
    );
    assert_eq!(
        out,
        "{\"readings\":[],\"reason\":\"a pair as the two solos of four + two is not allowed by these rules\"}\n"
    );
}

#[test]
fn lead_and_follow() {
    let (code, out, _) = cards(&["doudizhu", "lead", "--json", "BR"], "");
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        concat!(
            r#"{"moves":[{"cards":"B","length":1,"main":"B","type":"solo"},"#,
            r#"{"cards":"R","length":1,"main":"R","type":"solo"},"#,
            r#"{"cards":"BR","length":1,"main":"R","type":"rocket"}]}"#,
            "\n"
        )
    );
    let (code, out, _) = cards(&["doudizhu", "follow", "--table", "2222", "AAAA", "BR"], "");
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "1 plays from AAAABR beat 2222 bomb length 1 main 2 (standard rules); pass is always possible\n  BR rocket length 1 main R\n"
    );
}

#[test]
fn bad_arguments_are_one_line_and_status_2() {
    for args in [
        &["doudizhu", "classify", "33X"][..],
        &["doudizhu", "classify", "--rules", "vb6", "3"][..],
        &["doudizhu", "lead", "22222"][..],
        &["doudizhu", "lead", "3456789TJQKA3456789TJQKA"][..],
        &["doudizhu", "follow", "3", "--table", "BB"][..],
        &[
            "doudizhu",
            "follow",
            "3",
            "--table",
            "3334",
            "--table-type",
            "bomb",
        ][..],
        &["doudizhu", "follow", "3"][..],
    ] {
        let (code, out, err) = cards(args, "");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("cards: "), "{err}");
    }
    let (_, _, err) = cards(&["doudizhu", "lead", "22222"], "");
    assert_eq!(
        err,
        "cards: hand \"22222\": a fifth 2 at position 4: the deck holds four of a rank\n"
    );
}

#[test]
fn batch_answers_every_line_in_order_with_one_error_line_per_bad_line() {
    let input = concat!(
        "{\"play\": \"33344456\"}\n",
        "{\"play\": \"3X\"}\n",
        "garbage\n",
        "{\"play\": \"333444555666\", \"rules\": \"openspiel\"}\n",
        "{\"play\": \"34\"}\n",
        "{\"play\": 5}\n",
    );
    let (code, out, err) = cards(&["doudizhu", "classify", "--batch"], input);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(
        lines[0],
        r#"{"readings":[{"count":8,"length":2,"main":"4","type":"plane_solo","value":1}]}"#
    );
    assert!(
        lines[1].starts_with(r#"{"error":"play \"3X\": unknown rank"#),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(r#"{"error":"invalid JSON"#),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3].matches("\"type\"").count(), 3, "{}", lines[3]);
    assert_eq!(lines[4], r#"{"readings":[],"reason":"not a combination"}"#);
    assert!(lines[5].starts_with(r#"{"error":"field \"play\" must be a string"#));

    let input = concat!(
        "{\"hand\": \"5556667777BR\", \"table\": \"33344456\"}\n",
        "{\"hand\": \"3\", \"table\": \"33X\"}\n",
        "{\"hand\": \"3\", \"table\": \"A\"}\n",
    );
    let (code, out, _) = cards(&["doudizhu", "follow", "--batch"], input);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].matches("\"cards\"").count(), 8);
    assert!(
        lines[1].starts_with(r#"{"error":"table \"33X\""#),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], r#"{"moves":[]}"#);

    let (code, out, _) = cards(
        &["doudizhu", "lead", "--batch", "--rules", "douzero"],
        "{\"hand\": \"333444BR\"}\n{\"hand\": \"333444BR\", \"rules\": \"standard\"}\n",
    );
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains(r#""cards":"333444BR""#));
    assert!(!lines[1].contains(r#""cards":"333444BR""#));

    let (code, out, _) = cards(
        &["doudizhu", "plays", "--batch"],
        "{\"count\": true, \"rules\": \"strict\"}\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.contains(r#""plays":12654"#), "{out}");
}

#[test]
fn odd_inputs_answer_or_fail_on_one_line_never_panic() {
    // empty play and hand: answers, not errors
    let (code, out, _) = cards(&["doudizhu", "classify", ""], "");
    assert_eq!(code, Some(0));
    assert_eq!(out, "(no card): no play under standard: no card\n");
    let (code, out, _) = cards(&["doudizhu", "lead", "--json", " "], "");
    assert_eq!(code, Some(0));
    assert_eq!(out, "{\"moves\":[]}\n");
    let (code, out, _) = cards(&["doudizhu", "follow", "", "--table", "3"], "");
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "0 plays from (no card) beat 3 solo length 1 main 3 (standard rules); pass is always possible\n"
    );
    // a joker never joins a chain
    let (code, out, _) = cards(&["doudizhu", "classify", "--json", "3456789TJQKB"], "");
    assert_eq!(code, Some(0));
    assert_eq!(out, "{\"readings\":[],\"reason\":\"not a combination\"}\n");
    // bad tables and types: status 2, one line naming the token
    for (args, want) in [
        (
            &["doudizhu", "follow", "3", "--table", ""][..],
            "cards: table \"\" is no play under standard: no card\n",
        ),
        (
            &[
                "doudizhu",
                "follow",
                "3",
                "--table",
                "333344445555666677778",
            ][..],
            "cards: table \"333344445555666677778\": 21 cards given: a play or hand holds at most 20\n",
        ),
        (
            &[
                "doudizhu",
                "follow",
                "3",
                "--table",
                "333444555666",
                "--table-type",
                "plane_solo",
            ][..],
            "cards: table \"333444555666\" is no plane_solo under standard; it reads as plane\n",
        ),
        (
            &["doudizhu", "classify", "3456789TJQKA3456789TJ"][..],
            "cards: play \"3456789TJQKA3456789TJ\": 21 cards given: a play or hand holds at most 20\n",
        ),
    ] {
        let (code, out, err) = cards(args, "");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (Some(2), "", want),
            "{args:?}"
        );
    }
    let (code, _, err) = cards(
        &[
            "doudizhu",
            "follow",
            "3",
            "--table",
            "3",
            "--table-type",
            "airplane",
        ],
        "",
    );
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("'airplane'") && err.contains("unknown type"),
        "{err}"
    );
}

#[test]
fn solve_gives_the_winning_moves_or_lost() {
    // only the whole bomb wins: passing or a single 6 lets seat 1's 9 go out
    let (code, out, _) = cards(
        &[
            "doudizhu",
            "solve",
            "--hand",
            "66663",
            "--hand",
            "9",
            "--hand",
            "KK4",
            "--table",
            "4",
            "--table-seat",
            "2",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "the landlord wins with best play (score +2 for the landlord: one stake, doubled for each \
         bomb and rocket played from here)\nseat 0 (landlord) to move: winning moves 6666\n\
         a line of play: seat 0 6666, seat 1 pass, seat 2 pass, seat 0 3\n"
    );
    // the same hand without the bomb: lost
    let (code, out, _) = cards(
        &[
            "doudizhu",
            "solve",
            "--hand",
            "66553",
            "--hand",
            "9",
            "--hand",
            "KK4",
            "--table",
            "4",
            "--table-seat",
            "2",
            "--json",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["winner"], "peasants");
    assert_eq!(v["lost"], true);
    assert_eq!(v["score"], -1);
    assert_eq!(v["winning"], serde_json::json!([]));
    // a lead that ends the game
    let (_, out, _) = cards(
        &[
            "doudizhu", "solve", "--hand", "33344456", "--hand", "BR", "--hand", "7", "--json",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["winning"], serde_json::json!(["333444-56"]));
    assert_eq!(
        (v["to_move"].as_u64(), v["side"].as_str()),
        (Some(0), Some("landlord"))
    );
}

#[test]
fn solve_takes_two_hands_a_puzzle() {
    // the first of the 8 published puzzles: the first leads and wins with a 4 or a 5
    let (code, out, err) = cards(
        &["doudizhu", "solve", "--hand", "3455KK", "--hand", "345522"],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "the first wins with best play (score +1 for the first: one stake, doubled for each \
         bomb and rocket played from here)\nseat 0 (first) to move: winning moves 4, 5\n\
         a line of play: seat 0 4, seat 1 2, seat 0 pass, seat 1 55, seat 0 KK, seat 1 pass, \
         seat 0 5, seat 1 2, seat 0 pass, seat 1 4, seat 0 5, seat 1 pass, seat 0 3\n"
    );
    // the third: the second wins whatever the first leads
    let (code, out, _) = cards(
        &[
            "doudizhu",
            "solve",
            "--hand",
            "45577TTKK2",
            "--hand",
            "8AA",
            "--json",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["winner"], "second");
    assert_eq!(v["side"], "first");
    assert_eq!(v["lost"], true);
    assert_eq!(v["winning"], serde_json::json!([]));
    // a ban: trio + solo forbidden, the second wins
    let args = [
        "doudizhu", "solve", "--hand", "3339", "--hand", "5552", "--json",
    ];
    let (_, out, _) = cards(&args, "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["winner"], &v["winning"]),
        (&serde_json::json!("first"), &serde_json::json!(["3339"]))
    );
    let mut banned = args.to_vec();
    banned.extend(["--ban", "trio_solo", "--ban", "four_two_pair"]);
    let (_, out, _) = cards(&banned, "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["winner"], "second");
    assert_eq!(v["lost"], true);
    assert_eq!(v["bans"], serde_json::json!(["trio_solo", "four_two_pair"]));
    // a play to beat: the second made it, the first is to move
    let (code, out, err) = cards(
        &[
            "doudizhu", "solve", "--hand", "2", "--hand", "33", "--table", "K", "--json",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["to_move"], &v["winner"], &v["winning"]),
        (
            &serde_json::json!(0),
            &serde_json::json!("first"),
            &serde_json::json!(["2"])
        )
    );
}

#[test]
fn solve_refuses_bad_puzzles_with_a_reason() {
    for (args, message) in [
        (&["--hand", "333", "--hand", "33"][..], "hold 5 of rank 3"),
        (
            &["--hand", "S3 H4", "--hand", "S3 D5"][..],
            "the card ♠3 is in both the first and the second hand",
        ),
        (
            &["--hand", "333344445555666677778", "--hand", "9"][..],
            "first: hand \"333344445555666677778\": 21 cards",
        ),
        (
            &["--hand", "3", "--hand", "4", "--table", "3456"][..],
            "table \"3456\" is no play",
        ),
        (
            &["--hand", "3", "--hand", "4", "--ban", "trio"][..],
            "\"trio\" is no kind a puzzle bans",
        ),
        (
            &[
                "--hand",
                "3",
                "--hand",
                "4",
                "--table",
                "5556",
                "--ban",
                "trio_solo",
            ][..],
            "the play to beat 5556 trio_solo 1 5 is of a banned kind",
        ),
        (
            &["--hand", "3", "--hand", "4", "--landlord", "1"][..],
            "two hands have no landlord",
        ),
        (
            &["--hand", "3", "--hand", "4", "--to-move", "2"][..],
            "to move seat 2 is no seat",
        ),
        (
            &["--hand", "3", "--hand", "4", "--hand", "5", "--table", "6"][..],
            "--table needs --table-seat with three hands",
        ),
    ] {
        let mut all = vec!["doudizhu", "solve"];
        all.extend_from_slice(args);
        let (code, out, err) = cards(&all, "");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn solve_refuses_bad_positions_with_a_reason() {
    for (args, message) in [
        (
            &["--hand", "333", "--hand", "33", "--hand", "5"][..],
            "hold 5 of rank 3",
        ),
        (&["--hand", "3"][..], "give two hands"),
        (
            &[
                "--hand",
                "3",
                "--hand",
                "4",
                "--hand",
                "5",
                "--table",
                "6",
                "--table-seat",
                "0",
                "--to-move",
                "0",
            ][..],
            "seat 0 is to move and made the play to beat",
        ),
        (
            &["--hand", "3x", "--hand", "4", "--hand", "5"][..],
            "seat 0: hand \"3x\"",
        ),
        (
            &[
                "--hand",
                "3",
                "--hand",
                "4",
                "--hand",
                "5",
                "--landlord",
                "4",
            ][..],
            "landlord seat 4 is no seat",
        ),
        (
            &[
                "--hand",
                "3579",
                "--hand",
                "468T",
                "--hand",
                "JQKA",
                "--max-nodes",
                "3",
            ][..],
            "limit of 3 nodes",
        ),
    ] {
        let mut all = vec!["doudizhu", "solve"];
        all.extend_from_slice(args);
        let (code, out, err) = cards(&all, "");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(message), "{args:?}: {err}");
    }
}
