//! The Python classes over the `cards_env` engine: `VecEnv` (an [`EnvPool`], stepped with the
//! GIL released) and `Env` (one [`Env`], one call a step, for the `PettingZoo` and Gymnasium
//! envs). Each holds the engine of one game behind an enum; every method is written once,
//! generic over the game's definition ([`Encoding`]), and dispatched by macro.

use cards_core::game::{Definition, Encoding, Game as _, MAX_THREADS, ObservationType};
use cards_env::{Batch, BatchConfig, Config, Env, EnvError, EnvPool, play_batch, self_check};
use daifugo::Daifugo;
use doudizhu::DouDizhu;
use kabu::Kabu;
use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

/// The game names the environments take.
const GAMES: &str = "doudizhu, daifugo, kabu";

fn value_err(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// An engine error as Python sees it: `MemoryError` for a pool past the memory limit,
/// `ValueError` for the rest, in the words the package has always used.
fn env_err(e: EnvError) -> PyErr {
    match e {
        EnvError::TooLarge { .. } => PyMemoryError::new_err(format!("VectorEnv: {e}")),
        EnvError::WorkerStopped => value_err("a worker thread of the VectorEnv stopped"),
        e => value_err(e),
    }
}

/// Refuses a thread count of 0 or past [`MAX_THREADS`], as the bots do.
fn check_threads(threads: usize) -> PyResult<()> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(value_err(format!(
            "threads must be 1 to {MAX_THREADS} (got {threads})"
        )));
    }
    Ok(())
}

/// What the Python classes add to a game's definition: the variant of the enums that holds
/// its engine, and the rules its environments refuse.
trait PyGame: Encoding<Game: Send + cards_core::game::Game<Action: Send>> {
    /// Whether every legal action has an id of its own ([`self_check`]'s `strict`).
    const DISTINCT_IDS: bool = true;

    fn pool(pool: EnvPool<Self>) -> AnyVec;

    fn env(env: Env<Self>) -> AnyEnv;

    /// Why the environments refuse `rules` (named `text`), beside rules that do not parse.
    fn refuse(_rules: &Self::Rules, _text: Option<&str>) -> Result<(), String> {
        Ok(())
    }
}

impl PyGame for DouDizhu {
    // an id names a multiset of cards, which two legal plays may share
    const DISTINCT_IDS: bool = false;

    fn pool(pool: EnvPool<Self>) -> AnyVec {
        AnyVec::Ddz(pool)
    }

    fn env(env: Env<Self>) -> AnyEnv {
        AnyEnv::Ddz(env)
    }

    /// Rules whose plays are not `RLCard`'s, whose ids the environments use (another rules'
    /// plays may have none).
    fn refuse(rules: &doudizhu::GameRules, text: Option<&str>) -> Result<(), String> {
        if rules.plays == doudizhu::Rules::STANDARD {
            return Ok(());
        }
        Err(format!(
            "the Dou Dizhu environments use RLCard's action ids, which name the standard \
                 plays: rules {:?} have other plays (use standard or rlcard, with options)",
            text.unwrap_or_default()
        ))
    }
}

impl PyGame for Daifugo {
    fn pool(pool: EnvPool<Self>) -> AnyVec {
        AnyVec::Dfg(pool)
    }

    fn env(env: Env<Self>) -> AnyEnv {
        AnyEnv::Dfg(env)
    }
}

impl PyGame for Kabu {
    fn pool(pool: EnvPool<Self>) -> AnyVec {
        AnyVec::Kabu(pool)
    }

    fn env(env: Env<Self>) -> AnyEnv {
        AnyEnv::Kabu(env)
    }
}

/// A game name none of the environments has.
struct UnknownGame(String);

impl From<UnknownGame> for String {
    fn from(UnknownGame(name): UnknownGame) -> String {
        format!("unknown game {name:?} (expected one of: {GAMES})")
    }
}

