//! The search player of Daifugo: [`cards_search`]'s determinized flat Monte-Carlo over
//! [`Game`] (ISMCTS on request), worlds sampled from the player's observation
//! ([`Observation::determinize`](crate::Observation::determinize)) and weighed by how well
//! they explain the others' plays so far ([`SEARCH_BELIEF`]), with the game's rollout policy
//! ([`SearchRollout`]).
//!
//! The weighing is the search's model of the others: for each world it plays, it samples
//! [`SEARCH_BELIEF`] and keeps the first in which [`TutorialPlayer`] holding the world's hands
//! would have made every play and pass the others made (replayed from the start of play; for
//! the poorer partner of the exchange, also the richer one's return as its weakest cards), else
//! the one with the fewest misses ([`InfoSet::misses`](cards_core::game::InfoSet::misses)).
//! [`Search::with_walk`] walks instead from each world to the next by swaps of two hidden cards
//! ([`InfoSet::perturb`](cards_core::game::InfoSet::perturb)): its worlds explain the others
//! better for a sixth of the replays, but it did not play stronger, so `search` does not walk.
//! [`search_player_with_belief`] draws its worlds instead by the likelihood of the others'
//! plays and passes under a model of them ([`Belief`]; [`Search::with_likelihood`]); `search`
//! does not (its measurements are in the crate's README).
//!
//! Time: `search` stops a decision early once one move dominates ([`SEARCH_EARLY_STOP`],
//! [`Search::with_early_stop`]), so a clear decision spends a fraction of its budget and a
//! close one all of it, under a playout budget or a think time alike. A think time
//! (`--think-ms`) bounds each decision: the clock is read before every playout and after every
//! world drawn, so a decision ends within one playout or one world of its time.
//! [`Search::with_carry`] lets the playouts a clear decision left go to later, close ones
//! (a budget over every run of decisions, a game's included, of the playouts' budget each);
//! `search` does not carry.
//!
//! Flat Monte-Carlo is the default because it measured far stronger: against four `tutorial`
//! players at 5,000 playouts it scored 4.38 ± 0.18 mean points (200 games) where ISMCTS
//! scored 3.85 ± 0.26 (its tree's opponent nodes choose by UCB, which models the others as
//! searchers, while the rollouts model them as the tutorial player).
//!
//! The rollout is the search's model of how the others play on. `search`'s
//! ([`SearchRollout::Fitted`]) chooses at each decision, seat by seat, the model that explains
//! the seat's plays and passes so far better ([`SearchRollout::fitted_seats`]): the tutorial
//! player, or the pattern policy's best move; so scripted players are rolled out as scripted
//! and stronger ones as the pattern policy. The searching player itself plays the pattern
//! policy's best move.

use std::sync::Arc;

use cards_core::Rng;
use cards_core::game::{Policy as _, PolicyOptions};
use cards_search::{Algorithm, Rollout, Search};

use crate::game::observation::Observation;
use crate::game::{Action, Game, PLAYERS};
use crate::players::belief::{Belief, BeliefModel};
use crate::players::learned::LearnedPolicy;
use crate::players::pattern::PatternPolicy;
use crate::players::policy::{Random, TutorialPlayer};

/// The playouts a decision of `search` gets when neither playouts nor a think time is asked
/// for (the most: [`SEARCH_EARLY_STOP`] ends a clear decision sooner; its strength and time
/// are measured in the crate's README).
///
/// ```
/// assert_eq!(daifugo::SEARCH_PLAYOUTS, 5_000);
/// ```
pub const SEARCH_PLAYOUTS: u64 = 5_000;

/// The rollout of `search` ([`search_player`]): the pattern policy's best move
/// ([`PatternPolicy`]) for the searching player and for each other seat whose play so far the
/// pattern model explains better than the tutorial one, the tutorial player for the rest
/// ([`SearchRollout::Fitted`]; the seats are chosen again at every decision).
///
/// ```
/// assert_eq!(daifugo::SEARCH_ROLLOUT.name(), "fitted");
/// ```
pub const SEARCH_ROLLOUT: SearchRollout = SearchRollout::Fitted {
    player: 0,
    pattern: 0,
};

/// How many worlds `search` ([`search_player`]) samples for each world it plays, keeping the
/// one whose hands best explain the others' plays and passes so far as the tutorial player's
/// ([`Search::with_belief`], [`InfoSet::misses`](cards_core::game::InfoSet::misses)).
///
/// ```
/// assert_eq!(daifugo::SEARCH_BELIEF, 16);
/// ```
pub const SEARCH_BELIEF: u32 = 16;

