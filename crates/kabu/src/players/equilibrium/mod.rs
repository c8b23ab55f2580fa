//! The exact equilibrium of the heads-up round: the field and the dealer each drawing as well
//! as possible against the other ([`equilibrium`], [`Equilibrium`], the `equilibrium` player).
//!
//! # The game
//!
//! One staked field against the dealer on the deck, the setting of [`exact_edge`]: every other
//! card is unseen by both (the other fields' cards are exchangeable with the deck, as there).
//! The deal: a face-up card to the field (`v`), one to the dealer (`u`), a face-down card to
//! each (`d`, `b`), then the field's draw and the dealer's. A zero-sum game of two players,
//! player 0 the staking player deciding the field's draw, player 1 the dealer, as in
//! [`Round`](crate::Round)'s game interface; the payoff is the settlement of the field.
//!
//! **What each side knows when it decides** (the table's visibility, as for `optimal`):
//!
//! - the **field** knows its two cards and which of them is face up, and the dealer's face-up
//!   card: its information set is `(v, d, u)`;
//! - the **dealer** knows its two cards and which is face up, the field's face-up card, and the
//!   field's third card (face up) or that it stood: `(u, b, v, t)` or `(u, b, v, stood)`.
//!
//! Neither sees the other's face-down card, and the dealer decides after seeing what the field
//! did. The field's choice therefore tells the dealer something about `d` (a stand on a hand of
//! 4 to 6 points is a signal), and the dealer's best draw depends on the field's policy at every
//! `d` it cannot tell apart: backward induction does not apply (the dealer's node is not a
//! subgame), and the value is that of the extensive form, whose equilibria are mixed in
//! general. The solution is therefore a Nash equilibrium of the extensive form, in behavioural
//! strategies: both players have perfect recall, and each decides once per deal.
//!
//! # How it is solved
//!
//! Both information sets contain the two face-up cards, so the game splits into one
//! independent game per ordered pair `(u, v)` (1560 on the deck): a field policy there is a
//! draw probability `x_d` per face-down card where the draw rule leaves a choice, a dealer
//! policy a probability `y_i` per information set `i = (b, t)` or `(b, stood)` where it has a
//! choice. The expected net, summed over the deals of the subgame (each face-down card, each
//! third card, every remaining card equally likely), is a bilinear form
//! `K + c·x + Σ_i y_i (a_i + g_i·x)` with integer coefficients, enumerated exactly as
//! [`exact_edge`] does (per pair of hands, the third-card classes against the settlement
//! table). Since each side moves once, the field's sequence-form strategy is `x` itself and
//! the dealer's is `y`; by the minimax theorem for this bilinear game over boxes the value is
//!
//! `max_x min_y = min_y ( K + a·y + Σ_j max(0, c_j + Σ_i g_ij y_i) )`,
//!
//! which is "the field chooses knowing the dealer best-responds to what it sees" and, equally,
//! the dealer's commitment problem. The right-hand side is a linear program with one row per
//! free field decision (at most 12 on the deck) and one bounded column per dealer information
//! set (at most 456): it is solved by a bounded-variable simplex, first in floating point to
//! find the optimal basis, then certified in exact rationals (`i128`): the basic solution,
//! its dual prices (which are the field's equilibrium probabilities `x`) and every reduced
//! cost are recomputed exactly, and should the certificate fail the simplex finishes in exact
//! arithmetic with Bland's rule. The value of the round is the sum of the subgames' values
//! over the number of ordered deals, a reduced fraction ([`Equilibrium::value`]).
//!
//! The certificate of the whole ([`Equilibrium::certificate`]) is independent of the
//! program: an exact enumeration of every deal computes the value of the two policies
//! against each other, the field's best response to the dealer's policy and the dealer's best
//! response to the field's; they are equal, so neither side gains anything by deviating.
//!
//! # Playing it
//!
//! `equilibrium` as a [`DrawStrategy`](crate::DrawStrategy) ([`BuiltinPolicy::Equilibrium`]) draws with the
//! probabilities above. A mixed decision is settled by a coin hashed from everything the seat
//! sees (its cards, the face-up cards, its seat), so a seeded round replays exactly; the
//! exact edge ([`exact_edge`]) counts the mixed decisions with their probabilities. As the
//! dealer with several staked fields it plays the equilibrium against the first staked field;
//! shown only its own cards it plays as `optimal` does.
//!
//! [`exact_edge`]: crate::exact_edge

// Matrix and table code: several arrays are indexed by the same row or column.
#![allow(clippy::needless_range_loop)]

