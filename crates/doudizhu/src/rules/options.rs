//! [`Rules`]: one flag for every point the toolkits disagree on, and the four [`Preset`]s.

use std::fmt;
use std::str::FromStr;

/// How many cards of one rank the solo wings of a plane may hold. In rules text and JSON it is
/// that number (1 to 4).
///
/// ```
/// use doudizhu::SoloWings;
/// assert_eq!(SoloWings::UpTo3.max(), 3);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SoloWings {
    /// All wings of distinct ranks (`strict`).
    Distinct,
    /// At most a pair of a rank.
    UpTo2,
    /// At most three of a rank: `33344455` is a plane with solo wings `55` (`standard`,
    /// `openspiel`).
    UpTo3,
    /// Up to all four of a rank (`douzero`): `333444555666` + `7777`.
    UpTo4,
}

impl SoloWings {
    /// The most cards of one rank the wings may hold.
    ///
    /// ```
    /// use doudizhu::SoloWings;
    /// assert_eq!(SoloWings::Distinct.max(), 1);
    /// assert_eq!(SoloWings::UpTo4.max(), 4);
    /// ```
    #[must_use]
    pub const fn max(self) -> u32 {
        match self {
            SoloWings::Distinct => 1,
            SoloWings::UpTo2 => 2,
            SoloWings::UpTo3 => 3,
            SoloWings::UpTo4 => 4,
        }
    }
}

/// The rule set: one field for each disputed point. Start from a preset constant (or a name:
/// `"douzero".parse()`; `Rules::default()` is [`Rules::STANDARD`]) and change fields as needed;
/// every combination of fields is a valid rule set. The struct is `#[non_exhaustive]`, so a new
/// rule flag is not a breaking change: build a value from a preset, never from a literal.
///
/// Text ([`Display`](fmt::Display) and [`FromStr`]): a preset's name (`standard`, either case
/// when read), or for any other rule set the closest preset (fewest options differing, the first
/// in [`Rules::NAMES`] order on a tie) followed by `+option=value` for each option that differs,
/// in field order: `standard+rocket_wings=true+solo_wings=4`. Booleans are `true`/`false`,
/// `solo_wings` the most cards of one rank the solo wings may hold (1 to 4). With the `serde`
/// feature the JSON is the preset's name, or `{"preset": "standard", "rocket_wings": true}`
/// listing only the options that differ.
///
/// Fixed by the game, whatever the rules: chains run 5..=12 ranks, pair chains 3..=10, planes
/// 2..=6, plane + solos 2..=5 trios, plane + pairs 2..=4; chains never use a 2 or a joker; a wing
/// never has a body rank; a play holds at most 20 cards; the rocket beats everything, a bomb
/// everything but a higher bomb and the rocket.
///
/// ```
/// use doudizhu::{Rules, Preset, SoloWings};
/// assert_eq!(Rules::default(), Rules::STANDARD);
/// assert_eq!(Preset::Douzero.rules().solo_wings, SoloWings::UpTo4);
/// let mut r = Rules::STANDARD;
/// r.four_two = false;
/// assert_eq!(r.four_two, Preset::Openspiel.rules().four_two);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[allow(clippy::struct_excessive_bools)]
#[non_exhaustive]
pub struct Rules {
    /// Four + two solos and four + two pairs exist.
    pub four_two: bool,
    /// The two solos of four + two may be a pair (`333344`).
    pub four_two_solo_pair: bool,
    /// The rocket may be two solo wings (`3333BR`, `333444BR`).
    pub rocket_wings: bool,
    /// The two pairs of four + two may be one rank's four cards (`33334444`, read both as four
    /// 3s with two pairs of 4s and as four 4s with two pairs of 3s).
    pub four_two_pair_bomb: bool,
    /// How often one rank may repeat among a plane's solo wings.
    pub solo_wings: SoloWings,
    /// A plane's solo wings may hold three (or four) of a rank next to the body
    /// (`333444555` + `666`), which is then also read as a longer body. A 2 is never next to A.
    pub wing_trio_next_to_body: bool,
    /// A plane's pair wings may repeat a rank (a rank's four cards as two pairs).
    pub plane_pair_repeat: bool,
}

