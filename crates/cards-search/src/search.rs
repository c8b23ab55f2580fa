//! The search player: information-set MCTS or determinized flat Monte-Carlo over any
//! [`Game`], with a budget, root-parallel threads and buffers reused across playouts.

use core::fmt;
use std::sync::Arc;
use std::time::Duration;

use cards_core::Rng;
use cards_core::game::{Game, InfoSet, Policy, PolicyOptions};

use crate::belief::{Likelihood, cumulate, draw_by_weight, tempered_weights};
use crate::budget::{Budget, Clock, DEFAULT_PLAYOUTS, MonotonicClock};
use crate::index::Index;
use crate::rollout::{Evaluator, RandomRollout, Returns, Rollout};

/// Which search a [`Search`] runs.
///
/// ```
/// use cards_search::Algorithm;
/// assert_eq!(Algorithm::default(), Algorithm::Ismcts);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Single-observer information-set MCTS (Cowling, Powley and Whitehouse, "Information Set
    /// Monte Carlo Tree Search", IEEE TCIAIG 2012): one tree over the actions seen from the
    /// root, a new world sampled from the observation each playout, UCB1 over availability
    /// counts; the most visited root action is chosen.
    #[default]
    Ismcts,
    /// Determinized flat Monte-Carlo (perfect-information Monte-Carlo): for each sampled world,
    /// one rollout after each legal root action; the action with the best mean return of the
    /// acting player is chosen.
    Pimc,
}

/// What a decision found for one root action: how many playouts went through it and the sum
/// of the acting player's values over them.
///
/// ```
/// let s = cards_search::ActionStats { action: 3u8, visits: 4, total: 2.0 };
/// assert_eq!(s.mean(), 0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionStats<A> {
    /// The root action.
    pub action: A,
    /// Playouts through it.
    pub visits: u64,
    /// The acting player's values summed over those playouts.
    pub total: f64,
}

impl<A> ActionStats<A> {
    /// The mean value (0.0 when never visited).
    ///
    /// ```
    /// assert_eq!(cards_search::ActionStats { action: (), visits: 0, total: 0.0 }.mean(), 0.0);
    /// ```
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }
}

/// The default UCB1 exploration constant, on values scaled to `[0, 1]` by the range seen.
pub const DEFAULT_EXPLORATION: f64 = 0.7;

/// The default bound on a tree's nodes per thread (a playout past it adds no node).
pub const DEFAULT_MAX_NODES: usize = 200_000;

/// A search player for game `G`: given a player's observation it samples worlds from that
/// observation only ([`InfoSet::sample_into`]), never from the true state, and plays
/// playouts in them with the rollout `R`, scored by the evaluator `E`.
///
/// - **Algorithms**: [`Algorithm::Ismcts`] (the default) or [`Algorithm::Pimc`], whose
///   playouts are shared evenly or by sequential halving ([`Search::with_halving`]).
/// - **Weighed worlds** ([`Search::with_belief`]): of several worlds sampled, the one that best
///   explains the others' past actions ([`InfoSet::misses`]); or ([`Search::with_likelihood`])
///   worlds drawn from a pool in proportion to how likely a model of the players makes those
///   actions ([`Likelihood`]).
/// - **Budget** per decision ([`Budget`]): playouts and/or time, whichever runs out first, the
///   time read from an injectable [`Clock`].
/// - **Deterministic**: for a seed, a playout budget and a thread count, the same calls give
///   the same choices. Each decision draws its threads' seeds from the search's own stream.
/// - **Threads** (root-parallel): each thread searches its own tree with its own seeded
///   stream and share of the playouts, in `std::thread::scope`; the root statistics are summed.
/// - **No allocation per playout** once warm: the worlds, legal-action lists and the tree are
///   buffers kept across playouts and decisions.
/// - A decision with one legal action returns it without searching.
///
/// It implements [`Policy`], so it plays wherever a built-in player does:
///
/// ```
/// use cards_core::game::{Game, Random, play_out, testing_toy::Toy};
/// use cards_search::{Budget, Search};
/// let mut g = Toy::new(3);
/// let search = Search::new(1).with_budget(Budget::playouts(200));
/// let mut players: Vec<Box<dyn cards_core::game::Policy<Toy>>> =
///     vec![Box::new(search), Box::new(Random::new(2))];
/// play_out(&mut g, &mut players).unwrap();
/// assert!(g.is_over());
/// ```
pub struct Search<G: Game, R = RandomRollout, E = Returns> {
    settings: Settings<G>,
    /// The playouts earlier decisions left unspent, for [`Search::with_carry`].
    bank: u64,
    rng: Rng,
    rollout: R,
    evaluator: E,
    template: Option<G>,
    workers: Vec<Worker<G, R, E>>,
    index: Index,
    stats: Vec<ActionStats<G::Action>>,
    finals: Vec<u32>,
    playouts: u64,
    /// The threads the last decision ran (fewer than `threads` when its time ran out first).
    ran: usize,
}

/// What a [`Search`] is set to, apart from its rollout and evaluator (whose types it carries)
/// and its stream: kept whole when [`Search::with_rollout`] or [`Search::with_evaluator`]
/// changes one of those.
struct Settings<G: Game> {
    algorithm: Algorithm,
    halving: bool,
    belief: u32,
    walk: u32,
    weighing: Option<Weighing<G>>,
    early_stop: Option<(f64, u32)>,
    carry: Option<u64>,
    budget: Budget,
    threads: usize,
    exploration: f64,
    max_nodes: usize,
    clock: Arc<dyn Clock>,
}

