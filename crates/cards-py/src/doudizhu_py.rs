//! Dou Dizhu: classify, lead, follow, legal actions in five forms (rank strings, `Move`
//! objects, RLCard ids, OpenSpiel ids, DouZero int lists), the batch forms, and DouZero's
//! move-generator drop-in.

use doudizhu::{Counts, Kind, Move, Preset, Rank, Rules, classify, follow_into, lead_into};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyString};

use crate::ids::{
    OS_FIRST_PLAY, OS_PASS, OS_SIZE, RL_PASS, RL_SIZE, os_id, os_table, rl_cards_id, rl_id,
    rl_table_move,
};
use crate::{ActionIdError, NoPlayError, ParseError, RulesError};

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
const DOUZERO_NUMBERS: [u32; 15] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30];

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

fn douzero_list(bits: u64) -> Vec<u32> {
    let mut v = Vec::with_capacity(20);
    let mut b = bits;
    let mut r = 0;
    while b != 0 {
        for _ in 0..(b & 0xf) {
            v.push(DOUZERO_NUMBERS[r]);
        }
        b >>= 4;
        r += 1;
    }
    v
}

fn from_douzero(numbers: &[i64]) -> PyResult<Counts> {
    let mut bits = 0u64;
    let mut counts = [0u32; 15];
    for (position, &n) in numbers.iter().enumerate() {
        let r = match n {
            3..=14 => (n - 3) as usize,
            17 => 12,
            20 => 13,
            30 => 14,
            _ => {
                return Err(ParseError::new_err(format!(
                    "unknown DouZero card {n} at position {position} (3..14 are 3..A, 17 is 2, 20 and 30 the jokers)"
                )));
            }
        };
        counts[r] += 1;
        let max = if r >= 13 { 1 } else { 4 };
        if counts[r] > max {
            return Err(ParseError::new_err(format!(
                "DouZero card {n} given more than {max} times (at position {position})"
            )));
        }
        bits += 1 << (4 * r);
    }
    Counts::from_bits(bits).ok_or_else(|| ParseError::new_err("no rank multiset"))
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
    Ok(rl_table_move(id as u32))
}

fn os_move(id: i64) -> PyResult<Option<Move>> {
    if !(0..i64::from(OS_SIZE)).contains(&id) {
        return Err(ActionIdError::new_err(format!(
            "OpenSpiel action id {id} out of range 0..{OS_SIZE}"
        )));
    }
    if id == i64::from(OS_PASS) {
        return Ok(None);
    }
    if id < i64::from(OS_FIRST_PLAY) {
        return Err(ActionIdError::new_err(format!(
            "OpenSpiel action id {id} is a bid, not a play"
        )));
    }
    Ok(Some(
        os_table().moves[(id - i64::from(OS_FIRST_PLAY)) as usize],
    ))
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
                list.append(douzero_list(m.cards().bits()))?;
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
        douzero_list(self.0.cards().bits())
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
fn ddz_classify(cards: &Bound<'_, PyAny>, rules: Option<&str>) -> PyResult<Vec<PyMove>> {
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
fn ddz_lead<'py>(
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
fn ddz_follow<'py>(
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
fn ddz_legal<'py>(
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
fn ddz_rlcard_action(id: i64) -> PyResult<Option<PyMove>> {
    Ok(rl_move(id)?.map(PyMove))
}

/// The move of an OpenSpiel action id (`None` for pass).
#[pyfunction]
fn ddz_openspiel_action(id: i64) -> PyResult<Option<PyMove>> {
    Ok(os_move(id)?.map(PyMove))
}

/// The mask of cards (rank string, DouZero list, ...).
#[pyfunction]
fn ddz_mask(cards: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(counts_of(cards)?.bits())
}

/// The rank string of a mask.
#[pyfunction]
fn ddz_cards(mask: u64) -> PyResult<String> {
    Counts::from_bits(mask)
        .map(|c| c.to_string())
        .ok_or_else(|| ParseError::new_err(format!("mask {mask:#x} is no rank multiset")))
}

fn bytes_to_u64(b: &[u8], what: &str) -> PyResult<Vec<u64>> {
    if !b.len().is_multiple_of(8) {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{what}: {} bytes is no whole number of 64-bit masks",
            b.len()
        )));
    }
    Ok(b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect())
}

