//! The learned move policy: a softmax (linear in [`FEATURES`] hand-crafted move features) over
//! a player's legal actions, its weights trained by [`train`](crate::players::train) on the search
//! player's visit counts and committed in `learned/weights.rs`.

use core::cell::RefCell;
use core::fmt;

use cards_core::{CardSet, Order, Rank, Rng};

use crate::game::observation::Observation;
use crate::game::{Action, weakest};
use crate::players::policy::strength;
use crate::rules::meld::JK;
use crate::{Kind, Meld, decompose_into, fewest_melds_count};

mod weights;

/// The number of move features ([`FEATURE_NAMES`] names them, in order).
pub const FEATURES: usize = 34;

/// The move features' names, in the order of [`LearnedPolicy::weights`]. A meld's *strength*
/// is its rank in the order in force, 0 (weakest) to 13 (the lone joker), read as a fraction
/// of 13; the hand's *parts* are its tutorial decomposition ([`decompose`](crate::decompose));
/// `few` means the fewest cards an opponent still playing holds is 2 or less.
///
/// ```
/// assert_eq!(daifugo::FEATURE_NAMES.len(), daifugo::FEATURES);
/// assert_eq!(daifugo::FEATURE_NAMES[0], "lead");
/// ```
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "lead",
    "follow",
    "lead single",
    "lead group",
    "lead sequence",
    "follow group",
    "follow sequence",
    "cards / 4",
    "strength",
    "strength squared",
    "strength at a lead",
    "joker in a meld",
    "lone joker",
    "8-cut",
    "8-cut at a lead",
    "revolution",
    "revolution x weakness left",
    "parts broken",
    "parts played whole",
    "goes out",
    "one part left",
    "strongest rank",
    "strength x few",
    "margin over the table",
    "locks the suits",
    "cards left / 11",
    "strength x parts / 10",
    "spade 3 on the joker",
    "pass",
    "pass x table strength",
    "pass x few",
    "pass x parts / 10",
    "pass x table cards / 4",
    "pass x lock",
];

/// What a decision's features share: read once from the observation, then used for every
/// candidate action.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Context {
    lead: bool,
    order: Order,
    hand: u64,
    parts: [u64; 16],
    n_parts: usize,
    few: bool,
    table: Option<Meld>,
    table_strength: f32,
    locked: bool,
    rules: crate::Rules,
}

thread_local! {
    /// The decomposition buffer of [`Context::new`], reused by every decision of the thread.
    static PARTS: RefCell<Vec<Meld>> = RefCell::new(Vec::with_capacity(16));
}

impl Context {
    fn new(obs: &Observation<'_>) -> Context {
        PARTS.with(|b| {
            let mut b = b.borrow_mut();
            b.clear();
            if decompose_into(obs.hand, obs.state.order(), &obs.rules, &mut b).is_err() {
                b.clear();
            }
            Context::with_parts(obs, &b)
        })
    }

    /// The context of `obs` whose hand decomposes into `melds` (the tutorial decomposition).
    pub(crate) fn with_parts(obs: &Observation<'_>, melds: &[Meld]) -> Context {
        let order = obs.state.order();
        let mut parts = [0u64; 16];
        let mut n_parts = 0;
        for m in melds.iter().take(parts.len()) {
            parts[n_parts] = m.cards().bits();
            n_parts += 1;
        }
        let me = obs.player as usize;
        let few = (0..obs.counts.len())
            .filter(|&p| p != me && obs.places[p] == 0 && obs.counts[p] > 0)
            .any(|p| obs.counts[p] <= 2);
        let table = obs.state.table;
        Context {
            lead: table.is_none(),
            order,
            hand: obs.hand.bits(),
            parts,
            n_parts,
            few,
            table,
            table_strength: table.map_or(0.0, |t| f32::from(strength(&t, order)) / 13.0),
            locked: obs.state.locked,
            rules: obs.rules,
        }
    }

    /// The features of `action` into `f` (all zero for a give or an invalid action).
    pub(crate) fn features(&self, action: &Action, f: &mut [f32; FEATURES]) {
        f.fill(0.0);
        self.terms(action, f);
    }

    /// The features of `action` that may not be zero into `out`, each once and in index order
    /// (the others are zero).
    pub(crate) fn terms<T: Terms>(&self, action: &Action, out: T) -> T {
        let split = action
            .meld()
            .map_or((0, 0), |m| self.split(m.cards().bits()));
        self.terms_split(action, split, out)
    }