impl<G: Game, R: fmt::Debug, E: fmt::Debug> fmt::Debug for Search<G, R, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("algorithm", &self.settings.algorithm)
            .field("halving", &self.settings.halving)
            .field("belief", &self.settings.belief)
            .field("walk", &self.settings.walk)
            .field(
                "likelihood_pool",
                &self.settings.weighing.as_ref().map(|w| (w.pool, w.min_ess)),
            )
            .field("early_stop", &self.settings.early_stop)
            .field("carry", &self.settings.carry)
            .field("bank", &self.bank)
            .field("budget", &self.settings.budget)
            .field("threads", &self.settings.threads)
            .field("exploration", &self.settings.exploration)
            .field("max_nodes", &self.settings.max_nodes)
            .field("rollout", &self.rollout)
            .field("evaluator", &self.evaluator)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Search<G> {
    /// An ISMCTS player seeded with `seed`: random rollouts to the end, [`DEFAULT_PLAYOUTS`]
    /// playouts a decision, one thread.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// let s = cards_search::Search::<Toy>::new(7);
    /// assert_eq!(s.budget(), cards_search::Budget::default());
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Search<G> {
        let settings = Settings {
            algorithm: Algorithm::Ismcts,
            halving: false,
            belief: 1,
            walk: 0,
            weighing: None,
            early_stop: None,
            carry: None,
            budget: Budget::playouts(DEFAULT_PLAYOUTS),
            threads: 1,
            exploration: DEFAULT_EXPLORATION,
            max_nodes: DEFAULT_MAX_NODES,
            clock: Arc::new(MonotonicClock::new()),
        };
        Search::rebuild(settings, Rng::seed_from_u64(seed), RandomRollout, Returns)
    }
}

impl<G: Game, R, E> Search<G, R, E> {
    /// This search with `options`' seed, budget (`default_playouts` when it sets neither
    /// playouts nor time) and threads: how a game's `Players::policy_with` builds its
    /// `search`.
    ///
    /// ```
    /// use cards_core::game::{PolicyOptions, testing_toy::Toy};
    /// use cards_search::{Budget, Search};
    /// let s = Search::<Toy>::new(0).with_options(&PolicyOptions::new(3).with_threads(2), 500);
    /// assert_eq!((s.budget(), s.threads()), (Budget::playouts(500), 2));
    /// ```
    #[must_use]
    pub fn with_options(self, options: &PolicyOptions, default_playouts: u64) -> Search<G, R, E> {
        self.with_seed(options.seed)
            .with_budget(Budget::from_options(options, default_playouts))
            .with_threads(options.threads.unwrap_or(1))
    }

    /// This search with its stream reseeded.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// let _ = cards_search::Search::<Toy>::new(0).with_seed(9);
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Search<G, R, E> {
        self.rng = Rng::seed_from_u64(seed);
        self
    }

    /// This search running `algorithm`.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// use cards_search::{Algorithm, Search};
    /// let s = Search::<Toy>::new(0).with_algorithm(Algorithm::Pimc);
    /// assert_eq!(s.algorithm(), Algorithm::Pimc);
    /// ```
    #[must_use]
    pub fn with_algorithm(mut self, algorithm: Algorithm) -> Search<G, R, E> {
        self.settings.algorithm = algorithm;
        self
    }

    /// This search with flat Monte-Carlo's playouts shared by sequential halving (`true`) or
    /// evenly over the legal actions (`false`, the default); ISMCTS does not use it.
    ///
    /// Sequential halving (Karnin, Koren and Somekh, "Almost Optimal Exploration in
    /// Multi-Armed Bandits", ICML 2013) splits the budget into `ceil(log2 k)` rounds for `k`
    /// legal actions; each round plays every remaining action in the same sampled worlds, an
    /// equal share of the round's playouts each, then keeps the better half by mean value, so
    /// the actions that stay close get most of the playouts. It needs a playout budget: under a
    /// think time alone the playouts are shared evenly. The action chosen is the best by mean
    /// among those that lasted longest.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// use cards_search::{Algorithm, Search};
    /// let s = Search::<Toy>::new(0).with_algorithm(Algorithm::Pimc).with_halving(true);
    /// assert!(s.halving());
    /// ```
    #[must_use]
    pub fn with_halving(mut self, halving: bool) -> Search<G, R, E> {
        self.settings.halving = halving;
        self
    }

    /// This search weighing its worlds: of `tries` worlds sampled from the observation it
    /// plays in the first that explains every past action of the others, else the one that
    /// explains the most ([`InfoSet::misses`], the game's model of a player). 1, the
    /// default, plays in every world sampled (0 is read as 1). A game whose `misses` is the
    /// default 0 gains nothing from it.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).with_belief(8).belief(), 8);
    /// ```
    #[must_use]
    pub fn with_belief(mut self, tries: u32) -> Search<G, R, E> {
        self.settings.belief = tries.max(1);
        self
    }

    /// This search walking from world to world when it weighs them
    /// ([`Search::with_belief`]): the first world of a decision is the best of the `tries`
    /// sampled; each next one is the last, changed by up to `moves` of the game's moves
    /// ([`InfoSet::perturb`]: two hidden cards swapped), each kept unless it explains fewer
    /// of the others' past actions ([`InfoSet::misses`]). A walk keeps finding worlds that
    /// explain what the others did for a move or two each, where fresh samples may need many
    /// tries each. 0, the default, samples every world afresh; so does a game without moves.
    /// Flat Monte-Carlo only (its worlds stay as sampled): ISMCTS samples every world afresh.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// use cards_search::{Algorithm, Search};
    /// let s = Search::<Toy>::new(0).with_algorithm(Algorithm::Pimc).with_belief(16).with_walk(4);
    /// assert_eq!(s.walk(), 4);
    /// ```
    #[must_use]
    pub fn with_walk(mut self, moves: u32) -> Search<G, R, E> {
        self.settings.walk = moves;
        self
    }

