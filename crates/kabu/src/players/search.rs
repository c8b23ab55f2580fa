//! The search player of Kabu: [`cards_search`]'s information-set MCTS over the two-player
//! [`Round`] (player 0 stakes and draws, player 1 deals), worlds sampled from the player's
//! [`RoundView`](crate::RoundView), with the house draw rule as its rollout.

use cards_core::game::PolicyOptions;
use cards_search::{PolicyRollout, Search};

use crate::round::{BuiltinPolicy, Round};

/// The playouts a decision of `search` gets when neither playouts nor a think time is asked
/// for.
pub const SEARCH_PLAYOUTS: u64 = 2_000;

/// The Kabu search player, `search` in [`Players`](cards_core::game::Players): its rollouts
/// play [`BuiltinPolicy::House`] for both players.
pub type SearchPlayer = Search<Round, PolicyRollout<BuiltinPolicy>>;

/// The `search` player built with `options` (seed, playouts, think time, threads;
/// [`SEARCH_PLAYOUTS`] playouts when it asks for neither).
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
/// use kabu::cards_core::game::{Game, Policy, PolicyOptions};
/// use kabu::{Round, Rules, search_player};
/// let g = Round::new(Rules::DEFAULT, 4);
/// let mut s = search_player(&PolicyOptions::new(1).with_playouts(100));
/// let legal = g.legal_actions();
/// let a = s.choose(&g.observation(0), &legal);
/// assert!(legal.contains(&a));
/// ```
#[must_use]
pub fn search_player(options: &PolicyOptions) -> SearchPlayer {
    Search::new(options.seed)
        .with_rollout(PolicyRollout(BuiltinPolicy::House))
        .with_options(options, SEARCH_PLAYOUTS)
}
