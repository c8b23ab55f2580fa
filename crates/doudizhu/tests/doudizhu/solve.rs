//! The endgame solver against a brute-force minimax (no transposition table, no pruning, its own
//! trick bookkeeping: a pass count, as `State` keeps it), on every position the enumerations
//! below build, and on constructed positions with a known answer.

// The rules are passed by reference, as the crate's own API takes them.
#![allow(clippy::trivially_copy_pass_by_ref)] // the brute force passes positions by reference

use doudizhu::solve::{Position, PositionError, Side, SolveError, Solver, fewest_plays};
use doudizhu::{Action, Counts, Move, Rules, classify, follow, lead};

/// A position as the brute force keeps it: the table, who played it, and passes since.
#[derive(Copy, Clone)]
struct Brute {
    hands: [Counts; 3],
    landlord: u8,
    table: Option<Move>,
    passes: u8,
    turn: u8,
}

/// The landlord's exact value `±2^b` (b bombs and rockets from here), by full minimax.
fn brute(p: Brute, rules: &Rules) -> i64 {
    let hand = p.hands[usize::from(p.turn)];
    let mut actions: Vec<Action> = Vec::new();
    match p.table {
        None => actions.extend(lead(hand, rules).into_iter().map(Action::Play)),
        Some(t) => {
            actions.push(Action::Pass);
            actions.extend(follow(hand, &t, rules).into_iter().map(Action::Play));
        }
    }
    let landlord = p.turn == p.landlord;
    let mut best: Option<i64> = None;
    for a in actions {
        let v = brute_child(p, a, rules);
        best = Some(match best {
            None => v,
            Some(b) if landlord => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.expect("a player always has an action")
}

fn brute_child(p: Brute, a: Action, rules: &Rules) -> i64 {
    let mut c = p;
    c.turn = (p.turn + 1) % 3;
    if let Action::Play(m) = a {
        let t = usize::from(p.turn);
        c.hands[t] = p.hands[t].checked_sub(m.cards()).expect("in hand");
        let factor = if m.kind().is_bomb() { 2 } else { 1 };
        if c.hands[t].is_empty() {
            return factor * if p.turn == p.landlord { 1 } else { -1 };
        }
        c.table = Some(m);
        c.passes = 0;
        factor * brute(c, rules)
    } else {
        c.passes = p.passes + 1;
        if c.passes == 2 {
            c.table = None;
            c.passes = 0;
        }
        brute(c, rules)
    }
}

fn brute_of(p: &Position) -> Brute {
    let passes = p.table().map_or(0, |(_, s)| (p.to_move() + 3 - s - 1) % 3);
    Brute {
        hands: [p.hand(0), p.hand(1), p.hand(2)],
        landlord: p.landlord(),
        table: p.table().map(|(m, _)| m),
        passes,
        turn: p.to_move(),
    }
}

/// Checks the solver's three answers on `p` against the brute force.
fn check(solver: &mut Solver, p: &Position, rules: &Rules) {
    let b = brute_of(p);
    let exact = brute(b, rules);
    let shown = format!("{p:?}");
    assert_eq!(solver.score(p), Ok(exact), "score of {shown}");
    assert_eq!(solver.landlord_wins(p), Ok(exact > 0), "winner of {shown}");
    let s = solver.solve(p).expect("no limit");
    let mover = p.side(p.to_move());
    let mut winning = Vec::new();
    for a in p.actions(rules) {
        let v = brute_child(b, a, rules);
        if (v > 0) == (mover == Side::Landlord) {
            winning.push(a);
        }
    }
    assert_eq!(s.winning, winning, "winning actions of {shown}");
    let winner = if exact > 0 {
        Side::Landlord
    } else {
        Side::Peasants
    };
    assert_eq!(s.winner, winner, "{shown}");
}

/// Every ordered triple of non-empty hands over the ranks `alphabet` (with the deck's limits)
/// holding `min..=max` cards in all.
fn triples(alphabet: &str, min: u32, max: u32) -> Vec<[Counts; 3]> {
    let pool: Counts = alphabet.parse().expect("ranks");
    let mut out = Vec::new();
    for a in pool.sub_multisets().filter(|a| !a.is_empty()) {
        let rest = pool.checked_sub(a).expect("sub");
        for b in rest.sub_multisets().filter(|b| !b.is_empty()) {
            if a.len() + b.len() >= max {
                continue;
            }
            let rest2 = rest.checked_sub(b).expect("sub");
            for c in rest2.sub_multisets().filter(|c| !c.is_empty()) {
                let n = a.len() + b.len() + c.len();
                if (min..=max).contains(&n) {
                    out.push([a, b, c]);
                }
            }
        }
    }
    out
}

#[test]
fn equals_brute_force_on_every_lead_position_of_up_to_5_cards_over_7_ranks() {
    // 3..7 (chains), B and R (the rocket); four of each normal rank (bombs, four + two)
    let rules = Rules::STANDARD;
    let mut solver = Solver::with_table_bits(rules, 10); // small: replacement is exercised
    let mut n = 0;
    for hands in triples("3333444455556666777BR", 3, 5) {
        for turn in 0..3 {
            let p = Position::new(hands, 0, None, turn, &rules).expect("valid");
            check(&mut solver, &p, &rules);
            n += 1;
        }
    }
    assert_eq!(n, 3 * 23189); // 3..7 with three 7s: 23189 triples
}

#[test]
fn equals_brute_force_on_every_lead_position_of_6_or_7_cards_over_3_ranks_and_jokers() {
    // deeper games: bombs, the rocket, trios, planes 333444 and pair chains 334455
    let rules = Rules::STANDARD;
    let mut solver = Solver::with_table_bits(rules, 12);
    let mut n = 0;
    for hands in triples("333344445555BR", 6, 7) {
        for turn in 0..3 {
            let p = Position::new(hands, 0, None, turn, &rules).expect("valid");
            check(&mut solver, &p, &rules);
            n += 1;
        }
    }
    assert_eq!(n, 3 * (35136 - 3777));
}

#[test]
fn equals_brute_force_with_a_play_to_beat_on_every_position_of_up_to_4_cards() {
    // every hand triple of 3 or 4 cards over 3..7, B, R; the play to beat every play the deck
    // still allows among a fixed list, made by either other seat
    let rules = Rules::STANDARD;
    let mut solver = Solver::with_table_bits(rules, 10);
    let tables: Vec<Move> = [
        "3", "5", "7", "B", "44", "66", "555", "3337", "4444", "34567", "BR",
    ]
    .iter()
    .map(|t| {
        classify(t.parse().expect("ranks"), &rules)
            .expect("play")
            .first()
    })
    .collect();
    let mut n = 0;
    for hands in triples("3333444455556666777BR", 3, 4) {
        for t in &tables {
            for (turn, seat) in [(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)] {
                if let Ok(p) = Position::new(hands, 0, Some((*t, seat)), turn, &rules) {
                    check(&mut solver, &p, &rules);
                    n += 1;
                }
            }
        }
    }
    assert!(n > 40_000, "{n}");
}

#[test]
fn equals_brute_force_on_seeded_random_positions_of_the_whole_deck() {
    // 8 to 10 cards drawn from the 54, every rule preset; chains, planes, four + two
    let mut state = 0x5EED_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for rules in [
        Rules::STANDARD,
        Rules::DOUZERO,
        Rules::OPENSPIEL,
        Rules::STRICT,
    ] {
        let mut solver = Solver::with_table_bits(rules, 12);
        for i in 0..40usize {
            let total = 8 + i % 3;
            let mut deck: Vec<u8> = (0..54).collect();
            for k in (1..deck.len()).rev() {
                let j = (next() % (k as u64 + 1)) as usize;
                deck.swap(k, j);
            }
            // the cards, as ranks (4 of each of 3..2, then B and R); sizes split at random
            let rank = |c: u8| {
                if c < 52 {
                    u64::from(c / 4)
                } else {
                    u64::from(c - 39)
                }
            };
            let a = 1 + (next() % (total as u64 - 2)) as usize;
            let b = 1 + (next() % (total - a - 1) as u64) as usize;
            let mut hands = [Counts::EMPTY; 3];
            for (k, &c) in deck[..total].iter().enumerate() {
                let seat = if k < a {
                    0
                } else if k < a + b {
                    1
                } else {
                    2
                };
                let one = Counts::from_bits(1 << (4 * rank(c))).expect("a card");
                hands[seat] = hands[seat].checked_add(one).expect("the deck's limits");
            }
            let landlord = (next() % 3) as u8;
            let turn = (next() % 3) as u8;
            let p = Position::new(hands, landlord, None, turn, &rules).expect("valid");
            check(&mut solver, &p, &rules);
        }
    }
}

fn h(s: &str) -> Counts {
    s.parse().expect("ranks")
}

fn play(s: &str) -> Move {
    classify(h(s), &Rules::STANDARD).expect("play").first()
}

fn shown(actions: &[Action]) -> Vec<String> {
    actions.iter().map(Action::to_string).collect()
}

#[test]
fn a_lead_that_ends_the_game_is_the_only_win() {
    // The landlord (seat 0) holds the plane 333444 + 5 + 6, one play. Seat 1 holds the rocket:
    // it beats any lead and goes out, unless the lead is the whole hand, which ends the game.
    let rules = Rules::STANDARD;
    let p = Position::new([h("33344456"), h("BR"), h("7")], 0, None, 0, &rules).expect("ok");
    let s = Solver::new(rules).solve(&p).expect("solved");
    assert_eq!(s.winner, Side::Landlord);
    assert_eq!(shown(&s.winning), ["333444-56"]);
    check(&mut Solver::new(rules), &p, &rules);
    // a peasant to move with the whole hand beating the table goes out at once
    let p = Position::new(
        [h("3456789"), h("TJQKA"), h("8")],
        0,
        Some((play("34567"), 0)),
        1,
        &rules,
    )
    .expect("ok");
    let s = Solver::new(rules).solve(&p).expect("solved");
    assert_eq!(s.winner, Side::Peasants);
    assert_eq!(shown(&s.winning), ["TJQKA"]);
}

#[test]
fn a_bomb_that_must_be_kept_whole() {
    // Seat 2 (a peasant) led its 4; the landlord (seat 0) holds 6666 and a 3. Passing lets seat
    // 1 go out with its 9; breaking the bomb for a 6 lets the 9 beat it. Only the whole bomb
    // wins: nobody beats it, and the 3 follows.
    let rules = Rules::STANDARD;
    let p = Position::new(
        [h("66663"), h("9"), h("KK4")],
        0,
        Some((play("4"), 2)),
        0,
        &rules,
    )
    .expect("ok");
    let mut solver = Solver::new(rules);
    let s = solver.solve(&p).expect("solved");
    assert_eq!(s.winner, Side::Landlord);
    assert_eq!(shown(&s.winning), ["6666"]);
    assert_eq!(solver.score(&p), Ok(2)); // one bomb: the stake doubled
    // the same hand without the bomb loses
    let p = Position::new(
        [h("66553"), h("9"), h("KK4")],
        0,
        Some((play("4"), 2)),
        0,
        &rules,
    )
    .expect("ok");
    let s = solver.solve(&p).expect("solved");
    assert_eq!(s.winner, Side::Peasants);
    assert!(s.winning.is_empty());
    assert_eq!(solver.score(&p), Ok(-1));
}

#[test]
fn a_partners_winning_play_is_not_beaten() {
    // Seat 1 (a peasant) played a 2 and holds one 3. Its partner (seat 2) could beat the 2 with
    // the black joker, but then it leads from 4 and 5 and the landlord's A and K win. Passing
    // wins: the landlord cannot beat the 2, and seat 1 leads its 3 and goes out.
    let rules = Rules::STANDARD;
    let p = Position::new(
        [h("AK"), h("3"), h("B45")],
        0,
        Some((play("2"), 1)),
        2,
        &rules,
    )
    .expect("ok");
    let s = Solver::new(rules).solve(&p).expect("solved");
    assert_eq!(s.winner, Side::Peasants);
    assert_eq!(shown(&s.winning), ["pass"]);
    check(&mut Solver::new(rules), &p, &rules);
}

#[test]
fn score_counts_every_bomb_and_the_rocket() {
    // The landlord bombs twice then plays the rocket: nobody beats any of them. 2^3.
    let rules = Rules::STANDARD;
    let p = Position::new([h("33334444BR5"), h("6"), h("7")], 0, None, 0, &rules).expect("ok");
    let mut solver = Solver::new(rules);
    assert_eq!(solver.score(&p), Ok(8));
    check(&mut solver, &p, &rules);
}

#[test]
fn positions_are_checked() {
    let r = Rules::STANDARD;
    let ok = [h("3"), h("4"), h("5")];
    assert_eq!(
        Position::new(ok, 3, None, 0, &r),
        Err(PositionError::Seat {
            what: "landlord",
            seat: 3
        })
    );
    assert_eq!(
        Position::new(ok, 0, None, 7, &r),
        Err(PositionError::Seat {
            what: "to move",
            seat: 7
        })
    );
    assert_eq!(
        Position::new(ok, 0, Some((play("6"), 5)), 0, &r),
        Err(PositionError::Seat {
            what: "table",
            seat: 5
        })
    );
    assert_eq!(
        Position::new(ok, 0, Some((play("6"), 0)), 0, &r),
        Err(PositionError::OwnTable { seat: 0 })
    );
    let e = Position::new([h("333"), h("33"), h("5")], 0, None, 0, &r).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the hands and the play to beat hold 5 of rank 3, more than the deck's 4"
    );
    // the play to beat counts against the deck too
    assert!(Position::new([h("33"), h("4"), h("5")], 0, Some((play("33"), 1)), 0, &r).is_ok());
    assert_eq!(
        Position::new([h("333"), h("4"), h("5")], 0, Some((play("33"), 1)), 0, &r),
        Err(PositionError::TooMany {
            rank: doudizhu::Rank::Three,
            count: 5
        })
    );
    assert_eq!(
        Position::new([h("3"), h(""), h("5")], 0, None, 0, &r),
        Err(PositionError::EmptyHand { seat: 1 })
    );
    assert_eq!(
        Position::new([h("3"), h("4"), h("5")], 0, None, 0, &r).map(|p| p.len()),
        Ok(3)
    );
    let big = h("33334444555566667777");
    assert!(Position::new([big, h("8"), h("9")], 0, None, 0, &r).is_ok());
    // a reading the rules do not allow: four + two solos under openspiel
    let four_two = play("333345");
    assert_eq!(
        Position::new(
            [h("6"), h("7"), h("8")],
            0,
            Some((four_two, 1)),
            0,
            &Rules::OPENSPIEL
        ),
        Err(PositionError::NotAPlay { play: four_two })
    );
}

#[test]
fn the_node_limit_stops_and_clears() {
    let r = Rules::STANDARD;
    let p = Position::new([h("3579"), h("468"), h("3579")], 0, None, 0, &r).expect("ok");
    let mut limited = Solver::new(r).with_node_limit(5);
    assert_eq!(limited.score(&p), Err(SolveError::NodeLimit { nodes: 5 }));
    assert_eq!(
        limited.landlord_wins(&p),
        Err(SolveError::NodeLimit { nodes: 5 })
    );
    let mut free = Solver::new(r);
    let exact = free.score(&p).expect("solved");
    assert_eq!(exact, brute(brute_of(&p), &r));
    assert!(free.nodes() > 5);
}

#[test]
fn fewest_plays_is_the_fewest_split() {
    // brute force: the fewest leads whose cards add up to the hand
    fn split(hand: Counts, r: &Rules) -> u32 {
        if hand.is_empty() {
            return 0;
        }
        lead(hand, r)
            .iter()
            .map(|m| 1 + split(hand.checked_sub(m.cards()).expect("sub"), r))
            .min()
            .expect("a hand leads")
    }
    let r = Rules::STANDARD;
    for s in [
        "3",
        "34",
        "3334445",
        "33344456",
        "34567 99 BR",
        "3456 TT KKK 2",
        "33 44 55 6 8 2 B",
    ] {
        assert_eq!(fewest_plays(h(s), &r), split(h(s), &r), "{s}");
    }
}
