//! The API shape the three game crates share (issue 8): append-and-count move lists, `len()` as
//! a number of cards, checked sums, the `Rules` vocabulary, re-exports, text round trips and,
//! with the `serde` feature, the CLI's JSON.

use doudizhu::{
    Counts, Kind, Move, MoveParseError, Preset, Rank, Rules, RulesError, SoloWings, classify,
    follow, follow_into, lead, lead_into, universe,
};

fn m(text: &str) -> Move {
    classify(text.parse().unwrap(), &Rules::STANDARD)
        .unwrap()
        .first()
}

#[test]
fn lead_into_and_follow_into_append_and_return_the_count() {
    let hand: Counts = "3334445556BR".parse().unwrap();
    let mut buf = vec![m("BR")];
    let n = lead_into(hand, &Rules::STANDARD, &mut buf);
    assert_eq!(n, lead(hand, &Rules::STANDARD).len());
    assert_eq!(buf.len(), 1 + n);
    assert_eq!(buf[0], m("BR"), "what the buffer held stays in front");
    assert_eq!(&buf[1..], &lead(hand, &Rules::STANDARD)[..]);

    let table = m("3334");
    let k = follow_into(hand, &table, &Rules::STANDARD, &mut buf);
    assert_eq!(k, follow(hand, &table, &Rules::STANDARD).len());
    assert_eq!(buf.len(), 1 + n + k);
    assert_eq!(&buf[1 + n..], &follow(hand, &table, &Rules::STANDARD)[..]);
    // nothing to add: zero, buffer untouched
    let before = buf.clone();
    assert_eq!(follow_into(hand, &m("BR"), &Rules::STANDARD, &mut buf), 0);
    assert_eq!(buf, before);
}

#[test]
fn move_len_counts_cards_and_body_len_is_the_chain_length() {
    for (text, cards, body) in [
        ("3", 1, 1),
        ("34567", 5, 5),
        ("334455", 6, 3),
        ("33344456", 8, 2),
        ("BR", 2, 1),
        ("333344", 6, 1),
    ] {
        let mv = m(text);
        assert_eq!(mv.len(), cards, "{text}");
        assert_eq!(mv.len(), mv.count(), "{text}");
        assert_eq!(mv.body_len(), body, "{text}");
    }
    for p in Preset::ALL {
        for mv in universe(&p.rules()) {
            assert_eq!(mv.len(), mv.cards().len());
            assert_eq!(mv.len(), mv.kind().cards(u32::from(mv.body_len())));
        }
    }
}

#[test]
fn checked_add_and_checked_sub() {
    let a: Counts = "3334".parse().unwrap();
    assert_eq!(
        a.checked_add("4B".parse().unwrap()),
        Some("33344B".parse().unwrap())
    );
    assert_eq!(a.checked_add("33".parse().unwrap()), None, "a fifth 3");
    assert_eq!(
        Counts::FULL.checked_add("B".parse().unwrap()),
        None,
        "a second black joker"
    );
    assert_eq!(
        a.checked_sub("34".parse().unwrap()),
        Some("33".parse().unwrap())
    );
    assert_eq!(a.checked_sub("44".parse().unwrap()), None);
    assert_eq!(
        Counts::EMPTY.checked_sub(Counts::EMPTY),
        Some(Counts::EMPTY)
    );
}

