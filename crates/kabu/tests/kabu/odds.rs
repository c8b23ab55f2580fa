//! Draw odds against brute force: for every two-card hand, role and preset, with seeded random
//! sets of seen cards, enumerate the 40 cards, skip the hand and the seen ones, evaluate each
//! three-card hand with the rule (not the tables) and count.

use std::collections::BTreeMap;

use cards_core::CardSet;
use kabu::{Advice, DrawOdds, Fraction, Hand, Role, Rules, Yaku, harness};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

/// Brute force: (yaku, points) -> number of cards, over the harness numbers 1..=40.
fn brute(hand: Hand, role: Role, rules: Rules, seen: CardSet) -> BTreeMap<(Yaku, u8), u64> {
    let mut counts = BTreeMap::new();
    for n in 1..=40 {
        let card = kabu::from_harness_number(n).unwrap();
        if hand.cards().contains(card) || seen.contains(card) {
            continue;
        }
        let three = Hand::from_set(hand.cards().with(card)).unwrap();
        let o = kabu::evaluate_by_rule(three, role, rules);
        *counts.entry((o.yaku(), o.points())).or_insert(0) += 1;
    }
    counts
}

fn check(hand: Hand, role: Role, rules: Rules, seen: CardSet) {
    let odds = DrawOdds::new(hand, role, rules, seen).unwrap();
    let expected = brute(hand, role, rules, seen);
    let total: u64 = expected.values().sum();
    assert_eq!(odds.unseen().len() as u64, total);
    let mut got = BTreeMap::new();
    let mut sum = Fraction::ZERO;
    let mut order = Vec::new();
    for (o, count, p) in odds.outcomes() {
        assert!(count > 0);
        assert_eq!(p, Fraction::new(u64::from(count), total).unwrap());
        assert!(
            got.insert((o.yaku(), o.points()), u64::from(count))
                .is_none()
        );
        sum = sum.checked_add(p).unwrap();
        order.push((o.yaku(), std::cmp::Reverse(o.points())));
    }
    assert_eq!(got, expected, "{hand} {role} {rules} seen {seen}");
    assert_eq!(sum, Fraction::ONE, "{hand}: the probabilities sum to one");
    assert!(order.windows(2).all(|w| w[0] < w[1]), "fixed order");
    assert_eq!(odds.standing(), hand.evaluate(role, rules));
    for yaku in [Yaku::Arashi10, Yaku::Arashi5, Yaku::Junko] {
        let n: u64 = expected
            .iter()
            .filter(|((y, _), _)| *y == yaku)
            .map(|(_, n)| n)
            .sum();
        assert_eq!(
            odds.probability_of_yaku(yaku),
            Fraction::new(n, total).unwrap()
        );
        assert_eq!(odds.cards_giving(yaku).len() as u64, n);
    }
    for points in 0..10 {
        let n = expected.get(&(Yaku::None, points)).copied().unwrap_or(0);
        assert_eq!(
            odds.probability_of_points(points),
            Fraction::new(n, total).unwrap()
        );
    }
}

#[test]
fn odds_equal_brute_force_with_nothing_seen() {
    for hand in harness::two_card_hands() {
        for role in Role::ALL {
            for rules in Rules::PRESETS {
                check(hand, role, rules, CardSet::EMPTY);
            }
        }
    }
}

#[test]
fn odds_equal_brute_force_with_random_seen_cards() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    for hand in harness::two_card_hands() {
        let mut rest: Vec<_> = (kabu::DECK - hand.cards()).iter().collect();
        for role in Role::ALL {
            for rules in Rules::PRESETS {
                rest.shuffle(&mut rng);
                let k = rng.random_range(0..rest.len());
                let seen: CardSet = rest[..k].iter().copied().collect();
                check(hand, role, rules, seen);
            }
        }
    }
}

#[test]
fn the_policy_is_3_or_less_draws_7_or_more_stands() {
    for hand in harness::two_card_hands() {
        for role in Role::ALL {
            for rules in Rules::PRESETS {
                let odds = DrawOdds::new(hand, role, rules, CardSet::EMPTY).unwrap();
                let o = odds.standing();
                let expected = match (o.yaku(), o.points()) {
                    (Yaku::Kuppin | Yaku::Shippin, _) | (_, 7..=9) => Advice::MustStand,
                    (_, 0..=3) => Advice::MustDraw,
                    _ => Advice::Choice,
                };
                assert_eq!(odds.advice(), expected, "{hand} {role} {rules}");
            }
        }
    }
}