mod lp;
mod rational;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use cards_core::{Card, CardSet};

use crate::players::optimal::Ctx;
use crate::round::draw_rule;
use crate::{
    Advice, BuiltinPolicy, DECK, Fraction, Hand, HouseEdge, Observation, Role, RoundError, Rules,
    Seat,
};
use lp::Lp;
use rational::Q;

/// The draw rule for a pair of the deck: `Some(draws)` when forced, `None` when the holder
/// chooses.
fn forced(ctx: &Ctx, role: Role, i: usize, j: usize) -> Option<bool> {
    match draw_rule(ctx.hand(&[i, j]).evaluate(role, ctx.rules), ctx.rules) {
        Advice::MustDraw => Some(true),
        Advice::MustStand => Some(false),
        Advice::Choice => None,
    }
}

/// A probability of drawing: pure or mixed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Prob {
    Stand,
    Draw,
    Mixed(Q),
}

impl Prob {
    fn of(q: Q) -> Prob {
        if q.num == 0 {
            Prob::Stand
        } else if q.num == q.den {
            Prob::Draw
        } else {
            Prob::Mixed(q)
        }
    }

    pub(crate) fn q(self) -> Q {
        match self {
            Prob::Stand => Q::ZERO,
            Prob::Draw => Q::ONE,
            Prob::Mixed(q) => q,
        }
    }
}

/// Statistics of a solve, for the report and the benchmarks.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stats {
    pub(crate) subgames: usize,
    pub(crate) max_rows: usize,
    pub(crate) max_cols: usize,
    pub(crate) mixed_field: usize,
    pub(crate) mixed_dealer: usize,
}

/// The solved game on one deck and rule set.
pub(crate) struct Solved {
    pub(crate) ctx: Ctx,
    /// The value as a reduced fraction.
    pub(crate) edge: HouseEdge,
    /// The number of ordered deals times the leaf weight: the sums' denominator.
    pub(crate) leaves: i128,
    /// Field: `(u * n + v) * n + d` (dealer up `u`, field up `v`, field down `d`).
    pub(crate) field: Vec<Prob>,
    /// Dealer: `((u * n + v) * n + b) * (n + 1) + t` (`t == n`: the field stood).
    pub(crate) dealer_pure: Vec<u8>,
    pub(crate) dealer_mixed: HashMap<usize, Q>,
    pub(crate) stats: Stats,
}

/// Accumulates the bilinear form of one subgame with the forced decisions substituted.
struct Form {
    k: usize,
    konst: i64,
    c: Vec<i64>,
    a: Vec<i64>,
    g: Vec<i64>,
}

#[derive(Copy, Clone)]
enum Var {
    Fixed(i64),
    Free(usize),
}

impl Form {
    #[inline]
    fn add(&mut self, coef: i64, x: Var, y: Var) {
        match (x, y) {
            (Var::Fixed(p), Var::Fixed(q)) => self.konst += coef * p * q,
            (Var::Free(j), Var::Fixed(q)) => self.c[j] += coef * q,
            (Var::Fixed(p), Var::Free(i)) => self.a[i] += coef * p,
            (Var::Free(j), Var::Free(i)) => self.g[i * self.k + j] += coef,
        }
    }
}

