//! The flow rules of a whole game: [`GameRules`] (five presets) and its options' enums, with
//! their text forms.

use std::fmt;
use std::str::FromStr;

use crate::rules::options::{GAME_NAMES, Preset, Rules, RulesError};
#[cfg(doc)]
use crate::{Action, Deal, State};

/// How the landlord is chosen.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Auction {
    /// No auction: the landlord is [`GameRules::landlord`] (RLCard, DouZero).
    None,
    /// 叫分 in one round: from the first bidder, each seat acts once, passing or bidding above
    /// the high bid; a bid of 3 ends the auction at once, otherwise the high bidder wins after
    /// the third action.
    OneRound,
    /// Several rounds (OpenSpiel, Pagat): the turn goes round, a seat that passed may bid later;
    /// a bid of 3 ends the auction, and so do two passes in a row after a bid (the last bidder
    /// wins) or three passes with no bid (all pass).
    UntilTwoPasses,
    /// 叫地主/抢地主 (call and rob): from the first bidder, each seat in turn calls
    /// ([`Action::Call`]) or declines ([`Action::Pass`]) until one calls. After the call, each
    /// seat that has not declined, other than the caller, may rob once ([`Action::Rob`]) or
    /// pass, in seat order after the caller; the caller does not rob back. Each rob doubles the
    /// stake ([`State::robs`], in [`State::multiplier`]); the last caller or robber becomes
    /// landlord. The call counts as a bid of 1 ([`State::bid`]), so with [`Base::Bid`] the
    /// stake is `1 · 2^robs` times the other doublings. If nobody calls, [`AllPass`] applies.
    /// Text `call_rob`: `standard+auction=call_rob`; actions are written `call`, `rob`, `pass`.
    CallRob,
}

/// What happens when every seat passes in the auction.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AllPass {
    /// The game ends with zero returns and [`State::redeal`] true: deal again (a new game).
    Redeal,
    /// The game ends with zero returns (OpenSpiel).
    EndZero,
}

/// The stake's base.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Base {
    /// The winning bid.
    Bid,
    /// 1 (no auction).
    One,
}

/// The returns per seat.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Payoff {
    /// With `x = base · multiplier`: the landlord gets `+2x` and each peasant `-x` when the
    /// landlord wins, the opposite when the peasants win (zero-sum).
    Stake,
    /// RLCard's: the winners get 1, the losers 0 (landlord wins: `[1, 0, 0]` by role).
    WinLoss,
}

/// Who deals, and so which generator a seed drives (see [`Deal::from_seed`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Dealer {
    /// The crate's generator; hands in blocks of 17.
    Shuffle,
    /// OpenSpiel's chance process (card `k` to seat `k mod 3`), driven by the crate's generator.
    Chance,
    /// RLCard's generator and slicing (SHA-512 seed, MT19937, numpy's legacy shuffle).
    RlCard,
    /// DouZero's generator and slicing (`np.random.seed`, MT19937, numpy's legacy shuffle).
    DouZero,
}

/// How the first bidder is chosen when the dealer does not fix it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FirstBidder {
    /// A seat drawn at random.
    Random,
    /// The holder of a card turned face up at a random position.
    FaceUp,
}

