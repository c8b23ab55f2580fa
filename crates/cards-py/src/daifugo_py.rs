//! Daifugo: decompose, lead, follow, and the table `State` with `play`.

use cards_core::{CardSet, Order};
use daifugo::{Action, Effects, Game, GameError, Meld, Mode, Record, Rules, Table};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::{DaifugoError, ParseError, RulesError};

fn rules_of(name: &str) -> PyResult<Rules> {
    name.parse::<Rules>()
        .map_err(|e| RulesError::new_err(e.to_string()))
}

fn err(e: daifugo::Error) -> PyErr {
    DaifugoError::new_err(e.to_string())
}

fn hand_of(text: &str, rules: &Rules) -> PyResult<CardSet> {
    rules.parse_hand(text).map_err(err)
}

/// ASCII text of a meld (`S3 S4 JK=S5`).
fn text(m: &Meld) -> String {
    format!("{m:#}")
}

/// The table of a Daifugo trick: the meld to beat, the revolution and 11-back flags, the suit
/// lock. `play` returns the next state and the effects the meld set off.
#[pyclass(frozen, eq, hash, module = "cards_rs.daifugo", name = "State")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyState {
    state: Table,
    rules: Rules,
}

#[pymethods]
impl PyState {
    #[new]
    #[pyo3(signature = (table = None, revolution = false, eleven_back = false, locked = false, rules = "uecda"))]
    fn new(
        table: Option<&str>,
        revolution: bool,
        eleven_back: bool,
        locked: bool,
        rules: &str,
    ) -> PyResult<Self> {
        let rules = rules_of(rules)?;
        let table = match table {
            Some(t) if !t.trim().is_empty() => Some(Meld::parse(t, &rules).map_err(err)?),
            _ => None,
        };
        let state = Table::new(table)
            .with_revolution(revolution)
            .with_eleven_back(eleven_back)
            .with_lock(locked);
        Ok(PyState { state, rules })
    }

    /// The meld to beat (ASCII), or `None` when the table is clear.
    #[getter]
    fn table(&self) -> Option<String> {
        self.state.table.as_ref().map(text)
    }

    /// Whether a revolution is in force.
    #[getter]
    fn revolution(&self) -> bool {
        self.state.revolution
    }

    /// Whether 11-back is in force until the table clears.
    #[getter]
    fn eleven_back(&self) -> bool {
        self.state.eleven_back
    }

    /// Whether the suit lock is on.
    #[getter]
    fn locked(&self) -> bool {
        self.state.locked
    }

    /// The rule preset's name.
    #[getter]
    fn rules(&self) -> String {
        if self.rules == Rules::TUTORIAL {
            "seed"
        } else {
            "uecda"
        }
        .to_string()
    }

    /// Whether `meld` (ASCII or suit symbols) beats the table.
    fn beats(&self, meld: &str) -> PyResult<bool> {
        let m = Meld::parse(meld, &self.rules).map_err(err)?;
        Ok(self.state.beats(&m, &self.rules))
    }

    /// Plays `meld` on this table: `(next_state, effects)`, effects among `revolution`,
    /// `eight_cut`, `spade_three`, `lock`, `eleven_back`. Raises `DaifugoError` when it does not
    /// beat the table.
    fn play(&self, meld: &str) -> PyResult<(PyState, Vec<&'static str>)> {
        let m = Meld::parse(meld, &self.rules).map_err(err)?;
        let (next, fx) = self.state.play(&m, &self.rules).map_err(err)?;
        let names = effect_names(fx);
        Ok((
            PyState {
                state: next,
                rules: self.rules,
            },
            names,
        ))
    }

    /// Every meld of `hand` that beats this table (every lead when it is clear).
    fn follow(&self, hand: &str) -> PyResult<Vec<String>> {
        let h = hand_of(hand, &self.rules)?;
        let v = daifugo::follow(h, &self.state, &self.rules).map_err(err)?;
        Ok(v.iter().map(text).collect())
    }

    fn __str__(&self) -> String {
        self.state.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "State(table={}, revolution={}, eleven_back={}, locked={}, rules='{}')",
            self.table()
                .map_or_else(|| "None".to_string(), |t| format!("'{t}'")),
            py_bool(self.state.revolution),
            py_bool(self.state.eleven_back),
            py_bool(self.state.locked),
            self.rules()
        )
    }
}

