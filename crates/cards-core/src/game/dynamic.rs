//! Any game behind one object-safe trait, written once over [`Definition`] and [`Encoding`]:
//! what a front end in another language needs (the C ABI, WebAssembly) when the game is chosen
//! by name at run time. Feature `dynamic`.
//!
//! [`Dyn::<D>::new()`](Dyn::new) is the definition `D` as a [`DynDefinition`]: it opens a game
//! (a [`DynGame`]) from rules text and a seed, or from a record's JSON. A [`DynGame`] speaks in
//! action ids ([`Encoding::action_id`]) and text (the actions' `Display`/`FromStr`), writes what
//! one player sees and the record as JSON (the game crates' `Serialize`), and lets a built-in
//! player choose from the observation of the player to act alone. Every refusal is a
//! [`DynError`] saying what and where; the game is unchanged by a refused call.
//!
//! ```
//! use cards_core::game::dynamic::{Dyn, DynDefinition, DynErrorKind};
//! use cards_core::game::testing_toy::ToyGame;
//! use cards_core::game::PolicyOptions;
//!
//! static GAMES: [&dyn DynDefinition; 1] = [&Dyn::<ToyGame>::new()];
//! let mut game = GAMES[0].open("", 7)?;
//! assert_eq!(game.name(), "toy");
//! while !game.is_over() {
//!     game.choose("first", &PolicyOptions::new(1), true)?;
//! }
//! assert_eq!(game.returns().len(), game.num_players());
//! let replayed = GAMES[0].replay(&game.record_json()?)?;
//! assert_eq!(replayed.returns(), game.returns());
//! let refused = game.apply_id(0).unwrap_err();
//! assert_eq!(refused.kind, DynErrorKind::GameOver);
//! # Ok::<(), cards_core::game::dynamic::DynError>(())
//! ```

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Definition, Encoding, Game, PolicyOptions, Record as _};

/// What kind of refusal a [`DynError`] is (a C ABI maps each to a status code).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DynErrorKind {
    /// A bad argument: an unknown game, rules, player or option, a player out of range.
    Argument,
    /// The game is over: no player is to act.
    GameOver,
    /// An action that is not legal now (or names nothing).
    IllegalAction,
    /// A record that does not read or does not replay, or cannot be written.
    Record,
}

/// A refusal: its kind and what was refused and why.
///
/// ```
/// use cards_core::game::dynamic::{Dyn, DynDefinition, DynErrorKind};
/// use cards_core::game::testing_toy::ToyGame;
/// let e = Dyn::<ToyGame>::new().open("no such rules", 1).unwrap_err();
/// assert_eq!(e.kind, DynErrorKind::Argument);
/// assert!(e.message.starts_with("rules \"no such rules\" of toy:"), "{e}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynError {
    /// The kind.
    pub kind: DynErrorKind,
    /// What was refused and why.
    pub message: String,
}

impl DynError {
    /// A refusal of `kind` saying `message`.
    #[must_use]
    pub fn new(kind: DynErrorKind, message: impl Into<String>) -> DynError {
        DynError {
            kind,
            message: message.into(),
        }
    }

    fn argument(message: impl Into<String>) -> DynError {
        DynError::new(DynErrorKind::Argument, message)
    }

    fn illegal(message: impl Into<String>) -> DynError {
        DynError::new(DynErrorKind::IllegalAction, message)
    }
}

impl fmt::Display for DynError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl core::error::Error for DynError {}

/// A name or text as the errors quote it: in double quotes, escaped, at most
/// [`QUOTE_LIMIT`](crate::QUOTE_LIMIT) characters with `...` marking a cut.
///
/// ```
/// assert_eq!(cards_core::game::dynamic::quote("bid\n3"), "\"bid\\n3\"");
/// ```
#[must_use]
pub fn quote(text: &str) -> String {
    let (shown, cut) = crate::Short(text).parts();
    format!(
        "\"{}{}\"",
        shown.escape_debug(),
        if cut { "..." } else { "" }
    )
}