impl From<UnknownGame> for PyErr {
    fn from(e: UnknownGame) -> PyErr {
        value_err(String::from(e))
    }
}

/// `$body` with `$D` the definition of the game named `$game` (its name trimmed, in any
/// case), or the error of an unknown game.
macro_rules! by_name {
    ($game:expr, $D:ident => $body:expr) => {
        match $game.trim().to_ascii_lowercase().as_str() {
            "doudizhu" => {
                type $D = DouDizhu;
                $body
            }
            "daifugo" => {
                type $D = Daifugo;
                $body
            }
            "kabu" => {
                type $D = Kabu;
                $body
            }
            other => Err(UnknownGame(other.to_string()).into()),
        }
    };
}

/// The rules named by `text` (a preset name with options; the game's default preset for
/// `None`) and the observation encoding named `obs` (`None`: the game's first), as the
/// environments take them.
fn parse<D: PyGame>(
    text: Option<&str>,
    obs: Option<&str>,
) -> Result<(D::Rules, ObservationType), String> {
    let kind = match obs.map(str::trim) {
        None => ObservationType::default(),
        Some(name) => D::OBSERVATION_TYPES
            .iter()
            .position(|n| *n == name)
            .map(ObservationType)
            .ok_or_else(|| {
                format!(
                    "unknown observation encoding {name:?} for {} (expected: {})",
                    D::NAME,
                    D::OBSERVATION_TYPES.join(", ")
                )
            })?,
    };
    let rules = text
        .unwrap_or(D::DEFAULT_PRESET)
        .parse()
        .map_err(|e: <D::Rules as std::str::FromStr>::Err| e.to_string())?;
    D::refuse(&rules, text)?;
    Ok((rules, kind))
}

enum AnyVec {
    Ddz(EnvPool<DouDizhu>),
    Dfg(EnvPool<Daifugo>),
    Kabu(EnvPool<Kabu>),
}

enum AnyEnv {
    Ddz(Env<DouDizhu>),
    Dfg(Env<Daifugo>),
    Kabu(Env<Kabu>),
}

macro_rules! each_vec {
    ($e:expr, $c:ident => $body:expr) => {
        match $e {
            AnyVec::Ddz($c) => $body,
            AnyVec::Dfg($c) => $body,
            AnyVec::Kabu($c) => $body,
        }
    };
}

macro_rules! each_env {
    ($e:expr, $s:ident, $G:ident => $body:expr) => {
        match $e {
            AnyEnv::Ddz($s) => {
                #[allow(dead_code)]
                type $G = DouDizhu;
                $body
            }
            AnyEnv::Dfg($s) => {
                #[allow(dead_code)]
                type $G = Daifugo;
                $body
            }
            AnyEnv::Kabu($s) => {
                #[allow(dead_code)]
                type $G = Kabu;
                $body
            }
        }
    };
}

fn copy_into<T: pyo3::buffer::Element + Copy>(
    py: Python<'_>,
    what: &str,
    buf: &PyBuffer<T>,
    src: &[T],
) -> PyResult<()> {
    if buf.item_count() != src.len() || !buf.is_c_contiguous() || buf.readonly() {
        return Err(value_err(format!(
            "{what}: a writable C-contiguous buffer of {} items is needed (got {})",
            src.len(),
            buf.item_count()
        )));
    }
    buf.copy_from_slice(py, src)
}

/// A batch of environments of one game, stepped together in Rust.
#[pyclass(module = "cards_rs._native", name = "VecEnv")]
pub struct PyVecEnv {
    core: AnyVec,
}

/// A pool of `D` from the Python arguments.
fn pool<D: PyGame>(
    (rules, kind): (D::Rules, ObservationType),
    num_envs: usize,
    seed: u64,
    (threads, masks): (usize, bool),
) -> PyResult<AnyVec> {
    let config = Config::new(num_envs)
        .seed(seed)
        .threads(threads)
        .observation(kind)
        .masks(masks);
    EnvPool::new(rules, config).map(D::pool).map_err(env_err)
}

