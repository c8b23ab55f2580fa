//! The page's game session, written once over the one game interface
//! ([`cards_core::game::Game`]): creating a game, who acts, the person's legal actions and
//! moves, the computers' moves (built by name from the game's registry,
//! [`cards_core::game::Players`]), the person's view, the record, and a Daifugo match's next
//! game. Each game contributes only what the page reads of it, through [`WebGame`]: its names
//! and defaults, its JSON views (the person's observation, the result), how it
//! reads the person's text, and its words for a refusal.
//!
//! [`crate::Session`] holds a session of any of the three games as an enum of the three concrete
//! [`GameSession`]s: the game trait has associated types, so it is not object safe.
//!
//! ```
//! use cards_web::{ActionBody, NewGame, session::GameSession};
//! let new = NewGame { rules: None, policy: Some("random".into()), seed: 3 };
//! let mut s = GameSession::<doudizhu::Game>::new(&new, false)?;
//! while s.view("x")["over"] == false {
//!     if s.view("x")["your_turn"] == true {
//!         let first = s.view("x")["legal"][0]["action"].as_str().unwrap().to_string();
//!         s.action(&ActionBody { action: first, stakes: None })?;
//!     } else {
//!         s.advance()?; // a computer's move (the server runs it on its worker pool)
//!     }
//! }
//! assert!(s.record().is_ok());
//! # Ok::<(), cards_web::ApiError>(())
//! ```

use std::fmt::{Debug, Display};
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use cards_core::game::{Definition, Game, Players, PolicyOptions};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::agent::{AgentError, AgentProcess, AgentSpec, Fault};
use crate::wire::{ActionBody, ApiError, Last, Legal, NewGame, View, to_json};

/// The person's player number in every game (in Kabu, the staking player; player 1 is the
/// dealer).
///
/// ```
/// use cards_web::{Api, Config, Request};
/// let api = Api::new(Config::default());
/// let r = api.handle(&Request::local("POST", "/api/games", br#"{"game": "doudizhu", "seed": 1}"#));
/// let view: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
/// assert_eq!(view["seat"], cards_web::session::PERSON);
/// ```
pub const PERSON: usize = 0;

/// What the person's action request asks for, once the game has read it
/// ([`WebGame::read_action`]).
///
/// ```
/// use cards_web::ActionBody;
/// use cards_web::session::{Read, WebGame};
/// let mut round = kabu::Round::new(kabu::Rules::DEFAULT, 1);
/// let bet = ActionBody { action: "bet".into(), stakes: Some(vec![0, 7, 0, 0]) };
/// // a stake of 7 is past the game's stake actions: Kabu applies the bet itself
/// assert!(matches!(round.read_action(&bet)?, Read::Applied(_)));
/// assert_eq!(round.stakes(), [0, 7, 0, 0]);
/// # Ok::<(), cards_web::ApiError>(())
/// ```
#[derive(Clone, Debug)]
pub enum Read<A> {
    /// One of the game's actions: the session checks that the person is to act and applies it.
    Action(A),
    /// An action the game applied itself, outside its [`Game`] actions (Kabu's bet, whose
    /// stakes go past the game's stake units): the last action to show.
    Applied(Last),
}