fn check_masks(masks: &[u64], what: &str) -> PyResult<()> {
    for (i, &m) in masks.iter().enumerate() {
        match Counts::from_bits(m) {
            Some(c) if c.len() <= doudizhu::MAX_PLAY => {}
            _ => {
                return Err(ParseError::new_err(format!(
                    "{what}[{i}]: mask {m:#x} is no hand (one nibble a rank, at most 20 cards)"
                )));
            }
        }
    }
    Ok(())
}

/// The batch worker's buffers, kept by each thread from one call to the next: a batch's output
/// is megabytes, and fresh memory costs a page fault a page (the kernel's zeroing and mapping
/// took 60% of a batch before). Each buffer holds its largest batch so far, at most
/// [`KEEP_BYTES`] between calls.
struct Buffers {
    masks: Vec<u64>,
    ids: Vec<u32>,
    offsets: Vec<u64>,
    moves: Vec<Move>,
}

/// The most a thread keeps between batches (a larger buffer is freed after its call).
const KEEP_BYTES: usize = 64 << 20;

thread_local! {
    static BUFFERS: std::cell::RefCell<Buffers> = const {
        std::cell::RefCell::new(Buffers {
            masks: Vec::new(),
            ids: Vec::new(),
            offsets: Vec::new(),
            moves: Vec::new(),
        })
    };
}

impl Buffers {
    fn trim(&mut self) {
        if self.masks.capacity() * 8 > KEEP_BYTES {
            self.masks = Vec::new();
        }
        if self.ids.capacity() * 4 > KEEP_BYTES {
            self.ids = Vec::new();
        }
        if self.offsets.capacity() * 8 > KEEP_BYTES {
            self.offsets = Vec::new();
        }
    }
}

/// The most bytes of values one batch returns (512 MiB: 64 Mi masks or 128 Mi ids): a batch
/// whose result would be larger raises `MemoryError` once it passes this, before it takes
/// more memory, instead of growing until the allocator fails and aborts the interpreter. The
/// result is copied once more for Python (twice without numpy), so a batch at the limit needs
/// about 1.5 GiB at its peak.
pub(crate) const BATCH_LIMIT_BYTES: usize = 512 << 20;

/// Why a batch stopped: a table that is no play (or a move without a peer's id), or a result
/// past [`BATCH_LIMIT_BYTES`] or past what the allocator gives.
enum BatchError {
    NoPlay(String),
    TooLarge(String),
}

impl From<String> for BatchError {
    fn from(e: String) -> BatchError {
        BatchError::NoPlay(e)
    }
}

impl BatchError {
    fn into_py(self) -> PyErr {
        match self {
            BatchError::NoPlay(e) => NoPlayError::new_err(e),
            BatchError::TooLarge(e) => pyo3::exceptions::PyMemoryError::new_err(e),
        }
    }
}

/// Room for `more` values of `size` bytes in `v`, within [`BATCH_LIMIT_BYTES`] and what the
/// allocator gives; the error names hand `i`.
fn room<T>(v: &mut Vec<T>, more: usize, i: usize) -> Result<(), BatchError> {
    let size = std::mem::size_of::<T>();
    if (v.len() + more).saturating_mul(size) > BATCH_LIMIT_BYTES {
        return Err(BatchError::TooLarge(format!(
            "the batch's result passes {} MiB at hands[{i}] ({} values so far): split the batch",
            BATCH_LIMIT_BYTES >> 20,
            v.len() + more
        )));
    }
    v.try_reserve(more).map_err(|e| {
        BatchError::TooLarge(format!(
            "hands[{i}]: no memory for the batch's result ({} values): {e}",
            v.len() + more
        ))
    })
}

