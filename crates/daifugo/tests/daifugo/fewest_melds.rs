//! The fewest-melds count against exhaustive search, and the fewest-melds decomposition against
//! every minimum partition and the tie rule, on seeded random hands.

#![allow(clippy::trivially_copy_pass_by_ref)] // helpers take `&Rules`, like the API

use crate::common;

use std::collections::HashMap;

use cards_core::{Card, CardSet, Order, Rank};
use daifugo::{Kind, Meld, Rules, fewest_melds, fewest_melds_count, lead_into};

/// The fewest melds by exhaustive search: the hand's lowest card goes into some meld of the hand.
fn exhaustive(hand: CardSet, rules: &Rules, memo: &mut HashMap<CardSet, u32>) -> u32 {
    if hand.is_empty() {
        return 0;
    }
    if let Some(&v) = memo.get(&hand) {
        return v;
    }
    let low = hand.first().unwrap();
    let mut melds = Vec::new();
    lead_into(hand, rules, &mut melds).unwrap();
    let best = melds
        .iter()
        .filter(|m| m.cards().contains(low))
        .map(|m| 1 + exhaustive(hand - m.cards(), rules, memo))
        .min()
        .unwrap();
    memo.insert(hand, best);
    best
}

/// Every partition of `hand` into exactly `budget` melds (the lowest card's meld first), the
/// joker on real ranks only (the documented rule: the split never puts the joker beyond an end,
/// which never saves a meld).
fn partitions(
    hand: CardSet,
    rules: &Rules,
    budget: u32,
    acc: &mut Vec<Meld>,
    out: &mut Vec<Vec<Meld>>,
) {
    if hand.is_empty() {
        if budget == 0 {
            out.push(acc.clone());
        }
        return;
    }
    if budget == 0 {
        return;
    }
    let low = hand.first().unwrap();
    let mut melds = Vec::new();
    let mut real_ranks = *rules;
    real_ranks.joker_beyond_ends = false;
    lead_into(hand, &real_ranks, &mut melds).unwrap();
    for m in melds.into_iter().filter(|m| m.cards().contains(low)) {
        acc.push(m);
        partitions(hand - m.cards(), rules, budget - 1, acc, out);
        acc.pop();
    }
}

/// Strength position of a card in `order` (higher = stronger): rank first, then suit.
fn strength(c: Card, order: Order) -> u32 {
    let r = c.rank().unwrap().index() as u32;
    let r = if order == Order::Normal { r } else { 12 - r };
    r * 4 + c.suit().unwrap().index() as u32
}

/// The tie rule, written plainly: (kept cards per rank from the strongest rank, larger wins;
/// then the sequences' faces from the strongest card, the set without the first differing card
/// wins; then the cards outside sequences from the strongest card, the set with the first
/// differing card wins).
fn tie_key(hand: CardSet, melds: &[Meld], order: Order) -> (Vec<u32>, Vec<bool>, Vec<bool>) {
    let mut in_seq = CardSet::EMPTY;
    let mut faces = CardSet::EMPTY;
    for m in melds.iter().filter(|m| m.kind() == Kind::Sequence) {
        in_seq |= m.cards().standard();
        faces |= m.faces();
    }
    let kept = hand.standard() - in_seq;
    let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
    if order == Order::Normal {
        ranks.reverse();
    }
    let counts: Vec<u32> = ranks.iter().map(|&r| 4 - kept.count_of(r)).collect(); // smaller = more kept
    let mut cards: Vec<Card> = CardSet::STANDARD.iter().collect();
    cards.sort_by_key(|&c| std::cmp::Reverse(strength(c, order)));
    let face_vec = cards.iter().map(|&c| faces.contains(c)).collect();
    let kept_vec = cards.iter().map(|&c| !kept.contains(c)).collect();
    (counts, face_vec, kept_vec)
}

