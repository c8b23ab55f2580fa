//! The two-hand solver (open-hand puzzles, 明牌残局) against a plain minimax over the move lists
//! (no table, no pruning; bans filtered from the lists), on every position the enumerations
//! build and on seeded random ones, with every subset of the bans; the 8 published puzzles;
//! the checks on bad positions.

// The rules are passed by reference, as the crate's own API takes them.
#![allow(clippy::trivially_copy_pass_by_ref)]

use doudizhu::solve::{Ban, Position, PositionError, Side, SolveError, Solver, UnknownBan};
use doudizhu::{Action, Counts, Move, Rules, classify, follow, lead};

/// The first's exact value `±2^b` (b bombs and rockets from here), by full minimax: `hands`,
/// the play to beat (made by the other seat) and the seat to move.
fn brute(hands: [Counts; 2], table: Option<Move>, turn: usize, rules: &Rules, bans: &[Ban]) -> i64 {
    let banned = |m: &Move| bans.iter().any(|b| b.kind() == m.kind());
    let mut actions: Vec<Action> = Vec::new();
    match table {
        None => actions.extend(
            lead(hands[turn], rules)
                .into_iter()
                .filter(|m| !banned(m))
                .map(Action::Play),
        ),
        Some(t) => {
            actions.push(Action::Pass);
            actions.extend(
                follow(hands[turn], &t, rules)
                    .into_iter()
                    .filter(|m| !banned(m))
                    .map(Action::Play),
            );
        }
    }
    let values = actions
        .into_iter()
        .map(|a| brute_child(hands, turn, a, rules, bans));
    if turn == 0 {
        values.max().expect("a player always has an action")
    } else {
        values.min().expect("a player always has an action")
    }
}

fn brute_child(hands: [Counts; 2], turn: usize, a: Action, rules: &Rules, bans: &[Ban]) -> i64 {
    // with two players a pass ends the trick: the other (who made the play) leads
    let Action::Play(m) = a else {
        return brute(hands, None, 1 - turn, rules, bans);
    };
    let mut h = hands;
    h[turn] = hands[turn].checked_sub(m.cards()).expect("in hand");
    let factor = if m.kind().is_bomb() { 2 } else { 1 };
    if h[turn].is_empty() {
        return factor * if turn == 0 { 1 } else { -1 };
    }
    factor * brute(h, Some(m), 1 - turn, rules, bans)
}

/// Checks the solver's answers on `p` against the brute force.
fn check(solver: &mut Solver, p: &Position, rules: &Rules, bans: &[Ban]) {
    let hands = [p.hand(0), p.hand(1)];
    let table = p.table().map(|(m, _)| m);
    let turn = usize::from(p.to_move());
    let exact = brute(hands, table, turn, rules, bans);
    let shown = format!("{p:?} bans {bans:?}");
    assert_eq!(solver.score(p), Ok(exact), "score of {shown}");
    assert_eq!(solver.landlord_wins(p), Ok(exact > 0), "winner of {shown}");
    let s = solver.solve(p).expect("no limit");
    let mut winning = Vec::new();
    for a in p.actions(rules) {
        if matches!(a, Action::Play(m) if bans.iter().any(|b| b.kind() == m.kind())) {
            continue;
        }
        let v = brute_child(hands, turn, a, rules, bans);
        if (v > 0) == (turn == 0) {
            winning.push(a);
        }
    }
    assert_eq!(s.winning, winning, "winning actions of {shown}");
    let first = if exact > 0 { Side::First } else { Side::Second };
    assert_eq!(s.winner, first, "{shown}");
}

/// Every subset of the four bans.
fn ban_sets() -> Vec<Vec<Ban>> {
    (0..16u8)
        .map(|bits| {
            Ban::ALL
                .into_iter()
                .enumerate()
                .filter(|(i, _)| bits >> i & 1 == 1)
                .map(|(_, b)| b)
                .collect()
        })
        .collect()
}

/// Every ordered pair of non-empty hands over `alphabet` (with the deck's limits) holding
/// `min..=max` cards in all.
fn pairs(alphabet: &str, min: u32, max: u32) -> Vec<[Counts; 2]> {
    let pool: Counts = alphabet.parse().expect("ranks");
    let mut out = Vec::new();
    for a in pool
        .sub_multisets()
        .filter(|a| !a.is_empty() && a.len() < max)
    {
        let rest = pool.checked_sub(a).expect("sub");
        for b in rest.sub_multisets().filter(|b| !b.is_empty()) {
            if (min..=max).contains(&(a.len() + b.len())) {
                out.push([a, b]);
            }
        }
    }
    out
}

