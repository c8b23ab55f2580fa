//! Property tests: no input panics. Any 64-bit pattern as a hand or a meld's cards (red joker
//! and all), any stand-in, any text: every function answers `Ok` or a typed error, and what it
//! answers is consistent.

#![allow(clippy::trivially_copy_pass_by_ref)] // helpers take `&Rules`, like the API

use cards_core::{Card, CardSet, Order, Suit};
use daifugo::{
    Meld, Rules, StandIn, Table, decompose, fewest_melds, fewest_melds_count, follow_into,
    lead_into,
};
use proptest::prelude::*;

fn rules_of(i: u8) -> Rules {
    match i % 3 {
        0 => Rules::TUTORIAL,
        1 => Rules::UECDA,
        _ => {
            let mut r = Rules::UECDA;
            r.eleven_back = true;
            r.spade_three = false;
            r
        }
    }
}

/// A stand-in from a number: a card (the jokers included), a suit below 3 or above 2, or none.
fn stand_of(i: u8) -> Option<StandIn> {
    match i {
        0..54 => Card::from_index(i).map(StandIn::Card),
        54..58 => Some(StandIn::Below3(Suit::ALL[usize::from(i - 54)])),
        58..62 => Some(StandIn::Above2(Suit::ALL[usize::from(i - 58)])),
        _ => None,
    }
}

/// A hand of at most `n` random cards of all 54 (the red joker included).
fn hand_of(bits: u64, n: u32) -> CardSet {
    let mut b = CardSet::from_bits_truncate(bits).bits();
    while b.count_ones() > n {
        b &= b - 1;
    }
    CardSet::from_bits_truncate(b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn classification_never_panics(
        bits: u64,
        stand in proptest::option::of(0u8..64),
        r: u8,
        n in 1u32..8,
    ) {
        let rules = rules_of(r);
        // few cards of few ranks, so that many classify
        let cards = hand_of(bits & 0x00f0_0000_0000_ffff, n);
        let stand = stand.and_then(stand_of);
        if let Ok(m) = Meld::new(cards, stand, &rules) {
            prop_assert_eq!(m.cards(), cards);
            prop_assert_eq!(m.stand_in(), stand);
            // it reads back from its own text
            prop_assert_eq!(Meld::parse(&format!("{m:#}"), &rules), Ok(m));
        }
    }

    #[test]
    fn move_lists_never_panic(
        hand_bits: u64,
        table_bits: u64,
        stand in proptest::option::of(0u8..64),
        flags in 0u8..8,
        r: u8,
        size in 0u32..20,
    ) {
        let rules = rules_of(r);
        let hand = hand_of(hand_bits, size);
        let table = Meld::new(hand_of(table_bits, 6), stand.and_then(stand_of), &rules).ok();
        let state = Table::new(table).with_revolution(flags & 1 != 0).with_lock(flags & 2 != 0).with_eleven_back(flags & 4 != 0);
        let mut out = Vec::new();
        match follow_into(hand, &state, &rules, &mut out) {
            Ok(n) => {
                prop_assert_eq!(n, out.len());
                for m in &out {
                    prop_assert!(state.beats(m, &rules));
                    prop_assert!(m.cards().is_subset(hand));
                }
            }
            Err(_) => prop_assert!(out.is_empty()),
        }
        let mut out = Vec::new();
        let led = lead_into(hand, &rules, &mut out);
        prop_assert_eq!(led.is_ok(), rules.check(hand).is_ok());
        for order in [Order::Normal, Order::Reversed] {
            let d = decompose(hand, order, &rules);
            let f = fewest_melds(hand, order, &rules);
            prop_assert_eq!(d.is_ok(), led.is_ok());
            if let (Ok(d), Ok(f)) = (d, f) {
                let union = |v: &[Meld]| v.iter().fold(CardSet::EMPTY, |a, m| a | m.cards());
                prop_assert_eq!(union(&d), hand);
                prop_assert_eq!(union(&f), hand);
                prop_assert_eq!(Ok(f.len() as u32), fewest_melds_count(hand, &rules));
                prop_assert!(f.len() <= d.len());
            }
        }
    }

    #[test]
    fn text_never_panics(text in "\\PC{0,40}", r: u8) {
        let rules = rules_of(r);
        let _ = Meld::parse(&text, &rules);
        let _ = rules.parse_hand(&text);
    }

    #[test]
    fn card_like_text_never_panics(text in "([SHDCJK]{1,2}(10|[2-9TJQKA])?(=[SHDC]?[0-9JQKAT]{0,2})?[ ,]{0,2}){0,8}", r: u8) {
        let rules = rules_of(r);
        if let Ok(m) = Meld::parse(&text, &rules) {
            prop_assert_eq!(Meld::parse(&format!("{m:#}"), &rules), Ok(m));
        }
    }
}
