//! Classification: every reading of a multiset ([`classify`]), or why it is no play ([`NoPlay`]).

// The per-count arms are `#[inline(always)]` so every check runs with a constant length and the
// readings stay in registers: measured on `doudizhu/classify_universe`, 14 ns -> 10 ns a play.
#![allow(clippy::inline_always)]

use std::fmt;

use crate::rules::counts::{CHAIN, Counts, LSB, MAX_PLAY};
use crate::rules::moves::{Kind, Move};
use crate::rules::options::{Rules, SoloWings};

/// The most readings one multiset has under any rules: three (`333444555666` as a plane of
/// four and as a plane of three with either end trio as wings; a test over every universe proves
/// the bound).
///
/// ```
/// use doudizhu::{classify, Rules, MAX_READINGS};
/// let r = classify("333444555666".parse()?, &Rules::DOUZERO).unwrap();
/// assert_eq!(r.len(), MAX_READINGS);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
pub const MAX_READINGS: usize = 3;

/// Both jokers.
pub(crate) const ROCKET: u64 = 0x11 << 52;

/// `REP[l]`: bit 0 of the nibbles `0..l`.
pub(crate) const REP: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut l = 1;
    while l < 16 {
        t[l] = t[l - 1] | 1 << (4 * (l - 1));
        l += 1;
    }
    t
};

/// The readings of one multiset, most natural first (the longest body, then the highest main
/// rank), at most [`MAX_READINGS`]. Two words, `Copy`, no allocation: the cards and the packed
/// type, length and main rank of each reading; [`iter`](Self::iter) yields [`Move`]s.
///
/// ```
/// use doudizhu::{classify, Kind, Rules};
/// let r = classify("333444555666".parse()?, &Rules::OPENSPIEL).unwrap();
/// let shown: Vec<String> = r.iter().map(|m| m.to_string()).collect();
/// assert_eq!(shown, [
///     "333444555666 plane 4 6",
///     "333444555666 plane_solo 3 6",
///     "333444555666 plane_solo 3 5",
/// ]);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Readings {
    cards: u64,
    /// Reading `i` in bits `12i..12i+12` (see `Move::tag12`), the count in bits 60..62.
    tags: u64,
}

impl Readings {
    const EMPTY: Readings = Readings { cards: 0, tags: 0 };

    #[inline]
    fn push(&mut self, m: Move) {
        let n = self.len();
        if n < MAX_READINGS {
            self.cards = m.cards().bits();
            self.tags = (self.tags + (1 << 60)) | m.tag12() << (12 * n);
        }
    }

    /// The number of readings (at least 1 for a [`classify`] result).
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// assert_eq!(classify("333444555666".parse()?, &Rules::DOUZERO).unwrap().len(), 3);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        (self.tags >> 60) as usize
    }

    /// Whether there is no reading (never for a [`classify`] result).
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// assert!(!classify("3".parse()?, &Rules::STANDARD).unwrap().is_empty());
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Reading `i`, if there is one.
    ///
    /// ```
    /// use doudizhu::{classify, Kind, Rules};
    /// let r = classify("333444555666".parse()?, &Rules::STANDARD).unwrap();
    /// assert_eq!(r.get(0).map(|m| m.kind()), Some(Kind::Plane));
    /// assert_eq!(r.get(1), None);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn get(&self, i: usize) -> Option<Move> {
        if i < self.len() {
            Some(Move::from_tag12(
                self.cards,
                (self.tags >> (12 * i)) & 0xfff,
            ))
        } else {
            None
        }
    }

    /// The most natural reading (the first).
    ///
    /// ```
    /// use doudizhu::{classify, Kind, Rules};
    /// let r = classify("3333".parse()?, &Rules::STANDARD).unwrap();
    /// assert_eq!(r.first().kind(), Kind::Bomb);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn first(&self) -> Move {
        Move::from_tag12(self.cards, self.tags & 0xfff)
    }

    /// The cards all readings share.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let r = classify("3334".parse()?, &Rules::STANDARD).unwrap();
    /// assert_eq!(r.cards().to_string(), "3334");
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn cards(&self) -> Counts {
        Counts::from_bits_unchecked(self.cards)
    }

    /// The readings in order.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let r = classify("333444555666".parse()?, &Rules::DOUZERO).unwrap();
    /// assert_eq!(r.iter().map(|m| m.main().char()).collect::<String>(), "665");
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[must_use]
    pub const fn iter(&self) -> ReadingsIter {
        ReadingsIter {
            r: *self,
            front: 0,
            back: self.len() as u8,
        }
    }

    /// Whether `m` is one of the readings.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let r = classify("34567".parse()?, &Rules::STANDARD).unwrap();
    /// assert!(r.contains(&r.first()));
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[must_use]
    pub fn contains(&self, m: &Move) -> bool {
        self.iter().any(|r| r == *m)
    }

    /// The readings as a `Vec`.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// assert_eq!(classify("33".parse()?, &Rules::STANDARD).unwrap().to_vec().len(), 1);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_vec(&self) -> Vec<Move> {
        self.iter().collect()
    }
}

