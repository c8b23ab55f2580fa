//! Many environments stepped together on a few kept threads, into buffers reused every step.

use std::sync::{Arc, Mutex, mpsc};

use cards_core::game::{Encoding, Game, MAX_THREADS, ObservationType};

use crate::env::refusal;
use crate::{Action, Env, EnvError, mix, num_actions};

/// The most memory an [`EnvPool`] (with the copies of its rows and masks a caller keeps, as
/// the Python package does) may need, 4 GiB: more is refused before anything is allocated.
pub const MAX_BYTES: usize = 1 << 32;

/// How to build an [`EnvPool`]: its number of environments, seed, threads, observation type
/// and whether the caller keeps dense masks.
///
/// ```
/// use cards_env::Config;
/// let c = Config::new(64).seed(7).threads(2);
/// assert_eq!((c.num_envs, c.seed, c.threads, c.masks), (64, 7, 2, false));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// The number of environments.
    pub num_envs: usize,
    /// Environment `i` is dealt from seed stream [`mix`]`(seed, i)` until a reset names
    /// another seed.
    pub seed: u64,
    /// The threads that step them (1 to [`MAX_THREADS`]; no more than the environments are
    /// used): the calling thread and `threads - 1` kept workers.
    pub threads: usize,
    /// The observation type of the rows.
    pub observation: ObservationType,
    /// Whether the caller keeps dense masks ([`EnvPool::write_masks`]): counted in the
    /// memory check.
    pub masks: bool,
}

impl Config {
    /// `num_envs` environments, seed 0, one thread, the game's first observation type, no
    /// dense masks.
    #[must_use]
    pub fn new(num_envs: usize) -> Config {
        Config {
            num_envs,
            seed: 0,
            threads: 1,
            observation: ObservationType::default(),
            masks: false,
        }
    }

    /// With seed `seed`.
    #[must_use]
    pub fn seed(self, seed: u64) -> Config {
        Config { seed, ..self }
    }

    /// With `threads` threads.
    #[must_use]
    pub fn threads(self, threads: usize) -> Config {
        Config { threads, ..self }
    }

    /// With observation type `observation`.
    #[must_use]
    pub fn observation(self, observation: ObservationType) -> Config {
        Config {
            observation,
            ..self
        }
    }

    /// With (or without) dense masks kept by the caller.
    #[must_use]
    pub fn masks(self, masks: bool) -> Config {
        Config { masks, ..self }
    }
}

/// The outputs of a reset or a step, one row an environment, in environment order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rows {
    /// The observation of the player to act (at an episode's end: of the player who acted
    /// last), `rows x columns` values an environment.
    pub obs: Vec<i8>,
    /// Every player's reward, `num_players` an environment: the returns on the step that
    /// ended the episode, else 0.
    pub rewards: Vec<f32>,
    /// 1 where the step ended the episode (the next step resets that environment and ignores
    /// its action).
    pub terminated: Vec<u8>,
    /// Always 0 (no episode is cut short); kept for the Gymnasium API.
    pub truncated: Vec<u8>,
    /// The player to act, -1 at an episode's end.
    pub players: Vec<i32>,
    /// The observed player's role ([`Encoding::role`]), -1 for none.
    pub roles: Vec<i8>,
}

impl Rows {
    /// Zeroed rows for `k` envs, observations of `ow` bytes, `np` players.
    fn zeroed(k: usize, ow: usize, np: usize) -> Rows {
        Rows {
            obs: vec![0; k * ow],
            rewards: vec![0.0; k * np],
            terminated: vec![0; k],
            truncated: vec![0; k],
            players: vec![0; k],
            roles: vec![0; k],
        }
    }

    /// Copies `part` (rows `base..`) in.
    fn copy_at(&mut self, base: usize, part: &Rows) {
        let k = part.players.len();
        let (ow, np) = (part.obs.len() / k.max(1), part.rewards.len() / k.max(1));
        self.obs[base * ow..(base + k) * ow].copy_from_slice(&part.obs);
        self.rewards[base * np..(base + k) * np].copy_from_slice(&part.rewards);
        self.terminated[base..base + k].copy_from_slice(&part.terminated);
        self.truncated[base..base + k].copy_from_slice(&part.truncated);
        self.players[base..base + k].copy_from_slice(&part.players);
        self.roles[base..base + k].copy_from_slice(&part.roles);
    }
}

