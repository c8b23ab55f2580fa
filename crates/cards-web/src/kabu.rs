//! Kabu in the browser: one round, the two-player game of the one interface
//! ([`kabu::RoundView`]'s module docs). The person is player 0, who stakes on fields 1..4 and
//! decides the draws of the fields they staked where the draw rule leaves the choice; fields
//! without a stake draw by the house policy (the crate's rule), the dealer (player 1) by the
//! chosen computer policy, and a staked field whose draw the rule forces is played by the
//! computer. What Kabu gives the page's one session ([`crate::session::GameSession`]): its
//! names, the table as the person sees it, the bet (stakes of any size up to [`MAX_STAKE`],
//! past the game's stake actions), its words for a refusal, and the replay frames.

use cards_core::game::Definition;
use kabu::{Advice, Card, CardSet, Decision, Kabu, Phase, Record, Round, Rules, Seat};
use serde_json::{Value, json};

use super::ActionBody;
use super::session::{GameSession, Read, WebGame};
use super::wire::{ApiError, Last, Legal, read_record, to_json};

/// The rules when a create request names none (the definition's default).
pub const DEFAULT_RULES: &str = Kabu::DEFAULT_PRESET;
/// The dealer's policy when a create request names none.
pub const DEFAULT_POLICY: &str = "house";
/// The largest stake on one field.
pub const MAX_STAKE: u64 = 1_000_000;
/// The playouts of a `search` dealer's decision: a fixed budget, so a seeded round replays
/// alike.
pub const SEARCH_PLAYOUTS: u64 = 2_000;

/// A Kabu round in play.
pub type Session = GameSession<Round>;

fn card_text(c: Card) -> String {
    format!("{c:#}")
}

/// What the draw rule allows `seat` now, by name.
fn allowed(round: &Round, seat: Seat) -> Option<&'static str> {
    let o = round.outcome(seat)?;
    Some(match kabu::draw_rule(o, round.rules()) {
        Advice::MustDraw => "draw",
        Advice::MustStand => "stand",
        Advice::Choice => "choice",
    })
}

/// The table as a player of the one interface sees it ([`kabu::RoundView`]), as an external
/// agent ([`crate::agent`]) reads it: the view's JSON (`{"player", "rules", "phase", "stakes",
/// "to_act", "seats"}`, each seat `{"seat", "cards", "own", "points", "yaku", "drew"}` with
/// `cards` its first, second and third card, `null` where face down or not dealt; the legal
/// actions name the seat to act: `field 2 draws`).
///
/// ```
/// use kabu::cards_core::game::Game;
/// let mut round = kabu::Round::new(kabu::Rules::DEFAULT, 7);
/// round.bet([1, 0, 0, 0])?;
/// let v = cards_web::kabu::observation_json(&Game::observation(&round, 1));
/// assert_eq!(v["player"], 1);
/// assert!(v["seats"][0]["cards"][1].is_null()); // the dealer never sees a field's second card
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[must_use]
pub fn observation_json(view: &kabu::RoundView<'_>) -> Value {
    to_json(view)
}

/// Whether the person decides for the seat to act now (a staked field whose draw is a choice).
fn person_decides(round: &Round) -> bool {
    match round.seat_to_act() {
        Some(seat) if seat != Seat::Dealer => {
            round.stakes()[seat.index()] != 0 && allowed(round, seat) == Some("choice")
        }
        _ => false,
    }
}

/// The table as the person sees it (`reveal`: every card, for replays and the end).
#[must_use]
pub fn table(round: &Round, reveal: bool) -> Value {
    let phase = round.phase();
    let over = round.is_over();
    let deal = round.deal();
    let stakes = round.stakes();
    let seats: Vec<Value> = Seat::ALL
        .iter()
        .map(|&seat| {
            let i = seat.index();
            let staked = seat != Seat::Dealer && stakes[i] != 0;
            let second_dealt = phase != Phase::Bets;
            let second_seen = second_dealt && (reveal || over || staked);
            let first = deal[i];
            let second = deal[5 + i];
            let two = CardSet::EMPTY.with(first).with(second);
            let third = (round.cards(seat) - two).first();
            let cards = [
                Some(card_text(first)),
                second_seen.then(|| card_text(second)),
                third.map(card_text),
            ];
            let outcome = if second_seen {
                round.outcome(seat)
            } else {
                None
            };
            json!({
                "seat": seat.to_string(),
                "cards": cards,
                "points": outcome.map(kabu::Outcome::points),
                "yaku": outcome.map(|o| o.yaku().name()),
                "drew": round.decision(seat),
            })
        })
        .collect();
    let to_act = round.seat_to_act();
    let allowed = to_act.and_then(|s| {
        let staked = s != Seat::Dealer && stakes[s.index()] != 0;
        if staked || reveal {
            allowed(round, s)
        } else {
            None
        }
    });
    let settlement: Option<Vec<Value>> = over.then(|| {
        Seat::FIELDS
            .iter()
            .filter_map(|&s| round.settlement(s))
            .map(|f| {
                json!({
                    "seat": f.seat.to_string(),
                    "stake": f.stake,
                    "net": f.net,
                    "case": f.case.name(),
                    "field": f.field,
                    "dealer": f.dealer,
                })
            })
            .collect()
    });
    json!({
        "phase": phase.name(),
        "rules": round.rules(),
        "stakes": stakes,
        "seats": seats,
        "to_act": to_act.map(|s| s.to_string()),
        "allowed": allowed,
        "settlement": settlement,
        "net": over.then(|| round.net()),
    })
}

fn last(seat: impl std::fmt::Display, action: &str) -> Last {
    Last {
        seat: json!(seat.to_string()),
        action: action.to_string(),
        accepted: true,
    }
}

