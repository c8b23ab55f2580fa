//! Every bit trick of `CardSet` and `RankSet` against a naive per-card computation, on many
//! random sets (proptest, 4096 cases each, plus exhaustive checks where the space is small).

use cards_core::{Card, CardSet, Order, Rank, RankSet, Suit, binomial, colex_rank, colex_unrank};
use proptest::prelude::*;

fn any_set() -> impl Strategy<Value = CardSet> {
    // Mix dense and sparse sets: a random mask AND-ed with another one thins the set out.
    (any::<u64>(), any::<u64>(), any::<bool>())
        .prop_map(|(a, b, thin)| CardSet::from_bits_truncate(if thin { a & b } else { a }))
}

fn naive_count(s: CardSet, r: Rank) -> u32 {
    s.iter().filter(|c| c.rank() == Some(r)).count() as u32
}

fn naive_counts(s: CardSet) -> u64 {
    let mut packed = 0u64;
    for c in s {
        let nibble = c.rank().map_or(13, |r| u64::from(r.index()));
        packed += 1 << (4 * nibble);
    }
    packed
}

fn naive_qp(s: CardSet) -> u64 {
    Rank::ALL
        .iter()
        .map(|&r| match naive_count(s, r) {
            0 => 0,
            n => 1u64 << (4 * u32::from(r.index()) + n - 1),
        })
        .sum()
}

