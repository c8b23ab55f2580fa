//! A lead with the joker in the hand: the singles (the joker last), the groups size by size
//! (the pairs by one loop on the cards, the bigger sizes' loops on the ranks), then the
//! sequences with the joker at each position and beyond the ends. A pair follow with the joker
//! and no lock is written as this lead's pairs of the stronger cards.

use crate::rules::meld::{JK, NO_STAND, STD, rep};
use crate::{Kind, Meld, Rules};
use cards_core::CardSet;

use super::Sink;
#[cfg(doc)]
use super::tables::JOKER_GROUPS;
use super::tables::{
    MISSING_PAIR, at_least, card_count, joker_pair, push_all_beyond_ends, push_counted_cards,
    push_joker_groups, push_joker_windows, push_plain_groups, push_plain_windows, run_table,
};
#[cfg(doc)]
use crate::lead_into;

/// [`push_plain_groups`] of a rank of `count` (at least `k`) cards: the one group of a rank of
/// exactly `k` cards by a push (no table, no loop).
#[inline]
fn push_lead_groups<S: Sink>(out: &mut S, shift: u32, nib: u64, count: u64, k: u32) {
    if count == u64::from(k) {
        out.push(Meld::raw(nib << shift, NO_STAND, Kind::Group));
    } else {
        push_plain_groups(out, shift, nib, k);
    }
}

/// `lead_checked` of a hand with the joker (`h` its standard cards): the singles (the joker
/// last), then the groups size by size (the pairs by one loop on the cards, a rank's joker-free
/// pairs at its first card, then each card's with the joker; the bigger sizes' loops on the ranks
/// written out: a rank's joker-free groups, then the joker's, a rank of 2 cards' triples with no
/// table walk; a hand with no rank of 2 cards has for its groups the pairs of each card with the
/// joker alone), then the sequences ([`lead_joker_sequences`], in line).
#[inline(never)]
pub(super) fn lead_joker<S: Sink>(h: u64, rules: &Rules, out: &mut S) -> usize {
    let start = out.len();
    let counts = CardSet::from_bits_truncate(h).rank_counts();
    let cards = card_count(counts);
    push_counted_cards(out, h | JK, cards + 1, Kind::Single);
    let m2 = at_least(counts, 2);
    push_pairs_with_joker(out, h, counts, m2);
    if m2 != 0 {
        let m3 = at_least(counts, 3);
        push_lead_joker_triples(out, h, counts, m2, m3);
        if m3 != 0 {
            let m4 = at_least(counts, 4);
            push_lead_joker_groups(out, h, counts, m3, m4, 4);
            let mut ranks = m4;
            while ranks != 0 {
                let bit = ranks.trailing_zeros();
                ranks &= ranks - 1;
                out.push(Meld::raw((0xf << bit) | JK, NO_STAND, Kind::Group));
            }
        }
    }
    // a sequence needs one of 3 cards with two of them held, so two cards of a suit at most 2
    // ranks apart (about half the hands with the joker have none: no call)
    if rules.sequences && h & ((h >> 4) | (h >> 8)) != 0 {
        lead_joker_sequences(h, rules.joker_beyond_ends, out);
    }
    out.len() - start
}

/// Pushes the pairs of `h` (standard cards, rank counts `counts`, `m2` its ranks of 2 cards or
/// more) with the joker in the hand, by rank: a rank's joker-free pairs, then each of its cards
/// with the joker standing for each other suit (with no rank of 2 cards, each card's pairs with
/// the joker alone).
#[allow(clippy::inline_always)] // in line in both `lead_joker` and `push_joker_pair_follows`
#[inline(always)]
pub(super) fn push_pairs_with_joker<S: Sink>(out: &mut S, h: u64, counts: u64, m2: u64) {
    if m2 == 0 {
        push_joker_pairs_by_card(out, h);
    } else {
        // a rank's joker-free pairs at its first card (the lowest card of a rank of 2 or more:
        // no nibble of `x` borrows in `x - m2`, each is 0 or holds a card)
        let x = h & (m2 * 0xf);
        push_lead_joker_pairs(out, h, counts, x & !(x - m2));
    }
}

