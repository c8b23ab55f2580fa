//! SWAR arithmetic on packed per-rank counts: one nibble a rank, every rank answered at once.
//!
//! [`CardSet::rank_counts`](crate::CardSet::rank_counts) packs 13 ranks (and the joker count in
//! nibble 13); a game with more ranks (Dou Dizhu's two jokers as ranks 13 and 14) packs its own.
//! These functions work on any such word whose nibbles hold counts from 0 to 7.

/// `0x1111_1111_1111_1111`: bit 0 of every nibble.
///
/// ```
/// use cards_core::swar::NIBBLE_LSBS;
/// assert_eq!(NIBBLE_LSBS.count_ones(), 16);
/// ```
pub const NIBBLE_LSBS: u64 = 0x1111_1111_1111_1111;

/// Bit 0 of each nibble set where the nibble's count is at least `n` (`n` 0 gives every nibble,
/// above 7 none). One add and one shift: `count >= n` exactly when `count + (8 - n)` has bit 3
/// set, and no nibble carries into the next.
///
/// ```
/// use cards_core::{CardSet, swar};
/// let hand: CardSet = "S3 H3 D3 C5 D5 S9".parse().unwrap();
/// // three 3s (nibble 0), two 5s (nibble 2), one 9 (nibble 6)
/// assert_eq!(swar::at_least(hand.rank_counts(), 2), 0x101);
/// assert_eq!(swar::at_least(hand.rank_counts(), 3), 0x001);
/// ```
#[inline]
#[must_use]
pub const fn at_least(counts: u64, n: u32) -> u64 {
    if n > 7 {
        return 0;
    }
    (((counts & (NIBBLE_LSBS * 7)) + NIBBLE_LSBS * (8 - n as u64)) >> 3) & NIBBLE_LSBS
}

/// Bit 0 of each nibble set where the nibble's count is exactly `n` (above 7 none).
///
/// ```
/// use cards_core::{CardSet, swar};
/// let hand: CardSet = "S3 H3 D3 C5 D5 S9".parse().unwrap();
/// assert_eq!(swar::exactly(hand.rank_counts(), 2), 0x100);
/// assert_eq!(swar::exactly(hand.rank_counts(), 1), 0x100_0000);
/// assert_eq!(swar::exactly(hand.rank_counts(), u32::MAX), 0);
/// ```
#[inline]
#[must_use]
pub const fn exactly(counts: u64, n: u32) -> u64 {
    at_least(counts, n) & !at_least(counts, n.saturating_add(1))
}
