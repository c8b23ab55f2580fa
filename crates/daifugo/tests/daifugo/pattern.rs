//! The pattern move policy: a tiny training reproduces by seed and lowers the loss, the
//! self-play records read back, the committed weights are trained, and the policy always picks
//! a legal action.

use daifugo::cards_core::game::Policy;
use daifugo::{
    Action, FEATURES, FitOptions, Game, LearnedPolicy, Match, PATTERN_SIZE, PatternPolicy, Rng,
    Rules, SelfPlayGame, SelfPlayOptions, fit_pattern, pattern_samples, pattern_scores, self_play,
};

/// The records of a tiny seeded self-play run: all five players search, 20 playouts.
fn tiny_games(seed: u64) -> Vec<SelfPlayGame> {
    let mut games = Vec::new();
    self_play(&SelfPlayOptions::default().with_run(4, seed, 20, 5), |g| {
        games.push(g);
    });
    games
}

#[test]
#[allow(clippy::cast_precision_loss)]
fn a_tiny_training_reproduces_by_seed_and_lowers_the_loss() {
    let games = tiny_games(11);
    assert_eq!(games, tiny_games(11), "self-play reproduces by seed");
    let samples = pattern_samples(&games, 0.2, 0.5);
    assert!(samples.len() >= 200, "{} samples", samples.len());
    let zero = PatternPolicy::from_learned(&LearnedPolicy::new([0.0; FEATURES]));
    let o = FitOptions::default().with(3, 0.05, 1e-5, 5);
    let a = fit_pattern(&samples, &o, zero.clone());
    let b = fit_pattern(&samples, &o, zero.clone());
    assert_eq!(a, b, "the fit reproduces by seed");
    let c = fit_pattern(
        &samples,
        &FitOptions::default().with(3, 0.05, 1e-5, 6),
        zero.clone(),
    );
    assert_ne!(a, c, "another seed shuffles the samples otherwise");
    let (before, nll_before, _) = pattern_scores(&samples, &zero);
    let (after, nll_after, accuracy) = pattern_scores(&samples, &a);
    assert!(after < before - 0.1, "cross-entropy {before} -> {after}");
    assert!(nll_after < nll_before, "nll {nll_before} -> {nll_after}");
    // zero weights rank the first action first; the fit ranks the search's choice first
    // more often than a uniform guess would
    let uniform: f64 = samples
        .iter()
        .map(|s| 1.0 / s.rows.len() as f64)
        .sum::<f64>()
        / samples.len() as f64;
    assert!(
        accuracy > uniform + 0.1,
        "accuracy {accuracy}, uniform {uniform}"
    );
}

#[test]
fn self_play_records_read_back_and_replay() {
    let games = tiny_games(3);
    for g in &games {
        let line = g.to_line();
        assert_eq!(SelfPlayGame::from_line(&line).as_ref(), Ok(g));
        // the record replays to a finished game
        let mut game = Game::from_deal(Rules::UECDA, &g.deal).unwrap();
        for &i in &g.actions {
            let legal = game.legal_actions();
            game.apply_with_outcome(legal[usize::from(i)]).unwrap();
        }
        assert!(game.is_over());
        // a decision's chosen action is the action applied at its step
        for d in &g.decisions {
            assert_eq!(g.actions[d.step as usize], d.chosen);
            assert!(d.stats.iter().any(|s| s.0 == d.chosen));
        }
    }
    let line = games[0].to_line();
    for (bad, what) in [
        (line.replacen(" |", " x |", 1), "words before"),
        (line.replacen('|', "/", 2), "three fields"),
        (format!("0123 {}", &line[6..]), "seats"),
        (line.replacen(" | ", " | y ", 1), "action"),
    ] {
        let e = SelfPlayGame::from_line(&bad).unwrap_err().to_string();
        assert!(e.contains(what), "{e}");
    }
}

#[test]
fn the_committed_weights_are_trained() {
    let p = PatternPolicy::trained();
    let hashed = p.nonzero().filter(|(i, _)| *i < PATTERN_SIZE).count();
    assert!(hashed > 1_000, "{hashed} hashed weights");
}

#[test]
fn the_pattern_policy_always_picks_a_legal_action() {
    let mut p = PatternPolicy::default();
    let mut rng = Rng::seed_from_u64(3);
    let mut m = Match::new(Rules::UECDA, 5);
    let mut legal = Vec::new();
    let mut decisions = 0;
    for k in 0..60 {
        let mut g = m.next_game();
        while let Some(pl) = daifugo::cards_core::game::Game::current_player(&g) {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = daifugo::cards_core::game::Game::observation(&g, pl);
            let a = if k % 2 == 0 || obs.exchanging {
                p.choose(&obs, &legal)
            } else {
                p.sample(&obs, &legal, &mut rng)
            };
            assert!(legal.contains(&a), "{a} is not legal: {legal:?}");
            daifugo::cards_core::game::Game::apply(&mut g, a).unwrap();
            decisions += 1;
        }
        assert!(m.finish(&g));
    }
    assert!(decisions > 1_000);
    assert_eq!(
        p.best(&Game::new(Rules::UECDA, 1).observation(0), &[]),
        Action::Pass
    );
}

#[test]
fn the_pattern_player_by_name_gives_legally_in_the_exchange() {
    let mut players: [Box<dyn daifugo::cards_core::game::Policy<daifugo::Game>>; 5] =
        std::array::from_fn(|_| {
            <daifugo::Game as daifugo::cards_core::game::Players>::policy("pattern", 0).unwrap()
        });
    for seed in 0..20 {
        let mut g = Game::deal_from(
            Rules::UECDA,
            seed,
            [0, 1, 2, 3, 4],
            Some(daifugo::Class::ALL),
        );
        assert!(g.is_exchanging());
        daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
        assert!(g.is_over());
    }
    assert!(daifugo::POLICY_NAMES.contains(&"pattern"));
    assert!(<Game as daifugo::cards_core::game::Players>::policy("pattern", 1).is_ok());
}