    /// How many of the hand's parts playing `cards` breaks, and how many it plays whole.
    pub(crate) fn split(&self, cards: u64) -> (u8, u8) {
        let (mut broken, mut whole) = (0u8, 0u8);
        for &p in &self.parts[..self.n_parts] {
            if p & cards == p {
                whole += 1;
            } else if p & cards != 0 {
                broken += 1;
            }
        }
        (broken, whole)
    }

    /// [`Context::terms`], given the [`Context::split`] of `action`'s cards.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn terms_split<T: Terms>(
        &self,
        action: &Action,
        (broken, whole): (u8, u8),
        mut out: T,
    ) -> T {
        let parts = self.n_parts as f32 / 10.0;
        let m = match action {
            Action::Play(m) => m,
            Action::Pass => {
                out.term(28, 1.0);
                out.term(29, self.table_strength);
                if self.few {
                    out.term(30, 1.0);
                }
                out.term(31, parts);
                if let Some(t) = self.table {
                    out.term(32, t.len() as f32 / 4.0);
                }
                if self.locked {
                    out.term(33, 1.0);
                }
                return out;
            }
            Action::Give(_) | Action::Invalid => return out,
        };
        let cards = m.cards().bits();
        let s = f32::from(strength(m, self.order)) / 13.0;
        let kind = m.kind();
        if self.lead {
            out.term(0, 1.0);
            out.term(2 + kind as usize, 1.0);
        } else {
            out.term(1, 1.0);
            if kind != Kind::Single {
                out.term(4 + kind as usize, 1.0);
            }
        }
        out.term(7, m.len() as f32 / 4.0);
        out.term(8, s);
        out.term(9, s * s);
        if self.lead {
            out.term(10, s);
        }
        if m.is_lone_joker() {
            out.term(12, 1.0);
        } else if m.has_joker() {
            out.term(11, 1.0);
        }
        if self.rules.eight_cut && m.has_rank(Rank::Eight) {
            out.term(13, 1.0);
            if self.lead {
                out.term(14, 1.0);
            }
        }
        let left = self.hand & !cards;
        if self.rules.revolts(m) {
            out.term(15, 1.0);
            out.term(16, 0.5 - mean_strength(left, self.order));
        }
        if broken != 0 {
            out.term(17, f32::from(broken));
        }
        if whole != 0 {
            out.term(18, f32::from(whole));
        }
        if left == 0 {
            out.term(19, 1.0);
        } else if self.n_parts + usize::from(broken) == usize::from(whole) + 1 {
            out.term(20, 1.0);
        }
        if m.has_rank(self.order.strongest()) {
            out.term(21, 1.0);
        }
        if self.few {
            out.term(22, s);
        }
        if let Some(t) = self.table {
            out.term(23, s - self.table_strength);
            if self.rules.suit_lock
                && !self.locked
                && m.suit_mask() == t.suit_mask()
                && !t.is_lone_joker()
            {
                out.term(24, 1.0);
            }
        }
        out.term(25, left.count_ones() as f32 / 11.0);
        out.term(26, s * parts);
        if self.rules.spade_three
            && cards == SPADE_THREE
            && self.table.is_some_and(|t| t.is_lone_joker())
        {
            out.term(27, 1.0);
        }
        out
    }
}

/// Where [`Context::terms`] writes an action's features: those that may not be zero, each
/// once, in index order.
pub(crate) trait Terms {
    /// Feature `i` is `v`.
    fn term(&mut self, i: usize, v: f32);
}

/// Into an array that starts all zero.
impl Terms for &mut [f32; FEATURES] {
    #[inline]
    fn term(&mut self, i: usize, v: f32) {
        self[i] = v;
    }
}

/// The dot product with `w`, summed onto `sum` as the features come: with finite weights, the
/// same sum in the same order as the whole dot product (a zero feature adds `w * 0.0`, which
/// changes at most the sign of a zero sum, which no comparison and no softmax sees).
#[derive(Clone, Copy)]
pub(crate) struct Dot<'w> {
    /// The weights, one a feature.
    pub(crate) w: &'w [f32; FEATURES],
    /// The sum so far.
    pub(crate) sum: f32,
}

impl Terms for Dot<'_> {
    #[inline]
    fn term(&mut self, i: usize, v: f32) {
        self.sum += self.w[i] * v;
    }
}