#[test]
fn equals_brute_force_on_every_lead_position_of_up_to_6_cards_with_every_ban() {
    // trios with a solo or a pair, four with two, bombs, the rocket, chains 34567
    let rules = Rules::STANDARD;
    let mut n = 0;
    for bans in ban_sets() {
        let mut solver = Solver::with_table_bits(rules, 10).with_bans(&bans);
        for hands in pairs("3333444455567BR", 2, 6) {
            for turn in 0..2 {
                let p = Position::two_hands(hands, None, turn, &rules).expect("valid");
                check(&mut solver, &p, &rules, &bans);
                n += 1;
            }
        }
    }
    assert!(n > 16 * 10_000, "{n}");
}

#[test]
fn equals_brute_force_on_every_lead_position_of_7_or_8_cards_over_3_ranks_and_jokers() {
    // deeper games: planes 333444, pair chains 334455, four with two pairs, bombs and rocket
    let rules = Rules::STANDARD;
    let mut n = 0;
    for bans in [vec![], Ban::ALL.to_vec()] {
        let mut solver = Solver::with_table_bits(rules, 12).with_bans(&bans);
        for hands in pairs("333344445555BR", 7, 8) {
            let p = Position::two_hands(hands, None, 0, &rules).expect("valid");
            check(&mut solver, &p, &rules, &bans);
            n += 1;
        }
    }
    assert!(n > 2 * 5_000, "{n}");
}

#[test]
fn equals_brute_force_with_a_play_to_beat_on_every_position_of_up_to_5_cards() {
    let rules = Rules::STANDARD;
    let tables: Vec<Move> = ["3", "5", "B", "44", "666", "3337", "33377", "4444", "BR"]
        .iter()
        .map(|t| {
            classify(t.parse().expect("ranks"), &rules)
                .expect("play")
                .first()
        })
        .collect();
    let mut n = 0;
    for bans in [vec![], vec![Ban::TrioSolo, Ban::FourTwoSolo]] {
        let mut solver = Solver::with_table_bits(rules, 10).with_bans(&bans);
        for hands in pairs("3333444455556666777BR", 2, 5) {
            for t in &tables {
                for turn in 0..2u8 {
                    let Ok(p) = Position::two_hands(hands, Some((*t, 1 - turn)), turn, &rules)
                    else {
                        continue; // the deck's limits
                    };
                    if bans.iter().any(|b| b.kind() == t.kind()) {
                        assert_eq!(solver.solve(&p), Err(SolveError::BannedTable { play: *t }));
                        continue;
                    }
                    check(&mut solver, &p, &rules, &bans);
                    n += 1;
                }
            }
        }
    }
    assert!(n > 50_000, "{n}");
}

#[test]
fn equals_brute_force_on_seeded_random_positions_of_the_whole_deck() {
    // 8 to 10 cards drawn from the 54, every rule preset, a random subset of the bans
    let mut state = 0x7A0_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let sets = ban_sets();
    for rules in [
        Rules::STANDARD,
        Rules::DOUZERO,
        Rules::OPENSPIEL,
        Rules::STRICT,
    ] {
        for i in 0..60u64 {
            let total = 8 + i % 3;
            let mut deck: Vec<u64> = (0..54).collect();
            for k in (1..deck.len()).rev() {
                let j = usize::try_from(next() % (k as u64 + 1)).expect("small");
                deck.swap(k, j);
            }
            let rank = |c: u64| if c < 52 { c / 4 } else { c - 39 };
            let a = 1 + next() % (total - 1);
            let mut hands = [Counts::EMPTY; 2];
            for (k, &c) in (0u64..).zip(&deck[..usize::try_from(total).expect("small")]) {
                let seat = usize::from(k >= a);
                let one = Counts::from_bits(1 << (4 * rank(c))).expect("a card");
                hands[seat] = hands[seat].checked_add(one).expect("the deck's limits");
            }
            let bans = &sets[usize::try_from(next() % 16).expect("small")];
            let mut solver = Solver::with_table_bits(rules, 12).with_bans(bans);
            let turn = u8::from(next() % 2 == 1);
            let p = Position::two_hands(hands, None, turn, &rules).expect("valid");
            check(&mut solver, &p, &rules, bans);
        }
    }
}

/// The 8 published puzzles: first hand, second hand, published winner.
fn published() -> Vec<(Counts, Counts, Side)> {
    include_str!("../../data/two_hand_puzzles.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let side = match f[2] {
                "first" => Side::First,
                "second" => Side::Second,
                other => panic!("winner {other}"),
            };
            (h(f[0]), h(f[1]), side)
        })
        .collect()
}

