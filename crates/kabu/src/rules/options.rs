//! The rules: the evaluation preset (`default` or `vb6`) and the table rules of a round.

use std::fmt;
use std::str::FromStr;

use crate::KabuError;

/// What happens when a field's final rank equals the dealer's.
///
/// ```
/// use kabu::Ties;
/// assert_eq!("push".parse::<Ties>()?, Ties::Push);
/// assert_eq!(Ties::default(), Ties::Dealer);
/// assert_eq!(Ties::Dealer.to_string(), "dealer");
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Ties {
    /// The dealer wins a tie: the player loses the stake (the default).
    #[default]
    Dealer,
    /// A tie returns the stake: the player's net is 0.
    Push,
}

impl Ties {
    /// Both values, the default first.
    ///
    /// ```
    /// assert_eq!(kabu::Ties::ALL, [kabu::Ties::Dealer, kabu::Ties::Push]);
    /// ```
    pub const ALL: [Ties; 2] = [Ties::Dealer, Ties::Push];

    /// The name: `dealer` or `push`.
    ///
    /// ```
    /// assert_eq!(kabu::Ties::Push.name(), "push");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ties::Dealer => "dealer",
            Ties::Push => "push",
        }
    }
}

impl fmt::Display for Ties {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Ties {
    type Err = KabuError;

    /// `dealer` or `push`, case-insensitive.
    fn from_str(s: &str) -> Result<Ties, KabuError> {
        Ties::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| KabuError::RulesOption {
                text: format!("ties={s}"),
            })
    }
}

/// One set of Kabu rules: how hands are evaluated (the preset) and how a round is played and
/// paid (the table rules). Use a preset ([`Rules::DEFAULT`], [`Rules::VB6`]) and change the
/// table rules you want; the struct is `#[non_exhaustive]`, so set fields on a copy.
///
/// The two presets differ only in the evaluation of two-card クッピン and シッピン hands; they
/// share the table rules' defaults (`forced_draw` on, `ties` to the dealer,
/// `dealer_collects_multiplier` off).
///
/// `Display` is the preset's name, followed by `+option=value` for each table rule that differs
/// from the preset (`vb6+ties=push`); `FromStr` reads that form back, case-insensitive.
///
/// ```
/// use kabu::{Rules, Ties};
/// assert_eq!("VB6".parse::<Rules>()?, Rules::VB6);
/// let mut r = Rules::DEFAULT;
/// r.ties = Ties::Push;
/// r.forced_draw = false;
/// assert_eq!(r.to_string(), "default+forced_draw=off+ties=push");
/// assert_eq!(r.to_string().parse::<Rules>()?, r);
/// assert!("house".parse::<Rules>().is_err());
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// The VB6 program's card-order test for クッピン (dealer's A and 9) and シッピン (child's A
    /// and 4): the program sorts the two cards by its card number (suit-major, ♠ ♣ ♥ ♦) and then
    /// asks for the A first, so the A's suit must come no later than the other card's: ♠9 + ♣A is
    /// plain points. On in [`Rules::VB6`], off in [`Rules::DEFAULT`] (any A with any 9 or 4).
    pub vb6_card_order: bool,
    /// The draw rule: on (the default), two-card points 3 or less must draw, 7 or more must
    /// stand, 4 to 6 is the holder's choice, and a two-card クッピン or シッピン stands. Off,
    /// every two-card hand may choose.
    pub forced_draw: bool,
    /// Who takes a tie: the dealer (the default) or nobody (the stake is returned).
    pub ties: Ties,
    /// When on, a dealer who wins with a final yaku (嵐, 順子) takes the yaku's multiplier times
    /// the stake instead of the stake. Off by default. (クッピン always takes the stake.)
    pub dealer_collects_multiplier: bool,
    /// The largest stake, in units, that one field may carry as an action of the game
    /// interface (`crate::cards_core::game`): stakes are 0..=`max_stake` a field, 1 to 9, 1 by
    /// default (so the staking player chooses which fields to play). [`Round::bet`](crate::Round::bet)
    /// itself takes any stakes.
    pub max_stake: u8,
}

