//! The `serde` feature: JSON equal to what the command line prints, and game records with
//! exactly the documented keys (all required, unknown keys refused), round-tripping.

#![cfg(feature = "serde")]

use daifugo::cards_core::game::Policy;
use daifugo::{Game, Meld, Random, Record, Rules, StandIn, Table, TutorialPlayer};
use serde_json::{Value, json};

#[test]
fn melds_rules_and_states_as_the_command_line_writes_them() {
    let m: Meld = "S3 S4 JK=S5".parse().unwrap();
    assert_eq!(serde_json::to_value(m).unwrap(), json!("S3 S4 JK=S5"));
    let low: Meld = serde_json::from_value(json!("♠3 ♠4 JK=♠<3")).unwrap();
    assert_eq!(serde_json::to_value(low).unwrap(), json!("S3 S4 JK=S<3"));
    assert_eq!(
        serde_json::to_value("S>2".parse::<StandIn>().unwrap()).unwrap(),
        json!("S>2")
    );
    assert!(serde_json::from_value::<Meld>(json!("S3 H4")).is_err());
    // rules: a preset's name, or the preset and the options that differ
    assert_eq!(serde_json::to_value(Rules::UECDA).unwrap(), json!("uecda"));
    let mut r = Rules::UECDA;
    r.eleven_back = true;
    r.pass_limit = 0;
    let v = serde_json::to_value(r).unwrap();
    assert_eq!(
        v,
        json!({"preset": "uecda", "eleven_back": true, "pass_limit": 0})
    );
    assert_eq!(serde_json::from_value::<Rules>(v).unwrap(), r);
    assert_eq!(
        serde_json::from_value::<Rules>(json!("SEED")).unwrap(),
        Rules::TUTORIAL
    );
    let e = serde_json::from_value::<Rules>(json!({"preset": "uecda", "elevenback": true}))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("\"elevenback\"") && e.contains("eleven_back"),
        "{e}"
    );
    // a state: the `follow` keys
    let s = Table::with_table(m).with_lock(true);
    let v = serde_json::to_value(s).unwrap();
    assert_eq!(
        v,
        json!({"table": "S3 S4 JK=S5", "revolution": false, "lock": true, "eleven_back": false})
    );
    assert_eq!(serde_json::from_value::<Table>(v).unwrap(), s);
}

fn finished_game(seed: u64) -> Game {
    let mut m = daifugo::Match::new(Rules::UECDA, seed);
    let mut players: [Box<dyn Policy<Game>>; 5] = std::array::from_fn(|i| {
        if i % 2 == 0 {
            Box::new(TutorialPlayer) as Box<dyn Policy<Game>>
        } else {
            Box::new(Random::new(i as u64)) as Box<dyn Policy<Game>>
        }
    });
    let mut g = m.next_game();
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    m.finish(&g);
    // the second game has classes and an exchange
    let mut g = m.next_game();
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    g
}

#[test]
fn records_round_trip_with_exactly_the_documented_keys() {
    let g = finished_game(5);
    let rec = g.record();
    let v = serde_json::to_value(&rec).unwrap();
    let Value::Object(o) = &v else { panic!() };
    let keys: Vec<&str> = o.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["actions", "classes", "exchange", "hands", "rules", "seats"]
    );
    assert_eq!(v["actions"][0]["player"], json!(g.history()[0].player));
    assert!(
        v["exchange"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x == &&json!(""))
            .count()
            == 3
    );
    let back: Record = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(back, rec);
    // every key required (null where documented), unknown keys refused
    for key in ["rules", "seats", "classes", "hands", "exchange", "actions"] {
        let mut w = v.clone();
        w.as_object_mut().unwrap().remove(key);
        let e = serde_json::from_value::<Record>(w).unwrap_err().to_string();
        assert!(e.contains(&format!("missing field `{key}`")), "{e}");
    }
    let mut w = v.clone();
    w["winner"] = json!(3);
    let e = serde_json::from_value::<Record>(w).unwrap_err().to_string();
    assert!(e.contains("unknown field `winner`"), "{e}");
    // text that names no cards is refused, naming the action (cards that are no meld, such as
    // "S3 H9", are a rejected submission: see record::tests)
    let mut w = v.clone();
    w["actions"][2]["meld"] = json!("S3 X9");
    let e = serde_json::from_value::<Record>(w).unwrap_err().to_string();
    assert!(
        e.starts_with("actions[2].meld: ") && e.contains("X9"),
        "{e}"
    );
    // a replay's JSON
    let replay = serde_json::to_value(rec.verdict().unwrap()).unwrap();
    assert_eq!(replay["places"], json!(g.places()));
    assert_eq!(replay["points"], json!(g.points().unwrap()));
    assert_eq!(
        replay["reasons"].as_array().unwrap().len(),
        g.history().len()
    );
}

#[test]
fn a_record_with_rejections_replays_in_the_servers_mode() {
    // a game in the server's mode with invalid submissions and melds of cards not held: both
    // are rejected, count as passes, and the record replays to the same places
    let mut g = Game::new(Rules::UECDA, 12);
    g.set_mode(daifugo::Mode::Server);
    let mut rng = Random::new(3);
    let mut rejected = 0;
    let mut turn = 0;
    while let Some(p) = g.seat_to_act() {
        let legal = g.legal_actions();
        let action = match turn % 9 {
            4 => daifugo::Action::Invalid,
            7 => {
                let other = g.hands()[(p as usize + 1) % 5];
                match other.first() {
                    Some(c) => daifugo::Action::Play(Meld::single(c).unwrap()),
                    None => daifugo::Action::Pass,
                }
            }
            _ => rng.choose(&g.observation(usize::from(p)), &legal),
        };
        let out = g.apply_with_outcome(action).unwrap();
        rejected += usize::from(!out.accepted);
        turn += 1;
    }
    assert!(rejected > 3);
    let v = serde_json::to_value(g.record()).unwrap();
    let text = v.to_string();
    assert!(text.contains("\"meld\":\"invalid\""));
    let rec: Record = serde_json::from_str(&text).unwrap();
    let replay = rec.verdict().unwrap();
    assert_eq!(replay.places, g.places());
    let steps = g.history();
    assert_eq!(
        replay.accepted,
        steps.iter().map(|s| s.accepted).collect::<Vec<_>>()
    );
    for (r, s) in replay.reasons.iter().zip(steps) {
        assert_eq!(r.is_some(), !s.accepted);
    }
    let json = serde_json::to_value(&replay).unwrap();
    let reasons = json["reasons"].as_array().unwrap();
    assert!(reasons.contains(&json!("the submission is no meld")));
    assert!(reasons.iter().any(|r| {
        r.as_str()
            .is_some_and(|t| t.contains("not in the player's hand"))
    }));
    // a record that stops early is an error naming the problem
    let mut short = v.clone();
    short["actions"].as_array_mut().unwrap().truncate(3);
    let rec: Record = serde_json::from_value(short).unwrap();
    let e = rec.verdict().unwrap_err().to_string();
    assert!(e.contains("end before the game does"), "{e}");
}
