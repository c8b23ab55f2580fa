//! Rules (presets `tutorial` and `uecda`), the table state, what beats what, and what a play does.

use core::fmt;
use core::str::FromStr;

use cards_core::{Card, CardSet, Order, Rank};

use crate::rules::meld::{JK, RJ, STD};
use crate::{Error, Kind, Meld};

/// One set of Daifugo rules: the meld rules, and the game-flow rules a [`crate::Game`] reads.
/// Use a preset ([`Rules::TUTORIAL`], [`Rules::UECDA`], the default) or change fields of one (the
/// struct is `#[non_exhaustive]`: start from a preset).
///
/// Text: a preset's name (case-insensitive), optionally followed by `+option=value` for each
/// option that differs (`uecda+eleven_back=true`); [`Display`](fmt::Display) writes the preset
/// nearest to the rules (fewest differing options, `uecda` on a tie) and the options that
/// differ, and reads back to the same rules.
///
/// ```
/// use daifugo::Rules;
/// let r: Rules = "tutorial".parse().unwrap();
/// assert_eq!(r, Rules::TUTORIAL);
/// assert!(!r.joker && !r.eight_cut);
/// assert_eq!(Rules::default(), Rules::UECDA);
/// let mut with_11_back = Rules::UECDA;
/// with_11_back.eleven_back = true;
/// assert_eq!(with_11_back.to_string(), "uecda+eleven_back=true");
/// assert_eq!("UECDA+Eleven_Back=true".parse(), Ok(with_11_back));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // each bool is one independent house rule
#[non_exhaustive]
pub struct Rules {
    /// Whether the deck has its one joker (`JK`, the black joker of `cards-core`).
    pub joker: bool,
    /// A group of at least this many cards (the joker counts) starts a revolution; 0 = never.
    pub revolution_group: u8,
    /// A sequence of at least this many cards starts a revolution; 0 = never.
    pub revolution_sequence: u8,
    /// 8-cut: a meld whose faces hold an 8 clears the table; the same player leads.
    pub eight_cut: bool,
    /// Suit lock: a meld with the same suit set as the meld it beats locks that suit set until
    /// the table clears.
    pub suit_lock: bool,
    /// A lone ♠3 beats a lone joker, and clears the table.
    pub spade_three: bool,
    /// 11-back: a meld whose faces hold a J reverses the order until the table clears.
    pub eleven_back: bool,
    /// The joker may stand beyond the ends of a sequence: below 3 (`JK=S<3 S3 S4`) or above 2
    /// (`SA S2 JK=S>2`), as the UEC contest's server allows.
    pub joker_beyond_ends: bool,
    /// Sequences are melds (the UEC server's `RULE_KAIDAN`); when off, a sequence is no meld.
    pub sequences: bool,
    /// Game flow: the card exchange between classes (tribute of the strongest cards, free
    /// return) before every game but a reset game (the UEC server's `RULE_CHANGE`).
    pub exchange: bool,
    /// Game flow: a meld whose faces hold a 6 reverses the direction of play for the rest of
    /// the game (the UEC server's `RULE_6REVERS`).
    pub six_reverse: bool,
    /// Game flow: 5-skip (the UEC server's `RULE_5TOBI`), see [`FiveSkip`].
    pub five_skip: FiveSkip,
    /// Game flow: the endless-passing cut-off. A counter rises with every pass (and every
    /// refused submission in the server's mode) and is reset by a play; when it reaches this
    /// number, the players still in the game take the remaining places in random order and the
    /// game ends. 0 = no cut-off.
    pub pass_limit: u8,
}

/// 5-skip: what a meld holding a 5 does to the turn order.
///
/// ```
/// use daifugo::{FiveSkip, Rules};
/// assert_eq!(Rules::UECDA.five_skip, FiveSkip::Off);
/// assert_eq!("skip_one".parse(), Ok(FiveSkip::SkipOne));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum FiveSkip {
    /// No 5-skip (the server's default).
    #[default]
    Off,
    /// 5-skip switched on as the official UEC server does it: its skip loop skips no one, so
    /// the play goes on as with [`FiveSkip::Off`].
    Server,
    /// The fixed variant (as the `FujiGokoro` program's copy of the server does it): after a meld holding a 5, the
    /// next player who would have the turn is skipped once.
    SkipOne,
}