    /// This search drawing its worlds by likelihood: at each decision (in each thread) it
    /// samples `pool` worlds from the observation, scores each by `model`
    /// ([`Likelihood::log_likelihood`]: how likely the others' past actions are with the hands
    /// it gives them) and plays in worlds drawn from the pool with probability proportional to
    /// the tempered likelihood ([`tempered_weights`], `min_ess` the effective share of the
    /// pool to keep). It takes the place of [`Search::with_belief`]'s weighing and
    /// [`Search::with_walk`]'s walk. Under a think time the pool stops growing when the time
    /// is up (at one world at least). `pool` 0 turns it off (the default).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use cards_core::game::{Game, testing_toy::Toy};
    /// use cards_search::{Algorithm, Budget, Likelihood, Search};
    /// struct Flat;
    /// impl Likelihood<Toy> for Flat {
    ///     fn log_likelihood(&self, _: &<Toy as Game>::Observation<'_>, _: &Toy) -> f64 {
    ///         0.0
    ///     }
    /// }
    /// let g = Toy::new(8);
    /// let mut s = Search::<Toy>::new(2)
    ///     .with_algorithm(Algorithm::Pimc)
    ///     .with_likelihood(32, 0.25, Arc::new(Flat))
    ///     .with_budget(Budget::playouts(300));
    /// assert_eq!(s.likelihood_pool(), 32);
    /// assert!(g.legal_actions().contains(&s.decide(&g.observation(0), &g.legal_actions())));
    /// ```
    #[must_use]
    pub fn with_likelihood(
        mut self,
        pool: u32,
        min_ess: f64,
        model: Arc<dyn Likelihood<G>>,
    ) -> Search<G, R, E> {
        self.settings.weighing = (pool > 0).then_some(Weighing {
            model,
            pool,
            min_ess,
        });
        self
    }

    /// This search stopping a decision early when one action dominates (flat Monte-Carlo with
    /// even shares only): after each world, once `min_worlds` worlds are played, it stops when
    /// the best action's mean value leads every other's by more than `z` standard errors of
    /// the difference (each thread on its own playouts). A decision then spends fewer
    /// playouts than its budget where the choice is clear, the whole budget where it is close.
    /// `None` (the default) plays the whole budget.
    ///
    /// ```
    /// use cards_core::game::{Game, testing_toy::Toy};
    /// use cards_search::{Algorithm, Budget, Search};
    /// let s = Search::<Toy>::new(0).with_algorithm(Algorithm::Pimc).with_early_stop(Some((3.0, 20)));
    /// assert_eq!(s.early_stop(), Some((3.0, 20)));
    /// ```
    #[must_use]
    pub fn with_early_stop(mut self, stop: Option<(f64, u32)>) -> Search<G, R, E> {
        self.settings.early_stop = stop;
        self
    }

    /// The early stop ([`Search::with_early_stop`]): `(z, min_worlds)`, or `None`.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).early_stop(), None);
    /// ```
    #[must_use]
    pub const fn early_stop(&self) -> Option<(f64, u32)> {
        self.settings.early_stop
    }

    /// This search carrying the playouts a decision leaves unspent (by
    /// [`Search::with_early_stop`]) to the decisions after it: a decision may spend up to
    /// `extra` playouts more than its budget's, drawn from those earlier decisions left. The
    /// search cannot tell where a game starts, so the bank is a budget over every run of
    /// decisions from the first: `n` decisions searched spend at most `n` times the budget's
    /// playouts together (decisions with one legal action neither spend nor bank). A time
    /// budget stays a bound on each decision: the carry adds playouts only, and a budget in
    /// time alone carries nothing. `None` (the default) carries nothing.
    ///
    /// ```
    /// use cards_core::game::{Game, testing_toy::Toy};
    /// use cards_search::{Algorithm, Budget, Search};
    /// let g = Toy::new(8);
    /// let mut s = Search::<Toy>::new(0)
    ///     .with_algorithm(Algorithm::Pimc)
    ///     .with_early_stop(Some((2.0, 4)))
    ///     .with_carry(Some(1_000))
    ///     .with_budget(Budget::playouts(400));
    /// assert_eq!(s.carry(), Some(1_000));
    /// s.decide(&g.observation(0), &g.legal_actions());
    /// assert_eq!(s.banked(), 400 - s.playouts());
    /// ```
    #[must_use]
    pub fn with_carry(mut self, extra: Option<u64>) -> Search<G, R, E> {
        self.settings.carry = extra;
        self
    }

    /// The most playouts a decision may draw on top of its budget ([`Search::with_carry`]), or
    /// `None`.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).carry(), None);
    /// ```
    #[must_use]
    pub const fn carry(&self) -> Option<u64> {
        self.settings.carry
    }

