//! The shape the workspace's game crates share: re-exported core types, `Rules` presets with
//! names, typed parse errors, and `Display` that reads back through `FromStr`.

use kabu::{
    Card, CardSet, Fraction, Hand, KabuError, Rank, Role, Rules, Suit, Ties, Yaku, harness,
};

#[test]
fn the_package_is_cards_kabu_and_the_library_kabu() {
    // `kabu` is taken on crates.io by an unrelated crate.
    assert_eq!(env!("CARGO_PKG_NAME"), "cards-kabu");
    // this module of the package's one integration-test binary (`tests/kabu/main.rs`)
    assert_eq!(env!("CARGO_CRATE_NAME"), "kabu");
    assert_eq!(module_path!(), "kabu::shape");
    // the library's name, whatever module inside it holds the type
    let name = std::any::type_name::<Hand>();
    assert!(
        name.starts_with("kabu::") && name.ends_with("::Hand"),
        "{name}"
    );
}

#[test]
fn the_core_types_are_reexported() {
    let card: Card = "S9".parse().unwrap();
    assert_eq!(card.rank(), Some(Rank::Nine));
    assert_eq!(card.suit(), Some(Suit::Spades));
    let set: CardSet = kabu::cards_core::CardSet::EMPTY.with(card);
    assert!(set.is_subset(kabu::DECK));
}

#[test]
fn rules_presets_are_named_constants_read_case_insensitively() {
    assert_eq!(Rules::NAMES, ["default", "vb6"]);
    assert_eq!(Rules::PRESETS, [Rules::DEFAULT, Rules::VB6]);
    for (name, preset) in Rules::NAMES.iter().zip(Rules::PRESETS) {
        assert_eq!(preset.to_string(), *name);
        assert_eq!(name.parse::<Rules>(), Ok(preset));
        assert_eq!(name.to_uppercase().parse::<Rules>(), Ok(preset));
        assert!(preset.is_preset());
    }
    assert_eq!("Default".parse::<Rules>(), Ok(Rules::DEFAULT));
    assert_eq!(" vB6 ".parse::<Rules>(), Ok(Rules::VB6));
    // The table defaults of both presets.
    for r in Rules::PRESETS {
        assert!(r.forced_draw);
        assert_eq!(r.ties, Ties::Dealer);
        assert!(!r.dealer_collects_multiplier);
    }
    assert_eq!(Rules::PRESETS.map(|r| r.vb6_card_order), [false, true]);
}

#[test]
fn rules_with_changed_table_rules_are_written_as_preset_plus_options() {
    let r = Rules::VB6
        .with_forced_draw(false)
        .with_ties(Ties::Push)
        .with_dealer_collects_multiplier(true);
    assert_eq!(
        r.to_string(),
        "vb6+forced_draw=off+ties=push+dealer_collects_multiplier=on"
    );
    assert_eq!(
        "VB6+Ties=PUSH+dealer_collects_multiplier=true+forced_draw=off".parse::<Rules>(),
        Ok(r)
    );
    // A later option overrides an earlier one; an option back at its default is not written.
    let back: Rules = "default+ties=push+ties=dealer".parse().unwrap();
    assert_eq!(back, Rules::DEFAULT);
    assert_eq!(back.to_string(), "default");
}

#[test]
fn bad_rules_and_roles_are_typed_errors_that_name_the_text() {
    assert_eq!(
        "vb5".parse::<Rules>(),
        Err(KabuError::UnknownRules { text: "vb5".into() })
    );
    assert_eq!(
        "vb6+ties=house".parse::<Rules>(),
        Err(KabuError::RulesOption {
            text: "ties=house".into()
        })
    );
    assert_eq!(
        "vb6+joker".parse::<Rules>(),
        Err(KabuError::RulesOption {
            text: "joker".into()
        })
    );
    assert_eq!(
        "vb6+forced_draw=maybe"
            .parse::<Rules>()
            .unwrap_err()
            .to_string(),
        "bad rules option \"forced_draw=maybe\" (expected forced_draw=on|off, ties=dealer|push, dealer_collects_multiplier=on|off, max_stake=1..9)"
    );
    assert_eq!(
        "boss".parse::<Role>(),
        Err(KabuError::UnknownRole {
            text: "boss".into()
        })
    );
    assert!(matches!(
        "flush".parse::<Yaku>(),
        Err(KabuError::UnknownYaku { .. })
    ));
    assert!(matches!(
        "1/0".parse::<Fraction>(),
        Err(KabuError::BadFraction { .. })
    ));
}