/// What one game contributes to the page's session: its names, its JSON views and how it
/// reads the person's actions. Everything else (turns, the computers, records, the hidden
/// seed) is [`GameSession`]'s, the same for every game.
///
/// The person is player [`PERSON`]; [`WebGame::person_observation`] is the only view of the
/// table a player's view shows during play, so it must hold nothing the person may not see.
///
/// ```
/// use cards_web::session::WebGame;
/// assert_eq!(<daifugo::Game as WebGame>::NAME, "daifugo");
/// assert_eq!(<doudizhu::Game as WebGame>::DEFAULT_POLICY, "greedy");
/// assert_eq!(<kabu::Round as WebGame>::PRESETS, ["default", "vb6"]);
/// let (round, ()) = kabu::Round::start(kabu::Rules::DEFAULT, 3, false)?;
/// // before the bet the person sees the first cards only
/// let table = round.person_observation(&());
/// assert!(table["seats"][0]["cards"][1].is_null());
/// # Ok::<(), cards_web::ApiError>(())
/// ```
pub trait WebGame: Game<Record: Serialize> + Players + Debug + Send + 'static {
    /// The game's definition (`doudizhu::DouDizhu`): its name, presets and deals, the same in
    /// every front end.
    type Definition: Definition<Game = Self, Rules = Self::Rules>;
    /// The game's name in the API (`"daifugo"`): the definition's.
    const NAME: &'static str = <Self::Definition as Definition>::NAME;
    /// The rules presets, as `GET /api/info` lists them: the definition's.
    const PRESETS: &'static [&'static str] = <Self::Definition as Definition>::PRESETS;
    /// The rules when a create request names none: the definition's default preset.
    const DEFAULT_RULES: &'static str = <Self::Definition as Definition>::DEFAULT_PRESET;
    /// The computer players when a create request names none.
    const DEFAULT_POLICY: &'static str;
    /// The playouts a `search` computer's move gets: a fixed budget, so a seeded game replays
    /// alike.
    const SEARCH_PLAYOUTS: u64;
    /// How a refusal names another player (`"player"`, `"seat"`).
    const SEAT_WORD: &'static str = "player";

    /// The rules type (a preset's name, with options, or the rules object in JSON).
    type Rules: Copy + Debug + Send + Serialize + DeserializeOwned + FromStr<Err: Display>;
    /// What a session keeps beside the game across games (a Daifugo match; `()` elsewhere).
    type Extra: Clone + Debug + Send;

    /// The seed the session uses, from the request's (`drawn`: the server drew it).
    #[must_use]
    fn session_seed(_rules: &Self::Rules, seed: u64, _drawn: bool) -> u64 {
        seed
    }

    /// The first game, dealt from `seed`.
    ///
    /// # Errors
    ///
    /// 400 when the rules cannot deal from that seed.
    fn start(rules: Self::Rules, seed: u64, drawn: bool) -> Result<(Self, Self::Extra), ApiError>;

    /// The next game of a match once this one is over (only Daifugo has matches).
    ///
    /// # Errors
    ///
    /// 400 for a game without matches, 409 while this game is not over.
    fn next_game(
        &self,
        _extra: &mut Self::Extra,
        _seed: u64,
        _drawn: bool,
    ) -> Result<Self, ApiError> {
        Err(ApiError::bad("only a Daifugo match has a next game"))
    }

    /// The game dealt again, with its seed, when this one just ended with every player
    /// passing and the rules deal again (Dou Dizhu's redeal); `None` otherwise (and in every
    /// other game).
    #[must_use]
    fn dealt_again(&self, _rules: &Self::Rules, _seed: u64) -> Option<(Self, u64)> {
        None
    }

    /// The seed a finished game shows (one that deals nothing still hidden).
    #[must_use]
    fn shown_seed(_extra: &Self::Extra, seed: u64) -> u64 {
        seed
    }

    /// The person's seat as a view shows it.
    #[must_use]
    fn person_seat() -> Value {
        json!(PERSON)
    }

    /// Who is to act, as a view shows it.
    #[must_use]
    fn to_act(&self) -> Value {
        json!(Game::current_player(self))
    }

    /// Whether the person decides when player [`PERSON`] is to act (Kabu: not a draw the rule
    /// forces, which the computer plays).
    #[must_use]
    fn person_decides(&self) -> bool {
        true
    }

    /// Reads the person's action request.
    ///
    /// # Errors
    ///
    /// 400 for text that is no action, 409 for an action the game applied itself and refused.
    fn read_action(&mut self, body: &ActionBody) -> Result<Read<Self::Action>, ApiError>;

    /// The person's legal actions as a view lists them (asked only on the person's turn).
    #[must_use]
    fn person_legal(&self) -> Vec<Legal> {
        Game::legal_actions(self)
            .into_iter()
            .map(|a| self.legal_entry(a))
            .collect()
    }

    /// One legal action as a view lists it.
    #[must_use]
    fn legal_entry(&self, action: Self::Action) -> Legal {
        Legal {
            action: action.to_string(),
            cards: Vec::new(),
        }
    }

    /// How a view shows `action` by `player`, read before it is applied (another player's
    /// hidden choice shows without its cards).
    #[must_use]
    fn last_action(&self, player: usize, action: Self::Action) -> Last;

    /// What the person sees of the table: nothing another player holds.
    #[must_use]
    fn person_observation(&self, extra: &Self::Extra) -> Value;

    /// A player's observation as an external agent gets it ([`crate::agent`]): the game's
    /// observation in JSON (the same shape `cards <game> play --players exec:...` sends).
    #[must_use]
    fn agent_observation(obs: &Self::Observation<'_>) -> Value;

    /// The result once the game is over (`null` before).
    #[must_use]
    fn result_json(&self, extra: &Self::Extra) -> Value;

    /// Why the person cannot act now.
    #[must_use]
    fn refuse_action(&self) -> String {
        match Game::current_player(self) {
            None => "the game is over".into(),
            Some(p) => format!("it is {} {p}'s turn, not yours", Self::SEAT_WORD),
        }
    }

    /// Why no computer acts now.
    #[must_use]
    fn refuse_advance(&self) -> String {
        if Game::is_over(self) {
            "the game is over".into()
        } else {
            "it is your turn".into()
        }
    }
}

