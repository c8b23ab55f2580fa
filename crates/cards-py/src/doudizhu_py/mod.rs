//! Dou Dizhu: classify, lead, follow, legal actions in five forms (rank strings, `Move`
//! objects, RLCard ids, OpenSpiel ids, DouZero int lists), the batch forms, and DouZero's
//! move-generator drop-in. This module reads Python's cards, tables and ids and writes moves in
//! a form; `moves` holds the `Move` class and the move lists, `batch` the batch forms,
//! `game` whole games, `solve` the endgame solver.

use doudizhu::encode::{
    self, OPENSPIEL_PASS as OS_PASS, OPENSPIEL_SIZE as OS_SIZE, RLCARD_PASS as RL_PASS,
    RLCARD_SIZE as RL_SIZE, douzero_cards, openspiel_id as os_id, rlcard_id as rl_cards_id,
    rlcard_move as rl_table_move, rlcard_play_id as rl_id,
};
use doudizhu::{Counts, Kind, Move, Preset, Rules, classify};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyInt, PyList, PyString};

use crate::{ActionIdError, NoPlayError, ParseError, RulesError};

mod batch;
mod game;
mod moves;
mod solve;

pub(crate) use game::{PyGame, action_obj};
use moves::PyMove;

/// How a move is handed to Python.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Form {
    Str,
    Move,
    Rlcard,
    Openspiel,
    Douzero,
    Mask,
}

impl Form {
    fn parse(s: &str) -> PyResult<Form> {
        Ok(match s {
            "str" => Form::Str,
            "move" => Form::Move,
            "rlcard" => Form::Rlcard,
            "openspiel" => Form::Openspiel,
            "douzero" => Form::Douzero,
            "mask" => Form::Mask,
            _ => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "unknown form \"{s}\" (expected str, move, rlcard, openspiel, douzero or mask)"
                )));
            }
        })
    }

    /// The preset a form means when the caller names none: the peer's own.
    fn default_rules(self) -> Rules {
        match self {
            Form::Openspiel => Rules::OPENSPIEL,
            Form::Douzero => Rules::DOUZERO,
            _ => Rules::STANDARD,
        }
    }
}

fn rules_of(name: Option<&str>, form: Form) -> PyResult<Rules> {
    match name {
        None => Ok(form.default_rules()),
        Some(n) => n
            .parse::<Preset>()
            .map(Preset::rules)
            .map_err(|e| RulesError::new_err(e.to_string())),
    }
}

/// The chain length of a move (1 for the types without a chain).
fn chain_len(m: &Move) -> u32 {
    match m.kind() {
        Kind::Rocket => 1,
        k => m.body().len() / k.body_count(),
    }
}

const RANK_CHARS: &[u8; 15] = b"3456789TJQKA2BR";

/// The rank string of a multiset, without going through `fmt`.
#[inline]
fn rank_string(bits: u64, buf: &mut [u8; 64]) -> &str {
    let mut n = 0;
    let mut b = bits;
    let mut r = 0;
    while b != 0 {
        let c = (b & 0xf) as usize;
        for _ in 0..c {
            buf[n] = RANK_CHARS[r];
            n += 1;
        }
        b >>= 4;
        r += 1;
    }
    std::str::from_utf8(&buf[..n]).expect("ASCII")
}

fn from_douzero(numbers: &[i64]) -> PyResult<Counts> {
    encode::counts_from_douzero(numbers).map_err(|e| ParseError::new_err(e.to_string()))
}

/// Reads cards. A rank string in rank order (as RLCard writes every hand and action) is always
/// ranks: `JK` is a jack and a king here, where the crate's parser reads the token `JK` as the
/// one-joker games' joker and refuses it. Anything else goes to the crate's parser.
fn parse_counts(text: &str) -> PyResult<Counts> {
    if let Some(c) = sorted_rank_string(text) {
        return Ok(c);
    }
    text.parse::<Counts>()
        .map_err(|e| ParseError::new_err(e.to_string()))
}

fn sorted_rank_string(text: &str) -> Option<Counts> {
    let mut bits = 0u64;
    let mut last = 0;
    for b in text.bytes() {
        let r = RANK_CHARS.iter().position(|&c| c == b)?;
        if r < last {
            return None;
        }
        last = r;
        let n = (bits >> (4 * r)) & 0xf;
        if n == if r >= 13 { 1 } else { 4 } {
            return None; // a fifth card: the crate's parser names it
        }
        bits += 1 << (4 * r);
    }
    Counts::from_bits(bits)
}

