//! Daifugo in the browser: a match of games (the first a reset game, then classes and the card
//! exchange), the person as player 0, the computers by one built-in policy.

use daifugo::{Action, Card, CardSet, Game, HandText, Match, Record, Rules};
use serde_json::{Value, json};

use super::api::{
    ActionBody, ApiError, Last, Legal, NewGame, View, finished_record, frame_observations, mix,
    read_record, read_rules, to_json,
};

/// The rules when a create request names none (the CLI's default).
pub const DEFAULT_RULES: &str = "uecda";
/// The computer players when a create request names none (the CLI's default).
pub const DEFAULT_POLICY: &str = "tutorial";
/// The playouts of a `search` computer's move: a fixed budget (about 20 ms), so a seeded match
/// replays alike.
pub const SEARCH_PLAYOUTS: u64 = 2_000;
/// The person's player number.
const PERSON: u8 = 0;

/// The person's observation as the page reads it: the game's JSON form, plus the person's side
/// of the card exchange (`given`: its tribute or its return, `received`; `""` when none), which
/// the JSON form does not carry. Only the person's own cards: nothing another player holds.
fn person_observation(g: &Game) -> Value {
    let obs = g.observation(PERSON);
    let mut v = to_json(&obs);
    if let Value::Object(map) = &mut v {
        map.insert("given".into(), json!(format!("{:#}", HandText(obs.given))));
        map.insert(
            "received".into(),
            json!(format!("{:#}", HandText(obs.received))),
        );
    }
    v
}

/// A Daifugo match in play.
///
/// A match's seed deals every game of it, so it is never shown while a game is to come; what a
/// finished game shows is a seed that deals nothing still hidden. With a seed the request chose,
/// that seed (the person knows it: `cards daifugo play --seed S --games N` deals the same
/// match); with a drawn one, each game is dealt from a seed drawn for it alone (with the
/// match's seats and classes), which tells nothing of the next deal.
#[derive(Clone, Debug)]
pub struct Session {
    rules: Rules,
    policy: String,
    /// The match's seed (seat shuffles, the computers' choices); never shown when drawn.
    seed: u64,
    /// Whether the seed was drawn (not given in the request).
    drawn: bool,
    /// The seed shown once the game is over.
    game_seed: u64,
    matched: Match,
    game: Game,
    number: u32,
    last: Option<Last>,
}

/// Cards as the crate's ASCII text, one string a card.
fn card_list(cards: CardSet) -> Vec<String> {
    cards
        .iter()
        .map(|c: Card| format!("{:#}", HandText(CardSet::from(c))))
        .collect()
}

/// The cards an action takes from the hand.
fn action_cards(a: &Action) -> CardSet {
    match a {
        Action::Play(m) => m.cards(),
        Action::Give(c) => *c,
        Action::Pass | Action::Invalid => CardSet::EMPTY,
    }
}

/// The next game of `matched`: dealt by the match itself (seats, classes and the deal from its
/// seed), or, for a drawn seed, from a seed drawn for this game with the match's seats and
/// classes. The game and the seed shown once it is over.
fn deal_next(matched: &mut Match, seed: u64, drawn: bool) -> (Game, u64) {
    let game = matched.next_game();
    if !drawn {
        return (game, seed);
    }
    let own = crate::util::draw_seed();
    let deal = game.deal();
    (
        Game::deal_from(*game.rules(), own, deal.seats, deal.classes),
        own,
    )
}

impl Session {
    /// A new match; its first game is dealt. `drawn`: the seed was drawn, not chosen by the
    /// request (then no seed shown deals another game).
    pub fn new(new: &NewGame, drawn: bool) -> Result<Session, ApiError> {
        let rules: Rules = read_rules(new.rules.as_ref(), DEFAULT_RULES)?;
        let policy = new
            .policy
            .as_deref()
            .unwrap_or(DEFAULT_POLICY)
            .trim()
            .to_ascii_lowercase();
        if daifugo::policy_by_name(&policy, 0).is_none() {
            return Err(ApiError::bad(format!(
                "unknown policy \"{}\" (expected one of: {})",
                crate::util::short(&policy),
                daifugo::POLICY_NAMES.join(", ")
            )));
        }
        let mut matched = Match::new(rules, new.seed);
        let (game, game_seed) = deal_next(&mut matched, new.seed, drawn);
        Ok(Session {
            rules,
            policy,
            seed: new.seed,
            drawn,
            game_seed,
            matched,
            game,
            number: 1,
            last: None,
        })
    }

    /// The view of the person (player 0).
    #[must_use]
    pub fn view(&self, id: &str) -> Value {
        let g = &self.game;
        let to_act = g.current_player();
        let your_turn = to_act == Some(PERSON);
        let legal = if your_turn {
            g.legal_actions()
                .iter()
                .map(|a| Legal {
                    action: format!("{a:#}"),
                    cards: card_list(action_cards(a)),
                })
                .collect()
        } else {
            Vec::new()
        };
        let result = match (g.places(), g.points()) {
            (places, Some(points)) => {
                let mut total = self.matched.points();
                for (t, p) in total.iter_mut().zip(points) {
                    *t += u32::from(p);
                }
                json!({"places": places, "points": points, "match_points": total,
                       "cut_off": g.cut_off()})
            }
            _ => Value::Null,
        };
        View {
            id,
            game: "daifugo",
            seed: g.is_over().then_some(self.game_seed),
            rules: to_json(&self.rules),
            policy: &self.policy,
            seat: json!(PERSON),
            observation: person_observation(g),
            to_act: json!(to_act),
            your_turn,
            legal,
            last: self.last.clone(),
            over: g.is_over(),
            result,
            game_number: self.number,
        }
        .to_json()
    }