#[test]
fn rules_names_parse_display_and_round_trip() {
    assert_eq!(Rules::NAMES, ["standard", "openspiel", "douzero", "strict"]);
    for (p, name) in Preset::ALL.into_iter().zip(Rules::NAMES) {
        assert_eq!(p.name(), *name);
        assert_eq!(p.rules().to_string(), *name);
        assert_eq!(name.parse::<Rules>(), Ok(p.rules()));
        assert_eq!(name.to_uppercase().parse::<Rules>(), Ok(p.rules()));
        assert_eq!(p.rules().preset(), Some(p));
    }
    assert_eq!(
        "Standard".parse::<Preset>(),
        Ok(Preset::Standard),
        "case-insensitive"
    );
    let e = "vb6".parse::<Rules>().unwrap_err();
    assert_eq!(e, RulesError::UnknownPreset { name: "vb6".into() });
    assert_eq!(
        e.to_string(),
        "unknown rules \"vb6\" (standard, openspiel, douzero, strict)"
    );
    // non-presets: the closest preset and the options that differ
    let mut r = Rules::STRICT;
    r.solo_wings = SoloWings::UpTo2;
    assert_eq!(r.to_string(), "strict+solo_wings=2");
    assert_eq!(
        Rules::PERMISSIVE.to_string(),
        "douzero+four_two_pair_bomb=true+plane_pair_repeat=true"
    );
    // every combination of the fields round-trips
    let mut seen = 0;
    for bits in 0u32..64 {
        for wings in [
            SoloWings::Distinct,
            SoloWings::UpTo2,
            SoloWings::UpTo3,
            SoloWings::UpTo4,
        ] {
            let mut r = Rules::STANDARD;
            r.four_two = bits & 1 != 0;
            r.four_two_solo_pair = bits & 2 != 0;
            r.rocket_wings = bits & 4 != 0;
            r.four_two_pair_bomb = bits & 8 != 0;
            r.wing_trio_next_to_body = bits & 16 != 0;
            r.plane_pair_repeat = bits & 32 != 0;
            r.solo_wings = wings;
            let text = r.to_string();
            assert_eq!(text.parse::<Rules>(), Ok(r), "{text}");
            seen += 1;
        }
    }
    assert_eq!(seen, 256);
    assert_eq!(
        "standard+rocket_wings".parse::<Rules>(),
        Err(RulesError::BadOption {
            part: "rocket_wings".into()
        })
    );
    assert_eq!(
        "standard+rocket_wings=yes".parse::<Rules>(),
        Err(RulesError::BadValue {
            option: "rocket_wings",
            value: "yes".into()
        })
    );
    assert!(
        "standard+wings=1"
            .parse::<Rules>()
            .unwrap_err()
            .to_string()
            .contains("four_two, four_two_solo_pair")
    );
}

#[test]
fn display_round_trips_through_from_str() {
    for r in Rank::ALL {
        assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
    }
    for k in Kind::ALL {
        assert_eq!(k.to_string().parse::<Kind>(), Ok(k));
    }
    for p in Preset::ALL {
        assert_eq!(p.to_string().parse::<Preset>(), Ok(p));
    }
    for rules in [Rules::PERMISSIVE, Rules::DOUZERO, Rules::STANDARD] {
        for mv in universe(&rules) {
            let text = mv.to_string();
            assert_eq!(text.parse::<Move>(), Ok(mv), "{text}");
            assert_eq!(mv.cards().to_string().parse::<Counts>(), Ok(mv.cards()));
        }
    }
    assert_eq!(
        "33344456 plane_solo 2 5".parse::<Move>(),
        Err(MoveParseError::NoSuchReading {
            cards: "33344456".parse().unwrap(),
            kind: Kind::PlaneSolo,
            body_len: 2,
            main: Rank::Five
        })
    );
    assert!(matches!(
        "33344456 plane_solo x 4".parse::<Move>(),
        Err(MoveParseError::Length { .. })
    ));
    assert!(matches!(
        "33344456 airplane 2 4".parse::<Move>(),
        Err(MoveParseError::Kind(_))
    ));
}

#[test]
fn one_dependency_is_enough() {
    // the core crate and the core types in the signatures are reachable through this crate
    let set: doudizhu::CardSet = "S3 H3 BJ".parse().unwrap();
    let same: doudizhu::cards_core::CardSet = set;
    assert_eq!(Counts::from_cards(same).to_string(), "33B");
    let card: doudizhu::Card = "S3".parse().unwrap();
    assert!(set.contains(card));
    assert_eq!(doudizhu::Deck::with_jokers().len(), 54);
}

#[cfg(feature = "serde")]
mod serde_json_shapes {
    use super::*;
    use serde_json::json;

    /// The `cards doudizhu lead --json` answer for `3334`, as the CLI tests pin it.
    const LEAD_3334: &str = concat!(
        r#"{"moves":[{"cards":"3","length":1,"main":"3","type":"solo"},"#,
        r#"{"cards":"4","length":1,"main":"4","type":"solo"},"#,
        r#"{"cards":"33","length":1,"main":"3","type":"pair"},"#,
        r#"{"cards":"333","length":1,"main":"3","type":"trio"},"#,
        r#"{"cards":"3334","length":1,"main":"3","type":"trio_solo"}]}"#
    );

