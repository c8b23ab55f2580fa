//! One environment: a game, its legal actions with their ids, its seed stream.

use std::sync::atomic::{AtomicBool, Ordering};

use cards_core::game::{Encoding, Game, InfoSet as _, ObservationType, Players, Policy as _};

use crate::{Action, EnvError, mix, num_actions};

/// One environment of game `D`: the game, its legal actions and their ids (one id an action:
/// of two legal actions sharing an id, the one [`Encoding::action_from_id`] names), its seed
/// stream (episode `k` of stream `s` is dealt by [`Encoding::new_episode`] from
/// [`mix`]`(s, k)`), and the observation type it encodes.
///
/// ```
/// use cards_env::cards_core::game::{Definition, ObservationType, testing_toy::ToyGame};
/// use cards_env::Env;
/// let mut env = Env::<ToyGame>::new(ToyGame::default_rules(), ObservationType::default(), 3)?;
/// while env.current().is_some() {
///     let id = env.legal_ids()[0];
///     env.step(id)?;
/// }
/// let returns = env.returns();
/// env.reset(Some(3))?; // the same episode again
/// while env.current().is_some() {
///     env.step(env.legal_ids()[0])?;
/// }
/// assert_eq!(env.returns(), returns);
/// # Ok::<(), cards_env::EnvError>(())
/// ```
pub struct Env<D: Encoding> {
    rules: D::Rules,
    kind: ObservationType,
    num_actions: u32,
    game: D::Game,
    legal: Vec<Action<D>>,
    ids: Vec<u32>,
    seed: u64,
    episode: u64,
    /// Moves made by built-in players (their seeds' counter).
    moves: u64,
    /// Whether the episode ended on a pool's last step (its next step resets it).
    pub(crate) done: bool,
    /// Who acted last (the terminal observation is theirs).
    last_player: usize,
    /// A legal action that had no id, or a deal that failed on a pool's thread: reported by
    /// the pool once the step is over.
    pub(crate) error: Option<EnvError>,
}

impl<D: Encoding> Env<D> {
    /// An environment dealt from episode 0 of seed stream `seed`, encoding `kind`.
    ///
    /// # Errors
    ///
    /// An observation type the game does not have, more ids than a `u32` holds, a seed the
    /// game cannot deal from.
    pub fn new(rules: D::Rules, kind: ObservationType, seed: u64) -> Result<Env<D>, EnvError> {
        D::observation_shape(&rules, kind)?;
        let game = deal::<D>(&rules, mix(seed, 0))?;
        let mut env = Env {
            rules,
            kind,
            num_actions: num_actions::<D>(&rules)?,
            game,
            legal: Vec::with_capacity(64),
            ids: Vec::with_capacity(64),
            seed,
            episode: 0,
            moves: 0,
            done: false,
            last_player: 0,
            error: None,
        };
        env.refresh();
        Ok(env)
    }

    /// An environment holding `game` (a replayed record, say), on seed stream `seed` for its
    /// resets.
    ///
    /// # Errors
    ///
    /// As [`Env::new`].
    pub fn with_game(
        rules: D::Rules,
        kind: ObservationType,
        game: D::Game,
        seed: u64,
    ) -> Result<Env<D>, EnvError> {
        let mut env = Env::new(rules, kind, seed)?;
        env.game = game;
        env.refresh();
        Ok(env)
    }

    /// Starts a new episode of seed stream `seed` (`None`: the next episode of the stream).
    /// A seed restarts the stream and the built-in players' seeds with it, so a reset with the
    /// same seed plays the same episode.
    ///
    /// # Errors
    ///
    /// A seed the game cannot deal from (the environment unchanged but for its stream).
    pub fn reset(&mut self, seed: Option<u64>) -> Result<(), EnvError> {
        if let Some(s) = seed {
            self.seed = s;
            self.episode = 0;
            self.moves = 0;
        } else {
            self.episode += 1;
        }
        // matched here rather than through `deal`'s `?`: the game is moved once, not through
        // two `Result`s (a reset is most of a short episode's work)
        match D::new_episode(&self.rules, mix(self.seed, self.episode)) {
            Ok(game) => self.game = game,
            Err(e) => return Err(EnvError::Deal(e.to_string())),
        }
        self.done = false;
        self.refresh();
        Ok(())
    }