fn naive_run_starts(s: CardSet, len: u32) -> CardSet {
    let mut out = CardSet::EMPTY;
    for c in s {
        let (Some(r), Some(suit)) = (c.rank(), c.suit()) else {
            continue;
        };
        let top = u32::from(r.index()) + len;
        if len == 0 || top > 13 {
            continue;
        }
        let all = (u32::from(r.index())..top).all(|i| {
            let rank = Rank::from_index(i as u8).unwrap();
            s.contains(Card::new(rank, suit))
        });
        if all {
            out = out.with(c);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn rank_counts_match_naive(s in any_set()) {
        prop_assert_eq!(s.rank_counts(), naive_counts(s));
        for r in Rank::ALL {
            prop_assert_eq!(s.count_of(r), naive_count(s, r));
        }
    }

    #[test]
    fn quantity_positions_match_naive(s in any_set()) {
        prop_assert_eq!(s.quantity_positions(), naive_qp(s));
    }

    #[test]
    fn ranks_with_exactly_and_at_least_match_naive(s in any_set()) {
        for n in 0..=5u32 {
            let exact: RankSet = Rank::ALL.into_iter().filter(|&r| naive_count(s, r) == n).collect();
            let least: RankSet = Rank::ALL.into_iter().filter(|&r| naive_count(s, r) >= n).collect();
            prop_assert_eq!(s.ranks_with_exactly(n), exact, "exactly {}", n);
            prop_assert_eq!(s.ranks_with_at_least(n), least, "at least {}", n);
        }
        prop_assert_eq!(s.ranks(), s.ranks_with_at_least(1));
    }

    #[test]
    fn run_starts_match_naive(s in any_set()) {
        for len in 0..=14u32 {
            prop_assert_eq!(s.run_starts(len), naive_run_starts(s, len), "len {}", len);
        }
    }

    #[test]
    fn runs_are_the_windows_of_the_starts(s in any_set(), len in 1..=13u32) {
        let windows: Vec<CardSet> = s.runs(len).collect();
        prop_assert_eq!(windows.len(), s.run_starts(len).len());
        for (w, start) in windows.iter().zip(s.run_starts(len)) {
            prop_assert_eq!(w.len(), len as usize);
            prop_assert!(w.is_subset(s));
            prop_assert_eq!(w.first(), Some(start));
            prop_assert_eq!(w.suit_mask().count_ones(), 1);
            prop_assert_eq!(Some(*w), CardSet::run(start, len));
        }
    }

    #[test]
    fn suit_mask_and_jokers_match_naive(s in any_set()) {
        let naive = s.iter().filter_map(cards_core::Card::suit).fold(0u8, |m, suit| m | 1 << suit.index());
        prop_assert_eq!(s.suit_mask(), naive);
        prop_assert_eq!(s.joker_count() as usize, s.iter().filter(|c| c.is_joker()).count());
    }

    #[test]
    fn rank_selections_match_naive(s in any_set(), bits in 0u16..0x2000) {
        let ranks = RankSet::from_bits(bits).unwrap();
        let naive: CardSet = s.iter().filter(|c| c.rank().is_some_and(|r| ranks.contains(r))).collect();
        prop_assert_eq!(s.of_rank_set(ranks), naive);
        prop_assert_eq!(CardSet::of_ranks(ranks).len(), 4 * ranks.len());
    }

    #[test]
    fn set_algebra_matches_naive(a in any_set(), b in any_set()) {
        let in_a = |c: Card| a.contains(c);
        let in_b = |c: Card| b.contains(c);
        for c in Card::all() {
            prop_assert_eq!((a | b).contains(c), in_a(c) || in_b(c));
            prop_assert_eq!((a & b).contains(c), in_a(c) && in_b(c));
            prop_assert_eq!((a ^ b).contains(c), in_a(c) != in_b(c));
            prop_assert_eq!((a - b).contains(c), in_a(c) && !in_b(c));
            prop_assert_eq!((!a).contains(c), !in_a(c));
        }
        prop_assert_eq!((!a).bits() >> 54, 0, "complement keeps bits 54..64 clear");
        prop_assert_eq!(a.is_subset(b), (a - b).is_empty());
        prop_assert_eq!(a.is_disjoint(b), (a & b).is_empty());
        prop_assert_eq!(a.len(), a.iter().count());
    }

    #[test]
    fn iteration_is_exact_and_double_ended(s in any_set()) {
        let fwd: Vec<Card> = s.iter().collect();
        let mut back: Vec<Card> = s.iter().rev().collect();
        back.reverse();
        prop_assert_eq!(&fwd, &back);
        prop_assert!(fwd.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(s.iter().len(), fwd.len());
        prop_assert_eq!(s.first(), fwd.first().copied());
        prop_assert_eq!(s.last(), fwd.last().copied());
        prop_assert_eq!(fwd.into_iter().collect::<CardSet>(), s);
        // mixing both ends meets in the middle without repeats
        let mut it = s.iter();
        let mut seen = CardSet::EMPTY;
        while let (Some(x), y) = (it.next(), it.next_back()) {
            prop_assert!(seen.insert(x));
            if let Some(y) = y { prop_assert!(seen.insert(y)); }
        }
        prop_assert_eq!(seen, s);
    }

    #[test]
    fn stronger_and_weaker_match_naive(r in 0u8..13, reversed in any::<bool>()) {
        let rank = Rank::from_index(r).unwrap();
        let order = Order::from_reversed(reversed);
        let stronger: CardSet = CardSet::STANDARD
            .iter()
            .filter(|c| order.stronger(c.rank().unwrap(), rank))
            .collect();
        let weaker: CardSet = CardSet::STANDARD
            .iter()
            .filter(|c| order.stronger(rank, c.rank().unwrap()))
            .collect();
        prop_assert_eq!(CardSet::stronger_than(rank, order), stronger);
        prop_assert_eq!(CardSet::weaker_than(rank, order), weaker);
        let ranks: RankSet = Rank::ALL.into_iter().filter(|&x| order.stronger(x, rank)).collect();
        prop_assert_eq!(RankSet::stronger_than(rank, order), ranks);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn swar_on_any_packed_counts_matches_naive(words in any::<u64>(), n in 0u32..=9) {
        // 16 nibbles of counts 0..=7, as a game with up to 16 ranks packs them
        let counts = words & 0x7777_7777_7777_7777;
        let naive = |pred: &dyn Fn(u64) -> bool| -> u64 {
            (0..16).filter(|i| pred(counts >> (4 * i) & 0xf)).map(|i| 1u64 << (4 * i)).sum()
        };
        let n64 = u64::from(n);
        prop_assert_eq!(cards_core::swar::at_least(counts, n), naive(&|c| c >= n64));
        prop_assert_eq!(cards_core::swar::exactly(counts, n), naive(&|c| c == n64));
    }
}

#[test]
fn rank_set_spread_and_compress_are_inverse_on_every_set() {
    for bits in 0..0x2000u16 {
        let r = RankSet::from_bits(bits).unwrap();
        let spread = r.to_nibble_lsbs();
        let naive: u64 = r.iter().map(|x| 1u64 << (4 * x.index())).sum();
        assert_eq!(spread, naive, "{bits:#x}");
        assert_eq!(RankSet::from_nibble_lsbs(spread), r);
        // other bits of the nibbles are ignored
        assert_eq!(RankSet::from_nibble_lsbs(spread | 0xeeee_eeee_eeee_eeee), r);
        let starts: RankSet = r
            .iter()
            .filter(|x| {
                x.index() + 3 <= 13
                    && (0..3).all(|i| r.contains(Rank::from_index(x.index() + i).unwrap()))
            })
            .collect();
        assert_eq!(r.run_starts(3), starts, "{bits:#x}");
    }
}

#[test]
fn subsets_of_size_yield_each_k_subset_once_in_colex_order() {
    use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for _ in 0..200 {
        let s = CardSet::from_bits_truncate(rng.random::<u64>() & rng.random::<u64>());
        let n = s.len() as u32;
        for k in 0..=n.min(4) + 1 {
            let mut count = 0u64;
            let mut prev: Option<CardSet> = None;
            for (i, sub) in s.subsets_of_size(k).enumerate() {
                assert_eq!(sub.len(), k as usize);
                assert!(sub.is_subset(s));
                assert_eq!(colex_rank(sub, s), Some(i as u64), "colex order");
                if let Some(p) = prev {
                    assert_ne!(p, sub);
                }
                prev = Some(sub);
                count += 1;
            }
            assert_eq!(Some(count), binomial(n, k), "C({n}, {k})");
        }
    }
    // the top end: every 52-card subset of the 54
    assert_eq!(CardSet::ALL.subsets_of_size(52).count(), 1431);
    assert_eq!(
        CardSet::ALL.subsets_of_size(54).collect::<Vec<_>>(),
        [CardSet::ALL]
    );
}

#[test]
fn subsets_yield_every_subset_once() {
    let s: CardSet = "S3 H3 D5 C9 SK BJ RJ".parse().unwrap();
    let all: Vec<CardSet> = s.subsets().collect();
    assert_eq!(all.len(), 128);
    let mut sorted = all.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 128);
    assert!(all.iter().all(|x| x.is_subset(s)));
    assert_eq!(
        CardSet::EMPTY.subsets().collect::<Vec<_>>(),
        [CardSet::EMPTY]
    );
}

#[test]
fn colex_rank_and_unrank_are_inverse() {
    let deck = CardSet::STANDARD;
    for k in 0..=5u32 {
        let total = binomial(52, k).unwrap();
        let step = (total / 997).max(1);
        let mut r = 0;
        while r < total {
            let s = colex_unrank(r, k, deck).unwrap();
            assert_eq!(s.len(), k as usize);
            assert_eq!(colex_rank(s, deck), Some(r));
            r += step;
        }
        assert_eq!(colex_unrank(total, k, deck), None);
    }
    assert_eq!(colex_rank(CardSet::JOKERS, CardSet::STANDARD), None);
}

#[test]
fn binomial_matches_pascal() {
    // Pascal's triangle in u128 up to n = 120: every entry is exact, and `binomial` answers it
    // when it fits in a u64 and `None` when it does not (the first: C(68, 34)).
    let mut row = vec![1u128];
    for n in 0..=120u32 {
        for (k, &v) in row.iter().enumerate() {
            assert_eq!(binomial(n, k as u32), u64::try_from(v).ok(), "C({n}, {k})");
        }
        assert_eq!(binomial(n, n + 1), Some(0));
        let mut next = vec![1u128; row.len() + 1];
        for k in 1..row.len() {
            next[k] = row[k - 1] + row[k];
        }
        row = next;
    }
    assert!(binomial(67, 33).is_some());
    assert_eq!(binomial(68, 34), None);
    assert_eq!(binomial(65, 1), Some(65));
}

#[test]
fn layout_matches_the_spec() {
    assert_eq!(Card::new(Rank::Three, Suit::Clubs).index(), 0);
    assert_eq!(Card::new(Rank::Three, Suit::Spades).index(), 3);
    assert_eq!(Card::new(Rank::Two, Suit::Spades).index(), 51);
    assert_eq!(CardSet::WITHOUT_TWOS.bits(), 0x0000_ffff_ffff_ffff);
    assert_eq!(CardSet::WITHOUT_THREES.bits(), 0x000f_ffff_ffff_fff0);
    assert_eq!(
        CardSet::WITHOUT_TWOS,
        CardSet::STANDARD - CardSet::rank(Rank::Two)
    );
    assert_eq!(
        CardSet::WITHOUT_THREES,
        CardSet::STANDARD - CardSet::rank(Rank::Three)
    );
    assert_eq!(Card::BLACK_JOKER.bit(), 1 << 52);
    assert_eq!(Card::RED_JOKER.bit(), 1 << 53);
    assert_eq!(CardSet::from_bits(1 << 54), None);
    assert_eq!(CardSet::from_bits_truncate(u64::MAX), CardSet::ALL);
}
