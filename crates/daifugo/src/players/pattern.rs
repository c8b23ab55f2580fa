//! The pattern move policy: a softmax, linear in thousands of weights, over a player's legal
//! actions. Each action switches on a few dozen *pattern* features, each a combination of a
//! feature group and small integers (the candidate meld's kind, size and strength, how many
//! unseen ranks could beat it, the shape of the hand it leaves, the table, who has passed, the
//! opponents' card counts, the class…), hashed into a table of [`PATTERN_SIZE`] weights, plus the
//! [`FEATURES`] real-valued features of the [`LearnedPolicy`](crate::LearnedPolicy). Its
//! weights are trained by [`fit_pattern`](crate::fit_pattern) on the `search` player's root
//! statistics in self-play (see the `pattern_policy` example) and committed in
//! `pattern/weights.rs`.

use std::borrow::Cow;
use std::sync::OnceLock;

use cards_core::{CardSet, Order, Rank, RankSet, Rng, swar};

use crate::game::observation::Observation;
use crate::game::{Action, PLAYERS};
use crate::players::learned::{Context as Legacy, Dot, FEATURES, LearnedPolicy};
use crate::players::policy::strength;
use crate::rules::meld::{JK, LSB, STD};
use crate::{Kind, Meld, decompose_into};

mod train;
mod weights;

pub use train::{
    Decision, FitOptions, PatternSample, RecordLineError, ReinforceOptions, SelfPlayGame,
    SelfPlayOptions, fit_pattern, pattern_samples, pattern_scores, reinforce, self_play,
};

/// The bits of the hashed weight table: [`PATTERN_SIZE`] is `1 << PATTERN_BITS`.
pub const PATTERN_BITS: u32 = 15;

/// The number of hashed pattern weights; a [`PatternPolicy`] has these and then one weight
/// for each of the [`FEATURES`] real-valued features ([`PATTERN_WEIGHTS`] in all).
///
/// ```
/// assert_eq!(daifugo::PATTERN_SIZE, 32_768);
/// ```
pub const PATTERN_SIZE: usize = 1 << PATTERN_BITS;

/// The length of a [`PatternPolicy`]'s weights: [`PATTERN_SIZE`] hashed, then [`FEATURES`]
/// real-valued.
///
/// ```
/// assert_eq!(daifugo::PATTERN_WEIGHTS, daifugo::PATTERN_SIZE + daifugo::FEATURES);
/// ```
pub const PATTERN_WEIGHTS: usize = PATTERN_SIZE + FEATURES;

/// Whether the rows carry the [`LearnedPolicy`] features.
const LEGACY: bool = true;

/// The most pattern features one action switches on.
pub(crate) const MAX_ACTIVE: usize = 32;

/// One action's features: the hashed indices switched on (value 1) and the real-valued ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatternRow {
    /// The hashed indices switched on (the first `len`).
    pub(crate) active: [u16; MAX_ACTIVE],
    /// How many of `active` are used.
    pub(crate) len: u8,
    /// The [`LearnedPolicy`] features.
    pub(crate) dense: [f32; FEATURES],
}

impl PatternRow {
    const EMPTY: PatternRow = PatternRow {
        active: [0; MAX_ACTIVE],
        len: 0,
        dense: [0.0; FEATURES],
    };

    /// The hashed indices switched on.
    ///
    /// ```
    /// use daifugo::{Game, PatternPolicy, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let rows = PatternPolicy::features(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
    /// assert!(rows.iter().all(|r| !r.active().is_empty()));
    /// ```
    #[must_use]
    pub fn active(&self) -> &[u16] {
        &self.active[..usize::from(self.len)]
    }

    /// The real-valued features ([`FEATURE_NAMES`](crate::FEATURE_NAMES)' order).
    ///
    /// ```
    /// use daifugo::{Game, PatternPolicy, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let rows = PatternPolicy::features(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
    /// assert_eq!(rows[0].dense()[0], 1.0); // a lead
    /// ```
    #[must_use]
    pub const fn dense(&self) -> &[f32; FEATURES] {
        &self.dense
    }

    /// The score of this row under `w` ([`PATTERN_WEIGHTS`] long).
    #[inline]
    pub(crate) fn score(&self, w: &[f32]) -> f32 {
        let mut s = 0.0;
        for &i in self.active() {
            s += w[usize::from(i)];
        }
        if LEGACY {
            for (x, v) in w[PATTERN_SIZE..].iter().zip(&self.dense) {
                s += x * v;
            }
        }
        s
    }
}

/// Where [`Ctx::features`] puts an action's features: the hashed slots switched on (the first
/// [`MAX_ACTIVE`]), gathered in a small value of their own ([`Features::Slots`]) as they come,
/// then the real-valued ones.
trait Features {
    /// What the hashed slots of one action are gathered into.
    type Slots: Slots;
    /// Starts a new action's hashed slots.
    fn start(&self) -> Self::Slots;
    /// Ends `action`, whose hashed slots are `slots` and whose real-valued features are
    /// `legacy`'s (`split` its cards' [`Legacy::split`]).
    fn end(&mut self, slots: Self::Slots, legacy: &Legacy, action: &Action, split: (u8, u8));
}

/// The hashed slots of one action as they come.
trait Slots {
    /// Switches on the next hashed slot (ignored past [`MAX_ACTIVE`]).
    fn on(&mut self, slot: u16);

    /// Switches on the feature of `group` with fields `a` to `d`.
    #[inline]
    fn push(&mut self, group: u64, a: u64, b: u64, c: u64, d: u64) {
        self.on(slot(group, a, b, c, d));
    }
}

/// A [`PatternRow`]'s hashed slots as they come.
#[derive(Clone, Copy)]
struct Active {
    active: [u16; MAX_ACTIVE],
    len: u8,
}

