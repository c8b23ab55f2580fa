//! A whole game of five players as the official UEC contest server plays it: the seeded deal, the
//! card exchange, the ♦3 leader, tricks with final passes, the owner's extra turn, flushes,
//! finishing, places and points; and a match of games with classes carried over.
//!
//! The files: this one (the [`Game`] type and its accessors), `class.rs` ([`Class`]),
//! `action.rs` ([`Action`]), `error.rs` ([`GameError`]), `deal.rs` ([`Deal`] and the
//! constructors), `exchange.rs` (the card exchange), `apply.rs` (legal actions, apply, [`Mode`],
//! [`Step`], [`Applied`]), `match.rs` ([`Match`]).

mod action;
mod apply;
mod class;
mod deal;
mod error;
mod exchange;
mod r#match;
pub(crate) mod observation;
pub(crate) mod record;

pub use action::Action;
#[allow(deprecated)]
pub use apply::Outcome;
pub use apply::{Applied, Mode, Step};
pub use class::Class;
pub use deal::Deal;
pub use error::GameError;
pub(crate) use exchange::give_count;
pub use exchange::weakest;
pub use r#match::Match;

use cards_core::{Card, CardSet, Rank, Rng, Suit};

use crate::{Rules, Table};

/// Players (and seats) in a game: always five.
pub const PLAYERS: usize = 5;

/// ♦3, whose holder leads the first trick.
const D3: Card = Card::new(Rank::Three, Suit::Diamonds);
/// No player (for "nothing played since the flush").
const NOBODY: u8 = u8::MAX;

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// The giver of this class (0 or 1) returns cards.
    Exchange(u8),
    Play,
    Over,
}

/// A game of five players under the UEC contest server's flow. See the crate docs for every rule.
///
/// `Game` is `Clone`; the hands, table and counters are a few dozen bytes, the history a
/// `Vec` of the actions so far.
///
/// ```
/// use daifugo::{Game, Rules};
/// let mut g = Game::new(Rules::UECDA, 42);
/// let mut legal = Vec::new();
/// while !g.is_over() {
///     legal.clear();
///     g.legal_actions_into(&mut legal);
///     g.apply_with_outcome(legal[0]).unwrap(); // the first listed action
/// }
/// let mut places = g.places();
/// places.sort_unstable();
/// assert_eq!(places, [1, 2, 3, 4, 5]);
/// ```
#[derive(Debug)]
pub struct Game {
    rules: Rules,
    mode: Mode,
    rng: Rng,
    seats: [u8; PLAYERS],
    /// The next seat's player after player `p`: `next[0][p]` in the normal direction,
    /// `next[1][p]` reversed.
    next: [[u8; PLAYERS]; 2],
    classes: Option<[Class; PLAYERS]>,
    dealt: [CardSet; PLAYERS],
    hands: [CardSet; PLAYERS],
    /// Each hand's number of cards (kept with `hands`, so observations need no popcounts).
    counts: [u8; PLAYERS],
    returned: [CardSet; PLAYERS],
    /// The cards each player gave in the exchange (its tribute or its return).
    given: [CardSet; PLAYERS],
    /// The cards each player received in the exchange (once they arrived).
    received: [CardSet; PLAYERS],
    phase: Phase,
    state: Table,
    turn: u8,
    leader: u8,
    last: u8,
    passed: u8,
    finished: u8,
    places: [u8; PLAYERS],
    finishers: u8,
    passes: u8,
    reversed: bool,
    cut_off: bool,
    forced_places: Option<[u8; PLAYERS]>,
    history: Vec<Step>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rng: self.rng.clone(),
            history: self.history.clone(),
            ..*self
        }
    }

    /// Copies `source` into this game, reusing the history's buffer (no allocation once it
    /// is large enough).
    fn clone_from(&mut self, source: &Game) {
        let mut history = core::mem::take(&mut self.history);
        history.clone_from(&source.history);
        *self = Game {
            rng: source.rng.clone(),
            history,
            ..*source
        };
    }
}

