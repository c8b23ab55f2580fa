//! What one player may see of a game, and a determinisation for search.

use cards_core::CardSet;

use crate::game::{Class, Game, PLAYERS, Step};
use crate::meld::{JK, STD};
use crate::{Rules, State};
use cards_core::Rng;

/// What player `player` sees: its own hand, the table, every player's card count, class and
/// seat, revolution and lock (in [`Observation::state`]), who passed and finished, and the
/// history of plays. Other hands are not in it, so an agent cannot read them by accident.
///
/// ```
/// use daifugo::{Game, Rules};
/// let g = Game::new(Rules::UECDA, 4);
/// let o = g.observation(2);
/// assert_eq!(o.hand, g.hands()[2]);
/// assert_eq!(o.counts.iter().map(|&c| c as usize).sum::<usize>(), 53);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Observation<'a> {
    /// The observing player.
    pub player: u8,
    /// Its cards.
    pub hand: CardSet,
    /// Player 0..=4's number of cards.
    pub counts: [u8; PLAYERS],
    /// The classes before the game (by player), `None` in a reset game.
    pub classes: Option<[Class; PLAYERS]>,
    /// The player at seat 0..=4.
    pub seats: [u8; PLAYERS],
    /// The table: its meld, revolution, 11-back, lock.
    pub state: State,
    /// The player to act (`None` once the game is over).
    pub turn: Option<u8>,
    /// Whether the game is in the exchange (then `turn` gives cards).
    pub exchanging: bool,
    /// The players who passed in this trick, bit `p` for player `p`.
    pub passed: u8,
    /// Player 0..=4's place (0 while playing).
    pub places: [u8; PLAYERS],
    /// Whose meld is on the table (or who played last since it cleared).
    pub last_player: Option<u8>,
    /// Who leads the trick if nothing is played before everyone passes.
    pub leader: u8,
    /// The endless-passing counter.
    pub pass_count: u8,
    /// Whether 6-reverse turned the direction of play.
    pub direction_reversed: bool,
    /// The cards this player returned in the exchange (empty if none).
    pub returned: CardSet,
    /// Every play and pass so far (the exchange is not in it).
    pub history: &'a [Step],
    /// The rules.
    pub rules: Rules,
}

impl Game {
    /// What `player` (0..=4; a larger number is read modulo 5) sees now.
    #[must_use]
    pub fn observation(&self, player: u8) -> Observation<'_> {
        let p = player as usize % PLAYERS;
        let (hand, returned) = self.hand_and_returned(p);
        Observation {
            player: p as u8,
            hand,
            counts: self.counts(),
            classes: self.classes(),
            seats: self.seats(),
            state: *self.state(),
            turn: self.current_player(),
            exchanging: self.is_exchanging(),
            passed: self.passed(),
            places: self.places(),
            last_player: self.last_player(),
            leader: self.leader_player(),
            pass_count: self.pass_count(),
            direction_reversed: self.direction_reversed(),
            returned,
            history: self.history(),
            rules: *self.rules(),
        }
    }
}

impl Observation<'_> {
    /// The cards this player cannot see: the deck less its hand and every card played.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let o = g.observation(0);
    /// assert_eq!(o.unseen().len(), 53 - o.hand.len());
    /// ```
    #[must_use]
    pub fn unseen(&self) -> CardSet {
        let deck = if self.rules.joker { STD | JK } else { STD };
        let mut played = 0;
        for s in self.history {
            if let (true, Some(m)) = (s.accepted, s.action.meld()) {
                played |= m.cards().bits();
            }
        }
        CardSet::from_bits_truncate(deck & !played & !self.hand.bits())
    }

    /// A determinisation for search: a game in this very position (table, turn, passes,
    /// places, history) in which the observer holds its own hand and the cards it cannot see
    /// are dealt at random (seeded) to the others, each getting as many as it holds. What the
    /// exchange revealed (the cards given to this player) is not used. The game's
    /// [`Game::deal`] is the sampled hands.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let d = g.observation(1).determinize(99);
    /// assert_eq!(d.hands()[1], g.hands()[1]);
    /// assert_eq!(d.hands().map(|h| h.len()), g.hands().map(|h| h.len()));
    /// assert_eq!(d.current_player(), g.current_player());
    /// ```
    #[must_use]
    pub fn determinize(&self, seed: u64) -> Game {
        let mut rng = Rng::seed_from_u64(seed);
        let mut cards: Vec<_> = self.unseen().iter().collect();
        rng.shuffle(&mut cards);
        let mut hands = [CardSet::EMPTY; PLAYERS];
        let mut it = cards.into_iter();
        for (p, h) in hands.iter_mut().enumerate() {
            if p == self.player as usize {
                *h = self.hand;
            } else {
                *h = it.by_ref().take(self.counts[p] as usize).collect();
            }
        }
        Game::from_position(self, hands, rng)
    }
}

impl core::fmt::Display for Observation<'_> {
    /// The player's view, as a person reads it: the table, each player's count (class, passed,
    /// place), then the hand.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let text = g.observation(0).to_string();
    /// assert!(text.starts_with("table: clear\n"));
    /// assert!(text.contains("player 0 (you)"));
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.state.table {
            Some(t) => write!(f, "table: {t}")?,
            None => f.write_str("table: clear")?,
        }
        for (on, what) in [
            (self.state.revolution, "revolution"),
            (self.state.eleven_back, "11-back"),
            (self.state.locked, "locked"),
        ] {
            if on {
                write!(f, ", {what}")?;
            }
        }
        f.write_str("\n")?;
        for s in 0..PLAYERS {
            let p = self.seats[s] as usize % PLAYERS;
            write!(f, "  seat {s}: player {p}")?;
            if p == self.player as usize {
                f.write_str(" (you)")?;
            }
            if let Some(c) = self.classes {
                write!(f, " {}", c[p])?;
            }
            write!(
                f,
                ", {} card{}",
                self.counts[p],
                if self.counts[p] == 1 { "" } else { "s" }
            )?;
            if self.places[p] != 0 {
                write!(f, ", place {}", self.places[p])?;
            } else if self.passed >> p & 1 != 0 {
                f.write_str(", passed")?;
            }
            if self.turn == Some(p as u8) {
                f.write_str(", to move")?;
            }
            f.write_str("\n")?;
        }
        writeln!(f, "your hand: {}", crate::HandText(self.hand))
    }
}