#[test]
fn invisible_and_look_alike_characters_in_names_are_shown_escaped() {
    // U+FE0F (a variation selector), a Cyrillic С, a zero-width space.
    let e = "vb6\u{FE0F}".parse::<Rules>().unwrap_err().to_string();
    assert!(
        e.starts_with("unknown rules \"vb6<U+FE0F>\" (<U+FE0F> is invisible)"),
        "{e}"
    );
    let e = "\u{0421}hild".parse::<Role>().unwrap_err().to_string();
    assert!(
        e.starts_with("unknown role \"<U+0421>hild\" (<U+0421> looks like C)"),
        "{e}"
    );
    let e = "de\u{200B}fault".parse::<Rules>().unwrap_err().to_string();
    assert!(e.contains("\"de<U+200B>fault\""), "{e}");
    // A long name is quoted by a short prefix only.
    let long = "x".repeat(10_000);
    let e = long.parse::<Rules>().unwrap_err().to_string();
    assert!(e.len() < 300, "{}", e.len());
    assert!(e.contains(&format!("\"{}...\"", "x".repeat(40))), "{e}");
}

#[test]
fn display_reads_back_through_from_str_for_every_type_that_has_both() {
    // Hand: the pretty form with suit symbols, and the ASCII form.
    for hand in harness::two_card_hands().chain(harness::three_card_hands()) {
        let pretty = hand.to_string();
        assert!(pretty.chars().any(|c| "♠♣♥♦".contains(c)), "{pretty}");
        assert_eq!(pretty.parse::<Hand>(), Ok(hand));
        assert_eq!(format!("{hand:#}").parse::<Hand>(), Ok(hand));
    }
    for role in Role::ALL {
        assert_eq!(role.to_string().parse::<Role>(), Ok(role));
    }
    for ties in Ties::ALL {
        assert_eq!(ties.to_string().parse::<Ties>(), Ok(ties));
    }
    for yaku in Yaku::ALL {
        assert_eq!(yaku.to_string().parse::<Yaku>(), Ok(yaku));
        assert_eq!(yaku.name().parse::<Yaku>(), Ok(yaku));
    }
    for preset in Rules::PRESETS {
        for forced_draw in [true, false] {
            for ties in Ties::ALL {
                for dcm in [true, false] {
                    let r = preset
                        .with_forced_draw(forced_draw)
                        .with_ties(ties)
                        .with_dealer_collects_multiplier(dcm);
                    assert_eq!(r.to_string().parse::<Rules>(), Ok(r), "{r}");
                }
            }
        }
    }
    for (n, d) in [(0, 1), (1, 37), (6, 38), (17_272_710, 1), (u64::MAX, 3)] {
        let f = Fraction::new(n, d).unwrap();
        assert_eq!(f.to_string().parse::<Fraction>(), Ok(f));
    }
}

#[test]
fn doc_examples_use_only_this_crates_paths() {
    // One dependency is enough: examples reach the core types through `kabu::`.
    let sources = [
        ("README.md", include_str!("../../README.md")),
        ("src/lib.rs", include_str!("../../src/lib.rs")),
        ("src/rules/card.rs", include_str!("../../src/rules/card.rs")),
        ("src/error.rs", include_str!("../../src/error.rs")),
        ("src/rules/eval.rs", include_str!("../../src/rules/eval.rs")),
        ("src/rules/hand.rs", include_str!("../../src/rules/hand.rs")),
        (
            "src/rules/harness.rs",
            include_str!("../../src/rules/harness.rs"),
        ),
        ("src/rules/odds.rs", include_str!("../../src/rules/odds.rs")),
        (
            "src/rules/options.rs",
            include_str!("../../src/rules/options.rs"),
        ),
        (
            "src/round/action.rs",
            include_str!("../../src/round/action.rs"),
        ),
        (
            "src/round/apply.rs",
            include_str!("../../src/round/apply.rs"),
        ),
        (
            "src/round/error.rs",
            include_str!("../../src/round/error.rs"),
        ),
        ("src/round/mod.rs", include_str!("../../src/round/mod.rs")),
        (
            "src/round/observation.rs",
            include_str!("../../src/round/observation.rs"),
        ),
        (
            "src/round/policy.rs",
            include_str!("../../src/round/policy.rs"),
        ),
        (
            "src/round/record.rs",
            include_str!("../../src/round/record.rs"),
        ),
        ("src/round/seat.rs", include_str!("../../src/round/seat.rs")),
        (
            "src/round/settle.rs",
            include_str!("../../src/round/settle.rs"),
        ),
        (
            "src/players/edge.rs",
            include_str!("../../src/players/edge.rs"),
        ),
        ("src/interface.rs", include_str!("../../src/interface.rs")),
    ];
    for (file, text) in sources {
        for (i, line) in text.lines().enumerate() {
            let doc = line.trim_start();
            let in_docs = file == "README.md" || doc.starts_with("///") || doc.starts_with("//!");
            if in_docs && line.contains("cards_core::") {
                assert!(
                    line.contains("kabu::cards_core::") || line.contains("crate::cards_core::"),
                    "{file}:{}: {line}",
                    i + 1
                );
            }
        }
    }
}
