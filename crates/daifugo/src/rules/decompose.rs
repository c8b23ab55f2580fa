//! Splitting a leader's hand into melds: the seed's greedy decomposition, and the exact
//! fewest-melds decomposition (手数) with its tie rule, and the count alone.

use cards_core::{CardSet, Order};

use crate::rules::meld::{JK, LSB, NO_STAND, STD, rep};
use crate::{Error, Kind, Meld, Rules};

/// The maximal same-suit runs of 3 or more cards of `s` (standard cards), each as a set, by
/// their weakest card; returns how many (at most 12: three a suit).
#[inline]
fn maximal_runs(s: u64, out: &mut [u64; 16]) -> usize {
    let starts = CardSet::from_bits_truncate(s).run_starts(3).bits();
    if starts == 0 {
        return 0;
    }
    let m = starts | (starts << 4) | (starts << 8);
    let mut heads = m & !(m << 4);
    let tails = m & !(m >> 4);
    let mut k = 0;
    while heads != 0 {
        let h = heads & heads.wrapping_neg();
        heads ^= h;
        let hi = h.trailing_zeros();
        let t = tails & (LSB << (hi & 3)) & !(h - 1);
        let len = (t.trailing_zeros() - hi) / 4 + 1;
        out[k] = rep(len) << hi;
        k += 1;
    }
    k
}

/// The number of ranks holding a card of `x` (standard cards).
#[inline]
const fn rank_count(x: u64) -> u32 {
    ((x | (x >> 1) | (x >> 2) | (x >> 3)) & LSB).count_ones()
}

/// A sort key putting melds weakest first in `order`: by weakest face in the normal order; in
/// revolution by strongest rank, stronger ranks first, then by suit.
#[inline]
fn weakest_first_key(faces: u64, order: Order) -> u32 {
    match order {
        Order::Normal => faces.trailing_zeros(),
        Order::Reversed => {
            let top = faces.ilog2() / 4;
            (12 - top) * 4 + (faces.trailing_zeros() & 3)
        }
    }
}

/// The seed's leader decomposition of `hand` under `order`, appended to `out`; returns the number
/// of melds. The steps, exactly as the spec states them:
///
/// 1. With more than 4 cards in the hand (the joker counts), set the strongest rank aside (2s;
///    3s in revolution) for step 2 only.
/// 2. In the rest, find each suit's maximal runs of 3 or more consecutive ranks; keep a run only
///    if it holds a card whose rank has exactly one card in the whole hand (the seed's
///    quantity-position test).
/// 3. From the cards in no kept run (the strongest rank back in), every rank with 2 or more cards
///    is one group.
/// 4. Every card left is a single; the joker is a single.
///
/// Output: sequences, then groups, then singles, each kind weakest first in `order` (sequences
/// by their weakest rank, in revolution by their strongest rank; ties by suit ♣♦♥♠); the joker
/// last.
///
/// ```
/// use daifugo::Order;
/// use daifugo::{decompose, Rules};
/// let r = Rules::TUTORIAL;
/// let hand = r.parse_hand("S3 S4 S5 D5 D10 C10 H10 SK DK SA S2").unwrap();
/// let melds = decompose(hand, Order::Normal, &r).unwrap();
/// let text: Vec<String> = melds.iter().map(|m| m.to_string()).collect();
/// assert_eq!(text, ["♠3 ♠4 ♠5", "♣10 ♦10 ♥10", "♦K ♠K", "♦5", "♠A", "♠2"]);
/// ```
pub fn decompose_into(
    hand: CardSet,
    order: Order,
    rules: &Rules,
    out: &mut Vec<Meld>,
) -> Result<usize, Error> {
    rules.check(hand)?;
    let start = out.len();
    let all = hand.bits();
    let h = all & STD;
    let no_strong = if all.count_ones() > 4 {
        h & !CardSet::rank(order.strongest()).bits()
    } else {
        h
    };
    let single_ranks = hand.quantity_positions() & LSB;
    let single_cards = h & (single_ranks * 0xf);
    let mut runs = [0u64; 16];
    let k = if rules.sequences {
        maximal_runs(no_strong, &mut runs)
    } else {
        0
    };
    let mut kept = [0u64; 16];
    let mut nk = 0;
    let mut used = 0;
    for &run in &runs[..k] {
        if run & single_cards != 0 {
            kept[nk] = run;
            nk += 1;
            used |= run;
        }
    }
    let kept = &mut kept[..nk];
    if order == Order::Reversed {
        kept.sort_unstable_by_key(|&r| weakest_first_key(r, order));
    }
    for &run in kept.iter() {
        out.push(Meld::raw(run, NO_STAND, Kind::Sequence));
    }
    let other = h & !used;
    push_rest(out, other, order, None);
    if all & JK != 0 {
        out.push(Meld::JOKER);
    }
    Ok(out.len() - start)
}

