//! The exact house edge against a plain brute force and against simulated rounds.

use kabu::{
    BuiltinPolicy, Card, CardSet, DrawStrategy, Hand, HouseEdge, Observation, Outcome, RoundError,
    Rules, Seat, Ties, Yaku,
};

/// Whether `CARDS_FULL=1` asks for the big sizes.
fn full() -> bool {
    std::env::var("CARDS_FULL").is_ok_and(|v| v == "1")
}

/// The settlement table, written plainly: the player's net per unit stake.
fn plain_net(field: Outcome, dealer: Outcome, rules: Rules) -> i64 {
    if dealer.yaku() == Yaku::Kuppin {
        return -1;
    }
    if field.yaku() == Yaku::Shippin {
        return 2;
    }
    // (final rank, multiplier): 嵐 10x > 嵐 5x > 順子 > points 9 .. 0.
    let rank = |o: Outcome| match o.yaku() {
        Yaku::Arashi10 => (30, 10),
        Yaku::Arashi5 => (20, 5),
        Yaku::Junko => (15, 5),
        _ => (i64::from(o.points()), 2),
    };
    let ((f, m), (d, dm)) = (rank(field), rank(dealer));
    if f > d {
        m - 1
    } else if f == d && rules.ties == Ties::Push {
        0
    } else if f < d && rules.dealer_collects_multiplier && d >= 15 {
        -dm
    } else {
        -1
    }
}

/// Every leaf enumerated: dealer's two cards, field's two cards, each third card drawn.
fn brute_force(
    deck: CardSet,
    rules: Rules,
    field: BuiltinPolicy,
    dealer: BuiltinPolicy,
) -> HouseEdge {
    let cards: Vec<Card> = deck.iter().collect();
    let out = kabu::DECK - deck;
    let decide = |p: BuiltinPolicy, seat: Seat, h: Hand| {
        let mut obs = Observation::own_cards(seat, h, rules);
        obs.out_of_play = out;
        let mut p = p;
        p.draws(&obs)
    };
    let n = cards.len();
    let r = i64::try_from(n - 4).unwrap();
    let (mut num, mut pairs) = (0i64, 0u64);
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let d2 = Hand::new(&[a, b]).unwrap();
            let rest: Vec<Card> = cards
                .iter()
                .copied()
                .filter(|&x| x != a && x != b)
                .collect();
            for (j, &c) in rest.iter().enumerate() {
                for &d in &rest[j + 1..] {
                    pairs += 1;
                    let f2 = Hand::new(&[c, d]).unwrap();
                    let left: Vec<Card> =
                        rest.iter().copied().filter(|&x| x != c && x != d).collect();
                    let fields: Vec<Hand> = if decide(field, Seat::Field1, f2) {
                        left.iter().map(|&x| f2.draw(x).unwrap()).collect()
                    } else {
                        vec![f2]
                    };
                    for &f in &fields {
                        let left2: Vec<Card> = left
                            .iter()
                            .copied()
                            .filter(|&x| !f.cards().contains(x))
                            .collect();
                        let dealers: Vec<Hand> = if decide(dealer, Seat::Dealer, d2) {
                            left2.iter().map(|&x| d2.draw(x).unwrap()).collect()
                        } else {
                            vec![d2]
                        };
                        // Each leaf weighs 1 / (fields.len() * dealers.len()); over r (r - 1):
                        let leaves = i64::try_from(fields.len() * dealers.len()).unwrap();
                        let weight = r * (r - 1) / leaves;
                        for &dh in &dealers {
                            let net = plain_net(
                                f.evaluate(kabu::Role::Child, rules),
                                dh.evaluate(kabu::Role::Dealer, rules),
                                rules,
                            );
                            num += weight * net;
                        }
                    }
                }
            }
        }
    }
    HouseEdge::new(num.into(), (pairs * (r * (r - 1)).unsigned_abs()).into()).unwrap()
}

fn exact(deck: CardSet, rules: Rules, f: BuiltinPolicy, d: BuiltinPolicy) -> HouseEdge {
    let (mut f, mut d) = (f, d);
    kabu::house_edge_on(deck, rules, &mut f, &mut d).unwrap()
}

#[test]
fn the_exact_edge_equals_a_plain_brute_force_on_a_reduced_deck() {
    // A, 2, 3, 4 and 9 of every suit: クッピン, シッピン, 嵐, 順子 and reaches all occur.
    let deck =
        kabu::parse_cards("SA S2 S3 S4 S9 CA C2 C3 C4 C9 HA H2 H3 H4 H9 DA D2 D3 D4 D9").unwrap();
    let rule_sets = [
        Rules::DEFAULT,
        Rules::VB6,
        Rules::DEFAULT.with_ties(Ties::Push),
        Rules::VB6.with_dealer_collects_multiplier(true),
        Rules::DEFAULT.with_forced_draw(false),
    ];
    for (k, rules) in rule_sets.into_iter().enumerate() {
        for f in BuiltinPolicy::ALL {
            for d in BuiltinPolicy::ALL {
                // Every pair under the default rules, two pairs under the others.
                let two = [
                    (BuiltinPolicy::House, BuiltinPolicy::House),
                    (BuiltinPolicy::Odds, BuiltinPolicy::Always),
                ];
                if k > 0 && !two.contains(&(f, d)) {
                    continue;
                }
                assert_eq!(
                    exact(deck, rules, f, d),
                    brute_force(deck, rules, f, d),
                    "{rules} {f} {d}"
                );
            }
        }
    }
}