/// A game in play on the page, of any [`WebGame`]: the person is player [`PERSON`], the
/// computers play by one built-in policy of the game's registry.
///
/// ```
/// use cards_web::{NewGame, session::GameSession};
/// let new = NewGame { rules: None, policy: Some("search".into()), seed: 5 };
/// let mut s = GameSession::<kabu::Round>::new(&new, false)?;
/// assert_eq!(s.view("id")["policy"], "search");
/// assert!(s.advance().is_err()); // nobody but the person acts before the bet
/// let bad = NewGame { policy: Some("clever".into()), ..new };
/// assert_eq!(GameSession::<kabu::Round>::new(&bad, false).unwrap_err().status, 400);
/// # Ok::<(), cards_web::ApiError>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameSession<G: WebGame> {
    rules: G::Rules,
    /// The computers' policy, as named (lower case): a built-in player or an agent of the
    /// server's ([`crate::agent::AgentSpec`]).
    policy: String,
    /// The external agent at the computers' seats, when `policy` names one.
    agent: Option<Arc<Mutex<Seated>>>,
    /// The session's seed: it deals, and mixed with the move's number it seeds each computer
    /// decision. Never shown before the game is over.
    seed: u64,
    /// Whether the server drew the seed.
    drawn: bool,
    game: G,
    extra: G::Extra,
    /// The game's number in a match (1 but for Daifugo's next games).
    number: u32,
    /// The deal's number: 1, one more each time every player passed and the game was dealt
    /// again ([`WebGame::dealt_again`]).
    deal: u32,
    /// Actions applied in this game.
    moves: u64,
    last: Option<Last>,
}

impl<G: WebGame> GameSession<G> {
    /// A new session, its first game dealt. `drawn`: the seed was drawn, not chosen by the
    /// request.
    ///
    /// # Errors
    ///
    /// 400 for unknown rules or policy, or a seed the rules cannot deal from.
    pub fn new(new: &NewGame, drawn: bool) -> Result<GameSession<G>, ApiError> {
        GameSession::with_agents(new, drawn, &[], Duration::ZERO)
    }

