//! Settling a field against the dealer: [`settle`], its [`Case`]s, a field's
//! [`FieldSettlement`], and a round's settlement and net.

use std::fmt;

use super::{Round, Seat, final_rank};
use crate::{Outcome, Rules, Ties, Yaku};

/// Which row of the settlement table applied to a field.
///
/// ```
/// assert_eq!(kabu::Case::FieldWins.name(), "field_wins");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Case {
    /// The dealer holds a two-card クッピン: the player loses the stake.
    DealerKuppin,
    /// The field holds a two-card シッピン: the player wins twice the stake (3倍返し).
    Shippin,
    /// The field's final rank is above the dealer's: the player wins (m - 1) times the stake.
    FieldWins,
    /// Equal ranks, `ties = dealer`: the player loses the stake.
    TieToDealer,
    /// Equal ranks, `ties = push`: the stake is returned.
    Push,
    /// The field's rank is below the dealer's: the player loses the stake (the dealer's
    /// multiplier times the stake with `dealer_collects_multiplier` and a dealer's yaku).
    DealerWins,
}

impl Case {
    /// The name: `dealer_kuppin`, `shippin`, `field_wins`, `tie_to_dealer`, `push`,
    /// `dealer_wins`.
    ///
    /// ```
    /// assert_eq!(kabu::Case::TieToDealer.name(), "tie_to_dealer");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Case::DealerKuppin => "dealer_kuppin",
            Case::Shippin => "shippin",
            Case::FieldWins => "field_wins",
            Case::TieToDealer => "tie_to_dealer",
            Case::Push => "push",
            Case::DealerWins => "dealer_wins",
        }
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The settlement of one field against the dealer, per unit stake: the case and the player's
/// net in stakes.
///
/// ```
/// use kabu::{Case, Hand, Role, Rules};
/// let field = "S5 H5 D5".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
/// let dealer = "S9 H9".parse::<Hand>()?.evaluate(Role::Dealer, Rules::DEFAULT);
/// assert_eq!(kabu::settle(field, dealer, Rules::DEFAULT), (Case::FieldWins, 9));
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[must_use]
#[inline]
pub const fn settle(field: Outcome, dealer: Outcome, rules: Rules) -> (Case, i64) {
    if matches!(dealer.yaku(), Yaku::Kuppin) {
        return (Case::DealerKuppin, -1);
    }
    if matches!(field.yaku(), Yaku::Shippin) {
        return (Case::Shippin, 2);
    }
    let (f, d) = (final_rank(field), final_rank(dealer));
    if f > d {
        return (Case::FieldWins, multiplier(f) - 1);
    }
    if f == d {
        return match rules.ties {
            Ties::Dealer => (Case::TieToDealer, -1),
            Ties::Push => (Case::Push, 0),
        };
    }
    if rules.dealer_collects_multiplier && d >= 10 {
        (Case::DealerWins, -multiplier(d))
    } else {
        (Case::DealerWins, -1)
    }
}

/// The multiplier of a final rank: 嵐 A/3/5/10 10, other 嵐 5, 順子 5, points 2.
#[inline]
const fn multiplier(rank: u8) -> i64 {
    match rank {
        12 => 10,
        10 | 11 => 5,
        _ => 2,
    }
}

/// The settlement of one staked field.
///
/// ```
/// use kabu::{Round, Rules, Seat};
/// let mut round = Round::new(Rules::DEFAULT, 3);
/// round.bet([2, 0, 0, 0])?;
/// round.play(&mut kabu::BuiltinPolicy::House, &mut kabu::BuiltinPolicy::House)?;
/// let s = round.settlement(Seat::Field1).unwrap();
/// assert_eq!(s.stake, 2);
/// assert_eq!(s.net % 2, 0);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FieldSettlement {
    /// The field.
    pub seat: Seat,
    /// The stake on it.
    pub stake: u32,
    /// The player's net: positive a win, negative a loss.
    pub net: i64,
    /// The row of the settlement table that applied.
    pub case: Case,
    /// The field's final outcome.
    pub field: Outcome,
    /// The dealer's final outcome.
    pub dealer: Outcome,
}

impl Round {
    /// The settlement of a staked field, once the round is over.
    ///
    /// ```
    /// use kabu::{BuiltinPolicy, Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 5);
    /// round.bet([1, 0, 0, 0])?;
    /// round.play(&mut BuiltinPolicy::House, &mut BuiltinPolicy::House)?;
    /// assert!(round.settlement(Seat::Field1).is_some());
    /// assert!(round.settlement(Seat::Field2).is_none()); // no stake
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn settlement(&self, seat: Seat) -> Option<FieldSettlement> {
        if !self.is_over() || seat == Seat::Dealer {
            return None;
        }
        let stake = self.stakes[seat.index()];
        if stake == 0 {
            return None;
        }
        let field = self.outcome(seat)?;
        let dealer = self.outcome(Seat::Dealer)?;
        let (case, per_unit) = settle(field, dealer, self.rules);
        Some(FieldSettlement {
            seat,
            stake,
            net: per_unit * i64::from(stake),
            case,
            field,
            dealer,
        })
    }

    /// The player's total net over the staked fields (0 until the round is over).
    ///
    /// ```
    /// let round = kabu::Round::new(kabu::Rules::DEFAULT, 5);
    /// assert_eq!(round.net(), 0);
    /// ```
    #[must_use]
    pub fn net(&self) -> i64 {
        if !self.is_over() {
            return 0;
        }
        // The sum of `settlement(s).net` over the staked fields.
        let dealer = self.outcomes[Seat::Dealer.index()];
        let mut total = 0;
        for (&stake, &field) in self.stakes.iter().zip(&self.outcomes) {
            if stake != 0 {
                total += settle(field, dealer, self.rules).1 * i64::from(stake);
            }
        }
        total
    }
}

/// `serde`: a [`Case`] is its name, a [`FieldSettlement`] the object `{"case", "dealer",
/// "field", "net", "seat", "stake"}` (written only).
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::Serialize;
    use serde::ser::{SerializeStruct, Serializer};

    use super::{Case, FieldSettlement};

    impl Serialize for Case {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    impl Serialize for FieldSettlement {
        /// `{"case", "dealer": <outcome>, "field": <outcome>, "net", "seat": 1..4, "stake"}`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("FieldSettlement", 6)?;
            st.serialize_field("case", &self.case)?;
            st.serialize_field("dealer", &self.dealer)?;
            st.serialize_field("field", &self.field)?;
            st.serialize_field("net", &self.net)?;
            st.serialize_field("seat", &self.seat.field_number())?;
            st.serialize_field("stake", &self.stake)?;
            st.end()
        }
    }
}
