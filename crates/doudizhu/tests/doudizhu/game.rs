//! Whole games: the spec's scenarios S1-S6 under each peer's preset, OpenSpiel's auctions
//! O7-O11, A1, A3 (and what `standard` makes of them), and the seeded deals of RLCard and
//! DouZero.

#![allow(clippy::doc_markdown)] // the peers' names

use doudizhu::{
    Action, Counts, Deal, Game, GameError, GameRules, Objective, Phase, Record, ReplayError,
};

/// One scenario of the spec's section 10.1: L (the landlord's 20 cards, kitty included), D
/// (landlord_down), U (landlord_up), K (the kitty), the plays from L (`-` a pass), and OpenSpiel's
/// landlord seat, first bidder and bids (seat order from the first bidder).
struct Scenario {
    l: &'static str,
    d: &'static str,
    u: &'static str,
    k: &'static str,
    plays: &'static str,
    landlord: u8,
    first: u8,
    bids: &'static [u8],
    openspiel: [i64; 3],
    landlord_wins: bool,
    /// DouZero's b, and its scores for L and a farmer.
    b: u32,
    scores: (i64, i64),
}

const S: [Scenario; 6] = [
    Scenario {
        l: "34567899TTJJQQQKAA2R",
        d: "33344455566677788",
        u: "899TTJJQKKKAA222B",
        k: "K2R",
        plays: "345678 - - 99TTJJ - - QQQK - - AA - - 2 - - R",
        landlord: 0,
        first: 0,
        bids: &[1, 0, 0],
        openspiel: [4, -2, -2],
        landlord_wins: true,
        b: 0,
        scores: (2, -1),
    },
    Scenario {
        l: "3556789TJQQQKAAA2222",
        d: "33344445666777888",
        u: "5999TTTJJJQKKKABR",
        k: "3JA",
        plays: "3 4444 BR - - 5 2222 - - 6789TJ - - QQQK - - AAA - - 55",
        landlord: 1,
        first: 0,
        bids: &[0, 3],
        openspiel: [-24, 48, -24],
        landlord_wins: true,
        b: 3,
        scores: (16, -8),
    },
    Scenario {
        l: "3333444555666777899T",
        d: "456788899TJQKAAA2",
        u: "TTJJJQQQKKKA222BR",
        k: "99T",
        plays: "3 2 - - 456789TJQK - - AAA88 - - 9",
        landlord: 2,
        first: 1,
        bids: &[1, 2, 0, 0],
        openspiel: [4, 4, -8],
        landlord_wins: false,
        b: 0,
        scores: (-2, 1),
    },
    Scenario {
        l: "333344455677999TTTAA",
        d: "55JJJQQQKKKA222BR",
        u: "46667788889TJQKA2",
        k: "333",
        plays: "33 55 77 AA - 8888 - - 9TJQKA - - 6664 - - 2",
        landlord: 0,
        first: 2,
        bids: &[0, 1, 0, 0],
        openspiel: [-4, 2, 2],
        landlord_wins: false,
        b: 1,
        scores: (-4, 2),
    },
    Scenario {
        l: "33344455566677789TJQ",
        d: "34567888999TTTJJJ",
        u: "QQQKKKKAAAA2222BR",
        k: "789",
        plays: "33344455566677789TJQ",
        landlord: 1,
        first: 2,
        bids: &[0, 0, 1, 0, 0],
        openspiel: [-2, 4, -2],
        landlord_wins: true,
        b: 0,
        scores: (2, -1),
    },
    Scenario {
        l: "3444555666777889KKBR",
        d: "TTTJJJQQQKKAA2222",
        u: "333456788999TJQAA",
        k: "7BR",
        plays: "KK 2222 - BR - - 7 - 8 - - 3334 - - 56789TJQ - - AA - - 99",
        landlord: 2,
        first: 2,
        bids: &[1, 2, 0, 3],
        openspiel: [12, 12, -24],
        landlord_wins: false,
        b: 2,
        scores: (-8, 4),
    },
];

fn c(s: &str) -> Counts {
    s.parse().unwrap()
}

