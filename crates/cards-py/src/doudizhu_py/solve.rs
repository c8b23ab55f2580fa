//! The open-hand endgame solver (`doudizhu::solve`).

use doudizhu::Counts;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::{Form, hand_of, rules_of, table_of};

/// The exact result of an endgame with every hand known (`doudizhu::solve`): three hands (the
/// landlord against the peasants) or two (an open-hand puzzle: the first against the second),
/// as the `cards doudizhu solve --json` object.
#[pyfunction]
#[pyo3(signature = (hands, table = None, table_seat = None, to_move = None, landlord = None,
    rules = None, bans = Vec::new(), max_nodes = 100_000_000))]
#[allow(clippy::too_many_arguments)] // the Python keywords
pub(super) fn ddz_solve<'py>(
    py: Python<'py>,
    hands: Vec<Bound<'py, PyAny>>,
    table: Option<&Bound<'py, PyAny>>,
    table_seat: Option<u8>,
    to_move: Option<u8>,
    landlord: Option<u8>,
    rules: Option<&str>,
    bans: Vec<String>,
    max_nodes: u64,
) -> PyResult<Bound<'py, PyDict>> {
    use doudizhu::solve::{Ban, Position, Solver};
    let rules = rules_of(rules, Form::Str)?;
    let failed = |e: String| crate::CardsError::new_err(e);
    let two = match hands.len() {
        2 => true,
        3 => false,
        n => {
            return Err(failed(format!(
                "give two hands (a puzzle: the first, then the second) or three (seat 0 first); got {n}"
            )));
        }
    };
    let mut h = [Counts::EMPTY; 3];
    for (slot, obj) in h.iter_mut().zip(&hands) {
        *slot = hand_of(obj)?;
    }
    if two && landlord.is_some() {
        return Err(failed(String::from(
            "two hands have no landlord (the first, seat 0, plays against the second, seat 1)",
        )));
    }
    let bans = bans
        .iter()
        .map(|b| b.parse::<Ban>().map_err(|e| failed(e.to_string())))
        .collect::<PyResult<Vec<Ban>>>()?;
    let table = match table {
        Some(t) => table_of(t, Form::Str, &rules)?,
        None => None,
    };
    let players: u8 = if two { 2 } else { 3 };
    let table = match (table, table_seat) {
        (Some(m), Some(seat)) => Some((m, seat)),
        (Some(m), None) if two => Some((m, to_move.map_or(1, |t| 1 - t.min(1)))),
        (Some(_), None) => {
            return Err(failed(String::from(
                "a table needs its table_seat with three hands",
            )));
        }
        (None, _) => None,
    };
    let landlord = landlord.unwrap_or(0);
    let to_move = to_move.unwrap_or_else(|| table.map_or(landlord, |(_, s)| (s + 1) % players));
    let pos = if two {
        Position::two_hands([h[0], h[1]], table, to_move, &rules)
    } else {
        Position::new(h, landlord, table, to_move, &rules)
    }
    .map_err(|e| failed(e.to_string()))?;
    let mut solver = Solver::new(rules)
        .with_bans(&bans)
        .with_node_limit(max_nodes);
    let report = py
        .allow_threads(|| solver.report(&pos, true))
        .map_err(|e| failed(e.to_string()))?;
    let texts = |actions: &[doudizhu::Action]| -> Vec<String> {
        actions.iter().map(ToString::to_string).collect()
    };
    let out = PyDict::new(py);
    out.set_item("winner", report.winner.name())?;
    out.set_item("score", report.score)?;
    out.set_item("to_move", report.to_move)?;
    out.set_item("side", report.side.name())?;
    out.set_item("lost", report.lost())?;
    out.set_item("winning", texts(&report.winning))?;
    out.set_item(
        "bans",
        report.bans.iter().map(|b| b.name()).collect::<Vec<_>>(),
    )?;
    out.set_item("nodes", report.nodes)?;
    let line = PyList::empty(py);
    for (seat, action) in &report.line {
        let step = PyDict::new(py);
        step.set_item("seat", seat)?;
        step.set_item("action", action.to_string())?;
        line.append(step)?;
    }
    out.set_item("line", line)?;
    Ok(out)
}
