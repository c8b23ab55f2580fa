//! Why an action is refused: [`GameError`].

use std::fmt;

use super::Action;
use crate::game::deal::DealError;
use crate::rules::counts::Counts;
use crate::rules::moves::Move;
use crate::rules::notation::NotationError;
#[cfg(doc)]
use crate::{Auction, Game};

/// Why an action was refused (the state is unchanged).
///
/// ```
/// use doudizhu::{Action, Game, GameError, GameRules};
/// let mut g = Game::new(GameRules::STANDARD, 7)?;
/// assert_eq!(g.apply_with_outcome(Action::Bid(4)), Err(GameError::BidOutOfRange { bid: 4 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over.
    Over,
    /// A play during the auction.
    PlayInAuction,
    /// A bid, call or rob after the auction.
    BidInPlay,
    /// A bid that is not 1, 2 or 3.
    BidOutOfRange {
        /// The bid.
        bid: u8,
    },
    /// A bid not above the high bid.
    BidTooLow {
        /// The bid.
        bid: u8,
        /// The high bid.
        high: u8,
    },
    /// An auction action of another scheme: a bid under [`Auction::CallRob`], or a call or
    /// rob under a points auction.
    WrongAuction {
        /// The action.
        action: Action,
    },
    /// A call after the call (under [`Auction::CallRob`]: rob or pass).
    AlreadyCalled,
    /// A rob before anyone called (under [`Auction::CallRob`]: call or pass).
    NothingToRob,
    /// A pass by the player who leads.
    PassWhenLeading,
    /// A play with cards the player does not hold.
    NotInHand {
        /// The seat.
        seat: u8,
        /// The play.
        play: Move,
        /// The seat's hand.
        hand: Counts,
    },
    /// A move that is no reading of its cards under the play rules.
    NotAPlay {
        /// The play.
        play: Move,
    },
    /// A play that does not beat the table.
    DoesNotBeat {
        /// The play.
        play: Move,
        /// The play on the table.
        table: Move,
    },
    /// Text that is no action (see [`Game::parse_action`]).
    Notation(NotationError),
    /// Text that is no action in this phase.
    NotAnAction {
        /// The text read (at most 32 characters).
        text: String,
    },
    /// The deal.
    Deal(DealError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over => f.write_str("the game is over"),
            GameError::PlayInAuction => f.write_str("a play during the auction: bid or pass"),
            GameError::BidInPlay => f.write_str("a bid, call or rob after the auction"),
            GameError::BidOutOfRange { bid } => write!(f, "bid {bid}: bids are 1, 2 or 3"),
            GameError::BidTooLow { bid, high } => {
                write!(f, "bid {bid} is not above the high bid {high}")
            }
            GameError::WrongAuction { action } => {
                write!(f, "\"{action}\" is no action in this auction scheme")
            }
            GameError::AlreadyCalled => f.write_str("the landlord was called already: rob or pass"),
            GameError::NothingToRob => f.write_str("nobody called yet: call or pass"),
            GameError::PassWhenLeading => f.write_str("the leader cannot pass"),
            GameError::NotInHand { seat, play, hand } => write!(
                f,
                "seat {seat} does not hold {} (hand {hand})",
                play.notation()
            ),
            GameError::NotAPlay { play } => write!(
                f,
                "{} is no {} under these rules",
                play.notation(),
                play.kind()
            ),
            GameError::DoesNotBeat { play, table } => write!(
                f,
                "{} ({}) does not beat {} ({})",
                play.notation(),
                play.kind(),
                table.notation(),
                table.kind()
            ),
            GameError::Notation(e) => e.fmt(f),
            GameError::NotAnAction { text } => write!(
                f,
                "\"{text}\" is no action here: pass, a bid 1-3 (or call, rob) during the auction, or a play after it"
            ),
            GameError::Deal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

impl From<DealError> for GameError {
    fn from(e: DealError) -> GameError {
        GameError::Deal(e)
    }
}