/// The deal with the landlord's cards at seat `landlord` (D after it, U before it).
fn deal(s: &Scenario, landlord: u8, first: u8) -> Deal {
    let l = c(s.l).checked_sub(c(s.k)).expect("K is in L");
    let mut hands = [Counts::EMPTY; 3];
    hands[usize::from(landlord)] = l;
    hands[usize::from((landlord + 1) % 3)] = c(s.d);
    hands[usize::from((landlord + 2) % 3)] = c(s.u);
    Deal::new(hands, c(s.k), first).unwrap()
}

fn play(game: &mut Game, actions: &[String]) {
    for (i, text) in actions.iter().enumerate() {
        let a = game
            .parse_action(text)
            .unwrap_or_else(|e| panic!("action {i} {text}: {e}"));
        game.apply_with_outcome(a)
            .unwrap_or_else(|e| panic!("action {i} {text}: {e}"));
    }
}

fn plays(s: &Scenario) -> Vec<String> {
    s.plays
        .split_whitespace()
        .map(|p| if p == "-" { "pass".into() } else { p.into() })
        .collect()
}

fn bid_text(b: u8) -> String {
    if b == 0 { "pass".into() } else { b.to_string() }
}

/// By role: the landlord's return at `l`, the peasants' elsewhere.
fn by_role(landlord: u8, l: i64, p: i64) -> [i64; 3] {
    let mut r = [p; 3];
    r[usize::from(landlord)] = l;
    r
}

#[test]
fn scenarios_under_openspiel() {
    for (i, s) in S.iter().enumerate() {
        let mut g = Game::from_deal(GameRules::OPENSPIEL, deal(s, s.landlord, s.first));
        let mut actions: Vec<String> = s.bids.iter().map(|&b| bid_text(b)).collect();
        actions.extend(plays(s));
        play(&mut g, &actions);
        assert!(g.is_over(), "S{}", i + 1);
        assert_eq!(g.state().landlord(), Some(s.landlord), "S{}", i + 1);
        assert_eq!(g.scores(), s.openspiel, "S{}", i + 1);
        assert_eq!(
            g.state().landlord_won(),
            Some(s.landlord_wins),
            "S{}",
            i + 1
        );
    }
}

#[test]
fn scenarios_under_rlcard() {
    for (i, s) in S.iter().enumerate() {
        let mut g = Game::from_deal(GameRules::RLCARD, deal(s, 0, 0));
        play(&mut g, &plays(s));
        let want = if s.landlord_wins {
            [1, 0, 0]
        } else {
            [0, 1, 1]
        };
        assert_eq!(g.scores(), want, "S{}", i + 1);
    }
}

#[test]
fn scenarios_under_douzero() {
    for (i, s) in S.iter().enumerate() {
        let mut g = Game::from_deal(GameRules::DOUZERO, deal(s, 0, 0));
        play(&mut g, &plays(s));
        let st = g.state();
        assert_eq!(
            u32::from(st.bombs() + st.rockets()),
            s.b,
            "S{} bombs",
            i + 1
        );
        assert_eq!(g.scores(), by_role(0, s.scores.0, s.scores.1), "S{}", i + 1);
        let sign = if s.landlord_wins { 1 } else { -1 };
        let b = i64::from(s.b);
        assert_eq!(
            st.douzero_reward(Objective::Adp),
            by_role(0, sign << b, -(sign << b)),
            "S{} adp",
            i + 1
        );
        assert_eq!(
            st.douzero_reward(Objective::Wp),
            by_role(0, sign, -sign),
            "S{} wp",
            i + 1
        );
        assert_eq!(
            st.douzero_reward(Objective::Logadp),
            by_role(0, sign * (b + 1), -sign * (b + 1)),
            "S{} logadp",
            i + 1
        );
    }
}

/// Same landlord, final bid and plays: the returns equal OpenSpiel's (spec 10.1), with an
/// auction legal under each preset (the landlord bids the final bid first, the others pass).
#[test]
fn scenarios_under_standard_and_strict() {
    for rules in [GameRules::STANDARD, GameRules::STRICT] {
        for (i, s) in S.iter().enumerate() {
            let bid = *s.bids.iter().max().unwrap();
            let mut g = Game::from_deal(rules, deal(s, s.landlord, s.landlord));
            let mut actions = vec![bid.to_string()];
            if bid < 3 {
                actions.extend(["pass".to_string(), "pass".to_string()]);
            }
            actions.extend(plays(s));
            play(&mut g, &actions);
            assert_eq!(g.scores(), s.openspiel, "{rules} S{}", i + 1);
        }
    }
}