impl FiveSkip {
    /// The names, as text takes them.
    pub const NAMES: &'static [&'static str] = &["off", "server", "skip_one"];

    /// The name (`off`, `server`, `skip_one`).
    ///
    /// ```
    /// assert_eq!(daifugo::FiveSkip::Server.name(), "server");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FiveSkip::Off => "off",
            FiveSkip::Server => "server",
            FiveSkip::SkipOne => "skip_one",
        }
    }
}

impl fmt::Display for FiveSkip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for FiveSkip {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<FiveSkip, RulesError> {
        let t = s.trim();
        [FiveSkip::Off, FiveSkip::Server, FiveSkip::SkipOne]
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| RulesError::BadValue {
                option: "five_skip".to_string(),
                value: t.to_string(),
            })
    }
}

/// Why a text is no [`Rules`].
///
/// ```
/// use daifugo::{Rules, RulesError};
/// let e = "poker".parse::<Rules>().unwrap_err();
/// assert_eq!(e, RulesError::UnknownPreset("poker".into()));
/// assert_eq!(e.to_string(), "unknown rules \"poker\" (expected one of: tutorial, uecda)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// The text before the first `+` is no preset name.
    UnknownPreset(String),
    /// An option name that is none of [`Rules::OPTIONS`].
    UnknownOption(String),
    /// An option's value does not read (a bool is `true`/`false`, a number 0..=255, 5-skip
    /// `off`/`server`/`skip_one`), or `name=value` lacks its `=`.
    BadValue {
        /// The option.
        option: String,
        /// The value as written.
        value: String,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(s) => write!(
                f,
                "unknown rules \"{}\" (expected one of: {})",
                cards_core::Short(s),
                Rules::NAMES.join(", ")
            ),
            RulesError::UnknownOption(s) => write!(
                f,
                "unknown rule option \"{}\" (expected one of: {})",
                cards_core::Short(s),
                Rules::OPTIONS.join(", ")
            ),
            RulesError::BadValue { option, value } => {
                write!(
                    f,
                    "rule option {option}: cannot read the value \"{}\"",
                    cards_core::Short(value)
                )
            }
        }
    }
}

impl core::error::Error for RulesError {}

impl Rules {
    /// The tutorial program's rules (the seed document's; formerly `Rules::SEED`): no joker, revolution by a group of 4 or more, sequences, nothing else.
    /// As game rules: no exchange, the server's 20-pass cut-off (it keeps a game of passing
    /// players finite).
    ///
    /// ```
    /// use daifugo::Rules;
    /// assert_eq!(Rules::TUTORIAL.revolution_sequence, 0);
    /// ```
    pub const TUTORIAL: Rules = Rules {
        joker: false,
        revolution_group: 4,
        revolution_sequence: 0,
        eight_cut: false,
        suit_lock: false,
        spade_three: false,
        eleven_back: false,
        joker_beyond_ends: false,
        sequences: true,
        exchange: false,
        six_reverse: false,
        five_skip: FiveSkip::Off,
        pass_limit: 20,
    };

    /// The UEC computer Daihinmin contest's rules (the default), as its official server plays
    /// them: one joker (also beyond the ends of a sequence), revolution by a group of 4 or more
    /// or a sequence of 5 or more, sequences, 8-cut, suit lock, ♠3 over the joker; no 11-back.
    /// As game rules: the exchange, no 6-reverse, no 5-skip, the 20-pass cut-off.
    ///
    /// ```
    /// use daifugo::Rules;
    /// assert!(Rules::UECDA.joker && Rules::UECDA.spade_three && !Rules::UECDA.eleven_back);
    /// ```
    pub const UECDA: Rules = Rules {
        joker: true,
        revolution_group: 4,
        revolution_sequence: 5,
        eight_cut: true,
        suit_lock: true,
        spade_three: true,
        eleven_back: false,
        joker_beyond_ends: true,
        sequences: true,
        exchange: true,
        six_reverse: false,
        five_skip: FiveSkip::Off,
        pass_limit: 20,
    };