// pyo3 takes buffers by value: they are Python objects' views, released when dropped
#[allow(clippy::needless_pass_by_value)]
#[pymethods]
impl PyVecEnv {
    #[new]
    /// `masks`: the caller will hold dense masks too (counted in the memory check).
    #[pyo3(signature = (game, num_envs, rules = None, seed = 0, threads = 1, obs = None, masks = false))]
    fn new(
        game: &str,
        num_envs: usize,
        rules: Option<&str>,
        seed: u64,
        threads: usize,
        obs: Option<&str>,
        masks: bool,
    ) -> PyResult<Self> {
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(value_err(format!(
                "num_envs must be 1 to 1048576 (got {num_envs})"
            )));
        }
        check_threads(threads)?;
        let how = (threads, masks);
        let core: PyResult<AnyVec> = by_name!(game, D => {
            pool::<D>(parse::<D>(rules, obs).map_err(value_err)?, num_envs, seed, how)
        });
        Ok(PyVecEnv { core: core? })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        each_vec!(&self.core, c => c.num_envs())
    }

    #[getter]
    fn num_players(&self) -> usize {
        each_vec!(&self.core, c => c.num_players())
    }

    #[getter]
    fn num_actions(&self) -> u32 {
        each_vec!(&self.core, c => c.num_actions())
    }

    #[getter]
    fn obs_shape(&self) -> (usize, usize) {
        let [planes, width] = each_vec!(&self.core, c => c.obs_shape());
        (planes, width)
    }

    /// Resets every env (GIL released); env `i` takes the seed stream of (`seed`, `i`), or
    /// its next episode with `seed=None`.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let core = &mut self.core;
        py.allow_threads(|| each_vec!(core, c => c.reset(seed)))
            .map_err(env_err)
    }

    /// Steps every env with `actions` (an int64 buffer, one id per env; GIL released).
    /// Every action is checked first: a `ValueError` names the env and the action, and no
    /// env has moved.
    fn step(&mut self, py: Python<'_>, actions: PyBuffer<i64>) -> PyResult<()> {
        let a = actions.to_vec(py)?;
        let core = &mut self.core;
        py.allow_threads(|| each_vec!(core, c => c.step(&a)))
            .map_err(env_err)
    }

    /// Copies the last reset's or step's arrays into the caller's buffers (reused from step
    /// to step) and returns the number of legal ids in all; `values` (uint32) is written
    /// only when it holds them all (else the caller grows it and calls `write_values`).
    #[allow(clippy::too_many_arguments)]
    fn write(
        &self,
        py: Python<'_>,
        obs: PyBuffer<i8>,
        rewards: PyBuffer<f32>,
        terminated: PyBuffer<u8>,
        truncated: PyBuffer<u8>,
        players: PyBuffer<i32>,
        roles: PyBuffer<i8>,
        offsets: PyBuffer<u64>,
        values: PyBuffer<u32>,
    ) -> PyResult<usize> {
        each_vec!(&self.core, c => {
            let rows = c.rows();
            copy_into(py, "obs", &obs, &rows.obs)?;
            copy_into(py, "rewards", &rewards, &rows.rewards)?;
            copy_into(py, "terminated", &terminated, &rows.terminated)?;
            copy_into(py, "truncated", &truncated, &rows.truncated)?;
            copy_into(py, "players", &players, &rows.players)?;
            copy_into(py, "roles", &roles, &rows.roles)?;
            copy_into(py, "offsets", &offsets, c.legal_offsets())?;
            let ids = c.legal_values();
            if values.item_count() >= ids.len()
                && !values.readonly()
                && let Some(cells) = values.as_mut_slice(py)
            {
                for (cell, &v) in cells.iter().zip(ids) {
                    cell.set(v);
                }
            }
            Ok(ids.len())
        })
    }

    /// Writes the legal ids into `values` (at least as long as their number).
    fn write_values(&self, py: Python<'_>, values: PyBuffer<u32>) -> PyResult<()> {
        each_vec!(&self.core, c => {
            let ids = c.legal_values();
            let cells = values
                .as_mut_slice(py)
                .filter(|s| s.len() >= ids.len())
                .ok_or_else(|| value_err("values: a writable buffer of enough uint32 is needed"))?;
            for (cell, &v) in cells.iter().zip(ids) {
                cell.set(v);
            }
            Ok(())
        })
    }

    /// Updates the dense mask buffer (`num_envs x num_actions` int8, the same buffer every
    /// call): clears the ids set last time, sets the current ones.
    fn write_masks(&mut self, py: Python<'_>, mask: PyBuffer<i8>) -> PyResult<()> {
        let n = self.num_actions() as usize;
        let envs = self.num_envs();
        let cells = mask
            .as_mut_slice(py)
            .filter(|s| s.len() == n * envs)
            .ok_or_else(|| value_err("mask: a writable buffer of num_envs x num_actions int8"))?;
        each_vec!(&mut self.core, c => c.update_masks(|k, on| cells[k].set(i8::from(on))));
        Ok(())
    }

    /// The text of action `id`.
    fn action_text(&self, id: u32) -> PyResult<String> {
        each_vec!(&self.core, c => c.action_text(id)).ok_or_else(|| {
            value_err(format!(
                "action {id} is out of range (0..{})",
                self.num_actions()
            ))
        })
    }
}

