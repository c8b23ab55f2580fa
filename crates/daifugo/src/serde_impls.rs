//! `serde` support (feature `serde`), with the JSON the command line prints: a meld, a stand-in
//! and an action are their ASCII text (`"S3 S4 JK=S5"`, `"S<3"`, `"pass"`), rules a preset's
//! name or `{"preset": "uecda", <option>: <value>, ...}` with the options that differ, a state
//! `{"table": "S3 S4 S5", "revolution": false, "lock": false, "eleven_back": false}`, a class
//! its index 0..=4, a record the keys [`Record`] lists, an [`Observation`] its public fields
//! (cards as text, `passed` as one `bool` per player, `history` as `{"player", "action",
//! "accepted"}` objects). An observation is written, never read: it is a view, not a state.

use core::fmt;

use cards_core::CardSet;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use crate::Observation;
use crate::game::{Action, Class, PLAYERS, Step};
use crate::record::{Record, RecordAction, Replay};
use crate::{Meld, Rules, StandIn, State};

macro_rules! as_text {
    ($t:ty, $what:literal) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(&format_args!("{self:#}"))
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                cards_core::deserialize_from_str(d, $what)
            }
        }
    };
}

as_text!(Meld, "a meld such as \"S3 S4 JK=S5\"");
as_text!(StandIn, "a stand-in such as \"S5\" or \"S<3\"");
as_text!(
    Action,
    "\"pass\", \"invalid\", \"give S3 S4\" or a meld such as \"S3 S4 S5\""
);

impl Serialize for Class {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index())
    }
}

impl<'de> Deserialize<'de> for Class {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Class, D::Error> {
        let i = u8::deserialize(d)?;
        Class::from_index(i)
            .ok_or_else(|| de::Error::custom(format_args!("class {i} is not 0..=4")))
    }
}

impl Serialize for Rules {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (name, diff) = self.diff();
        if diff.is_empty() {
            return s.serialize_str(name);
        }
        let mut m = s.serialize_map(Some(diff.len() + 1))?;
        m.serialize_entry("preset", name)?;
        for (o, v) in diff {
            match v.as_str() {
                "true" => m.serialize_entry(o, &true)?,
                "false" => m.serialize_entry(o, &false)?,
                _ => match v.parse::<u8>() {
                    Ok(n) => m.serialize_entry(o, &n)?,
                    Err(_) => m.serialize_entry(o, &v)?,
                },
            }
        }
        m.end()
    }
}

/// An option's value in a rules object.
#[derive(Deserialize)]
#[serde(untagged)]
enum OptionValue {
    Bool(bool),
    Number(u64),
    Text(String),
}

struct RulesVisitor;

impl<'de> Visitor<'de> for RulesVisitor {
    type Value = Rules;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a preset name such as \"uecda\", or {\"preset\": \"uecda\", <option>: <value>}",
        )
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Rules, E> {
        v.parse().map_err(E::custom)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Rules, A::Error> {
        let mut preset: Option<String> = None;
        let mut options: Vec<(String, String)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == "preset" {
                preset = Some(map.next_value()?);
                continue;
            }
            let value = match map.next_value::<OptionValue>()? {
                OptionValue::Bool(b) => b.to_string(),
                OptionValue::Number(n) => n.to_string(),
                OptionValue::Text(t) => t,
            };
            options.push((key, value));
        }
        let name = preset.ok_or_else(|| de::Error::missing_field("preset"))?;
        let mut rules: Rules = name.parse().map_err(de::Error::custom)?;
        for (k, v) in options {
            rules.set_option(&k, &v).map_err(de::Error::custom)?;
        }
        Ok(rules)
    }
}

impl<'de> Deserialize<'de> for Rules {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        d.deserialize_any(RulesVisitor)
    }
}

/// A state as JSON: the command line's `follow` keys.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateRepr {
    #[serde(default)]
    table: Option<Meld>,
    #[serde(default)]
    revolution: bool,
    #[serde(default)]
    lock: bool,
    #[serde(default)]
    eleven_back: bool,
}

