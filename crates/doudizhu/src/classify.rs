//! Classification: every reading of a multiset ([`classify`]), or why it is no play ([`NoPlay`]).

use std::fmt;
use std::ops::Deref;

use crate::counts::{CHAIN, Counts, LSB, MAX_PLAY};
use crate::moves::{Kind, Move};
use crate::rules::{Rules, SoloWings};

/// The most readings one multiset has under any rules (three: `333444555666` as a plane of four
/// and as a plane of three with either end trio as wings); the array of [`Readings`] holds four.
pub const MAX_READINGS: usize = 4;

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
/// rank), at most [`MAX_READINGS`]; dereferences to `[Move]`. `Copy`, no allocation.
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
    moves: [Move; MAX_READINGS],
    len: u8,
}

impl Readings {
    const EMPTY: Readings = Readings {
        moves: [Move::new_unchecked(0, Kind::Solo, 0, 0); MAX_READINGS],
        len: 0,
    };

    #[inline]
    fn push(&mut self, m: Move) {
        // MAX_READINGS is proven by a test over every preset's universe; never overflow.
        if (self.len as usize) < MAX_READINGS {
            self.moves[self.len as usize] = m;
            self.len += 1;
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
    #[must_use]
    pub fn first(&self) -> Move {
        self.moves[0]
    }

    /// The readings as a slice.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// let r = classify("33".parse()?, &Rules::STANDARD).unwrap();
    /// assert_eq!(r.as_slice().len(), 1);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    fn sort(&mut self) {
        let n = self.len as usize;
        self.moves[..n].sort_by(|a, b| (b.len(), b.main()).cmp(&(a.len(), a.main())));
    }
}

impl Deref for Readings {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Readings {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for Readings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
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
    /// Every disputed point.
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
    /// A play only if this disputed point were allowed.
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
/// assert_eq!((r[0].kind(), r[0].len(), r[0].main()), (Kind::PlaneSolo, 2, Rank::Four));
/// // a bomb is no four + two pairs: 33334444 is no play under standard
/// assert!(classify("33334444".parse()?, &Rules::STANDARD).is_err());
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
pub fn classify(cards: Counts, rules: &Rules) -> Result<Readings, NoPlay> {
    let mut r = Readings::EMPTY;
    read_into(cards.bits(), rules, &mut r);
    if r.len > 0 {
        if r.len > 1 {
            r.sort();
        }
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
    r.len > 0
}

fn why_not(cards: Counts, rules: &Rules) -> NoPlay {
    let n = cards.len();
    if n == 0 {
        return NoPlay::Empty;
    }
    if n > MAX_PLAY {
        return NoPlay::TooManyCards(n);
    }
    for d in Disputed::ALL {
        let looser = d.allow(*rules);
        if looser != *rules && is_play(cards, &looser) {
            return NoPlay::Forbidden(d);
        }
    }
    NoPlay::NotACombination
}

/// Whether a nibble mask is one run of consecutive ranks.
#[inline]
fn consecutive(m: u64) -> bool {
    m != 0 && (m >> m.trailing_zeros()) == REP[m.count_ones() as usize]
}

#[inline]
fn mv(cards: u64, kind: Kind, len: u32, main_shift: u32) -> Move {
    Move::new_unchecked(cards, kind, len as u8, (main_shift / 4) as u8)
}

/// Pushes every reading of `c` (unsorted).
#[inline]
fn read_into(c: u64, rules: &Rules, out: &mut Readings) {
    let cs = Counts::from_bits_unchecked(c);
    let n = cs.len();
    if n == 0 || n > MAX_PLAY {
        return;
    }
    let ge1 = cs.at_least(1);
    let ge2 = cs.at_least(2);
    let ge3 = cs.at_least(3);
    let ge4 = cs.at_least(4);
    let distinct = ge1.count_ones();
    let top = 63 - ge1.leading_zeros();
    match n {
        1 => out.push(mv(c, Kind::Solo, 1, top)),
        2 => {
            if ge2 != 0 {
                out.push(mv(c, Kind::Pair, 1, top));
            } else if c == ROCKET {
                out.push(mv(c, Kind::Rocket, 1, 56));
            }
        }
        3 => {
            if ge3 != 0 {
                out.push(mv(c, Kind::Trio, 1, top));
            }
        }
        4 => {
            if ge4 != 0 {
                out.push(mv(c, Kind::Bomb, 1, top));
            } else if ge3 != 0 {
                out.push(mv(c, Kind::TrioSolo, 1, ge3.trailing_zeros()));
            }
        }
        5 => {
            if ge3 != 0 && ge4 == 0 && distinct == 2 {
                out.push(mv(c, Kind::TrioPair, 1, ge3.trailing_zeros()));
            }
        }
        _ => {}
    }
    if n < 5 {
        return;
    }
    // chains: every rank once, consecutive within 3..A
    if distinct == n && ge1 & !CHAIN == 0 && consecutive(ge1) {
        out.push(mv(c, Kind::Chain, n, top));
        return;
    }
    // pair chains: every rank exactly twice
    if n >= 6
        && distinct * 2 == n
        && ge3 == 0
        && ge1 == ge2
        && ge1 & !CHAIN == 0
        && consecutive(ge1)
    {
        out.push(mv(c, Kind::PairChain, distinct, top));
        return;
    }
    // planes: every rank exactly three times
    if distinct * 3 == n && ge4 == 0 && ge1 == ge3 && ge1 & !CHAIN == 0 && consecutive(ge1) {
        out.push(mv(c, Kind::Plane, distinct, top));
        // a plane of four may also be a plane of three with solo wings: fall through
        if n != 12 {
            return;
        }
    }
    if n == 6 && rules.four_two && ge4 != 0 {
        let q = ge4.trailing_zeros();
        let w = c - (4 << q);
        let pair = (w >> 1) & LSB != 0; // two cards: a nibble holding 2
        let ok = if pair {
            rules.four_two_solo_pair
        } else {
            w != ROCKET || rules.rocket_wings
        };
        if ok {
            out.push(mv(c, Kind::FourTwoSolo, 1, q));
        }
        return;
    }
    if n == 8 && rules.four_two && ge4 != 0 {
        let mut quads = ge4;
        while quads != 0 {
            let q = quads.trailing_zeros();
            quads &= quads - 1;
            let w = Counts::from_bits_unchecked(c - (4 << q));
            let w2 = w.at_least(2);
            let ok = if w.at_least(4) != 0 {
                rules.four_two_pair_bomb && w.at_least(1).count_ones() == 1
            } else {
                w2 == w.at_least(1) && w.at_least(3) == 0 && w2.count_ones() == 2
            };
            if ok {
                out.push(mv(c, Kind::FourTwoPair, 1, q));
            }
        }
        return;
    }
    // planes with wings: the body is a window of ranks holding exactly three (a fourth card
    // would be a wing of a body rank)
    let e3 = ge3 & !ge4 & CHAIN;
    if n % 4 == 0 && (8..=20).contains(&n) {
        let k = n / 4;
        let mut starts = e3;
        for i in 1..k {
            starts &= e3 >> (4 * i);
        }
        while starts != 0 {
            let s = starts.trailing_zeros();
            starts &= starts - 1;
            let body = (3 * REP[k as usize]) << s;
            let w = Counts::from_bits_unchecked(c - body);
            if plane_solo_wings_ok(w, s, k, rules) {
                out.push(mv(c, Kind::PlaneSolo, k, s + 4 * (k - 1)));
            }
        }
    }
    if n % 5 == 0 && (10..=20).contains(&n) {
        let k = n / 5;
        let mut starts = e3;
        for i in 1..k {
            starts &= e3 >> (4 * i);
        }
        while starts != 0 {
            let s = starts.trailing_zeros();
            starts &= starts - 1;
            let w = c - ((3 * REP[k as usize]) << s);
            // every wing rank even (no joker, no solo, no trio); four only if repeats allowed
            let ok = w & LSB == 0
                && (rules.plane_pair_repeat || Counts::from_bits_unchecked(w).at_least(4) == 0);
            if ok {
                out.push(mv(c, Kind::PlanePair, k, s + 4 * (k - 1)));
            }
        }
    }
}

/// Whether `w` (the cards outside a body of `k` trios starting at nibble shift `s`) are legal
/// solo wings under `rules`. `w` never holds a body rank.
#[inline]
fn plane_solo_wings_ok(w: Counts, s: u32, k: u32, rules: &Rules) -> bool {
    let max = rules.solo_wings.max();
    if max < 4 && w.at_least(max + 1) != 0 {
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