/// The early stop of `search` ([`search_player`], [`Search::with_early_stop`]): a decision
/// stops once 20 worlds are played and the best move's mean leads every other's by more than 3
/// standard errors, so a clear decision spends a fraction of the [`SEARCH_PLAYOUTS`] and a close
/// one all of them.
///
/// ```
/// assert_eq!(daifugo::SEARCH_EARLY_STOP, Some((3.0, 20)));
/// ```
pub const SEARCH_EARLY_STOP: Option<(f64, u32)> = Some((3.0, 20));

/// The algorithm of `search` ([`search_player`]): determinized flat Monte-Carlo.
///
/// ```
/// assert_eq!(daifugo::SEARCH_ALGORITHM, daifugo::cards_search::Algorithm::Pimc);
/// ```
pub const SEARCH_ALGORITHM: Algorithm = Algorithm::Pimc;

/// The rollout policies of the Daifugo search.
///
/// ```
/// use daifugo::cards_core::Rng;
/// use daifugo::cards_core::game::Game as _;
/// use daifugo::cards_search::Rollout;
/// use daifugo::{Game, Rules, SearchRollout};
/// let g = Game::new(Rules::UECDA, 1);
/// let legal = g.legal_actions();
/// let a = SearchRollout::Tutorial.choose(&g, &legal, &mut Rng::seed_from_u64(0));
/// assert!(legal.contains(&a));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchRollout {
    /// Uniform over the legal plays and pass (in the exchange, the weakest cards, as
    /// [`Random`] gives).
    Random,
    /// [`TutorialPlayer`] for every player, from its observation of the world.
    #[default]
    Tutorial,
    /// The learned move policy ([`LearnedPolicy::TRAINED`]) for every player, each move drawn
    /// from its softmax (in the exchange, the weakest cards).
    Learned,
    /// The learned move policy's best-scored move ([`LearnedPolicy::best`]) for every player
    /// (in the exchange, the weakest cards).
    LearnedBest,
    /// The learned move policy's best-scored move for the player the search decides for
    /// (`player`, set by the search at each decision through [`Rollout::begin`]), the
    /// tutorial player for the others.
    LearnedSelf {
        /// The searching player.
        player: u8,
    },
    /// The pattern move policy ([`PatternPolicy::trained`]) for every player, each move drawn
    /// from its softmax (in the exchange, the weakest cards).
    Pattern,
    /// The pattern move policy's best-scored move ([`PatternPolicy::best`]) for every player
    /// (in the exchange, the weakest cards).
    PatternBest,
    /// The pattern move policy's best-scored move for the player the search decides for
    /// (`player`, set through [`Rollout::begin`]), the tutorial player for the others:
    /// [`SearchRollout::LearnedSelf`] with the pattern policy in the learned one's place
    /// (`search`'s rollout before [`SearchRollout::Fitted`]).
    PatternSelf {
        /// The searching player.
        player: u8,
    },
    /// The pattern move policy's best-scored move for the searching player (`player`) and for
    /// each other seat in `pattern`, the tutorial player for the rest (and for everyone in the
    /// exchange): each seat's model chosen, at the start of each decision through
    /// [`Rollout::observe`], by the evidence of its play so far
    /// ([`SearchRollout::fitted_seats`]), so that scripted players are rolled out as
    /// scripted and stronger ones as the pattern policy: `search`'s rollout
    /// ([`SEARCH_ROLLOUT`]).
    Fitted {
        /// The searching player.
        player: u8,
        /// The seats played by the pattern policy (bit `1 << seat`), the searching one apart.
        pattern: u8,
    },
}

impl Rollout<Game> for SearchRollout {
    #[inline]
    fn begin(&mut self, player: usize) {
        if let SearchRollout::LearnedSelf { player: me }
        | SearchRollout::PatternSelf { player: me }
        | SearchRollout::Fitted { player: me, .. } = self
        {
            *me = u8::try_from(player).unwrap_or(0);
        }
    }

    fn observe(&mut self, obs: &Observation<'_>) {
        if let SearchRollout::Fitted { pattern, .. } = self {
            *pattern = SearchRollout::fitted_seats(obs);
        }
    }