    /// The preset names, as text takes them (in any case).
    ///
    /// ```
    /// assert_eq!(daifugo::Rules::NAMES, ["tutorial", "uecda"]);
    /// ```
    pub const NAMES: &'static [&'static str] = &["tutorial", "uecda"];

    /// The tutorial program's preset under its old name.
    #[deprecated(
        since = "0.3.0",
        note = "renamed `Rules::TUTORIAL` (`seed` means only a random seed)"
    )]
    pub const SEED: Rules = Rules::TUTORIAL;

    /// The presets, in the order of [`Rules::NAMES`].
    pub const PRESETS: &'static [Rules] = &[Rules::TUTORIAL, Rules::UECDA];

    /// The option names, as text and JSON take them (the field names).
    pub const OPTIONS: &'static [&'static str] = &[
        "joker",
        "revolution_group",
        "revolution_sequence",
        "eight_cut",
        "suit_lock",
        "spade_three",
        "eleven_back",
        "joker_beyond_ends",
        "sequences",
        "exchange",
        "six_reverse",
        "five_skip",
        "pass_limit",
    ];

    /// The preset of this name (any case).
    ///
    /// ```
    /// use daifugo::Rules;
    /// assert_eq!(Rules::preset("Tutorial"), Some(Rules::TUTORIAL));
    /// assert_eq!(Rules::preset("seed"), Some(Rules::TUTORIAL)); // the deprecated old name
    /// assert_eq!(Rules::preset("poker"), None);
    /// ```
    #[must_use]
    pub fn preset(name: &str) -> Option<Rules> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("seed") {
            return Some(Rules::TUTORIAL);
        }
        Rules::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|i| Rules::PRESETS[i])
    }

    /// The name of the preset these rules equal, if any.
    ///
    /// ```
    /// use daifugo::Rules;
    /// assert_eq!(Rules::UECDA.preset_name(), Some("uecda"));
    /// ```
    #[must_use]
    pub fn preset_name(&self) -> Option<&'static str> {
        Rules::PRESETS
            .iter()
            .position(|p| p == self)
            .map(|i| Rules::NAMES[i])
    }

    /// The value of option `name` as text (`true`, `4`, `skip_one`), or `None` for no such
    /// option.
    ///
    /// ```
    /// assert_eq!(daifugo::Rules::UECDA.option("pass_limit").as_deref(), Some("20"));
    /// ```
    #[must_use]
    pub fn option(&self, name: &str) -> Option<String> {
        Some(match name {
            "joker" => self.joker.to_string(),
            "revolution_group" => self.revolution_group.to_string(),
            "revolution_sequence" => self.revolution_sequence.to_string(),
            "eight_cut" => self.eight_cut.to_string(),
            "suit_lock" => self.suit_lock.to_string(),
            "spade_three" => self.spade_three.to_string(),
            "eleven_back" => self.eleven_back.to_string(),
            "joker_beyond_ends" => self.joker_beyond_ends.to_string(),
            "sequences" => self.sequences.to_string(),
            "exchange" => self.exchange.to_string(),
            "six_reverse" => self.six_reverse.to_string(),
            "five_skip" => self.five_skip.name().to_string(),
            "pass_limit" => self.pass_limit.to_string(),
            _ => return None,
        })
    }

    /// Sets option `name` (any case) from its text value.
    ///
    /// ```
    /// let mut r = daifugo::Rules::UECDA;
    /// r.set_option("Eight_Cut", "false").unwrap();
    /// assert!(!r.eight_cut);
    /// assert!(r.set_option("eight_cut", "maybe").is_err());
    /// ```
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let key = name.trim().to_ascii_lowercase();
        let v = value.trim();
        let bad = || RulesError::BadValue {
            option: key.clone(),
            value: v.to_string(),
        };
        let flag = || match v.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad()),
        };
        let num = || v.parse::<u8>().map_err(|_| bad());
        match key.as_str() {
            "joker" => self.joker = flag()?,
            "revolution_group" => self.revolution_group = num()?,
            "revolution_sequence" => self.revolution_sequence = num()?,
            "eight_cut" => self.eight_cut = flag()?,
            "suit_lock" => self.suit_lock = flag()?,
            "spade_three" => self.spade_three = flag()?,
            "eleven_back" => self.eleven_back = flag()?,
            "joker_beyond_ends" => self.joker_beyond_ends = flag()?,
            "sequences" => self.sequences = flag()?,
            "exchange" => self.exchange = flag()?,
            "six_reverse" => self.six_reverse = flag()?,
            "five_skip" => self.five_skip = v.parse()?,
            "pass_limit" => self.pass_limit = num()?,
            _ => return Err(RulesError::UnknownOption(name.trim().to_string())),
        }
        Ok(())
    }

    /// The nearest preset (fewest differing options; `uecda` on a tie) and the options that
    /// differ from it, as `(name, value)` pairs in [`Rules::OPTIONS`] order.
    ///
    /// ```
    /// let mut r = daifugo::Rules::TUTORIAL;
    /// r.eight_cut = true;
    /// assert_eq!(r.diff(), ("tutorial", vec![("eight_cut", "true".to_string())]));
    /// ```
    #[must_use]
    pub fn diff(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let mut best: Option<(&'static str, Vec<(&'static str, String)>)> = None;
        for (i, p) in Rules::PRESETS.iter().enumerate().rev() {
            let d: Vec<(&'static str, String)> = Rules::OPTIONS
                .iter()
                .filter_map(|&o| {
                    let mine = self.option(o)?;
                    (p.option(o).as_deref() != Some(mine.as_str())).then_some((o, mine))
                })
                .collect();
            if best.as_ref().is_none_or(|b| d.len() < b.1.len()) {
                best = Some((Rules::NAMES[i], d));
            }
        }
        best.unwrap_or(("uecda", Vec::new()))
    }

    /// The number of jokers in the deck (0 or 1).
    ///
    /// ```
    /// assert_eq!(daifugo::Rules::TUTORIAL.jokers(), 0);
    /// ```
    #[must_use]
    pub const fn jokers(&self) -> u8 {
        self.joker as u8
    }

    /// Checks that `cards` can be a hand (or any cards in play) under these rules: no red joker,
    /// no joker when the rules have none. Returns the set unchanged.
    ///
    /// ```
    /// use daifugo::CardSet;
    /// use daifugo::{Error, Rules};
    /// let h: CardSet = "S3 JK".parse().unwrap();
    /// assert_eq!(Rules::UECDA.check(h), Ok(h));
    /// assert_eq!(Rules::TUTORIAL.check(h), Err(Error::TooManyJokers { allowed: 0 }));
    /// assert!(Rules::UECDA.check("RJ".parse().unwrap()).is_err());
    /// ```
    #[inline]
    pub const fn check(&self, cards: CardSet) -> Result<CardSet, Error> {
        let b = cards.bits();
        if b & RJ != 0 {
            return Err(Error::NotInDeck(Card::RED_JOKER));
        }
        if b & JK != 0 && !self.joker {
            return Err(Error::TooManyJokers { allowed: 0 });
        }
        Ok(cards)
    }

    /// Reads a hand: cards separated by spaces or commas (see [`CardSet`]'s `FromStr`), checked
    /// with [`Rules::check`].
    ///
    /// ```
    /// use daifugo::Rules;
    /// assert_eq!(Rules::UECDA.parse_hand("S3 JK").unwrap().len(), 2);
    /// let e = Rules::UECDA.parse_hand("S3 S3").unwrap_err();
    /// assert_eq!(e.to_string(), r#"card ♠3 given twice ("S3" at position 3)"#);
    /// ```
    pub fn parse_hand(&self, text: &str) -> Result<CardSet, Error> {
        self.check(text.parse::<CardSet>()?)
    }

    /// Whether playing `meld` starts (or ends) a revolution under these rules.
    ///
    /// ```
    /// use daifugo::{Meld, Rules};
    /// let seq5 = Meld::parse("S3 S4 S5 S6 S7", &Rules::UECDA).unwrap();
    /// assert!(Rules::UECDA.revolts(&seq5));
    /// assert!(!Rules::TUTORIAL.revolts(&seq5));
    /// ```
    #[must_use]
    pub const fn revolts(&self, meld: &Meld) -> bool {
        let n = meld.len();
        match meld.kind() {
            Kind::Single => false,
            Kind::Group => self.revolution_group != 0 && n >= self.revolution_group as usize,
            Kind::Sequence => {
                self.revolution_sequence != 0 && n >= self.revolution_sequence as usize
            }
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::UECDA
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// A preset name (any case), then `+option=value` for each option to change.
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let mut parts = s.split('+');
        let name = parts.next().unwrap_or("").trim();
        let mut r =
            Rules::preset(name).ok_or_else(|| RulesError::UnknownPreset(name.to_string()))?;
        for part in parts {
            let Some((k, v)) = part.split_once('=') else {
                return Err(RulesError::BadValue {
                    option: part.trim().to_string(),
                    value: String::new(),
                });
            };
            r.set_option(k, v)?;
        }
        Ok(r)
    }
}