/// A hand given as a rank string (or suited cards), a DouZero int list, or a mask.
fn hand_of(obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    let c = counts_of(obj)?;
    if c.len() > doudizhu::MAX_PLAY {
        return Err(ParseError::new_err(format!(
            "{} cards: a hand holds at most {}",
            c.len(),
            doudizhu::MAX_PLAY
        )));
    }
    Ok(c)
}

fn counts_of(obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    if let Ok(s) = obj.downcast::<PyString>() {
        return parse_counts(s.to_str()?);
    }
    if obj.is_instance_of::<PyInt>() {
        let bits: u64 = obj.extract()?;
        return Counts::from_bits(bits).ok_or_else(|| {
            ParseError::new_err(format!(
                "mask {bits:#x} is no rank multiset (one nibble a rank, at most 4 of a rank and 1 of a joker)"
            ))
        });
    }
    if let Ok(m) = obj.downcast::<PyMove>() {
        return Ok(m.get().0.cards());
    }
    if let Ok(v) = obj.extract::<Vec<i64>>() {
        return from_douzero(&v);
    }
    Err(PyTypeError::new_err(
        "cards must be a rank string, a DouZero int list or a mask (int)",
    ))
}

fn no_play(cards: Counts, rules: &Rules) -> PyResult<Move> {
    classify(cards, rules)
        .map(|r| r.first())
        .map_err(|e| NoPlayError::new_err(format!("{}: {e}", display(cards))))
}

fn display(c: Counts) -> String {
    if c.is_empty() {
        String::from("(no card)")
    } else {
        c.to_string()
    }
}

/// The table's play: a `Move`, a rank string, a DouZero int list, an id of the form's table.
/// `None` when the table is empty or a pass (the player leads).
fn table_of(obj: &Bound<'_, PyAny>, form: Form, rules: &Rules) -> PyResult<Option<Move>> {
    if obj.is_none() {
        return Ok(None);
    }
    if let Ok(m) = obj.downcast::<PyMove>() {
        return Ok(Some(m.get().0));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        let s = s.to_str()?;
        if s.is_empty() || s.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        return no_play(parse_counts(s)?, rules).map(Some);
    }
    if obj.is_instance_of::<PyInt>() {
        let id: i64 = obj.extract()?;
        return match form {
            Form::Rlcard => rl_move(id),
            Form::Openspiel => os_move(id),
            _ => Err(PyTypeError::new_err(
                "an int table is an action id: use form=\"rlcard\" or form=\"openspiel\"",
            )),
        };
    }
    if let Ok(v) = obj.extract::<Vec<i64>>() {
        if v.is_empty() {
            return Ok(None);
        }
        return no_play(from_douzero(&v)?, rules).map(Some);
    }
    Err(PyTypeError::new_err(
        "table must be None, a Move, a rank string, a DouZero int list or an action id",
    ))
}

fn rl_move(id: i64) -> PyResult<Option<Move>> {
    if !(0..i64::from(RL_SIZE)).contains(&id) {
        return Err(ActionIdError::new_err(format!(
            "RLCard action id {id} out of range 0..{RL_SIZE}"
        )));
    }
    Ok(u32::try_from(id).ok().and_then(rl_table_move))
}

fn os_move(id: i64) -> PyResult<Option<Move>> {
    let action = u32::try_from(id).ok().and_then(encode::openspiel_action);
    match action {
        None => Err(ActionIdError::new_err(format!(
            "OpenSpiel action id {id} out of range 0..{OS_SIZE}"
        ))),
        Some(doudizhu::Action::Play(m)) => Ok(Some(m)),
        Some(doudizhu::Action::Bid(_)) => Err(ActionIdError::new_err(format!(
            "OpenSpiel action id {id} is a bid, not a play"
        ))),
        Some(_) => Ok(None),
    }
}

fn rl_id_checked(m: &Move, rules: &Rules) -> PyResult<u32> {
    rl_id(m, rules).ok_or_else(|| {
        ActionIdError::new_err(format!(
            "{m} has no RLCard action id (RLCard plays standard)"
        ))
    })
}

fn os_id_checked(m: &Move) -> PyResult<u32> {
    os_id(m).ok_or_else(|| {
        ActionIdError::new_err(format!(
            "{m} has no OpenSpiel action id (OpenSpiel plays openspiel)"
        ))
    })
}

/// Python objects made once and shared: the rank string of every RLCard action, and the int
/// objects of both id tables (a list of moves then costs a lookup and a reference count each).
struct Cache {
    rl_str: Vec<Py<PyString>>,
    rl_int: Vec<Py<PyInt>>,
    os_int: Vec<Py<PyInt>>,
}

