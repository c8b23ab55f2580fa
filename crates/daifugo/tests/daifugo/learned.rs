//! The learned move policy: its training reproduces, it always picks a legal action, its
//! features read what they say, and it plays better than random by a bound random play fails.

// The features are exact small fractions (0, 1, 0.5): compared exactly.
#![allow(clippy::float_cmp)]

use daifugo::cards_core::game::{Game as _, Policy};
use daifugo::{
    Action, FEATURE_NAMES, FEATURES, Game, LearnedPolicy, Match, Rng, Rules, SearchRollout,
    TrainOptions, TutorialPlayer, train,
};

/// The options of the tiny run whose output is committed (`fixtures/learned_tiny_run.txt`):
/// regenerate it with
/// `cargo run --release -p daifugo --example train_policy -- --games 2 --seed 11 --playouts 100
/// --algorithm pimc --temperature 0.1 --epochs 3 --learning-rate 0.05 --l2 0.0001 --rollout tutorial
/// --out crates/daifugo/tests/daifugo/fixtures/learned_tiny_run.txt`.
fn tiny() -> TrainOptions {
    TrainOptions::default()
        .with_run(2, 11, 100)
        .with_sgd(3, 0.05, 1e-4)
        .with_algorithm(daifugo::cards_search::Algorithm::Pimc, 0.1)
        .with_rollout(SearchRollout::Tutorial)
}

#[test]
fn a_tiny_seeded_training_run_gives_the_committed_weights() {
    let got = train(&tiny()).to_string();
    let want = include_str!("fixtures/learned_tiny_run.txt");
    assert_eq!(
        got, want,
        "the tiny run changed: regenerate the fixture (see `tiny`)"
    );
    // and the text reads back to the same weights
    assert_eq!(LearnedPolicy::from_text(want).unwrap().to_string(), want);
}

#[test]
fn the_committed_weights_are_trained_and_name_every_feature() {
    let text = LearnedPolicy::TRAINED.to_string();
    assert_eq!(text.lines().count(), FEATURES);
    for (line, name) in text.lines().zip(FEATURE_NAMES) {
        assert!(line.ends_with(&format!("# {name}")), "{line}");
    }
    assert_ne!(LearnedPolicy::TRAINED.weights(), &[0.0; FEATURES]);
}

