//! Why a round refused an action: [`RoundError`].

use std::fmt;

use super::{Phase, Seat};
use crate::{Advice, KabuError, Outcome};

/// Why a round refused an action. The round is unchanged after every one of these.
///
/// ```
/// use kabu::{Round, RoundError, Rules};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// assert_eq!(round.bet([0; 4]), Err(RoundError::NoStake));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RoundError {
    /// Stakes were given outside the bet phase.
    NotBetting {
        /// The phase the round was in.
        phase: Phase,
    },
    /// Every stake was 0: at least one field must carry a stake.
    NoStake,
    /// A stake action of the game interface above the rules' `max_stake`.
    StakeTooLarge {
        /// The field, 1 to 4.
        field: u8,
        /// The stake asked for.
        stake: u8,
        /// The rules' largest stake.
        max: u8,
    },
    /// A draw or a stand outside the draw phase.
    NotDrawing {
        /// The seat that tried to act.
        seat: Seat,
        /// The phase the round was in.
        phase: Phase,
    },
    /// A seat acted before its turn.
    OutOfTurn {
        /// The seat that tried to act.
        seat: Seat,
        /// The seat whose turn it is.
        current: Seat,
    },
    /// A seat acted a second time (a second draw, or a draw after standing).
    AlreadyActed {
        /// The seat.
        seat: Seat,
        /// Whether it had drawn (else it had stood).
        drew: bool,
    },
    /// A field without a stake acts by the house policy: nobody acts for it.
    NotStaked {
        /// The field.
        seat: Seat,
    },
    /// The draw rule forbids drawing: 7 points or more, or a two-card クッピン or シッピン.
    DrawForbidden {
        /// The seat.
        seat: Seat,
        /// Its two-card outcome.
        outcome: Outcome,
    },
    /// The draw rule forbids standing: 3 points or less.
    StandForbidden {
        /// The seat.
        seat: Seat,
        /// Its two-card outcome.
        outcome: Outcome,
    },
    /// An explicit deal that is not 15 distinct Kabu cards.
    BadDeal(KabuError),
    /// An exact computation left the range of its 128-bit rationals (the equilibrium's
    /// program on a deck or rule set it was not sized for); `what` names the step.
    Inexact {
        /// The step that overflowed.
        what: &'static str,
    },
    /// A record whose seed does not deal its cards.
    SeedMismatch {
        /// The record's seed.
        seed: u64,
    },
    /// A record whose seat decisions do not match the round (a house decision that differs, or
    /// a decision missing).
    RecordMismatch {
        /// The seat.
        seat: Seat,
    },
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundError::NotBetting { phase } => {
                write!(
                    f,
                    "stakes can only be set in the bet phase (the round is in {phase})"
                )
            }
            RoundError::NoStake => f.write_str("at least one field must carry a stake (all are 0)"),
            RoundError::StakeTooLarge { field, stake, max } => write!(
                f,
                "field {field}: a stake of {stake} is above the rules' max_stake {max}"
            ),
            RoundError::NotDrawing { seat, phase } => write!(
                f,
                "{seat} cannot draw or stand now: the round is in {phase}, not in draws"
            ),
            RoundError::OutOfTurn { seat, current } => {
                write!(f, "{seat} cannot act: it is {current}'s turn")
            }
            RoundError::AlreadyActed { seat, drew } => write!(
                f,
                "{seat} has already {}: a seat acts once (at most one third card)",
                if *drew { "drawn" } else { "stood" }
            ),
            RoundError::NotStaked { seat } => write!(
                f,
                "{seat} carries no stake: it draws by the house policy, nobody acts for it"
            ),
            RoundError::DrawForbidden { seat, outcome } => write!(
                f,
                "{seat} may not draw: it holds {} ({} points) and the draw rule says {}",
                outcome,
                outcome.points(),
                Advice::for_outcome(*outcome)
            ),
            RoundError::StandForbidden { seat, outcome } => write!(
                f,
                "{seat} may not stand: it holds {} ({} points) and the draw rule says {}",
                outcome,
                outcome.points(),
                Advice::for_outcome(*outcome)
            ),
            RoundError::BadDeal(e) => write!(f, "bad deal: {e}"),
            RoundError::Inexact { what } => {
                write!(f, "{what}: an exact number does not fit in 128 bits")
            }
            RoundError::SeedMismatch { seed } => {
                write!(
                    f,
                    "the record's seed {seed} does not deal the record's cards"
                )
            }
            RoundError::RecordMismatch { seat } => write!(
                f,
                "the record's decision for {seat} does not fit the round (missing, or not the house policy's for a field without a stake)"
            ),
        }
    }
}

impl std::error::Error for RoundError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RoundError::BadDeal(e) => Some(e),
            _ => None,
        }
    }
}
