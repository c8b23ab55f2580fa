//! The tables the generators read (the suit patterns' subsets, the joker's groups and pairs,
//! the stronger cards of a rank), the bit counts on rank nibbles, the run table of a suit's
//! cards in a row, and the writers the lead, the joker's lead and the follow share.

use crate::rules::meld::{ABOVE2, BELOW3, JK, LSB, NO_STAND, STD, rep};
use crate::{Kind, Meld};

use super::Sink;

/// `SUBSETS[n][k]`: the `k`-subsets of the 4-bit suit set `n`, in increasing numeric order
/// (colex), as `[count, subset...]`.
const SUBSETS: [[[u8; 7]; 5]; 16] = {
    let mut t = [[[0u8; 7]; 5]; 16];
    let mut n = 0;
    while n < 16 {
        let mut m = 1;
        while m < 16 {
            if m & !n == 0 {
                let k = (m as u32).count_ones() as usize;
                let c = t[n][k][0] as usize;
                t[n][k][c + 1] = m as u8;
                t[n][k][0] += 1;
            }
            m += 1;
        }
        n += 1;
    }
    t
};

#[inline]
pub(super) fn subsets(nibble: u64, k: u32) -> &'static [u8] {
    let row = &SUBSETS[nibble as usize][k as usize];
    &row[1..=row[0] as usize]
}

/// `JOKER_GROUPS[n][j - 1]`: the groups of `j` cards (1..=3) of the 4-bit suit set `n` with
/// the joker added, as `[count, s | t << 4, ...]`: the `j`-subsets `s` in colex order, for each
/// the stand-in suits `t` missing from `s` in ♣♦♥♠ order.
pub(super) const JOKER_GROUPS: [[[u8; 13]; 3]; 16] = {
    let mut t = [[[0u8; 13]; 3]; 16];
    let mut n = 0;
    while n < 16 {
        let mut j = 1;
        while j <= 3 {
            let row = &SUBSETS[n][j];
            let mut i = 0;
            while i < row[0] as usize {
                let s = row[i + 1];
                let mut suit = 0;
                while suit < 4 {
                    if s & (1 << suit) == 0 {
                        let c = t[n][j - 1][0] as usize;
                        t[n][j - 1][c + 1] = s | (suit << 4);
                        t[n][j - 1][0] += 1;
                    }
                    suit += 1;
                }
                i += 1;
            }
            j += 1;
        }
        n += 1;
    }
    t
};

/// Pushes the groups of `k` cards (2..=4) of the rank at bit `shift` whose held suits are `nib`,
/// without the joker: the `k`-subsets in colex order.
#[inline]
pub(super) fn push_plain_groups<S: Sink>(out: &mut S, shift: u32, nib: u64, k: u32) {
    // a slice's mapped iterator has an exact length: one reserve, no check a write
    out.extend_melds(
        subsets(nib, k)
            .iter()
            .map(|&s| Meld::raw((s as u64) << shift, NO_STAND, Kind::Group)),
    );
}

/// Pushes the groups of `j + 1` cards (`j` = 1..=3) of the rank at bit `shift` made of `j` held
/// cards (suits `nib`) and the joker, in [`JOKER_GROUPS`] order.
#[inline]
pub(super) fn push_joker_groups<S: Sink>(out: &mut S, shift: u32, nib: u64, j: u32) {
    let row = &JOKER_GROUPS[nib as usize][j as usize - 1];
    out.extend_melds(row[1..=row[0] as usize].iter().map(|&e| {
        Meld::raw(
            (((e & 0xf) as u64) << shift) | JK,
            shift as u8 + (e >> 4),
            Kind::Group,
        )
    }));
}

/// Pushes the `n` cards of `bits` (`n` their exact count) one meld each, lowest first, with one
/// reserve and no check a write (a counted range's mapped iterator has an exact length).
#[inline]
pub(super) fn push_counted_cards<S: Sink>(out: &mut S, mut bits: u64, n: usize, kind: Kind) {
    out.extend_melds((0..n).map(|_| {
        let b = bits & bits.wrapping_neg();
        bits ^= b;
        Meld::raw(b, NO_STAND, kind)
    }));
}

/// Pushes the windows of `len` cards starting at the bits of `starts`, weakest first.
#[inline]
pub(super) fn push_windows<S: Sink>(out: &mut S, starts: u64, len: u32) {
    // (no reserve: each push checks the room, and a hint costs a check a length)
    push_plain_windows(out, starts, rep(len));
}