/// One environment of one game: a step a call (the `PettingZoo` and Gymnasium envs' core).
#[pyclass(module = "cards_rs._native", name = "Env")]
pub struct PyEnv {
    env: AnyEnv,
}

/// The env at the position `record` (the JSON of the game's record) replays to.
fn load<D: PyGame>(
    record: &str,
    (rules, kind): (D::Rules, ObservationType),
    seed: u64,
) -> PyResult<AnyEnv>
where
    <D::Game as cards_core::game::Game>::Record: serde::de::DeserializeOwned,
{
    let rec: <D::Game as cards_core::game::Game>::Record =
        serde_json::from_str(record).map_err(value_err)?;
    let g = cards_core::game::Record::replay(&rec).map_err(value_err)?;
    Env::with_game(rules, kind, g, seed)
        .map(D::env)
        .map_err(env_err)
}

#[allow(clippy::needless_pass_by_value)]
#[pymethods]
impl PyEnv {
    #[new]
    #[pyo3(signature = (game, rules = None, seed = 0, obs = None))]
    fn new(game: &str, rules: Option<&str>, seed: u64, obs: Option<&str>) -> PyResult<Self> {
        let env: PyResult<AnyEnv> = by_name!(game, D => {
            let (rules, kind) = parse::<D>(rules, obs).map_err(value_err)?;
            Env::new(rules, kind, seed).map(D::env).map_err(env_err)
        });
        Ok(PyEnv { env: env? })
    }

    /// The env at the position a game record (the JSON of the game module's `record()`)
    /// replays to; `reset` deals from seed stream `seed` afterwards.
    #[staticmethod]
    #[pyo3(signature = (game, record, rules = None, seed = 0, obs = None))]
    fn from_record(
        game: &str,
        record: &str,
        rules: Option<&str>,
        seed: u64,
        obs: Option<&str>,
    ) -> PyResult<Self> {
        let env: PyResult<AnyEnv> = by_name!(game, D => {
            load::<D>(record, parse::<D>(rules, obs).map_err(value_err)?, seed)
        });
        Ok(PyEnv { env: env? })
    }

