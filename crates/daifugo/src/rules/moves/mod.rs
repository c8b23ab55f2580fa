//! The move lists: every meld a hand can lead, every meld that follows the table.
//!
//! Both fill a caller's `Vec<Meld>` (appending; reuse one buffer across calls to avoid
//! allocation). The order is fixed and documented on [`lead`] and [`follow`].
//!
//! Speed notes: the inputs are checked once at the entry (one mask test on the fast path, the typed
//! error from the full check otherwise); a follow then runs its table kind's filter in line, in the
//! caller's frame (the stronger cards of a single's or group's rank from a table, the rank counts
//! only when some stronger card is held), writes its singles there too (the joker among them as bit
//! 52, two cards a round by one extend: no popcount, which the generic x86-64 target computes in a
//! dozen instructions), and its joker-free pairs too (a rank of exactly 2 cards is one push); it
//! calls out of line only to write other groups and sequences (most follows of a game have no move;
//! a sequence follow without the joker and no 3 stronger cards of a suit in a row ends in line);
//! groups come from tables of the 16 suit patterns (the joker's stand-ins included), a rank of
//! exactly the group's size by one push, and a pair follow with the joker in the hand and no lock
//! is written as a lead's pairs of the stronger cards (the same list); a lead without the joker
//! writes its singles and each size's groups by one exact-length extend each, their counts from the
//! rank counts (a hand of singles alone: the count by one multiply), in line, with no call, for a
//! hand of singles and pairs alone (each pair its rank's cards; 8 leads in 10 or more without the
//! joker in the measured sets), its bigger groups and its sequences out of line; a lead with the
//! joker writes its pairs by one loop on its cards (a rank's joker-free pairs at its first card, a
//! card's three with the joker and their stand-ins from one table entry, two cards' six by one
//! extend, a rank of 2 cards' pair and six by one of seven) and each bigger size's group loop out
//! (a rank of 2 cards: its two triples with the joker from one packed load of the missing suits),
//! and its sequences (in line, written only with two cards of a suit at most 2 ranks apart) write
//! the lengths 3 to 5 out from the starts of 2 to 4 cards in a row, build the run table (only up to
//! the longest run) for the length 6 on, and stop at the first length with none; a joker sequence's
//! sides come from the run table with no branch (its entry 0 is every bit); a lead's singles and
//! groups reserve their room before they write, a follow's singles extend two at a time, and all
//! sequences (few) push one by one with no reserve. The lists equal, order included, those of the
//! first implementation, kept in the `reference` test module, which compares them on random
//! positions and on positions of seeded matches under every rule set.

#[cfg(test)]
mod reference;

use cards_core::CardSet;

use crate::rules::meld::{ABOVE2, BELOW3, JK, LSB, NO_STAND, STD, rep};
use crate::{Error, Kind, Meld, Rules, Table};

/// The ♠3 card bit.
const S3: u64 = 1 << 3;

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
fn subsets(nibble: u64, k: u32) -> &'static [u8] {
    let row = &SUBSETS[nibble as usize][k as usize];
    &row[1..=row[0] as usize]
}