impl fmt::Display for Rules {
    /// The preset's name (`uecda`), or the nearest preset and the options that differ
    /// (`uecda+eleven_back=true`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, diff) = self.diff();
        f.write_str(name)?;
        for (o, v) in diff {
            write!(f, "+{o}={v}")?;
        }
        Ok(())
    }
}

bitflags::bitflags! {
    /// What a play did to the state (see [`Table::play`]).
    ///
    /// ```
    /// use daifugo::{Effects, Meld, Rules, Table};
    /// let r = Rules::UECDA;
    /// let (s, e) = Table::default().play(&Meld::parse("S8", &r).unwrap(), &r).unwrap();
    /// assert_eq!(e, Effects::EIGHT_CUT);
    /// assert!(s.table.is_none());
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
    pub struct Effects: u8 {
        /// The order flipped (a revolution, or its end).
        const REVOLUTION = 1;
        /// An 8 cleared the table; the same player leads.
        const EIGHT_CUT = 2;
        /// A ♠3 beat the lone joker and cleared the table; the same player leads.
        const SPADE_THREE = 4;
        /// The suit lock started with this play (not reported when the play also cuts the
        /// table, which ends the lock at once).
        const LOCK = 8;
        /// 11-back flipped the order until the table clears (not reported when the play also
        /// cuts the table).
        const ELEVEN_BACK = 16;
    }
}