/// Pushes the pairs of each card of `cards` (standard cards, no rank of 2) with the joker, by
/// card: for each the joker standing for the other suits of its rank in ♣♦♥♠ order, two cards a
/// round by one extend of six (a loop on the cards, none on the ranks).
#[allow(clippy::inline_always)] // in line in `push_pairs_with_joker`, so in both its callers
#[inline(always)]
fn push_joker_pairs_by_card<S: Sink>(out: &mut S, mut cards: u64) {
    while cards != 0 {
        let i = cards.trailing_zeros();
        cards &= cards - 1;
        let (meld, stands) = joker_pair(i);
        if cards == 0 {
            out.extend_melds(
                (0..3).map(|j| Meld::raw(meld, (stands >> (8 * j)) as u8, Kind::Group)),
            );
            return;
        }
        // two cards a round
        let k = cards.trailing_zeros();
        cards &= cards - 1;
        push_joker_pairs_of_two(out, (meld, stands), k);
    }
}

/// Pushes the pairs of a lead with the joker (`h` the standard cards, `counts` their rank counts),
/// by rank: the joker-free ones of a rank at its card of `firsts` (the lowest card of each rank of
/// 2 cards or more), then for each card of the rank, by suit, the joker standing for each other
/// suit of the rank (a loop on the cards, none on the ranks; a card with the next one by one extend
/// of six when no joker-free pairs come between them, a rank of 2 cards' pair and both cards'
/// by one extend of seven).
#[allow(clippy::inline_always)] // in line in `push_pairs_with_joker`, so in both its callers
#[inline(always)]
fn push_lead_joker_pairs<S: Sink>(out: &mut S, h: u64, counts: u64, firsts: u64) {
    let mut cards = h;
    while cards != 0 {
        let i = cards.trailing_zeros();
        cards &= cards - 1;
        let rank = i & !3;
        let (meld, stands) = joker_pair(i);
        if (firsts >> i) & 1 != 0 {
            if (counts >> rank) & 0xf == 2 {
                // a rank of 2 cards (the next card the other): its pair, then each card's pairs
                // with the joker, by one extend of seven (the pair's cards: both bits, the
                // joker's cancelled)
                let k = cards.trailing_zeros();
                cards &= cards - 1;
                let (next, next_stands) = joker_pair(k);
                out.extend_melds((0..7).map(|j| {
                    if j == 0 {
                        Meld::raw(meld ^ next, NO_STAND, Kind::Group)
                    } else if j < 4 {
                        Meld::raw(meld, (stands >> (8 * (j - 1))) as u8, Kind::Group)
                    } else {
                        Meld::raw(next, (next_stands >> (8 * (j - 4))) as u8, Kind::Group)
                    }
                }));
                continue;
            }
            push_plain_groups(out, rank, (h >> rank) & 0xf, 2);
        }
        // with the next card when its rank's joker-free pairs do not come first: one extend of
        // six (one room check, one length write)
        let k = cards.trailing_zeros();
        if cards == 0 || (firsts >> k) & 1 != 0 {
            out.extend_melds(
                (0..3).map(|j| Meld::raw(meld, (stands >> (8 * j)) as u8, Kind::Group)),
            );
            continue;
        }
        cards &= cards - 1;
        push_joker_pairs_of_two(out, (meld, stands), k);
    }
}

