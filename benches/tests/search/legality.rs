//! The search never returns an illegal action: seeded games of all three games, both
//! algorithms, the search at every seat.

use cards_core::game::Game;
use cards_search::{Algorithm, Budget, Search};

use crate::common::play_with;

fn check<G>(new: impl Fn(u64) -> G, games: u64)
where
    G: Game + Send,
    G::Action: Send + Sync,
{
    for algorithm in [Algorithm::Ismcts, Algorithm::Pimc] {
        for seed in 0..games {
            let mut g = new(seed);
            let seat = (seed as usize) % g.num_players();
            let mut s = Search::<G>::new(seed)
                .with_algorithm(algorithm)
                .with_budget(Budget::playouts(40));
            let decisions = play_with(&mut g, seat, &mut s, seed + 100);
            assert!(g.is_over());
            assert!(decisions > 0, "seed {seed}: the search never acted");
        }
    }
}

#[test]
fn doudizhu_search_plays_only_legal_actions() {
    for rules in doudizhu::GameRules::ALL {
        check(|s| doudizhu::Game::new(rules, s).expect("a seeded deal"), 6);
    }
}

#[test]
fn daifugo_search_plays_only_legal_actions() {
    check(|s| daifugo::Game::new(daifugo::Rules::UECDA, s), 10);
    check(|s| daifugo::Game::new(daifugo::Rules::TUTORIAL, s), 5);
}

#[test]
fn kabu_search_plays_only_legal_actions() {
    check(|s| kabu::Round::new(kabu::Rules::DEFAULT, s), 40);
}