/// The table state a follow depends on: the meld on the table, revolution, 11-back and the
/// suit lock (which locks the table meld's suit set).
///
/// The state is taken as given: `locked` and `eleven_back` are honoured by [`Table::beats`] and
/// the move lists whatever the rules say; the rules decide only whether [`Table::play`] sets
/// them.
///
/// ```
/// use daifugo::Order;
/// use daifugo::{Meld, Rules, Table};
/// let r = Rules::UECDA;
/// let s = Table::with_table(Meld::parse("H5", &r).unwrap()).with_revolution(true);
/// assert_eq!(s.order(), Order::Reversed);
/// assert!(s.beats(&Meld::parse("S4", &r).unwrap(), &r));
/// assert!(!s.beats(&Meld::parse("S6", &r).unwrap(), &r));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Table {
    /// The meld to beat; `None` when the table is clear (the next player leads).
    pub table: Option<Meld>,
    /// A revolution is on.
    pub revolution: bool,
    /// 11-back is on (until the table clears).
    pub eleven_back: bool,
    /// The table meld's suit set is locked (until the table clears).
    pub locked: bool,
}

/// The old name of [`Table`], kept for this release: `State` names a game's whole position
/// across the crates (as `doudizhu::State`), and this is the table of one trick.
#[deprecated(
    since = "0.3.0",
    note = "renamed `Table`: `State` names a game's whole position across the crates"
)]
pub type State = Table;