fn result(round: &Round) -> Value {
    if round.is_over() {
        let t = table(round, true);
        json!({"net": round.net(), "settlement": t["settlement"]})
    } else {
        Value::Null
    }
}

/// The person's stakes of a bet request.
fn stakes(body: &ActionBody) -> Result<[u32; 4], ApiError> {
    let Some(list) = &body.stakes else {
        return Err(ApiError::bad("a bet needs \"stakes\": [n, n, n, n]"));
    };
    let Ok(four) = <[u64; 4]>::try_from(list.as_slice()) else {
        return Err(ApiError::bad(format!(
            "\"stakes\" needs 4 numbers (fields 1..4), not {}",
            list.len()
        )));
    };
    let mut out = [0; 4];
    for (o, &s) in out.iter_mut().zip(&four) {
        *o = u32::try_from(s)
            .ok()
            .filter(|_| s <= MAX_STAKE)
            .ok_or_else(|| {
                ApiError::bad(format!("a stake of {s} is over the limit {MAX_STAKE}"))
            })?;
    }
    Ok(out)
}

impl WebGame for Round {
    type Definition = Kabu;
    const DEFAULT_POLICY: &'static str = DEFAULT_POLICY;
    const SEARCH_PLAYOUTS: u64 = SEARCH_PLAYOUTS;
    type Rules = Rules;
    type Extra = ();

    fn start(rules: Rules, seed: u64, _: bool) -> Result<(Round, ()), ApiError> {
        let round = Kabu::new_game(&rules, seed).map_err(|e| ApiError::bad(e.to_string()))?;
        Ok((round, ()))
    }

    fn person_seat() -> Value {
        json!("player")
    }

    /// The seat to act (`null` while betting).
    fn to_act(&self) -> Value {
        json!(self.seat_to_act().map(|s| s.to_string()))
    }

    fn person_decides(&self) -> bool {
        self.phase() == Phase::Bets || person_decides(self)
    }

    /// `bet` (with `"stakes"`, applied here: the stakes go past the game's stake actions),
    /// `draw` or `stand`.
    fn read_action(&mut self, body: &ActionBody) -> Result<Read<Decision>, ApiError> {
        let what = body.action.trim().to_ascii_lowercase();
        let draw = match what.as_str() {
            "bet" => {
                let stakes = stakes(body)?;
                self.bet(stakes)
                    .map_err(|e| ApiError::conflict(e.to_string()))?;
                return Ok(Read::Applied(last("player", "bet")));
            }
            "draw" => true,
            "stand" => false,
            _ => {
                return Err(ApiError::bad(format!(
                    "unknown action \"{}\" (bet, draw or stand)",
                    crate::util::short(&body.action)
                )));
            }
        };
        if body.stakes.is_some() {
            return Err(ApiError::bad("\"stakes\" goes with \"bet\""));
        }
        match self.seat_to_act() {
            Some(seat) if person_decides(self) => {
                Ok(Read::Action(Decision::Act(kabu::Action { seat, draw })))
            }
            _ => Err(ApiError::conflict(self.refuse_action())),
        }
    }

    fn person_legal(&self) -> Vec<Legal> {
        let names: &[&str] = if self.phase() == Phase::Bets {
            &["bet"]
        } else {
            &["draw", "stand"]
        };
        names
            .iter()
            .map(|n| Legal {
                action: (*n).to_string(),
                cards: Vec::new(),
            })
            .collect()
    }

    fn last_action(&self, _: usize, d: Decision) -> Last {
        match d {
            Decision::Act(a) => last(a.seat, if a.draw { "draw" } else { "stand" }),
            Decision::Stake(_) => last("player", "bet"),
        }
    }

    fn person_observation(&self, (): &()) -> Value {
        table(self, false)
    }

    fn agent_observation(view: &kabu::RoundView<'_>) -> Value {
        observation_json(view)
    }

    fn result_json(&self, (): &()) -> Value {
        result(self)
    }

    fn refuse_action(&self) -> String {
        match self.seat_to_act() {
            None if self.is_over() => "the round is over".into(),
            None => "place your bets first".into(),
            Some(s) => format!("{s} is not yours to decide now"),
        }
    }

    fn refuse_advance(&self) -> String {
        match self.seat_to_act() {
            None if self.is_over() => "the round is over".into(),
            None => "place your bets first".into(),
            Some(s) => format!("{s} is yours to decide"),
        }
    }
}

/// A record's frames, every card shown: the first cards, then after the bet (fields without a
/// stake before the first deciding seat play with it), then after each recorded decision.
pub fn replay(v: Value) -> Result<Value, ApiError> {
    let record: Record = read_record(v, "Kabu", Record::replay)?;
    let mut round = match record.seed {
        Some(seed) => Round::new(record.rules, seed),
        None => {
            Round::from_deal(record.rules, record.deal).map_err(|e| ApiError::bad(e.to_string()))?
        }
    };
    let mut frames = vec![frame(&round, None)];
    if let Some(stakes) = record.stakes {
        round
            .bet(stakes)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        frames.push(frame(
            &round,
            Some(&json!({"seat": "player", "action": "bet"})),
        ));
        for seat in Seat::ALL {
            if round.decision(seat).is_some() {
                continue;
            }
            let Some(draw) = record.draws[seat.index()] else {
                break;
            };
            round
                .apply_with_outcome(kabu::Action { seat, draw })
                .map_err(|e| ApiError::bad(e.to_string()))?;
            let what = if draw { "draw" } else { "stand" };
            frames.push(frame(
                &round,
                Some(&json!({"seat": seat.to_string(), "action": what})),
            ));
        }
    }
    Ok(Value::Array(frames))
}

fn frame(round: &Round, action: Option<&Value>) -> Value {
    json!({"action": action, "table": table(round, true), "result": result(round)})
}