impl Slots for Active {
    #[inline]
    fn on(&mut self, slot: u16) {
        if usize::from(self.len) < MAX_ACTIVE {
            self.active[usize::from(self.len)] = slot;
            self.len += 1;
        }
    }
}

impl Features for PatternRow {
    type Slots = Active;

    fn start(&self) -> Active {
        Active {
            active: [0; MAX_ACTIVE],
            len: 0,
        }
    }

    fn end(&mut self, slots: Active, legacy: &Legacy, action: &Action, _: (u8, u8)) {
        self.active = slots.active;
        self.len = slots.len;
        if LEGACY {
            legacy.features(action, &mut self.dense);
        }
    }
}

/// An action's score summed as its features come: the same sums in the same order as
/// [`PatternRow::score`] of its row, without the row. With finite weights, the real-valued
/// features are summed as [`Legacy::terms`] gives them, those it knows are zero skipped
/// (adding `w * 0.0` changes at most the sign of a zero sum, which no comparison and no
/// softmax sees); otherwise all of them.
struct Scorer<'w> {
    w: &'w [f32],
    /// The real-valued features' weights, if all finite.
    finite: Option<&'w [f32; FEATURES]>,
    /// The last action's score.
    score: f32,
    dense: [f32; FEATURES],
}

impl<'w> Scorer<'w> {
    fn new(policy: &'w PatternPolicy) -> Scorer<'w> {
        Scorer {
            w: &policy.weights,
            finite: policy
                .finite
                .then(|| policy.weights[PATTERN_SIZE..].try_into().ok())
                .flatten(),
            score: 0.0,
            dense: [0.0; FEATURES],
        }
    }
}

/// The sum of the hashed weights switched on so far, and how many.
#[derive(Clone, Copy)]
struct Sum<'w> {
    w: &'w [f32],
    total: f32,
    len: usize,
}

impl Slots for Sum<'_> {
    #[inline]
    fn on(&mut self, slot: u16) {
        if self.len < MAX_ACTIVE {
            self.total += self.w[usize::from(slot)];
            self.len += 1;
        }
    }
}

impl<'w> Features for Scorer<'w> {
    type Slots = Sum<'w>;

    #[inline]
    fn start(&self) -> Sum<'w> {
        Sum {
            w: self.w,
            total: 0.0,
            len: 0,
        }
    }

    #[inline]
    fn end(&mut self, slots: Sum<'w>, legacy: &Legacy, action: &Action, split: (u8, u8)) {
        self.score = slots.total;
        if !LEGACY {
            return;
        }
        if let Some(w) = self.finite {
            let dot = Dot {
                w,
                sum: slots.total,
            };
            self.score = legacy.terms_split(action, split, dot).sum;
        } else {
            legacy.features(action, &mut self.dense);
            for (x, v) in self.w[PATTERN_SIZE..].iter().zip(&self.dense) {
                self.score += x * v;
            }
        }
    }
}

/// The hashed slot of a feature: its group and up to four small fields.
#[inline]
#[allow(clippy::cast_possible_truncation)]
const fn slot(group: u64, a: u64, b: u64, c: u64, d: u64) -> u16 {
    let key = (group << 48) ^ (a << 36) ^ (b << 24) ^ (c << 12) ^ d;
    let h = (key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - PATTERN_BITS)) as u16
}

/// The feature groups (the first field of every hashed key).
mod group {
    pub const SHAPE: u64 = 1;
    pub const BEATERS: u64 = 2;
    pub const PLAN: u64 = 3;
    pub const PARTS: u64 = 4;
    pub const JOKER: u64 = 5;
    pub const EIGHT: u64 = 6;
    pub const REVOLUTION: u64 = 7;
    pub const FEW: u64 = 8;
    pub const MARGIN: u64 = 9;
    pub const LOCK: u64 = 10;
    pub const HELD: u64 = 11;
    pub const RANK_IN_HAND: u64 = 12;
    pub const RESPONDERS: u64 = 13;
    pub const CLASS: u64 = 14;
    pub const ELEVEN: u64 = 15;
    pub const SPADE3: u64 = 16;
    pub const OUT: u64 = 17;
    pub const ORDER: u64 = 18;
    pub const PASS_TABLE: u64 = 20;
    pub const PASS_PLAN: u64 = 21;
    pub const PASS_FEW: u64 = 22;
    pub const PASS_RESPONDERS: u64 = 23;
    pub const PASS_LOCK: u64 = 24;
    pub const PASS_OWNER: u64 = 25;
    pub const PASS_LEAD: u64 = 26;
    pub const PASS_BEATERS: u64 = 27;
    pub const PASS_CLASS: u64 = 28;
    pub const BIAS: u64 = 29;
    pub const FEW_KIND: u64 = 30;
    pub const KEEPS: u64 = 31;
    pub const TOP: u64 = 32;
    pub const PASS_TOP: u64 = 33;
}

/// A rank's strength in `order` (rank index 0 is the 3, 12 the 2).
#[inline]
const fn rank_strength(r: u32, order: Order) -> u32 {
    match order {
        Order::Normal => r,
        Order::Reversed => 12 - r,
    }
}

/// What the features of one decision share, read once from the observation.
#[allow(clippy::struct_excessive_bools)]
struct Ctx {
    lead: bool,
    order: Order,
    hand: u64,
    /// The decomposition's parts: cards, strength, whether no unseen cards could beat it.
    parts: [(u64, u8, bool); 16],
    n_parts: usize,
    boss_parts: u64,
    /// Unseen standard cards by suit: suit `k`'s ranks (bit `r`) in bits `16 k..16 k + 13`.
    unseen_suits: u64,
    unseen_joker: bool,
    unseen_spade3: bool,
    /// `at_least[n]`: the ranks (nibble LSBs) of which the unseen cards make `n` of a kind,
    /// the joker included for `n` of 2 and more (none for `n` 0).
    at_least: [u64; 6],
    /// The hand's cards a rank ([`CardSet::rank_counts`]).
    hand_counts: u64,
    min_opp: u64,
    my_cards: u64,
    responders: u64,
    class: u64,
    table: Option<Meld>,
    table_strength: u64,
    owner_cards: u64,
    locked: bool,
    rules: crate::Rules,
    legacy: Legacy,
}