/// Draws an index from the softmax of `scores` with `rng`: the scores become their
/// exponentials (less the largest first); the index and their total. The last index for
/// scores that are not numbers; `scores` must not be empty.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn softmax_draw(scores: &mut [f32], rng: &mut Rng) -> (usize, f32) {
    let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut total = 0.0;
    for s in scores.iter_mut() {
        *s = (*s - max).exp();
        total += *s;
    }
    let mut u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * total;
    for (i, s) in scores.iter().enumerate() {
        u -= s;
        if u < 0.0 {
            return (i, total);
        }
    }
    (scores.len().saturating_sub(1), total)
}

/// The ♠3's bit.
const SPADE_THREE: u64 = 1 << 3;

/// The mean strength of the standard cards of `cards` in `order`, as a fraction (0.5 for none).
#[allow(clippy::cast_precision_loss)]
fn mean_strength(cards: u64, order: Order) -> f32 {
    let std = cards & !JK;
    let n = std.count_ones();
    if n == 0 {
        return 0.5;
    }
    let mut sum = 0u32;
    let mut b = std;
    while b != 0 {
        let r = b.trailing_zeros() / 4;
        sum += match order {
            Order::Normal => r,
            Order::Reversed => 12 - r,
        };
        b &= b - 1;
    }
    sum as f32 / (n as f32 * 12.0)
}

/// The learned move policy: each legal action scores the dot product of its [`FEATURES`]
/// features with the weights; [`LearnedPolicy::best`] takes the highest score (the built-in
/// `learned` player), [`LearnedPolicy::sample`] draws from the softmax of the scores (the
/// search's [`SearchRollout::Learned`](crate::SearchRollout::Learned)). In the exchange it
/// gives the cards that leave its hand in the fewest melds (the weakest such cards).
///
/// Allocation-free after a thread's first decision. The default weights are the committed
/// ones, trained by the `train_policy` example (see the crate's README).
///
/// ```
/// use daifugo::cards_core::game::Policy;
/// use daifugo::{Game, LearnedPolicy, Rules};
/// let g = Game::new(Rules::UECDA, 3);
/// let p = g.seat_to_act().unwrap();
/// let legal = g.legal_actions();
/// let a = LearnedPolicy::default().choose(&g.observation(usize::from(p)), &legal);
/// assert!(legal.contains(&a));
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct LearnedPolicy {
    weights: [f32; FEATURES],
}

impl Default for LearnedPolicy {
    fn default() -> LearnedPolicy {
        LearnedPolicy::TRAINED
    }
}

impl fmt::Debug for LearnedPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LearnedPolicy")
            .field("weights", &self.weights)
            .finish()
    }
}

impl fmt::Display for LearnedPolicy {
    /// The weights as text, one `weight  # feature` a line (what [`LearnedPolicy::from_text`]
    /// reads back exactly).
    ///
    /// ```
    /// use daifugo::LearnedPolicy;
    /// let p = LearnedPolicy::default();
    /// assert_eq!(LearnedPolicy::from_text(&p.to_string()), Ok(p));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (w, name) in self.weights.iter().zip(FEATURE_NAMES) {
            writeln!(f, "{w:?}  # {name}")?;
        }
        Ok(())
    }
}

impl LearnedPolicy {
    /// The committed weights.
    ///
    /// ```
    /// assert_eq!(daifugo::LearnedPolicy::TRAINED, daifugo::LearnedPolicy::default());
    /// ```
    pub const TRAINED: LearnedPolicy = LearnedPolicy {
        weights: weights::WEIGHTS,
    };

    /// A policy with `weights` (one a feature, in [`FEATURE_NAMES`]' order).
    ///
    /// ```
    /// let p = daifugo::LearnedPolicy::new([0.0; daifugo::FEATURES]);
    /// assert_eq!(p.weights(), &[0.0; daifugo::FEATURES]);
    /// ```
    #[must_use]
    pub const fn new(weights: [f32; FEATURES]) -> LearnedPolicy {
        LearnedPolicy { weights }
    }

    /// The weights.
    ///
    /// ```
    /// assert_eq!(daifugo::LearnedPolicy::default().weights().len(), daifugo::FEATURES);
    /// ```
    #[must_use]
    pub const fn weights(&self) -> &[f32; FEATURES] {
        &self.weights
    }

