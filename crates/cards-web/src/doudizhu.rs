//! Dou Dizhu in the browser: one game with its auction, the person at seat 0, the two computers
//! by one built-in policy.

use cards_core::game::{Players, PolicyOptions};
use doudizhu::{Action, Game, GameRules, Record};
use serde_json::{Value, json};

use super::api::{
    ActionBody, ApiError, Last, Legal, NewGame, View, finished_record, frame_observations, mix,
    read_record, read_rules, to_json,
};

/// The rules when a create request names none (the CLI's default: 叫分 with an auction).
pub const DEFAULT_RULES: &str = "standard";
/// The computer players when a create request names none (the CLI's default).
pub const DEFAULT_POLICY: &str = "greedy";
/// The built-in computer players (the crate's registry names; `search` thinks
/// [`SEARCH_PLAYOUTS`] playouts a move, about 10 ms).
pub const POLICIES: [&str; 4] = ["greedy", "expert", "search", "random"];
/// The playouts of a `search` computer's move: a fixed budget, so a seeded game replays alike.
pub const SEARCH_PLAYOUTS: u64 = 4_000;
/// The person's seat.
const PERSON: u8 = 0;

/// A Dou Dizhu game in play.
#[derive(Clone, Debug)]
pub struct Session {
    rules: GameRules,
    policy: &'static str,
    seed: u64,
    game: Game,
    last: Option<Last>,
}

/// The cards an action takes from the hand, one rank character each.
fn action_cards(a: &Action) -> Vec<String> {
    match a {
        Action::Play(m) => m.cards().to_string().chars().map(String::from).collect(),
        _ => Vec::new(),
    }
}

/// The result once the game is over (`null` before).
fn result(g: &Game) -> Value {
    let s = g.state();
    if g.is_over() {
        json!({
            "returns": g.scores(),
            "landlord_won": s.landlord_won(),
            "spring": s.spring(),
            "multiplier": s.multiplier(),
            "redeal": s.redeal(),
        })
    } else {
        Value::Null
    }
}

impl Session {
    /// A new game, dealt. A drawn seed (`drawn`) is cut to 32 bits under the `DouZero` dealer,
    /// whose generator takes a 32-bit seed.
    pub fn new(new: &NewGame, drawn: bool) -> Result<Session, ApiError> {
        let rules: GameRules = read_rules(new.rules.as_ref(), DEFAULT_RULES)?;
        let name = new
            .policy
            .as_deref()
            .unwrap_or(DEFAULT_POLICY)
            .trim()
            .to_ascii_lowercase();
        let Some(policy) = POLICIES.iter().copied().find(|p| *p == name) else {
            return Err(ApiError::bad(format!(
                "unknown policy \"{}\" (expected one of: {})",
                crate::util::short(&name),
                POLICIES.join(", ")
            )));
        };
        let seed = if drawn && rules.dealer == doudizhu::Dealer::DouZero {
            new.seed & 0xffff_ffff
        } else {
            new.seed
        };
        let game = Game::new(rules, seed).map_err(|e| ApiError::bad(format!("seed: {e}")))?;
        Ok(Session {
            rules,
            policy,
            seed,
            game,
            last: None,
        })
    }

    /// The view of the person (seat 0).
    #[must_use]
    pub fn view(&self, id: &str) -> Value {
        let g = &self.game;
        let to_act = g.current_player();
        let your_turn = to_act == Some(PERSON);
        let legal = if your_turn {
            g.legal_actions()
                .iter()
                .map(|a| Legal {
                    action: a.record_text(),
                    cards: action_cards(a),
                })
                .collect()
        } else {
            Vec::new()
        };
        View {
            id,
            game: "doudizhu",
            seed: g.is_over().then_some(self.seed),
            rules: to_json(&self.rules),
            policy: self.policy,
            seat: json!(PERSON),
            observation: to_json(&g.observation(PERSON)),
            to_act: json!(to_act),
            your_turn,
            legal,
            last: self.last.clone(),
            over: g.is_over(),
            result: result(g),
            game_number: 1,
        }
        .to_json()
    }

    fn apply(&mut self, seat: u8, action: Action) -> Result<(), ApiError> {
        self.game
            .apply(action)
            .map_err(|e| ApiError::conflict(e.to_string()))?;
        self.last = Some(Last {
            seat: json!(seat),
            action: action.record_text(),
            accepted: true,
        });
        Ok(())
    }

    /// The person's action (409 when it is not theirs to take or the engine refuses it).
    pub fn action(&mut self, body: &ActionBody) -> Result<(), ApiError> {
        if body.stakes.is_some() {
            return Err(ApiError::bad("\"stakes\" is for Kabu"));
        }
        let action = self.game.parse_action(&body.action).map_err(|e| {
            ApiError::bad(format!(
                "cannot read the action \"{}\": {e}",
                crate::util::short(&body.action)
            ))
        })?;
        match self.game.current_player() {
            None => Err(ApiError::conflict("the game is over")),
            Some(p) if p != PERSON => Err(ApiError::conflict(format!(
                "it is seat {p}'s turn, not yours"
            ))),
            Some(p) => self.apply(p, action),
        }
    }

    /// One computer action.
    pub fn advance(&mut self) -> Result<(), ApiError> {
        let seat = match self.game.current_player() {
            None => return Err(ApiError::conflict("the game is over")),
            Some(PERSON) => return Err(ApiError::conflict("it is your turn")),
            Some(p) => p,
        };
        let legal = self.game.legal_actions();
        let obs = self.game.observation(seat);
        let options = PolicyOptions::new(mix(self.seed, self.game.history().len() as u64))
            .with_playouts(SEARCH_PLAYOUTS);
        let choice = <Game as Players>::policy_with(self.policy, &options)
            .ok()
            .map(|mut p| p.choose(&obs, &legal));
        let action = choice
            .filter(|a| legal.contains(a))
            .or_else(|| legal.first().copied())
            .ok_or_else(|| ApiError::conflict("no legal action"))?;
        self.apply(seat, action)
    }

    /// The game's record (409 until it is over).
    pub fn record(&self) -> Result<Value, ApiError> {
        finished_record(self.game.is_over(), || self.game.record())
    }
}

/// A record's frames: the deal, then the position after every action, each with every seat's
/// observation (`history` left empty: the frames' actions are the history).
pub fn replay(v: Value) -> Result<Value, ApiError> {
    let record: Record = read_record(v, "Dou Dizhu", Record::replay)?;
    let mut g = Game::from_deal(record.rules, record.deal);
    let mut frames = Vec::with_capacity(record.actions.len() + 1);
    frames.push(frame(&g, None));
    for text in &record.actions {
        let seat = g.current_player().unwrap_or(0);
        let a = g
            .parse_action(text)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        g.apply(a).map_err(|e| ApiError::bad(e.to_string()))?;
        frames.push(frame(
            &g,
            Some(&json!({"seat": seat, "action": a.record_text()})),
        ));
    }
    Ok(Value::Array(frames))
}

fn frame(g: &Game, action: Option<&Value>) -> Value {
    let observations = frame_observations((0..3u8).map(|p| g.observation(p)));
    let result = result(g);
    json!({"action": action, "observations": observations, "result": result})
}
