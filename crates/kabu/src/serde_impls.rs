//! `serde` support (feature `serde`), in the JSON the `cards` command prints: a hand is its ASCII
//! text (`"S9 CA"`), a role, yaku, tie rule or advice its English name, a fraction `"3/19"`, an
//! outcome the object `{"code", "label", "multiplier", "payout", "points", "yaku"}`, rules a
//! preset's name or `{"preset": "vb6", <option>: <value>, ...}` listing the options that differ,
//! an [`Observation`] (written only) `{"seat", "hand", "rules", "face_up", "out_of_play",
//! "outcome", "allowed"}` with the cards as ASCII text and the seat as `"1"`..`"4"` or
//! `"dealer"`.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::{
    Advice, BuiltinPolicy, Card, Case, DrawOdds, Estimate, FieldSettlement, Fraction, Hand,
    HouseEdge, Observation, Outcome, ROUND_CARDS, Record, Role, Rules, Seat, Simulation, Ties,
    Yaku,
};

/// `Serialize` as a string and `Deserialize` through `FromStr`, for each listed type.
macro_rules! as_text {
    ($($t:ty => $text:expr, $expecting:literal;)*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let f: fn(&$t) -> _ = $text;
                s.collect_str(&f(self))
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                cards_core::deserialize_from_str(d, $expecting)
            }
        }
    )*};
}

/// The ASCII form of a hand (`S9 CA`).
struct Ascii(Hand);

impl fmt::Display for Ascii {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

as_text! {
    Hand => |h| Ascii(*h), "two or three Kabu cards such as \"S9 CA\"";
    Role => |r| r.name(), "a role, \"dealer\" or \"child\"";
    Yaku => |y| y.name(), "a yaku name such as \"arashi10\"";
    Ties => |t| t.name(), "\"dealer\" or \"push\"";
    Fraction => |q| *q, "a fraction such as \"3/19\"";
    BuiltinPolicy => |p| p.name(), "a policy name: house, odds, always or never";
    Seat => |s| SeatKey(*s), "a seat: 1, 2, 3, 4 or dealer";
}

/// A seat as a JSON key: `1`..`4` or `dealer`.
struct SeatKey(Seat);

impl fmt::Display for SeatKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.field_number() {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("dealer"),
        }
    }
}

impl Serialize for Case {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for HouseEdge {
    /// `{"denominator", "numerator", "value"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("HouseEdge", 3)?;
        st.serialize_field("denominator", &self.denominator())?;
        st.serialize_field("numerator", &self.numerator())?;
        st.serialize_field("value", &self.value())?;
        st.end()
    }
}

impl Serialize for Estimate {
    /// `{"ci99": [low, high], "mean"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Estimate", 2)?;
        st.serialize_field("ci99", &[self.low, self.high])?;
        st.serialize_field("mean", &self.mean)?;
        st.end()
    }
}

impl Serialize for Simulation {
    /// `{"ci99": [low, high], "fields": [{"ci99", "mean"} x 4], "mean", "rounds"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Simulation", 4)?;
        st.serialize_field("ci99", &[self.all.low, self.all.high])?;
        st.serialize_field("fields", &self.fields)?;
        st.serialize_field("mean", &self.all.mean)?;
        st.serialize_field("rounds", &self.rounds)?;
        st.end()
    }
}

impl Serialize for FieldSettlement {
    /// `{"case", "dealer": <outcome>, "field": <outcome>, "net", "seat": 1..4, "stake"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("FieldSettlement", 6)?;
        st.serialize_field("case", &self.case)?;
        st.serialize_field("dealer", &self.dealer)?;
        st.serialize_field("field", &self.field)?;
        st.serialize_field("net", &self.net)?;
        st.serialize_field("seat", &self.seat.field_number())?;
        st.serialize_field("stake", &self.stake)?;
        st.end()
    }
}

/// The 15 cards of a deal as one ASCII string.
struct DealText<'a>(&'a [Card; ROUND_CARDS]);

impl fmt::Display for DealText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_ascii(f, self.0.iter().copied())
    }
}

