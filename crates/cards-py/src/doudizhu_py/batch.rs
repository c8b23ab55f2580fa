//! The batch forms: many hands' leads or follows at once, as masks or ids, the GIL released.

use doudizhu::{Counts, Move, Rules, classify, follow_into, lead_into};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::{Form, display, os_id, rl_id, rules_of};
use crate::{NoPlayError, ParseError};

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
pub(super) fn ddz_batch<'py>(
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
pub(super) fn ddz_masks<'py>(
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