/// Pushes the sequences of `len` cards (3..=14) with the joker beyond an end: below 3 when
/// `below`, above 2 otherwise, by suit ♣♦♥♠. `runs` = the starts of `len - 1` held cards in a
/// row (`a[len - 1]` of [`run_table`], the cards already cut to the allowed range): a suit
/// qualifies when its run starts at the 3 (below) or ends at the 2 (above).
#[inline]
pub(super) fn push_beyond_ends<S: Sink>(out: &mut S, runs: u64, len: u32, below: bool) {
    let n = len - 1;
    let (start, code) = if below { (0, BELOW3) } else { (13 - n, ABOVE2) };
    let mut suits = (runs >> (4 * start)) & 0xf;
    let base = rep(n) << (4 * start);
    while suits != 0 {
        let suit = suits.trailing_zeros();
        suits &= suits - 1;
        out.push(Meld::raw(
            (base << suit) | JK,
            code + suit as u8,
            Kind::Sequence,
        ));
    }
}

/// Run starts of every length: `a[i]` = cards of `h` starting `i` held cards in a row (`a[0]`
/// every bit: any card starts a run of none), and the longest run (the largest `i` with `a[i]` not empty, at most `upto` and 13; 0 for no cards).
#[inline]
pub(super) fn run_table(h: u64, upto: u32) -> ([u64; 16], u32) {
    let mut a = [0u64; 16];
    a[0] = u64::MAX;
    if h == 0 {
        return (a, 0);
    }
    a[1] = h;
    let mut i = 2;
    while i <= (upto as usize).min(13) {
        a[i] = a[i - 1] & (h >> (4 * (i - 1)));
        if a[i] == 0 {
            break;
        }
        i += 1;
    }
    (a, i as u32 - 1)
}

/// `PACKED[k - 2][n]`: the `k`-subsets (2..=4) of the 4-bit suit set `n` in colex order, 4
/// bits each from the low end (a subset is never 0, so the first empty nibble ends the list).
pub(super) const PACKED: [[u32; 16]; 3] = {
    let mut t = [[0u32; 16]; 3];
    let mut k = 2;
    while k <= 4 {
        let mut n = 0;
        while n < 16 {
            let row = &SUBSETS[n][k];
            let mut i = row[0] as usize;
            while i > 0 {
                t[k - 2][n] = (t[k - 2][n] << 4) | row[i] as u32;
                i -= 1;
            }
            n += 1;
        }
        k += 1;
    }
    t
};

/// The number of ranks in `m` (nibble LSBs of the 13 ranks): summed by a multiply into nibble 12
/// (no nibble below it carries: each sums at most 13 bits).
#[inline]
pub(super) const fn rank_len(m: u64) -> usize {
    ((m.wrapping_mul(LSB) >> 48) & 0xf) as usize
}