/// Cards in ASCII, separated by spaces.
fn write_ascii(f: &mut fmt::Formatter<'_>, cards: impl Iterator<Item = Card>) -> fmt::Result {
    for (i, c) in cards.enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{c:#}")?;
    }
    Ok(())
}

/// A map from seat keys to values, for the seats that have one.
struct SeatMap<'a, T>(Vec<(Seat, &'a T)>);

impl<T: Serialize> Serialize for SeatMap<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (seat, v) in &self.0 {
            m.serialize_entry(&SeatKey(*seat).to_string(), v)?;
        }
        m.end()
    }
}

impl Serialize for Record {
    /// `{"deal": "15 cards", "draws": {"1": bool, .., "dealer": bool}, "rules", "seed": n|null,
    /// "stakes": {"1": n, ..}|null}`: stakes of the fields that carry one, draws of the seats that
    /// have acted.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let draws: Vec<(Seat, &bool)> = Seat::ALL
            .iter()
            .zip(&self.draws)
            .filter_map(|(s, d)| Some((*s, d.as_ref()?)))
            .collect();
        let stakes = self.stakes.as_ref().map(|st| {
            SeatMap(
                Seat::FIELDS
                    .iter()
                    .zip(st)
                    .filter(|(_, v)| **v != 0)
                    .map(|(s, v)| (*s, v))
                    .collect(),
            )
        });
        let mut st = s.serialize_struct("Record", 5)?;
        st.serialize_field("deal", &DealText(&self.deal).to_string())?;
        st.serialize_field("draws", &SeatMap(draws))?;
        st.serialize_field("rules", &self.rules)?;
        st.serialize_field("seed", &self.seed)?;
        st.serialize_field("stakes", &stakes)?;
        st.end()
    }
}

/// The record as read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordObject {
    seed: Option<u64>,
    rules: Option<Rules>,
    deal: Option<String>,
    stakes: Option<std::collections::BTreeMap<Seat, u32>>,
    #[serde(default)]
    draws: std::collections::BTreeMap<Seat, bool>,
}

impl<'de> Deserialize<'de> for Record {
    /// Reads the object [`Record`]'s `Serialize` writes; `deal` may be left out when `seed` is
    /// given, `rules` defaults to `default`.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        let o = RecordObject::deserialize(d)?;
        let rules = o.rules.unwrap_or_default();
        let deal: [Card; ROUND_CARDS] = match (&o.deal, o.seed) {
            (Some(text), _) => {
                let cards = cards_core::parse_cards(text).map_err(de::Error::custom)?;
                let n = cards.len();
                cards.try_into().map_err(|_| {
                    de::Error::custom(format!("\"deal\" holds {n} cards, not {ROUND_CARDS}"))
                })?
            }
            (None, Some(seed)) => crate::Round::new(rules, seed).deal(),
            (None, None) => return Err(de::Error::custom("a record needs \"seed\" or \"deal\"")),
        };
        if let Some(m) = &o.stakes
            && m.contains_key(&Seat::Dealer)
        {
            return Err(de::Error::custom("the dealer carries no stake"));
        }
        let stakes = o.stakes.map(|m| {
            let mut st = [0u32; 4];
            for (seat, v) in m {
                if let Some(n) = seat.field_number() {
                    st[n as usize - 1] = v;
                }
            }
            st
        });
        let mut draws = [None; 5];
        for (seat, v) in o.draws {
            draws[seat.index()] = Some(v);
        }
        Ok(Record {
            seed: o.seed,
            rules,
            deal,
            stakes,
            draws,
        })
    }
}

impl Serialize for Advice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Advice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Advice, D::Error> {
        let text = String::deserialize(d)?;
        [Advice::MustDraw, Advice::Choice, Advice::MustStand]
            .into_iter()
            .find(|a| a.name() == text)
            .ok_or_else(|| {
                de::Error::unknown_variant(&text, &["must_draw", "choice", "must_stand"])
            })
    }
}

impl Serialize for Outcome {
    /// The keys in alphabetical order, as the `cards` command prints them.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Outcome", 6)?;
        st.serialize_field("code", &self.code())?;
        st.serialize_field("label", &self.label())?;
        st.serialize_field("multiplier", &self.multiplier())?;
        st.serialize_field("payout", self.payout().name())?;
        st.serialize_field("points", &self.points())?;
        st.serialize_field("yaku", &self.yaku())?;
        st.end()
    }
}

