//! Belief from play: how likely the others' plays and passes so far are, in a sampled world,
//! under a model of the players ([`Belief`]), which a search draws its worlds by
//! ([`cards_search::Search::with_likelihood`]).

use core::cell::RefCell;

use cards_core::{CardSet, Rng};
use cards_search::Likelihood;

use crate::game::observation::Observation;
use crate::game::{Action, Game, PLAYERS, Step, weakest};
use crate::players::exchange::GivePolicy;
use crate::players::pattern::PatternPolicy;
use crate::players::policy::TutorialPlayer;

/// The model of the other players a [`Belief`] scores their actions with.
///
/// ```
/// assert_eq!("pattern".parse::<daifugo::BeliefModel>(), Ok(daifugo::BeliefModel::Pattern));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BeliefModel {
    /// [`TutorialPlayer`]: its choice, the others equally unlikely; in the exchange the
    /// richer partner returns its weakest cards.
    Tutorial,
    /// [`PatternPolicy::trained`]'s softmax over the legal actions; in the exchange the
    /// richer partner returns the learned give ([`GivePolicy::TRAINED`], as the `pattern`
    /// player gives).
    #[default]
    Pattern,
}

impl core::str::FromStr for BeliefModel {
    type Err = cards_core::game::UnknownPolicy;

    /// `tutorial` or `pattern`.
    ///
    /// ```
    /// assert!("clever".parse::<daifugo::BeliefModel>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<BeliefModel, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "tutorial" => Ok(BeliefModel::Tutorial),
            "pattern" => Ok(BeliefModel::Pattern),
            _ => Err(cards_core::game::UnknownPolicy::new(
                s,
                &["tutorial", "pattern"],
            )),
        }
    }
}

/// A model of the other players that scores a world by how likely they, holding the hands it
/// gives them, made the plays and passes they made (the history replayed from the start of
/// play) and, when the observer is the poorer partner of the exchange, the richer one's
/// return: the log of the product over their actions of
/// `(1 - epsilon) * p + epsilon / n`, with `p` the model's probability of the action
/// ([`BeliefModel`]) and `n` the legal actions (a mixture that keeps a surprising action from
/// ruling a world out). A pass where the model would surely play weighs a world down, as the
/// champion's sampler does.
///
/// ```
/// use daifugo::cards_core::game::{Game as _, Policy, Players};
/// use daifugo::{Belief, BeliefModel, Game, Rules};
/// let mut g = Game::new(Rules::UECDA, 4);
/// let mut tutorial = Game::policy("tutorial", 0).unwrap();
/// for _ in 0..12 {
///     let p = g.seat_to_act().unwrap();
///     let a = tutorial.choose(&g.observation(usize::from(p)), &g.legal_actions());
///     g.apply(a).unwrap();
/// }
/// let belief = Belief::new(BeliefModel::Tutorial, 0.05);
/// let obs = g.observation(0);
/// // The true hands explain every play of tutorial players.
/// let truth = belief.log_likelihood_of(&obs, &g.hands());
/// assert!(truth > -1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Belief {
    /// The model of the players.
    pub model: BeliefModel,
    /// The share of an action's probability spread evenly over the legal actions.
    pub epsilon: f64,
    /// The pattern model's temperature: its scores are divided by it before the softmax (1
    /// is the policy as trained; larger is flatter).
    pub temperature: f64,
}

impl Default for Belief {
    /// [`BeliefModel::Pattern`] with `epsilon` 0.1.
    ///
    /// ```
    /// assert_eq!(daifugo::Belief::default().epsilon, 0.1);
    /// ```
    fn default() -> Belief {
        Belief::new(BeliefModel::Pattern, 0.1)
    }
}

/// The replay's buffers: its game's history, a legal-action list, scores.
type Buffers = (Vec<Step>, Vec<Action>, Vec<f32>);

thread_local! {
    static BUFFERS: RefCell<Buffers> = const { RefCell::new((Vec::new(), Vec::new(), Vec::new())) };
}

/// `ln C(n, k)`.
#[allow(clippy::cast_precision_loss)]
fn ln_choose(n: usize, k: usize) -> f64 {
    (0..k.min(n))
        .map(|i| ((n - i) as f64 / (i + 1) as f64).ln())
        .sum()
}

