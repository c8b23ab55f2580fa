//! A follow: the entry points [`follow`] and [`follow_into`], the checks, the table kind's
//! filter (in line: most follows of a game have no move), then the writers of singles, groups
//! and sequences that beat the table.

use crate::rules::meld::{JK, LSB, NO_STAND, STD, rep};
use crate::{Error, Kind, Meld, Rules, Table};
use cards_core::CardSet;

use super::Sink;
use super::joker::push_pairs_with_joker;
use super::lead::lead_sink;
use super::tables::{
    at_least, nibble_count, push_beyond_ends, push_joker_groups, push_joker_windows,
    push_plain_groups, push_plain_windows, push_windows, run_table, stronger_cards,
    stronger_than_rank, subsets,
};
#[cfg(doc)]
use crate::lead;

/// The ♠3 card bit.
const S3: u64 = 1 << 3;

/// Pushes the groups of `k` cards (2..=5) of rank `r` whose held suits are `nib`: the `k`-subsets
/// without the joker first, then with the joker the `(k-1)`-subsets, each with the joker standing
/// for every missing suit in ♣♦♥♠ order (for `k` = 5 the four cards and the joker, no stand-in).
/// `lock` (a suit mask, or 0 for none) keeps only groups whose suit set is `lock`.
#[inline]
fn push_groups<S: Sink>(out: &mut S, r: u32, nib: u64, k: u32, joker: bool, lock: u64) {
    let shift = 4 * r;
    if k == 5 {
        if joker && nib == 0xf {
            out.push(Meld::raw((0xf << shift) | JK, NO_STAND, Kind::Group));
        }
        return;
    }
    if lock != 0 {
        if nib & lock == lock {
            out.push(Meld::raw(lock << shift, NO_STAND, Kind::Group));
        }
        if joker {
            for &s in subsets(nib & lock, k - 1) {
                let t = lock ^ s as u64;
                out.push(Meld::raw(
                    ((s as u64) << shift) | JK,
                    (shift + t.trailing_zeros()) as u8,
                    Kind::Group,
                ));
            }
        }
        return;
    }
    push_plain_groups(out, shift, nib, k);
    if joker {
        push_joker_groups(out, shift, nib, k - 1);
    }
}

/// Pushes every sequence of `len` cards inside `range` (standard cards) that `h` (held cards,
/// within `range`) makes: first the windows of held cards by start card, then (with the joker)
/// for each joker position from the window's weakest card up, the windows by start card. `a`
/// holds `a[i]` = starts of `i` held cards in a row (`a[0]` every bit, `a[1]` = `h`).
#[allow(clippy::inline_always)] // into the joker's sequence follows (measured when leads used it too)
#[inline(always)]
fn push_sequences<S: Sink>(
    out: &mut S,
    (a, longest): &([u64; 16], u32),
    range: u64,
    len: u32,
    joker: bool,
) {
    if len > 13 {
        return;
    }
    let unit = rep(len);
    push_plain_windows(out, a[len as usize & 15], unit);
    if !joker {
        return;
    }
    // a joker position p needs p held cards before it and len - p - 1 after it: p and
    // len - p - 1 at most the longest run (0 and len - 1 need nothing on one side)
    let first = (len - 1).saturating_sub(*longest);
    let last = (len - 1).min(*longest);
    for p in first..=last {
        // `a[0]`, every bit, for no card on a side (shifted, it still covers the range: the
        // range is standard cards); the index masks drop the bound checks
        let pre = a[p as usize & 15];
        let suf = a[(len - p - 1) as usize & 15] >> (4 * (p + 1));
        push_joker_windows(out, pre & suf & (range >> (4 * p)), unit, p as usize);
    }
}