/// The batch worker: for each hand (and table, 0 = lead), the moves as masks (`b.masks`) or
/// ids (`b.ids`), and n + 1 offsets.
fn batch(
    b: &mut Buffers,
    hands: &[u64],
    tables: Option<&[u64]>,
    rules: &Rules,
    form: Form,
) -> Result<(), BatchError> {
    b.masks.clear();
    b.ids.clear();
    b.offsets.clear();
    b.offsets
        .try_reserve(hands.len() + 1)
        .map_err(|e| BatchError::TooLarge(format!("no memory for the batch's offsets: {e}")))?;
    b.offsets.push(0);
    let out = &mut b.moves;
    for (i, &h) in hands.iter().enumerate() {
        let hand = Counts::from_bits(h).expect("checked");
        let table = tables.map_or(0, |t| t[i]);
        out.clear();
        if table == 0 {
            lead_into(hand, rules, out);
        } else {
            let t = Counts::from_bits(table).expect("checked");
            let m = classify(t, rules)
                .map_err(|e| format!("tables[{i}]: {}: {e}", display(t)))?
                .first();
            follow_into(hand, &m, rules, out);
        }
        match form {
            Form::Mask => {
                room(&mut b.masks, out.len(), i)?;
                b.masks.extend(out.iter().map(|m| m.cards().bits()));
            }
            Form::Rlcard => {
                room(&mut b.ids, out.len(), i)?;
                for m in out.iter() {
                    let id =
                        rl_id(m, rules).ok_or_else(|| format!("{m} has no RLCard action id"))?;
                    b.ids.push(id);
                }
            }
            Form::Openspiel => {
                room(&mut b.ids, out.len(), i)?;
                for m in out.iter() {
                    let id = os_id(m).ok_or_else(|| format!("{m} has no OpenSpiel action id"))?;
                    b.ids.push(id);
                }
            }
            _ => unreachable!("checked by the caller"),
        }
        let n = b.offsets.last().copied().unwrap_or(0) + out.len() as u64;
        b.offsets.push(n);
    }
    Ok(())
}

/// A value of a batch buffer, written little-endian when numpy is absent.
trait LeBytes: pyo3::buffer::Element + Copy {
    fn extend_le(&self, out: &mut Vec<u8>);
}

impl LeBytes for u64 {
    fn extend_le(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl LeBytes for u32 {
    fn extend_le(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

/// A new numpy array of `data` (one copy into memory numpy allocates), or little-endian bytes
/// when `numpy` is `None`.
fn packed<'py, T: LeBytes>(
    py: Python<'py>,
    numpy: Option<&Bound<'py, PyModule>>,
    dtype: &str,
    data: &[T],
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(np) = numpy {
        let a = np.call_method1("empty", (data.len(), dtype))?;
        pyo3::buffer::PyBuffer::<T>::get(&a)?.copy_from_slice(py, data)?;
        return Ok(a);
    }
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(std::mem::size_of_val(data))
        .map_err(|e| pyo3::exceptions::PyMemoryError::new_err(format!("the batch's bytes: {e}")))?;
    for v in data {
        v.extend_le(&mut bytes);
    }
    Ok(PyBytes::new(py, &bytes).into_any())
}

/// Batch leads or follows: `hands` (and `tables`, 0 = lead) as little-endian u64 masks; returns
/// `(values, offsets)`: u64 masks (form `mask`) or u32 ids (`rlcard`, `openspiel`), and n + 1
/// u64 offsets, as numpy arrays with `numpy=True` (numpy's native byte order), else as
/// little-endian bytes. The GIL is released while it works.
#[pyfunction]
#[pyo3(signature = (hands, tables = None, rules = None, form = "mask", numpy = false))]
fn ddz_batch<'py>(
    py: Python<'py>,
    hands: &[u8],
    tables: Option<&[u8]>,
    rules: Option<&str>,
    form: &str,
    numpy: bool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let form = Form::parse(form)?;
    if !matches!(form, Form::Mask | Form::Rlcard | Form::Openspiel) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "batch forms are mask, rlcard and openspiel",
        ));
    }
    let rules = rules_of(rules, form)?;
    let hands = bytes_to_u64(hands, "hands")?;
    check_masks(&hands, "hands")?;
    let tables = match tables {
        Some(t) => {
            let t = bytes_to_u64(t, "tables")?;
            if t.len() != hands.len() {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "{} tables for {} hands",
                    t.len(),
                    hands.len()
                )));
            }
            check_masks(&t, "tables")?;
            Some(t)
        }
        None => None,
    };
    let np = if numpy {
        Some(py.import("numpy")?)
    } else {
        None
    };
    BUFFERS.with_borrow_mut(|b| {
        py.allow_threads(|| batch(b, &hands, tables.as_deref(), &rules, form))
            .map_err(BatchError::into_py)?;
        let values = if form == Form::Mask {
            packed(py, np.as_ref(), "uint64", &b.masks)?
        } else {
            packed(py, np.as_ref(), "uint32", &b.ids)?
        };
        let offsets = packed(py, np.as_ref(), "uint64", &b.offsets)?;
        b.trim();
        Ok((values, offsets))
    })
}

