//! Forced wins in constructed Dou Dizhu positions: a lead that ends the game, and a bomb that
//! must be kept whole (checked against the perfect-information solver in every world the
//! landlord cannot tell apart).

use cards_core::game::Policy;
use cards_search::{Algorithm, Budget, Search};
use doudizhu::solve::{Position, Solver};
use doudizhu::{Action, Counts, Deal, Game, GameRules};

fn c(s: &str) -> Counts {
    s.parse().expect("cards")
}

/// A game from seat 0's 20 cards (the kitty `kitty` among them), seat 1's and seat 2's 17;
/// seat 0 bids 3 and is the landlord, then `plays` (`-` a pass) are made.
fn position(l: &str, kitty: &str, p1: &str, p2: &str, plays: &str) -> Game {
    let hands = [
        c(l).checked_sub(c(kitty)).expect("the kitty is in L"),
        c(p1),
        c(p2),
    ];
    let deal = Deal::new(hands, c(kitty), 0).expect("a whole deck");
    let mut g = Game::from_deal(GameRules::STANDARD, deal);
    g.apply_with_outcome(Action::Bid(3)).expect("seat 0 bids 3");
    assert_eq!(g.state().landlord(), Some(0));
    for text in plays.split_whitespace() {
        let a = if text == "-" {
            Action::Pass
        } else {
            g.parse_action(text).expect(text)
        };
        g.apply_with_outcome(a)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    g
}

fn search(seed: u64, algorithm: Algorithm, playouts: u64) -> Search<Game> {
    Search::new(seed)
        .with_algorithm(algorithm)
        .with_budget(Budget::playouts(playouts))
}

#[test]
fn the_lead_that_ends_the_game_is_found() {
    // The landlord's 20 cards are one plane with pairs (333444555666 + 77 88 99 TT).
    let g = position(
        "333444555666778899TT",
        "9TT",
        "3JJJJQQQQKKKKAAAA",
        "456778899TT2222BR",
        "",
    );
    let legal = g.legal_actions();
    assert!(legal.len() > 100, "{} leads", legal.len());
    let ends = |a: Action| {
        let mut w = g.clone();
        w.apply_with_outcome(a).expect("legal");
        w.is_over()
    };
    assert_eq!(legal.iter().filter(|&&a| ends(a)).count(), 1);
    for (algorithm, halving) in [
        (Algorithm::Ismcts, false),
        (Algorithm::Pimc, false),
        (Algorithm::Pimc, true),
    ] {
        for seed in 0..3 {
            let playouts = if algorithm == Algorithm::Pimc {
                8_000
            } else {
                2_000
            };
            let a = search(seed, algorithm, playouts)
                .with_halving(halving)
                .choose(&g.observation(0), &legal);
            assert!(
                ends(a),
                "{algorithm:?} halving {halving} seed {seed} chose {a}"
            );
        }
    }
}

#[test]
fn the_bomb_is_kept_whole() {
    // Played so far: the landlord's plane, seat 1's higher plane and its QQQ3, seat 2's AAA4,
    // 2223, the rocket, KK, 4, 6, 7 and J, which the landlord takes with a 2. The landlord leads
    // 5555 3 4 T; the peasants hold an 8 and a 9, one each (which is which it cannot see). It
    // wins by leading T or 5555 with 3 and 4 (the bomb whole, and its last card unbeatable):
    // spending the bomb alone or breaking it leaves a small card to be beaten.
    let g = position(
        "5555666777888334KT24",
        "2T3",
        "999TTTJJJQKAQQQ38",
        "AAA42223BR4KK67J9",
        "666777888-34K 999TTTJJJ-QKA - - QQQ-3 AAA-4 - - 222-3 - - BR - - KK - - 4 - - 6 - - 7 - - J 2 - -",
    );
    assert_eq!(g.state().hand(0), c("55553 4T"));
    assert_eq!((g.state().hand(1), g.state().hand(2)), (c("8"), c("9")));
    assert_eq!(g.seat_to_act(), Some(0));
    // The moves that win whichever peasant holds the 8.
    let mut solver = Solver::new(GameRules::STANDARD.plays);
    let truth = Position::from_state(g.state()).expect("a play position");
    let swapped = Position::new(
        [c("55553 4T"), c("9"), c("8")],
        0,
        None,
        0,
        &GameRules::STANDARD.plays,
    )
    .expect("a position");
    let a = solver.solve(&truth).expect("solved").winning;
    let b = solver.solve(&swapped).expect("solved").winning;
    let mut winning: Vec<String> = a
        .iter()
        .filter(|x| b.contains(x))
        .map(ToString::to_string)
        .collect();
    winning.sort();
    // Leading T or the four with two kickers keeps the lead; the bomb alone, a broken bomb or
    // a small single gives it away (8 or 9 beats 3 or 4, and its holder goes out).
    assert!(
        winning.contains(&"T".to_string()) && winning.contains(&"5555-34".to_string()),
        "{winning:?}"
    );
    for losing in ["5555", "555-3", "555-T", "55", "5", "3", "4"] {
        assert!(!winning.contains(&losing.to_string()), "{losing} wins?");
    }
    assert!(
        winning.iter().all(|w| w == "T" || w.starts_with("5555-")),
        "{winning:?}"
    );
    let legal = g.legal_actions();
    assert!(legal.len() > 8);
    for algorithm in [Algorithm::Ismcts, Algorithm::Pimc] {
        for seed in 0..3 {
            let a = search(seed, algorithm, 3_000).choose(&g.observation(0), &legal);
            assert!(
                winning.contains(&a.to_string()),
                "{algorithm:?} seed {seed} chose {a}, not one of {winning:?}"
            );
        }
    }
}
