//! The one interface every whole game implements, in the shape of `OpenSpiel`'s `State`.
//!
//! A [`Game`] is a position of a whole game that knows who acts ([`Game::current_player`]),
//! lists the legal actions ([`Game::legal_actions_into`], appending to a caller's buffer),
//! applies one ([`Game::apply`], the state unchanged on error), tells when it is over and what
//! each player got ([`Game::returns`], one `f64` type for every game), shows one player what it
//! may see ([`Game::observation`]) and writes a [`Record`] that replays.
//!
//! Search needs the *information set*: every observation is an [`InfoSet`], from which full
//! states consistent with what its player has seen can be sampled ([`InfoSet::sample`],
//! `OpenSpiel`'s `ResampleFromInfostate`). The sampler works from the observation alone, so a
//! player given only its observation cannot read another hand through it.
//!
//! One [`Policy`] trait serves every game (it sees the observation and the legal actions and
//! returns an action), [`play_out`] plays any game to its end, [`Random`] is the uniform player
//! of every game, and [`Players`] is each game's list of built-in players by name (built
//! with [`PolicyOptions`] where a player takes options, as a search takes its budget).
//!
//! Chance stays inside each game: deals come from a seed or an explicit deal, through each
//! game's own constructors.
//!
//! The three game crates implement it: `doudizhu::Game`, `daifugo::Game` and `kabu::Round`.
//! Generic code reads the same for all three:
//!
//! ```
//! use cards_core::game::{Game, Random, play_out};
//! /// Plays one seeded random game of any game and gives player 0's return.
//! fn first_return<G: Game>(mut game: G) -> f64 {
//!     let mut players: Vec<Random> = (0..game.num_players() as u64).map(Random::new).collect();
//!     play_out(&mut game, &mut players).expect("random players choose legal actions");
//!     game.returns(0)
//! }
//! # let _ = first_return::<cards_core::game::testing_toy::Toy>;
//! ```
//!
//! A game that must hold games of several types (a web session, a command-line driver) uses an
//! enum of the concrete games; the trait itself has associated types and so is not object safe,
//! while [`Policy`] is (`Box<dyn Policy<G>>`).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use crate::Rng;

/// A whole game's position: who acts, the legal actions, applying one, the end and the returns,
/// observations and a record.
///
/// Implemented by `doudizhu::Game`, `daifugo::Game` and `kabu::Round`. Inherent methods of
/// those types keep their own signatures (seat types, integer scores under their own names);
/// in generic code the trait's methods are the ones seen, and `g.returns(p)` works on every
/// game with the trait in scope.
///
/// ```
/// use cards_core::game::{Game, testing_toy::Toy};
/// let mut g = Toy::new(3);
/// let mut legal = Vec::new();
/// while let Some(p) = g.current_player() {
///     legal.clear();
///     assert!(g.legal_actions_into(&mut legal) > 0);
///     g.apply(legal[0]).unwrap();
///     assert!(p < g.num_players());
/// }
/// assert!(g.is_over());
/// assert_eq!(g.returns(0) + g.returns(1), 0.0);
/// ```
pub trait Game: Clone {
    /// One action of the game. Its `Display` is read back by its `FromStr`.
    type Action: Copy + Eq + Hash + Debug + Display + FromStr;
    /// What one player sees; an [`InfoSet`] from which worlds are sampled. Two observations
    /// are equal when nothing their player can read tells them apart.
    type Observation<'a>: InfoSet<Self> + Debug + PartialEq
    where
        Self: 'a;
    /// Why an action was refused.
    type Error: core::error::Error;
    /// A record of the game so far that replays to it.
    type Record: Record<Game = Self>;

    /// The number of players (seats are numbered from 0).
    fn num_players(&self) -> usize;

    /// The player to act, `None` once the game is over.
    fn current_player(&self) -> Option<usize>;

    /// Appends every legal action of the player to act to `out` and returns how many (never 0
    /// while someone is to act; 0 once over). Allocation-free once `out` has room.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>) -> usize;

    /// Every legal action, as a new `Vec`.
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// Applies an action of the player to act. On error the game is unchanged (a game may
    /// document a mode in which an illegal action has a defined effect instead, as the `UECda`
    /// server counts an illegal submission as a pass).
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// Player `player`'s return (`OpenSpiel`'s `PlayerReturn`): its score at the end, 0.0
    /// before (and for a player number out of range).
    fn returns(&self, player: usize) -> f64;

