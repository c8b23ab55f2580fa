//! The peers' encodings of `doudizhu::encode` that the Python package hands on: OpenSpiel's
//! action ids and observation tensor, RLCard's id of a play under any rules, DouZero's card
//! and type numbers, move lists and features. The Python tests compare these with the peers
//! themselves; these pin the tables' shapes and a few of their values.
#![allow(clippy::doc_markdown)] // the peers' names
// the tensor's values are exactly 0.0 or 1.0
#![allow(clippy::float_cmp)]

use std::collections::HashSet;

use cards_core::Rng;
use cards_core::game::InfoSet as _;
use doudizhu::encode::{
    self, DOUZERO_ACTION, DOUZERO_TYPE_PASS, DOUZERO_TYPE_WRONG, DouZeroCardError, DouZeroMoveType,
    DouZeroPosition, OPENSPIEL_FIRST_PLAY, OPENSPIEL_OBS, OPENSPIEL_PASS, OPENSPIEL_SIZE,
};
use doudizhu::{Action, Counts, Deal, Game, GameRules, Kind, Move, Rules, classify, universe};

fn play(cards: &str, rules: Rules) -> Move {
    classify(cards.parse().unwrap(), &rules).unwrap().first()
}

/// Random games of `rules` (seeds `0..games`), `visit` called before every action with the game.
fn random_games(rules: GameRules, games: u64, mut visit: impl FnMut(&Game)) {
    let mut rng = Rng::seed_from_u64(11);
    for seed in 0..games {
        let mut g = Game::new(rules, seed).unwrap();
        loop {
            visit(&g);
            let legal = g.legal_actions();
            if legal.is_empty() {
                break;
            }
            g.apply_with_outcome(legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
        }
    }
}

#[test]
fn openspiel_ids_are_the_openspiel_readings_one_to_one() {
    let plays = universe(&Rules::OPENSPIEL);
    // the fixture's count: `fixtures/doudizhu/openspiel.txt`, "readings (lines) 26053"
    assert_eq!(plays.len(), 26053);
    assert_eq!(
        plays.len(),
        (OPENSPIEL_SIZE - OPENSPIEL_FIRST_PLAY) as usize
    );
    let mut ids = HashSet::new();
    for m in &plays {
        let id = encode::openspiel_id(m).unwrap_or_else(|| panic!("{m} has no id"));
        assert!(
            (OPENSPIEL_FIRST_PLAY..OPENSPIEL_SIZE).contains(&id),
            "{m}: {id}"
        );
        assert!(ids.insert(id), "{m}: id {id} twice");
        assert_eq!(encode::openspiel_action(id), Some(Action::Play(*m)));
        assert_eq!(encode::openspiel_action_id(&Action::Play(*m)), Some(id));
    }
    assert_eq!(encode::openspiel_action(OPENSPIEL_PASS), Some(Action::Pass));
    for bid in 1..=3u8 {
        assert_eq!(
            encode::openspiel_action(u32::from(bid)),
            Some(Action::Bid(bid))
        );
        assert_eq!(
            encode::openspiel_action_id(&Action::Bid(bid)),
            Some(u32::from(bid))
        );
    }
    assert_eq!(encode::openspiel_action(OPENSPIEL_SIZE), None);
    assert_eq!(encode::openspiel_action(u32::MAX), None);
    assert_eq!(encode::openspiel_action_id(&Action::Rob), None);
    // four with two: no OpenSpiel play
    assert_eq!(encode::openspiel_id(&play("333345", Rules::STANDARD)), None);
}

#[test]
fn openspiel_ids_start_each_section_where_openspiel_does() {
    for (id, cards) in [
        (4, "3"),
        (18, "R"),
        (19, "34567"),
        (54, "3456789TJQKA"),
        (55, "33"),
        (68, "334455"),
        (120, "333"),
        (133, "3334"),
        (315, "33344"),
        (471, "333444"),
        (516, "33344455"),
        (23104, "3334445566"),
        (26043, "3333"),
        (26045, "5555"),
        (26056, "BR"),
    ] {
        let Some(Action::Play(m)) = encode::openspiel_action(id) else {
            panic!("id {id} is no play");
        };
        assert_eq!(m.cards().to_string(), cards, "id {id}");
        assert_eq!(
            encode::openspiel_id(&play(cards, Rules::OPENSPIEL)),
            Some(id),
            "{cards}"
        );
    }
}

#[test]
fn every_legal_openspiel_action_round_trips_through_its_id() {
    let mut actions = 0;
    random_games(GameRules::OPENSPIEL, 30, |g| {
        for a in g.legal_actions() {
            let id = encode::openspiel_action_id(&a).unwrap_or_else(|| panic!("{a} has no id"));
            assert!(id < OPENSPIEL_SIZE);
            assert_eq!(encode::openspiel_action(id), Some(a));
            actions += 1;
        }
    });
    assert!(actions > 30 * 20, "{actions}");
}

#[test]
fn the_openspiel_tensor_on_a_known_deal() {
    // seat 0 holds dealt cards 0, 3, 6, ...; the face-up card (position 0) is a 3
    let mut chance = vec![0];
    chance.extend((0..51).map(|c| 51 + c));
    let deal = Deal::from_openspiel_chance(&chance).unwrap();
    let mut g = Game::from_deal(GameRules::OPENSPIEL, deal);
    let t = encode::openspiel_observation(&g.observation(0));
    assert_eq!(t.len(), OPENSPIEL_OBS);
    let hand = g.state().hand(0);
    for r in doudizhu::Rank::ALL {
        assert_eq!(
            t[5 * r.index() as usize + hand.count(r) as usize],
            1.0,
            "{r:?}"
        );
    }
    assert_eq!((t[141], t[144]), (1.0, 1.0)); // seat 0 bids first; the face-up 3
    assert_eq!((t[138], t[140]), (0.0, 0.0)); // no bid: no position (139 is played R's 0)
    assert!(t.iter().all(|&v| v == 0.0 || v == 1.0));
    g.apply_with_outcome(Action::Bid(2)).unwrap();
    // seat 1 is one after the highest bidder, seat 2 two after
    assert_eq!(
        encode::openspiel_observation(&g.observation(1))[138..141],
        [0.0, 1.0, 0.0]
    );
    assert_eq!(encode::openspiel_observation(&g.observation(2))[140], 1.0);
}

#[test]
fn the_openspiel_tensor_reads_only_what_its_seat_sees() {
    let mut rng = Rng::seed_from_u64(3);
    let mut steps = 0;
    random_games(GameRules::OPENSPIEL, 10, |g| {
        for seat in 0..3u8 {
            let obs = g.observation(usize::from(seat));
            let world: Game = obs.sample(&mut rng);
            assert_eq!(
                encode::openspiel_observation(&obs),
                encode::openspiel_observation(&world.observation(usize::from(seat)))
            );
        }
        steps += 1;
    });
    assert!(steps > 10 * 20);
}

#[test]
fn rlcards_id_of_a_play_is_its_cards_id_where_rlcard_reads_them_alike() {
    for m in universe(&Rules::STANDARD) {
        assert_eq!(
            encode::rlcard_play_id(&m, &Rules::STANDARD),
            encode::rlcard_id(m.cards())
        );
    }
    let (mut with, mut without) = (0, 0);
    for rules in [Rules::OPENSPIEL, Rules::DOUZERO] {
        let mut ids = HashSet::new();
        for m in universe(&rules) {
            match encode::rlcard_play_id(&m, &rules) {
                Some(id) => {
                    assert_eq!(encode::rlcard_move(id), Some(m), "{m}: RLCard's reading");
                    assert!(ids.insert(id), "{m}: id {id} twice");
                    with += 1;
                }
                None => without += 1,
            }
        }
    }
    // the other presets' second readings of a plane with a wing trio have none
    assert!(with > 2 * 25_000 && without > 0, "{with} {without}");
}

#[test]
fn douzero_card_numbers_round_trip() {
    for m in universe(&Rules::DOUZERO) {
        let numbers = encode::douzero_cards(m.cards());
        assert_eq!(numbers.len(), m.cards().len() as usize);
        assert!(numbers.is_sorted());
        let wide: Vec<i64> = numbers.iter().map(|&n| i64::from(n)).collect();
        assert_eq!(encode::counts_from_douzero(&wide), Ok(m.cards()));
    }
    assert_eq!(
        encode::DOUZERO_CARD_NUMBERS,
        [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]
    );
    assert_eq!(
        encode::counts_from_douzero(&[5, 5, 5, 5, 5]),
        Err(DouZeroCardError::TooMany {
            card: 5,
            max: 4,
            position: 4
        })
    );
    assert_eq!(
        encode::counts_from_douzero(&[-1]).unwrap_err().to_string(),
        "unknown DouZero card -1 at position 0 (3..14 are 3..A, 17 is 2, 20 and 30 the jokers)"
    );
    assert_eq!(
        encode::counts_from_douzero(&[20, 20])
            .unwrap_err()
            .to_string(),
        "DouZero card 20 given more than 1 times (at position 1)"
    );
}

#[test]
fn douzero_type_numbers() {
    let numbers: Vec<u8> = Kind::ALL.into_iter().map(encode::douzero_type).collect();
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=14).collect::<Vec<u8>>());
    for k in Kind::ALL {
        assert_eq!(encode::douzero_kind(encode::douzero_type(k)), Some(k));
    }
    assert_eq!(encode::douzero_kind(0), None);
    let t = |type_number, rank, len| DouZeroMoveType {
        type_number,
        rank,
        len,
    };
    // the Python tests' examples (test_douzero.py, test_detector_fault_examples)
    let four_wing = [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7];
    assert_eq!(
        encode::douzero_move_type(&four_wing),
        t(11, Some(3), Some(4))
    );
    let trio_wing = [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 9, 9, 9, 10];
    assert_eq!(
        encode::douzero_move_type(&trio_wing),
        t(11, Some(3), Some(4))
    );
    assert_eq!(
        encode::douzero_move_type(&[3, 3, 3, 3, 4]),
        t(DOUZERO_TYPE_WRONG, None, None)
    );
    assert_eq!(
        encode::douzero_move_type(&[3, 3, 3, 3, 4, 4, 4, 4]).type_number,
        15
    );
    assert_eq!(encode::douzero_move_type(&[30, 20]), t(5, None, None));
    assert_eq!(
        encode::douzero_move_type(&[]),
        t(DOUZERO_TYPE_PASS, None, None)
    );
    assert_eq!(encode::douzero_move_type(&[3]), t(1, Some(3), None));
    assert_eq!(
        encode::douzero_move_type(&[3, 4, 5, 6, 7]),
        t(8, Some(3), Some(5))
    );
    assert_eq!(
        encode::douzero_move_type(&[3, 3, 3, 3, 20, 30]),
        t(13, Some(3), None)
    );
    assert_eq!(
        encode::douzero_move_type(&[99]),
        t(DOUZERO_TYPE_WRONG, None, None)
    );
}

