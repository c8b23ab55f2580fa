//! `cards_rs.arena(...)`: the command line's arena (`cards_cli::arena`, what `cards <game>
//! arena` runs), with Python callables among the entrants. The seating, the deals, the
//! statistics and their intervals are the command's own; a callable is one more player of
//! the one game interface, asked what an `exec:` agent is asked (the seat's observation as
//! JSON, the legal actions' texts) and answering as an agent does (an index or an action's
//! text).

use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use cards_cli::agent::{AgentArgs, Choice, Fault, MAX_AGENT_MS, action_text, pick};
use cards_cli::arena::{self, Arena, ArenaError, Hooks, Report};
use cards_cli::common::{draw_seed, parse_name, player_names};
use cards_core::game::Policy;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

use crate::CardsError;

create_exception!(
    cards_rs,
    PlayerError,
    CardsError,
    "An arena player that failed: a callable that raised (the exception is the cause) or \
     answered no legal action, or an exec: agent that failed; the message names the deal, the \
     seat and the player."
);

/// The entrants as given: a built-in name or agent (`exec:COMMAND`), or a callable with its
/// label.
enum Entrant {
    Named(String),
    Callable(String, Py<PyAny>),
}

impl Entrant {
    fn label(&self) -> &str {
        match self {
            Entrant::Named(name) | Entrant::Callable(name, _) => name,
        }
    }
}

/// What went wrong with a callable.
enum Why {
    /// It raised.
    Raised(PyErr),
    /// Its answer is no legal action (in words).
    Answer(String),
}

/// A callable's failure: where, who and why.
struct Failure {
    seat_word: &'static str,
    seat: usize,
    label: String,
    why: Why,
}

impl Failure {
    /// `seat 1 (first_legal): the player raised ZeroDivisionError: division by zero`.
    fn message(&self, py: Python<'_>) -> String {
        let why = match &self.why {
            Why::Raised(e) => {
                let kind = e
                    .get_type(py)
                    .name()
                    .map_or_else(|_| "an exception".to_string(), |n| n.to_string());
                format!("the player raised {kind}: {}", e.value(py))
            }
            Why::Answer(text) => text.clone(),
        };
        format!("{} {} ({}): {why}", self.seat_word, self.seat, self.label)
    }
}

/// The slot the first failure of a run's callables goes to.
type Slot = Rc<RefCell<Option<Failure>>>;

/// A callable as a player: asked as an agent is, its failure noted in the run's slot (and the
/// first legal action played in its place, the run then stopping).
struct Callable<G> {
    f: Py<PyAny>,
    seat: usize,
    label: String,
    failed: Slot,
    game: PhantomData<fn() -> G>,
}

impl<G: Arena> Callable<G> {
    fn ask(&self, obs: &G::Observation<'_>, legal: &[G::Action]) -> Result<G::Action, Why> {
        Python::with_gil(|py| {
            let json = G::observation_json(obs).to_string();
            let obs = py
                .import("json")
                .and_then(|m| m.call_method1("loads", (json,)))
                .map_err(Why::Raised)?;
            let texts: Vec<String> = legal.iter().map(action_text).collect();
            let answer = self.f.bind(py).call1((obs, texts)).map_err(Why::Raised)?;
            let shown = || {
                answer
                    .repr()
                    .map_or_else(|_| "?".to_string(), |r| short(&r.to_string()))
            };
            let choice = if let Ok(text) = answer.downcast::<PyString>() {
                Choice::Text(text.to_string())
            } else if answer.is_instance_of::<PyBool>() {
                return Err(Why::Answer(no_answer(&shown())));
            } else if let Ok(index) = answer.extract::<u64>() {
                Choice::Index(index)
            } else {
                return Err(Why::Answer(no_answer(&shown())));
            };
            pick::<G>(choice, legal).map_err(|fault| {
                Why::Answer(match fault {
                    Fault::Index { index, legal } => format!(
                        "the player returned {index}, not one of the {legal} legal actions' indices (0 to {})",
                        legal.saturating_sub(1)
                    ),
                    _ => format!("the player returned {}, not a legal action", shown()),
                })
            })
        })
    }
}

/// The words for an answer that is neither an index nor a text.
fn no_answer(shown: &str) -> String {
    format!("the player returned {shown}, not a legal action's index (an int) or its text (a str)")
}

/// `text` cut to 80 characters.
fn short(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

impl<G: Arena> Policy<G> for Callable<G> {
    fn choose(&mut self, obs: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        if self.failed.borrow().is_some() {
            return legal[0];
        }
        match self.ask(obs, legal) {
            Ok(action) => action,
            Err(why) => {
                *self.failed.borrow_mut() = Some(Failure {
                    seat_word: G::SEAT_WORD,
                    seat: self.seat,
                    label: self.label.clone(),
                    why,
                });
                legal[0]
            }
        }
    }
}

/// The run's hooks: the callables, the failure slot, the interrupt flag.
struct PyHooks<'a> {
    callables: Vec<Option<(String, Py<PyAny>)>>,
    failed: Slot,
    interrupted: &'a AtomicBool,
}

