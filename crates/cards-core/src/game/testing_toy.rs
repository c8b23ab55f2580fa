//! A tiny two-player card game implementing [`Game`], for the trait's examples and for the
//! conformance suite's own tests (it is what the suite's broken variants break).
//!
//! Six cards valued 0 to 5; each player is dealt two, face down, and two stay out of play.
//! Player 0 then player 1, twice each, play one of their cards face up. The higher total wins:
//! +1 for the winner and -1 for the loser (0 each on a tie).
//!
//! ```
//! use cards_core::game::{Game, testing_toy::{Toy, ToyAction}};
//! let mut g = Toy::from_deal([0b000011, 0b001100]); // player 0 holds 0 and 1, player 1 2 and 3
//! for a in ["c1", "c3", "c0", "c2"] {
//!     g.apply(a.parse().unwrap()).unwrap();
//! }
//! assert_eq!(g.returns(1), 1.0);
//! assert_eq!(g.legal_actions(), Vec::<ToyAction>::new());
//! ```

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::{
    Definition, EncodeError, Encoding, Game, InfoSet, ObservationType, Players, Policy, Random,
    Record, UnknownPolicy, check_length,
};
use crate::Rng;
use alloc::boxed::Box;
use alloc::string::String;

/// The toy game's state.
///
/// ```
/// use cards_core::game::{Game, testing_toy::Toy};
/// assert_eq!(Toy::new(1).num_players(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toy {
    dealt: [u8; 2],
    hands: [u8; 2],
    history: Vec<ToyAction>,
}

/// Play card `0..=5` (written `c0` .. `c5`).
///
/// ```
/// use cards_core::game::testing_toy::ToyAction;
/// assert_eq!("c4".parse::<ToyAction>().unwrap(), ToyAction(4));
/// assert!("c9".parse::<ToyAction>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ToyAction(pub u8);

impl fmt::Display for ToyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}

impl FromStr for ToyAction {
    type Err = ToyError;

    fn from_str(s: &str) -> Result<ToyAction, ToyError> {
        match s.trim().as_bytes() {
            [b'c', d @ b'0'..=b'5'] => Ok(ToyAction(d - b'0')),
            _ => Err(ToyError::Parse),
        }
    }
}

/// Why the toy refused something.
///
/// ```
/// use cards_core::game::testing_toy::ToyError;
/// assert_eq!(ToyError::NotHeld(3).to_string(), "card 3 is not in the hand of the player to act");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ToyError {
    /// The card is not in the hand of the player to act.
    NotHeld(u8),
    /// The game is over.
    Over,
    /// Not `c0` .. `c5`.
    Parse,
    /// A deal that is not two disjoint pairs of cards 0..=5.
    BadDeal,
    /// Rules other than `standard`.
    Rules,
}

impl fmt::Display for ToyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToyError::NotHeld(c) => write!(f, "card {c} is not in the hand of the player to act"),
            ToyError::Over => f.write_str("the game is over"),
            ToyError::Parse => f.write_str("expected c0 .. c5"),
            ToyError::BadDeal => f.write_str("a deal is two disjoint pairs of cards 0..=5"),
            ToyError::Rules => f.write_str("the toy's only rules are standard"),
        }
    }
}

impl core::error::Error for ToyError {}

impl Toy {
    /// A game dealt from `seed`.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(Toy::new(3), Toy::new(3));
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Toy {
        let mut cards = [0u8, 1, 2, 3, 4, 5];
        Rng::seed_from_u64(seed).shuffle(&mut cards);
        Toy::from_deal([
            (1 << cards[0]) | (1 << cards[1]),
            (1 << cards[2]) | (1 << cards[3]),
        ])
    }

    /// A game with the given hands (bit `c` for card `c`); [`Toy::try_from_deal`] checks them.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(Toy::from_deal([3, 12]).hand(1), 12);
    /// ```
    #[must_use]
    pub fn from_deal(hands: [u8; 2]) -> Toy {
        Toy {
            dealt: hands,
            hands,
            history: Vec::new(),
        }
    }