#[test]
fn douzero_move_lists_are_the_leads_and_follows_each_multiset_once() {
    for seed in 0..100 {
        let deal = Deal::from_seed(&GameRules::DOUZERO, seed).unwrap();
        // a peasant's 17 cards, and the landlord's 20
        let hand = deal.hands[seed as usize % 3]
            .checked_add(deal.kitty)
            .unwrap();
        let mut leads: Vec<Counts> = doudizhu::lead(hand, &Rules::DOUZERO)
            .iter()
            .map(|m| m.cards())
            .collect();
        let mut distinct = HashSet::new();
        leads.retain(|c| distinct.insert(*c));
        // every type's generator together: the leads, each multiset once
        let mut by_type = Vec::new();
        for k in Kind::ALL {
            let listed = encode::douzero_gen(hand, k, 0);
            for c in &listed {
                assert!(classify(*c, &Rules::DOUZERO).is_ok_and(|r| r.first().kind() == k));
            }
            by_type.extend(listed);
        }
        let mut a = by_type.clone();
        let mut b = leads.clone();
        a.sort_unstable_by_key(|c| c.bits());
        b.sort_unstable_by_key(|c| c.bits());
        a.dedup();
        assert_eq!(a, b);
        let legal = encode::douzero_legal(hand, &[]).unwrap();
        assert_eq!(legal.iter().copied().collect::<HashSet<_>>(), distinct);
        // following a solo 3: pass last
        let follow = encode::douzero_legal(hand, &[3]).unwrap();
        assert_eq!(follow.last(), Some(&Counts::EMPTY));
    }
    let chains = encode::douzero_gen("34567899".parse().unwrap(), Kind::Chain, 5);
    assert_eq!(chains.len(), 3);
    assert_eq!(
        encode::douzero_legal(Counts::EMPTY, &[3, 15]),
        Err(DouZeroCardError::Unknown {
            card: 15,
            position: 1
        })
    );
}

