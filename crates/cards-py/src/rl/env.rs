//! `Env`: one [`Env`] of one game, one call a step (the `PettingZoo` and Gymnasium envs).

use super::*;

/// One environment of one game: a step a call (the `PettingZoo` and Gymnasium envs' core).
#[pyclass(module = "cards_rs._native", name = "Env")]
pub struct PyEnv {
    env: AnyEnv,
}

/// The env at the position `record` (the JSON of the game's record) replays to.
fn load<D: PyGame>(
    record: &str,
    (rules, kind): (D::Rules, ObservationType),
    seed: u64,
) -> PyResult<AnyEnv>
where
    <D::Game as cards_core::game::Game>::Record: serde::de::DeserializeOwned,
{
    let rec: <D::Game as cards_core::game::Game>::Record =
        serde_json::from_str(record).map_err(value_err)?;
    let g = cards_core::game::Record::replay(&rec).map_err(value_err)?;
    Env::with_game(rules, kind, g, seed)
        .map(D::env)
        .map_err(env_err)
}

#[allow(clippy::needless_pass_by_value)]
#[pymethods]
impl PyEnv {
    #[new]
    #[pyo3(signature = (game, rules = None, seed = 0, obs = None))]
    fn new(game: &str, rules: Option<&str>, seed: u64, obs: Option<&str>) -> PyResult<Self> {
        let env: PyResult<AnyEnv> = by_name!(game, D => {
            let (rules, kind) = parse::<D>(rules, obs).map_err(value_err)?;
            Env::new(rules, kind, seed).map(D::env).map_err(env_err)
        });
        Ok(PyEnv { env: env? })
    }

    /// The env at the position a game record (the JSON of the game module's `record()`)
    /// replays to; `reset` deals from seed stream `seed` afterwards.
    #[staticmethod]
    #[pyo3(signature = (game, record, rules = None, seed = 0, obs = None))]
    fn from_record(
        game: &str,
        record: &str,
        rules: Option<&str>,
        seed: u64,
        obs: Option<&str>,
    ) -> PyResult<Self> {
        let env: PyResult<AnyEnv> = by_name!(game, D => {
            load::<D>(record, parse::<D>(rules, obs).map_err(value_err)?, seed)
        });
        Ok(PyEnv { env: env? })
    }

