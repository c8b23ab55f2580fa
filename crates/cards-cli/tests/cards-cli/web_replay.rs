//! The records the command line writes replay on the web page's API (`cards_web::Api`, called
//! in-process).

#![cfg(feature = "web")]

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
