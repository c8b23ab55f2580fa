//! Who decides the draws: the [`DrawStrategy`] trait and the built-in strategies
//! ([`BuiltinPolicy`], which are also players of the round).

use std::fmt;
use std::str::FromStr;

use cards_core::CardSet;

use super::{Observation, Seat, draw_rule};
#[cfg(doc)]
use super::{Round, RoundError};
use crate::{Advice, DECK, Hand, KabuError, Outcome, Role, Rules, Yaku};

/// A draw strategy: a program's answer to "draw?" for a seat, from what the seat may see.
///
/// It is not a player: a player of the round (bets and draws) is the one interface's
/// [`Policy`](crate::cards_core::game::Policy)`<Round>` (the built-in [`BuiltinPolicy`] is both). A
/// strategy is what the exact house edge ([`crate::house_edge`]), [`crate::simulate`] and
/// [`Round::play`] enumerate or apply seat by seat. (Named `Policy` before 0.3.0.)
///
/// Answers the draw rule forbids are refused by the round ([`RoundError::DrawForbidden`],
/// [`RoundError::StandForbidden`]).
///
/// ```
/// use kabu::{Observation, DrawStrategy, Round, Rules};
/// /// Draws at 5 points or less.
/// struct FiveOrLess;
/// impl DrawStrategy for FiveOrLess {
///     fn draws(&mut self, obs: &Observation) -> bool {
///         obs.outcome().points() <= 5
///     }
/// }
/// let mut round = Round::new(Rules::DEFAULT, 1);
/// round.bet([1, 1, 0, 0])?;
/// round.play(&mut FiveOrLess, &mut kabu::BuiltinPolicy::House)?;
/// assert!(round.is_over());
/// # Ok::<(), kabu::RoundError>(())
/// ```
pub trait DrawStrategy {
    /// Whether the seat draws a third card.
    fn draws(&mut self, obs: &Observation) -> bool;

    /// Whether the policy reads only the seat's own cards (and the rules): then
    /// [`Round::play`] does not gather the face-up cards, and the observation it passes has
    /// none. `false` unless a policy says otherwise; the built-in policies say `true`.
    fn own_cards_only(&self) -> bool {
        false
    }
}

impl<P: DrawStrategy + ?Sized> DrawStrategy for &mut P {
    fn draws(&mut self, obs: &Observation) -> bool {
        (**self).draws(obs)
    }

    fn own_cards_only(&self) -> bool {
        (**self).own_cards_only()
    }
}

/// The built-in policies. Each answers within the draw rule (where the rule decides, so do they).
///
/// - `house`: stand on a two-card クッピン or シッピン; draw at 3 or less; at 4 to 6 draw only
///   when the hand is a reach (one card from 嵐 or 順子); stand at 7 or more. The reading of the
///   original program's note that the evaluation (with its reach codes) decides whether a
///   non-player draws.
/// - `odds`: as `house` at 3 or less and 7 or more; at 4 to 6 draw when the exact probability
///   that a third card improves the hand's final rank is at least one half, over the cards it
///   has not seen. It counts only its own cards as seen (and cards out of play), not the
///   face-up cards of other hands, so that its house edge is exact (see [`crate::house_edge`]).
/// - `always`: draw whenever the rule allows.
/// - `never`: stand whenever the rule allows.
/// - `optimal`: the exact best decision from what it sees: a field on its two cards and the
///   dealer's face-up card (against the `house` dealer), the dealer on its two cards and each
///   staked field's face-up and third cards (against `house` fields); see
///   [`crate::exact_edge`] and the crate docs for exactly what it reads and why its edge is
///   exact.
/// - `equilibrium`: the exact equilibrium of the heads-up round ([`crate::equilibrium()`]): the
///   field on its two cards, which is face up and the dealer's face-up card, the dealer on its
///   two cards, which is face up, the field's face-up card and its third card; mixed decisions
///   by a coin hashed from the observation.
///
/// ```
/// use kabu::{BuiltinPolicy, Observation, DrawStrategy, Rules, Seat};
/// let reach = Observation::own_cards(Seat::Field1, "S2 S3".parse()?, Rules::DEFAULT);
/// assert!(BuiltinPolicy::House.draws(&reach)); // 5 points, a 順子 reach
/// assert!(!BuiltinPolicy::Never.draws(&reach));
/// assert_eq!("ODDS".parse::<BuiltinPolicy>()?, BuiltinPolicy::Odds);
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum BuiltinPolicy {
    /// Draw below 4, and at 4 to 6 on a reach.
    #[default]
    House,
    /// Draw below 4, and at 4 to 6 when a third card improves the rank at least half the time.
    Odds,
    /// Draw whenever allowed.
    Always,
    /// Stand whenever allowed.
    Never,
    /// The exact best response: to the `house` dealer as a field, to `house` fields as the
    /// dealer.
    Optimal,
    /// The exact equilibrium of the heads-up round ([`crate::equilibrium()`]): no policy of the
    /// other side does better against it.
    Equilibrium,
}