    /// Deals a new game: seed stream `seed` from its first episode, or the next episode.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, seed: Option<u64>) -> PyResult<()> {
        each_env!(&mut self.env, s, G => s.reset(seed)).map_err(env_err)
    }

    /// Plays legal action `id`; returns whether the game is over. An illegal id raises
    /// `ValueError` and changes nothing.
    fn step(&mut self, id: i64) -> PyResult<bool> {
        each_env!(&mut self.env, s, G => {
            let Ok(id) = u32::try_from(id) else {
                return Err(value_err(format!(
                    "action {id} is out of range (0..{})",
                    s.num_actions()
                )));
            };
            s.step(id).map_err(env_err)
        })
    }

    /// Plays built-in players (by name, one per player) until `learner` is to act or the
    /// game is over; returns whether it is over.
    /// The GIL is released while they play; Ctrl-C stops them between moves.
    fn play_others(
        &mut self,
        py: Python<'_>,
        learner: usize,
        names: Vec<String>,
        seed: u64,
    ) -> PyResult<bool> {
        let env = &mut self.env;
        crate::interruptible(
            py,
            |stop| each_env!(env, s, G => s.play_others(learner, &names, seed, stop)),
        )?
        .map_err(env_err)
    }

    /// The built-in players' names.
    #[getter]
    fn policy_names(&self) -> Vec<&'static str> {
        each_env!(&self.env, _s, G => G::policy_names().to_vec())
    }

    /// Plays legal action `id` as `step` does; returns `None` when the game is over, else
    /// the player to act and its legal ids (one call a turn for the AEC env).
    fn step_turn(&mut self, id: i64) -> PyResult<Option<(usize, Vec<u32>)>> {
        if !self.step(id)? {
            return Ok(
                each_env!(&self.env, s, G => s.current().map(|p| (p, s.legal_ids().to_vec()))),
            );
        }
        Ok(None)
    }

    /// Writes `player`'s observation into `out` and, with `mask` given, sets `mask[id] = 1`
    /// for each legal id (the caller's zeroed int8 buffer of `num_actions`).
    #[pyo3(signature = (player, out, mask = None))]
    fn observe_masked(
        &self,
        py: Python<'_>,
        player: usize,
        out: PyBuffer<i8>,
        mask: Option<PyBuffer<i8>>,
    ) -> PyResult<()> {
        self.observe(py, player, out)?;
        match mask {
            Some(m) => self.write_mask(py, m),
            None => Ok(()),
        }
    }

    /// Whether `id` is legal now.
    fn is_legal(&self, id: i64) -> bool {
        each_env!(&self.env, s, G => u32::try_from(id).is_ok_and(|id| s.legal_ids().contains(&id)))
    }

    /// The legal ids now (empty at the end).
    fn legal_ids(&self) -> Vec<u32> {
        each_env!(&self.env, s, G => s.legal_ids().to_vec())
    }

    /// Sets `mask[id] = 1` for each legal id (the caller's zeroed int8 buffer of
    /// `num_actions`).
    fn write_mask(&self, py: Python<'_>, mask: PyBuffer<i8>) -> PyResult<()> {
        each_env!(&self.env, s, G => {
            let n = s.num_actions() as usize;
            let cells = mask
                .as_mut_slice(py)
                .filter(|c| c.len() == n)
                .ok_or_else(|| value_err(format!("mask: a writable int8 buffer of {n}")))?;
            for &id in s.legal_ids() {
                cells[id as usize].set(1);
            }
            Ok(())
        })
    }

    /// Writes `player`'s observation into `out` (int8, planes x width).
    fn observe(&self, py: Python<'_>, player: usize, out: PyBuffer<i8>) -> PyResult<()> {
        each_env!(&self.env, s, G => {
            let [p, w] = s.obs_shape();
            let mut buf = vec![0i8; p * w];
            s.encode(player, &mut buf).map_err(env_err)?;
            copy_into(py, "out", &out, &buf)
        })
    }

    /// The player to act (`None` at the end).
    #[getter]
    fn current_player(&self) -> Option<usize> {
        each_env!(&self.env, s, G => s.current())
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        each_env!(&self.env, s, G => s.current().is_none())
    }

    /// Every player's return (0.0 before the end).
    fn returns(&self) -> Vec<f64> {
        each_env!(&self.env, s, G => s.returns())
    }

    /// The role of `player` (the game's small integer; -1 when none yet).
    fn role(&self, player: usize) -> i8 {
        each_env!(&self.env, s, G => s.role(player))
            .map_or(-1, |r| i8::try_from(r).unwrap_or(i8::MAX))
    }

    /// The text of action `id`.
    fn action_text(&self, id: u32) -> PyResult<String> {
        each_env!(&self.env, s, G => G::action_text(s.rules(), id as usize)
            .ok_or_else(|| value_err(format!("action {id} is out of range (0..{})", s.num_actions()))))
    }

    /// The text of the player to act's view (what `render_mode="ansi"` shows): its
    /// observation, never another hand.
    fn render(&self) -> String {
        each_env!(&self.env, s, G => s.render())
    }

    /// The game's record, the JSON of the game's `record()` in its own module (which
    /// replays it: `doudizhu.Game.from_record`, `daifugo.Game.from_record`,
    /// `kabu.Round.from_record`).
    fn record_json(&self) -> PyResult<String> {
        each_env!(&self.env, s, G => serde_json::to_string(&s.game().record()).map_err(value_err))
    }

    #[getter]
    fn num_actions(&self) -> u32 {
        each_env!(&self.env, s, G => s.num_actions())
    }

    #[getter]
    fn num_players(&self) -> usize {
        each_env!(&self.env, s, G => s.players())
    }

    #[getter]
    fn obs_shape(&self) -> (usize, usize) {
        let [planes, width] = each_env!(&self.env, s, G => s.obs_shape());
        (planes, width)
    }
}