impl Table {
    /// The state with `table` on the table and nothing else.
    ///
    /// ```
    /// use daifugo::{Meld, Rules, Table};
    /// let s = Table::with_table(Meld::parse("S3 D3", &Rules::UECDA).unwrap());
    /// assert!(s.table.is_some() && !s.locked);
    /// ```
    #[must_use]
    pub const fn with_table(table: Meld) -> Table {
        Table {
            table: Some(table),
            revolution: false,
            eleven_back: false,
            locked: false,
        }
    }

    /// The state with `table` on the table (or a clear table), nothing else on.
    ///
    /// ```
    /// use daifugo::{Meld, Table};
    /// assert_eq!(Table::new(None), Table::default());
    /// assert_eq!(Table::new(Some(Meld::JOKER)), Table::with_table(Meld::JOKER));
    /// ```
    #[must_use]
    pub const fn new(table: Option<Meld>) -> Table {
        Table {
            table,
            revolution: false,
            eleven_back: false,
            locked: false,
        }
    }

    /// This state with the revolution on or off.
    ///
    /// ```
    /// assert!(daifugo::Table::default().with_revolution(true).revolution);
    /// ```
    #[must_use]
    pub const fn with_revolution(mut self, on: bool) -> Table {
        self.revolution = on;
        self
    }

    /// This state with the suit lock on or off.
    ///
    /// ```
    /// assert!(daifugo::Table::default().with_lock(true).locked);
    /// ```
    #[must_use]
    pub const fn with_lock(mut self, on: bool) -> Table {
        self.locked = on;
        self
    }

    /// This state with 11-back on or off.
    ///
    /// ```
    /// assert!(daifugo::Table::default().with_eleven_back(true).eleven_back);
    /// ```
    #[must_use]
    pub const fn with_eleven_back(mut self, on: bool) -> Table {
        self.eleven_back = on;
        self
    }

    /// The rank order in force: reversed when exactly one of revolution and 11-back is on.
    ///
    /// ```
    /// use daifugo::Order;
    /// use daifugo::Table;
    /// let s = Table::default().with_revolution(true).with_eleven_back(true);
    /// assert_eq!(s.order(), Order::Normal);
    /// ```
    #[inline]
    #[must_use]
    pub const fn order(&self) -> Order {
        Order::from_reversed(self.revolution ^ self.eleven_back)
    }

    /// Whether `meld` may be played now: anything when the table is clear; otherwise the same
    /// kind and number of cards, stronger (see the crate docs), and under a lock the same suit
    /// set. A lone joker beats any single, locked or not; only a lone ♠3 beats a lone joker,
    /// and only with [`Rules::spade_three`].
    ///
    /// ```
    /// use daifugo::{Meld, Rules, Table};
    /// let r = Rules::UECDA;
    /// let m = |t: &str| Meld::parse(t, &r).unwrap();
    /// let s = Table::with_table(m("S3 S4 S5"));
    /// assert!(!s.beats(&m("S4 S5 S6"), &r));
    /// assert!(s.beats(&m("S6 S7 S8"), &r));
    /// assert!(Table::with_table(Meld::JOKER).beats(&m("S3"), &r));
    /// let mut no_s3 = r;
    /// no_s3.spade_three = false;
    /// assert!(!Table::with_table(Meld::JOKER).beats(&m("S3"), &no_s3));
    /// ```
    #[inline]
    #[must_use]
    pub fn beats(&self, meld: &Meld, rules: &Rules) -> bool {
        if meld.kind() == Kind::Sequence && !rules.sequences {
            return false;
        }
        if meld.stand_in().is_some_and(crate::StandIn::is_beyond_ends) && !rules.joker_beyond_ends {
            return false;
        }
        let Some(t) = self.table else {
            return true;
        };
        if meld.kind() != t.kind() || !same_len(meld.bits(), t.bits()) {
            return false;
        }
        if t.is_lone_joker() {
            return rules.spade_three
                && meld.bits() == Card::new(Rank::Three, cards_core::Suit::Spades).bit();
        }
        if meld.is_lone_joker() {
            return true;
        }
        if self.locked && meld.suit_mask() != t.suit_mask() {
            return false;
        }
        let order = self.order();
        // `high` is `None` exactly when `low` is (no faces): computed only where compared
        let (Some(ml), Some(tl)) = (meld.low(), t.low()) else {
            return false;
        };
        match (meld.kind(), order) {
            (Kind::Sequence, Order::Normal) => t.high().is_some_and(|th| ml > th),
            (Kind::Sequence, Order::Reversed) => meld.high().is_some_and(|mh| mh < tl),
            _ => order.stronger(ml, tl),
        }
    }