/// The rules of a whole game: the play rules ([`Rules`]) and the flow (deal, auction, scoring).
/// Five presets ([`GameRules::NAMES`]); every option is a field, so a house variant is a
/// configuration. `#[non_exhaustive]`: start from a preset and change fields.
///
/// | preset | plays | deal | first bidder | auction | all pass | base | doubling | returns |
/// | --- | --- | --- | --- | --- | --- | --- | --- | --- |
/// | `standard` | `standard` | shuffle | random | one round | redeal | bid | bomb, rocket, spring | stake |
/// | `strict` | `strict` | shuffle | face-up card | until two passes | redeal | bid | bomb, rocket, spring | stake |
/// | `openspiel` | `openspiel` | chance | face-up card | until two passes | end, zero | bid | bomb, rocket, spring | stake |
/// | `douzero` | `douzero` | DouZero | - | none (seat 0) | - | 1 | bomb, rocket | stake |
/// | `rlcard` | `standard` | RLCard | - | none (seat 0) | - | 1 | none | win/loss 1/0 |
///
/// Spring (春天): the landlord wins and neither peasant played a card; anti-spring (反春): a
/// peasant wins and the landlord made only one play. With [`double_spring`](Self::double_spring)
/// either doubles the stake once. (OpenSpiel words it as "the landlord made exactly one play, or
/// no peasant played", which is the same in every reachable game.)
///
/// Auction schemes ([`Auction`], option `auction`): `none` (the landlord is a fixed seat),
/// `one_round` and `until_two_passes` (point bids 1-3, written `1`, `2`, `3`), and `call_rob`
/// (叫地主/抢地主: call, then each seat that has not declined may rob once, each rob doubling
/// the stake; written `call`, `rob`), which no preset uses: `standard+auction=call_rob`.
///
/// Text: a preset's name, or the closest preset followed by `+option=value` for each option that
/// differs (play options by their [`Rules`] names, `plays=<preset>` for the play preset):
/// `standard+all_pass=end_zero`, `openspiel+plays=douzero`.
///
/// ```
/// use doudizhu::{Auction, GameRules, Rules};
/// let r: GameRules = "openspiel".parse()?;
/// assert_eq!(r.auction, Auction::UntilTwoPasses);
/// assert_eq!(r.plays, Rules::OPENSPIEL);
/// let mut house = GameRules::STANDARD;
/// house.double_spring = false;
/// assert_eq!(house.to_string(), "standard+double_spring=false");
/// assert_eq!(house.to_string().parse::<GameRules>()?, house);
/// # Ok::<(), doudizhu::RulesError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
#[allow(clippy::struct_excessive_bools)]
pub struct GameRules {
    /// Which plays exist and what beats what.
    pub plays: Rules,
    /// Who deals (and which generator a seed drives).
    pub dealer: Dealer,
    /// How the first bidder is chosen.
    pub first_bidder: FirstBidder,
    /// How the landlord is chosen.
    pub auction: Auction,
    /// The landlord's seat when there is no auction.
    pub landlord: u8,
    /// What happens when every seat passes.
    pub all_pass: AllPass,
    /// The stake's base.
    pub base: Base,
    /// Each bomb doubles the stake.
    pub double_bomb: bool,
    /// The rocket doubles the stake.
    pub double_rocket: bool,
    /// Spring and anti-spring double the stake.
    pub double_spring: bool,
    /// How the returns are computed.
    pub payoff: Payoff,
}

impl GameRules {
    /// The seed of the deal that follows a deal of `seed` every seat passed
    /// ([`AllPass::Redeal`]): the next number, wrapping (within 32 bits under
    /// [`Dealer::DouZero`], whose generator takes a 32-bit seed). So deal `k` of a game that
    /// starts from seed `s` is the deal of seed `s + k - 1`; the CLI's `play` and the web page
    /// deal again this way.
    ///
    /// ```
    /// use doudizhu::GameRules;
    /// assert_eq!(GameRules::STANDARD.redeal_seed(8), 9);
    /// assert_eq!(GameRules::STANDARD.redeal_seed(u64::MAX), 0);
    /// let mut dz = GameRules::STANDARD;
    /// dz.dealer = doudizhu::Dealer::DouZero;
    /// assert_eq!(dz.redeal_seed(0xffff_ffff), 0);
    /// ```
    #[must_use]
    pub fn redeal_seed(&self, seed: u64) -> u64 {
        let next = seed.wrapping_add(1);
        if self.dealer == Dealer::DouZero {
            next & 0xffff_ffff
        } else {
            next
        }
    }

