//! The game interface's conformance suite (`cards_core::conformance`) on both presets, with
//! stakes of one unit and of up to three.

use cards_core::conformance::{Config, check};
use kabu::{Round, Rules};

#[test]
fn every_preset_conforms() {
    for preset in Rules::PRESETS {
        for max_stake in [1, 3] {
            let mut rules = preset;
            rules.max_stake = max_stake;
            let name = rules.to_string();
            let report = check(&name, |seed| Round::new(rules, seed), &Config::new(400))
                .unwrap_or_else(|f| panic!("{f}"));
            assert!(
                report.games >= 400 && report.worlds_differing > 0,
                "{name}: {report:?}"
            );
        }
    }
}

#[test]
fn max_stake_is_a_rules_option_in_text() {
    let mut r = Rules::DEFAULT;
    r.max_stake = 3;
    assert_eq!(r.to_string(), "default+max_stake=3");
    assert_eq!("default+max_stake=3".parse::<Rules>(), Ok(r));
    assert!("default+max_stake=0".parse::<Rules>().is_err());
    assert!("default+max_stake=10".parse::<Rules>().is_err());
}

#[cfg(feature = "serde")]
#[test]
fn max_stake_is_a_rules_option_in_json() {
    let mut r = Rules::DEFAULT;
    r.max_stake = 3;
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(json, r#"{"preset":"default","max_stake":3}"#);
    assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), r);
}

#[test]
fn stakes_above_max_stake_are_refused_with_the_round_unchanged() {
    use cards_core::game::Game;
    use kabu::{Decision, RoundError};
    let mut round = Round::new(Rules::DEFAULT, 1);
    let before = round;
    assert_eq!(
        Game::apply(&mut round, Decision::Stake([0, 2, 0, 0])),
        Err(RoundError::StakeTooLarge {
            field: 2,
            stake: 2,
            max: 1
        })
    );
    assert_eq!(round, before);
    assert_eq!(Game::legal_actions(&round).len(), 15); // 2^4 - 1 stake vectors of 0 or 1 unit
}
