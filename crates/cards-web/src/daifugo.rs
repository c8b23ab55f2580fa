//! Daifugo in the browser: a match of games (the first a reset game, then classes and the card
//! exchange), the person as player 0, the computers by one built-in policy. What Daifugo gives
//! the page's one session ([`crate::session::GameSession`]): its names, the person's observation
//! with its side of the exchange, the match's points, and the replay frames.

use cards_core::game::Definition;
use daifugo::{Action, Card, CardSet, Daifugo, Game, HandText, Match, Record, Rules};
use serde_json::{Value, json};

use super::ActionBody;
use super::session::{GameSession, PERSON, Read, WebGame, no_stakes, unreadable};
use super::wire::{ApiError, Last, Legal, frame_observations, read_record, to_json};

/// The rules when a create request names none (the definition's default, as the CLI's).
pub const DEFAULT_RULES: &str = Daifugo::DEFAULT_PRESET;
/// The computer players when a create request names none (the CLI's default).
pub const DEFAULT_POLICY: &str = "tutorial";
/// The playouts of a `search` computer's move: a fixed budget (about 20 ms), so a seeded match
/// replays alike.
pub const SEARCH_PLAYOUTS: u64 = 2_000;

/// A Daifugo match in play.
///
/// A match's seed deals every game of it, so it is never shown while a game is to come; what a
/// finished game shows is a seed that deals nothing still hidden. With a seed the request chose,
/// that seed (the person knows it: `cards daifugo play --seed S --games N` deals the same
/// match); with a drawn one, each game is dealt from a seed drawn for it alone (with the
/// match's seats and classes), which tells nothing of the next deal.
pub type Session = GameSession<Game>;

/// The match a Daifugo session plays, beside its current game.
#[derive(Clone, Debug)]
pub struct MatchState {
    matched: Match,
    /// The seed the current game shows once it is over.
    game_seed: u64,
}

/// The person's observation as the page reads it: the game's JSON form, plus the person's side
/// of the card exchange (`given`: its tribute or its return, `received`; `""` when none), which
/// the JSON form does not carry. Only the person's own cards: nothing another player holds.
fn person_observation(g: &Game) -> Value {
    observation_json(&g.observation(PERSON))
}

/// A player's observation as the page and an external agent ([`crate::agent`]) read it: the
/// game's JSON form, plus the player's side of the card exchange (`given`, `received`: hand
/// text, `""` when none).
///
/// ```
/// let g = daifugo::Game::new(daifugo::Rules::default(), 3);
/// let v = cards_web::daifugo::observation_json(&g.observation(1));
/// assert_eq!(v["given"], "");
/// ```
#[must_use]
pub fn observation_json(obs: &daifugo::Observation<'_>) -> Value {
    let mut v = to_json(obs);
    if let Value::Object(map) = &mut v {
        map.insert("given".into(), json!(format!("{:#}", HandText(obs.given))));
        map.insert(
            "received".into(),
            json!(format!("{:#}", HandText(obs.received))),
        );
    }
    v
}

/// Cards as the crate's ASCII text, one string a card.
fn card_list(cards: CardSet) -> Vec<String> {
    cards
        .iter()
        .map(|c: Card| format!("{:#}", HandText(CardSet::from(c))))
        .collect()
}

/// The cards an action takes from the hand.
fn action_cards(a: Action) -> CardSet {
    match a {
        Action::Play(m) => m.cards(),
        Action::Give(c) => c,
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

impl WebGame for Game {
    type Definition = Daifugo;
    const DEFAULT_POLICY: &'static str = DEFAULT_POLICY;
    const SEARCH_PLAYOUTS: u64 = SEARCH_PLAYOUTS;
    type Rules = Rules;
    type Extra = MatchState;

    fn start(rules: Rules, seed: u64, drawn: bool) -> Result<(Game, MatchState), ApiError> {
        let mut matched = Match::new(rules, seed);
        let (game, game_seed) = deal_next(&mut matched, seed, drawn);
        Ok((game, MatchState { matched, game_seed }))
    }

    fn next_game(&self, m: &mut MatchState, seed: u64, drawn: bool) -> Result<Game, ApiError> {
        if !m.matched.finish(self) {
            return Err(ApiError::conflict("the game is not over"));
        }
        let (game, game_seed) = deal_next(&mut m.matched, seed, drawn);
        m.game_seed = game_seed;
        Ok(game)
    }

    fn shown_seed(m: &MatchState, _: u64) -> u64 {
        m.game_seed
    }

    /// `give ...` in the exchange, else a meld or `pass`.
    fn read_action(&mut self, body: &ActionBody) -> Result<Read<Action>, ApiError> {
        no_stakes(body)?;
        let t = body.action.trim();
        let parsed = match t.get(..5) {
            Some(head) if head.eq_ignore_ascii_case("give ") => {
                self.rules().parse_hand(&t[5..]).map(Action::Give)
            }
            _ => Action::parse(t, self.rules()),
        };
        parsed.map(Read::Action).map_err(|e| unreadable(t, &e))
    }

    fn legal_entry(&self, a: Action) -> Legal {
        Legal {
            action: format!("{a:#}"),
            cards: card_list(action_cards(a)),
        }
    }

    /// Another player's give is hidden: only the player who gives sees which cards.
    fn last_action(&self, player: usize, a: Action) -> Last {
        Last {
            seat: json!(player),
            action: match a {
                Action::Give(_) if player != PERSON => "give".into(),
                a => format!("{a:#}"),
            },
            accepted: true,
        }
    }

    fn person_observation(&self, _: &MatchState) -> Value {
        person_observation(self)
    }

    fn agent_observation(obs: &daifugo::Observation<'_>) -> Value {
        observation_json(obs)
    }

    fn result_json(&self, m: &MatchState) -> Value {
        let Some(points) = self.points() else {
            return Value::Null;
        };
        let mut total = m.matched.points();
        for (t, p) in total.iter_mut().zip(points) {
            *t += u32::from(p);
        }
        json!({"places": self.places(), "points": points, "match_points": total,
               "cut_off": self.cut_off()})
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
            let p = g.seat_to_act().unwrap_or(0);
            g.apply_with_outcome(Action::Give(ex[usize::from(p) % 5]))
                .map_err(|e| ApiError::bad(e.to_string()))?;
        }
    }
    let mut frames = Vec::with_capacity(record.actions.len() + 1);
    frames.push(frame(&g, None));
    for a in &record.actions {
        let out = g
            .apply_with_outcome(a.action)
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
    let observations = frame_observations((0..5u8).map(|p| g.observation(usize::from(p))));
    let result = g
        .points()
        .map(|points| json!({"places": g.places(), "points": points}));
    json!({"action": action, "observations": observations, "result": result})
}
