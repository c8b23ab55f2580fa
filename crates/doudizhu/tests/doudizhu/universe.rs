//! The universe of every preset: sizes per type exactly as the spec's table, every play
//! classifies as itself, and no multiset has more readings than `MAX_READINGS`.

use std::collections::{BTreeMap, BTreeSet};

use doudizhu::{Counts, Kind, MAX_READINGS, Preset, Rank, Rules, classify, universe};

/// Distinct multisets per (type, length), and distinct multisets overall.
fn sizes(rules: Rules) -> (BTreeMap<(Kind, u8), usize>, usize) {
    let mut per: BTreeMap<(Kind, u8), BTreeSet<u64>> = BTreeMap::new();
    let mut all = BTreeSet::new();
    for m in universe(&rules) {
        per.entry((m.kind(), m.body_len()))
            .or_default()
            .insert(m.cards().bits());
        all.insert(m.cards().bits());
    }
    (
        per.into_iter().map(|(k, v)| (k, v.len())).collect(),
        all.len(),
    )
}

fn kind_total(per: &BTreeMap<(Kind, u8), usize>, kind: Kind) -> usize {
    per.iter()
        .filter(|((k, _), _)| *k == kind)
        .map(|(_, n)| n)
        .sum()
}

/// The spec's table: plane + solos by n = 2..=5, four + two solos, distinct plays in all.
fn expected(p: Preset) -> ([usize; 4], usize, usize) {
    match p {
        Preset::Standard => ([968, 3282, 7184, 10388], 1326, 27471),
        Preset::Openspiel => ([968, 3291, 7264, 10682], 0, 25661),
        Preset::Douzero => ([979, 3391, 7750, 12211], 1339, 29984),
        Preset::Strict => ([847, 2100, 2646, 1568], 1170, 12654),
    }
}

#[test]
fn universe_sizes_match_the_spec_table() {
    for p in Preset::ALL {
        let (per, total) = sizes(p.rules());
        let k = |kind| kind_total(&per, kind);
        let name = p.name();
        // same in every preset
        assert_eq!(
            [
                k(Kind::Solo),
                k(Kind::Pair),
                k(Kind::Trio),
                k(Kind::Bomb),
                k(Kind::Rocket)
            ],
            [15, 13, 13, 13, 1],
            "{name}"
        );
        assert_eq!(
            [k(Kind::Chain), k(Kind::PairChain), k(Kind::Plane)],
            [36, 52, 45],
            "{name}"
        );
        assert_eq!([k(Kind::TrioSolo), k(Kind::TrioPair)], [182, 156], "{name}");
        let pp: Vec<usize> = (2..=4)
            .map(|n| per.get(&(Kind::PlanePair, n)).copied().unwrap_or(0))
            .collect();
        assert_eq!(pp, [605, 1200, 1134], "{name}");
        let (ps, four_two_solo, all) = expected(p);
        let got: Vec<usize> = (2..=5)
            .map(|n| per.get(&(Kind::PlaneSolo, n)).copied().unwrap_or(0))
            .collect();
        assert_eq!(got, ps, "{name} plane + solos");
        assert_eq!(
            k(Kind::FourTwoSolo),
            four_two_solo,
            "{name} four + two solos"
        );
        let four_two_pair = if p == Preset::Openspiel { 0 } else { 858 };
        assert_eq!(
            k(Kind::FourTwoPair),
            four_two_pair,
            "{name} four + two pairs"
        );
        assert_eq!(total, all, "{name} distinct plays in all");
    }
}

#[test]
fn every_play_of_every_universe_classifies_as_itself() {
    for rules in Preset::ALL
        .map(Preset::rules)
        .into_iter()
        .chain([Rules::PERMISSIVE])
    {
        let all = universe(&rules);
        let mut max = 0;
        let mut readings_of: BTreeMap<u64, Vec<_>> = BTreeMap::new();
        for m in &all {
            readings_of.entry(m.cards().bits()).or_default().push(*m);
        }
        for (bits, mut moves) in readings_of {
            let cards = Counts::from_bits(bits).unwrap();
            let r = classify(cards, &rules).unwrap_or_else(|e| panic!("{cards}: {e}"));
            assert!(r.len() <= MAX_READINGS, "{cards}: {r:?}");
            max = max.max(r.len());
            // most natural first: the longest body, then the highest main rank
            let keys: Vec<_> = r.iter().map(|m| (m.body_len(), m.main())).collect();
            assert!(keys.windows(2).all(|w| w[0] > w[1]), "{cards}: {r:?}");
            let mut got = r.to_vec();
            got.sort();
            moves.sort();
            assert_eq!(got, moves, "{cards} under {rules:?}");
        }
        // standard and strict: one reading a multiset; the others reach the bound
        let single = rules == Rules::STANDARD || rules == Rules::STRICT;
        assert_eq!(max, if single { 1 } else { MAX_READINGS }, "{rules:?}");
    }
}