    /// A new session whose computers may also be one of `agents` (the server's external agents,
    /// offered by name for their games; each decision has `limit`). The agent's processes, one
    /// a computer seat, start at its first decision and end with the session.
    ///
    /// ```no_run
    /// use std::time::Duration;
    /// use cards_web::{NewGame, agent::AgentSpec, session::GameSession};
    /// let bot: AgentSpec = "mybot=exec:python3 bot.py".parse()?;
    /// let new = NewGame { rules: None, policy: Some("mybot".into()), seed: 5 };
    /// let limit = Duration::from_secs(1);
    /// let mut s = GameSession::<doudizhu::Game>::with_agents(&new, false, &[bot], limit)
    ///     .map_err(|e| e.message)?;
    /// s.advance().map_err(|e| e.message)?; // a computer's bid, asked of `python3 bot.py`
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`GameSession::new`].
    pub fn with_agents(
        new: &NewGame,
        drawn: bool,
        agents: &[AgentSpec],
        limit: Duration,
    ) -> Result<GameSession<G>, ApiError> {
        let rules: G::Rules = read_rules(new.rules.as_ref(), G::DEFAULT_RULES)?;
        let policy = new
            .policy
            .as_deref()
            .unwrap_or(G::DEFAULT_POLICY)
            .trim()
            .to_ascii_lowercase();
        let offered = || agents.iter().filter(|a| a.offered_for(G::NAME));
        let agent = if G::policy(&policy, 0).is_ok() {
            None
        } else if let Some(a) = offered().find(|a| a.name == policy) {
            Some(Arc::new(Mutex::new(Seated::new(a.command.clone(), limit))))
        } else {
            let names: Vec<&str> = G::POLICY_NAMES
                .iter()
                .copied()
                .chain(offered().map(|a| a.name.as_str()))
                .collect();
            return Err(ApiError::bad(format!(
                "unknown policy \"{}\" (expected one of: {})",
                crate::util::short(&policy),
                names.join(", ")
            )));
        };
        let seed = G::session_seed(&rules, new.seed, drawn);
        let (game, extra) = G::start(rules, seed, drawn)?;
        Ok(GameSession {
            rules,
            policy,
            agent,
            seed,
            drawn,
            game,
            extra,
            number: 1,
            deal: 1,
            moves: 0,
            last: None,
        })
    }

    /// Whether the computers are an external agent.
    #[must_use]
    pub fn seats_agent(&self) -> bool {
        self.agent.is_some()
    }

    /// Whether the person is to act.
    fn persons_turn(&self) -> bool {
        Game::current_player(&self.game) == Some(PERSON) && self.game.person_decides()
    }

    /// The person's view (the keys of [`View`]).
    #[must_use]
    pub fn view(&self, id: &str) -> Value {
        let g = &self.game;
        let your_turn = self.persons_turn();
        let over = Game::is_over(g);
        View {
            id,
            game: G::NAME,
            seed: over.then(|| G::shown_seed(&self.extra, self.seed).to_string()),
            rules: to_json(&self.rules),
            policy: &self.policy,
            seat: G::person_seat(),
            observation: g.person_observation(&self.extra),
            to_act: g.to_act(),
            your_turn,
            legal: if your_turn {
                g.person_legal()
            } else {
                Vec::new()
            },
            last: self.last.clone(),
            over,
            result: g.result_json(&self.extra),
            game_number: self.number,
            deal: self.deal,
        }
        .to_json()
    }

    /// Applies `action` for `player` (the player to act) and remembers it as the last action.
    /// When it ends the game with every player passing and the rules deal again, the session
    /// deals again by itself from the next seed ([`WebGame::dealt_again`]; Dou Dizhu's
    /// `GameRules::redeal_seed`), its moves counted from 0 again: deal `k` of a session seeded
    /// `s` is the game a session seeded `s + k - 1` deals, and the seed shown at the end is
    /// the seed of the deal played.
    fn apply(&mut self, player: usize, action: G::Action) -> Result<(), ApiError> {
        let last = self.game.last_action(player, action);
        Game::apply(&mut self.game, action).map_err(|e| ApiError::conflict(e.to_string()))?;
        self.moves += 1;
        self.last = Some(last);
        if let Some((game, seed)) = self.game.dealt_again(&self.rules, self.seed) {
            self.game = game;
            self.seed = seed;
            self.moves = 0;
            self.deal = self.deal.saturating_add(1);
        }
        Ok(())
    }

    /// The person's action.
    ///
    /// # Errors
    ///
    /// 400 when it cannot be read, 409 when it is not the person's to take or the game refuses
    /// it (the game unchanged).
    pub fn action(&mut self, body: &ActionBody) -> Result<(), ApiError> {
        match self.game.read_action(body)? {
            Read::Applied(last) => {
                self.moves += 1;
                self.last = Some(last);
                Ok(())
            }
            Read::Action(_) if !self.persons_turn() => {
                Err(ApiError::conflict(self.game.refuse_action()))
            }
            Read::Action(a) => self.apply(PERSON, a),
        }
    }

    /// One computer action: the player to act by the session's policy, built for this move with
    /// a seed mixed from the session's and the move's number (and a fixed playout budget), so a
    /// seeded game replays alike. A single legal action is played without asking the policy.
    /// Heavy: the server runs it on its worker pool (an external agent's, on a pool of its own).
    ///
    /// With an external agent the seat's process is asked (started at its first decision),
    /// waiting at most the session's limit. An agent that fails (see [`crate::agent`]) is
    /// killed and the game stops there: this and every later call answer 502 with the
    /// [`AgentError`] (its seat, its command and what went wrong), the game unchanged.
    ///
    /// # Errors
    ///
    /// 409 when the game is over or the person is to act; 502 when the agent failed.
    pub fn advance(&mut self) -> Result<(), ApiError> {
        let player = match Game::current_player(&self.game) {
            Some(p) if p != PERSON || !self.game.person_decides() => p,
            _ => return Err(ApiError::conflict(self.game.refuse_advance())),
        };
        let legal = Game::legal_actions(&self.game);
        let action = match legal.as_slice() {
            [] => return Err(ApiError::conflict("no legal action")),
            [only] => *only,
            [first, ..] => match &self.agent {
                // the agent sits at the computers' seats; a move of the person's seat the page
                // makes (Kabu's forced draws, its fields without a stake) is the game's default
                // computer's
                Some(agent) if player != PERSON => {
                    let obs = Game::observation(&self.game, player);
                    let mut agent = agent.lock().unwrap_or_else(PoisonError::into_inner);
                    agent
                        .choose::<G>(player, &obs, &legal)
                        .map_err(|e| ApiError::agent(&e))?
                }
                _ => {
                    let step = (u64::from(self.number) << 32) | self.moves;
                    let options =
                        PolicyOptions::new(mix(self.seed, step)).with_playouts(G::SEARCH_PLAYOUTS);
                    let name = if self.agent.is_some() {
                        G::DEFAULT_POLICY
                    } else {
                        &self.policy
                    };
                    let mut policy =
                        G::policy_with(name, &options).map_err(|e| ApiError::bad(e.to_string()))?;
                    let chosen = policy.choose(&Game::observation(&self.game, player), &legal);
                    // a choice the game would refuse (a policy's bug): the first legal action
                    // rather than a stalled game
                    if legal.contains(&chosen) {
                        chosen
                    } else {
                        *first
                    }
                }
            },
        };
        self.apply(player, action)
    }

    /// The next game of a match (Daifugo), once this one is over.
    ///
    /// # Errors
    ///
    /// 400 for a game without matches, 409 while this game is not over.
    pub fn next_game(&mut self) -> Result<(), ApiError> {
        self.game = self
            .game
            .next_game(&mut self.extra, self.seed, self.drawn)?;
        self.number = self.number.saturating_add(1);
        self.deal = 1;
        self.moves = 0;
        self.last = None;
        Ok(())
    }

    /// The game's record, once it is over.
    ///
    /// # Errors
    ///
    /// 409 before the end (a record holds every hand).
    pub fn record(&self) -> Result<Value, ApiError> {
        if !Game::is_over(&self.game) {
            return Err(ApiError::conflict(
                "the record is given once the game is over (it holds every hand)",
            ));
        }
        serde_json::to_value(Game::record(&self.game)).map_err(|e| ApiError::bad(e.to_string()))
    }
}

