//! Whole games of self-play with built-in players, on a few threads.

use std::sync::atomic::{AtomicBool, Ordering};

use cards_core::game::{Encoding, Game, ObservationType, Players, Policy as _};

use crate::{Env, EnvError, mix};

/// The most bytes of tuples (observations, legal ids, actions, players, roles, offsets)
/// [`play_batch`] holds: more is an error.
pub const BATCH_BYTES: usize = 1 << 31;

/// The bytes of a decision's tuple besides its observation and legal ids: action, player,
/// role, legal offset.
const PER_DECISION: usize = 4 + 4 + 1 + 8;

/// What [`play_batch`] plays: how many games, by whom, from which seed, on how many threads,
/// and what it keeps.
///
/// ```
/// let c = cards_env::BatchConfig::new(100, &["random"]);
/// assert_eq!((c.num_games, c.threads, c.tuples, c.records), (100, 1, true, true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BatchConfig {
    /// The number of games.
    pub num_games: u64,
    /// The built-in players by name ([`Players::policy`]): one for every player, or one for
    /// all. Player `p` of game `i` is seeded from the game's stream and `p`.
    pub policies: Vec<String>,
    /// Game `i` deals from seed stream [`mix`]`(seed, i)`.
    pub seed: u64,
    /// The threads that play (each a share of the games, in order).
    pub threads: usize,
    /// The observation type of the tuples.
    pub observation: ObservationType,
    /// Whether to keep the training tuples.
    pub tuples: bool,
    /// Whether to keep every game's record.
    pub records: bool,
}

impl BatchConfig {
    /// `num_games` games of `policies`, seed 0, one thread, the first observation type,
    /// tuples and records.
    #[must_use]
    pub fn new(num_games: u64, policies: &[&str]) -> BatchConfig {
        BatchConfig {
            num_games,
            policies: policies.iter().map(|s| (*s).to_string()).collect(),
            seed: 0,
            threads: 1,
            observation: ObservationType::default(),
            tuples: true,
            records: true,
        }
    }
}

/// What [`play_batch`] produces (one part a thread, each in game order, its offsets from 0):
/// per game its record, its deal's seed stream and every player's return; per decision (the
/// training tuples, in game order) the acting player's observation, its role, the action's
/// id and the legal ids then.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch<R> {
    /// Game `i`'s record, as the caller's function made it (empty without records).
    pub records: Vec<R>,
    /// Game `i`'s seed stream: an [`Env`] made with it deals game `i`.
    pub seeds: Vec<u64>,
    /// Every player's return, `num_players` a game.
    pub returns: Vec<f32>,
    /// The decisions of game `i` are `game_offsets[i]..game_offsets[i + 1]`.
    pub game_offsets: Vec<u64>,
    /// The observations, `rows x columns` values a decision.
    pub obs: Vec<i8>,
    /// The id of each decision's action.
    pub actions: Vec<u32>,
    /// The player of each decision.
    pub players: Vec<i32>,
    /// The role of each decision's player ([`Encoding::role`], -1 for none).
    pub roles: Vec<i8>,
    /// The legal ids of decision `k` are `legal_values[legal_offsets[k]..legal_offsets[k + 1]]`.
    pub legal_values: Vec<u32>,
    /// Where each decision's legal ids start.
    pub legal_offsets: Vec<u64>,
}

impl<R> Default for Batch<R> {
    fn default() -> Self {
        Batch {
            records: Vec::new(),
            seeds: Vec::new(),
            returns: Vec::new(),
            game_offsets: Vec::new(),
            obs: Vec::new(),
            actions: Vec::new(),
            players: Vec::new(),
            roles: Vec::new(),
            legal_values: Vec::new(),
            legal_offsets: Vec::new(),
        }
    }
}

