//! One environment: episodes, replays, the built-in players, the self-check.

use std::sync::atomic::AtomicBool;

use cards_core::game::{Definition, Encoding, ObservationType};
use cards_env::{Env, EnvError, self_check};
use daifugo::Daifugo;
use doudizhu::DouDizhu;
use kabu::Kabu;

fn episodes_replay<D: Encoding>() {
    let rules = D::default_rules();
    let mut env = Env::<D>::new(rules, ObservationType::default(), 21).unwrap();
    let names = vec!["random".to_string(); D::NUM_PLAYERS];
    let stop = AtomicBool::new(false);
    let mut first = Vec::new();
    for _ in 0..3 {
        assert!(env.play_others(usize::MAX, &names, 4, &stop).unwrap());
        first.push(env.returns());
        env.reset(None).unwrap();
    }
    env.reset(Some(21)).unwrap();
    for r in &first {
        assert!(env.play_others(usize::MAX, &names, 4, &stop).unwrap());
        assert_eq!(&env.returns(), r, "{}", D::NAME);
        env.reset(None).unwrap();
    }
    assert_eq!(
        env.play_others(usize::MAX, &names, 4, &AtomicBool::new(true)),
        Err(EnvError::Interrupted)
    );
    assert!(!env.render().is_empty());
    let [rows, cols] = env.obs_shape();
    let mut out = vec![0i8; rows * cols];
    env.encode(0, &mut out).unwrap();
    assert!(env.encode(0, &mut out[1..]).is_err());
}

#[test]
fn a_reset_with_the_same_seed_replays_the_episodes() {
    episodes_replay::<DouDizhu>();
    episodes_replay::<Daifugo>();
    episodes_replay::<Kabu>();
}

#[test]
fn the_self_check_passes() {
    for kind in 0..3 {
        self_check::<DouDizhu>(&DouDizhu::default_rules(), ObservationType(kind), 3, 1).unwrap();
    }
    self_check::<Daifugo>(&Daifugo::default_rules(), ObservationType(0), 3, 1).unwrap();
    self_check::<Kabu>(&Kabu::default_rules(), ObservationType(0), 10, 1).unwrap();
}

#[test]
fn rules_the_enumeration_does_not_cover_are_refused_with_why() {
    // Dou Dizhu's ids are RLCard's: rules with other plays (OpenSpiel's) are refused before any
    // environment is made, the error naming the rules
    let rules: doudizhu::GameRules = "openspiel".parse().unwrap();
    assert!(DouDizhu::check_rules(&rules).is_err());
    let Err(e) = Env::<DouDizhu>::new(rules, ObservationType(0), 1) else {
        panic!("the openspiel plays have no RLCard ids");
    };
    let text = e.to_string();
    assert!(
        text.contains("standard plays") && text.contains("openspiel"),
        "{text}"
    );
    let Err(e) = cards_env::EnvPool::<DouDizhu>::new(rules, cards_env::Config::new(2)) else {
        panic!("a pool over uncovered rules");
    };
    assert!(matches!(e, EnvError::Encode(_)), "{e}");
    // the standard plays under another flow are covered
    let rlcard: doudizhu::GameRules = "rlcard".parse().unwrap();
    assert_eq!(DouDizhu::check_rules(&rlcard), Ok(()));
    assert!(Env::<DouDizhu>::new(rlcard, ObservationType(0), 1).is_ok());
}