    /// A game with the given hands, checked: two disjoint pairs of cards 0..=5.
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert!(Toy::try_from_deal([3, 3]).is_err());
    /// ```
    pub fn try_from_deal(hands: [u8; 2]) -> Result<Toy, ToyError> {
        let ok =
            hands.iter().all(|h| h.count_ones() == 2 && h >> 6 == 0) && hands[0] & hands[1] == 0;
        if ok {
            Ok(Toy::from_deal(hands))
        } else {
            Err(ToyError::BadDeal)
        }
    }

    /// Player `p`'s cards left (bit `c` for card `c`).
    ///
    /// ```
    /// use cards_core::game::testing_toy::Toy;
    /// assert_eq!(Toy::new(0).hand(0).count_ones(), 2);
    /// ```
    #[must_use]
    pub const fn hand(&self, p: usize) -> u8 {
        self.hands[p % 2]
    }

    /// The cards played, in order.
    ///
    /// ```
    /// assert!(cards_core::game::testing_toy::Toy::new(0).history().is_empty());
    /// ```
    #[must_use]
    pub fn history(&self) -> &[ToyAction] {
        &self.history
    }

    fn total(&self, p: usize) -> u32 {
        self.history
            .iter()
            .skip(p)
            .step_by(2)
            .map(|a| u32::from(a.0))
            .sum()
    }
}

impl Game for Toy {
    type Action = ToyAction;
    type Observation<'a> = ToyObservation<'a>;
    type Error = ToyError;
    type Record = ToyRecord;

    fn num_players(&self) -> usize {
        2
    }

    fn current_player(&self) -> Option<usize> {
        (self.history.len() < 4).then_some(self.history.len() % 2)
    }

    fn legal_actions_into(&self, out: &mut Vec<ToyAction>) -> usize {
        let Some(p) = self.current_player() else {
            return 0;
        };
        let before = out.len();
        let mut h = self.hands[p];
        while h != 0 {
            out.push(ToyAction(h.trailing_zeros() as u8));
            h &= h - 1;
        }
        out.len() - before
    }

    fn apply(&mut self, action: ToyAction) -> Result<(), ToyError> {
        let p = self.current_player().ok_or(ToyError::Over)?;
        if action.0 > 5 || self.hands[p] & (1 << action.0) == 0 {
            return Err(ToyError::NotHeld(action.0));
        }
        self.hands[p] &= !(1 << action.0);
        self.history.push(action);
        Ok(())
    }

    fn is_over(&self) -> bool {
        self.history.len() == 4
    }

    fn returns(&self, player: usize) -> f64 {
        if !self.is_over() || player > 1 {
            return 0.0;
        }
        let (mine, theirs) = (self.total(player), self.total(1 - player));
        f64::from(i8::from(mine > theirs) - i8::from(mine < theirs))
    }

    fn returns_sum(&self) -> Option<f64> {
        Some(0.0)
    }

    fn observation(&self, player: usize) -> ToyObservation<'_> {
        let p = player % 2;
        ToyObservation {
            player: p,
            hand: self.hands[p],
            history: &self.history,
        }
    }

    fn record(&self) -> ToyRecord {
        ToyRecord {
            deal: self.dealt,
            actions: self.history.clone(),
        }
    }
}

/// What one toy player sees: its cards and the cards played.
///
/// ```
/// use cards_core::game::{Game, testing_toy::Toy};
/// let g = Toy::new(4);
/// assert_eq!(g.observation(1).hand, g.hand(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToyObservation<'a> {
    /// The observer.
    pub player: usize,
    /// Its cards left.
    pub hand: u8,
    /// The cards played.
    pub history: &'a [ToyAction],
}