    /// Plays `meld` on this state: checks that it and the table fit the rules' deck, that it
    /// shares no card with the table (the joker included: [`Error::OnTable`]) and that it beats
    /// the table, then returns the new state and what happened. A revolution flips the order;
    /// the lock starts when the meld's suit set equals the table's; 11-back flips the order
    /// until the table clears; an 8-cut or a ♠3 over the joker clears the table (and the lock
    /// and 11-back, which are then not reported among the effects), the revolution staying.
    ///
    /// ```
    /// use daifugo::{Effects, Meld, Rules, Table};
    /// let r = Rules::UECDA;
    /// let m = |t: &str| Meld::parse(t, &r).unwrap();
    /// let (s, e) = Table::with_table(m("H5")).play(&m("H9"), &r).unwrap();
    /// assert_eq!(e, Effects::LOCK);
    /// assert!(s.locked && s.table == Some(m("H9")));
    /// let (s, e) = Table::default().play(&m("S9 H9 D9 C9"), &r).unwrap();
    /// assert_eq!(e, Effects::REVOLUTION);
    /// assert!(s.revolution);
    /// assert!(Table::with_table(m("H9")).play(&m("H5"), &r).is_err());
    /// ```
    #[allow(clippy::inline_always)] // into the game's `apply` (benches/README.md, "Python")
    #[inline(always)]
    pub fn play(&self, meld: &Meld, rules: &Rules) -> Result<(Table, Effects), Error> {
        self.check_hand(meld.cards(), rules)?;
        if !self.beats(meld, rules) {
            return Err(Error::DoesNotBeat {
                meld: *meld,
                table: self.table,
            });
        }
        let mut next = *self;
        let mut effects = Effects::empty();
        if rules.revolts(meld) {
            next.revolution = !next.revolution;
            effects |= Effects::REVOLUTION;
        }
        if let Some(t) = self.table {
            let suits = meld.suit_mask();
            if rules.suit_lock && !self.locked && suits != 0 && suits == t.suit_mask() {
                next.locked = true;
                effects |= Effects::LOCK;
            }
        }
        if rules.eleven_back && meld.has_rank(Rank::Jack) {
            next.eleven_back = !next.eleven_back;
            effects |= Effects::ELEVEN_BACK;
        }
        next.table = Some(*meld);
        if rules.eight_cut && meld.has_rank(Rank::Eight) {
            effects |= Effects::EIGHT_CUT;
        }
        if self.table.is_some_and(|t| t.is_lone_joker()) && !meld.is_lone_joker() {
            effects |= Effects::SPADE_THREE;
        }
        if effects.intersects(Effects::EIGHT_CUT | Effects::SPADE_THREE) {
            // the cut ends at once the lock and 11-back this play would have started
            next = next.cleared();
            effects -= Effects::LOCK | Effects::ELEVEN_BACK;
        }
        Ok((next, effects))
    }

    /// The state after the table clears (everyone passed, or a cut): no table, no lock, no
    /// 11-back; the revolution stays.
    ///
    /// ```
    /// use daifugo::{Meld, Table};
    /// let s = Table::with_table(Meld::JOKER).with_revolution(true).with_eleven_back(true).with_lock(true);
    /// assert_eq!(s.cleared(), Table::default().with_revolution(true));
    /// ```
    #[must_use]
    pub const fn cleared(&self) -> Table {
        Table {
            table: None,
            revolution: self.revolution,
            eleven_back: false,
            locked: false,
        }
    }

