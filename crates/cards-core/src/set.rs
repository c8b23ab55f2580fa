//! `CardSet`: 54 cards in one `u64`, four bits per rank.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{Card, Order, Rank, RankSet, Suit};

/// `0x1111_1111_1111_1`: bit 0 of each of the 13 rank nibbles.
pub(crate) const NIBBLE_LSB: u64 = 0x0001_1111_1111_1111;

/// A set of cards, one bit per card: bit `4 * rank + suit` (rank 0 = 3 .. 12 = 2, suit 0 = ♣ ..
/// 3 = ♠), bit 52 the black joker, bit 53 the red joker. Bits 54..64 are always zero: the only
/// ways to build a set keep them clear, and `!` complements within the 54 cards.
///
/// Set algebra uses operators (`|`, `&`, `^`, `!`, and `-` for difference) that take a card or a
/// set; iteration goes lowest bit first, is exact-size and double-ended.
///
/// ```
/// use cards_core::{Card, CardSet};
/// let hand: CardSet = "S3 H3 S4 RJ".parse().unwrap();
/// assert_eq!(hand.len(), 4);
/// assert_eq!(format!("{hand:?}"), "{♥3, ♠3, ♠4, RJ}");
/// let threes: CardSet = "S3 H3".parse().unwrap();
/// assert_eq!(hand - threes, "S4 RJ".parse().unwrap());
/// assert!(hand.contains(Card::RED_JOKER));
/// assert_eq!(hand.iter().next_back(), Some(Card::RED_JOKER));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// No card.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::EMPTY.len(), 0);
    /// ```
    pub const EMPTY: CardSet = CardSet(0);
    /// All 54 cards (52 and both jokers).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::ALL, CardSet::STANDARD | CardSet::JOKERS);
    /// ```
    pub const ALL: CardSet = CardSet(0x003f_ffff_ffff_ffff);
    /// The 52 cards without jokers.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::STANDARD.len(), 52);
    /// ```
    pub const STANDARD: CardSet = CardSet(0x000f_ffff_ffff_ffff);
    /// Both jokers.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::JOKERS, "BJ RJ".parse().unwrap());
    /// ```
    pub const JOKERS: CardSet = CardSet(0x0030_0000_0000_0000);
    /// Every card from 3 to A: the seed's mask for "without the strongest rank" (normal order).
    ///
    /// ```
    /// use cards_core::{CardSet, Rank};
    /// assert_eq!(CardSet::WITHOUT_TWOS, CardSet::STANDARD - CardSet::rank(Rank::Two));
    /// ```
    pub const WITHOUT_TWOS: CardSet = CardSet(0x0000_ffff_ffff_ffff);
    /// Every card from 4 to 2: the seed's mask for "without the strongest rank" in revolution.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank};
    /// assert_eq!(CardSet::WITHOUT_THREES, CardSet::STANDARD - CardSet::rank(Rank::Three));
    /// ```
    pub const WITHOUT_THREES: CardSet = CardSet(0x000f_ffff_ffff_fff0);

    /// The set with these bits, or `None` if a bit above 53 is set.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::from_bits(0b1001).unwrap().len(), 2);
    /// assert_eq!(CardSet::from_bits(1 << 54), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !Self::ALL.0 == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The set with these bits, bits above 53 dropped.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::from_bits_truncate(u64::MAX), CardSet::ALL);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits_truncate(bits: u64) -> CardSet {
        CardSet(bits & Self::ALL.0)
    }

    /// The raw bits.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S3 C4".parse().unwrap();
    /// assert_eq!(s.bits(), 0b1_1000);
    /// ```
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding one card.
    ///
    /// ```
    /// use cards_core::{Card, CardSet};
    /// assert_eq!(CardSet::from_card(Card::BLACK_JOKER).len(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_card(card: Card) -> CardSet {
        CardSet(card.bit())
    }

    /// The four cards of a rank.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank};
    /// assert_eq!(CardSet::rank(Rank::Four), "C4 D4 H4 S4".parse().unwrap());
    /// ```
    #[inline]
    #[must_use]
    pub const fn rank(rank: Rank) -> CardSet {
        CardSet(0xf << (4 * rank as u32))
    }

    /// The 13 cards of a suit.
    ///
    /// ```
    /// use cards_core::{CardSet, Suit};
    /// let spades = CardSet::suit(Suit::Spades);
    /// assert_eq!(spades.len(), 13);
    /// assert!(spades.contains("SA".parse().unwrap()));
    /// ```
    #[inline]
    #[must_use]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(NIBBLE_LSB << suit as u32)
    }

    /// Every card (all four suits) of the given ranks.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank, RankSet};
    /// let r = RankSet::EMPTY.with(Rank::Three).with(Rank::Two);
    /// assert_eq!(CardSet::of_ranks(r).len(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn of_ranks(ranks: RankSet) -> CardSet {
        CardSet(ranks.to_nibble_lsbs() * 0xf)
    }

    /// The same-suit run of `len` cards starting at `start` and going up in rank, or `None` if it
    /// would pass the 2, `len` is 0 or `start` is a joker (for every `len`, up to `u32::MAX`).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let run = CardSet::run("S3".parse().unwrap(), 3).unwrap();
    /// assert_eq!(run, "S3 S4 S5".parse().unwrap());
    /// assert_eq!(CardSet::run("SA".parse().unwrap(), 3), None);
    /// assert_eq!(CardSet::run("S3".parse().unwrap(), u32::MAX), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn run(start: Card, len: u32) -> Option<CardSet> {
        // ranks left from `start` up to the 2 (0 for a joker): no addition that could overflow
        let room = 13u32.saturating_sub(start.index() as u32 >> 2);
        if start.is_joker() || len == 0 || len > room {
            None
        } else {
            Some(CardSet(start.bit() * repunit(len)))
        }
    }

    /// The number of cards.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::ALL.len(), 54);
    /// ```
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no card.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert!(CardSet::EMPTY.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the card is in the set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet};
    /// assert!(CardSet::ALL.contains(Card::RED_JOKER));
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// The set with the card added.
    ///
    /// ```
    /// use cards_core::{Card, CardSet};
    /// assert_eq!(CardSet::EMPTY.with(Card::RED_JOKER).len(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | card.bit())
    }

    /// The set with the card removed.
    ///
    /// ```
    /// use cards_core::{Card, CardSet};
    /// assert_eq!(CardSet::ALL.without(Card::RED_JOKER).len(), 53);
    /// ```
    #[inline]
    #[must_use]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !card.bit())
    }

    /// Adds a card; returns whether it was new.
    ///
    /// ```
    /// use cards_core::{Card, CardSet};
    /// let mut s = CardSet::EMPTY;
    /// assert!(s.insert(Card::BLACK_JOKER));
    /// assert!(!s.insert(Card::BLACK_JOKER));
    /// ```
    #[inline]
    pub const fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= card.bit();
        new
    }

    /// Removes a card; returns whether it was there.
    ///
    /// ```
    /// use cards_core::{Card, CardSet};
    /// let mut s = CardSet::ALL;
    /// assert!(s.remove(Card::BLACK_JOKER));
    /// assert!(!s.remove(Card::BLACK_JOKER));
    /// ```
    #[inline]
    pub const fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !card.bit();
        had
    }

    /// Union (`|` in const contexts).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::STANDARD.union(CardSet::JOKERS), CardSet::ALL);
    /// ```
    #[inline]
    #[must_use]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Intersection (`&` in const contexts).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::ALL.intersection(CardSet::JOKERS), CardSet::JOKERS);
    /// ```
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Difference (`-` in const contexts).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::ALL.difference(CardSet::JOKERS), CardSet::STANDARD);
    /// ```
    #[inline]
    #[must_use]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Complement within the 54 cards (`!` in const contexts).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::STANDARD.complement(), CardSet::JOKERS);
    /// ```
    #[inline]
    #[must_use]
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & Self::ALL.0)
    }

    /// Whether every card of `self` is in `other`.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert!(CardSet::JOKERS.is_subset(CardSet::ALL));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether every card of `other` is in `self`.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert!(CardSet::ALL.is_superset(CardSet::JOKERS));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.is_subset(self)
    }

    /// Whether the two sets share no card.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert!(CardSet::STANDARD.is_disjoint(CardSet::JOKERS));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The lowest card (weakest rank, then ♣ first), or `None` if empty.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "SA H3 D3".parse().unwrap();
    /// assert_eq!(s.first(), Some("D3".parse().unwrap()));
    /// ```
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The highest card, or `None` if empty.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "SA H3 D3".parse().unwrap();
    /// assert_eq!(s.last(), Some("SA".parse().unwrap()));
    /// ```
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(63 - self.0.leading_zeros() as u8)
        }
    }

    /// The set of only its lowest card (empty if empty).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "SA H3 D3".parse().unwrap();
    /// assert_eq!(s.lowest(), "D3".parse().unwrap());
    /// ```
    #[inline]
    #[must_use]
    pub const fn lowest(self) -> CardSet {
        CardSet(self.0 & self.0.wrapping_neg())
    }

    /// Iterates the cards, lowest bit first.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S4 C3".parse().unwrap();
    /// let v: Vec<String> = s.iter().map(|c| c.to_string()).collect();
    /// assert_eq!(v, ["♣3", "♠4"]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// The cards without jokers.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::ALL.standard(), CardSet::STANDARD);
    /// ```
    #[inline]
    #[must_use]
    pub const fn standard(self) -> CardSet {
        CardSet(self.0 & Self::STANDARD.0)
    }

    /// The number of jokers in the set (0..=2).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// assert_eq!(CardSet::ALL.joker_count(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn joker_count(self) -> u32 {
        (self.0 & Self::JOKERS.0).count_ones()
    }

    /// The suits present among the non-joker cards, as a 4-bit mask (bit = [`Suit::index`]).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S3 S9 C5 RJ".parse().unwrap();
    /// assert_eq!(s.suit_mask(), 0b1001);
    /// ```
    #[inline]
    #[must_use]
    pub const fn suit_mask(self) -> u8 {
        let mut x = self.0 & Self::STANDARD.0;
        x |= x >> 32;
        x |= x >> 16;
        x |= x >> 8;
        x |= x >> 4;
        (x & 0xf) as u8
    }

    /// Per-rank card counts, packed 4 bits a rank (nibble `r` = number of cards of rank `r`,
    /// 0..=4), computed with SWAR bit arithmetic. Nibble 13 holds the number of jokers.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S3 H3 D3 C5 BJ".parse().unwrap();
    /// assert_eq!(s.rank_counts(), 0x0010_0000_0000_0103);
    /// ```
    #[inline]
    #[must_use]
    pub const fn rank_counts(self) -> u64 {
        let x = self.0;
        let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
        (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333)
    }

    /// The count of one rank's cards.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank};
    /// let s: CardSet = "S3 H3 C5".parse().unwrap();
    /// assert_eq!(s.count_of(Rank::Three), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn count_of(self, rank: Rank) -> u32 {
        (self.0 >> (4 * rank as u32) & 0xf).count_ones()
    }

    /// The quantity-position form (the seed's 枚数位置型): for each rank holding `n >= 1` cards,
    /// the one bit `n - 1` of its nibble. Jokers are not included. Computed with SWAR arithmetic
    /// from [`rank_counts`](Self::rank_counts).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// // three 3s -> nibble 0 = 0b0100, one 5 -> nibble 2 = 0b0001
    /// let s: CardSet = "S3 H3 D3 C5".parse().unwrap();
    /// assert_eq!(s.quantity_positions(), 0x104);
    /// ```
    #[inline]
    #[must_use]
    pub const fn quantity_positions(self) -> u64 {
        let c = self.standard().rank_counts();
        let b0 = c & NIBBLE_LSB;
        let b1 = (c >> 1) & NIBBLE_LSB;
        let b2 = (c >> 2) & NIBBLE_LSB;
        (b0 & !b1) | ((b1 & !b0) << 1) | ((b0 & b1) << 2) | (b2 << 3)
    }

    /// The ranks holding exactly `n` cards (0 gives the ranks with no card; above 4 none), by
    /// [`swar::exactly`](crate::swar::exactly) on the packed counts.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank};
    /// let s: CardSet = "S3 H3 C5 D5 S9".parse().unwrap();
    /// let pairs = s.ranks_with_exactly(2);
    /// assert_eq!(pairs.iter().collect::<Vec<_>>(), [Rank::Three, Rank::Five]);
    /// assert_eq!(s.ranks_with_exactly(0).len(), 10);
    /// ```
    #[inline]
    #[must_use]
    pub const fn ranks_with_exactly(self, n: u32) -> RankSet {
        RankSet::from_nibble_lsbs(crate::swar::exactly(self.standard().rank_counts(), n))
    }

    /// The ranks holding at least `n` cards (0 gives every rank; above 4 none), by
    /// [`swar::at_least`](crate::swar::at_least) on the packed counts.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank};
    /// let s: CardSet = "S3 H3 D3 C5 D5 S9".parse().unwrap();
    /// assert_eq!(s.ranks_with_at_least(2).len(), 2);
    /// assert_eq!(s.ranks_with_at_least(3).iter().collect::<Vec<_>>(), [Rank::Three]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn ranks_with_at_least(self, n: u32) -> RankSet {
        RankSet::from_nibble_lsbs(crate::swar::at_least(self.standard().rank_counts(), n))
    }

    /// The ranks with at least one card (jokers excluded).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S3 H3 C5 RJ".parse().unwrap();
    /// assert_eq!(s.ranks().len(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn ranks(self) -> RankSet {
        self.ranks_with_at_least(1)
    }

    /// The cards of `self` whose rank is in `ranks`.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank, RankSet};
    /// let s: CardSet = "S3 H3 C5 RJ".parse().unwrap();
    /// let only3 = s.of_rank_set(RankSet::EMPTY.with(Rank::Three));
    /// assert_eq!(only3, "S3 H3".parse().unwrap());
    /// ```
    #[inline]
    #[must_use]
    pub const fn of_rank_set(self, ranks: RankSet) -> CardSet {
        CardSet(self.0 & CardSet::of_ranks(ranks).0)
    }

    /// The lowest card of every same-suit run of `len` consecutive ranks (jokers never count):
    /// one bit per window, so a run of 5 holds three windows of 3. Computed with `len - 1`
    /// shifts and ANDs. `len` 0 gives the empty set.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S6 S7 S8 S9 D9 D10 DJ".parse().unwrap();
    /// assert_eq!(s.run_starts(3), "S6 S7 D9".parse().unwrap());
    /// assert_eq!(s.run_starts(4), "S6".parse().unwrap());
    /// ```
    #[inline]
    #[must_use]
    pub const fn run_starts(self, len: u32) -> CardSet {
        if len == 0 {
            return CardSet::EMPTY;
        }
        let s = self.0 & Self::STANDARD.0;
        let mut r = s;
        let mut i = 1;
        while i < len && i < 14 {
            r &= s >> (4 * i);
            i += 1;
        }
        if len > 13 { CardSet::EMPTY } else { CardSet(r) }
    }

    /// Every same-suit run window of `len` cards in the set, each as a set, lowest start first.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S6 S7 S8 S9".parse().unwrap();
    /// let w: Vec<CardSet> = s.runs(3).collect();
    /// assert_eq!(w, ["S6 S7 S8".parse().unwrap(), "S7 S8 S9".parse().unwrap()]);
    /// ```
    pub fn runs(self, len: u32) -> impl Iterator<Item = CardSet> + Clone + use<> {
        let unit = repunit(len);
        self.run_starts(len)
            .iter()
            .map(move |c| CardSet(c.bit() * unit))
    }

    /// All 52 cards of ranks strictly stronger than `rank` in the given order (no jokers).
    ///
    /// ```
    /// use cards_core::{CardSet, Order, Rank};
    /// assert_eq!(CardSet::stronger_than(Rank::Ace, Order::Normal), CardSet::rank(Rank::Two));
    /// assert_eq!(CardSet::stronger_than(Rank::Four, Order::Reversed), CardSet::rank(Rank::Three));
    /// ```
    #[inline]
    #[must_use]
    pub const fn stronger_than(rank: Rank, order: Order) -> CardSet {
        match order {
            Order::Normal => CardSet::above(rank),
            Order::Reversed => CardSet::below(rank),
        }
    }

    /// All 52 cards of ranks strictly weaker than `rank` in the given order (no jokers).
    ///
    /// ```
    /// use cards_core::{CardSet, Order, Rank};
    /// assert_eq!(CardSet::weaker_than(Rank::Four, Order::Normal), CardSet::rank(Rank::Three));
    /// ```
    #[inline]
    #[must_use]
    pub const fn weaker_than(rank: Rank, order: Order) -> CardSet {
        CardSet::stronger_than(rank, order.flip())
    }

    /// All cards of ranks above `rank` in the normal order (3 < ... < 2), no jokers.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank};
    /// assert_eq!(CardSet::above(Rank::King).len(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn above(rank: Rank) -> CardSet {
        CardSet(Self::STANDARD.0 & !((1u64 << (4 * (rank as u32 + 1))) - 1))
    }

    /// All cards of ranks below `rank` in the normal order, no jokers.
    ///
    /// ```
    /// use cards_core::{CardSet, Rank};
    /// assert_eq!(CardSet::below(Rank::Five).len(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn below(rank: Rank) -> CardSet {
        CardSet((1u64 << (4 * rank as u32)) - 1)
    }

    /// Every subset of `k` cards, in colex order (each subset once; `C(len, k)` of them).
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S3 H3 D3 C3 S4".parse().unwrap();
    /// assert_eq!(s.subsets_of_size(2).count(), 10);
    /// assert_eq!(s.subsets_of_size(0).collect::<Vec<_>>(), [CardSet::EMPTY]);
    /// assert_eq!(s.subsets_of_size(6).count(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn subsets_of_size(self, k: u32) -> crate::KSubsets {
        crate::KSubsets::new(self, k)
    }

    /// Every subset, the empty set first and `self` last (`2^len` of them), by the carry-rippler.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let s: CardSet = "S3 H3 S4".parse().unwrap();
    /// assert_eq!(s.subsets().count(), 8);
    /// assert_eq!(s.subsets().last(), Some(s));
    /// ```
    #[inline]
    #[must_use]
    pub const fn subsets(self) -> crate::Subsets {
        crate::Subsets::new(self)
    }
}

