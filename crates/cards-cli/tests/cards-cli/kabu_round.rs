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

#[test]
fn edge_of_optimal_prints_the_house_counterpart_and_the_gain() {
    let out = cards(&["kabu", "edge", "--field-policy", "optimal"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let exact = kabu::exact_edge(
        kabu::Rules::DEFAULT,
        kabu::BuiltinPolicy::Optimal,
        kabu::BuiltinPolicy::House,
    )
    .unwrap();
    assert!(
        text.contains(&format!("field optimal, dealer house): {exact} = ")),
        "{text}"
    );
    assert!(
        text.contains("with field house, dealer house: -1268639/17272710; difference "),
        "{text}"
    );
    let out = cards(&["kabu", "edge", "--dealer-policy", "OPTIMAL", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["value"].as_f64().unwrap() < -0.073_447_595, "{v}"); // the dealer does better
}

#[test]
fn round_plays_optimal_as_the_library_does() {
    use std::fmt::Write as _;
    use std::io::Write;
    let mut input = String::new();
    for seed in 0..300 {
        let _ = writeln!(
            input,
            "{{\"seed\": {seed}, \"bets\": {{\"1\": 1, \"3\": 2}}, \"field_policy\": \"optimal\", \"dealer_policy\": \"optimal\"}}"
        );
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(["kabu", "round", "--batch"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 300);
    let mut differs = 0;
    for (seed, line) in (0u64..).zip(&lines) {
        let play = |f: kabu::BuiltinPolicy, d: kabu::BuiltinPolicy| {
            let mut r = kabu::Round::new(kabu::Rules::DEFAULT, seed);
            r.bet([1, 0, 2, 0]).unwrap();
            r.play(&mut { f }, &mut { d }).unwrap();
            r
        };
        let opt = play(kabu::BuiltinPolicy::Optimal, kabu::BuiltinPolicy::Optimal);
        let house = play(kabu::BuiltinPolicy::House, kabu::BuiltinPolicy::House);
        assert_eq!(line["net"].as_i64(), Some(opt.net()), "seed {seed}: {line}");
        for (key, seat) in [
            ("1", kabu::Seat::Field1),
            ("3", kabu::Seat::Field3),
            ("dealer", kabu::Seat::Dealer),
        ] {
            assert_eq!(
                line["record"]["draws"][key].as_bool(),
                opt.decision(seat),
                "seed {seed} {key}"
            );
        }
        differs += usize::from(opt != house);
    }
    assert!(differs > 10, "optimal changed {differs} of 300 rounds");
}
