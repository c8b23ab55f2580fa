//! The learned exchange (`daifugo::exchange`): which cards the 大富豪 (two) and the 富豪 (one)
//! return, by a softmax linear in [`FEATURES`] features of each possible give
//! ([`FEATURE_NAMES`]), trained on the search's root values at exchange decisions
//! ([`samples`], [`fit`], [`cross_entropy`]; the move policy's counterparts are the crate's
//! [`FEATURES`](crate::FEATURES), [`samples`](crate::samples), [`fit`](crate::fit)).
//!
//! The richer players choose freely what to return (the poorer ones give their strongest
//! cards by rule), so the choice is among every set of one or two cards of the hand, the
//! tribute received included: up to 13 or 78 gives in a hand of 13. [`GivePolicy::give`]
//! scores each and returns the best; [`GivePolicy::TRAINED`] is the committed fit
//! (`src/players/exchange/weights.rs`, its command in the file's first line). The `pattern`
//! player gives by it.
//!
//! ```
//! use daifugo::Rules;
//! use daifugo::exchange::GivePolicy;
//! let r = Rules::UECDA;
//! let hand = r.parse_hand("S3 D4 H5 C6 S6 D6 H9 S10 SJ SQ S2").unwrap();
//! assert_eq!(GivePolicy::TRAINED.give(hand, 2, &r).len(), 2);
//! ```

use cards_core::CardSet;
use cards_core::game::PolicyOptions;

use crate::players::pattern::holds_revolution;
use crate::players::train::{Sample, TrainOptions, cross_entropy_of, fit_weights, searched_match};
use crate::rules::meld::JK;
use crate::{Action, Rules, fewest_melds_count};

mod weights;

/// The number of features of a give ([`features`]).
///
/// ```
/// assert_eq!(daifugo::exchange::FEATURES, daifugo::exchange::FEATURE_NAMES.len());
/// ```
pub const FEATURES: usize = 8;

/// The features' names, in the order of [`features`]'s row: the melds the hand left
/// needs at least ([`fewest_melds_count`]); the mean and the highest rank given (0 for 3s, 1
/// for 2s; the joker counts as above the 2s); the cards given whose rank stays in the hand
/// (a pair or more broken); the 8s given (each an 8-cut); the joker given; the ♠3 given (it
/// beats a lone joker); whether the hand left holds four of a rank (a revolution), the joker
/// counting as any rank.
///
/// ```
/// assert_eq!(daifugo::exchange::FEATURE_NAMES[0], "melds_left");
/// ```
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "melds_left",
    "mean_rank",
    "top_rank",
    "breaks_rank",
    "eights",
    "joker",
    "spade_three",
    "revolution_kept",
];

/// The features of giving `give` out of `hand` (named by [`FEATURE_NAMES`]); `None` if
/// `give` is not part of `hand` or the hand is not one of `rules`' deck.
///
/// ```
/// use daifugo::Rules;
/// use daifugo::exchange::features;
/// let r = Rules::UECDA;
/// let hand = r.parse_hand("S3 D4 H5 C6 S6 D6 H9 S10 SJ SQ S2").unwrap();
/// let f = features(hand, r.parse_hand("S3 D4").unwrap(), &r).unwrap();
/// assert_eq!(f[0], 5.0); // ♥5, the three 6s, ♥9, ♠10 ♠J ♠Q, ♠2
/// assert_eq!(f[3], 0.0); // no pair broken
/// assert!(features(hand, r.parse_hand("C3").unwrap(), &r).is_none());
/// ```
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn features(hand: CardSet, give: CardSet, rules: &Rules) -> Option<[f32; FEATURES]> {
    if !give.is_subset(hand) || give.is_empty() {
        return None;
    }
    let left = hand - give;
    let melds = fewest_melds_count(left, rules).ok()?;
    let (g, l) = (give.bits(), left.bits());
    let rank_of = |bit: u32| if bit >= 52 { 13 } else { bit / 4 };
    let (mut sum, mut top, mut breaks) = (0u32, 0u32, 0u32);
    let mut b = g;
    while b != 0 {
        let bit = b.trailing_zeros();
        let r = rank_of(bit);
        sum += r;
        top = top.max(r);
        if r < 13 && l >> (r * 4) & 0xF != 0 {
            breaks += 1;
        }
        b &= b - 1;
    }
    let n = g.count_ones() as f32;
    let revolution = holds_revolution(l);
    let eight = u32::from(crate::Rank::Eight.index());
    let spade_three = crate::Card::new(crate::Rank::Three, crate::Suit::Spades).bit();
    Some([
        melds as f32,
        sum as f32 / n / 12.0,
        top as f32 / 12.0,
        breaks as f32,
        (g >> (eight * 4) & 0xF).count_ones() as f32,
        f32::from(u8::from(g & JK != 0)),
        f32::from(u8::from(g & spade_three != 0)),
        f32::from(u8::from(revolution)),
    ])
}