impl Rules {
    /// `standard` (the default): the widely used research toolkit whose action space has 27472
    /// entries (27471 plays and pass).
    ///
    /// ```
    /// use doudizhu::{universe, Rules};
    /// assert_eq!(universe(&Rules::STANDARD).len(), 27471);
    /// assert_eq!(universe(&Rules::STRICT).len(), 12654);
    /// ```
    pub const STANDARD: Rules = Rules {
        four_two: true,
        four_two_solo_pair: true,
        rocket_wings: false,
        four_two_pair_bomb: false,
        solo_wings: SoloWings::UpTo3,
        wing_trio_next_to_body: false,
        plane_pair_repeat: false,
    };
    /// `openspiel`: no four + two; a wing trio may sit next to the body.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// assert!(classify("333345".parse()?, &Rules::OPENSPIEL).is_err());
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub const OPENSPIEL: Rules = Rules {
        four_two: false,
        four_two_solo_pair: false,
        rocket_wings: false,
        four_two_pair_bomb: false,
        solo_wings: SoloWings::UpTo3,
        wing_trio_next_to_body: true,
        plane_pair_repeat: false,
    };
    /// `douzero`: the rocket may be two solo wings, solo wings may hold all four of a rank, a
    /// wing trio may sit next to the body.
    ///
    /// ```
    /// use doudizhu::{classify, Kind, Rules};
    /// let r = classify("3333BR".parse()?, &Rules::DOUZERO).unwrap();
    /// assert_eq!(r.first().kind(), Kind::FourTwoSolo);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub const DOUZERO: Rules = Rules {
        four_two: true,
        four_two_solo_pair: true,
        rocket_wings: true,
        four_two_pair_bomb: false,
        solo_wings: SoloWings::UpTo4,
        wing_trio_next_to_body: true,
        plane_pair_repeat: false,
    };
    /// `strict`: the rule books' text, every kicker distinct.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// assert!(classify("33344455".parse()?, &Rules::STRICT).is_err());
    /// assert!(classify("33344456".parse()?, &Rules::STRICT).is_ok());
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub const STRICT: Rules = Rules {
        four_two: true,
        four_two_solo_pair: false,
        rocket_wings: false,
        four_two_pair_bomb: false,
        solo_wings: SoloWings::Distinct,
        wing_trio_next_to_body: false,
        plane_pair_repeat: false,
    };
    /// Every disputed point allowed (no preset; for tests and for explaining why a multiset is
    /// no play under a stricter rule set).
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// // 33334444 both ways: four 4s with two pairs of 3s, four 3s with two pairs of 4s
    /// assert_eq!(classify("33334444".parse()?, &Rules::PERMISSIVE).unwrap().len(), 2);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub const PERMISSIVE: Rules = Rules {
        four_two: true,
        four_two_solo_pair: true,
        rocket_wings: true,
        four_two_pair_bomb: true,
        solo_wings: SoloWings::UpTo4,
        wing_trio_next_to_body: true,
        plane_pair_repeat: true,
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::STANDARD
    }
}

/// The values each flow option that is no flag takes, as a refused value's hint lists them
/// (`plays` takes the play presets' names, the others `true` or `false`).
pub(crate) const FLOW_VALUES: [(&str, &str); 7] = [
    ("dealer", "shuffle, chance, rlcard or douzero"),
    ("first_bidder", "random or face_up"),
    ("auction", "none, one_round, until_two_passes or call_rob"),
    ("landlord", "0, 1 or 2"),
    ("all_pass", "redeal or end_zero"),
    ("base", "bid or one"),
    ("payoff", "stake or win_loss"),
];

/// The names of the whole-game presets ([`GameRules::NAMES`](crate::GameRules::NAMES)): here,
/// below the game, because a refused game name's error lists them.
pub(crate) const GAME_NAMES: &[&str] = &["standard", "strict", "openspiel", "douzero", "rlcard"];