/// The external agent at a session's computer seats: its command, the limit a decision, a
/// process for each seat it has played (started at the seat's first decision) and its first
/// failure, which stops the game.
#[derive(Debug)]
struct Seated {
    command: String,
    limit: Duration,
    seats: Vec<(usize, AgentProcess)>,
    failed: Option<AgentError>,
}

impl Seated {
    fn new(command: String, limit: Duration) -> Seated {
        Seated {
            command,
            limit,
            seats: Vec::new(),
            failed: None,
        }
    }

    /// `player`'s action, asked of its process; the first failure is kept (its processes
    /// killed) and answered to every later call.
    fn choose<G: WebGame>(
        &mut self,
        player: usize,
        obs: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, AgentError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let chosen = self
            .ask::<G>(player, obs, legal)
            .map_err(|fault| AgentError {
                seat_word: G::SEAT_WORD,
                seat: player,
                command: self.command.clone(),
                fault,
            });
        if let Err(e) = &chosen {
            self.failed = Some(e.clone());
            self.seats.clear();
        }
        chosen
    }

    fn ask<G: WebGame>(
        &mut self,
        player: usize,
        obs: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, Fault> {
        let at = if let Some(at) = self.seats.iter().position(|(p, _)| *p == player) {
            at
        } else {
            self.seats
                .push((player, AgentProcess::start(&self.command)?));
            self.seats.len() - 1
        };
        let question = crate::agent::question(G::NAME, player, &G::agent_observation(obs), legal);
        let line = self.seats[at].1.ask(question, self.limit)?;
        crate::agent::answer(&line, legal)
    }
}

/// What `GET /api/info` says of game `G`: `agents` lists the server's external agents offered
/// for it, by name (the page offers them among the computers, after `policies`).
#[must_use]
pub(crate) fn info<G: WebGame>(agents: &[AgentSpec]) -> Value {
    let offered: Vec<&str> = agents
        .iter()
        .filter(|a| a.offered_for(G::NAME))
        .map(|a| a.name.as_str())
        .collect();
    json!({
        "presets": G::PRESETS,
        "policies": G::POLICY_NAMES,
        "agents": offered,
        "default_rules": G::DEFAULT_RULES,
        "default_policy": G::DEFAULT_POLICY,
    })
}

/// Reads the `rules` of a create request: a string (a preset's name, options as
/// `name+option=value`) or the rules' JSON object; `default` when absent.
///
/// # Errors
///
/// 400 naming what is wrong with the rules.
pub(crate) fn read_rules<T>(rules: Option<&Value>, default: &str) -> Result<T, ApiError>
where
    T: FromStr<Err: Display> + DeserializeOwned,
{
    let bad = |e: &dyn Display| ApiError::bad(format!("rules: {e}"));
    match rules {
        None | Some(Value::Null) => crate::util::parse_name::<T>(default).map_err(|e| bad(&e)),
        Some(Value::String(s)) => crate::util::parse_name::<T>(s).map_err(|e| bad(&e)),
        Some(v) => T::deserialize(v).map_err(|e| bad(&e)),
    }
}

/// 400 for `"stakes"` in the action of a game without stakes.
///
/// # Errors
///
/// When `body` has stakes.
pub(crate) fn no_stakes(body: &ActionBody) -> Result<(), ApiError> {
    match body.stakes {
        Some(_) => Err(ApiError::bad("\"stakes\" is for Kabu")),
        None => Ok(()),
    }
}

/// 400 for action text the game cannot read, quoting it.
#[must_use]
pub(crate) fn unreadable(text: &str, e: &dyn Display) -> ApiError {
    ApiError::bad(format!(
        "cannot read the action \"{}\": {e}",
        crate::util::short(text.trim())
    ))
}

/// A seed for a computer player's decision: the game's seed mixed with a step counter, so a
/// game with a seed plays the same way every time.
#[must_use]
pub(crate) fn mix(seed: u64, step: u64) -> u64 {
    const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
    // SplitMix64's output function applied to `seed ^ step·GOLDEN` (`splitmix64` adds GOLDEN
    // to its state first).
    let mut state = (seed ^ step.wrapping_mul(GOLDEN)).wrapping_sub(GOLDEN);
    cards_core::rng::splitmix64(&mut state)
}

#[cfg(test)]
mod tests {
    use cards_core::Rng;
    use cards_core::game::{Game, InfoSet, Random};