fn check_partition(hand: CardSet, melds: &[Meld], rules: &Rules) {
    let mut union = CardSet::EMPTY;
    for m in melds {
        assert_eq!(Meld::new(m.cards(), m.stand_in(), rules).as_ref(), Ok(m));
        assert!(union.is_disjoint(m.cards()), "{melds:?} overlaps");
        union |= m.cards();
    }
    assert_eq!(union, hand, "{melds:?} is no partition of {hand:?}");
}

#[test]
fn count_equals_exhaustive_search() {
    let mut rng = common::rng(0xFE_0001);
    let mut histogram = [0usize; 11];
    for i in 0..1500 {
        let rules = if i % 4 == 3 {
            Rules::TUTORIAL
        } else {
            Rules::UECDA
        };
        let n = 1 + i % 10;
        let hand = common::hand(&mut rng, &rules, n, i % 2 == 0);
        let mut memo = HashMap::new();
        let want = exhaustive(hand, &rules, &mut memo);
        assert_eq!(fewest_melds_count(hand, &rules), Ok(want), "{hand:?}");
        for order in [Order::Normal, Order::Reversed] {
            let melds = fewest_melds(hand, order, &rules).unwrap();
            check_partition(hand, &melds, &rules);
            assert_eq!(melds.len() as u32, want, "{hand:?} {order:?}: {melds:?}");
        }
        histogram[want as usize] += 1;
    }
    // the hands reach a spread of answers
    assert!(
        histogram.iter().filter(|&&c| c > 0).count() >= 8,
        "{histogram:?}"
    );
}

#[test]
fn rich_hands_count_equals_exhaustive_search() {
    // Hands dense in runs and groups (cards from four adjacent ranks and the joker) stress the
    // run and joker reasoning.
    let mut rng = common::rng(0xFE_0002);
    for i in 0..600 {
        let lo = (i % 10) as u8;
        let pool: CardSet = (lo..lo + 4)
            .flat_map(|r| CardSet::rank(Rank::from_index(r).unwrap()))
            .collect();
        let n = 5 + i % 6;
        let mut hand = common::sample(&mut rng, pool, n);
        if i % 3 != 0 {
            hand = hand.with(Card::BLACK_JOKER);
        }
        let rules = Rules::UECDA;
        let want = exhaustive(hand, &rules, &mut HashMap::new());
        assert_eq!(fewest_melds_count(hand, &rules), Ok(want), "{hand:?}");
    }
}

#[test]
fn decomposition_is_the_tie_rules_choice() {
    let mut rng = common::rng(0xFE_0003);
    let mut ties = 0;
    for i in 0..1500 {
        let n = 3 + i % 7;
        let width = 4 + (i / 7) % 3;
        let lo = (i % (14 - width)) as u8;
        // dense hands: 4 to 6 adjacent ranks, so minimum splits often tie
        let pool: CardSet = (lo..lo + width as u8)
            .flat_map(|r| CardSet::rank(Rank::from_index(r).unwrap()))
            .collect();
        let mut hand = common::sample(&mut rng, pool, n);
        if i % 2 == 0 {
            hand = hand.with(Card::BLACK_JOKER);
        }
        let rules = Rules::UECDA;
        let min = fewest_melds_count(hand, &rules).unwrap();
        let mut all = Vec::new();
        partitions(hand, &rules, min, &mut Vec::new(), &mut all);
        assert!(!all.is_empty());
        for order in [Order::Normal, Order::Reversed] {
            let best = all.iter().map(|p| tie_key(hand, p, order)).min().unwrap();
            let distinct: std::collections::HashSet<_> =
                all.iter().map(|p| tie_key(hand, p, order)).collect();
            ties += usize::from(distinct.len() > 1);
            let melds = fewest_melds(hand, order, &rules).unwrap();
            assert_eq!(
                tie_key(hand, &melds, order),
                best,
                "{hand:?} {order:?}: {melds:?}"
            );
        }
    }
    assert!(ties > 500, "only {ties} hands had a tie to break");
}

