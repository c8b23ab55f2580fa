//! `RankSet`: a set of the 13 ranks in a `u16`.

use core::fmt;
use core::iter::FusedIterator;

use crate::{Order, Rank};

/// A set of ranks, bit `r` = [`Rank::index`] `r` (bit 0 = 3 .. bit 12 = 2). Bits 13..16 are
/// always zero.
///
/// ```
/// use cards_core::{CardSet, Rank, RankSet};
/// let hand: CardSet = "S3 H3 C5 D5 S9".parse().unwrap();
/// let pairs: RankSet = hand.ranks_with_exactly(2);
/// assert_eq!(format!("{pairs:?}"), "{3, 5}");
/// assert!(pairs.contains(Rank::Five));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct RankSet(u16);

impl RankSet {
    /// No rank.
    ///
    /// ```
    /// use cards_core::RankSet;
    /// assert!(RankSet::EMPTY.is_empty());
    /// ```
    pub const EMPTY: RankSet = RankSet(0);
    /// All 13 ranks.
    ///
    /// ```
    /// use cards_core::RankSet;
    /// assert_eq!(RankSet::ALL.len(), 13);
    /// ```
    pub const ALL: RankSet = RankSet(0x1fff);

    /// The set with these bits, or `None` if a bit above 12 is set.
    ///
    /// ```
    /// use cards_core::RankSet;
    /// assert_eq!(RankSet::from_bits(0b101).unwrap().len(), 2);
    /// assert_eq!(RankSet::from_bits(1 << 13), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u16) -> Option<RankSet> {
        if bits & !Self::ALL.0 == 0 {
            Some(RankSet(bits))
        } else {
            None
        }
    }

    /// The raw bits.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::EMPTY.with(Rank::Five).bits(), 0b100);
    /// ```
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Gathers bit 0 of each of the 13 nibbles of `x` into a rank set (SWAR compress).
    ///
    /// ```
    /// use cards_core::RankSet;
    /// assert_eq!(RankSet::from_nibble_lsbs(0x1_0000_0000_0011).bits(), 0x1003);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_nibble_lsbs(x: u64) -> RankSet {
        let mut x = x & 0x0001_1111_1111_1111;
        x = (x | x >> 3) & 0x0303_0303_0303_0303;
        x = (x | x >> 6) & 0x000f_000f_000f_000f;
        x = (x | x >> 12) & 0x0000_00ff_0000_00ff;
        x = (x | x >> 24) & 0xffff;
        RankSet(x as u16)
    }

    /// Spreads the ranks to bit 0 of their nibbles (the inverse of
    /// [`from_nibble_lsbs`](Self::from_nibble_lsbs)); times `0xf` it is every card of the ranks.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::EMPTY.with(Rank::Four).to_nibble_lsbs(), 0x10);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_nibble_lsbs(self) -> u64 {
        let mut x = self.0 as u64;
        x = (x | x << 24) & 0x0000_00ff_0000_00ff;
        x = (x | x << 12) & 0x000f_000f_000f_000f;
        x = (x | x << 6) & 0x0303_0303_0303_0303;
        x = (x | x << 3) & 0x1111_1111_1111_1111;
        x
    }

    /// The set holding one rank.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::single(Rank::Two).bits(), 1 << 12);
    /// ```
    #[inline]
    #[must_use]
    pub const fn single(rank: Rank) -> RankSet {
        RankSet(1 << rank as u16)
    }

    /// The set with the rank added.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::EMPTY.with(Rank::Two).len(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with(self, rank: Rank) -> RankSet {
        RankSet(self.0 | 1 << rank as u16)
    }

    /// The set with the rank removed.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::ALL.without(Rank::Two).len(), 12);
    /// ```
    #[inline]
    #[must_use]
    pub const fn without(self, rank: Rank) -> RankSet {
        RankSet(self.0 & !(1 << rank as u16))
    }

    /// Whether the rank is in the set.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert!(RankSet::ALL.contains(Rank::Ace));
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains(self, rank: Rank) -> bool {
        self.0 & 1 << rank as u16 != 0
    }

    /// The number of ranks.
    ///
    /// ```
    /// use cards_core::RankSet;
    /// assert_eq!(RankSet::ALL.len(), 13);
    /// ```
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use cards_core::RankSet;
    /// assert!(RankSet::EMPTY.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Union.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// let a = RankSet::single(Rank::Three).union(RankSet::single(Rank::Four));
    /// assert_eq!(a.len(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn union(self, other: RankSet) -> RankSet {
        RankSet(self.0 | other.0)
    }

    /// Intersection.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert!(RankSet::single(Rank::Three).intersection(RankSet::single(Rank::Four)).is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: RankSet) -> RankSet {
        RankSet(self.0 & other.0)
    }

    /// Difference.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::ALL.difference(RankSet::single(Rank::Two)).len(), 12);
    /// ```
    #[inline]
    #[must_use]
    pub const fn difference(self, other: RankSet) -> RankSet {
        RankSet(self.0 & !other.0)
    }

    /// Complement within the 13 ranks.
    ///
    /// ```
    /// use cards_core::RankSet;
    /// assert_eq!(RankSet::EMPTY.complement(), RankSet::ALL);
    /// ```
    #[inline]
    #[must_use]
    pub const fn complement(self) -> RankSet {
        RankSet(!self.0 & Self::ALL.0)
    }

    /// The weakest rank in the normal order, or `None`.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::ALL.first(), Some(Rank::Three));
    /// ```
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Rank> {
        if self.0 == 0 {
            None
        } else {
            Rank::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The strongest rank in the normal order, or `None`.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::ALL.last(), Some(Rank::Two));
    /// ```
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<Rank> {
        if self.0 == 0 {
            None
        } else {
            Rank::from_index(15 - self.0.leading_zeros() as u8)
        }
    }

    /// The ranks strictly stronger than `rank` in the given order.
    ///
    /// ```
    /// use cards_core::{Order, Rank, RankSet};
    /// assert_eq!(RankSet::stronger_than(Rank::Ace, Order::Normal), RankSet::single(Rank::Two));
    /// assert_eq!(RankSet::stronger_than(Rank::Five, Order::Reversed).len(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn stronger_than(rank: Rank, order: Order) -> RankSet {
        let r = rank as u16;
        match order {
            Order::Normal => RankSet(Self::ALL.0 & !((1 << (r + 1)) - 1)),
            Order::Reversed => RankSet((1 << r) - 1),
        }
    }

    /// The ranks of every window of `len` consecutive ranks wholly inside the set, as the set of
    /// each window's lowest rank (`len - 1` shifts and ANDs).
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// let r: RankSet = [Rank::Three, Rank::Four, Rank::Five, Rank::Six].into_iter().collect();
    /// assert_eq!(r.run_starts(3).iter().collect::<Vec<_>>(), [Rank::Three, Rank::Four]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn run_starts(self, len: u32) -> RankSet {
        if len == 0 || len > 13 {
            return RankSet::EMPTY;
        }
        let mut r = self.0;
        let mut i = 1;
        while i < len {
            r &= self.0 >> i;
            i += 1;
        }
        RankSet(r)
    }

    /// Iterates the ranks, weakest (normal order) first.
    ///
    /// ```
    /// use cards_core::{Rank, RankSet};
    /// assert_eq!(RankSet::ALL.iter().next_back(), Some(Rank::Two));
    /// ```
    #[inline]
    #[must_use]
    pub const fn iter(self) -> RankIter {
        RankIter(self.0)
    }
}

impl FromIterator<Rank> for RankSet {
    fn from_iter<I: IntoIterator<Item = Rank>>(iter: I) -> RankSet {
        iter.into_iter().fold(RankSet::EMPTY, RankSet::with)
    }
}

impl IntoIterator for RankSet {
    type Item = Rank;
    type IntoIter = RankIter;
    fn into_iter(self) -> RankIter {
        self.iter()
    }
}

/// Iterator over a [`RankSet`], weakest first.
///
/// ```
/// use cards_core::RankSet;
/// assert_eq!(RankSet::ALL.iter().len(), 13);
/// ```
#[derive(Clone, Debug)]
pub struct RankIter(u16);

impl Iterator for RankIter {
    type Item = Rank;
    #[inline]
    fn next(&mut self) -> Option<Rank> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Rank::from_index(i)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for RankIter {
    #[inline]
    fn next_back(&mut self) -> Option<Rank> {
        if self.0 == 0 {
            return None;
        }
        let i = 15 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << i);
        Rank::from_index(i)
    }
}

impl ExactSizeIterator for RankIter {}
impl FusedIterator for RankIter {}

impl fmt::Debug for RankSet {
    /// `{3, 5, A}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, r) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(r.text())?;
        }
        f.write_str("}")
    }
}
