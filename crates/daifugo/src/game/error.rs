//! Why an action or a game was refused: [`GameError`].

use core::fmt;

use cards_core::{Card, CardSet};

#[cfg(doc)]
use super::Game;
use super::{Action, PLAYERS};
use crate::{Error, Meld};

/// Why [`Game::apply_with_outcome`] (or building a game from a deal or a record) refused.
///
/// ```
/// use daifugo::{Action, Game, GameError, Rules};
/// let mut g = Game::new(Rules::UECDA, 1);
/// let p = g.seat_to_act().unwrap();
/// assert_eq!(g.apply_with_outcome(Action::Invalid), Err(GameError::Invalid { player: p }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over: nobody acts.
    Over,
    /// The meld is not legal now for this player: not held, no meld under the rules, or it
    /// does not beat the table (the reason says which).
    Illegal {
        /// The player to move.
        player: u8,
        /// The meld it tried.
        meld: Meld,
        /// Why it is not legal.
        reason: Error,
    },
    /// An [`Action::Invalid`] submission, in the checked mode.
    Invalid {
        /// The player to move.
        player: u8,
    },
    /// A give during play, or a play or pass during the exchange.
    WrongPhase {
        /// The player to move.
        player: u8,
        /// The action tried.
        action: Action,
    },
    /// An exchange of the wrong number of cards, or of cards not held.
    BadExchange {
        /// The giver.
        player: u8,
        /// The cards it tried to give.
        cards: CardSet,
        /// How many it must give.
        count: u8,
    },
    /// A deal's seats are not the players 0..=4 each once.
    BadSeats([u8; PLAYERS]),
    /// A deal's classes are not the classes 0..=4 each once (their indices).
    BadClasses([u8; PLAYERS]),
    /// A card dealt to two players (the second one named).
    CardInTwoHands {
        /// The card.
        card: Card,
        /// The second player holding it.
        player: u8,
    },
    /// A hand outside the rules' deck (a red joker, or a joker the rules do not have).
    BadHand {
        /// The player.
        player: u8,
        /// Why.
        reason: Error,
    },
    /// A record's exchange is `null` where the game exchanges (`true`), or given where it does
    /// not (`false`).
    ExchangeMismatch {
        /// Whether the game has an exchange.
        game_exchanges: bool,
    },
    /// A record's action `index` is by `player` while it is `expected`'s turn.
    NotYourTurn {
        /// The action's index in the record.
        index: usize,
        /// Who the record says acts.
        player: u8,
        /// Whose turn it is.
        expected: u8,
    },
    /// A record's action `index` comes after the game's end.
    AfterTheEnd {
        /// The action's index in the record.
        index: usize,
    },
    /// A record's action `index` is a give (gives belong in the record's exchange).
    GiveInPlay {
        /// The action's index in the record.
        index: usize,
    },
    /// A record whose `actions` actions end before the game does.
    EndsEarly {
        /// How many actions the record has.
        actions: usize,
    },
    /// A record's hands are not the whole deck of its rules (these cards are in no hand).
    DealNotDeck {
        /// The deck's cards no hand holds.
        missing: CardSet,
    },
    /// A record's `places` are not the places 1..=5 each once.
    BadPlaces([u8; PLAYERS]),
    /// A record's `places` disagree with the places its game gave (a player who finished
    /// before the cut-off, or the order the places give the others).
    PlacesDisagree {
        /// The record's places.
        recorded: [u8; PLAYERS],
        /// The places the replay gave.
        replayed: [u8; PLAYERS],
    },
    /// A record's `exchange[player]` is not what the player returned: not `count` cards of its
    /// hand after the tribute (`count` 0: the player returns nothing, and its entry must be
    /// empty).
    RecordExchange {
        /// The player (its index in `exchange`).
        player: u8,
        /// The cards the record gives.
        cards: CardSet,
        /// How many cards the player returns (2 for the 大富豪, 1 for the 富豪, else 0).
        count: u8,
    },
    /// A record gives `places` but its game was not cut off (places are only for a game the
    /// endless-passing cut-off ended).
    PlacesNotCutOff,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over => f.write_str("the game is over"),
            GameError::Illegal {
                player,
                meld,
                reason,
            } => write!(f, "player {player} cannot play {meld:#}: {reason}"),
            GameError::Invalid { player } => {
                write!(f, "player {player} submitted no meld (invalid)")
            }
            GameError::WrongPhase { player, action } => match action {
                Action::Give(_) => write!(
                    f,
                    "player {player} gives cards, but the exchange is over (play or pass)"
                ),
                _ => write!(
                    f,
                    "player {player} must give cards in the exchange, not {action:#}"
                ),
            },
            GameError::BadExchange {
                player,
                cards,
                count,
            } => write!(
                f,
                "player {player} must give {count} card{} of its hand, not \"{:#}\"",
                if *count == 1 { "" } else { "s" },
                crate::HandText(*cards)
            ),
            GameError::BadSeats(s) => {
                write!(f, "seats {s:?} are not the players 0..=4 each once")
            }
            GameError::BadClasses(c) => {
                write!(f, "classes {c:?} are not the classes 0..=4 each once")
            }
            GameError::CardInTwoHands { card, player } => write!(
                f,
                "card {} is in two hands (player {player}'s and another)",
                crate::rules::meld::CardText(*card)
            ),
            GameError::BadHand { player, reason } => {
                write!(f, "hand of player {player}: {reason}")
            }
            GameError::ExchangeMismatch {
                game_exchanges: true,
            } => f.write_str(
                "\"exchange\" is null, but the game has an exchange (classes given, exchange on)",
            ),
            GameError::ExchangeMismatch {
                game_exchanges: false,
            } => f.write_str(
                "\"exchange\" is given, but the game has none (a reset game, or the exchange off)",
            ),
            GameError::NotYourTurn {
                index,
                player,
                expected,
            } => write!(
                f,
                "actions[{index}]: player {player} acts, but it is player {expected}'s turn"
            ),
            GameError::AfterTheEnd { index } => {
                write!(f, "actions[{index}]: the game is already over")
            }
            GameError::GiveInPlay { index } => {
                write!(f, "actions[{index}]: a give is no action of play")
            }
            GameError::EndsEarly { actions } => {
                write!(f, "the actions end before the game does ({actions} given)")
            }
            GameError::DealNotDeck { missing } => write!(
                f,
                "\"hands\" are not the whole deck: no hand holds {:#}",
                crate::HandText(*missing)
            ),
            GameError::BadPlaces(p) => {
                write!(f, "\"places\" {p:?} are not the places 1..=5 each once")
            }
            GameError::PlacesDisagree { recorded, replayed } => write!(
                f,
                "\"places\" {recorded:?} disagree with the game's, {replayed:?} (a player who finished before the cut-off keeps its place)"
            ),
            GameError::RecordExchange {
                player,
                cards,
                count: 0,
            } => write!(
                f,
                "exchange[{player}]: player {player} returns nothing in the exchange, not \"{:#}\" (write \"\")",
                crate::HandText(*cards)
            ),
            GameError::RecordExchange {
                player,
                cards,
                count,
            } => write!(
                f,
                "exchange[{player}]: player {player} returns {count} card{} of its hand after the tribute, not \"{:#}\"",
                if *count == 1 { "" } else { "s" },
                crate::HandText(*cards)
            ),
            GameError::PlacesNotCutOff => f.write_str(
                "\"places\" are given, but the game was not cut off (they are only for a game the endless-passing cut-off ended)",
            ),
        }
    }
}

impl core::error::Error for GameError {}