/// A game in play, whichever game it is.
pub trait DynGame: Send {
    /// The game's name ([`Definition::NAME`]).
    fn name(&self) -> &'static str;
    /// The rules as text: what [`DynDefinition::open`] reads back.
    fn rules_text(&self) -> String;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// The player to act, `None` once the game is over.
    fn current_player(&self) -> Option<usize>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The number of action ids under these rules: every id is below it.
    fn num_actions(&self) -> usize;
    /// The ids of the legal actions, in the game's order (each once). An action outside the
    /// game's enumeration has none and is left out (a Dou Dizhu play that the `RLCard` table lacks,
    /// such as both jokers as wings under the `douzero` preset): [`DynGame::legal_texts`] lists
    /// every legal action, and [`DynGame::apply_text`] plays any.
    fn legal_ids(&self) -> Vec<u32>;
    /// The legal actions as text, in the game's order.
    fn legal_texts(&self) -> Vec<String>;
    /// The text of action id `id`.
    ///
    /// # Errors
    ///
    /// An id out of range.
    fn action_text(&self, id: u32) -> Result<String, DynError>;
    /// Applies the action with id `id`.
    ///
    /// # Errors
    ///
    /// The game is over, or the id is out of range or not legal now (the game is unchanged).
    fn apply_id(&mut self, id: u32) -> Result<(), DynError>;
    /// Applies the action written `text` (as [`DynGame::legal_texts`] writes it, in any case, or
    /// as the game reads actions), and gives its id.
    ///
    /// # Errors
    ///
    /// The game is over, or the text names no action or one not legal now (unchanged).
    fn apply_text(&mut self, text: &str) -> Result<u32, DynError>;
    /// What `player` sees, as JSON: no card that player may not see.
    ///
    /// # Errors
    ///
    /// A player out of range.
    fn observation_json(&self, player: usize) -> Result<String, DynError>;
    /// Every player's return so far (final once the game is over).
    fn returns(&self) -> Vec<f64>;
    /// The sum of the returns the rules fix, if any ([`Game::returns_sum`]).
    fn returns_sum(&self) -> Option<f64>;
    /// The record as JSON: [`DynDefinition::replay`] reads it back.
    ///
    /// # Errors
    ///
    /// The record could not be written.
    fn record_json(&self) -> Result<String, DynError>;
    /// The built-in player `policy` (built with `options`) chooses for the player to act, from
    /// that player's observation alone, among the legal actions that have ids
    /// ([`DynGame::legal_ids`]); the action is applied when `apply`. Gives its id.
    ///
    /// # Errors
    ///
    /// The game is over, the player's name or options are refused, or the player chose an
    /// illegal action.
    fn choose(
        &mut self,
        policy: &str,
        options: &PolicyOptions,
        apply: bool,
    ) -> Result<u32, DynError>;
    /// A copy of the game.
    fn clone_box(&self) -> Box<dyn DynGame>;
}

impl fmt::Debug for dyn DynGame {
    /// The game's name, rules and player to act (no card).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynGame")
            .field("game", &self.name())
            .field("rules", &self.rules_text())
            .field("current_player", &self.current_player())
            .finish_non_exhaustive()
    }
}

/// A game's definition, whichever game it is: opens games, replays records, checks players.
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
    ///
    /// # Errors
    ///
    /// Rules that do not read, or a seed these rules cannot deal from.
    fn open(&self, rules: &str, seed: u64) -> Result<Box<dyn DynGame>, DynError>;
    /// The game a record's JSON replays to (a key given twice is refused).
    ///
    /// # Errors
    ///
    /// JSON that is not a record of this game, or a record that does not replay.
    fn replay(&self, json: &str) -> Result<Box<dyn DynGame>, DynError>;
    /// Checks that `policy` names a built-in player and `options` are acceptable
    /// ([`PolicyOptions::check`]).
    ///
    /// # Errors
    ///
    /// The options or the name refused.
    fn check_player(&self, policy: &str, options: &PolicyOptions) -> Result<(), DynError>;
}

impl fmt::Debug for dyn DynDefinition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynDefinition")
            .field("game", &self.name())
            .finish_non_exhaustive()
    }
}

/// The definition `D` as a [`DynDefinition`]; its games are [`DynGame`]s.
pub struct Dyn<D>(PhantomData<D>);

impl<D> Dyn<D> {
    /// The definition `D`, for a `static` list of games.
    #[must_use]
    pub const fn new() -> Dyn<D> {
        Dyn(PhantomData)
    }
}

impl<D> Default for Dyn<D> {
    fn default() -> Self {
        Dyn::new()
    }
}

impl<D> fmt::Debug for Dyn<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Dyn")
            .field(&core::any::type_name::<D>())
            .finish()
    }
}