    /// The playouts earlier decisions left unspent, which the next may draw on
    /// ([`Search::with_carry`]; 0 without a carry).
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).banked(), 0);
    /// ```
    #[must_use]
    pub const fn banked(&self) -> u64 {
        self.bank
    }

    /// The worlds a decision draws from by likelihood ([`Search::with_likelihood`]; 0: off).
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).likelihood_pool(), 0);
    /// ```
    #[must_use]
    pub fn likelihood_pool(&self) -> u32 {
        self.settings.weighing.as_ref().map_or(0, |w| w.pool)
    }

    /// This search with `budget` per decision.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// use cards_search::{Budget, Search};
    /// let s = Search::<Toy>::new(0).with_budget(Budget::playouts(50));
    /// assert_eq!(s.budget(), Budget::playouts(50));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Search<G, R, E> {
        self.settings.budget = budget;
        self
    }

    /// This search on `threads` threads (0 is read as 1).
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).with_threads(0).threads(), 1);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Search<G, R, E> {
        self.settings.threads = threads.max(1);
        self
    }

    /// This search with UCB1's exploration constant `c` (on values scaled to `[0, 1]` by the
    /// range the decision has seen; [`DEFAULT_EXPLORATION`] by default). Flat Monte-Carlo
    /// does not use it.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// let _ = cards_search::Search::<Toy>::new(0).with_exploration(1.0);
    /// ```
    #[must_use]
    pub fn with_exploration(mut self, c: f64) -> Search<G, R, E> {
        self.settings.exploration = c;
        self
    }

    /// This search with at most `nodes` tree nodes per thread ([`DEFAULT_MAX_NODES`] by
    /// default; at least 1), which bounds its memory under a time budget.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// let _ = cards_search::Search::<Toy>::new(0).with_max_nodes(10_000);
    /// ```
    #[must_use]
    pub fn with_max_nodes(mut self, nodes: usize) -> Search<G, R, E> {
        self.settings.max_nodes = nodes.clamp(1, u32::MAX as usize);
        self
    }

    /// This search reading time from `clock` (a [`MonotonicClock`] by default).
    ///
    /// ```
    /// use std::{sync::Arc, time::Duration};
    /// use cards_core::game::testing_toy::Toy;
    /// use cards_search::{Search, StepClock};
    /// let _ = Search::<Toy>::new(0).with_clock(Arc::new(StepClock::new(Duration::from_millis(1))));
    /// ```
    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Search<G, R, E> {
        self.settings.clock = clock;
        self
    }

    /// This search with rollout policy `rollout`.
    ///
    /// ```
    /// use cards_core::game::{Random, testing_toy::Toy};
    /// use cards_search::{PolicyRollout, Search};
    /// let _ = Search::<Toy>::new(0).with_rollout(PolicyRollout(Random::new(1)));
    /// ```
    #[must_use]
    pub fn with_rollout<R2>(self, rollout: R2) -> Search<G, R2, E> {
        Search::rebuild(self.settings, self.rng, rollout, self.evaluator)
    }

    /// This search with leaf evaluator `evaluator`.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// use cards_search::{Cutoff, Search};
    /// let _ = Search::<Toy>::new(0).with_evaluator(Cutoff::new(6, |_: &Toy, v: &mut [f64]| v.fill(0.0)));
    /// ```
    #[must_use]
    pub fn with_evaluator<E2>(self, evaluator: E2) -> Search<G, R, E2> {
        Search::rebuild(self.settings, self.rng, self.rollout, evaluator)
    }

    /// A search with these settings and fresh buffers (no playouts banked).
    fn rebuild(settings: Settings<G>, rng: Rng, rollout: R, evaluator: E) -> Search<G, R, E> {
        Search {
            settings,
            bank: 0,
            rng,
            rollout,
            evaluator,
            template: None,
            workers: Vec::new(),
            index: Index::default(),
            stats: Vec::new(),
            finals: Vec::new(),
            playouts: 0,
            ran: 0,
        }
    }

    /// The algorithm.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).algorithm(), cards_search::Algorithm::Ismcts);
    /// ```
    #[must_use]
    pub const fn algorithm(&self) -> Algorithm {
        self.settings.algorithm
    }

    /// Whether flat Monte-Carlo shares its playouts by sequential halving
    /// ([`Search::with_halving`]).
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert!(!cards_search::Search::<Toy>::new(0).halving());
    /// ```
    #[must_use]
    pub const fn halving(&self) -> bool {
        self.settings.halving
    }

    /// How many sampled worlds each world played is chosen from ([`Search::with_belief`]).
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).belief(), 1);
    /// ```
    #[must_use]
    pub const fn belief(&self) -> u32 {
        self.settings.belief
    }

    /// The moves a world may take from the last one when flat Monte-Carlo walks its worlds
    /// ([`Search::with_walk`]; 0: every world sampled afresh).
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).walk(), 0);
    /// ```
    #[must_use]
    pub const fn walk(&self) -> u32 {
        self.settings.walk
    }

    /// The budget per decision.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).budget().max_think(), None);
    /// ```
    #[must_use]
    pub const fn budget(&self) -> Budget {
        self.settings.budget
    }

    /// The thread count.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).threads(), 1);
    /// ```
    #[must_use]
    pub const fn threads(&self) -> usize {
        self.settings.threads
    }

    /// The threads the last decision ran: [`Search::threads`], or fewer when its time budget
    /// ran out before they were all started (0 before the first decision, or when it had one
    /// legal action).
    ///
    /// ```
    /// use cards_core::game::{Game, testing_toy::Toy};
    /// use cards_search::{Budget, Search};
    /// let g = Toy::new(4);
    /// let mut s = Search::<Toy>::new(1).with_budget(Budget::playouts(40)).with_threads(2);
    /// assert_eq!(s.threads_run(), 0);
    /// s.decide(&g.observation(0), &g.legal_actions());
    /// assert_eq!(s.threads_run(), 2);
    /// ```
    #[must_use]
    pub const fn threads_run(&self) -> usize {
        self.ran
    }

    /// The playouts the last decision ran (summed over threads; 0 when it had one legal
    /// action).
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(cards_search::Search::<Toy>::new(0).playouts(), 0);
    /// ```
    #[must_use]
    pub const fn playouts(&self) -> u64 {
        self.playouts
    }

    /// The last decision's statistics, one entry per legal action in the order given (summed
    /// over threads).
    ///
    /// ```
    /// use cards_core::game::{Game, Policy, testing_toy::Toy};
    /// use cards_search::{Budget, Search};
    /// let g = Toy::new(4);
    /// let legal = g.legal_actions();
    /// let mut s = Search::<Toy>::new(1).with_budget(Budget::playouts(100));
    /// let a = s.choose(&g.observation(0), &legal);
    /// assert_eq!(s.stats().len(), legal.len());
    /// assert_eq!(s.stats().iter().map(|x| x.visits).sum::<u64>(), 100);
    /// assert!(legal.contains(&a));
    /// ```
    #[must_use]
    pub fn stats(&self) -> &[ActionStats<G::Action>] {
        &self.stats
    }
}