    use super::{PERSON, WebGame, read_rules};

    /// What the page shows the person of `g` during play, but the last action (built from the
    /// action, checked by the API tests).
    fn shown<G: WebGame>(g: &G, extra: &G::Extra) -> String {
        let legal = if Game::current_player(g) == Some(PERSON) && g.person_decides() {
            serde_json::to_string(&g.person_legal()).unwrap()
        } else {
            String::new()
        };
        format!(
            "{} {} {} {legal}",
            g.person_observation(extra),
            g.to_act(),
            g.result_json(extra)
        )
    }

    /// Every view the person gets during play is a function of the person's information set: in
    /// every world sampled from the person's observation (the other hands dealt anew, consistent
    /// with all the person saw) the page shows exactly the same. So no view carries a card the
    /// person may not see, in every preset of every game.
    fn views_depend_only_on_what_the_person_saw<G: WebGame>(games: u64) {
        let mut rng = Rng::seed_from_u64(7);
        let mut checked = 0;
        for preset in G::PRESETS {
            let rules: G::Rules = read_rules(Some(&serde_json::json!(preset)), "").unwrap();
            for seed in 0..games {
                let (mut g, extra) = G::start(rules, seed, false).unwrap();
                let mut players = [Random::new(seed), Random::new(seed + 1)];
                let mut legal = Vec::new();
                while let Some(p) = Game::current_player(&g) {
                    let seen = shown(&g, &extra);
                    for _ in 0..3 {
                        let world: G = Game::observation(&g, PERSON).sample(&mut rng);
                        assert_eq!(
                            shown(&world, &extra),
                            seen,
                            "{} {preset} seed {seed}",
                            G::NAME
                        );
                        checked += 1;
                    }
                    legal.clear();
                    g.legal_actions_into(&mut legal);
                    let a = cards_core::game::Policy::<G>::choose(
                        &mut players[p % 2],
                        &Game::observation(&g, p),
                        &legal,
                    );
                    Game::apply(&mut g, a).unwrap();
                }
            }
        }
        assert!(checked > 100, "{checked} positions");
    }

    #[test]
    fn daifugo_views_depend_only_on_what_the_person_saw() {
        views_depend_only_on_what_the_person_saw::<daifugo::Game>(3);
    }

    #[test]
    fn doudizhu_views_depend_only_on_what_the_person_saw() {
        views_depend_only_on_what_the_person_saw::<doudizhu::Game>(3);
    }

    #[test]
    fn kabu_views_depend_only_on_what_the_person_saw() {
        views_depend_only_on_what_the_person_saw::<kabu::Round>(40);
    }
}