    /// `standard`: Chinese 叫分 (one round of bids 1-3), redeal when all pass, bombs, the
    /// rocket and spring double the bid; `standard` plays.
    pub const STANDARD: GameRules = GameRules {
        plays: Rules::STANDARD,
        dealer: Dealer::Shuffle,
        first_bidder: FirstBidder::Random,
        auction: Auction::OneRound,
        landlord: 0,
        all_pass: AllPass::Redeal,
        base: Base::Bid,
        double_bomb: true,
        double_rocket: true,
        double_spring: true,
        payoff: Payoff::Stake,
    };
    /// `strict`: Pagat's rules (several rounds of bids, face-up card), `strict` plays.
    pub const STRICT: GameRules = GameRules {
        plays: Rules::STRICT,
        dealer: Dealer::Shuffle,
        first_bidder: FirstBidder::FaceUp,
        auction: Auction::UntilTwoPasses,
        ..GameRules::STANDARD
    };
    /// `openspiel`: OpenSpiel's `dou_dizhu` (chance deal, face-up card, several rounds of bids,
    /// all pass ends the game with zero returns).
    pub const OPENSPIEL: GameRules = GameRules {
        plays: Rules::OPENSPIEL,
        dealer: Dealer::Chance,
        first_bidder: FirstBidder::FaceUp,
        auction: Auction::UntilTwoPasses,
        all_pass: AllPass::EndZero,
        ..GameRules::STANDARD
    };
    /// `douzero`: DouZero's game (no auction, landlord seat 0, base 1, bombs and the rocket
    /// double, no spring): the landlord's returns are `±2·2^b`, each peasant's `∓2^b`
    /// (DouZero's evaluation scores); [`State::douzero_reward`] gives its training rewards.
    pub const DOUZERO: GameRules = GameRules {
        plays: Rules::DOUZERO,
        dealer: Dealer::DouZero,
        first_bidder: FirstBidder::Random,
        auction: Auction::None,
        landlord: 0,
        all_pass: AllPass::Redeal,
        base: Base::One,
        double_bomb: true,
        double_rocket: true,
        double_spring: false,
        payoff: Payoff::Stake,
    };
    /// `rlcard`: RLCard's game (no auction, landlord seat 0, payoffs 1 to the winners and 0 to
    /// the losers), with `standard` plays.
    pub const RLCARD: GameRules = GameRules {
        plays: Rules::STANDARD,
        dealer: Dealer::RlCard,
        first_bidder: FirstBidder::Random,
        auction: Auction::None,
        landlord: 0,
        all_pass: AllPass::Redeal,
        base: Base::One,
        double_bomb: false,
        double_rocket: false,
        double_spring: false,
        payoff: Payoff::WinLoss,
    };

