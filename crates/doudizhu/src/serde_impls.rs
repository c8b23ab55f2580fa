//! `serde` support (feature `serde`), with the JSON the `cards doudizhu` command prints:
//!
//! - [`Counts`] is its rank string (`"33344456"`; reading accepts every notation `FromStr` does),
//!   [`Rank`] its character (`"T"`), [`Kind`] its name (`"plane_solo"`), [`Preset`] its name;
//! - [`Move`] is `{"cards": "33344456", "length": 2, "main": "4", "type": "plane_solo"}`
//!   (`length` the body length; keys in alphabetical order, as the CLI prints them); reading
//!   checks that it is a reading of the cards;
//! - [`Readings`] is the list `[{"count", "length", "main", "type", "value"}, ...]`, most natural
//!   first (written only: it carries no cards to read back);
//! - [`Action`] is `"pass"`, a bid's number, or a move;
//! - [`GameRules`] is a game preset's name, or `{"flow": "standard", "plays": "douzero", ...}`
//!   listing the options that differ; [`Record`] is the record object its docs show;
//! - [`Rules`] is a preset's name (`"douzero"`), or `{"preset": "standard", "rocket_wings":
//!   true}` listing only the options that differ from the closest preset. Reading also accepts
//!   the `standard+rocket_wings=true` text and an object without `preset` (`standard`), and
//!   refuses an unknown option.
//! - [`Observation`] is what a seat sees (written only: a view, not a state): `{"seat", "hand",
//!   "phase", "current_player", "first_bidder", "bids", "landlord", "kitty", "kitty_left",
//!   "history", "trick", "cards_left", "played", "bombs", "multiplier", "landlord_won",
//!   "spring", "returns", "rules"}`, cards as rank strings, actions in the record notation
//!   (`history` and `trick` as `{"seat", "action"}`), `kitty` and `kitty_left` `null` until
//!   the landlord is known, `returns` `null` until the end.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::classify::Readings;
use crate::counts::{Counts, Rank};
use crate::game::Phase;
use crate::game::{Auction, GameRules};
use crate::generate::Action;
use crate::moves::{Kind, Move};
use crate::observation::Observation;
use crate::record::Record;
use crate::rules::{OptionValue, Preset, Rules};

macro_rules! text_serde {
    ($t:ty, $what:expr) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                cards_core::deserialize_from_str(d, $what)
            }
        }
    };
}

text_serde!(Counts, "a rank string such as \"33344456\" or suited cards");
text_serde!(Rank, "a rank such as \"T\"");
text_serde!(Kind, "a combination type such as \"plane_solo\"");
text_serde!(Preset, "a preset name such as \"standard\"");

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Move", 4)?;
        st.serialize_field("cards", &self.cards())?;
        st.serialize_field("length", &self.body_len())?;
        st.serialize_field("main", &self.main())?;
        st.serialize_field("type", &self.kind())?;
        st.end()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveFields {
    cards: Counts,
    #[serde(rename = "type")]
    kind: Kind,
    length: u8,
    main: Rank,
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let f = MoveFields::deserialize(d)?;
        Move::from_parts(f.cards, f.kind, f.length, f.main).ok_or_else(|| {
            de::Error::custom(format!(
                "{} is no {} of length {} with main rank {}",
                f.cards, f.kind, f.length, f.main
            ))
        })
    }
}

/// One reading as the CLI's `classify` writes it.
struct ReadingJson(Move);

impl Serialize for ReadingJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let m = self.0;
        let mut st = s.serialize_struct("Reading", 5)?;
        st.serialize_field("count", &m.count())?;
        st.serialize_field("length", &m.body_len())?;
        st.serialize_field("main", &m.main())?;
        st.serialize_field("type", &m.kind())?;
        st.serialize_field("value", &m.value())?;
        st.end()
    }
}

impl Serialize for Readings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for m in self {
            seq.serialize_element(&ReadingJson(m))?;
        }
        seq.end()
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Action::Pass => s.serialize_str("pass"),
            Action::Bid(n) => s.serialize_u8(*n),
            Action::Call => s.serialize_str("call"),
            Action::Rob => s.serialize_str("rob"),
            Action::Play(m) => m.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Text(String),
            Bid(u8),
            Play(Move),
        }
        match Either::deserialize(d)? {
            Either::Play(m) => Ok(Action::Play(m)),
            Either::Bid(n @ 1..=3) => Ok(Action::Bid(n)),
            Either::Bid(n) => Err(de::Error::custom(format!("bid {n}: bids are 1, 2 or 3"))),
            Either::Text(t) if t.eq_ignore_ascii_case("pass") => Ok(Action::Pass),
            Either::Text(t) if t.eq_ignore_ascii_case("call") => Ok(Action::Call),
            Either::Text(t) if t.eq_ignore_ascii_case("rob") => Ok(Action::Rob),
            Either::Text(t) => Err(de::Error::custom(format!(
                "\"{}\" is no action: \"pass\", \"call\", \"rob\" or a move object",
                t.chars().take(32).collect::<String>()
            ))),
        }
    }
}