/// Parses many rank strings into masks (little-endian u64 bytes); an error names the entry as
/// `what[i]` (`hands`, or `tables` for a follow batch's tables).
#[pyfunction]
#[pyo3(signature = (hands, what = "hands"))]
fn ddz_masks<'py>(
    py: Python<'py>,
    hands: Vec<String>,
    what: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut out = Vec::with_capacity(hands.len() * 8);
    for (i, h) in hands.iter().enumerate() {
        let c = h
            .parse::<Counts>()
            .map_err(|e| ParseError::new_err(format!("{what}[{i}]: {e}")))?;
        out.extend_from_slice(&c.bits().to_le_bytes());
    }
    Ok(PyBytes::new(py, &out))
}

// ---- DouZero drop-in -----------------------------------------------------------------------

/// DouZero's type numbers (`douzero.env.utils`).
fn douzero_type(k: Kind) -> u8 {
    match k {
        Kind::Solo => 1,
        Kind::Pair => 2,
        Kind::Trio => 3,
        Kind::Bomb => 4,
        Kind::Rocket => 5,
        Kind::TrioSolo => 6,
        Kind::TrioPair => 7,
        Kind::Chain => 8,
        Kind::PairChain => 9,
        Kind::Plane => 10,
        Kind::PlaneSolo => 11,
        Kind::PlanePair => 12,
        Kind::FourTwoSolo => 13,
        Kind::FourTwoPair => 14,
    }
}

fn douzero_number(r: Rank) -> u32 {
    DOUZERO_NUMBERS[r.index() as usize]
}

/// `MovesGener.gen_type_<n>` (n = 1..14) for a hand under `douzero` rules, without duplicate
/// card lists; `repeat_num` as DouZero's serial generators take it (below the type's minimum
/// length: every length).
#[pyfunction]
#[pyo3(signature = (hand, type_number, repeat_num = 0))]
fn dz_gen<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    type_number: u8,
    repeat_num: i64,
) -> PyResult<Bound<'py, PyList>> {
    let h = hand_of(hand)?;
    let kind = Kind::ALL
        .into_iter()
        .find(|&k| douzero_type(k) == type_number)
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "DouZero move type {type_number} is not one of 1..14"
            ))
        })?;
    let min = i64::from(*kind.lengths().start());
    let want = if repeat_num < min { 0 } else { repeat_num };
    let mut out = Vec::with_capacity(256);
    lead_into(h, &Rules::DOUZERO, &mut out);
    let mut seen = std::collections::HashSet::new();
    let list = PyList::empty(py);
    for m in out
        .iter()
        .filter(|m| m.kind() == kind && (want == 0 || i64::from(chain_len(m)) == want))
    {
        let b = m.cards().bits();
        // one card list once: two readings of one multiset (a plane with a wing trio next to
        // the body) are one DouZero move
        if !seen.insert(b) {
            continue;
        }
        list.append(douzero_list(b))?;
    }
    Ok(list)
}

/// `move_detector.get_move_type` under `douzero` rules, with DouZero's dict keys: `type`, and
/// `rank` / `len` where DouZero gives them.
#[pyfunction]
fn dz_move_type<'py>(py: Python<'py>, mv: Vec<i64>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    if mv.is_empty() {
        d.set_item("type", 0)?;
        return Ok(d);
    }
    let Ok(c) = from_douzero(&mv) else {
        d.set_item("type", 15)?;
        return Ok(d);
    };
    let Ok(r) = classify(c, &Rules::DOUZERO) else {
        d.set_item("type", 15)?;
        return Ok(d);
    };
    let m = r.first();
    let t = douzero_type(m.kind());
    d.set_item("type", t)?;
    match m.kind() {
        Kind::Rocket => {}
        Kind::Chain | Kind::PairChain | Kind::Plane | Kind::PlaneSolo | Kind::PlanePair => {
            d.set_item("rank", douzero_number(m.low()))?;
            d.set_item("len", chain_len(&m))?;
        }
        _ => d.set_item("rank", douzero_number(m.main()))?,
    }
    Ok(d)
}