/// Solves every subgame: the field's and the dealer's equilibrium draws and the value.
fn solve(deck: CardSet, rules: Rules) -> Result<Solved, RoundError> {
    let ctx = Ctx::new(deck, rules)?;
    let n = ctx.n;
    let (w_none, w_one) = ctx.weights();
    let pairs = n * (n - 1) / 2;
    // hdot[p][j]: sum over the third cards x of pair p (dealer) of pay[j][class(p + x)].
    let mut hdot = vec![[0i64; crate::players::edge::CLASSES]; pairs];
    for (p, h) in hdot.iter_mut().enumerate() {
        for (j, v) in h.iter_mut().enumerate() {
            *v = (0..crate::players::edge::CLASSES)
                .map(|c| ctx.hist[p][c] * ctx.pay[j][c])
                .sum();
        }
    }
    let fforced: Vec<Vec<Option<bool>>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (i != j).then(|| forced(&ctx, Role::Child, i, j)).flatten())
                .collect()
        })
        .collect();
    let dforced: Vec<Vec<Option<bool>>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (i != j).then(|| forced(&ctx, Role::Dealer, i, j)).flatten())
                .collect()
        })
        .collect();
    let mut field = vec![Prob::Stand; n * n * n];
    let mut dealer_pure = vec![0u8; n * n * n * (n + 1)];
    let mut dealer_mixed = HashMap::new();
    let mut stats = Stats::default();
    let mut value = Q::ZERO;
    let overflow = || RoundError::Inexact {
        what: "the equilibrium's program",
    };
    for u in 0..n {
        for v in (0..n).filter(|&v| v != u) {
            stats.subgames += 1;
            // Free field decisions (down card d) and free dealer hands (down card b).
            let mut xvar = vec![Var::Fixed(0); n];
            let mut free_d = Vec::new();
            for d in (0..n).filter(|&d| d != u && d != v) {
                xvar[d] = if let Some(f) = fforced[v][d] {
                    Var::Fixed(i64::from(f))
                } else {
                    free_d.push(d);
                    Var::Free(free_d.len() - 1)
                };
            }
            let mut free_b = vec![usize::MAX; n];
            let mut nb = 0;
            for b in (0..n).filter(|&b| b != u && b != v) {
                if dforced[u][b].is_none() {
                    free_b[b] = nb;
                    nb += 1;
                }
            }
            let k = free_d.len();
            let slots = nb * (n + 1);
            let mut form = Form {
                k,
                konst: 0,
                c: vec![0; k],
                a: vec![0; slots],
                g: vec![0; slots * k],
            };
            for b in (0..n).filter(|&b| b != u && b != v) {
                let pd = ctx.pair(u, b);
                let d2 = usize::from(ctx.d2[pd]);
                let yv = |t: usize| match dforced[u][b] {
                    Some(f) => Var::Fixed(i64::from(f)),
                    None => Var::Free(free_b[b] * (n + 1) + t),
                };
                let cv = usize::from(ctx.three[pd * n + v]);
                for d in (0..n).filter(|&d| d != u && d != v && d != b) {
                    let pf = ctx.pair(v, d);
                    let f2 = usize::from(ctx.f2[pf]);
                    let cd = usize::from(ctx.three[pd * n + d]);
                    let dot = |j: usize| hdot[pd][j] - ctx.pay[j][cv] - ctx.pay[j][cd];
                    let x = xvar[d];
                    // Stand: (1 - x)(SS + yS (SD - SS)).
                    let ss = w_none * ctx.pay[f2][d2];
                    let sd = w_one * dot(f2);
                    let ys = yv(n);
                    form.add(ss, Var::Fixed(1), Var::Fixed(1));
                    form.add(-ss, x, Var::Fixed(1));
                    form.add(sd - ss, Var::Fixed(1), ys);
                    form.add(ss - sd, x, ys);
                    if matches!(x, Var::Fixed(0)) {
                        continue;
                    }
                    // Draw: x sum_t (DS + yt (DD - DS)).
                    let mut ds_sum = 0;
                    let mut diff_sum = 0;
                    let base = free_b[b].saturating_mul(n + 1);
                    let row = &ctx.three[pf * n..(pf + 1) * n];
                    let drow = &ctx.three[pd * n..(pd + 1) * n];
                    for t in 0..n {
                        if t == u || t == v || t == b || t == d {
                            continue;
                        }
                        let fc = usize::from(row[t]);
                        let ds = w_one * ctx.pay[fc][d2];
                        let dd = dot(fc) - ctx.pay[fc][usize::from(drow[t])];
                        ds_sum += ds;
                        match (dforced[u][b], x) {
                            (Some(true), _) => diff_sum += dd - ds,
                            (Some(false), _) => {}
                            (None, Var::Free(j)) => form.g[(base + t) * k + j] += dd - ds,
                            (None, Var::Fixed(_)) => form.a[base + t] += dd - ds,
                        }
                    }
                    form.add(ds_sum + diff_sum, x, Var::Fixed(1));
                }
            }
            // Dealer decisions that no free field decision touches: decided alone.
            let mut cols = Vec::new();
            let mut dealer_y = vec![Q::ZERO; slots];
            for i in 0..slots {
                if form.g[i * k..(i + 1) * k].iter().all(|&g| g == 0) {
                    if form.a[i] < 0 {
                        form.konst += form.a[i];
                        dealer_y[i] = Q::ONE;
                    }
                } else {
                    cols.push(i);
                }
            }
            let lp = Lp {
                k,
                m: cols.len(),
                a: cols.iter().map(|&i| form.a[i]).collect(),
                g: cols
                    .iter()
                    .flat_map(|&i| form.g[i * k..(i + 1) * k].iter().copied())
                    .collect(),
                c: form.c.clone(),
            };
            stats.max_rows = stats.max_rows.max(k);
            stats.max_cols = stats.max_cols.max(cols.len());
            let sol = if k == 0 {
                lp::Solution {
                    y: vec![Q::ZERO; 0],
                    x: Vec::new(),
                    value: Q::ZERO,
                }
            } else {
                lp.solve().map_err(|_| overflow())?
            };
            for (col, &i) in cols.iter().enumerate() {
                dealer_y[i] = sol.y[col];
            }
            let sub = Q::int(form.konst).add(sol.value).ok_or_else(overflow)?;
            value = value.add(sub).ok_or_else(overflow)?;
            // Store the policies.
            for d in (0..n).filter(|&d| d != u && d != v) {
                field[(u * n + v) * n + d] = match xvar[d] {
                    Var::Fixed(f) => Prob::of(Q::int(f)),
                    Var::Free(j) => {
                        let p = Prob::of(sol.x[j]);
                        if matches!(p, Prob::Mixed(_)) {
                            stats.mixed_field += 1;
                        }
                        p
                    }
                };
            }
            for b in (0..n).filter(|&b| b != u && b != v) {
                for t in 0..=n {
                    let at = ((u * n + v) * n + b) * (n + 1) + t;
                    let p = match dforced[u][b] {
                        Some(f) => Prob::of(Q::int(i64::from(f))),
                        None => Prob::of(dealer_y[free_b[b] * (n + 1) + t]),
                    };
                    match p {
                        Prob::Stand => {}
                        Prob::Draw => dealer_pure[at] = 1,
                        Prob::Mixed(q) => {
                            stats.mixed_dealer += 1;
                            dealer_pure[at] = 2;
                            dealer_mixed.insert(at, q);
                        }
                    }
                }
            }
        }
    }
    let leaves = (n * (n - 1) * (n - 2) * (n - 3)) as i128 * i128::from(w_none);
    let what = "the equilibrium's value";
    let edge = edge_of(
        value
            .mul(Q::new(1, leaves).ok_or(RoundError::Inexact { what })?)
            .ok_or(RoundError::Inexact { what })?,
        what,
    )?;
    Ok(Solved {
        ctx,
        edge,
        leaves,
        field,
        dealer_pure,
        dealer_mixed,
        stats,
    })
}