thread_local! {
    /// The decomposition buffer, reused by every decision of the thread.
    static PARTS: core::cell::RefCell<Vec<Meld>> = core::cell::RefCell::new(Vec::with_capacity(16));
}

/// How many unseen ranks (or sequences) could beat `m` of strength `s` in the order in force,
/// capped at 3 (the lock and the 8-cut aside).
fn beaters(ctx: &Ctx, m: &Meld, s: u32) -> u64 {
    if m.is_lone_joker() {
        return u64::from(ctx.rules.spade_three && ctx.unseen_spade3);
    }
    let joker = u8::from(ctx.unseen_joker);
    let n = m.len();
    let s = (s as usize).min(13);
    match m.kind() {
        Kind::Single => (ctx.stronger(1, s) + u64::from(joker)).min(3),
        Kind::Group => ctx.stronger(n.min(5), s).min(3),
        Kind::Sequence => {
            let (Some(lo), Some(hi)) = (m.low(), m.high()) else {
                return 0;
            };
            let (lo, hi) = (u32::from(lo.index()), u32::from(hi.index()));
            let n = n as u32;
            if n > 13 {
                return 0;
            }
            // the runs of `n` ranks of a suit that start at each rank, every suit at once: the
            // windows missing no unseen card, or at most one (the joker's)
            let (mut missing, mut twice) = (0u64, 0u64);
            for k in 0..n {
                let gap = !(ctx.unseen_suits >> k);
                twice |= missing & gap;
                missing |= gap;
            }
            let runs = if joker == 1 { !twice } else { !missing };
            // the starts of a run that fits and is stronger, in each suit's lane
            let fits = (1u64 << (14 - n)) - 1;
            let stronger = match ctx.order {
                Order::Normal => !((1u64 << (hi + 1)) - 1),
                Order::Reversed if lo + 1 >= n => (1u64 << (lo + 1 - n)) - 1,
                Order::Reversed => 0,
            };
            let starts = (fits & stronger & 0xFFFF) * LANES;
            u64::from((runs & starts).count_ones()).min(3)
        }
    }
}

impl Ctx {
    /// `obs`'s context, its hand decomposed into `melds`.
    fn new(obs: &Observation<'_>, melds: &[Meld]) -> Ctx {
        let order = obs.state.order();
        let unseen = obs.unseen().bits();
        // card `i` is rank `i / 4`, suit `i % 4`: a rank is a nibble
        let unseen_suits = (0..4).fold(0, |lanes, suit| {
            lanes | u64::from(RankSet::from_nibble_lsbs(unseen >> suit).bits()) << (16 * suit)
        });
        let joker = u64::from(unseen & JK != 0);
        let counts = CardSet::from_bits_truncate(unseen & STD).rank_counts();
        let at_least = core::array::from_fn(|n| match n {
            0 => 0,
            1 => swar::at_least(counts, 1),
            _ => swar::at_least(counts + joker * LSB, n as u32) & LSB,
        });
        let me = obs.player as usize;
        let mut min_opp = 15u8;
        let mut responders = 0u64;
        for p in 0..PLAYERS {
            if p == me || obs.places[p] != 0 || obs.counts[p] == 0 {
                continue;
            }
            min_opp = min_opp.min(obs.counts[p]);
            if obs.passed & (1 << p) == 0 && obs.last_player != Some(p as u8) {
                responders += 1;
            }
        }
        let table = obs.state.table;
        let owner_cards = match (table, obs.last_player) {
            (Some(_), Some(p)) => u64::from(obs.counts[p as usize % PLAYERS].min(6)),
            _ => 7,
        };
        let mut ctx = Ctx {
            lead: table.is_none(),
            order,
            hand: obs.hand.bits(),
            parts: [(0, 0, false); 16],
            n_parts: 0,
            boss_parts: 0,
            unseen_suits,
            unseen_joker: unseen & JK != 0,
            unseen_spade3: unseen & (1 << 3) != 0,
            at_least,
            hand_counts: obs.hand.rank_counts(),
            min_opp: u64::from(min_opp.min(7)),
            my_cards: u64::from(obs.counts[me]),
            responders,
            class: obs
                .classes
                .map_or(5, |c| u64::from(c[me % PLAYERS].index())),
            table,
            table_strength: table.map_or(0, |t| u64::from(strength(&t, order))),
            owner_cards,
            locked: obs.state.locked,
            rules: obs.rules,
            legacy: Legacy::with_parts(obs, melds),
        };
        for m in melds.iter().take(16) {
            let s = u32::from(strength(m, order));
            let boss = beaters(&ctx, m, s) == 0 || (ctx.rules.eight_cut && m.has_rank(Rank::Eight));
            ctx.parts[ctx.n_parts] = (m.cards().bits(), s as u8, boss);
            if boss {
                ctx.boss_parts |= 1 << ctx.n_parts;
            }
            ctx.n_parts += 1;
        }
        ctx
    }

