//! The bridge between the protocol loops and the `daifugo` game engine: the match around the
//! games (seats, classes, seeds), a submission as the server read it, the game record as JSON.

use cards_core::CardSet;
use daifugo::uecda::Grid;
use daifugo::{Action, Class, Game, Match, Meld, Mode, Rules, Table};

/// A turn player's submission as the server read it.
#[derive(Clone, Debug)]
pub enum Submission {
    /// An all-zero grid (or no answer: a disconnected player).
    Pass,
    /// A meld, and the grid as submitted (the field grid echoes it).
    Meld(Meld, Box<Grid>),
    /// A grid that is no meld.
    Invalid,
}

/// What the players are told at a deal.
#[derive(Clone, Copy, Debug)]
pub struct DealView {
    /// Class of player 0..4 (0 = 大富豪), `None` in a reset game.
    pub classes: Option<[u8; 5]>,
    /// Hands as dealt, before the tribute.
    pub dealt: [CardSet; 5],
    /// Cards each player must give in the exchange (2 for the 大富豪, 1 for the 富豪).
    pub to_give: [u8; 5],
    /// The player at seat 0..4.
    pub seats: [u8; 5],
}

/// A match (the game crate's [`Match`]: a seat shuffle before games 1, 4, 7, ..., a class reset
/// every 100 games, every deal from the match's seed), each game played in the server's mode.
pub struct Engine {
    rules: Rules,
    matched: Match,
    game: Game,
}

impl Engine {
    pub fn new(rules: Rules, seed: u64) -> Engine {
        Engine {
            rules,
            matched: Match::new(rules, seed),
            game: Game::new(rules, seed),
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Deals the next game (seat shuffle and class reset as due, the tribute done).
    pub fn start_game(&mut self) -> DealView {
        self.game = self.matched.next_game();
        self.game.set_mode(Mode::Server);
        let class_idx = self.game.classes().map(|c| c.map(Class::index));
        let mut to_give = [0u8; 5];
        if self.game.is_exchanging()
            && let Some(c) = class_idx
        {
            for p in 0..5 {
                to_give[p] = match c[p] {
                    0 => 2,
                    1 => 1,
                    _ => 0,
                };
            }
        }
        DealView {
            classes: class_idx,
            dealt: self.game.deal().hands,
            to_give,
            seats: self.game.seats(),
        }
    }

    pub fn hand(&self, p: usize) -> CardSet {
        self.game.hands()[p]
    }

    /// The player who must give cards now, during the exchange.
    pub fn giver(&self) -> Option<usize> {
        if self.game.is_exchanging() {
            self.game.seat_to_act().map(usize::from)
        } else {
            None
        }
    }

    /// The giver's exchange: the cards it chose, or `None` for its strongest.
    pub fn exchange(&mut self, chosen: Option<CardSet>) {
        let action = chosen.map_or(Action::Invalid, Action::Give);
        // the server's mode never refuses a give: an invalid one gives the strongest cards
        let _ = self.game.apply_with_outcome(action);
    }

    pub fn state(&self) -> Table {
        *self.game.state()
    }

    pub fn turn_player(&self) -> usize {
        self.game.seat_to_act().map_or(0, usize::from)
    }

    pub fn counts(&self) -> [u8; 5] {
        self.game.hands().map(|h| h.len() as u8)
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The places of the game just over; the next game's classes follow from them.
    pub fn places(&mut self) -> [u8; 5] {
        self.matched.finish(&self.game);
        self.game.places()
    }

    /// Applies the turn player's submission; whether it was accepted, and whether the table
    /// was cleared after it.
    pub fn submit(&mut self, sub: &Submission) -> (bool, bool) {
        let action = match sub {
            Submission::Pass => Action::Pass,
            Submission::Meld(m, _) => Action::Play(*m),
            Submission::Invalid => Action::Invalid,
        };
        // the server's mode refuses nothing: an illegal submission is a pass
        self.game
            .apply_with_outcome(action)
            .map_or((false, false), |o| (o.accepted, o.flushed))
    }

    /// The game's record as one line of JSON (the game crate's record format).
    pub fn record_json(&self) -> String {
        serde_json::to_string(&self.game.record()).unwrap_or_default()
    }
}
