//! The `serde` feature: the JSON of hands, outcomes, rules and draw odds is what the `cards`
//! command prints (`cards kabu eval --json`, `cards kabu odds --json`), and it reads back.
#![cfg(feature = "serde")]

use kabu::{DrawOdds, Fraction, Hand, Outcome, Role, Rules, Ties, Yaku, harness};
use serde_json::{Value, json};

/// The object `cards kabu eval --json` prints, built the way the command builds it.
fn cli_eval_json(o: Outcome) -> Value {
    json!({
        "code": o.code(),
        "label": o.label(),
        "yaku": o.yaku().name(),
        "points": o.points(),
        "multiplier": o.multiplier(),
        "payout": o.payout().name(),
    })
}

#[test]
fn an_outcome_is_the_eval_object_byte_for_byte() {
    // Printed by `cards kabu eval --json` (keys in alphabetical order).
    let cases = [
        (
            "SA S9",
            Role::Dealer,
            r#"{"code":999,"label":"クッピン","multiplier":null,"payout":"wins_outright","points":0,"yaku":"kuppin"}"#,
        ),
        (
            "S5 H5 D5",
            Role::Child,
            r#"{"code":888,"label":"嵐10倍","multiplier":10,"payout":"times","points":5,"yaku":"arashi10"}"#,
        ),
        (
            "S7 S8",
            Role::Child,
            r#"{"code":505,"label":"順子リーチ","multiplier":null,"payout":"not_final","points":5,"yaku":"junko_reach"}"#,
        ),
    ];
    for (cards, role, text) in cases {
        let o = cards
            .parse::<Hand>()
            .unwrap()
            .evaluate(role, Rules::DEFAULT);
        assert_eq!(serde_json::to_string(&o).unwrap(), text, "{cards}");
        assert_eq!(serde_json::from_str::<Outcome>(text).unwrap(), o);
    }
}

#[test]
fn every_outcome_serialises_as_the_cli_object_and_reads_back() {
    let hands = harness::two_card_hands().chain(harness::three_card_hands());
    let mut n = 0;
    for hand in hands {
        for role in Role::ALL {
            for rules in Rules::PRESETS {
                let o = hand.evaluate(role, rules);
                let v = serde_json::to_value(o).unwrap();
                assert_eq!(v, cli_eval_json(o), "{hand}");
                assert_eq!(serde_json::from_value::<Outcome>(v).unwrap(), o);
                n += 1;
            }
        }
    }
    assert_eq!(n, (780 + 9880) * 4);
}