impl Serialize for State {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        StateRepr {
            table: self.table,
            revolution: self.revolution,
            lock: self.locked,
            eleven_back: self.eleven_back,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<State, D::Error> {
        let r = StateRepr::deserialize(d)?;
        Ok(State::new(r.table)
            .with_revolution(r.revolution)
            .with_lock(r.lock)
            .with_eleven_back(r.eleven_back))
    }
}

/// A present key whose value may be `null`.
fn required<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

/// Cards as text, `""` for none.
fn cards_text(c: CardSet) -> String {
    format!("{:#}", crate::HandText(c))
}

fn parse_cards(text: &str, rules: &Rules) -> Result<CardSet, String> {
    if text.trim().is_empty() {
        Ok(CardSet::EMPTY)
    } else {
        rules.parse_hand(text).map_err(|e| e.to_string())
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionRepr {
    player: u8,
    meld: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordRepr {
    rules: Rules,
    seats: [u8; PLAYERS],
    #[serde(deserialize_with = "required")]
    classes: Option<[Class; PLAYERS]>,
    hands: [String; PLAYERS],
    #[serde(deserialize_with = "required")]
    exchange: Option<[String; PLAYERS]>,
    actions: Vec<ActionRepr>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    places: Option<[u8; PLAYERS]>,
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RecordRepr {
            rules: self.rules,
            seats: self.seats,
            classes: self.classes,
            hands: self.hands.map(cards_text),
            exchange: self.exchange.map(|e| e.map(cards_text)),
            actions: self
                .actions
                .iter()
                .map(|a| ActionRepr {
                    player: a.player,
                    meld: format!("{:#}", a.action),
                })
                .collect(),
            places: self.places,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        let r = RecordRepr::deserialize(d)?;
        let err = |key: String, e: String| de::Error::custom(format_args!("{key}: {e}"));
        let mut hands = [CardSet::EMPTY; PLAYERS];
        for (p, t) in r.hands.iter().enumerate() {
            hands[p] = parse_cards(t, &r.rules).map_err(|e| err(format!("hands[{p}]"), e))?;
        }
        let exchange = match &r.exchange {
            None => None,
            Some(ex) => {
                let mut out = [CardSet::EMPTY; PLAYERS];
                for (p, t) in ex.iter().enumerate() {
                    out[p] =
                        parse_cards(t, &r.rules).map_err(|e| err(format!("exchange[{p}]"), e))?;
                }
                Some(out)
            }
        };
        let mut actions = Vec::with_capacity(r.actions.len());
        for (i, a) in r.actions.iter().enumerate() {
            if usize::from(a.player) >= PLAYERS {
                return Err(err(
                    format!("actions[{i}].player"),
                    format!("{} is not a player 0..=4", a.player),
                ));
            }
            let action = Action::parse(&a.meld, &r.rules)
                .map_err(|e| err(format!("actions[{i}].meld"), e.to_string()))?;
            actions.push(RecordAction {
                player: a.player,
                action,
            });
        }
        let mut rec = Record::new(
            r.rules,
            &crate::Deal {
                seats: r.seats,
                classes: r.classes,
                hands,
            },
        );
        rec.exchange = exchange;
        rec.actions = actions;
        rec.places = r.places;
        Ok(rec)
    }
}

impl Serialize for Replay {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let reasons: Vec<Option<String>> = self
            .reasons
            .iter()
            .map(|r| r.as_ref().map(ToString::to_string))
            .collect();
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("accepted", &self.accepted)?;
        m.serialize_entry("reasons", &reasons)?;
        m.serialize_entry("places", &self.places)?;
        m.serialize_entry("points", &self.points)?;
        m.end()
    }
}

/// One step of an observation's history.
#[derive(Serialize)]
struct StepRepr {
    player: u8,
    action: Action,
    accepted: bool,
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        StepRepr {
            player: self.player,
            action: self.action,
            accepted: self.accepted,
        }
        .serialize(s)
    }
}

/// What a player sees, as JSON: `{"player", "hand", "counts", "classes", "seats", "state",
/// "turn", "exchanging", "passed", "places", "last_player", "leader", "pass_count",
/// "direction_reversed", "returned", "history", "rules"}`.
#[derive(Serialize)]
struct ObservationRepr<'a> {
    player: u8,
    hand: String,
    counts: [u8; PLAYERS],
    classes: Option<[Class; PLAYERS]>,
    seats: [u8; PLAYERS],
    state: State,
    turn: Option<u8>,
    exchanging: bool,
    passed: [bool; PLAYERS],
    places: [u8; PLAYERS],
    last_player: Option<u8>,
    leader: u8,
    pass_count: u8,
    direction_reversed: bool,
    returned: String,
    history: &'a [Step],
    rules: Rules,
}

impl Serialize for Observation<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let passed: [bool; PLAYERS] = core::array::from_fn(|p| self.passed >> p & 1 != 0);
        ObservationRepr {
            player: self.player,
            hand: cards_text(self.hand),
            counts: self.counts,
            classes: self.classes,
            seats: self.seats,
            state: self.state,
            turn: self.turn,
            exchanging: self.exchanging,
            passed,
            places: self.places,
            last_player: self.last_player,
            leader: self.leader,
            pass_count: self.pass_count,
            direction_reversed: self.direction_reversed,
            returned: cards_text(self.returned),
            history: self.history,
            rules: self.rules,
        }
        .serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Game, Rules};

    #[test]
    fn observation_json_has_the_contract_keys_and_only_the_own_hand() {
        let mut g = Game::new(Rules::UECDA, 7);
        let p = g.current_player().unwrap();
        let legal = g.legal_actions();
        g.apply(legal[0]).unwrap();
        let v = serde_json::to_value(g.observation(1)).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        let mut want = [
            "player",
            "hand",
            "counts",
            "classes",
            "seats",
            "state",
            "turn",
            "exchanging",
            "passed",
            "places",
            "last_player",
            "leader",
            "pass_count",
            "direction_reversed",
            "returned",
            "history",
            "rules",
        ];
        want.sort_unstable();
        let mut got = keys.clone();
        got.sort_unstable();
        assert_eq!(got, want);
        assert_eq!(v["player"], 1);
        assert_eq!(v["hand"], format!("{:#}", crate::HandText(g.hands()[1])));
        assert_eq!(v["rules"], "uecda");
        assert_eq!(v["classes"], serde_json::Value::Null);
        assert_eq!(v["history"][0]["player"], p);
        assert_eq!(v["history"][0]["action"], format!("{:#}", legal[0]));
        assert_eq!(v["history"][0]["accepted"], true);
        assert_eq!(v["turn"], g.current_player().unwrap());
        assert_eq!(
            v["state"]["table"],
            format!("{:#}", legal[0].meld().unwrap())
        );
        // the counts are every player's, the hand only player 1's
        let counts: Vec<u64> = (0..5).map(|q| v["counts"][q].as_u64().unwrap()).collect();
        assert_eq!(counts, g.hands().map(|h| h.len() as u64));
    }

    #[test]
    fn observation_json_passed_is_one_bool_per_player() {
        let mut g = Game::new(Rules::UECDA, 3);
        let p = g.current_player().unwrap();
        let first = g.legal_actions()[0];
        g.apply(first).unwrap();
        let q = g.current_player().unwrap();
        g.apply(Action::Pass).unwrap();
        let v = serde_json::to_value(g.observation(p)).unwrap();
        for r in 0..5u8 {
            assert_eq!(v["passed"][usize::from(r)], r == q, "player {r}");
        }
        assert_eq!(v["last_player"], p);
        assert_eq!(v["returned"], "");
    }
}