    /// Reads [`Display`](fmt::Display)'s text: one weight a line (anything after `#` is a
    /// comment; blank lines are skipped).
    ///
    /// # Errors
    ///
    /// A line that is no number (its 1-based line number and text), or not exactly
    /// [`FEATURES`] weights (`line` 0 and the count found).
    ///
    /// ```
    /// use daifugo::LearnedPolicy;
    /// assert!(LearnedPolicy::from_text("1.0\nfoo\n").is_err());
    /// assert!(LearnedPolicy::from_text("1.0\n").is_err()); // too few
    /// ```
    pub fn from_text(text: &str) -> Result<LearnedPolicy, WeightsError> {
        let mut weights = [0.0; FEATURES];
        let mut n = 0;
        for (i, line) in text.lines().enumerate() {
            let t = line.split('#').next().unwrap_or("").trim();
            if t.is_empty() {
                continue;
            }
            let w: f32 = t.parse().map_err(|_| WeightsError {
                line: i + 1,
                text: format!("not a number: {line}"),
            })?;
            if n == FEATURES {
                return Err(WeightsError {
                    line: i + 1,
                    text: format!("more than {FEATURES} weights: {line}"),
                });
            }
            weights[n] = w;
            n += 1;
        }
        if n < FEATURES {
            return Err(WeightsError {
                line: 0,
                text: format!("{n} weights, {FEATURES} expected"),
            });
        }
        Ok(LearnedPolicy { weights })
    }

    /// Each legal action's score (the features' dot product with the weights) into `out`
    /// (cleared first), in `legal`'s order.
    ///
    /// ```
    /// use daifugo::{Game, LearnedPolicy, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let mut scores = Vec::new();
    /// LearnedPolicy::default().scores_into(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal, &mut scores);
    /// assert_eq!(scores.len(), legal.len());
    /// ```
    pub fn scores_into(&self, obs: &Observation<'_>, legal: &[Action], out: &mut Vec<f32>) {
        out.clear();
        let ctx = Context::new(obs);
        let mut f = [0.0; FEATURES];
        let finite = self.finite();
        for a in legal {
            out.push(self.score(&ctx, a, finite, &mut f));
        }
    }

    /// The features of every legal action, `legal.len()` rows appended to `out`.
    ///
    /// ```
    /// use daifugo::{Game, LearnedPolicy, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let mut rows = Vec::new();
    /// LearnedPolicy::features_into(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal, &mut rows);
    /// assert_eq!(rows.len(), legal.len());
    /// assert_eq!(rows[0][0], 1.0); // a lead
    /// ```
    pub fn features_into(obs: &Observation<'_>, legal: &[Action], out: &mut Vec<[f32; FEATURES]>) {
        let ctx = Context::new(obs);
        for a in legal {
            let mut f = [0.0; FEATURES];
            ctx.features(a, &mut f);
            out.push(f);
        }
    }

    /// Whether every weight is finite.
    fn finite(&self) -> bool {
        self.weights.iter().all(|w| w.is_finite())
    }

    /// The score of `action`: the dot product of its features (written into `f`) with the
    /// weights; with `finite` weights, summed as [`Context::terms`] gives them, those it knows
    /// are zero skipped (the same sum but at most the sign of a zero).
    #[inline]
    fn score(&self, ctx: &Context, action: &Action, finite: bool, f: &mut [f32; FEATURES]) -> f32 {
        if finite {
            let dot = Dot {
                w: &self.weights,
                sum: -0.0,
            };
            ctx.terms(action, dot).sum
        } else {
            ctx.features(action, f);
            self.weights.iter().zip(&*f).map(|(w, x)| w * x).sum()
        }
    }

    /// The legal action of highest score (the first of equal ones); pass for an empty `legal`.
    ///
    /// ```
    /// use daifugo::{Action, Game, LearnedPolicy, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let a = LearnedPolicy::default().best(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
    /// assert!(matches!(a, Action::Play(_)));
    /// ```
    #[must_use]
    pub fn best(&self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        let ctx = Context::new(obs);
        let mut f = [0.0; FEATURES];
        let finite = self.finite();
        let mut best = (f32::NEG_INFINITY, Action::Pass);
        for a in legal {
            let s = self.score(&ctx, a, finite, &mut f);
            if s > best.0 {
                best = (s, *a);
            }
        }
        if best.0 == f32::NEG_INFINITY {
            legal.first().copied().unwrap_or(Action::Pass)
        } else {
            best.1
        }
    }