    /// The preset names, `standard` first.
    ///
    /// ```
    /// use doudizhu::GameRules;
    /// for name in GameRules::NAMES {
    ///     assert_eq!(name.parse::<GameRules>()?.to_string(), *name);
    /// }
    /// # Ok::<(), doudizhu::RulesError>(())
    /// ```
    pub const NAMES: &'static [&'static str] = GAME_NAMES;

    /// The five presets, in [`NAMES`](Self::NAMES) order.
    pub const ALL: [GameRules; 5] = [
        GameRules::STANDARD,
        GameRules::STRICT,
        GameRules::OPENSPIEL,
        GameRules::DOUZERO,
        GameRules::RLCARD,
    ];

    /// The preset's name, if these rules are one.
    ///
    /// ```
    /// use doudizhu::GameRules;
    /// assert_eq!(GameRules::RLCARD.name(), Some("rlcard"));
    /// ```
    #[must_use]
    pub fn name(&self) -> Option<&'static str> {
        GameRules::ALL
            .iter()
            .position(|r| r == self)
            .map(|i| GameRules::NAMES[i])
    }

    /// The flow options as (name, value text), in field order (the play rules excluded).
    pub(crate) fn flow_options(&self) -> [(&'static str, String); 10] {
        let s = |v: &str| v.to_string();
        [
            (
                "dealer",
                s(match self.dealer {
                    Dealer::Shuffle => "shuffle",
                    Dealer::Chance => "chance",
                    Dealer::RlCard => "rlcard",
                    Dealer::DouZero => "douzero",
                }),
            ),
            (
                "first_bidder",
                s(match self.first_bidder {
                    FirstBidder::Random => "random",
                    FirstBidder::FaceUp => "face_up",
                }),
            ),
            (
                "auction",
                s(match self.auction {
                    Auction::None => "none",
                    Auction::OneRound => "one_round",
                    Auction::UntilTwoPasses => "until_two_passes",
                    Auction::CallRob => "call_rob",
                }),
            ),
            ("landlord", self.landlord.to_string()),
            (
                "all_pass",
                s(match self.all_pass {
                    AllPass::Redeal => "redeal",
                    AllPass::EndZero => "end_zero",
                }),
            ),
            (
                "base",
                s(match self.base {
                    Base::Bid => "bid",
                    Base::One => "one",
                }),
            ),
            ("double_bomb", self.double_bomb.to_string()),
            ("double_rocket", self.double_rocket.to_string()),
            ("double_spring", self.double_spring.to_string()),
            (
                "payoff",
                s(match self.payoff {
                    Payoff::Stake => "stake",
                    Payoff::WinLoss => "win_loss",
                }),
            ),
        ]
    }

    /// The closest preset and the options that differ from it: `plays=<preset>` first when the
    /// play preset differs, then play options, then flow options, as (name, value text).
    pub(crate) fn closest(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let mut best: Option<(&'static str, Vec<(&'static str, String)>)> = None;
        for (i, base) in GameRules::ALL.iter().enumerate() {
            let mut diff = Vec::new();
            if self.plays != base.plays {
                let (preset, opts) = self.plays.closest();
                if preset.rules() != base.plays {
                    diff.push(("plays", preset.name().to_string()));
                }
                for (name, value) in opts {
                    diff.push((name, value.to_string()));
                }
            }
            for (a, b) in self.flow_options().into_iter().zip(base.flow_options()) {
                if a.1 != b.1 {
                    diff.push(a);
                }
            }
            if best.as_ref().is_none_or(|b| diff.len() < b.1.len()) {
                best = Some((GameRules::NAMES[i], diff));
            }
        }
        best.unwrap_or(("standard", Vec::new()))
    }

    /// Sets one option (flow or play) from its name and text value (a bad value's error lists
    /// the values the option takes, [`FLOW_VALUES`](crate::rules::options::FLOW_VALUES)).
    pub(crate) fn set_option(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let v = value.trim().to_ascii_lowercase();
        let bad = |option: &'static str| RulesError::BadValue {
            option,
            value: value.to_string(),
        };
        let flag = |option: &'static str| match v.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad(option)),
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "plays" => self.plays = v.parse::<Preset>().map_err(|_| bad("plays"))?.rules(),
            "dealer" => {
                self.dealer = match v.as_str() {
                    "shuffle" => Dealer::Shuffle,
                    "chance" => Dealer::Chance,
                    "rlcard" => Dealer::RlCard,
                    "douzero" => Dealer::DouZero,
                    _ => return Err(bad("dealer")),
                }
            }
            "first_bidder" => {
                self.first_bidder = match v.as_str() {
                    "random" => FirstBidder::Random,
                    "face_up" => FirstBidder::FaceUp,
                    _ => return Err(bad("first_bidder")),
                }
            }
            "auction" => {
                self.auction = match v.as_str() {
                    "none" => Auction::None,
                    "one_round" => Auction::OneRound,
                    "until_two_passes" => Auction::UntilTwoPasses,
                    "call_rob" => Auction::CallRob,
                    _ => return Err(bad("auction")),
                }
            }
            "landlord" => {
                self.landlord = match v.as_str() {
                    "0" => 0,
                    "1" => 1,
                    "2" => 2,
                    _ => return Err(bad("landlord")),
                }
            }
            "all_pass" => {
                self.all_pass = match v.as_str() {
                    "redeal" => AllPass::Redeal,
                    "end_zero" => AllPass::EndZero,
                    _ => return Err(bad("all_pass")),
                }
            }
            "base" => {
                self.base = match v.as_str() {
                    "bid" => Base::Bid,
                    "one" => Base::One,
                    _ => return Err(bad("base")),
                }
            }
            "double_bomb" => self.double_bomb = flag("double_bomb")?,
            "double_rocket" => self.double_rocket = flag("double_rocket")?,
            "double_spring" => self.double_spring = flag("double_spring")?,
            "payoff" => {
                self.payoff = match v.as_str() {
                    "stake" => Payoff::Stake,
                    "win_loss" => Payoff::WinLoss,
                    _ => return Err(bad("payoff")),
                }
            }
            other => self.plays.set_option(other, value)?,
        }
        Ok(())
    }
}

impl Default for GameRules {
    fn default() -> GameRules {
        GameRules::STANDARD
    }
}

