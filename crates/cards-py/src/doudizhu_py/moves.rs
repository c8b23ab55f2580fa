//! The `Move` class, the turn's move lists, the id tables' moves, and DouZero's move-generator
//! drop-in.

use doudizhu::encode::{self, douzero_cards};
use doudizhu::{Counts, Move, Rules, classify, follow_into, lead_into};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::{
    Form, chain_len, counts_of, display, hand_of, no_play, os_id, os_move, rl_id, rl_move,
    rules_of, table_of, to_list,
};
use crate::{NoPlayError, ParseError};

/// A Dou Dizhu play: the cards and the reading they are played as.
#[pyclass(frozen, eq, hash, ord, module = "cards_rs.doudizhu", name = "Move")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyMove(pub Move);

#[pymethods]
impl PyMove {
    /// Classifies `cards` under `rules` and returns the first (most natural) reading.
    #[new]
    #[pyo3(signature = (cards, rules = None))]
    fn new(cards: &Bound<'_, PyAny>, rules: Option<&str>) -> PyResult<Self> {
        let rules = rules_of(rules, Form::Str)?;
        no_play(counts_of(cards)?, &rules).map(PyMove)
    }

    /// The cards as a sorted rank string (`"33344456"`).
    #[getter]
    fn cards(&self) -> String {
        self.0.cards().to_string()
    }

    /// The type: `solo`, `pair`, `trio`, `trio_solo`, `trio_pair`, `chain`, `pair_chain`,
    /// `plane`, `plane_solo`, `plane_pair`, `four_two_solo`, `four_two_pair`, `bomb`, `rocket`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind().name()
    }

    /// The number of body ranks (a chain's or plane's length; 1 for the other types).
    #[getter]
    fn length(&self) -> u32 {
        chain_len(&self.0)
    }

    /// The main rank, which decides comparison (`"4"` for `33344456`).
    #[getter]
    fn main(&self) -> String {
        self.0.main().char().to_string()
    }

    /// The number of cards.
    #[getter]
    fn count(&self) -> u32 {
        self.0.cards().len()
    }

    /// The body's cards (`"333444"` for `33344456`).
    #[getter]
    fn body(&self) -> String {
        self.0.body().to_string()
    }

    /// The wings' cards (`"56"` for `33344456`).
    #[getter]
    fn wings(&self) -> String {
        self.0.wings().to_string()
    }

    /// The seed's value heuristic (for bots; legality never reads it).
    #[getter]
    fn value(&self) -> i32 {
        self.0.value()
    }

    /// The cards as a mask: 4 bits a rank, `3` lowest.
    #[getter]
    fn mask(&self) -> u64 {
        self.0.cards().bits()
    }

    /// Whether this play beats `table`.
    fn beats(&self, table: &PyMove) -> bool {
        self.0.beats(table.0)
    }

    /// RLCard's action id, or `None` when RLCard has no such action.
    fn rlcard_id(&self) -> Option<u32> {
        // any preset but standard: the id is the move's only if RLCard reads the cards alike
        rl_id(&self.0, &Rules::OPENSPIEL)
    }

    /// OpenSpiel's action id, or `None` when OpenSpiel has no such action.
    fn openspiel_id(&self) -> Option<u32> {
        os_id(&self.0)
    }

    /// DouZero's int list (3..14 = 3..A, 17 = 2, 20 and 30 the jokers).
    fn douzero(&self) -> Vec<u32> {
        douzero_cards(self.0.cards())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Move('{}', kind='{}', length={}, main='{}')",
            self.0.cards(),
            self.0.kind().name(),
            chain_len(&self.0),
            self.0.main().char()
        )
    }
}

/// Every reading of `cards` under `rules`, most natural first.
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub(super) fn ddz_classify(cards: &Bound<'_, PyAny>, rules: Option<&str>) -> PyResult<Vec<PyMove>> {
    let rules = rules_of(rules, Form::Str)?;
    let c = counts_of(cards)?;
    classify(c, &rules)
        .map(|r| r.iter().map(PyMove).collect())
        .map_err(|e| NoPlayError::new_err(format!("{}: {e}", display(c))))
}

/// The plays of a turn and whether it is a follow: the leads when `table` is absent (or a pass),
/// else the plays that beat it; `need_table` refuses the lead.
fn turn_moves(
    hand: &Bound<'_, PyAny>,
    table: Option<&Bound<'_, PyAny>>,
    rules: Option<&str>,
    form: &str,
    need_table: bool,
) -> PyResult<(Form, Rules, Vec<Move>, bool)> {
    let form = Form::parse(form)?;
    let rules = rules_of(rules, form)?;
    let h = hand_of(hand)?;
    let t = match table {
        Some(t) => table_of(t, form, &rules)?,
        None => None,
    };
    let mut out = Vec::with_capacity(256);
    match t {
        Some(t) => {
            follow_into(h, &t, &rules, &mut out);
            Ok((form, rules, out, true))
        }
        None if need_table => Err(NoPlayError::new_err(
            "the table holds no play to follow (pass or nothing): use lead",
        )),
        None => {
            lead_into(h, &rules, &mut out);
            Ok((form, rules, out, false))
        }
    }
}