impl Serialize for OptionValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            OptionValue::Bool(b) => s.serialize_bool(b),
            OptionValue::Number(n) => s.serialize_u32(n),
        }
    }
}

impl Serialize for Rules {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (preset, diff) = self.closest();
        if diff.is_empty() {
            return s.serialize_str(preset.name());
        }
        let mut map = s.serialize_map(Some(diff.len() + 1))?;
        map.serialize_entry("preset", &preset)?;
        for (name, value) in diff {
            map.serialize_entry(name, &value)?;
        }
        map.end()
    }
}

/// An option's value in a rules object: a boolean, or the number of `solo_wings`.
#[derive(Deserialize)]
#[serde(untagged)]
enum JsonValue {
    Bool(bool),
    Number(u64),
}

struct RulesVisitor;

impl<'de> Visitor<'de> for RulesVisitor {
    type Value = Rules;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a preset name such as \"standard\", or {\"preset\": name, option: value, ...}")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Rules, E> {
        v.parse().map_err(E::custom)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Rules, A::Error> {
        let mut preset: Option<Preset> = None;
        let mut options: Vec<(String, String)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == "preset" {
                preset = Some(map.next_value()?);
            } else {
                let value = match map.next_value::<JsonValue>()? {
                    JsonValue::Bool(b) => b.to_string(),
                    JsonValue::Number(n) => n.to_string(),
                };
                options.push((key, value));
            }
        }
        let mut rules = preset.unwrap_or_default().rules();
        for (key, value) in options {
            rules.set_option(&key, &value).map_err(de::Error::custom)?;
        }
        Ok(rules)
    }
}

impl<'de> Deserialize<'de> for Rules {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        d.deserialize_any(RulesVisitor)
    }
}

/// A game option's JSON value: a boolean for the flags, a number for `landlord` and
/// `solo_wings`, a string otherwise.
fn option_json(name: &str, value: &str) -> OptionJson {
    match value {
        "true" => OptionJson::Bool(true),
        "false" => OptionJson::Bool(false),
        _ if name == "landlord" || name == "solo_wings" => {
            OptionJson::Number(value.parse().unwrap_or(0))
        }
        _ => OptionJson::Text(value.to_string()),
    }
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum OptionJson {
    Bool(bool),
    Number(u64),
    Text(String),
}

impl fmt::Display for OptionJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionJson::Bool(b) => write!(f, "{b}"),
            OptionJson::Number(n) => write!(f, "{n}"),
            OptionJson::Text(t) => f.write_str(t),
        }
    }
}

impl Serialize for GameRules {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (name, diff) = self.closest();
        if diff.is_empty() {
            return s.serialize_str(name);
        }
        let mut map = s.serialize_map(Some(diff.len() + 1))?;
        map.serialize_entry("flow", name)?;
        for (option, value) in diff {
            map.serialize_entry(option, &option_json(option, &value))?;
        }
        map.end()
    }
}

struct GameRulesVisitor;

impl<'de> Visitor<'de> for GameRulesVisitor {
    type Value = GameRules;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game preset name such as \"standard\", or {\"flow\": name, \"plays\": name, option: value, ...}")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<GameRules, E> {
        v.parse().map_err(E::custom)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GameRules, A::Error> {
        let mut flow: Option<String> = None;
        let mut options: Vec<(String, String)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == "flow" {
                flow = Some(map.next_value()?);
            } else {
                let value: OptionJson = map.next_value()?;
                options.push((key, value.to_string()));
            }
        }
        let mut rules: GameRules = flow
            .as_deref()
            .unwrap_or("standard")
            .parse()
            .map_err(de::Error::custom)?;
        // the play preset first, so the play options change it
        options.sort_by_key(|(k, _)| k != "plays");
        for (key, value) in options {
            rules.set_option(&key, &value).map_err(de::Error::custom)?;
        }
        Ok(rules)
    }
}

