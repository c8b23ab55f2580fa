//! The lead and follow lists against brute force over every subset of the hand with every
//! joker stand-in, on thousands of seeded random positions.

#![allow(clippy::trivially_copy_pass_by_ref)] // helpers take `&Rules`, like the API

use crate::common;

use std::collections::HashSet;

use cards_core::{Card, CardSet, Suit};
use daifugo::Kind::{Group, Sequence, Single};
use daifugo::{Meld, Rules, Table, follow_into, lead_into};

fn check_position(
    hand: CardSet,
    state: &Table,
    rules: &Rules,
    brute: &[Meld],
    stats: &mut [usize; 4],
) {
    let mut out = Vec::new();
    lead_into(hand, rules, &mut out).unwrap();
    let got = common::as_set(&out, "lead");
    let want: HashSet<Meld> = brute.iter().copied().collect();
    assert_eq!(got.len(), brute.len(), "brute force repeats for {hand:?}");
    if got != want {
        let missing: Vec<_> = want.difference(&got).collect();
        let extra: Vec<_> = got.difference(&want).collect();
        panic!("lead of {hand:?}: missing {missing:?}, extra {extra:?}");
    }
    out.clear();
    follow_into(hand, state, rules, &mut out).unwrap();
    let got = common::as_set(&out, "follow");
    for m in &out {
        let again = Meld::new(m.cards(), m.stand_in(), rules).unwrap();
        assert_eq!(again, *m, "{m:?} does not classify as itself");
        assert!(
            state.beats(m, rules),
            "{m:?} listed but does not beat {state}"
        );
        assert!(state.play(m, rules).is_ok());
    }
    let want: HashSet<Meld> = brute
        .iter()
        .copied()
        .filter(|m| state.beats(m, rules))
        .collect();
    if got != want {
        let missing: Vec<_> = want.difference(&got).collect();
        let extra: Vec<_> = got.difference(&want).collect();
        panic!("follow of {hand:?} on {state}: missing {missing:?}, extra {extra:?}");
    }
    stats[0] += 1;
    stats[1] += usize::from(!out.is_empty());
    stats[2] += out.len();
    stats[3] += usize::from(out.iter().any(Meld::has_joker));
}

fn run(seed: u64, rules: &Rules, positions: usize, max_size: usize) -> [usize; 4] {
    let mut rng = common::rng(seed);
    let mut stats = [0usize; 4];
    for i in 0..positions {
        let n = 3 + i % (max_size - 2);
        let joker = i % 2 == 0;
        let hand = common::hand(&mut rng, rules, n, joker);
        let brute = common::brute_melds(hand, rules);
        // several states per hand: the brute-force list is the costly part
        for _ in 0..6 {
            let state = common::state(&mut rng, rules, hand);
            check_position(hand, &state, rules, &brute, &mut stats);
        }
    }
    stats
}

#[test]
fn uecda_lists_equal_brute_force() {
    let stats = run(0xDA1F_0001, &Rules::UECDA, 2016, 14);
    // the positions exercise the lists: most have moves, many with the joker
    assert_eq!(stats[0], 2016 * 6);
    assert!(stats[1] > stats[0] / 3, "{stats:?}");
    assert!(stats[3] > stats[0] / 10, "{stats:?}");
}

#[test]
fn uecda_with_eleven_back_lists_equal_brute_force() {
    let rules = {
        let mut r = Rules::UECDA;
        r.eleven_back = true;
        r
    };
    let stats = run(0xDA1F_0002, &rules, 600, 14);
    assert!(stats[1] > stats[0] / 3, "{stats:?}");
}

#[test]
fn seed_lists_equal_brute_force() {
    let stats = run(0xDA1F_0003, &Rules::TUTORIAL, 1200, 14);
    assert!(stats[1] > stats[0] / 3, "{stats:?}");
    assert_eq!(stats[3], 0);
}

#[test]
fn every_table_kind_and_size_is_covered() {
    // The random tables reach every kind, groups up to five, sequences of several lengths.
    let mut rng = common::rng(7);
    let mut seen = HashSet::new();
    for i in 0..3000 {
        let hand = common::hand(&mut rng, &Rules::UECDA, 3 + i % 12, i % 2 == 0);
        if let Some(t) = common::state(&mut rng, &Rules::UECDA, hand).table {
            seen.insert((t.kind(), t.len().min(6)));
        }
    }
    for want in [
        (Single, 1),
        (Group, 2),
        (Group, 3),
        (Group, 4),
        (Group, 5),
        (Sequence, 3),
        (Sequence, 4),
        (Sequence, 5),
        (Sequence, 6),
    ] {
        assert!(seen.contains(&want), "no table of {want:?}");
    }
}

#[test]
fn long_sequences_equal_brute_force() {
    // Hands of 9 to 13 cards of one suit (the joker in two of three) and two others, against
    // tables of long sequences from another suit: sequences up to all 13 ranks, every joker
    // place, which random hands seldom reach.
    let rules = Rules::UECDA;
    let mut rng = common::rng(0xDA1F_0004);
    let mut longest = 0;
    let mut stats = [0usize; 4];
    for i in 0..60 {
        let suit = Suit::ALL[i % 4];
        let mut hand = common::sample(&mut rng, CardSet::suit(suit), 9 + i % 5);
        if i % 3 != 0 {
            hand = hand.with(Card::BLACK_JOKER);
        }
        let next = Suit::ALL[(i + 1) % 4];
        hand |= common::sample(&mut rng, CardSet::suit(Suit::ALL[(i + 2) % 4]), 2);
        let brute = common::brute_melds(hand, &rules);
        let other = common::sample(&mut rng, CardSet::suit(next), 10 + i % 3);
        let mut tables = Vec::new();
        lead_into(other, &rules, &mut tables).unwrap();
        tables.retain(|m| m.kind() == Sequence);
        for k in 0..8 {
            let state = Table::new(Some(tables[(i * 7 + k * 13) % tables.len()]))
                .with_revolution(k % 2 == 1)
                .with_lock(k % 4 >= 2)
                .with_eleven_back(false);
            check_position(hand, &state, &rules, &brute, &mut stats);
        }
        longest = longest.max(brute.iter().map(Meld::len).max().unwrap_or(0));
    }
    assert!(longest >= 13, "{longest}");
    assert!(stats[1] > stats[0] / 4, "{stats:?}");
}
