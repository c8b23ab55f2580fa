//! Training the learned move policy ([`LearnedPolicy`]): the search player's root statistics as
//! targets, plain stochastic gradient descent on the softmax's cross-entropy.
//!
//! [`samples`] plays a seeded match (classes and the exchange carried over, seats shuffled every
//! 3 games) of one `search` player against four `tutorial` players and keeps, for every play
//! decision of the search with at least two legal actions, the features of each legal action
//! and a target share for it: under flat Monte-Carlo (the default) the softmax of the actions'
//! mean points at a temperature, under ISMCTS the share of the root visits. [`fit`] minimises the
//! cross-entropy between those shares and the policy's softmax by SGD (samples in a seeded
//! shuffled order each epoch, an L2 penalty). Everything is a function of [`TrainOptions`], so a
//! run reproduces exactly.

use cards_core::Rng;
use cards_core::game::{Policy as _, PolicyOptions};
use cards_search::{ActionStats, Algorithm};

use crate::game::Match;
use crate::players::learned::{FEATURES, LearnedPolicy};
use crate::players::policy::TutorialPlayer;
use crate::{Action, Observation, Rules, SearchPlayer, SearchRollout};

/// The settings of a training run.
///
/// ```
/// let o = daifugo::TrainOptions::default();
/// assert_eq!((o.games, o.playouts), (300, 5_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct TrainOptions {
    /// Games of the match the samples come from.
    pub games: u64,
    /// The seed of the match, the search and the shuffles.
    pub seed: u64,
    /// The search's playouts a decision.
    pub playouts: u64,
    /// The search's rollout.
    pub rollout: SearchRollout,
    /// How many worlds the search samples for each one it plays
    /// ([`Search::with_belief`](cards_search::Search::with_belief)): 1 by default, every world sampled, as the committed
    /// weights were trained (the shipped `search` weighs [`SEARCH_BELIEF`](crate::SEARCH_BELIEF)).
    pub belief: u32,
    /// The search's algorithm: with [`Algorithm::Ismcts`] the targets are the shares of the
    /// root visits; with [`Algorithm::Pimc`] (every action gets the same playouts) the softmax
    /// of the actions' mean points at `temperature`.
    pub algorithm: Algorithm,
    /// The temperature of flat Monte-Carlo's targets, in points.
    pub temperature: f32,
    /// Passes over the samples.
    pub epochs: u32,
    /// SGD's step size.
    pub learning_rate: f32,
    /// The L2 penalty on the weights.
    pub l2: f32,
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            games: 300,
            seed: 1,
            playouts: 5_000,
            rollout: SearchRollout::Tutorial,
            belief: 1,
            algorithm: Algorithm::Pimc,
            temperature: 0.1,
            epochs: 30,
            learning_rate: 0.05,
            l2: 1e-4,
        }
    }
}

impl TrainOptions {
    /// These options with `games` games, `seed` and `playouts` a decision (the rest as they are).
    ///
    /// ```
    /// let o = daifugo::TrainOptions::default().with_run(2, 9, 100);
    /// assert_eq!((o.games, o.seed, o.playouts), (2, 9, 100));
    /// ```
    #[must_use]
    pub const fn with_run(mut self, games: u64, seed: u64, playouts: u64) -> TrainOptions {
        self.games = games;
        self.seed = seed;
        self.playouts = playouts;
        self
    }

    /// These options with `epochs` passes, step size `learning_rate` and L2 penalty `l2`.
    ///
    /// ```
    /// let o = daifugo::TrainOptions::default().with_sgd(3, 0.1, 0.0);
    /// assert_eq!(o.epochs, 3);
    /// ```
    #[must_use]
    pub const fn with_sgd(mut self, epochs: u32, learning_rate: f32, l2: f32) -> TrainOptions {
        self.epochs = epochs;
        self.learning_rate = learning_rate;
        self.l2 = l2;
        self
    }

    /// These options with the search running `algorithm`, flat Monte-Carlo's targets at
    /// `temperature` (in points).
    ///
    /// ```
    /// use daifugo::TrainOptions;
    /// use daifugo::cards_search::Algorithm;
    /// let o = TrainOptions::default().with_algorithm(Algorithm::Ismcts, 0.1);
    /// assert_eq!(o.algorithm, Algorithm::Ismcts);
    /// ```
    #[must_use]
    pub const fn with_algorithm(mut self, algorithm: Algorithm, temperature: f32) -> TrainOptions {
        self.algorithm = algorithm;
        self.temperature = temperature;
        self
    }