/// Every lead of `hand`, in the form asked for.
#[pyfunction]
#[pyo3(signature = (hand, rules = None, form = "str"))]
pub(super) fn ddz_lead<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&str>,
    form: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (form, rules, moves, _) = turn_moves(hand, None, rules, form, false)?;
    to_list(py, &moves, false, form, &rules)
}

/// Every play of `hand` that beats `table` (no pass), in the form asked for.
#[pyfunction]
#[pyo3(signature = (hand, table, rules = None, form = "str"))]
pub(super) fn ddz_follow<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    table: &Bound<'py, PyAny>,
    rules: Option<&str>,
    form: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (form, rules, moves, _) = turn_moves(hand, Some(table), rules, form, true)?;
    to_list(py, &moves, false, form, &rules)
}

/// The legal actions of a turn: the leads when `table` is `None` or a pass, else pass first and
/// the plays that beat it.
#[pyfunction]
#[pyo3(signature = (hand, table = None, rules = None, form = "str"))]
pub(super) fn ddz_legal<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    table: Option<&Bound<'py, PyAny>>,
    rules: Option<&str>,
    form: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (form, rules, moves, following) = turn_moves(hand, table, rules, form, false)?;
    to_list(py, &moves, following, form, &rules)
}

/// The move of an RLCard action id (`None` for pass).
#[pyfunction]
pub(super) fn ddz_rlcard_action(id: i64) -> PyResult<Option<PyMove>> {
    Ok(rl_move(id)?.map(PyMove))
}

/// The move of an OpenSpiel action id (`None` for pass).
#[pyfunction]
pub(super) fn ddz_openspiel_action(id: i64) -> PyResult<Option<PyMove>> {
    Ok(os_move(id)?.map(PyMove))
}

/// The mask of cards (rank string, DouZero list, ...).
#[pyfunction]
pub(super) fn ddz_mask(cards: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(counts_of(cards)?.bits())
}

/// The rank string of a mask.
#[pyfunction]
pub(super) fn ddz_cards(mask: u64) -> PyResult<String> {
    Counts::from_bits(mask)
        .map(|c| c.to_string())
        .ok_or_else(|| ParseError::new_err(format!("mask {mask:#x} is no rank multiset")))
}

// ---- DouZero drop-in -----------------------------------------------------------------------

/// `MovesGener.gen_type_<n>` (n = 1..14) for a hand under `douzero` rules, without duplicate
/// card lists; `repeat_num` as DouZero's serial generators take it (below the type's minimum
/// length: every length).
#[pyfunction]
#[pyo3(signature = (hand, type_number, repeat_num = 0))]
pub(super) fn dz_gen(
    hand: &Bound<'_, PyAny>,
    type_number: u8,
    repeat_num: i64,
) -> PyResult<Vec<Vec<u32>>> {
    let h = hand_of(hand)?;
    let kind = encode::douzero_kind(type_number).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "DouZero move type {type_number} is not one of 1..14"
        ))
    })?;
    Ok(encode::douzero_gen(h, kind, repeat_num)
        .into_iter()
        .map(douzero_cards)
        .collect())
}

/// `move_detector.get_move_type` under `douzero` rules, with DouZero's dict keys: `type`, and
/// `rank` / `len` where DouZero gives them.
#[pyfunction]
pub(super) fn dz_move_type(py: Python<'_>, mv: Vec<i64>) -> PyResult<Bound<'_, PyDict>> {
    let t = encode::douzero_move_type(&mv);
    let d = PyDict::new(py);
    d.set_item("type", t.type_number)?;
    if let Some(rank) = t.rank {
        d.set_item("rank", rank)?;
    }
    if let Some(len) = t.len {
        d.set_item("len", len)?;
    }
    Ok(d)
}

/// `GameEnv.get_legal_card_play_actions` for `hand` after `rival_move` (`[]`: leading): the
/// plays that beat it (the first reading of its cards), the bombs, the rocket, and `[]` when
/// following; each card list once. A rival move that is no play (DouZero's type 15) is answered
/// as DouZero does: bombs, rocket and pass.
#[pyfunction]
pub(super) fn dz_legal(hand: &Bound<'_, PyAny>, rival_move: Vec<i64>) -> PyResult<Vec<Vec<u32>>> {
    let h = hand_of(hand)?;
    let plays =
        encode::douzero_legal(h, &rival_move).map_err(|e| ParseError::new_err(e.to_string()))?;
    Ok(plays.into_iter().map(douzero_cards).collect())
}