/// Plays seeded games with every seat asking `choose` and checks each choice is legal.
fn every_choice_legal(mut choose: impl FnMut(&daifugo::Observation<'_>, &[Action]) -> Action) {
    let mut m = Match::new(Rules::UECDA, 5);
    let mut legal = Vec::new();
    let mut decisions = 0;
    for _ in 0..60 {
        let mut g = m.next_game();
        while let Some(p) = daifugo::cards_core::game::Game::current_player(&g) {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = daifugo::cards_core::game::Game::observation(&g, p);
            let a = choose(&obs, &legal);
            assert!(legal.contains(&a), "{a} is not legal: {legal:?}");
            daifugo::cards_core::game::Game::apply(&mut g, a).unwrap();
            decisions += 1;
        }
        assert!(m.finish(&g));
    }
    assert!(decisions > 1_000);
}

#[test]
fn the_learned_policy_always_picks_a_legal_action() {
    let mut p = LearnedPolicy::default();
    every_choice_legal(|obs, legal| p.choose(obs, legal));
    let mut rng = Rng::seed_from_u64(3);
    every_choice_legal(|obs, legal| {
        if obs.exchanging {
            p.choose(obs, legal)
        } else {
            LearnedPolicy::TRAINED.sample(obs, legal, &mut rng)
        }
    });
}

#[test]
fn the_learned_player_by_name_gives_legally_in_the_exchange() {
    // the crate's own play_out, checked mode: an illegal give would be an error
    let mut players: [Box<dyn daifugo::cards_core::game::Policy<daifugo::Game>>; 5] =
        std::array::from_fn(|_| {
            <daifugo::Game as daifugo::cards_core::game::Players>::policy("learned", 0).unwrap()
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
}

#[test]
fn features_read_the_hand_decomposition() {
    let r = Rules::UECDA;
    // hand: a pair of 5s, a lone 9 and the ♠3; table clear, the player leads
    let hand = r.parse_hand("C5 D5 H9 S3").unwrap();
    // a real game's first observation, its hand and table replaced
    let g = Game::deal_from(Rules::UECDA, 1, [0, 1, 2, 3, 4], None);
    let mut obs = g.observation(usize::from(g.seat_to_act().unwrap()));
    obs.hand = hand;
    obs.state = daifugo::Table::new(None);
    let legal = [
        Action::parse("C5 D5", &r).unwrap(),
        Action::parse("C5", &r).unwrap(),
        Action::parse("H9", &r).unwrap(),
    ];
    let mut rows = Vec::new();
    LearnedPolicy::features_into(&obs, &legal, &mut rows);
    let at = |name: &str| FEATURE_NAMES.iter().position(|n| *n == name).unwrap();
    // the pair is one part played whole; a lone 5 breaks it
    assert_eq!(rows[0][at("parts played whole")], 1.0);
    assert_eq!(rows[0][at("parts broken")], 0.0);
    assert_eq!(rows[1][at("parts broken")], 1.0);
    assert_eq!(rows[1][at("parts played whole")], 0.0);
    assert_eq!(rows[0][at("lead group")], 1.0);
    assert_eq!(rows[2][at("lead single")], 1.0);
    assert_eq!(rows[0][at("cards / 4")], 0.5);
    // no play goes out of a four-card hand with two cards
    assert!(rows.iter().all(|f| f[at("goes out")] == 0.0));
    // a one-card hand going out
    obs.hand = r.parse_hand("H9").unwrap();
    let one = [Action::parse("H9", &r).unwrap()];
    rows.clear();
    LearnedPolicy::features_into(&obs, &one, &mut rows);
    assert_eq!(rows[0][at("goes out")], 1.0);
    // a pass has only pass features
    rows.clear();
    LearnedPolicy::features_into(&obs, &[Action::Pass], &mut rows);
    assert_eq!(rows[0][at("pass")], 1.0);
    assert_eq!(rows[0][at("lead")], 0.0);
}

/// Mean points of player 0 over a seeded match of `games` against four `others`.
#[allow(clippy::cast_precision_loss)]
fn mean_points(me: &mut dyn Policy<Game>, others: &str, games: u64) -> f64 {
    let mut rest: Vec<Box<dyn Policy<Game>>> = (0..4)
        .map(|i| <Game as daifugo::cards_core::game::Players>::policy(others, 20 + i).unwrap())
        .collect();
    let mut m = Match::new(Rules::UECDA, 9);
    let mut total = 0.0;
    let mut legal = Vec::new();
    for _ in 0..games {
        let mut g = m.next_game();
        while let Some(p) = daifugo::cards_core::game::Game::current_player(&g) {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = daifugo::cards_core::game::Game::observation(&g, p);
            let a = if p == 0 {
                me.choose(&obs, &legal)
            } else {
                rest[p - 1].choose(&obs, &legal)
            };
            daifugo::cards_core::game::Game::apply(&mut g, a).unwrap();
        }
        total += g.returns(0);
        m.finish(&g);
    }
    total / games as f64
}

#[test]
fn the_learned_policy_beats_random_and_holds_its_own_against_tutorial() {
    let random = mean_points(&mut daifugo::Random::new(1), "random", 300);
    let learned = mean_points(&mut LearnedPolicy::default(), "random", 300);
    let tutorial = mean_points(&mut TutorialPlayer, "random", 300);
    eprintln!("vs 4 random: random {random:.2}, tutorial {tutorial:.2}, learned {learned:.2}");
    assert!(random < 3.4, "random scores {random}");
    assert!(learned >= 4.3, "learned scores {learned} against random");
    let vs_tutorial = mean_points(&mut LearnedPolicy::default(), "tutorial", 300);
    let random_vs_tutorial = mean_points(&mut daifugo::Random::new(1), "tutorial", 300);
    eprintln!("vs 4 tutorial: random {random_vs_tutorial:.2}, learned {vs_tutorial:.2}");
    assert!(
        random_vs_tutorial < 2.5,
        "random scores {random_vs_tutorial}"
    );
    assert!(
        vs_tutorial >= 3.2,
        "learned scores {vs_tutorial} against tutorial"
    );
}

#[test]
fn the_default_search_reads_no_hidden_card() {
    // The default search (flat Monte-Carlo, `SEARCH_ROLLOUT`, the early stop) chooses alike
    // from the true state and from a world with the hidden cards dealt anew (the player sees
    // the same).
    use daifugo::cards_core::game::{InfoSet as _, PolicyOptions};
    let mut differed = 0;
    let mut checked = 0;
    for seed in 0..50u64 {
        let mut g = Game::new(Rules::UECDA, seed);
        let mut ply = 0;
        while let Some(p) = daifugo::cards_core::game::Game::current_player(&g) {
            let legal = daifugo::cards_core::game::Game::legal_actions(&g);
            ply += 1;
            if legal.len() > 1 && ply % 4 == 0 && checked < 20 {
                let obs = daifugo::cards_core::game::Game::observation(&g, p);
                let other = obs.sample(&mut Rng::seed_from_u64(seed ^ 0xabc));
                assert_eq!(other.observation(p), obs);
                if other.hands() != g.hands() {
                    differed += 1;
                }
                let choose = |state: &Game| {
                    let mut s = daifugo::search_player(&PolicyOptions::new(seed).with_playouts(60));
                    let a = s.choose(&state.observation(p), &legal);
                    let stats: Vec<_> = s
                        .stats()
                        .iter()
                        .map(|x| (x.visits, x.total.to_bits()))
                        .collect();
                    (a, stats)
                };
                assert_eq!(choose(&g), choose(&other), "seed {seed} ply {ply}");
                checked += 1;
            }
            let a =
                TutorialPlayer.choose(&daifugo::cards_core::game::Game::observation(&g, p), &legal);
            daifugo::cards_core::game::Game::apply(&mut g, a).unwrap();
        }
    }
    assert_eq!(checked, 20);
    assert!(
        differed >= 15,
        "the hidden cards differed in {differed} of 20"
    );
}

#[test]
fn the_default_search_beats_tutorial_at_a_small_budget() {
    // 300 playouts a decision, 40 games of a match against four tutorial players.
    use daifugo::cards_core::game::PolicyOptions;
    let mut search = daifugo::search_player(&PolicyOptions::new(1).with_playouts(300));
    let points = mean_points(&mut search, "tutorial", 40);
    let random = mean_points(&mut daifugo::Random::new(1), "tutorial", 40);
    eprintln!("vs 4 tutorial, 40 games: search (300 playouts) {points:.2}, random {random:.2}");
    assert!(random < 2.0, "random scores {random}");
    assert!(points >= 3.6, "search scores {points}");
}
