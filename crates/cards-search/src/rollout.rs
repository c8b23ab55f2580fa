//! What a game supplies to a search: the rollout policy and the leaf evaluator.

use cards_core::Rng;
use cards_core::game::{Game, Policy};

/// The policy a search plays its playouts with, beyond its tree: given a world (a sampled
/// full state, so it may read every hand of that world) and its legal actions (never empty),
/// one of them. It draws from the search's `rng`, so a search's result stays a function of its
/// seed. Statically dispatched: a search is generic over its rollout.
///
/// [`RandomRollout`] is uniform; [`PolicyRollout`] plays any [`Policy`] from the acting
/// player's observation of the world.
///
/// ```
/// use cards_core::Rng;
/// use cards_core::game::{Game, testing_toy::Toy};
/// use cards_search::{RandomRollout, Rollout};
/// let g = Toy::new(1);
/// let legal = g.legal_actions();
/// let a = RandomRollout.choose(&g, &legal, &mut Rng::seed_from_u64(0));
/// assert!(legal.contains(&a));
/// ```
pub trait Rollout<G: Game>: Clone + Send {
    /// One of `legal` (never empty) for the player to act in `world`.
    fn choose(&mut self, world: &G, legal: &[G::Action], rng: &mut Rng) -> G::Action;

    /// Called at the start of each decision (in each thread) with the player the search
    /// decides for, before any playout: a rollout that plays the searching player differently
    /// from the others reads it here. The default does nothing.
    ///
    /// ```
    /// use cards_core::Rng;
    /// use cards_core::game::{Game, testing_toy::Toy};
    /// use cards_search::{RandomRollout, Rollout};
    /// let mut r = RandomRollout;
    /// Rollout::<Toy>::begin(&mut r, 1); // no effect on the uniform rollout
    /// ```
    #[inline]
    fn begin(&mut self, player: usize) {
        let _ = player;
    }

    /// Called at the start of each decision (in each thread), after [`Rollout::begin`] and
    /// before any playout, with the searching player's observation: a rollout that models the
    /// others by what they did so far (one model for a player whose plays look scripted,
    /// another for one that looks strong) reads it here. It runs once a decision a thread, so
    /// it should cost little beside the playouts. The default does nothing.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use cards_core::Rng;
    /// use cards_core::game::testing_toy::{Toy, ToyAction, ToyObservation};
    /// use cards_core::game::{Game, Policy};
    /// use cards_search::{Budget, Rollout, Search};
    ///
    /// /// Plays each player's first legal card, and notes how many cards were played before
    /// /// the last decision it was told of.
    /// #[derive(Clone, Default)]
    /// struct Noting(Arc<AtomicUsize>);
    ///
    /// impl Rollout<Toy> for Noting {
    ///     fn choose(&mut self, _: &Toy, legal: &[ToyAction], _: &mut Rng) -> ToyAction {
    ///         legal[0]
    ///     }
    ///
    ///     fn observe(&mut self, obs: &ToyObservation<'_>) {
    ///         self.0.store(obs.history.len(), Ordering::Relaxed);
    ///     }
    /// }
    ///
    /// let seen = Arc::new(AtomicUsize::new(usize::MAX));
    /// let mut s = Search::<Toy>::new(0)
    ///     .with_rollout(Noting(Arc::clone(&seen)))
    ///     .with_budget(Budget::playouts(20));
    /// let mut g = Toy::new(1);
    /// g.apply(g.legal_actions()[0]).unwrap();
    /// let p = g.current_player().unwrap();
    /// let legal = g.legal_actions();
    /// assert!(legal.contains(&s.choose(&g.observation(p), &legal)));
    /// assert_eq!(seen.load(Ordering::Relaxed), 1);
    /// ```
    #[inline]
    fn observe(&mut self, obs: &G::Observation<'_>) {
        let _ = obs;
    }
}

/// The uniform rollout: every legal action equally likely.
///
/// ```
/// let _ = cards_search::RandomRollout;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomRollout;

impl<G: Game> Rollout<G> for RandomRollout {
    #[inline]
    fn choose(&mut self, _: &G, legal: &[G::Action], rng: &mut Rng) -> G::Action {
        if legal.len() <= 1 {
            legal[0]
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        }
    }
}