/// The number of cards of the rank counts `counts` (bytes of at most 8, summed by a multiply).
#[inline]
pub(super) const fn card_count(counts: u64) -> usize {
    let bytes = (counts & 0x0f0f_0f0f_0f0f_0f0f) + ((counts >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// `JOKER_PAIRS[i]`: for the card of bit number `i` (below 52; zeros above), its bit with the
/// joker's, and the bit numbers of the other suits' cards of its rank in ♣♦♥♠ order, a byte each
/// from the low end (the stand-ins of its pairs with the joker).
const JOKER_PAIRS: [(u64, u32); 64] = {
    const STANDS: [u32; 4] = [0x03_02_01, 0x03_02_00, 0x03_01_00, 0x02_01_00];
    let mut t = [(0u64, 0u32); 64];
    let mut i = 0;
    while i < 52 {
        t[i] = ((1 << i) | JK, STANDS[i & 3] + (i as u32 & !3) * 0x01_01_01);
        i += 1;
    }
    t
};

/// The pairs of the card `i` (its bit number, below 52) with the joker: its bit with the joker's,
/// and the stand-ins, the bit numbers of the other suits' cards of its rank in ♣♦♥♠ order, a byte
/// each from the low end (one table entry: no shift, no arithmetic).
#[inline]
pub(super) fn joker_pair(i: u32) -> (u64, u32) {
    JOKER_PAIRS[(i & 63) as usize]
}

/// `MISSING_PAIR[4 * bit + n]`: for the rank at bit `bit` (a multiple of 4, below 52) and a suit
/// set `n` of two suits, the bit numbers of the rank's two other cards in ♣♦♥♠ order, a byte each
/// from the low end (0 for other suit sets).
pub(super) const MISSING_PAIR: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut bit = 0;
    while bit < 52 {
        let mut n = 0;
        while n < 16 {
            let missing = !(n as u32) & 0xf;
            if (n as u32).count_ones() == 2 {
                let low = missing.trailing_zeros() + bit as u32;
                let high = (missing & (missing - 1)).trailing_zeros() + bit as u32;
                t[4 * bit + n] = (low | (high << 8)) as u16;
            }
            n += 1;
        }
        bit += 4;
    }
    t
};

/// Pushes the joker-free windows (`unit` = [`rep`] of their length) starting at the bits of
/// `starts`, weakest first.
#[allow(clippy::inline_always)] // into the sequence loops
#[inline(always)]
pub(super) fn push_plain_windows<S: Sink>(out: &mut S, mut starts: u64, unit: u64) {
    while starts != 0 {
        let b = starts & starts.wrapping_neg();
        starts ^= b;
        out.push(Meld::raw(b * unit, NO_STAND, Kind::Sequence));
    }
}

/// Pushes the windows (`unit` = [`rep`] of their length, `p` below it) starting at the bits of
/// `starts`, weakest first, with the joker standing for their card `p`: a window's cards by one
/// multiply (`unit` less the bit `4p`: a start bit times it drops that card), its stand-in from
/// the start's bit number.
#[allow(clippy::inline_always)] // into the sequence loops
#[inline(always)]
pub(super) fn push_joker_windows<S: Sink>(out: &mut S, mut starts: u64, unit: u64, p: usize) {
    let off = (4 * p) & 63;
    let mul = unit ^ (1 << off);
    while starts != 0 {
        let b = starts & starts.wrapping_neg();
        let stand = starts.trailing_zeros() as usize + off;
        starts ^= b;
        out.push(Meld::raw((b * mul) | JK, stand as u8, Kind::Sequence));
    }
}

/// Pushes the sequences of `len` cards with the joker beyond an end, below 3 then above 2, from
/// `runs` the starts of `len - 1` held cards in a row (see [`push_beyond_ends`]).
#[inline]
pub(super) fn push_all_beyond_ends<S: Sink>(out: &mut S, runs: u64, len: u32) {
    if runs != 0 {
        push_beyond_ends(out, runs, len, true);
        push_beyond_ends(out, runs, len, false);
    }
}

/// Nibble LSBs (bit `4r`) of the ranks 3..2 with at least `n` cards (the joker's nibble 13 cut).
#[inline]
pub(super) const fn at_least(counts: u64, n: u32) -> u64 {
    cards_core::swar::at_least(counts, n) & LSB
}

/// The number of bits of a nibble.
#[inline]
pub(super) const fn nibble_count(nib: u64) -> u32 {
    ((0x4332_3221_3221_2110u64 >> (4 * nib)) & 0xf) as u32
}

/// Standard cards of ranks stronger than the weakest (normal) or strongest (reversed) rank of
/// `faces`; for a single or group the rank is the one rank.
#[inline]
pub(super) fn stronger_cards(faces: u64, reversed: bool) -> u64 {
    if reversed {
        (1u64 << (faces.trailing_zeros() & !3)) - 1
    } else {
        // `| 1`: the same log for any faces, and no panic path for none
        STD & !((2u64 << ((faces | 1).ilog2() | 3)) - 1)
    }
}

/// `STRONGER[reversed][r]`: the standard cards of the ranks stronger than rank index `r` (0 for
/// the 3 .. 12 for the 2) in the normal order (`reversed` 0) or in reverse; none for `r` 13..15.
const STRONGER: [[u64; 16]; 2] = {
    let mut t = [[0u64; 16]; 2];
    let mut r = 0;
    while r < 13 {
        t[0][r] = STD & !((1u64 << (4 * r + 4)) - 1);
        t[1][r] = (1u64 << (4 * r)) - 1;
        r += 1;
    }
    t
};

/// [`stronger_cards`] of one rank, the rank of the lowest card of `bits` (a single's card, a
/// group's standard cards), by a table: a shift, a mask and a load.
#[inline]
pub(super) fn stronger_than_rank(bits: u64, reversed: bool) -> u64 {
    STRONGER[usize::from(reversed)][(bits.trailing_zeros() >> 2) as usize & 15]
}
