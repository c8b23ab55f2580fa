//! API edges over the whole integer ranges (issue 8 point 7): every function that takes a count,
//! a length or an index answers `None`, an empty set or a typed error for any value; none panics
//! (the tests run with overflow checks on) and none returns a set with bits above the 54 cards.

use cards_core::{
    Card, CardSet, Deck, Rank, RankSet, Rng, binomial, colex_rank, colex_unrank, swar,
};
use proptest::prelude::*;

/// Any `u32`, with the ends and the small values (where the answers change) drawn often.
fn any_len() -> impl Strategy<Value = u32> {
    prop_oneof![
        any::<u32>(),
        0..20u32,
        (u32::MAX - 20)..=u32::MAX,
        Just(u32::MAX / 2 + 1),
    ]
}

/// Any `usize`, with the ends and the small values drawn often.
fn any_size() -> impl Strategy<Value = usize> {
    prop_oneof![
        any::<usize>(),
        0..60usize,
        (usize::MAX - 60)..=usize::MAX,
        Just(usize::MAX / 2 + 1),
    ]
}

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..54).prop_map(|i| Card::from_index(i).unwrap())
}

fn any_set() -> impl Strategy<Value = CardSet> {
    any::<u64>().prop_map(CardSet::from_bits_truncate)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn run_answers_every_length(start in any_card(), len in any_len()) {
        let run = CardSet::run(start, len);
        match start.rank() {
            None => prop_assert_eq!(run, None),
            Some(rank) => {
                let fits = len >= 1 && u64::from(rank.index()) + u64::from(len) <= 13;
                prop_assert_eq!(run.is_some(), fits);
                if let Some(run) = run {
                    prop_assert!(run.is_subset(CardSet::STANDARD));
                    prop_assert_eq!(run.len(), len as usize);
                    prop_assert!(run.iter().all(|c| c.suit() == start.suit()));
                    prop_assert_eq!(run.iter().next(), Some(start));
                    prop_assert_eq!(run.ranks().run_starts(len).len(), 1);
                }
            }
        }
    }

    #[test]
    fn binomial_is_exact_or_none_for_every_n_and_k(n in any_len(), k in any_len()) {
        let c = binomial(n, k);
        if k > n {
            prop_assert_eq!(c, Some(0));
            return Ok(());
        }
        // symmetry, then the recurrence C(n, k) * k = C(n, k - 1) * (n - k + 1) in u128, which
        // pins every value (and every `None`) from C(n, 0) = 1 by induction
        let k2 = k.min(n - k);
        prop_assert_eq!(c, binomial(n, k2));
        if k2 == 0 {
            prop_assert_eq!(c, Some(1));
            return Ok(());
        }
        let below = binomial(n, k2 - 1);
        let step = u128::from(n - k2 + 1);
        match (c, below) {
            (Some(v), Some(w)) => prop_assert_eq!(u128::from(v) * u128::from(k2), u128::from(w) * step),
            (None, Some(w)) => prop_assert!(u128::from(w) * step / u128::from(k2) > u128::from(u64::MAX)),
            (Some(_), None) => prop_assert!(false, "C({n}, {k2}) fits but C({n}, {}) does not", k2 - 1),
            (None, None) => {}
        }
    }

    #[test]
    fn deal_answers_every_size(sizes in prop::collection::vec(any_size(), 0..6)) {
        let deck = Deck::with_jokers().shuffled_seeded(1);
        let total: u128 = sizes.iter().map(|&n| n as u128).sum();
        match deck.deal(&sizes) {
            Ok(hands) => {
                prop_assert!(total <= 54);
                prop_assert_eq!(hands.len(), sizes.len());
                let mut union = CardSet::EMPTY;
                for (h, &n) in hands.iter().zip(&sizes) {
                    prop_assert_eq!(h.len(), n);
                    prop_assert!(h.is_disjoint(union));
                    union |= *h;
                }
                let top: CardSet = deck.cards()[..total as usize].iter().copied().collect();
                prop_assert_eq!(union, top);
            }
            Err(e) => {
                prop_assert!(total > 54);
                prop_assert_eq!(e.wanted, total);
                prop_assert_eq!(e.available, 54);
                prop_assert_eq!(e.to_string(), format!("cannot deal {total} cards from a deck of 54"));
            }
        }
    }

    #[test]
    fn counts_and_windows_answer_every_n(s in any_set(), n in any_len()) {
        let exactly = s.ranks_with_exactly(n);
        let at_least = s.ranks_with_at_least(n);
        for r in Rank::ALL {
            prop_assert_eq!(exactly.contains(r), s.count_of(r) == n);
            prop_assert_eq!(at_least.contains(r), s.count_of(r) >= n);
        }
        let counts = s.rank_counts();
        prop_assert_eq!(swar::exactly(counts, n) & !swar::at_least(counts, n), 0);
        // windows: a start is listed exactly when the n cards above it (same suit) are all held
        let starts = s.run_starts(n);
        prop_assert!(starts.is_subset(CardSet::STANDARD));
        for c in CardSet::STANDARD {
            let held = CardSet::run(c, n).is_some_and(|run| run.is_subset(s));
            prop_assert_eq!(starts.contains(c), held, "{} {}", c, n);
        }
        prop_assert_eq!(s.runs(n).count(), starts.len());
        let rank_starts = s.ranks().run_starts(n);
        prop_assert!(rank_starts.len() <= 13);
        for r in rank_starts {
            let window = (u64::from(r.index())..u64::from(r.index()) + u64::from(n)).map(|i| u8::try_from(i).ok().and_then(Rank::from_index));
            prop_assert!(window.clone().all(|x| x.is_some_and(|x| s.ranks().contains(x))));
        }
        prop_assert_eq!(RankSet::ALL.run_starts(n).len(), if n == 0 || n > 13 { 0 } else { 14 - n as usize });
    }

    #[test]
    fn subsets_and_colex_answer_every_k(s in any_set(), k in any_len(), rank in any::<u64>()) {
        let total = binomial(s.len() as u32, k).unwrap();
        // counting every k-subset is only done where it is small
        if total <= 2000 {
            prop_assert_eq!(s.subsets_of_size(k).count() as u64, total);
        } else {
            prop_assert!(s.subsets_of_size(k).take(5).all(|x| x.len() == k as usize && x.is_subset(s)));
        }
        for r in [rank, rank % total.max(1), total, total.wrapping_sub(1)] {
            match colex_unrank(r, k, s) {
                Some(sub) => {
                    prop_assert!(r < total);
                    prop_assert_eq!(sub.len(), k as usize);
                    prop_assert_eq!(colex_rank(sub, s), Some(r));
                }
                None => prop_assert!(r >= total),
            }
        }
    }

    #[test]
    fn below_answers_every_bound(seed in any::<u64>(), n in any::<u64>()) {
        let mut rng = Rng::seed_from_u64(seed);
        for _ in 0..8 {
            let x = rng.below(n);
            prop_assert!(x < n || (n == 0 && x == 0));
        }
    }

    #[test]
    fn from_index_answers_every_byte(i in any::<u8>()) {
        prop_assert_eq!(Card::from_index(i).is_some(), i < 54);
        prop_assert_eq!(Rank::from_index(i).is_some(), i < 13);
        if let Some(c) = Card::from_index(i) {
            prop_assert_eq!(c.index(), i);
        }
    }
}

#[test]
fn the_reported_cases() {
    // issue 8 point 7, verbatim
    let s3: Card = "S3".parse().unwrap();
    assert_eq!(CardSet::run(s3, u32::MAX), None);
    assert_eq!(CardSet::run("S2".parse().unwrap(), u32::MAX), None);
    assert_eq!(CardSet::run(Card::BLACK_JOKER, u32::MAX), None);
    assert_eq!(binomial(65, 32), Some(3_609_714_217_008_132_870));
    assert_eq!(binomial(68, 34), None);
    assert_eq!(binomial(100, 50), None);
    assert_eq!(binomial(65, 2), Some(2080));
    assert_eq!(
        binomial(u32::MAX, 2),
        Some(u64::from(u32::MAX) * u64::from(u32::MAX - 1) / 2)
    );
    let e = Deck::standard().deal(&[usize::MAX, 2]).unwrap_err();
    assert_eq!(e.wanted, usize::MAX as u128 + 2);
    assert_eq!(e.available, 52);
    let e = Deck::standard().deal(&[usize::MAX; 5]).unwrap_err();
    assert_eq!(e.wanted, usize::MAX as u128 * 5);
    assert_eq!(swar::exactly(CardSet::ALL.rank_counts(), u32::MAX), 0);
}
