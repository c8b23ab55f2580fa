//! The spec's table of totals, asserted on every hand: both roles, both presets, the 780
//! two-card hands, the harness's 741 three-card hands from ♠A and all 9880.

use kabu::{Role, Rules, harness};

fn two(role: Role, rules: Rules) -> String {
    harness::format_totals(&harness::totals(harness::two_card_hands(), role, rules))
}

#[test]
fn two_card_totals_match_the_spec() {
    assert_eq!(harness::two_card_hands().count(), 780);
    assert_eq!(
        two(Role::Dealer, Rules::DEFAULT),
        "クッピン 16, 嵐10倍リーチ 24, 嵐5倍リーチ 36, 順子リーチ 36, なし 668"
    );
    assert_eq!(
        two(Role::Child, Rules::DEFAULT),
        "シッピン 16, 嵐10倍リーチ 24, 嵐5倍リーチ 36, 順子リーチ 36, なし 668"
    );
    assert_eq!(
        two(Role::Dealer, Rules::VB6),
        "クッピン 10, 嵐10倍リーチ 24, 嵐5倍リーチ 36, 順子リーチ 36, なし 674"
    );
    assert_eq!(
        two(Role::Child, Rules::VB6),
        "シッピン 10, 嵐10倍リーチ 24, 嵐5倍リーチ 36, 順子リーチ 36, なし 674"
    );
}

#[test]
fn three_card_totals_match_the_spec_for_both_roles_and_presets() {
    for role in Role::ALL {
        for rules in Rules::PRESETS {
            let from_sa = harness::three_card_hands_from(1).unwrap();
            assert_eq!(
                harness::format_totals(&harness::totals(from_sa, role, rules)),
                "嵐10倍 3, 順子 1, なし 737",
                "{role} {rules}"
            );
            assert_eq!(
                harness::format_totals(&harness::totals(harness::three_card_hands(), role, rules)),
                "嵐10倍 16, 嵐5倍 24, 順子 32, なし 9808",
                "{role} {rules}"
            );
        }
    }
    assert_eq!(harness::three_card_hands_from(1).unwrap().count(), 741);
    assert_eq!(harness::three_card_hands().count(), 9880);
}

#[test]
fn the_harness_lists_every_hand_once_in_order() {
    let two: Vec<_> = harness::two_card_hands()
        .map(kabu::Hand::harness_numbers)
        .collect();
    assert!(two.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(two.len(), 780);
    let three: Vec<_> = harness::three_card_hands()
        .map(kabu::Hand::harness_numbers)
        .collect();
    assert!(three.windows(2).all(|w| w[0] < w[1]));
    // The three-card test from n1 is the slice of all hands that start with n1.
    for n1 in 1..=40 {
        let from: Vec<_> = harness::three_card_hands_from(n1)
            .unwrap()
            .map(kabu::Hand::harness_numbers)
            .collect();
        let slice: Vec<_> = three
            .iter()
            .filter(|h| i32::from(h[0]) == n1)
            .cloned()
            .collect();
        assert_eq!(from, slice, "first card {n1}");
        let n = usize::try_from(40 - n1).unwrap();
        assert_eq!(from.len(), n * n.saturating_sub(1) / 2);
    }
}

#[test]
fn presets_differ_only_on_two_card_kuppin_and_shippin() {
    for role in Role::ALL {
        for hand in harness::three_card_hands() {
            assert_eq!(
                hand.evaluate(role, Rules::DEFAULT),
                hand.evaluate(role, Rules::VB6)
            );
        }
        for hand in harness::two_card_hands() {
            let (d, v) = (
                hand.evaluate(role, Rules::DEFAULT),
                hand.evaluate(role, Rules::VB6),
            );
            if d != v {
                assert!(matches!(d.yaku(), kabu::Yaku::Kuppin | kabu::Yaku::Shippin));
                assert_eq!(v.yaku(), kabu::Yaku::None);
                assert_eq!(d.points(), v.points());
            }
        }
    }
}