/// The names of the options in rules text, in field order.
const OPTIONS: [&str; 7] = [
    "four_two",
    "four_two_solo_pair",
    "rocket_wings",
    "four_two_pair_bomb",
    "solo_wings",
    "wing_trio_next_to_body",
    "plane_pair_repeat",
];

/// One option's value, as rules text and JSON write it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum OptionValue {
    Bool(bool),
    Number(u32),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Number(n) => write!(f, "{n}"),
        }
    }
}

impl Rules {
    /// The preset names, in the order [`Preset::ALL`] lists them (`standard` first).
    ///
    /// ```
    /// use doudizhu::Rules;
    /// assert_eq!(Rules::NAMES, ["standard", "openspiel", "douzero", "strict"]);
    /// for name in Rules::NAMES {
    ///     assert_eq!(name.parse::<Rules>()?.to_string(), *name);
    /// }
    /// # Ok::<(), doudizhu::RulesError>(())
    /// ```
    pub const NAMES: &'static [&'static str] = &["standard", "openspiel", "douzero", "strict"];

    /// The named preset these rules are, if any.
    ///
    /// ```
    /// use doudizhu::{Preset, Rules};
    /// assert_eq!(Rules::DOUZERO.preset(), Some(Preset::Douzero));
    /// assert_eq!(Rules::PERMISSIVE.preset(), None);
    /// ```
    #[must_use]
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.rules() == *self)
    }

    /// The options as (name, value), in field order.
    pub(crate) fn options(&self) -> [(&'static str, OptionValue); 7] {
        let b = OptionValue::Bool;
        [
            (OPTIONS[0], b(self.four_two)),
            (OPTIONS[1], b(self.four_two_solo_pair)),
            (OPTIONS[2], b(self.rocket_wings)),
            (OPTIONS[3], b(self.four_two_pair_bomb)),
            (OPTIONS[4], OptionValue::Number(self.solo_wings.max())),
            (OPTIONS[5], b(self.wing_trio_next_to_body)),
            (OPTIONS[6], b(self.plane_pair_repeat)),
        ]
    }

    /// The closest preset (fewest differing options, first in [`Preset::ALL`] on a tie) and the
    /// options that differ from it, in field order.
    pub(crate) fn closest(&self) -> (Preset, Vec<(&'static str, OptionValue)>) {
        let diff = |p: Preset| -> Vec<(&'static str, OptionValue)> {
            let base = p.rules().options();
            self.options()
                .into_iter()
                .zip(base)
                .filter(|(a, b)| a.1 != b.1)
                .map(|(a, _)| a)
                .collect()
        };
        let mut best = (Preset::Standard, diff(Preset::Standard));
        for p in Preset::ALL {
            let d = diff(p);
            if d.len() < best.1.len() {
                best = (p, d);
            }
        }
        best
    }

    /// Sets one option from its name (either case) and its text value.
    pub(crate) fn set_option(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let Some(option) = OPTIONS
            .iter()
            .copied()
            .find(|o| o.eq_ignore_ascii_case(name))
        else {
            return Err(RulesError::UnknownOption {
                option: name.to_string(),
            });
        };
        let bad = || RulesError::BadValue {
            option,
            value: value.to_string(),
        };
        if option == "solo_wings" {
            self.solo_wings = match value.trim() {
                "1" => SoloWings::Distinct,
                "2" => SoloWings::UpTo2,
                "3" => SoloWings::UpTo3,
                "4" => SoloWings::UpTo4,
                _ => return Err(bad()),
            };
            return Ok(());
        }
        let v = if value.trim().eq_ignore_ascii_case("true") {
            true
        } else if value.trim().eq_ignore_ascii_case("false") {
            false
        } else {
            return Err(bad());
        };
        match option {
            "four_two" => self.four_two = v,
            "four_two_solo_pair" => self.four_two_solo_pair = v,
            "rocket_wings" => self.rocket_wings = v,
            "four_two_pair_bomb" => self.four_two_pair_bomb = v,
            "wing_trio_next_to_body" => self.wing_trio_next_to_body = v,
            _ => self.plane_pair_repeat = v,
        }
        Ok(())
    }
}

impl fmt::Display for Rules {
    /// The preset's name, or `preset+option=value...` for the options that differ from the
    /// closest preset (see [`Rules`]).
    ///
    /// ```
    /// use doudizhu::Rules;
    /// assert_eq!(Rules::OPENSPIEL.to_string(), "openspiel");
    /// let mut r = Rules::STANDARD;
    /// r.rocket_wings = true;
    /// assert_eq!(r.to_string(), "standard+rocket_wings=true");
    /// assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (preset, diff) = self.closest();
        f.write_str(preset.name())?;
        for (name, value) in diff {
            write!(f, "+{name}={value}")?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Reads a preset name (either case), optionally followed by `+option=value` parts.
    ///
    /// ```
    /// use doudizhu::{Rules, RulesError, SoloWings};
    /// assert_eq!("DouZero".parse::<Rules>(), Ok(Rules::DOUZERO));
    /// let r: Rules = "strict+solo_wings=2".parse()?;
    /// assert_eq!(r.solo_wings, SoloWings::UpTo2);
    /// assert_eq!(
    ///     "standard+wings=4".parse::<Rules>(),
    ///     Err(RulesError::UnknownOption { option: "wings".into() })
    /// );
    /// # Ok::<(), RulesError>(())
    /// ```
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let mut parts = text.split('+');
        let name = parts.next().unwrap_or_default();
        let mut rules = name.parse::<Preset>()?.rules();
        for part in parts {
            let (option, value) = part.split_once('=').ok_or_else(|| RulesError::BadOption {
                part: part.to_string(),
            })?;
            rules.set_option(option.trim(), value)?;
        }
        Ok(rules)
    }
}

/// The four named rule sets.
///
/// ```
/// use doudizhu::{Preset, Rules};
/// let p: Preset = "douzero".parse().unwrap();
/// assert_eq!(p.rules(), Rules::DOUZERO);
/// assert_eq!(p.to_string(), "douzero");
/// assert!("poker".parse::<Preset>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Preset {
    /// [`Rules::STANDARD`].
    #[default]
    Standard,
    /// [`Rules::OPENSPIEL`].
    Openspiel,
    /// [`Rules::DOUZERO`].
    Douzero,
    /// [`Rules::STRICT`].
    Strict,
}