impl<G, R, E> Search<G, R, E>
where
    G: Game + Send,
    G::Action: Send + Sync,
    R: Rollout<G>,
    E: Evaluator<G>,
{
    /// Searches from `obs` (the acting player's observation) and returns one of `legal` (its
    /// legal actions, never empty), as [`Policy::choose`] does.
    ///
    /// ```
    /// use cards_core::game::{Game, testing_toy::Toy};
    /// use cards_search::{Budget, Search};
    /// let g = Toy::new(8);
    /// let legal = g.legal_actions();
    /// let mut s = Search::<Toy>::new(2).with_budget(Budget::playouts(300));
    /// assert!(legal.contains(&s.decide(&g.observation(0), &legal)));
    /// assert_eq!(s.playouts(), 300);
    /// ```
    ///
    /// # Panics
    ///
    /// Panics if `legal` is empty, or if a thread of the search panics (a game's rollout or
    /// evaluator panicking).
    pub fn decide(&mut self, obs: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        self.stats.clear();
        self.playouts = 0;
        self.ran = 0;
        if legal.len() == 1 {
            return legal[0];
        }
        let start = self.settings.clock.now();
        let deadline = self.settings.budget.max_think().map(|t| start + t);
        let player = obs.player();
        // Each thread samples its worlds from the observation of a world sampled here (equal
        // to `obs` by the `InfoSet` contract), so a thread needs only its own `G`.
        let template = match &mut self.template {
            Some(t) => {
                obs.sample_into(&mut self.rng, t);
                &*t
            }
            slot @ None => &*slot.insert(obs.sample(&mut self.rng)),
        };
        let threads = self.settings.threads;
        let clock = &*self.settings.clock;
        // The time budget covers the whole decision: a worker is made, and a thread started,
        // only while time is left (the first always), so that many threads on a short budget
        // cost the threads that fit in it, not the time to start them all.
        let out_of_time = || deadline.is_some_and(|d| clock.now() >= d);
        while self.workers.len() < threads && (self.workers.is_empty() || !out_of_time()) {
            self.workers.push(Worker::new(
                template.clone(),
                self.rollout.clone(),
                self.evaluator.clone(),
            ));
        }
        let threads = threads.min(self.workers.len());
        let budget = self.settings.budget.max_playouts();
        let drawn = match (self.settings.carry, budget) {
            (Some(extra), Some(_)) => extra.min(self.bank),
            _ => 0,
        };
        let max = budget.map_or(u64::MAX, |b| b.saturating_add(drawn));
        let (share, extra) = (max / threads as u64, max % threads as u64);
        let job = |t: usize, seed: u64| Job {
            player,
            legal,
            playouts: if max == u64::MAX {
                max
            } else {
                share + u64::from((t as u64) < extra)
            },
            deadline,
            clock,
            algorithm: self.settings.algorithm,
            halving: self.settings.halving,
            belief: self.settings.belief,
            walk: self.settings.walk,
            weighing: self
                .settings
                .weighing
                .as_ref()
                .map(|w| (&*w.model, w.pool, w.min_ess)),
            early_stop: self.settings.early_stop,
            exploration: self.settings.exploration,
            max_nodes: self.settings.max_nodes,
            seed,
        };
        let workers = &mut self.workers[..threads];
        let mut ran = 1;
        if threads == 1 {
            workers[0].template.clone_from(template);
            workers[0].run(&job(0, self.rng.next_u64()));
        } else {
            let rng = &mut self.rng;
            let ran = &mut ran;
            std::thread::scope(|s| {
                for (t, w) in workers.iter_mut().enumerate() {
                    if t > 0 && out_of_time() {
                        break;
                    }
                    *ran = t + 1;
                    w.template.clone_from(template);
                    let job = job(t, rng.next_u64());
                    s.spawn(move || w.run(&job));
                }
            });
        }
        self.ran = ran;
        let chosen = self.merge(legal);
        if let (Some(_), Some(b)) = (self.settings.carry, budget) {
            // (`playouts` <= `b + drawn` and `drawn` <= `bank`: the bank stays non-negative;
            // saturating: a caller's budget may be as large as `u64::MAX`)
            self.bank = self.bank.saturating_add(b).saturating_sub(self.playouts);
        }
        chosen
    }

    fn merge(&mut self, legal: &[G::Action]) -> G::Action {
        self.stats.extend(legal.iter().map(|&action| ActionStats {
            action,
            visits: 0,
            total: 0.0,
        }));
        self.index.build(legal);
        self.finals.clear();
        self.finals.resize(legal.len(), 0);
        for w in &self.workers[..self.ran] {
            self.playouts += w.inner.playouts;
            for (s, &last) in w.inner.root.iter().zip(&w.inner.last) {
                if let Some(i) = self.index.find(legal, &s.action) {
                    self.stats[i].visits += s.visits;
                    self.stats[i].total += s.total;
                    self.finals[i] += u32::from(last);
                }
            }
        }
        // Flat Monte-Carlo chooses among the actions that lasted to the end in the most
        // threads (every action, unless sequential halving dropped some).
        let most = self.finals.iter().copied().max().unwrap_or(0);
        let mut best: Option<&ActionStats<G::Action>> = None;
        for (s, &f) in self.stats.iter().zip(&self.finals) {
            if s.visits == 0 || (self.settings.algorithm == Algorithm::Pimc && f < most) {
                continue;
            }
            let better = best.is_none_or(|b| match self.settings.algorithm {
                Algorithm::Ismcts => (s.visits, s.mean()) > (b.visits, b.mean()),
                Algorithm::Pimc => s.mean() > b.mean(),
            });
            if better {
                best = Some(s);
            }
        }
        best.map_or(legal[0], |s| s.action)
    }
}

