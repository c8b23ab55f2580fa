//! The safe inner layer, written once over [`Definition`] and [`Encoding`]: a game of any of the
//! three games behind one object-safe trait ([`DynGame`]), the games found by name
//! ([`definition`]). The C functions in `lib.rs` only check pointers and text and call these.

use core::marker::PhantomData;
use std::os::raw::c_int;

use cards_core::game::{Encoding, Game, PolicyOptions, Record as _};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::{
    CARDS_ERROR_ARGUMENT, CARDS_ERROR_GAME_OVER, CARDS_ERROR_ILLEGAL_ACTION, CARDS_ERROR_RECORD,
    CARDS_ERROR_WRONG_GAME,
};

/// A refusal: its status code and its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// One of the `CARDS_ERROR_*` codes.
    pub code: c_int,
    /// What was refused and why.
    pub message: String,
}

impl Error {
    /// A refusal with `code` and `message`.
    pub fn new(code: c_int, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }

    fn argument(message: impl Into<String>) -> Error {
        Error::new(CARDS_ERROR_ARGUMENT, message)
    }
}

/// A name or text as an error quotes it: at most 40 characters, `...` marking a cut.
pub fn quote(text: &str) -> String {
    let (shown, cut) = cards_core::Short(text).parts();
    format!(
        "\"{}{}\"",
        shown.escape_debug(),
        if cut { "..." } else { "" }
    )
}

/// What the C ABI needs of a game beyond its definition: its rules back from a position, and
/// the JSON of an observation, a record, and a game from a record's JSON.
pub trait Ffi: Encoding<Game: Send + 'static> {
    /// The rules `game` is played under.
    fn rules_of(game: &Self::Game) -> Self::Rules;
    /// What `player` sees of `game`, as JSON (no card the player may not see).
    fn observation_json(game: &Self::Game, player: usize) -> Value;
    /// The record of `game` as JSON.
    fn record_json(game: &Self::Game) -> Result<String, String>;
    /// The record in `text` replayed.
    fn replay_json(text: &str) -> Result<Self::Game, String>;
}

/// [`Ffi::observation_json`] for a game whose observation has the crate's `Serialize`.
fn serde_observation<G: Game>(game: &G, player: usize) -> Value
where
    for<'a> G::Observation<'a>: Serialize,
{
    serde_json::to_value(game.observation(player))
        .unwrap_or_else(|e| json!({"error": e.to_string()}))
}

/// [`Ffi::record_json`] for a record with the crate's `Serialize`.
fn serde_record<G: Game<Record: Serialize>>(game: &G) -> Result<String, String> {
    serde_json::to_string(&game.record()).map_err(|e| e.to_string())
}

/// [`Ffi::replay_json`] for a record with the crate's `Deserialize`: a key given twice is
/// refused, as every reader of the crates' records refuses it.
fn serde_replay<G: Game<Record: DeserializeOwned>>(text: &str) -> Result<G, String> {
    serde_json::from_str::<cards_core::KeysOnce>(text).map_err(|e| e.to_string())?;
    let record: G::Record = serde_json::from_str(text).map_err(|e| e.to_string())?;
    record.replay().map_err(|e| e.to_string())
}

impl Ffi for doudizhu::DouDizhu {
    fn rules_of(game: &doudizhu::Game) -> doudizhu::GameRules {
        *game.rules()
    }
    fn observation_json(game: &doudizhu::Game, player: usize) -> Value {
        serde_observation(game, player)
    }
    fn record_json(game: &doudizhu::Game) -> Result<String, String> {
        serde_record(game)
    }
    fn replay_json(text: &str) -> Result<doudizhu::Game, String> {
        serde_replay(text)
    }
}

impl Ffi for daifugo::Daifugo {
    fn rules_of(game: &daifugo::Game) -> daifugo::Rules {
        *game.rules()
    }
    fn observation_json(game: &daifugo::Game, player: usize) -> Value {
        serde_observation(game, player)
    }
    fn record_json(game: &daifugo::Game) -> Result<String, String> {
        serde_record(game)
    }
    fn replay_json(text: &str) -> Result<daifugo::Game, String> {
        serde_replay(text)
    }
}

impl Ffi for kabu::Kabu {
    fn rules_of(game: &kabu::Round) -> kabu::Rules {
        game.rules()
    }