fn effect_names(fx: Effects) -> Vec<&'static str> {
    let mut names = Vec::new();
    for (flag, name) in [
        (Effects::REVOLUTION, "revolution"),
        (Effects::EIGHT_CUT, "eight_cut"),
        (Effects::SPADE_THREE, "spade_three"),
        (Effects::LOCK, "lock"),
        (Effects::ELEVEN_BACK, "eleven_back"),
    ] {
        if fx.contains(flag) {
            names.push(name);
        }
    }
    names
}

fn set_text(c: CardSet) -> String {
    format!("{c:#}")
}

pub(crate) fn action_text(a: &Action) -> String {
    format!("{a:#}")
}

fn game_err(e: daifugo::GameError) -> PyErr {
    DaifugoError::new_err(e.to_string())
}

crate::game_py::game_class!(
    /// A whole Daifugo game for five players: the deal (seeded), the exchange, tricks, places.
    /// Actions are text: `pass`, a meld (`S3 S4 JK=S5`), or `give S3 H4` in the exchange.
    PyGame, daifugo::Daifugo, "cards_rs.daifugo", "DaifugoGame" {
        // The cards of the record's actions that named cards forming no meld (rejected, a
        // pass: `RecordAction::submitted`), by the action's index in the record: the game
        // holds them as `invalid`, the record and the history write the cards again.
        submitted: Vec<(usize, CardSet)>,
    }
);

impl PyGame {
    /// The game's record with the submitted cards of the actions that named them.
    fn full_record(&self) -> Record {
        let mut r = self.game.record();
        for &(i, cards) in &self.submitted {
            if let Some(a) = r.actions.get_mut(i)
                && matches!(a.action, Action::Invalid)
            {
                a.submitted = cards;
            }
        }
        r
    }