/// Iterator over [`Readings`], yielding [`Move`]s.
///
/// ```
/// use doudizhu::{classify, Rules};
/// let r = classify("333444555666".parse()?, &Rules::OPENSPIEL).unwrap();
/// assert_eq!(r.into_iter().rev().next().unwrap().main().char(), '5');
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ReadingsIter {
    r: Readings,
    front: u8,
    back: u8,
}

impl Iterator for ReadingsIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.front < self.back {
            self.front += 1;
            self.r.get(self.front as usize - 1)
        } else {
            None
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.back - self.front) as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for ReadingsIter {
    #[inline]
    fn next_back(&mut self) -> Option<Move> {
        if self.front < self.back {
            self.back -= 1;
            self.r.get(self.back as usize)
        } else {
            None
        }
    }
}

impl ExactSizeIterator for ReadingsIter {}
impl std::iter::FusedIterator for ReadingsIter {}

impl IntoIterator for Readings {
    type Item = Move;
    type IntoIter = ReadingsIter;
    fn into_iter(self) -> ReadingsIter {
        self.iter()
    }
}

impl IntoIterator for &Readings {
    type Item = Move;
    type IntoIter = ReadingsIter;
    fn into_iter(self) -> ReadingsIter {
        self.iter()
    }
}

impl fmt::Debug for Readings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A point a rule set decides (one field of [`Rules`]).
///
/// ```
/// use doudizhu::Disputed;
/// assert_eq!(Disputed::RocketWings.to_string(), "the rocket as two solo wings is not allowed by these rules");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Disputed {
    /// [`Rules::four_two`].
    FourTwo,
    /// [`Rules::four_two_solo_pair`].
    FourTwoSoloPair,
    /// [`Rules::rocket_wings`].
    RocketWings,
    /// [`Rules::four_two_pair_bomb`].
    FourTwoPairBomb,
    /// [`Rules::solo_wings`].
    SoloWingRepeat,
    /// [`Rules::wing_trio_next_to_body`].
    WingTrioNextToBody,
    /// [`Rules::plane_pair_repeat`].
    PlanePairRepeat,
}

impl Disputed {
    /// Every disputed point, in the order [`NoPlay::Forbidden`] names them.
    ///
    /// ```
    /// use doudizhu::{Disputed, Rules};
    /// let mut r = Rules::STRICT;
    /// for d in Disputed::ALL {
    ///     r = d.allow(r);
    /// }
    /// assert_eq!(r, Rules::PERMISSIVE);
    /// ```
    pub const ALL: [Disputed; 7] = [
        Disputed::FourTwo,
        Disputed::FourTwoSoloPair,
        Disputed::RocketWings,
        Disputed::FourTwoPairBomb,
        Disputed::SoloWingRepeat,
        Disputed::WingTrioNextToBody,
        Disputed::PlanePairRepeat,
    ];