/// The outcome object as read: `yaku` and `points` decide; the other keys, when present, must
/// agree with them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeObject {
    yaku: Yaku,
    points: u8,
    code: Option<u16>,
    label: Option<String>,
    #[serde(default)]
    multiplier: Multiplier,
    payout: Option<String>,
}

/// The `multiplier` key: absent, or present (a number or `null`).
#[derive(Default)]
enum Multiplier {
    #[default]
    Absent,
    Given(Option<u8>),
}

impl<'de> Deserialize<'de> for Multiplier {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Multiplier, D::Error> {
        Option::<u8>::deserialize(d).map(Multiplier::Given)
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        let o = OutcomeObject::deserialize(d)?;
        let outcome = Outcome::new(o.yaku, o.points)
            .ok_or_else(|| de::Error::custom(format!("points {} out of range 0..=9", o.points)))?;
        let disagree = |key: &str, got: &dyn fmt::Display| {
            de::Error::custom(format!(
                "\"{key}\": {got} disagrees with yaku {} and points {}",
                o.yaku.name(),
                o.points
            ))
        };
        if let Some(code) = o.code
            && code != outcome.code()
        {
            return Err(disagree("code", &code));
        }
        if let Some(label) = &o.label
            && *label != outcome.label()
        {
            return Err(disagree("label", label));
        }
        if let Multiplier::Given(m) = o.multiplier
            && m != outcome.multiplier()
        {
            return Err(disagree("multiplier", &format!("{m:?}")));
        }
        if let Some(p) = &o.payout
            && p != outcome.payout().name()
        {
            return Err(disagree("payout", p));
        }
        Ok(outcome)
    }
}

impl Serialize for Rules {
    /// A preset's name, or `{"preset": name, option: value, ...}` with the options that differ
    /// (flags as booleans, `ties` as its name).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_preset() {
            return s.serialize_str(self.preset_name());
        }
        let base = self.preset();
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("preset", self.preset_name())?;
        if self.forced_draw != base.forced_draw {
            m.serialize_entry("forced_draw", &self.forced_draw)?;
        }
        if self.ties != base.ties {
            m.serialize_entry("ties", &self.ties)?;
        }
        if self.dealer_collects_multiplier != base.dealer_collects_multiplier {
            m.serialize_entry(
                "dealer_collects_multiplier",
                &self.dealer_collects_multiplier,
            )?;
        }
        if self.max_stake != base.max_stake {
            m.serialize_entry("max_stake", &self.max_stake)?;
        }
        m.end()
    }
}

/// Reads rules from a string (`FromStr`) or an object with `preset` (default `default`) and
/// table-rule keys.
struct RulesVisitor;

/// An option's value: a boolean, a number (`max_stake`), or text (`"on"`/`"off"`, a name).
#[derive(Deserialize)]
#[serde(untagged)]
enum Flag {
    Bool(bool),
    Number(u64),
    Text(String),
}

impl Flag {
    fn text(self) -> String {
        match self {
            Flag::Bool(true) => "on".into(),
            Flag::Bool(false) => "off".into(),
            Flag::Number(n) => n.to_string(),
            Flag::Text(t) => t,
        }
    }
}

impl<'de> Visitor<'de> for RulesVisitor {
    type Value = Rules;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a rules name such as \"vb6\" or an object {\"preset\": ..., <option>: ...}")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Rules, E> {
        v.parse().map_err(E::custom)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Rules, A::Error> {
        let mut preset: Option<Rules> = None;
        let mut options: Vec<(String, String)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == "preset" {
                let name: String = map.next_value()?;
                let rules: Rules = name.parse().map_err(de::Error::custom)?;
                if !rules.is_preset() {
                    return Err(de::Error::custom(format!(
                        "\"preset\" names a preset ({}), not \"{name}\"",
                        Rules::NAMES.join(", ")
                    )));
                }
                preset = Some(rules);
            } else if Rules::OPTIONS.contains(&key.as_str()) {
                options.push((key, map.next_value::<Flag>()?.text()));
            } else {
                let mut keys = vec!["preset"];
                keys.extend(Rules::OPTIONS);
                return Err(de::Error::custom(format!(
                    "unknown rules key \"{key}\" (accepted: {})",
                    keys.join(", ")
                )));
            }
        }
        let mut rules = preset.unwrap_or(Rules::DEFAULT);
        for (option, value) in options {
            rules
                .set_option(&option, &value)
                .map_err(de::Error::custom)?;
        }
        Ok(rules)
    }
}