#[test]
fn tie_rule_examples() {
    let r = Rules::UECDA;
    let split = |h: &str, order| -> Vec<String> {
        fewest_melds(r.parse_hand(h).unwrap(), order, &r)
            .unwrap()
            .iter()
            .map(|m| format!("{m:#}"))
            .collect()
    };
    // both splits have 2 melds; the pair of 6s keeps the stronger card out of the sequence
    assert_eq!(
        split("S3 S4 S5 S6 D6", Order::Normal),
        ["S3 S4 S5", "D6 S6"]
    );
    // in revolution the 3s are strongest: keep them
    assert_eq!(
        split("S3 S4 S5 S6 D3", Order::Reversed),
        ["S4 S5 S6", "D3 S3"]
    );
    assert_eq!(
        split("S3 S4 S5 S6 D3", Order::Normal),
        ["S4 S5 S6", "D3 S3"]
    );
    // the strongest rank decides: 6s in the normal order, 3s in revolution
    assert_eq!(
        split("S3 S4 S5 S6 D3 D6", Order::Normal),
        ["S3 S4 S5", "D6 S6", "D3"]
    );
    assert_eq!(
        split("S3 S4 S5 S6 D3 D6", Order::Reversed),
        ["S4 S5 S6", "D3 S3", "D6"]
    );
    // the sequences ♠345+♦345 or the groups 3s, 4s, 5s: groups keep more cards of every rank
    assert_eq!(
        split("S3 S4 S5 D3 D4 D5 H3", Order::Normal),
        ["D3 H3 S3", "D4 S4", "D5 S5"]
    );
    // the joker left over joins the strongest group
    assert_eq!(split("S3 D3 SK JK", Order::Normal), ["D3 S3", "SK JK=CK"]);
    assert_eq!(split("S3 D3 SK JK", Order::Reversed), ["D3 S3 JK=C3", "SK"]);
    // alone, it is a lone single
    assert_eq!(split("JK", Order::Normal), ["JK"]);
    // a weaker sequence wins a tie on kept cards
    assert_eq!(
        split("S4 S5 JK D9 C9", Order::Normal),
        ["S4 S5 JK=S3", "C9 D9"]
    );
    assert_eq!(
        split("S4 S5 JK D9 C9", Order::Reversed),
        ["S4 S5 JK=S6", "C9 D9"]
    );
}

#[test]
fn long_runs_and_the_joker_follow_the_tie_rule() {
    // Hands where every card is in a run (the joker then joins one left-out rank, or a run)
    // and runs of every length, checked against every minimum partition.
    let r = Rules::UECDA;
    for text in [
        "S3 S4 S5 JK",
        "S3 S4 S5 S6 S7 S8 S9 S10 JK",
        "S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA S2",
        "S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA S2 JK",
        "S3 S4 S5 H3 H4 H5 JK",
        "S9 S10 SJ SQ SK SA S2 D2 JK",
        "C3 C4 C5 C7 C8 C9 JK",
        "C3 C4 C6 C7 H5 H6 H8 JK",
    ] {
        let hand = r.parse_hand(text).unwrap();
        let min = fewest_melds_count(hand, &r).unwrap();
        let mut all = Vec::new();
        partitions(hand, &r, min, &mut Vec::new(), &mut all);
        assert!(!all.is_empty(), "{text}");
        for order in [Order::Normal, Order::Reversed] {
            let best = all.iter().map(|p| tie_key(hand, p, order)).min().unwrap();
            let melds = fewest_melds(hand, order, &r).unwrap();
            check_partition(hand, &melds, &r);
            assert_eq!(melds.len() as u32, min, "{text}");
            assert_eq!(
                tie_key(hand, &melds, order),
                best,
                "{text} {order:?}: {melds:?}"
            );
        }
    }
}