    /// `rules` with this point allowed.
    ///
    /// ```
    /// use doudizhu::{Disputed, Rules};
    /// assert!(Disputed::FourTwo.allow(Rules::OPENSPIEL).four_two);
    /// ```
    #[must_use]
    pub const fn allow(self, rules: Rules) -> Rules {
        let mut r = rules;
        match self {
            Disputed::FourTwo => r.four_two = true,
            Disputed::FourTwoSoloPair => r.four_two_solo_pair = true,
            Disputed::RocketWings => r.rocket_wings = true,
            Disputed::FourTwoPairBomb => r.four_two_pair_bomb = true,
            Disputed::SoloWingRepeat => r.solo_wings = SoloWings::UpTo4,
            Disputed::WingTrioNextToBody => r.wing_trio_next_to_body = true,
            Disputed::PlanePairRepeat => r.plane_pair_repeat = true,
        }
        r
    }
}

impl Disputed {
    /// `rules` with this point set back to what `original` says.
    const fn restore(self, rules: Rules, original: &Rules) -> Rules {
        let mut r = rules;
        match self {
            Disputed::FourTwo => r.four_two = original.four_two,
            Disputed::FourTwoSoloPair => r.four_two_solo_pair = original.four_two_solo_pair,
            Disputed::RocketWings => r.rocket_wings = original.rocket_wings,
            Disputed::FourTwoPairBomb => r.four_two_pair_bomb = original.four_two_pair_bomb,
            Disputed::SoloWingRepeat => r.solo_wings = original.solo_wings,
            Disputed::WingTrioNextToBody => {
                r.wing_trio_next_to_body = original.wing_trio_next_to_body;
            }
            Disputed::PlanePairRepeat => r.plane_pair_repeat = original.plane_pair_repeat,
        }
        r
    }
}

impl fmt::Display for Disputed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            Disputed::FourTwo => "four + two",
            Disputed::FourTwoSoloPair => "a pair as the two solos of four + two",
            Disputed::RocketWings => "the rocket as two solo wings",
            Disputed::FourTwoPairBomb => "a rank's four cards as the two pairs of four + two",
            Disputed::SoloWingRepeat => "this many cards of one rank among solo wings",
            Disputed::WingTrioNextToBody => "a wing trio next to the plane's body",
            Disputed::PlanePairRepeat => "a rank repeated among pair wings",
        };
        write!(f, "{what} is not allowed by these rules")
    }
}

/// Why a multiset is no play.
///
/// ```
/// use doudizhu::{classify, Counts, Disputed, NoPlay, Rules};
/// assert_eq!(classify(Counts::EMPTY, &Rules::STANDARD), Err(NoPlay::Empty));
/// assert_eq!(classify("3345".parse()?, &Rules::STANDARD), Err(NoPlay::NotACombination));
/// assert_eq!(
///     classify("3333BR".parse()?, &Rules::STANDARD),
///     Err(NoPlay::Forbidden(Disputed::RocketWings))
/// );
/// assert_eq!(classify(Counts::FULL, &Rules::STANDARD), Err(NoPlay::TooManyCards(54)));
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum NoPlay {
    /// No card.
    Empty,
    /// More than 20 cards.
    TooManyCards(u32),
    /// No combination type has this shape, under any rules.
    NotACombination,
    /// A play only if this disputed point were allowed (the first of them in [`Disputed::ALL`]
    /// order, when it takes more than one).
    Forbidden(Disputed),
}

impl fmt::Display for NoPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoPlay::Empty => f.write_str("no card"),
            NoPlay::TooManyCards(n) => write!(f, "{n} cards: a play holds at most {MAX_PLAY}"),
            NoPlay::NotACombination => f.write_str("not a combination"),
            NoPlay::Forbidden(d) => d.fmt(f),
        }
    }
}

impl std::error::Error for NoPlay {}

