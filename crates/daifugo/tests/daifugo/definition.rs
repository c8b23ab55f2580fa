//! The game's definition ([`Daifugo`]): the conformance suite of definitions on every preset,
//! and agreement with what the front ends use today (the crate's own deals, the `encode`
//! module's ids and planes, the names the command line, the page and Python take).

use cards_core::Rng;
use cards_core::conformance::check_definition;
use cards_core::game::{Definition, EncodeError, Encoding, ObservationType, PolicyOptions};
use daifugo::encode::{self, PLANES};
use daifugo::{Action, Class, Daifugo, Game, GameError, Rules};

#[test]
fn the_definition_conforms_under_every_preset() {
    let report = check_definition::<Daifugo>(25).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!((report.presets, report.games), (2, 2 * 25));
    assert!(report.actions > 2 * 25 * 50, "{report:?}");
    assert!(report.encodings > 2 * 25 * 5 * 30, "{report:?}");
}

#[test]
fn names_and_presets_are_the_front_ends() {
    assert_eq!(Daifugo::NAME, "daifugo");
    assert_eq!(Daifugo::NUM_PLAYERS, 5);
    assert_eq!(Daifugo::PRESETS, ["tutorial", "uecda"]);
    assert_eq!(Daifugo::DEFAULT_PRESET, "uecda");
    assert_eq!(Daifugo::default_rules(), Rules::default());
    for (name, rules) in Rules::NAMES.iter().zip(Rules::PRESETS) {
        assert_eq!(name.parse::<Rules>().as_ref(), Ok(rules));
    }
    assert_eq!(Daifugo::OBSERVATION_TYPES, ["planes"]);
    assert_eq!(Daifugo::observation_type("Planes"), Ok(ObservationType(0)));
    assert!(matches!(
        Daifugo::observation_type("rlcard"),
        Err(EncodeError::UnknownType {
            game: "daifugo",
            ..
        })
    ));
    assert_eq!(Daifugo::policy_names(), daifugo::POLICY_NAMES);
    assert!(Daifugo::policy("tutorial", &PolicyOptions::new(7)).is_ok());
    assert!(Daifugo::policy("greedy", &PolicyOptions::new(7)).is_err());
}

#[test]
fn new_game_and_from_deal_deal_as_the_crate_does() {
    for rules in Rules::PRESETS {
        for seed in (0..12).chain([u64::MAX]) {
            let ours = Daifugo::new_game(rules, seed).unwrap();
            let theirs = Game::new(*rules, seed);
            assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "{rules} {seed}");
            // a match's later game (classes, the exchange) from its deal
            let mut classes = Class::ALL;
            Rng::seed_from_u64(seed).shuffle(&mut classes);
            let later = Game::deal_from(*rules, seed, [4, 2, 0, 1, 3], Some(classes));
            let again = Daifugo::from_deal(rules, &later.deal()).unwrap();
            assert_eq!(again.hands(), later.hands());
            assert_eq!(again.deal(), later.deal());
        }
    }
    let mut bad = Game::new(Rules::UECDA, 2).deal();
    bad.hands[1] = bad.hands[0];
    assert!(matches!(
        Daifugo::from_deal(&Rules::UECDA, &bad),
        Err(GameError::CardInTwoHands { .. })
    ));
    bad.seats = [0, 0, 1, 2, 3];
    assert!(matches!(
        Daifugo::from_deal(&Rules::UECDA, &bad),
        Err(GameError::BadSeats(_))
    ));
}

/// Random games, half of them with classes (the exchange's gives): every legal action's id,
/// text and read-back, and every player's planes, are the `encode` module's.
#[test]
fn ids_and_planes_are_the_encode_modules() {
    let mut rng = Rng::seed_from_u64(34);
    let (mut steps, mut gives) = (0, 0);
    let mut old = [0i8; PLANES.0 * PLANES.1];
    let mut new = vec![0i8; PLANES.0 * PLANES.1];
    let kind = ObservationType::default();
    for rules in Rules::PRESETS {
        assert_eq!(
            Daifugo::observation_shape(rules, kind),
            Ok([PLANES.0, PLANES.1])
        );
        assert_eq!(Daifugo::num_actions(rules), encode::num_actions() as usize);
        for seed in 0..8u64 {
            let classes = seed.is_multiple_of(2).then(|| {
                let mut c = Class::ALL;
                rng.shuffle(&mut c);
                c
            });
            let mut g = Game::deal_from(*rules, seed, [0, 1, 2, 3, 4], classes);
            loop {
                for p in 0..5u8 {
                    let obs = g.observation(usize::from(p));
                    encode::encode_planes(&obs, &mut old);
                    new.fill(i8::MIN);
                    Daifugo::encode_into(rules, kind, &obs, &mut new).unwrap();
                    assert_eq!(new, old, "{rules} seed {seed} player {p}");
                }
                let mut legal = Vec::new();
                g.legal_actions_into(&mut legal);
                if legal.is_empty() {
                    break;
                }
                for a in &legal {
                    let id = encode::action_id(a).unwrap();
                    let n = id as usize;
                    assert_eq!(Daifugo::action_id(rules, a), Some(n));
                    assert_eq!(Daifugo::action_text(rules, n), encode::action_text(id));
                    assert_eq!(Daifugo::action_from_id(rules, &g, n), Some(*a));
                    gives += usize::from(matches!(a, Action::Give(_)));
                }
                let pick = legal[rng.below(legal.len() as u64) as usize];
                cards_core::game::Game::apply(&mut g, pick).unwrap();
                steps += 1;
            }
        }
    }
    assert!(steps > 300 && gives > 100, "{steps} steps, {gives} gives");
}

#[test]
fn known_ids_and_refusals() {
    let rules = Rules::UECDA;
    assert_eq!(Daifugo::action_id(&rules, &Action::Pass), Some(0));
    assert_eq!(Daifugo::action_id(&rules, &Action::Invalid), None);
    assert_eq!(Daifugo::action_text(&rules, 0).as_deref(), Some("pass"));
    let n = Daifugo::num_actions(&rules);
    assert_eq!(n, 4037);
    assert_eq!(Daifugo::action_text(&rules, n), None);
    assert_eq!(Daifugo::action_text(&rules, usize::MAX), None);
    let g = Daifugo::new_game(&rules, 1).unwrap();
    assert_eq!(Daifugo::action_from_id(&rules, &g, n), None);
    assert_eq!(Daifugo::action_from_id(&rules, &g, usize::MAX), None);
    // a give is no action of a reset game
    assert_eq!(
        Daifugo::action_from_id(&rules, &g, encode::first_give() as usize),
        None
    );
    let mut short = vec![3i8; 7 * 53 - 1];
    assert_eq!(
        Daifugo::encode_into(&rules, ObservationType(0), &g.observation(0), &mut short),
        Err(EncodeError::Length {
            expected: 371,
            got: 370
        })
    );
    assert!(short.iter().all(|&v| v == 3));
    assert_eq!(
        Daifugo::observation_shape(&rules, ObservationType(1)),
        Err(EncodeError::NoSuchType {
            game: "daifugo",
            index: 1
        })
    );
    assert!(g.seat_to_act().is_some());
}
