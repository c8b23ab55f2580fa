//! Bad input is a typed error naming the card and where it was, never a panic.

use cards_core::{Card, CardSet};
use kabu::{DrawOdds, Hand, KabuError, Role, Rules};
use proptest::prelude::*;

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

#[test]
fn face_cards_and_jokers_are_not_kabu_cards() {
    for (text, bad, index, position) in [
        ("SA SJ", "♠J", 1, 3),
        ("SA HQ S3", "♥Q", 1, 3),
        ("DK SA", "♦K", 0, 0),
        ("SA S2 JK", "BJ", 2, 6),
        ("SA,RJ", "RJ", 1, 3),
    ] {
        match text.parse::<Hand>() {
            Err(KabuError::NotKabuCard { card, at }) => {
                assert_eq!(card.to_string(), bad, "{text}");
                assert_eq!((at.index, at.position), (index, Some(position)), "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    let e = "SA S2 JK".parse::<Hand>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "\"JK\" at position 6 is a joker (the black joker), not a Kabu card (the deck is A to 10 of four suits; J, Q, K and jokers are out)"
    );
    // However a joker is written, the message never calls it by another spelling.
    for text in ["SA JK", "SA BJ", "SA RJ", "SA 🃏"] {
        let e = text.parse::<Hand>().unwrap_err().to_string();
        assert!(e.contains(" is a joker ("), "{text}: {e}");
        assert!(
            !e.contains(" is BJ") && !e.contains(" is RJ"),
            "{text}: {e}"
        );
    }
    let e = Hand::new(&[card("SA"), Card::RED_JOKER]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("card 2 of the list is a joker (the red joker)"),
        "{e}"
    );
    let e = Hand::new(&[card("SA"), card("SK")]).unwrap_err();
    assert!(e.to_string().starts_with("card 2 of the list is ♠K"), "{e}");
    assert!(matches!(
        Hand::from_set("SA SK".parse().unwrap()),
        Err(KabuError::NotKabuCard { .. })
    ));
}

#[test]
fn a_repeated_card_is_an_error() {
    let e = "SA S2 as".parse::<Hand>().unwrap_err();
    assert!(matches!(&e, KabuError::Repeated { card: c, at } if *c == card("SA") && at.index == 2));
    assert_eq!(e.to_string(), "\"as\" at position 6: card ♠A given twice");
    assert!(matches!(
        Hand::new(&[card("S2"), card("S2")]),
        Err(KabuError::Repeated { .. })
    ));
    assert!(matches!(
        Hand::from_seed_numbers(&[0, 0]),
        Err(KabuError::Repeated { .. })
    ));
    let two: Hand = "SA S2".parse().unwrap();
    assert!(matches!(
        two.draw(card("S2")),
        Err(KabuError::Repeated { .. })
    ));
}

#[test]
fn one_card_none_and_four_or_more_are_errors() {
    assert!(matches!(
        "SA".parse::<Hand>(),
        Err(KabuError::TooFew { count: 1 })
    ));
    assert!(matches!(
        "".parse::<Hand>(),
        Err(KabuError::TooFew { count: 0 })
    ));
    assert!(matches!(
        "SA S2 S3 S4".parse::<Hand>(),
        Err(KabuError::TooMany { count: 4 })
    ));
    assert!(matches!(
        Hand::from_set(kabu::DECK),
        Err(KabuError::TooMany { count: 40 })
    ));
    assert_eq!(
        "SA".parse::<Hand>().unwrap_err().to_string(),
        "a Kabu hand has two or three cards, got 1"
    );
    let three: Hand = "SA S2 S3".parse().unwrap();
    assert!(matches!(
        three.draw(card("S4")),
        Err(KabuError::TooMany { count: 4 })
    ));
}

#[test]
fn unreadable_tokens_name_the_token_and_position() {
    let e = "SA X3".parse::<Hand>().unwrap_err();
    assert!(matches!(&e, KabuError::Parse(p) if p.token == "X3" && p.position == 3));
    assert_eq!(e.to_string(), "unknown suit 'X' in \"X3\" at position 3");
    let e = "SA, S11".parse::<Hand>().unwrap_err();
    assert!(matches!(&e, KabuError::Parse(p) if p.token == "S11" && p.position == 4));
}

#[test]
fn numbers_out_of_range_are_errors() {
    for n in [-1, 10, 11, 12, 25, 38, 49, 50, 51, 52, 1000, i32::MIN] {
        assert_eq!(
            kabu::from_seed_number(n),
            Err(KabuError::SeedNumber { number: n })
        );
    }
    for n in [0, 41, -5, i32::MAX] {
        assert_eq!(
            kabu::from_harness_number(n),
            Err(KabuError::HarnessNumber { number: n })
        );
    }
    assert!(kabu::seed_number(Card::RED_JOKER).is_err());
    assert!(kabu::harness_number(card("CQ")).is_err());
    assert!(kabu::harness::three_card_hands_from(41).is_err());
}

#[test]
fn numberings_round_trip_over_the_deck() {
    let mut seen_seed = Vec::new();
    for c in kabu::DECK {
        let s = kabu::seed_number(c).unwrap();
        let h = kabu::harness_number(c).unwrap();
        assert_eq!(kabu::from_seed_number(i32::from(s)), Ok(c));
        assert_eq!(kabu::from_harness_number(i32::from(h)), Ok(c));
        // Both suit-major in ♠ ♣ ♥ ♦, A first.
        assert_eq!(s / 13, (h - 1) / 10);
        assert_eq!(s % 13, (h - 1) % 10);
        assert_eq!(kabu::number(c), Some(s % 13 + 1));
        seen_seed.push(s);
    }
    seen_seed.sort_unstable();
    let expected: Vec<u8> = (0..52).filter(|n| n % 13 < 10).collect();
    assert_eq!(seen_seed, expected);
    assert_eq!(
        kabu::DECK,
        CardSet::STANDARD
            - CardSet::rank(cards_core::Rank::Jack)
            - CardSet::rank(cards_core::Rank::Queen)
            - CardSet::rank(cards_core::Rank::King)
    );
}

#[test]
fn draw_odds_refuse_bad_input() {
    let two: Hand = "SA S2".parse().unwrap();
    let three: Hand = "SA S2 S3".parse().unwrap();
    let none = CardSet::EMPTY;
    assert!(matches!(
        DrawOdds::new(three, Role::Child, Rules::DEFAULT, none),
        Err(KabuError::NotTwoCards { count: 3 })
    ));
    assert!(matches!(
        DrawOdds::new(two, Role::Child, Rules::DEFAULT, "S2 S3".parse().unwrap()),
        Err(KabuError::SeenInHand { .. })
    ));
    assert!(matches!(
        DrawOdds::new(two, Role::Child, Rules::DEFAULT, "SQ".parse().unwrap()),
        Err(KabuError::NotKabuCard { .. })
    ));
    let everything_else = kabu::DECK - two.cards();
    assert_eq!(
        DrawOdds::new(two, Role::Child, Rules::DEFAULT, everything_else),
        Err(KabuError::NothingToDraw)
    );
    let one_left = everything_else.without(card("D10"));
    let odds = DrawOdds::new(two, Role::Child, Rules::DEFAULT, one_left).unwrap();
    assert_eq!(odds.outcomes().count(), 1);
}

#[test]
fn roles_and_presets_parse_or_say_why() {
    assert_eq!("DEALER".parse::<Role>(), Ok(Role::Dealer));
    assert_eq!("ko".parse::<Role>(), Ok(Role::Child));
    assert_eq!(
        "banker".parse::<Role>(),
        Err(KabuError::UnknownRole {
            text: "banker".to_string()
        })
    );
    assert_eq!(
        "banker".parse::<Role>().unwrap_err().to_string(),
        "unknown role \"banker\" (expected dealer or child)"
    );
    assert_eq!("VB6".parse::<Rules>(), Ok(Rules::VB6));
    assert!("vb5".parse::<Rules>().is_err());
}

proptest! {
    #[test]
    fn any_text_parses_or_errs_without_panic(s in "[ ,SCHDJKQAT0-9shdcqkajt🃏♠♥x]{0,20}") {
        match s.parse::<Hand>() {
            Ok(h) => {
                prop_assert!((2..=3).contains(&h.len()));
                prop_assert!(h.cards().is_subset(kabu::DECK));
                let again: Hand = format!("{h:#}").parse().unwrap();
                prop_assert_eq!(again, h);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn any_card_set_builds_a_hand_only_when_valid(bits in any::<u64>(), keep in 0u32..5) {
        // Keep `keep` lowest cards of a random set so small sets are common.
        let mut set = CardSet::from_bits_truncate(bits);
        while set.len() > keep as usize {
            set = set.without(set.last().unwrap());
        }
        let valid = set.is_subset(kabu::DECK) && (2..=3).contains(&set.len());
        prop_assert_eq!(Hand::from_set(set).is_ok(), valid);
        let cards: Vec<Card> = set.iter().collect();
        prop_assert_eq!(Hand::new(&cards).is_ok(), valid);
    }

    #[test]
    fn any_numbers_build_a_hand_or_err(v in proptest::collection::vec(-3i32..60, 0..5)) {
        let _ = Hand::from_seed_numbers(&v);
        let _ = Hand::from_harness_numbers(&v);
    }
}

#[test]
fn every_error_says_what_in_words() {
    let two: Hand = "SA S2".parse().unwrap();
    let three: Hand = "SA S2 S3".parse().unwrap();
    let none = CardSet::EMPTY;
    let cases = [
        (
            DrawOdds::new(two, Role::Child, Rules::DEFAULT, "S3 S2".parse().unwrap()).unwrap_err(),
            "card ♠2 is in the hand and also listed as seen",
        ),
        (
            DrawOdds::new(two, Role::Dealer, Rules::VB6, kabu::DECK - two.cards()).unwrap_err(),
            "no unseen card is left to draw",
        ),
        (
            DrawOdds::new(three, Role::Child, Rules::DEFAULT, none).unwrap_err(),
            "draw odds need a two-card hand, got 3 cards",
        ),
        (
            kabu::from_seed_number(12).unwrap_err(),
            "12 is not a seed card number of the Kabu deck (0..=9, 13..=22, 26..=35, 39..=48: A to 10 of ♠, ♣, ♥, ♦)",
        ),
        (
            kabu::from_harness_number(0).unwrap_err(),
            "0 is not a harness card number (1..=40)",
        ),
        (
            "SA S2 S3 S4".parse::<Hand>().unwrap_err(),
            "a Kabu hand has two or three cards, got 4",
        ),
    ];
    for (e, text) in cases {
        assert_eq!(e.to_string(), text, "{e:?}");
    }
}

#[test]
fn odds_refuse_seen_sets_beyond_the_deck_or_covering_the_hand() {
    let two: Hand = "S9 CA".parse().unwrap();
    // The 52-card deck holds J, Q and K: the first one met is named.
    let e = DrawOdds::new(two, Role::Dealer, Rules::DEFAULT, CardSet::STANDARD).unwrap_err();
    assert!(
        matches!(&e, KabuError::NotKabuCard { card, .. } if kabu::number(*card).is_none()),
        "{e:?}"
    );
    assert!(matches!(
        DrawOdds::new(two, Role::Dealer, Rules::DEFAULT, CardSet::ALL),
        Err(KabuError::NotKabuCard { .. })
    ));
    assert!(matches!(
        DrawOdds::new(two, Role::Dealer, Rules::DEFAULT, CardSet::JOKERS),
        Err(KabuError::NotKabuCard { card, .. }) if card.is_joker()
    ));
    // The whole 40-card deck contains the hand: the overlap is reported first.
    assert!(matches!(
        DrawOdds::new(two, Role::Dealer, Rules::DEFAULT, kabu::DECK),
        Err(KabuError::SeenInHand { card }) if two.cards().contains(card)
    ));
    // Text input: the seen set is read with the same checks as a hand.
    assert!(matches!(
        kabu::parse_cards("S2 SK"),
        Err(KabuError::NotKabuCard { ref at, .. }) if at.token.as_deref() == Some("SK") && at.position == Some(3)
    ));
}

#[test]
fn roles_read_their_japanese_and_romaji_names() {
    for (text, role) in [
        ("dealer", Role::Dealer),
        ("親", Role::Dealer),
        ("oya", Role::Dealer),
        ("Oya", Role::Dealer),
        ("child", Role::Child),
        ("子", Role::Child),
        ("KO", Role::Child),
    ] {
        assert_eq!(text.parse::<Role>(), Ok(role), "{text}");
        assert_eq!(role.to_string().parse::<Role>(), Ok(role));
    }
    assert_eq!(
        "".parse::<Rules>(),
        Err(KabuError::UnknownRules {
            text: String::new()
        })
    );
    assert_eq!(
        "".parse::<Rules>().unwrap_err().to_string(),
        "unknown rules \"\" (expected default or vb6, optionally followed by +option=value parts: forced_draw=on|off, ties=dealer|push, dealer_collects_multiplier=on|off, max_stake=1..9)"
    );
    for rules in Rules::PRESETS {
        assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
    }
}