impl BuiltinPolicy {
    /// Every built-in policy, in [`BuiltinPolicy::NAMES`] order.
    ///
    /// ```
    /// assert_eq!(kabu::BuiltinPolicy::ALL.len(), 6);
    /// ```
    pub const ALL: [BuiltinPolicy; 6] = [
        BuiltinPolicy::House,
        BuiltinPolicy::Odds,
        BuiltinPolicy::Always,
        BuiltinPolicy::Never,
        BuiltinPolicy::Optimal,
        BuiltinPolicy::Equilibrium,
    ];

    /// The names: `house`, `odds`, `always`, `never`, `optimal`, `equilibrium`.
    ///
    /// ```
    /// assert_eq!(kabu::BuiltinPolicy::NAMES[1], "odds");
    /// ```
    pub const NAMES: [&'static str; 6] =
        ["house", "odds", "always", "never", "optimal", "equilibrium"];

    /// The policy's name.
    ///
    /// ```
    /// assert_eq!(kabu::BuiltinPolicy::Always.name(), "always");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        BuiltinPolicy::NAMES[self as usize]
    }
}

impl fmt::Display for BuiltinPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BuiltinPolicy {
    type Err = KabuError;

    /// `house`, `odds`, `always`, `never`, `optimal` or `equilibrium`, case-insensitive.
    fn from_str(s: &str) -> Result<BuiltinPolicy, KabuError> {
        BuiltinPolicy::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| KabuError::UnknownPolicy {
                text: s.to_string(),
            })
    }
}

/// The rank of a final outcome in the settlement order: points 0..=9, then 順子 10, 嵐 of the 5x
/// kind 11, 嵐 of the 10x kind 12. (A reach is not final: its points count.)
#[inline]
pub(crate) const fn final_rank(o: Outcome) -> u8 {
    FINAL_RANK[o.packed() as usize]
}

/// [`final_rank`] of every packed outcome (0 where a byte is no outcome).
static FINAL_RANK: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        if let Some(o) = Outcome::from_packed(b as u8) {
            t[b] = match o.yaku() {
                Yaku::Arashi10 => 12,
                Yaku::Arashi5 => 11,
                Yaku::Junko => 10,
                _ => o.points(),
            };
        }
        b += 1;
    }
    t
};

/// The `house` policy's decision on a two-card outcome, within the draw rule (`forced_draw`
/// on or off).
const fn house_draws(outcome: Outcome, forced_draw: bool) -> bool {
    let advice = if forced_draw {
        Advice::for_outcome(outcome)
    } else {
        Advice::Choice
    };
    match advice {
        Advice::MustDraw => true,
        Advice::MustStand => false,
        Advice::Choice => match outcome.yaku() {
            Yaku::Kuppin | Yaku::Shippin => false,
            _ if outcome.points() <= 3 => true,
            _ if outcome.points() >= 7 => false,
            y => y.is_reach(),
        },
    }
}