/// Pushes the pairs with the joker of a card (`meld` its bit and the joker, `stands` from
/// [`joker_pair`]) and then of the card `k` by one extend of six (one room check, one
/// length write).
#[inline]
fn push_joker_pairs_of_two<S: Sink>(out: &mut S, (meld, stands): (u64, u32), k: u32) {
    let (next, next_stands) = joker_pair(k);
    out.extend_melds((0..6).map(|j| {
        if j < 3 {
            Meld::raw(meld, (stands >> (8 * j)) as u8, Kind::Group)
        } else {
            Meld::raw(next, (next_stands >> (8 * (j - 3))) as u8, Kind::Group)
        }
    }));
}

/// Pushes the groups of 3 cards of a lead with the joker (`h` the standard cards, `counts` their
/// rank counts) of the ranks `m2` (those of 2 cards or more), by rank: for a rank of `m3` (3 cards
/// or more) the joker-free ones, then the joker's ([`JOKER_GROUPS`] order); for a rank of 2 cards,
/// its pair with the joker standing for each missing suit (one extend of two, no table walk).
#[inline]
fn push_lead_joker_triples<S: Sink>(out: &mut S, h: u64, counts: u64, mut ranks: u64, m3: u64) {
    while ranks != 0 {
        let bit = ranks.trailing_zeros();
        ranks &= ranks - 1;
        let nib = (h >> bit) & 0xf;
        if (m3 >> bit) & 1 != 0 {
            push_lead_groups(out, bit, nib, (counts >> bit) & 0xf, 3);
            push_joker_groups(out, bit, nib, 2);
        } else {
            let cards = (nib << bit) | JK;
            let stands = u32::from(MISSING_PAIR[(4 * bit as usize + nib as usize) & 255]);
            out.extend_melds(
                (0..2).map(|j| Meld::raw(cards, (stands >> (8 * j)) as u8, Kind::Group)),
            );
        }
    }
}

/// Pushes the groups of `k` cards (3 or 4; [`lead_joker`] uses it for 4) of a lead with the joker
/// (`h` the standard cards, `counts` their rank counts) of the ranks `ranks` (those of `k - 1`
/// cards or more), by rank: the joker-free ones of the ranks of `plain` (those of `k` cards or
/// more), then the joker's.
#[allow(clippy::inline_always)] // the loop specialised in `lead_joker` (`k` a constant)
#[inline(always)]
fn push_lead_joker_groups<S: Sink>(
    out: &mut S,
    h: u64,
    counts: u64,
    mut ranks: u64,
    plain: u64,
    k: u32,
) {
    while ranks != 0 {
        let bit = ranks.trailing_zeros();
        ranks &= ranks - 1;
        let nib = (h >> bit) & 0xf;
        if (plain >> bit) & 1 != 0 {
            push_lead_groups(out, bit, nib, (counts >> bit) & 0xf, k);
        }
        push_joker_groups(out, bit, nib, k - 1);
    }
}