    /// The ranks stronger than strength `s` of which the unseen cards (the joker included for
    /// `n` of 2 and more) make `n` of a kind.
    #[inline]
    fn stronger(&self, n: usize, s: usize) -> u64 {
        let s = s as u32;
        let above = match self.order {
            // strength `s` is rank `s`: the ranks above it
            Order::Normal if s < 13 => !((1u64 << (4 * (s + 1))) - 1),
            // strength `s` is rank `12 - s`: the ranks below it
            Order::Reversed if s < 13 => (1u64 << (4 * (12 - s))) - 1,
            _ => 0,
        };
        // at most 13 nibbles of 1: their sum fits the top nibble
        (self.at_least[n] & above).wrapping_mul(swar::NIBBLE_LSBS) >> 60
    }

    /// The features of `action` into `row` (a [`PatternRow`], or a [`Scorer`] that sums their
    /// weights as they come).
    fn features<F: Features>(&self, action: &Action, row: &mut F) {
        let (slots, split) = self.hashed(action, row.start());
        row.end(slots, &self.legacy, action, split);
    }

    /// The hashed features of `action`, switched on in `row`; and the parts its cards break
    /// and play whole ([`Legacy::split`]).
    #[allow(clippy::too_many_lines)]
    fn hashed<S: Slots>(&self, action: &Action, mut row: S) -> (S, (u8, u8)) {
        let lead = u64::from(self.lead);
        let n_parts = self.n_parts as u64;
        let n_boss = u64::from(self.boss_parts.count_ones() as u8);
        let m = match action {
            Action::Play(m) => m,
            Action::Pass => {
                row.push(group::BIAS, 0, lead, 0, 0);
                if let Some(t) = self.table {
                    row.push(
                        group::PASS_TABLE,
                        t.kind() as u64,
                        t.len().min(5) as u64,
                        self.table_strength,
                        0,
                    );
                    let s = u32::from(strength(&t, self.order));
                    row.push(
                        group::PASS_BEATERS,
                        beaters(self, &t, s),
                        self.responders,
                        0,
                        0,
                    );
                    row.push(
                        group::PASS_LOCK,
                        u64::from(self.locked),
                        t.kind() as u64,
                        0,
                        0,
                    );
                    row.push(group::PASS_OWNER, self.owner_cards, self.min_opp, 0, 0);
                } else {
                    row.push(group::PASS_LEAD, n_parts.min(8), 0, 0, 0);
                }
                row.push(
                    group::PASS_PLAN,
                    (n_parts - n_boss).min(7),
                    n_boss.min(3),
                    lead,
                    0,
                );
                row.push(
                    group::PASS_FEW,
                    self.min_opp,
                    self.my_cards.min(11),
                    lead,
                    0,
                );
                row.push(group::PASS_RESPONDERS, self.responders, lead, 0, 0);
                row.push(
                    group::PASS_TOP,
                    top_shape(self.hand_counts, self.order) * 2 + u64::from(self.hand & JK != 0),
                    self.table_strength / 3,
                    self.responders.min(2),
                    0,
                );
                row.push(group::PASS_CLASS, self.class, lead, 0, 0);
                return (row, (0, 0));
            }
            Action::Give(_) | Action::Invalid => return (row, (0, 0)),
        };
        let cards = m.cards().bits();
        let kind = m.kind() as u64;
        let len = m.len().min(5) as u64;
        let s = u32::from(strength(m, self.order));
        let s64 = u64::from(s);
        let eight = self.rules.eight_cut && m.has_rank(Rank::Eight);
        let beat = if eight { 0 } else { beaters(self, m, s) };
        let joker = if m.is_lone_joker() {
            2
        } else {
            u64::from(m.has_joker())
        };
        let left = self.hand & !cards;
        let left_n = u64::from(left.count_ones());
        row.push(group::BIAS, 1, lead, 0, 0);
        row.push(group::SHAPE, lead, kind, len, s64);
        row.push(group::BEATERS, lead, kind, len, beat);
        row.push(group::JOKER, lead, joker, left_n.min(11), beat);
        row.push(
            group::ORDER,
            u64::from(self.order == Order::Reversed),
            lead,
            kind,
            s64,
        );
        // the hand left: its parts untouched, each boss or not; a broken part's rest as one more
        let (mut broken, mut whole, mut boss_left, mut other_left, mut weaker) =
            (0u8, 0u8, 0u8, 0u8, 0u8);
        for &(p, ps, boss) in &self.parts[..self.n_parts] {
            if p & cards == p {
                whole += 1;
            } else if p & cards != 0 {
                broken += 1;
                other_left += 1;
            } else {
                if boss {
                    boss_left += 1;
                } else {
                    other_left += 1;
                }
                if u32::from(ps) < s {
                    weaker += 1;
                }
            }
        }
        if left == 0 {
            row.push(group::OUT, 0, 0, 0, 0);
        } else {
            row.push(
                group::PLAN,
                lead * 2 + u64::from(beat == 0),
                u64::from(other_left).min(7),
                u64::from(boss_left).min(3),
                0,
            );
        }
        row.push(
            group::PARTS,
            lead,
            u64::from(broken).min(3),
            u64::from(whole).min(3),
            kind,
        );
        row.push(
            group::RANK_IN_HAND,
            lead,
            u64::from(weaker).min(5),
            kind,
            beat,
        );
        // how many cards of its rank the hand holds (breaking a pair or triple)
        if m.kind() != Kind::Sequence
            && let Some(r) = m.rank()
        {
            let held = nibble(self.hand_counts, u32::from(r.index()));
            row.push(group::HELD, lead, len, held, joker);
        }
        row.push(group::FEW, lead, self.min_opp, s64.min(13) / 2, beat);
        row.push(group::FEW_KIND, lead, self.min_opp, len + 8 * kind, beat);
        row.push(group::RESPONDERS, lead, self.responders, beat, kind);
        row.push(group::CLASS, self.class, lead, s64 / 3, 0);
        // what the hand keeps: a revolution in reserve, the joker, its strongest rank
        let strongest = self.order.strongest();
        let left_counts = CardSet::from_bits_truncate(left).rank_counts();
        let keeps_two = nibble(left_counts, u32::from(strongest.index()));
        row.push(
            group::KEEPS,
            lead * 4 + u64::from(left & JK != 0) * 2 + u64::from(revolution_in(left_counts)),
            keeps_two.min(3),
            s64 / 3,
            u64::from(other_left).min(4),
        );
        // the three strongest ranks kept (cards of each) and the joker
        row.push(
            group::TOP,
            lead * 2 + u64::from(left & JK != 0),
            top_shape(left_counts, self.order),
            u64::from(beat == 0),
            0,
        );
        if eight {
            row.push(
                group::EIGHT,
                lead,
                u64::from(other_left).min(7),
                left_n.min(5),
                0,
            );
        }
        if self.rules.revolts(m) {
            row.push(
                group::REVOLUTION,
                mean_strength_bucket(left, self.order),
                u64::from(other_left).min(7),
                0,
                0,
            );
        }
        if self.rules.eleven_back && m.has_rank(Rank::Jack) {
            row.push(
                group::ELEVEN,
                lead,
                mean_strength_bucket(left, self.order),
                u64::from(other_left).min(5),
                0,
            );
        }
        if let Some(t) = self.table {
            let margin = s64.saturating_sub(self.table_strength).min(6);
            row.push(group::MARGIN, kind, len, margin, beat);
            let locks = self.rules.suit_lock
                && !self.locked
                && m.suit_mask() == t.suit_mask()
                && !t.is_lone_joker();
            row.push(
                group::LOCK,
                u64::from(locks),
                u64::from(self.locked),
                beat,
                0,
            );
            if self.rules.spade_three && t.is_lone_joker() {
                row.push(group::SPADE3, u64::from(other_left).min(7), 0, 0, 0);
            }
        }
        (row, (broken, whole))
    }
}

