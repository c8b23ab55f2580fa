//! `VecEnv`: an [`EnvPool`] of one game, stepped with the GIL released.

use super::*;

/// A batch of environments of one game, stepped together in Rust.
#[pyclass(module = "cards_rs._native", name = "VecEnv")]
pub struct PyVecEnv {
    core: AnyVec,
}

/// A pool of `D` from the Python arguments.
fn pool<D: PyGame>(
    (rules, kind): (D::Rules, ObservationType),
    num_envs: usize,
    seed: u64,
    (threads, masks): (usize, bool),
) -> PyResult<AnyVec> {
    let config = Config::new(num_envs)
        .seed(seed)
        .threads(threads)
        .observation(kind)
        .masks(masks);
    EnvPool::new(rules, config).map(D::pool).map_err(env_err)
}

// pyo3 takes buffers by value: they are Python objects' views, released when dropped
#[allow(clippy::needless_pass_by_value)]
#[pymethods]
impl PyVecEnv {
    #[new]
    /// `masks`: the caller will hold dense masks too (counted in the memory check).
    #[pyo3(signature = (game, num_envs, rules = None, seed = 0, threads = 1, obs = None, masks = false))]
    fn new(
        game: &str,
        num_envs: usize,
        rules: Option<&str>,
        seed: u64,
        threads: usize,
        obs: Option<&str>,
        masks: bool,
    ) -> PyResult<Self> {
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(value_err(format!(
                "num_envs must be 1 to 1048576 (got {num_envs})"
            )));
        }
        check_threads(threads)?;
        let how = (threads, masks);
        let core: PyResult<AnyVec> = by_name!(game, D => {
            pool::<D>(parse::<D>(rules, obs).map_err(value_err)?, num_envs, seed, how)
        });
        Ok(PyVecEnv { core: core? })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        each_vec!(&self.core, c => c.num_envs())
    }

    #[getter]
    fn num_players(&self) -> usize {
        each_vec!(&self.core, c => c.num_players())
    }

    #[getter]
    fn num_actions(&self) -> u32 {
        each_vec!(&self.core, c => c.num_actions())
    }

    #[getter]
    fn obs_shape(&self) -> (usize, usize) {
        let [planes, width] = each_vec!(&self.core, c => c.obs_shape());
        (planes, width)
    }

    /// Resets every env (GIL released); env `i` takes the seed stream of (`seed`, `i`), or
    /// its next episode with `seed=None`.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let core = &mut self.core;
        py.allow_threads(|| each_vec!(core, c => c.reset(seed)))
            .map_err(env_err)
    }

    /// Steps every env with `actions` (an int64 buffer, one id per env; GIL released).
    /// Every action is checked first: a `ValueError` names the env and the action, and no
    /// env has moved.
    fn step(&mut self, py: Python<'_>, actions: PyBuffer<i64>) -> PyResult<()> {
        let a = actions.to_vec(py)?;
        let core = &mut self.core;
        py.allow_threads(|| each_vec!(core, c => c.step(&a)))
            .map_err(env_err)
    }

    /// Copies the last reset's or step's arrays into the caller's buffers (reused from step
    /// to step) and returns the number of legal ids in all; `values` (uint32) is written
    /// only when it holds them all (else the caller grows it and calls `write_values`).
    #[allow(clippy::too_many_arguments)]
    fn write(
        &self,
        py: Python<'_>,
        obs: PyBuffer<i8>,
        rewards: PyBuffer<f32>,
        terminated: PyBuffer<u8>,
        truncated: PyBuffer<u8>,
        players: PyBuffer<i32>,
        roles: PyBuffer<i8>,
        offsets: PyBuffer<u64>,
        values: PyBuffer<u32>,
    ) -> PyResult<usize> {
        each_vec!(&self.core, c => {
            let rows = c.rows();
            copy_into(py, "obs", &obs, &rows.obs)?;
            copy_into(py, "rewards", &rewards, &rows.rewards)?;
            copy_into(py, "terminated", &terminated, &rows.terminated)?;
            copy_into(py, "truncated", &truncated, &rows.truncated)?;
            copy_into(py, "players", &players, &rows.players)?;
            copy_into(py, "roles", &roles, &rows.roles)?;
            copy_into(py, "offsets", &offsets, c.legal_offsets())?;
            let ids = c.legal_values();
            if values.item_count() >= ids.len()
                && !values.readonly()
                && let Some(cells) = values.as_mut_slice(py)
            {
                for (cell, &v) in cells.iter().zip(ids) {
                    cell.set(v);
                }
            }
            Ok(ids.len())
        })
    }

    /// Writes the legal ids into `values` (at least as long as their number).
    fn write_values(&self, py: Python<'_>, values: PyBuffer<u32>) -> PyResult<()> {
        each_vec!(&self.core, c => {
            let ids = c.legal_values();
            let cells = values
                .as_mut_slice(py)
                .filter(|s| s.len() >= ids.len())
                .ok_or_else(|| value_err("values: a writable buffer of enough uint32 is needed"))?;
            for (cell, &v) in cells.iter().zip(ids) {
                cell.set(v);
            }
            Ok(())
        })
    }

    /// Updates the dense mask buffer (`num_envs x num_actions` int8, the same buffer every
    /// call): clears the ids set last time, sets the current ones.
    fn write_masks(&mut self, py: Python<'_>, mask: PyBuffer<i8>) -> PyResult<()> {
        let n = self.num_actions() as usize;
        let envs = self.num_envs();
        let cells = mask
            .as_mut_slice(py)
            .filter(|s| s.len() == n * envs)
            .ok_or_else(|| value_err("mask: a writable buffer of num_envs x num_actions int8"))?;
        each_vec!(&mut self.core, c => c.update_masks(|k, on| cells[k].set(i8::from(on))));
        Ok(())
    }

    /// The text of action `id`.
    fn action_text(&self, id: u32) -> PyResult<String> {
        each_vec!(&self.core, c => c.action_text(id)).ok_or_else(|| {
            value_err(format!(
                "action {id} is out of range (0..{})",
                self.num_actions()
            ))
        })
    }
}