/// A give chooser: a softmax linear in [`features`], of which [`GivePolicy::give`] takes
/// the best.
///
/// ```
/// use daifugo::Rules;
/// use daifugo::exchange::GivePolicy;
/// let r = Rules::UECDA;
/// let hand = r.parse_hand("S3 D4 H5 C6 S6 D6 H9 S10 SJ SQ S2").unwrap();
/// let give = GivePolicy::TRAINED.give(hand, 2, &r);
/// assert_eq!(give.len(), 2);
/// assert!(give.is_subset(hand));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GivePolicy {
    weights: [f32; FEATURES],
}

impl GivePolicy {
    /// The committed weights (`src/players/exchange/weights.rs`, trained by the
    /// `train_exchange` example with the command in that file's first line).
    ///
    /// ```
    /// assert_ne!(daifugo::exchange::GivePolicy::TRAINED.weights(), &[0.0; daifugo::exchange::FEATURES]);
    /// ```
    pub const TRAINED: GivePolicy = GivePolicy {
        weights: weights::WEIGHTS,
    };

    /// A policy with these weights, one a feature of [`FEATURE_NAMES`].
    ///
    /// ```
    /// let p = daifugo::exchange::GivePolicy::new([0.0; daifugo::exchange::FEATURES]);
    /// assert_eq!(p.weights()[0], 0.0);
    /// ```
    #[must_use]
    pub const fn new(weights: [f32; FEATURES]) -> GivePolicy {
        GivePolicy { weights }
    }

    /// The weights.
    ///
    /// ```
    /// assert_eq!(daifugo::exchange::GivePolicy::TRAINED.weights().len(), daifugo::exchange::FEATURES);
    /// ```
    #[must_use]
    pub const fn weights(&self) -> &[f32; FEATURES] {
        &self.weights
    }

    /// The score of giving `give` out of `hand` (`None` where [`features`] is).
    ///
    /// ```
    /// use daifugo::Rules;
    /// use daifugo::exchange::GivePolicy;
    /// let r = Rules::UECDA;
    /// let hand = r.parse_hand("S3 D4 S2 H2").unwrap();
    /// let p = GivePolicy::TRAINED;
    /// assert!(p.score(hand, r.parse_hand("S3").unwrap(), &r).is_some());
    /// ```
    #[must_use]
    pub fn score(&self, hand: CardSet, give: CardSet, rules: &Rules) -> Option<f32> {
        let f = features(hand, give, rules)?;
        Some(self.weights.iter().zip(&f).map(|(w, x)| w * x).sum())
    }

