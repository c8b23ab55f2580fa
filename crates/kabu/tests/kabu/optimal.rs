//! The `optimal` policy: its edge against a plain enumeration and a brute-force search over
//! every policy on small decks, no single-decision change improves it, and it plays rounds.

use kabu::{
    Advice, BuiltinPolicy, Card, CardSet, DrawStrategy, Hand, HouseEdge, Observation, Round, Rules,
    Seat, draw_rule, edge_of_rules, exact_edge, exact_edge_on, optimal_decision, parse_cards,
    settle,
};

fn own(p: BuiltinPolicy, seat: Seat, hand: Hand, rules: Rules, deck: CardSet) -> bool {
    let mut obs = Observation::own_cards(seat, hand, rules);
    obs.out_of_play = kabu::DECK - deck;
    let mut p = p;
    p.draws(&obs)
}

fn two(a: Card, b: Card) -> Hand {
    Hand::new(&[a, b]).expect("two cards")
}

fn choice(seat: Seat, hand: Hand, rules: Rules) -> bool {
    draw_rule(hand.evaluate(seat.role(), rules), rules) == Advice::Choice
}

/// The player's exact net per unit stake by plain enumeration of every ordered deal (dealer up
/// and face-down, field up and face-down, the third cards), each settled with `settle`.
fn plain_edge(
    deck: CardSet,
    rules: Rules,
    field: &dyn Fn(Hand, Card) -> bool,
    dealer: &dyn Fn(Hand, Card, Option<Card>) -> bool,
) -> HouseEdge {
    let cards: Vec<Card> = deck.iter().collect();
    let n = cards.len();
    let rest = i64::try_from(n - 4).expect("small");
    let mut num = 0i64;
    let mut cases = 0u64;
    for (iu, &u) in cards.iter().enumerate() {
        for (ih, &h) in cards.iter().enumerate() {
            for (iv, &v) in cards.iter().enumerate() {
                for (iw, &w) in cards.iter().enumerate() {
                    let mut ids = [iu, ih, iv, iw];
                    ids.sort_unstable();
                    if ids.windows(2).any(|p| p[0] == p[1]) {
                        continue;
                    }
                    cases += 1;
                    let (d, f) = (two(u, h), two(v, w));
                    let left: Vec<Card> = cards
                        .iter()
                        .copied()
                        .filter(|c| ![u, h, v, w].contains(c))
                        .collect();
                    let settle_all = |fh: Hand, t: Option<Card>| -> i64 {
                        let fo = fh.evaluate(Seat::Field1.role(), rules);
                        if dealer(d, v, t) {
                            let seen: Vec<Card> =
                                left.iter().copied().filter(|&x| Some(x) != t).collect();
                            // weight: the leaves under a field draw have weight 1, else rest-1
                            let w = if t.is_some() { 1 } else { rest - 1 };
                            seen.iter()
                                .map(|&x| {
                                    let dd = d
                                        .draw(x)
                                        .expect("third")
                                        .evaluate(Seat::Dealer.role(), rules);
                                    w * settle(fo, dd, rules).1
                                })
                                .sum()
                        } else {
                            let w = if t.is_some() {
                                rest - 1
                            } else {
                                rest * (rest - 1)
                            };
                            w * settle(fo, d.evaluate(Seat::Dealer.role(), rules), rules).1
                        }
                    };
                    if field(f, u) {
                        num += left
                            .iter()
                            .map(|&t| settle_all(f.draw(t).expect("third"), Some(t)))
                            .sum::<i64>();
                    } else {
                        num += settle_all(f, None);
                    }
                }
            }
        }
    }
    HouseEdge::new(
        num.into(),
        (cases * (rest * (rest - 1)).unsigned_abs()).into(),
    )
    .expect("non-zero")
}

#[test]
fn the_enumeration_equals_house_edge_and_a_plain_enumeration() {
    let rules = Rules::DEFAULT;
    let deck = kabu::DECK;
    for (f, d) in [
        (BuiltinPolicy::House, BuiltinPolicy::House),
        (BuiltinPolicy::Odds, BuiltinPolicy::Always),
    ] {
        let e = edge_of_rules(
            deck,
            rules,
            &|h, _| own(f, Seat::Field1, h, rules, deck),
            &|h, _, _| own(d, Seat::Dealer, h, rules, deck),
        )
        .expect("edge");
        let (mut fp, mut dp) = (f, d);
        assert_eq!(
            e,
            kabu::house_edge(rules, &mut fp, &mut dp).expect("edge"),
            "{f} {d}"
        );
    }
    // on a small deck, optimal's decisions against the plain enumeration
    let small = parse_cards("SA H2 S7 C8 D9 H10 C3").expect("cards");
    for (f, d) in [
        (BuiltinPolicy::Optimal, BuiltinPolicy::House),
        (BuiltinPolicy::House, BuiltinPolicy::Optimal),
        (BuiltinPolicy::Optimal, BuiltinPolicy::Optimal),
    ] {
        let fd = |h: Hand, u: Card| -> bool {
            if f == BuiltinPolicy::Optimal {
                optimal_decision(small, rules, Seat::Field1, h, u, None).expect("decision")
            } else {
                own(f, Seat::Field1, h, rules, small)
            }
        };
        let dd = |h: Hand, v: Card, t: Option<Card>| -> bool {
            if d == BuiltinPolicy::Optimal {
                optimal_decision(small, rules, Seat::Dealer, h, v, t).expect("decision")
            } else {
                own(d, Seat::Dealer, h, rules, small)
            }
        };
        assert_eq!(
            exact_edge_on(small, rules, f, d).expect("edge"),
            plain_edge(small, rules, &fd, &dd),
            "{f} {d}"
        );
    }
}