    /// Reads the person's action text: `give ...` in the exchange, else a meld or `pass`.
    fn parse(&self, text: &str) -> Result<Action, ApiError> {
        let t = text.trim();
        let parsed = match t.get(..5) {
            Some(head) if head.eq_ignore_ascii_case("give ") => {
                self.rules.parse_hand(&t[5..]).map(Action::Give)
            }
            _ => Action::parse(t, &self.rules),
        };
        parsed.map_err(|e| {
            ApiError::bad(format!(
                "cannot read the action \"{}\": {e}",
                crate::util::short(t)
            ))
        })
    }

    /// Applies `action` for the player to act and remembers it as the last action.
    fn apply(&mut self, action: Action) -> Result<(), ApiError> {
        let out = self
            .game
            .apply(action)
            .map_err(|e| ApiError::conflict(e.to_string()))?;
        // Another player's give is hidden: only the player who gives sees which cards.
        let text = match action {
            Action::Give(_) if out.player != PERSON => "give".to_string(),
            a => format!("{a:#}"),
        };
        self.last = Some(Last {
            seat: json!(out.player),
            action: text,
            accepted: out.accepted,
        });
        Ok(())
    }

    /// The person's action (409 when it is not theirs to take or the engine refuses it).
    pub fn action(&mut self, body: &ActionBody) -> Result<(), ApiError> {
        if body.stakes.is_some() {
            return Err(ApiError::bad("\"stakes\" is for Kabu"));
        }
        let action = self.parse(&body.action)?;
        match self.game.current_player() {
            None => Err(ApiError::conflict("the game is over")),
            Some(p) if p != PERSON => Err(ApiError::conflict(format!(
                "it is player {p}'s turn, not yours"
            ))),
            Some(_) => self.apply(action),
        }
    }

    /// One computer action.
    pub fn advance(&mut self) -> Result<(), ApiError> {
        let p = match self.game.current_player() {
            None => return Err(ApiError::conflict("the game is over")),
            Some(PERSON) => return Err(ApiError::conflict("it is your turn")),
            Some(p) => p,
        };
        let step = u64::from(self.number) << 32 | self.game.history().len() as u64;
        let options = cards_core::game::PolicyOptions::new(mix(self.seed, step))
            .with_playouts(SEARCH_PLAYOUTS);
        let Some(mut policy) = daifugo::policy_with(&self.policy, &options) else {
            return Err(ApiError::bad("unknown policy"));
        };
        let obs = self.game.observation(p);
        let action = if self.game.is_exchanging() {
            Action::Give(policy.give(&obs, usize::from(self.game.give_count())))
        } else {
            let legal = self.game.legal_actions();
            policy.choose(&obs, &legal)
        };
        if self.apply(action).is_err() {
            // A policy's choice the engine refuses: pass (or, in the exchange, the first
            // legal give) rather than stall the game.
            let fallback = self
                .game
                .legal_actions()
                .last()
                .copied()
                .unwrap_or(Action::Pass);
            self.apply(fallback)?;
        }
        Ok(())
    }

    /// The next game of the match (409 unless this one is over).
    pub fn next_game(&mut self) -> Result<(), ApiError> {
        if !self.matched.finish(&self.game) {
            return Err(ApiError::conflict("the game is not over"));
        }
        (self.game, self.game_seed) = deal_next(&mut self.matched, self.seed, self.drawn);
        self.number = self.number.saturating_add(1);
        self.last = None;
        Ok(())
    }

    /// The current game's record (409 until it is over).
    pub fn record(&self) -> Result<Value, ApiError> {
        finished_record(self.game.is_over(), || self.game.record())
    }
}

/// A record's frames: the start of play (after the exchange), then the position after every
/// action, each with every player's observation. The observations' `history` is left empty in
/// frames (the frames' actions are the history), so a replay stays linear in size.
pub fn replay(v: Value) -> Result<Value, ApiError> {
    let record: Record = read_record(v, "Daifugo", Record::replay)?;
    let deal = daifugo::Deal {
        seats: record.seats,
        classes: record.classes,
        hands: record.hands,
    };
    let mut g = Game::from_deal(record.rules, &deal).map_err(|e| ApiError::bad(e.to_string()))?;
    g.set_mode(daifugo::Mode::Server);
    g.set_cut_off_places(record.places);
    if let Some(ex) = record.exchange {
        while g.is_exchanging() {
            let p = g.current_player().unwrap_or(0);
            g.apply(Action::Give(ex[usize::from(p) % 5]))
                .map_err(|e| ApiError::bad(e.to_string()))?;
        }
    }
    let mut frames = Vec::with_capacity(record.actions.len() + 1);
    frames.push(frame(&g, None));
    for a in &record.actions {
        let out = g
            .apply(a.action)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        // cards that are no meld (a server's log) show as the record names them
        let text = if a.submitted.is_empty() {
            format!("{:#}", a.action)
        } else {
            format!("{:#}", HandText(a.submitted))
        };
        frames.push(frame(
            &g,
            Some(&json!({"seat": a.player, "action": text, "accepted": out.accepted})),
        ));
    }
    Ok(Value::Array(frames))
}

fn frame(g: &Game, action: Option<&Value>) -> Value {
    let observations = frame_observations((0..5u8).map(|p| g.observation(p)));
    let result = g
        .points()
        .map(|points| json!({"places": g.places(), "points": points}));
    json!({"action": action, "observations": observations, "result": result})
}