    /// Deals a new game: seed stream `seed` from its first episode, or the next episode.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, seed: Option<u64>) -> PyResult<()> {
        each_env!(&mut self.env, s, G => s.reset(seed)).map_err(env_err)
    }

    /// Plays legal action `id`; returns whether the game is over. An illegal id raises
    /// `ValueError` and changes nothing.
    fn step(&mut self, id: i64) -> PyResult<bool> {
        each_env!(&mut self.env, s, G => {
            let Ok(id) = u32::try_from(id) else {
                return Err(value_err(format!(
                    "action {id} is out of range (0..{})",
                    s.num_actions()
                )));
            };
            s.step(id).map_err(env_err)
        })
    }

    /// Plays built-in players (by name, one per player) until `learner` is to act or the
    /// game is over; returns whether it is over.
    /// The GIL is released while they play; Ctrl-C stops them between moves.
    fn play_others(
        &mut self,
        py: Python<'_>,
        learner: usize,
        names: Vec<String>,
        seed: u64,
    ) -> PyResult<bool> {
        let env = &mut self.env;
        crate::interruptible(
            py,
            |stop| each_env!(env, s, G => s.play_others(learner, &names, seed, stop)),
        )?
        .map_err(env_err)
    }

    /// The built-in players' names.
    #[getter]
    fn policy_names(&self) -> Vec<&'static str> {
        each_env!(&self.env, _s, G => G::policy_names().to_vec())
    }

    /// Plays legal action `id` as `step` does; returns `None` when the game is over, else
    /// the player to act and its legal ids (one call a turn for the AEC env).
    fn step_turn(&mut self, id: i64) -> PyResult<Option<(usize, Vec<u32>)>> {
        if !self.step(id)? {
            return Ok(
                each_env!(&self.env, s, G => s.current().map(|p| (p, s.legal_ids().to_vec()))),
            );
        }
        Ok(None)
    }

    /// Writes `player`'s observation into `out` and, with `mask` given, sets `mask[id] = 1`
    /// for each legal id (the caller's zeroed int8 buffer of `num_actions`).
    #[pyo3(signature = (player, out, mask = None))]
    fn observe_masked(
        &self,
        py: Python<'_>,
        player: usize,
        out: PyBuffer<i8>,
        mask: Option<PyBuffer<i8>>,
    ) -> PyResult<()> {
        self.observe(py, player, out)?;
        match mask {
            Some(m) => self.write_mask(py, m),
            None => Ok(()),
        }
    }

    /// Whether `id` is legal now.
    fn is_legal(&self, id: i64) -> bool {
        each_env!(&self.env, s, G => u32::try_from(id).is_ok_and(|id| s.legal_ids().contains(&id)))
    }

    /// The legal ids now (empty at the end).
    fn legal_ids(&self) -> Vec<u32> {
        each_env!(&self.env, s, G => s.legal_ids().to_vec())
    }

    /// Sets `mask[id] = 1` for each legal id (the caller's zeroed int8 buffer of
    /// `num_actions`).
    fn write_mask(&self, py: Python<'_>, mask: PyBuffer<i8>) -> PyResult<()> {
        each_env!(&self.env, s, G => {
            let n = s.num_actions() as usize;
            let cells = mask
                .as_mut_slice(py)
                .filter(|c| c.len() == n)
                .ok_or_else(|| value_err(format!("mask: a writable int8 buffer of {n}")))?;
            for &id in s.legal_ids() {
                cells[id as usize].set(1);
            }
            Ok(())
        })
    }

    /// Writes `player`'s observation into `out` (int8, planes x width).
    fn observe(&self, py: Python<'_>, player: usize, out: PyBuffer<i8>) -> PyResult<()> {
        each_env!(&self.env, s, G => {
            let [p, w] = s.obs_shape();
            let mut buf = vec![0i8; p * w];
            s.encode(player, &mut buf).map_err(env_err)?;
            copy_into(py, "out", &out, &buf)
        })
    }

    /// The player to act (`None` at the end).
    #[getter]
    fn current_player(&self) -> Option<usize> {
        each_env!(&self.env, s, G => s.current())
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        each_env!(&self.env, s, G => s.current().is_none())
    }

    /// Every player's return (0.0 before the end).
    fn returns(&self) -> Vec<f64> {
        each_env!(&self.env, s, G => s.returns())
    }

    /// The role of `player` (the game's small integer; -1 when none yet).
    fn role(&self, player: usize) -> i8 {
        each_env!(&self.env, s, G => s.role(player))
            .map_or(-1, |r| i8::try_from(r).unwrap_or(i8::MAX))
    }

    /// The text of action `id`.
    fn action_text(&self, id: u32) -> PyResult<String> {
        each_env!(&self.env, s, G => G::action_text(s.rules(), id as usize)
            .ok_or_else(|| value_err(format!("action {id} is out of range (0..{})", s.num_actions()))))
    }

    /// The text of the player to act's view (what `render_mode="ansi"` shows): its
    /// observation, never another hand.
    fn render(&self) -> String {
        each_env!(&self.env, s, G => s.render())
    }

    /// The game's record, the JSON of the game's `record()` in its own module (which
    /// replays it: `doudizhu.Game.from_record`, `daifugo.Game.from_record`,
    /// `kabu.Round.from_record`).
    fn record_json(&self) -> PyResult<String> {
        each_env!(&self.env, s, G => serde_json::to_string(&s.game().record()).map_err(value_err))
    }

    #[getter]
    fn num_actions(&self) -> u32 {
        each_env!(&self.env, s, G => s.num_actions())
    }

    #[getter]
    fn num_players(&self) -> usize {
        each_env!(&self.env, s, G => s.players())
    }

    #[getter]
    fn obs_shape(&self) -> (usize, usize) {
        let [planes, width] = each_env!(&self.env, s, G => s.obs_shape());
        (planes, width)
    }
}