impl<'de> Deserialize<'de> for Rules {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        d.deserialize_any(RulesVisitor)
    }
}

impl Serialize for DrawOdds {
    /// `{"standing": <outcome>, "advice", "unseen": count, "outcomes": [{"code", "label",
    /// "yaku", "points", "count", "probability"}, ...]}`, as `cards kabu odds --json` prints.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Row(Outcome, u32, Fraction);
        impl Serialize for Row {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut st = s.serialize_struct("Outcome", 6)?;
                st.serialize_field("code", &self.0.code())?;
                st.serialize_field("count", &self.1)?;
                st.serialize_field("label", &self.0.label())?;
                st.serialize_field("points", &self.0.points())?;
                st.serialize_field("probability", &self.2)?;
                st.serialize_field("yaku", &self.0.yaku())?;
                st.end()
            }
        }
        let rows: Vec<Row> = self.outcomes().map(|(o, n, p)| Row(o, n, p)).collect();
        let mut st = s.serialize_struct("DrawOdds", 4)?;
        st.serialize_field("advice", &self.advice())?;
        st.serialize_field("outcomes", &rows)?;
        st.serialize_field("standing", &self.standing())?;
        st.serialize_field("unseen", &self.unseen().len())?;
        st.end()
    }
}

/// Cards as ASCII text, separated by spaces (`""` for none).
struct CardsText(cards_core::CardSet);

impl fmt::Display for CardsText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_ascii(f, self.0.iter())
    }
}

impl Serialize for Observation {
    /// `{"seat", "hand", "rules", "face_up", "out_of_play", "outcome", "allowed"}`: what the
    /// seat may know when it decides, with its two-card outcome and what the draw rule allows.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Observation", 7)?;
        st.serialize_field("seat", &self.seat)?;
        st.serialize_field("hand", &self.hand)?;
        st.serialize_field("rules", &self.rules)?;
        st.serialize_field("face_up", &format_args!("{}", CardsText(self.face_up)))?;
        st.serialize_field(
            "out_of_play",
            &format_args!("{}", CardsText(self.out_of_play)),
        )?;
        st.serialize_field("outcome", &self.outcome())?;
        st.serialize_field("allowed", &self.allowed())?;
        st.end()
    }
}

#[cfg(test)]
mod observation_tests {
    use crate::{Round, Rules, Seat};

    #[test]
    fn observation_json_shows_the_own_cards_and_the_face_up_ones() {
        let mut round = Round::new(Rules::DEFAULT, 7);
        round.bet([1, 0, 0, 0]).unwrap();
        let obs = round.observation(Seat::Field1).unwrap();
        let v = serde_json::to_value(obs).unwrap();
        assert_eq!(v["seat"], "1");
        assert_eq!(v["hand"], format!("{:#}", obs.hand));
        assert_eq!(v["rules"], "default");
        let face_up: Vec<&str> = v["face_up"].as_str().unwrap().split(' ').collect();
        assert_eq!(face_up.len(), 4, "the other four first cards");
        for s in [Seat::Field2, Seat::Field3, Seat::Field4, Seat::Dealer] {
            let first = round.deal()[s.index()];
            assert!(face_up.contains(&format!("{first:#}").as_str()));
            // a second card is never face up
            let second = round.deal()[5 + s.index()];
            assert!(!face_up.contains(&format!("{second:#}").as_str()));
        }
        assert_eq!(v["out_of_play"], "");
        assert_eq!(v["outcome"]["points"], obs.outcome().points());
        assert_eq!(v["allowed"], serde_json::to_value(obs.allowed()).unwrap());
    }
}