/// Every field policy over the information sets (two cards, the dealer's up card) where the
/// draw rule leaves a choice, against the house dealer, by plain enumeration: the best.
#[test]
fn the_field_optimum_equals_a_brute_force_policy_search_on_a_small_deck() {
    let rules = Rules::DEFAULT;
    let deck = parse_cards("SA H2 S7 C8 D9 H10").expect("cards");
    let cards: Vec<Card> = deck.iter().collect();
    let mut sets: Vec<(Hand, Card)> = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let h = two(a, b);
            if choice(Seat::Field1, h, rules) {
                for &u in cards.iter().filter(|&&u| u != a && u != b) {
                    sets.push((h, u));
                }
            }
        }
    }
    assert!(
        (4..=12).contains(&sets.len()),
        "{} information sets",
        sets.len()
    );
    let house =
        |h: Hand, _: Card, _: Option<Card>| own(BuiltinPolicy::House, Seat::Dealer, h, rules, deck);
    let mut best: Option<HouseEdge> = None;
    for mask in 0u32..1 << sets.len() {
        let policy = |h: Hand, u: Card| match sets.iter().position(|&s| s == (h, u)) {
            Some(k) => mask >> k & 1 == 1,
            None => own(BuiltinPolicy::House, Seat::Field1, h, rules, deck), // forced
        };
        let e = plain_edge(deck, rules, &policy, &house);
        if best.is_none_or(|b| e.value() > b.value()) {
            best = Some(e);
        }
    }
    let optimum =
        exact_edge_on(deck, rules, BuiltinPolicy::Optimal, BuiltinPolicy::House).expect("edge");
    assert_eq!(Some(optimum), best);
}

/// Every dealer policy over (two cards, the field's up card, its third card or stood) where the
/// rule leaves a choice, against a house field: the worst for the player.
#[test]
fn the_dealer_optimum_equals_a_brute_force_policy_search_on_a_small_deck() {
    let rules = Rules::DEFAULT;
    let deck = parse_cards("SA H2 S7 C8 S10 H10").expect("cards");
    let cards: Vec<Card> = deck.iter().collect();
    let mut sets: Vec<(Hand, Card, Option<Card>)> = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let h = two(a, b);
            if !choice(Seat::Dealer, h, rules) {
                continue;
            }
            for &v in cards.iter().filter(|&&v| v != a && v != b) {
                sets.push((h, v, None));
                for &t in cards.iter().filter(|&&t| t != a && t != b && t != v) {
                    sets.push((h, v, Some(t)));
                }
            }
        }
    }
    assert!(
        (4..=16).contains(&sets.len()),
        "{} information sets",
        sets.len()
    );
    let house = |h: Hand, _: Card| own(BuiltinPolicy::House, Seat::Field1, h, rules, deck);
    let mut best: Option<HouseEdge> = None;
    for mask in 0u32..1 << sets.len() {
        let policy =
            |h: Hand, v: Card, t: Option<Card>| match sets.iter().position(|&s| s == (h, v, t)) {
                Some(k) => mask >> k & 1 == 1,
                None => own(BuiltinPolicy::House, Seat::Dealer, h, rules, deck),
            };
        let e = plain_edge(deck, rules, &house, &policy);
        if best.is_none_or(|b| e.value() < b.value()) {
            best = Some(e);
        }
    }
    let optimum =
        exact_edge_on(deck, rules, BuiltinPolicy::House, BuiltinPolicy::Optimal).expect("edge");
    assert_eq!(Some(optimum), best);
}

