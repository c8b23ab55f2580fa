//! The seed's four examples (seed `000_ea5449854509191f.txt`), verbatim: two leader
//! decompositions and two follower lists.

use cards_core::Order;
use daifugo::{Meld, Rules, Table, decompose, follow_into};

fn text(melds: &[Meld]) -> Vec<String> {
    melds.iter().map(ToString::to_string).collect()
}

#[test]
fn leader_example_1() {
    // 手札が♠3 ♠4 ♠5 ♦5 ♦10 ♣10 ❤10 ♠K ♦K ♠1 ♠2の場合
    // 役は[♠3 ♠4 ♠5] [♦10 ♣10 ❤10] [♠K ♦K] [♦5] [♠1] [♠2]となります。
    for rules in [Rules::TUTORIAL, Rules::UECDA] {
        let hand = rules
            .parse_hand("♠3 ♠4 ♠5 ♦5 ♦10 ♣10 ♥10 ♠K ♦K ♠A ♠2")
            .unwrap();
        let melds = decompose(hand, Order::Normal, &rules).unwrap();
        assert_eq!(
            text(&melds),
            ["♠3 ♠4 ♠5", "♣10 ♦10 ♥10", "♦K ♠K", "♦5", "♠A", "♠2"]
        );
    }
}

#[test]
fn leader_example_2() {
    // 手札が♠3 ♦3 ♠4 ♦4 ♠5 ♦5 ♣5の場合 役は[♠3 ♦3][♠4 ♦4] [♠5 ♦5 ♣5]となります。
    for rules in [Rules::TUTORIAL, Rules::UECDA] {
        let hand = rules.parse_hand("♠3 ♦3 ♠4 ♦4 ♠5 ♦5 ♣5").unwrap();
        let melds = decompose(hand, Order::Normal, &rules).unwrap();
        assert_eq!(text(&melds), ["♦3 ♠3", "♦4 ♠4", "♣5 ♦5 ♠5"]);
    }
}

#[test]
fn follower_example_1() {
    // 場が♠3 ♠4 ♠5で 手札が♠6 ♠7 ♠8 ♠9 ♦9 ♦10 ♦Jの場合
    // 合法役は[♠6 ♠7 ♠8] [♠7 ♠8 ♠9] [♦9 ♦10 ♦J]となります。
    for rules in [Rules::TUTORIAL, Rules::UECDA] {
        let state = Table::with_table(Meld::parse("♠3 ♠4 ♠5", &rules).unwrap());
        let hand = rules.parse_hand("♠6 ♠7 ♠8 ♠9 ♦9 ♦10 ♦J").unwrap();
        let mut out = Vec::new();
        follow_into(hand, &state, &rules, &mut out).unwrap();
        assert_eq!(text(&out), ["♠6 ♠7 ♠8", "♠7 ♠8 ♠9", "♦9 ♦10 ♦J"]);
    }
}

#[test]
fn follower_example_2() {
    // 場が♠3 ♦3で 手札が♠4 ♦4 ♣4 ♠5 ♠6の場合 合法役は[♠4 ♦4] [♠4 ♣4] [♦4 ♣4]となります。
    for rules in [Rules::TUTORIAL, Rules::UECDA] {
        let state = Table::with_table(Meld::parse("♠3 ♦3", &rules).unwrap());
        let hand = rules.parse_hand("♠4 ♦4 ♣4 ♠5 ♠6").unwrap();
        let mut out = Vec::new();
        follow_into(hand, &state, &rules, &mut out).unwrap();
        let mut got = text(&out);
        got.sort();
        let mut want = vec!["♦4 ♠4", "♣4 ♠4", "♣4 ♦4"];
        want.sort_unstable();
        assert_eq!(got, want);
        // the list's own order: colex over ♣♦♥♠
        assert_eq!(text(&out), ["♣4 ♦4", "♣4 ♠4", "♦4 ♠4"]);
    }
}
