//! The game's definition ([`Kabu`]): the conformance suite of definitions on every preset, and
//! agreement with what the front ends use today (the crate's own deals, the `encode` module's
//! ids and rows, the names the command line, the page and Python take).

use cards_core::Rng;
use cards_core::conformance::check_definition;
use cards_core::game::{
    Definition, EncodeError, Encoding, Game, ObservationType, Players, PolicyOptions,
};
use kabu::encode::{self, PLANES};
use kabu::{Decision, Kabu, Round, RoundError, Rules, Seat};

#[test]
fn the_definition_conforms_under_every_preset() {
    let report = check_definition::<Kabu>(150).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!((report.presets, report.games), (2, 2 * 150));
    assert!(report.actions > 2 * 150 * 15, "{report:?}");
    assert!(report.encodings > 2 * 150 * 2 * 3, "{report:?}");
}

#[test]
fn names_and_presets_are_the_front_ends() {
    assert_eq!(Kabu::NAME, "kabu");
    assert_eq!(Kabu::NUM_PLAYERS, 2);
    assert_eq!(Kabu::PRESETS, ["default", "vb6"]);
    assert_eq!(Kabu::DEFAULT_PRESET, "default");
    assert_eq!(Kabu::default_rules(), Rules::default());
    for (name, rules) in Rules::NAMES.iter().zip(Rules::PRESETS) {
        assert_eq!(name.parse::<Rules>(), Ok(rules));
    }
    assert_eq!(Kabu::OBSERVATION_TYPES, ["planes"]);
    assert!(matches!(
        Kabu::observation_type("douzero"),
        Err(EncodeError::UnknownType { game: "kabu", .. })
    ));
    assert_eq!(Kabu::policy_names(), <Round as Players>::POLICY_NAMES);
    assert!(Kabu::policy("house", &PolicyOptions::new(7)).is_ok());
    assert!(Kabu::policy("greedy", &PolicyOptions::new(7)).is_err());
}

#[test]
fn new_game_and_from_deal_deal_as_the_crate_does() {
    for rules in Rules::PRESETS {
        for seed in (0..20).chain([u64::MAX]) {
            let ours = Kabu::new_game(&rules, seed).unwrap();
            assert_eq!(ours, Round::new(rules, seed));
            let again = Kabu::from_deal(&rules, &ours.deal()).unwrap();
            assert_eq!(again, Round::from_deal(rules, ours.deal()).unwrap());
        }
    }
    let mut twice = Round::new(Rules::DEFAULT, 1).deal();
    twice[1] = twice[0];
    assert_eq!(
        Kabu::from_deal(&Rules::DEFAULT, &twice),
        Round::from_deal(Rules::DEFAULT, twice)
    );
    assert!(matches!(
        Kabu::from_deal(&Rules::DEFAULT, &twice),
        Err(RoundError::BadDeal(_))
    ));
}

/// Random rounds with stakes of up to 1, 2 and 3 units: every legal decision's id, text and
/// read-back, and both players' rows, are the `encode` module's.
#[test]
fn ids_and_rows_are_the_encode_modules() {
    let mut rng = Rng::seed_from_u64(34);
    let mut steps = 0;
    let mut old = [0i8; PLANES.0 * PLANES.1];
    let mut new = vec![0i8; PLANES.0 * PLANES.1];
    let kind = ObservationType::default();
    for max_stake in [1, 2, 3] {
        for preset in Rules::PRESETS {
            let mut rules = preset;
            rules.max_stake = max_stake;
            assert_eq!(
                Kabu::num_actions(&rules),
                encode::num_actions(&rules) as usize
            );
            for seed in 0..40 {
                let mut round = Kabu::new_game(&rules, seed).unwrap();
                loop {
                    for p in 0..2 {
                        let obs = Game::observation(&round, p);
                        encode::encode_planes(&obs, &mut old);
                        new.fill(i8::MIN);
                        Kabu::encode_into(&rules, kind, &obs, &mut new).unwrap();
                        assert_eq!(new, old, "{rules} seed {seed} player {p}");
                    }
                    let legal = Game::legal_actions(&round);
                    if legal.is_empty() {
                        break;
                    }
                    for d in &legal {
                        let id = encode::action_id(&rules, d).unwrap();
                        let n = id as usize;
                        assert_eq!(Kabu::action_id(&rules, d), Some(n));
                        assert_eq!(
                            Kabu::action_text(&rules, n),
                            encode::action_text(&rules, id)
                        );
                        assert_eq!(Kabu::action_from_id(&rules, &round, n), Some(*d));
                    }
                    let pick = legal[rng.below(legal.len() as u64) as usize];
                    Game::apply(&mut round, pick).unwrap();
                    steps += 1;
                }
            }
        }
    }
    assert!(steps > 400, "{steps}");
}

#[test]
fn known_ids_and_refusals() {
    let rules = Rules::DEFAULT;
    assert_eq!(Kabu::num_actions(&rules), 17);
    assert_eq!(
        Kabu::action_id(&rules, &Decision::Stake([1, 0, 0, 1])),
        Some(10)
    );
    assert_eq!(
        Kabu::action_id(&rules, &Decision::Stake([2, 0, 0, 0])),
        None
    );
    assert_eq!(
        Kabu::action_text(&rules, 16).as_deref(),
        Some("stake 1 1 1 1")
    );
    assert_eq!(Kabu::action_text(&rules, 17), None);
    assert_eq!(Kabu::action_text(&rules, usize::MAX), None);
    let mut round = Kabu::new_game(&rules, 5).unwrap();
    // the bets: a draw is not legal yet, a stake is
    assert_eq!(Kabu::action_from_id(&rules, &round, 0), None);
    assert_eq!(
        Kabu::action_from_id(&rules, &round, 16),
        Some(Decision::Stake([1, 1, 1, 1]))
    );
    assert_eq!(Kabu::action_from_id(&rules, &round, usize::MAX), None);
    Game::apply(&mut round, Decision::Stake([1, 1, 1, 1])).unwrap();
    // a draw's id names the seat to act
    if let Some(seat) = round.seat_to_act() {
        for id in Game::legal_actions(&round)
            .iter()
            .filter_map(|d| Kabu::action_id(&rules, d))
        {
            match Kabu::action_from_id(&rules, &round, id) {
                Some(Decision::Act(a)) => assert_eq!(a.seat, seat),
                other => panic!("id {id}: {other:?}"),
            }
        }
        assert_ne!(seat, Seat::Dealer);
    }
    let mut short = vec![4i8; 41];
    assert_eq!(
        Kabu::encode_into(
            &rules,
            ObservationType(0),
            &Game::observation(&round, 0),
            &mut short
        ),
        Err(EncodeError::Length {
            expected: 42,
            got: 41
        })
    );
    assert!(short.iter().all(|&v| v == 4));
    assert_eq!(
        Kabu::observation_shape(&rules, ObservationType(1)),
        Err(EncodeError::NoSuchType {
            game: "kabu",
            index: 1
        })
    );
}