/// `JOKER_GROUPS[n][j - 1]`: the groups of `j` cards (1..=3) of the 4-bit suit set `n` with
/// the joker added, as `[count, s | t << 4, ...]`: the `j`-subsets `s` in colex order, for each
/// the stand-in suits `t` missing from `s` in ♣♦♥♠ order.
const JOKER_GROUPS: [[[u8; 13]; 3]; 16] = {
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
fn push_plain_groups<S: Sink>(out: &mut S, shift: u32, nib: u64, k: u32) {
    // a slice's mapped iterator has an exact length: one reserve, no check a write
    out.extend_melds(
        subsets(nib, k)
            .iter()
            .map(|&s| Meld::raw((s as u64) << shift, NO_STAND, Kind::Group)),
    );
}

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

/// Pushes the groups of `j + 1` cards (`j` = 1..=3) of the rank at bit `shift` made of `j` held
/// cards (suits `nib`) and the joker, in [`JOKER_GROUPS`] order.
#[inline]
fn push_joker_groups<S: Sink>(out: &mut S, shift: u32, nib: u64, j: u32) {
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
fn push_counted_cards<S: Sink>(out: &mut S, mut bits: u64, n: usize, kind: Kind) {
    out.extend_melds((0..n).map(|_| {
        let b = bits & bits.wrapping_neg();
        bits ^= b;
        Meld::raw(b, NO_STAND, kind)
    }));
}

/// Pushes the windows of `len` cards starting at the bits of `starts`, weakest first.
#[inline]
fn push_windows<S: Sink>(out: &mut S, starts: u64, len: u32) {
    // (no reserve: each push checks the room, and a hint costs a check a length)
    push_plain_windows(out, starts, rep(len));
}

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

/// Pushes the sequences of `len` cards (3..=14) with the joker beyond an end: below 3 when
/// `below`, above 2 otherwise, by suit ♣♦♥♠. `runs` = the starts of `len - 1` held cards in a
/// row (`a[len - 1]` of [`run_table`], the cards already cut to the allowed range): a suit
/// qualifies when its run starts at the 3 (below) or ends at the 2 (above).
#[inline]
fn push_beyond_ends<S: Sink>(out: &mut S, runs: u64, len: u32, below: bool) {
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
fn run_table(h: u64, upto: u32) -> ([u64; 16], u32) {
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

/// Where the move generators put their melds: a `Vec<Meld>`, or a game's `Vec<Action>`.
pub(crate) trait Sink {
    fn push(&mut self, m: Meld);
    fn len(&self) -> usize;
    /// Appends every meld of `melds` (an exact-length iterator: one reserve, no check a write).
    fn extend_melds<I: Iterator<Item = Meld>>(&mut self, melds: I);
}

impl Sink for Vec<Meld> {
    #[inline]
    fn push(&mut self, m: Meld) {
        Vec::push(self, m);
    }
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn extend_melds<I: Iterator<Item = Meld>>(&mut self, melds: I) {
        self.extend(melds);
    }
}

impl Sink for Vec<crate::Action> {
    #[inline]
    fn push(&mut self, m: Meld) {
        Vec::push(self, crate::Action::Play(m));
    }
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn extend_melds<I: Iterator<Item = Meld>>(&mut self, melds: I) {
        self.extend(melds.map(crate::Action::Play));
    }
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

/// `PACKED[k - 2][n]`: the `k`-subsets (2..=4) of the 4-bit suit set `n` in colex order, 4
/// bits each from the low end (a subset is never 0, so the first empty nibble ends the list).
const PACKED: [[u32; 16]; 3] = {
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
const fn rank_len(m: u64) -> usize {
    ((m.wrapping_mul(LSB) >> 48) & 0xf) as usize
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

/// The number of cards of the rank counts `counts` (bytes of at most 8, summed by a multiply).
#[inline]
const fn card_count(counts: u64) -> usize {
    let bytes = (counts & 0x0f0f_0f0f_0f0f_0f0f) + ((counts >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
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

/// [`lead_checked`] of a hand with the joker (`h` its standard cards): the singles (the joker
/// last), then the groups size by size (the pairs by one loop on the cards, a rank's joker-free
/// pairs at its first card, then each card's with the joker; the bigger sizes' loops on the ranks
/// written out: a rank's joker-free groups, then the joker's, a rank of 2 cards' triples with no
/// table walk; a hand with no rank of 2 cards has for its groups the pairs of each card with the
/// joker alone), then the sequences ([`lead_joker_sequences`], in line).
#[inline(never)]
fn lead_joker<S: Sink>(h: u64, rules: &Rules, out: &mut S) -> usize {
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
fn push_pairs_with_joker<S: Sink>(out: &mut S, h: u64, counts: u64, m2: u64) {
    if m2 == 0 {
        push_joker_pairs_by_card(out, h);
    } else {
        // a rank's joker-free pairs at its first card (the lowest card of a rank of 2 or more:
        // no nibble of `x` borrows in `x - m2`, each is 0 or holds a card)
        let x = h & (m2 * 0xf);
        push_lead_joker_pairs(out, h, counts, x & !(x - m2));
    }
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
fn joker_pair(i: u32) -> (u64, u32) {
    JOKER_PAIRS[(i & 63) as usize]
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

/// `MISSING_PAIR[4 * bit + n]`: for the rank at bit `bit` (a multiple of 4, below 52) and a suit
/// set `n` of two suits, the bit numbers of the rank's two other cards in ♣♦♥♠ order, a byte each
/// from the low end (0 for other suit sets).
const MISSING_PAIR: [u16; 256] = {
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

/// Pushes the joker-free windows (`unit` = [`rep`] of their length) starting at the bits of
/// `starts`, weakest first.
#[allow(clippy::inline_always)] // into the sequence loops
#[inline(always)]
fn push_plain_windows<S: Sink>(out: &mut S, mut starts: u64, unit: u64) {
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
fn push_joker_windows<S: Sink>(out: &mut S, mut starts: u64, unit: u64, p: usize) {
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
fn push_all_beyond_ends<S: Sink>(out: &mut S, runs: u64, len: u32) {
    if runs != 0 {
        push_beyond_ends(out, runs, len, true);
        push_beyond_ends(out, runs, len, false);
    }
}

/// Nibble LSBs (bit `4r`) of the ranks 3..2 with at least `n` cards (the joker's nibble 13 cut).
#[inline]
const fn at_least(counts: u64, n: u32) -> u64 {
    cards_core::swar::at_least(counts, n) & LSB
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
fn push_joker_pair_follows<S: Sink>(out: &mut S, hr: u64) -> usize {
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

/// The number of bits of a nibble.
#[inline]
const fn nibble_count(nib: u64) -> u32 {
    ((0x4332_3221_3221_2110u64 >> (4 * nib)) & 0xf) as u32
}

/// Standard cards of ranks stronger than the weakest (normal) or strongest (reversed) rank of
/// `faces`; for a single or group the rank is the one rank.
#[inline]
fn stronger_cards(faces: u64, reversed: bool) -> u64 {
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
fn stronger_than_rank(bits: u64, reversed: bool) -> u64 {
    STRONGER[usize::from(reversed)][(bits.trailing_zeros() >> 2) as usize & 15]
}