impl<'de> Deserialize<'de> for GameRules {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameRules, D::Error> {
        d.deserialize_any(GameRulesVisitor)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordJson {
    rules: GameRules,
    hands: [Counts; 3],
    kitty: Counts,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first_bidder: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    landlord: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    face_up: Option<Rank>,
    actions: Vec<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    redeal: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(b: &bool) -> bool {
    !*b
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let auction = self.has_auction();
        let redeal = self.replay().is_ok_and(|g| g.state().redeal());
        RecordJson {
            rules: self.rules,
            hands: self.deal.hands,
            kitty: self.deal.kitty,
            first_bidder: auction.then_some(self.deal.first),
            landlord: (!auction).then_some(self.deal.first),
            face_up: self.deal.face_up,
            actions: self.actions.clone(),
            redeal,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        let r = RecordJson::deserialize(d)?;
        let auction = !matches!(r.rules.auction, Auction::None);
        let first = match (auction, r.first_bidder, r.landlord) {
            (true, Some(f), None) => f,
            (true, _, _) => {
                return Err(de::Error::custom(
                    "these rules hold an auction: give \"first_bidder\" (and no \"landlord\")",
                ));
            }
            (false, None, l) => l.unwrap_or(r.rules.landlord),
            (false, Some(_), _) => {
                return Err(de::Error::custom(
                    "these rules hold no auction: give \"landlord\", not \"first_bidder\"",
                ));
            }
        };
        let mut rec = Record::from_parts(r.rules, r.hands, r.kitty, first, r.actions)
            .map_err(de::Error::custom)?;
        rec.deal = rec.deal.with_face_up(r.face_up);
        Ok(rec)
    }
}

/// An action and its seat, as an observation writes them.
#[derive(Serialize)]
struct SeatAction {
    seat: u8,
    action: String,
}

#[derive(Serialize)]
struct ObservationJson<'a> {
    seat: u8,
    hand: String,
    phase: &'static str,
    current_player: Option<u8>,
    first_bidder: Option<u8>,
    bids: Vec<String>,
    landlord: Option<u8>,
    kitty: Option<String>,
    kitty_left: Option<String>,
    history: Vec<SeatAction>,
    trick: Option<SeatAction>,
    cards_left: [u32; 3],
    played: [String; 3],
    bombs: u8,
    multiplier: u64,
    landlord_won: Option<bool>,
    spring: bool,
    returns: Option<[i64; 3]>,
    rules: &'a GameRules,
}

impl Serialize for Observation<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let phase = self.phase();
        let over = phase == Phase::Over;
        ObservationJson {
            seat: self.seat(),
            hand: self.hand().to_string(),
            phase: match phase {
                Phase::Auction => "auction",
                Phase::Play => "play",
                Phase::Over => "over",
            },
            current_player: self.current_player(),
            first_bidder: self.first_bidder(),
            bids: self.bids().iter().map(ToString::to_string).collect(),
            landlord: self.landlord(),
            kitty: self.kitty().map(|k| k.to_string()),
            kitty_left: self.landlord().map(|_| self.kitty_left().to_string()),
            history: self
                .history_with_seats()
                .map(|(seat, a)| SeatAction {
                    seat,
                    action: a.to_string(),
                })
                .collect(),
            trick: self.table().map(|(m, seat)| SeatAction {
                seat,
                action: m.notation(),
            }),
            cards_left: self.cards_left(),
            played: self.played().map(|c| c.to_string()),
            bombs: self.bombs(),
            multiplier: self.multiplier(),
            landlord_won: self.landlord_won(),
            spring: self.spring(),
            returns: over.then(|| self.scores()),
            rules: self.rules(),
        }
        .serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, GameRules};

    #[test]
    fn observation_json_has_the_contract_keys_and_the_own_hand_only() {
        let mut g = Game::new(GameRules::DOUZERO, 0).unwrap();
        let v = serde_json::to_value(g.observation(1)).unwrap();
        let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        let mut want = [
            "seat",
            "hand",
            "phase",
            "current_player",
            "first_bidder",
            "bids",
            "landlord",
            "kitty",
            "kitty_left",
            "history",
            "trick",
            "cards_left",
            "played",
            "bombs",
            "multiplier",
            "landlord_won",
            "spring",
            "returns",
            "rules",
        ];
        want.sort_unstable();
        assert_eq!(keys, want);
        assert_eq!(v["seat"], 1);
        assert_eq!(v["hand"], g.state().hand(1).to_string());
        assert_eq!(v["rules"], "douzero");
        assert_eq!(v["returns"], serde_json::Value::Null);
        // DouZero has no auction: the landlord and the kitty are public from the start
        assert_eq!(v["phase"], "play");
        assert_eq!(v["kitty"], "469");
        let first = g.legal_actions()[0];
        let seat = g.current_player().unwrap();
        g.apply(first).unwrap();
        let v = serde_json::to_value(g.observation(2)).unwrap();
        assert_eq!(v["history"][0]["seat"], seat);
        assert_eq!(v["history"][0]["action"], first.to_string());
        assert_eq!(v["trick"]["action"], first.to_string());
        assert_eq!(v["trick"]["seat"], seat);
    }

    #[test]
    fn observation_json_hides_the_kitty_during_the_auction_and_gives_returns_at_the_end() {
        let mut g = Game::new(GameRules::STANDARD, 5).unwrap();
        let v = serde_json::to_value(g.observation(0)).unwrap();
        assert_eq!(v["phase"], "auction");
        assert_eq!(v["kitty"], serde_json::Value::Null);
        assert_eq!(v["kitty_left"], serde_json::Value::Null);
        let mut legal = Vec::new();
        while !g.is_over() {
            legal.clear();
            g.legal_actions_into(&mut legal);
            g.apply(*legal.last().unwrap()).unwrap();
        }
        let v = serde_json::to_value(g.observation(0)).unwrap();
        assert_eq!(v["phase"], "over");
        let returns: Vec<i64> = (0..3).map(|i| v["returns"][i].as_i64().unwrap()).collect();
        assert_eq!(returns, g.scores());
        assert!(v["bids"].as_array().is_some_and(|b| !b.is_empty()));
    }
}