#[test]
fn the_8_published_puzzles_have_the_published_winner_under_every_preset() {
    let puzzles = published();
    assert_eq!(puzzles.len(), 8);
    for rules in [
        Rules::STANDARD,
        Rules::OPENSPIEL,
        Rules::DOUZERO,
        Rules::STRICT,
    ] {
        let mut solver = Solver::new(rules);
        for &(first, second, winner) in &puzzles {
            let p = Position::two_hands([first, second], None, 0, &rules).expect("valid");
            let s = solver.solve(&p).expect("no limit");
            assert_eq!(s.winner, winner, "{first} against {second} under {rules}");
            assert_eq!(solver.landlord_wins(&p), Ok(winner == Side::First));
            // the first's winning plays: each leaves the second lost, every other loses
            let mut answers = Solver::new(rules);
            for a in p.actions(&rules) {
                let won = match p.after(a) {
                    None => true,
                    Some(after) => answers.solve(&after).expect("solved").winner == Side::First,
                };
                assert_eq!(
                    won,
                    s.winning.contains(&a),
                    "{a} from {first} against {second}"
                );
            }
            assert_eq!(s.winning.is_empty(), winner == Side::Second);
        }
    }
}

#[test]
fn the_published_winning_first_plays_under_standard() {
    // The table gives only the winner; these are ours (standard): every winning first play.
    let rules = Rules::STANDARD;
    let mut solver = Solver::new(rules);
    let got: Vec<Vec<String>> = published()
        .iter()
        .map(|&(first, second, _)| {
            let p = Position::two_hands([first, second], None, 0, &rules).expect("valid");
            let s = solver.solve(&p).expect("solved");
            s.winning.iter().map(Action::to_string).collect()
        })
        .collect();
    assert_eq!(
        got,
        [
            vec!["4", "5"],
            vec!["4", "5"],
            vec![],
            vec!["K"],
            vec!["5"],
            vec!["9", "T"],
            vec!["9"],
            vec!["8"],
        ]
    );
}

fn h(s: &str) -> Counts {
    s.parse().expect("ranks")
}

fn play(s: &str) -> Move {
    classify(h(s), &Rules::STANDARD).expect("play").first()
}

#[test]
fn a_ban_changes_the_winner() {
    // 3339 in one play, unless trio + solo is banned: then the second beats the trio or the 9
    // and goes out with the other of 555 and 2
    let rules = Rules::STANDARD;
    let p = Position::two_hands([h("3339"), h("5552")], None, 0, &rules).expect("ok");
    let free = Solver::new(rules).solve(&p).expect("solved");
    assert_eq!(free.winner, Side::First);
    assert_eq!(free.winning, [Action::Play(play("3339"))]);
    let mut banned = Solver::new(rules).with_bans(&[Ban::TrioSolo]);
    let s = banned.solve(&p).expect("solved");
    assert_eq!((s.winner, s.winning.len()), (Side::Second, 0));
    check(&mut banned, &p, &rules, &[Ban::TrioSolo]);
    // four + two pairs: 5555 + 33 + 44 goes out at once unless banned
    let p = Position::two_hands([h("33445555"), h("2")], None, 0, &rules).expect("ok");
    let mut solver = Solver::new(rules).with_bans(&[Ban::FourTwoPair]);
    assert!(
        !solver
            .solve(&p)
            .expect("ok")
            .winning
            .contains(&Action::Play(play("33445555")))
    );
    check(&mut solver, &p, &rules, &[Ban::FourTwoPair]);
}

