//! Lead and follow lists against brute force on seeded random hands, for every preset (and the
//! permissive rule set): the brute force classifies every sub-multiset of the hand and keeps
//! every reading; follow keeps those that beat the table.

// The helpers take `&Rules` like the library's API.
#![allow(clippy::trivially_copy_pass_by_ref)]

use cards_core::Deck;
use doudizhu::{
    Counts, Disputed, Kind, Move, Preset, Rules, SoloWings, classify, follow_into, lead_into,
    universe,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Every reading of every sub-multiset of `hand`, sorted.
fn brute(hand: Counts, rules: &Rules) -> Vec<Move> {
    let mut all = Vec::new();
    for sub in hand.sub_multisets() {
        if let Ok(r) = classify(sub, rules) {
            all.extend(r);
        }
    }
    all.sort_unstable();
    all
}

fn hands(seed: u64, count: usize, size: usize) -> Vec<Counts> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut d = Deck::with_jokers();
            d.shuffle(&mut rng);
            Counts::from_cards(d.deal(&[size]).unwrap()[0])
        })
        .collect()
}

/// Checks lead and follow of `hands` under `rules`; tables: `per_hand` random plays of the
/// universe plus one random play of every type.
fn check(rules: &Rules, hands: &[Counts], seed: u64, per_hand: usize) -> (usize, usize) {
    let all = universe(rules);
    let by_kind: Vec<Vec<Move>> = Kind::ALL
        .iter()
        .map(|k| all.iter().copied().filter(|m| m.kind() == *k).collect())
        .collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut got = Vec::new();
    let (mut leads, mut follows) = (0, 0);
    for &hand in hands {
        let expected = brute(hand, rules);
        got.clear();
        let n = lead_into(hand, rules, &mut got);
        assert_eq!(n, got.len());
        for m in &got {
            let r = classify(m.cards(), rules).expect("a generated move classifies");
            assert!(r.contains(m), "{m} is not a reading of its cards: {r:?}");
        }
        got.sort_unstable();
        got.dedup();
        assert_eq!(got.len(), n, "duplicate leads in {hand}");
        assert_eq!(got, expected, "leads of {hand} under {rules:?}");
        leads += n;

        let mut tables: Vec<Move> = (0..per_hand)
            .map(|_| all[rng.random_range(0..all.len())])
            .collect();
        for moves in by_kind.iter().filter(|v| !v.is_empty()) {
            tables.push(moves[rng.random_range(0..moves.len())]);
        }
        // a table the hand surely can answer in kind: one of its own leads
        if !expected.is_empty() {
            tables.push(expected[rng.random_range(0..expected.len())]);
        }
        for table in tables {
            got.clear();
            let n = follow_into(hand, &table, rules, &mut got);
            assert_eq!(n, got.len());
            assert!(got.iter().all(|m| m.beats(table)), "{table}");
            got.sort_unstable();
            got.dedup();
            assert_eq!(got.len(), n, "duplicate follows of {table} in {hand}");
            let want: Vec<Move> = expected
                .iter()
                .copied()
                .filter(|m| m.beats(table))
                .collect();
            assert_eq!(got, want, "follows of {table} in {hand} under {rules:?}");
            follows += n;
        }
    }
    (leads, follows)
}

const HANDS_17: usize = 2000;
const HANDS_20: usize = 1000;

fn run(rules: &Rules, seed: u64) {
    let (l17, f17) = check(rules, &hands(seed, HANDS_17, 17), seed + 1, 4);
    let (l20, f20) = check(rules, &hands(seed + 2, HANDS_20, 20), seed + 3, 4);
    // the hands are rich enough for the check to mean something
    assert!(l17 > HANDS_17 * 25 && l20 > HANDS_20 * 40, "{l17} {l20}");
    assert!(f17 + f20 > 1000, "{f17} {f20}");
}

#[test]
fn standard_lead_and_follow_equal_brute_force() {
    run(&Preset::Standard.rules(), 1);
}

#[test]
fn openspiel_lead_and_follow_equal_brute_force() {
    run(&Preset::Openspiel.rules(), 2);
}

#[test]
fn douzero_lead_and_follow_equal_brute_force() {
    run(&Preset::Douzero.rules(), 3);
}

#[test]
fn strict_lead_and_follow_equal_brute_force() {
    run(&Preset::Strict.rules(), 4);
}

#[test]
fn permissive_lead_and_follow_equal_brute_force() {
    run(&Rules::PERMISSIVE, 5);
}

/// `count` hands of 20 cards built to be rich in planes, bombs and pairs (the random deals
/// rarely hold planes of four or five).
fn plane_rich(seed: u64, count: usize) -> Vec<Counts> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rich = Vec::new();
    for _ in 0..count {
        // a run of 3..=5 trios (some made bombs), filled up to 20 cards at random
        let len = rng.random_range(3..=5u32);
        let start = rng.random_range(0..=12 - len);
        let mut c = 0u64;
        for r in start..start + len {
            c += (if rng.random_range(0..4) == 0 { 4 } else { 3 }) << (4 * r);
        }
        let mut hand = Counts::from_bits(c).unwrap();
        while hand.len() < 20 {
            let r = rng.random_range(0..15u32);
            if let Some(h) = Counts::from_bits(hand.bits() + (1 << (4 * r))) {
                hand = h;
            }
        }
        rich.push(hand);
    }
    rich
}

/// Hands rich in planes, bombs and pairs: brute force over them too.
#[test]
fn plane_rich_hands_equal_brute_force() {
    let rich = plane_rich(6, 60);
    for (i, rules) in Preset::ALL
        .map(Preset::rules)
        .into_iter()
        .chain([Rules::PERMISSIVE])
        .enumerate()
    {
        check(&rules, &rich, 100 + i as u64, 6);
    }
}

/// Rule sets no preset names: `strict` with each disputed point allowed alone, and solo wings
/// up to two of a rank (`SoloWings::UpTo2`, which no preset uses). The generator and the
/// classifier agree on them too.
#[test]
fn custom_rule_sets_equal_brute_force() {
    let mut sets: Vec<Rules> = Disputed::ALL
        .iter()
        .map(|d| d.allow(Rules::STRICT))
        .collect();
    let mut up_to_2 = Rules::STANDARD;
    up_to_2.solo_wings = SoloWings::UpTo2;
    sets.push(up_to_2);
    up_to_2.wing_trio_next_to_body = true;
    sets.push(up_to_2);
    let rich = plane_rich(7, 20);
    let random = hands(8, 100, 20);
    for (i, rules) in sets.iter().enumerate() {
        let i = i as u64;
        check(rules, &rich, 200 + i, 2);
        check(rules, &random, 300 + i, 2);
    }
}