    /// Kabu's view ([`kabu::RoundView`]) has no `Serialize`: its public accessors, each of
    /// which shows only what the observer sees.
    fn observation_json(game: &kabu::Round, player: usize) -> Value {
        let view = Game::observation(game, player);
        let text = |c: kabu::Card| format!("{c:#}");
        let seats: Vec<Value> = kabu::Seat::ALL
            .iter()
            .map(|&seat| {
                json!({
                    "seat": seat.to_string(),
                    "cards": view.cards(seat).iter().map(text).collect::<Vec<_>>(),
                    "own": view.owns(seat),
                    "points": view.own_outcome(seat).map(kabu::Outcome::points),
                })
            })
            .collect();
        json!({
            "player": view.player(),
            "rules": view.rules().to_string(),
            "phase": format!("{:?}", view.phase()).to_ascii_lowercase(),
            "stakes": view.stakes(),
            "turn": view.turn(),
            "decisions": view.decisions(),
            "deal": view.deal().map(|c| c.map(text)),
            "seats": seats,
        })
    }
    fn record_json(game: &kabu::Round) -> Result<String, String> {
        serde_record(game)
    }
    fn replay_json(text: &str) -> Result<kabu::Round, String> {
        serde_replay(text)
    }
}

/// A game of any of the three games: everything the C ABI does with a game handle.
pub trait DynGame: Send {
    /// The game's name (`"daifugo"`).
    fn name(&self) -> &'static str;
    /// The rules as text (a preset's name, or a preset with options).
    fn rules_text(&self) -> String;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// The player to act, `None` once over.
    fn current_player(&self) -> Option<usize>;
    /// The number of action ids under the game's rules.
    fn num_actions(&self) -> usize;
    /// The legal actions' ids, each once, in the order the game lists the actions.
    fn legal_ids(&self) -> Result<Vec<u32>, Error>;
    /// The legal actions' texts, in the order the game lists them.
    fn legal_texts(&self) -> Vec<String>;
    /// The text of action id `id`.
    fn action_text(&self, id: u32) -> Result<String, Error>;
    /// Applies the legal action of id `id`.
    fn apply_id(&mut self, id: u32) -> Result<(), Error>;
    /// Applies the action written `text`; its id.
    fn apply_text(&mut self, text: &str) -> Result<u32, Error>;
    /// What `player` sees, as JSON text.
    fn observation_json(&self, player: usize) -> Result<String, Error>;
    /// Every player's return (0.0 before the end).
    fn returns(&self) -> Vec<f64>;
    /// The sum every game's returns add up to at the end, when the rules fix one.
    fn returns_sum(&self) -> Option<f64>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The record as JSON text.
    fn record_json(&self) -> Result<String, Error>;
    /// The built-in player `policy` with `options` chooses for the player to act; with `apply`
    /// the action is applied. The action's id.
    fn choose(&mut self, policy: &str, options: &PolicyOptions, apply: bool) -> Result<u32, Error>;
    /// A copy of this game.
    fn clone_box(&self) -> Box<dyn DynGame>;
}

/// A game `D` under its rules: the generic [`DynGame`].
pub struct Session<D: Ffi> {
    rules: D::Rules,
    game: D::Game,
}

impl<D: Ffi> Session<D> {
    fn id_of(&self, action: &<D::Game as Game>::Action) -> Result<u32, Error> {
        D::action_id(&self.rules, action)
            .and_then(|id| u32::try_from(id).ok())
            .ok_or_else(|| {
                Error::argument(format!(
                    "the action {} of {} has no action id",
                    quote(&action.to_string()),
                    D::NAME
                ))
            })
    }

    fn to_act(&self) -> Result<usize, Error> {
        self.game.current_player().ok_or_else(|| {
            Error::new(
                CARDS_ERROR_GAME_OVER,
                format!("the {} game is over: no player is to act", D::NAME),
            )
        })
    }
}