/// What [`evaluate`] adds up, each over every deal: the expectation of the two policies, the
/// field's best response to the dealer's policy, and the dealer's best response to the field's.
struct Sums {
    value: Q,
    field_best: Q,
    dealer_best: Q,
}

/// The least common multiple of the denominators of `probs`.
fn common(probs: &[Q]) -> Option<i128> {
    probs.iter().try_fold(1i128, |l, q| {
        let (mut a, mut b) = (l, q.den);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        (l / a).checked_mul(q.den)
    })
}

/// The exact enumeration of the heads-up round for behavioural policies given as draw
/// probabilities: the field's by (dealer up `u`, field up `v`, field down `d`), the dealer's by
/// (`u`, `v`, dealer down `b`, the field's third card `t` or `n` if it stood). Every ordered deal
/// of the four first cards, each third card drawn, as in [`crate::exact_edge`]; per pair of up
/// cards the probabilities are put over a common denominator and the sums are integers.
fn evaluate(
    ctx: &Ctx,
    field: &dyn Fn(usize, usize, usize) -> Q,
    dealer: &dyn Fn(usize, usize, usize, usize) -> Q,
) -> Result<Sums, RoundError> {
    fn of<T>(o: Option<T>) -> Result<T, RoundError> {
        o.ok_or(RoundError::Inexact {
            what: "the exact enumeration",
        })
    }
    let n = ctx.n;
    let (w_none, w_one) = ctx.weights();
    let fchoice = |i: usize, j: usize| forced(ctx, Role::Child, i, j).is_none();
    let dchoice = |i: usize, j: usize| forced(ctx, Role::Dealer, i, j).is_none();
    let mut sums = Sums {
        value: Q::ZERO,
        field_best: Q::ZERO,
        dealer_best: Q::ZERO,
    };
    let mut xs = vec![Q::ZERO; n];
    let mut ys = vec![Q::ZERO; n * (n + 1)];
    for u in 0..n {
        for v in (0..n).filter(|&v| v != u) {
            for d in 0..n {
                xs[d] = if d == u || d == v {
                    Q::ZERO
                } else {
                    field(u, v, d)
                };
            }
            for b in 0..n {
                for t in 0..=n {
                    ys[b * (n + 1) + t] = if b == u || b == v || t == u || t == v || t == b {
                        Q::ZERO
                    } else {
                        dealer(u, v, b, t)
                    };
                }
            }
            let dx = of(common(&xs))?;
            let dy = of(common(&ys))?;
            // Bounded so that no sum below leaves i128 (2^40 * 2^36 * 2^40 * 2^6).
            if dx > 1 << 40 || dy > 1 << 40 {
                return of(None);
            }
            let xi: Vec<i128> = xs.iter().map(|q| q.num * (dx / q.den)).collect();
            let yi: Vec<i128> = ys.iter().map(|q| q.num * (dy / q.den)).collect();
            // Per field down card: the net standing and drawing, over dy.
            let mut stand = vec![0i128; n];
            let mut draw = vec![0i128; n];
            // Per dealer information set: the net standing and drawing, over dx.
            let mut d_stand = vec![0i128; n * (n + 1)];
            let mut d_draw = vec![0i128; n * (n + 1)];
            for b in (0..n).filter(|&b| b != u && b != v) {
                let pd = ctx.pair(u, b);
                let d2 = usize::from(ctx.d2[pd]);
                let drow = &ctx.three[pd * n..(pd + 1) * n];
                let mut dot_base = [0i64; crate::players::edge::CLASSES];
                for (j, x) in dot_base.iter_mut().enumerate() {
                    *x = (0..crate::players::edge::CLASSES)
                        .map(|c| ctx.hist[pd][c] * ctx.pay[j][c])
                        .sum::<i64>()
                        - ctx.pay[j][usize::from(drow[v])];
                }
                let ys_b = i128::from(yi[b * (n + 1) + n] != 0) * yi[b * (n + 1) + n];
                for d in (0..n).filter(|&d| d != u && d != v && d != b) {
                    let pf = ctx.pair(v, d);
                    let f2 = usize::from(ctx.f2[pf]);
                    let dot = |j: usize| dot_base[j] - ctx.pay[j][usize::from(drow[d])];
                    let ss = i128::from(w_none * ctx.pay[f2][d2]);
                    let sd = i128::from(w_one * dot(f2));
                    stand[d] += (dy - ys_b) * ss + ys_b * sd;
                    let xd = xi[d];
                    d_stand[b * (n + 1) + n] += (dx - xd) * ss;
                    d_draw[b * (n + 1) + n] += (dx - xd) * sd;
                    let row = &ctx.three[pf * n..(pf + 1) * n];
                    for t in 0..n {
                        if t == u || t == v || t == b || t == d {
                            continue;
                        }
                        let fc = usize::from(row[t]);
                        let ds = i128::from(w_one * ctx.pay[fc][d2]);
                        let dd = i128::from(dot(fc) - ctx.pay[fc][usize::from(drow[t])]);
                        let y = yi[b * (n + 1) + t];
                        draw[d] += (dy - y) * ds + y * dd;
                        d_stand[b * (n + 1) + t] += xd * ds;
                        d_draw[b * (n + 1) + t] += xd * dd;
                    }
                }
            }
            let mut value = 0i128;
            let mut best = 0i128;
            for d in (0..n).filter(|&d| d != u && d != v) {
                value += (dx - xi[d]) * stand[d] + xi[d] * draw[d];
                best += if fchoice(v, d) {
                    stand[d].max(draw[d])
                } else if xi[d] == 0 {
                    stand[d]
                } else {
                    draw[d]
                };
            }
            let mut worst = 0i128;
            for b in (0..n).filter(|&b| b != u && b != v) {
                for t in (0..=n).filter(|&t| t != u && t != v && t != b) {
                    let at = b * (n + 1) + t;
                    worst += if dchoice(u, b) {
                        d_stand[at].min(d_draw[at])
                    } else if yi[at] == 0 {
                        d_stand[at]
                    } else {
                        d_draw[at]
                    };
                }
            }
            sums.value = of(sums.value.add(of(Q::new(value, of(dx.checked_mul(dy))?))?))?;
            sums.field_best = of(sums.field_best.add(of(Q::new(best, dy))?))?;
            sums.dealer_best = of(sums.dealer_best.add(of(Q::new(worst, dx))?))?;
        }
    }
    Ok(sums)
}

