//! Game records: [`Record`] (rules, deal, actions; JSON with the `serde` feature) and
//! [`Record::replay`], which names the first illegal action.

use std::fmt;

use crate::game::Action;
use crate::game::deal::{Deal, DealError};
use crate::game::{Auction, Game, GameError, GameRules};
use crate::rules::counts::Counts;

/// A game record: the rules, each seat's 17 cards before the kitty, the kitty, the first
/// bidder (rules with an auction) or the landlord (rules without), and the actions in the
/// record notation (`pass`, bids `1`-`3` or `call`, `rob` during the auction, then plays as
/// [`Move::notation`](crate::Move::notation) writes them).
///
/// JSON (feature `serde`): `{"rules": "standard", "hands": ["...", "...", "..."], "kitty":
/// "...", "first_bidder": 0, "actions": ["1", "pass", ...]}` (`"landlord"` instead of
/// `"first_bidder"` for rules without an auction; `"face_up": "7"` when a face-up card chose
/// the first bidder; `"redeal": true` when every seat passed under a redeal rule). `rules` is a game preset's name or `{"flow": "standard", "plays": "douzero",
/// option: value, ...}` listing the options that differ.
///
/// ```
/// use doudizhu::{Game, GameRules, Record};
/// let mut g = Game::new(GameRules::RLCARD, 0)?;
/// let a = g.legal_actions()[0];
/// g.apply_with_outcome(a)?;
/// let r: Record = g.record();
/// assert_eq!(r.actions, ["3"]);
/// assert_eq!(r.replay()?.state(), g.state());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The rules.
    pub rules: GameRules,
    /// The deal.
    pub deal: Deal,
    /// The actions, in the record notation.
    pub actions: Vec<String>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// The deal is not a deal.
    Deal(DealError),
    /// The first illegal (or unreadable) action.
    Action {
        /// Its index in the action list (0-based, the auction's actions included).
        index: usize,
        /// Its text.
        text: String,
        /// Why.
        error: GameError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Deal(e) => e.fmt(f),
            ReplayError::Action { index, text, error } => {
                let t: String = text.chars().take(40).collect();
                write!(f, "action {index} \"{t}\": {error}")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<DealError> for ReplayError {
    fn from(e: DealError) -> ReplayError {
        ReplayError::Deal(e)
    }
}

impl Record {
    /// A record of these actions from this deal.
    #[must_use]
    pub fn new(rules: GameRules, deal: Deal, actions: &[Action]) -> Record {
        Record {
            rules,
            deal,
            actions: actions.iter().map(Action::record_text).collect(),
        }
    }

    /// A record from its parts, the deal checked.
    pub fn from_parts(
        rules: GameRules,
        hands: [Counts; 3],
        kitty: Counts,
        first: u8,
        actions: Vec<String>,
    ) -> Result<Record, DealError> {
        Ok(Record {
            rules,
            deal: Deal::new(hands, kitty, first)?,
            actions,
        })
    }

    /// Replays the record: the game after every action, or the first illegal action by index.
    ///
    /// ```
    /// use doudizhu::{Game, GameRules, Record, ReplayError};
    /// let g = Game::new(GameRules::STANDARD, 3)?;
    /// let mut r = g.record();
    /// r.actions = vec!["2".into(), "1".into()]; // a bid below the high bid
    /// let e = r.replay().unwrap_err();
    /// assert!(matches!(e, ReplayError::Action { index: 1, .. }));
    /// assert_eq!(e.to_string(), "action 1 \"1\": bid 1 is not above the high bid 2");
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::from_deal(self.rules, self.deal);
        for (index, text) in self.actions.iter().enumerate() {
            let err = |error| ReplayError::Action {
                index,
                text: text.clone(),
                error,
            };
            let action = game.parse_action(text).map_err(err)?;
            game.apply_with_outcome(action).map_err(err)?;
        }
        Ok(game)
    }

    /// The game as a person reads it: the deal, every action with its seat, and the result
    /// (the actions up to the first illegal one, which is named).
    ///
    /// ```
    /// use doudizhu::{Game, GameRules};
    /// let g = Game::new(GameRules::RLCARD, 0)?;
    /// let text = g.record().transcript();
    /// assert!(text.starts_with("rules: rlcard\nseat 0: 334479TTJQQKKAABR\n"), "{text}");
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    #[must_use]
    pub fn transcript(&self) -> String {
        use std::fmt::Write as _;
        let mut out = format!("rules: {}\n", self.rules);
        for (seat, h) in self.deal.hands.iter().enumerate() {
            let _ = writeln!(out, "seat {seat}: {h}");
        }
        let _ = writeln!(out, "kitty: {}", self.deal.kitty);
        if self.has_auction() {
            let _ = writeln!(out, "first bidder: seat {}", self.deal.first);
        }
        let mut game = Game::from_deal(self.rules, self.deal);
        if let Some(l) = game.state().landlord() {
            let _ = writeln!(out, "landlord: seat {l}, hand {}", game.state().hand(l));
        }
        for (index, text) in self.actions.iter().enumerate() {
            let Some(seat) = game.seat_to_act() else {
                let _ = writeln!(out, "action {index} \"{text}\": the game is over");
                return out;
            };
            let action = match game.parse_action(text) {
                Ok(a) => a,
                Err(e) => {
                    let _ = writeln!(out, "action {index} \"{text}\": {e}");
                    return out;
                }
            };
            let fx = match game.apply_with_outcome(action) {
                Ok(fx) => fx,
                Err(e) => {
                    let _ = writeln!(out, "action {index} \"{text}\": {e}");
                    return out;
                }
            };
            let _ = match action {
                Action::Pass => writeln!(out, "seat {seat}: pass"),
                Action::Bid(b) => writeln!(out, "seat {seat}: bid {b}"),
                Action::Call => writeln!(out, "seat {seat}: call"),
                Action::Rob => writeln!(out, "seat {seat}: rob"),
                Action::Play(m) => writeln!(out, "seat {seat}: {} ({})", action, m.kind()),
            };
            if let Some(l) = fx.landlord {
                let _ = writeln!(
                    out,
                    "landlord: seat {l} at bid {}{}, takes the kitty: hand {}",
                    game.state().bid(),
                    match game.state().robs() {
                        0 => String::new(),
                        n => format!(" robbed {n}x"),
                    },
                    game.state().hand(l)
                );
            }
        }
        let st = game.state();
        if st.is_over() {
            match st.landlord_won() {
                Some(true) => out.push_str("the landlord wins"),
                Some(false) => out.push_str("the peasants win"),
                None if st.redeal() => out.push_str("all pass: deal again"),
                None => out.push_str("all pass: the game ends"),
            }
            let r = st.scores();
            let _ = writeln!(
                out,
                "; bombs {}, rockets {}, spring {}, multiplier {}; returns {} {} {}",
                st.bombs(),
                st.rockets(),
                if st.spring() { "yes" } else { "no" },
                st.multiplier(),
                r[0],
                r[1],
                r[2]
            );
        } else {
            out.push_str("(not over)\n");
        }
        out
    }

    /// Whether the rules hold an auction (the deal's first seat is then the first bidder).
    #[must_use]
    pub fn has_auction(&self) -> bool {
        !matches!(self.rules.auction, Auction::None)
    }
}

/// `serde`: a [`Record`] is the record object its docs show.
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::{self, Deserializer};
    use serde::ser::Serializer;
    use serde::{Deserialize, Serialize};

    use super::Record;
    use crate::game::{Auction, GameRules};
    use crate::rules::counts::{Counts, Rank};

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
}