/// Bit 0 of each suit's lane in [`Ctx::unseen_suits`].
const LANES: u64 = 0x0001_0001_0001_0001;

/// Nibble `r` of `counts` (a rank's count).
#[inline]
const fn nibble(counts: u64, r: u32) -> u64 {
    counts >> (4 * r) & 0xF
}

/// The cards held of the three strongest ranks in `order` (each 0 to 4), as one number, from
/// the cards a rank (`counts`, [`CardSet::rank_counts`]).
fn top_shape(counts: u64, order: Order) -> u64 {
    let count = |s: u32| nibble(counts, rank_strength(s, order));
    count(12) * 25 + count(11) * 5 + count(10)
}

/// Whether `cards` hold four of a rank (three with the joker).
pub(crate) fn holds_revolution(cards: u64) -> bool {
    revolution_in(CardSet::from_bits_truncate(cards).rank_counts())
}

/// Whether the cards a rank `counts` ([`CardSet::rank_counts`], the jokers in nibble 13) make
/// four of a rank (three with a joker).
#[inline]
fn revolution_in(counts: u64) -> bool {
    let joker = u32::from(nibble(counts, 13) != 0);
    swar::at_least(counts & STD, 4 - joker) != 0
}

/// The mean strength of the standard cards of `cards` in `order`, in 5 buckets (2 for none).
#[allow(clippy::cast_possible_truncation)]
fn mean_strength_bucket(cards: u64, order: Order) -> u64 {
    let std = cards & STD;
    let n = std.count_ones();
    if n == 0 {
        return 2;
    }
    let mut sum = 0u32;
    let mut b = std;
    while b != 0 {
        sum += rank_strength(b.trailing_zeros() / 4, order);
        b &= b - 1;
    }
    u64::from((sum * 5 / (n * 13)).min(4))
}

/// The pattern move policy: each legal action scores the sum of the weights of the pattern
/// features it switches on plus the [`LearnedPolicy`] features' dot product with their
/// weights; [`PatternPolicy::best`] takes the highest score (the built-in `pattern` player),
/// [`PatternPolicy::sample`] draws from the softmax of the scores. In the exchange it gives
/// the learned give ([`GivePolicy::TRAINED`](crate::exchange::GivePolicy::TRAINED)).
///
/// Allocation-free after a thread's first decision. The default weights are the committed
/// ones, trained by the `pattern_policy` example (see the crate's README).
///
/// ```
/// use daifugo::cards_core::game::Policy;
/// use daifugo::{Game, PatternPolicy, Rules};
/// let g = Game::new(Rules::UECDA, 3);
/// let p = g.seat_to_act().unwrap();
/// let legal = g.legal_actions();
/// let a = PatternPolicy::default().choose(&g.observation(usize::from(p)), &legal);
/// assert!(legal.contains(&a));
/// ```
#[derive(Clone, PartialEq)]
pub struct PatternPolicy {
    weights: Cow<'static, [f32]>,
    /// Whether the real-valued features' weights are all finite (then a term whose feature is
    /// zero adds nothing, and the score skips the terms an action's kind leaves zero).
    finite: bool,
}

impl core::fmt::Debug for PatternPolicy {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let nonzero = self.weights.iter().filter(|w| **w != 0.0).count();
        f.debug_struct("PatternPolicy")
            .field("nonzero_weights", &nonzero)
            .finish_non_exhaustive()
    }
}

impl Default for PatternPolicy {
    fn default() -> PatternPolicy {
        PatternPolicy::trained()
    }
}

/// The committed weights, expanded once.
static TRAINED: OnceLock<Vec<f32>> = OnceLock::new();

impl PatternPolicy {
    /// The committed weights.
    ///
    /// ```
    /// assert_eq!(daifugo::PatternPolicy::trained(), daifugo::PatternPolicy::default());
    /// ```
    #[must_use]
    pub fn trained() -> PatternPolicy {
        let w = TRAINED.get_or_init(|| {
            let mut w = vec![0.0; PATTERN_WEIGHTS];
            for &(i, x) in weights::WEIGHTS {
                if let Some(slot) = w.get_mut(i as usize) {
                    *slot = x;
                }
            }
            w
        });
        PatternPolicy::with(Cow::Borrowed(w.as_slice()))
    }