    #[inline]
    fn choose(&mut self, world: &Game, legal: &[Action], rng: &mut Rng) -> Action {
        let player = world.seat_to_act().map_or(0, usize::from);
        match self {
            SearchRollout::Random => {
                let obs = world.observation(player);
                if obs.exchanging {
                    Random::new(0).choose(&obs, legal)
                } else {
                    legal[rng.below(legal.len() as u64) as usize]
                }
            }
            SearchRollout::Tutorial => TutorialPlayer.choose(&world.observation(player), legal),
            SearchRollout::LearnedSelf { player: me } => {
                let obs = world.observation(player);
                if obs.exchanging || player != usize::from(*me) {
                    TutorialPlayer.choose(&obs, legal)
                } else {
                    LearnedPolicy::TRAINED.best(&obs, legal)
                }
            }
            SearchRollout::PatternSelf { player: me } => {
                let obs = world.observation(player);
                if obs.exchanging || player != usize::from(*me) {
                    TutorialPlayer.choose(&obs, legal)
                } else {
                    PatternPolicy::trained_ref().best(&obs, legal)
                }
            }
            SearchRollout::Fitted {
                player: me,
                pattern,
            } => {
                let obs = world.observation(player);
                let modelled = player == usize::from(*me) || *pattern >> (player % 8) & 1 == 1;
                if obs.exchanging || !modelled {
                    TutorialPlayer.choose(&obs, legal)
                } else {
                    PatternPolicy::trained_ref().best(&obs, legal)
                }
            }
            SearchRollout::Pattern | SearchRollout::PatternBest => {
                let obs = world.observation(player);
                if obs.exchanging {
                    Random::new(0).choose(&obs, legal)
                } else if *self == SearchRollout::Pattern {
                    PatternPolicy::trained_ref().sample(&obs, legal, rng)
                } else {
                    PatternPolicy::trained_ref().best(&obs, legal)
                }
            }
            SearchRollout::Learned | SearchRollout::LearnedBest => {
                let obs = world.observation(player);
                if obs.exchanging {
                    Random::new(0).choose(&obs, legal)
                } else if *self == SearchRollout::Learned {
                    LearnedPolicy::TRAINED.sample(&obs, legal, rng)
                } else {
                    LearnedPolicy::TRAINED.best(&obs, legal)
                }
            }
        }
    }
}

impl core::str::FromStr for SearchRollout {
    type Err = cards_core::game::UnknownPolicy;

    /// A rollout by name: `random`, `tutorial`, `learned`, `learned-best`, `learned-self` (its
    /// player 0 until a decision sets it), `pattern`, `pattern-best`, `pattern-self`, `fitted`
    /// (every other seat tutorial until a decision fits them).
    ///
    /// ```
    /// use daifugo::SearchRollout;
    /// assert_eq!("tutorial".parse::<SearchRollout>().unwrap(), SearchRollout::Tutorial);
    /// assert!("clever".parse::<SearchRollout>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<SearchRollout, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(SearchRollout::Random),
            "tutorial" => Ok(SearchRollout::Tutorial),
            "learned" => Ok(SearchRollout::Learned),
            "learned-best" => Ok(SearchRollout::LearnedBest),
            "learned-self" => Ok(SearchRollout::LearnedSelf { player: 0 }),
            "pattern" => Ok(SearchRollout::Pattern),
            "pattern-best" => Ok(SearchRollout::PatternBest),
            "pattern-self" => Ok(SearchRollout::PatternSelf { player: 0 }),
            "fitted" => Ok(SearchRollout::Fitted {
                player: 0,
                pattern: 0,
            }),
            _ => Err(cards_core::game::UnknownPolicy::new(
                s,
                SearchRollout::NAMES,
            )),
        }
    }
}

