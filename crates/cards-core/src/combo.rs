//! Combinatorics on card sets: binomial coefficients, k-subsets, all subsets, colex rank.

use core::iter::FusedIterator;

use crate::CardSet;

/// The binomial coefficient C(n, k) (`Some(0)` when k > n), or `None` when it does not fit in a
/// `u64`. Exact for every `n` and `k` (up to `u32::MAX`); every C(n, k) with n <= 67 fits.
///
/// ```
/// use cards_core::binomial;
/// assert_eq!(binomial(40, 2), Some(780));
/// assert_eq!(binomial(40, 3), Some(9880));
/// assert_eq!(binomial(3, 5), Some(0));
/// assert_eq!(binomial(54, 27), Some(1_946_939_425_648_112));
/// assert_eq!(binomial(68, 34), None); // 28_453_041_475_240_576_740 > u64::MAX
/// assert_eq!(binomial(u32::MAX, 1), Some(u64::from(u32::MAX)));
/// ```
#[must_use]
pub const fn binomial(n: u32, k: u32) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = if k > n - k { n - k } else { k };
    // r = C(n, i) after step i; C(n, i) grows with i up to n / 2, so once it passes u64::MAX
    // the answer does too (and the loop ends within 34 steps, whatever n and k).
    let mut r: u128 = 1;
    let mut i = 0;
    while i < k {
        // C(n, i) * (n - i) < 2^64 * 2^32: no u128 overflow
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u64::MAX as u128 {
            return None;
        }
        i += 1;
    }
    Some(r as u64)
}

/// C(n, k) for `n` <= 54 (a set's size): always fits.
const fn small_binomial(n: u32, k: u32) -> u64 {
    match binomial(n, k) {
        Some(c) => c,
        None => u64::MAX,
    }
}

/// The lowest `t` bits of `mask`.
#[inline]
const fn lowest_bits(mask: u64, t: u32) -> u64 {
    let mut m = mask;
    let mut r = 0;
    let mut i = 0;
    while i < t && m != 0 {
        let b = m & m.wrapping_neg();
        r |= b;
        m ^= b;
        i += 1;
    }
    r
}

/// Iterator over every `k`-card subset of a set in colex order (see
/// [`CardSet::subsets_of_size`]): Gosper's hack, with the carry rippling over the set's bits only.
///
/// ```
/// use cards_core::CardSet;
/// let s: CardSet = "S3 S4 S5".parse().unwrap();
/// let v: Vec<CardSet> = s.subsets_of_size(2).collect();
/// assert_eq!(v, ["S3 S4".parse().unwrap(), "S3 S5".parse().unwrap(), "S4 S5".parse().unwrap()]);
/// ```
#[derive(Clone, Debug)]
pub struct KSubsets {
    mask: u64,
    cur: u64,
    k: u32,
    done: bool,
}

impl KSubsets {
    pub(crate) const fn new(set: CardSet, k: u32) -> KSubsets {
        let mask = set.bits();
        KSubsets {
            mask,
            cur: lowest_bits(mask, k),
            k,
            done: k > mask.count_ones(),
        }
    }
}

impl Iterator for KSubsets {
    type Item = CardSet;

    #[inline]
    fn next(&mut self) -> Option<CardSet> {
        if self.done {
            return None;
        }
        let out = self.cur;
        if self.k == 0 {
            self.done = true;
        } else {
            let u = self.cur & self.cur.wrapping_neg();
            let v = (self.cur | !self.mask).wrapping_add(u) & self.mask;
            if v == 0 {
                self.done = true;
            } else {
                self.cur = v | lowest_bits(self.mask, self.k - v.count_ones());
            }
        }
        Some(CardSet::from_bits_truncate(out))
    }
}

impl FusedIterator for KSubsets {}

/// Iterator over every subset of a set, empty first (see [`CardSet::subsets`]).
///
/// ```
/// use cards_core::CardSet;
/// assert_eq!(CardSet::JOKERS.subsets().count(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct Subsets {
    mask: u64,
    cur: u64,
    done: bool,
}

