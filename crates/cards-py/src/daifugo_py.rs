//! Daifugo: decompose, lead, follow, and the table `State` with `play`.

use cards_core::{CardSet, Order};
use daifugo::{Effects, Meld, Rules, State};
use pyo3::prelude::*;

use crate::{DaifugoError, RulesError};

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
    state: State,
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
        let state = State::new(table)
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
        if self.rules == Rules::SEED {
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
    m.add_function(wrap_pyfunction!(dfg_decompose, m)?)?;
    m.add_function(wrap_pyfunction!(dfg_fewest_melds, m)?)?;
    m.add_function(wrap_pyfunction!(dfg_lead, m)?)?;
    m.add("DFG_PRESETS", Rules::NAMES.to_vec())?;
    Ok(())
}