impl Belief {
    /// A belief with `model` and `epsilon` (clamped to `[1e-9, 1]`), temperature 1.
    ///
    /// ```
    /// let b = daifugo::Belief::new(daifugo::BeliefModel::Tutorial, 0.2);
    /// assert_eq!((b.epsilon, b.temperature), (0.2, 1.0));
    /// ```
    #[must_use]
    pub fn new(model: BeliefModel, epsilon: f64) -> Belief {
        Belief {
            model,
            epsilon: epsilon.clamp(1e-9, 1.0),
            temperature: 1.0,
        }
    }

    /// This belief with the pattern model's `temperature` (clamped to at least 1e-3).
    ///
    /// ```
    /// let b = daifugo::Belief::default().with_temperature(3.0);
    /// assert_eq!(b.temperature, 3.0);
    /// ```
    #[must_use]
    pub fn with_temperature(mut self, temperature: f64) -> Belief {
        self.temperature = temperature.max(1e-3);
        self
    }

    /// The log-likelihood of the others' actions so far with `hands` (the hands now, the
    /// observer's included; each player's hand at the start of play is that and the cards it
    /// played since): `f64::NEG_INFINITY` if the history does not replay with them. The sum
    /// of [`Belief::log_likelihood_by_seat`].
    #[must_use]
    pub fn log_likelihood_of(&self, obs: &Observation<'_>, hands: &[CardSet; PLAYERS]) -> f64 {
        self.log_likelihood_by_seat(obs, hands).iter().sum()
    }

    /// [`Belief::log_likelihood_of`] seat by seat: entry `p` is the log-likelihood of seat
    /// `p`'s actions so far (its plays and passes, and its return in the exchange where the
    /// observer saw it) with `hands`; the observer's entry is 0. Every entry is
    /// `f64::NEG_INFINITY` if the history does not replay with `hands`.
    ///
    /// ```
    /// use daifugo::cards_core::game::{Game as _, Policy, Players};
    /// use daifugo::{Belief, BeliefModel, Game, Rules};
    /// let mut g = Game::new(Rules::UECDA, 4);
    /// let mut tutorial = Game::policy("tutorial", 0).unwrap();
    /// for _ in 0..12 {
    ///     let p = g.seat_to_act().unwrap();
    ///     let a = tutorial.choose(&g.observation(usize::from(p)), &g.legal_actions());
    ///     g.apply(a).unwrap();
    /// }
    /// let obs = g.observation(0);
    /// let belief = Belief::new(BeliefModel::Pattern, 0.1);
    /// let by_seat = belief.log_likelihood_by_seat(&obs, &g.hands());
    /// assert_eq!(by_seat[0], 0.0);
    /// assert_eq!(by_seat.iter().sum::<f64>(), belief.log_likelihood_of(&obs, &g.hands()));
    /// ```
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn log_likelihood_by_seat(
        &self,
        obs: &Observation<'_>,
        hands: &[CardSet; PLAYERS],
    ) -> [f64; PLAYERS] {
        let eps = self.epsilon;
        let mut start = *hands;
        for s in obs.history {
            if let (true, Some(m)) = (s.accepted, s.action.meld()) {
                start[s.player as usize % PLAYERS] |= m.cards();
            }
        }
        let mut ll = [0.0; PLAYERS];
        // The richer partner's return, seen by the poorer one.
        if let Some((partner, false)) = obs.exchange_partner()
            && !obs.received.is_empty()
        {
            let before = start[partner as usize % PLAYERS] | obs.received;
            let k = obs.received.len();
            let modelled = match self.model {
                BeliefModel::Tutorial => weakest(before, k),
                BeliefModel::Pattern => GivePolicy::TRAINED.give(before, k, &obs.rules),
            };
            let n = ln_choose(before.len(), k).exp().max(1.0);
            let p = (1.0 - eps) * f64::from(u8::from(modelled == obs.received)) + eps / n;
            ll[partner as usize % PLAYERS] += p.ln();
        }
        let Some(first) = obs.history.first() else {
            return ll;
        };
        let at_start = crate::players::opponent::at_first_trick(obs, first.player);
        let me = obs.player as usize % PLAYERS;
        BUFFERS.with(|b| {
            let mut fresh = Buffers::default();
            let mut guard = b.try_borrow_mut();
            let (buf, legal, scores) = match guard.as_deref_mut() {
                Ok(b) => (&mut b.0, &mut b.1, &mut b.2),
                Err(_) => (&mut fresh.0, &mut fresh.1, &mut fresh.2),
            };
            let mut g = Game::from_position(
                &at_start,
                start,
                Rng::seed_from_u64(0),
                core::mem::take(buf),
            );
            for s in obs.history {
                let action = if s.accepted { s.action } else { Action::Pass };
                let p = s.player as usize % PLAYERS;
                if p != me {
                    legal.clear();
                    g.legal_actions_into(legal);
                    let n = legal.len();
                    if n > 1 {
                        let view = g.observation(p);
                        let prob = match self.model {
                            BeliefModel::Tutorial => {
                                f64::from(u8::from(TutorialPlayer::decide(&view, legal) == action))
                            }
                            BeliefModel::Pattern => {
                                PatternPolicy::trained_ref().scores_into(&view, legal, scores);
                                let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                                let inv = 1.0 / self.temperature;
                                let mut total = 0.0f64;
                                let mut mine = 0.0f64;
                                for (a, &sc) in legal.iter().zip(scores.iter()) {
                                    let e = (f64::from(sc - max) * inv).exp();
                                    total += e;
                                    if *a == action {
                                        mine = e;
                                    }
                                }
                                mine / total
                            }
                        };
                        ll[p] += ((1.0 - eps) * prob + eps / n as f64).ln();
                    }
                }
                if g.apply_with_outcome(action).is_err() {
                    ll = [f64::NEG_INFINITY; PLAYERS];
                    break;
                }
            }
            *buf = g.take_history();
        });
        ll
    }
}