/// An auction vector: name, first bidder, bids (0 = pass), landlord, returns.
type Case = (&'static str, u8, &'static [u8], Option<u8>, [i64; 3]);

/// The OpenSpiel auctions O7-O11, A1, A3 on the S1 deal (the winner holds L), then S1's plays.
#[test]
fn openspiel_auctions() {
    let s1 = &S[0];
    // (name, first bidder, actions, landlord, returns)
    let cases: [Case; 7] = [
        ("O7", 1, &[0, 0, 0], None, [0, 0, 0]),
        ("O8", 0, &[0, 1, 0, 2, 0, 0], Some(0), [8, -4, -4]),
        ("O9", 0, &[0, 0, 1, 0, 2, 0, 3], Some(0), [12, -6, -6]),
        ("O10", 2, &[3], Some(2), [-6, -6, 12]),
        ("O11", 1, &[1, 0, 0], Some(1), [-2, 4, -2]),
        ("A1", 0, &[1, 2, 0, 3], Some(0), [12, -6, -6]),
        ("A3", 1, &[0, 0, 1, 0, 0], Some(0), [4, -2, -2]),
    ];
    for (name, first, bids, landlord, returns) in cases {
        let mut g = Game::from_deal(GameRules::OPENSPIEL, deal(s1, landlord.unwrap_or(0), first));
        for &b in bids {
            assert_eq!(g.state().phase(), Phase::Auction, "{name}");
            g.apply_with_outcome(if b == 0 { Action::Pass } else { Action::Bid(b) })
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert_eq!(g.state().landlord(), landlord, "{name}");
        if landlord.is_some() {
            play(&mut g, &plays(s1));
        } else {
            assert!(g.is_over(), "{name}: all pass ends the game");
            assert!(!g.state().redeal(), "{name}: no redeal under openspiel");
        }
        assert_eq!(g.scores(), returns, "{name}");
    }
}

/// O9's legal sets along the way: {0,1,2,3} three times, {0,2,3} twice, {0,3} twice; A1: after
/// 1, 2, pass, seat 0 may pass or bid 3.
#[test]
fn openspiel_auction_legal_sets() {
    let legal_bids = |g: &Game| -> Vec<u8> {
        g.legal_actions()
            .into_iter()
            .map(|a| match a {
                Action::Pass => 0,
                Action::Bid(b) => b,
                Action::Call | Action::Rob | Action::Play(_) => 99,
            })
            .collect()
    };
    let mut g = Game::from_deal(GameRules::OPENSPIEL, deal(&S[0], 0, 0));
    let expected: [&[u8]; 7] = [
        &[0, 1, 2, 3],
        &[0, 1, 2, 3],
        &[0, 1, 2, 3],
        &[0, 2, 3],
        &[0, 2, 3],
        &[0, 3],
        &[0, 3],
    ];
    for (step, (&b, want)) in [0u8, 0, 1, 0, 2, 0, 3].iter().zip(expected).enumerate() {
        assert_eq!(legal_bids(&g), want, "O9 step {step}");
        g.apply_with_outcome(if b == 0 { Action::Pass } else { Action::Bid(b) })
            .unwrap();
    }
    let mut g = Game::from_deal(GameRules::OPENSPIEL, deal(&S[0], 0, 0));
    for a in [Action::Bid(1), Action::Bid(2), Action::Pass] {
        g.apply_with_outcome(a).unwrap();
    }
    assert_eq!(g.seat_to_act(), Some(0));
    assert_eq!(legal_bids(&g), [0, 3]);
}

/// Under `standard` (one round): A1 ends after 1, 2, pass with seat 1 at bid 2; A3 after
/// pass, pass, 1 with seat 0; O8's and O9's re-bids and S6's are illegal (the auction is over);
/// O7 is a redeal.
#[test]
fn standard_auctions() {
    let s1 = &S[0];
    let mut g = Game::from_deal(GameRules::STANDARD, deal(s1, 1, 0));
    for a in [Action::Bid(1), Action::Bid(2), Action::Pass] {
        g.apply_with_outcome(a).unwrap();
    }
    assert_eq!((g.state().landlord(), g.state().bid()), (Some(1), 2), "A1");
    assert_eq!(g.state().phase(), Phase::Play);
    assert_eq!(
        g.apply_with_outcome(Action::Bid(3)),
        Err(GameError::BidInPlay),
        "A1's 0:3"
    );

    let mut g = Game::from_deal(GameRules::STANDARD, deal(s1, 0, 1));
    for a in [Action::Pass, Action::Pass, Action::Bid(1)] {
        g.apply_with_outcome(a).unwrap();
    }
    assert_eq!((g.state().landlord(), g.state().bid()), (Some(0), 1), "A3");
    play(&mut g, &plays(s1));
    assert_eq!(g.scores(), [4, -2, -2], "A3 then S1's plays");

    // O8: 0:0 1:1 2:0 ends the round; 0:2 is no bid any more
    let mut g = Game::from_deal(GameRules::STANDARD, deal(s1, 0, 0));
    for a in [Action::Pass, Action::Bid(1), Action::Pass] {
        g.apply_with_outcome(a).unwrap();
    }
    assert_eq!(g.state().landlord(), Some(1));
    let before = g.clone();
    assert_eq!(
        g.apply_with_outcome(Action::Bid(2)),
        Err(GameError::BidInPlay),
        "O8"
    );
    assert_eq!(g, before, "a refused action leaves the game unchanged");

    // S6's auction 2:1 0:2 1:0 then 2:3: the round is over after three actions
    let mut g = Game::from_deal(GameRules::STANDARD, deal(&S[5], 0, 2));
    for a in [Action::Bid(1), Action::Bid(2), Action::Pass] {
        g.apply_with_outcome(a).unwrap();
    }
    assert_eq!(g.state().landlord(), Some(0));
    assert_eq!(
        g.apply_with_outcome(Action::Bid(3)),
        Err(GameError::BidInPlay),
        "S6"
    );

    // O7: all pass is a redeal with zero returns
    let mut g = Game::from_deal(GameRules::STANDARD, deal(s1, 0, 1));
    for _ in 0..3 {
        g.apply_with_outcome(Action::Pass).unwrap();
    }
    assert!(g.is_over() && g.state().redeal());
    assert_eq!(g.scores(), [0, 0, 0]);
    assert_eq!(g.apply_with_outcome(Action::Pass), Err(GameError::Over));
}

#[test]
fn rlcard_seeded_deals() {
    for (seed, seat0, kitty, seat1, seat2) in [
        (
            0,
            "33444679TTJQQKKAA2BR",
            "462",
            "35566778999JJQQA2",
            "345567888TTJKKA22",
        ),
        (
            1,
            "3344457899TJJQQKK2BR",
            "457",
            "5556789TTTJJQQKA2",
            "33466677889KAAA22",
        ),
        (
            42,
            "34555788899JQKAAA22R",
            "59A",
            "3446667TTTJJQQQKB",
            "3345677899TJKKA22",
        ),
    ] {
        let g = Game::new(GameRules::RLCARD, seed).unwrap();
        let s = g.state();
        assert_eq!(s.hand(0), c(seat0), "seed {seed}");
        assert_eq!(s.kitty(), c(kitty), "seed {seed}");
        assert_eq!(s.hand(1), c(seat1), "seed {seed}");
        assert_eq!(s.hand(2), c(seat2), "seed {seed}");
        assert_eq!(s.landlord(), Some(0));
        assert_eq!(g.seat_to_act(), Some(0));
    }
}

#[test]
fn douzero_seeded_deals() {
    for (seed, l, kitty, down, up) in [
        (
            0,
            "344556899TTTJJQQKA2R",
            "469",
            "3334567889QQKKAA2",
            "456677789TJJKA22B",
        ),
        (
            1,
            "335789TTJJJQKKKAAA2B",
            "JKB",
            "3344455566789QK2R",
            "466778899TTJQQA22",
        ),
    ] {
        let g = Game::new(GameRules::DOUZERO, seed).unwrap();
        let s = g.state();
        assert_eq!(s.hand(0), c(l), "seed {seed}");
        assert_eq!(s.kitty(), c(kitty), "seed {seed}");
        assert_eq!(s.hand(1), c(down), "seed {seed}: landlord_down is seat 1");
        assert_eq!(s.hand(2), c(up), "seed {seed}: landlord_up is seat 2");
    }
    assert!(matches!(
        Game::new(GameRules::DOUZERO, 1 << 32),
        Err(GameError::Deal(doudizhu::DealError::SeedTooLarge { .. }))
    ));
    // another landlord seat: the same cards by role
    let mut r = GameRules::DOUZERO;
    r.landlord = 2;
    let s = *Game::new(r, 0).unwrap().state();
    assert_eq!(s.hand(2), c("344556899TTTJJQQKA2R"));
    assert_eq!(s.hand(0), c("3334567889QQKKAA2"));
    assert_eq!(s.hand(1), c("456677789TJJKA22B"));
}

/// The S1 chance sequence the spec gives for OpenSpiel deals S1 with seat 0 first.
#[test]
fn openspiel_chance_deal_of_s1() {
    let chance: Vec<u32> = "0 51 64 95 52 77 83 53 90 96 54 65 84 55 78 97 56 91 85 57 66 98 70 79 99 58 92 61 71 67 74 59 80 87 72 93 88 60 68 101 73 81 63 86 94 76 62 69 89 75 82 103"
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let d = Deal::from_openspiel_chance(&chance).unwrap();
    assert_eq!(d, deal(&S[0], 0, 0).with_face_up(d.face_up));
    assert_eq!(d.first, 0);
    let mut bad = chance.clone();
    bad[5] = bad[4];
    assert_eq!(
        Deal::from_openspiel_chance(&bad),
        Err(doudizhu::DealError::Chance { index: 5 })
    );
}

#[test]
fn refused_actions_leave_the_state_unchanged() {
    let s1 = &S[0];
    let mut g = Game::from_deal(GameRules::RLCARD, deal(s1, 0, 0));
    let before = g.clone();
    assert_eq!(
        g.apply_with_outcome(Action::Pass),
        Err(GameError::PassWhenLeading)
    );
    assert_eq!(
        g.apply_with_outcome(Action::Bid(1)),
        Err(GameError::BidInPlay)
    );
    let not_held = g.state().parse_action("2222").unwrap();
    assert!(matches!(
        g.apply_with_outcome(not_held),
        Err(GameError::NotInHand { .. })
    ));
    assert_eq!(g, before);
    g.apply_with_outcome(g.parse_action("345678").unwrap())
        .unwrap();
    let low = g.parse_action("345678").unwrap();
    let before = g.clone();
    // seat 1 holds no 3456789 chain above; a chain of 5 does not answer a chain of 6
    let five = g.parse_action("34567").unwrap();
    assert!(matches!(
        g.apply_with_outcome(five),
        Err(GameError::NotInHand { .. } | GameError::DoesNotBeat { .. })
    ));
    assert!(g.apply_with_outcome(low).is_err());
    assert_eq!(g, before);
    // a reading the rules do not allow
    let g = Game::from_deal(GameRules::OPENSPIEL, deal(s1, 0, 0));
    assert!(
        matches!(g.parse_action("4"), Err(GameError::NotAnAction { .. })),
        "4 is no bid"
    );
    let mut no_auction = GameRules::OPENSPIEL;
    no_auction.auction = doudizhu::Auction::None;
    let g = Game::from_deal(no_auction, deal(s1, 0, 0));
    assert!(matches!(
        g.parse_action("3333-45"),
        Err(GameError::Notation(_))
    ));
}

#[test]
fn records_replay_and_name_the_first_illegal_action() {
    let s = &S[1];
    let mut g = Game::from_deal(GameRules::OPENSPIEL, deal(s, s.landlord, s.first));
    let mut actions: Vec<String> = s.bids.iter().map(|&b| bid_text(b)).collect();
    actions.extend(plays(s));
    play(&mut g, &actions);
    let r = g.record();
    assert_eq!(r.actions[..4], ["pass", "3", "3", "4444"]);
    let again = r.replay().unwrap();
    assert_eq!(again.scores(), [-24, 48, -24]);
    let mut bad = r.clone();
    bad.actions[5] = "BR".into(); // seat 0 passed... seat 0 holds no rocket
    match bad.replay() {
        Err(ReplayError::Action { index, .. }) => assert_eq!(index, 5),
        other => panic!("{other:?}"),
    }
    let mut bad: Record = r.clone();
    bad.actions.push("pass".into());
    let e = bad.replay().unwrap_err();
    assert!(
        matches!(
            e,
            ReplayError::Action {
                index: 21,
                error: GameError::Over,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn plane_notation_in_records() {
    let s = &S[4]; // S5: one 20-card play
    let mut g = Game::from_deal(GameRules::OPENSPIEL, deal(s, s.landlord, s.first));
    let mut actions: Vec<String> = s.bids.iter().map(|&b| bid_text(b)).collect();
    actions.extend(plays(s));
    play(&mut g, &actions);
    assert_eq!(g.record().actions.last().unwrap(), "333444555666777-89TJQ");
    assert_eq!(g.scores(), [-2, 4, -2]);
}

/// The kitty left shrinks by the ranks the landlord plays (RLCard's `seen_cards`), never below
/// zero per rank.
#[test]
fn kitty_left_shrinks_as_the_landlord_plays_its_ranks() {
    let s = &S[0]; // kitty K2R; the landlord plays 345678, 99TTJJ, QQQK, AA, 2, R
    let mut g = Game::from_deal(GameRules::RLCARD, deal(s, 0, 0));
    let mut seen = Vec::new();
    for text in plays(s) {
        let a = g.parse_action(&text).unwrap();
        let by_landlord = g.seat_to_act() == Some(0);
        g.apply_with_outcome(a).unwrap();
        if by_landlord {
            seen.push(g.state().kitty_left().to_string());
        }
    }
    assert_eq!(seen, ["K2R", "K2R", "2R", "2R", "R", ""]);
}

fn call_rob() -> GameRules {
    "standard+auction=call_rob".parse().unwrap()
}

/// Applies auction actions written `call`, `rob`, `pass`.
fn auction(g: &mut Game, actions: &str) {
    for t in actions.split_whitespace() {
        let a = g.parse_action(t).unwrap();
        g.apply_with_outcome(a)
            .unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

/// The rules text names the scheme, and reads back.
#[test]
fn call_rob_rules_text() {
    let r = call_rob();
    assert_eq!(r.auction, doudizhu::Auction::CallRob);
    assert_eq!(r.to_string(), "standard+auction=call_rob");
    assert_eq!(r.to_string().parse::<GameRules>().unwrap(), r);
    assert!("standard+auction=call_robs".parse::<GameRules>().is_err());
}

/// Seat 0 calls, both others pass: seat 0 is landlord at bid 1, no rob; S1's plays are a spring,
/// so the stake is 1 · 2 (spring).
#[test]
fn call_rob_call_with_no_robs() {
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 0, 0));
    assert_eq!(g.legal_actions(), [Action::Pass, Action::Call]);
    auction(&mut g, "call");
    assert_eq!(g.seat_to_act(), Some(1));
    assert_eq!(g.legal_actions(), [Action::Pass, Action::Rob]);
    auction(&mut g, "pass pass");
    let s = g.state();
    assert_eq!((s.landlord(), s.bid(), s.robs()), (Some(0), 1, 0));
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.hand(0).len(), 20);
    play(&mut g, &plays(&S[0]));
    assert_eq!(g.scores(), [4, -2, -2]);
}

/// Seat 0 calls, seats 1 and 2 rob: the last robber (seat 2) is landlord, the stake is ×4
/// (and ×2 for S1's spring): 2 · 1 · 4 · 2 = 16 for the landlord. The caller does not rob back.
#[test]
fn call_rob_robbed_by_both_others() {
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 2, 0));
    auction(&mut g, "call rob");
    assert_eq!(g.state().robs(), 1);
    assert_eq!(g.state().multiplier(), 2);
    assert_eq!(g.seat_to_act(), Some(2));
    auction(&mut g, "rob");
    let s = g.state();
    assert_eq!((s.landlord(), s.bid(), s.robs()), (Some(2), 1, 2));
    assert_eq!(s.multiplier(), 4);
    assert_eq!(
        s.phase(),
        Phase::Play,
        "seat 0 (the caller) does not rob back"
    );
    assert_eq!(g.seat_to_act(), Some(2));
    play(&mut g, &plays(&S[0]));
    assert_eq!(g.state().multiplier(), 8);
    assert_eq!(g.scores(), [-8, -8, 16]);

    // one rob, then a pass: the robber keeps it at ×2
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 1, 0));
    auction(&mut g, "call rob pass");
    assert_eq!((g.state().landlord(), g.state().robs()), (Some(1), 1));
    play(&mut g, &plays(&S[0]));
    assert_eq!(g.scores(), [-4, 8, -4]);
}