/// Every meld of `hand` that beats the table under `state`, each once, as a new `Vec` (see
/// [`follow_into`] for the list, its order and errors).
///
/// ```
/// use daifugo::{follow, Meld, Rules, Table};
/// let r = Rules::TUTORIAL;
/// let state = Table::with_table(Meld::parse("S3 D3", &r).unwrap());
/// let moves = follow(r.parse_hand("S4 D4 C4 S5 S6").unwrap(), &state, &r).unwrap();
/// let text: Vec<String> = moves.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["C4 D4", "C4 S4", "D4 S4"]);
/// ```
pub fn follow(hand: CardSet, state: &Table, rules: &Rules) -> Result<Vec<Meld>, Error> {
    let mut out = Vec::new();
    follow_into(hand, state, rules, &mut out)?;
    Ok(out)
}

/// Appends to `out` every meld of `hand` that beats the table under `state` (see
/// [`Table::beats`]), each once, and returns how many were added. Passing is always allowed and
/// is not listed. With a clear table this is the [`lead`] list.
///
/// Order: as in [`lead`], restricted to the table's kind and size: singles by card, then the
/// lone joker; groups by rank (3 first), the joker-free subsets first, then the joker's; sequences
/// joker-free first, then the joker's by its position in the window. Ranks always go 3 first,
/// whatever the order in force.
///
/// Errors: a red joker, a joker the rules do not have (in the hand or on the table), or a card
/// both in the hand and on the table ([`Error::OnTable`]).
///
/// ```
/// use daifugo::{follow_into, Meld, Rules, Table};
/// let r = Rules::TUTORIAL;
/// let state = Table::with_table(Meld::parse("S3 S4 S5", &r).unwrap());
/// let hand = r.parse_hand("S6 S7 S8 S9 D9 D10 DJ").unwrap();
/// let mut out = Vec::new();
/// follow_into(hand, &state, &r, &mut out).unwrap();
/// let text: Vec<String> = out.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["S6 S7 S8", "S7 S8 S9", "D9 D10 DJ"]);
/// ```
#[inline]
pub fn follow_into(
    hand: CardSet,
    state: &Table,
    rules: &Rules,
    out: &mut Vec<Meld>,
) -> Result<usize, Error> {
    follow_sink(hand, state, rules, out)
}

/// [`follow_into`] into any sink.
#[inline]
pub(crate) fn follow_sink<S: Sink>(
    hand: CardSet,
    state: &Table,
    rules: &Rules,
    out: &mut S,
) -> Result<usize, Error> {
    if state.table.is_none() {
        lead_sink(hand, rules, out)
    } else {
        follow_table(hand, state, rules, out)
    }
}

/// [`follow_into`] on a table: the checks, then the table kind's filter in line (most follows
/// of a game have no move, and end here without a call), then one call that writes the moves.
#[inline]
fn follow_table<S: Sink>(
    hand: CardSet,
    state: &Table,
    rules: &Rules,
    out: &mut S,
) -> Result<usize, Error> {
    // by reference: the table meld is read in place, not copied to the frame first
    let Some(table) = &state.table else {
        return lead_sink(hand, rules, out);
    };
    let hb = hand.bits();
    let tb = table.bits();
    // one test for what `Table::check_hand` refuses: a red joker, a joker the rules lack, a card
    // in both; the full check then names the fault
    // (bits 52 and 53 are the jokers: above 1 a red one, 1 a black one the rules may lack)
    if ((hb | tb) >> 52) > u64::from(rules.joker) || hb & tb != 0 {
        state.check_hand(hand, rules)?;
    }
    let reversed = state.revolution ^ state.eleven_back;
    Ok(match table.kind() {
        Kind::Single => {
            let cand = single_follows(hb, tb, reversed, state.locked, rules.spade_three);
            if cand == 0 {
                0
            } else {
                push_singles(out, cand)
            }
        }
        Kind::Group => follow_group(hb, *table, reversed, state.locked, out),
        Kind::Sequence => {
            // without the joker a sequence that beats it needs 3 held cards in a row of a suit
            // among the stronger ranks (most sequence follows of a game have none: no call)
            let hr = hb & stronger_cards(table.face_bits(), reversed);
            if hb & JK == 0 && hr & (hr >> 4) & (hr >> 8) == 0 {
                0
            } else {
                follow_sequence(hb, *table, reversed, state.locked, rules, out)
            }
        }
    })
}

