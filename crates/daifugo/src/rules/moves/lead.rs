//! A lead: the entry points [`lead`] and [`lead_into`] (the contract is the module's), and the
//! list of a hand without the joker: its singles and each size's groups by exact-length extends
//! (in line for a hand of singles and pairs alone), its bigger groups and its sequences out of
//! line. A hand with the joker goes to [`lead_joker`].

use crate::rules::meld::{JK, NO_STAND, STD};
use crate::{Error, Kind, Meld, Rules};
use cards_core::CardSet;

use super::Sink;
#[cfg(doc)]
use super::follow::follow_sink;
use super::joker::lead_joker;
use super::tables::{PACKED, at_least, card_count, push_counted_cards, push_windows, rank_len};

/// Every meld `hand` can lead, each once, as a new `Vec` (see [`lead_into`] for the list and its
/// order; a search loop should reuse one buffer with it).
///
/// ```
/// use daifugo::{lead, Rules};
/// let r = Rules::UECDA;
/// let moves = lead(r.parse_hand("S3 D3 S4 S5").unwrap(), &r).unwrap();
/// assert_eq!(moves.len(), 6);
/// ```
pub fn lead(hand: CardSet, rules: &Rules) -> Result<Vec<Meld>, Error> {
    let mut out = Vec::new();
    lead_into(hand, rules, &mut out)?;
    Ok(out)
}

/// Appends to `out` every meld `hand` can lead, each once, and returns how many were added.
///
/// The list holds every single (each card, and the lone joker), every group (every subset of 2
/// to 4 cards of a rank, and with the joker every subset of 1 to 3 cards with the joker standing
/// for each missing card of the rank, one move per stand-in, and the five-card group) and every
/// sequence (every same-suit window of 3 or more held cards, and with the joker every window of
/// which all cards but one are held, the joker standing for that one — or for any one card of a
/// fully held window, a card the player holds but does not play).
///
/// Order: singles (by card, the joker last); then groups by size 2 to 5, within a size by rank
/// (3 first), within a rank the joker-free subsets in colex order, then the joker's (by subset in
/// colex order, then stand-in ♣♦♥♠); then sequences by length 3 to 13, within a length the
/// joker-free windows by their weakest card, then the joker's by the joker's position in the
/// window (weakest first), then by the window's weakest card, then (with
/// [`Rules::joker_beyond_ends`]) the joker below 3 by suit ♣♦♥♠, then the joker above 2 by suit;
/// a sequence with the joker beyond an end may be 14 cards long (a whole suit and the joker).
/// Without [`Rules::sequences`] no sequence is listed. The order never depends on the state.
///
/// ```
/// use daifugo::{lead_into, Rules};
/// let r = Rules::UECDA;
/// let mut out = Vec::new();
/// let n = lead_into(r.parse_hand("S3 D3 S4 S5").unwrap(), &r, &mut out).unwrap();
/// let text: Vec<String> = out.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(n, 6);
/// assert_eq!(text, ["D3", "S3", "S4", "S5", "D3 S3", "S3 S4 S5"]);
/// ```
#[inline]
pub fn lead_into(hand: CardSet, rules: &Rules, out: &mut Vec<Meld>) -> Result<usize, Error> {
    lead_sink(hand, rules, out)
}

/// [`lead_into`] into any sink (in line, as [`lead_into`] and [`follow_sink`]: a lead of singles
/// alone makes no call).
#[inline]
pub(crate) fn lead_sink<S: Sink>(
    hand: CardSet,
    rules: &Rules,
    out: &mut S,
) -> Result<usize, Error> {
    rules.check(hand)?;
    Ok(lead_checked(hand, rules, out))
}

/// The `n` joker-free groups (`n` their exact count) of the ranks `ranks` (nibble LSBs) of `h`
/// from `table` (a row of [`PACKED`]), by rank, within a rank in colex order: an exact-length
/// iterator.
#[inline]
fn plain_groups(
    h: u64,
    mut ranks: u64,
    n: usize,
    table: &'static [u32; 16],
) -> impl Iterator<Item = Meld> {
    let mut subsets = 0u32;
    let mut shift = 0u32;
    (0..n).map(move |_| {
        if subsets == 0 {
            shift = ranks.trailing_zeros();
            ranks &= ranks.wrapping_sub(1);
            subsets = table[((h >> shift) & 0xf) as usize];
        }
        let s = subsets & 0xf;
        subsets >>= 4;
        Meld::raw(u64::from(s) << shift, NO_STAND, Kind::Group)
    })
}

