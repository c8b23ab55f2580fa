//! Splitting a leader's hand into melds: the seed's greedy decomposition, and the exact
//! fewest-melds decomposition (手数) with its tie rule, and the count alone.

use cards_core::{CardSet, Order};

use crate::meld::{JK, LSB, NO_STAND, STD, rep};
use crate::{Error, Kind, Meld, Rules};

/// The maximal same-suit runs of 3 or more cards of `s` (standard cards), each as a set, by
/// their weakest card; returns how many (at most 12: three a suit).
#[inline]
fn maximal_runs(s: u64, out: &mut [u64; 16]) -> usize {
    let starts = s & (s >> 4) & (s >> 8);
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
/// use cards_core::Order;
/// use daifugo::{decompose, Rules};
/// let r = Rules::SEED;
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
        h & !(0xf << (4 * order.strongest() as u32))
    } else {
        h
    };
    let single_ranks = hand.quantity_positions() & LSB;
    let single_cards = h & (single_ranks * 0xf);
    let mut runs = [0u64; 16];
    let k = maximal_runs(no_strong, &mut runs);
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
/// use cards_core::Order;
/// use daifugo::{decompose, Rules};
/// let r = Rules::SEED;
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
/// assert_eq!(fewest_melds_count(cards_core::CardSet::EMPTY, &r), Ok(0));
/// ```
pub fn fewest_melds_count(hand: CardSet, rules: &Rules) -> Result<u32, Error> {
    rules.check(hand)?;
    Ok(min_count(hand.bits()))
}

pub(crate) fn min_count(all: u64) -> u32 {
    let h = all & STD;
    let joker = all & JK != 0;
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
/// strong cards (negated), then the sequences' faces in the order's strength.
type Key = (u32, u64, u64);

/// Reverses the 13 rank nibbles of `x` (rank 3 becomes the most significant), suits kept.
#[inline]
const fn reverse_ranks(x: u64) -> u64 {
    let y = x.swap_bytes();
    let y = ((y & 0x0f0f_0f0f_0f0f_0f0f) << 4) | ((y >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
    y >> 12
}

struct Search<'a> {
    seqs: &'a [Meld],
    h: u64,
    joker: bool,
    order: Order,
    target: u32,
    best: Key,
    best_family: Vec<u16>,
    family: Vec<u16>,
}

impl Search<'_> {
    fn key(&self, used: u64, joker_used: bool, faces: u64) -> Key {
        let rest = self.h & !used;
        let cost = self.family.len() as u32
            + rank_count(rest)
            + u32::from(self.joker && !joker_used && rest == 0);
        let kept = CardSet::from_bits_truncate(rest).rank_counts();
        let (kept, faces) = match self.order {
            Order::Normal => (kept, faces),
            Order::Reversed => (reverse_ranks(kept), reverse_ranks(faces)),
        };
        (cost, !kept, faces)
    }

    fn dfs(&mut self, from: usize, used: u64, joker_used: bool, faces: u64) {
        let key = self.key(used, joker_used, faces);
        if key < self.best {
            self.best = key;
            self.best_family.clone_from(&self.family);
        }
        if self.family.len() as u32 >= self.target {
            return;
        }
        for i in from..self.seqs.len() {
            let m = self.seqs[i];
            let real = m.bits() & STD;
            if real & used != 0 || (joker_used && m.has_joker()) {
                continue;
            }
            self.family.push(i as u16);
            self.dfs(
                i + 1,
                used | real,
                joker_used || m.has_joker(),
                faces | m.face_bits(),
            );
            self.family.pop();
        }
    }
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
/// ♠ > ♥ > ♦ > ♣), and the set without it wins. Any tie left (only possible when a joker stands
/// for a card another sequence also holds) goes to the first family of sequences in the [`lead`]
/// list's order.
///
/// The rest is fixed: all cards of a rank outside sequences form one group (or single); the
/// joker, when in no sequence, joins the group of the strongest rank left in `order`, standing
/// for the first missing suit ♣♦♥♠ (no stand-in when it makes a five-card group), or is a lone
/// single when no other card is left. Output order as in [`decompose_into`].
///
/// ```
/// use cards_core::Order;
/// use daifugo::{fewest_melds, Rules};
/// let r = Rules::UECDA;
/// let melds = fewest_melds(r.parse_hand("S3 S4 S5 S6 D6").unwrap(), Order::Normal, &r).unwrap();
/// let text: Vec<String> = melds.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["S3 S4 S5", "D6 S6"]);
/// let melds = fewest_melds(r.parse_hand("SQ SK SA DA JK").unwrap(), Order::Normal, &r).unwrap();
/// let text: Vec<String> = melds.iter().map(|m| format!("{m:#}")).collect();
/// assert_eq!(text, ["SQ SK JK=SJ", "DA SA"]); // both As kept, the weaker sequence
/// ```
///
/// [`lead`]: crate::lead
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
    let mut seqs = Vec::new();
    crate::moves::push_all_sequences(h, joker, &mut seqs);
    let mut search = Search {
        seqs: &seqs,
        h,
        joker,
        order,
        target: min_count(all),
        best: (u32::MAX, 0, 0),
        best_family: Vec::new(),
        family: Vec::new(),
    };
    search.dfs(0, 0, false, 0);
    let mut chosen: Vec<Meld> = search
        .best_family
        .iter()
        .map(|&i| seqs[i as usize])
        .collect();
    chosen.sort_by_key(|m| weakest_first_key(m.face_bits(), order));
    let mut used = 0;
    let mut joker_used = false;
    for m in &chosen {
        used |= m.bits() & STD;
        joker_used |= m.has_joker();
        out.push(*m);
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
/// use cards_core::Order;
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