impl<G: Arena> Hooks<G> for PyHooks<'_> {
    fn own(&self, entrant: usize) -> bool {
        matches!(self.callables.get(entrant), Some(Some(_)))
    }

    fn player(&mut self, entrant: usize, seat: usize) -> Box<dyn Policy<G>> {
        let Some(Some((label, f))) = self.callables.get(entrant) else {
            unreachable!("the arena asks for its own entrants only")
        };
        Box::new(Callable::<G> {
            f: Python::with_gil(|py| f.clone_ref(py)),
            seat,
            label: label.clone(),
            failed: Rc::clone(&self.failed),
            game: PhantomData,
        })
    }

    fn stop(&mut self) -> Option<String> {
        if let Some(f) = &*self.failed.borrow() {
            return Some(Python::with_gil(|py| f.message(py)));
        }
        self.interrupted
            .load(Ordering::Relaxed)
            .then(|| "interrupted".to_string())
    }
}

/// What a run hands back: its report or error, and a callable's failure.
type Outcome = (Result<Report, ArenaError>, Option<Failure>);

/// Runs the arena of `G` on the worker of [`crate::interruptible`].
fn run<G: Arena>(
    rules: cards_cli::drive::RulesOf<G>,
    entrants: Vec<Entrant>,
    (deals, seed): (u64, u64),
    budget: (cards_cli::drive::ThinkArgs, AgentArgs),
    interrupted: &AtomicBool,
) -> Outcome {
    let labels: Vec<String> = entrants.iter().map(|e| e.label().to_string()).collect();
    let names: Vec<&str> = labels.iter().map(String::as_str).collect();
    let mut hooks = PyHooks {
        callables: entrants
            .into_iter()
            .map(|e| match e {
                Entrant::Named(_) => None,
                Entrant::Callable(label, f) => Some((label, f)),
            })
            .collect(),
        failed: Slot::default(),
        interrupted,
    };
    let report = arena::run_with::<G>(rules, &names, (deals, seed), budget, &mut hooks, |_, _| {});
    let failure = hooks.failed.borrow_mut().take();
    (report, failure)
}

/// A whole-number argument (`None`: absent): a `ValueError` for what is no `u64` (an int
/// below 0 or past 2^64 - 1, a float, a bool, ...), its words saying the least the engine takes
/// (`least`); the engine's own checks refuse the rest (a 0 where 1 or more is needed, too many
/// threads) in their words, as the command line does.
fn whole(name: &str, value: Option<&Bound<'_, PyAny>>, least: u64) -> PyResult<Option<u64>> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let n = (!v.is_instance_of::<PyBool>())
        .then(|| v.extract::<u64>().ok())
        .flatten();
    n.map(Some).ok_or_else(|| {
        let shown = v
            .repr()
            .map_or_else(|_| "?".to_string(), |r| short(&r.to_string()));
        PyValueError::new_err(format!(
            "{name} must be a whole number, {least} or more, not {shown}"
        ))
    })
}

/// The entrants: a list of names and callables, or one string of names (as `--entrants`
/// takes them).
fn entrants_of(entrants: &Bound<'_, PyAny>) -> PyResult<Vec<Entrant>> {
    if let Ok(text) = entrants.downcast::<PyString>() {
        let text = text.to_string();
        return Ok(player_names(&[text])
            .into_iter()
            .map(|n| Entrant::Named(n.to_string()))
            .collect());
    }
    let mut out = Vec::new();
    for (i, item) in entrants
        .try_iter()
        .map_err(|_| PyTypeError::new_err("entrants must be a list of names and callables"))?
        .enumerate()
    {
        let item = item?;
        if let Ok(name) = item.downcast::<PyString>() {
            out.push(Entrant::Named(name.to_string()));
        } else if item.is_callable() {
            let label = item
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .or_else(|_| item.repr().map(|r| r.to_string()))?;
            out.push(Entrant::Callable(label, item.unbind()));
        } else {
            return Err(PyTypeError::new_err(format!(
                "entrants[{i}] is {}, not a player name (str) or a callable",
                item.get_type().name()?
            )));
        }
    }
    Ok(out)
}

/// The rules of `G` by name (case-insensitive), `default` when absent.
fn rules_of<R: std::str::FromStr>(name: Option<&str>, default: &str) -> PyResult<R>
where
    R::Err: std::fmt::Display,
{
    parse_name(name.unwrap_or(default))
        .map_err(|e: R::Err| PyValueError::new_err(format!("rules: {e}")))
}

/// An arena error as Python raises it: a player's failure as `PlayerError`, bad arguments as
/// `CardsError` (a `ValueError`) in the words of the command line without its `--`.
fn raise(py: Python<'_>, error: &ArenaError, failure: Option<Failure>) -> PyErr {
    let message = error
        .to_string()
        .replace("--entrants", "entrants")
        .replace("--deals", "deals");
    match (error, failure) {
        (
            ArenaError::Stopped { .. },
            Some(Failure {
                why: Why::Raised(cause),
                ..
            }),
        ) if !cause.is_instance_of::<PyException>(py) => {
            // KeyboardInterrupt, SystemExit: as raised
            cause
        }
        (
            ArenaError::Stopped { .. },
            Some(Failure {
                why: Why::Raised(cause),
                ..
            }),
        ) => {
            let e = PlayerError::new_err(message);
            e.set_cause(py, Some(cause));
            e
        }
        (ArenaError::Stopped { .. } | ArenaError::Agent { .. } | ArenaError::Refused { .. }, _) => {
            PlayerError::new_err(message)
        }
        _ => CardsError::new_err(message),
    }
}