/// A seat that declined before the call gets no turn to rob: 0 passes, 1 calls, 2 passes ends
/// the auction with seat 1; 0 passes, 1 calls, 2 robs ends it with seat 2.
#[test]
fn call_rob_declined_player_cannot_rob() {
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 1, 0));
    auction(&mut g, "pass call");
    assert_eq!(g.seat_to_act(), Some(2));
    auction(&mut g, "pass");
    assert_eq!(g.state().landlord(), Some(1), "seat 0 declined: no turn");
    assert_eq!(g.state().robs(), 0);

    let mut g = Game::from_deal(call_rob(), deal(&S[0], 2, 0));
    auction(&mut g, "pass call rob");
    assert_eq!((g.state().landlord(), g.state().robs()), (Some(2), 1));
    assert_eq!(g.state().phase(), Phase::Play);

    // first bidder 1: 1 and 2 decline, 0 calls; nobody may rob
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 0, 1));
    auction(&mut g, "pass pass call");
    assert_eq!((g.state().landlord(), g.state().robs()), (Some(0), 0));
    assert_eq!(g.state().phase(), Phase::Play);
    assert_eq!(g.apply_with_outcome(Action::Rob), Err(GameError::BidInPlay));
}

/// Nobody calls: a redeal under `all_pass=redeal`, the end with zero returns under `end_zero`.
#[test]
fn call_rob_nobody_calls() {
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 0, 2));
    auction(&mut g, "pass pass pass");
    assert!(g.is_over() && g.state().redeal());
    assert_eq!(g.state().landlord(), None);
    assert_eq!(g.scores(), [0, 0, 0]);
    assert_eq!(g.apply_with_outcome(Action::Call), Err(GameError::Over));

    let rules: GameRules = "standard+auction=call_rob+all_pass=end_zero"
        .parse()
        .unwrap();
    let mut g = Game::from_deal(rules, deal(&S[0], 0, 2));
    auction(&mut g, "pass pass pass");
    assert!(g.is_over() && !g.state().redeal());
    assert_eq!(g.scores(), [0, 0, 0]);
}

