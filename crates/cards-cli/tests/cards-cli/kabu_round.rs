//! `cards kabu round|edge|simulate` end to end.

use std::process::Command;

fn cards(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .output()
        .unwrap()
}

/// `cards kabu round --batch` answering `input`: one JSON value a line.
fn round_batch(input: &str) -> Vec<serde_json::Value> {
    let (_, out) = super::kabu::batch(&["kabu", "round", "--batch"], input);
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
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
    let mut input = String::new();
    for seed in 0..300 {
        let _ = writeln!(
            input,
            "{{\"seed\": {seed}, \"bets\": {{\"1\": 1, \"3\": 2}}, \"field_policy\": \"optimal\", \"dealer_policy\": \"optimal\"}}"
        );
    }
    let lines = round_batch(&input);
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

/// `--field-policy search` / `--dealer-policy search` think with `--playouts`, `--think-ms` and
/// `--threads`: at a fixed playout budget a seeded round plays the same every time, and its
/// record replays to the round printed.
#[test]
fn round_plays_search_reproducibly_at_a_fixed_budget() {
    for seed in ["11", "12"] {
        let args = [
            "kabu",
            "round",
            "--seed",
            seed,
            "--bet",
            "1=2",
            "--bet",
            "3=1",
            "--field-policy",
            "search",
            "--dealer-policy",
            "Search",
            "--playouts",
            "300",
            "--json",
        ];
        let a = cards(&args);
        assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
        assert_eq!(a.stdout, cards(&args).stdout, "seed {seed}");
        let v: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
        let record: kabu::Record = serde_json::from_value(v["record"].clone()).unwrap();
        let round = record.replay().unwrap();
        assert!(round.is_over());
        assert_eq!(v["net"].as_i64(), Some(round.net()));
        assert_eq!(round.stakes(), [2, 0, 1, 0]);
    }
    let out = cards(&[
        "kabu",
        "round",
        "--seed",
        "5",
        "--dealer-policy",
        "search",
        "--playouts",
        "100",
        "--think-ms",
        "1000",
        "--threads",
        "2",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("fields draw by house, the dealer by search"),
        "{text}"
    );
}

/// A bad player name or budget is refused with status 2 and one line naming it.
#[test]
fn round_refuses_bad_policies_and_budgets() {
    for (args, needle) in [
        (
            &["--field-policy", "clever"][..],
            "unknown policy \"clever\"",
        ),
        (
            &["--dealer-policy", "greedy"][..],
            "unknown policy \"greedy\"",
        ),
        (&["--threads", "0"][..], "--threads"),
        (&["--playouts", "many"][..], "--playouts"),
        (&["--think-ms", "soon"][..], "--think-ms"),
    ] {
        let out = cards(&[&["kabu", "round", "--seed", "1"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    // the message lists the names there are
    let out = cards(&["kabu", "round", "--field-policy", "clever"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("random, house, odds, always, never, optimal, equilibrium, search"),
        "{err}"
    );
}

/// `--field-policy optimal --dealer-policy optimal` plays the round a batch line naming them
/// plays.
#[test]
fn round_flags_name_optimal_as_batch_lines_do() {
    let out = cards(&[
        "kabu",
        "round",
        "--seed",
        "21",
        "--bet",
        "2=1",
        "--field-policy",
        "optimal",
        "--dealer-policy",
        "optimal",
        "--json",
    ]);
    assert!(out.status.success());
    let flags: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let line = round_batch(
        "{\"seed\": 21, \"bets\": {\"2\": 1}, \"field_policy\": \"optimal\", \"dealer_policy\": \"optimal\"}\n",
    );
    assert_eq!(line.len(), 1);
    assert_eq!(line[0], flags);
    let mut r = kabu::Round::new(kabu::Rules::DEFAULT, 21);
    r.bet([0, 1, 0, 0]).unwrap();
    r.play(
        &mut kabu::BuiltinPolicy::Optimal,
        &mut kabu::BuiltinPolicy::Optimal,
    )
    .unwrap();
    assert_eq!(flags["net"].as_i64(), Some(r.net()));
}

/// Issue 32: `--rounds 0` printed a mean of 0 with a 99% interval [0, 0], and `--rounds 1` a
/// zero-width interval. 0 is refused (status 2, one line); 1 prints the mean and no interval
/// (`"ci99": null`); 2 prints an interval of positive width.
#[test]
fn simulate_refuses_no_rounds_and_prints_no_interval_from_one() {
    let out = cards(&["kabu", "simulate", "--rounds", "0", "--seed", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--rounds"), "{err}");
    assert!(out.stdout.is_empty());

    let out = cards(&["kabu", "simulate", "--rounds", "1", "--seed", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('['), "{text}");
    assert!(text.contains("no 99% interval"), "{text}");
    let out = cards(&["kabu", "simulate", "--rounds", "1", "--seed", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["ci99"].is_null(), "{v}");
    assert!(v["mean"].is_number(), "{v}");

    // seeds 1 to 20: some pair of rounds differs, and its interval has a width
    let widths: Vec<f64> = (1..=20)
        .map(|seed| {
            let seed = seed.to_string();
            let out = cards(&[
                "kabu", "simulate", "--rounds", "2", "--seed", &seed, "--json",
            ]);
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            v["ci99"][1].as_f64().unwrap() - v["ci99"][0].as_f64().unwrap()
        })
        .collect();
    assert!(widths.iter().any(|&w| w > 0.0), "{widths:?}");
}

#[test]
fn edge_prints_the_equilibrium_value_in_text_and_json() {
    let eq = kabu::equilibrium(kabu::Rules::VB6).unwrap().value();
    let out = cards(&["kabu", "edge", "--rules", "vb6"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!(
            "equilibrium (field and dealer each at their best against the other): {eq} = "
        )),
        "{text}"
    );
    let out = cards(&["kabu", "edge", "--rules", "vb6", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["equilibrium"]["numerator"].as_i64(),
        i64::try_from(eq.numerator()).ok()
    );
    assert_eq!(
        v["equilibrium"]["denominator"].as_u64(),
        u64::try_from(eq.denominator()).ok()
    );
    let out = cards(&["kabu", "edge", "--field-policy", "equilibrium"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("field equilibrium, dealer house"), "{text}");
}