/// The exact equilibrium of the heads-up round on a deck and rule set: its value and both
/// sides' equilibrium draws (module docs: [`equilibrium`]).
///
/// ```
/// let eq = kabu::equilibrium(kabu::Rules::DEFAULT)?;
/// assert_eq!(eq.value().to_string(), "-123497187686293/1325590674408000");
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Clone)]
pub struct Equilibrium {
    solved: Arc<Solved>,
}

impl std::fmt::Debug for Equilibrium {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Equilibrium")
            .field("rules", &self.solved.ctx.rules)
            .field("value", &self.value())
            .finish_non_exhaustive()
    }
}

/// The certificate of an [`Equilibrium`]: the value of the two equilibrium policies against
/// each other, of the field's best response to the dealer's equilibrium policy, and of the
/// dealer's best response to the field's; the three are equal exactly when neither side gains
/// by deviating, that is when the policies are an equilibrium and the value is the game's.
///
/// ```
/// let small = kabu::parse_cards("SA S2 S3 S4 CA C2 C3")?;
/// let c = kabu::equilibrium_on(small, kabu::Rules::DEFAULT)?.certificate()?;
/// assert_eq!(c.field_best_response, c.value);
/// assert_eq!(c.dealer_best_response, c.value);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Certificate {
    /// The equilibrium policies against each other.
    pub value: HouseEdge,
    /// The field's best response against the dealer's equilibrium policy.
    pub field_best_response: HouseEdge,
    /// The dealer's best response against the field's equilibrium policy.
    pub dealer_best_response: HouseEdge,
}