    /// The sum every game's returns add up to at its end, when the rules fix one (`Some(0.0)`
    /// for a zero-sum game); `None` when it varies.
    fn returns_sum(&self) -> Option<f64> {
        None
    }

    /// What `player` sees now (a number out of range is read modulo the player count).
    fn observation(&self, player: usize) -> Self::Observation<'_>;

    /// A record of the game so far; [`Record::replay`] gives back this game.
    fn record(&self) -> Self::Record;
}

/// A player's information set, as an observation holds it: the full states consistent with what
/// that player has seen can be sampled from it.
///
/// A sampled world is a game in which the observer's observation is equal to this one (the
/// conformance suite checks it): the same own cards, the same public history, and the unseen
/// cards dealt anew in a way consistent with everything the player saw.
///
/// ```
/// use cards_core::Rng;
/// use cards_core::game::{Game, InfoSet, testing_toy::Toy};
/// let g = Toy::new(7);
/// let obs = g.observation(0);
/// let world = obs.sample(&mut Rng::seed_from_u64(1));
/// assert_eq!(world.observation(0), obs);
/// ```
pub trait InfoSet<G> {
    /// The observing player.
    fn player(&self) -> usize;

    /// A full state consistent with this observation, dealt from `rng`.
    #[must_use]
    fn sample(&self, rng: &mut Rng) -> G;

    /// As [`InfoSet::sample`], written into `world` (whose buffers a game may reuse, so that a
    /// search allocates nothing per world once warm).
    fn sample_into(&self, rng: &mut Rng, world: &mut G) {
        *world = self.sample(rng);
    }

    /// How many of the other players' past actions the game's model of a player would not
    /// have taken with the hidden cards `world` (a sampled world) gives them, counted up to
    /// `bound` (a count may stop there); `u32::MAX` when the model cannot judge the history
    /// at all. A search that weighs its worlds keeps, of several sampled, the one with the
    /// fewest (and stops weighing at a world with none, or one that cannot be judged). By
    /// default 0: every world is as likely.
    ///
    /// ```
    /// use cards_core::Rng;
    /// use cards_core::game::{Game, InfoSet, testing_toy::Toy};
    /// let g = Toy::new(7);
    /// let obs = g.observation(0);
    /// let world = obs.sample(&mut Rng::seed_from_u64(1));
    /// assert_eq!(obs.misses(&world, u32::MAX), 0);
    /// ```
    fn misses(&self, world: &G, bound: u32) -> u32 {
        let _ = (world, bound);
        0
    }

    /// Changes `world` (a world consistent with this observation) into a neighbouring one,
    /// still consistent, drawn from `rng`: for a card game, two hidden cards of two other
    /// players swapped. The move must be symmetric (the way back as likely as the way there),
    /// so that a search walking the worlds by it, keeping a move unless it explains fewer of
    /// the others' past actions ([`InfoSet::misses`]), plays every world that explains the
    /// most equally often in the long run. `false` (and `world` unchanged) when the game has
    /// no such move, or this world has none: the search then samples a fresh world. By
    /// default `false`.
    ///
    /// ```
    /// use cards_core::Rng;
    /// use cards_core::game::{Game, InfoSet, testing_toy::Toy};
    /// let g = Toy::new(7);
    /// let obs = g.observation(0);
    /// let mut world = obs.sample(&mut Rng::seed_from_u64(1));
    /// assert!(!obs.perturb(&mut Rng::seed_from_u64(2), &mut world));
    /// ```
    fn perturb(&self, rng: &mut Rng, world: &mut G) -> bool {
        let _ = (rng, world);
        false
    }
}

/// A game record: what was dealt and done, which replays to the game.
pub trait Record {
    /// The game it replays to.
    type Game: Game;
    /// Why a record does not replay.
    type Error: core::error::Error;

    /// Replays the record: the game in the position it records.
    fn replay(&self) -> Result<Self::Game, Self::Error>;
}

