//! The records the command line writes replay on the web page's API (`cards_web::Api`, called
//! in-process).

use cards_web::{Api, Config, Request};
use serde_json::Value;

#[test]
fn the_cli_records_replay() {
    // what `cards daifugo play --json`, `cards doudizhu play --json` and `cards kabu round
    // --json` write
    let cli = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines().next().unwrap().to_string()
    };
    let api = Api::new(Config::default());
    for (args, game) in [
        (&["daifugo", "play", "--seed", "3", "--json"][..], "daifugo"),
        (
            &["doudizhu", "play", "--seed", "3", "--json"][..],
            "doudizhu",
        ),
        (
            &["kabu", "round", "--seed", "3", "--bet", "2=3", "--json"][..],
            "kabu",
        ),
    ] {
        let record = cli(args);
        let r = api.handle(&Request::local("POST", "/api/replay", record.as_bytes()));
        let v: Value = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(r.status, 200, "{game}: {v}");
        assert_eq!(v["game"], game);
        let frames = v["frames"].as_array().unwrap();
        assert!(frames.len() > 2);
        assert!(!frames[frames.len() - 1]["result"].is_null(), "{game}");
    }
}

/// Issue 32: the Daifugo record readers disagreed (`cards daifugo replay FILE` took a key given
/// twice and a record written as a positional array, which `--batch` and the web refused; the
/// Python reader took invalid `places` and a 52-card deal). Every front end now reads with
/// `daifugo::Record::from_json`: the same crafted records get the same verdict from the
/// command line's file, its `--batch`, and the web page's replay.
#[test]
fn every_daifugo_record_reader_gives_the_same_verdict() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(["daifugo", "play", "--seed", "3", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let good = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let record: Value = serde_json::from_str(&good).unwrap();
    let with = |key: &str, value: Value| {
        let mut r = record.clone();
        r[key] = value;
        r.to_string()
    };
    // the hands without the joker: 52 cards under rules that deal 53
    let hands: Vec<Value> = record["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let kept: Vec<&str> = h
                .as_str()
                .unwrap()
                .split_whitespace()
                .filter(|c| *c != "JK")
                .collect();
            Value::from(kept.join(" "))
        })
        .collect();
    assert_ne!(
        Value::from(hands.clone()),
        record["hands"],
        "the deal has a joker"
    );
    let positional: Vec<Value> = ["rules", "seats", "classes", "hands", "exchange", "actions"]
        .iter()
        .map(|k| record[*k].clone())
        .collect();
    let cases = [
        ("the record as written", good.clone(), true),
        (
            "a key given twice",
            format!("{{\"seats\": [4, 3, 2, 1, 0], {}", &good[1..]),
            false,
        ),
        (
            "a key given twice inside an action",
            good.replacen("{\"player\":", "{\"meld\": \"pass\", \"player\":", 1),
            false,
        ),
        (
            "a positional array",
            Value::from(positional).to_string(),
            false,
        ),
        (
            "invalid places",
            with("places", serde_json::json!([1, 1, 2, 3, 4])),
            false,
        ),
        ("a 52-card deal", with("hands", Value::from(hands)), false),
    ];
    let api = Api::new(Config::default());
    let dir = std::env::temp_dir().join(format!("cards-readers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (what, text, valid)) in cases.iter().enumerate() {
        assert!(!text.contains('\n'), "{what}");
        // the command line, a file
        let path = dir.join(format!("{i}.json"));
        std::fs::write(&path, text).unwrap();
        let file = std::process::Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(["daifugo", "replay", path.to_str().unwrap(), "--json"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&file.stderr);
        assert_eq!(file.status.success(), *valid, "file, {what}: {err}");
        if !valid {
            assert_eq!(file.status.code(), Some(2), "file, {what}: {err}");
            assert_eq!(err.lines().count(), 1, "file, {what}: {err}");
        }
        // the command line, --batch
        let (code, out) =
            crate::kabu::batch(&["daifugo", "replay", "--batch"], &format!("{text}\n"));
        assert_eq!(code, Some(0), "batch, {what}");
        let answer: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(
            answer.get("error").is_none(),
            *valid,
            "batch, {what}: {answer}"
        );
        // the web page
        let r = api.handle(&Request::local("POST", "/api/replay", text.as_bytes()));
        let body = String::from_utf8_lossy(&r.body);
        assert_eq!(r.status == 200, *valid, "web, {what}: {} {body}", r.status);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