/// `0x1…1` with `len` nibbles set to 1: multiplying a card's bit by it gives its run of `len`.
#[inline]
pub(crate) const fn repunit(len: u32) -> u64 {
    if len >= 16 {
        NIBBLE_LSB
    } else {
        ((1u64 << (4 * len)) - 1) / 0xf
    }
}

impl From<Card> for CardSet {
    #[inline]
    fn from(card: Card) -> CardSet {
        CardSet::from_card(card)
    }
}

impl<T: Into<CardSet>> BitOr<T> for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, rhs: T) -> CardSet {
        self.union(rhs.into())
    }
}

impl<T: Into<CardSet>> BitAnd<T> for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, rhs: T) -> CardSet {
        self.intersection(rhs.into())
    }
}

impl<T: Into<CardSet>> BitXor<T> for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitxor(self, rhs: T) -> CardSet {
        CardSet(self.0 ^ rhs.into().0)
    }
}

impl<T: Into<CardSet>> Sub<T> for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: T) -> CardSet {
        self.difference(rhs.into())
    }
}

impl Not for CardSet {
    type Output = CardSet;
    #[inline]
    fn not(self) -> CardSet {
        self.complement()
    }
}

impl<T: Into<CardSet>> BitOrAssign<T> for CardSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: T) {
        *self = *self | rhs;
    }
}