/// A player of game `G`: given the observation of the player to act and the legal actions
/// (never empty), chooses one.
///
/// Object safe: front ends hold `Box<dyn Policy<G>>`.
///
/// ```
/// use cards_core::game::{Game, Policy, play_out, testing_toy::Toy};
/// /// Always the first legal action.
/// struct First;
/// impl<G: Game> Policy<G> for First {
///     fn choose(&mut self, _: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
///         legal[0]
///     }
/// }
/// let mut g = Toy::new(5);
/// play_out(&mut g, &mut [First, First]).unwrap();
/// assert!(g.is_over());
/// ```
pub trait Policy<G: Game> {
    /// One of `legal` (never empty) for the player `obs` observes.
    fn choose(&mut self, obs: &G::Observation<'_>, legal: &[G::Action]) -> G::Action;
}

impl<G: Game, P: Policy<G> + ?Sized> Policy<G> for &mut P {
    #[inline]
    fn choose(&mut self, obs: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        (**self).choose(obs, legal)
    }
}

impl<G: Game, P: Policy<G> + ?Sized> Policy<G> for Box<P> {
    #[inline]
    fn choose(&mut self, obs: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        (**self).choose(obs, legal)
    }
}

/// Plays `game` to its end, `players[p]` acting for player `p` (a player number past the end of
/// `players` is read modulo its length). Stops at the first action the game refuses and returns
/// its error.
///
/// One player type for all seats keeps the loop free of dynamic calls; mixed players use
/// `Box<dyn Policy<G>>` (or `&mut dyn Policy<G>`).
///
/// ```
/// use cards_core::game::{Game, Random, play_out, testing_toy::Toy};
/// let mut g = Toy::new(11);
/// play_out(&mut g, &mut [Random::new(1), Random::new(2)]).unwrap();
/// assert!(g.is_over());
/// ```
///
/// # Panics
///
/// Panics if `players` is empty while the game has someone to act.
pub fn play_out<G: Game, P: Policy<G>>(game: &mut G, players: &mut [P]) -> Result<(), G::Error> {
    let mut legal = Vec::with_capacity(64);
    play_out_with(game, players, &mut legal)
}

/// [`play_out`] with a caller's buffer for the legal actions, so that repeated play-outs
/// allocate nothing once it is warm.
///
/// ```
/// use cards_core::game::{Game, Random, play_out_with, testing_toy::Toy};
/// let mut buf = Vec::new();
/// let mut players = [Random::new(1), Random::new(2)];
/// for seed in 0..3 {
///     let mut g = Toy::new(seed);
///     play_out_with(&mut g, &mut players, &mut buf).unwrap();
///     assert!(g.is_over());
/// }
/// ```
///
/// # Panics
///
/// Panics if `players` is empty while the game has someone to act.
#[inline]
pub fn play_out_with<G: Game, P: Policy<G>>(
    game: &mut G,
    players: &mut [P],
    legal: &mut Vec<G::Action>,
) -> Result<(), G::Error> {
    let n = players.len();
    while let Some(p) = game.current_player() {
        legal.clear();
        game.legal_actions_into(legal);
        let action = {
            let obs = game.observation(p);
            players[p % n].choose(&obs, legal)
        };
        game.apply(action)?;
    }
    Ok(())
}

/// The uniform random player of every game, from a seeded [`Rng`].
///
/// ```
/// use cards_core::game::{Game, Policy, Random, testing_toy::Toy};
/// let g = Toy::new(2);
/// let legal = g.legal_actions();
/// let a = Policy::<Toy>::choose(&mut Random::new(9), &g.observation(0), &legal);
/// assert!(legal.contains(&a));
/// ```
#[derive(Clone, Debug)]
pub struct Random {
    rng: Rng,
}

impl Random {
    /// A random player seeded with `seed`.
    ///
    /// ```
    /// let _ = cards_core::game::Random::new(7);
    /// ```
    #[must_use]
    pub const fn new(seed: u64) -> Random {
        Random {
            rng: Rng::seed_from_u64(seed),
        }
    }

    /// A uniform index below `n` (0 when `n` is 0).
    ///
    /// ```
    /// assert!(cards_core::game::Random::new(1).index(5) < 5);
    /// ```
    #[inline]
    pub fn index(&mut self, n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            self.rng.below(n as u64) as usize
        }
    }
}

impl<G: Game> Policy<G> for Random {
    #[inline]
    fn choose(&mut self, _: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        legal[self.index(legal.len())]
    }
}