    /// The `count` cards of `hand` to give: the best-scored set of that size, the first (the
    /// weakest cards first) among equals; the weakest cards if the hand is not one of `rules`'
    /// deck or holds fewer than `count` cards.
    ///
    /// ```
    /// use daifugo::Rules;
    /// use daifugo::exchange::GivePolicy;
    /// let r = Rules::UECDA;
    /// let hand = r.parse_hand("S3 D4 S2 H2").unwrap();
    /// // the weights zero: every give scores the same, the first (weakest) is taken
    /// assert_eq!(GivePolicy::new([0.0; 8]).give(hand, 1, &r), r.parse_hand("S3").unwrap());
    /// ```
    #[must_use]
    pub fn give(&self, hand: CardSet, count: usize, rules: &Rules) -> CardSet {
        let k = u32::try_from(count).unwrap_or(u32::MAX);
        let mut best: Option<(f32, CardSet)> = None;
        for give in hand.subsets_of_size(k) {
            let Some(s) = self.score(hand, give, rules) else {
                return crate::weakest(hand, count);
            };
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, give));
            }
        }
        best.map_or_else(|| crate::weakest(hand, count), |(_, g)| g)
    }
}

/// The exchange decisions of a seeded match (`options.games` games, `options.seed`; classes
/// carried over, as [`Match`](crate::Match) plays it) of five `tutorial` players, where each give of a richer
/// player is chosen by the `search` player (`options.playouts` a decision, no early stop,
/// `options.rollout`) deciding for that player: each decision's sample holds every legal
/// give's [`features`] and the softmax of the search's mean points at
/// `options.temperature` (flat Monte-Carlo).
///
/// ```
/// use daifugo::TrainOptions;
/// use daifugo::exchange::samples;
/// let o = TrainOptions::default().with_run(3, 5, 60);
/// let s = samples(&o);
/// assert!(!s.is_empty()); // the first game has no exchange, the next two have two each
/// assert_eq!(s, samples(&o)); // reproducible
/// ```
#[must_use]
pub fn samples(options: &TrainOptions) -> Vec<Sample<FEATURES>> {
    let mut search = crate::search_player(
        &PolicyOptions::new(options.seed).with_playouts(options.playouts.max(1)),
    )
    .with_rollout(options.rollout)
    .with_algorithm(cards_search::Algorithm::Pimc)
    .with_early_stop(None);
    let flat = options.with_algorithm(cards_search::Algorithm::Pimc, options.temperature);
    searched_match(
        &flat,
        &mut search,
        |obs, legal| obs.exchanging && legal.len() > 1,
        |obs, legal| {
            legal
                .iter()
                .map(|a| match a {
                    Action::Give(c) => features(obs.hand, *c, &obs.rules),
                    _ => None,
                })
                .collect()
        },
    )
}

/// The give policy fitted to `samples` from zero weights by SGD on the softmax's
/// cross-entropy (`options`' epochs, step size, L2 penalty and seed for the shuffles).
///
/// ```
/// use daifugo::TrainOptions;
/// use daifugo::exchange::{FEATURES, fit, samples};
/// let o = TrainOptions::default().with_run(3, 5, 60).with_sgd(3, 0.05, 0.0);
/// let p = fit(&samples(&o), &o);
/// assert_ne!(p.weights(), &[0.0; FEATURES]);
/// ```
#[must_use]
pub fn fit(samples: &[Sample<FEATURES>], options: &TrainOptions) -> GivePolicy {
    GivePolicy::new(fit_weights(
        samples,
        options.seed,
        (options.epochs, options.learning_rate, options.l2),
        [0.0; FEATURES],
    ))
}

/// The mean cross-entropy of `policy`'s softmax against the samples' targets (in nats).
///
/// ```
/// use daifugo::TrainOptions;
/// use daifugo::exchange::{GivePolicy, cross_entropy, samples};
/// let s = samples(&TrainOptions::default().with_run(3, 5, 60));
/// assert!(cross_entropy(&s, &GivePolicy::new([0.0; 8])) > 0.0);
/// ```
#[must_use]
pub fn cross_entropy(samples: &[Sample<FEATURES>], policy: &GivePolicy) -> f64 {
    cross_entropy_of(samples, policy.weights())
}
