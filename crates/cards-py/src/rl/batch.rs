//! Whole games in batches (`play_batch`), the self-check and the helpers the Python
//! `cards_rs.rl` module reads ids and masks with.

use super::*;

/// Runs [`self_check`] for `game`: returns (steps, encodings compared) or raises the failure.
#[pyfunction]
#[pyo3(signature = (game, rules = None, episodes = 20, seed = 0, obs = None))]
pub(super) fn rl_self_check(
    py: Python<'_>,
    game: &str,
    rules: Option<&str>,
    episodes: u64,
    seed: u64,
    obs: Option<&str>,
) -> PyResult<(u64, u64)> {
    py.allow_threads(|| -> Result<(u64, u64), String> {
        by_name!(game, D => {
            let (rules, kind) = parse::<D>(rules, obs)?;
            self_check::<D>(&rules, kind, episodes, seed)
                .map_err(|e| e.to_string())
        })
    })
    .map_err(value_err)
}

/// The meaning of the scalar plane's columns (Dou Dizhu's plane 10, Daifugo's plane 6).
#[pyfunction]
pub(super) fn scalar_columns(game: &str) -> PyResult<Vec<&'static str>> {
    match game.trim().to_ascii_lowercase().as_str() {
        "doudizhu" => Ok(doudizhu::encode::PLANE_SCALARS.to_vec()),
        "daifugo" => Ok(daifugo::encode::PLANE_SCALARS.to_vec()),
        other => Err(value_err(format!(
            "no scalar plane for {other:?} (doudizhu and daifugo have one)"
        ))),
    }
}

fn le_bytes<'py, T: Copy, const N: usize>(
    py: Python<'py>,
    v: &[T],
    f: impl Fn(T) -> [u8; N],
) -> Bound<'py, pyo3::types::PyBytes> {
    let mut out = Vec::with_capacity(v.len() * N);
    for &x in v {
        out.extend_from_slice(&f(x));
    }
    pyo3::types::PyBytes::new(py, &out)
}

/// A batch's parts, its observation shape and its number of players.
type Played = (Vec<Batch<String>>, (usize, usize), usize);

/// One field of every part, joined into one writable `bytearray` (little-endian) that numpy
/// reads in place: each part's field is freed once copied, so the batch is held about once
/// in Rust and once in Python, never more (a failed allocation raises `MemoryError`).
fn joined<'py, T: Copy, const N: usize>(
    py: Python<'py>,
    parts: &mut [Batch<String>],
    field: impl Fn(&mut Batch<String>) -> &mut Vec<T>,
    f: impl Fn(T) -> [u8; N],
) -> PyResult<Bound<'py, pyo3::types::PyByteArray>> {
    let len = parts.iter_mut().map(|p| field(p).len()).sum::<usize>() * N;
    pyo3::types::PyByteArray::new_with(py, len, |buf| {
        let mut at = buf.chunks_exact_mut(N);
        for p in parts.iter_mut() {
            for (&x, cell) in field(p).iter().zip(&mut at) {
                cell.copy_from_slice(&f(x));
            }
            *field(p) = Vec::new();
        }
        Ok(())
    })
}