/// Every reading of `cards` under `rules`, most natural first (the longest body, then the
/// highest main rank), or why it is no play. Under [`Rules::STANDARD`] and
/// [`Rules::STRICT`] a multiset has at most one reading.
///
/// ```
/// use doudizhu::{classify, Kind, Rank, Rules};
/// let r = classify("33344456".parse()?, &Rules::STANDARD).unwrap();
/// assert_eq!(r.len(), 1);
/// let m = r.first();
/// assert_eq!((m.kind(), m.body_len(), m.main()), (Kind::PlaneSolo, 2, Rank::Four));
/// // a bomb is no four + two pairs: 33334444 is no play under standard
/// assert!(classify("33334444".parse()?, &Rules::STANDARD).is_err());
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[inline]
pub fn classify(cards: Counts, rules: &Rules) -> Result<Readings, NoPlay> {
    let mut r = Readings::EMPTY;
    read_into(cards.bits(), rules, &mut r);
    if !r.is_empty() {
        return Ok(r);
    }
    Err(why_not(cards, rules))
}

/// Whether `cards` is a play under `rules` (at least one reading), without building readings.
///
/// ```
/// use doudizhu::{is_play, Rules};
/// assert!(is_play("34567".parse()?, &Rules::STANDARD));
/// assert!(!is_play("JQKA2".parse()?, &Rules::STANDARD));
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn is_play(cards: Counts, rules: &Rules) -> bool {
    let mut r = Readings::EMPTY;
    read_into(cards.bits(), rules, &mut r);
    !r.is_empty()
}

#[cold]
#[inline(never)]
fn why_not(cards: Counts, rules: &Rules) -> NoPlay {
    let n = cards.len();
    if n == 0 {
        return NoPlay::Empty;
    }
    if n > MAX_PLAY {
        return NoPlay::TooManyCards(n);
    }
    // Loosen every disputed point; if that makes a play, tighten back each point not needed
    // and name the first one still needed.
    let mut looser = *rules;
    for d in Disputed::ALL {
        looser = d.allow(looser);
    }
    if !is_play(cards, &looser) {
        return NoPlay::NotACombination;
    }
    let mut needed = None;
    for d in Disputed::ALL.into_iter().rev() {
        let tighter = d.restore(looser, rules);
        if is_play(cards, &tighter) {
            looser = tighter;
        } else {
            needed = Some(d);
        }
    }
    needed.map_or(NoPlay::NotACombination, NoPlay::Forbidden)
}

#[inline]
fn mv(cards: u64, kind: Kind, len: u32, main_shift: u32) -> Move {
    Move::new_unchecked(cards, kind, len as u8, (main_shift / 4) as u8)
}

/// The masks of one multiset that every check reads.
struct Shape {
    c: u64,
    ge1: u64,
    ge2: u64,
    ge3: u64,
    ge4: u64,
    distinct: u32,
}

impl Shape {
    /// The highest rank's nibble shift.
    #[inline(always)]
    fn top(&self) -> u32 {
        self.ge1.ilog2()
    }

    /// Every rank exactly `k` times, consecutive within 3..A, `len` ranks.
    #[inline(always)]
    fn chain_of(&self, k: u32, len: u32) -> bool {
        let exact = match k {
            1 => self.ge1 & !self.ge2,
            2 => self.ge2 & !self.ge3,
            _ => self.ge3 & !self.ge4,
        };
        self.distinct == len
            && exact == self.ge1
            && self.ge1 & !CHAIN == 0
            && (self.ge1 >> self.ge1.trailing_zeros()) == REP[len as usize]
    }

    /// A chain, pair chain or plane of `len` ranks, pushed if it is one.
    #[inline(always)]
    fn chain(&self, kind: Kind, len: u32, out: &mut Readings) {
        if self.chain_of(kind.body_count(), len) {
            out.push(mv(self.c, kind, len, self.top()));
        }
    }

    /// Nibble mask of the lowest rank of every body of `k` consecutive trios (exactly three of a
    /// rank, a four is never split into a body) within 3..A.
    #[inline(always)]
    fn plane_body_starts(&self, k: u32) -> u64 {
        let e3 = self.ge3 & !self.ge4 & CHAIN;
        let mut starts = e3;
        for i in 1..k {
            starts &= e3 >> (4 * i);
        }
        starts
    }