    /// A legal action drawn from the softmax of the scores, from `rng`; pass for an empty
    /// `legal`.
    ///
    /// ```
    /// use daifugo::{Game, LearnedPolicy, Rng, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let obs = g.observation(usize::from(g.seat_to_act().unwrap()));
    /// let a = LearnedPolicy::default().sample(&obs, &legal, &mut Rng::seed_from_u64(1));
    /// assert!(legal.contains(&a));
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn sample(&self, obs: &Observation<'_>, legal: &[Action], rng: &mut Rng) -> Action {
        match legal.len() {
            0 => return Action::Pass,
            1 => return legal[0],
            _ => {}
        }
        let ctx = Context::new(obs);
        let mut f = [0.0; FEATURES];
        let mut scores = [0f32; 128];
        let n = legal.len().min(scores.len());
        let finite = self.finite();
        for (s, a) in scores.iter_mut().zip(&legal[..n]) {
            *s = self.score(&ctx, a, finite, &mut f);
        }
        legal[softmax_draw(&mut scores[..n], rng).0]
    }

    /// The `count` cards to give in the exchange: of every set of `count` cards of `hand`, the
    /// one leaving the fewest melds ([`fewest_melds_count`]), the weakest of those (by the
    /// sum of the cards' indices); the weakest cards if the hand is not a hand of `rules`.
    ///
    /// ```
    /// use daifugo::{LearnedPolicy, Rules};
    /// let r = Rules::UECDA;
    /// let hand = r.parse_hand("S3 D4 H5 C6 S6 D6 H9 S10 SJ SQ S2").unwrap();
    /// // the 3 and 4 are lone weak cards; giving them leaves the fewest melds
    /// assert_eq!(LearnedPolicy::give_cards(hand, 2, &r), r.parse_hand("S3 D4").unwrap());
    /// ```
    #[must_use]
    pub fn give_cards(hand: CardSet, count: usize, rules: &crate::Rules) -> CardSet {
        let k = u32::try_from(count).unwrap_or(u32::MAX);
        let mut best: Option<((u32, u32), CardSet)> = None;
        for give in hand.subsets_of_size(k) {
            let Ok(left) = fewest_melds_count(hand - give, rules) else {
                return weakest(hand, count);
            };
            let mut w = 0;
            let mut b = give.bits();
            while b != 0 {
                w += b.trailing_zeros();
                b &= b - 1;
            }
            let key = (left, w);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, give));
            }
        }
        best.map_or_else(|| weakest(hand, count), |(_, c)| c)
    }
}

/// A weights text that [`LearnedPolicy::from_text`] cannot read: the line (1-based; 0 for
/// the whole text) and what is wrong.
///
/// ```
/// let e = daifugo::LearnedPolicy::from_text("x").unwrap_err();
/// assert_eq!(e.to_string(), "weights line 1: not a number: x");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError {
    /// The 1-based line, 0 for the whole text.
    pub line: usize,
    /// The line's text, or what is wrong with the whole.
    pub text: String,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "weights: {}", self.text)
        } else {
            write!(f, "weights line {}: {}", self.line, self.text)
        }
    }
}

impl std::error::Error for WeightsError {}

impl cards_core::game::Policy<crate::Game> for LearnedPolicy {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        if obs.exchanging {
            let count = crate::game::give_count(legal);
            Action::Give(LearnedPolicy::give_cards(obs.hand, count, &obs.rules))
        } else {
            self.best(obs, legal)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{FEATURES, LearnedPolicy};
    use crate::players::each_random_decision;

    /// A score summed from the features that may not be zero is the whole dot product of the
    /// features with the weights; with a weight that is not finite, the same bits too.
    #[test]
    #[allow(clippy::float_cmp)]
    fn scores_are_the_dot_products_of_the_features() {
        let trained = LearnedPolicy::TRAINED;
        let mut w = *trained.weights();
        w[30] = f32::INFINITY; // a pass's term: every play scores NaN
        let infinite = LearnedPolicy::new(w);
        let dot = |w: &[f32; FEATURES], f: &[f32; FEATURES]| -> f32 {
            w.iter().zip(f).map(|(w, x)| w * x).sum()
        };
        let (mut rows, mut scores, mut scored) = (Vec::new(), Vec::new(), 0);
        each_random_decision(20, |_, obs, legal| {
            rows.clear();
            LearnedPolicy::features_into(obs, legal, &mut rows);
            trained.scores_into(obs, legal, &mut scores);
            for (s, f) in scores.iter().zip(&rows) {
                assert_eq!(*s, dot(trained.weights(), f));
                scored += 1;
            }
            infinite.scores_into(obs, legal, &mut scores);
            for (s, f) in scores.iter().zip(&rows) {
                assert_eq!(s.to_bits(), dot(infinite.weights(), f).to_bits());
            }
        });
        assert!(scored > 6_000, "{scored} scores");
    }
}