impl Subsets {
    pub(crate) const fn new(set: CardSet) -> Subsets {
        Subsets {
            mask: set.bits(),
            cur: 0,
            done: false,
        }
    }
}

impl Iterator for Subsets {
    type Item = CardSet;

    #[inline]
    fn next(&mut self) -> Option<CardSet> {
        if self.done {
            return None;
        }
        let out = self.cur;
        if out == self.mask {
            self.done = true;
        } else {
            self.cur = self.cur.wrapping_sub(self.mask) & self.mask;
        }
        Some(CardSet::from_bits_truncate(out))
    }
}

impl FusedIterator for Subsets {}

/// The position of a card bit among the bits of `universe` (how many universe bits lie below).
#[inline]
const fn position_in(bit: u64, universe: u64) -> u32 {
    (universe & (bit - 1)).count_ones()
}

/// The colex index of `subset` among the `subset.len()`-subsets of `universe`: with the
/// subset's cards at positions `c1 < c2 < ... < ck` of the universe, `C(c1,1) + ... + C(ck,k)`.
/// `None` when `subset` is not inside `universe`.
///
/// The index is stable: it depends only on the two sets, so tables can be addressed by hand.
///
/// ```
/// use cards_core::{colex_rank, CardSet};
/// let u: CardSet = "S3 S4 S5 S6".parse().unwrap();
/// assert_eq!(colex_rank("S3 S4".parse().unwrap(), u), Some(0));
/// assert_eq!(colex_rank("S3 S5".parse().unwrap(), u), Some(1));
/// assert_eq!(colex_rank("S4 S5".parse().unwrap(), u), Some(2));
/// assert_eq!(colex_rank("S5 S6".parse().unwrap(), u), Some(5));
/// assert_eq!(colex_rank("H3".parse().unwrap(), u), None);
/// ```
#[must_use]
pub const fn colex_rank(subset: CardSet, universe: CardSet) -> Option<u64> {
    if !subset.is_subset(universe) {
        return None;
    }
    let (mut s, u) = (subset.bits(), universe.bits());
    let mut rank = 0;
    let mut i = 1;
    while s != 0 {
        let b = s & s.wrapping_neg();
        rank += small_binomial(position_in(b, u), i);
        s ^= b;
        i += 1;
    }
    Some(rank)
}

/// The `k`-subset of `universe` with colex index `rank` (the inverse of [`colex_rank`]), or
/// `None` when `rank >= C(universe.len(), k)`.
///
/// ```
/// use cards_core::{colex_rank, colex_unrank, CardSet};
/// let u: CardSet = "S3 S4 S5 S6".parse().unwrap();
/// let s = colex_unrank(5, 2, u).unwrap();
/// assert_eq!(s, "S5 S6".parse().unwrap());
/// assert_eq!(colex_rank(s, u), Some(5));
/// assert_eq!(colex_unrank(6, 2, u), None);
/// ```
#[must_use]
pub const fn colex_unrank(rank: u64, k: u32, universe: CardSet) -> Option<CardSet> {
    let u = universe.bits();
    let n = u.count_ones();
    if rank >= small_binomial(n, k) {
        return None;
    }
    let mut rank = rank;
    let mut out = 0u64;
    let mut i = k;
    let mut e = n;
    while i > 0 {
        // the largest position e with C(e, i) <= rank
        e -= 1;
        while small_binomial(e, i) > rank {
            e -= 1;
        }
        rank -= small_binomial(e, i);
        out |= select(u, e);
        i -= 1;
    }
    Some(CardSet::from_bits_truncate(out))
}

/// The `n`-th lowest set bit of `x` (0-based), as a one-bit mask (0 if there is none).
#[inline]
const fn select(x: u64, n: u32) -> u64 {
    let mut x = x;
    let mut i = 0;
    while i < n && x != 0 {
        x &= x - 1;
        i += 1;
    }
    x & x.wrapping_neg()
}
