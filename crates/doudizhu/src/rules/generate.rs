//! Move generation: every play a hand can lead ([`lead_into`]), every play that beats the table
//! ([`follow_into`]), and a preset's whole universe ([`universe`]).
//!
//! The generator builds plays from the hand's [`Counts`] directly: nibble masks of the ranks
//! holding at least 1..4 cards give solos, pairs, trios and bombs; chains are windows of those
//! masks (`m & m >> 4 & ...`); wings are multisets of the ranks outside the body. Two wings (four
//! with two, planes of two trios) are two nested loops over a rank mask; more are enumerated by a
//! bounded recursion that never enters a branch without a completion (a suffix sum of the remaining
//! capacity prunes it), so the work is proportional to the moves written.
//!
//! Order of a list: type in [`Kind`] order; within a type, length ascending, then main rank
//! ascending; wings of one body in the generator's order (deterministic). [`Move`]'s `Ord` gives
//! the fully sorted order the CLI and the tables use.

use crate::rules::classify::{REP, ROCKET};
use crate::rules::counts::{CHAIN, Counts, NORMAL};
use crate::rules::moves::{Kind, Move};
use crate::rules::options::Rules;

/// A hand's masks, computed once.
struct Hand {
    c: u64,
    ge: [u64; 5],
}

impl Hand {
    #[inline]
    fn new(c: Counts) -> Hand {
        Hand {
            c: c.bits(),
            ge: [
                0,
                c.at_least(1),
                c.at_least(2),
                c.at_least(3),
                c.at_least(4),
            ],
        }
    }

    #[inline]
    fn count(&self, sh: u32) -> u32 {
        ((self.c >> sh) & 0xf) as u32
    }
}

/// Nibble mask of the ranks at or above index `lo` (as bit-0-of-nibble positions).
#[inline]
const fn from_rank(lo: u32) -> u64 {
    if lo >= 16 {
        0
    } else {
        !((1u64 << (4 * lo)) - 1)
    }
}

#[inline]
fn push<O: Sink>(out: &mut O, cards: u64, kind: Kind, len: u32, main_shift: u32) {
    out.push_move(Move::new_unchecked(
        cards,
        kind,
        len as u8,
        (main_shift / 4) as u8,
    ));
}

/// Wing units: up to 13 ranks (3..2) with an increment (one card or one pair of the rank) and a
/// capacity, plus the jokers.
struct Wings {
    inc: [u64; 13],
    cap: [u32; 13],
    /// `suf[i]`: total capacity of units `i..n` plus what the jokers can add.
    suf: [u32; 14],
    n: usize,
    black: u64,
    red: u64,
    rocket: bool,
}

impl Wings {
    /// Solo wing units from `ranks` (a nibble mask of 3..2) with per-rank capacity
    /// `min(count, max)`, at most 2 for the ranks in `two_max`; jokers from the hand.
    #[inline]
    fn solos(h: &Hand, ranks: u64, max: u32, two_max: u64, rocket: bool) -> Wings {
        let mut w = Wings::empty(rocket);
        let mut m = ranks;
        while m != 0 {
            let sh = m.trailing_zeros();
            m &= m - 1;
            let mut cap = h.count(sh).min(max);
            if two_max >> sh & 1 != 0 {
                cap = cap.min(2);
            }
            w.inc[w.n] = 1 << sh;
            w.cap[w.n] = cap;
            w.n += 1;
        }
        w.black = h.c & (1 << 52);
        w.red = h.c & (1 << 56);
        w.finish();
        w
    }

    /// Pair wing units from `ranks` (a nibble mask of 3..2, each holding 2 or more): one pair
    /// each, or as many pairs as the rank holds when `repeat`.
    #[inline]
    fn pairs(h: &Hand, ranks: u64, repeat: bool) -> Wings {
        let mut w = Wings::empty(false);
        let mut m = ranks;
        while m != 0 {
            let sh = m.trailing_zeros();
            m &= m - 1;
            w.inc[w.n] = 2 << sh;
            w.cap[w.n] = if repeat { h.count(sh) / 2 } else { 1 };
            w.n += 1;
        }
        w.finish();
        w
    }

    #[inline]
    fn empty(rocket: bool) -> Wings {
        Wings {
            inc: [0; 13],
            cap: [0; 13],
            suf: [0; 14],
            n: 0,
            black: 0,
            red: 0,
            rocket,
        }
    }