/// Illegal auction actions are refused with a typed error and the game unchanged.
#[test]
fn call_rob_illegal_actions_refused() {
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 0, 0));
    let refuse = |g: &mut Game, a: Action, e: GameError| {
        let before = g.clone();
        assert_eq!(g.apply_with_outcome(a), Err(e), "{a}");
        assert_eq!(*g, before, "{a}: the game is unchanged");
    };
    refuse(&mut g, Action::Rob, GameError::NothingToRob);
    refuse(
        &mut g,
        Action::Bid(1),
        GameError::WrongAuction {
            action: Action::Bid(1),
        },
    );
    let three = doudizhu::classify(c("3"), &doudizhu::Rules::STANDARD)
        .unwrap()
        .first();
    refuse(&mut g, Action::Play(three), GameError::PlayInAuction);
    auction(&mut g, "call");
    refuse(&mut g, Action::Call, GameError::AlreadyCalled);
    refuse(
        &mut g,
        Action::Bid(3),
        GameError::WrongAuction {
            action: Action::Bid(3),
        },
    );
    assert!(g.parse_action("steal").is_err());
    // call and rob are no actions of a points auction
    let mut g = Game::from_deal(GameRules::STANDARD, deal(&S[0], 0, 0));
    refuse(
        &mut g,
        Action::Call,
        GameError::WrongAuction {
            action: Action::Call,
        },
    );
    refuse(
        &mut g,
        Action::Rob,
        GameError::WrongAuction {
            action: Action::Rob,
        },
    );
}