    /// The policy of `weights` ([`PATTERN_WEIGHTS`] of them).
    fn with(weights: Cow<'static, [f32]>) -> PatternPolicy {
        let finite = weights[PATTERN_SIZE..].iter().all(|w| w.is_finite());
        PatternPolicy { weights, finite }
    }

    /// The committed weights' policy, built once and shared (what the rollouts use).
    ///
    /// ```
    /// assert_eq!(daifugo::PatternPolicy::trained_ref(), &daifugo::PatternPolicy::trained());
    /// ```
    #[must_use]
    pub fn trained_ref() -> &'static PatternPolicy {
        static SHARED: OnceLock<PatternPolicy> = OnceLock::new();
        SHARED.get_or_init(PatternPolicy::trained)
    }

    /// A policy with all weights zero but the [`LearnedPolicy`] features', which start as
    /// `start`'s (where training starts).
    ///
    /// ```
    /// let p = daifugo::PatternPolicy::from_learned(&daifugo::LearnedPolicy::default());
    /// assert_eq!(p.weights().len(), daifugo::PATTERN_WEIGHTS);
    /// ```
    #[must_use]
    pub fn from_learned(start: &LearnedPolicy) -> PatternPolicy {
        let mut w = vec![0.0; PATTERN_WEIGHTS];
        w[PATTERN_SIZE..].copy_from_slice(start.weights());
        PatternPolicy::with(Cow::Owned(w))
    }

    /// A policy with `weights`: [`PATTERN_WEIGHTS`] of them, or `None`.
    ///
    /// ```
    /// use daifugo::{PATTERN_WEIGHTS, PatternPolicy};
    /// assert!(PatternPolicy::new(vec![0.0; PATTERN_WEIGHTS]).is_some());
    /// assert!(PatternPolicy::new(vec![0.0; 3]).is_none());
    /// ```
    #[must_use]
    pub fn new(weights: Vec<f32>) -> Option<PatternPolicy> {
        (weights.len() == PATTERN_WEIGHTS).then(|| PatternPolicy::with(Cow::Owned(weights)))
    }

    /// The weights: [`PATTERN_SIZE`] hashed ones, then one a [`LearnedPolicy`] feature.
    ///
    /// ```
    /// assert_eq!(daifugo::PatternPolicy::default().weights().len(), daifugo::PATTERN_WEIGHTS);
    /// ```
    #[must_use]
    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    /// Runs `f` with the decision's context.
    fn with_ctx<T>(obs: &Observation<'_>, f: impl FnOnce(&Ctx) -> T) -> T {
        PARTS.with(|b| {
            if let Ok(mut b) = b.try_borrow_mut() {
                b.clear();
                if decompose_into(obs.hand, obs.state.order(), &obs.rules, &mut b).is_err() {
                    b.clear();
                }
                f(&Ctx::new(obs, &b))
            } else {
                let mut b = Vec::new();
                if decompose_into(obs.hand, obs.state.order(), &obs.rules, &mut b).is_err() {
                    b.clear();
                }
                f(&Ctx::new(obs, &b))
            }
        })
    }

    /// The features of every legal action, in `legal`'s order.
    ///
    /// ```
    /// use daifugo::{Game, PatternPolicy, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let rows = PatternPolicy::features(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
    /// assert_eq!(rows.len(), legal.len());
    /// ```
    #[must_use]
    pub fn features(obs: &Observation<'_>, legal: &[Action]) -> Vec<PatternRow> {
        PatternPolicy::with_ctx(obs, |ctx| {
            legal
                .iter()
                .map(|a| {
                    let mut row = PatternRow::EMPTY;
                    ctx.features(a, &mut row);
                    row
                })
                .collect()
        })
    }

    /// Each legal action's score into `out` (cleared first), in `legal`'s order.
    ///
    /// ```
    /// use daifugo::{Game, PatternPolicy, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let mut scores = Vec::new();
    /// PatternPolicy::default().scores_into(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal, &mut scores);
    /// assert_eq!(scores.len(), legal.len());
    /// ```
    pub fn scores_into(&self, obs: &Observation<'_>, legal: &[Action], out: &mut Vec<f32>) {
        out.clear();
        PatternPolicy::with_ctx(obs, |ctx| {
            let mut row = Scorer::new(self);
            for a in legal {
                ctx.features(a, &mut row);
                out.push(row.score);
            }
        });
    }

    /// The legal action of highest score (the first of equal ones); pass for an empty `legal`.
    ///
    /// ```
    /// use daifugo::{Action, Game, PatternPolicy, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let a = PatternPolicy::default().best(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
    /// assert!(matches!(a, Action::Play(_)));
    /// ```
    #[must_use]
    pub fn best(&self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        match legal.len() {
            0 => return Action::Pass,
            1 => return legal[0],
            _ => {}
        }
        PatternPolicy::with_ctx(obs, |ctx| {
            let mut row = Scorer::new(self);
            let mut best = (f32::NEG_INFINITY, legal[0]);
            for a in legal {
                ctx.features(a, &mut row);
                let s = row.score;
                if s > best.0 {
                    best = (s, *a);
                }
            }
            best.1
        })
    }

    /// A legal action drawn from the softmax of the scores, from `rng`; pass for an empty
    /// `legal`.
    ///
    /// ```
    /// use daifugo::{Game, PatternPolicy, Rng, Rules};
    /// let g = Game::new(Rules::UECDA, 3);
    /// let legal = g.legal_actions();
    /// let obs = g.observation(usize::from(g.seat_to_act().unwrap()));
    /// let a = PatternPolicy::default().sample(&obs, &legal, &mut Rng::seed_from_u64(1));
    /// assert!(legal.contains(&a));
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn sample(&self, obs: &Observation<'_>, legal: &[Action], rng: &mut Rng) -> Action {
        match legal.len() {
            0 => return Action::Pass,
            1 => return legal[0],
            _ => {}
        }
        let mut scores = [0f32; 128];
        let n = legal.len().min(scores.len());
        PatternPolicy::with_ctx(obs, |ctx| {
            let mut row = Scorer::new(self);
            for (s, a) in scores.iter_mut().zip(&legal[..n]) {
                ctx.features(a, &mut row);
                *s = row.score;
            }
        });
        legal[crate::players::learned::softmax_draw(&mut scores[..n], rng).0]
    }

    /// The weights that are not zero, `(index, weight)`, as the committed table lists them.
    ///
    /// ```
    /// let p = daifugo::PatternPolicy::default();
    /// assert!(p.nonzero().count() > 1_000);
    /// ```
    pub fn nonzero(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, w)| **w != 0.0)
            .map(|(i, w)| (i, *w))
    }
}