/// A game's built-in players, found by name.
///
/// ```
/// use cards_core::game::{Players, testing_toy::Toy};
/// assert_eq!(Toy::POLICY_NAMES, &["random", "first"]);
/// assert!(Toy::policy("first", 0).is_ok());
/// let e = Toy::policy("nope", 0).err().unwrap();
/// assert_eq!(e.to_string(), "unknown player \"nope\" (expected one of: random, first)");
/// ```
pub trait Players: Game {
    /// The names of the built-in players, in the order a user should see them.
    const POLICY_NAMES: &'static [&'static str];

    /// The built-in player `name` (case-insensitive), seeded with `seed` where it draws at
    /// random; a player that takes options (a search's budget) gets its defaults.
    fn policy(name: &str, seed: u64) -> Result<Box<dyn Policy<Self>>, UnknownPolicy>;

    /// The built-in player `name` (case-insensitive) built with `options`: its seed, and for a
    /// player that thinks (`search`) its budget and threads. A player without options reads only
    /// the seed, so the default is [`Players::policy`] with `options.seed`.
    ///
    /// ```
    /// use cards_core::game::{PolicyOptions, Players, testing_toy::Toy};
    /// let options = PolicyOptions::new(7).with_playouts(500).with_think_ms(20);
    /// assert!(Toy::policy_with("random", &options).is_ok());
    /// assert!(Toy::policy_with("nope", &options).is_err());
    /// ```
    fn policy_with(
        name: &str,
        options: &PolicyOptions,
    ) -> Result<Box<dyn Policy<Self>>, UnknownPolicy> {
        Self::policy(name, options.seed)
    }
}

/// The most threads a decision may use, everywhere a thread count is taken (the command
/// line's `--threads`, the Python bots, environments and batches): a larger count is refused.
///
/// ```
/// assert_eq!(cards_core::game::MAX_THREADS, 256);
/// ```
pub const MAX_THREADS: usize = 256;

/// How to build a named player ([`Players::policy_with`]): its seed, and for a player that
/// thinks its budget per decision (playouts and/or think time, whichever runs out first) and its
/// threads. `None` leaves the player's own default; players without options read only the seed.
///
/// Built with [`PolicyOptions::new`] and the `with_*` methods (the struct is
/// `#[non_exhaustive]`, so that options can be added):
///
/// ```
/// use cards_core::game::PolicyOptions;
/// let o = PolicyOptions::new(3).with_playouts(2_000).with_threads(2);
/// assert_eq!((o.seed, o.playouts, o.think_ms, o.threads), (3, Some(2_000), None, Some(2)));
/// assert_eq!(PolicyOptions::default(), PolicyOptions::new(0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PolicyOptions {
    /// The seed of everything the player draws at random.
    pub seed: u64,
    /// At most this many playouts (simulations) per decision.
    pub playouts: Option<u64>,
    /// At most this many milliseconds of thinking per decision.
    pub think_ms: Option<u64>,
    /// Threads per decision (1 to [`MAX_THREADS`]).
    pub threads: Option<usize>,
}

impl PolicyOptions {
    /// The options with `seed` and every other option the player's default.
    ///
    /// ```
    /// assert_eq!(cards_core::game::PolicyOptions::new(5).seed, 5);
    /// ```
    #[must_use]
    pub const fn new(seed: u64) -> PolicyOptions {
        PolicyOptions {
            seed,
            playouts: None,
            think_ms: None,
            threads: None,
        }
    }

    /// These options with at most `playouts` playouts per decision.
    ///
    /// ```
    /// let o = cards_core::game::PolicyOptions::new(0).with_playouts(100);
    /// assert_eq!(o.playouts, Some(100));
    /// ```
    #[must_use]
    pub const fn with_playouts(mut self, playouts: u64) -> PolicyOptions {
        self.playouts = Some(playouts);
        self
    }

    /// These options with at most `think_ms` milliseconds per decision.
    ///
    /// ```
    /// let o = cards_core::game::PolicyOptions::new(0).with_think_ms(50);
    /// assert_eq!(o.think_ms, Some(50));
    /// ```
    #[must_use]
    pub const fn with_think_ms(mut self, think_ms: u64) -> PolicyOptions {
        self.think_ms = Some(think_ms);
        self
    }