/// A call_rob record writes `call`, `rob`, `pass`, replays, and names a misplaced action.
#[test]
fn call_rob_record_replays() {
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 2, 0));
    auction(&mut g, "call rob rob");
    play(&mut g, &plays(&S[0]));
    let r = g.record();
    assert_eq!(r.actions[..3], ["call", "rob", "rob"]);
    let replayed = r.replay().unwrap();
    assert_eq!(replayed.state(), g.state());
    assert_eq!(replayed.scores(), [-8, -8, 16]);
    let t = r.transcript();
    assert!(
        t.contains("seat 0: call\nseat 1: rob\nseat 2: rob\n"),
        "{t}"
    );
    assert!(t.contains("landlord: seat 2 at bid 1 robbed 2x"), "{t}");

    let mut bad = r.clone();
    bad.actions[1] = "call".into();
    assert!(matches!(
        bad.replay(),
        Err(ReplayError::Action {
            index: 1,
            error: GameError::AlreadyCalled,
            ..
        })
    ));
}

/// JSON: the rules and the actions (feature `serde`).
#[cfg(feature = "serde")]
#[test]
fn call_rob_record_json() {
    let mut g = Game::from_deal(call_rob(), deal(&S[0], 2, 0));
    auction(&mut g, "call rob rob");
    let r = g.record();
    let json = serde_json::to_string(&r).unwrap();
    assert!(json.contains("\"call\",\"rob\",\"rob\""), "{json}");
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);
    assert_eq!(serde_json::to_string(&Action::Rob).unwrap(), "\"rob\"");
    assert_eq!(
        serde_json::from_str::<Action>("\"call\"").unwrap(),
        Action::Call
    );
}