impl cards_core::game::Policy<crate::Game> for PatternPolicy {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        if obs.exchanging {
            let count = crate::game::give_count(legal);
            Action::Give(crate::exchange::GivePolicy::TRAINED.give(obs.hand, count, &obs.rules))
        } else {
            self.best(obs, legal)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Ctx, beaters};
    use crate::{Game, Meld, Rules, Table};
    use cards_core::Order;

    /// The bit arithmetic of the context agrees with counting card by card: the unseen
    /// ranks that make `n` of a kind above each strength, each suit's ranks, the strongest
    /// ranks held and whether a hand holds a revolution, on random hands in both orders.
    #[test]
    fn the_contexts_bit_arithmetic_counts_as_card_by_card() {
        use super::{holds_revolution, nibble, top_shape};
        use crate::rules::meld::{JK, STD};
        use cards_core::{CardSet, Rng};
        let r = Rules::UECDA;
        let g = Game::new(r, 1);
        let mut obs = g.observation(0);
        let mut rng = Rng::seed_from_u64(5);
        let rank_count = |cards: u64, rank: u32| (cards >> (4 * rank) & 0xF).count_ones();
        let strength_rank = |s: u32, o: Order| if o == Order::Normal { s } else { 12 - s };
        let mut revolutions = 0;
        let mut checked = [0; 2]; // sequences not beaten, beaten
        let mut sequences = Vec::new();
        crate::lead_into(CardSet::from_bits_truncate(STD | JK), &r, &mut sequences).unwrap();
        sequences.retain(|m| m.kind() == crate::Kind::Sequence);
        assert!(sequences.len() > 1_000, "{} sequences", sequences.len());
        // every length, with the joker and without: one in so many
        let every = sequences.len() / 512;
        let sequences: Vec<Meld> = sequences.into_iter().step_by(every).collect();
        for i in 0..400 {
            // hands of every size, the joker in about half
            let keep = rng.below(54);
            let hand = (rng.next_u64() & rng.next_u64() | rng.next_u64() >> keep) & (STD | JK);
            obs.hand = CardSet::from_bits_truncate(hand);
            obs.state = Table::new(None).with_revolution(i % 2 == 1);
            let ctx = Ctx::new(&obs, &[]);
            let unseen = (STD | JK) & !hand;
            let joker = u32::from(unseen & JK != 0);
            for n in 1..6 {
                for s in 0..14 {
                    let want = (s + 1..13)
                        .map(|t| strength_rank(t, ctx.order))
                        .filter(|&rank| {
                            rank_count(unseen, rank) + if n > 1 { joker } else { 0 } >= n
                        })
                        .count();
                    assert_eq!(
                        ctx.stronger(n as usize, s as usize),
                        want as u64,
                        "{i} {n} {s}"
                    );
                }
            }
            for suit in 0..4 {
                let want = (0..13).filter(|r| unseen >> (4 * r + suit) & 1 == 1);
                let want = want.fold(0u16, |m, r| m | 1 << r);
                assert_eq!(ctx.unseen_suits >> (16 * suit) & 0xFFFF, u64::from(want));
            }
            // a sequence is beaten by the stronger runs of the unseen cards of a suit of its
            // length (the unseen joker filling one gap)
            for m in sequences.iter().skip(i % 8).step_by(8) {
                let n = m.len() as u32;
                let (lo, hi) = (m.low().unwrap().index(), m.high().unwrap().index());
                let mut want = 0u64;
                // thirteen ranks and the joker: no run of 14 ranks beats it
                for suit in 0..4 * u32::from(n <= 13) {
                    for start in 0..=(13 - n) {
                        let stronger = match ctx.order {
                            Order::Normal => start > u32::from(hi),
                            Order::Reversed => start + n - 1 < u32::from(lo),
                        };
                        let held = (start..start + n)
                            .filter(|r| unseen >> (4 * r + suit) & 1 == 1)
                            .count() as u32;
                        want += u64::from(stronger && held + joker >= n);
                    }
                }
                let s = u32::from(crate::players::policy::strength(m, ctx.order));
                assert_eq!(beaters(&ctx, m, s), want.min(3), "{i} {m}");
                checked[usize::from(want > 0)] += 1;
            }
            let counts = CardSet::from_bits_truncate(hand).rank_counts();
            let top = |s| u64::from(rank_count(hand, strength_rank(s, ctx.order)));
            assert_eq!(
                top_shape(counts, ctx.order),
                top(12) * 25 + top(11) * 5 + top(10)
            );
            assert_eq!(nibble(counts, 7), u64::from(rank_count(hand, 7)));
            let with_joker = u32::from(hand & JK != 0);
            let revolution = (0..13).any(|rank| rank_count(hand, rank) + with_joker >= 4);
            assert_eq!(holds_revolution(hand), revolution, "{hand:x}");
            revolutions += usize::from(revolution);
        }
        assert!(
            (50..350).contains(&revolutions),
            "{revolutions} revolutions"
        );
        assert!(checked.iter().all(|&n| n > 2_000), "{checked:?} sequences");
    }