    /// An action of the record as text: the submitted cards of a no-meld action.
    fn record_action_text(a: &daifugo::RecordAction) -> String {
        if matches!(a.action, Action::Invalid) && !a.submitted.is_empty() {
            set_text(a.submitted)
        } else {
            action_text(&a.action)
        }
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules = "uecda", seed = 0))]
    fn new(rules: &str, seed: u64) -> PyResult<Self> {
        Ok(PyGame {
            game: Game::new(rules_of(rules)?, seed),
            submitted: Vec::new(),
        })
    }

    /// The game a record leads to (the JSON `record_json()` writes, the records of `cards
    /// daifugo play --json`, or that object as a dict), replayed as the contest server does: an
    /// illegal meld in the record is rejected and counts as a pass. A record may stop before
    /// the end: the game goes on from there. Raises `DaifugoError` for a record that does not
    /// fit its deal (an action out of turn, after the end, an exchange where the deal has
    /// none), `ParseError` for JSON that is no record. The game is in the checked mode
    /// afterwards: `step` refuses an illegal action.
    #[staticmethod]
    fn from_record(record: &Bound<'_, PyAny>) -> PyResult<Self> {
        let r = record_of(record)?;
        let deal = daifugo::Deal {
            seats: r.seats,
            classes: r.classes,
            hands: r.hands,
        };
        let mut game = Game::from_deal(r.rules, &deal).map_err(game_err)?;
        game.set_mode(Mode::Server);
        game.set_cut_off_places(r.places);
        match (game.is_exchanging(), r.exchange) {
            (true, Some(ex)) => {
                // the gives as far as the record has them: an empty one is still to come (a
                // record written during the exchange), as `Record::replay` reads it
                while let (true, Some(p)) = (game.is_exchanging(), game.seat_to_act()) {
                    if ex[usize::from(p)].is_empty() {
                        break;
                    }
                    game.apply_with_outcome(Action::Give(ex[usize::from(p)]))
                        .map_err(game_err)?;
                }
            }
            (false, None) => {}
            (exchanges, _) => {
                return Err(game_err(GameError::ExchangeMismatch {
                    game_exchanges: exchanges,
                }));
            }
        }
        for (index, a) in r.actions.iter().enumerate() {
            let error = match game.seat_to_act() {
                None => Some(GameError::AfterTheEnd { index }),
                Some(p) if p != a.player => Some(GameError::NotYourTurn {
                    index,
                    player: a.player,
                    expected: p,
                }),
                Some(_) if game.is_exchanging() || matches!(a.action, Action::Give(_)) => {
                    Some(GameError::GiveInPlay { index })
                }
                Some(_) => None,
            };
            if let Some(e) = error {
                return Err(game_err(e));
            }
            game.apply_with_outcome(a.action).map_err(game_err)?;
        }
        game.set_mode(Mode::Checked);
        let submitted = r
            .actions
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a.action, Action::Invalid) && !a.submitted.is_empty())
            .map(|(i, a)| (i, a.submitted))
            .collect();
        Ok(PyGame { game, submitted })
    }

    /// The player to act, or `None` when the game is over.
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.game.seat_to_act()
    }

    /// The points by player once the game is over (5 for the first out .. 1 for the last),
    /// `None` before.
    #[getter]
    fn points(&self) -> Option<Vec<u32>> {
        self.game.points().map(|p| ints(&p))
    }

    /// The record as JSON, the object `cards daifugo play --json` writes: `rules`, `seats`,
    /// `classes`, `hands` (as dealt), `exchange`, `actions` (`{"player", "meld"}`), `places`
    /// (only after the endless-passing cut-off). `Game.from_record` and `replay` read it.
    fn record_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.full_record()).map_err(|e| DaifugoError::new_err(e.to_string()))
    }

    /// Whether the card exchange (before the first trick) is under way.
    #[getter]
    fn is_exchanging(&self) -> bool {
        self.game.is_exchanging()
    }

    /// The legal actions of the player to act, as text.
    fn legal_actions(&self) -> Vec<String> {
        self.game.legal_actions().iter().map(action_text).collect()
    }

    /// Applies an action (text, as `legal_actions` writes it); returns what it did: `player`,
    /// `accepted`, `effects`, `flushed`, `finished` (the place taken, or `None`), `over`.
    /// Raises `DaifugoError` (the game unchanged) when it is not legal.
    fn step<'py>(&mut self, py: Python<'py>, action: &str) -> PyResult<Bound<'py, PyDict>> {
        let a = parse_action(action, self.game.rules())?;
        let out = self.game.apply_with_outcome(a).map_err(game_err)?;
        let d = PyDict::new(py);
        d.set_item("player", out.player)?;
        d.set_item("accepted", out.accepted)?;
        d.set_item("effects", effect_names(out.effects))?;
        d.set_item("flushed", out.flushed)?;
        d.set_item("finished", out.finished)?;
        d.set_item("over", out.over)?;
        Ok(d)
    }

    /// The returns by player (0..4), once the game is over.
    fn returns(&self) -> Vec<f64> {
        self.game
            .points()
            .map_or(vec![0.0; 5], |p| p.iter().map(|&x| f64::from(x)).collect())
    }

    /// The places by player (1 = first out; 0 = still playing).
    #[getter]
    fn places(&self) -> Vec<u32> {
        ints(&self.game.places())
    }

    /// Every player's hand, as text (perfect information: for the environment's own use).
    fn hands(&self) -> Vec<String> {
        self.game.hands().iter().map(|h| set_text(*h)).collect()
    }

    /// The table.
    #[getter]
    fn state(&self) -> PyState {
        PyState {
            state: *self.game.state(),
            rules: *self.game.rules(),
        }
    }

    /// What `player` sees: own hand, card counts, classes, seats, the table, whose turn, passes,
    /// places, the history of (player, action, accepted).
    fn observation<'py>(&self, py: Python<'py>, player: u8) -> PyResult<Bound<'py, PyDict>> {
        if usize::from(player) >= daifugo::PLAYERS {
            return Err(DaifugoError::new_err(format!(
                "player {player} out of range 0..{}",
                daifugo::PLAYERS
            )));
        }
        let o = self.game.observation(usize::from(player));
        let d = PyDict::new(py);
        d.set_item("player", o.player)?;
        d.set_item("hand", set_text(o.hand))?;
        d.set_item("counts", ints(&o.counts))?;
        d.set_item(
            "classes",
            o.classes
                .map(|c| c.iter().map(|c| c.name()).collect::<Vec<_>>()),
        )?;
        d.set_item("seats", ints(&o.seats))?;
        d.set_item(
            "state",
            PyState {
                state: o.state,
                rules: o.rules,
            },
        )?;
        d.set_item("turn", o.turn)?;
        d.set_item("exchanging", o.exchanging)?;
        d.set_item("passed", o.passed)?;
        d.set_item("places", ints(&o.places))?;
        d.set_item("last_player", o.last_player)?;
        let history = PyList::empty(py);
        // the no-meld actions' submitted cards, in the order of the invalid actions
        let mut submitted = if self.submitted.is_empty() {
            Vec::new()
        } else {
            self.full_record()
                .actions
                .iter()
                .filter(|a| matches!(a.action, Action::Invalid))
                .map(Self::record_action_text)
                .collect()
        }
        .into_iter();
        for s in o.history {
            let text = match s.action {
                Action::Invalid => submitted.next().unwrap_or_else(|| action_text(&s.action)),
                _ => action_text(&s.action),
            };
            history.append((s.player, text, s.accepted))?;
        }
        d.set_item("history", history)?;
        Ok(d)
    }

    /// The game's record: rules, seats, classes, the hands as dealt, the actions in order, the
    /// places (a dict; `record_json` gives the JSON that `Game.from_record` and `replay` read).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = self.full_record();
        let d = PyDict::new(py);
        d.set_item("rules", r.rules.to_string())?;
        d.set_item("seats", ints(&r.seats))?;
        d.set_item(
            "classes",
            r.classes
                .map(|c| c.iter().map(|c| c.name()).collect::<Vec<_>>()),
        )?;
        d.set_item(
            "hands",
            r.hands.iter().map(|h| set_text(*h)).collect::<Vec<_>>(),
        )?;
        let actions: Vec<(u8, String)> = r
            .actions
            .iter()
            .map(|a| (a.player, Self::record_action_text(a)))
            .collect();
        d.set_item("actions", actions)?;
        d.set_item("places", r.places.map(|p| ints(&p)))?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(rules='{}', current_player={:?}, over={})",
            self.game.rules(),
            self.game.seat_to_act(),
            py_bool(self.game.is_over())
        )
    }
}