impl Preset {
    /// The four presets, `standard` first.
    ///
    /// ```
    /// use doudizhu::Preset;
    /// assert_eq!(Preset::ALL.len(), 4);
    /// ```
    pub const ALL: [Preset; 4] = [
        Preset::Standard,
        Preset::Openspiel,
        Preset::Douzero,
        Preset::Strict,
    ];

    /// The preset's rule set.
    ///
    /// ```
    /// use doudizhu::{Preset, Rules};
    /// assert_eq!(Preset::Strict.rules(), Rules::STRICT);
    /// ```
    #[must_use]
    pub const fn rules(self) -> Rules {
        match self {
            Preset::Standard => Rules::STANDARD,
            Preset::Openspiel => Rules::OPENSPIEL,
            Preset::Douzero => Rules::DOUZERO,
            Preset::Strict => Rules::STRICT,
        }
    }

    /// The preset's name: `standard`, `openspiel`, `douzero`, `strict`.
    ///
    /// ```
    /// use doudizhu::Preset;
    /// assert_eq!(Preset::Openspiel.name(), "openspiel");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        Rules::NAMES[self as usize]
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Preset> for Rules {
    fn from(p: Preset) -> Rules {
        p.rules()
    }
}

/// Rules text that names no rule set: an unknown preset, an unknown option, or a bad value.
///
/// ```
/// use doudizhu::{Preset, Rules, RulesError};
/// let e = "vb6".parse::<Preset>().unwrap_err();
/// assert_eq!(e, RulesError::UnknownPreset { name: "vb6".into() });
/// assert_eq!(e.to_string(), "unknown rules \"vb6\" (standard, openspiel, douzero, strict)");
/// let e = "standard+solo_wings=9".parse::<Rules>().unwrap_err();
/// assert_eq!(e.to_string(), "rules option solo_wings: \"9\" is no value (1 to 4)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// The preset name is none of [`Rules::NAMES`].
    UnknownPreset {
        /// The text read.
        name: String,
    },
    /// The game preset name is none of [`GameRules::NAMES`](crate::GameRules::NAMES).
    UnknownGame {
        /// The text read.
        name: String,
    },
    /// An option name that is no field of [`Rules`].
    UnknownOption {
        /// The text read.
        option: String,
    },
    /// A `+` part without `=`.
    BadOption {
        /// The part read.
        part: String,
    },
    /// An option's value is not one it takes (its message lists those: `true` or `false`, 1 to
    /// 4 for `solo_wings`, the names a flow option such as `base` takes).
    BadValue {
        /// The option.
        option: &'static str,
        /// The text read.
        value: String,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset { name } => {
                write!(
                    f,
                    "unknown rules \"{}\" ({})",
                    cards_core::Short(name),
                    Rules::NAMES.join(", ")
                )
            }
            RulesError::UnknownGame { name } => write!(
                f,
                "unknown rules \"{}\" ({})",
                cards_core::Short(name),
                GAME_NAMES.join(", ")
            ),
            RulesError::UnknownOption { option } => write!(
                f,
                "unknown rules option \"{}\" (options: {})",
                cards_core::Short(option),
                OPTIONS.join(", ")
            ),
            RulesError::BadOption { part } => write!(
                f,
                "rules option \"{}\" has no value: write option=value",
                cards_core::Short(part)
            ),
            RulesError::BadValue { option, value } => {
                let names;
                let expected = match *option {
                    "solo_wings" => "1 to 4",
                    "plays" => {
                        names = Rules::NAMES.join(", ");
                        &names
                    }
                    o => FLOW_VALUES
                        .iter()
                        .find(|(name, _)| *name == o)
                        .map_or("true or false", |(_, values)| values),
                };
                write!(
                    f,
                    "rules option {option}: \"{}\" is no value ({expected})",
                    cards_core::Short(value)
                )
            }
        }
    }
}

