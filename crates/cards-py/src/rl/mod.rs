//! Reinforcement-learning environments for Python: the `cards_env` engine ([`cards_env::EnvPool`],
//! [`cards_env::Env`], [`cards_env::play_batch`]) behind the `_native` classes `VecEnv` and
//! `Env` and the functions the `cards_rs.rl` module wraps. Written once over the games'
//! definitions ([`cards_core::game::Encoding`]): nothing here is per game but its name.
//!
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
/// its engine.
trait PyGame: Encoding<Game: Send + cards_core::game::Game<Action: Send>> {
    fn pool(pool: EnvPool<Self>) -> AnyVec;

    fn env(env: Env<Self>) -> AnyEnv;
}

impl PyGame for DouDizhu {
    fn pool(pool: EnvPool<Self>) -> AnyVec {
        AnyVec::Ddz(pool)
    }

    fn env(env: Env<Self>) -> AnyEnv {
        AnyEnv::Ddz(env)
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
    D::check_rules(&rules).map_err(|e| e.to_string())?;
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

mod batch;
mod env;
mod vec_env;

use batch::{douzero_action_rows, mask_ids, play_batch_raw, rl_self_check, scalar_columns};
use env::PyEnv;
use vec_env::PyVecEnv;

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