impl Rules {
    /// The default preset, the seed's stated intent: any A with any 9 is クッピン (dealer), any
    /// A with any 4 is シッピン (child); the default table rules.
    ///
    /// ```
    /// use kabu::Rules;
    /// assert!(!Rules::DEFAULT.vb6_card_order && Rules::DEFAULT.forced_draw);
    /// assert_eq!(Rules::default(), Rules::DEFAULT);
    /// ```
    pub const DEFAULT: Rules = Rules {
        vb6_card_order: false,
        forced_draw: true,
        ties: Ties::Dealer,
        dealer_collects_multiplier: false,
        max_stake: 1,
    };

    /// The `vb6` preset: the VB6 program exactly, card-order test included (10 of the 16 A+9
    /// hands are クッピン); the default table rules.
    ///
    /// ```
    /// assert!(kabu::Rules::VB6.vb6_card_order);
    /// ```
    pub const VB6: Rules = Rules {
        vb6_card_order: true,
        ..Rules::DEFAULT
    };

    /// The presets, in the order of [`Rules::NAMES`].
    ///
    /// ```
    /// assert_eq!(kabu::Rules::PRESETS[1], kabu::Rules::VB6);
    /// ```
    pub const PRESETS: [Rules; 2] = [Rules::DEFAULT, Rules::VB6];

    /// The preset names, as the command line takes them.
    ///
    /// ```
    /// assert_eq!(kabu::Rules::NAMES, ["default", "vb6"]);
    /// ```
    pub const NAMES: [&'static str; 2] = ["default", "vb6"];

    /// The table-rule option names of the `preset+option=value` form.
    ///
    /// ```
    /// assert_eq!(kabu::Rules::OPTIONS[1], "ties");
    /// ```
    pub const OPTIONS: [&'static str; 4] = [
        "forced_draw",
        "ties",
        "dealer_collects_multiplier",
        "max_stake",
    ];

    /// The preset these rules start from: the one with the same evaluation.
    ///
    /// ```
    /// use kabu::{Rules, Ties};
    /// let mut r = Rules::VB6;
    /// r.ties = Ties::Push;
    /// assert_eq!(r.preset(), Rules::VB6);
    /// ```
    #[must_use]
    pub const fn preset(self) -> Rules {
        if self.vb6_card_order {
            Rules::VB6
        } else {
            Rules::DEFAULT
        }
    }

    /// The name of [`Rules::preset`]: `default` or `vb6`.
    ///
    /// ```
    /// assert_eq!(kabu::Rules::VB6.preset_name(), "vb6");
    /// ```
    #[must_use]
    pub const fn preset_name(self) -> &'static str {
        Rules::NAMES[self.vb6_card_order as usize]
    }

    /// Whether these rules are exactly a preset (no table rule changed).
    ///
    /// ```
    /// use kabu::Rules;
    /// assert!(Rules::VB6.is_preset());
    /// assert!(!Rules::DEFAULT.with_forced_draw(false).is_preset());
    /// ```
    #[must_use]
    pub fn is_preset(self) -> bool {
        self == self.preset()
    }

    /// These rules with `forced_draw` set.
    ///
    /// ```
    /// assert!(!kabu::Rules::DEFAULT.with_forced_draw(false).forced_draw);
    /// ```
    #[must_use]
    pub const fn with_forced_draw(mut self, on: bool) -> Rules {
        self.forced_draw = on;
        self
    }

    /// These rules with `ties` set.
    ///
    /// ```
    /// use kabu::{Rules, Ties};
    /// assert_eq!(Rules::DEFAULT.with_ties(Ties::Push).ties, Ties::Push);
    /// ```
    #[must_use]
    pub const fn with_ties(mut self, ties: Ties) -> Rules {
        self.ties = ties;
        self
    }

    /// These rules with `dealer_collects_multiplier` set.
    ///
    /// ```
    /// assert!(kabu::Rules::VB6.with_dealer_collects_multiplier(true).dealer_collects_multiplier);
    /// ```
    #[must_use]
    pub const fn with_dealer_collects_multiplier(mut self, on: bool) -> Rules {
        self.dealer_collects_multiplier = on;
        self
    }