/// The cards of `hb` (checked hand bits) whose singles beat the single `tb`: the stronger
/// cards (of the table card's suit when `locked`) and the joker, or over the lone joker the ♠3
/// (with `spade_three`).
#[inline]
fn single_follows(hb: u64, tb: u64, reversed: bool, locked: bool, spade_three: bool) -> u64 {
    if tb == JK {
        return if spade_three { hb & S3 } else { 0 };
    }
    let mut cand = hb & stronger_than_rank(tb, reversed);
    if locked {
        // the table card's suit
        cand &= LSB << (tb.trailing_zeros() & 3);
    }
    // the joker is bit 52, above every card: listed last
    cand | (hb & JK)
}

/// Pushes the singles of `cards` (not empty), lowest first, the joker last; returns how many.
/// In line in the caller's frame; two cards a round by one extend, the last odd one by a push
/// (a follow has few: cheaper than counting them first with a software popcount, the build
/// target having no popcount instruction, and than one push a card).
#[inline]
fn push_singles<S: Sink>(out: &mut S, mut cards: u64) -> usize {
    let start = out.len();
    while cards != 0 {
        let b = cards & cards.wrapping_neg();
        cards ^= b;
        if cards == 0 {
            out.push(Meld::raw(b, NO_STAND, Kind::Single));
            break;
        }
        // two cards a round by one extend (one room check, one length write)
        let c = cards & cards.wrapping_neg();
        cards ^= c;
        out.extend_melds(
            [b, c]
                .into_iter()
                .map(|x| Meld::raw(x, NO_STAND, Kind::Single)),
        );
    }
    out.len() - start
}

/// The groups of `hb` (checked hand bits) that beat the group `table`: the filter in line (no
/// stronger rank with enough cards, no call), the pushes out of line.
#[inline]
fn follow_group<S: Sink>(hb: u64, table: Meld, reversed: bool, locked: bool, out: &mut S) -> usize {
    // the cards of stronger ranks: none, no group (most group follows of a game end here)
    // (a group's rank is the rank of its standard cards, whatever the joker stands for)
    let hr = hb & stronger_than_rank(table.bits() & STD, reversed);
    if hr == 0 {
        return 0;
    }
    // the group's size: the cards of its rank, and the joker
    let tb = table.bits();
    let nib = (tb >> ((tb & STD).trailing_zeros() & !3)) & 0xf;
    let n = nibble_count(nib) + (tb >> 52) as u32;
    let joker = hb & JK != 0;
    let need = if joker { n - 1 } else { n };
    if need > 4 {
        return 0;
    }
    let ranks = at_least(CardSet::from_bits_truncate(hr).rank_counts(), need);
    if ranks == 0 {
        return 0;
    }
    if n == 2 && !joker && !locked {
        // joker-free pairs (most group follows with a move), in line: a rank of exactly 2
        // cards is one pair, its cards
        return push_pairs(out, hr, ranks);
    }
    if n == 2 && !locked {
        // pairs with the joker in the hand: a lead's pairs of the stronger cards (the same list
        // and order)
        return push_joker_pair_follows(out, hr);
    }
    let lock = if locked {
        u64::from(table.suit_mask())
    } else {
        0
    };
    push_group_follows(out, hr, ranks, n, joker, lock)
}