fn edge_of(q: Q, what: &'static str) -> Result<HouseEdge, RoundError> {
    u128::try_from(q.den)
        .ok()
        .and_then(|d| HouseEdge::new(q.num, d))
        .ok_or(RoundError::Inexact { what })
}

fn fraction_of(q: Q) -> Option<Fraction> {
    Fraction::new(u64::try_from(q.num).ok()?, u64::try_from(q.den).ok()?)
}

impl Equilibrium {
    /// The value of the round: the player's expected net per unit staked on one field when
    /// both sides play the equilibrium, a reduced fraction.
    ///
    /// ```
    /// let eq = kabu::equilibrium(kabu::Rules::VB6)?;
    /// assert!(eq.value().value() < 0.0);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn value(&self) -> HouseEdge {
        self.solved.edge
    }

    /// The field's equilibrium probability of drawing with `hand` (two cards) of which `up`
    /// is face up, the dealer showing `dealer_up`; `None` for cards outside the deck or a
    /// hand that is not two cards with `up` among them.
    ///
    /// ```
    /// use kabu::{Card, Fraction, Hand};
    /// let eq = kabu::equilibrium(kabu::Rules::DEFAULT)?;
    /// let (hand, up, dealer_up): (Hand, Card, Card) = ("S2 H5".parse()?, "S2".parse()?, "C5".parse()?);
    /// assert_eq!(eq.field_draws(hand, up, dealer_up), Some(Fraction::ZERO)); // 7 points stand
    /// assert_eq!(eq.field_draws(hand, "C5".parse()?, dealer_up), None); // C5 is not in the hand
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn field_draws(&self, hand: Hand, up: Card, dealer_up: Card) -> Option<Fraction> {
        let s = &self.solved;
        let (v, d) = split(&s.ctx, hand, up)?;
        let u = s.ctx.at(dealer_up).filter(|&u| u != v && u != d)?;
        fraction_of(s.field_prob(u, v, d))
    }

    /// The dealer's equilibrium probability of drawing with `hand` (two cards) of which `up`
    /// is face up, the staked field showing `field_up` and having drawn `field_third` (`None`:
    /// it stood); `None` for cards outside the deck or not distinct.
    ///
    /// ```
    /// let eq = kabu::equilibrium(kabu::Rules::DEFAULT)?;
    /// let p = eq.dealer_draws("SA H2".parse()?, "SA".parse()?, "C9".parse()?, None);
    /// assert_eq!(p, Some(kabu::Fraction::ONE)); // 3 points must draw
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn dealer_draws(
        &self,
        hand: Hand,
        up: Card,
        field_up: Card,
        field_third: Option<Card>,
    ) -> Option<Fraction> {
        let s = &self.solved;
        let n = s.ctx.n;
        let (u, b) = split(&s.ctx, hand, up)?;
        let v = s.ctx.at(field_up).filter(|&v| v != u && v != b)?;
        let t = match field_third {
            None => n,
            Some(c) => s.ctx.at(c).filter(|&t| t != u && t != b && t != v)?,
        };
        fraction_of(s.dealer_prob(u, v, b, t))
    }

    /// How many information sets each side mixes at: (field, dealer).
    ///
    /// ```
    /// let eq = kabu::equilibrium(kabu::Rules::DEFAULT)?;
    /// assert!(eq.mixed().0 > 0); // the field bluffs: no pure policy is an equilibrium
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn mixed(&self) -> (usize, usize) {
        (
            self.solved.stats.mixed_field,
            self.solved.stats.mixed_dealer,
        )
    }

    /// The certificate, by the exact enumeration of every deal: the value of the equilibrium
    /// policies against each other and of each side's best response to the other's policy.
    ///
    /// # Errors
    ///
    /// [`RoundError::Inexact`] if a sum leaves 128 bits (not on the 40-card deck).
    pub fn certificate(&self) -> Result<Certificate, RoundError> {
        let s = &self.solved;
        let sums = evaluate(&s.ctx, &|u, v, d| s.field_prob(u, v, d), &|u, v, b, t| {
            s.dealer_prob(u, v, b, t)
        })?;
        let what = "the certificate";
        let scale = |q: Q| {
            q.mul(Q::new(1, s.leaves).ok_or(RoundError::Inexact { what })?)
                .ok_or(RoundError::Inexact { what })
        };
        Ok(Certificate {
            value: edge_of(scale(sums.value)?, what)?,
            field_best_response: edge_of(scale(sums.field_best)?, what)?,
            dealer_best_response: edge_of(scale(sums.dealer_best)?, what)?,
        })
    }
}