impl InfoSet<Toy> for ToyObservation<'_> {
    fn player(&self) -> usize {
        self.player
    }

    fn sample(&self, rng: &mut Rng) -> Toy {
        let mut world = Toy::from_deal([0, 0]);
        self.sample_into(rng, &mut world);
        world
    }

    fn sample_into(&self, rng: &mut Rng, world: &mut Toy) {
        let p = self.player;
        let played: u8 = self.history.iter().fold(0, |m, a| m | 1 << a.0);
        let mine_played: u8 = self
            .history
            .iter()
            .skip(p)
            .step_by(2)
            .fold(0, |m, a| m | 1 << a.0);
        let theirs_played = played & !mine_played;
        let mut unseen: Vec<u8> = (0..6u8)
            .filter(|&c| (self.hand | played) & (1 << c) == 0)
            .collect();
        rng.shuffle(&mut unseen);
        let left = 2 - theirs_played.count_ones() as usize;
        let theirs = unseen.iter().take(left).fold(0u8, |m, &c| m | 1 << c);
        let mut dealt = [0u8; 2];
        dealt[p] = self.hand | mine_played;
        dealt[1 - p] = theirs | theirs_played;
        world.dealt = dealt;
        world.hands = [dealt[0] & !played, dealt[1] & !played];
        world.history.clear();
        world.history.extend_from_slice(self.history);
    }
}

/// A toy game's record: the deal and the cards played.
///
/// ```
/// use cards_core::game::{Game, Record, testing_toy::Toy};
/// let g = Toy::new(2);
/// assert_eq!(g.record().replay().unwrap(), g);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToyRecord {
    /// The hands as dealt.
    pub deal: [u8; 2],
    /// The cards played, in order.
    pub actions: Vec<ToyAction>,
}

/// Written `D0 D1: A A ...`: each hand as dealt (a bit per card) and the cards played
/// (`"3 12: c1 c3"`); its `serde` form (feature `serde`) is that text.
///
/// ```
/// use cards_core::game::{Game, testing_toy::{Toy, ToyRecord}};
/// let mut g = Toy::from_deal([0b000011, 0b001100]);
/// g.apply("c1".parse().unwrap()).unwrap();
/// assert_eq!(g.record().to_string(), "3 12: c1");
/// assert_eq!("3 12: c1".parse::<ToyRecord>().unwrap(), g.record());
/// ```
impl fmt::Display for ToyRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}:", self.deal[0], self.deal[1])?;
        for a in &self.actions {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

impl FromStr for ToyRecord {
    type Err = ToyError;

    fn from_str(s: &str) -> Result<ToyRecord, ToyError> {
        let (deal, actions) = s.split_once(':').ok_or(ToyError::Parse)?;
        let mut hands = deal.split_whitespace().map(str::parse::<u8>);
        let (Some(Ok(d0)), Some(Ok(d1)), None) = (hands.next(), hands.next(), hands.next()) else {
            return Err(ToyError::BadDeal);
        };
        let actions = actions
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<ToyAction>, ToyError>>()?;
        Ok(ToyRecord {
            deal: [d0, d1],
            actions,
        })
    }
}

/// `serde` for the toy (feature `serde`): a record as its text, an observation as
/// `{"player", "hand", "history"}`.
#[cfg(feature = "serde")]
mod serde_impls {
    use alloc::string::ToString;

    use serde::ser::{SerializeStruct, Serializer};
    use serde::{Deserialize, Deserializer, Serialize};

    use super::{ToyObservation, ToyRecord};

    impl Serialize for ToyRecord {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for ToyRecord {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ToyRecord, D::Error> {
            crate::deserialize_from_str(d, "a toy record")
        }
    }

    impl Serialize for ToyObservation<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("ToyObservation", 3)?;
            st.serialize_field("player", &self.player)?;
            st.serialize_field("hand", &self.hand)?;
            let history: alloc::vec::Vec<_> =
                self.history.iter().map(ToString::to_string).collect();
            st.serialize_field("history", &history)?;
            st.end()
        }
    }
}

impl Record for ToyRecord {
    type Game = Toy;
    type Error = ToyError;

    fn replay(&self) -> Result<Toy, ToyError> {
        let mut g = Toy::try_from_deal(self.deal)?;
        for &a in &self.actions {
            g.apply(a)?;
        }
        Ok(g)
    }
}

/// The toy's built-in players: `random`, and `first` (its lowest card).
struct First;