/// [`lead_sink`] of a checked hand (the count is returned in a register, and the caller builds
/// the `Result`). In line in the caller: a hand without the joker writes its singles by one
/// exact-length extend there (the count from the rank counts), and its pairs when it has no rank
/// of 3 (each pair its rank's cards), with no call; bigger groups and sequences, and the joker's
/// whole list, are out of line.
#[inline]
fn lead_checked<S: Sink>(hand: CardSet, rules: &Rules, out: &mut S) -> usize {
    let hb = hand.bits();
    if hb & JK != 0 {
        return lead_joker(hb & STD, rules, out);
    }
    let h = hb & STD;
    let counts = CardSet::from_bits_truncate(h).rank_counts();
    let m2 = at_least(counts, 2);
    let cards = if m2 == 0 {
        // every rank of one card at most: the rank counts are 0 or 1, summed by a multiply into
        // nibble 15 (no nibble carries: each sums at most 13)
        (counts.wrapping_mul(0x1111_1111_1111_1111) >> 60) as usize
    } else {
        card_count(counts)
    };
    push_counted_cards(out, h, cards, Kind::Single);
    let mut n = cards;
    if m2 != 0 {
        n += lead_plain_groups(out, h, counts, m2);
    }
    if rules.sequences {
        // starts of 3 held cards in a row
        let a = h & (h >> 4) & (h >> 8);
        if a != 0 {
            n += lead_windows(out, h, a);
        }
    }
    n
}

/// Pushes the groups of a hand without the joker with a rank of 2 cards or more (`h` its cards,
/// `counts` its rank counts, `m2` those ranks); returns how many. A hand of pairs alone (most
/// hands with a group) in line, each pair its rank's cards, by one exact-length extend; with a
/// rank of 3 cards or more, [`push_big_groups`] out of line.
#[inline]
fn lead_plain_groups<S: Sink>(out: &mut S, h: u64, counts: u64, m2: u64) -> usize {
    let m3 = at_least(counts, 3);
    if m3 != 0 {
        return push_big_groups(out, h, counts, m2, m3);
    }
    let n2 = rank_len(m2);
    let mut ranks = m2;
    out.extend_melds((0..n2).map(|_| {
        let bit = ranks.trailing_zeros();
        ranks &= ranks.wrapping_sub(1);
        Meld::raw(h & (0xf << bit), NO_STAND, Kind::Group)
    }));
    n2
}

/// Pushes the joker-free groups of `h` (standard cards, rank counts `counts`) with a rank of 3
/// cards or more: `m2`, `m3` the ranks of at least 2 and 3 cards; returns how many. A hand with
/// one rank of 3 cards and none of 4 writes its one triple by a push (no second table walk).
#[inline(never)]
fn push_big_groups<S: Sink>(out: &mut S, h: u64, counts: u64, m2: u64, m3: u64) -> usize {
    let m4 = at_least(counts, 4);
    if m4 == 0 && m3 & m3.wrapping_neg() == m3 {
        // one rank of 3 cards and none of 4 (most hands with a rank of 3): its 3 pairs among the
        // others' by one extend, then its one triple, its rank's cards, by one push
        let n2 = rank_len(m2) + 2;
        out.extend_melds(plain_groups(h, m2, n2, &PACKED[0]));
        out.push(Meld::raw(
            h & (0xf << m3.trailing_zeros()),
            NO_STAND,
            Kind::Group,
        ));
        return n2 + 1;
    }
    // a rank of c cards has C(c, 2) pairs (1, 3, 6 for 2, 3, 4 cards) and C(c, 3) triples
    let (c2, c3, c4) = (rank_len(m2), rank_len(m3), rank_len(m4));
    let (n2, n3) = (c2 + 2 * c3 + 3 * c4, c3 + 3 * c4);
    out.extend_melds(plain_groups(h, m2, n2, &PACKED[0]));
    out.extend_melds(plain_groups(h, m3, n3, &PACKED[1]));
    if m4 != 0 {
        out.extend_melds(plain_groups(h, m4, c4, &PACKED[2]));
    }
    n2 + n3 + c4
}

/// Pushes the joker-free sequences of `h` (standard cards) by length, from `a` the starts of 3
/// held cards in a row (not empty); returns how many.
#[inline(never)]
fn lead_windows<S: Sink>(out: &mut S, h: u64, mut a: u64) -> usize {
    let start = out.len();
    let mut len = 3;
    while a != 0 {
        push_windows(out, a, len);
        a &= h >> (4 * len);
        len += 1;
    }
    out.len() - start
}
