//! Reinforcement-learning environments, written once over the one game interface
//! ([`cards_core::game::Game`]): each game contributes a fixed action enumeration (an action's
//! id) and an observation encoder (int8 planes) through [`RlGame`]; stepping, batching, legal
//! id lists, masks, auto-reset and seeding are written here once, for every game.
//!
//! [`Slot`] is one environment (a game, its legal actions and their ids, its seed stream);
//! [`VecCore`] is many slots stepped together on a few threads; the Python classes
//! (`_native.VecEnv`, `_native.Env`) hold one of them per game behind an enum.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use cards_core::game::{Game, InfoSet, Players, Policy as _};

pub mod daifugo;
pub mod doudizhu;
pub mod kabu;
mod py;

pub use py::register;

/// What a game adds to the generic environments: rules, a deal from a seed, the fixed action
/// enumeration (action -> id, the game's `Discrete(N)` space) and the observation encoder.
pub trait RlGame:
    Game<Action: Send, Record: serde::Serialize + serde::de::DeserializeOwned>
    + Players
    + Send
    + 'static
{
    /// The game's rules.
    type Rules: Copy + Send + Sync + 'static;

    /// The game's name in the Python API.
    const NAME: &'static str;

    /// The rules named by `text` (a preset name with options), or the default for `None`,
    /// with the observation encoding named `obs` (`None` or `"planes"`: the game's int8
    /// planes; a game may have others); an error says why the environments cannot use them.
    fn parse_rules(text: Option<&str>, obs: Option<&str>) -> Result<Self::Rules, String>;

    /// The game dealt from `seed`.
    fn deal(rules: &Self::Rules, seed: u64) -> Self;

    /// The size of the action space.
    fn num_actions(rules: &Self::Rules) -> u32;

    /// The observation's shape (planes, width); `encode` writes `planes * width` bytes.
    fn obs_shape(rules: &Self::Rules) -> (usize, usize);

    /// The id of a legal action (`None`: the action has no id; the environments never offer
    /// it, and the tests check that this does not happen where the enumeration is meant to
    /// cover every legal action).
    fn action_id(rules: &Self::Rules, action: &Self::Action) -> Option<u32>;

    /// When two legal actions share an id (Dou Dizhu's ids name card multisets; a multiset
    /// may have two readings), whether `action` should replace the one kept so far.
    fn prefer(_rules: &Self::Rules, _id: u32, _action: &Self::Action) -> bool {
        false
    }

    /// The text of action `id` (`None` for an id out of range).
    fn action_text(rules: &Self::Rules, id: u32) -> Option<String>;

    /// Writes `obs`'s encoding into `out` (`planes * width` bytes, every byte written). The
    /// encoder reads nothing but what the observation shows its player.
    fn encode(rules: &Self::Rules, obs: &Self::Observation<'_>, out: &mut [i8]);

    /// The role of `player` now (the game's documented small integer, -1 when none yet).
    fn role(&self, player: usize) -> i8;

    /// The table as the terminal play shows it (`render_mode="ansi"`): the public lines of the
    /// game's transcript so far (every action, in the words the CLI prints), then the view of
    /// the player to act as the terminal shows a person (its own hand, what it may know), or
    /// at the end the result. Never a hand of a player other than the one to act.
    fn render(&self) -> String;
}

/// The error for an observation encoding a game does not have.
pub fn planes_only(game: &str, obs: Option<&str>) -> Result<(), String> {
    match obs.map(str::trim) {
        None | Some("planes") => Ok(()),
        Some(other) => Err(format!(
            "unknown observation encoding {other:?} for {game} (expected: planes)"
        )),
    }
}

/// `x` as a plane's byte (saturating: every value the encoders write is far below 127).
#[inline]
pub fn byte<T: TryInto<i8>>(x: T) -> i8 {
    x.try_into().unwrap_or(i8::MAX)
}

/// A 64-bit mix (splitmix64's finaliser) for per-env, per-episode seeds.
#[must_use]
pub const fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The error of work ended by its stop flag (the caller raises the signal's exception instead).
pub const INTERRUPTED: &str = "interrupted";

/// One environment: the game, its legal actions with their ids (deduplicated), its seed
/// stream, and whether the episode ended on the last step (so the next step resets it).
pub struct Slot<G: RlGame> {
    pub game: G,
    pub legal: Vec<G::Action>,
    pub ids: Vec<u32>,
    pub seed: u64,
    pub episode: u64,
    /// Moves made by built-in players in this slot (their seeds' counter).
    pub moves: u64,
    pub done: bool,
    /// Who acted last (the terminal observation is theirs).
    pub last_player: usize,
    /// A legal action that had no id (a bug of the enumeration), reported by the caller.
    pub missing: Option<String>,
}

impl<G: RlGame> Slot<G> {
    /// A slot dealt from episode 0 of seed stream `seed`.
    pub fn new(rules: &G::Rules, seed: u64) -> Slot<G> {
        let mut s = Slot {
            game: G::deal(rules, mix(seed, 0)),
            legal: Vec::with_capacity(64),
            ids: Vec::with_capacity(64),
            seed,
            episode: 0,
            moves: 0,
            done: false,
            last_player: 0,
            missing: None,
        };
        s.refresh(rules);
        s
    }

    /// A slot holding `game` (a replayed record, say), on seed stream `seed` for its resets.
    pub fn with_game(rules: &G::Rules, game: G, seed: u64) -> Slot<G> {
        let mut s = Slot::new(rules, seed);
        s.game = game;
        s.refresh(rules);
        s
    }

    /// Starts a new episode of seed stream `seed` (`None`: the next episode of the stream).
    /// A seed restarts the stream and the built-in players' seeds with it, so a reset with the
    /// same seed plays the same episode.
    pub fn reset(&mut self, rules: &G::Rules, seed: Option<u64>) {
        if let Some(s) = seed {
            self.seed = s;
            self.episode = 0;
            self.moves = 0;
        } else {
            self.episode += 1;
        }
        self.game = G::deal(rules, mix(self.seed, self.episode));
        self.done = false;
        self.refresh(rules);
    }

    /// Recomputes the legal actions and their ids (a legal action sharing an id with an
    /// earlier one is dropped, or replaces it when [`RlGame::prefer`] says so).
    pub fn refresh(&mut self, rules: &G::Rules) {
        thread_local! {
            /// One bit per action id, set while refresh builds `ids` (the duplicate check):
            /// one set a thread, hot in its cache, instead of one an env.
            static SEEN: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        self.legal.clear();
        self.ids.clear();
        self.game.legal_actions_into(&mut self.legal);
        let words = (G::num_actions(rules) as usize).div_ceil(64);
        SEEN.with_borrow_mut(|seen| {
            if seen.len() < words {
                seen.resize(words, 0);
            }
            let mut k = 0;
            while k < self.legal.len() {
                let a = self.legal[k];
                let Some(id) = G::action_id(rules, &a) else {
                    if self.missing.is_none() {
                        self.missing = Some(format!("{} action {a} has no id", G::NAME));
                    }
                    self.legal.remove(k);
                    continue;
                };
                let (w, b) = (id as usize / 64, 1u64 << (id % 64));
                if seen[w] & b != 0 {
                    if G::prefer(rules, id, &a) {
                        let j = self.ids.iter().position(|&x| x == id).unwrap_or(k);
                        self.legal[j] = a;
                    }
                    self.legal.remove(k);
                    continue;
                }
                seen[w] |= b;
                self.ids.push(id);
                k += 1;
            }
            for &id in &self.ids {
                seen[id as usize / 64] &= !(1 << (id % 64));
            }
        });
    }

    /// The player to act, or (at the end) the one who acted last.
    pub fn observer(&self) -> usize {
        self.game.current_player().unwrap_or(self.last_player)
    }

    /// Applies the legal action with id `id`; returns whether the game ended. `Err` names why
    /// the id is refused (the slot unchanged).
    pub fn step(&mut self, rules: &G::Rules, id: u32) -> Result<bool, String> {
        let Some(k) = self.ids.iter().position(|&x| x == id) else {
            return Err(self.refusal(rules, id));
        };
        let player = self.game.current_player().unwrap_or(0);
        let action = self.legal[k];
        if let Err(e) = self.game.apply(action) {
            return Err(format!("action {id} ({action}) was refused: {e}"));
        }
        self.last_player = player;
        self.refresh(rules);
        Ok(self.game.is_over())
    }

    /// Why `id` cannot be played here.
    pub fn refusal(&self, rules: &G::Rules, id: u32) -> String {
        refusal::<G>(rules, &self.ids, id)
    }

    /// The player to act (`None` at the end).
    pub fn current(&self) -> Option<usize> {
        self.game.current_player()
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.game.num_players()
    }

    /// Every player's return.
    pub fn returns(&self) -> Vec<f64> {
        (0..self.players()).map(|p| self.game.returns(p)).collect()
    }

    /// The table as text ([`RlGame::render`]): never a hand but the one of the player to act.
    pub fn render(&self) -> String {
        self.game.render()
    }

    /// Plays the built-in players (`names[p]` for player `p`, by [`Players::policy`]) until
    /// `learner` or a player whose name is empty is to act, or the game is over; returns
    /// whether it is over. The players'
    /// seeds come from `seed` and the number of moves made so far, so an episode reproduces.
    /// `stop` set (a signal) ends it between moves with an error.
    pub fn play_others(
        &mut self,
        rules: &G::Rules,
        learner: usize,
        names: &[String],
        seed: u64,
        stop: &AtomicBool,
    ) -> Result<bool, String> {
        while let Some(p) = self.game.current_player() {
            if p == learner || names.get(p).is_some_and(String::is_empty) {
                break;
            }
            if stop.load(Ordering::Relaxed) {
                return Err(INTERRUPTED.into());
            }
            let name = names.get(p).map_or("random", String::as_str);
            let seed = mix(seed, self.moves);
            self.moves += 1;
            let mut policy = G::policy(name, seed).map_err(|e| e.to_string())?;
            let action = policy.choose(&self.game.observation(p), &self.legal);
            self.game
                .apply(action)
                .map_err(|e| format!("player {p} ({name}) chose {action}, refused: {e}"))?;
            self.last_player = p;
            self.refresh(rules);
        }
        Ok(self.game.is_over())
    }

    /// Writes the observation of `player` into `out`.
    pub fn encode(&self, rules: &G::Rules, player: usize, out: &mut [i8]) {
        G::encode(rules, &self.game.observation(player % self.players()), out);
    }
}

/// Checks the environment's invariants over `episodes` random games from `seed`: every legal
/// action has an id, distinct (`strict`; otherwise two readings of one multiset may share one),
/// ids are distinct and in range, and each player's encoding equals the encoding of the same
/// player's observation in a world sampled from it (other hands dealt anew): an encoding that
/// read a hidden card would differ. Returns (steps, encodings compared), or the first failure.
pub fn self_check<G: RlGame>(
    rules: &G::Rules,
    episodes: u64,
    seed: u64,
    strict: bool,
) -> Result<(u64, u64), String> {
    let (planes, width) = G::obs_shape(rules);
    let mut a = vec![0i8; planes * width];
    let mut b = vec![0i8; planes * width];
    let mut rng = cards_core::Rng::seed_from_u64(seed);
    let (mut steps, mut compared) = (0u64, 0u64);
    let n = G::num_actions(rules);
    for e in 0..episodes {
        let mut slot = Slot::<G>::new(rules, mix(seed, e + 1));
        let mut all = Vec::new();
        loop {
            if let Some(m) = slot.missing.take() {
                return Err(m);
            }
            all.clear();
            slot.game.legal_actions_into(&mut all);
            if strict && all.len() != slot.ids.len() {
                return Err(format!(
                    "{} legal actions but {} distinct ids",
                    all.len(),
                    slot.ids.len()
                ));
            }
            if slot.ids.iter().any(|&i| i >= n) {
                return Err("an id out of range".into());
            }
            for p in 0..slot.game.num_players() {
                let obs = slot.game.observation(p);
                G::encode(rules, &obs, &mut a);
                let world: G = obs.sample(&mut rng);
                G::encode(rules, &world.observation(p), &mut b);
                if a != b {
                    let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
                    return Err(format!(
                        "episode {e} step {steps}: player {p}'s encoding changes with the hidden \
                         cards at plane {} column {}",
                        at / width,
                        at % width
                    ));
                }
                compared += 1;
            }
            if slot.game.is_over() {
                break;
            }
            if slot.ids.is_empty() {
                return Err(format!("episode {e} step {steps}: no legal id"));
            }
            let k = rng.below(slot.ids.len() as u64) as usize;
            let id = slot.ids[k];
            slot.step(rules, id)?;
            steps += 1;
        }
    }
    Ok((steps, compared))
}

/// The outputs of a step, one row an env: a part's, or the whole core's.
pub struct Rows {
    pub obs: Vec<i8>,
    pub rewards: Vec<f32>,
    pub terminated: Vec<u8>,
    pub truncated: Vec<u8>,
    pub players: Vec<i32>,
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

/// One thread's share of a [`VecCore`]: its slots and their rows of every output.
pub struct Part<G: RlGame> {
    /// The index of its first env.
    base: usize,
    slots: Vec<Slot<G>>,
    rows: Rows,
}

impl<G: RlGame> Part<G> {
    /// Resets (`actions` `None`) or steps every slot of the part and writes its rows.
    fn work(&mut self, rules: &G::Rules, actions: Option<&[i64]>, seed: Option<u64>) {
        let out = &mut self.rows;
        let ow = out.obs.len() / self.slots.len().max(1);
        let np = out.rewards.len() / self.slots.len().max(1);
        for (j, s) in self.slots.iter_mut().enumerate() {
            let i = self.base + j;
            let r = &mut out.rewards[j * np..(j + 1) * np];
            r.fill(0.0);
            out.terminated[j] = 0;
            out.truncated[j] = 0;
            match actions {
                None => s.reset(rules, seed.map(|x| mix(x, i as u64))),
                Some(_) if s.done => s.reset(rules, None),
                Some(a) => {
                    // checked before: the id is legal
                    let id = u32::try_from(a[i]).unwrap_or(u32::MAX);
                    if let Ok(over) = s.step(rules, id)
                        && over
                    {
                        s.done = true;
                        out.terminated[j] = 1;
                        for (p, x) in r.iter_mut().enumerate() {
                            #[allow(clippy::cast_possible_truncation)]
                            {
                                *x = s.game.returns(p) as f32;
                            }
                        }
                    }
                }
            }
            let who = s.observer();
            out.players[j] = s
                .game
                .current_player()
                .map_or(-1, |p| i32::try_from(p).unwrap_or(-1));
            out.roles[j] = s.game.role(who);
            s.encode(rules, who, &mut out.obs[j * ow..(j + 1) * ow]);
        }
    }
}

/// A job for a worker: step with these actions, or reset (with this seed).
struct Job {
    actions: Option<Arc<Vec<i64>>>,
    seed: Option<u64>,
}

/// A thread that works one part, kept for the core's life (spawning threads every step cost
/// more than the step, and a kept thread keeps its part's envs in its core's cache).
struct Worker {
    jobs: Option<mpsc::Sender<Job>>,
    done: Mutex<mpsc::Receiver<()>>,
    handle: Option<std::thread::JoinHandle<()>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The most memory a [`VecCore`] and the Python arrays over it may need (4 GiB): more is
/// refused before anything is allocated.
pub const VECENV_BYTES: usize = 1 << 32;

/// The bytes `num_envs` envs need, reckoned from the arguments alone: per env its slot (the
/// game, room for 64 legal actions and ids), its output rows twice in Rust (a part's and the
/// core's) and once in Python, the legal ids' room (32 here, 64 in Python) and offsets, and
/// with `masks` a dense mask row.
pub fn vec_bytes<G: RlGame>(rules: &G::Rules, num_envs: usize, masks: bool) -> usize {
    let (planes, width) = G::obs_shape(rules);
    let np = G::deal(rules, 0).num_players();
    let row = planes * width + 4 * np + 2 + 4 + 1;
    let slot = std::mem::size_of::<Slot<G>>() + 64 * (std::mem::size_of::<G::Action>() + 4);
    let ids = (32 + 64) * 4 + 3 * 8 + 1 + 4;
    let mask = if masks {
        G::num_actions(rules) as usize
    } else {
        0
    };
    num_envs.saturating_mul(slot + 3 * row + ids + mask)
}

/// Many slots stepped together on a few kept threads; output buffers owned here and reused.
pub struct VecCore<G: RlGame> {
    pub rules: G::Rules,
    parts: Vec<Arc<Mutex<Part<G>>>>,
    workers: Vec<Worker>,
    num_envs: usize,
    num_players: usize,
    pub started: bool,
    /// Whether env `i`'s episode ended on the last step (its next action is ignored).
    done: Vec<bool>,
    pub rows: Rows,
    pub values: Vec<u32>,
    pub offsets: Vec<u64>,
}

impl<G: RlGame> Drop for VecCore<G> {
    fn drop(&mut self) {
        for w in &mut self.workers {
            w.jobs = None; // the worker's loop ends when its channel closes
            if let Some(h) = w.handle.take() {
                let _ = h.join();
            }
        }
    }
}

impl<G: RlGame> VecCore<G> {
    /// `num_envs` envs on `threads` threads; `masks`: the caller holds dense masks too. The
    /// memory they need (see [`vec_bytes`]) is checked before any is allocated: past
    /// [`VECENV_BYTES`] the error names the limit.
    pub fn new(
        rules: G::Rules,
        num_envs: usize,
        seed: u64,
        (threads, masks): (usize, bool),
    ) -> Result<VecCore<G>, String> {
        let need = vec_bytes::<G>(&rules, num_envs, masks);
        if need > VECENV_BYTES {
            return Err(format!(
                "VectorEnv: {num_envs} envs of {} need about {} MiB, past the limit of {} MiB \
                 (ask for fewer envs{})",
                G::NAME,
                need >> 20,
                VECENV_BYTES >> 20,
                if masks { ", or no dense masks" } else { "" }
            ));
        }
        let (planes, width) = G::obs_shape(&rules);
        let ow = planes * width;
        let np = G::deal(&rules, 0).num_players();
        let threads = threads.clamp(1, num_envs.max(1));
        let chunk = num_envs.div_ceil(threads).max(1);
        let mut parts = Vec::new();
        let mut base = 0;
        while base < num_envs {
            let k = chunk.min(num_envs - base);
            parts.push(Arc::new(Mutex::new(Part {
                base,
                slots: (base..base + k)
                    .map(|i| Slot::new(&rules, mix(seed, i as u64)))
                    .collect(),
                rows: Rows::zeroed(k, ow, np),
            })));
            base += k;
        }
        let workers = parts
            .iter()
            .skip(1)
            .map(|part| {
                let (jobs, rx) = mpsc::channel::<Job>();
                let (done_tx, done) = mpsc::channel();
                let part = Arc::clone(part);
                let handle = std::thread::Builder::new()
                    .name("cards-vecenv".into())
                    .spawn(move || {
                        for job in rx {
                            lock(&part).work(
                                &rules,
                                job.actions.as_deref().map(Vec::as_slice),
                                job.seed,
                            );
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
            })
            .collect();
        Ok(VecCore {
            parts,
            workers,
            rules,
            num_envs,
            num_players: np,
            started: false,
            done: vec![false; num_envs],
            rows: Rows::zeroed(num_envs, ow, np),
            values: Vec::with_capacity(num_envs * 32),
            offsets: vec![0; num_envs + 1],
        })
    }

    pub fn num_envs(&self) -> usize {
        self.num_envs
    }

    pub fn num_players(&self) -> usize {
        self.num_players
    }

    /// Checks every action before any is applied (against the legal ids the last call
    /// returned): the error names the env and the action.
    pub fn check(&self, actions: &[i64]) -> Result<(), String> {
        if !self.started {
            return Err("step() before reset(): call reset() first".into());
        }
        if actions.len() != self.num_envs {
            return Err(format!(
                "actions has {} entries for {} envs",
                actions.len(),
                self.num_envs
            ));
        }
        for (i, &a) in actions.iter().enumerate() {
            if self.done[i] {
                continue; // this step resets the env: its action is ignored
            }
            let ids = &self.values[self.offsets[i] as usize..self.offsets[i + 1] as usize];
            let id = u32::try_from(a).unwrap_or(u32::MAX);
            if !ids.contains(&id) {
                let why = if u32::try_from(a).is_err() {
                    format!(
                        "action {a} is out of range (0..{})",
                        G::num_actions(&self.rules)
                    )
                } else {
                    refusal::<G>(&self.rules, ids, id)
                };
                return Err(format!("env {i}: {why}"));
            }
        }
        Ok(())
    }

    /// Resets every env (`seed`: env `i` takes seed stream `mix(seed, i)`).
    pub fn reset(&mut self, seed: Option<u64>) -> Result<(), String> {
        self.run(None, seed)?;
        self.started = true;
        Ok(())
    }

    /// Steps every env (actions checked by [`VecCore::check`] first).
    pub fn step(&mut self, actions: &[i64]) -> Result<(), String> {
        self.check(actions)?;
        self.run(Some(actions), None)
    }

    fn run(&mut self, actions: Option<&[i64]>, seed: Option<u64>) -> Result<(), String> {
        let shared = actions.map(|a| Arc::new(a.to_vec()));
        for w in &self.workers {
            let job = Job {
                actions: shared.clone(),
                seed,
            };
            if w.jobs.as_ref().is_none_or(|j| j.send(job).is_err()) {
                return Err("a worker thread of the VectorEnv stopped".into());
            }
        }
        if let Some(p) = self.parts.first() {
            lock(p).work(&self.rules, actions, seed);
        }
        let mut stopped = false;
        for w in &self.workers {
            stopped |= lock(&w.done).recv().is_err();
        }
        if stopped {
            return Err("a worker thread of the VectorEnv stopped".into());
        }
        self.values.clear();
        self.offsets[0] = 0;
        let mut missing = None;
        for part in &self.parts {
            let mut p = lock(part);
            let b = p.base;
            self.rows.copy_at(b, &p.rows);
            for (j, s) in p.slots.iter_mut().enumerate() {
                self.values.extend_from_slice(&s.ids);
                self.offsets[b + j + 1] = self.values.len() as u64;
                self.done[b + j] = s.done;
                if missing.is_none() {
                    missing = s.missing.take();
                }
            }
        }
        missing.map_or(Ok(()), Err)
    }
}

/// Why `id` cannot be played where the legal ids are `ids`.
fn refusal<G: RlGame>(rules: &G::Rules, ids: &[u32], id: u32) -> String {
    let n = G::num_actions(rules);
    if id >= n {
        return format!("action {id} is out of range (0..{n})");
    }
    let text = G::action_text(rules, id).unwrap_or_default();
    let mut s = format!("action {id} ({text}) is not legal now; legal ids: ");
    for (i, x) in ids.iter().take(12).enumerate() {
        let _ = write!(s, "{}{x}", if i > 0 { ", " } else { "" });
    }
    if ids.len() > 12 {
        let _ = write!(s, ", ... ({} in all)", ids.len());
    }
    s
}

/// What [`play_batch`] produces: per game its record (JSON), its deal's seed stream and every
/// player's return; per decision (the training tuples, in game order) the acting player's
/// observation, its role, the action's id and the legal ids then.
#[derive(Default)]
pub struct Batch {
    /// Game `i`'s record, the JSON of the game's `record()` (empty without records).
    pub records: Vec<String>,
    /// Game `i`'s seed stream: a [`Slot`] made with it deals game `i`.
    pub seeds: Vec<u64>,
    /// Every player's return, `num_players` a game.
    pub returns: Vec<f32>,
    /// The decisions of game `i` are `game_offsets[i]..game_offsets[i + 1]`.
    pub game_offsets: Vec<u64>,
    /// The observations, `planes * width` bytes a decision.
    pub obs: Vec<i8>,
    pub actions: Vec<u32>,
    pub players: Vec<i32>,
    pub roles: Vec<i8>,
    /// The legal ids of decision `k` are `legal_values[legal_offsets[k]..legal_offsets[k + 1]]`.
    pub legal_values: Vec<u32>,
    pub legal_offsets: Vec<u64>,
}

/// The most bytes of tuples (observations, legal ids, actions, players, roles, offsets)
/// [`play_batch`] holds: more raises.
pub const BATCH_BYTES: usize = 1 << 31;

/// The bytes of a decision's tuple besides its observation and legal ids: action, player,
/// role, legal offset.
const PER_DECISION: usize = 4 + 4 + 1 + 8;

/// Plays games `first..first + count` of a batch from `seed` with the built-in players
/// `policies` (player `p` plays `policies[p % len]`, seeded from the game's stream and `p`).
fn play_games<G: RlGame>(
    rules: &G::Rules,
    (first, count): (u64, u64),
    policies: &[String],
    seed: u64,
    (tuples, records): (bool, bool),
    budget: usize,
    stop: &AtomicBool,
) -> Result<Batch, String> {
    let (planes, width) = G::obs_shape(rules);
    let ow = planes * width;
    let mut b = Batch::default();
    b.game_offsets.push(0);
    if tuples {
        b.legal_offsets.push(0);
    }
    for i in first..first + count {
        let stream = mix(seed, i);
        let mut slot = Slot::<G>::new(rules, stream);
        let np = slot.players();
        let mut seats = Vec::with_capacity(np);
        for p in 0..np {
            let name = &policies[p % policies.len()];
            seats
                .push(G::policy(name, mix(stream, 1 << 32 | p as u64)).map_err(|e| e.to_string())?);
        }
        while let Some(p) = slot.current() {
            if let Some(m) = slot.missing.take() {
                return Err(m);
            }
            if stop.load(Ordering::Relaxed) {
                return Err(INTERRUPTED.into());
            }
            let action = seats[p].choose(&slot.game.observation(p), &slot.legal);
            let Some(k) = slot.legal.iter().position(|a| *a == action) else {
                return Err(format!(
                    "game {i}: player {p} ({}) chose {action}, which is not among the legal actions",
                    policies[p % policies.len()]
                ));
            };
            let id = slot.ids[k];
            if tuples {
                let at = b.obs.len();
                b.obs.resize(at + ow, 0);
                slot.encode(rules, p, &mut b.obs[at..]);
                b.actions.push(id);
                b.players.push(i32::try_from(p).unwrap_or(-1));
                b.roles.push(slot.game.role(p));
                b.legal_values.extend_from_slice(&slot.ids);
                b.legal_offsets.push(b.legal_values.len() as u64);
                if b.obs.len() + 4 * b.legal_values.len() + PER_DECISION * b.actions.len() > budget
                {
                    return Err(format!(
                        "play_batch: the training tuples pass {} MiB (at game {i}); ask for fewer \
                         games, or records only",
                        BATCH_BYTES >> 20
                    ));
                }
            }
            slot.step(rules, id)
                .map_err(|e| format!("game {i}: player {p}: {e}"))?;
        }
        b.seeds.push(stream);
        #[allow(clippy::cast_possible_truncation)]
        b.returns.extend(slot.returns().iter().map(|&r| r as f32));
        b.game_offsets.push(b.actions.len() as u64);
        if records {
            b.records.push(
                serde_json::to_string(&cards_core::game::Game::record(&slot.game))
                    .map_err(|e| e.to_string())?,
            );
        }
    }
    Ok(b)
}

/// Plays `num_games` whole games of self-play with built-in players on `threads` threads:
/// game `i` deals from seed stream `mix(seed, i)` and its players are seeded from it, so the
/// batch is the same for every number of threads. Player `p` plays `policies[p % len]` (by
/// [`Players::policy`]). Returns the records (with `records`) and the training tuples (with
/// `tuples`), in game order, as the threads' parts (each in game order, its offsets from 0:
/// the caller joins them once, into its own buffers); an error names the game and the player.
/// `stop` set (a signal) ends every thread before its next move.
#[allow(clippy::too_many_arguments)]
pub fn play_batch<G: RlGame>(
    rules: &G::Rules,
    num_games: u64,
    policies: &[String],
    seed: u64,
    threads: usize,
    tuples: bool,
    records: bool,
    stop: &AtomicBool,
) -> Result<Vec<Batch>, String> {
    if policies.is_empty() {
        return Err("policies: name at least one built-in player".into());
    }
    let np = G::deal(rules, 0).num_players();
    if policies.len() != 1 && policies.len() != np {
        return Err(format!(
            "policies: {} names for {np} players (give one for every player, or one for all)",
            policies.len()
        ));
    }
    for (p, name) in policies.iter().enumerate() {
        G::policy(name, 0).map_err(|e| format!("policies[{p}]: {e}"))?;
    }
    let threads = (threads.max(1) as u64).min(num_games.max(1));
    let chunk = num_games.div_ceil(threads);
    let budget = BATCH_BYTES / threads as usize;
    let parts: Vec<Result<Batch, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let first = (t * chunk).min(num_games);
                let count = chunk.min(num_games - first);
                s.spawn(move || {
                    play_games::<G>(
                        rules,
                        (first, count),
                        policies,
                        seed,
                        (tuples, records),
                        budget,
                        stop,
                    )
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a play_batch thread panicked".into()))
            })
            .collect()
    });
    parts.into_iter().collect()
}