/// The whole deck, 690 million leaves: `CARDS_FULL=1` (seconds in release, longer in debug).
#[test]
fn the_exact_edge_equals_a_plain_brute_force_on_the_full_deck() {
    let pairs: &[(BuiltinPolicy, BuiltinPolicy)] = if full() {
        &[
            (BuiltinPolicy::House, BuiltinPolicy::House),
            (BuiltinPolicy::Odds, BuiltinPolicy::Always),
        ]
    } else {
        &[(BuiltinPolicy::Never, BuiltinPolicy::Never)] // no draws: 548,340 leaves
    };
    for &(f, d) in pairs {
        assert_eq!(
            exact(kabu::DECK, Rules::DEFAULT, f, d),
            brute_force(kabu::DECK, Rules::DEFAULT, f, d),
            "{f} {d}"
        );
    }
}

#[test]
fn the_house_against_the_house_loses_a_known_fraction() {
    let e = exact(
        kabu::DECK,
        Rules::DEFAULT,
        BuiltinPolicy::House,
        BuiltinPolicy::House,
    );
    assert_eq!(e.to_string(), "-1268639/17272710");
    assert!((e.value() - -0.073_448).abs() < 1e-6);
}

#[test]
fn a_policy_against_the_draw_rule_is_an_error() {
    struct Stand;
    impl DrawStrategy for Stand {
        fn draws(&mut self, _: &Observation) -> bool {
            false
        }
    }
    let e = kabu::house_edge(Rules::DEFAULT, &mut Stand, &mut BuiltinPolicy::House);
    assert!(
        matches!(
            e,
            Err(RoundError::StandForbidden {
                seat: Seat::Field1,
                ..
            })
        ),
        "{e:?}"
    );
    // Without the forced draw, standing is always allowed.
    let off = Rules::DEFAULT.with_forced_draw(false);
    assert!(kabu::house_edge(off, &mut Stand, &mut BuiltinPolicy::House).is_ok());
}

/// Simulated whole rounds agree with the exact figure within the 99% interval, for all four
/// fields together and for each field alone (the position does not matter).
#[test]
fn simulated_rounds_agree_with_the_exact_edge_in_every_position() {
    let rounds = if full() { 10_000_000 } else { 300_000 };
    for (rules, f, d) in [
        (Rules::DEFAULT, BuiltinPolicy::House, BuiltinPolicy::House),
        (
            Rules::VB6.with_ties(Ties::Push),
            BuiltinPolicy::Odds,
            BuiltinPolicy::Always,
        ),
    ] {
        let e = exact(kabu::DECK, rules, f, d).value();
        let (mut fp, mut dp) = (f, d);
        let s = kabu::simulate(rules, &mut fp, &mut dp, rounds, 2026, |_| {});
        assert_eq!(s.rounds, rounds);
        println!(
            "{rules} {f} {d}: exact {e:.6}, simulated {:.6} [{:.6}, {:.6}] over {rounds} rounds",
            s.all.mean, s.all.low, s.all.high
        );
        assert!(s.all.contains(e), "{rules} {f} {d}: {e} not in {:?}", s.all);
        for (i, field) in s.fields.iter().enumerate() {
            println!(
                "  field {}: {:.6} [{:.6}, {:.6}]",
                i + 1,
                field.mean,
                field.low,
                field.high
            );
            assert!(field.contains(e), "field {}: {e} not in {field:?}", i + 1);
        }
    }
}

#[test]
fn a_simulation_is_reproducible_from_its_seed() {
    let run = |seed| {
        kabu::simulate(
            Rules::DEFAULT,
            &mut BuiltinPolicy::House,
            &mut BuiltinPolicy::Odds,
            5_000,
            seed,
            |_| {},
        )
    };
    assert_eq!(run(1), run(1));
    assert!((run(1).all.mean - run(2).all.mean).abs() > 1e-9);
    let mut calls = Vec::new();
    kabu::simulate(
        Rules::DEFAULT,
        &mut BuiltinPolicy::House,
        &mut BuiltinPolicy::House,
        70_000,
        1,
        |n| calls.push(n),
    );
    assert_eq!(calls, [65_536, 70_000]);
}

#[test]
fn house_edges_read_back_and_refuse_nonsense() {
    for text in ["-1268639/17272710", "0/1", "3/4"] {
        assert_eq!(text.parse::<HouseEdge>().unwrap().to_string(), text);
    }
    for bad in ["", "1", "1/0", "--1/2", "1/-2", "a/b"] {
        assert!(bad.parse::<HouseEdge>().is_err(), "{bad}");
    }
    assert!(
        kabu::house_edge_on(
            kabu::parse_cards("SA S2 S3 S4 S5").unwrap(),
            Rules::DEFAULT,
            &mut BuiltinPolicy::House,
            &mut BuiltinPolicy::House
        )
        .is_err()
    );
}