/// Pushes the groups (every rank of `rest` with 2 or more cards, or with the joker) then the
/// singles, weakest rank first in `order`. `joker_rank` is the rank index the joker joins.
#[inline]
fn push_rest(out: &mut Vec<Meld>, rest: u64, order: Order, joker_rank: Option<u32>) {
    let counts = CardSet::from_bits_truncate(rest).rank_counts();
    let pairs = ((counts & (LSB * 0xf)) + LSB * 6) >> 3 & LSB;
    let jr = joker_rank.map_or(0, |r| 1u64 << (4 * r));
    let group_ranks = pairs | jr;
    let singles = rest & !(group_ranks * 0xf);
    let group = |r: u32| {
        let nib = (rest >> (4 * r)) & 0xf;
        let cards = nib << (4 * r);
        if jr >> (4 * r) & 1 == 0 {
            Meld::raw(cards, NO_STAND, Kind::Group)
        } else if nib == 0xf {
            Meld::raw(cards | JK, NO_STAND, Kind::Group)
        } else {
            let t = (!nib & 0xf).trailing_zeros();
            Meld::raw(cards | JK, (4 * r + t) as u8, Kind::Group)
        }
    };
    let mut g = group_ranks;
    let mut s = singles;
    match order {
        Order::Normal => {
            while g != 0 {
                out.push(group(g.trailing_zeros() / 4));
                g &= g - 1;
            }
            while s != 0 {
                let b = s & s.wrapping_neg();
                s ^= b;
                out.push(Meld::raw(b, NO_STAND, Kind::Single));
            }
        }
        Order::Reversed => {
            while g != 0 {
                let top = g.ilog2();
                out.push(group(top / 4));
                g ^= 1 << top;
            }
            while s != 0 {
                let b = 1u64 << s.ilog2();
                s ^= b;
                out.push(Meld::raw(b, NO_STAND, Kind::Single));
            }
        }
    }
}

/// [`decompose_into`] into a new vector.
///
/// ```
/// use daifugo::Order;
/// use daifugo::{decompose, Rules};
/// let r = Rules::TUTORIAL;
/// let melds = decompose(r.parse_hand("S3 D3 S4 D4 S5 D5 C5").unwrap(), Order::Normal, &r).unwrap();
/// let text: Vec<String> = melds.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["D3 S3", "D4 S4", "C5 D5 S5"]);
/// ```
pub fn decompose(hand: CardSet, order: Order, rules: &Rules) -> Result<Vec<Meld>, Error> {
    let mut v = Vec::with_capacity(hand.len());
    decompose_into(hand, order, rules, &mut v)?;
    Ok(v)
}

