//! The one shape of the game crates, as a test: the same generic functions, written once over
//! `cards_core::game`, called for each of the three games.

use std::fmt::Debug;

use cards_core::Rng;
use cards_core::game::{Game, InfoSet, Players, Record, play_out};

/// Plays one game with every seat the built-in player `name`; checks what every front end
/// relies on; returns the returns.
fn play_with<G: Game + Players + Debug>(mut game: G, name: &str) -> Vec<f64> {
    let n = game.num_players();
    let mut players: Vec<_> = (0..n)
        .map(|p| G::policy(name, p as u64).expect("a built-in player"))
        .collect();
    play_out(&mut game, &mut players).expect("built-in players choose legal actions");
    assert!(game.is_over() && game.current_player().is_none());
    let returns: Vec<f64> = (0..n).map(|p| game.returns(p)).collect();
    if let Some(sum) = game.returns_sum() {
        assert!((returns.iter().sum::<f64>() - sum).abs() < 1e-9);
    }
    let again = game.record().replay().expect("the record replays");
    assert_eq!(
        (0..n).map(|p| again.returns(p)).collect::<Vec<_>>(),
        returns
    );
    returns
}

/// Every built-in player of the game plays, and an unknown name lists the known ones.
fn every_player<G: Game + Players + Debug>(deal: impl Fn(u64) -> G) {
    for (i, name) in G::POLICY_NAMES.iter().enumerate() {
        let r = play_with(deal(i as u64), name);
        assert_eq!(r.len(), deal(0).num_players());
    }
    let e = G::policy("no such player", 0)
        .err()
        .expect("an unknown name is refused");
    for name in G::POLICY_NAMES {
        assert!(e.to_string().contains(name), "{e}");
    }
}

/// A world sampled from the first player's first observation shows it the same thing.
fn sample_first<G: Game + Debug>(game: &G) {
    // The world is sampled first: it must outlive the observation it is compared with.
    let world = game.observation(0).sample(&mut Rng::seed_from_u64(1));
    let obs = game.observation(0);
    assert!(world.observation(0) == obs);
}

#[test]
fn the_same_functions_play_every_game() {
    every_player(|s| doudizhu::Game::new(doudizhu::GameRules::STANDARD, s).expect("a deal"));
    every_player(|s| daifugo::Game::new(daifugo::Rules::UECDA, s));
    every_player(|s| kabu::Round::new(kabu::Rules::DEFAULT, s));
    sample_first(&doudizhu::Game::new(doudizhu::GameRules::DOUZERO, 3).expect("a deal"));
    sample_first(&daifugo::Game::new(daifugo::Rules::TUTORIAL, 3));
    sample_first(&kabu::Round::new(kabu::Rules::VB6, 3));
}
