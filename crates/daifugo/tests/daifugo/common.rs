//! Helpers shared by the integration tests: seeded random positions and brute force.

#![allow(clippy::trivially_copy_pass_by_ref)] // helpers take `&Rules`, like the API
#![allow(dead_code)]

use std::collections::HashSet;

use cards_core::{Card, CardSet, Suit};
use daifugo::{Meld, Rules, StandIn, Table, lead_into};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// The Daifugo deck under `rules`.
pub fn deck(rules: &Rules) -> CardSet {
    if rules.joker {
        CardSet::STANDARD.with(Card::BLACK_JOKER)
    } else {
        CardSet::STANDARD
    }
}

/// A seeded generator.
pub fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// `n` random cards of `from`.
pub fn sample(rng: &mut Xoshiro256PlusPlus, from: CardSet, n: usize) -> CardSet {
    let mut v: Vec<Card> = from.iter().collect();
    v.shuffle(rng);
    v.into_iter().take(n).collect()
}

/// A random hand of `n` cards, holding the joker when `joker` (and the rules have one).
pub fn hand(rng: &mut Xoshiro256PlusPlus, rules: &Rules, n: usize, joker: bool) -> CardSet {
    if joker && rules.joker {
        sample(rng, CardSet::STANDARD, n - 1).with(Card::BLACK_JOKER)
    } else {
        sample(rng, CardSet::STANDARD, n)
    }
}

/// A random state for `hand`: the table a meld some other hand leads (or clear one time in
/// ten), revolution, lock and 11-back each on one time in three.
pub fn state(rng: &mut Xoshiro256PlusPlus, rules: &Rules, hand: CardSet) -> Table {
    let revolution = rng.random_range(0..3) == 0;
    let locked = rng.random_range(0..3) == 0;
    let eleven_back = rng.random_range(0..4) == 0;
    if rng.random_range(0..10) == 0 {
        return Table::default().with_revolution(revolution);
    }
    let n = rng.random_range(3..=20);
    let other = sample(rng, deck(rules) - hand, n);
    let mut melds = Vec::new();
    lead_into(other, rules, &mut melds).unwrap();
    // favour groups and sequences and every size: pick the kind, then the size, then the meld
    let kind = rng.random_range(0..3);
    let of_kind: Vec<Meld> = melds
        .iter()
        .copied()
        .filter(|m| m.kind() as usize == kind)
        .collect();
    let mut pool = if of_kind.is_empty() { melds } else { of_kind };
    let mut sizes: Vec<usize> = pool.iter().map(Meld::len).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let size = sizes[rng.random_range(0..sizes.len())];
    pool.retain(|m| m.len() == size);
    let table = pool[rng.random_range(0..pool.len())];
    Table::new(Some(table))
        .with_revolution(revolution)
        .with_eleven_back(eleven_back)
        .with_lock(locked)
}

/// Every meld of `hand` by brute force: every subset, with the joker every stand-in (none, each
/// of the 52 cards, each suit below 3 and above 2), kept when it classifies.
pub fn brute_melds(hand: CardSet, rules: &Rules) -> Vec<Meld> {
    let mut out = Vec::new();
    for s in hand.subsets() {
        if s.is_empty() {
            continue;
        }
        if let Ok(m) = Meld::new(s, None, rules) {
            out.push(m);
        }
        if s.contains(Card::BLACK_JOKER) {
            let stands = CardSet::STANDARD
                .iter()
                .map(StandIn::Card)
                .chain(Suit::ALL.iter().map(|&x| StandIn::Below3(x)))
                .chain(Suit::ALL.iter().map(|&x| StandIn::Above2(x)));
            for c in stands {
                if let Ok(m) = Meld::new(s, Some(c), rules) {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// The list as a set, failing on a repeat.
pub fn as_set(list: &[Meld], what: &str) -> HashSet<Meld> {
    let mut set = HashSet::new();
    for m in list {
        assert!(set.insert(*m), "{what}: {m:?} listed twice in {list:?}");
    }
    set
}