#[test]
#[allow(deprecated)]
fn the_old_name_effects_still_names_applied() {
    // A deprecated alias for this release (see the CHANGELOG): the same type, a new name.
    let mut g = Game::new(GameRules::STANDARD, 7).unwrap();
    let fx: doudizhu::Effects = g.apply_with_outcome(Action::Pass).unwrap();
    assert_eq!(fx, doudizhu::Applied::default()); // a pass in the auction: nothing happened
    assert_eq!(g.history(), [Action::Pass]);
}

/// The terminal player numbers the legal actions from 1 in every phase (as the daifugo crate's
/// does): `1` is the first, `0` is refused and asked again; in the auction `3` is the third
/// choice (`bid 2`), and `bid 3` in the record notation is still a bid of 3.
#[test]
fn the_terminal_player_numbers_plays_from_one() {
    use doudizhu::cards_core::game::Policy;
    use doudizhu::{GreedyPolicy, HumanPolicy};
    let mut g = Game::new(GameRules::STANDARD, 4).unwrap();
    let seat = g.seat_to_act().unwrap();
    let legal = g.legal_actions();
    assert_eq!(
        legal,
        [Action::Pass, Action::Bid(1), Action::Bid(2), Action::Bid(3)]
    );
    let mut out = Vec::new();
    let bid =
        HumanPolicy::new(&b"3\n"[..], &mut out).ask(&g.observation(usize::from(seat)), &legal);
    assert_eq!(bid, Some(Action::Bid(2)));
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("\n   1. pass\n   2. bid 1\n   3. bid 2\n   4. bid 3\n"),
        "{text}"
    );
    let bid = HumanPolicy::new(&b"bid 3\n"[..], Vec::new())
        .ask(&g.observation(usize::from(seat)), &legal);
    assert_eq!(bid, Some(Action::Bid(3)));
    let mut greedy = GreedyPolicy;
    loop {
        let seat = g.seat_to_act().unwrap();
        let obs = g.observation(usize::from(seat));
        if obs.phase() == Phase::Play {
            break;
        }
        let a = greedy.choose(&obs, &g.legal_actions());
        g.apply_with_outcome(a).unwrap();
    }
    let seat = g.seat_to_act().unwrap();
    let legal = g.legal_actions();
    let mut out = Vec::new();
    let chosen =
        HumanPolicy::new(&b"0\n1\n"[..], &mut out).ask(&g.observation(usize::from(seat)), &legal);
    assert_eq!(chosen, Some(legal[0]));
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(&format!("\n   1. {}\n", legal[0])), "{text}");
    assert!(!text.contains("   0. "), "{text}");
    assert!(text.contains("\"0\" is not one of the"), "{text}");
    // and at the end of the input the player gives up
    let mut out = Vec::new();
    assert_eq!(
        HumanPolicy::new(&b""[..], &mut out).ask(&g.observation(usize::from(seat)), &legal),
        None
    );
}
