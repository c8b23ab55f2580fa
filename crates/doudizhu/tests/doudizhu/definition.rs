//! The game's definition ([`DouDizhu`]): the conformance suite of definitions on every preset,
//! and agreement with what the front ends use today (the crate's own deals, the `encode`
//! module's ids and tensors, the names the command line, the page and Python take).
#![allow(clippy::doc_markdown)] // the peers' names

use cards_core::Rng;
use cards_core::conformance::check_definition;
use cards_core::game::{Definition, EncodeError, Encoding, ObservationType, PolicyOptions};
use doudizhu::encode::{self, DOUZERO_X_PEASANT, DOUZERO_Z, RLCARD_OBS};
use doudizhu::{Action, Deal, DealError, DouDizhu, Game, GameRules};

#[test]
fn the_definition_conforms_under_every_preset() {
    let report = check_definition::<DouDizhu>(40).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.presets, 5);
    assert_eq!(report.games, 5 * 40);
    assert!(report.actions > 5 * 40 * 20, "{report:?}");
    assert!(report.encodings > 5 * 40 * 3 * 20, "{report:?}");
}

#[test]
fn names_and_presets_are_the_front_ends() {
    assert_eq!(DouDizhu::NAME, "doudizhu");
    assert_eq!(DouDizhu::NUM_PLAYERS, 3);
    assert_eq!(
        DouDizhu::PRESETS,
        ["standard", "strict", "openspiel", "douzero", "rlcard"]
    );
    assert_eq!(DouDizhu::DEFAULT_PRESET, "standard");
    assert_eq!(DouDizhu::default_rules(), GameRules::default());
    for (name, rules) in GameRules::NAMES.iter().zip(GameRules::ALL) {
        assert_eq!(name.parse::<GameRules>(), Ok(rules));
    }
    // the Python package's observation types, by the same names
    assert_eq!(DouDizhu::OBSERVATION_TYPES, ["planes", "rlcard", "douzero"]);
    assert_eq!(
        DouDizhu::observation_type(" RLCard"),
        Ok(ObservationType(1))
    );
    assert!(matches!(
        DouDizhu::observation_type("openspiel"),
        Err(EncodeError::UnknownType {
            game: "doudizhu",
            ..
        })
    ));
    assert_eq!(
        DouDizhu::policy_names(),
        ["random", "greedy", "expert", "expert-fixed", "search"]
    );
    assert!(DouDizhu::policy("Greedy", &PolicyOptions::new(7)).is_ok());
    let e = DouDizhu::policy("nobody", &PolicyOptions::new(7))
        .err()
        .expect("no such player");
    assert!(e.to_string().contains("greedy"), "{e}");
}

#[test]
fn new_game_deals_as_the_crate_does() {
    for rules in GameRules::ALL {
        for seed in (0..12).chain([0xffff_ffff, 1 << 32, u64::MAX]) {
            let ours = DouDizhu::new_game(&rules, seed);
            match Game::new(rules, seed) {
                Ok(g) => assert_eq!(ours, Ok(g), "{rules} seed {seed}"),
                Err(e) => assert_eq!(
                    ours.map_err(doudizhu::GameError::Deal),
                    Err(e),
                    "{rules} seed {seed}"
                ),
            }
        }
    }
    // DouZero's dealer takes 32-bit seeds: a larger one is refused, as Game::new refuses it
    assert_eq!(
        DouDizhu::new_game(&GameRules::DOUZERO, 1 << 32),
        Err(DealError::SeedTooLarge { seed: 1 << 32 })
    );
}

#[test]
fn from_deal_checks_the_deal() {
    let rules = GameRules::STANDARD;
    let deal = Deal::from_seed(&rules, 5).unwrap();
    assert_eq!(
        DouDizhu::from_deal(&rules, &deal),
        Ok(Game::from_deal(rules, deal))
    );
    let mut twice = deal;
    twice.hands[1] = twice.hands[0];
    assert_eq!(
        DouDizhu::from_deal(&rules, &twice),
        Err(DealError::NotTheDeck)
    );
    let mut seat = deal;
    seat.first = 3;
    assert_eq!(
        DouDizhu::from_deal(&rules, &seat),
        Err(DealError::Seat { seat: 3 })
    );
}

/// The old encoders' output of `obs` in each observation type, as the Python environments
/// write it (planes; RLCard's obs; DouZero's x then z).
fn old_encodings(obs: &doudizhu::Observation<'_>) -> [Vec<i8>; 3] {
    let mut planes = [0i8; 165];
    encode::encode_planes(obs, &mut planes);
    let mut rlcard = [0i8; RLCARD_OBS];
    encode::encode_rlcard(obs, &mut rlcard);
    let mut x = [0i8; DOUZERO_X_PEASANT];
    encode::douzero_x(obs, &mut x);
    let mut z = [0i8; DOUZERO_Z];
    encode::douzero_z(obs, &mut z);
    [planes.to_vec(), rlcard.to_vec(), [&x[..], &z[..]].concat()]
}

