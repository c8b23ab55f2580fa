//! Reinforcement-learning environments for any game of the `cards` workspace, written once over
//! its definition traits ([`Definition`](cards_core::game::Definition) and
//! [`Encoding`](cards_core::game::Encoding) of [`cards_core::game`]): a game's fixed
//! enumeration of action ids is the action space, its observation tensors the observations.
//!
//! - [`Env`] is one environment: a game, its legal actions and their ids (one id an action),
//!   its stream of seeded episodes.
//! - [`EnvPool`] is many environments stepped together on a few kept threads: every step
//!   writes one row an environment (observation, rewards, termination, player to act, role)
//!   and the legal ids into buffers allocated once and reused, resets an environment whose
//!   episode ended on the next step (auto-reset), and keeps dense masks up to date for the
//!   caller. Its memory is reckoned and checked before any is allocated.
//! - [`play_batch`] plays whole games of self-play with the game's built-in players on a few
//!   threads and returns the training tuples and records, the same for every number of
//!   threads.
//!
//! Every episode is dealt from a seed stream ([`mix`] of a seed and the episode's number), so
//! the same seeds give the same trajectories on any number of threads. Work that may run long
//! ([`play_batch`], [`Env::play_others`]) checks a stop flag between moves (a signal handler
//! sets it) and ends with [`EnvError::Interrupted`].
//!
//! A trainer's loop: 8 tables of a game, each stepped with a random legal id until 100
//! episodes have ended (here the workspace's toy game; `examples/random_doudizhu.rs` runs the
//! same loop on Dou Dizhu, `cargo run -p cards-env --example random_doudizhu`).
//!
//! ```
//! use cards_env::cards_core::game::{Definition, testing_toy::ToyGame};
//! use cards_env::cards_core::Rng;
//! use cards_env::{Config, EnvPool};
//!
//! let mut pool = EnvPool::<ToyGame>::new(ToyGame::default_rules(), Config::new(8).threads(2))?;
//! pool.reset(Some(7))?;
//! let mut rng = Rng::seed_from_u64(1);
//! let (mut episodes, mut total) = (0, 0.0);
//! let mut actions = vec![0i64; pool.num_envs()];
//! let [planes, width] = pool.obs_shape();
//! while episodes < 100 {
//!     assert_eq!(pool.rows().obs.len(), 8 * planes * width); // one observation a table
//!     for (i, a) in actions.iter_mut().enumerate() {
//!         let legal = pool.legal_ids(i); // empty where the episode just ended: 0 is ignored
//!         let k = rng.below(legal.len().max(1) as u64) as usize;
//!         *a = legal.get(k).map_or(0, |&id| id.into());
//!     }
//!     pool.step(&actions)?;
//!     let rows = pool.rows();
//!     for i in 0..pool.num_envs() {
//!         if rows.terminated[i] == 1 {
//!             episodes += 1;
//!             total += rows.rewards[i * pool.num_players()]; // player 0's return
//!         }
//!     }
//! }
//! assert!((total / episodes as f32).abs() <= 1.0);
//! # Ok::<(), cards_env::EnvError>(())
//! ```

#![forbid(unsafe_code)]

use core::fmt;

pub use cards_core;

mod batch;
mod env;
mod pool;

pub use batch::{BATCH_BYTES, Batch, BatchConfig, play_batch};
pub use env::{Env, self_check};
pub use pool::{Config, EnvPool, MAX_BYTES, Rows};

/// A game's action (`D::Game`'s [`Game::Action`](cards_core::game::Game::Action)).
pub type Action<D> = <<D as cards_core::game::Definition>::Game as cards_core::game::Game>::Action;