impl Policy<Toy> for First {
    fn choose(&mut self, _: &ToyObservation<'_>, legal: &[ToyAction]) -> ToyAction {
        legal[0]
    }
}

impl Players for Toy {
    const POLICY_NAMES: &'static [&'static str] = &["random", "first"];

    fn policy(name: &str, seed: u64) -> Result<Box<dyn Policy<Toy>>, UnknownPolicy> {
        match name.to_ascii_lowercase().as_str() {
            "random" => Ok(Box::new(Random::new(seed))),
            "first" => Ok(Box::new(First)),
            _ => Err(UnknownPolicy::new(name, Self::POLICY_NAMES)),
        }
    }
}

/// The toy's definition ([`Definition`], [`Encoding`]): one preset, `standard`; action id `c`
/// for card `c`; one observation type, `planes`: 3 rows of 6 cards (the observer's hand, the
/// cards played, and the observer's number in row 2's first column).
///
/// ```
/// use cards_core::game::{Definition, Encoding, Game, testing_toy::ToyGame};
/// let rules = ToyGame::default_rules();
/// let g = ToyGame::new_game(&rules, 1).unwrap();
/// assert_eq!(g.num_players(), ToyGame::NUM_PLAYERS);
/// assert_eq!(ToyGame::num_actions(&rules), 6);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ToyGame;

/// The toy's rules: one preset.
///
/// ```
/// use cards_core::game::testing_toy::ToyRules;
/// assert_eq!("standard".parse::<ToyRules>().unwrap().to_string(), "standard");
/// assert!("other".parse::<ToyRules>().is_err());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ToyRules;

impl fmt::Display for ToyRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard")
    }
}

impl FromStr for ToyRules {
    type Err = ToyError;

    fn from_str(s: &str) -> Result<ToyRules, ToyError> {
        if s.trim().eq_ignore_ascii_case("standard") {
            Ok(ToyRules)
        } else {
            Err(ToyError::Rules)
        }
    }
}

impl Definition for ToyGame {
    type Game = Toy;
    type Rules = ToyRules;
    type Deal = [u8; 2];
    type DealError = ToyError;

    const NAME: &'static str = "toy";
    const NUM_PLAYERS: usize = 2;
    const PRESETS: &'static [&'static str] = &["standard"];
    const DEFAULT_PRESET: &'static str = "standard";

    fn default_rules() -> ToyRules {
        ToyRules
    }

    fn new_game(_: &ToyRules, seed: u64) -> Result<Toy, ToyError> {
        Ok(Toy::new(seed))
    }

    fn from_deal(_: &ToyRules, deal: &[u8; 2]) -> Result<Toy, ToyError> {
        Toy::try_from_deal(*deal)
    }

    fn rules_of(_: &Toy) -> ToyRules {
        ToyRules
    }
}

impl Encoding for ToyGame {
    const OBSERVATION_TYPES: &'static [&'static str] = &["planes"];

    fn num_actions(_: &ToyRules) -> usize {
        6
    }

    fn action_id(_: &ToyRules, action: &ToyAction) -> Option<usize> {
        (action.0 < 6).then_some(action.0 as usize)
    }

    fn action_text(_: &ToyRules, id: usize) -> Option<String> {
        (id < 6).then(|| alloc::format!("c{id}"))
    }

    fn observation_shape(_: &ToyRules, kind: ObservationType) -> Result<[usize; 2], EncodeError> {
        match kind.0 {
            0 => Ok([3, 6]),
            index => Err(EncodeError::NoSuchType {
                game: Self::NAME,
                index,
            }),
        }
    }

    fn encode_into(
        rules: &ToyRules,
        kind: ObservationType,
        obs: &ToyObservation<'_>,
        out: &mut [i8],
    ) -> Result<(), EncodeError> {
        check_length(Self::observation_shape(rules, kind)?, out)?;
        out.fill(0);
        for (c, v) in out[..6].iter_mut().enumerate() {
            *v = i8::from(obs.hand >> c & 1 == 1);
        }
        for a in obs.history {
            out[6 + a.0 as usize % 6] = 1;
        }
        out[12] = obs.player as i8;
        Ok(())
    }
}