/// One thread's share of a pool: its environments and their rows of every output.
struct Part<D: Encoding> {
    /// The index of its first env.
    base: usize,
    envs: Vec<Env<D>>,
    rows: Rows,
}

impl<D: Encoding> Part<D> {
    /// Resets (`actions` `None`) or steps every env of the part and writes its rows.
    fn work(&mut self, actions: Option<&[i64]>, seed: Option<u64>) {
        let out = &mut self.rows;
        let ow = out.obs.len() / self.envs.len().max(1);
        let np = out.rewards.len() / self.envs.len().max(1);
        for (j, s) in self.envs.iter_mut().enumerate() {
            let i = self.base + j;
            let r = &mut out.rewards[j * np..(j + 1) * np];
            r.fill(0.0);
            out.terminated[j] = 0;
            out.truncated[j] = 0;
            let reset = match actions {
                None => Some(seed.map(|x| mix(x, i as u64))),
                Some(_) if s.done => Some(None),
                Some(a) => {
                    // checked before: the id is legal
                    let id = u32::try_from(a[i]).unwrap_or(u32::MAX);
                    if let Ok(over) = s.step(id)
                        && over
                    {
                        s.done = true;
                        out.terminated[j] = 1;
                        for (p, x) in r.iter_mut().enumerate() {
                            *x = s.game().returns(p) as f32;
                        }
                    }
                    None
                }
            };
            if let Some(seed) = reset
                && let Err(e) = s.reset(seed)
                && s.error.is_none()
            {
                s.error = Some(e);
            }
            let who = s.observer();
            out.players[j] = s.current().map_or(-1, |p| i32::try_from(p).unwrap_or(-1));
            out.roles[j] = s
                .role(who)
                .map_or(-1, |r| i8::try_from(r).unwrap_or(i8::MAX));
            // the row has the observation's length: this cannot fail
            let _ = s.encode(who, &mut out.obs[j * ow..(j + 1) * ow]);
        }
    }
}

/// A job for a worker: step with these actions, or reset (with this seed).
struct Job {
    actions: Option<Arc<Vec<i64>>>,
    seed: Option<u64>,
}

