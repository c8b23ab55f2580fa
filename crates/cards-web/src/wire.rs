//! The JSON the API reads and writes, below the router ([`crate::Api`]) and the game sessions
//! (`session.rs`, `daifugo.rs`, `doudizhu.rs`, `kabu.rs`), which both use it: the games' names,
//! the refusal ([`ApiError`]), a view and its parts ([`View`], [`Legal`], [`Last`]), the bodies
//! read ([`ActionBody`], [`NewGame`]), and the helpers that read a body or a record and write
//! JSON. It imports neither the router nor a session.

use serde::Deserialize;
use serde_json::{Value, json};

/// The games [`Api`](crate::Api) offers, in the order `GET /api/info` lists them.
pub const GAMES: [&str; 3] = ["daifugo", "doudizhu", "kabu"];

/// A refused request: the status (400, 403, 404, 405, 409, 413, 503; 502 when a game's external
/// agent failed) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// The message for `{"error": ...}`.
    pub message: String,
}

impl ApiError {
    /// 400: the request is malformed.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }

    /// 409: the action is not allowed now.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 409,
            message: message.into(),
        }
    }

    pub(crate) fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 404,
            message: message.into(),
        }
    }
}

/// One legal action of the person, as a view lists it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Legal {
    /// The action's text, as `POST .../action` takes it.
    pub action: String,
    /// The cards it takes from the person's hand (empty for a pass, a bid, a bet, a draw).
    pub cards: Vec<String>,
}

/// The action just applied, as a view shows it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Last {
    /// Who acted: a player or seat number, or Kabu's seat text (`"field 2"`, `"player"`).
    pub seat: Value,
    /// What it did (another Daifugo player's give is just `"give"`).
    pub action: String,
    /// Whether the engine accepted it (always, in play through the API).
    pub accepted: bool,
}

/// What a response shows the person: the keys of WEB-API's view, in one type for the three
/// games (the game-specific parts are JSON values).
#[derive(Clone, Debug, serde::Serialize)]
pub struct View<'a> {
    /// The game's id.
    pub id: &'a str,
    /// `daifugo`, `doudizhu` or `kabu`.
    pub game: &'static str,
    /// The seed in decimal, `None` until the game is over (it would deal every hand again). A
    /// string: a seed goes up to 2^64-1, past what a JavaScript number holds exactly (2^53).
    pub seed: Option<String>,
    /// The rules (a preset's name, or the rules object).
    pub rules: Value,
    /// The computer players' policy.
    pub policy: &'a str,
    /// The person's seat (Kabu: `"player"`).
    pub seat: Value,
    /// What the person sees.
    pub observation: Value,
    /// Who is to act (`null` when over; Kabu: also while betting).
    pub to_act: Value,
    /// Whether the person is to act.
    pub your_turn: bool,
    /// The person's legal actions (empty unless `your_turn`).
    pub legal: Vec<Legal>,
    /// The action just applied.
    pub last: Option<Last>,
    /// Whether the game is over.
    pub over: bool,
    /// The result once over (`null` before).
    pub result: Value,
    /// Daifugo: the game's number in the match (1 elsewhere).
    pub game_number: u32,
    /// Dou Dizhu: the deal's number, 1 and one more each time every seat passed and the
    /// session dealt again from the next seed (1 elsewhere).
    pub deal: u32,
}

impl View<'_> {
    /// The view as JSON.
    #[must_use]
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// JSON of a value whose `Serialize` cannot fail (the crates' types), `null` if it did.
pub fn to_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// `POST /api/games/{id}/action`'s body.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ActionBody {
    /// The action's text.
    pub action: String,
    /// Kabu's stakes on fields 1..4 (with `"action": "bet"`).
    #[serde(default)]
    pub stakes: Option<Vec<u64>>,
}

/// What a create request names, once read.
pub struct NewGame {
    /// The rules, as JSON (a preset's name, with options as `name+option=value`, or the rules
    /// object).
    pub rules: Option<Value>,
    /// The computer players' policy.
    pub policy: Option<String>,
    /// The seed.
    pub seed: u64,
}

pub(crate) fn parse_body<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad(format!("bad JSON body: {e}")))
}

/// Reads a `game` record from JSON and checks that it replays (400 with the engine's message
/// when it does not).
pub fn read_record<R, T, E>(
    v: Value,
    game: &str,
    replay: impl FnOnce(&R) -> Result<T, E>,
) -> Result<R, ApiError>
where
    R: serde::de::DeserializeOwned,
    E: std::fmt::Display,
{
    let record: R = serde_json::from_value(v)
        .map_err(|e| ApiError::bad(format!("not a {game} record: {e}")))?;
    replay(&record).map_err(|e| ApiError::bad(format!("the record does not replay: {e}")))?;
    Ok(record)
}

/// Every seat's observation for a replay frame, each `history` left empty (the frames'
/// actions are the history, so a replay stays linear in the game's length).
pub fn frame_observations<O: serde::Serialize>(observations: impl Iterator<Item = O>) -> Value {
    observations
        .map(|o| {
            let mut v = serde_json::to_value(o).unwrap_or(Value::Null);
            v["history"] = json!([]);
            v
        })
        .collect()
}