impl<T: Into<CardSet>> BitAndAssign<T> for CardSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: T) {
        *self = *self & rhs;
    }
}

impl<T: Into<CardSet>> BitXorAssign<T> for CardSet {
    #[inline]
    fn bitxor_assign(&mut self, rhs: T) {
        *self = *self ^ rhs;
    }
}

impl<T: Into<CardSet>> SubAssign<T> for CardSet {
    #[inline]
    fn sub_assign(&mut self, rhs: T) {
        *self = *self - rhs;
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        s.extend(iter);
        s
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.0 |= c.bit();
        }
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    #[inline]
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// Iterator over a set's cards, lowest bit first (see [`CardSet::iter`]).
///
/// ```
/// use cards_core::CardSet;
/// let mut it = CardSet::JOKERS.iter();
/// assert_eq!(it.len(), 2);
/// assert_eq!(it.next_back().map(|c| c.to_string()), Some("RJ".into()));
/// ```
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    #[inline]
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1u64 << i);
        Card::from_index(i)
    }
}

impl ExactSizeIterator for Iter {}
impl FusedIterator for Iter {}

impl fmt::Debug for CardSet {
    /// `{♠3, ♥3, RJ}`; with `{:#?}` the ASCII form `{S3, H3, RJ}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if f.alternate() {
                write!(f, "{c:#}")?;
            } else {
                write!(f, "{c}")?;
            }
        }
        f.write_str("}")
    }
}

impl fmt::Display for CardSet {
    /// The cards separated by spaces, lowest first: `♠3 ♥3 RJ`; `{:#}` writes ASCII `S3 H3 RJ`.
    /// The text parses back to the same set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if f.alternate() {
                write!(f, "{c:#}")?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
