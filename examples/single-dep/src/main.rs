//! The examples of the `doudizhu` docs as a user writes them, with `doudizhu` the only
//! dependency: the one game interface through `doudizhu::cards_core`, a search rollout through
//! `doudizhu::cards_search`.

use doudizhu::cards_core::Rng;
use doudizhu::cards_core::game::{Game as _, Players, Policy, PolicyOptions, play_out};
use doudizhu::cards_search::Rollout;
use doudizhu::{Game, GameRules, SearchRollout, search_player};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // the README's five lines
    let mut game = Game::new(GameRules::STANDARD, 1)?;
    let mut players: Vec<_> = (0..3).map(|p| Game::policy("greedy", p).unwrap()).collect();
    play_out(&mut game, &mut players)?;
    let returns: Vec<f64> = (0..3).map(|p| game.returns(p)).collect();
    assert!(returns.iter().sum::<f64>().abs() < 1e-9);

    // a rollout and a search player's decision
    let g = Game::new(GameRules::STANDARD, 4)?;
    let legal = g.legal_actions();
    let a = SearchRollout::Greedy.choose(&g, &legal, &mut Rng::seed_from_u64(0));
    assert!(legal.contains(&a));
    let mut s = search_player(&PolicyOptions::new(1).with_playouts(20));
    let b = s.choose(&g.observation(g.current_player().unwrap()), &legal);
    assert!(legal.contains(&b));
    println!("returns {returns:?}");
    Ok(())
}