    /// These options with the search weighing `tries` worlds for each one it plays.
    ///
    /// ```
    /// let o = daifugo::TrainOptions::default().with_belief(8);
    /// assert_eq!(o.belief, 8);
    /// ```
    #[must_use]
    pub const fn with_belief(mut self, tries: u32) -> TrainOptions {
        self.belief = tries;
        self
    }

    /// These options with the search rolling out with `rollout`.
    ///
    /// ```
    /// use daifugo::{SearchRollout, TrainOptions};
    /// let o = TrainOptions::default().with_rollout(SearchRollout::Random);
    /// assert_eq!(o.rollout, SearchRollout::Random);
    /// ```
    #[must_use]
    pub const fn with_rollout(mut self, rollout: SearchRollout) -> TrainOptions {
        self.rollout = rollout;
        self
    }
}

/// One decision of the search: each legal action's features and its target share (the shares
/// add up to 1).
///
/// ```
/// use daifugo::{TrainOptions, samples};
/// let s = samples(&TrainOptions::default().with_run(1, 3, 50));
/// assert!(!s.is_empty());
/// let total: f32 = s[0].target.iter().sum();
/// assert!((total - 1.0).abs() < 1e-5);
/// ```
///
/// `N` is the features a row: [`FEATURES`] for the move policy's samples, [`exchange::FEATURES`](crate::exchange::FEATURES)
/// for the exchange's ([`exchange::samples`](crate::exchange::samples)).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample<const N: usize = FEATURES> {
    /// One row a legal action.
    pub features: Vec<[f32; N]>,
    /// The share of the playouts through each legal action.
    pub target: Vec<f32>,
}

/// The samples of a seeded match of one search player (player 0) against four `tutorial`
/// players, as the module describes. The search plays every decision's whole budget (no early
/// stop, as when the committed weights were trained, so that their command reproduces them).
///
/// ```
/// use daifugo::{TrainOptions, samples};
/// let o = TrainOptions::default().with_run(1, 5, 40);
/// assert_eq!(samples(&o), samples(&o)); // reproducible
/// ```
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn samples(options: &TrainOptions) -> Vec<Sample> {
    let mut search = crate::search_player(
        &PolicyOptions::new(options.seed).with_playouts(options.playouts.max(1)),
    )
    .with_rollout(options.rollout)
    .with_algorithm(options.algorithm)
    .with_belief(options.belief)
    .with_early_stop(None);
    searched_match(
        options,
        &mut search,
        |obs, _| obs.player == 0,
        |obs, legal| {
            (!obs.exchanging && legal.len() > 1).then(|| {
                let mut features = Vec::with_capacity(legal.len());
                LearnedPolicy::features_into(obs, legal, &mut features);
                features
            })
        },
    )
}