/// Pushes the pairs of `hr` (the stronger standard cards) with the joker in the hand, the table
/// a pair with no lock: the pairs of a lead of `hr` with the joker (by rank, a rank's joker-free
/// pairs, then each card with the joker standing for each other suit); returns how many.
#[inline(never)]
pub(super) fn push_joker_pair_follows<S: Sink>(out: &mut S, hr: u64) -> usize {
    let start = out.len();
    let counts = CardSet::from_bits_truncate(hr).rank_counts();
    push_pairs_with_joker(out, hr, counts, at_least(counts, 2));
    out.len() - start
}

/// Pushes the joker-free pairs of the ranks `ranks` (nibble LSBs) of `hr`, by rank; returns
/// how many.
#[inline]
fn push_pairs<S: Sink>(out: &mut S, hr: u64, mut ranks: u64) -> usize {
    let start = out.len();
    while ranks != 0 {
        let bit = ranks.trailing_zeros();
        ranks &= ranks - 1;
        let nib = (hr >> bit) & 0xf;
        if nibble_count(nib) == 2 {
            out.push(Meld::raw(nib << bit, NO_STAND, Kind::Group));
        } else {
            push_plain_groups(out, bit, nib, 2);
        }
    }
    out.len() - start
}

/// Pushes the groups of `n` cards of the ranks `ranks` (nibble LSBs) of `hr` (see
/// [`push_groups`]); returns how many.
#[inline(never)]
fn push_group_follows<S: Sink>(
    out: &mut S,
    hr: u64,
    mut ranks: u64,
    n: u32,
    joker: bool,
    lock: u64,
) -> usize {
    let start = out.len();
    while ranks != 0 {
        let bit = ranks.trailing_zeros();
        ranks &= ranks - 1;
        push_groups(out, bit / 4, (hr >> bit) & 0xf, n, joker, lock);
    }
    out.len() - start
}

/// The sequences of `hb` (checked hand bits) that beat the sequence `table` (none without
/// [`Rules::sequences`]; with the joker beyond the ends under [`Rules::joker_beyond_ends`]).
#[inline(never)]
fn follow_sequence<S: Sink>(
    hb: u64,
    table: Meld,
    reversed: bool,
    locked: bool,
    rules: &Rules,
    out: &mut S,
) -> usize {
    // one suit's cards (summed by a multiply: nibble 12 of the product collects the 13 nibble
    // bits), and the joker
    let tb = table.bits();
    let suit_cards = (tb & STD) >> ((tb & STD).trailing_zeros() & 3);
    let n = ((suit_cards.wrapping_mul(LSB) >> 48) & 0xf) as u32 + (tb >> 52) as u32;
    if !rules.sequences || n > 14 {
        return 0;
    }
    let mut range = stronger_cards(table.face_bits(), reversed);
    if locked {
        range &= LSB * u64::from(table.suit_mask());
    }
    let hr = hb & STD & range;
    let start = out.len();
    if hb & JK == 0 {
        // starts of n held cards in a row
        let mut a = hr;
        let mut i = 1;
        while i < n && a != 0 {
            a &= hr >> (4 * i);
            i += 1;
        }
        // (none, the usual: no room reserved, no unit computed)
        if a != 0 {
            push_windows(out, a, n);
        }
    } else {
        push_joker_sequence_follows(out, hr, range, n, reversed, rules.joker_beyond_ends);
    }
    out.len() - start
}

/// [`follow_sequence`] with the joker in the hand (out of line: its run table's frame is not
/// set up for the follows without it): the sequences of `n` cards of `hr` (the held cards in
/// `range`), with the joker beyond an end when `beyond`.
#[inline(never)]
fn push_joker_sequence_follows<S: Sink>(
    out: &mut S,
    hr: u64,
    range: u64,
    n: u32,
    reversed: bool,
    beyond: bool,
) {
    let a = run_table(hr, n);
    push_sequences(out, &a, range, n, true);
    if beyond {
        // in the normal order only a joker above 2 can be stronger, in reverse only one below 3;
        // its real cards must all lie in the range
        push_beyond_ends(out, a.0[n as usize - 1], n, reversed);
    }
}
