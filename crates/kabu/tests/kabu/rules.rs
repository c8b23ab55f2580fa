//! Each rule of the spec, stated on the hands it names.

use kabu::{Hand, Payout, Role, Rules, Yaku};

fn eval(cards: &str, role: Role) -> kabu::Outcome {
    cards
        .parse::<Hand>()
        .unwrap()
        .evaluate(role, Rules::DEFAULT)
}

#[test]
fn kuppin_is_the_dealers_a_and_9_only_with_two_cards() {
    let o = eval("HA D9", Role::Dealer);
    assert_eq!(
        (o.yaku(), o.code(), o.label()),
        (Yaku::Kuppin, 999, "クッピン".into())
    );
    assert_eq!(o.payout(), Payout::WinsOutright);
    assert_eq!(eval("HA D9", Role::Child).code(), 0);
    assert_eq!(eval("HA D9 S5", Role::Dealer).code(), 5);
}

#[test]
fn shippin_is_a_childs_a_and_4_only_with_two_cards() {
    let o = eval("D4 CA", Role::Child);
    assert_eq!(
        (o.yaku(), o.code(), o.multiplier()),
        (Yaku::Shippin, 998, Some(3))
    );
    assert_eq!(eval("D4 CA", Role::Dealer).code(), 5);
    assert_eq!(eval("D4 CA S10", Role::Child).code(), 5);
}

#[test]
fn arashi_kinds_by_number() {
    for n in 1..=10 {
        let cards: Vec<_> = [0, 1, 2]
            .iter()
            .map(|s| kabu::from_harness_number(n + 10 * s).unwrap())
            .collect();
        let o = Hand::new(&cards)
            .unwrap()
            .evaluate(Role::Child, Rules::DEFAULT);
        let (yaku, code, times) = if [1, 3, 5, 10].contains(&n) {
            (Yaku::Arashi10, 888, 10)
        } else {
            (Yaku::Arashi5, 777, 5)
        };
        assert_eq!(
            (o.yaku(), o.code(), o.multiplier()),
            (yaku, code, Some(times)),
            "{n}"
        );
        let pair = Hand::new(&cards[..2])
            .unwrap()
            .evaluate(Role::Dealer, Rules::DEFAULT);
        let reach = if times == 10 {
            Yaku::ArashiReach10
        } else {
            Yaku::ArashiReach5
        };
        let base = if times == 10 { 800 } else { 700 };
        assert_eq!(pair.yaku(), reach);
        assert_eq!(pair.code(), base + u16::try_from(2 * n % 10).unwrap());
        assert_eq!(pair.payout(), Payout::NotFinal);
    }
}

#[test]
fn junko_needs_one_suit_and_consecutive_numbers_without_wrap() {
    let o = eval("C3 C4 C5", Role::Child);
    assert_eq!(
        (o.yaku(), o.code(), o.label(), o.points()),
        (Yaku::Junko, 555, "順子".into(), 2)
    );
    assert_eq!((o.payout(), o.multiplier()), (Payout::Times(5), Some(5)));
    assert_eq!(eval("C5 C3 C4", Role::Child).code(), 555);
    assert_eq!(eval("SA S2 S3", Role::Dealer).code(), 555);
    assert_eq!(eval("S8 S9 S10", Role::Dealer).code(), 555);
    assert_eq!(eval("S9 S10 SA", Role::Child).code(), 0); // no wrap: 9-10-A
    assert_eq!(eval("S10 SA S2", Role::Child).code(), 3);
    assert_eq!(eval("C3 C4 D5", Role::Child).code(), 2); // two suits
    assert_eq!(eval("C3 C5 C7", Role::Child).code(), 5); // gaps
}

#[test]
fn junko_reach_is_two_consecutive_cards_of_one_suit() {
    let o = eval("H10 H9", Role::Child);
    assert_eq!(
        (o.yaku(), o.code(), o.label()),
        (Yaku::JunkoReach, 509, "順子リーチ".into())
    );
    assert_eq!(eval("H10 HA", Role::Child).code(), 1); // no wrap
    assert_eq!(eval("H10 D9", Role::Child).code(), 9);
    // Both directions and every place of the pair, A-2 included.
    assert_eq!(eval("H9 H10", Role::Dealer).code(), 509);
    assert_eq!(eval("DA D2", Role::Child).code(), 503);
    assert_eq!(eval("D2 DA", Role::Dealer).code(), 503);
    assert_eq!(eval("C5 C4", Role::Child).yaku(), Yaku::JunkoReach);
    assert_eq!(eval("H8 H10", Role::Child).code(), 8);
}

#[test]
fn points_are_the_sum_mod_10_and_pay_twice() {
    let o = eval("S6 D7 H8", Role::Dealer);
    assert_eq!(
        (o.yaku(), o.points(), o.code(), o.label()),
        (Yaku::None, 1, 1, "なし 1".into())
    );
    assert_eq!(o.payout(), Payout::Times(2));
    assert_eq!(eval("S10 D10 H10", Role::Dealer).points(), 0);
    assert_eq!(eval("S5 D5", Role::Dealer).points(), 0);
}

#[test]
fn the_card_order_does_not_matter() {
    for (a, b) in [
        ("SA S9", "S9 SA"),
        ("D9 HA", "HA D9"),
        ("S3 C3 H3", "H3 S3 C3"),
    ] {
        for role in Role::ALL {
            for rules in Rules::PRESETS {
                let (x, y): (Hand, Hand) = (a.parse().unwrap(), b.parse().unwrap());
                assert_eq!(x.evaluate(role, rules), y.evaluate(role, rules));
            }
        }
    }
}