/// More worlds asked of [`Belief::sample_worlds`] than [`Belief::MAX_WORLDS`] (refused before
/// any is dealt).
///
/// ```
/// use daifugo::{Belief, Game, Rng, Rules, TooManyWorlds};
/// let g = Game::new(Rules::UECDA, 4);
/// let obs = g.observation(0);
/// let e = Belief::default().sample_worlds(&obs, usize::MAX, 0.25, 1, &mut Rng::seed_from_u64(1));
/// assert_eq!(e.unwrap_err(), TooManyWorlds { asked: usize::MAX, max: Belief::MAX_WORLDS });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyWorlds {
    /// The pool or the number of worlds asked for.
    pub asked: usize,
    /// The most that may be asked for.
    pub max: usize,
}

impl core::fmt::Display for TooManyWorlds {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} worlds asked for: at most {}", self.asked, self.max)
    }
}

impl std::error::Error for TooManyWorlds {}

impl Belief {
    /// The most worlds [`Belief::sample_worlds`] deals (its `pool`, and its `n`).
    pub const MAX_WORLDS: usize = 1 << 20;

    /// `n` worlds drawn as a search with this belief draws them
    /// ([`cards_search::Search::with_likelihood`]): `pool` worlds sampled from `obs`
    /// ([`Observation::determinize`]'s deal), weighed by their likelihood tempered to keep an
    /// effective `min_ess` share of the pool ([`cards_search::tempered_weights`]), then `n`
    /// drawn from the pool by weight (with replacement).
    ///
    /// # Errors
    ///
    /// [`TooManyWorlds`] for a `pool` or `n` past [`Belief::MAX_WORLDS`], before any world is
    /// dealt.
    ///
    /// ```
    /// use daifugo::{Belief, Game, Rng, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let obs = g.observation(0);
    /// let worlds = Belief::default().sample_worlds(&obs, 16, 0.25, 5, &mut Rng::seed_from_u64(1))?;
    /// assert_eq!(worlds.len(), 5);
    /// assert!(worlds.iter().all(|w| w.observation(0) == obs));
    /// # Ok::<(), daifugo::TooManyWorlds>(())
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn sample_worlds(
        &self,
        obs: &Observation<'_>,
        pool: usize,
        min_ess: f64,
        n: usize,
        rng: &mut Rng,
    ) -> Result<Vec<Game>, TooManyWorlds> {
        use cards_core::game::InfoSet as _;
        for asked in [pool, n] {
            if asked > Self::MAX_WORLDS {
                return Err(TooManyWorlds {
                    asked,
                    max: Self::MAX_WORLDS,
                });
            }
        }
        let worlds: Vec<Game> = (0..pool.max(1)).map(|_| obs.sample(rng)).collect();
        let ll: Vec<f64> = worlds
            .iter()
            .map(|w| self.log_likelihood_of(obs, &w.hands()))
            .collect();
        let mut weights = Vec::new();
        let _ = cards_search::tempered_weights(&ll, min_ess, &mut weights);
        let _ = cards_search::cumulate(&mut weights);
        Ok((0..n)
            .filter_map(|_| cards_search::draw_by_weight(&weights, rng).map(|i| worlds[i].clone()))
            .collect())
    }
}

