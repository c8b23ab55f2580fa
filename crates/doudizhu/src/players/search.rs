//! The search player of Dou Dizhu ([`SearchPlayer`]): in play, [`cards_search`]'s
//! information-set MCTS over [`Game`], worlds sampled from the seat's observation
//! ([`Observation::determinize`](crate::Observation::determinize)), with the game's rollout
//! policy ([`SearchRollout`]); in the auction, each bid and the pass played out to the end in
//! the same sampled worlds by the expert player.

use cards_core::Rng;
use cards_core::game::{Policy as _, PolicyOptions};
use cards_search::{Clock as _, Evaluator, Returns, Rollout, Search};

use crate::game::{Action, Game};
use crate::players::policy::GreedyPolicy;

/// The playouts a decision of `search` gets when neither playouts nor a think time is asked
/// for (a median decision of about 70 ms of CPU, release build, against `greedy`).
pub const SEARCH_PLAYOUTS: u64 = 16_000;

/// The rollout policies of the Dou Dizhu search.
///
/// ```
/// use doudizhu::cards_core::Rng;
/// use doudizhu::cards_core::game::Game as _;
/// use doudizhu::cards_search::Rollout;
/// use doudizhu::{Game, GameRules, SearchRollout};
/// let g = Game::new(GameRules::STANDARD, 1)?;
/// let legal = g.legal_actions();
/// let a = SearchRollout::Greedy.choose(&g, &legal, &mut Rng::seed_from_u64(0));
/// assert!(legal.contains(&a));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchRollout {
    /// Uniform over the legal actions.
    #[default]
    Random,
    /// [`GreedyPolicy`] for every seat, from its observation of the world.
    Greedy,
    /// [`ExpertPolicy`](crate::knowledge::ExpertPolicy) for every seat, from its observation of
    /// the world (one player a thread, whose cache of hand values only saves time: the
    /// choices are the same whatever it holds).
    Expert,
}

std::thread_local! {
    static EXPERT: std::cell::RefCell<crate::knowledge::ExpertPolicy> =
        std::cell::RefCell::new(crate::knowledge::ExpertPolicy::new().with_endgame(false));
}

impl Rollout<Game> for SearchRollout {
    #[inline]
    fn choose(&mut self, world: &Game, legal: &[Action], rng: &mut Rng) -> Action {
        match self {
            SearchRollout::Random => legal[rng.below(legal.len() as u64) as usize],
            SearchRollout::Greedy => {
                let seat = world.seat_to_act().unwrap_or(0);
                GreedyPolicy.choose(&world.observation(usize::from(seat)), legal)
            }
            SearchRollout::Expert => {
                let seat = world.seat_to_act().unwrap_or(0);
                EXPERT.with_borrow_mut(|e| e.choose(&world.observation(usize::from(seat)), legal))
            }
        }
    }
}

/// What the Dou Dizhu search scores a playout with: the game's returns (the rules' payoff), or
/// one of DouZero's training rewards ([`State::douzero_reward`](crate::State::douzero_reward):
/// ±1 for a win, ±2^b with `b` the bombs and rockets played, or ±(b + 1)), whatever the rules
/// pay.
///
/// Under the `rlcard` preset the returns are 1 for a win and 0 for a loss, so the search plays
/// for the share of games won alone; [`SearchValue::DouZero`] with
/// [`Objective::Adp`](crate::Objective::Adp) plays for DouZero's average difference in points,
/// counting the bombs.
///
/// ```
/// use doudizhu::cards_core::game::{Game as _, Players, play_out};
/// use doudizhu::cards_search::Evaluator;
/// use doudizhu::{Game, GameRules, Objective, SearchValue};
/// let mut g = Game::new(GameRules::RLCARD, 2)?;
/// let mut players: Vec<_> = (0..3).map(|p| Game::policy("greedy", p).unwrap()).collect();
/// play_out(&mut g, &mut players)?;
/// let mut v = [0.0; 3];
/// SearchValue::DouZero(Objective::Wp).evaluate(&g, &mut v);
/// let landlord_won = g.scores()[0] > 0;
/// assert_eq!(v[0], if landlord_won { 1.0 } else { -1.0 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchValue {
    /// The game's returns ([`Game::scores`]).
    #[default]
    Returns,
    /// DouZero's reward for the objective.
    DouZero(crate::Objective),
}