/// Compares players over seeded deals as `cards <game> arena --json` does, and returns its
/// JSON report as a dict (the same seatings, games and figures, each with its 95% interval;
/// only the times differ from run to run).
///
/// `game` is `"doudizhu"`, `"daifugo"` or `"kabu"`; `entrants` a list of built-in player
/// names (`Bot.names()` of the game's module), `exec:COMMAND` agents and Python callables
/// (or one string of names, as `--entrants` takes them). A callable is called
/// `f(observation, legal)` for each decision of its seat: `observation` is what an `exec:`
/// agent gets (the seat's view as a dict), `legal` the legal actions' texts; it returns the
/// index of its action in `legal` or the action's text. Its label in the report is its
/// `__name__`.
///
/// `deals` seeded deals (deal i from `seed + i`; `seed` drawn below 2^31 when absent), each
/// played under every seating; `rules` the game's rules by name (default: doudizhu `rlcard`,
/// daifugo `uecda`, kabu `default`); `playouts`, `think_ms` and `threads` a thinking player's
/// budget (`search`); `agent_ms` an `exec:` agent's time a decision.
///
/// Raises `CardsError` (a `ValueError`) for what the command refuses (an unknown name, the
/// wrong number of entrants, `deals=0`, `threads` over 256, ...) and `PlayerError` when a
/// callable raises (its exception is the cause) or answers no legal action, or an agent
/// fails: the message names the deal, the seat and the player. Ctrl-C stops the run
/// (`KeyboardInterrupt`) after the decision being made.
#[pyfunction]
#[pyo3(name = "arena", signature = (game, entrants, deals=None, seed=None, rules=None, playouts=None, think_ms=None, threads=None, agent_ms=None))]
#[allow(clippy::too_many_arguments)]
fn py_arena(
    py: Python<'_>,
    game: &str,
    entrants: &Bound<'_, PyAny>,
    deals: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    rules: Option<&str>,
    playouts: Option<&Bound<'_, PyAny>>,
    think_ms: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    agent_ms: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let entrants = entrants_of(entrants)?;
    let deals = whole("deals", deals, 1)?.unwrap_or(100);
    // as the command draws it: below 2^31, room below 2^32 for the deals' seeds
    let seed = whole("seed", seed, 0)?.unwrap_or_else(|| draw_seed() & 0x7fff_ffff);
    let think = cards_cli::drive::ThinkArgs {
        playouts: whole("playouts", playouts, 1)?,
        think_ms: whole("think_ms", think_ms, 1)?,
        threads: whole("threads", threads, 1)?,
    };
    // the limits every front end checks, in its words (1 or more; threads at most MAX_THREADS)
    think
        .options(0)
        .check()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(t) = think.threads
        && usize::try_from(t).is_err()
    {
        return Err(PyValueError::new_err(format!("threads {t} is too many")));
    }
    let agent_ms = whole("agent_ms", agent_ms, 1)?.unwrap_or(AgentArgs::default().agent_ms);
    if !(1..=MAX_AGENT_MS).contains(&agent_ms) {
        return Err(PyValueError::new_err(format!(
            "agent_ms must be 1 to {MAX_AGENT_MS} (got {agent_ms})"
        )));
    }
    let agent = AgentArgs { agent_ms };
    let budget = (think, agent);
    let game = game.trim().to_ascii_lowercase();
    let (result, failure) = match game.as_str() {
        "doudizhu" => {
            let rules = rules_of(rules, "rlcard")?;
            crate::interruptible(py, |stop| {
                run::<doudizhu::Game>(rules, entrants, (deals, seed), budget, stop)
            })?
        }
        "daifugo" => {
            let rules = rules_of(rules, "uecda")?;
            crate::interruptible(py, |stop| {
                run::<daifugo::Game>(rules, entrants, (deals, seed), budget, stop)
            })?
        }
        "kabu" => {
            let rules = rules_of(rules, "default")?;
            crate::interruptible(py, |stop| {
                run::<kabu::Round>(rules, entrants, (deals, seed), budget, stop)
            })?
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "game: {other:?} is none of doudizhu, daifugo, kabu"
            )));
        }
    };
    match result {
        Ok(report) => {
            let json = serde_json::to_string(&report)
                .map_err(|e| CardsError::new_err(format!("the report: {e}")))?;
            Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
        }
        Err(e) => Err(raise(py, &e, failure)),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PlayerError", m.py().get_type::<PlayerError>())?;
    m.add_function(wrap_pyfunction!(py_arena, m)?)?;
    Ok(())
}
