//! Search speed: decision points of seeded games, and decisions from them at a fixed playout
//! budget (worlds sampled from each position's observation, as a player's search does).

use cards_core::game::{self, Game};
use cards_search::{Budget, Evaluator, Rollout, Search};

use crate::interface::Listed;

/// Every `every`-th decision point with at least two legal actions of `games` seeded random
/// games (the benchmark's rules: Dou Dizhu `standard`, Daifugo `uecda`).
///
/// ```
/// let p = benches::search::decision_points::<doudizhu::Game>(2, 5);
/// assert!(!p.is_empty());
/// ```
///
/// # Panics
///
/// If a game refuses its own legal action.
#[must_use]
pub fn decision_points<G: Listed>(games: u64, every: u32) -> Vec<G> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut g = G::dealt(seed);
        let mut r = game::Random::new(seed);
        let mut step = 0u32;
        while let Some(p) = g.current_player() {
            legal.clear();
            g.legal_actions_into(&mut legal);
            if legal.len() > 1 {
                if step.is_multiple_of(every) {
                    out.push(g.clone());
                }
                step += 1;
            }
            let a = game::Policy::<G>::choose(&mut r, &g.observation(p), &legal);
            g.apply(a).expect("legal");
        }
    }
    out
}

/// A random-rollout ISMCTS with `playouts` a decision on `threads` threads.
///
/// ```
/// let _ = benches::search::searcher::<doudizhu::Game>(100, 1);
/// ```
#[must_use]
pub fn searcher<G: Game>(playouts: u64, threads: usize) -> Search<G> {
    Search::new(1)
        .with_budget(Budget::playouts(playouts))
        .with_threads(threads)
}

/// One decision of `search` at each position (for its player to act), whatever its rollout
/// and evaluator; the playouts run.
///
/// ```
/// use benches::search::{decision_points, searcher, think};
/// let p = decision_points::<daifugo::Game>(1, 10);
/// assert_eq!(think(&p, &mut searcher(50, 1)), 50 * p.len() as u64);
/// ```
pub fn think<G, R, E>(positions: &[G], search: &mut Search<G, R, E>) -> u64
where
    G: Game + Send,
    G::Action: Send + Sync,
    R: Rollout<G>,
    E: Evaluator<G>,
{
    let mut legal = Vec::new();
    let mut playouts = 0;
    for g in positions {
        let Some(p) = g.current_player() else {
            continue;
        };
        legal.clear();
        g.legal_actions_into(&mut legal);
        std::hint::black_box(search.decide(&g.observation(p), &legal));
        playouts += search.playouts();
    }
    playouts
}