#[test]
fn two_hand_positions_are_checked() {
    let r = Rules::STANDARD;
    // overlapping hands: more of a rank than the deck
    assert_eq!(
        Position::two_hands([h("333"), h("33")], None, 0, &r),
        Err(PositionError::TooMany {
            rank: doudizhu::Rank::Three,
            count: 5
        })
    );
    assert_eq!(
        Position::two_hands([h("B"), h("B3")], None, 0, &r),
        Err(PositionError::TooMany {
            rank: doudizhu::Rank::BlackJoker,
            count: 2
        })
    );
    // more than 20 cards in a hand
    let big = h("333344445555666677778");
    assert_eq!(
        Position::two_hands([h("9"), big], None, 0, &r),
        Err(PositionError::HandTooLarge { seat: 1, len: 21 })
    );
    assert_eq!(
        Position::two_hands([h(""), h("3")], None, 1, &r),
        Err(PositionError::EmptyHand { seat: 0 })
    );
    // seats are 0 and 1
    assert_eq!(
        Position::two_hands([h("3"), h("4")], None, 2, &r),
        Err(PositionError::Seat {
            what: "to move",
            seat: 2
        })
    );
    assert_eq!(
        Position::two_hands([h("3"), h("4")], Some((play("5"), 2)), 0, &r),
        Err(PositionError::Seat {
            what: "table",
            seat: 2
        })
    );
    assert_eq!(
        Position::two_hands([h("3"), h("4")], Some((play("5"), 0)), 0, &r),
        Err(PositionError::OwnTable { seat: 0 })
    );
    // a play to beat the rules do not allow
    let four_two = play("333345");
    assert_eq!(
        Position::two_hands([h("6"), h("7")], Some((four_two, 1)), 0, &Rules::OPENSPIEL),
        Err(PositionError::NotAPlay { play: four_two })
    );
    // a banned play to beat
    let p = Position::two_hands([h("6"), h("7")], Some((play("3334"), 1)), 0, &r).expect("ok");
    let mut solver = Solver::new(r).with_bans(&[Ban::TrioSolo]);
    let e = solver.score(&p).unwrap_err();
    assert_eq!(e, SolveError::BannedTable { play: play("3334") });
    assert_eq!(
        e.to_string(),
        "the play to beat 3334 trio_solo 1 3 is of a banned kind"
    );
    // an unknown ban
    assert_eq!("trio".parse::<Ban>(), Err(UnknownBan(String::from("trio"))));
    assert_eq!("Four-Two-Solo".parse::<Ban>(), Ok(Ban::FourTwoSolo));
}

#[test]
fn a_two_hand_position_plays_out_with_the_trick_ending_at_a_pass() {
    let r = Rules::STANDARD;
    let p = Position::two_hands([h("34"), h("5")], None, 0, &r).expect("ok");
    assert_eq!((p.players(), p.side(0), p.landlord()), (2, Side::First, 0));
    let after = p.after(Action::Play(play("4"))).expect("not over");
    assert_eq!(after.to_move(), 1);
    let after = after.after(Action::Pass).expect("not over");
    // the second passed: the first leads again
    assert_eq!((after.to_move(), after.table()), (0, None));
    let s = Solver::new(r).solve(&p).expect("solved");
    // lead 4: the 5 beats it and goes out; lead 3: the 5 goes out too. Lost.
    assert_eq!((s.winner, s.winning.len()), (Side::Second, 0));
    assert_eq!(Solver::new(r).score(&p), Ok(-1));
}

/// The line of play to the end: every step is an allowed action of the seat to move, each of
/// the winner's keeps it winning (brute force on small positions), the line ends with the
/// winner's hand empty; `report` agrees with `solve` and `score`.
#[test]
fn the_line_of_play_is_legal_keeps_the_winner_winning_and_ends_with_its_hand_empty() {
    let rules = Rules::STANDARD;
    let mut checked = 0;
    for bans in ban_sets() {
        for hands in pairs("3345", 1, 4) {
            let Ok(p) = Position::two_hands(hands, None, 0, &rules) else {
                continue;
            };
            let mut solver = Solver::new(rules).with_bans(&bans);
            let report = solver.report(&p, true).unwrap();
            let solution = solver.solve(&p).unwrap();
            assert_eq!(
                (report.winner, &report.winning),
                (solution.winner, &solution.winning)
            );
            assert_eq!(report.score, solver.score(&p).unwrap());
            let winner = report.winner;
            let mut at = Some(p);
            for &(seat, action) in &report.line {
                let pos = at.expect("the line goes on after the game ended");
                assert_eq!(seat, pos.to_move());
                assert!(pos.actions(&rules).contains(&action), "{action} is legal");
                if let Action::Play(m) = action {
                    assert!(
                        !bans.iter().any(|b| b.kind() == m.kind()),
                        "{action} is banned"
                    );
                }
                if pos.side(seat) == winner {
                    let after = pos.after(action);
                    let still = after.is_none_or(|q| {
                        let hs = [q.hand(0), q.hand(1)];
                        let table = q.table().map(|(m, _)| m);
                        let v = brute(hs, table, q.to_move() as usize, &rules, &bans);
                        (v > 0) == (winner == Side::First)
                    });
                    assert!(still, "{action} keeps {winner} winning");
                }
                at = pos.after(action);
            }
            assert!(at.is_none(), "the line ends the game");
            let (last_seat, _) = *report.line.last().unwrap();
            assert_eq!(p.side(last_seat), winner, "the winner plays out last");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} positions");
}
