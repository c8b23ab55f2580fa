//! A match: games in sequence with classes carried over, seat shuffles and resets.

use cards_core::Rng;

use super::{Class, Game, PLAYERS};
use crate::Rules;

/// A match: games in sequence, the classes of each game from the places of the one before, a
/// seat shuffle every [`Match::seat_shuffle_every`] games (3, as the server: before games 1, 4,
/// 7, …) and a class reset every [`Match::class_reset_every`] games (100: games 1, 101, … are
/// reset games, with no exchange and a random first receiver); points totalled.
///
/// ```
/// use daifugo::cards_core::game::play_out;
/// use daifugo::{Match, Random, Rules};
/// let mut m = Match::new(Rules::UECDA, 7);
/// let mut players = [0, 1, 2, 3, 4].map(Random::new);
/// for _ in 0..4 {
///     let mut g = m.next_game();
///     play_out(&mut g, &mut players).unwrap();
///     m.finish(&g);
/// }
/// assert_eq!(m.games_played(), 4);
/// assert_eq!(m.points().iter().sum::<u32>(), 4 * 15);
/// ```
#[derive(Clone, Debug)]
pub struct Match {
    rules: Rules,
    rng: Rng,
    games: u32,
    seats: [u8; PLAYERS],
    classes: Option<[Class; PLAYERS]>,
    points: [u32; PLAYERS],
    /// Seats are shuffled before game `g` when `g mod this = 1` (never for 0 or 1).
    pub seat_shuffle_every: u32,
    /// Game `g` is a reset game when `(g - 1) mod this = 0` (only game 1 for 0).
    pub class_reset_every: u32,
}

impl Match {
    /// A match under `rules` whose seat shuffles and deals come from `seed`.
    #[must_use]
    pub const fn new(rules: Rules, seed: u64) -> Match {
        Match {
            rules,
            rng: Rng::seed_from_u64(seed),
            games: 0,
            seats: [0, 1, 2, 3, 4],
            classes: None,
            points: [0; PLAYERS],
            seat_shuffle_every: 3,
            class_reset_every: 100,
        }
    }

    /// The next game, dealt: seats shuffled if due, classes reset if due, the deal from the
    /// match's generator. Call [`Match::finish`] with it once it is over.
    pub fn next_game(&mut self) -> Game {
        let g = self.games + 1;
        let every = self.seat_shuffle_every;
        if every > 1 && g % every == 1 {
            self.rng.shuffle(&mut self.seats);
        }
        let reset = match self.class_reset_every {
            0 => g == 1,
            n => (g - 1).is_multiple_of(n),
        };
        if reset {
            self.classes = None;
        }
        let seed = self.rng.next_u64();
        Game::deal_from(self.rules, seed, self.seats, self.classes)
    }

    /// Counts a finished game: its points added, its places the next game's classes. A game
    /// not over is not counted (returns `false`).
    pub fn finish(&mut self, game: &Game) -> bool {
        let (Some(p), Some(c)) = (game.points(), game.next_classes()) else {
            return false;
        };
        for (t, x) in self.points.iter_mut().zip(p) {
            *t += u32::from(x);
        }
        self.classes = Some(c);
        self.games += 1;
        true
    }

    /// Games counted so far.
    #[must_use]
    pub const fn games_played(&self) -> u32 {
        self.games
    }

    /// Player 0..=4's total points.
    #[must_use]
    pub const fn points(&self) -> [u32; PLAYERS] {
        self.points
    }

    /// The seats of the last game dealt (player at seat 0..=4).
    #[must_use]
    pub const fn seats(&self) -> [u8; PLAYERS] {
        self.seats
    }

    /// The classes the next game starts from (before a reset), by player.
    #[must_use]
    pub const fn classes(&self) -> Option<[Class; PLAYERS]> {
        self.classes
    }
}