/// `GameEnv.get_legal_card_play_actions` for `hand` after `rival_move` (`[]`: leading): the
/// plays that beat it (the first reading of its cards), the bombs, the rocket, and `[]` when
/// following; each card list once. A rival move that is no play (DouZero's type 15) is answered
/// as DouZero does: bombs, rocket and pass.
#[pyfunction]
fn dz_legal<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rival_move: Vec<i64>,
) -> PyResult<Bound<'py, PyList>> {
    let h = hand_of(hand)?;
    let rules = Rules::DOUZERO;
    let mut out = Vec::with_capacity(256);
    let list = PyList::empty(py);
    if rival_move.is_empty() {
        lead_into(h, &rules, &mut out);
    } else {
        let c = from_douzero(&rival_move)?;
        match classify(c, &rules) {
            Ok(r) => {
                follow_into(h, &r.first(), &rules, &mut out);
            }
            Err(_) => {
                lead_into(h, &rules, &mut out);
                out.retain(|m| m.kind().is_bomb());
            }
        }
    }
    // only planes (with or without solo wings) can read one card list twice
    let mut seen = std::collections::HashSet::new();
    for m in &out {
        let b = m.cards().bits();
        if matches!(m.kind(), Kind::Plane | Kind::PlaneSolo) && !seen.insert(b) {
            continue;
        }
        list.append(douzero_list(b))?;
    }
    if !rival_move.is_empty() {
        list.append(PyList::empty(py))?;
    }
    Ok(list)
}

// ---- whole games ---------------------------------------------------------------------------

fn game_err(e: &doudizhu::GameError) -> PyErr {
    NoPlayError::new_err(e.to_string())
}

/// One action in a form: pass and plays as `to_list` writes them, a bid as `"bid 2"` (text) or
/// its OpenSpiel id (1..3).
pub(crate) fn action_obj<'py>(
    py: Python<'py>,
    a: &doudizhu::Action,
    form: Form,
    rules: &Rules,
) -> PyResult<Bound<'py, PyAny>> {
    match a {
        doudizhu::Action::Bid(n) => match form {
            Form::Openspiel => Ok(u32::from(*n).into_pyobject(py)?.into_any()),
            Form::Str => Ok(PyString::new(py, &format!("bid {n}")).into_any()),
            _ => Err(ActionIdError::new_err(format!(
                "a bid has no {} form (use str or openspiel)",
                match form {
                    Form::Rlcard => "rlcard",
                    Form::Douzero => "douzero",
                    Form::Move => "move",
                    _ => "mask",
                }
            ))),
        },
        doudizhu::Action::Call | doudizhu::Action::Rob => match form {
            Form::Str => Ok(PyString::new(py, &a.to_string()).into_any()),
            _ => Err(ActionIdError::new_err(format!(
                "\"{a}\" (call_rob auction) has only a str form"
            ))),
        },
        doudizhu::Action::Pass => Ok(to_list(py, &[], true, form, rules)?.get_item(0)?),
        doudizhu::Action::Play(m) => Ok(to_list(py, &[*m], false, form, rules)?.get_item(0)?),
    }
}

/// A whole Dou Dizhu game (deal, auction where the flow preset has one, play, scoring) under a
/// flow preset: `standard`, `strict`, `openspiel`, `douzero`, `rlcard`.
#[pyclass(module = "cards_rs.doudizhu", name = "DoudizhuGame")]
#[derive(Clone)]
pub struct PyGame {
    game: doudizhu::Game,
}