/// The least cost over subsets of `runs` used as sequences, the rest of `h` grouped by rank;
/// `joker_rest`: the joker is in the rest (free with any card there, a lone single otherwise).
#[inline]
fn best_over_runs(runs: &[u64], h: u64, joker_rest: bool) -> u32 {
    let mut best = u32::MAX;
    for mask in 0u32..(1 << runs.len()) {
        let mut used = 0;
        let mut m = mask;
        while m != 0 {
            used |= runs[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        let rest = h & !used;
        let cost = mask.count_ones() + rank_count(rest) + u32::from(joker_rest && rest == 0);
        best = best.min(cost);
    }
    best
}

/// The fewest melds `hand` splits into (the hand's 手数), exactly.
///
/// The search rests on two facts: taking cards out of the groups and singles never raises their
/// count (one meld a rank), and a sequence can always grow to its whole maximal run. So without
/// the joker the answer is the least, over every subset of the hand's maximal runs, of the
/// runs taken plus the ranks left; with the joker, also over every card the joker can stand for
/// to make or lengthen a run (that run taken).
///
/// ```
/// use daifugo::{fewest_melds_count, Rules};
/// let r = Rules::UECDA;
/// assert_eq!(fewest_melds_count(r.parse_hand("S3 S4 S5 D3 D4 D5 H3").unwrap(), &r), Ok(3));
/// assert_eq!(fewest_melds_count(r.parse_hand("S3 S5 JK D9").unwrap(), &r), Ok(2));
/// assert_eq!(fewest_melds_count(daifugo::CardSet::EMPTY, &r), Ok(0));
/// ```
pub fn fewest_melds_count(hand: CardSet, rules: &Rules) -> Result<u32, Error> {
    rules.check(hand)?;
    Ok(min_count(hand.bits(), rules.sequences))
}

pub(crate) fn min_count(all: u64, sequences: bool) -> u32 {
    let h = all & STD;
    let joker = all & JK != 0;
    if !sequences {
        return rank_count(h) + u32::from(joker && h == 0);
    }
    let mut runs = [0u64; 16];
    let k = maximal_runs(h, &mut runs);
    let mut best = best_over_runs(&runs[..k], h, joker);
    if joker {
        let l1 = (h << 4) & STD;
        let l2 = (h << 8) & STD;
        let r1 = h >> 4;
        let r2 = h >> 8;
        let mut cand = !h & STD & ((l1 & l2) | (l1 & r1) | (r1 & r2));
        while cand != 0 {
            let x = cand & cand.wrapping_neg();
            cand ^= x;
            let k = maximal_runs(h | x, &mut runs);
            let Some(ix) = runs[..k].iter().position(|&r| r & x != 0) else {
                continue;
            };
            let rx = runs[ix];
            runs.swap(ix, k - 1);
            let cost = 1 + best_over_runs(&runs[..k - 1], h & !rx, false);
            best = best.min(cost);
        }
    }
    best
}

/// The order a minimum decomposition is chosen by (smaller is better): melds, then the kept
/// strong cards (negated), then the sequences' faces in the order's strength, then the kept
/// cards themselves in the order's strength (negated: keeping the stronger card wins).
type Key = (u32, u64, u64, u64);

/// Reverses the 13 rank nibbles of `x` (rank 3 becomes the most significant), suits kept.
#[inline]
const fn reverse_ranks(x: u64) -> u64 {
    let y = x.swap_bytes();
    let y = ((y & 0x0f0f_0f0f_0f0f_0f0f) << 4) | ((y >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
    y >> 12
}

/// The best minimum split found so far: its key, its sequences (faces, and the joker's stand-in
/// bit or 0), and whether the joker is in a sequence.
struct Best {
    key: Key,
    seqs: [u64; 16],
    n: usize,
    x: u64,
}

/// The fewest-melds search: for every way of placing the joker (in no sequence, or standing for
/// a card `x` of a run of the hand with `x`) and every subset of the maximal runs whose whole-run
/// split has the fewest melds, the one window each run keeps (see [`fewest_melds_into`]).
struct Split {
    h: u64,
    joker: bool,
    order: Order,
    target: u32,
    best: Option<Best>,
}

impl Split {
    fn key(&self, rest: u64, faces: u64, cost: u32) -> Key {
        let kept = CardSet::from_bits_truncate(rest).rank_counts();
        let (kept, faces, cards) = match self.order {
            Order::Normal => (kept, faces, rest),
            Order::Reversed => (
                reverse_ranks(kept),
                reverse_ranks(faces),
                reverse_ranks(rest),
            ),
        };
        (cost, !kept, faces, !cards)
    }

    /// The window of `run` (same-suit cards, weakest first) that holds `must` and at least three
    /// cards, covering as few and as weak cards as possible in `self.order`.
    fn window(&self, run: u64, must: u64) -> u64 {
        let suit = run.trailing_zeros() & 3;
        let (a, b) = (run.trailing_zeros() / 4, run.ilog2() / 4);
        let (mut lo, mut hi) = (must.trailing_zeros() / 4, must.ilog2() / 4);
        let short = 3u32.saturating_sub(hi - lo + 1);
        if short > 0 {
            match self.order {
                Order::Normal => {
                    let down = short.min(lo - a);
                    lo -= down;
                    hi += short - down;
                }
                Order::Reversed => {
                    let up = short.min(b - hi);
                    hi += up;
                    lo -= short - up;
                }
            }
        }
        rep(hi - lo + 1) << (4 * lo + suit)
    }

    /// Tries the runs picked by `mask`, each cut to the window holding every card whose rank
    /// would otherwise join the groups (`free` = nibble LSBs of the ranks already there), and the
    /// joker's stand-in `x` (0 for none).
    fn try_windows(&mut self, runs: &[u64], mask: u32, free: u64, x: u64) {
        let mut seqs = [0u64; 16];
        let mut n = 0;
        let mut covered = 0;
        let mut faces = 0;
        let mut m = mask;
        while m != 0 {
            let run = runs[m.trailing_zeros() as usize];
            m &= m - 1;
            let must = (run & !x & !(free * 0xf)) | (run & x);
            if must == 0 {
                return;
            }
            let w = self.window(run, must);
            seqs[n] = w;
            n += 1;
            covered |= w & !x;
            faces |= w;
        }
        let rest = self.h & !covered;
        let cost = n as u32 + rank_count(rest) + u32::from(self.joker && x == 0 && rest == 0);
        if cost != self.target {
            return;
        }
        let key = self.key(rest, faces, cost);
        if self.best.as_ref().is_none_or(|b| key < b.key) {
            self.best = Some(Best { key, seqs, n, x });
        }
    }

    fn search(&mut self) {
        let h = self.h;
        let mut runs = [0u64; 16];
        // the joker in no sequence
        let k = maximal_runs(h, &mut runs);
        for mask in 0u32..(1 << k) {
            let used = bits_of(&runs, mask);
            let rest = h & !used;
            let pen = self.joker && rest == 0;
            if mask.count_ones() + rank_count(rest) + u32::from(pen) != self.target {
                continue;
            }
            if pen {
                // every card is in a run: the joker may join the cards of one rank left out
                self.try_windows(&runs, mask, 0, 0);
                let mut ranks = nibble_lsbs(h);
                while ranks != 0 {
                    let r = ranks & ranks.wrapping_neg();
                    ranks ^= r;
                    self.try_windows(&runs, mask, r, 0);
                }
            } else {
                self.try_windows(&runs, mask, nibble_lsbs(rest), 0);
            }
        }
        if !self.joker {
            return;
        }
        // the joker standing for x: a card of a run, or a missing card that makes or joins one
        let in_runs = bits_of(&runs, (1u32 << k) - 1);
        let (l1, l2, r1, r2) = ((h << 4) & STD, (h << 8) & STD, h >> 4, h >> 8);
        let mut cand = in_runs | (!h & STD & ((l1 & l2) | (l1 & r1) | (r1 & r2)));
        while cand != 0 {
            let x = cand & cand.wrapping_neg();
            cand ^= x;
            let k = maximal_runs(h | x, &mut runs);
            let Some(ix) = runs[..k].iter().position(|&r| r & x != 0) else {
                continue;
            };
            for mask in 0u32..(1 << k) {
                if mask & (1 << ix) == 0 {
                    continue;
                }
                let rest = h & !(bits_of(&runs, mask) & !x);
                if mask.count_ones() + rank_count(rest) != self.target {
                    continue;
                }
                self.try_windows(&runs, mask, nibble_lsbs(rest), x);
            }
        }
    }
}

/// The union of the runs picked by `mask`.
#[inline]
fn bits_of(runs: &[u64; 16], mask: u32) -> u64 {
    let mut used = 0;
    let mut m = mask;
    while m != 0 {
        used |= runs[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    used
}

/// Bit `4r` for every rank `r` holding a card of `x`.
#[inline]
const fn nibble_lsbs(x: u64) -> u64 {
    (x | (x >> 1) | (x >> 2) | (x >> 3)) & LSB
}

/// A decomposition of `hand` into the fewest melds (see [`fewest_melds_count`]), appended to
/// `out`; returns the number of melds.
///
/// Tie rule ("toward keeping stronger cards"): among all decompositions with the fewest melds,
/// take the one that keeps the most strong cards out of sequences — compare, rank by rank from
/// the strongest in `order` down, the number of the hand's cards of that rank in groups and
/// singles; the first rank where they differ decides, more kept wins. If that ties, the one
/// whose sequences' faces (the cards they count as, the joker's stand-in included) are weaker
/// wins: the sets are compared by their strongest differing card in `order` (ranks, then suit
/// ♠ > ♥ > ♦ > ♣), and the set without it wins. If that ties too (the splits differ only in
/// which card the joker stands for, `C10 H10 CJ CQ DQ CK DK SK CA DA JK`: ♣K or ♦K), the one
/// whose cards outside sequences are stronger wins, compared the same way by their strongest
/// differing card (there: `CJ CQ CK CA`, `DQ DA JK=DK`, keeping ♦K ♠K). Then the rule below
/// places a joker that is in no sequence. Every case is decided: in a minimum split no two
/// sequences share a maximal run, so the faces fix the sequences; the cards outside them fix
/// the groups, and with the faces the joker's stand-in in a sequence.
///
/// How it is found: in a minimum split every sequence lies in its own maximal run (of the hand,
/// or of the hand with the joker's card), the whole runs taken give the same count, and each
/// sequence is the shortest window of its run holding every card whose rank would otherwise
/// add a group, grown to three cards toward the weaker side. So the search tries every joker
/// place and every subset of runs, cuts each run to that window, and keeps the best key; it
/// never lists sequences, so it is fast for any hand size.
///
/// The rest is fixed: all cards of a rank outside sequences form one group (or single); the
/// joker, when in no sequence, joins the group of the strongest rank left in `order`, standing
/// for the first missing suit ♣♦♥♠ (no stand-in when it makes a five-card group), or is a lone
/// single when no other card is left. Output order as in [`decompose_into`].
///
/// ```
/// use daifugo::Order;
/// use daifugo::{fewest_melds, Rules};
/// let r = Rules::UECDA;
/// let melds = fewest_melds(r.parse_hand("S3 S4 S5 S6 D6").unwrap(), Order::Normal, &r).unwrap();
/// let text: Vec<String> = melds.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["S3 S4 S5", "D6 S6"]);
/// let melds = fewest_melds(r.parse_hand("SQ SK SA DA JK").unwrap(), Order::Normal, &r).unwrap();
/// let text: Vec<String> = melds.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["SQ SK JK=SJ", "DA SA"]); // both As kept, the weaker sequence
/// ```
pub fn fewest_melds_into(
    hand: CardSet,
    order: Order,
    rules: &Rules,
    out: &mut Vec<Meld>,
) -> Result<usize, Error> {
    rules.check(hand)?;
    let start = out.len();
    let all = hand.bits();
    let h = all & STD;
    let joker = all & JK != 0;
    let mut split = Split {
        h,
        joker,
        order,
        target: min_count(all, rules.sequences),
        best: None,
    };
    if rules.sequences {
        split.search();
    }
    let mut used = 0;
    let mut joker_used = false;
    if let Some(best) = split.best {
        let seqs = &mut { best.seqs }[..best.n];
        seqs.sort_unstable_by_key(|&w| weakest_first_key(w, order));
        for &w in seqs.iter() {
            if w & best.x != 0 {
                out.push(Meld::raw(
                    (w & !best.x) | JK,
                    best.x.trailing_zeros() as u8,
                    Kind::Sequence,
                ));
                joker_used = true;
            } else {
                out.push(Meld::raw(w, NO_STAND, Kind::Sequence));
            }
            used |= w & !best.x;
        }
    }
    let rest = h & !used;
    let joker_rank = if joker && !joker_used && rest != 0 {
        Some(match order {
            Order::Normal => rest.ilog2() / 4,
            Order::Reversed => rest.trailing_zeros() / 4,
        })
    } else {
        None
    };
    push_rest(out, rest, order, joker_rank);
    if joker && !joker_used && rest == 0 {
        out.push(Meld::JOKER);
    }
    Ok(out.len() - start)
}

/// [`fewest_melds_into`] into a new vector.
///
/// ```
/// use daifugo::Order;
/// use daifugo::{fewest_melds, Rules};
/// let r = Rules::UECDA;
/// let hand = r.parse_hand("S3 S4 S5 S6 D3").unwrap();
/// let text: Vec<String> = fewest_melds(hand, Order::Reversed, &r).unwrap()
///     .iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["S4 S5 S6", "D3 S3"]);
/// ```
pub fn fewest_melds(hand: CardSet, order: Order, rules: &Rules) -> Result<Vec<Meld>, Error> {
    let mut v = Vec::with_capacity(hand.len());
    fewest_melds_into(hand, order, rules, &mut v)?;
    Ok(v)
}