impl SearchRollout {
    /// The rollouts' names, as [`str::parse`] reads them.
    ///
    /// ```
    /// assert!(daifugo::SearchRollout::NAMES.contains(&"tutorial"));
    /// ```
    pub const NAMES: &'static [&'static str] = &[
        "random",
        "tutorial",
        "learned",
        "learned-best",
        "learned-self",
        "pattern",
        "pattern-best",
        "pattern-self",
        "fitted",
    ];

    /// This rollout's name (one of [`SearchRollout::NAMES`], which [`str::parse`] reads back).
    ///
    /// ```
    /// use daifugo::SearchRollout;
    /// use SearchRollout::{Fitted, Learned, LearnedBest, LearnedSelf, Pattern, PatternBest, PatternSelf, Random, Tutorial};
    /// for r in [Random, Tutorial, Learned, LearnedBest, LearnedSelf { player: 0 }, Pattern,
    ///     PatternBest, PatternSelf { player: 0 }, Fitted { player: 0, pattern: 0 }]
    /// {
    ///     assert_eq!(r.name().parse::<SearchRollout>(), Ok(r));
    /// }
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SearchRollout::Random => "random",
            SearchRollout::Tutorial => "tutorial",
            SearchRollout::Learned => "learned",
            SearchRollout::LearnedBest => "learned-best",
            SearchRollout::LearnedSelf { .. } => "learned-self",
            SearchRollout::Pattern => "pattern",
            SearchRollout::PatternBest => "pattern-best",
            SearchRollout::PatternSelf { .. } => "pattern-self",
            SearchRollout::Fitted { .. } => "fitted",
        }
    }

    /// The worlds [`SearchRollout::fitted_seats`] averages each seat's likelihood over.
    ///
    /// ```
    /// assert_eq!(daifugo::SearchRollout::FIT_WORLDS, 32);
    /// ```
    pub const FIT_WORLDS: usize = 32;

    /// The share of an action's probability both models of [`SearchRollout::fitted_seats`]
    /// spread evenly over the legal actions ([`Belief::epsilon`]).
    ///
    /// ```
    /// assert_eq!(daifugo::SearchRollout::FIT_EPSILON, 0.1);
    /// ```
    pub const FIT_EPSILON: f64 = 0.1;

    /// How much larger (in log-likelihood) a seat's evidence for the pattern model must be
    /// than for the tutorial one for [`SearchRollout::fitted_seats`] to choose it.
    ///
    /// ```
    /// assert_eq!(daifugo::SearchRollout::FIT_MARGIN, 0.0);
    /// ```
    pub const FIT_MARGIN: f64 = 0.0;

    /// Each seat's evidence for the pattern model less its evidence for the tutorial one
    /// ([`Belief::evidence_by_seat`], [`SearchRollout::FIT_WORLDS`] worlds drawn from `seed`,
    /// the same for both models, epsilon [`SearchRollout::FIT_EPSILON`]): what
    /// [`SearchRollout::fitted_seats`] compares with [`SearchRollout::FIT_MARGIN`]. The
    /// observer's entry is 0.
    ///
    /// ```
    /// use daifugo::{Game, Rules, SearchRollout};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let lead = SearchRollout::fit_evidence(&g.observation(0), 1);
    /// assert_eq!(lead, [0.0; 5]); // no one has played yet
    /// ```
    #[must_use]
    pub fn fit_evidence(obs: &Observation<'_>, seed: u64) -> [f64; PLAYERS] {
        let evidence = |model| {
            Belief::new(model, SearchRollout::FIT_EPSILON).evidence_by_seat(
                obs,
                SearchRollout::FIT_WORLDS,
                &mut Rng::seed_from_u64(seed),
            )
        };
        let tutorial = evidence(BeliefModel::Tutorial);
        let pattern = evidence(BeliefModel::Pattern);
        core::array::from_fn(|p| pattern[p] - tutorial[p])
    }

    /// The other seats whose play so far the pattern model explains better than the tutorial
    /// one (bit `1 << seat`), as [`SearchRollout::Fitted`] reads them: for each seat, its
    /// evidence under each model ([`Belief::evidence_by_seat`], [`SearchRollout::FIT_WORLDS`]
    /// worlds sampled from `obs`, the same for both, epsilon [`SearchRollout::FIT_EPSILON`]),
    /// the pattern model's by more than [`SearchRollout::FIT_MARGIN`]. The worlds are drawn
    /// from a seed made of `obs`, so that the answer is a function of `obs`. No seat before
    /// any play.
    ///
    /// ```
    /// use daifugo::{Game, Rules, SearchRollout};
    /// let g = Game::new(Rules::UECDA, 4);
    /// assert_eq!(SearchRollout::fitted_seats(&g.observation(0)), 0);
    /// ```
    #[must_use]
    pub fn fitted_seats(obs: &Observation<'_>) -> u8 {
        if obs.history.is_empty() {
            return 0;
        }
        let seed = obs.hand.bits()
            ^ (obs.history.len() as u64).rotate_left(48)
            ^ u64::from(obs.player).rotate_left(56);
        let lead = SearchRollout::fit_evidence(obs, seed);
        let mut seats = 0;
        for (p, lead) in lead.iter().enumerate() {
            if p != usize::from(obs.player) && *lead > SearchRollout::FIT_MARGIN {
                seats |= 1 << p;
            }
        }
        seats
    }
}

/// The Daifugo search player, `search` in [`Players`](cards_core::game::Players).
pub type SearchPlayer = Search<Game, SearchRollout>;