/// Runs [`self_check`] for `game`: returns (steps, encodings compared) or raises the failure.
#[pyfunction]
#[pyo3(signature = (game, rules = None, episodes = 20, seed = 0, obs = None))]
fn rl_self_check(
    py: Python<'_>,
    game: &str,
    rules: Option<&str>,
    episodes: u64,
    seed: u64,
    obs: Option<&str>,
) -> PyResult<(u64, u64)> {
    py.allow_threads(|| -> Result<(u64, u64), String> {
        by_name!(game, D => {
            let (rules, kind) = parse::<D>(rules, obs)?;
            self_check::<D>(&rules, kind, episodes, seed, D::DISTINCT_IDS)
                .map_err(|e| e.to_string())
        })
    })
    .map_err(value_err)
}

/// The meaning of the scalar plane's columns (Dou Dizhu's plane 10, Daifugo's plane 6).
#[pyfunction]
fn scalar_columns(game: &str) -> PyResult<Vec<&'static str>> {
    match game.trim().to_ascii_lowercase().as_str() {
        "doudizhu" => Ok(doudizhu::encode::PLANE_SCALARS.to_vec()),
        "daifugo" => Ok(daifugo::encode::PLANE_SCALARS.to_vec()),
        other => Err(value_err(format!(
            "no scalar plane for {other:?} (doudizhu and daifugo have one)"
        ))),
    }
}

fn le_bytes<'py, T: Copy, const N: usize>(
    py: Python<'py>,
    v: &[T],
    f: impl Fn(T) -> [u8; N],
) -> Bound<'py, pyo3::types::PyBytes> {
    let mut out = Vec::with_capacity(v.len() * N);
    for &x in v {
        out.extend_from_slice(&f(x));
    }
    pyo3::types::PyBytes::new(py, &out)
}

/// A batch's parts, its observation shape and its number of players.
type Played = (Vec<Batch<String>>, (usize, usize), usize);

