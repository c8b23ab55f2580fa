//! The move lists: every meld a hand can lead, every meld that follows the table.
//!
//! Both fill a caller's `Vec<Meld>` (appending; reuse one buffer across calls to avoid
//! allocation). The order is fixed and documented on [`lead`] and [`follow`].

use cards_core::CardSet;

use crate::meld::{ABOVE2, BELOW3, JK, LSB, NO_STAND, STD, rep};
use crate::{Error, Kind, Meld, Rules, State};

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
    for &s in subsets(nib, k) {
        out.push(Meld::raw((s as u64) << shift, NO_STAND, Kind::Group));
    }
    if joker {
        for &s in subsets(nib, k - 1) {
            let mut missing = 0xf ^ s as u64;
            while missing != 0 {
                let t = missing.trailing_zeros();
                missing &= missing - 1;
                out.push(Meld::raw(
                    ((s as u64) << shift) | JK,
                    (shift + t) as u8,
                    Kind::Group,
                ));
            }
        }
    }
}

/// Pushes every sequence of `len` cards inside `range` (standard cards) that `h` (held cards,
/// within `range`) makes: first the windows of held cards by start card, then (with the joker)
/// for each joker position from the window's weakest card up, the windows by start card. `a`
/// holds `a[i]` = starts of `i` held cards in a row (`a[1]` = `h`).
#[inline]
fn push_sequences<S: Sink>(out: &mut S, a: &[u64; 15], range: u64, len: u32, joker: bool) {
    if len > 13 {
        return;
    }
    let unit = rep(len);
    let mut starts = a[len as usize];
    while starts != 0 {
        let b = starts & starts.wrapping_neg();
        starts ^= b;
        out.push(Meld::raw(b * unit, NO_STAND, Kind::Sequence));
    }
    if !joker {
        return;
    }
    for p in 0..len {
        let pre = if p == 0 { u64::MAX } else { a[p as usize] };
        let q = len - p - 1;
        let suf = if q == 0 {
            u64::MAX
        } else {
            a[q as usize] >> (4 * (p + 1))
        };
        let mut starts = pre & suf & (range >> (4 * p));
        while starts != 0 {
            let b = starts & starts.wrapping_neg();
            starts ^= b;
            let stand = b << (4 * p);
            out.push(Meld::raw(
                ((b * unit) ^ stand) | JK,
                stand.trailing_zeros() as u8,
                Kind::Sequence,
            ));
        }
    }
}

/// Pushes the sequences of `len` cards (3..=14) with the joker beyond an end whose real cards
/// lie in `h` (held standard cards, already cut to the allowed range): below 3 when `below`,
/// above 2 otherwise, by suit ♣♦♥♠.
#[inline]
fn push_beyond_ends<S: Sink>(out: &mut S, h: u64, len: u32, below: bool) {
    let n = len - 1;
    let base = if below {
        rep(n)
    } else {
        rep(n) << (4 * (13 - n))
    };
    let code = if below { BELOW3 } else { ABOVE2 };
    for suit in 0..4u8 {
        let real = base << suit;
        if h & real == real {
            out.push(Meld::raw(real | JK, code + suit, Kind::Sequence));
        }
    }
}