impl std::error::Error for RulesError {}

impl FromStr for Preset {
    type Err = RulesError;

    /// Reads a preset name (either case).
    fn from_str(s: &str) -> Result<Preset, RulesError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| RulesError::UnknownPreset {
                name: s.to_string(),
            })
    }
}

/// `serde`: [`Preset`] is its name; [`Rules`] is a preset's name (`"douzero"`), or
/// `{"preset": "standard", "rocket_wings": true}` listing only the options that differ from the
/// closest preset. Reading also accepts the `standard+rocket_wings=true` text and an object
/// without `preset` (`standard`), and refuses an unknown option.
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use serde::de::{self, Deserializer, MapAccess, Visitor};
    use serde::ser::{SerializeMap, Serializer};
    use serde::{Deserialize, Serialize};

    use super::{OptionValue, Preset, Rules};

    text_serde!(Preset, "a preset name such as \"standard\"");

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
            f.write_str(
                "a preset name such as \"standard\", or {\"preset\": name, option: value, ...}",
            )
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Rules, E> {
            v.parse().map_err(E::custom)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Rules, A::Error> {
            let mut preset: Option<Preset> = None;
            let mut options: Vec<(String, String)> = Vec::new();
            let mut keys = 0;
            while let Some(key) = map.next_key::<String>()? {
                keys += 1;
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
            if keys == 0 {
                return Err(de::Error::custom(
                    "an empty rules object names no preset: give a preset's name or {\"preset\": name, option: value, ...}",
                ));
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
}