/// One field of every part, joined into one writable `bytearray` (little-endian) that numpy
/// reads in place: each part's field is freed once copied, so the batch is held about once
/// in Rust and once in Python, never more (a failed allocation raises `MemoryError`).
fn joined<'py, T: Copy, const N: usize>(
    py: Python<'py>,
    parts: &mut [Batch<String>],
    field: impl Fn(&mut Batch<String>) -> &mut Vec<T>,
    f: impl Fn(T) -> [u8; N],
) -> PyResult<Bound<'py, pyo3::types::PyByteArray>> {
    let len = parts.iter_mut().map(|p| field(p).len()).sum::<usize>() * N;
    pyo3::types::PyByteArray::new_with(py, len, |buf| {
        let mut at = buf.chunks_exact_mut(N);
        for p in parts.iter_mut() {
            for (&x, cell) in field(p).iter().zip(&mut at) {
                cell.copy_from_slice(&f(x));
            }
            *field(p) = Vec::new();
        }
        Ok(())
    })
}

/// Self-play data with built-in players (`cards_rs.rl.play_batch` wraps it): the GIL is
/// released while the games are played (Ctrl-C stops them between moves); the arrays come
/// back as little-endian `bytearray`s.
#[pyfunction]
#[pyo3(signature = (game, num_games, policies, rules = None, seed = 0, threads = 1, obs = None, tuples = true, records = true))]
#[allow(clippy::too_many_arguments)]
fn play_batch_raw<'py>(
    py: Python<'py>,
    game: &str,
    num_games: u64,
    policies: Vec<String>,
    rules: Option<&str>,
    seed: u64,
    threads: usize,
    obs: Option<&str>,
    tuples: bool,
    records: bool,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    if num_games == 0 || num_games > 1 << 20 {
        return Err(value_err(format!(
            "num_games must be 1 to 1048576 (got {num_games})"
        )));
    }
    check_threads(threads)?;
    fn run<D: PyGame>(
        (rules, kind): (D::Rules, ObservationType),
        mut config: BatchConfig,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Result<Played, String>
    where
        <D::Game as cards_core::game::Game>::Record: serde::Serialize,
    {
        config.observation = kind;
        let json = |g: &D::Game| serde_json::to_string(&g.record()).map_err(|e| e.to_string());
        let b = play_batch::<D, String>(&rules, &config, &json, stop).map_err(|e| e.to_string())?;
        let [planes, width] = D::observation_shape(&rules, kind).map_err(|e| e.to_string())?;
        Ok((b, (planes, width), D::NUM_PLAYERS))
    }
    let mut config = BatchConfig::new(num_games, &[]);
    config.policies = policies;
    config.seed = seed;
    config.threads = threads;
    config.tuples = tuples;
    config.records = records;
    let (mut parts, shape, np) = crate::interruptible(py, |stop| -> Result<Played, String> {
        by_name!(game, D => run::<D>(parse::<D>(rules, obs)?, config, stop))
    })?
    .map_err(value_err)?;
    // the parts' offsets, each from 0, joined (small: one a game, one a decision)
    let (mut game_offsets, mut legal_offsets) = (vec![0u64], Vec::new());
    if tuples {
        legal_offsets.push(0);
    }
    for p in &parts {
        let (base, lbase) = (
            game_offsets.last().copied().unwrap_or(0),
            legal_offsets.last().copied().unwrap_or(0),
        );
        game_offsets.extend(p.game_offsets.iter().skip(1).map(|&o| o + base));
        legal_offsets.extend(p.legal_offsets.iter().skip(1).map(|&o| o + lbase));
    }
    let records: Vec<String> = parts
        .iter_mut()
        .flat_map(|p| std::mem::take(&mut p.records))
        .collect();
    let d = pyo3::types::PyDict::new(py);
    d.set_item("obs_shape", shape)?;
    d.set_item("num_players", np)?;
    d.set_item("records", records)?;
    d.set_item(
        "seeds",
        joined(py, &mut parts, |b| &mut b.seeds, u64::to_le_bytes)?,
    )?;
    d.set_item(
        "returns",
        joined(py, &mut parts, |b| &mut b.returns, f32::to_le_bytes)?,
    )?;
    d.set_item(
        "game_offsets",
        le_bytes(py, &game_offsets, u64::to_le_bytes),
    )?;
    d.set_item(
        "obs",
        joined(py, &mut parts, |b| &mut b.obs, i8::to_le_bytes)?,
    )?;
    d.set_item(
        "actions",
        joined(py, &mut parts, |b| &mut b.actions, u32::to_le_bytes)?,
    )?;
    d.set_item(
        "players",
        joined(py, &mut parts, |b| &mut b.players, i32::to_le_bytes)?,
    )?;
    d.set_item(
        "roles",
        joined(py, &mut parts, |b| &mut b.roles, i8::to_le_bytes)?,
    )?;
    d.set_item(
        "legal_ids",
        joined(py, &mut parts, |b| &mut b.legal_values, u32::to_le_bytes)?,
    )?;
    d.set_item(
        "legal_offsets",
        le_bytes(py, &legal_offsets, u64::to_le_bytes),
    )?;
    Ok(d)
}

