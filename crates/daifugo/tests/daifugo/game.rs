//! Whole games: each rule of the UEC contest server's game flow as a named test, on crafted deals.

use cards_core::CardSet;
use daifugo::{Action, Class, Deal, Effects, Game, GameError, Meld, Mode, Rules};

const U: Rules = Rules::UECDA;

fn hands(h: [&str; 5]) -> [CardSet; 5] {
    h.map(|t| U.parse_hand(t).unwrap())
}

/// A reset game (no exchange), player `s` at seat `s`.
fn game(h: [&str; 5]) -> Game {
    let deal = Deal {
        seats: [0, 1, 2, 3, 4],
        classes: None,
        hands: hands(h),
    };
    Game::from_deal(U, &deal).unwrap()
}

fn play(g: &mut Game, text: &str) -> daifugo::Applied {
    let m = Meld::parse(text, &U).unwrap();
    g.apply_with_outcome(Action::Play(m))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn pass(g: &mut Game) -> daifugo::Applied {
    g.apply_with_outcome(Action::Pass).unwrap()
}

#[test]
fn tribute_takes_the_strongest_cards() {
    // the joker first, then 2 down, ♠♥♦♣ within a rank; the 大貧民 gives 2, the 貧民 1
    let deal = Deal {
        seats: [0, 1, 2, 3, 4],
        classes: Some([
            Class::Daifugo,
            Class::Fugo,
            Class::Heimin,
            Class::Hinmin,
            Class::Daihinmin,
        ]),
        hands: hands(["S3 S4", "H3 H4", "D3 D4", "SJ HJ C4 S5", "D2 H2 C2 SA JK"]),
    };
    let g = Game::from_deal(U, &deal).unwrap();
    let h = g.hands();
    assert_eq!(h[0], U.parse_hand("S3 S4 JK H2").unwrap());
    assert_eq!(h[4], U.parse_hand("D2 C2 SA").unwrap());
    assert_eq!(h[1], U.parse_hand("H3 H4 SJ").unwrap());
    assert_eq!(h[3], U.parse_hand("HJ C4 S5").unwrap());
    // the 大富豪 returns 2 of its choice (here a card just received), then the 富豪 1
    assert!(g.is_exchanging());
    assert_eq!(g.seat_to_act(), Some(0));
    let mut g2 = g.clone();
    assert_eq!(
        g2.apply_with_outcome(Action::Give(U.parse_hand("S3").unwrap())),
        Err(GameError::BadExchange {
            player: 0,
            cards: U.parse_hand("S3").unwrap(),
            count: 2
        })
    );
    g2.apply_with_outcome(Action::Give(U.parse_hand("S3 H2").unwrap()))
        .unwrap();
    assert_eq!(g2.seat_to_act(), Some(1));
    g2.apply_with_outcome(Action::Give(U.parse_hand("H3").unwrap()))
        .unwrap();
    assert_eq!(g2.hands()[4], U.parse_hand("D2 C2 SA S3 H2").unwrap());
    assert_eq!(g2.hands()[3], U.parse_hand("HJ C4 S5 H3").unwrap());
    // ♦3's holder leads
    assert_eq!(g2.seat_to_act(), Some(2));
    // in the server's mode an invalid return gives the strongest cards
    let mut g3 = g.clone();
    g3.set_mode(Mode::Server);
    let out = g3.apply_with_outcome(Action::Pass).unwrap();
    assert!(!out.accepted);
    assert_eq!(g3.returned()[0], U.parse_hand("JK H2").unwrap());
}

#[test]
fn the_diamond_three_leads_and_the_owner_gets_an_extra_turn() {
    let mut g = game(["S4 D3 S9 SK", "C5", "C6", "C7", "H8 C8"]);
    assert_eq!(g.seat_to_act(), Some(0));
    play(&mut g, "D3");
    for p in 1..5 {
        assert_eq!(g.seat_to_act(), Some(p));
        assert!(!pass(&mut g).flushed);
    }
    // everyone else passed: the turn comes back to the owner, the meld still on the table
    assert_eq!(g.seat_to_act(), Some(0));
    assert_eq!(g.state().table, Some(Meld::parse("D3", &U).unwrap()));
    assert!(
        g.legal_actions()
            .contains(&Action::Play(Meld::parse("S9", &U).unwrap()))
    );
    // it may beat its own meld, and again
    play(&mut g, "S9");
    assert_eq!(g.seat_to_act(), Some(0));
    play(&mut g, "SK");
    assert_eq!(g.seat_to_act(), Some(0));
    // the table clears only when it passes; it leads again
    let out = pass(&mut g);
    assert!(out.flushed);
    assert_eq!(g.state().table, None);
    assert_eq!(g.seat_to_act(), Some(0));
    assert_eq!(g.passed(), 0);
}

#[test]
fn passing_is_final_for_the_trick() {
    let mut g = game(["D3 S9 SK", "C5 C10", "C6", "D7", "H8 C8"]);
    play(&mut g, "D3");
    pass(&mut g); // player 1 passes
    play(&mut g, "C6"); // 2 finishes
    play(&mut g, "D7"); // 3 finishes
    pass(&mut g); // 4
    play(&mut g, "S9"); // 0
    // player 1 passed: it gets no turn though ♣10 beats ♠9; 2 and 3 are out, 4 passed
    assert_eq!(g.seat_to_act(), Some(0));
    assert_eq!(g.passed(), 0b1_0010);
}

#[test]
fn a_leader_may_pass() {
    let mut g = game(["D3 S9", "C5", "C6", "C7", "C8"]);
    let out = pass(&mut g);
    assert!(out.accepted && !out.flushed);
    assert_eq!(g.state().table, None);
    assert_eq!(g.seat_to_act(), Some(1)); // the next player leads
    for _ in 1..5 {
        pass(&mut g);
    }
    // all passed on a clear table: the same leader leads again
    assert_eq!(g.seat_to_act(), Some(0));
    assert_eq!(g.passed(), 0);
    assert_eq!(g.pass_count(), 5);
}

#[test]
fn a_lone_joker_is_answered_by_the_spade_three() {
    let mut g = game(["D3 JK H9", "S3 C4", "C6 C9", "C7 CJ", "C8 CQ"]);
    play(&mut g, "JK");
    assert_eq!(
        g.legal_actions(),
        [Action::Play(Meld::parse("S3", &U).unwrap()), Action::Pass]
    );
    let out = play(&mut g, "S3");
    assert!(out.effects.contains(Effects::SPADE_THREE));
    assert!(out.flushed);
    assert_eq!(g.state().table, None);
    assert_eq!(g.seat_to_act(), Some(1));
}

#[test]
fn revolution_survives_a_flush() {
    let mut g = game(["D3 C5 D5 H5 S5 S9", "CK", "C6", "C7", "CQ"]);
    pass(&mut g); // ♦3's holder passes its lead
    pass(&mut g);
    pass(&mut g);
    pass(&mut g);
    pass(&mut g);
    let out = play(&mut g, "C5 D5 H5 S5");
    assert!(out.effects.contains(Effects::REVOLUTION));
    for _ in 1..5 {
        pass(&mut g);
    }
    let out = pass(&mut g); // the owner passes: flush
    assert!(out.flushed);
    assert!(g.state().revolution);
    assert_eq!(g.state().table, None);
    // in revolution ♣K does not beat ♠9, ♣6 does
    play(&mut g, "S9");
    assert_eq!(g.legal_actions(), [Action::Pass]);
    pass(&mut g);
    assert_eq!(
        g.legal_actions(),
        [Action::Play(Meld::parse("C6", &U).unwrap()), Action::Pass]
    );
}

#[test]
fn the_lock_ends_at_the_flush() {
    let mut g = game(["D3 H5 S4", "H9 C10", "C6 CK", "C7 CA", "CQ C2"]);
    play(&mut g, "H5");
    let out = play(&mut g, "H9");
    assert!(out.effects.contains(Effects::LOCK));
    assert!(g.state().locked);
    // locked to ♥: the ♣ cards cannot follow
    assert_eq!(g.legal_actions(), [Action::Pass]);
    for _ in 0..4 {
        assert!(!pass(&mut g).flushed); // 2, 3, 4, 0
    }
    assert_eq!(g.seat_to_act(), Some(1));
    let out = pass(&mut g); // the owner (1) passes
    assert!(out.flushed);
    assert!(!g.state().locked);
    assert_eq!(g.seat_to_act(), Some(1));
}

#[test]
fn finishing_on_an_eight() {
    let mut g = game(["D3 S8", "C5 C10", "C6 C9", "C7 CJ", "CQ CK"]);
    play(&mut g, "D3");
    for _ in 1..5 {
        pass(&mut g);
    }
    // the owner plays its last card, an 8: it finishes first, the 8-cut clears the table, and
    // the next seat with cards leads
    let out = play(&mut g, "S8");
    assert_eq!(out.finished, Some(1));
    assert!(out.effects.contains(Effects::EIGHT_CUT) && out.flushed);
    assert_eq!(g.places()[0], 1);
    assert_eq!(g.seat_to_act(), Some(1));
    assert_eq!(g.state().table, None);
}

#[test]
fn a_finishing_meld_stays_on_the_table() {
    let mut g = game(["D3 S9", "H5 HJ", "C6", "S7 SK", "D10 DQ"]);
    play(&mut g, "D3");
    play(&mut g, "H5");
    let out = play(&mut g, "C6");
    assert_eq!(out.finished, Some(1));
    assert!(!out.flushed);
    assert_eq!(g.state().table, Some(Meld::parse("C6", &U).unwrap()));
    assert_eq!(g.seat_to_act(), Some(3));
    assert!(
        g.legal_actions()
            .contains(&Action::Play(Meld::parse("S7", &U).unwrap()))
    );
}

#[test]
fn the_game_ends_at_the_fourth_finisher() {
    let mut g = game(["D3", "C5", "C6", "C7", "C9 C10"]);
    play(&mut g, "D3");
    play(&mut g, "C5");
    play(&mut g, "C6");
    let out = play(&mut g, "C7");
    assert_eq!(out.finished, Some(4));
    // player 4 is fifth without playing: 3 finishers so far? D3, C5, C6, C7 are 4
    assert!(out.over && g.is_over());
    assert_eq!(g.places(), [1, 2, 3, 4, 5]);
    assert_eq!(g.points(), Some([5, 4, 3, 2, 1]));
    assert_eq!(g.seat_to_act(), None);
    assert_eq!(g.apply_with_outcome(Action::Pass), Err(GameError::Over));
}

#[test]
fn the_twenty_pass_cut_off() {
    let mut g = game(["D3 S9", "C5 C10", "C6 C9", "C7 CJ", "CQ CK"]);
    for i in 0..19 {
        let out = pass(&mut g);
        assert!(!out.over, "pass {i}");
    }
    let out = pass(&mut g);
    assert!(out.over && g.cut_off());
    let mut places = g.places();
    places.sort_unstable();
    assert_eq!(places, [1, 2, 3, 4, 5]);
    // a play resets the counter; flushes do not
    let mut g = game(["D3 S9", "C5 C10", "C6 C9", "C7 CJ", "CQ CK"]);
    for _ in 0..7 {
        pass(&mut g);
    }
    assert_eq!(g.pass_count(), 7);
    let first = g.legal_actions()[0];
    g.apply_with_outcome(first).unwrap();
    assert_eq!(g.pass_count(), 0);
    // without the cut-off option the passing goes on
    let mut r = U;
    r.pass_limit = 0;
    let deal = game(["D3 S9", "C5 C10", "C6 C9", "C7 CJ", "CQ CK"]).deal();
    let mut g = Game::from_deal(r, &deal).unwrap();
    for _ in 0..100 {
        g.apply_with_outcome(Action::Pass).unwrap();
    }
    assert!(!g.is_over());
}

#[test]
fn an_illegal_action_is_refused_or_a_pass_in_the_servers_mode() {
    let mut g = game(["D3 S9", "C5 C10", "C6 C9", "C7 CJ", "CQ CK"]);
    play(&mut g, "S9");
    let before = g.clone();
    let weak = Meld::parse("C5", &U).unwrap();
    let e = g.apply_with_outcome(Action::Play(weak)).unwrap_err();
    assert!(matches!(
        e,
        GameError::Illegal {
            player: 1,
            reason: daifugo::Error::DoesNotBeat { .. },
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "player 1 cannot play C5: ♣5 does not beat ♠9 on the table"
    );
    let not_held = Meld::parse("CK", &U).unwrap();
    assert!(matches!(
        g.apply_with_outcome(Action::Play(not_held)),
        Err(GameError::Illegal {
            reason: daifugo::Error::NotHeld(_),
            ..
        })
    ));
    assert_eq!(g.history(), before.history());
    assert_eq!(g.seat_to_act(), Some(1));
    g.set_mode(Mode::Server);
    let out = g.apply_with_outcome(Action::Play(weak)).unwrap();
    assert!(!out.accepted);
    assert!(matches!(
        out.reason,
        Some(daifugo::Error::DoesNotBeat { .. })
    ));
    assert_eq!(g.seat_to_act(), Some(2)); // counted as a pass
    assert_eq!(g.passed(), 0b10);
    let out = g.apply_with_outcome(Action::Invalid).unwrap();
    assert_eq!(out.reason, Some(daifugo::Error::NotAMeld));
}

#[test]
#[allow(deprecated)]
fn the_old_names_state_and_outcome_still_name_table_and_applied() {
    // Deprecated aliases for this release (see the CHANGELOG): the same types, new names.
    let table: daifugo::State = daifugo::Table::default().with_revolution(true);
    assert!(table.revolution);
    assert_eq!(table, daifugo::Table::default().with_revolution(true));
    let mut g = Game::new(Rules::UECDA, 3);
    let legal = g.legal_actions();
    let applied: daifugo::Outcome = g.apply_with_outcome(legal[0]).unwrap();
    assert!(applied.accepted && applied.reason.is_none());
}