/// Flips `optimal`'s decision at `k` information sets spread over the deck's, one at a time.
fn flips_do_not_help(deck: CardSet, k: usize) {
    let rules = Rules::DEFAULT;
    let cards: Vec<Card> = deck.iter().collect();
    let opt_f =
        |h: Hand, u: Card| optimal_decision(deck, rules, Seat::Field1, h, u, None).expect("ok");
    let opt_d = |h: Hand, v: Card, t: Option<Card>| {
        optimal_decision(deck, rules, Seat::Dealer, h, v, t).expect("ok")
    };
    let house_f = |h: Hand, _: Card| own(BuiltinPolicy::House, Seat::Field1, h, rules, deck);
    let house_d =
        |h: Hand, _: Card, _: Option<Card>| own(BuiltinPolicy::House, Seat::Dealer, h, rules, deck);
    let field_best = edge_of_rules(deck, rules, &opt_f, &house_d).expect("edge");
    assert_eq!(
        field_best,
        exact_edge_on(deck, rules, BuiltinPolicy::Optimal, BuiltinPolicy::House).expect("edge")
    );
    let dealer_best = edge_of_rules(deck, rules, &house_f, &opt_d).expect("edge");
    let mut field_sets = Vec::new();
    let mut dealer_sets = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let h = two(a, b);
            for &v in cards.iter().filter(|&&v| v != a && v != b) {
                if choice(Seat::Field1, h, rules) {
                    field_sets.push((h, v));
                }
                if choice(Seat::Dealer, h, rules) {
                    dealer_sets.push((h, v, None));
                    if let Some(&t) = cards.iter().find(|&&t| t != a && t != b && t != v) {
                        dealer_sets.push((h, v, Some(t)));
                    }
                }
            }
        }
    }
    let step = |len: usize| (len / k).max(1);
    for &(h0, u0) in field_sets.iter().step_by(step(field_sets.len())) {
        let flipped = |h: Hand, u: Card| opt_f(h, u) != ((h, u) == (h0, u0));
        let e = edge_of_rules(deck, rules, &flipped, &house_d).expect("edge");
        assert!(
            e.value() <= field_best.value(),
            "field {h0} {u0}: {e} > {field_best}"
        );
    }
    for &(h0, v0, t0) in dealer_sets.iter().step_by(step(dealer_sets.len())) {
        let flipped =
            |h: Hand, v: Card, t: Option<Card>| opt_d(h, v, t) != ((h, v, t) == (h0, v0, t0));
        let e = edge_of_rules(deck, rules, &house_f, &flipped).expect("edge");
        assert!(
            e.value() >= dealer_best.value(),
            "dealer {h0} {v0} {t0:?}: {e} < {dealer_best}"
        );
    }
}

#[test]
fn no_single_decision_change_improves_optimal_on_a_small_deck() {
    // every information set of a 9-card deck
    flips_do_not_help(
        parse_cards("SA H2 S3 C4 D5 S6 H7 C8 D9").expect("cards"),
        usize::MAX,
    );
}

#[test]
fn no_single_decision_change_improves_optimal_on_the_deck() {
    // a spread of the 40-card deck's information sets (each flip a full exact enumeration):
    // three of each side in CI, 16 with CARDS_FULL=1
    let k = if std::env::var_os("CARDS_FULL").is_some() {
        16
    } else {
        3
    };
    flips_do_not_help(kabu::DECK, k);
}

#[test]
fn optimal_beats_house_against_the_house_dealer_exactly() {
    let rules = Rules::DEFAULT;
    let house = exact_edge(rules, BuiltinPolicy::House, BuiltinPolicy::House).expect("edge");
    let best = exact_edge(rules, BuiltinPolicy::Optimal, BuiltinPolicy::House).expect("edge");
    let dealer = exact_edge(rules, BuiltinPolicy::House, BuiltinPolicy::Optimal).expect("edge");
    assert!(best.value() > house.value(), "{best} vs {house}");
    assert!(dealer.value() < house.value(), "{dealer} vs {house}");
    // every other built-in field policy does no better against the house dealer
    for p in BuiltinPolicy::ALL {
        let e = exact_edge(rules, p, BuiltinPolicy::House).expect("edge");
        assert!(e.value() <= best.value(), "{p}: {e}");
    }
    // seen alone (house_edge shows own cards only), optimal is the best own-cards policy
    let (mut o, mut h) = (BuiltinPolicy::Optimal, BuiltinPolicy::House);
    let alone = kabu::house_edge(rules, &mut o, &mut h).expect("edge");
    assert!(alone.value() <= best.value());
    for p in [
        BuiltinPolicy::House,
        BuiltinPolicy::Odds,
        BuiltinPolicy::Always,
        BuiltinPolicy::Never,
    ] {
        let (mut f, mut d) = (p, BuiltinPolicy::House);
        assert!(
            kabu::house_edge(rules, &mut f, &mut d)
                .expect("edge")
                .value()
                <= alone.value()
        );
    }
}

#[test]
fn optimal_plays_rounds_and_simulation_agrees_with_the_exact_edge() {
    let rules = Rules::DEFAULT;
    let mut round = Round::new(rules, 2026);
    round.bet([1, 0, 2, 0]).expect("bet");
    round
        .play(&mut BuiltinPolicy::Optimal, &mut BuiltinPolicy::Optimal)
        .expect("legal");
    assert!(round.is_over());
    assert_eq!(round.record().replay().expect("replays"), round);
    let exact = exact_edge(rules, BuiltinPolicy::Optimal, BuiltinPolicy::House).expect("edge");
    let s = kabu::simulate(
        rules,
        &mut BuiltinPolicy::Optimal,
        &mut BuiltinPolicy::House,
        40_000,
        7,
        |_| {},
    );
    assert!(s.all.contains(exact.value()), "{:?} {exact}", s.all);
}