    #[test]
    fn moves_are_the_cli_json() {
        // byte for byte, key order included: the CLI's JSON is this serde form
        #[derive(serde::Serialize)]
        struct Answer<'a> {
            moves: &'a [Move],
        }
        let mut moves = lead("3334".parse().unwrap(), &Rules::STANDARD);
        moves.sort_unstable();
        let ours = serde_json::to_string(&Answer { moves: &moves }).unwrap();
        assert_eq!(ours, LEAD_3334);
        let plane = m("33344456");
        assert_eq!(
            serde_json::to_string(&plane).unwrap(),
            r#"{"cards":"33344456","length":2,"main":"4","type":"plane_solo"}"#
        );
        for mv in universe(&Rules::DOUZERO) {
            let text = serde_json::to_string(&mv).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&text).unwrap(), mv, "{text}");
        }
        let e = serde_json::from_str::<Move>(
            r#"{"cards":"33344456","type":"plane_solo","length":2,"main":"5"}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("is no plane_solo"), "{e}");
        let e = serde_json::from_str::<Move>(
            r#"{"cards":"3","type":"solo","length":1,"main":"3","extra":1}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("unknown field `extra`"), "{e}");
    }

    #[test]
    fn readings_are_the_cli_classify_json() {
        let r = classify("33344456".parse().unwrap(), &Rules::STANDARD).unwrap();
        assert_eq!(
            json!({ "readings": r }).to_string(),
            r#"{"readings":[{"count":8,"length":2,"main":"4","type":"plane_solo","value":1}]}"#
        );
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"[{"count":8,"length":2,"main":"4","type":"plane_solo","value":1}]"#
        );
    }

    #[test]
    fn rules_are_a_name_or_the_differing_options() {
        assert_eq!(
            serde_json::to_value(Rules::DOUZERO).unwrap(),
            json!("douzero")
        );
        let mut r = Rules::STANDARD;
        r.rocket_wings = true;
        r.solo_wings = SoloWings::UpTo4;
        let v = serde_json::to_value(r).unwrap();
        // the closest preset is douzero, which differs in one option only
        assert_eq!(
            v,
            json!({"preset": "douzero", "wing_trio_next_to_body": false})
        );
        assert_eq!(serde_json::from_value::<Rules>(v).unwrap(), r);
        assert_eq!(
            serde_json::from_value::<Rules>(json!("STRICT")).unwrap(),
            Rules::STRICT
        );
        assert_eq!(
            serde_json::from_value::<Rules>(json!({"rocket_wings": true})).unwrap(),
            {
                let mut s = Rules::STANDARD;
                s.rocket_wings = true;
                s
            }
        );
        let e = serde_json::from_value::<Rules>(json!({"preset": "standard", "rocket": true}))
            .unwrap_err();
        assert!(
            e.to_string().contains("unknown rules option \"rocket\""),
            "{e}"
        );
        for p in Preset::ALL {
            let v = serde_json::to_value(p.rules()).unwrap();
            assert_eq!(v, json!(p.name()));
        }
    }

    #[test]
    fn actions_and_counts() {
        use doudizhu::Action;
        assert_eq!(serde_json::to_value(Action::Pass).unwrap(), json!("pass"));
        let a = Action::Play(m("BR"));
        let v = serde_json::to_value(a).unwrap();
        assert_eq!(
            v,
            json!({"cards": "BR", "type": "rocket", "length": 1, "main": "R"})
        );
        assert_eq!(serde_json::from_value::<Action>(v).unwrap(), a);
        assert_eq!(
            serde_json::from_value::<Action>(json!("pass")).unwrap(),
            Action::Pass
        );
        let c: Counts = serde_json::from_value(json!("S3 H3 BJ RJ")).unwrap();
        assert_eq!(serde_json::to_value(c).unwrap(), json!("33BR"));
        assert!(serde_json::from_value::<Counts>(json!("33X")).is_err());
    }
}

/// Issue 8 point 12: an invisible or look-alike character in a rank string is shown escaped.
#[test]
fn invisible_and_look_alike_ranks_are_shown_escaped() {
    let e = doudizhu::Counts::parse_play("3\u{FE0F}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown rank \"<U+FE0F>\" at position 1 (ranks are 3456789TJQKA2BR, 10 for T) \
         (<U+FE0F> is invisible)"
    );
    let e = doudizhu::Counts::parse_play("\u{421}3").unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown rank \"<U+0421>\" at position 0 (ranks are 3456789TJQKA2BR, 10 for T) \
         (<U+0421> looks like C)"
    );
}