/// `DouZero`'s action rows (`x_batch`'s last 54 columns) of Dou Dizhu action ids, one after
/// another (zeros for pass and the auction's ids).
#[pyfunction]
fn douzero_action_rows<'py>(
    py: Python<'py>,
    ids: Vec<i64>,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let mut out = Vec::with_capacity(ids.len() * doudizhu::encode::DOUZERO_ACTION);
    for (i, &id) in ids.iter().enumerate() {
        let cards = u32::try_from(id)
            .ok()
            .and_then(doudizhu::encode::action_cards)
            .ok_or_else(|| {
                value_err(format!(
                    "ids[{i}]: action {id} is out of range (0..{})",
                    doudizhu::encode::ACTIONS
                ))
            })?;
        out.extend(doudizhu::encode::cards54(cards).map(i8::cast_unsigned));
    }
    Ok(pyo3::types::PyBytes::new(py, &out))
}

/// The set entries of an int8 action mask, in order (`Discrete.sample(mask)`'s candidates),
/// or `None` when an entry is neither 0 nor 1: one pass over the caller's buffer, 64 bytes at
/// a time (Dou Dizhu's 27,477 in about 2 us).
#[pyfunction]
fn mask_ids(py: Python<'_>, mask: PyBuffer<i8>) -> PyResult<Option<Vec<u32>>> {
    let cells = mask
        .as_slice(py)
        .filter(|_| mask.dimensions() == 1)
        .ok_or_else(|| value_err("mask: a C-contiguous 1-d int8 buffer is needed"))?;
    Ok(set_entries(cells, |c| c.get()))
}

/// The indices of the 1s of `cells` read by `get` (`None` if one is neither 0 nor 1): 64 at a
/// time, each block OR-ed together (which the compiler vectorises) and read one by one only
/// when it holds a 1.
fn set_entries<T>(cells: &[T], get: impl Fn(&T) -> i8) -> Option<Vec<u32>> {
    let mut ids = Vec::new();
    let mut bad = 0u8;
    for (b, block) in cells.chunks(64).enumerate() {
        let any = block.iter().fold(0u8, |a, c| a | get(c).cast_unsigned());
        bad |= any & 0xFE;
        if any != 0 {
            for (k, c) in block.iter().enumerate() {
                if get(c) != 0 {
                    ids.push(u32::try_from(b * 64 + k).ok()?);
                }
            }
        }
    }
    (bad == 0).then_some(ids)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(douzero_action_rows, m)?)?;
    m.add_function(wrap_pyfunction!(play_batch_raw, m)?)?;
    m.add_class::<PyVecEnv>()?;
    m.add_class::<PyEnv>()?;
    m.add_function(wrap_pyfunction!(rl_self_check, m)?)?;
    m.add_function(wrap_pyfunction!(scalar_columns, m)?)?;
    m.add_function(wrap_pyfunction!(mask_ids, m)?)?;
    Ok(())
}
