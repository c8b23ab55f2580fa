//! A turn's choice, [`Action`], with its text form.

use crate::rules::counts::Counts;
use crate::rules::generate::{Sink, follow, lead};
use crate::rules::moves::Move;
use crate::rules::options::Rules;

/// A turn's choice: pass, a bid (during a game's auction), or a play.
///
/// Text ([`Display`](std::fmt::Display)): `pass`, `bid 1`, `bid 2`, `bid 3`, `call`, `rob`, or the
/// play in the play notation ([`Move::notation`]: `333444-56`), read back by `FromStr`. A record
/// writes a bid as its bare number ([`record_text`](Self::record_text)); reading that back needs
/// the phase (`3` is a bid during the auction and a solo three after it): see
/// [`Game::parse_action`](crate::Game::parse_action).
///
/// ```
/// use doudizhu::{actions, Action, Rules};
/// let a = actions("3".parse()?, None, &Rules::STANDARD);
/// assert_eq!(a.len(), 1); // leading: no pass
/// assert!(matches!(a[0], Action::Play(_)));
/// assert_eq!(a[0].to_string(), "3");
/// assert_eq!(Action::Bid(2).to_string(), "bid 2");
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Pass: decline to bid, or decline to beat the table (never when leading).
    Pass,
    /// A bid of 1, 2 or 3 points during a game's auction.
    Bid(u8),
    /// Call the landlord (叫地主) under [`Auction::CallRob`](crate::Auction::CallRob).
    Call,
    /// Rob the landlord (抢地主) under [`Auction::CallRob`](crate::Auction::CallRob).
    Rob,
    /// Play a move.
    Play(Move),
}

impl Action {
    /// The action as a game record writes it: a bid as its digit (`1`), a play in the record
    /// notation ([`Move::notation`], read back under the game's rules), everything else as its
    /// [`Display`](std::fmt::Display) form. [`State::parse_action`](crate::State::parse_action)
    /// reads both forms in the auction.
    ///
    /// ```
    /// use doudizhu::Action;
    /// assert_eq!(Action::Bid(2).record_text(), "2");
    /// assert_eq!(Action::Bid(2).to_string(), "bid 2");
    /// assert_eq!(Action::Pass.record_text(), "pass");
    /// ```
    #[must_use]
    pub fn record_text(&self) -> String {
        match self {
            Action::Bid(n) => n.to_string(),
            Action::Play(m) => m.notation(),
            _ => self.to_string(),
        }
    }
}

/// Why a text is not an [`Action`] (see its `FromStr`).
///
/// ```
/// let e = "bid 7".parse::<doudizhu::Action>().unwrap_err();
/// assert_eq!(e.to_string(), "\"bid 7\" is not an action (bid 1, 2 or 3; pass; call; rob; or a play): the bid is not 1, 2 or 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionParseError {
    text: String,
    why: String,
}

impl std::fmt::Display for ActionParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} is not an action (bid 1, 2 or 3; pass; call; rob; or a play): {}",
            self.text, self.why
        )
    }
}

impl std::error::Error for ActionParseError {}

impl std::str::FromStr for Action {
    type Err = ActionParseError;

    /// Reads the [`Display`](std::fmt::Display) form back without a game: `pass`, `bid N`,
    /// `call`, `rob`, or a play in the record notation (its most natural reading under
    /// [`Rules::PERMISSIVE`](crate::Rules::PERMISSIVE) unless written `body-wings`), or in the
    /// full form `cards kind length main` that [`Move`]'s `FromStr` reads. In a game, prefer
    /// [`State::parse_action`](crate::State::parse_action), which reads plays under the game's rules.
    ///
    /// ```
    /// use doudizhu::Action;
    /// for text in ["pass", "bid 3", "call", "rob", "3334", "333444-56"] {
    ///     let a: Action = text.parse().unwrap();
    ///     assert_eq!(a.to_string(), text);
    /// }
    /// ```
    fn from_str(s: &str) -> Result<Action, ActionParseError> {
        let t = s.trim();
        let err = |why: &dyn std::fmt::Display| ActionParseError {
            text: t.chars().take(40).collect(),
            why: why.to_string(),
        };
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "pass" | "-" => return Ok(Action::Pass),
            "call" => return Ok(Action::Call),
            "rob" => return Ok(Action::Rob),
            _ => {}
        }
        if let Some(n) = lower.strip_prefix("bid ") {
            return match n.trim() {
                "1" => Ok(Action::Bid(1)),
                "2" => Ok(Action::Bid(2)),
                "3" => Ok(Action::Bid(3)),
                _ => Err(err(&"the bid is not 1, 2 or 3")),
            };
        }
        if t.contains(' ') {
            return t.parse::<Move>().map(Action::Play).map_err(|e| err(&e));
        }
        Move::parse_notation(t, &crate::Rules::PERMISSIVE)
            .map(Action::Play)
            .map_err(|e| err(&e))
    }
}

impl std::fmt::Display for Action {
    /// `pass`, `bid N`, `call`, `rob`, or the play in the record notation ([`Move::notation`]),
    /// or in [`Move`]'s full form when the notation would read back as another move.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Bid(n) => write!(f, "bid {n}"),
            Action::Call => f.write_str("call"),
            Action::Rob => f.write_str("rob"),
            Action::Play(m) => {
                let text = m.notation();
                if Move::parse_notation(&text, &crate::Rules::PERMISSIVE).is_ok_and(|r| r == *m) {
                    f.write_str(&text)
                } else {
                    write!(f, "{m}")
                }
            }
        }
    }
}

/// Every action of a turn: leading (`table` is `None`), every lead and no pass; following, pass
/// first and then every play that beats `table`.
///
/// ```
/// use doudizhu::{actions, classify, Action, Rules};
/// let table = classify("A".parse()?, &Rules::STANDARD).unwrap().first();
/// let a = actions("32".parse()?, Some(&table), &Rules::STANDARD);
/// assert_eq!(a.len(), 2);
/// assert_eq!(a[0], Action::Pass);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn actions(hand: Counts, table: Option<&Move>, rules: &Rules) -> Vec<Action> {
    match table {
        None => lead(hand, rules).into_iter().map(Action::Play).collect(),
        Some(t) => std::iter::once(Action::Pass)
            .chain(follow(hand, t, rules).into_iter().map(Action::Play))
            .collect(),
    }
}

impl Sink for Vec<Action> {
    #[inline]
    fn push_move(&mut self, m: Move) {
        self.push(Action::Play(m));
    }
    #[inline]
    fn entries(&self) -> usize {
        self.len()
    }
}

/// `serde`: an [`Action`] is `"pass"`, `"call"`, `"rob"`, a bid's number, or a move.
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::{self, Deserializer};
    use serde::ser::Serializer;
    use serde::{Deserialize, Serialize};

    use super::Action;
    use crate::rules::moves::Move;

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
}