fn cache(py: Python<'_>) -> &Cache {
    static CACHE: GILOnceCell<Cache> = GILOnceCell::new();
    CACHE.get_or_init(py, || {
        let mut buf = [0u8; 64];
        let rl_str = (0..RL_SIZE)
            .map(rl_table_move)
            .map(|m| {
                let s = m.map_or("pass", |m| rank_string(m.cards().bits(), &mut buf));
                PyString::intern(py, s).unbind()
            })
            .collect();
        let int = |i: u32| match i.into_pyobject(py) {
            Ok(o) => o.unbind(),
            Err(never) => match never {},
        };
        Cache {
            rl_str,
            rl_int: (0..RL_SIZE).map(int).collect(),
            os_int: (0..OS_SIZE).map(int).collect(),
        }
    })
}

/// Converts a list of moves (and a leading pass) into the form's Python list.
fn to_list<'py>(
    py: Python<'py>,
    moves: &[Move],
    pass: bool,
    form: Form,
    rules: &Rules,
) -> PyResult<Bound<'py, PyList>> {
    let c = cache(py);
    // the id forms and the strings: shared objects, one list of the exact size
    match form {
        Form::Str | Form::Rlcard | Form::Openspiel => {
            let mut items: Vec<Bound<'py, PyAny>> = Vec::with_capacity(moves.len() + 1);
            if pass {
                items.push(match form {
                    Form::Str => c.rl_str[RL_PASS as usize].bind(py).clone().into_any(),
                    Form::Rlcard => c.rl_int[RL_PASS as usize].bind(py).clone().into_any(),
                    _ => c.os_int[OS_PASS as usize].bind(py).clone().into_any(),
                });
            }
            let mut buf = [0u8; 64];
            for m in moves {
                items.push(match form {
                    // the same cards are the same string, whatever the reading
                    Form::Str => match rl_cards_id(m.cards()) {
                        Some(id) => c.rl_str[id as usize].bind(py).clone().into_any(),
                        None => {
                            PyString::new(py, rank_string(m.cards().bits(), &mut buf)).into_any()
                        }
                    },
                    Form::Rlcard => c.rl_int[rl_id_checked(m, rules)? as usize]
                        .bind(py)
                        .clone()
                        .into_any(),
                    _ => c.os_int[os_id_checked(m)? as usize]
                        .bind(py)
                        .clone()
                        .into_any(),
                });
            }
            return PyList::new(py, items);
        }
        _ => {}
    }
    let list = PyList::empty(py);
    if pass {
        match form {
            Form::Douzero => list.append(PyList::empty(py))?,
            Form::Mask => list.append(0u64)?,
            _ => list.append(py.None())?,
        }
    }
    match form {
        Form::Move => {
            for m in moves {
                list.append(PyMove(*m))?;
            }
        }
        Form::Douzero => {
            for m in moves {
                list.append(douzero_cards(m.cards()))?;
            }
        }
        _ => {
            for m in moves {
                list.append(m.cards().bits())?;
            }
        }
    }
    Ok(list)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMove>()?;
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(moves::ddz_classify, m)?)?;
    m.add_function(wrap_pyfunction!(moves::ddz_lead, m)?)?;
    m.add_function(wrap_pyfunction!(moves::ddz_follow, m)?)?;
    m.add_function(wrap_pyfunction!(moves::ddz_legal, m)?)?;
    m.add_function(wrap_pyfunction!(moves::ddz_rlcard_action, m)?)?;
    m.add_function(wrap_pyfunction!(moves::ddz_openspiel_action, m)?)?;
    m.add_function(wrap_pyfunction!(moves::ddz_mask, m)?)?;
    m.add_function(wrap_pyfunction!(moves::ddz_cards, m)?)?;
    m.add_function(wrap_pyfunction!(batch::ddz_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::ddz_masks, m)?)?;
    m.add_function(wrap_pyfunction!(moves::dz_gen, m)?)?;
    m.add_function(wrap_pyfunction!(moves::dz_move_type, m)?)?;
    m.add_function(wrap_pyfunction!(moves::dz_legal, m)?)?;
    m.add_function(wrap_pyfunction!(solve::ddz_solve, m)?)?;
    m.add("RLCARD_PASS", RL_PASS)?;
    m.add("RLCARD_SIZE", RL_SIZE)?;
    m.add("OPENSPIEL_PASS", OS_PASS)?;
    m.add("OPENSPIEL_SIZE", OS_SIZE)?;
    m.add("DDZ_PRESETS", Preset::ALL.map(Preset::name).to_vec())?;
    Ok(())
}