impl PyGame {
    /// The engine's game.
    pub(crate) fn inner(&self) -> &doudizhu::Game {
        &self.game
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules = "standard", seed = 0))]
    fn new(rules: &str, seed: u64) -> PyResult<Self> {
        let r: doudizhu::GameRules = rules
            .parse()
            .map_err(|e: doudizhu::RulesError| RulesError::new_err(e.to_string()))?;
        let game = doudizhu::Game::new(r, seed).map_err(|e| game_err(&e))?;
        Ok(PyGame { game })
    }

    /// Replays a record (the JSON `record()` writes).
    #[staticmethod]
    fn from_record(json: &str) -> PyResult<Self> {
        let r: doudizhu::Record =
            serde_json::from_str(json).map_err(|e| ParseError::new_err(e.to_string()))?;
        let game = r
            .replay()
            .map_err(|e| NoPlayError::new_err(e.to_string()))?;
        Ok(PyGame { game })
    }

    /// The game an OpenSpiel chance sequence deals (the face-up card's position, then the 51
    /// dealt cards, as pyspiel's `history()` starts), under the `openspiel` flow preset.
    #[staticmethod]
    fn from_openspiel_chance(actions: Vec<u32>) -> PyResult<Self> {
        let deal = doudizhu::Deal::from_openspiel_chance(&actions)
            .map_err(|e| ParseError::new_err(e.to_string()))?;
        Ok(PyGame {
            game: doudizhu::Game::from_deal(doudizhu::GameRules::OPENSPIEL, deal),
        })
    }

    /// The seat to act (0..2), or `None` when the game is over.
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.game.seat_to_act()
    }

    /// `auction`, `play` or `over`.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.game.state().phase() {
            doudizhu::Phase::Auction => "auction",
            doudizhu::Phase::Play => "play",
            doudizhu::Phase::Over => "over",
        }
    }

    /// The landlord's seat once the auction is over.
    #[getter]
    fn landlord(&self) -> Option<u8> {
        self.game.state().landlord()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Whether the auction ended with every seat passing under `all_pass=redeal` (the
    /// `standard` and `strict` flows): the game is over with zero returns, deal again.
    #[getter]
    fn redeal(&self) -> bool {
        self.game.state().redeal()
    }

    /// Robs in a `call_rob` auction so far (each doubles the stake; 0 under the other auctions).
    #[getter]
    fn robs(&self) -> u8 {
        self.game.state().robs()
    }

    /// Spring or anti-spring, once the game is over (doubles the stake where the flow says so).
    #[getter]
    fn spring(&self) -> bool {
        self.game.is_over() && self.game.state().spring()
    }

    /// A seat's hand (perfect information: for the environment's own use).
    fn hand(&self, seat: u8) -> PyResult<String> {
        check_seat(seat)?;
        Ok(self.game.state().hand(seat).to_string())
    }

    /// The legal actions of the seat to act, in a form (`str`: `pass`, `bid 2`, rank strings).
    #[pyo3(signature = (form = "str"))]
    fn legal_actions<'py>(&self, py: Python<'py>, form: &str) -> PyResult<Bound<'py, PyList>> {
        let form = Form::parse(form)?;
        let rules = self.game.rules().plays;
        let list = PyList::empty(py);
        for a in self.game.legal_actions() {
            list.append(action_obj(py, &a, form, &rules)?)?;
        }
        Ok(list)
    }

    /// Applies an action: text (`pass`, `bid 2`, `33344456`, as `legal_actions` writes it), a
    /// `Move`, or an id with `form="rlcard"` / `form="openspiel"`. Returns the effects:
    /// `landlord` (set when the auction ends), `bomb`, `trick_over`, `over`. Raises (the game
    /// unchanged) when the action is not legal.
    #[pyo3(signature = (action, form = "str"))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
        form: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let form = Form::parse(form)?;
        if self.game.is_over() {
            // said before any parsing: after the end, text is read as no phase's action
            return Err(game_err(&doudizhu::GameError::Over));
        }
        let a = if let Ok(m) = action.downcast::<PyMove>() {
            doudizhu::Action::Play(m.get().0)
        } else if let Ok(s) = action.downcast::<PyString>() {
            let text = s.to_str()?;
            match self.game.parse_action(text) {
                Ok(a) => a,
                // in play `call` and `rob` read as ranks: name them, so the engine says "after
                // the auction" rather than "unknown rank"
                Err(_) if text.trim().eq_ignore_ascii_case("call") => doudizhu::Action::Call,
                Err(_) if text.trim().eq_ignore_ascii_case("rob") => doudizhu::Action::Rob,
                Err(e) => return Err(game_err(&e)),
            }
        } else if action.is_instance_of::<PyInt>() {
            let id: i64 = action.extract()?;
            match form {
                Form::Openspiel if (1..=3).contains(&id) => doudizhu::Action::Bid(id as u8),
                Form::Openspiel => {
                    os_move(id)?.map_or(doudizhu::Action::Pass, doudizhu::Action::Play)
                }
                Form::Rlcard => rl_move(id)?.map_or(doudizhu::Action::Pass, doudizhu::Action::Play),
                _ => {
                    return Err(PyTypeError::new_err(
                        "an int action is an id: use form=\"rlcard\" or form=\"openspiel\"",
                    ));
                }
            }
        } else if let Ok(v) = action.extract::<Vec<i64>>() {
            if v.is_empty() {
                doudizhu::Action::Pass
            } else {
                let c = from_douzero(&v)?;
                let rules = self.game.rules().plays;
                doudizhu::Action::Play(no_play(c, &rules)?)
            }
        } else {
            return Err(PyTypeError::new_err(
                "an action is text, a Move, an action id or a DouZero int list",
            ));
        };
        let fx = self.game.apply_with_outcome(a).map_err(|e| game_err(&e))?;
        let d = PyDict::new(py);
        d.set_item("landlord", fx.landlord)?;
        d.set_item("bomb", fx.bomb)?;
        d.set_item("trick_over", fx.trick_over)?;
        d.set_item("over", fx.over)?;
        Ok(d)
    }

    /// The returns by seat once the game is over (the flow preset's scoring).
    fn returns(&self) -> Vec<i64> {
        self.game.scores().to_vec()
    }

    /// What `seat` sees: own hand, phase, first bidder, bids, landlord, the kitty (once known),
    /// the history of (seat, action), the table (cards and seat), passes, cards left and played
    /// per seat, bombs, the multiplier, and the union of the other hands.
    fn observation<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyDict>> {
        check_seat(seat)?;
        let o = self.game.observation(usize::from(seat));
        let d = PyDict::new(py);
        d.set_item("seat", o.seat())?;
        d.set_item("hand", o.hand().to_string())?;
        d.set_item("phase", self.phase())?;
        d.set_item("current_player", o.seat_to_act())?;
        d.set_item("first_bidder", o.first_bidder())?;
        d.set_item("face_up", o.face_up().map(Rank::index))?;
        // the history's first `auction` entries are the auction's (a bid writes as its number)
        d.set_item("auction", o.bids().len())?;
        d.set_item("high_bid", o.high_bid())?;
        d.set_item("landlord", o.landlord())?;
        d.set_item("kitty", o.kitty().map(|k| k.to_string()))?;
        d.set_item("kitty_left", o.kitty_left().to_string())?;
        let history: Vec<(u8, String)> = o
            .history_with_seats()
            .map(|(s, a)| (s, a.record_text()))
            .collect();
        d.set_item("history", history)?;
        d.set_item("table", o.table().map(|(m, s)| (PyMove(m), s)))?;
        d.set_item("passes", o.passes())?;
        d.set_item("cards_left", o.cards_left().to_vec())?;
        d.set_item(
            "played",
            o.played()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
        )?;
        d.set_item("bombs", o.bombs())?;
        d.set_item("robs", self.game.state().robs())?;
        d.set_item("multiplier", o.multiplier())?;
        d.set_item("others", o.others().to_string())?;
        Ok(d)
    }

    /// pyspiel's `observation_tensor(seat)` for `dou_dizhu`: 159 floats, 0 or 1. Own hand
    /// one-hot at `5 * rank + count` and every seat's played cards at `69 + 5 * rank + count`
    /// (ranks `3456789TJQKA2BR` are 0..14; OpenSpiel's stride of 5 for the jokers makes the red
    /// joker's slots overlap the next section, reproduced), the seat's position from the
    /// landlord at `138 + p` (during the auction from the highest bidder so far; nothing before
    /// any bid), the first bidder at `141 + seat` (flows with an auction) and the face-up
    /// card's rank at `144 + rank` (flows where a face-up card chooses the first bidder:
    /// `openspiel`, `strict`). Equal to pyspiel's at every step of a game dealt by
    /// `Game.from_openspiel_chance`.
    fn openspiel_observation_tensor(&self, seat: u8) -> PyResult<Vec<f32>> {
        check_seat(seat)?;
        Ok(openspiel_tensor(&self.game.observation(usize::from(seat))).to_vec())
    }

    /// DouZero's features of `seat` (`douzero.env.env.get_obs`, see `doudizhu::encode`):
    /// `None` during the auction, else (position name, `x_no_action` bytes, `z` bytes, the
    /// legal plays as DouZero card lists, each card multiset once, and their action rows
    /// one after another). The legal plays are empty when `seat` is not to act.
    #[allow(clippy::type_complexity)]
    fn douzero_features<'py>(
        &self,
        py: Python<'py>,
        seat: u8,
    ) -> PyResult<
        Option<(
            &'static str,
            Bound<'py, PyBytes>,
            Bound<'py, PyBytes>,
            Vec<Vec<u32>>,
            Bound<'py, PyBytes>,
        )>,
    > {
        use doudizhu::encode;
        check_seat(seat)?;
        let o = self.game.observation(usize::from(seat));
        let mut x = [0i8; encode::DOUZERO_X_PEASANT];
        let Some(pos) = encode::douzero_x(&o, &mut x) else {
            return Ok(None);
        };
        let mut z = [0i8; encode::DOUZERO_Z];
        encode::douzero_z(&o, &mut z);
        let mut seen = std::collections::HashSet::new();
        let mut lists = Vec::new();
        let mut rows = Vec::new();
        for a in o.legal_actions() {
            let bits = match a {
                doudizhu::Action::Play(m) => m.cards().bits(),
                doudizhu::Action::Pass => 0,
                _ => continue,
            };
            if seen.insert(bits) {
                lists.push(douzero_list(bits));
                rows.extend(encode::douzero_action(&a).map(i8::cast_unsigned));
            }
        }
        let bytes = |v: &[i8]| {
            PyBytes::new(
                py,
                &v.iter().map(|&b| b.cast_unsigned()).collect::<Vec<u8>>(),
            )
        };
        Ok(Some((
            pos.name(),
            bytes(&x[..pos.x_len()]),
            bytes(&z),
            lists,
            PyBytes::new(py, &rows),
        )))
    }

    /// The game's record as JSON (the `cards doudizhu` command's record object);
    /// `Game.from_record` replays it.
    fn record(&self) -> PyResult<String> {
        serde_json::to_string(&self.game.record())
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
    }

    /// The game as a person reads it: the deal, every action with its seat, the result.
    fn transcript(&self) -> String {
        self.game.record().transcript()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(rules='{}', phase='{}', current_player={})",
            self.game.rules(),
            self.phase(),
            self.game
                .seat_to_act()
                .map_or_else(|| "None".to_string(), |p| p.to_string())
        )
    }
}

