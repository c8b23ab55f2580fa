//! `cards kabu eval` and `cards kabu odds` end to end: text, `--json`, `--batch`, bad arguments.

use std::fmt::Write as _;
use std::io::Write;
use std::process::{Command, Stdio};

fn cards(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .output()
        .expect("the cards binary runs")
}

/// `cards <args>` with `input` on stdin: its exit status and stdout.
pub(crate) fn batch(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the cards binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn eval_prints_the_seed_label_and_code() {
    let out = cards(&["kabu", "eval", "--role", "dealer", "SA", "S9"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "♠A ♠9 as dealer (default rules): クッピン (kuppin, code 999, 0 points, payout 最強 = wins outright)\n"
    );
    let out = cards(&[
        "kabu", "eval", "--json", "--rules", "vb6", "--role", "dealer", "S9 CA",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"code\":0,\"label\":\"なし 0\",\"multiplier\":2,\"payout\":\"times\",\"points\":0,\"yaku\":\"none\"}\n"
    );
}

#[test]
fn bad_arguments_are_one_line_and_status_2() {
    for (args, needle) in [
        (&["kabu", "eval", "SA", "SK"][..], "\"SK\" at position 3"),
        (&["kabu", "eval", "SA"][..], "two or three cards, got 1"),
        (&["kabu", "eval", "SA", "S2", "S3", "S4"][..], "got 4"),
        (&["kabu", "eval", "SA", "sa"][..], "given twice"),
        (&["kabu", "eval", "--role", "boss", "SA", "S2"][..], "boss"),
        (&["kabu", "eval", "--rules", "vb5", "SA", "S2"][..], "vb5"),
        (&["kabu", "eval"][..], "required"),
        (&["kabu", "odds", "SA", "S2", "S3"][..], "two-card hand"),
        (
            &["kabu", "odds", "--seen", "H5 S2", "SA", "S2"][..],
            "--seen: \"S2\" at position 3: card ♠2 is in the hand",
        ),
        (
            &["kabu", "odds", "--seen", "S3", "SA", "S2", "S3"][..],
            "two-card hand, got 3",
        ),
        (
            &["kabu", "odds", "--seen", "JK", "SA", "S2"][..],
            "--seen: \"JK\"",
        ),
    ] {
        let out = cards(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("cards: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn odds_refuse_seen_sets_that_leave_nothing_or_leave_the_deck() {
    let deck52: Vec<String> = ["S", "C", "H", "D"]
        .iter()
        .flat_map(|s| {
            [
                "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
            ]
            .iter()
            .map(move |r| format!("{s}{r}"))
        })
        .collect();
    let deck40: Vec<&str> = deck52
        .iter()
        .map(String::as_str)
        .filter(|c| !c.ends_with(['J', 'Q', 'K']))
        .collect();
    let rest: Vec<&str> = deck40
        .iter()
        .copied()
        .filter(|c| !["SA", "S2"].contains(c))
        .collect();
    for (seen, needle) in [
        (rest.join(" "), "cards: no unseen card is left to draw"),
        // The 52-card deck: its first card outside the Kabu deck is named.
        (
            deck52.join(" "),
            "cards: --seen: \"SJ\" at position 31 is ♠J, not a Kabu card",
        ),
        // The 40-card deck holds the hand: the first of its cards is named.
        (
            deck40.join(" "),
            "cards: --seen: \"SA\" at position 0: card ♠A is in the hand",
        ),
    ] {
        let out = cards(&["kabu", "odds", "--seen", &seen, "SA", "S2"]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with(needle) && err.lines().count() == 1, "{err}");
    }
    // One card left: it is the whole answer.
    let one_left = rest[..rest.len() - 1].join(" ");
    let out = cards(&["kabu", "odds", "--json", "--seen", &one_left, "SA", "S2"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["unseen"], 1);
    assert_eq!(
        v["outcomes"],
        serde_json::json!([{"code": 3, "count": 1, "label": "なし 3", "points": 3, "probability": "1/1", "yaku": "none"}])
    );
}

#[test]
fn eval_batch_answers_every_line_in_order() {
    let input = concat!(
        "{\"cards\": \"SA S9\", \"role\": \"dealer\"}\n",
        "not json\n",
        "{\"cards\": \"S9 CA\", \"role\": \"dealer\"}\n",
        "{\"cards\": \"SA S2 S3 S4\"}\n",
        "{\"cards\": \"C4 DA\"}\n",
    );
    let (status, out) = batch(&["kabu", "eval", "--batch", "--rules", "vb6"], input);
    assert_eq!(status, Some(0));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["code"], 999);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("invalid JSON")
    );
    assert_eq!(lines[2]["code"], 0, "vb6: the 9 sorts before the A");
    assert!(lines[3]["error"].as_str().unwrap().contains("got 4"));
    assert_eq!(lines[4]["code"], 5, "vb6, child: ♣4 sorts before ♦A");
    let (_, out) = batch(&["kabu", "eval", "--batch"], "{\"cards\": \"C4 DA\"}\n");
    assert!(
        out.lines().next().unwrap().contains("\"code\":998"),
        "{out}"
    );
}

#[test]
fn eval_batch_agrees_with_the_library_on_every_two_card_hand() {
    let hands: Vec<kabu::Hand> = kabu::harness::two_card_hands().collect();
    let mut input = String::new();
    for h in &hands {
        let _ = writeln!(input, "{{\"cards\": \"{h:#}\", \"role\": \"dealer\"}}");
    }
    let (status, out) = batch(&["kabu", "eval", "--batch"], &input);
    assert_eq!(status, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 780);
    for (h, line) in hands.iter().zip(lines) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let o = h.evaluate(kabu::Role::Dealer, kabu::Rules::DEFAULT);
        assert_eq!(v["code"], o.code(), "{h}");
        assert_eq!(v["label"], o.label(), "{h}");
    }
}

#[test]
fn odds_prints_the_policy_and_exact_fractions() {
    let out = cards(&["kabu", "odds", "--seen", "S6 H9", "S7", "S8"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("♠7 ♠8 as child (default rules): stands on 順子リーチ (junko_reach, code 505, 5 points); policy: player's choice (4 to 6)\n36 unseen cards"), "{text}");
    assert!(
        text.contains("順子       4 pt  code 555   1/36  (1 of 36)  junko"),
        "{text}"
    );
    let out = cards(&["kabu", "odds", "--json", "SA", "S2"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["unseen"], 38);
    assert_eq!(v["advice"], "must_draw");
    let (status, out) = batch(
        &["kabu", "odds", "--batch"],
        "{\"cards\": \"SA S9\", \"role\": \"dealer\"}\n{\"cards\": \"SA\"}\n",
    );
    assert_eq!(status, Some(0));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["standing"]["yaku"], "kuppin");
    assert_eq!(lines[0]["advice"], "must_stand");
    assert!(lines[1]["error"].as_str().unwrap().contains("got 1"));
}

#[test]
fn help_shows_examples() {
    for cmd in ["eval", "odds"] {
        let out = cards(&["kabu", cmd, "--help"]);
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(&format!("cards kabu {cmd}")), "{text}");
    }
}
