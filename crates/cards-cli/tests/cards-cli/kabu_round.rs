//! `cards kabu round|edge|simulate` end to end.

use std::process::Command;

fn cards(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn edge_prints_the_reduced_fraction_and_its_json() {
    let out = cards(&["kabu", "edge"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("-1268639/17272710 = -0.073447595"), "{text}");
    let out = cards(&["kabu", "edge", "--json", "--ties", "PUSH", "--rules", "vb6"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["denominator"].as_u64().unwrap() > 0);
    assert!(v["value"].as_f64().unwrap() > 0.0, "{v}"); // ties returned: the player gains
}

#[test]
fn round_is_seeded_and_prints_the_seed_it_drew() {
    let a = cards(&["kabu", "round", "--seed", "7", "--json"]);
    let b = cards(&["kabu", "round", "--seed", "7", "--json"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let out = cards(&["kabu", "round"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("seed: "), "{text}");
    let bad = cards(&["kabu", "round", "--bet", "1=0"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("at least one field"));
    let bad = cards(&["kabu", "round", "--forced-draw", "maybe"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn simulate_shows_no_progress_bar_when_stderr_is_not_a_terminal() {
    let out = cards(&[
        "kabu", "simulate", "--rounds", "1000000", "--seed", "1", "--json",
    ]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rounds"], 1_000_000);
    assert_eq!(v["seed"], 1);
    let (lo, hi) = (
        v["ci99"][0].as_f64().unwrap(),
        v["ci99"][1].as_f64().unwrap(),
    );
    assert!(lo < -0.073_447_595 && -0.073_447_595 < hi, "{v}");
}