impl<D: Ffi> DynGame for Session<D> {
    fn name(&self) -> &'static str {
        D::NAME
    }

    fn rules_text(&self) -> String {
        self.rules.to_string()
    }

    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    fn current_player(&self) -> Option<usize> {
        self.game.current_player()
    }

    fn num_actions(&self) -> usize {
        D::num_actions(&self.rules)
    }

    fn legal_ids(&self) -> Result<Vec<u32>, Error> {
        let mut ids = Vec::new();
        for action in self.game.legal_actions() {
            let id = self.id_of(&action)?;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        Ok(ids)
    }

    fn legal_texts(&self) -> Vec<String> {
        self.game
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn action_text(&self, id: u32) -> Result<String, Error> {
        D::action_text(&self.rules, id as usize).ok_or_else(|| {
            Error::argument(format!(
                "action id {id} is out of range ({} has {} action ids)",
                D::NAME,
                D::num_actions(&self.rules)
            ))
        })
    }

    fn apply_id(&mut self, id: u32) -> Result<(), Error> {
        let player = self.to_act()?;
        let num = D::num_actions(&self.rules);
        if id as usize >= num {
            return Err(Error::new(
                CARDS_ERROR_ILLEGAL_ACTION,
                format!(
                    "action id {id} is out of range ({} has {num} action ids)",
                    D::NAME
                ),
            ));
        }
        let Some(action) = D::action_from_id(&self.rules, &self.game, id as usize) else {
            let text = D::action_text(&self.rules, id as usize).unwrap_or_default();
            return Err(Error::new(
                CARDS_ERROR_ILLEGAL_ACTION,
                format!(
                    "action id {id} ({}) is not legal for player {player} now",
                    quote(&text)
                ),
            ));
        };
        self.game
            .apply(action)
            .map_err(|e| Error::new(CARDS_ERROR_ILLEGAL_ACTION, format!("action id {id}: {e}")))
    }

    fn apply_text(&mut self, text: &str) -> Result<u32, Error> {
        let player = self.to_act()?;
        let action: <D::Game as Game>::Action = text.parse().map_err(|_| {
            Error::new(
                CARDS_ERROR_ILLEGAL_ACTION,
                format!("{} is no action of {}", quote(text), D::NAME),
            )
        })?;
        if !self.game.legal_actions().contains(&action) {
            return Err(Error::new(
                CARDS_ERROR_ILLEGAL_ACTION,
                format!(
                    "the action {} is not legal for player {player} now",
                    quote(text)
                ),
            ));
        }
        let id = self.id_of(&action)?;
        self.game.apply(action).map_err(|e| {
            Error::new(
                CARDS_ERROR_ILLEGAL_ACTION,
                format!("the action {}: {e}", quote(text)),
            )
        })?;
        Ok(id)
    }

    fn observation_json(&self, player: usize) -> Result<String, Error> {
        let n = self.game.num_players();
        if player >= n {
            return Err(Error::argument(format!(
                "player {player} is out of range ({} has players 0 to {})",
                D::NAME,
                n - 1
            )));
        }
        Ok(D::observation_json(&self.game, player).to_string())
    }

    fn returns(&self) -> Vec<f64> {
        // `+ 0.0` turns a negated zero (Kabu's dealer at a net of 0) into 0
        (0..self.game.num_players())
            .map(|p| self.game.returns(p) + 0.0)
            .collect()
    }

    fn returns_sum(&self) -> Option<f64> {
        self.game.returns_sum()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn record_json(&self) -> Result<String, Error> {
        D::record_json(&self.game).map_err(|e| Error::new(CARDS_ERROR_RECORD, e))
    }

    fn choose(&mut self, policy: &str, options: &PolicyOptions, apply: bool) -> Result<u32, Error> {
        let player = self.to_act()?;
        let mut chooser = D::policy(policy, options).map_err(|e| Error::argument(e.to_string()))?;
        let legal = self.game.legal_actions();
        let action = chooser.choose(&self.game.observation(player), &legal);
        if !legal.contains(&action) {
            return Err(Error::new(
                CARDS_ERROR_ILLEGAL_ACTION,
                format!(
                    "the player {} chose {}, which is not legal",
                    quote(policy),
                    quote(&action.to_string())
                ),
            ));
        }
        let id = self.id_of(&action)?;
        if apply {
            self.game
                .apply(action)
                .map_err(|e| Error::new(CARDS_ERROR_ILLEGAL_ACTION, e.to_string()))?;
        }
        Ok(id)
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(Session::<D> {
            rules: self.rules,
            game: self.game.clone(),
        })
    }
}

/// What the C ABI does with a game's definition: open a game, replay a record, check a
/// built-in player, list the presets and players.
pub trait DynDefinition: Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// The rules presets.
    fn presets(&self) -> &'static [&'static str];
    /// The preset a game opens with when the rules text is empty.
    fn default_preset(&self) -> &'static str;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// The built-in players' names.
    fn policy_names(&self) -> &'static [&'static str];
    /// A new game under the rules `rules` (empty: the default preset), dealt from `seed`.
    fn open(&self, rules: &str, seed: u64) -> Result<Box<dyn DynGame>, Error>;
    /// The game a record's JSON replays to.
    fn replay(&self, json: &str) -> Result<Box<dyn DynGame>, Error>;
    /// Checks that `policy` names a built-in player and `options` are acceptable.
    fn check_player(&self, policy: &str, options: &PolicyOptions) -> Result<(), Error>;
}