impl<G, R, E> Policy<G> for Search<G, R, E>
where
    G: Game + Send,
    G::Action: Send + Sync,
    R: Rollout<G>,
    E: Evaluator<G>,
{
    fn choose(&mut self, obs: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        self.decide(obs, legal)
    }
}

/// How a search draws its worlds by likelihood ([`Search::with_likelihood`]).
struct Weighing<G: Game> {
    model: Arc<dyn Likelihood<G>>,
    pool: u32,
    min_ess: f64,
}

/// The model and pool of a decision drawing its worlds by likelihood.
type JobWeighing<'a, G> = (&'a dyn Likelihood<G>, u32, f64);

/// One thread's share of a decision.
struct Job<'a, G: Game> {
    player: usize,
    legal: &'a [G::Action],
    playouts: u64,
    deadline: Option<Duration>,
    clock: &'a dyn Clock,
    algorithm: Algorithm,
    halving: bool,
    belief: u32,
    walk: u32,
    weighing: Option<JobWeighing<'a, G>>,
    early_stop: Option<(f64, u32)>,
    exploration: f64,
    max_nodes: usize,
    seed: u64,
}

impl<G: Game> Job<'_, G> {
    /// Whether the budget is spent after `done` playouts (reads the clock once when there is
    /// time left to check).
    #[inline]
    fn spent(&self, done: u64) -> bool {
        done >= self.playouts || self.out_of_time()
    }

    /// Whether the time budget is spent (reads the clock when there is one).
    #[inline]
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| self.clock.now() >= d)
    }
}

/// A tree node: the action that led to it, who chose it, its visits, availability and value.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    action: A,
    player: u32,
    visits: u32,
    avail: u32,
    total: f64,
    first_child: u32,
    next_sibling: u32,
}

const NONE: u32 = u32::MAX;

/// One thread's search: its template world (whose observation it samples from), and its
/// buffers and tree, kept across decisions.
struct Worker<G: Game, R, E> {
    template: G,
    inner: Inner<G, R, E>,
}

/// A worker's buffers and tree.
struct Inner<G: Game, R, E> {
    world: G,
    scratch: G,
    /// A world sampled to compare with `world` when the search weighs its worlds.
    candidate: G,
    rng: Rng,
    rollout: R,
    evaluator: E,
    legal: Vec<G::Action>,
    values: Vec<f64>,
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    compatible: Vec<u32>,
    seen: Vec<bool>,
    index: Index,
    root: Vec<ActionStats<G::Action>>,
    /// Per root action, whether it lasted to the decision's end (flat Monte-Carlo: every
    /// action, or sequential halving's last round; ISMCTS: every action).
    last: Vec<bool>,
    /// Sequential halving's remaining actions (indices into the legal actions).
    alive: Vec<u32>,
    playouts: u64,
    /// The worlds drawn by likelihood ([`Search::with_likelihood`]): the first `pooled` are
    /// this decision's, `cumulative` their weights' running sums.
    pool: Vec<G>,
    log_likelihoods: Vec<f64>,
    cumulative: Vec<f64>,
    pooled: usize,
    /// Flat Monte-Carlo's sums of squared values, per root action (for early stopping).
    squares: Vec<f64>,
    /// The misses of the world to walk from (`u32::MAX`: none yet this decision, or one the
    /// model cannot judge).
    least: u32,
    lo: f64,
    hi: f64,
}

impl<G: Game, R: Rollout<G>, E: Evaluator<G>> Worker<G, R, E> {
    fn new(template: G, rollout: R, evaluator: E) -> Worker<G, R, E> {
        let inner = Inner {
            world: template.clone(),
            scratch: template.clone(),
            candidate: template.clone(),
            values: vec![0.0; template.num_players()],
            rng: Rng::seed_from_u64(0),
            rollout,
            evaluator,
            legal: Vec::with_capacity(64),
            nodes: Vec::new(),
            path: Vec::with_capacity(64),
            compatible: Vec::with_capacity(64),
            seen: Vec::with_capacity(64),
            index: Index::default(),
            root: Vec::new(),
            last: Vec::new(),
            alive: Vec::new(),
            playouts: 0,
            pool: Vec::new(),
            log_likelihoods: Vec::new(),
            cumulative: Vec::new(),
            pooled: 0,
            squares: Vec::new(),
            least: u32::MAX,
            lo: f64::INFINITY,
            hi: f64::NEG_INFINITY,
        };
        Worker { template, inner }
    }

    fn run(&mut self, job: &Job<'_, G>) {
        let w = &mut self.inner;
        w.rng = Rng::seed_from_u64(job.seed);
        w.playouts = 0;
        w.least = u32::MAX;
        w.lo = f64::INFINITY;
        w.hi = f64::NEG_INFINITY;
        w.values.resize(self.template.num_players(), 0.0);
        w.root.clear();
        w.last.clear();
        w.last.resize(job.legal.len(), true);
        w.rollout.begin(job.player);
        let obs = self.template.observation(job.player);
        w.rollout.observe(&obs);
        w.fill_pool(&obs, job);
        match job.algorithm {
            Algorithm::Pimc => w.pimc(&obs, job),
            Algorithm::Ismcts => w.ismcts(&obs, job),
        }
    }
}

impl<G: Game, R: Rollout<G>, E: Evaluator<G>> Inner<G, R, E> {
    /// Plays `world` out with the rollout policy (to the end or the evaluator's horizon) and
    /// writes its values.
    fn playout(
        world: &mut G,
        rollout: &mut R,
        evaluator: &mut E,
        legal: &mut Vec<G::Action>,
        rng: &mut Rng,
        values: &mut [f64],
    ) {
        let horizon = evaluator.horizon();
        let mut plies = 0u32;
        while world.current_player().is_some() {
            if horizon.is_some_and(|h| plies >= h) {
                break;
            }
            legal.clear();
            if world.legal_actions_into(legal) == 0 {
                break;
            }
            let a = rollout.choose(world, legal, rng);
            if world.apply(a).is_err() {
                break;
            }
            plies += 1;
        }
        evaluator.evaluate(world, values);
    }