impl Evaluator<Game> for SearchValue {
    #[inline]
    fn evaluate(&mut self, world: &Game, values: &mut [f64]) {
        match self {
            SearchValue::Returns => Returns.evaluate(world, values),
            SearchValue::DouZero(objective) => {
                let r = world.state().douzero_reward(*objective);
                for (v, r) in values.iter_mut().zip(r) {
                    #[allow(clippy::cast_precision_loss)]
                    {
                        *v = r as f64;
                    }
                }
            }
        }
    }
}

/// The rollout of `search`'s play as the landlord ([`SearchPlayer::with_landlord_rollout`]):
/// the expert for every seat. As a peasant `search` rolls out uniformly at random
/// ([`SearchRollout::default`]).
///
/// Against RLCard's rule agent the expert's rollouts win more of the landlord's games than
/// uniform ones (0.910 against 0.850 of the same 300 fresh deals at the default budget) and,
/// used for both roles, fewer of the peasants' (0.78 against about 0.82): the measurements are
/// in the workspace's `benches/README.md` ("Dou Dizhu `search`, by role").
pub const LANDLORD_ROLLOUT: SearchRollout = SearchRollout::Expert;

/// The worlds an auction decision of `search` samples at the default budget
/// ([`SEARCH_PLAYOUTS`]); in general one world per [`AUCTION_PLAYOUTS_PER_WORLD`] playouts of
/// the budget, at least [`AUCTION_MIN_WORLDS`].
pub const AUCTION_WORLDS: u64 = SEARCH_PLAYOUTS / AUCTION_PLAYOUTS_PER_WORLD;

/// How many of the budget's playouts one world of an auction decision stands for (a world
/// plays every auction action to the end with `expert` for every seat: at the default budget
/// an auction decision takes about as long as a decision in play).
pub const AUCTION_PLAYOUTS_PER_WORLD: u64 = 80;

/// What `search` counts a pass in the auction below its estimated mean return (in stakes,
/// the units of [`Game::scores`]).
///
/// A deal every seat passes is dealt again and scores 0, so weighed by the estimates alone a
/// pass looks safe and three `search` players would often pass all round; a player who would
/// rather play than see the cards dealt again takes a close bid. The value is chosen, not
/// derived: the all-pass rate it gives and its cost in score (within the noise) are measured
/// in the workspace's `benches/README.md` ("playing strength").
pub const AUCTION_PASS_COST: f64 = 0.3;

/// The fewest worlds an auction decision samples, whatever the budget.
pub const AUCTION_MIN_WORLDS: u64 = 16;

/// The Dou Dizhu search player, `search` in [`Players`](crate::cards_core::game::Players).
///
/// - **Auction:** each legal action (pass, a bid, a call or a rob) is played out to the end of
///   the game in the same worlds sampled from the seat's observation
///   ([`Observation::determinize`](crate::Observation::determinize)), with
///   [`ExpertPolicy`](crate::knowledge::ExpertPolicy) for every seat (its auction included for
///   the bids still to come: the learned bidding of [`bidding`](crate::bidding)); the action with the best mean return of the seat is chosen. A
///   deal every seat passes scores 0 for everyone, so a hand bids when it expects to win more
///   as the landlord than it loses, as a player does (see [`AUCTION_PASS_COST`]). One
///   thread, whatever the options ask.
/// - **Play:** [`cards_search`]'s information-set MCTS: as a peasant with uniform rollouts,
///   as the landlord with [`LANDLORD_ROLLOUT`], the same budget
///   ([`with_landlord_rollout`](SearchPlayer::with_landlord_rollout)); near the end
///   the exact endgame solver over the ways the unseen cards can lie
///   ([`with_endgame`](SearchPlayer::with_endgame)).
///
/// The auction's worlds follow the budget: one per [`AUCTION_PLAYOUTS_PER_WORLD`] playouts
/// (at least [`AUCTION_MIN_WORLDS`]), and under a think time as many as fit. Seeded: the same
/// options give the same choices.
///
/// ```
/// use doudizhu::cards_core::game::{Game as _, Players, play_out};
/// use doudizhu::{Game, GameRules};
/// let mut g = Game::new(GameRules::STANDARD, 3)?;
/// let options = doudizhu::cards_core::game::PolicyOptions::new(1).with_playouts(400);
/// let mut players: Vec<_> = (0..3).map(|_| Game::policy_with("search", &options).unwrap()).collect();
/// play_out(&mut g, &mut players)?;
/// assert!(g.is_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SearchPlayer {
    search: Search<Game, SearchRollout, SearchValue>,
    /// The landlord's own search and its rollout (`None`: the landlord plays by `search` too).
    landlord: Option<(SearchRollout, Search<Game, SearchRollout, SearchValue>)>,
    /// The seed of the landlord's search.
    landlord_seed: u64,
    auction: AuctionSearch,
    /// The expert whose endgame solver decides near the end (`None`: the search alone).
    endgame: Option<Box<crate::knowledge::ExpertPolicy>>,
}

