//! The search player of Dou Dizhu: [`cards_search`]'s information-set MCTS over [`Game`],
//! worlds sampled from the seat's observation ([`Observation::determinize`](crate::Observation::determinize)),
//! with the game's rollout policy ([`SearchRollout`]).

use cards_core::Rng;
use cards_core::game::{Policy as _, PolicyOptions};
use cards_search::{Rollout, Search};

use crate::game::{Action, Game};
use crate::policy::GreedyPolicy;

/// The playouts a decision of `search` gets when neither playouts nor a think time is asked
/// for (a median decision of about 70 ms of CPU, release build, against `greedy`).
pub const SEARCH_PLAYOUTS: u64 = 16_000;

/// The rollout policies of the Dou Dizhu search.
///
/// ```
/// use doudizhu::cards_core::Rng;
/// use doudizhu::cards_core::game::Game as _;
/// use doudizhu::cards_search::Rollout;
/// use doudizhu::{Game, GameRules, SearchRollout};
/// let g = Game::new(GameRules::STANDARD, 1)?;
/// let legal = g.legal_actions();
/// let a = SearchRollout::Greedy.choose(&g, &legal, &mut Rng::seed_from_u64(0));
/// assert!(legal.contains(&a));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchRollout {
    /// Uniform over the legal actions.
    #[default]
    Random,
    /// [`GreedyPolicy`] for every seat, from its observation of the world.
    Greedy,
    /// [`ExpertPolicy`](crate::knowledge::ExpertPolicy) for every seat, from its observation of
    /// the world (one player a thread, whose cache of hand values only saves time: the
    /// choices are the same whatever it holds).
    Expert,
}

std::thread_local! {
    static EXPERT: std::cell::RefCell<crate::knowledge::ExpertPolicy> =
        std::cell::RefCell::new(crate::knowledge::ExpertPolicy::new());
}

impl Rollout<Game> for SearchRollout {
    #[inline]
    fn choose(&mut self, world: &Game, legal: &[Action], rng: &mut Rng) -> Action {
        match self {
            SearchRollout::Random => legal[rng.below(legal.len() as u64) as usize],
            SearchRollout::Greedy => {
                let seat = world.current_player().unwrap_or(0);
                GreedyPolicy.choose(&world.observation(seat), legal)
            }
            SearchRollout::Expert => {
                let seat = world.current_player().unwrap_or(0);
                EXPERT.with_borrow_mut(|e| e.choose(&world.observation(seat), legal))
            }
        }
    }
}

/// The Dou Dizhu search player, `search` in [`Players`](cards_core::game::Players).
pub type SearchPlayer = Search<Game, SearchRollout>;

/// The `search` player built with `options` (seed, playouts, think time, threads;
/// [`SEARCH_PLAYOUTS`] playouts when it asks for neither), with the default rollout.
///
/// **Build optimised.** `search` plays thousands of games a decision; without optimisation it
/// is about 9 times slower (measured on Dou Dizhu: 64 s against 7 s for the same games). Use
/// `--release`, or keep your own code in the debug profile and optimise the dependencies in
/// your project's `Cargo.toml`:
///
/// ```toml
/// [profile.dev.package."*"]
/// opt-level = 3
/// ```
///
/// ```
/// use doudizhu::cards_core::game::{Game as _, Policy, PolicyOptions};
/// use doudizhu::{Game, GameRules, search_player};
/// let g = Game::new(GameRules::STANDARD, 4)?;
/// let mut s = search_player(&PolicyOptions::new(1).with_playouts(100));
/// let legal = g.legal_actions();
/// let a = s.choose(&g.observation(g.current_player().unwrap()), &legal);
/// assert!(legal.contains(&a));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[must_use]
pub fn search_player(options: &PolicyOptions) -> SearchPlayer {
    Search::new(options.seed)
        .with_rollout(SearchRollout::default())
        .with_options(options, SEARCH_PLAYOUTS)
}