impl fmt::Display for GameRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, diff) = self.closest();
        f.write_str(name)?;
        for (option, value) in diff {
            write!(f, "+{option}={value}")?;
        }
        Ok(())
    }
}

impl FromStr for GameRules {
    type Err = RulesError;

    /// A preset name (either case), then optional `+option=value` parts.
    fn from_str(text: &str) -> Result<GameRules, RulesError> {
        let mut parts = text.split('+');
        let name = parts.next().unwrap_or_default().trim();
        let mut rules = GameRules::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|i| GameRules::ALL[i])
            .ok_or_else(|| RulesError::UnknownGame {
                name: name.to_string(),
            })?;
        for part in parts {
            let (option, value) = part.split_once('=').ok_or_else(|| RulesError::BadOption {
                part: part.to_string(),
            })?;
            rules.set_option(option, value)?;
        }
        Ok(rules)
    }
}

/// `serde`: [`GameRules`] is a game preset's name, or `{"flow": "standard", "plays":
/// "douzero", ...}` listing the options that differ.
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use serde::de::{self, Deserializer, MapAccess, Visitor};
    use serde::ser::{SerializeMap, Serializer};
    use serde::{Deserialize, Serialize};

    use super::GameRules;

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
            let mut keys = 0;
            while let Some(key) = map.next_key::<String>()? {
                keys += 1;
                if key == "flow" {
                    flow = Some(map.next_value()?);
                } else {
                    let value: OptionJson = map.next_value()?;
                    options.push((key, value.to_string()));
                }
            }
            if keys == 0 {
                return Err(de::Error::custom(
                    "an empty rules object names no preset: give a game preset's name or {\"flow\": name, \"plays\": name, option: value, ...}",
                ));
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
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use crate::{GameRules, Rules};

    /// Finding 12: an empty rules object names no preset, and is refused rather than read as
    /// the default one; an object naming options still starts from the default.
    #[test]
    fn an_empty_rules_object_is_refused() {
        assert!(serde_json::from_str::<GameRules>("{}").is_err());
        assert!(serde_json::from_str::<Rules>("{}").is_err());
        let g = crate::Game::new(GameRules::DOUZERO, 1).unwrap();
        let mut v = serde_json::to_value(g.record()).unwrap();
        v["rules"] = serde_json::json!({});
        let e = serde_json::from_value::<crate::Record>(v)
            .unwrap_err()
            .to_string();
        assert!(e.contains("preset") || e.contains("rules"), "{e}");
        assert!(serde_json::from_str::<Rules>(r#"{"rocket_wings": true}"#).is_ok());
    }
}

#[cfg(test)]
mod hint_tests {
    use super::GameRules;
    use crate::Rules;
    use crate::rules::options::FLOW_VALUES;

    /// Finding 15: a refused value names the values its option takes: each flow option lists
    /// exactly the values it accepts (each one is accepted), `plays` the presets, the flags
    /// `true or false`, `solo_wings` 1 to 4.
    #[test]
    fn a_refused_option_value_lists_what_the_option_takes() {
        for (option, values) in FLOW_VALUES {
            let mut r = GameRules::STANDARD;
            let e = r.set_option(option, "2x").unwrap_err().to_string();
            assert!(e.ends_with(&format!("({values})")), "{option}: {e}");
            assert!(!e.contains("true or false"), "{option}: {e}");
            for v in values.split(", ").flat_map(|v| v.split(" or ")) {
                let mut g = GameRules::STANDARD;
                assert!(g.set_option(option, v).is_ok(), "{option}={v} is refused");
            }
        }
        let mut r = GameRules::STANDARD;
        let e = r.set_option("base", "2").unwrap_err().to_string();
        assert_eq!(e, "rules option base: \"2\" is no value (bid or one)");
        let e = "standard+plays=x"
            .parse::<GameRules>()
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with(&format!("({})", Rules::NAMES.join(", "))),
            "{e}"
        );
        let e = "standard+double_bomb=2"
            .parse::<GameRules>()
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("(true or false)"), "{e}");
        let e = "standard+solo_wings=9"
            .parse::<GameRules>()
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("(1 to 4)"), "{e}");
    }
}