impl std::fmt::Debug for SearchPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchPlayer")
            .field("search", &self.search)
            .field("auction_worlds", &self.auction.worlds)
            .field("auction_think", &self.auction.think)
            .finish_non_exhaustive()
    }
}

/// The auction's search: flat Monte-Carlo over the auction actions, `expert` rollouts.
struct AuctionSearch {
    rng: Rng,
    worlds: u64,
    think: Option<std::time::Duration>,
    expert: crate::knowledge::ExpertPolicy,
    world: Option<Game>,
    legal: Vec<Action>,
    totals: Vec<f64>,
    pass_cost: f64,
}

impl AuctionSearch {
    /// The seat's mean return of each of `legal`, played out in the same sampled worlds.
    fn evaluate(&mut self, obs: &crate::Observation<'_>, legal: &[Action]) -> &[f64] {
        use cards_core::game::InfoSet as _;
        self.totals.clear();
        self.totals.resize(legal.len(), 0.0);
        let seat = obs.seat();
        // the search crate's clock: std's, or the browser's in WebAssembly (std's panics there)
        let clock = cards_search::MonotonicClock::new();
        let mut world = self
            .world
            .take()
            .unwrap_or_else(|| obs.sample(&mut self.rng));
        let mut sampled = 0u64;
        loop {
            let out_of_time = self.think.is_some_and(|t| clock.now() >= t);
            if sampled >= self.worlds || (out_of_time && sampled >= AUCTION_MIN_WORLDS) {
                break;
            }
            obs.sample_into(&mut self.rng, &mut world);
            let base = world.clone();
            for (i, &a) in legal.iter().enumerate() {
                world.clone_from(&base);
                if world.apply_with_outcome(a).is_err() {
                    self.totals[i] = f64::NEG_INFINITY;
                    continue;
                }
                while let Some(s) = world.seat_to_act() {
                    self.legal.clear();
                    world.legal_actions_into(&mut self.legal);
                    let next = self
                        .expert
                        .choose(&world.observation(usize::from(s)), &self.legal);
                    if world.apply_with_outcome(next).is_err() {
                        break;
                    }
                }
                #[allow(clippy::cast_precision_loss)]
                {
                    self.totals[i] += world.scores()[usize::from(seat)] as f64;
                }
            }
            sampled += 1;
        }
        self.world = Some(world);
        #[allow(clippy::cast_precision_loss)]
        let n = sampled.max(1) as f64;
        for t in &mut self.totals {
            *t /= n;
        }
        &self.totals
    }

    fn decide(&mut self, obs: &crate::Observation<'_>, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let cost = self.pass_cost;
        let means = self.evaluate(obs, legal);
        let value = |i: usize| means[i] - if legal[i] == Action::Pass { cost } else { 0.0 };
        let mut best = 0;
        for i in 1..means.len() {
            if value(i) > value(best) {
                best = i;
            }
        }
        legal[best]
    }
}

impl SearchPlayer {
    /// A search player with `options` (seed, playouts, think time, threads), as
    /// [`search_player`] builds it.
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// let s = doudizhu::SearchPlayer::new(&PolicyOptions::new(2).with_playouts(800));
    /// assert_eq!(s.auction_worlds(), 16); // 800 / 80 = 10, at least 16
    /// ```
    #[must_use]
    pub fn new(options: &PolicyOptions) -> SearchPlayer {
        let search = Search::new(options.seed)
            .with_rollout(SearchRollout::default())
            .with_evaluator(SearchValue::default())
            .with_options(options, SEARCH_PLAYOUTS);
        let budget = search.budget();
        let worlds = budget.max_playouts().map_or(u64::MAX, |p| {
            (p / AUCTION_PLAYOUTS_PER_WORLD).max(AUCTION_MIN_WORLDS)
        });
        SearchPlayer {
            search,
            landlord: None,
            // its own stream, apart from the peasant's search (whose games stay those of the
            // player before the roles were told apart)
            landlord_seed: options.seed ^ 0x1A2D_10AD_5EA2_C401,
            auction: AuctionSearch {
                // Its own stream, apart from the play's search.
                rng: Rng::seed_from_u64(options.seed ^ 0xA0C7_10E5_B1D5_0001),
                worlds,
                think: budget.max_think(),
                expert: crate::knowledge::ExpertPolicy::new().with_endgame(false),
                world: None,
                legal: Vec::new(),
                totals: Vec::new(),
                pass_cost: AUCTION_PASS_COST,
            },
            endgame: Some(Box::new(crate::knowledge::ExpertPolicy::new())),
        }
        .with_landlord_rollout(Some(LANDLORD_ROLLOUT))
    }