/// A record given as JSON text or as the object (a dict).
fn record_of(record: &Bound<'_, PyAny>) -> PyResult<Record> {
    let text = if let Ok(s) = record.downcast::<PyString>() {
        s.to_str()?.to_string()
    } else {
        let json = record.py().import("json")?;
        json.call_method1("dumps", (record,))?.extract::<String>()?
    };
    // the one reader every front end shares (the command line, the web page)
    Record::from_json(&text).map_err(|e| ParseError::new_err(format!("no Daifugo record: {e}")))
}

/// Replays a record as the UEC contest server does: per action accepted or rejected (and why),
/// then the places and points; the JSON object of `cards daifugo replay --json`, as a dict.
#[pyfunction]
fn dfg_replay<'py>(py: Python<'py>, record: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let r = record_of(record)?.verdict().map_err(game_err)?;
    let text = serde_json::to_string(&r).map_err(|e| DaifugoError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

fn parse_action(text: &str, rules: &Rules) -> PyResult<Action> {
    let t = text.trim();
    if let Some(cards) = t.strip_prefix("give ") {
        let c: CardSet = cards
            .parse()
            .map_err(|e: cards_core::ParseError| DaifugoError::new_err(e.to_string()))?;
        return Ok(Action::Give(c));
    }
    Action::parse(t, rules).map_err(err)
}

/// Small numbers as a list of ints (a `Vec<u8>` would become `bytes`).
fn ints(v: &[u8]) -> Vec<u32> {
    v.iter().map(|&x| u32::from(x)).collect()
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// The seed's greedy decomposition of a leader's hand (sequences, groups, singles).
#[pyfunction]
#[pyo3(signature = (hand, rules = "uecda", revolution = false))]
fn dfg_decompose(hand: &str, rules: &str, revolution: bool) -> PyResult<Vec<String>> {
    let rules = rules_of(rules)?;
    let h = hand_of(hand, &rules)?;
    let v = daifugo::decompose(h, Order::from_reversed(revolution), &rules).map_err(err)?;
    Ok(v.iter().map(text).collect())
}

/// The fewest-melds decomposition (手数) of a hand.
#[pyfunction]
#[pyo3(signature = (hand, rules = "uecda", revolution = false))]
fn dfg_fewest_melds(hand: &str, rules: &str, revolution: bool) -> PyResult<Vec<String>> {
    let rules = rules_of(rules)?;
    let h = hand_of(hand, &rules)?;
    let v = daifugo::fewest_melds(h, Order::from_reversed(revolution), &rules).map_err(err)?;
    Ok(v.iter().map(text).collect())
}

/// Every meld the hand can lead on a clear table.
#[pyfunction]
#[pyo3(signature = (hand, rules = "uecda"))]
fn dfg_lead(hand: &str, rules: &str) -> PyResult<Vec<String>> {
    let rules = rules_of(rules)?;
    let h = hand_of(hand, &rules)?;
    let v = daifugo::lead(h, &rules).map_err(err)?;
    Ok(v.iter().map(text).collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyState>()?;
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(dfg_decompose, m)?)?;
    m.add_function(wrap_pyfunction!(dfg_fewest_melds, m)?)?;
    m.add_function(wrap_pyfunction!(dfg_lead, m)?)?;
    m.add_function(wrap_pyfunction!(dfg_replay, m)?)?;
    m.add("DFG_PRESETS", Rules::NAMES.to_vec())?;
    Ok(())
}