/// A seeded match (`options.games` games from `options.seed`, as [`Match`] plays it) of
/// `tutorial` players in which `search` decides wherever `searched` says; each searched decision
/// that `rows` gives the legal actions' features for is a sample, its target the search's root
/// shares ([`target`]).
pub(crate) fn searched_match<const N: usize>(
    options: &TrainOptions,
    search: &mut SearchPlayer,
    searched: impl Fn(&Observation<'_>, &[Action]) -> bool,
    mut rows: impl FnMut(&Observation<'_>, &[Action]) -> Option<Vec<[f32; N]>>,
) -> Vec<Sample<N>> {
    let mut m = Match::new(Rules::UECDA, options.seed);
    let mut out = Vec::new();
    let mut legal = Vec::with_capacity(64);
    for _ in 0..options.games {
        let mut g = m.next_game();
        while let Some(p) = g.seat_to_act() {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = g.observation(usize::from(p));
            let a = if searched(&obs, &legal) {
                let a = search.decide(&obs, &legal);
                if let Some(target) = target(search.stats(), options)
                    && let Some(features) = rows(&obs, &legal)
                {
                    out.push(Sample { features, target });
                }
                a
            } else {
                // the interface's tutorial player: it also gives in the exchange
                TutorialPlayer.choose(&obs, &legal)
            };
            if g.apply_quietly(a).is_err() {
                break;
            }
        }
        m.finish(&g);
    }
    out
}

/// A decision's target shares from the search's root statistics (`None` without playouts).
#[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
fn target(stats: &[ActionStats<crate::Action>], options: &TrainOptions) -> Option<Vec<f32>> {
    let total: u64 = stats.iter().map(|s| s.visits).sum();
    if total == 0 {
        return None;
    }
    match options.algorithm {
        Algorithm::Ismcts => Some(
            stats
                .iter()
                .map(|s| s.visits as f32 / total as f32)
                .collect(),
        ),
        Algorithm::Pimc => {
            let t = f64::from(options.temperature.max(1e-3));
            let best = stats
                .iter()
                .map(ActionStats::mean)
                .fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = stats
                .iter()
                .map(|s| {
                    if s.visits == 0 {
                        0.0
                    } else {
                        ((s.mean() - best) / t).exp()
                    }
                })
                .collect();
            let sum: f64 = e.iter().sum();
            Some(e.iter().map(|x| (x / sum) as f32).collect())
        }
    }
}

/// The weights fitted to `samples` by SGD from `start`, as the module describes.
///
/// ```
/// use daifugo::{FEATURES, LearnedPolicy, TrainOptions, fit, samples};
/// let o = TrainOptions::default().with_run(1, 3, 50).with_sgd(2, 0.05, 0.0);
/// let p = fit(&samples(&o), &o, LearnedPolicy::new([0.0; FEATURES]));
/// assert_ne!(p.weights(), &[0.0; FEATURES]);
/// ```
#[must_use]
pub fn fit(samples: &[Sample], options: &TrainOptions, start: LearnedPolicy) -> LearnedPolicy {
    LearnedPolicy::new(fit_weights(
        samples,
        options.seed,
        (options.epochs, options.learning_rate, options.l2),
        *start.weights(),
    ))
}

/// SGD on the softmax's cross-entropy from `start`: `epochs` passes in an order shuffled by a
/// stream seeded from `seed`, step size `learning_rate`, L2 penalty `l2`.
pub(crate) fn fit_weights<const N: usize>(
    samples: &[Sample<N>],
    seed: u64,
    (epochs, learning_rate, l2): (u32, f32, f32),
    start: [f32; N],
) -> [f32; N] {
    let mut w = start;
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut rng = Rng::seed_from_u64(seed ^ 0x7261_696e);
    let mut p = Vec::new();
    for _ in 0..epochs {
        rng.shuffle(&mut order);
        for &i in &order {
            let s = &samples[i];
            p.clear();
            p.extend(
                s.features
                    .iter()
                    .map(|f| w.iter().zip(f).map(|(a, b)| a * b).sum::<f32>()),
            );
            let max = p.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let mut total = 0.0;
            for x in &mut p {
                *x = (*x - max).exp();
                total += *x;
            }
            let mut grad = [0f32; N];
            for ((f, q), t) in s.features.iter().zip(&p).zip(&s.target) {
                let d = q / total - t;
                for (g, x) in grad.iter_mut().zip(f) {
                    *g += d * x;
                }
            }
            for (wi, g) in w.iter_mut().zip(grad) {
                *wi -= learning_rate * (g + l2 * *wi);
            }
        }
    }
    w
}

/// The mean cross-entropy of `policy`'s softmax against the samples' targets (in nats), to
/// compare fits.
///
/// ```
/// use daifugo::{FEATURES, LearnedPolicy, TrainOptions, cross_entropy, samples};
/// let s = samples(&TrainOptions::default().with_run(1, 3, 50));
/// assert!(cross_entropy(&s, &LearnedPolicy::new([0.0; FEATURES])) > 0.0);
/// ```
#[must_use]
pub fn cross_entropy(samples: &[Sample], policy: &LearnedPolicy) -> f64 {
    cross_entropy_of(samples, policy.weights())
}

/// The mean cross-entropy of the softmax of weights `w` against the samples' targets.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn cross_entropy_of<const N: usize>(samples: &[Sample<N>], w: &[f32; N]) -> f64 {
    let mut sum = 0.0;
    for s in samples {
        let scores: Vec<f64> = s
            .features
            .iter()
            .map(|f| f64::from(w.iter().zip(f).map(|(a, b)| a * b).sum::<f32>()))
            .collect();
        let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let log_total = scores.iter().map(|x| (x - max).exp()).sum::<f64>().ln() + max;
        for (x, t) in scores.iter().zip(&s.target) {
            sum -= f64::from(*t) * (x - log_total);
        }
    }
    sum / samples.len().max(1) as f64
}

/// [`samples`] then [`fit`] from zero weights: a whole training run.
///
/// ```
/// use daifugo::{TrainOptions, train};
/// let o = TrainOptions::default().with_run(1, 3, 30).with_sgd(1, 0.05, 0.0);
/// assert_eq!(train(&o), train(&o));
/// ```
#[must_use]
pub fn train(options: &TrainOptions) -> LearnedPolicy {
    fit(
        &samples(options),
        options,
        LearnedPolicy::new([0.0; FEATURES]),
    )
}