#[test]
fn ids_and_tensors_are_the_encode_modules() {
    let mut rng = Rng::seed_from_u64(34);
    let mut steps = 0;
    let presets = [
        GameRules::STANDARD,
        GameRules::RLCARD,
        GameRules::DOUZERO,
        "standard+auction=call_rob".parse().unwrap(),
    ];
    for (k, rules) in presets.iter().enumerate() {
        assert_eq!(DouDizhu::num_actions(rules), 27_477);
        for seed in 0..6 {
            let mut g = DouDizhu::new_game(rules, seed + 100 * k as u64).unwrap();
            loop {
                for seat in 0..3u8 {
                    let obs = g.observation(usize::from(seat));
                    for (kind, old) in old_encodings(&obs).iter().enumerate() {
                        let kind = ObservationType(kind);
                        let shape = DouDizhu::observation_shape(rules, kind).unwrap();
                        assert_eq!(shape[0] * shape[1], old.len());
                        let mut out = vec![i8::MIN; old.len()];
                        DouDizhu::encode_into(rules, kind, &obs, &mut out).unwrap();
                        assert_eq!(&out, old, "{rules} seed {seed} seat {seat} {kind:?}");
                    }
                }
                let legal = g.legal_actions();
                if legal.is_empty() {
                    break;
                }
                for a in &legal {
                    let id = encode::action_id(a).unwrap();
                    assert_eq!(DouDizhu::action_id(rules, a), Some(id as usize));
                    assert_eq!(
                        DouDizhu::action_text(rules, id as usize),
                        encode::action_text(id)
                    );
                    let back = DouDizhu::action_from_id(rules, &g, id as usize).unwrap();
                    assert!(legal.contains(&back));
                    assert_eq!(encode::action_id(&back), Some(id));
                    // of two legal readings of one multiset, RLCard's (as the environments)
                    let rlcards = |x: &Action| matches!(x, Action::Play(m) if encode::is_rlcard_reading(id, m));
                    if legal
                        .iter()
                        .filter(|x| encode::action_id(x) == Some(id))
                        .count()
                        > 1
                    {
                        assert!(
                            rlcards(&back),
                            "{rules} seed {seed}: {a} read back as {back}"
                        );
                    } else {
                        assert_eq!(back, *a);
                    }
                }
                g.apply_with_outcome(legal[rng.below(legal.len() as u64) as usize])
                    .unwrap();
                steps += 1;
            }
        }
    }
    assert!(steps > 500, "{steps}");
}

/// Under DouZero's plays a lead of 333444555666 has three legal readings (a plane of four
/// trios, three trios with wings of either end): its id gives RLCard's (the plane), as the
/// Python environments keep it. (Random games seldom meet two legal readings of one
/// multiset, and the standard plays never have two.)
#[test]
fn an_id_of_two_legal_readings_gives_rlcards() {
    let rules = GameRules::DOUZERO; // no auction: seat 0 leads
    let hands = [
        "33334444555566667",
        "77788889999TTTTJJ",
        "JJQQQQKKKKAAAA222",
    ]
    .map(|h| h.parse().unwrap());
    let deal = Deal::new(hands, "2BR".parse().unwrap(), 0).unwrap();
    let g = DouDizhu::from_deal(&rules, &deal).unwrap();
    let cards = doudizhu::Counts::parse_play("333444555666").unwrap();
    let id = encode::rlcard_id(cards).unwrap();
    let readings: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Play(m) if m.cards() == cards))
        .collect();
    assert!(readings.len() > 1, "{readings:?}");
    let back = DouDizhu::action_from_id(&rules, &g, id as usize).unwrap();
    assert!(readings.contains(&back));
    assert_eq!(Some(back), encode::rlcard_move(id).map(Action::Play));
}

#[test]
fn known_ids_and_refusals() {
    let rules = GameRules::STANDARD;
    let id = |a: Action| DouDizhu::action_id(&rules, &a);
    assert_eq!(id(Action::Pass), Some(27_471));
    assert_eq!(id(Action::Bid(1)), Some(27_472));
    assert_eq!(id(Action::Rob), Some(27_476));
    assert_eq!(id(Action::Bid(0)), None);
    assert_eq!(DouDizhu::action_text(&rules, 0).as_deref(), Some("3"));
    assert_eq!(
        DouDizhu::action_text(&rules, 27_476).as_deref(),
        Some("rob")
    );
    assert_eq!(DouDizhu::action_text(&rules, 27_477), None);
    assert_eq!(DouDizhu::action_text(&rules, usize::MAX), None);
    let g = DouDizhu::new_game(&rules, 3).unwrap();
    assert_eq!(DouDizhu::action_from_id(&rules, &g, usize::MAX), None);
    // a play during the auction has an id but is not legal now
    assert_eq!(DouDizhu::action_from_id(&rules, &g, 0), None);
    assert_eq!(
        DouDizhu::action_from_id(&rules, &g, 27_472),
        Some(Action::Bid(1))
    );
    let obs = g.observation(0);
    let mut short = vec![5i8; 164];
    assert_eq!(
        DouDizhu::encode_into(&rules, ObservationType(0), &obs, &mut short),
        Err(EncodeError::Length {
            expected: 165,
            got: 164
        })
    );
    assert!(short.iter().all(|&v| v == 5));
    assert_eq!(
        DouDizhu::encode_into(&rules, ObservationType(3), &obs, &mut short),
        Err(EncodeError::NoSuchType {
            game: "doudizhu",
            index: 3
        })
    );
    assert_eq!(
        DouDizhu::observation_shape(&rules, ObservationType(2)),
        Ok([1, 1240])
    );
}
