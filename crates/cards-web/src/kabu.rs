//! Kabu in the browser: one round. The person is not a seat: they stake on fields 1..4 and
//! decide the draws of the fields they staked where the draw rule leaves the choice; fields
//! without a stake draw by the house policy (the crate's rule), the dealer by the chosen
//! computer policy, and a staked field whose draw the rule forces is played by the computer.

use kabu::{
    Advice, BuiltinPolicy, Card, CardSet, Observation, Phase, Policy, Record, Round, Rules, Seat,
};
use serde_json::{Value, json};

use super::api::{
    ActionBody, ApiError, Last, Legal, NewGame, View, finished_record, read_record, read_rules,
    to_json,
};

/// The rules when a create request names none.
pub const DEFAULT_RULES: &str = "default";
/// The dealer's policy when a create request names none.
pub const DEFAULT_POLICY: &str = "house";
/// The largest stake on one field.
pub const MAX_STAKE: u64 = 1_000_000;

/// A Kabu round in play.
#[derive(Clone, Debug)]
pub struct Session {
    rules: Rules,
    policy: BuiltinPolicy,
    seed: u64,
    round: Round,
    last: Option<Last>,
}

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

/// Whether the person decides for the seat to act now (a staked field whose draw is a choice).
fn person_decides(round: &Round) -> bool {
    match round.current_player() {
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
    let to_act = round.current_player();
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

fn last(seat: &str, action: &str) -> Last {
    Last {
        seat: json!(seat),
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

impl Session {
    /// A new round, its first cards dealt.
    pub fn new(new: &NewGame) -> Result<Session, ApiError> {
        let rules: Rules = read_rules(new.rules.as_ref(), DEFAULT_RULES)?;
        let policy: BuiltinPolicy =
            crate::util::parse_name(new.policy.as_deref().unwrap_or(DEFAULT_POLICY))
                .map_err(|e| ApiError::bad(format!("policy: {e}")))?;
        Ok(Session {
            rules,
            policy,
            seed: new.seed,
            round: Round::new(rules, new.seed),
            last: None,
        })
    }

    /// The person's view.
    #[must_use]
    pub fn view(&self, id: &str) -> Value {
        let r = &self.round;
        let betting = r.phase() == Phase::Bets;
        let your_turn = betting || person_decides(r);
        let choice = |names: &[&str]| -> Vec<Legal> {
            names
                .iter()
                .map(|n| Legal {
                    action: (*n).to_string(),
                    cards: Vec::new(),
                })
                .collect()
        };
        let legal = if betting {
            choice(&["bet"])
        } else if your_turn {
            choice(&["draw", "stand"])
        } else {
            Vec::new()
        };
        View {
            id,
            game: "kabu",
            seed: r.is_over().then_some(self.seed),
            rules: to_json(&self.rules),
            policy: self.policy.name(),
            seat: json!("player"),
            observation: table(r, false),
            to_act: json!(r.current_player().map(|s| s.to_string())),
            your_turn,
            legal,
            last: self.last.clone(),
            over: r.is_over(),
            result: result(r),
            game_number: 1,
        }
        .to_json()
    }

    /// The person's bet or draw decision.
    pub fn action(&mut self, body: &ActionBody) -> Result<(), ApiError> {
        let what = body.action.trim().to_ascii_lowercase();
        match what.as_str() {
            "bet" => {
                let Some(list) = &body.stakes else {
                    return Err(ApiError::bad("a bet needs \"stakes\": [n, n, n, n]"));
                };
                let Ok(four) = <[u64; 4]>::try_from(list.as_slice()) else {
                    return Err(ApiError::bad(format!(
                        "\"stakes\" needs 4 numbers (fields 1..4), not {}",
                        list.len()
                    )));
                };
                if let Some(s) = four.iter().find(|&&s| s > MAX_STAKE) {
                    return Err(ApiError::bad(format!(
                        "a stake of {s} is over the limit {MAX_STAKE}"
                    )));
                }
                let stakes = four.map(|s| s as u32);
                self.round
                    .bet(stakes)
                    .map_err(|e| ApiError::conflict(e.to_string()))?;
                self.last = Some(last("player", "bet"));
                Ok(())
            }
            "draw" | "stand" => {
                if body.stakes.is_some() {
                    return Err(ApiError::bad("\"stakes\" goes with \"bet\""));
                }
                if !person_decides(&self.round) {
                    return Err(ApiError::conflict(match self.round.current_player() {
                        None if self.round.is_over() => "the round is over".to_string(),
                        None => "place your bets first".to_string(),
                        Some(s) => format!("{s} is not yours to decide now"),
                    }));
                }
                let Some(seat) = self.round.current_player() else {
                    return Err(ApiError::conflict("nobody is to act"));
                };
                let draw = what == "draw";
                self.round
                    .apply(kabu::Action { seat, draw })
                    .map_err(|e| ApiError::conflict(e.to_string()))?;
                self.last = Some(last(&seat.to_string(), if draw { "draw" } else { "stand" }));
                Ok(())
            }
            _ => Err(ApiError::bad(format!(
                "unknown action \"{}\" (bet, draw or stand)",
                crate::util::short(&body.action)
            ))),
        }
    }

    /// One computer action: the dealer by the policy, or a staked field whose draw the rule
    /// forces.
    pub fn advance(&mut self) -> Result<(), ApiError> {
        let r = &self.round;
        let Some(seat) = r.current_player() else {
            return Err(ApiError::conflict(if r.is_over() {
                "the round is over"
            } else {
                "place your bets first"
            }));
        };
        if person_decides(r) {
            return Err(ApiError::conflict(format!("{seat} is yours to decide")));
        }
        let hand = r
            .hand(seat)
            .ok_or_else(|| ApiError::conflict("no hand to decide on"))?;
        // the seat's whole view: `optimal` reads the face-up cards, the others their own
        let obs = r
            .observation(seat)
            .unwrap_or_else(|| Observation::own_cards(seat, hand, self.rules));
        let draw = match allowed(r, seat) {
            Some("draw") => true,
            Some("stand") => false,
            _ => self.policy.draws(&obs),
        };
        self.round
            .apply(kabu::Action { seat, draw })
            .map_err(|e| ApiError::conflict(e.to_string()))?;
        self.last = Some(last(&seat.to_string(), if draw { "draw" } else { "stand" }));
        Ok(())
    }

    /// The round's record (409 until it is over).
    pub fn record(&self) -> Result<Value, ApiError> {
        finished_record(self.round.is_over(), || self.round.record())
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
                .apply(kabu::Action { seat, draw })
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