/// [`house_draws`] of every packed outcome, by `forced_draw` (`false` where a byte is no
/// outcome).
static HOUSE_DRAWS: [[bool; 256]; 2] = {
    let mut t = [[false; 256]; 2];
    let mut b = 0;
    while b < 256 {
        if let Some(o) = Outcome::from_packed(b as u8) {
            t[0][b] = house_draws(o, false);
            t[1][b] = house_draws(o, true);
        }
        b += 1;
    }
    t
};

/// Whether drawing to `hand` improves its final rank at least half the time, every card of the
/// deck outside the hand and `out_of_play` equally likely.
#[inline(never)]
fn odds_draw(hand: Hand, out_of_play: CardSet) -> bool {
    let now = hand.cards();
    let unseen = DECK - now - out_of_play;
    // Two-card points are the final rank of a two-card hand that is not クッピン or シッピン.
    let points = crate::evaluate(hand, Role::Child, Rules::DEFAULT).points();
    let mut better = 0u32;
    for c in unseen {
        let three = Hand::from_set_unchecked(now.with(c));
        if final_rank(crate::evaluate(three, Role::Child, Rules::DEFAULT)) > points {
            better += 1;
        }
    }
    2 * better >= unseen.len() as u32
}

impl BuiltinPolicy {
    /// The decision for a two-card hand seen alone (plus the cards out of play).
    #[inline]
    pub(crate) fn decide(self, seat: Seat, hand: Hand, rules: Rules, out_of_play: CardSet) -> bool {
        self.decide_outcome(
            seat,
            hand.evaluate(seat.role(), rules),
            hand,
            rules,
            out_of_play,
        )
    }

    /// [`BuiltinPolicy::decide`] given the hand's two-card outcome.
    #[inline]
    pub(crate) fn decide_outcome(
        self,
        seat: Seat,
        outcome: Outcome,
        hand: Hand,
        rules: Rules,
        out_of_play: CardSet,
    ) -> bool {
        if self == BuiltinPolicy::House {
            return HOUSE_DRAWS[rules.forced_draw as usize][outcome.packed() as usize];
        }
        match draw_rule(outcome, rules) {
            Advice::MustDraw => return true,
            Advice::MustStand => return false,
            Advice::Choice => {}
        }
        match self {
            BuiltinPolicy::Always => true,
            BuiltinPolicy::Never => false,
            BuiltinPolicy::Optimal | BuiltinPolicy::Equilibrium => {
                let mut obs = Observation::own_cards(seat, hand, rules);
                obs.out_of_play = out_of_play;
                crate::players::optimal::draws(&obs)
            }
            BuiltinPolicy::House | BuiltinPolicy::Odds => match outcome.yaku() {
                Yaku::Kuppin | Yaku::Shippin => false,
                _ if outcome.points() <= 3 => true,
                _ if outcome.points() >= 7 => false,
                _ => odds_draw(hand, out_of_play),
            },
        }
    }
}

impl DrawStrategy for BuiltinPolicy {
    #[inline]
    fn draws(&mut self, obs: &Observation) -> bool {
        match self {
            BuiltinPolicy::Optimal => return crate::players::optimal::draws(obs),
            BuiltinPolicy::Equilibrium => return crate::equilibrium::draws(obs),
            _ => {}
        }
        self.decide(obs.seat, obs.hand, obs.rules, obs.out_of_play)
    }

    /// True for every built-in policy but `optimal` and `equilibrium`, which read the face-up
    /// cards.
    fn own_cards_only(&self) -> bool {
        !matches!(self, BuiltinPolicy::Optimal | BuiltinPolicy::Equilibrium)
    }
}

/// `serde`: a [`BuiltinPolicy`] is its name.
#[cfg(feature = "serde")]
mod serde_impls {
    use super::BuiltinPolicy;

    as_text! {
        BuiltinPolicy => |p| p.name(), "a policy name: house, odds, always, never, optimal or equilibrium";
    }
}
