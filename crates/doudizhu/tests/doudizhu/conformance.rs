//! The game interface's conformance suite (`cards_core::conformance`) on every preset.

use cards_core::conformance::{Config, check};
use doudizhu::{Game, GameRules};

#[test]
fn every_preset_conforms() {
    for rules in GameRules::ALL {
        let name = rules.name().unwrap_or("custom");
        let report = check(
            name,
            |seed| Game::new(rules, seed).expect("a 32-bit seed deals under every preset"),
            &Config::new(300),
        )
        .unwrap_or_else(|f| panic!("{f}"));
        assert!(
            report.games >= 300 && report.worlds_differing > 0,
            "{name}: {report:?}"
        );
    }
}