/// Run starts of every length: `a[i]` = cards of `h` starting `i` held cards in a row.
#[inline]
fn run_table(h: u64, upto: u32) -> [u64; 15] {
    let mut a = [0u64; 15];
    a[1] = h;
    let mut i = 2;
    while i <= (upto as usize).min(13) {
        a[i] = a[i - 1] & (h >> (4 * (i - 1)));
        if a[i] == 0 {
            break;
        }
        i += 1;
    }
    a
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
/// use daifugo::{follow, Meld, Rules, State};
/// let r = Rules::SEED;
/// let state = State::with_table(Meld::parse("S3 D3", &r).unwrap());
/// let moves = follow(r.parse_hand("S4 D4 C4 S5 S6").unwrap(), &state, &r).unwrap();
/// let text: Vec<String> = moves.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["C4 D4", "C4 S4", "D4 S4"]);
/// ```
pub fn follow(hand: CardSet, state: &State, rules: &Rules) -> Result<Vec<Meld>, Error> {
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
pub fn lead_into(hand: CardSet, rules: &Rules, out: &mut Vec<Meld>) -> Result<usize, Error> {
    lead_sink(hand, rules, out)
}

/// Where the move generators put their melds: a `Vec<Meld>`, or a game's `Vec<Action>`.
pub(crate) trait Sink {
    fn push(&mut self, m: Meld);
    fn len(&self) -> usize;
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
}

/// [`lead_into`] into any sink.
#[inline]
pub(crate) fn lead_sink<S: Sink>(
    hand: CardSet,
    rules: &Rules,
    out: &mut S,
) -> Result<usize, Error> {
    rules.check(hand)?;
    let start = out.len();
    let h = hand.bits() & STD;
    let joker = hand.bits() & JK != 0;
    // singles
    let mut s = h;
    while s != 0 {
        let b = s & s.wrapping_neg();
        s ^= b;
        out.push(Meld::raw(b, NO_STAND, Kind::Single));
    }
    if joker {
        out.push(Meld::JOKER);
    }
    // groups
    let counts = hand.rank_counts();
    for k in 2..=5u32 {
        let need = if joker { k - 1 } else { k };
        if need > 4 {
            continue;
        }
        let mut ranks = at_least(counts, need);
        while ranks != 0 {
            let bit = ranks.trailing_zeros();
            ranks &= ranks - 1;
            let r = bit / 4;
            push_groups(out, r, (h >> bit) & 0xf, k, joker, 0);
        }
    }
    if rules.sequences {
        push_all_sequences(
            h,
            joker && rules.joker,
            joker && rules.joker_beyond_ends,
            out,
        );
    }
    Ok(out.len() - start)
}

/// Nibble LSBs (bit `4r`) of the ranks 3..2 with at least `n` cards (the joker's nibble 13 cut).
#[inline]
const fn at_least(counts: u64, n: u32) -> u64 {
    cards_core::swar::at_least(counts, n) & LSB
}

/// Appends to `out` every meld of `hand` that beats the table under `state` (see
/// [`State::beats`]), each once, and returns how many were added. Passing is always allowed and
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
/// use daifugo::{follow_into, Meld, Rules, State};
/// let r = Rules::SEED;
/// let state = State::with_table(Meld::parse("S3 S4 S5", &r).unwrap());
/// let hand = r.parse_hand("S6 S7 S8 S9 D9 D10 DJ").unwrap();
/// let mut out = Vec::new();
/// follow_into(hand, &state, &r, &mut out).unwrap();
/// let text: Vec<String> = out.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["S6 S7 S8", "S7 S8 S9", "D9 D10 DJ"]);
/// ```
pub fn follow_into(
    hand: CardSet,
    state: &State,
    rules: &Rules,
    out: &mut Vec<Meld>,
) -> Result<usize, Error> {
    follow_sink(hand, state, rules, out)
}

/// [`follow_into`] into any sink.
#[inline]
pub(crate) fn follow_sink<S: Sink>(
    hand: CardSet,
    state: &State,
    rules: &Rules,
    out: &mut S,
) -> Result<usize, Error> {
    let Some(table) = state.table else {
        return lead_sink(hand, rules, out);
    };
    state.check_hand(hand, rules)?;
    let start = out.len();
    let h = hand.bits() & STD;
    let joker = hand.bits() & JK != 0;
    let reversed = state.revolution ^ state.eleven_back;
    let lock = if state.locked {
        table.suit_mask() as u64
    } else {
        0
    };
    let tf = table.face_bits();
    let n = table.len() as u32;
    match table.kind() {
        Kind::Single => {
            if tf == 0 {
                if rules.spade_three && h & S3 != 0 {
                    out.push(Meld::raw(S3, NO_STAND, Kind::Single));
                }
                return Ok(out.len() - start);
            }
            let mut cand = h & stronger_cards(tf, reversed);
            if lock != 0 {
                cand &= LSB * lock;
            }
            while cand != 0 {
                let b = cand & cand.wrapping_neg();
                cand ^= b;
                out.push(Meld::raw(b, NO_STAND, Kind::Single));
            }
            if joker {
                out.push(Meld::JOKER);
            }
        }
        Kind::Group => {
            let need = if joker { n - 1 } else { n };
            if need > 4 {
                return Ok(0);
            }
            let mut ranks = at_least(hand.rank_counts(), need) & stronger_cards(tf, reversed);
            while ranks != 0 {
                let bit = ranks.trailing_zeros();
                ranks &= ranks - 1;
                push_groups(out, bit / 4, (h >> bit) & 0xf, n, joker, lock);
            }
        }
        Kind::Sequence => {
            if !rules.sequences || n > 14 {
                return Ok(0);
            }
            let mut range = stronger_cards(tf, reversed);
            if lock != 0 {
                range &= LSB * lock;
            }
            let hr = h & range;
            let a = run_table(hr, n);
            push_sequences(out, &a, range, n, joker);
            if joker && rules.joker_beyond_ends {
                // in the normal order only a joker above 2 can be stronger, in reverse only one
                // below 3; its real cards must all lie in the range
                push_beyond_ends(out, hr, n, reversed);
            }
        }
    }
    Ok(out.len() - start)
}

/// Standard cards of ranks stronger than the weakest (normal) or strongest (reversed) rank of
/// `faces`; for a single or group the rank is the one rank.
#[inline]
fn stronger_cards(faces: u64, reversed: bool) -> u64 {
    if reversed {
        (1u64 << (faces.trailing_zeros() & !3)) - 1
    } else {
        STD & !((2u64 << (faces.ilog2() | 3)) - 1)
    }
}

/// Pushes every sequence `h` (standard cards) makes, with the joker if `joker` (and beyond the
/// ends if `beyond`), in [`lead_into`] order.
pub(crate) fn push_all_sequences<S: Sink>(h: u64, joker: bool, beyond: bool, out: &mut S) {
    let a = run_table(h, 13);
    for len in 3..=14u32 {
        let half = (len / 2) as usize;
        if a[len as usize] == 0 && (!joker || a[half] == 0) && (!beyond || a[len as usize - 1] == 0)
        {
            break;
        }
        push_sequences(out, &a, STD, len, joker);
        if beyond {
            push_beyond_ends(out, h, len, true);
            push_beyond_ends(out, h, len, false);
        }
    }
}