/// A two-card hand's positions in the deck, the face-up card first.
fn split(ctx: &Ctx, hand: Hand, up: Card) -> Option<(usize, usize)> {
    if hand.len() != 2 || !hand.cards().contains(up) {
        return None;
    }
    let down = (hand.cards() - CardSet::EMPTY.with(up)).first()?;
    Some((ctx.at(up)?, ctx.at(down)?))
}

impl Solved {
    fn field_prob(&self, u: usize, v: usize, d: usize) -> Q {
        let n = self.ctx.n;
        self.field[(u * n + v) * n + d].q()
    }

    fn dealer_prob(&self, u: usize, v: usize, b: usize, t: usize) -> Q {
        let n = self.ctx.n;
        let at = ((u * n + v) * n + b) * (n + 1) + t;
        match self.dealer_pure[at] {
            0 => Q::ZERO,
            1 => Q::ONE,
            _ => self.dealer_mixed.get(&at).copied().unwrap_or(Q::ZERO),
        }
    }
}

/// The solved games, by rule set and deck (a few kept).
static SOLVED: Mutex<Vec<(Rules, CardSet, Arc<Solved>)>> = Mutex::new(Vec::new());

fn solved(deck: CardSet, rules: Rules) -> Result<Arc<Solved>, RoundError> {
    let mut cache = SOLVED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, _, s)) = cache.iter().find(|(r, d, _)| *r == rules && *d == deck) {
        return Ok(Arc::clone(s));
    }
    let s = Arc::new(solve(deck, rules)?);
    if cache.len() >= 4 {
        cache.remove(0);
    }
    cache.push((rules, deck, Arc::clone(&s)));
    Ok(s)
}

/// The exact equilibrium of the heads-up round on the 40-card deck under `rules`: the
/// field and the dealer each drawing as well as possible against the other (see the
/// [module docs](self) for what each side sees and how it is solved).
///
/// # Errors
///
/// [`RoundError::Inexact`] if an exact number leaves 128 bits (it does not on the 40-card
/// deck under any rule set the crate names).
///
/// ```
/// let eq = kabu::equilibrium(kabu::Rules::DEFAULT)?;
/// let optimal_field = kabu::exact_edge(kabu::Rules::DEFAULT, kabu::BuiltinPolicy::Optimal,
///     kabu::BuiltinPolicy::House)?;
/// assert!(eq.value().value() < optimal_field.value()); // the dealer's best costs the player
/// # Ok::<(), kabu::RoundError>(())
/// ```
pub fn equilibrium(rules: Rules) -> Result<Equilibrium, RoundError> {
    equilibrium_on(DECK, rules)
}

/// [`equilibrium`] on a part of the deck (the other cards out of play), at least 6 cards.
///
/// # Errors
///
/// [`RoundError::BadDeal`] for a deck of fewer than 6 Kabu cards, [`RoundError::Inexact`] as
/// for [`equilibrium`].
///
/// ```
/// let small = kabu::parse_cards("SA S2 S3 S4 CA C2 C3")?;
/// assert!(kabu::equilibrium_on(small, kabu::Rules::DEFAULT).is_ok());
/// assert!(kabu::equilibrium_on(kabu::parse_cards("SA S2")?, kabu::Rules::DEFAULT).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn equilibrium_on(deck: CardSet, rules: Rules) -> Result<Equilibrium, RoundError> {
    Ok(Equilibrium {
        solved: solved(deck, rules)?,
    })
}