    /// Recomputes the legal actions and their ids (a legal action sharing an id with an
    /// earlier one is dropped, the one kept being [`Encoding::action_from_id`]'s).
    fn refresh(&mut self) {
        thread_local! {
            /// One bit per action id, set while refresh builds `ids` (the duplicate check):
            /// one set a thread, hot in its cache, instead of one an env.
            static SEEN: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        // the fields borrowed apart, so the loop keeps them in registers (a push to `ids`
        // cannot move `legal`)
        let Env {
            rules,
            game,
            legal,
            ids,
            error,
            num_actions,
            ..
        } = self;
        legal.clear();
        ids.clear();
        game.legal_actions_into(legal);
        let n = *num_actions as usize;
        let words = n.div_ceil(64);
        SEEN.with_borrow_mut(|seen| {
            if seen.len() < words {
                seen.resize(words, 0);
            }
            let mut k = 0;
            while k < legal.len() {
                let a = legal[k];
                let Some(id) = D::action_id(rules, &a).filter(|&id| id < n) else {
                    if error.is_none() {
                        *error = Some(EnvError::NoId {
                            game: D::NAME,
                            action: a.to_string(),
                        });
                    }
                    legal.remove(k);
                    continue;
                };
                let id = id as u32; // below `num_actions`, a u32
                let (w, b) = (id as usize / 64, 1u64 << (id % 64));
                if seen[w] & b != 0 {
                    // rare (an id naming a multiset of cards with two legal readings): the
                    // game's documented choice among them
                    if let Some(j) = ids.iter().position(|&x| x == id)
                        && let Some(chosen) = D::action_from_id(rules, game, id as usize)
                    {
                        legal[j] = chosen;
                    }
                    legal.remove(k);
                    continue;
                }
                seen[w] |= b;
                ids.push(id);
                k += 1;
            }
            for &id in ids.iter() {
                seen[id as usize / 64] &= !(1 << (id % 64));
            }
        });
    }

    /// The game's rules.
    pub fn rules(&self) -> &D::Rules {
        &self.rules
    }

    /// The observation type [`Env::encode`] writes.
    pub fn observation_type(&self) -> ObservationType {
        self.kind
    }

    /// The size of the action space.
    pub fn num_actions(&self) -> u32 {
        self.num_actions
    }

    /// The observation's shape (rows, columns).
    pub fn obs_shape(&self) -> [usize; 2] {
        D::observation_shape(&self.rules, self.kind).unwrap_or_default()
    }

    /// The game now.
    pub fn game(&self) -> &D::Game {
        &self.game
    }

    /// The legal ids now, one a legal action (empty at the end).
    pub fn legal_ids(&self) -> &[u32] {
        &self.ids
    }

    /// The legal actions now, in the order of [`Env::legal_ids`].
    pub fn legal_actions(&self) -> &[Action<D>] {
        &self.legal
    }

    /// Takes the error a refresh or a pool's reset left (a legal action without an id).
    pub fn take_error(&mut self) -> Option<EnvError> {
        self.error.take()
    }

    /// The player to act, or (at the end) the one who acted last: whose observation a pool
    /// writes.
    pub fn observer(&self) -> usize {
        self.game.current_player().unwrap_or(self.last_player)
    }

    /// Applies the legal action with id `id`; returns whether the game ended.
    ///
    /// # Errors
    ///
    /// An id that is not legal now ([`EnvError::OutOfRange`], [`EnvError::Illegal`]); the
    /// environment unchanged.
    pub fn step(&mut self, id: u32) -> Result<bool, EnvError> {
        let Some(k) = self.ids.iter().position(|&x| x == id) else {
            return Err(self.refusal(id));
        };
        let player = self.game.current_player().unwrap_or(0);
        let action = self.legal[k];
        if let Err(e) = self.game.apply(action) {
            return Err(EnvError::Refused {
                id,
                action: action.to_string(),
                error: e.to_string(),
            });
        }
        self.last_player = player;
        self.refresh();
        Ok(self.game.is_over())
    }

    /// Why `id` cannot be played here.
    pub fn refusal(&self, id: u32) -> EnvError {
        refusal::<D>(&self.rules, &self.ids, id)
    }

    /// The player to act (`None` at the end).
    pub fn current(&self) -> Option<usize> {
        self.game.current_player()
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.game.num_players()
    }

    /// Every player's return (0.0 before the end).
    pub fn returns(&self) -> Vec<f64> {
        (0..self.players()).map(|p| self.game.returns(p)).collect()
    }

    /// The role of `player` now ([`Encoding::role`]).
    pub fn role(&self, player: usize) -> Option<u8> {
        D::role(&self.game, player)
    }

    /// The table as text ([`Encoding::render`]): never a hand but the one of the player to
    /// act.
    pub fn render(&self) -> String {
        D::render(&self.game)
    }

    /// Plays the built-in players (`names[p]` for player `p`, by [`Players::policy`];
    /// `random` past the list) until `learner` or a player whose name is empty is to act, or
    /// the game is over; returns whether it is over. The players' seeds come from `seed` and
    /// the number of moves made so far, so an episode reproduces.
    ///
    /// # Errors
    ///
    /// A name no built-in player has, an action the game refused, or [`EnvError::Interrupted`]
    /// once `stop` is set (checked between moves).
    pub fn play_others(
        &mut self,
        learner: usize,
        names: &[String],
        seed: u64,
        stop: &AtomicBool,
    ) -> Result<bool, EnvError> {
        while let Some(p) = self.game.current_player() {
            if p == learner || names.get(p).is_some_and(String::is_empty) {
                break;
            }
            if stop.load(Ordering::Relaxed) {
                return Err(EnvError::Interrupted);
            }
            let name = names.get(p).map_or("random", String::as_str);
            let seed = mix(seed, self.moves);
            self.moves += 1;
            let mut policy = <D::Game as Players>::policy(name, seed)
                .map_err(|e| EnvError::Player(e.to_string()))?;
            let action = policy.choose(&self.game.observation(p), &self.legal);
            self.game.apply(action).map_err(|e| {
                EnvError::Player(format!("player {p} ({name}) chose {action}, refused: {e}"))
            })?;
            self.last_player = p;
            self.refresh();
        }
        Ok(self.game.is_over())
    }

    /// Writes the observation of `player` (read modulo the player count) into `out`.
    ///
    /// # Errors
    ///
    /// A buffer whose length is not the observation's ([`Env::obs_shape`]).
    #[inline]
    pub fn encode(&self, player: usize, out: &mut [i8]) -> Result<(), EnvError> {
        let obs = self.game.observation(player % self.players().max(1));
        Ok(D::encode_into(&self.rules, self.kind, &obs, out)?)
    }
}

/// Episode `seed`'s game ([`Encoding::new_episode`]).
fn deal<D: Encoding>(rules: &D::Rules, seed: u64) -> Result<D::Game, EnvError> {
    D::new_episode(rules, seed).map_err(|e| EnvError::Deal(e.to_string()))
}

/// Why `id` cannot be played where the legal ids are `ids`.
pub(crate) fn refusal<D: Encoding>(rules: &D::Rules, ids: &[u32], id: u32) -> EnvError {
    let n = D::num_actions(rules);
    if id as usize >= n {
        return EnvError::OutOfRange {
            id: id.into(),
            num_actions: n,
        };
    }
    EnvError::Illegal {
        id,
        text: D::action_text(rules, id as usize).unwrap_or_default(),
        legal: ids.to_vec(),
    }
}

/// Checks the environments' invariants over `episodes` random games from `seed`: every legal
/// action has an id, one of its own where the game says so ([`Encoding::DISTINCT_IDS`];
/// otherwise two readings of one multiset may share one), ids are distinct and in range, and each player's encoding equals the encoding of the
/// same player's observation in a world sampled from it (other hands dealt anew): an encoding
/// that read a hidden card would differ. Returns (steps, encodings compared).
///
/// ```
/// use cards_env::cards_core::game::{Definition, ObservationType, testing_toy::ToyGame};
/// let rules = ToyGame::default_rules();
/// let (steps, compared) = cards_env::self_check::<ToyGame>(&rules, ObservationType(0), 5, 1)?;
/// assert!(steps > 0 && compared > steps);
/// # Ok::<(), cards_env::EnvError>(())
/// ```
///
/// # Errors
///
/// The first invariant found broken ([`EnvError::Check`], or the environment's error).
pub fn self_check<D: Encoding>(
    rules: &D::Rules,
    kind: ObservationType,
    episodes: u64,
    seed: u64,
) -> Result<(u64, u64), EnvError> {
    let [planes, width] = D::observation_shape(rules, kind)?;
    let mut a = vec![0i8; planes * width];
    let mut b = vec![0i8; planes * width];
    let mut rng = cards_core::Rng::seed_from_u64(seed);
    let (mut steps, mut compared) = (0u64, 0u64);
    let n = num_actions::<D>(rules)?;
    for e in 0..episodes {
        let mut env = Env::<D>::new(*rules, kind, mix(seed, e + 1))?;
        let mut all = Vec::new();
        loop {
            if let Some(m) = env.error.take() {
                return Err(m);
            }
            all.clear();
            env.game.legal_actions_into(&mut all);
            if D::DISTINCT_IDS && all.len() != env.ids.len() {
                return Err(EnvError::Check(format!(
                    "{} legal actions but {} distinct ids",
                    all.len(),
                    env.ids.len()
                )));
            }
            if env.ids.iter().any(|&i| i >= n) {
                return Err(EnvError::Check("an id out of range".into()));
            }
            for p in 0..env.game.num_players() {
                let obs = env.game.observation(p);
                D::encode_into(rules, kind, &obs, &mut a)?;
                let world: D::Game = obs.sample(&mut rng);
                D::encode_into(rules, kind, &world.observation(p), &mut b)?;
                if a != b {
                    let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
                    return Err(EnvError::Check(format!(
                        "episode {e} step {steps}: player {p}'s encoding changes with the hidden \
                         cards at plane {} column {}",
                        at / width.max(1),
                        at % width.max(1)
                    )));
                }
                compared += 1;
            }
            if env.game.is_over() {
                break;
            }
            if env.ids.is_empty() {
                return Err(EnvError::Check(format!(
                    "episode {e} step {steps}: no legal id"
                )));
            }
            let k = rng.below(env.ids.len() as u64) as usize;
            let id = env.ids[k];
            env.step(id)?;
            steps += 1;
        }
    }
    Ok((steps, compared))
}