/// Pushes every sequence of `h` (standard cards; two cards of a suit at most 2 ranks apart) with
/// the joker in the hand, in [`lead_into`] order (beyond the ends if `beyond`): by length, the
/// joker-free windows, then the joker's by its position, then beyond the ends. The lengths 3 to 5
/// (most hands have no longer) are written out from the starts of 2 to 4 held cards in a row, with
/// no run table (a hand with no run of 3: only its two joker positions of the length 4 and one of
/// the 5); a length with none ends the list ([`lead_joker_long_sequences`] from 6).
#[inline]
fn lead_joker_sequences<S: Sink>(h: u64, beyond: bool, out: &mut S) {
    // starts of 2 and 3 held cards in a row
    let a2 = h & (h >> 4);
    let a3 = a2 & (h >> 8);
    // length 3: the joker at 0 needs a run of 2 after it, at 1 a card on each side, at 2 a run
    // of 2 before
    let before = out.len();
    let unit = rep(3);
    push_plain_windows(out, a3, unit);
    push_joker_windows(out, a2 >> 4, unit, 0);
    push_joker_windows(out, h & (h >> 8) & (STD >> 4), unit, 1);
    push_joker_windows(out, a2 & (STD >> 8), unit, 2);
    if beyond {
        push_all_beyond_ends(out, a2, 3);
    }
    // a length with no sequence has no longer one: a longer window with one card missing holds
    // a window of this length with one missing or none, and beyond an end needs a run of this
    // length; a sequence of 4 needs a run of 2
    if out.len() == before || a2 == 0 {
        return;
    }
    let before = out.len();
    let unit = rep(4);
    if a3 == 0 {
        // no run of 3 (most hands): of length 4 only the joker at 1 or 2, between a card and a
        // run of 2; of 5 only at 2, between two runs of 2; none longer
        push_joker_windows(out, h & (a2 >> 8) & (STD >> 4), unit, 1);
        push_joker_windows(out, a2 & (h >> 12) & (STD >> 8), unit, 2);
        if out.len() != before {
            push_joker_windows(out, a2 & (a2 >> 12) & (STD >> 8), rep(5), 2);
        }
        return;
    }
    // length 4: the joker at 0 needs a run of 3 after it, at 1 a card and a run of 2, at 2 a
    // run of 2 and a card, at 3 a run of 3 before
    let a4 = a3 & (h >> 12);
    push_plain_windows(out, a4, unit);
    push_joker_windows(out, a3 >> 4, unit, 0);
    push_joker_windows(out, h & (a2 >> 8) & (STD >> 4), unit, 1);
    push_joker_windows(out, a2 & (h >> 12) & (STD >> 8), unit, 2);
    push_joker_windows(out, a3 & (STD >> 12), unit, 3);
    if beyond {
        push_all_beyond_ends(out, a3, 4);
    }
    if out.len() == before {
        return;
    }
    // length 5: the joker at p needs a run of p before it and of 4 - p after it
    let before = out.len();
    let unit = rep(5);
    push_plain_windows(out, a4 & (h >> 16), unit);
    push_joker_windows(out, a4 >> 4, unit, 0);
    push_joker_windows(out, h & (a3 >> 8) & (STD >> 4), unit, 1);
    push_joker_windows(out, a2 & (a2 >> 12) & (STD >> 8), unit, 2);
    push_joker_windows(out, a3 & (h >> 16) & (STD >> 12), unit, 3);
    push_joker_windows(out, a4 & (STD >> 16), unit, 4);
    if beyond {
        push_all_beyond_ends(out, a4, 5);
    }
    if out.len() != before {
        lead_joker_long_sequences(h, beyond, out);
    }
}

/// [`lead_joker_sequences`] from the length 6 on (a hand with some sequence of 5): the run
/// table built only up to the longest run, the lengths stopped at the first with none or at
/// twice the longest run and one (a longer one has no joker position; beyond an end needs the
/// longest run and one at most).
#[inline(never)]
fn lead_joker_long_sequences<S: Sink>(h: u64, beyond: bool, out: &mut S) {
    // a[i]: starts of i held cards in a row (a[0] every bit), up to the longest run; 0 above
    let (a, longest) = run_table(h, 13);
    let longest = longest as usize;
    let mut len = 6usize;
    let mut before = usize::MAX;
    while len <= (2 * longest + 1).min(14) && out.len() != before {
        before = out.len();
        if len <= 13 {
            let unit = rep(len as u32);
            push_plain_windows(out, a[len & 15], unit);
            // a joker position p needs p held cards before it and len - p - 1 after it
            // (a `while`: an inclusive range's iterator costs a flag a round)
            let mut p = (len - 1).saturating_sub(longest);
            let last = (len - 1).min(longest);
            while p <= last {
                let pre = a[p & 15];
                let suf = a[(len - p - 1) & 15] >> ((4 * (p + 1)) & 63);
                push_joker_windows(out, pre & suf & (STD >> ((4 * p) & 63)), unit, p);
                p += 1;
            }
        }
        if beyond {
            push_all_beyond_ends(out, a[(len - 1) & 15], len as u32);
        }
        len += 1;
    }
}
