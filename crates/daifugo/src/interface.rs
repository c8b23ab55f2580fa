//! The one game interface ([`crate::cards_core::game`]) for Daifugo: [`Game`] is a
//! [`crate::cards_core::game::Game`] of five players, its [`Observation`] an information set, its
//! [`Record`] replays ([`Record::replay`]), and [`Game`] lists the built-in players by
//! name ([`crate::cards_core::game::Players`]).
//!
//! - **Actions** are [`Action`]s: in the exchange the 大富豪's and 富豪's gives (every set of
//!   the right size is legal), then plays and passes.
//! - **Returns** are the points (5 for first place down to 1 for last; 0 before the end), so
//!   every game's returns add up to 15.
//! - **Illegal actions**: in the checked mode (the default) they are refused with the game
//!   unchanged; in the server's mode ([`Mode::Server`](crate::Mode::Server)) an illegal play
//!   is rejected and counts as a pass, and an illegal give gives the strongest cards, as the
//!   `UECda` server does.
//! - **What a player sees** (and what sampled worlds keep): its hand, the table, every
//!   player's count, class, seat and place, passes, the history, and the cards it gave and
//!   received in the exchange ([`Observation::given`], [`Observation::received`]).
//!
//! ```
//! use daifugo::cards_core::game::{Game as _, Players, play_out};
//! use daifugo::{Game, Rules};
//! let mut g = Game::new(Rules::UECDA, 1);
//! let mut players: Vec<_> = (0..5).map(|i| Game::policy(["tutorial", "random"][i % 2], i as u64).unwrap()).collect();
//! play_out(&mut g, &mut players)?;
//! assert_eq!((0..5).map(|p| g.returns(p)).sum::<f64>(), 15.0);
//! # Ok::<(), daifugo::GameError>(())
//! ```

use cards_core::game::{self, Players, PolicyOptions, UnknownPolicy};

use crate::game::observation::Observation;
use crate::game::record::Record;
use crate::game::{Action, Game, GameError, PLAYERS, weakest};
use crate::players::policy::{Random, TutorialPlayer};

impl game::Game for Game {
    type Action = Action;
    type Observation<'a> = Observation<'a>;
    type Error = GameError;
    type Record = Record;

    #[inline]
    fn num_players(&self) -> usize {
        PLAYERS
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        Game::seat_to_act(self).map(usize::from)
    }

    #[inline]
    fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        Game::legal_actions_into(self, out)
    }

    #[inline]
    fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.apply_quietly(action)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn returns(&self, player: usize) -> f64 {
        match (self.points(), player < PLAYERS) {
            (Some(p), true) => f64::from(p[player]),
            _ => 0.0,
        }
    }

    fn returns_sum(&self) -> Option<f64> {
        Some(15.0)
    }

    #[inline]
    fn observation(&self, player: usize) -> Observation<'_> {
        Game::observation(self, player)
    }

    fn record(&self) -> Record {
        Game::record(self)
    }
}

impl game::Record for Record {
    type Game = Game;
    type Error = GameError;

    fn replay(&self) -> Result<Game, GameError> {
        Record::replay(self)
    }
}

/// The exchange's give of a policy that gives its weakest cards, read off the legal gives.
fn weakest_give(obs: &Observation<'_>, legal: &[Action]) -> Action {
    Action::Give(weakest(obs.hand, crate::game::give_count(legal)))
}

/// Uniform over the legal plays and pass; in the exchange it gives its weakest cards (as the
/// command line's `random` player always has).
impl game::Policy<Game> for Random {
    #[inline]
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        if obs.exchanging {
            weakest_give(obs, legal)
        } else {
            legal[self.index(legal.len())]
        }
    }
}

impl game::Policy<Game> for TutorialPlayer {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        if obs.exchanging {
            weakest_give(obs, legal)
        } else {
            TutorialPlayer::decide(obs, legal)
        }
    }
}

/// The built-in players: `random`, `tutorial` (`seed` is accepted as its deprecated old name),
/// `learned` ([`LearnedPolicy`](crate::LearnedPolicy)), `pattern`
/// ([`PatternPolicy`](crate::PatternPolicy)), `search`
/// ([`search_player`](crate::search_player): its budget and threads from the options),
/// `search-v3` (`search` as it was before the stronger search's work, kept for head-to-head
/// matches:
/// [`search_v3_player`](crate::search_v3_player)).
impl Players for Game {
    const POLICY_NAMES: &'static [&'static str] = crate::POLICY_NAMES;

    fn policy(name: &str, seed: u64) -> Result<Box<dyn game::Policy<Game>>, UnknownPolicy> {
        Self::policy_with(name, &PolicyOptions::new(seed))
    }

    fn policy_with(
        name: &str,
        options: &PolicyOptions,
    ) -> Result<Box<dyn game::Policy<Game>>, UnknownPolicy> {
        let seed = options.seed;
        match name.trim().to_ascii_lowercase().as_str() {
            "search" => Ok(Box::new(crate::search_player(options))),
            "search-v3" => Ok(Box::new(crate::search_v3_player(options))),
            "random" => Ok(Box::new(Random::new(seed))),
            "tutorial" | "seed" => Ok(Box::new(TutorialPlayer)),
            "learned" => Ok(Box::new(crate::LearnedPolicy::default())),
            "pattern" => Ok(Box::new(crate::PatternPolicy::default())),
            _ => Err(UnknownPolicy::new(name, Self::POLICY_NAMES)),
        }
    }
}