#[test]
fn big_hands_split_validly() {
    // Any hand size, up to the whole deck, is split quickly into a valid partition with the
    // fewest melds' count.
    let r = Rules::UECDA;
    let mut rng = common::rng(0xFE_0004);
    let mut hands = vec![common::deck(&r), CardSet::STANDARD];
    for i in 0..400 {
        hands.push(common::hand(&mut rng, &r, 15 + i % 39, i % 2 == 0));
    }
    for hand in hands {
        let min = fewest_melds_count(hand, &r).unwrap();
        for order in [Order::Normal, Order::Reversed] {
            let melds = fewest_melds(hand, order, &r).unwrap();
            check_partition(hand, &melds, &r);
            assert_eq!(melds.len() as u32, min, "{hand:?}");
        }
    }
    // the whole deck: four 13-card sequences and the joker, which has to be a fifth meld or
    // stand in a sequence for a card that then stays out
    assert_eq!(fewest_melds_count(common::deck(&r), &r), Ok(5));
}

#[test]
fn larger_hands_count_equals_exhaustive_search() {
    // 11 to 19 cards (a dealt hand and more), dense in six adjacent ranks or spread over the
    // deck, mostly with the joker: the count's run and joker reasoning holds beyond small hands.
    let r = Rules::UECDA;
    let mut rng = common::rng(0xFE_0005);
    let mut histogram = [0usize; 20];
    for i in 0..2000 {
        let hand = if i % 2 == 0 {
            let lo = (i % 8) as u8;
            let pool: CardSet = (lo..lo + 6)
                .flat_map(|x| CardSet::rank(Rank::from_index(x).unwrap()))
                .collect();
            common::sample(&mut rng, pool, 11 + i % 9).with(Card::BLACK_JOKER)
        } else {
            common::hand(&mut rng, &r, 11 + i % 9, i % 4 == 1)
        };
        let want = exhaustive(hand, &r, &mut HashMap::new());
        assert_eq!(fewest_melds_count(hand, &r), Ok(want), "{hand:?}");
        histogram[want as usize] += 1;
    }
    assert!(
        histogram.iter().filter(|&&c| c > 10).count() >= 6,
        "{histogram:?}"
    );
}

#[test]
fn larger_hands_follow_the_tie_rule() {
    // 10 to 17 cards from 5 to 7 adjacent ranks, the joker in half: the chosen split is the tie
    // rule's best among every minimum partition, in both orders.
    let r = Rules::UECDA;
    let mut rng = common::rng(0xFE_0006);
    let mut ties = 0;
    for i in 0..2000 {
        let n = 10 + i % 8;
        let width = 5 + (i / 8) % 3;
        let lo = (i % (14 - width)) as u8;
        let pool: CardSet = (lo..lo + width as u8)
            .flat_map(|x| CardSet::rank(Rank::from_index(x).unwrap()))
            .collect();
        let mut hand = common::sample(&mut rng, pool, n);
        if i % 2 == 0 {
            hand = hand.with(Card::BLACK_JOKER);
        }
        let min = fewest_melds_count(hand, &r).unwrap();
        let mut all = Vec::new();
        partitions(hand, &r, min, &mut Vec::new(), &mut all);
        for order in [Order::Normal, Order::Reversed] {
            let keys: std::collections::HashSet<_> =
                all.iter().map(|p| tie_key(hand, p, order)).collect();
            ties += usize::from(keys.len() > 1);
            let best = keys.into_iter().min().unwrap();
            let melds = fewest_melds(hand, order, &r).unwrap();
            check_partition(hand, &melds, &r);
            assert_eq!(
                tie_key(hand, &melds, order),
                best,
                "{hand:?} {order:?}: {melds:?}"
            );
        }
    }
    assert!(ties > 1000, "only {ties} splits had a tie to break");
}