impl Belief {
    /// Each seat's evidence for this belief's model so far: the log of the mean, over `worlds`
    /// deals of the hidden cards sampled from `obs` ([`Observation::determinize`]'s deal), of
    /// the likelihood of the seat's actions ([`Belief::log_likelihood_by_seat`]). Two models'
    /// evidences compared on the same worlds (the same `rng` seed) say which explains a seat's
    /// play better, its hidden hand averaged out. The observer's entry is 0; every entry is 0
    /// for `worlds` 0.
    ///
    /// ```
    /// use daifugo::cards_core::game::{Game as _, Policy, Players};
    /// use daifugo::{Belief, BeliefModel, Game, Rng, Rules};
    /// let mut g = Game::new(Rules::UECDA, 4);
    /// let mut tutorial = Game::policy("tutorial", 0).unwrap();
    /// for _ in 0..20 {
    ///     let p = g.seat_to_act().unwrap();
    ///     let a = tutorial.choose(&g.observation(usize::from(p)), &g.legal_actions());
    ///     g.apply(a).unwrap();
    /// }
    /// let obs = g.observation(0);
    /// let evidence = |model| {
    ///     Belief::new(model, 0.1).evidence_by_seat(&obs, 32, &mut Rng::seed_from_u64(3))
    /// };
    /// let (t, p) = (evidence(BeliefModel::Tutorial), evidence(BeliefModel::Pattern));
    /// assert_eq!((t[0], p[0]), (0.0, 0.0));
    /// assert!(t.iter().zip(&p).all(|(t, p)| t.is_finite() && p.is_finite()));
    /// ```
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn evidence_by_seat(
        &self,
        obs: &Observation<'_>,
        worlds: usize,
        rng: &mut Rng,
    ) -> [f64; PLAYERS] {
        if worlds == 0 {
            return [0.0; PLAYERS];
        }
        let lls: Vec<[f64; PLAYERS]> = (0..worlds)
            .map(|_| self.log_likelihood_by_seat(obs, &obs.deal_unseen(rng)))
            .collect();
        core::array::from_fn(|p| {
            let max = lls.iter().map(|ll| ll[p]).fold(f64::NEG_INFINITY, f64::max);
            if max == f64::NEG_INFINITY {
                return max;
            }
            let sum: f64 = lls.iter().map(|ll| (ll[p] - max).exp()).sum();
            max + (sum / worlds as f64).ln()
        })
    }
}

impl Likelihood<Game> for Belief {
    /// [`Belief::log_likelihood_of`] the world's hands.
    ///
    /// ```
    /// use daifugo::cards_core::Rng;
    /// use daifugo::cards_core::game::InfoSet;
    /// use daifugo::cards_search::Likelihood;
    /// use daifugo::{Belief, Game, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let obs = g.observation(0);
    /// let world = obs.sample(&mut Rng::seed_from_u64(1));
    /// assert_eq!(Belief::default().log_likelihood(&obs, &world), 0.0); // no history yet
    /// ```
    fn log_likelihood(&self, obs: &Observation<'_>, world: &Game) -> f64 {
        self.log_likelihood_of(obs, &world.hands())
    }
}