/// Plays games `first..first + count` of a batch.
fn play_games<D: Encoding, R>(
    rules: &D::Rules,
    config: &BatchConfig,
    (first, count): (u64, u64),
    record: &(impl Fn(&D::Game) -> Result<R, String> + Sync),
    budget: usize,
    stop: &AtomicBool,
) -> Result<Batch<R>, EnvError> {
    let policies = &config.policies;
    let mut b = Batch::default();
    b.game_offsets.push(0);
    if config.tuples {
        b.legal_offsets.push(0);
    }
    let ow = {
        let [planes, width] = D::observation_shape(rules, config.observation)?;
        planes * width
    };
    for i in first..first + count {
        let stream = mix(config.seed, i);
        let mut env = Env::<D>::new(*rules, config.observation, stream)?;
        let np = env.players();
        let mut seats = Vec::with_capacity(np);
        for p in 0..np {
            let name = &policies[p % policies.len()];
            seats.push(
                <D::Game as Players>::policy(name, mix(stream, 1 << 32 | p as u64))
                    .map_err(|e| EnvError::Player(e.to_string()))?,
            );
        }
        while let Some(p) = env.current() {
            if let Some(m) = env.take_error() {
                return Err(m);
            }
            if stop.load(Ordering::Relaxed) {
                return Err(EnvError::Interrupted);
            }
            let action = seats[p].choose(&env.game().observation(p), env.legal_actions());
            let Some(k) = env.legal_actions().iter().position(|a| *a == action) else {
                return Err(EnvError::Batch(format!(
                    "game {i}: player {p} ({}) chose {action}, which is not among the legal actions",
                    policies[p % policies.len()]
                )));
            };
            let id = env.legal_ids()[k];
            if config.tuples {
                let at = b.obs.len();
                b.obs.resize(at + ow, 0);
                env.encode(p, &mut b.obs[at..])?;
                b.actions.push(id);
                b.players.push(i32::try_from(p).unwrap_or(-1));
                b.roles.push(
                    env.role(p)
                        .map_or(-1, |r| i8::try_from(r).unwrap_or(i8::MAX)),
                );
                b.legal_values.extend_from_slice(env.legal_ids());
                b.legal_offsets.push(b.legal_values.len() as u64);
                if b.obs.len() + 4 * b.legal_values.len() + PER_DECISION * b.actions.len() > budget
                {
                    return Err(EnvError::Batch(format!(
                        "play_batch: the training tuples pass {} MiB (at game {i}); ask for fewer \
                         games, or records only",
                        BATCH_BYTES >> 20
                    )));
                }
            }
            env.step(id)
                .map_err(|e| EnvError::Batch(format!("game {i}: player {p}: {e}")))?;
        }
        b.seeds.push(stream);
        b.returns.extend(env.returns().iter().map(|&r| r as f32));
        b.game_offsets.push(b.actions.len() as u64);
        if config.records {
            b.records.push(record(env.game()).map_err(EnvError::Batch)?);
        }
    }
    Ok(b)
}

/// Plays `config.num_games` whole games of self-play with built-in players on
/// `config.threads` threads: game `i` deals from seed stream [`mix`]`(seed, i)` and its
/// players are seeded from it, so the batch is the same for every number of threads. With
/// `config.records`, `record` makes each game's record (`|g| Ok(g.record())`, or its JSON).
/// Returns the threads' parts, each in game order with its offsets from 0 (the caller joins
/// them once, into its own buffers).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use cards_env::cards_core::game::{Definition, Game, testing_toy::{Toy, ToyGame}};
/// use cards_env::{BatchConfig, play_batch};
/// let rules = ToyGame::default_rules();
/// let mut config = BatchConfig::new(10, &["random", "first"]);
/// config.threads = 2;
/// let (record, stop) = (|g: &Toy| Ok(g.record()), AtomicBool::new(false));
/// let parts = play_batch::<ToyGame, _>(&rules, &config, &record, &stop)?;
/// assert_eq!(parts.iter().map(|p| p.records.len()).sum::<usize>(), 10);
/// config.threads = 1;
/// let one = play_batch::<ToyGame, _>(&rules, &config, &record, &stop)?;
/// assert_eq!(one[0].actions, parts.iter().flat_map(|p| p.actions.clone()).collect::<Vec<_>>());
/// # Ok::<(), cards_env::EnvError>(())
/// ```
///
/// # Errors
///
/// [`EnvError::Batch`] for no players, a number of them that is neither 1 nor the players',
/// tuples past [`BATCH_BYTES`], or a game that failed (named with its player);
/// [`EnvError::Player`] for an unknown player; [`EnvError::Interrupted`] once `stop` is set
/// (every thread checks it before its next move).
pub fn play_batch<D: Encoding, R: Send>(
    rules: &D::Rules,
    config: &BatchConfig,
    record: &(impl Fn(&D::Game) -> Result<R, String> + Sync),
    stop: &AtomicBool,
) -> Result<Vec<Batch<R>>, EnvError> {
    let policies = &config.policies;
    if config.threads > cards_core::game::MAX_THREADS {
        return Err(EnvError::Threads(config.threads));
    }
    if policies.is_empty() {
        return Err(EnvError::Batch(
            "policies: name at least one built-in player".into(),
        ));
    }
    let np = D::NUM_PLAYERS;
    if policies.len() != 1 && policies.len() != np {
        return Err(EnvError::Batch(format!(
            "policies: {} names for {np} players (give one for every player, or one for all)",
            policies.len()
        )));
    }
    for (p, name) in policies.iter().enumerate() {
        <D::Game as Players>::policy(name, 0)
            .map_err(|e| EnvError::Player(format!("policies[{p}]: {e}")))?;
    }
    D::observation_shape(rules, config.observation)?;
    let num_games = config.num_games;
    let threads = (config.threads.max(1) as u64).min(num_games.max(1));
    let chunk = num_games.div_ceil(threads);
    let budget = BATCH_BYTES / threads as usize;
    let parts: Vec<Result<Batch<R>, EnvError>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let first = (t * chunk).min(num_games);
                let count = chunk.min(num_games - first);
                s.spawn(move || {
                    play_games::<D, R>(rules, config, (first, count), record, budget, stop)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(EnvError::Batch("a play_batch thread panicked".into())))
            })
            .collect()
    });
    parts.into_iter().collect()
}
