//! The search players by name: `search-v3` is this release's default search, under a fixed name.

use daifugo::cards_core::game::{Players, Policy, PolicyOptions, play_out};
use daifugo::cards_search::{Algorithm, Search};
use daifugo::{Action, Class, Game, Rules, SearchRollout};

/// The actions of a game with the exchange, the player in seat 2 built by `searcher` with the
/// options' seed and 200 playouts, the others `tutorial`.
fn actions(deal: u64, searcher: &dyn Fn(&PolicyOptions) -> Box<dyn Policy<Game>>) -> Vec<Action> {
    let options = PolicyOptions::new(deal + 7).with_playouts(200);
    let mut players: [Box<dyn Policy<Game>>; 5] = std::array::from_fn(|i| {
        if i == 2 {
            searcher(&options)
        } else {
            Game::policy("tutorial", 0).unwrap()
        }
    });
    let mut g = Game::deal_from(Rules::UECDA, deal, [0, 1, 2, 3, 4], Some(Class::ALL));
    play_out(&mut g, &mut players).unwrap();
    assert!(g.is_over());
    g.history().iter().map(|s| s.action).collect()
}

#[test]
fn search_v3_by_name_plays_as_the_search_it_keeps() {
    assert!(daifugo::POLICY_NAMES.contains(&"search-v3"));
    for deal in 0..2u64 {
        let by_name = actions(deal, &|o| Game::policy_with("search-v3", o).unwrap());
        assert!(by_name.len() > 20);
        // the settings of `search` before issue 36's work, written out
        let kept = actions(deal, &|o| {
            Box::new(
                Search::new(0)
                    .with_rollout(SearchRollout::LearnedSelf { player: 0 })
                    .with_algorithm(Algorithm::Pimc)
                    .with_belief(16)
                    .with_options(o, 5_000),
            )
        });
        assert_eq!(by_name, kept, "deal {deal}");
        // `search` is still that player
        let search = actions(deal, &|o| Game::policy_with("search", o).unwrap());
        assert_eq!(by_name, search, "deal {deal}");
    }
    // (the comparison can fail: the tutorial player in the searcher's seat plays otherwise)
    let differs = (0..2u64).any(|deal| {
        actions(deal, &|o| Game::policy_with("search-v3", o).unwrap())
            != actions(deal, &|o| Game::policy_with("tutorial", o).unwrap())
    });
    assert!(differs);
}

/// Early stopping ([`Search::with_early_stop`]) spends less than the budget on the decisions
/// of a game where one move is clear, and never more.
#[test]
fn early_stopping_saves_playouts_where_one_move_is_clear() {
    let mut search = daifugo::search_player(&PolicyOptions::new(3).with_playouts(1_000))
        .with_early_stop(Some((2.0, 10)));
    let mut tutorial = Game::policy("tutorial", 0).unwrap();
    let (mut decisions, mut stopped, mut spent) = (0u64, 0u64, 0u64);
    for deal in 0..2u64 {
        let mut g = Game::deal_from(Rules::UECDA, deal, [0, 1, 2, 3, 4], None);
        while let Some(p) = g.seat_to_act() {
            let legal = g.legal_actions();
            let obs = g.observation(usize::from(p));
            let a = if p == 0 {
                let a = search.choose(&obs, &legal);
                if legal.len() > 1 {
                    decisions += 1;
                    assert!(search.playouts() <= 1_000);
                    stopped += u64::from(search.playouts() < 1_000);
                    spent += search.playouts();
                }
                a
            } else {
                tutorial.choose(&obs, &legal)
            };
            g.apply_with_outcome(a).unwrap();
        }
    }
    assert!(decisions > 5 && stopped > 0, "{stopped} of {decisions}");
    assert!(spent < decisions * 1_000);
}