/// The definition `D` as a [`DynDefinition`].
pub struct Def<D>(PhantomData<D>);

impl<D: Ffi> DynDefinition for Def<D> {
    fn name(&self) -> &'static str {
        D::NAME
    }

    fn presets(&self) -> &'static [&'static str] {
        D::PRESETS
    }

    fn default_preset(&self) -> &'static str {
        D::DEFAULT_PRESET
    }

    fn num_players(&self) -> usize {
        D::NUM_PLAYERS
    }

    fn policy_names(&self) -> &'static [&'static str] {
        D::policy_names()
    }

    fn open(&self, rules: &str, seed: u64) -> Result<Box<dyn DynGame>, Error> {
        let rules: D::Rules = if rules.trim().is_empty() {
            D::default_rules()
        } else {
            rules.trim().parse().map_err(|e| {
                Error::argument(format!(
                    "rules {} of {}: {e} (presets: {})",
                    quote(rules),
                    D::NAME,
                    D::PRESETS.join(", ")
                ))
            })?
        };
        let game = D::new_game(&rules, seed).map_err(|e| {
            Error::argument(format!("{} cannot deal from seed {seed}: {e}", D::NAME))
        })?;
        Ok(Box::new(Session::<D> { rules, game }))
    }

    fn replay(&self, json: &str) -> Result<Box<dyn DynGame>, Error> {
        let game = D::replay_json(json).map_err(|e| {
            Error::new(
                CARDS_ERROR_RECORD,
                format!("a {} record that does not replay: {e}", D::NAME),
            )
        })?;
        Ok(Box::new(Session::<D> {
            rules: D::rules_of(&game),
            game,
        }))
    }

    fn check_player(&self, policy: &str, options: &PolicyOptions) -> Result<(), Error> {
        options
            .check()
            .map_err(|e| Error::argument(e.to_string()))?;
        D::policy(policy, options)
            .map(drop)
            .map_err(|e| Error::argument(format!("{e} for {}", D::NAME)))
    }
}

/// The three games, in the order the front ends list them.
pub static GAMES: [&dyn DynDefinition; 3] = [
    &Def::<doudizhu::DouDizhu>(PhantomData),
    &Def::<daifugo::Daifugo>(PhantomData),
    &Def::<kabu::Kabu>(PhantomData),
];

/// The game named `name` (ASCII case-insensitive, spaces around ignored).
pub fn definition(name: &str) -> Result<&'static dyn DynDefinition, Error> {
    GAMES
        .iter()
        .copied()
        .find(|d| d.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            Error::argument(format!(
                "unknown game {} (expected one of: {})",
                quote(name),
                GAMES.map(DynDefinition::name).join(", ")
            ))
        })
}

/// A policy's seed for its `n`-th decision: `SplitMix64`'s output of `seed ^ n·GOLDEN`, so that
/// every decision draws afresh and the same seed replays alike.
pub fn mix(seed: u64, n: u64) -> u64 {
    const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut state = (seed ^ n.wrapping_mul(GOLDEN)).wrapping_sub(GOLDEN);
    cards_core::rng::splitmix64(&mut state)
}

/// Whether `T` is `Send`, at compile time: every game handle is.
const _: fn() = || {
    fn send<T: Send>() {}
    send::<Box<dyn DynGame>>();
};

/// The refusal for a game handle used with another game's player.
pub fn wrong_game(player_game: &str, game: &str) -> Error {
    Error::new(
        CARDS_ERROR_WRONG_GAME,
        format!("a {player_game} player cannot choose for a {game} game"),
    )
}