/// A 64-bit mix (splitmix64's finaliser): the seed of episode `b` of seed stream `a`, of
/// environment `b` of a pool seeded `a`, and of the players of a game.
///
/// ```
/// assert_ne!(cards_env::mix(7, 0), cards_env::mix(7, 1));
/// assert_eq!(cards_env::mix(7, 1), cards_env::mix(7, 1));
/// ```
#[must_use]
pub const fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Why an environment refused a call. Its text is the one the Python package raises.
///
/// ```
/// use cards_env::cards_core::game::{Definition, testing_toy::ToyGame};
/// use cards_env::{Config, EnvError, EnvPool};
/// let e = EnvPool::<ToyGame>::new(ToyGame::default_rules(), Config::new(usize::MAX / 2));
/// assert!(matches!(e, Err(EnvError::TooLarge { .. })));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum EnvError {
    /// The environments would need more memory than the limit ([`MAX_BYTES`]); nothing was
    /// allocated.
    TooLarge {
        /// The game's name.
        game: &'static str,
        /// The number of environments asked for.
        num_envs: usize,
        /// The bytes they would need (about).
        need: usize,
        /// The limit.
        limit: usize,
        /// Whether the caller's dense masks were counted.
        masks: bool,
    },
    /// A thread count of 0 or past [`cards_core::game::MAX_THREADS`].
    Threads(usize),
    /// A game with more action ids than a `u32` holds.
    TooManyActions(usize),
    /// [`EnvPool::step`] before [`EnvPool::reset`].
    NotStarted,
    /// A step's actions, not one an environment.
    ActionCount {
        /// The number of actions given.
        got: usize,
        /// The number of environments.
        envs: usize,
    },
    /// An action id past the game's action space.
    OutOfRange {
        /// The id.
        id: i64,
        /// The size of the action space.
        num_actions: usize,
    },
    /// An id in range that is not legal now.
    Illegal {
        /// The id.
        id: u32,
        /// Its text.
        text: String,
        /// The legal ids now.
        legal: Vec<u32>,
    },
    /// The game refused the action (a bug of the enumeration).
    Refused {
        /// The id.
        id: u32,
        /// The action's text.
        action: String,
        /// The game's error.
        error: String,
    },
    /// A legal action with no id (a bug of the game's enumeration): the environments never
    /// offer it.
    NoId {
        /// The game's name.
        game: &'static str,
        /// The action's text.
        action: String,
    },
    /// The error of environment `env` of a pool.
    InEnv {
        /// The environment's index.
        env: usize,
        /// Its error.
        error: Box<EnvError>,
    },
    /// A seed the game could not deal from.
    Deal(String),
    /// An observation type the game does not have.
    Encode(cards_core::game::EncodeError),
    /// A built-in player that does not exist, or that chose an action the game refused.
    Player(String),
    /// A self-play batch that cannot be played (its players, its size) or a game of it that
    /// failed, named.
    Batch(String),
    /// An invariant [`self_check`] found broken.
    Check(String),
    /// A worker thread of a pool stopped.
    WorkerStopped,
    /// The stop flag was set.
    Interrupted,
}

impl fmt::Display for EnvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnvError::TooLarge {
                game,
                num_envs,
                need,
                limit,
                masks,
            } => write!(
                f,
                "{num_envs} envs of {game} need about {} MiB, past the limit of {} MiB (ask for \
                 fewer envs{})",
                need >> 20,
                limit >> 20,
                if *masks { ", or no dense masks" } else { "" }
            ),
            EnvError::Threads(n) => write!(
                f,
                "threads must be 1 to {} (got {n})",
                cards_core::game::MAX_THREADS
            ),
            EnvError::TooManyActions(n) => write!(f, "{n} action ids do not fit in 32 bits"),
            EnvError::NotStarted => f.write_str("step() before reset(): call reset() first"),
            EnvError::ActionCount { got, envs } => {
                write!(f, "actions has {got} entries for {envs} envs")
            }
            EnvError::OutOfRange { id, num_actions } => {
                write!(f, "action {id} is out of range (0..{num_actions})")
            }
            EnvError::Illegal { id, text, legal } => {
                write!(f, "action {id} ({text}) is not legal now; legal ids: ")?;
                for (i, x) in legal.iter().take(12).enumerate() {
                    write!(f, "{}{x}", if i > 0 { ", " } else { "" })?;
                }
                if legal.len() > 12 {
                    write!(f, ", ... ({} in all)", legal.len())?;
                }
                Ok(())
            }
            EnvError::Refused { id, action, error } => {
                write!(f, "action {id} ({action}) was refused: {error}")
            }
            EnvError::NoId { game, action } => write!(f, "{game} action {action} has no id"),
            EnvError::InEnv { env, error } => write!(f, "env {env}: {error}"),
            EnvError::Deal(s) | EnvError::Player(s) | EnvError::Batch(s) | EnvError::Check(s) => {
                f.write_str(s)
            }
            EnvError::Encode(e) => write!(f, "{e}"),
            EnvError::WorkerStopped => f.write_str("a worker thread of the environments stopped"),
            EnvError::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for EnvError {}

impl From<cards_core::game::EncodeError> for EnvError {
    fn from(e: cards_core::game::EncodeError) -> EnvError {
        EnvError::Encode(e)
    }
}

/// The number of action ids under `rules`, as the `u32` the environments store ids in.
pub(crate) fn num_actions<D: cards_core::game::Encoding>(
    rules: &D::Rules,
) -> Result<u32, EnvError> {
    D::check_rules(rules)?;
    let n = D::num_actions(rules);
    u32::try_from(n).map_err(|_| EnvError::TooManyActions(n))
}