    /// The beaters of a meld read the unseen cards: here the player holds every 2 and the
    /// joker, so nothing beats a 2, and every other rank beats a 3 (capped at 3); in a
    /// revolution the order turns.
    #[test]
    fn beaters_count_the_unseen_ranks_that_could_beat_a_meld() {
        let r = Rules::UECDA;
        let g = Game::new(r, 1);
        let mut obs = g.observation(0);
        obs.hand = r.parse_hand("S2 H2 D2 C2 JK S3 H9").unwrap();
        let m = |t: &str| Meld::parse(t, &r).unwrap();
        let strength = |meld: &Meld, o: Order| u32::from(crate::players::policy::strength(meld, o));
        let ctx = Ctx::new(&obs, &[]);
        assert!(!ctx.unseen_joker);
        assert_eq!(
            beaters(&ctx, &m("S2"), strength(&m("S2"), Order::Normal)),
            0
        );
        assert_eq!(
            beaters(&ctx, &m("S2 H2"), strength(&m("S2 H2"), Order::Normal)),
            0
        );
        assert_eq!(
            beaters(&ctx, &m("S3"), strength(&m("S3"), Order::Normal)),
            3
        );
        // the lone joker: only the ♠3 beats it, and the player holds it
        assert_eq!(beaters(&ctx, &Meld::JOKER, 13), 0);
        // a revolution: a 3 is the strongest rank, a 2 the weakest
        obs.state = Table::new(None).with_revolution(true);
        let ctx = Ctx::new(&obs, &[]);
        assert_eq!(ctx.order, Order::Reversed);
        // three other 3s are unseen but equal, not stronger
        assert_eq!(
            beaters(&ctx, &m("S3"), strength(&m("S3"), Order::Reversed)),
            0
        );
        assert_eq!(
            beaters(&ctx, &m("S2"), strength(&m("S2"), Order::Reversed)),
            3
        );
        // a 9 in a revolution: the unseen 3 to 8 beat it (6 ranks, capped)
        assert_eq!(
            beaters(&ctx, &m("H9"), strength(&m("H9"), Order::Reversed)),
            3
        );
    }

    /// The scores summed as the features come are the rows' scores at every decision of
    /// seeded games of random players (the best move and the softmax read them): equal, and
    /// bit for bit where a weight is not finite (then no term is skipped); a play's and a
    /// pass's features outside their ranges are zero.
    #[test]
    #[allow(clippy::float_cmp)] // exactly equal is the claim
    fn scores_summed_on_the_fly_are_the_rows_scores() {
        use crate::players::learned::Terms;
        use crate::{PATTERN_SIZE, PatternPolicy};
        /// The terms as they come.
        struct Listed(Vec<(usize, f32)>);
        impl Terms for Listed {
            fn term(&mut self, i: usize, v: f32) {
                self.0.push((i, v));
            }
        }
        let trained = PatternPolicy::default();
        let mut w = trained.weights().to_vec();
        w[PATTERN_SIZE + 30] = f32::INFINITY; // a pass's term: every play's row scores NaN
        let infinite = PatternPolicy::new(w).unwrap();
        let (mut scored, mut scores) = (0, Vec::new());
        crate::players::each_random_decision(20, |_, obs, legal| {
            let rows = PatternPolicy::features(obs, legal);
            let legacy = PatternPolicy::with_ctx(obs, |ctx| ctx.legacy);
            for (a, r) in legal.iter().zip(&rows) {
                // the terms come in index order, each once; the rest are zero
                let listed = legacy.terms(a, Listed(Vec::new())).0;
                assert!(
                    listed.windows(2).all(|t| t[0].0 < t[1].0),
                    "{a}: {listed:?}"
                );
                for (i, v) in r.dense().iter().enumerate() {
                    let term = listed.iter().find(|t| t.0 == i).map_or(0.0, |t| t.1);
                    assert_eq!(v.to_bits(), term.to_bits(), "{a}: feature {i}");
                }
            }
            trained.scores_into(obs, legal, &mut scores);
            for (s, r) in scores.iter().zip(&rows) {
                assert_eq!(*s, r.score(trained.weights()));
                scored += 1;
            }
            infinite.scores_into(obs, legal, &mut scores);
            for (s, r) in scores.iter().zip(&rows) {
                assert_eq!(s.to_bits(), r.score(infinite.weights()).to_bits());
            }
        });
        assert!(scored > 6_000, "{scored} scores");
    }

    /// A pair is beaten only by ranks of which the unseen cards make a pair.
    #[test]
    fn group_beaters_need_enough_unseen_cards_of_a_rank() {
        let r = Rules::UECDA;
        let g = Game::new(r, 1);
        let mut obs = g.observation(0);
        // the player holds the joker, three Aces, three Ks: one Ace and one K are unseen, no 2
        obs.hand = r.parse_hand("JK SA HA DA SK HK DK S2 H2 D2 C2").unwrap();
        let ctx = Ctx::new(&obs, &[]);
        let pair = Meld::parse("SQ HQ", &r).unwrap();
        let s = u32::from(crate::players::policy::strength(&pair, Order::Normal));
        assert_eq!(beaters(&ctx, &pair, s), 0);
        let single = Meld::parse("SQ", &r).unwrap();
        assert_eq!(beaters(&ctx, &single, s), 2); // the unseen K and A
    }
}