    /// Checks a hand against this state: the rules' deck, and no card both in the hand and on
    /// the table.
    #[allow(clippy::trivially_copy_pass_by_ref)] // `&Rules` like the public API
    pub(crate) fn check_hand(&self, hand: CardSet, rules: &Rules) -> Result<(), Error> {
        rules.check(hand)?;
        if let Some(t) = self.table {
            rules.check(t.cards())?;
            let both = hand.bits() & t.bits() & (STD | JK);
            if both != 0 {
                return Err(Error::OnTable(
                    Card::from_index(both.trailing_zeros() as u8).unwrap_or(Card::BLACK_JOKER),
                ));
            }
        }
        Ok(())
    }
}

/// The number of cards in `bits`, one loop round a card: a meld or a few cards cost less so than
/// a popcount where the target has no popcount instruction.
#[inline]
pub(crate) const fn few_len(mut bits: u64) -> u8 {
    let mut n = 0;
    while bits != 0 {
        bits &= bits - 1;
        n += 1;
    }
    n
}

/// Whether `a` and `b` hold as many cards (both counted down together, so a comparison of
/// singles is one round).
#[inline]
const fn same_len(mut a: u64, mut b: u64) -> bool {
    while a != 0 && b != 0 {
        a &= a - 1;
        b &= b - 1;
    }
    a == b
}

impl fmt::Display for Table {
    /// `table S3 S4 S5, revolution, locked` or `table clear`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.table {
            Some(t) => write!(f, "table {t:#}")?,
            None => f.write_str("table clear")?,
        }
        if self.revolution {
            f.write_str(", revolution")?;
        }
        if self.eleven_back {
            f.write_str(", 11-back")?;
        }
        if self.locked {
            f.write_str(", locked")?;
        }
        Ok(())
    }
}

/// `serde`: [`Rules`] are a preset's name or `{"preset": "uecda", <option>: <value>, ...}`
/// with the options that differ; a [`Table`] is `{"table": "S3 S4 S5", "revolution": false,
/// "lock": false, "eleven_back": false}` (the command line's `follow` keys).
#[cfg(feature = "serde")]
mod serde_impls {
    use core::fmt;

    use serde::de::{self, Deserializer, MapAccess, Visitor};
    use serde::ser::{SerializeMap, Serializer};
    use serde::{Deserialize, Serialize};

    use super::{Rules, Table};
    use crate::Meld;

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
    struct TableRepr {
        #[serde(default)]
        table: Option<Meld>,
        #[serde(default)]
        revolution: bool,
        #[serde(default)]
        lock: bool,
        #[serde(default)]
        eleven_back: bool,
    }

    impl Serialize for Table {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            TableRepr {
                table: self.table,
                revolution: self.revolution,
                lock: self.locked,
                eleven_back: self.eleven_back,
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Table {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Table, D::Error> {
            let r = TableRepr::deserialize(d)?;
            Ok(Table::new(r.table)
                .with_revolution(r.revolution)
                .with_lock(r.lock)
                .with_eleven_back(r.eleven_back))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{few_len, same_len};

    /// The loop counts equal popcounts, on sets of 0 to 54 cards.
    #[test]
    fn loop_counts_are_popcounts() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (
                x & 0x3f_ffff_ffff_ffff,
                (x >> 9) & (x >> 20) & 0x3f_ffff_ffff_ffff,
            );
            assert_eq!(u32::from(few_len(a)), a.count_ones());
            assert_eq!(same_len(a, b), a.count_ones() == b.count_ones());
            assert!(same_len(b, b) && same_len(0, 0));
            assert_eq!(
                same_len(a & a.wrapping_neg(), b & b.wrapping_neg()),
                (a == 0) == (b == 0)
            );
        }
    }
}
