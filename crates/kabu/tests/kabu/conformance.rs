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