    #[inline]
    fn finish(&mut self) {
        let jokers = u32::from(self.black != 0) + u32::from(self.red != 0);
        let jcap = if self.rocket { jokers } else { jokers.min(1) };
        self.suf[self.n] = jcap;
        for i in (0..self.n).rev() {
            self.suf[i] = self.suf[i + 1] + self.cap[i];
        }
    }

    /// Pushes `base` plus every wing multiset of `need` units.
    #[inline]
    fn emit<O: Sink>(&self, need: u32, base: u64, kind: Kind, len: u32, main: u32, out: &mut O) {
        if need <= self.suf[0] {
            self.rec(0, need, base, kind, len, main, out);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn rec<O: Sink>(
        &self,
        i: usize,
        need: u32,
        acc: u64,
        kind: Kind,
        len: u32,
        main: u32,
        out: &mut O,
    ) {
        if need == 0 {
            push(out, acc, kind, len, main);
            return;
        }
        if i == self.n {
            match need {
                1 => {
                    if self.black != 0 {
                        push(out, acc | self.black, kind, len, main);
                    }
                    if self.red != 0 {
                        push(out, acc | self.red, kind, len, main);
                    }
                }
                2 if self.rocket && self.black != 0 && self.red != 0 => {
                    push(out, acc | self.black | self.red, kind, len, main);
                }
                _ => {}
            }
            return;
        }
        let inc = self.inc[i];
        let top = self.cap[i].min(need);
        let mut acc = acc;
        let mut k = 0;
        loop {
            // taking k of unit i leaves need - k for the units after it
            if need - k <= self.suf[i + 1] {
                self.rec(i + 1, need - k, acc, kind, len, main, out);
            }
            if k == top {
                break;
            }
            k += 1;
            acc += inc;
        }
    }
}

/// What to generate: every length or one, every main rank or those from `lo` up.
#[derive(Copy, Clone)]
struct Filter {
    len: u32,
    lo: u32,
}

impl Filter {
    const ALL: Filter = Filter { len: 0, lo: 0 };

    #[inline]
    fn lengths(self, kind: Kind) -> core::ops::RangeInclusive<u32> {
        let r = kind.lengths();
        if self.len == 0 {
            u32::from(*r.start())..=u32::from(*r.end())
        } else {
            self.len..=self.len
        }
    }
}

/// Pushes every move of one type in `h` that passes `f`. Inlined into each call with a
/// constant type, so only that type's arm remains (measured on `doudizhu/lead_20`: 150 ns ->
/// 107 ns a hand).
#[inline(always)]
#[allow(clippy::inline_always)]
fn gen_kind<O: Sink>(h: &Hand, kind: Kind, f: Filter, rules: &Rules, out: &mut O) {
    let above = from_rank(f.lo);
    match kind {
        Kind::Solo | Kind::Pair | Kind::Trio | Kind::Bomb => {
            let k = kind.body_count();
            let mut m = h.ge[k as usize] & above;
            while m != 0 {
                let sh = m.trailing_zeros();
                m &= m - 1;
                push(out, u64::from(k) << sh, kind, 1, sh);
            }
        }
        Kind::Rocket => {
            if h.c & ROCKET == ROCKET {
                push(out, ROCKET, Kind::Rocket, 1, 56);
            }
        }
        Kind::TrioSolo | Kind::TrioPair => {
            let (wing, n) = if kind == Kind::TrioSolo {
                (h.ge[1], 1u64)
            } else {
                (h.ge[2], 2u64)
            };
            let mut t = h.ge[3] & above;
            while t != 0 {
                let ts = t.trailing_zeros();
                t &= t - 1;
                let body = 3u64 << ts;
                let mut w = wing & !(1u64 << ts);
                while w != 0 {
                    let ws = w.trailing_zeros();
                    w &= w - 1;
                    push(out, body | n << ws, kind, 1, ts);
                }
            }
        }
        Kind::Chain | Kind::PairChain | Kind::Plane => {
            let k = kind.body_count();
            let m = h.ge[k as usize] & CHAIN;
            let lens = f.lengths(kind);
            let mut win = windows(m, *lens.start());
            for len in lens {
                if len > *kind.lengths().start() as u32 {
                    win &= m >> (4 * (len - 1));
                }
                if win == 0 {
                    break;
                }
                let body = u64::from(k) * REP[len as usize];
                let mut s = win & from_rank((f.lo + 1).saturating_sub(len));
                while s != 0 {
                    let sh = s.trailing_zeros();
                    s &= s - 1;
                    push(out, body << sh, kind, len, sh + 4 * (len - 1));
                }
            }
        }
        Kind::PlaneSolo | Kind::PlanePair => {
            let m = h.ge[3] & CHAIN;
            let pair = kind == Kind::PlanePair;
            let lens = f.lengths(kind);
            let mut win = windows(m, *lens.start());
            for len in lens {
                if len > *kind.lengths().start() as u32 {
                    win &= m >> (4 * (len - 1));
                }
                if win == 0 {
                    break;
                }
                let mut s = win & from_rank((f.lo + 1).saturating_sub(len));
                while s != 0 {
                    let sh = s.trailing_zeros();
                    s &= s - 1;
                    let body_ranks = REP[len as usize] << sh;
                    let body = 3 * body_ranks;
                    let main = sh + 4 * (len - 1);
                    if pair {
                        let ranks = h.ge[2] & NORMAL & !body_ranks;
                        if len == 2 {
                            let doubles = if rules.plane_pair_repeat {
                                h.ge[4] & ranks
                            } else {
                                0
                            };
                            two(
                                ranks,
                                doubles,
                                2,
                                false,
                                base_tag(body, kind, len, main),
                                out,
                            );
                            continue;
                        }
                        let w = Wings::pairs(h, ranks, rules.plane_pair_repeat);
                        w.emit(len, body, kind, len, main, out);
                    } else if len == 2 {
                        let ranks = (h.ge[1] & NORMAL & !body_ranks) | h.c & ROCKET;
                        let doubles = if rules.solo_wings.max() >= 2 {
                            h.ge[2] & ranks
                        } else {
                            0
                        };
                        two(
                            ranks,
                            doubles,
                            1,
                            rules.rocket_wings,
                            base_tag(body, kind, len, main),
                            out,
                        );
                    } else {
                        let ranks = h.ge[1] & NORMAL & !body_ranks;
                        let next = if rules.wing_trio_next_to_body {
                            0
                        } else {
                            ((1u64 << sh) >> 4 | 1u64 << (sh + 4 * len)) & CHAIN
                        };
                        let w = Wings::solos(
                            h,
                            ranks,
                            rules.solo_wings.max(),
                            next,
                            rules.rocket_wings,
                        );
                        w.emit(len, body, kind, len, main, out);
                    }
                }
            }
        }
        Kind::FourTwoSolo | Kind::FourTwoPair => {
            if !rules.four_two {
                return;
            }
            let mut q = h.ge[4] & above;
            while q != 0 {
                let qs = q.trailing_zeros();
                q &= q - 1;
                let body = 4u64 << qs;
                if kind == Kind::FourTwoSolo {
                    let ranks = (h.ge[1] & NORMAL & !(1 << qs)) | h.c & ROCKET;
                    let doubles = if rules.four_two_solo_pair {
                        h.ge[2] & ranks
                    } else {
                        0
                    };
                    two(
                        ranks,
                        doubles,
                        1,
                        rules.rocket_wings,
                        base_tag(body, kind, 1, qs),
                        out,
                    );
                } else {
                    let ranks = h.ge[2] & !(1 << qs);
                    let doubles = if rules.four_two_pair_bomb {
                        h.ge[4] & ranks
                    } else {
                        0
                    };
                    two(ranks, doubles, 2, false, base_tag(body, kind, 1, qs), out);
                }
            }
        }
    }
}

/// A move under construction: its body cards and its type, length and main rank.
#[derive(Copy, Clone)]
struct Tag {
    body: u64,
    kind: Kind,
    len: u32,
    main: u32,
}

#[inline]
fn base_tag(body: u64, kind: Kind, len: u32, main: u32) -> Tag {
    Tag {
        body,
        kind,
        len,
        main,
    }
}

/// Pushes `tag` plus every two wing units from `ranks` (a nibble mask; the joker nibbles
/// included for solo wings): two distinct ranks, or twice one rank of `doubles`. A unit is
/// `unit` cards of its rank (1 for solos, 2 for pairs). Two jokers only when `rocket`.
#[inline]
fn two<O: Sink>(ranks: u64, doubles: u64, unit: u64, rocket: bool, tag: Tag, out: &mut O) {
    let mut a = ranks;
    while a != 0 {
        let i = a.trailing_zeros();
        a &= a - 1;
        let first = tag.body + (unit << i);
        if doubles >> i & 1 != 0 {
            push(out, first + (unit << i), tag.kind, tag.len, tag.main);
        }
        let mut b = if !rocket && i == 52 { a & !ROCKET } else { a };
        while b != 0 {
            let j = b.trailing_zeros();
            b &= b - 1;
            push(out, first + (unit << j), tag.kind, tag.len, tag.main);
        }
    }
}

/// Lowest ranks of the windows of `len` consecutive ranks in `m`.
#[inline]
fn windows(m: u64, len: u32) -> u64 {
    let mut s = m;
    for i in 1..len {
        s &= m >> (4 * i);
    }
    s
}

/// Appends to `out` every play `hand` can lead under `rules`, each reading exactly once (no
/// duplicates, none missing), and returns how many it appended: std's `read_to_end`
/// convention, so what `out` held before stays in front. Clear and reuse one `Vec` across calls
/// and a search loop allocates nothing once it has grown. The order is documented in the crate
/// docs.
///
/// ```
/// use doudizhu::{lead_into, Counts, Rules};
/// let hand: Counts = "3334567".parse()?;
/// let mut moves = Vec::new();
/// assert_eq!(lead_into(hand, &Rules::STANDARD, &mut moves), 12);
/// let shown: Vec<String> = moves.iter().map(|m| m.cards().to_string()).collect();
/// assert_eq!(shown, [
///     "3", "4", "5", "6", "7", "33", "333", "3334", "3335", "3336", "3337", "34567",
/// ]);
/// // appends: a second call adds its moves after the first call's
/// assert_eq!(lead_into("BR".parse()?, &Rules::STANDARD, &mut moves), 3);
/// assert_eq!(moves.len(), 15);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
pub fn lead_into(hand: Counts, rules: &Rules, out: &mut Vec<Move>) -> usize {
    lead_sink(hand, rules, out)
}

/// Where the generators write a move: a list of moves, or of game actions.
pub(crate) trait Sink {
    /// Appends one move.
    fn push_move(&mut self, m: Move);
    /// The number of entries.
    fn entries(&self) -> usize;
}

impl Sink for Vec<Move> {
    #[inline]
    fn push_move(&mut self, m: Move) {
        self.push(m);
    }
    #[inline]
    fn entries(&self) -> usize {
        self.len()
    }
}

/// [`lead_into`] into any sink.
#[inline]
pub(crate) fn lead_sink<O: Sink>(hand: Counts, rules: &Rules, out: &mut O) -> usize {
    let before = out.entries();
    let h = Hand::new(hand);
    // one call per type, so each is specialised to its type (`gen_kind` is inlined)
    gen_kind(&h, Kind::Solo, Filter::ALL, rules, out);
    gen_kind(&h, Kind::Pair, Filter::ALL, rules, out);
    gen_kind(&h, Kind::Trio, Filter::ALL, rules, out);
    gen_kind(&h, Kind::TrioSolo, Filter::ALL, rules, out);
    gen_kind(&h, Kind::TrioPair, Filter::ALL, rules, out);
    gen_kind(&h, Kind::Chain, Filter::ALL, rules, out);
    gen_kind(&h, Kind::PairChain, Filter::ALL, rules, out);
    gen_kind(&h, Kind::Plane, Filter::ALL, rules, out);
    gen_kind(&h, Kind::PlaneSolo, Filter::ALL, rules, out);
    gen_kind(&h, Kind::PlanePair, Filter::ALL, rules, out);
    gen_kind(&h, Kind::FourTwoSolo, Filter::ALL, rules, out);
    gen_kind(&h, Kind::FourTwoPair, Filter::ALL, rules, out);
    gen_kind(&h, Kind::Bomb, Filter::ALL, rules, out);
    gen_kind(&h, Kind::Rocket, Filter::ALL, rules, out);
    out.entries() - before
}

/// Every play `hand` can lead, as a new `Vec` (see [`lead_into`]).
///
/// ```
/// use doudizhu::{lead, Rules};
/// // 3333 + 4567 can still lead the chain 34567
/// let moves = lead("34567333".parse()?, &Rules::STANDARD);
/// assert!(moves.iter().any(|m| m.cards().to_string() == "34567"));
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn lead(hand: Counts, rules: &Rules) -> Vec<Move> {
    let mut out = Vec::new();
    lead_into(hand, rules, &mut out);
    out
}

/// Appends to `out` every play in `hand` that beats `table`, each reading once, and returns how
/// many it appended (std's `read_to_end` convention): the same type and body length with a
/// higher main rank, then the bombs that beat it, then the rocket. Pass is not listed (it is
/// always possible when following).
///
/// ```
/// use doudizhu::{classify, follow_into, Rules};
/// let table = classify("3334".parse()?, &Rules::STANDARD).unwrap().first();
/// let mut moves = Vec::new();
/// assert_eq!(follow_into("55567777BR".parse()?, &table, &Rules::STANDARD, &mut moves), 10);
/// let shown: Vec<String> = moves.iter().map(|m| m.cards().to_string()).collect();
/// assert_eq!(shown, [
///     "5556", "5557", "555B", "555R", "5777", "6777", "777B", "777R", "7777", "BR",
/// ]);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
pub fn follow_into(hand: Counts, table: &Move, rules: &Rules, out: &mut Vec<Move>) -> usize {
    follow_sink(hand, table, rules, out)
}

/// [`follow_into`] into any sink.
#[inline]
pub(crate) fn follow_sink<O: Sink>(
    hand: Counts,
    table: &Move,
    rules: &Rules,
    out: &mut O,
) -> usize {
    let before = out.entries();
    let lo = u32::from(table.main().index()) + 1;
    let f = Filter {
        len: u32::from(table.body_len()),
        lo,
    };
    // one arm per type, so each follow is specialised to its type and computes only the masks
    // it reads
    match table.kind() {
        Kind::Rocket => {}
        Kind::Bomb => {
            let h = Hand::new(hand);
            gen_kind(&h, Kind::Bomb, Filter { len: 1, lo }, rules, out);
            gen_kind(&h, Kind::Rocket, Filter::ALL, rules, out);
        }
        Kind::Solo => follow_kind(hand, Kind::Solo, f, rules, out),
        Kind::Pair => follow_kind(hand, Kind::Pair, f, rules, out),
        Kind::Trio => follow_kind(hand, Kind::Trio, f, rules, out),
        Kind::TrioSolo => follow_kind(hand, Kind::TrioSolo, f, rules, out),
        Kind::TrioPair => follow_kind(hand, Kind::TrioPair, f, rules, out),
        Kind::Chain => follow_kind(hand, Kind::Chain, f, rules, out),
        Kind::PairChain => follow_kind(hand, Kind::PairChain, f, rules, out),
        Kind::Plane => follow_kind(hand, Kind::Plane, f, rules, out),
        Kind::PlaneSolo => follow_kind(hand, Kind::PlaneSolo, f, rules, out),
        Kind::PlanePair => follow_kind(hand, Kind::PlanePair, f, rules, out),
        Kind::FourTwoSolo => follow_kind(hand, Kind::FourTwoSolo, f, rules, out),
        Kind::FourTwoPair => follow_kind(hand, Kind::FourTwoPair, f, rules, out),
    }
    out.entries() - before
}

/// The plays of `kind` that pass `f`, then the bombs and the rocket (a follow of a table that is
/// neither a bomb nor the rocket).
#[inline(always)]
#[allow(clippy::inline_always)]
fn follow_kind<O: Sink>(hand: Counts, kind: Kind, f: Filter, rules: &Rules, out: &mut O) {
    let h = Hand::new(hand);
    gen_kind(&h, kind, f, rules, out);
    gen_kind(&h, Kind::Bomb, Filter::ALL, rules, out);
    gen_kind(&h, Kind::Rocket, Filter::ALL, rules, out);
}

/// Every play in `hand` that beats `table`, as a new `Vec` (see [`follow_into`]).
///
/// ```
/// use doudizhu::{classify, follow, Rules};
/// let table = classify("2222".parse()?, &Rules::STANDARD).unwrap().first();
/// let moves = follow("AAAABR".parse()?, &table, &Rules::STANDARD);
/// assert_eq!(moves.len(), 1); // only the rocket
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn follow(hand: Counts, table: &Move, rules: &Rules) -> Vec<Move> {
    let mut out = Vec::new();
    follow_into(hand, table, rules, &mut out);
    out
}

/// Every play of a rule set (every reading of every multiset of the deck that is a play),
/// sorted in list order ([`Move`]'s `Ord`). The sizes per type and preset are the spec's table.
///
/// ```
/// use doudizhu::{universe, Rules};
/// assert_eq!(universe(&Rules::STANDARD).len(), 27471);
/// ```
#[must_use]
pub fn universe(rules: &Rules) -> Vec<Move> {
    let mut all = lead(Counts::FULL, rules);
    all.sort_unstable();
    all
}