/// The length of OpenSpiel's `dou_dizhu` observation tensor.
const OS_TENSOR: usize = 159;
/// Where OpenSpiel's played-cards section starts: 13 ranks of 5 slots and 2 jokers of 2.
const OS_PLAYED: usize = 69;

/// [`PyGame::openspiel_observation_tensor`]'s layout, written as `WriteObservationTensor` does.
fn openspiel_tensor(o: &doudizhu::Observation<'_>) -> [f32; OS_TENSOR] {
    let mut t = [0f32; OS_TENSOR];
    let mut played = 0u64;
    for p in o.played() {
        played += p.bits();
    }
    let hand = o.hand().bits();
    for r in 0..15 {
        t[5 * r + ((hand >> (4 * r)) & 0xf) as usize] = 1.0;
        t[OS_PLAYED + 5 * r + ((played >> (4 * r)) & 0xf) as usize] = 1.0;
    }
    // OpenSpiel's landlord field is the last bidder during the auction
    let landlord = o.landlord().or_else(|| {
        o.history_with_seats()
            .take(o.bids().len())
            .filter(|(_, a)| !matches!(a, doudizhu::Action::Pass))
            .last()
            .map(|(s, _)| s)
    });
    if let Some(l) = landlord {
        t[2 * OS_PLAYED + usize::from((o.seat() + 3 - l) % 3)] = 1.0;
    }
    if let Some(f) = o.first_bidder() {
        t[2 * OS_PLAYED + 3 + usize::from(f)] = 1.0;
    }
    if let Some(r) = o.face_up() {
        t[2 * OS_PLAYED + 6 + r.index() as usize] = 1.0;
    }
    t
}