/// A game of `D` with its rules.
struct Session<D: Definition> {
    rules: D::Rules,
    game: D::Game,
}

impl<D: Encoding> Session<D> {
    /// The id of `action`, `None` outside the enumeration.
    fn id(&self, action: &<D::Game as Game>::Action) -> Option<u32> {
        D::action_id(&self.rules, action).and_then(|id| u32::try_from(id).ok())
    }

    fn id_of(&self, action: &<D::Game as Game>::Action) -> Result<u32, DynError> {
        self.id(action).ok_or_else(|| {
            DynError::argument(format!(
                "the action {} of {} has no action id",
                quote(&action.to_string()),
                D::NAME
            ))
        })
    }

    fn to_act(&self) -> Result<usize, DynError> {
        self.game.current_player().ok_or_else(|| {
            DynError::new(
                DynErrorKind::GameOver,
                format!("the {} game is over: no player is to act", D::NAME),
            )
        })
    }
}

impl<D> DynGame for Session<D>
where
    D: Encoding<Game: Send + Game<Record: Serialize>>,
    for<'a> <D::Game as Game>::Observation<'a>: Serialize,
{
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

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn num_actions(&self) -> usize {
        D::num_actions(&self.rules)
    }

    fn legal_ids(&self) -> Vec<u32> {
        let mut ids = Vec::new();
        for action in self.game.legal_actions() {
            if let Some(id) = self.id(&action)
                && !ids.contains(&id)
            {
                ids.push(id);
            }
        }
        ids
    }

    fn legal_texts(&self) -> Vec<String> {
        self.game
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn action_text(&self, id: u32) -> Result<String, DynError> {
        D::action_text(&self.rules, id as usize).ok_or_else(|| {
            DynError::argument(format!(
                "action id {id} is out of range ({} has {} action ids)",
                D::NAME,
                D::num_actions(&self.rules)
            ))
        })
    }

    fn apply_id(&mut self, id: u32) -> Result<(), DynError> {
        let player = self.to_act()?;
        let num = D::num_actions(&self.rules);
        if id as usize >= num {
            return Err(DynError::illegal(format!(
                "action id {id} is out of range ({} has {num} action ids)",
                D::NAME
            )));
        }
        let Some(action) = D::action_from_id(&self.rules, &self.game, id as usize) else {
            let text = D::action_text(&self.rules, id as usize).unwrap_or_default();
            return Err(DynError::illegal(format!(
                "action id {id} ({}) is not legal for player {player} now",
                quote(&text)
            )));
        };
        self.game
            .apply(action)
            .map_err(|e| DynError::illegal(format!("action id {id}: {e}")))
    }

    fn apply_text(&mut self, text: &str) -> Result<u32, DynError> {
        let player = self.to_act()?;
        let t = text.trim();
        let legal = self.game.legal_actions();
        // as a legal action is written (any case), else as the game reads actions
        let action = match legal.iter().find(|a| a.to_string().eq_ignore_ascii_case(t)) {
            Some(&a) => a,
            None => t.parse().map_err(|_| {
                DynError::illegal(format!("{} is no action of {}", quote(text), D::NAME))
            })?,
        };
        if !legal.contains(&action) {
            return Err(DynError::illegal(format!(
                "the action {} is not legal for player {player} now",
                quote(text)
            )));
        }
        let id = self.id_of(&action)?;
        self.game
            .apply(action)
            .map_err(|e| DynError::illegal(format!("the action {}: {e}", quote(text))))?;
        Ok(id)
    }

    fn observation_json(&self, player: usize) -> Result<String, DynError> {
        let n = self.game.num_players();
        if player >= n {
            return Err(DynError::argument(format!(
                "player {player} is out of range ({} has players 0 to {})",
                D::NAME,
                n - 1
            )));
        }
        serde_json::to_string(&self.game.observation(player))
            .map_err(|e| DynError::argument(format!("the observation of player {player}: {e}")))
    }

    fn returns(&self) -> Vec<f64> {
        // `+ 0.0` turns a negated zero (a zero-sum game's loser of nothing) into 0
        (0..self.game.num_players())
            .map(|p| self.game.returns(p) + 0.0)
            .collect()
    }

    fn returns_sum(&self) -> Option<f64> {
        self.game.returns_sum()
    }

    fn record_json(&self) -> Result<String, DynError> {
        serde_json::to_string(&self.game.record())
            .map_err(|e| DynError::new(DynErrorKind::Record, e.to_string()))
    }

    fn choose(
        &mut self,
        policy: &str,
        options: &PolicyOptions,
        apply: bool,
    ) -> Result<u32, DynError> {
        let player = self.to_act()?;
        options
            .check()
            .map_err(|e| DynError::argument(e.to_string()))?;
        let mut chooser =
            D::policy(policy, options).map_err(|e| DynError::argument(e.to_string()))?;
        // the actions with ids, as the players of an id-based interface are offered them
        let mut legal = self.game.legal_actions();
        legal.retain(|a| self.id(a).is_some());
        if legal.is_empty() {
            return Err(DynError::illegal(format!(
                "no legal action of player {player} has an action id"
            )));
        }
        let action = chooser.choose(&self.game.observation(player), &legal);
        if !legal.contains(&action) {
            return Err(DynError::illegal(format!(
                "the player {} chose {}, which is not legal",
                quote(policy),
                quote(&action.to_string())
            )));
        }
        let id = self.id_of(&action)?;
        if apply {
            self.game
                .apply(action)
                .map_err(|e| DynError::illegal(e.to_string()))?;
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

impl<D> DynDefinition for Dyn<D>
where
    D: Encoding<Game: Send + Game<Record: Serialize + DeserializeOwned>>,
    for<'a> <D::Game as Game>::Observation<'a>: Serialize,
{
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

    fn open(&self, rules: &str, seed: u64) -> Result<Box<dyn DynGame>, DynError> {
        let rules: D::Rules = if rules.trim().is_empty() {
            D::default_rules()
        } else {
            rules.trim().parse().map_err(|e| {
                DynError::argument(format!(
                    "rules {} of {}: {e} (presets: {})",
                    quote(rules),
                    D::NAME,
                    D::PRESETS.join(", ")
                ))
            })?
        };
        let game = D::new_game(&rules, seed).map_err(|e| {
            DynError::argument(format!("{} cannot deal from seed {seed}: {e}", D::NAME))
        })?;
        Ok(Box::new(Session::<D> { rules, game }))
    }

    fn replay(&self, json: &str) -> Result<Box<dyn DynGame>, DynError> {
        let refused = |e: &dyn fmt::Display| {
            DynError::new(
                DynErrorKind::Record,
                format!("a {} record that does not replay: {e}", D::NAME),
            )
        };
        serde_json::from_str::<crate::KeysOnce>(json).map_err(|e| refused(&e))?;
        let record: <D::Game as Game>::Record =
            serde_json::from_str(json).map_err(|e| refused(&e))?;
        let game: D::Game = record.replay().map_err(|e| refused(&e))?;
        Ok(Box::new(Session::<D> {
            rules: D::rules_of(&game),
            game,
        }))
    }

    fn check_player(&self, policy: &str, options: &PolicyOptions) -> Result<(), DynError> {
        options
            .check()
            .map_err(|e| DynError::argument(e.to_string()))?;
        D::policy(policy, options)
            .map(drop)
            .map_err(|e| DynError::argument(format!("{e} for {}", D::NAME)))
    }
}

/// The game named `name` among `games` (ASCII case-insensitive, spaces around ignored).
///
/// # Errors
///
/// No game has that name; the message lists those that exist.
///
/// ```
/// use cards_core::game::dynamic::{Dyn, DynDefinition, find};
/// use cards_core::game::testing_toy::ToyGame;
/// static GAMES: [&dyn DynDefinition; 1] = [&Dyn::<ToyGame>::new()];
/// assert_eq!(find(&GAMES, " TOY ")?.name(), "toy");
/// assert_eq!(
///     find(&GAMES, "chess").unwrap_err().message,
///     "unknown game \"chess\" (expected one of: toy)"
/// );
/// # Ok::<(), cards_core::game::dynamic::DynError>(())
/// ```
pub fn find<'a>(
    games: &[&'a dyn DynDefinition],
    name: &str,
) -> Result<&'a dyn DynDefinition, DynError> {
    games
        .iter()
        .copied()
        .find(|d| d.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            DynError::argument(format!(
                "unknown game {} (expected one of: {})",
                quote(name),
                games
                    .iter()
                    .map(|d| d.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}
