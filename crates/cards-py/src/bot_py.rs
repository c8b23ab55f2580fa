//! Computer players for Python: `Bot(name, seed)` per game, any of the game's built-in players
//! (its `cards_core::game::Players` registry), choosing from the observation of the player to
//! act only (the policy is handed that observation and the legal actions, never the game).
//!
//! Each bot's player lives on a thread of its own, which the bot hands a copy of the game
//! and waits on with the GIL released: other Python threads run during a search, Ctrl-C
//! (`KeyboardInterrupt`) ends the wait within [`POLL`], and the bot itself holds only channels,
//! so it may be used or dropped on any Python thread.

use std::sync::Mutex;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use cards_core::game::{Game, Players, Policy as _, PolicyOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::CardsError;

/// How often a waiting `choose` checks for signals (Ctrl-C).
pub const POLL: Duration = Duration::from_millis(20);

/// A request: its number and the game to choose in.
type Job<G> = (u64, G);

/// One built-in player of game `G`, on its own thread (see the module docs).
struct Bot<G: Game> {
    name: String,
    jobs: mpsc::Sender<Job<G>>,
    answers: Mutex<mpsc::Receiver<(u64, G::Action)>>,
    /// The number of the last request (an interrupted request's answer comes later: it is
    /// told from the current one by its number and dropped).
    asked: u64,
}

impl<G> Bot<G>
where
    G: Players + Send + 'static,
    G::Action: Send,
{
    fn new(name: &str, options: &PolicyOptions) -> PyResult<Self> {
        // the name is checked here, the player built on its thread (a policy need not be Send)
        G::policy_with(name, options).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let (jobs, inbox) = mpsc::channel::<Job<G>>();
        let (outbox, answers) = mpsc::channel();
        let (owned, options) = (name.to_owned(), *options);
        std::thread::Builder::new()
            .name("cards-bot".into())
            .spawn(move || {
                let Ok(mut policy) = G::policy_with(&owned, &options) else {
                    return;
                };
                let mut legal = Vec::new();
                for (n, game) in inbox {
                    let Some(player) = game.current_player() else {
                        continue;
                    };
                    legal.clear();
                    game.legal_actions_into(&mut legal);
                    let action = policy.choose(&game.observation(player), &legal);
                    if outbox.send((n, action)).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| CardsError::new_err(format!("cannot start the bot's thread: {e}")))?;
        Ok(Bot {
            name: name.trim().to_ascii_lowercase(),
            jobs,
            answers: Mutex::new(answers),
            asked: 0,
        })
    }

    /// The action for the game's player to act, chosen from that player's observation on the
    /// bot's thread, waited for with the GIL released; a signal's exception (Ctrl-C) ends the
    /// wait.
    fn choose(&mut self, py: Python<'_>, game: &G) -> PyResult<G::Action> {
        if game.current_player().is_none() {
            return Err(CardsError::new_err("the game is over: no player is to act"));
        }
        self.asked += 1;
        let stopped = || CardsError::new_err("the bot's thread stopped");
        self.jobs
            .send((self.asked, game.clone()))
            .map_err(|_| stopped())?;
        let answers = &self.answers;
        loop {
            let answer = py.allow_threads(|| match answers.lock() {
                Ok(rx) => rx.recv_timeout(POLL),
                Err(_) => Err(RecvTimeoutError::Disconnected),
            });
            match answer {
                Ok((n, action)) if n == self.asked => return Ok(action),
                Ok(_) => {} // an interrupted request's answer
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => return Err(stopped()),
            }
        }
    }
}

/// A Dou Dizhu action as `legal_actions` writes it and `step` reads it.
fn doudizhu_text(py: Python<'_>, g: &doudizhu::Game, a: &doudizhu::Action) -> PyResult<PyObject> {
    let rules = g.rules().plays;
    crate::doudizhu_py::action_obj(py, a, crate::doudizhu_py::Form::Str, &rules).map(Bound::unbind)
}

/// A Daifugo action as `legal_actions` writes it and `step` reads it.
fn daifugo_text(py: Python<'_>, _: &daifugo::Game, a: &daifugo::Action) -> PyResult<PyObject> {
    Ok(crate::daifugo_py::action_text(a)
        .into_pyobject(py)?
        .into_any()
        .unbind())
}

/// A Kabu decision as `Round.bet` and `Round.apply` take it: four stakes, or draw or stand.
fn kabu_decision(py: Python<'_>, _: &kabu::Round, d: &kabu::Decision) -> PyResult<PyObject> {
    Ok(match *d {
        kabu::Decision::Stake(units) => units.map(u32::from).into_pyobject(py)?.into_any().unbind(),
        kabu::Decision::Act(a) => (if a.draw { "draw" } else { "stand" })
            .into_pyobject(py)?
            .into_any()
            .unbind(),
    })
}

macro_rules! bot_class {
    ($py:ident, $game:ty, $pygame:ty, $convert:ident, $module:literal, $pyname:literal,
     $doc:literal, $choose_doc:literal) => {
        #[doc = $doc]
        #[pyclass(module = $module, name = $pyname)]
        pub struct $py(Bot<$game>);

        #[pymethods]
        impl $py {
            /// A built-in player by name (`names()` lists them), seeded; `playouts`,
            /// `think_ms` and `threads` set the budget of a searching player (`search`:
            /// whichever of playouts and think time runs out first) and are ignored by the
            /// others. Each must be at least 1 (`None`: the default), `threads` at most 256:
            /// `ValueError` otherwise. The player runs on a thread of its own: `choose`
            /// releases the GIL while it thinks and raises `KeyboardInterrupt` on Ctrl-C
            /// within 20 ms (the interrupted decision finishes on that thread, its answer
            /// dropped), and a bot may be used or dropped on any thread (one call at a time).
            #[new]
            #[pyo3(signature = (name, seed = 0, playouts = None, think_ms = None, threads = None))]
            fn new(
                name: &str,
                seed: u64,
                playouts: Option<u64>,
                think_ms: Option<u64>,
                threads: Option<usize>,
            ) -> PyResult<Self> {
                let mut options = PolicyOptions::new(seed);
                if let Some(n) = playouts {
                    options = options.with_playouts(n);
                }
                if let Some(ms) = think_ms {
                    options = options.with_think_ms(ms);
                }
                if let Some(n) = threads {
                    options = options.with_threads(n);
                }
                // the check every front end makes (no budget of 0, at most MAX_THREADS threads)
                options
                    .check()
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
                Ok($py(Bot::new(name, &options)?))
            }

            /// The names of the built-in players.
            #[staticmethod]
            fn names() -> Vec<&'static str> {
                <$game as Players>::POLICY_NAMES.to_vec()
            }

            /// The player's name.
            #[getter]
            fn name(&self) -> &str {
                &self.0.name
            }

            #[doc = $choose_doc]
            fn choose(&mut self, py: Python<'_>, game: &$pygame) -> PyResult<PyObject> {
                let action = self.0.choose(py, game.inner())?;
                $convert(py, game.inner(), &action)
            }

            fn __repr__(&self) -> String {
                format!("{}({:?})", $pyname, self.0.name)
            }
        }
    };
}

bot_class!(
    PyDoudizhuBot,
    doudizhu::Game,
    crate::doudizhu_py::PyGame,
    doudizhu_text,
    "cards_rs.doudizhu",
    "DoudizhuBot",
    "A Dou Dizhu computer player (`random`, `greedy`, `expert`, ...): `choose(game)` gives the \
     action text for `game.current_player` from that seat's observation.",
    "The action (its text, which `game.step` reads) for the seat to act, chosen from that \
     seat's observation only. Raises `CardsError` once the game is over."
);

bot_class!(
    PyDaifugoBot,
    daifugo::Game,
    crate::daifugo_py::PyGame,
    daifugo_text,
    "cards_rs.daifugo",
    "DaifugoBot",
    "A Daifugo computer player (`random`, `tutorial`, ...): `choose(game)` gives the action text \
     (a meld, `pass`, or `give ...` in the exchange) for the player to act, from its observation.",
    "The action (its text, which `game.step` reads) for the player to act, chosen from that \
     player's observation only. Raises `CardsError` once the game is over."
);

bot_class!(
    PyKabuBot,
    kabu::Round,
    crate::kabu_py::PyRound,
    kabu_decision,
    "cards_rs.kabu",
    "KabuBot",
    "A Kabu computer player (`house`, `optimal`, ...), for either side of a round: \
     `choose(round)` gives the stakes (four ints, for `round.bet`) while the bets are open, then \
     `\"draw\"` or `\"stand\"` (for `round.apply`) for the seat to act.",
    "The stakes while betting (four ints for `round.bet`), else `\"draw\"` or `\"stand\"` for \
     the seat to act, chosen from what that side may see. Raises `CardsError` once the round is \
     over."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDoudizhuBot>()?;
    m.add_class::<PyDaifugoBot>()?;
    m.add_class::<PyKabuBot>()?;
    Ok(())
}