    /// This player with or without the endgame solver (on by default): once the other two
    /// hands hold at most 16 cards between them, the ways they can hold them are solved
    /// exactly, as [`ExpertPolicy`](crate::knowledge::ExpertPolicy)'s endgame does; an action
    /// that wins in every one is played without searching, and otherwise the search's choice
    /// gives way to an action that wins in more of them.
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// let s = doudizhu::SearchPlayer::new(&PolicyOptions::new(0)).with_endgame(false);
    /// assert!(!s.endgame());
    /// ```
    #[must_use]
    pub fn with_endgame(mut self, on: bool) -> SearchPlayer {
        self.endgame = on.then(|| Box::new(crate::knowledge::ExpertPolicy::new()));
        self
    }

    /// Whether the endgame solver decides near the end ([`with_endgame`](Self::with_endgame)).
    #[must_use]
    pub const fn endgame(&self) -> bool {
        self.endgame.is_some()
    }

    /// The worlds an auction decision samples at most (`u64::MAX`: a think time alone limits
    /// it).
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// let s = doudizhu::SearchPlayer::new(&PolicyOptions::new(0));
    /// assert_eq!(s.auction_worlds(), doudizhu::AUCTION_WORLDS);
    /// ```
    #[must_use]
    pub const fn auction_worlds(&self) -> u64 {
        self.auction.worlds
    }

    /// The seat's mean return of each of `legal` in the auction, as the auction's search
    /// estimates them (the same worlds for every action); empty outside the auction.
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// use doudizhu::{Game, GameRules, SearchPlayer};
    /// let g = Game::new(GameRules::STANDARD, 5)?;
    /// let mut s = SearchPlayer::new(&PolicyOptions::new(1).with_playouts(640));
    /// let legal = g.legal_actions();
    /// let means = s.auction_values(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
    /// assert_eq!(means.len(), legal.len());
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    pub fn auction_values(&mut self, obs: &crate::Observation<'_>, legal: &[Action]) -> Vec<f64> {
        if obs.phase() != crate::game::Phase::Auction {
            return Vec::new();
        }
        self.auction.evaluate(obs, legal).to_vec()
    }

    /// This player with passing in the auction counted `cost` below its estimated mean
    /// return ([`AUCTION_PASS_COST`] by default; 0 weighs a pass and a bid by their estimates
    /// alone).
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// let s = doudizhu::SearchPlayer::new(&PolicyOptions::new(0)).with_pass_cost(0.0);
    /// assert_eq!(s.pass_cost(), 0.0);
    /// ```
    #[must_use]
    pub const fn with_pass_cost(mut self, cost: f64) -> SearchPlayer {
        self.auction.pass_cost = cost;
        self
    }

    /// What a pass in the auction is counted below its estimated mean return.
    #[must_use]
    pub const fn pass_cost(&self) -> f64 {
        self.auction.pass_cost
    }

    /// This player with `rollout` for the search of the play phase as a peasant, and as the
    /// landlord too when [`with_landlord_rollout`](Self::with_landlord_rollout) is `None` (the
    /// auction's playouts are the expert's whatever it is).
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// use doudizhu::{SearchPlayer, SearchRollout};
    /// let s = SearchPlayer::new(&PolicyOptions::new(0)).with_rollout(SearchRollout::Expert);
    /// assert_eq!(s.search().budget().max_playouts(), Some(doudizhu::SEARCH_PLAYOUTS));
    /// ```
    #[must_use]
    pub fn with_rollout(mut self, rollout: SearchRollout) -> SearchPlayer {
        self.search = self.search.with_rollout(rollout);
        self
    }