    /// Plane + solos of `k` trios (any number of readings, highest body first).
    #[inline(always)]
    fn plane_solo(&self, k: u32, rules: &Rules, out: &mut Readings) {
        let mut starts = self.plane_body_starts(k);
        while starts != 0 {
            // highest first: the readings come out sorted
            let s = starts.ilog2();
            starts ^= 1 << s;
            let w = Counts::from_bits_unchecked(self.c - ((3 * REP[k as usize]) << s));
            if plane_solo_wings_ok(w, s, k, rules) {
                out.push(mv(self.c, Kind::PlaneSolo, k, s + 4 * (k - 1)));
            }
        }
    }

    /// Plane + pairs of `k` trios.
    #[inline(always)]
    fn plane_pair(&self, k: u32, rules: &Rules, out: &mut Readings) {
        let mut starts = self.plane_body_starts(k);
        while starts != 0 {
            let s = starts.ilog2();
            starts ^= 1 << s;
            let w = self.c - ((3 * REP[k as usize]) << s);
            // every wing rank even (no joker, no solo, no trio); four only if repeats allowed
            let ok = w & LSB == 0
                && (rules.plane_pair_repeat || Counts::from_bits_unchecked(w).at_least(4) == 0);
            if ok {
                out.push(mv(self.c, Kind::PlanePair, k, s + 4 * (k - 1)));
            }
        }
    }

    /// Four + two solos (6 cards).
    #[inline(always)]
    fn four_two_solo(&self, rules: &Rules, out: &mut Readings) {
        if !rules.four_two || self.ge4 == 0 {
            return;
        }
        let q = self.ge4.trailing_zeros();
        let w = self.c - (4 << q);
        let pair = (w >> 1) & LSB != 0; // two cards: a nibble holding 2
        let ok = if pair {
            rules.four_two_solo_pair
        } else {
            w != ROCKET || rules.rocket_wings
        };
        if ok {
            out.push(mv(self.c, Kind::FourTwoSolo, 1, q));
        }
    }

    /// Four + two pairs (8 cards; two readings for `33334444` if allowed, higher first).
    #[inline(always)]
    fn four_two_pair(&self, rules: &Rules, out: &mut Readings) {
        if !rules.four_two {
            return;
        }
        let mut quads = self.ge4;
        while quads != 0 {
            // highest first: the readings come out sorted
            let q = quads.ilog2();
            quads ^= 1 << q;
            let w = Counts::from_bits_unchecked(self.c - (4 << q));
            let w2 = w.at_least(2);
            let ok = if w.at_least(4) != 0 {
                rules.four_two_pair_bomb
            } else {
                w2 == w.at_least(1) && w.at_least(3) == 0 && w2.count_ones() == 2
            };
            if ok {
                out.push(mv(self.c, Kind::FourTwoPair, 1, q));
            }
        }
    }
}