/// A thread that works one part, kept for the pool's life (spawning threads every step cost
/// more than the step, and a kept thread keeps its part's envs in its core's cache).
struct Worker {
    jobs: Option<mpsc::Sender<Job>>,
    done: Mutex<mpsc::Receiver<()>>,
    handle: Option<std::thread::JoinHandle<()>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The bytes `num_envs` envs need, reckoned from the arguments alone: per env its [`Env`]
/// (the game, room for 64 legal actions and ids), its output rows three times (a part's, the
/// pool's and a caller's copy), the legal ids' room (32 here, 64 in a caller's copy) and
/// offsets, and with `masks` a dense mask row.
fn pool_bytes<D: Encoding>(
    num_envs: usize,
    [planes, width]: [usize; 2],
    num_actions: usize,
    masks: bool,
) -> usize {
    let row = planes
        .saturating_mul(width)
        .saturating_add(4 * D::NUM_PLAYERS + 2 + 4 + 1);
    let env = std::mem::size_of::<Env<D>>() + 64 * (std::mem::size_of::<Action<D>>() + 4);
    let ids = (32 + 64) * 4 + 3 * 8 + 1 + 4;
    let mask = if masks { num_actions } else { 0 };
    num_envs.saturating_mul(
        row.saturating_mul(3)
            .saturating_add(env + ids)
            .saturating_add(mask),
    )
}

/// Many environments of game `D` stepped together on a few kept threads: every reset and step
/// writes one row an environment into [`EnvPool::rows`] and the legal ids into one flat list
/// ([`EnvPool::legal_ids`]), buffers allocated once and reused. An environment whose episode
/// ended on a step is reset on the next one (its action then ignored); environment `i` deals
/// its episodes from seed stream [`mix`]`(seed, i)`, so the same seeds give the same rows
/// on any number of threads.
///
/// ```
/// use cards_env::cards_core::game::{Definition, testing_toy::ToyGame};
/// use cards_env::{Config, EnvPool};
/// let mut pool = EnvPool::<ToyGame>::new(ToyGame::default_rules(), Config::new(4).masks(true))?;
/// pool.reset(Some(1))?;
/// let n = pool.num_actions() as usize;
/// let mut masks = vec![0i8; 4 * n];
/// pool.write_masks(&mut masks)?;
/// for i in 0..4 {
///     for &id in pool.legal_ids(i) {
///         assert_eq!(masks[i * n + id as usize], 1);
///     }
/// }
/// let first: Vec<i64> = (0..4).map(|i| pool.legal_ids(i)[0].into()).collect();
/// pool.step(&first)?;
/// assert!(pool.step(&[99, 99, 99, 99]).is_err()); // checked before any env moves
/// # Ok::<(), cards_env::EnvError>(())
/// ```
pub struct EnvPool<D: Encoding>
where
    D::Game: Send,
    Action<D>: Send,
{
    rules: D::Rules,
    kind: ObservationType,
    shape: [usize; 2],
    num_actions: u32,
    parts: Vec<Arc<Mutex<Part<D>>>>,
    workers: Vec<Worker>,
    num_envs: usize,
    started: bool,
    /// Whether env `i`'s episode ended on the last step (its next action is ignored).
    done: Vec<bool>,
    rows: Rows,
    values: Vec<u32>,
    offsets: Vec<u64>,
    /// The ids [`EnvPool::write_masks`] set last (cleared before the new ones are set).
    mask_values: Vec<u32>,
    mask_offsets: Vec<u64>,
}

impl<D: Encoding> Drop for EnvPool<D>
where
    D::Game: Send,
    Action<D>: Send,
{
    fn drop(&mut self) {
        for w in &mut self.workers {
            w.jobs = None; // the worker's loop ends when its channel closes
            if let Some(h) = w.handle.take() {
                let _ = h.join();
            }
        }
    }
}

impl<D: Encoding> EnvPool<D>
where
    D::Game: Send,
    Action<D>: Send,
{
    /// `config.num_envs` environments of `rules` on `config.threads` threads, dealt from
    /// their first episodes. The memory they need is reckoned and checked before any is
    /// allocated.
    ///
    /// # Errors
    ///
    /// [`EnvError::TooLarge`] past [`MAX_BYTES`], [`EnvError::Threads`], an observation type
    /// the game does not have, a seed it cannot deal from.
    pub fn new(rules: D::Rules, config: Config) -> Result<EnvPool<D>, EnvError> {
        let Config {
            num_envs,
            seed,
            threads,
            observation: kind,
            masks,
        } = config;
        if threads == 0 || threads > MAX_THREADS {
            return Err(EnvError::Threads(threads));
        }
        let shape = D::observation_shape(&rules, kind)?;
        let n = num_actions::<D>(&rules)?;
        let need = pool_bytes::<D>(num_envs, shape, n as usize, masks);
        if need > MAX_BYTES {
            return Err(EnvError::TooLarge {
                game: D::NAME,
                num_envs,
                need,
                limit: MAX_BYTES,
                masks,
            });
        }
        let ow = shape[0] * shape[1];
        let np = D::NUM_PLAYERS;
        let threads = threads.clamp(1, num_envs.max(1));
        let chunk = num_envs.div_ceil(threads).max(1);
        let mut parts = Vec::new();
        let mut base = 0;
        while base < num_envs {
            let k = chunk.min(num_envs - base);
            let envs = (base..base + k)
                .map(|i| Env::new(rules, kind, mix(seed, i as u64)))
                .collect::<Result<Vec<_>, _>>()?;
            parts.push(Arc::new(Mutex::new(Part {
                base,
                envs,
                rows: Rows::zeroed(k, ow, np),
            })));
            base += k;
        }
        let workers = parts.iter().skip(1).map(spawn).collect();
        Ok(EnvPool {
            rules,
            kind,
            shape,
            num_actions: n,
            parts,
            workers,
            num_envs,
            started: false,
            done: vec![false; num_envs],
            rows: Rows::zeroed(num_envs, ow, np),
            values: Vec::with_capacity(num_envs * 32),
            offsets: vec![0; num_envs + 1],
            mask_values: Vec::new(),
            mask_offsets: vec![0; num_envs + 1],
        })
    }

    /// The rules.
    pub fn rules(&self) -> &D::Rules {
        &self.rules
    }

    /// The observation type of the rows.
    pub fn observation_type(&self) -> ObservationType {
        self.kind
    }

    /// The number of environments.
    pub fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The number of players of the game.
    pub fn num_players(&self) -> usize {
        D::NUM_PLAYERS
    }

    /// The size of the action space (ids `0..num_actions`).
    pub fn num_actions(&self) -> u32 {
        self.num_actions
    }

    /// The observation's shape (rows, columns).
    pub fn obs_shape(&self) -> [usize; 2] {
        self.shape
    }

    /// Whether [`EnvPool::reset`] was called.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// The last reset's or step's rows.
    pub fn rows(&self) -> &Rows {
        &self.rows
    }

    /// The legal ids of environment `i` now (empty where the episode just ended, or for an
    /// index out of range).
    pub fn legal_ids(&self, i: usize) -> &[u32] {
        match (self.offsets.get(i), self.offsets.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.values[a as usize..b as usize],
            _ => &[],
        }
    }

    /// Every environment's legal ids, one list after another: environment `i`'s are
    /// `legal_values()[legal_offsets()[i]..legal_offsets()[i + 1]]`.
    pub fn legal_values(&self) -> &[u32] {
        &self.values
    }

    /// Where each environment's legal ids start in [`EnvPool::legal_values`] (`num_envs + 1`
    /// offsets).
    pub fn legal_offsets(&self) -> &[u64] {
        &self.offsets
    }

    /// The text of action `id` (`None` out of range).
    pub fn action_text(&self, id: u32) -> Option<String> {
        D::action_text(&self.rules, id as usize)
    }

    /// Checks every action against the legal ids the last call gave (an environment whose
    /// episode ended is skipped: its action is ignored).
    ///
    /// # Errors
    ///
    /// [`EnvError::NotStarted`], [`EnvError::ActionCount`], or the first refused action in
    /// [`EnvError::InEnv`].
    pub fn check(&self, actions: &[i64]) -> Result<(), EnvError> {
        if !self.started {
            return Err(EnvError::NotStarted);
        }
        if actions.len() != self.num_envs {
            return Err(EnvError::ActionCount {
                got: actions.len(),
                envs: self.num_envs,
            });
        }
        for (i, &a) in actions.iter().enumerate() {
            if self.done[i] {
                continue; // this step resets the env: its action is ignored
            }
            let ids = self.legal_ids(i);
            let id = u32::try_from(a).unwrap_or(u32::MAX);
            if !ids.contains(&id) {
                let why = if u32::try_from(a).is_err() {
                    EnvError::OutOfRange {
                        id: a,
                        num_actions: self.num_actions as usize,
                    }
                } else {
                    refusal::<D>(&self.rules, ids, id)
                };
                return Err(EnvError::InEnv {
                    env: i,
                    error: Box::new(why),
                });
            }
        }
        Ok(())
    }

    /// Resets every environment: with `seed`, environment `i` restarts seed stream
    /// [`mix`]`(seed, i)`; without, each deals its stream's next episode.
    ///
    /// # Errors
    ///
    /// A worker thread that stopped, a seed the game cannot deal from.
    pub fn reset(&mut self, seed: Option<u64>) -> Result<(), EnvError> {
        self.run(None, seed)?;
        self.started = true;
        Ok(())
    }

    /// Steps every environment with `actions` (one id an environment; an environment whose
    /// episode ended on the last step is reset instead). Every action is checked first
    /// ([`EnvPool::check`]): on an error no environment has moved.
    ///
    /// # Errors
    ///
    /// As [`EnvPool::check`]; a worker thread that stopped.
    pub fn step(&mut self, actions: &[i64]) -> Result<(), EnvError> {
        self.check(actions)?;
        self.run(Some(actions), None)
    }

    fn run(&mut self, actions: Option<&[i64]>, seed: Option<u64>) -> Result<(), EnvError> {
        let shared = actions.map(|a| Arc::new(a.to_vec()));
        for w in &self.workers {
            let job = Job {
                actions: shared.clone(),
                seed,
            };
            if w.jobs.as_ref().is_none_or(|j| j.send(job).is_err()) {
                return Err(EnvError::WorkerStopped);
            }
        }
        if let Some(p) = self.parts.first() {
            lock(p).work(actions, seed);
        }
        let mut stopped = false;
        for w in &self.workers {
            stopped |= lock(&w.done).recv().is_err();
        }
        if stopped {
            return Err(EnvError::WorkerStopped);
        }
        self.values.clear();
        self.offsets[0] = 0;
        let mut error = None;
        for part in &self.parts {
            let mut p = lock(part);
            let b = p.base;
            self.rows.copy_at(b, &p.rows);
            for (j, s) in p.envs.iter_mut().enumerate() {
                self.values.extend_from_slice(s.legal_ids());
                self.offsets[b + j + 1] = self.values.len() as u64;
                self.done[b + j] = s.done;
                if error.is_none() {
                    error = s.error.take();
                }
            }
        }
        error.map_or(Ok(()), Err)
    }

    /// Updates dense masks held by the caller (`num_envs x num_actions` entries, the same
    /// buffer every call, zeroed before the first): `set(index, false)` for each id set last
    /// time, then `set(index, true)` for each legal id now. A few writes a step instead of a
    /// whole mask.
    pub fn update_masks(&mut self, mut set: impl FnMut(usize, bool)) {
        let n = self.num_actions as usize;
        for i in 0..self.num_envs {
            let (a, b) = (
                self.mask_offsets[i] as usize,
                self.mask_offsets[i + 1] as usize,
            );
            for &v in &self.mask_values[a..b] {
                set(i * n + v as usize, false);
            }
        }
        for i in 0..self.num_envs {
            for &v in self.legal_ids(i) {
                set(i * n + v as usize, true);
            }
        }
        self.mask_values.clone_from(&self.values);
        self.mask_offsets.clone_from(&self.offsets);
    }

    /// [`EnvPool::update_masks`] into `mask` (1 for a legal id, 0 elsewhere).
    ///
    /// # Errors
    ///
    /// A buffer whose length is not `num_envs x num_actions` ([`EnvError::Encode`]'s length
    /// error), unchanged.
    pub fn write_masks(&mut self, mask: &mut [i8]) -> Result<(), EnvError> {
        cards_core::game::check_length([self.num_envs, self.num_actions as usize], mask)?;
        self.update_masks(|k, on| mask[k] = i8::from(on));
        Ok(())
    }
}

/// A kept worker thread for `part`.
fn spawn<D: Encoding>(part: &Arc<Mutex<Part<D>>>) -> Worker
where
    D::Game: Send,
    Action<D>: Send,
{
    let (jobs, rx) = mpsc::channel::<Job>();
    let (done_tx, done) = mpsc::channel();
    let part = Arc::clone(part);
    let handle = std::thread::Builder::new()
        .name("cards-env".into())
        .spawn(move || {
            for job in rx {
                lock(&part).work(job.actions.as_deref().map(Vec::as_slice), job.seed);
                if done_tx.send(()).is_err() {
                    break;
                }
            }
        })
        .ok();
    Worker {
        jobs: Some(jobs),
        done: Mutex::new(done),
        handle,
    }
}