    /// This player searching its play as the landlord with `rollout` ([`LANDLORD_ROLLOUT`] by
    /// default) in a search of its own with the same budget, or with `None` as a peasant does
    /// (the rollout of [`with_rollout`](Self::with_rollout): the player before the roles were
    /// told apart). A landlord's search made again after `None` has the default settings: call
    /// [`with_search`](Self::with_search) after this.
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// use doudizhu::{LANDLORD_ROLLOUT, SearchPlayer, SearchRollout};
    /// let s = SearchPlayer::new(&PolicyOptions::new(0));
    /// assert_eq!(s.landlord_rollout(), Some(LANDLORD_ROLLOUT));
    /// let s = s.with_landlord_rollout(Some(SearchRollout::Greedy));
    /// assert_eq!(s.landlord_rollout(), Some(SearchRollout::Greedy));
    /// assert_eq!(s.with_landlord_rollout(None).landlord_rollout(), None);
    /// ```
    #[must_use]
    pub fn with_landlord_rollout(mut self, rollout: Option<SearchRollout>) -> SearchPlayer {
        let previous = self.landlord.take();
        self.landlord = rollout.map(|r| {
            let s = if let Some((_, s)) = previous {
                s.with_rollout(r)
            } else {
                Search::new(self.landlord_seed)
                    .with_rollout(r)
                    .with_evaluator(SearchValue::default())
                    .with_budget(self.search.budget())
                    .with_threads(self.search.threads())
            };
            (r, s)
        });
        self
    }

    /// The rollout of the landlord's own search (`None`: the landlord searches as a peasant).
    #[must_use]
    pub fn landlord_rollout(&self) -> Option<SearchRollout> {
        self.landlord.as_ref().map(|(r, _)| *r)
    }

    /// This player with its play-phase searches changed by `f`, the peasant's and the
    /// landlord's (the algorithm, the exploration, an early stop, worlds drawn by likelihood:
    /// any of [`Search`]'s settings; the auction's search is not affected).
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// use doudizhu::cards_search::Algorithm;
    /// let s = doudizhu::SearchPlayer::new(&PolicyOptions::new(0))
    ///     .with_search(|s| s.with_algorithm(Algorithm::Pimc).with_early_stop(Some((3.0, 20))));
    /// assert_eq!(s.search().algorithm(), Algorithm::Pimc);
    /// ```
    #[must_use]
    pub fn with_search(
        mut self,
        f: impl Fn(Search<Game, SearchRollout, SearchValue>) -> Search<Game, SearchRollout, SearchValue>,
    ) -> SearchPlayer {
        self.search = f(self.search);
        self.landlord = self.landlord.map(|(r, s)| (r, f(s)));
        self
    }

    /// The landlord's own search of the play phase (`None`: the landlord plays by
    /// [`search`](Self::search) too).
    ///
    /// ```
    /// use doudizhu::cards_core::game::PolicyOptions;
    /// let s = doudizhu::SearchPlayer::new(&PolicyOptions::new(0).with_playouts(800));
    /// assert_eq!(s.landlord_search().unwrap().budget().max_playouts(), Some(800));
    /// ```
    #[must_use]
    pub fn landlord_search(&self) -> Option<&Search<Game, SearchRollout, SearchValue>> {
        self.landlord.as_ref().map(|(_, s)| s)
    }

    /// The search of the play phase (a peasant's; the landlord's too without
    /// [`landlord_search`](Self::landlord_search)).
    #[must_use]
    pub const fn search(&self) -> &Search<Game, SearchRollout, SearchValue> {
        &self.search
    }
}

impl cards_core::game::Policy<Game> for SearchPlayer {
    fn choose(&mut self, obs: &crate::Observation<'_>, legal: &[Action]) -> Action {
        if obs.phase() == crate::game::Phase::Auction {
            self.auction.decide(obs, legal)
        } else {
            let search = match &mut self.landlord {
                Some((_, s)) if obs.landlord() == Some(obs.seat()) => s,
                _ => &mut self.search,
            };
            match &mut self.endgame {
                Some(expert) => expert.endgame_or(obs, legal, || search.decide(obs, legal)),
                None => search.decide(obs, legal),
            }
        }
    }
}

/// The `search` player built with `options` (seed, playouts, think time, threads;
/// [`SEARCH_PLAYOUTS`] playouts when it asks for neither), with the default rollout.
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
/// use doudizhu::cards_core::game::{Game as _, Policy, PolicyOptions};
/// use doudizhu::{Game, GameRules, search_player};
/// let g = Game::new(GameRules::STANDARD, 4)?;
/// let mut s = search_player(&PolicyOptions::new(1).with_playouts(100));
/// let legal = g.legal_actions();
/// let a = s.choose(&g.observation(usize::from(g.seat_to_act().unwrap())), &legal);
/// assert!(legal.contains(&a));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[must_use]
pub fn search_player(options: &PolicyOptions) -> SearchPlayer {
    SearchPlayer::new(options)
}