/// The `search` player built with `options` (seed, playouts, think time, threads;
/// [`SEARCH_PLAYOUTS`] playouts when it asks for neither): [`SEARCH_ALGORITHM`] with
/// [`SEARCH_ROLLOUT`] (`with_rollout` and `with_algorithm` change them).
///
/// **Build optimised.** `search` plays thousands of games a decision; without optimisation it
/// is about 9 times slower (measured on Dou Dizhu: 64 s against 7 s for the same games). Use
/// `--release`, or keep your own code in the debug profile and optimise the dependencies in
/// your project's `Cargo.toml`:
///
/// ```toml
/// [profile.dev.package."*"]
/// opt-level = 3
/// ```
///
/// ```
/// use daifugo::cards_core::game::{Game as _, Policy, PolicyOptions};
/// use daifugo::{Game, Rules, search_player};
/// let g = Game::new(Rules::UECDA, 4);
/// let mut s = search_player(&PolicyOptions::new(1).with_playouts(50));
/// let legal = g.legal_actions();
/// let a = s.choose(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
/// assert!(legal.contains(&a));
/// ```
#[must_use]
pub fn search_player(options: &PolicyOptions) -> SearchPlayer {
    Search::new(options.seed)
        .with_rollout(SEARCH_ROLLOUT)
        .with_algorithm(SEARCH_ALGORITHM)
        .with_belief(SEARCH_BELIEF)
        .with_early_stop(SEARCH_EARLY_STOP)
        .with_options(options, SEARCH_PLAYOUTS)
}

/// The `search` player as it was before the work on a stronger search, kept under the name
/// `search-v3` in [`Players`](cards_core::game::Players) so that head-to-head matches against it
/// can be rerun: [`Algorithm::Pimc`], [`SearchRollout::LearnedSelf`], 16 worlds weighed by the
/// tutorial model ([`Search::with_belief`]), 5,000 playouts when `options` set neither playouts
/// nor a think time. Its settings are written out here, not read from the `SEARCH_*`
/// constants, so that it stays the same player when `search` changes.
///
/// ```
/// use daifugo::cards_core::game::{Game as _, Policy, PolicyOptions};
/// use daifugo::{Game, Rules, search_v3_player};
/// let g = Game::new(Rules::UECDA, 4);
/// let mut s = search_v3_player(&PolicyOptions::new(1).with_playouts(50));
/// let legal = g.legal_actions();
/// let a = s.choose(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
/// assert!(legal.contains(&a));
/// ```
#[must_use]
pub fn search_v3_player(options: &PolicyOptions) -> SearchPlayer {
    Search::new(options.seed)
        .with_rollout(SearchRollout::LearnedSelf { player: 0 })
        .with_algorithm(Algorithm::Pimc)
        .with_belief(16)
        .with_early_stop(None)
        .with_options(options, 5_000)
}

/// The worlds a decision of [`search_player_with_belief`] draws from by default: sampled,
/// then weighed by the likelihood of the others' plays and passes.
///
/// ```
/// assert_eq!(daifugo::BELIEF_POOL, 256);
/// ```
pub const BELIEF_POOL: u32 = 256;

/// The effective share of the pool [`search_player_with_belief`] keeps by default when it
/// tempers the worlds' likelihoods ([`cards_search::tempered_weights`]).
///
/// ```
/// assert_eq!(daifugo::BELIEF_MIN_ESS, 0.1);
/// ```
pub const BELIEF_MIN_ESS: f64 = 0.1;

/// [`search_player`] drawing its worlds by `belief` ([`Search::with_likelihood`]): each
/// decision samples `pool` worlds, weighs each by how likely `belief`'s model of the others
/// makes their plays and passes so far (the exchange's return included where the observer
/// saw it), tempered to keep an effective `min_ess` share of the pool, and plays in worlds
/// drawn by weight (in place of the weighing by the tutorial model's misses).
///
/// ```
/// use daifugo::cards_core::game::{Game as _, Policy, PolicyOptions};
/// use daifugo::{Belief, Game, Rules, search_player_with_belief};
/// let g = Game::new(Rules::UECDA, 4);
/// let mut s = search_player_with_belief(&PolicyOptions::new(1).with_playouts(50), Belief::default(), 16, 0.1);
/// let legal = g.legal_actions();
/// let a = s.choose(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
/// assert!(legal.contains(&a));
/// ```
#[must_use]
pub fn search_player_with_belief(
    options: &PolicyOptions,
    belief: Belief,
    pool: u32,
    min_ess: f64,
) -> SearchPlayer {
    search_player(options).with_likelihood(pool, min_ess, Arc::new(belief))
}