    /// These options with `threads` threads per decision.
    ///
    /// ```
    /// let o = cards_core::game::PolicyOptions::new(0).with_threads(2);
    /// assert_eq!(o.threads, Some(2));
    /// ```
    #[must_use]
    pub const fn with_threads(mut self, threads: usize) -> PolicyOptions {
        self.threads = Some(threads);
        self
    }

    /// Refuses a budget of nothing: `playouts`, `think_ms` or `threads` of 0 (a search given no
    /// playouts or no time would play the first legal action without searching), and more
    /// than [`MAX_THREADS`] threads. The one check
    /// every front end makes (the command line's `--playouts`, `--think-ms`, `--threads`, the
    /// Python `Bot`), so that all refuse with the same words.
    ///
    /// ```
    /// use cards_core::game::{OptionsError, PolicyOptions};
    /// assert_eq!(PolicyOptions::new(0).with_playouts(1).check(), Ok(()));
    /// let e = PolicyOptions::new(0).with_think_ms(0).check().unwrap_err();
    /// assert_eq!(e, OptionsError::Zero("think_ms"));
    /// assert_eq!(e.to_string(), "think_ms must be at least 1 (or unset, for the player's default)");
    /// let e = PolicyOptions::new(0).with_threads(10_000_000).check().unwrap_err();
    /// assert_eq!(e.to_string(), "threads must be 1 to 256 (got 10000000)");
    /// ```
    pub const fn check(&self) -> Result<(), OptionsError> {
        if matches!(self.playouts, Some(0)) {
            Err(OptionsError::Zero("playouts"))
        } else if matches!(self.think_ms, Some(0)) {
            Err(OptionsError::Zero("think_ms"))
        } else if matches!(self.threads, Some(0)) {
            Err(OptionsError::Zero("threads"))
        } else {
            match self.threads {
                Some(n) if n > MAX_THREADS => Err(OptionsError::TooManyThreads(n)),
                _ => Ok(()),
            }
        }
    }
}

/// Why [`PolicyOptions::check`] refuses options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionsError {
    /// This option (`playouts`, `think_ms` or `threads`) is 0.
    Zero(&'static str),
    /// More threads than [`MAX_THREADS`]: this many.
    TooManyThreads(usize),
}

impl Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Zero(option) => write!(
                f,
                "{option} must be at least 1 (or unset, for the player's default)"
            ),
            OptionsError::TooManyThreads(n) => {
                write!(f, "threads must be 1 to {MAX_THREADS} (got {n})")
            }
        }
    }
}

impl core::error::Error for OptionsError {}

/// A player name that no built-in player has. Its message quotes at most 40 characters of
/// the name (then `...`).
///
/// ```
/// let e = cards_core::game::UnknownPolicy::new("x", &["random"]);
/// assert_eq!(e.name(), "x");
/// assert_eq!(e.to_string(), "unknown player \"x\" (expected one of: random)");
/// let long = cards_core::game::UnknownPolicy::new(&"y".repeat(1_000_000), &["random"]);
/// let cut = format!("unknown player \"{}...\" (expected one of: random)", "y".repeat(40));
/// assert_eq!(long.to_string(), cut);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPolicy {
    name: String,
    known: &'static [&'static str],
}

impl UnknownPolicy {
    /// The error for `name`, listing the `known` names.
    #[must_use]
    pub fn new(name: &str, known: &'static [&'static str]) -> UnknownPolicy {
        UnknownPolicy {
            name: name.into(),
            known,
        }
    }

    /// The name asked for.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The names that exist.
    #[must_use]
    pub const fn known(&self) -> &'static [&'static str] {
        self.known
    }
}

impl Display for UnknownPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // the name cut as every echoed name is (a 1 MB name gives a short message)
        let (name, cut) = crate::Short(&self.name).parts();
        let more = if cut { "..." } else { "" };
        write!(
            f,
            "unknown player \"{}{more}\" (expected one of: ",
            name.escape_debug()
        )?;
        for (i, n) in self.known.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(n)?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for UnknownPolicy {}

mod definition;
#[cfg(feature = "dynamic")]
pub mod dynamic;
pub use definition::{Definition, EncodeError, Encoding, ObservationType, as_array, check_length};

pub mod testing_toy;
