//! `serde` support (feature `serde`), in the JSON the `cards` command prints: a hand is its ASCII
//! text (`"S9 CA"`), a role, yaku, tie rule or advice its English name, a fraction `"3/19"`, an
//! outcome the object `{"code", "label", "multiplier", "payout", "points", "yaku"}`, rules a
//! preset's name or `{"preset": "vb6", <option>: <value>, ...}` listing the options that differ.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::{Advice, DrawOdds, Fraction, Hand, Outcome, Role, Rules, Ties, Yaku};

/// Reads a `FromStr` type from a string, the parse error as the message.
struct TextVisitor<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

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
                d.deserialize_str(TextVisitor(PhantomData, $expecting))
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
        m.end()
    }
}

/// Reads rules from a string (`FromStr`) or an object with `preset` (default `default`) and
/// table-rule keys.
struct RulesVisitor;

/// A flag's value: a boolean, or `"on"`/`"off"`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Flag {
    Bool(bool),
    Text(String),
}

impl Flag {
    fn text(self) -> String {
        match self {
            Flag::Bool(true) => "on".into(),
            Flag::Bool(false) => "off".into(),
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
