//! What a player does on its turn: [`Action`], with its text form.

use core::fmt;

use cards_core::CardSet;

use crate::rules::moves::Sink;
use crate::{Error, Meld, Rules};

/// What a player does on its turn.
///
/// ```
/// use daifugo::{Action, Meld, Rules};
/// let a = Action::parse("S3 S4 S5", &Rules::UECDA).unwrap();
/// assert_eq!(a, Action::Play(Meld::parse("S3 S4 S5", &Rules::UECDA).unwrap()));
/// assert_eq!(Action::parse("pass", &Rules::UECDA), Ok(Action::Pass));
/// assert_eq!(format!("{a:#}"), "S3 S4 S5");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Pass (also allowed to a leader on a clear table).
    Pass,
    /// Play a meld.
    Play(Meld),
    /// In the exchange, the cards the 大富豪 (two) or the 富豪 (one) returns.
    Give(CardSet),
    /// A submission that is no meld at all (scattered cards, a card not held in a malformed
    /// grid): refused in the checked mode, a pass in the server's mode.
    Invalid,
}

impl Action {
    /// Reads `pass`, `invalid` (any case) or a meld (see [`Meld::parse`]).
    ///
    /// ```
    /// use daifugo::{Action, Rules};
    /// assert_eq!(Action::parse("Invalid", &Rules::UECDA), Ok(Action::Invalid));
    /// assert!(Action::parse("S3 H4", &Rules::UECDA).is_err());
    /// ```
    pub fn parse(text: &str, rules: &Rules) -> Result<Action, Error> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            Ok(Action::Pass)
        } else if t.eq_ignore_ascii_case("invalid") {
            Ok(Action::Invalid)
        } else {
            Meld::parse(t, rules).map(Action::Play)
        }
    }

    /// The meld played, if any.
    ///
    /// ```
    /// assert_eq!(daifugo::Action::Pass.meld(), None);
    /// ```
    #[must_use]
    pub const fn meld(&self) -> Option<Meld> {
        match self {
            Action::Play(m) => Some(*m),
            _ => None,
        }
    }
}

impl core::str::FromStr for Action {
    type Err = Error;

    /// `pass`, `invalid`, `give S3 S4` (an exchange) or a meld (read as [`Meld`]'s `FromStr`
    /// does): the [`Display`](fmt::Display) forms read back.
    ///
    /// ```
    /// use daifugo::Action;
    /// let a: Action = "give S3 H4".parse().unwrap();
    /// assert_eq!(a, Action::Give("S3 H4".parse().unwrap()));
    /// assert_eq!(a.to_string().parse::<Action>(), Ok(a));
    /// ```
    fn from_str(s: &str) -> Result<Action, Error> {
        let t = s.trim();
        match t.get(..5) {
            Some(head) if head.eq_ignore_ascii_case("give ") => {
                Ok(Action::Give(Rules::UECDA.parse_hand(&t[5..])?))
            }
            _ => Action::parse(t, &Rules::UECDA),
        }
    }
}

impl fmt::Display for Action {
    /// `pass`, `invalid`, the meld (`{:#}` in ASCII), or `give ♠3 ♥4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Invalid => f.write_str("invalid"),
            Action::Play(m) if f.alternate() => write!(f, "{m:#}"),
            Action::Play(m) => write!(f, "{m}"),
            Action::Give(c) if f.alternate() => write!(f, "give {:#}", crate::HandText(*c)),
            Action::Give(c) => write!(f, "give {}", crate::HandText(*c)),
        }
    }
}

/// `serde`: an [`Action`] is its ASCII text (`"pass"`, `"give S3 S4"`, `"S3 S4 S5"`).
/// The move generators write a game's legal plays straight into its action list.
impl Sink for Vec<crate::Action> {
    #[inline]
    fn push(&mut self, m: Meld) {
        Vec::push(self, crate::Action::Play(m));
    }
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn extend_melds<I: Iterator<Item = Meld>>(&mut self, melds: I) {
        self.extend(melds.map(crate::Action::Play));
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Action;

    as_text!(
        Action,
        "\"pass\", \"invalid\", \"give S3 S4\" or a meld such as \"S3 S4 S5\""
    );
}