/// A fair coin of probability `p` for an observation: a hash of everything the seat sees, so
/// that the same observation always gets the same answer (rounds replay from their seed).
fn coin(obs: &Observation, p: Q) -> bool {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut mix = |x: u64| {
        h = (h ^ x).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 31;
    };
    mix(obs.seat.index() as u64);
    mix(obs.hand.cards().bits());
    for c in obs.first_cards.iter().chain(&obs.third_cards) {
        mix(c.map_or(64, |c| u64::from(c.index())));
    }
    let (num, den) = (p.num.unsigned_abs(), p.den.unsigned_abs());
    u128::from(h) * den < num << 64
}

/// `equilibrium`'s answer for an observation: the heads-up equilibrium's draw (the dealer
/// against the first staked field), `optimal`'s where the observation lacks the face-up cards.
pub(crate) fn draws(obs: &Observation) -> bool {
    let fallback = || crate::players::optimal::draws(obs);
    let Ok(s) = solved(DECK - obs.out_of_play, obs.rules) else {
        return fallback();
    };
    let ctx = &s.ctx;
    let at = |c: Option<Card>| c.and_then(|c| ctx.at(c));
    let own_up = obs.first_cards[obs.seat.index()];
    let Some((mine, other)) = own_up.and_then(|up| split(ctx, obs.hand, up)) else {
        return fallback();
    };
    let p = if obs.seat == Seat::Dealer {
        let field = Seat::FIELDS
            .iter()
            .enumerate()
            .find(|&(k, f)| obs.stakes[k] > 0 && obs.first_cards[f.index()].is_some());
        let Some((_, f)) = field else {
            return fallback();
        };
        let Some(v) = at(obs.first_cards[f.index()]) else {
            return fallback();
        };
        let t = at(obs.third_cards[f.index()]).unwrap_or(ctx.n);
        s.dealer_prob(mine, v, other, t)
    } else {
        let Some(u) = at(obs.first_cards[Seat::Dealer.index()]) else {
            return fallback();
        };
        s.field_prob(u, mine, other)
    };
    match Prob::of(p) {
        Prob::Stand => false,
        Prob::Draw => true,
        Prob::Mixed(q) => coin(obs, q),
    }
}

/// [`crate::exact_edge_on`] for a pair with `equilibrium` on a side: each policy sees what it
/// reads, mixed draws count with their probabilities.
pub(crate) fn edge_with(
    deck: CardSet,
    rules: Rules,
    field: BuiltinPolicy,
    dealer: BuiltinPolicy,
) -> Result<HouseEdge, RoundError> {
    let s = solved(deck, rules)?;
    let ctx = &s.ctx;
    let n = ctx.n;
    let opt = crate::players::optimal::tables(deck, rules)?;
    let own = |p: BuiltinPolicy, seat: Seat| -> Vec<bool> {
        (0..n * n)
            .map(|ij| {
                let (i, j) = (ij / n, ij % n);
                i != j && p.decide(seat, ctx.hand(&[i, j]), rules, ctx.out_of_play)
            })
            .collect()
    };
    let (f_own, d_own) = (own(field, Seat::Field1), own(dealer, Seat::Dealer));
    let bool_q = |b: bool| if b { Q::ONE } else { Q::ZERO };
    let fprob = |u: usize, v: usize, d: usize| match field {
        BuiltinPolicy::Equilibrium => s.field_prob(u, v, d),
        BuiltinPolicy::Optimal => bool_q(opt.field_draws(ctx.pair(v, d), Some(u))),
        _ => bool_q(f_own[v * n + d]),
    };
    let dprob = |u: usize, v: usize, b: usize, t: usize| match dealer {
        BuiltinPolicy::Equilibrium => s.dealer_prob(u, v, b, t),
        BuiltinPolicy::Optimal => {
            bool_q(opt.dealer_draws(ctx.pair(u, b), &[(v, (t < n).then_some(t))]))
        }
        _ => bool_q(d_own[u * n + b]),
    };
    let sums = evaluate(ctx, &fprob, &dprob)?;
    let what = "the exact edge";
    let scaled = sums
        .value
        .mul(Q::new(1, s.leaves).ok_or(RoundError::Inexact { what })?)
        .ok_or(RoundError::Inexact { what })?;
    edge_of(scaled, what)
}