/// A [`Policy`] as a rollout: it chooses from the acting player's observation of the world
/// (so a built-in player of a game is a rollout policy as it is).
///
/// ```
/// use cards_core::Rng;
/// use cards_core::game::{Game, Random, testing_toy::Toy};
/// use cards_search::{PolicyRollout, Rollout};
/// let g = Toy::new(1);
/// let legal = g.legal_actions();
/// let mut r = PolicyRollout(Random::new(5));
/// assert!(legal.contains(&r.choose(&g, &legal, &mut Rng::seed_from_u64(0))));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PolicyRollout<P>(pub P);

impl<G: Game, P: Policy<G> + Clone + Send> Rollout<G> for PolicyRollout<P> {
    #[inline]
    fn choose(&mut self, world: &G, legal: &[G::Action], _: &mut Rng) -> G::Action {
        let p = world.current_player().unwrap_or(0);
        let obs = world.observation(p);
        self.0.choose(&obs, legal)
    }
}

/// Scores the position where a playout stopped: at the end of the game, or after
/// [`Evaluator::horizon`] plies of rollout. `values[p]` is player `p`'s value (`values` has one
/// entry a player); the search maximises each player's own value at its decisions.
///
/// [`Returns`] plays every rollout to the end and scores the game's returns; [`Cutoff`] stops
/// after a number of plies and calls a function.
///
/// ```
/// use cards_core::game::{Game, Random, play_out, testing_toy::Toy};
/// use cards_search::{Evaluator, Returns};
/// let mut g = Toy::new(1);
/// play_out(&mut g, &mut [Random::new(1), Random::new(2)]).unwrap();
/// let mut v = [0.0; 2];
/// Returns.evaluate(&g, &mut v);
/// assert_eq!(v, [g.returns(0), g.returns(1)]);
/// assert_eq!(Evaluator::<Toy>::horizon(&Returns), None);
/// ```
pub trait Evaluator<G: Game>: Clone + Send {
    /// The rollout plies after which a playout stops and is evaluated (`None`: at the end).
    fn horizon(&self) -> Option<u32> {
        None
    }

    /// Writes every player's value of `world` into `values`.
    fn evaluate(&mut self, world: &G, values: &mut [f64]);
}

/// The evaluator of playouts run to the end: the game's returns.
///
/// ```
/// let _ = cards_search::Returns;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Returns;

impl<G: Game> Evaluator<G> for Returns {
    #[inline]
    fn evaluate(&mut self, world: &G, values: &mut [f64]) {
        for (p, v) in values.iter_mut().enumerate() {
            *v = world.returns(p);
        }
    }
}

/// Stops a rollout after `plies` plies and scores the position with a function (a game's
/// hand-value estimate); a game over before that is scored by its returns.
///
/// ```
/// use cards_core::game::{Game, testing_toy::Toy};
/// use cards_search::{Cutoff, Evaluator};
/// let mut e = Cutoff::new(4, |_: &Toy, v: &mut [f64]| v.fill(0.5));
/// assert_eq!(e.horizon(), Some(4));
/// let mut v = [0.0; 2];
/// e.evaluate(&Toy::new(1), &mut v);
/// assert_eq!(v, [0.5, 0.5]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Cutoff<F> {
    plies: u32,
    f: F,
}

impl<F> Cutoff<F> {
    /// Stops after `plies` plies of rollout and calls `f(world, values)`.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// let _ = cards_search::Cutoff::new(8, |_: &Toy, v: &mut [f64]| v.fill(0.0));
    /// ```
    pub const fn new(plies: u32, f: F) -> Cutoff<F> {
        Cutoff { plies, f }
    }
}

impl<G: Game, F: FnMut(&G, &mut [f64]) + Clone + Send> Evaluator<G> for Cutoff<F> {
    fn horizon(&self) -> Option<u32> {
        Some(self.plies)
    }

    fn evaluate(&mut self, world: &G, values: &mut [f64]) {
        if world.is_over() {
            Returns.evaluate(world, values);
        } else {
            (self.f)(world, values);
        }
    }
}
