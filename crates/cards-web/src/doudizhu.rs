//! Dou Dizhu in the browser: one game with its auction, the person at seat 0, the two computers
//! by one built-in policy. What Dou Dizhu gives the page's one session
//! ([`crate::session::GameSession`]): its names, the person's observation, the result and the
//! replay frames.

use cards_core::game::Definition;
use doudizhu::{Action, DouDizhu, Game, GameRules, Record};
use serde_json::{Value, json};

use super::ActionBody;
use super::session::{GameSession, PERSON, Read, WebGame, no_stakes, unreadable};
use super::wire::{ApiError, Last, Legal, frame_observations, read_record, to_json};

/// The rules when a create request names none (the definition's default, as the CLI's: 叫分
/// with an auction).
pub const DEFAULT_RULES: &str = DouDizhu::DEFAULT_PRESET;
/// The computer players when a create request names none (the CLI's default).
pub const DEFAULT_POLICY: &str = "greedy";
/// The playouts of a `search` computer's move (about 10 ms): a fixed budget, so a seeded game
/// replays alike.
pub const SEARCH_PLAYOUTS: u64 = 4_000;

/// A Dou Dizhu game in play.
pub type Session = GameSession<Game>;

/// The cards an action takes from the hand, one rank character each.
fn action_cards(a: Action) -> Vec<String> {
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

impl WebGame for Game {
    type Definition = DouDizhu;
    const DEFAULT_POLICY: &'static str = DEFAULT_POLICY;
    const SEARCH_PLAYOUTS: u64 = SEARCH_PLAYOUTS;
    const SEAT_WORD: &'static str = "seat";
    type Rules = GameRules;
    type Extra = ();

    /// A drawn seed is cut to 32 bits under the `DouZero` dealer, whose generator takes a
    /// 32-bit seed.
    fn session_seed(rules: &GameRules, seed: u64, drawn: bool) -> u64 {
        if drawn && rules.dealer == doudizhu::Dealer::DouZero {
            seed & 0xffff_ffff
        } else {
            seed
        }
    }

    fn start(rules: GameRules, seed: u64, _: bool) -> Result<(Game, ()), ApiError> {
        let game =
            DouDizhu::new_game(&rules, seed).map_err(|e| ApiError::bad(format!("seed: {e}")))?;
        Ok((game, ()))
    }

    /// Every seat passed under a redeal rule: the game of the next seed
    /// ([`GameRules::redeal_seed`]).
    fn dealt_again(&self, rules: &GameRules, seed: u64) -> Option<(Game, u64)> {
        if !self.state().redeal() {
            return None;
        }
        let next = rules.redeal_seed(seed);
        DouDizhu::new_game(rules, next).ok().map(|g| (g, next))
    }

    fn read_action(&mut self, body: &ActionBody) -> Result<Read<Action>, ApiError> {
        no_stakes(body)?;
        self.parse_action(&body.action)
            .map(Read::Action)
            .map_err(|e| unreadable(&body.action, &e))
    }

    fn legal_entry(&self, a: Action) -> Legal {
        Legal {
            action: a.record_text(),
            cards: action_cards(a),
        }
    }

    fn last_action(&self, player: usize, a: Action) -> Last {
        Last {
            seat: json!(player),
            action: a.record_text(),
            accepted: true,
        }
    }

    fn person_observation(&self, (): &()) -> Value {
        to_json(&self.observation(PERSON))
    }

    fn agent_observation(obs: &doudizhu::Observation<'_>) -> Value {
        to_json(obs)
    }

    fn result_json(&self, (): &()) -> Value {
        result(self)
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
        let seat = g.seat_to_act().unwrap_or(0);
        let a = g
            .parse_action(text)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        g.apply_with_outcome(a)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        frames.push(frame(
            &g,
            Some(&json!({"seat": seat, "action": a.record_text()})),
        ));
    }
    Ok(Value::Array(frames))
}

fn frame(g: &Game, action: Option<&Value>) -> Value {
    let observations = frame_observations((0..3u8).map(|p| g.observation(usize::from(p))));
    let result = result(g);
    json!({"action": action, "observations": observations, "result": result})
}

/// The most nodes one search of the page's puzzle solver may visit (`POST /api/doudizhu/solve`):
/// every published two-hand puzzle needs well under it; a position too hard for it is refused
/// with 422 rather than taking the server's time (`cards doudizhu solve` has no such limit).
pub const SOLVE_NODE_LIMIT: u64 = 2_000_000;

/// The body of `POST /api/doudizhu/solve`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveBody {
    /// Two hands (the first leads) or three (seat 0 the landlord, leading).
    hands: Vec<String>,
    /// Kinds of play banned (`trio_solo`, `trio_pair`, `four_two_solo`, `four_two_pair`).
    #[serde(default)]
    bans: Vec<String>,
    /// A Dou Dizhu preset's name (`standard` when absent).
    #[serde(default)]
    rules: Option<String>,
}

/// `POST /api/doudizhu/solve` (`{"hands": [A, B], "bans": [...], "rules": "standard"}`): the
/// position's exact result and a line of play to the end, as `cards doudizhu solve --json`
/// writes it (`doudizhu::solve::Report`).
pub(crate) fn solve(body: &[u8]) -> Result<Value, ApiError> {
    use doudizhu::solve::{Ban, Position, Solver};
    use doudizhu::{Counts, Preset};

    let body: SolveBody = super::wire::parse_body(body)?;
    let preset: Preset = match body.rules.as_deref().map(str::trim) {
        None | Some("") => Preset::Standard,
        Some(name) => name
            .parse()
            .map_err(|e| ApiError::bad(format!("rules: {e}")))?,
    };
    let rules = preset.rules();
    let names = ["first", "second", "third"];
    let mut hands = [Counts::EMPTY; 3];
    if !(2..=3).contains(&body.hands.len()) {
        return Err(ApiError::bad(format!(
            "give two hands (a puzzle: the first leads) or three (the landlord first); got {}",
            body.hands.len()
        )));
    }
    for (i, text) in body.hands.iter().enumerate() {
        hands[i] = Counts::parse_hand(text).map_err(|e| {
            ApiError::bad(format!(
                "the {} hand \"{}\": {e}",
                names[i],
                crate::util::short(text).escape_debug()
            ))
        })?;
    }
    let bans = body
        .bans
        .iter()
        .map(|b| b.parse::<Ban>())
        .collect::<Result<Vec<Ban>, _>>()
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let pos = if body.hands.len() == 2 {
        Position::two_hands([hands[0], hands[1]], None, 0, &rules)
    } else {
        Position::new(hands, 0, None, 0, &rules)
    }
    .map_err(|e| ApiError::bad(e.to_string()))?;
    let mut solver = Solver::new(rules)
        .with_bans(&bans)
        .with_node_limit(SOLVE_NODE_LIMIT);
    let report = solver.report(&pos, true).map_err(|e| ApiError {
        status: 422,
        message: format!("{e}: too hard for the page; `cards doudizhu solve` has no limit"),
    })?;
    Ok(to_json(&report))
}