/// Pushes every reading of `c`, most natural first. One arm per card count, each running only
/// the checks of the types that have that many cards, with constant lengths.
#[inline(always)]
fn read_into(c: u64, rules: &Rules, out: &mut Readings) {
    let cs = Counts::from_bits_unchecked(c);
    let n = cs.len();
    let ge1 = cs.at_least(1);
    let sh = Shape {
        c,
        ge1,
        ge2: cs.at_least(2),
        ge3: cs.at_least(3),
        ge4: cs.at_least(4),
        distinct: ge1.count_ones(),
    };
    let two_ranks = sh.distinct == 2;
    match n {
        1 => out.push(mv(c, Kind::Solo, 1, sh.top())),
        2 => {
            if sh.ge2 != 0 {
                out.push(mv(c, Kind::Pair, 1, sh.top()));
            } else if c == ROCKET {
                out.push(mv(c, Kind::Rocket, 1, 56));
            }
        }
        3 if sh.ge3 != 0 => out.push(mv(c, Kind::Trio, 1, sh.top())),
        4 => {
            if sh.ge4 != 0 {
                out.push(mv(c, Kind::Bomb, 1, sh.top()));
            } else if sh.ge3 != 0 {
                out.push(mv(c, Kind::TrioSolo, 1, sh.ge3.trailing_zeros()));
            }
        }
        5 => {
            if sh.ge3 != 0 && sh.ge4 == 0 && two_ranks {
                out.push(mv(c, Kind::TrioPair, 1, sh.ge3.trailing_zeros()));
            }
            sh.chain(Kind::Chain, 5, out);
        }
        6 => {
            sh.chain(Kind::Chain, 6, out);
            sh.chain(Kind::PairChain, 3, out);
            sh.chain(Kind::Plane, 2, out);
            sh.four_two_solo(rules, out);
        }
        7 | 11 => sh.chain(Kind::Chain, n, out),
        8 => {
            sh.chain(Kind::Chain, 8, out);
            sh.chain(Kind::PairChain, 4, out);
            sh.four_two_pair(rules, out);
            sh.plane_solo(2, rules, out);
        }
        9 => {
            sh.chain(Kind::Chain, 9, out);
            sh.chain(Kind::Plane, 3, out);
        }
        10 => {
            sh.chain(Kind::Chain, 10, out);
            sh.chain(Kind::PairChain, 5, out);
            sh.plane_pair(2, rules, out);
        }
        12 => {
            sh.chain(Kind::Chain, 12, out);
            sh.chain(Kind::PairChain, 6, out);
            // a plane of four may also be a plane of three with solo wings (after it)
            sh.chain(Kind::Plane, 4, out);
            sh.plane_solo(3, rules, out);
        }
        14 => sh.chain(Kind::PairChain, 7, out),
        15 => {
            sh.chain(Kind::Plane, 5, out);
            sh.plane_pair(3, rules, out);
        }
        16 => {
            sh.chain(Kind::PairChain, 8, out);
            sh.plane_solo(4, rules, out);
        }
        18 => {
            sh.chain(Kind::PairChain, 9, out);
            sh.chain(Kind::Plane, 6, out);
        }
        20 => {
            sh.chain(Kind::PairChain, 10, out);
            // a body of five before a body of four (never both: a plane + pairs holds four
            // trios, a plane + solos of five five)
            sh.plane_solo(5, rules, out);
            sh.plane_pair(4, rules, out);
        }
        _ => {}
    }
}

/// Whether `w` (the cards outside a body of `k` trios starting at nibble shift `s`) are legal
/// solo wings under `rules`. `w` never holds a body rank.
#[inline(always)]
fn plane_solo_wings_ok(w: Counts, s: u32, k: u32, rules: &Rules) -> bool {
    // SWAR: a nibble plus (7 - max) reaches 8 (bit 3) exactly when it holds more than max
    // (at most 4 + 6 = 10, no carry into the next nibble)
    let over = (w.bits() + u64::from(7 - rules.solo_wings.max()) * LSB) & (LSB << 3);
    if over != 0 {
        return false;
    }
    if !rules.rocket_wings && w.bits() & ROCKET == ROCKET {
        return false;
    }
    if !rules.wing_trio_next_to_body {
        // the chain ranks just below and just above the body
        let adjacent = ((1u64 << s) >> 4 | (1u64 << (s + 4 * k))) & CHAIN;
        if w.at_least(3) & adjacent != 0 {
            return false;
        }
    }
    true
}

/// `serde`: [`Readings`] is the list `[{"count", "length", "main", "type", "value"}, ...]`,
/// most natural first (written only: it carries no cards to read back).
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::Serialize;
    use serde::ser::{SerializeSeq, SerializeStruct, Serializer};

    use super::Readings;
    use crate::rules::moves::Move;

    /// One reading as the CLI's `classify` writes it.
    struct ReadingJson(Move);

    impl Serialize for ReadingJson {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let m = self.0;
            let mut st = s.serialize_struct("Reading", 5)?;
            st.serialize_field("count", &m.count())?;
            st.serialize_field("length", &m.body_len())?;
            st.serialize_field("main", &m.main())?;
            st.serialize_field("type", &m.kind())?;
            st.serialize_field("value", &m.value())?;
            st.end()
        }
    }

    impl Serialize for Readings {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut seq = s.serialize_seq(Some(self.len()))?;
            for m in self {
                seq.serialize_element(&ReadingJson(m))?;
            }
            seq.end()
        }
    }
}