/// One game's batch: the games, the observation's shape and the number of players.
fn run<D: PyGame>(
    (rules, kind): (D::Rules, ObservationType),
    mut config: BatchConfig,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<Played, String>
where
    <D::Game as cards_core::game::Game>::Record: serde::Serialize,
{
    config.observation = kind;
    let json = |g: &D::Game| serde_json::to_string(&g.record()).map_err(|e| e.to_string());
    let b = play_batch::<D, String>(&rules, &config, &json, stop).map_err(|e| e.to_string())?;
    let [planes, width] = D::observation_shape(&rules, kind).map_err(|e| e.to_string())?;
    Ok((b, (planes, width), D::NUM_PLAYERS))
}

/// Self-play data with built-in players (`cards_rs.rl.play_batch` wraps it): the GIL is
/// released while the games are played (Ctrl-C stops them between moves); the arrays come
/// back as little-endian `bytearray`s.
#[pyfunction]
#[pyo3(signature = (game, num_games, policies, rules = None, seed = 0, threads = 1, obs = None, tuples = true, records = true))]
#[allow(clippy::too_many_arguments)]
pub(super) fn play_batch_raw<'py>(
    py: Python<'py>,
    game: &str,
    num_games: u64,
    policies: Vec<String>,
    rules: Option<&str>,
    seed: u64,
    threads: usize,
    obs: Option<&str>,
    tuples: bool,
    records: bool,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    if num_games == 0 || num_games > 1 << 20 {
        return Err(value_err(format!(
            "num_games must be 1 to 1048576 (got {num_games})"
        )));
    }
    check_threads(threads)?;
    let mut config = BatchConfig::new(num_games, &[]);
    config.policies = policies;
    config.seed = seed;
    config.threads = threads;
    config.tuples = tuples;
    config.records = records;
    let (mut parts, shape, np) = crate::interruptible(py, |stop| -> Result<Played, String> {
        by_name!(game, D => run::<D>(parse::<D>(rules, obs)?, config, stop))
    })?
    .map_err(value_err)?;
    // the parts' offsets, each from 0, joined (small: one a game, one a decision)
    let (mut game_offsets, mut legal_offsets) = (vec![0u64], Vec::new());
    if tuples {
        legal_offsets.push(0);
    }
    for p in &parts {
        let (base, lbase) = (
            game_offsets.last().copied().unwrap_or(0),
            legal_offsets.last().copied().unwrap_or(0),
        );
        game_offsets.extend(p.game_offsets.iter().skip(1).map(|&o| o + base));
        legal_offsets.extend(p.legal_offsets.iter().skip(1).map(|&o| o + lbase));
    }
    let records: Vec<String> = parts
        .iter_mut()
        .flat_map(|p| std::mem::take(&mut p.records))
        .collect();
    let d = pyo3::types::PyDict::new(py);
    d.set_item("obs_shape", shape)?;
    d.set_item("num_players", np)?;
    d.set_item("records", records)?;
    d.set_item(
        "seeds",
        joined(py, &mut parts, |b| &mut b.seeds, u64::to_le_bytes)?,
    )?;
    d.set_item(
        "returns",
        joined(py, &mut parts, |b| &mut b.returns, f32::to_le_bytes)?,
    )?;
    d.set_item(
        "game_offsets",
        le_bytes(py, &game_offsets, u64::to_le_bytes),
    )?;
    d.set_item(
        "obs",
        joined(py, &mut parts, |b| &mut b.obs, i8::to_le_bytes)?,
    )?;
    d.set_item(
        "actions",
        joined(py, &mut parts, |b| &mut b.actions, u32::to_le_bytes)?,
    )?;
    d.set_item(
        "players",
        joined(py, &mut parts, |b| &mut b.players, i32::to_le_bytes)?,
    )?;
    d.set_item(
        "roles",
        joined(py, &mut parts, |b| &mut b.roles, i8::to_le_bytes)?,
    )?;
    d.set_item(
        "legal_ids",
        joined(py, &mut parts, |b| &mut b.legal_values, u32::to_le_bytes)?,
    )?;
    d.set_item(
        "legal_offsets",
        le_bytes(py, &legal_offsets, u64::to_le_bytes),
    )?;
    Ok(d)
}

/// `DouZero`'s action rows (`x_batch`'s last 54 columns) of Dou Dizhu action ids, one after
/// another (zeros for pass and the auction's ids).
#[pyfunction]
pub(super) fn douzero_action_rows(
    py: Python<'_>,
    ids: Vec<i64>,
) -> PyResult<Bound<'_, pyo3::types::PyBytes>> {
    let mut out = Vec::with_capacity(ids.len() * doudizhu::encode::DOUZERO_ACTION);
    for (i, &id) in ids.iter().enumerate() {
        let cards = u32::try_from(id)
            .ok()
            .and_then(doudizhu::encode::action_cards)
            .ok_or_else(|| {
                value_err(format!(
                    "ids[{i}]: action {id} is out of range (0..{})",
                    doudizhu::encode::ACTIONS
                ))
            })?;
        out.extend(doudizhu::encode::cards54(cards).map(i8::cast_unsigned));
    }
    Ok(pyo3::types::PyBytes::new(py, &out))
}

/// The set entries of an int8 action mask, in order (`Discrete.sample(mask)`'s candidates),
/// or `None` when an entry is neither 0 nor 1: one pass over the caller's buffer, 64 bytes at
/// a time (Dou Dizhu's 27,477 in about 2 us).
#[pyfunction]
pub(super) fn mask_ids(py: Python<'_>, mask: PyBuffer<i8>) -> PyResult<Option<Vec<u32>>> {
    let cells = mask
        .as_slice(py)
        .filter(|_| mask.dimensions() == 1)
        .ok_or_else(|| value_err("mask: a C-contiguous 1-d int8 buffer is needed"))?;
    Ok(set_entries(cells, pyo3::buffer::ReadOnlyCell::get))
}

/// The indices of the 1s of `cells` read by `get` (`None` if one is neither 0 nor 1): 64 at a
/// time, each block OR-ed together (which the compiler vectorises) and read one by one only
/// when it holds a 1.
fn set_entries<T>(cells: &[T], get: impl Fn(&T) -> i8) -> Option<Vec<u32>> {
    let mut ids = Vec::new();
    let mut bad = 0u8;
    for (b, block) in cells.chunks(64).enumerate() {
        let any = block.iter().fold(0u8, |a, c| a | get(c).cast_unsigned());
        bad |= any & 0xFE;
        if any != 0 {
            for (k, c) in block.iter().enumerate() {
                if get(c) != 0 {
                    ids.push(u32::try_from(b * 64 + k).ok()?);
                }
            }
        }
    }
    (bad == 0).then_some(ids)
}