    fn pimc(&mut self, obs: &G::Observation<'_>, job: &Job<'_, G>) {
        self.root
            .extend(job.legal.iter().map(|&action| ActionStats {
                action,
                visits: 0,
                total: 0.0,
            }));
        if job.halving && job.legal.len() > 2 && job.playouts != u64::MAX {
            self.halving(obs, job);
            return;
        }
        let mut next = job.legal.len();
        let mut worlds = 0u32;
        self.squares.clear();
        self.squares.resize(job.legal.len(), 0.0);
        while !job.spent(self.playouts) {
            if next == job.legal.len() {
                if let Some((z, min_worlds)) = job.early_stop
                    && worlds >= min_worlds
                    && self.dominated(z)
                {
                    break;
                }
                self.sample_world(obs, job);
                next = 0;
                worlds += 1;
                // A world weighed among many takes longer to draw than a playout: the time
                // is read again before playing in it, so a decision overshoots its time by
                // one playout or one world drawn at most.
                if job.out_of_time() {
                    break;
                }
            }
            self.scratch.clone_from(&self.world);
            if self.scratch.apply(job.legal[next]).is_ok() {
                Self::playout(
                    &mut self.scratch,
                    &mut self.rollout,
                    &mut self.evaluator,
                    &mut self.legal,
                    &mut self.rng,
                    &mut self.values,
                );
                let s = &mut self.root[next];
                let v = self.values.get(job.player).copied().unwrap_or(0.0);
                s.visits += 1;
                s.total += v;
                self.squares[next] += v * v;
            }
            next += 1;
            self.playouts += 1;
        }
    }

    /// Whether the best action by mean leads every other by more than `z` standard errors of
    /// the difference of the two means (flat Monte-Carlo's root statistics so far).
    #[allow(clippy::cast_precision_loss)]
    fn dominated(&self, z: f64) -> bool {
        let stats = |i: usize| {
            let s = &self.root[i];
            let n = s.visits.max(1) as f64;
            let mean = s.total / n;
            let var = (self.squares[i] / n - mean * mean).max(0.0);
            (mean, var / n)
        };
        let Some(best) = (0..self.root.len()).max_by(|&a, &b| stats(a).0.total_cmp(&stats(b).0))
        else {
            return false;
        };
        let (mb, vb) = stats(best);
        (0..self.root.len()).all(|i| {
            if i == best {
                return true;
            }
            let (m, v) = stats(i);
            // (a floor on the variance: a few playouts of equal values prove nothing)
            mb - m > z * (vb + v).max(1e-4).sqrt()
        })
    }

    /// Samples the next world into `world`: of `tries` sampled, the first with no misses, else
    /// the one with the fewest ([`InfoSet::misses`]); or, when the job walks and a world of
    /// this decision is there to walk from, up to `walk` moves from it, each kept unless it
    /// misses more.
    fn sample_world(&mut self, obs: &G::Observation<'_>, job: &Job<'_, G>) {
        if let Some(i) = draw_by_weight(&self.cumulative[..self.pooled], &mut self.rng) {
            self.world.clone_from(&self.pool[i]);
            return;
        }
        let tries = job.belief;
        if tries > 1 && job.walk > 0 && job.algorithm == Algorithm::Pimc && self.least != u32::MAX {
            let mut moved = false;
            for _ in 0..job.walk {
                self.candidate.clone_from(&self.world);
                if !obs.perturb(&mut self.rng, &mut self.candidate) {
                    continue;
                }
                moved = true;
                // (counted up to one more than the last world's: enough to tell)
                let m = obs.misses(&self.candidate, self.least.saturating_add(1));
                if m <= self.least {
                    self.least = m;
                    core::mem::swap(&mut self.world, &mut self.candidate);
                }
            }
            if moved {
                return;
            }
        }
        obs.sample_into(&mut self.rng, &mut self.world);
        if tries <= 1 {
            return;
        }
        let mut least = obs.misses(&self.world, u32::MAX);
        for _ in 1..tries {
            // No misses, or a history the model cannot judge: nothing to prefer. Out of
            // time: the best world so far.
            if least == 0 || least == u32::MAX || job.out_of_time() {
                break;
            }
            obs.sample_into(&mut self.rng, &mut self.candidate);
            let m = obs.misses(&self.candidate, least);
            if m < least {
                least = m;
                core::mem::swap(&mut self.world, &mut self.candidate);
            }
        }
        self.least = least;
    }

    /// Draws this decision's pool of worlds and their weights when the job draws by
    /// likelihood; otherwise leaves the pool empty.
    fn fill_pool(&mut self, obs: &G::Observation<'_>, job: &Job<'_, G>) {
        self.pooled = 0;
        let Some((model, pool, min_ess)) = job.weighing else {
            return;
        };
        let n = pool.max(1) as usize;
        self.log_likelihoods.clear();
        for i in 0..n {
            if i > 0 && job.deadline.is_some_and(|d| job.clock.now() >= d) {
                break;
            }
            if self.pool.len() <= i {
                self.pool.push(self.world.clone());
            }
            obs.sample_into(&mut self.rng, &mut self.pool[i]);
            self.log_likelihoods
                .push(model.log_likelihood(obs, &self.pool[i]));
        }
        let _ = tempered_weights(&self.log_likelihoods, min_ess, &mut self.cumulative);
        let _ = cumulate(&mut self.cumulative);
        self.pooled = self.log_likelihoods.len();
    }