/// The rule's last step, plainly: a joker in no sequence is a lone single when no other card is
/// outside sequences, else it is in the group of the strongest rank outside sequences, standing
/// for the first missing suit ♣♦♥♠ (no stand-in in a five-card group).
fn joker_placed_by_the_rule(hand: CardSet, melds: &[Meld], order: Order) -> bool {
    let Some(jm) = melds.iter().find(|m| m.has_joker()) else {
        return true;
    };
    if jm.kind() == Kind::Sequence {
        return true;
    }
    let mut in_seq = CardSet::EMPTY;
    for m in melds.iter().filter(|m| m.kind() == Kind::Sequence) {
        in_seq |= m.cards().standard();
    }
    let kept = hand.standard() - in_seq;
    let Some(top) = kept.iter().map(|c| c.rank().unwrap()).max_by(|a, b| {
        if order.stronger(*a, *b) {
            std::cmp::Ordering::Greater
        } else if a == b {
            std::cmp::Ordering::Equal
        } else {
            std::cmp::Ordering::Less
        }
    }) else {
        return jm.is_lone_joker();
    };
    let group = CardSet::rank(top) & kept;
    if jm.cards().standard() != group {
        return false;
    }
    let missing = CardSet::rank(top) - group;
    match jm.stand_in() {
        None => missing.is_empty(),
        Some(s) => s.card() == missing.first(),
    }
}

#[test]
fn the_tie_rule_decides_every_case() {
    // among every minimum partition (the joker on real ranks), exactly one has the best key and
    // places a leftover joker by the rule, and it is the one chosen; the hand first
    let r = Rules::UECDA;
    let text = |melds: &[Meld]| -> Vec<String> { melds.iter().map(|m| format!("{m:#}")).collect() };
    let example = r.parse_hand("C10 H10 CJ CQ DQ CK DK SK CA DA JK").unwrap();
    assert_eq!(
        text(&fewest_melds(example, Order::Normal, &r).unwrap()),
        ["CJ CQ CK CA", "DQ DA JK=DK", "C10 H10", "DK SK"]
    );
    let mut rng = common::rng(0xFE_0007);
    let mut hands = vec![example];
    for i in 0..1500 {
        let width = 4 + i % 4;
        let lo = (i % (14 - width)) as u8;
        let pool: CardSet = (lo..lo + width as u8)
            .flat_map(|x| CardSet::rank(Rank::from_index(x).unwrap()))
            .collect();
        let mut hand = common::sample(&mut rng, pool, 5 + i % 9);
        if i % 3 != 0 {
            hand = hand.with(Card::BLACK_JOKER);
        }
        hands.push(hand);
    }
    let mut decided_by_cards = 0;
    for hand in hands {
        let min = fewest_melds_count(hand, &r).unwrap();
        let mut all = Vec::new();
        partitions(hand, &r, min, &mut Vec::new(), &mut all);
        for order in [Order::Normal, Order::Reversed] {
            let best = all.iter().map(|p| tie_key(hand, p, order)).min().unwrap();
            let winners: Vec<std::collections::BTreeSet<Meld>> = all
                .iter()
                .filter(|p| tie_key(hand, p, order) == best)
                .filter(|p| joker_placed_by_the_rule(hand, p, order))
                .map(|p| p.iter().copied().collect())
                .collect();
            let mut unique = winners.clone();
            unique.dedup();
            assert_eq!(unique.len(), 1, "{hand:?} {order:?}: {winners:?}");
            let chosen: std::collections::BTreeSet<Meld> =
                fewest_melds(hand, order, &r).unwrap().into_iter().collect();
            assert_eq!(chosen, unique[0], "{hand:?} {order:?}");
            let two = all.iter().filter(|p| {
                let k = tie_key(hand, p, order);
                k.0 == best.0 && k.1 == best.1 && k.2 != best.2
            });
            decided_by_cards += usize::from(two.count() > 0);
        }
    }
    // the new last step decided some of them
    assert!(decided_by_cards > 0, "{decided_by_cards}");
}