fn check_seat(seat: u8) -> PyResult<()> {
    if seat > 2 {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "seat {seat} out of range 0..3"
        )));
    }
    Ok(())
}

/// The exact result of an endgame with every hand known (`doudizhu::solve`): three hands (the
/// landlord against the peasants) or two (an open-hand puzzle: the first against the second),
/// as the `cards doudizhu solve --json` object.
#[pyfunction]
#[pyo3(signature = (hands, table = None, table_seat = None, to_move = None, landlord = None,
    rules = None, bans = Vec::new(), max_nodes = 100_000_000))]
#[allow(clippy::too_many_arguments)] // the Python keywords
fn ddz_solve<'py>(
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMove>()?;
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(ddz_classify, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_lead, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_follow, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_legal, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_rlcard_action, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_openspiel_action, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_mask, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_cards, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_batch, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_masks, m)?)?;
    m.add_function(wrap_pyfunction!(dz_gen, m)?)?;
    m.add_function(wrap_pyfunction!(dz_move_type, m)?)?;
    m.add_function(wrap_pyfunction!(dz_legal, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_solve, m)?)?;
    m.add("RLCARD_PASS", RL_PASS)?;
    m.add("RLCARD_SIZE", RL_SIZE)?;
    m.add("OPENSPIEL_PASS", OS_PASS)?;
    m.add("OPENSPIEL_SIZE", OS_SIZE)?;
    m.add("DDZ_PRESETS", Preset::ALL.map(Preset::name).to_vec())?;
    Ok(())
}