impl Game {
    /// The mode illegal actions are handled in (checked by default).
    ///
    /// ```
    /// use daifugo::{Game, Mode, Rules};
    /// assert_eq!(Game::new(Rules::UECDA, 0).mode(), Mode::Checked);
    /// ```
    #[must_use]
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// Sets the mode.
    pub const fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// The places the cut-off gives (by player; the finished players' entries are ignored),
    /// instead of drawing them: what a record of a cut-off game carries.
    pub const fn set_cut_off_places(&mut self, places: Option<[u8; PLAYERS]>) {
        self.forced_places = places;
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The deal this game started from (hands before the exchange).
    #[must_use]
    pub const fn deal(&self) -> Deal {
        Deal {
            seats: self.seats,
            classes: self.classes,
            hands: self.dealt,
        }
    }

    /// Player 0..=4's cards now.
    #[must_use]
    pub const fn hands(&self) -> [CardSet; PLAYERS] {
        self.hands
    }

    /// Player `p`'s cards and the cards it returned in the exchange (`p` below 5), without
    /// copying the arrays.
    pub(crate) const fn hand_and_returned(&self, p: usize) -> (CardSet, CardSet) {
        (self.hands[p], self.returned[p])
    }

    /// The cards player `p` gave and received in the exchange.
    pub(crate) const fn exchanged(&self, p: usize) -> (CardSet, CardSet) {
        (self.given[p], self.received[p])
    }

    /// Each player's number of cards (`hands().map(|h| h.len())`, kept up to date).
    pub(crate) const fn counts(&self) -> [u8; PLAYERS] {
        self.counts
    }

    /// The player at seat 0..=4.
    #[must_use]
    pub const fn seats(&self) -> [u8; PLAYERS] {
        self.seats
    }

    /// The classes before this game, by player (`None` in a reset game).
    #[must_use]
    pub const fn classes(&self) -> Option<[Class; PLAYERS]> {
        self.classes
    }

    /// The cards each player returned in the exchange (empty for the others).
    #[must_use]
    pub const fn returned(&self) -> [CardSet; PLAYERS] {
        self.returned
    }

    /// The table: the meld on it, revolution, 11-back, lock.
    #[must_use]
    pub const fn state(&self) -> &Table {
        &self.state
    }

    /// Every play and pass so far, in order (the exchange is in [`Game::returned`]).
    #[must_use]
    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// The players who passed in this trick, bit `p` for player `p`.
    #[must_use]
    pub const fn passed(&self) -> u8 {
        self.passed
    }

    /// The player whose meld is on the table (or who played last since the table cleared).
    #[must_use]
    pub const fn last_player(&self) -> Option<u8> {
        if self.last == NOBODY {
            None
        } else {
            Some(self.last)
        }
    }

    /// Who leads again if everyone passes before anything is played.
    #[must_use]
    pub const fn leader_player(&self) -> u8 {
        self.leader
    }

    /// The endless-passing counter (passes and rejections since the last accepted play).
    #[must_use]
    pub const fn pass_count(&self) -> u8 {
        self.passes
    }

    /// Whether 6-reverse has turned the direction of play (seat `s` to `s - 1`).
    #[must_use]
    pub const fn direction_reversed(&self) -> bool {
        self.reversed
    }

    /// Whether the game is in the card exchange.
    #[must_use]
    pub const fn is_exchanging(&self) -> bool {
        matches!(self.phase, Phase::Exchange(_))
    }

    /// Whether the game ended by the endless-passing cut-off.
    #[must_use]
    pub const fn cut_off(&self) -> bool {
        self.cut_off
    }

    /// The player to act, `None` once the game is over.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 5);
    /// let p = g.seat_to_act().unwrap() as usize;
    /// assert!(g.hands()[p].contains("D3".parse().unwrap())); // ♦3 leads
    /// ```
    #[must_use]
    pub const fn seat_to_act(&self) -> Option<u8> {
        match self.phase {
            Phase::Over => None,
            _ => Some(self.turn),
        }
    }

    /// Whether the game is over (four players finished, or the cut-off).
    #[must_use]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// Player 0..=4's finishing place 1..=5 (0 while not finished).
    #[must_use]
    pub const fn places(&self) -> [u8; PLAYERS] {
        self.places
    }

    /// Player 0..=4's points once the game is over (place 1..=5 gives 5..=1), `None` before.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// assert_eq!(Game::new(Rules::UECDA, 5).points(), None);
    /// ```
    #[must_use]
    pub fn points(&self) -> Option<[u8; PLAYERS]> {
        self.is_over().then(|| self.places.map(|p| 6 - p))
    }

    /// The classes of the next game (by player), from the places; `None` before the end.
    #[must_use]
    pub fn next_classes(&self) -> Option<[Class; PLAYERS]> {
        if !self.is_over() {
            return None;
        }
        let mut out = [Class::Heimin; PLAYERS];
        for (o, &p) in out.iter_mut().zip(&self.places) {
            *o = Class::from_place(p)?;
        }
        Some(out)
    }

    /// How many cards the player to move must give: 2 for the 大富豪, 1 for the 富豪 during the
    /// exchange, 0 outside it.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 1); // a reset game: no exchange
    /// assert_eq!(g.give_count(), 0);
    /// ```
    #[must_use]
    pub const fn give_count(&self) -> u8 {
        match self.phase {
            Phase::Exchange(0) => 2,
            Phase::Exchange(_) => 1,
            _ => 0,
        }
    }
}

/// Each hand's number of cards.
fn hand_counts(hands: [CardSet; PLAYERS]) -> [u8; PLAYERS] {
    hands.map(|h| h.len() as u8)
}

/// The next seat's player after each player, by direction (normal, reversed), given the seats
/// and each player's seat.
fn successors(seats: [u8; PLAYERS], seat_of: [u8; PLAYERS]) -> [[u8; PLAYERS]; 2] {
    let mut next = [[0; PLAYERS]; 2];
    for (p, &s) in seat_of.iter().enumerate() {
        next[0][p] = seats[(s as usize + 1) % PLAYERS];
        next[1][p] = seats[(s as usize + 4) % PLAYERS];
    }
    next
}

/// Whether `a` holds 0..=4 each once.
fn is_permutation(a: [u8; PLAYERS]) -> bool {
    let mut seen = 0u8;
    for &x in &a {
        if x as usize >= PLAYERS {
            return false;
        }
        seen |= 1 << x;
    }
    seen == 0x1f
}
