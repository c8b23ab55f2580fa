//! Worlds weighed by a model of the players: how likely the others' past actions are in a
//! sampled world ([`Likelihood`]), the tempered weights a pool of worlds is resampled by
//! ([`tempered_weights`]), and the draw by weight ([`cumulate`], [`draw_by_weight`]).

use cards_core::Rng;
use cards_core::game::Game;

/// A model of the players that scores a sampled world: the log of the probability that the
/// players, holding what `world` gives them, made the actions the observation's history shows
/// (the observer's own actions excluded). `f64::NEG_INFINITY` for a world the history rules
/// out. A search with [`Search::with_likelihood`](crate::Search::with_likelihood) resamples
/// its worlds by it.
///
/// ```
/// use cards_core::game::{Game, InfoSet, testing_toy::Toy};
/// use cards_search::Likelihood;
/// /// Every world as likely.
/// struct Flat;
/// impl Likelihood<Toy> for Flat {
///     fn log_likelihood(&self, _: &<Toy as Game>::Observation<'_>, _: &Toy) -> f64 {
///         0.0
///     }
/// }
/// let g = Toy::new(1);
/// assert_eq!(Flat.log_likelihood(&g.observation(0), &g), 0.0);
/// ```
pub trait Likelihood<G: Game>: Send + Sync {
    /// The log-likelihood of the others' past actions in `world` (a world sampled from
    /// `obs`).
    fn log_likelihood(&self, obs: &G::Observation<'_>, world: &G) -> f64;
}

/// The weights of a pool of worlds whose log-likelihoods are `log_likelihoods`, written into
/// `weights` (one each, the largest 1): `exp(beta * (l - max))` with the largest `beta` in
/// `[0, 1]` whose effective sample size `(sum w)^2 / sum w^2` is at least `min_ess` times the
/// worlds (a fraction in `[0, 1]`; 0 keeps `beta` = 1, the plain likelihood). Tempering keeps
/// a pool from collapsing onto the one world a too-sharp model prefers. A world of likelihood
/// 0 (`-inf`, or NaN) weighs 0 whatever `beta`; when every world does, all weigh 1. Returns
/// `beta`.
///
/// ```
/// let mut w = Vec::new();
/// // Plain weights when they are spread enough.
/// assert_eq!(cards_search::tempered_weights(&[0.0, -0.1, f64::NEG_INFINITY], 0.3, &mut w), 1.0);
/// assert!(w[0] == 1.0 && w[1] > 0.9 && w[2] == 0.0);
/// // A world 50 nats likelier would take all the weight: tempered to keep half the pool.
/// let beta = cards_search::tempered_weights(&[0.0, -50.0, -50.0, -50.0], 0.5, &mut w);
/// assert!(beta < 0.1 && w[1] > 0.0);
/// ```
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn tempered_weights(log_likelihoods: &[f64], min_ess: f64, weights: &mut Vec<f64>) -> f64 {
    weights.clear();
    let max = log_likelihoods
        .iter()
        .copied()
        .filter(|l| l.is_finite())
        .fold(f64::NEG_INFINITY, f64::max);
    if !max.is_finite() {
        weights.resize(log_likelihoods.len(), 1.0);
        return 1.0;
    }
    let target = min_ess.clamp(0.0, 1.0) * log_likelihoods.len() as f64;
    let fill = |beta: f64, weights: &mut Vec<f64>| {
        weights.clear();
        weights.extend(log_likelihoods.iter().map(|&l| {
            if l.is_finite() {
                (beta * (l - max)).exp()
            } else {
                0.0
            }
        }));
        let (s, s2) = weights
            .iter()
            .fold((0.0, 0.0), |(s, s2), &w| (s + w, s2 + w * w));
        s * s / s2
    };
    if fill(1.0, weights) >= target {
        return 1.0;
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if fill(mid, weights) >= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let _ = fill(lo, weights);
    lo
}

/// Turns `weights` into their running sums in place and returns the total: what
/// [`draw_by_weight`] draws from.
///
/// ```
/// let mut w = vec![1.0, 0.0, 3.0];
/// assert_eq!(cards_search::cumulate(&mut w), 4.0);
/// assert_eq!(w, [1.0, 1.0, 4.0]);
/// ```
pub fn cumulate(weights: &mut [f64]) -> f64 {
    let mut sum = 0.0;
    for w in weights {
        sum += *w;
        *w = sum;
    }
    sum
}

/// An index drawn with probability proportional to its weight, from the weights' running sums
/// `cumulative` ([`cumulate`]): one number of `rng` a draw. `None` if `cumulative` is empty; a
/// total of 0 draws the first index.
///
/// ```
/// use cards_core::Rng;
/// let mut w = vec![1.0, 0.0, 3.0];
/// let _ = cards_search::cumulate(&mut w);
/// let mut rng = Rng::seed_from_u64(1);
/// let draws: Vec<usize> = (0..1000).filter_map(|_| cards_search::draw_by_weight(&w, &mut rng)).collect();
/// assert!(!draws.contains(&1)); // weight 0: never drawn
/// assert!((700..800).contains(&draws.iter().filter(|&&i| i == 2).count()));
/// assert_eq!(cards_search::draw_by_weight(&[], &mut rng), None);
/// ```
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn draw_by_weight(cumulative: &[f64], rng: &mut Rng) -> Option<usize> {
    let total = *cumulative.last()?;
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    Some(
        cumulative
            .partition_point(|&c| c <= u)
            .min(cumulative.len() - 1),
    )
}