/// The number of multisets of at most 10 cards the deck holds (the coefficients of
/// `(1 + x + x^2 + x^3 + x^4)^13 (1 + x)^2` up to `x^10`, summed).
const EXPECTED_SMALL: usize = 2_161_930;

/// Every multiset of at most `max` cards the deck holds.
fn small_multisets(max: u32) -> Vec<Counts> {
    fn rec(rank: usize, left: u32, acc: u64, out: &mut Vec<Counts>) {
        if rank == 15 {
            out.push(Counts::from_bits(acc).unwrap());
            return;
        }
        let cap = if rank >= 13 { 1 } else { 4 };
        for k in 0..=cap.min(left) {
            rec(rank + 1, left - k, acc + (u64::from(k) << (4 * rank)), out);
        }
    }
    let mut out = Vec::new();
    rec(0, max, 0, &mut out);
    out
}

/// Classification and the generator agree on every small multiset: a multiset of at most 10
/// cards is a play exactly when the universe lists it, with the same readings.
#[test]
fn every_multiset_of_up_to_ten_cards_classifies_as_the_universe_lists_it() {
    let small = small_multisets(10);
    assert_eq!(small.len(), EXPECTED_SMALL);
    for rules in Preset::ALL
        .map(Preset::rules)
        .into_iter()
        .chain([Rules::PERMISSIVE])
    {
        let mut listed: BTreeMap<u64, Vec<doudizhu::Move>> = BTreeMap::new();
        for m in universe(&rules) {
            if m.count() <= 10 {
                listed.entry(m.cards().bits()).or_default().push(m);
            }
        }
        let mut plays = 0;
        for &c in &small {
            match classify(c, &rules) {
                Ok(r) => {
                    let mut got = r.to_vec();
                    got.sort();
                    let mut want = listed.get(&c.bits()).cloned().unwrap_or_default();
                    want.sort();
                    assert_eq!(got, want, "{c}");
                    plays += 1;
                }
                Err(e) => assert!(!listed.contains_key(&c.bits()), "{c}: {e}"),
            }
        }
        assert_eq!(plays, listed.len(), "{rules:?}");
    }
}

/// Beyond ten cards the exhaustive check above is out of reach, so: every multiset one card
/// away from a play (a card removed, or one rank swapped for another) classifies exactly as the
/// universe lists it. This reaches the 11- to 20-card shapes right next to every long play,
/// where a classifier that accepts too much or too little would show.
#[test]
fn every_multiset_one_card_from_a_play_classifies_as_the_universe_lists_it() {
    for rules in Preset::ALL
        .map(Preset::rules)
        .into_iter()
        .chain([Rules::PERMISSIVE])
    {
        let all = universe(&rules);
        let mut listed: BTreeMap<u64, Vec<doudizhu::Move>> = BTreeMap::new();
        for m in &all {
            listed.entry(m.cards().bits()).or_default().push(*m);
        }
        let mut seen = BTreeSet::new();
        let mut long_plays = 0;
        for &bits in listed.keys() {
            let c = Counts::from_bits(bits).unwrap();
            for out in Rank::ALL.into_iter().filter(|&r| c.count(r) > 0) {
                let less = c.checked_sub(Counts::of(out, 1).unwrap()).unwrap();
                let swapped = Rank::ALL
                    .into_iter()
                    .filter_map(|r| less.checked_add(Counts::of(r, 1).unwrap()));
                for n in std::iter::once(less).chain(swapped) {
                    if n.len() <= 10 || !seen.insert(n.bits()) {
                        continue;
                    }
                    let mut want = listed.get(&n.bits()).cloned().unwrap_or_default();
                    want.sort();
                    long_plays += usize::from(!want.is_empty());
                    let mut got = classify(n, &rules).map(|r| r.to_vec()).unwrap_or_default();
                    got.sort();
                    assert_eq!(got, want, "{n} under {rules:?}");
                }
            }
        }
        // every play of more than ten cards was checked (it is its own neighbour: a rank
        // swapped for itself)
        let long = listed
            .keys()
            .filter(|&&b| Counts::from_bits(b).unwrap().len() > 10);
        assert_eq!(long_plays, long.count(), "{rules:?}");
    }
}