#[test]
fn douzero_features_list_the_legal_plays_once_with_their_rows() {
    let mut features = 0;
    random_games(GameRules::DOUZERO, 20, |g| {
        for seat in 0..3u8 {
            let obs = g.observation(usize::from(seat));
            let Some(f) = encode::douzero_features(&obs) else {
                assert!(g.state().landlord().is_none(), "features during the play");
                continue;
            };
            features += 1;
            let landlord = g.state().landlord().unwrap();
            assert_eq!(f.position, DouZeroPosition::of(seat, landlord));
            assert_eq!(f.x_no_action.len(), f.position.x_len());
            assert_eq!(f.z.len(), encode::DOUZERO_Z);
            assert_eq!(f.actions.len(), f.plays.len() * DOUZERO_ACTION);
            let mut x = [0i8; encode::DOUZERO_X_PEASANT];
            encode::douzero_x(&obs, &mut x);
            assert_eq!(f.x_no_action, x[..f.position.x_len()]);
            let want: HashSet<Counts> = obs
                .legal_actions()
                .iter()
                .filter_map(|a| match a {
                    Action::Play(m) => Some(m.cards()),
                    Action::Pass => Some(Counts::EMPTY),
                    _ => None,
                })
                .collect();
            assert_eq!(f.plays.len(), want.len());
            assert_eq!(f.plays.iter().copied().collect::<HashSet<_>>(), want);
            for (c, row) in f.plays.iter().zip(f.actions.chunks(DOUZERO_ACTION)) {
                assert_eq!(row, encode::cards54(*c));
            }
        }
    });
    assert!(features > 20 * 50, "{features}");
}