    /// Flat Monte-Carlo with sequential halving: `ceil(log2 k)` rounds, each playing the
    /// remaining actions in the same sampled worlds (whole worlds only, so the remaining
    /// actions keep equal visits), then keeping the better half by mean.
    fn halving(&mut self, obs: &G::Observation<'_>, job: &Job<'_, G>) {
        let k = job.legal.len();
        let rounds = (usize::BITS - (k - 1).leading_zeros()) as u64;
        self.alive.clear();
        self.alive.extend(0..k as u32);
        'rounds: for round in 0..rounds {
            let n = self.alive.len() as u64;
            let left = job.playouts.saturating_sub(self.playouts);
            let worlds = (left / (rounds - round) / n).max(1);
            for _ in 0..worlds {
                if self.playouts + n > job.playouts || job.spent(self.playouts) {
                    break 'rounds;
                }
                self.sample_world(obs, job);
                for &i in &self.alive {
                    let i = i as usize;
                    self.scratch.clone_from(&self.world);
                    if self.scratch.apply(job.legal[i]).is_ok() {
                        Self::playout(
                            &mut self.scratch,
                            &mut self.rollout,
                            &mut self.evaluator,
                            &mut self.legal,
                            &mut self.rng,
                            &mut self.values,
                        );
                        let s = &mut self.root[i];
                        s.visits += 1;
                        s.total += self.values.get(job.player).copied().unwrap_or(0.0);
                    }
                    self.playouts += 1;
                }
            }
            if round + 1 < rounds {
                let root = &self.root;
                // Best mean first; ties keep the legal order.
                self.alive.sort_by(|&a, &b| {
                    root[b as usize]
                        .mean()
                        .total_cmp(&root[a as usize].mean())
                        .then(a.cmp(&b))
                });
                self.alive.truncate(self.alive.len().div_ceil(2));
            }
        }
        self.last.fill(false);
        for &i in &self.alive {
            self.last[i as usize] = true;
        }
    }

    fn ismcts(&mut self, obs: &G::Observation<'_>, job: &Job<'_, G>) {
        self.nodes.clear();
        if let Some(n) = job.playouts.checked_add(1) {
            self.nodes.reserve(n.min(job.max_nodes as u64) as usize);
        }
        self.nodes.push(Node {
            action: job.legal[0],
            player: NONE,
            visits: 0,
            avail: 0,
            total: 0.0,
            first_child: NONE,
            next_sibling: NONE,
        });
        while !job.spent(self.playouts) {
            self.sample_world(obs, job);
            if job.out_of_time() {
                break;
            }
            self.descend(job);
            Self::playout(
                &mut self.world,
                &mut self.rollout,
                &mut self.evaluator,
                &mut self.legal,
                &mut self.rng,
                &mut self.values,
            );
            for &n in &self.path {
                let node = &mut self.nodes[n as usize];
                node.visits = node.visits.saturating_add(1);
                node.total += self
                    .values
                    .get(node.player as usize)
                    .copied()
                    .unwrap_or(0.0);
            }
            for &v in &self.values {
                self.lo = self.lo.min(v);
                self.hi = self.hi.max(v);
            }
            self.playouts += 1;
        }
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            self.root.push(ActionStats {
                action: n.action,
                visits: u64::from(n.visits),
                total: n.total,
            });
            c = n.next_sibling;
        }
    }

    /// Selection and expansion: walks the world down the tree by UCB1 over the children legal
    /// in it, adds one node (when there is room) and leaves the path in `self.path`.
    #[allow(clippy::cast_precision_loss)]
    fn descend(&mut self, job: &Job<'_, G>) {
        self.path.clear();
        let mut node = 0u32;
        let scale = if self.hi > self.lo {
            1.0 / (self.hi - self.lo)
        } else {
            0.0
        };
        while let Some(p) = self.world.current_player() {
            self.legal.clear();
            if self.world.legal_actions_into(&mut self.legal) == 0 {
                return;
            }
            self.index.build(&self.legal);
            self.seen.clear();
            self.seen.resize(self.legal.len(), false);
            self.compatible.clear();
            let mut c = self.nodes[node as usize].first_child;
            while c != NONE {
                let child = &mut self.nodes[c as usize];
                if let Some(i) = self.index.find(&self.legal, &child.action) {
                    self.seen[i] = true;
                    child.avail = child.avail.saturating_add(1);
                    self.compatible.push(c);
                }
                c = child.next_sibling;
            }
            let untried = self.legal.len() - self.compatible.len();
            if untried > 0 && self.nodes.len() < job.max_nodes {
                let k = self.rng.below(untried as u64) as usize;
                let Some(i) = self
                    .seen
                    .iter()
                    .enumerate()
                    .filter(|s| !*s.1)
                    .nth(k)
                    .map(|s| s.0)
                else {
                    return;
                };
                let action = self.legal[i];
                let id = self.nodes.len() as u32;
                let parent = &mut self.nodes[node as usize];
                let next_sibling = parent.first_child;
                parent.first_child = id;
                self.nodes.push(Node {
                    action,
                    player: p as u32,
                    visits: 0,
                    avail: 1,
                    total: 0.0,
                    first_child: NONE,
                    next_sibling,
                });
                if self.world.apply(action).is_ok() {
                    self.path.push(id);
                }
                return;
            }
            let mut best = None;
            let mut best_score = f64::NEG_INFINITY;
            for &c in &self.compatible {
                let n = &self.nodes[c as usize];
                let score = if n.visits == 0 {
                    f64::INFINITY
                } else {
                    let visits = f64::from(n.visits);
                    let mean = (n.total / visits - self.lo) * scale;
                    mean + job.exploration * (f64::from(n.avail).ln() / visits).sqrt()
                };
                if score > best_score {
                    best_score = score;
                    best = Some(c);
                }
            }
            let Some(c) = best else {
                return;
            };
            if self.world.apply(self.nodes[c as usize].action).is_err() {
                return;
            }
            self.path.push(c);
            node = c;
        }
    }
}