#[test]
fn an_outcome_object_that_contradicts_itself_is_refused() {
    for text in [
        r#"{"yaku":"none","points":3,"code":4}"#,
        r#"{"yaku":"none","points":3,"label":"なし 4"}"#,
        r#"{"yaku":"arashi10","points":5,"multiplier":5}"#,
        r#"{"yaku":"kuppin","points":0,"multiplier":null,"payout":"times"}"#,
        r#"{"yaku":"none","points":10}"#,
        r#"{"yaku":"flush","points":1}"#,
        r#"{"yaku":"none","points":1,"colour":"red"}"#,
    ] {
        assert!(serde_json::from_str::<Outcome>(text).is_err(), "{text}");
    }
    // Only `yaku` and `points` are needed.
    let o: Outcome = serde_json::from_str(r#"{"yaku":"none","points":3}"#).unwrap();
    assert_eq!(o.code(), 3);
}

#[test]
fn hands_are_their_ascii_text() {
    let hand: Hand = "♣A ♠9".parse().unwrap();
    assert_eq!(serde_json::to_string(&hand).unwrap(), r#""S9 CA""#);
    for hand in harness::two_card_hands().chain(harness::three_card_hands()) {
        let text = serde_json::to_string(&hand).unwrap();
        assert_eq!(text, format!("\"{hand:#}\""));
        assert_eq!(serde_json::from_str::<Hand>(&text).unwrap(), hand);
    }
    let e = serde_json::from_str::<Hand>(r#""SA JK""#).unwrap_err();
    assert!(e.to_string().contains("is a joker"), "{e}");
    assert!(serde_json::from_str::<Hand>("12").is_err());
}

#[test]
fn rules_are_a_name_or_an_object_of_the_options_that_differ() {
    assert_eq!(
        serde_json::to_string(&Rules::DEFAULT).unwrap(),
        r#""default""#
    );
    assert_eq!(serde_json::to_string(&Rules::VB6).unwrap(), r#""vb6""#);
    let r = Rules::VB6
        .with_ties(Ties::Push)
        .with_dealer_collects_multiplier(true);
    assert_eq!(
        serde_json::to_value(r).unwrap(),
        json!({"preset": "vb6", "ties": "push", "dealer_collects_multiplier": true})
    );
    // Every combination of the table rules reads back, as JSON and as its Display text.
    for preset in Rules::PRESETS {
        for forced_draw in [true, false] {
            for ties in Ties::ALL {
                for dcm in [true, false] {
                    let r = preset
                        .with_forced_draw(forced_draw)
                        .with_ties(ties)
                        .with_dealer_collects_multiplier(dcm);
                    let v = serde_json::to_value(r).unwrap();
                    assert_eq!(serde_json::from_value::<Rules>(v).unwrap(), r);
                    let text = serde_json::to_string(&r.to_string()).unwrap();
                    assert_eq!(serde_json::from_str::<Rules>(&text).unwrap(), r);
                }
            }
        }
    }
    // Case-insensitive names, "on"/"off" for flags, the preset key optional.
    let r: Rules = serde_json::from_str(r#"{"forced_draw": "off"}"#).unwrap();
    assert_eq!(r, Rules::DEFAULT.with_forced_draw(false));
    assert_eq!(
        serde_json::from_str::<Rules>(r#""VB6""#).unwrap(),
        Rules::VB6
    );
    for bad in [
        r#""vb7""#,
        r#"{"preset": "vb6+ties=push"}"#,
        r#"{"preset": "vb6", "ties": "house"}"#,
        r#"{"preset": "vb6", "joker": true}"#,
        "3",
    ] {
        assert!(serde_json::from_str::<Rules>(bad).is_err(), "{bad}");
    }
    let e = serde_json::from_str::<Rules>(r#"{"tie": "push"}"#).unwrap_err();
    assert!(
        e.to_string()
            .contains("unknown rules key \"tie\" (accepted: preset, forced_draw, ties, dealer_collects_multiplier, max_stake)"),
        "{e}"
    );
}

#[test]
fn names_and_fractions_are_strings() {
    assert_eq!(serde_json::to_string(&Role::Dealer).unwrap(), r#""dealer""#);
    assert_eq!(
        serde_json::to_string(&Yaku::ArashiReach5).unwrap(),
        r#""arashi5_reach""#
    );
    assert_eq!(serde_json::to_string(&Ties::Push).unwrap(), r#""push""#);
    let f = Fraction::new(6, 38).unwrap();
    assert_eq!(serde_json::to_string(&f).unwrap(), r#""3/19""#);
    assert_eq!(serde_json::from_str::<Fraction>(r#""3/19""#).unwrap(), f);
    for y in Yaku::ALL {
        let text = serde_json::to_string(&y).unwrap();
        assert_eq!(serde_json::from_str::<Yaku>(&text).unwrap(), y);
    }
    for r in Role::ALL {
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Role>(&text).unwrap(), r);
    }
}

#[test]
fn draw_odds_are_the_odds_object_byte_for_byte() {
    // Printed by `cards kabu odds --json --seen 'S6 H9' S7 S8`.
    let expected = include_str!("odds_s7_s8_seen_s6_h9.json").trim_end();
    let odds = DrawOdds::new(
        "S7 S8".parse().unwrap(),
        Role::Child,
        Rules::DEFAULT,
        "S6 H9".parse().unwrap(),
    )
    .unwrap();
    assert_eq!(serde_json::to_string(&odds).unwrap(), expected);
}

#[test]
fn a_round_record_is_json_that_replays() {
    use kabu::{BuiltinPolicy, Record, Round, Seat};
    let mut round = Round::new(Rules::VB6.with_ties(Ties::Push), 2026);
    round.bet([1, 0, 3, 0]).unwrap();
    round
        .play(&mut BuiltinPolicy::Odds, &mut BuiltinPolicy::House)
        .unwrap();
    let v = serde_json::to_value(round.record()).unwrap();
    assert_eq!(v["seed"], 2026);
    assert_eq!(v["rules"], json!({"preset": "vb6", "ties": "push"}));
    assert_eq!(v["stakes"], json!({"1": 1, "3": 3}));
    assert_eq!(v["draws"].as_object().unwrap().len(), 5);
    assert_eq!(v["deal"].as_str().unwrap().split(' ').count(), 15);
    let back: Record = serde_json::from_value(v).unwrap();
    assert_eq!(back, round.record());
    assert_eq!(back.replay().unwrap(), round);
    // The seed alone deals the cards; the stakes and draws replay.
    let short: Record = serde_json::from_value(json!({
        "seed": 2026, "rules": {"preset": "vb6", "ties": "push"},
        "stakes": {"1": 1, "3": 3}, "draws": v_draws(&round)
    }))
    .unwrap();
    assert_eq!(short.replay().unwrap(), round);
    for bad in [
        json!({"rules": "default"}),
        json!({"seed": 1, "stakes": {"dealer": 1}}),
        json!({"seed": 1, "stakes": {"5": 1}}),
        json!({"seed": 1, "deal": "SA S2"}),
        json!({"seed": 1, "bets": {"1": 1}}),
    ] {
        assert!(
            serde_json::from_value::<Record>(bad.clone()).is_err(),
            "{bad}"
        );
    }
    // A settlement: the case, both outcomes, the net and the field number.
    let s = serde_json::to_value(round.settlement(Seat::Field3).unwrap()).unwrap();
    assert_eq!(s["seat"], 3);
    assert_eq!(s["stake"], 3);
    assert!(s["field"]["code"].is_u64());
    assert!(s["case"].is_string());
}

fn v_draws(round: &kabu::Round) -> Value {
    let mut m = serde_json::Map::new();
    for seat in kabu::Seat::ALL {
        let key = seat
            .field_number()
            .map_or_else(|| "dealer".to_string(), |n| n.to_string());
        m.insert(key, json!(round.decision(seat).unwrap()));
    }
    Value::Object(m)
}

#[test]
fn edges_and_simulations_are_objects() {
    use kabu::{BuiltinPolicy, HouseEdge};
    let e = HouseEdge::new(-1_268_639, 17_272_710).unwrap();
    let v = serde_json::to_value(e).unwrap();
    assert_eq!(v["numerator"], -1_268_639);
    assert_eq!(v["denominator"], 17_272_710);
    assert!((v["value"].as_f64().unwrap() - e.value()).abs() < 1e-15);
    let s = kabu::simulate(
        Rules::DEFAULT,
        &mut BuiltinPolicy::House,
        &mut BuiltinPolicy::House,
        100,
        1,
        |_| {},
    );
    let v = serde_json::to_value(s).unwrap();
    assert_eq!(v["rounds"], 100);
    assert_eq!(v["ci99"].as_array().unwrap().len(), 2);
    assert_eq!(v["fields"].as_array().unwrap().len(), 4);
}