    /// The table rules that differ from the preset, as `(option, value)` pairs in
    /// [`Rules::OPTIONS`] order (`on`/`off` for a flag).
    ///
    /// ```
    /// use kabu::{Rules, Ties};
    /// let r = Rules::DEFAULT.with_ties(Ties::Push);
    /// assert_eq!(r.changes(), [("ties", "push")]);
    /// ```
    #[must_use]
    pub fn changes(self) -> Vec<(&'static str, &'static str)> {
        let base = self.preset();
        let on_off = |b: bool| if b { "on" } else { "off" };
        let mut out = Vec::new();
        if self.forced_draw != base.forced_draw {
            out.push(("forced_draw", on_off(self.forced_draw)));
        }
        if self.ties != base.ties {
            out.push(("ties", self.ties.name()));
        }
        if self.dealer_collects_multiplier != base.dealer_collects_multiplier {
            out.push((
                "dealer_collects_multiplier",
                on_off(self.dealer_collects_multiplier),
            ));
        }
        if self.max_stake != base.max_stake {
            const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
            out.push(("max_stake", DIGITS[usize::from(self.max_stake.min(9))]));
        }
        out
    }

    /// Sets one table rule from its option name and value text (`on`/`off`, also
    /// `true`/`false`, for a flag), case-insensitive.
    ///
    /// ```
    /// let mut r = kabu::Rules::DEFAULT;
    /// r.set_option("Forced_Draw", "off")?;
    /// assert!(!r.forced_draw);
    /// assert!(r.set_option("ties", "house").is_err());
    /// assert!(r.set_option("joker", "on").is_err());
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    pub fn set_option(&mut self, option: &str, value: &str) -> Result<(), KabuError> {
        let bad = || KabuError::RulesOption {
            text: format!("{option}={value}"),
        };
        let flag = || match value.trim().to_ascii_lowercase().as_str() {
            "on" | "true" => Ok(true),
            "off" | "false" => Ok(false),
            _ => Err(bad()),
        };
        match option.trim().to_ascii_lowercase().as_str() {
            "forced_draw" => self.forced_draw = flag()?,
            "ties" => self.ties = value.parse().map_err(|_| bad())?,
            "dealer_collects_multiplier" => self.dealer_collects_multiplier = flag()?,
            "max_stake" => match value.trim().parse::<u8>() {
                Ok(n @ 1..=9) => self.max_stake = n,
                _ => return Err(bad()),
            },
            _ => return Err(bad()),
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::DEFAULT
    }
}

impl fmt::Display for Rules {
    /// The preset's name, then `+option=value` for each table rule that differs from it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.preset_name())?;
        for (option, value) in self.changes() {
            write!(f, "+{option}={value}")?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = KabuError;

    /// A preset name (`default`, `vb6`), optionally followed by `+option=value` parts
    /// (`vb6+ties=push+forced_draw=off`), case-insensitive.
    fn from_str(s: &str) -> Result<Rules, KabuError> {
        let mut parts = s.split('+');
        let name = parts.next().unwrap_or_default().trim();
        let mut rules = Rules::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|i| Rules::PRESETS[i])
            .ok_or_else(|| KabuError::UnknownRules {
                text: name.to_string(),
            })?;
        for part in parts {
            let (option, value) = part.split_once('=').ok_or_else(|| KabuError::RulesOption {
                text: part.to_string(),
            })?;
            rules.set_option(option, value)?;
        }
        Ok(rules)
    }
}

/// `serde`: a [`Ties`] rule is its name; [`Rules`] are a preset's name or
/// `{"preset": "vb6", <option>: <value>, ...}` listing the options that differ.
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use serde::de::{self, Deserializer, MapAccess, Visitor};
    use serde::ser::{SerializeMap, Serializer};
    use serde::{Deserialize, Serialize};

    use super::{Rules, Ties};

    as_text! {
        Ties => |t| t.name(), "\"dealer\" or \"push\"";
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
            f.write_str(
                "a rules name such as \"vb6\" or an object {\"preset\": ..., <option>: ...}",
            )
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Rules, E> {
            v.parse().map_err(E::custom)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Rules, A::Error> {
            let mut preset: Option<Rules> = None;
            let mut options: Vec<(String, String)> = Vec::new();
            let mut keys = 0;
            while let Some(key) = map.next_key::<String>()? {
                keys += 1;
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
            if keys == 0 {
                return Err(de::Error::custom(format!(
                    "an empty rules object names no preset: give a preset's name ({}) or {{\"preset\": name, option: value, ...}}",
                    Rules::NAMES.join(", ")
                )));
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
}
