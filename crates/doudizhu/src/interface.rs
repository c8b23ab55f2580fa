//! The one game interface ([`cards_core::game`]) for Dou Dizhu: [`Game`] is a
//! [`cards_core::game::Game`] of three players, its [`Observation`] an information set from
//! which worlds are sampled, its [`Record`] replays, and [`Game`] lists the built-in players by
//! name ([`cards_core::game::Players`]).
//!
//! - **Actions** are [`Action`]s: the auction's bids, calls and robs, then plays and passes.
//! - **Returns** are [`Game::scores`] as `f64` (the rules' [`Payoff`](crate::Payoff)); the
//!   stake payoffs are zero-sum, RLCard's win/loss payoff is not.
//! - **What a seat sees** (and what sampled worlds keep): its hand, every action with its seat,
//!   the kitty once a landlord took it, and everything public. The two other hands (and the
//!   kitty before it is taken) are dealt anew by [`Observation::determinize`]; the landlord's
//!   unplayed kitty cards stay in its hand.
//!
//! ```
//! use doudizhu::cards_core::game::{Game as _, Players, play_out};
//! use doudizhu::{Game, GameRules};
//! let mut g = Game::new(GameRules::STANDARD, 1)?;
//! let mut players: Vec<_> = ["greedy", "random", "random"]
//!     .iter()
//!     .map(|n| Game::policy(n, 7).unwrap())
//!     .collect();
//! play_out(&mut g, &mut players)?;
//! assert_eq!((0..3).map(|p| g.returns(p)).sum::<f64>(), 0.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use cards_core::Rng;
use cards_core::game::{self, InfoSet, Players, PolicyOptions, UnknownPolicy};

use crate::game::Action;
use crate::game::deal::Deal;
use crate::game::observation::Observation;
use crate::game::record::{Record, ReplayError};
use crate::game::{Game, GameError, Payoff};
use crate::players::policy::{GreedyPolicy, RandomPolicy};
use crate::rules::counts::Counts;

impl game::Game for Game {
    type Action = Action;
    type Observation<'a> = Observation<'a>;
    type Error = GameError;
    type Record = Record;

    #[inline]
    fn num_players(&self) -> usize {
        3
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        self.state().seat_to_act().map(usize::from)
    }

    #[inline]
    fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        self.state().legal_actions_into(out)
    }

    #[inline]
    fn apply(&mut self, action: Action) -> Result<(), GameError> {
        Game::apply_with_outcome(self, action).map(drop)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.state().is_over()
    }

    // A score is at most 2 · 3 · 2^17 (bid 3; two robs, 13 bombs, the rocket, spring): exact.
    #[allow(clippy::cast_precision_loss)]
    fn returns(&self, player: usize) -> f64 {
        self.scores().get(player).map_or(0.0, |&r| r as f64)
    }

    fn returns_sum(&self) -> Option<f64> {
        (self.rules().payoff == Payoff::Stake).then_some(0.0)
    }

    #[inline]
    fn observation(&self, player: usize) -> Observation<'_> {
        Game::observation(self, usize::from((player % 3) as u8))
    }

    fn record(&self) -> Record {
        Game::record(self)
    }
}

impl InfoSet<Game> for Observation<'_> {
    fn player(&self) -> usize {
        usize::from(self.seat())
    }

    /// A world: [`Observation::determinize`]'s state, with a deal that leads to it (each hand as
    /// dealt is what it holds plus what it played, less the kitty for the landlord) and this
    /// observation's history.
    fn sample(&self, rng: &mut Rng) -> Game {
        let empty = Deal {
            hands: [Counts::EMPTY; 3],
            kitty: Counts::EMPTY,
            first: 0,
            face_up: None,
        };
        let mut world = Game::from_deal(*self.rules(), empty);
        self.sample_into(rng, &mut world);
        world
    }

    fn sample_into(&self, rng: &mut Rng, world: &mut Game) {
        let state = self.determinize(rng);
        let landlord = state.landlord();
        let mut hands = [Counts::EMPTY; 3];
        for (s, h) in hands.iter_mut().enumerate() {
            let seat = s as u8;
            let mut bits = state.hand(seat).bits() + state.played(seat).bits();
            if landlord == Some(seat) {
                bits -= state.kitty().bits();
            }
            *h = Counts::from_bits(bits).unwrap_or(Counts::EMPTY);
        }
        let first = state.first_bidder().or(landlord).unwrap_or(0);
        let deal = Deal {
            hands,
            kitty: state.kitty(),
            first,
            face_up: state.face_up(),
        };
        world.set_world(state, deal, self.history());
    }
}

impl game::Policy<Game> for RandomPolicy {
    #[inline]
    fn choose(&mut self, _: &Observation<'_>, legal: &[Action]) -> Action {
        self.pick(legal).unwrap_or(Action::Pass)
    }
}

impl game::Policy<Game> for GreedyPolicy {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        GreedyPolicy::decide(obs, legal).unwrap_or(legal[0])
    }
}

impl game::Record for Record {
    type Game = Game;
    type Error = ReplayError;

    fn replay(&self) -> Result<Game, ReplayError> {
        Record::replay(self)
    }
}

/// The built-in players: `random` (uniform), `greedy` ([`GreedyPolicy`]), `expert`
/// ([`ExpertPolicy`](crate::knowledge::ExpertPolicy), bidding by the learned model of
/// [`bidding`](crate::bidding)), `expert-fixed` (the same player bidding by the fixed rule of
/// the 0.3 releases, [`Bidding::Fixed`](crate::bidding::Bidding::Fixed): the baseline the
/// learned bidding is measured against), `search` ([`search_player`](crate::search_player):
/// its budget and threads from the options).
impl Players for Game {
    const POLICY_NAMES: &'static [&'static str] =
        &["random", "greedy", "expert", "expert-fixed", "search"];

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
            "random" => Ok(Box::new(RandomPolicy::new(seed))),
            "greedy" => Ok(Box::new(GreedyPolicy)),
            "expert" => Ok(Box::new(crate::knowledge::ExpertPolicy::new())),
            "expert-fixed" => Ok(Box::new(
                crate::knowledge::ExpertPolicy::new().with_bidding(crate::bidding::Bidding::Fixed),
            )),
            _ => Err(UnknownPolicy::new(name, Self::POLICY_NAMES)),
        }
    }
}
