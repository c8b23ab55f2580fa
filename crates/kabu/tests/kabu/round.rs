//! A whole round: the deal, the checked actions, the settlement table, policies, records.

use kabu::{
    Action, Advice, BuiltinPolicy, Card, Case, DrawOdds, Hand, KabuError, Observation, Phase,
    Policy, Round, RoundError, Rules, Seat, Ties, Yaku,
};

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

/// A round from an explicit deal: the first cards of 場1..場4 and the dealer, the second
/// cards, then the third cards in drawing order.
fn dealt(rules: Rules, deal: &str) -> Round {
    Round::from_deal(rules, cards(deal).try_into().unwrap()).unwrap()
}

fn outcome(hand: &str, seat: Seat, rules: Rules) -> kabu::Outcome {
    hand.parse::<Hand>().unwrap().evaluate(seat.role(), rules)
}

#[test]
fn the_deal_is_the_workspace_generator_shuffling_the_harness_order_from_the_end() {
    for seed in [0, 1, 2026, u64::MAX] {
        let mut deck: Vec<Card> = kabu::harness::two_card_hands()
            .next()
            .map(|_| {
                (1..=40)
                    .map(|n| kabu::from_harness_number(n).unwrap())
                    .collect()
            })
            .unwrap();
        kabu::cards_core::Rng::seed_from_u64(seed).shuffle(&mut deck);
        let from_end: Vec<Card> = deck.iter().rev().take(15).copied().collect();
        let round = Round::new(Rules::DEFAULT, seed);
        assert_eq!(round.deal().to_vec(), from_end, "seed {seed}");
        assert_eq!(Round::new(Rules::DEFAULT, seed), round);
    }
    assert_ne!(
        Round::new(Rules::DEFAULT, 1).deal(),
        Round::new(Rules::DEFAULT, 2).deal()
    );
    // Pinned: the first cards of seed 2026, so that a change of generator or order shows.
    let first: Vec<String> = Round::new(Rules::DEFAULT, 2026).deal()[..5]
        .iter()
        .map(|c| format!("{c:#}"))
        .collect();
    assert_eq!(first, PINNED_2026);
}

const PINNED_2026: [&str; 5] = ["H3", "C2", "DA", "D4", "H10"];

#[test]
fn phases_dealing_order_draws_and_settlement_of_an_explicit_deal() {
    let mut r = dealt(
        Rules::DEFAULT,
        "SA S2 S3 S4 S5 CA C2 C3 C4 C5 HA H2 H3 H4 H5",
    );
    assert_eq!(r.phase(), Phase::Bets);
    assert_eq!(r.cards(Seat::Field1), "SA".parse().unwrap());
    assert_eq!(r.cards(Seat::Dealer), "S5".parse().unwrap());
    assert_eq!(r.hand(Seat::Field1), None);
    assert_eq!(r.seat_to_act(), None);
    r.bet([1, 2, 3, 4]).unwrap();
    assert_eq!(r.phase(), Phase::Draws);
    assert_eq!(r.cards(Seat::Field2), "S2 C2".parse().unwrap());
    assert_eq!(r.seat_to_act(), Some(Seat::Field1));
    // 場1 ♠A ♣A: 2 points, must draw; the next card is ♥A.
    assert_eq!(r.legal_actions(), [Action::draw(Seat::Field1)]);
    assert_eq!(
        r.apply_with_outcome(Action::draw(Seat::Field1)),
        Ok(Some(card("HA")))
    );
    // 場2 ♠2 ♣2: 4 points, a choice; it stands.
    assert_eq!(
        r.legal_actions(),
        [Action::draw(Seat::Field2), Action::stand(Seat::Field2)]
    );
    assert_eq!(r.apply_with_outcome(Action::stand(Seat::Field2)), Ok(None));
    // 場3 ♠3 ♣3: 6 points; it draws the next card, ♥2.
    assert_eq!(
        r.apply_with_outcome(Action::draw(Seat::Field3)),
        Ok(Some(card("H2")))
    );
    // 場4 ♠4 ♣4: 8 points, must stand.
    assert_eq!(r.legal_actions(), [Action::stand(Seat::Field4)]);
    assert_eq!(r.apply_with_outcome(Action::stand(Seat::Field4)), Ok(None));
    // The dealer ♠5 ♣5: 0 points, must draw: ♥3, 3 points.
    assert_eq!(
        r.apply_with_outcome(Action::draw(Seat::Dealer)),
        Ok(Some(card("H3")))
    );
    assert!(r.is_over());
    assert_eq!(r.seat_to_act(), None);
    let s1 = r.settlement(Seat::Field1).unwrap();
    assert_eq!(
        (s1.case, s1.net, s1.field.yaku()),
        (Case::FieldWins, 9, Yaku::Arashi10)
    );
    assert_eq!(s1.dealer.points(), 3);
    assert_eq!(r.settlement(Seat::Field2).unwrap().net, 2); // 4 over 3: (2 - 1) x 2
    assert_eq!(r.settlement(Seat::Field3).unwrap().net, 3); // 8 over 3
    assert_eq!(r.settlement(Seat::Field4).unwrap().net, 4);
    assert_eq!(r.settlement(Seat::Dealer), None);
    assert_eq!(r.net(), 18);
    assert_eq!(r.legal_actions(), []);
}

/// Every row of the settlement table, through `settle` and through whole rounds.
#[test]
fn every_settlement_case() {
    let d = Rules::DEFAULT;
    let push = d.with_ties(Ties::Push);
    let dcm = d.with_dealer_collects_multiplier(true);
    let f = |h: &str, r: Rules| outcome(h, Seat::Field1, r);
    let dl = |h: &str, r: Rules| outcome(h, Seat::Dealer, r);
    let cases = [
        // The dealer's クッピン beats everything, シッピン and 嵐 included.
        ("SA S4", "CA C9", d, Case::DealerKuppin, -1),
        ("SA HA DA", "CA C9", d, Case::DealerKuppin, -1),
        // Under vb6 ♠9 ♣A is plain points (0), so a field's 1 point wins.
        ("S3 H8", "S9 CA", Rules::VB6, Case::FieldWins, 1),
        // シッピン: 3倍返し, whatever the dealer's rank (but クッピン).
        ("SA S4", "S5 H5 D5", d, Case::Shippin, 2),
        ("CA D4", "S9 H9", d, Case::Shippin, 2),
        // Under vb6 ♠4 ♣A is 5 points.
        ("S4 CA", "S2 H2", Rules::VB6, Case::FieldWins, 1),
        // A higher final rank pays (m - 1): 嵐 10x 9, 嵐 5x 4, 順子 4, points 1.
        ("SA HA DA", "S2 H2 D2", d, Case::FieldWins, 9),
        ("SA HA DA", "S5 H5 D5", d, Case::TieToDealer, -1),
        ("S2 H2 D2", "S6 H3", d, Case::FieldWins, 4),
        ("C6 C7 C8", "S9 H9 D9", d, Case::DealerWins, -1),
        ("C6 C7 C8", "S2 H7", d, Case::FieldWins, 4),
        ("C6 C7 C8", "S2 H2 D2", d, Case::DealerWins, -1),
        ("S4 H5", "S3 H5", d, Case::FieldWins, 1),
        // A reach is not final: its points count.
        ("S7 S8", "S2 H2", d, Case::FieldWins, 1),
        ("S2 H2", "S7 S8", d, Case::DealerWins, -1),
        // Ties: to the dealer by default, returned with `ties = push`.
        ("S4 H5", "C4 D5", d, Case::TieToDealer, -1),
        ("S4 H5", "C4 D5", push, Case::Push, 0),
        ("S5 H5 D5", "SA HA CA", push, Case::Push, 0),
        // Lower: the stake; the dealer's multiplier with dealer_collects_multiplier and a yaku.
        ("S4 H4", "C9 D9 H9", d, Case::DealerWins, -1),
        ("S4 H4", "C9 D9 H9", dcm, Case::DealerWins, -5),
        ("S4 H4", "CA DA HA", dcm, Case::DealerWins, -10),
        ("S4 H4", "C3 C4 C5", dcm, Case::DealerWins, -5),
        ("S4 H4", "C3 H6", dcm, Case::DealerWins, -1),
        // ... but a tie taken by the dealer and クッピン take the stake only.
        ("S4 H4 D4", "C4 S4 D4", dcm, Case::TieToDealer, -1),
        ("S4 H5", "CA C9", dcm, Case::DealerKuppin, -1),
    ];
    for (field, dealer, rules, case, net) in cases {
        assert_eq!(
            kabu::settle(f(field, rules), dl(dealer, rules), rules),
            (case, net),
            "{field} vs {dealer} under {rules}"
        );
    }
}

#[test]
fn settlement_in_a_round_multiplies_by_the_stake() {
    // 場1 ♠A ♠4 シッピン (stands), others; the dealer ♥9 ♦8 (7 points, stands).
    let mut r = dealt(
        Rules::DEFAULT,
        "SA C7 C8 D2 H9 S4 C2 H8 D7 D8 S10 H10 D10 C10 S9",
    );
    r.bet([3, 0, 0, 5]).unwrap();
    // 場1 holds シッピン: it may not draw; the round says so and stays as it was.
    let before = r;
    assert!(matches!(
        r.apply_with_outcome(Action::draw(Seat::Field1)),
        Err(RoundError::DrawForbidden {
            seat: Seat::Field1,
            ..
        })
    ));
    assert_eq!(r, before);
    r.apply_with_outcome(Action::stand(Seat::Field1)).unwrap();
    // 場2 and 場3 carry no stake: the house policy played them (♣7 ♣2 9 points stands,
    // ♣8 ♥8 6 points a 5x reach draws ♠10).
    assert_eq!(r.seat_to_act(), Some(Seat::Field4));
    assert_eq!(r.decision(Seat::Field2), Some(false));
    assert_eq!(r.decision(Seat::Field3), Some(true));
    assert_eq!(r.cards(Seat::Field3).len(), 3);
    // 場4 ♦2 ♦7: 9 points, must stand. The dealer ♥9 ♦8: 7 points, must stand.
    r.apply_with_outcome(Action::stand(Seat::Field4)).unwrap();
    r.apply_with_outcome(Action::stand(Seat::Dealer)).unwrap();
    let s = r.settlement(Seat::Field1).unwrap();
    assert_eq!((s.stake, s.case, s.net), (3, Case::Shippin, 6));
    let s = r.settlement(Seat::Field4).unwrap();
    assert_eq!((s.stake, s.case, s.net), (5, Case::FieldWins, 5));
    assert_eq!(r.net(), 11);
}

#[test]
fn every_refused_action_names_the_seat_and_leaves_the_round_unchanged() {
    let mut r = dealt(
        Rules::DEFAULT,
        "SA S2 S3 S4 S5 CA C2 C3 C4 C5 HA H2 H3 H4 H5",
    );
    let check = |r: &mut Round, action: Action, expected: RoundError| {
        let before = *r;
        assert_eq!(r.apply_with_outcome(action), Err(expected.clone()));
        assert_eq!(*r, before);
        assert!(!expected.to_string().is_empty());
    };
    // Betting: nothing to draw yet; a stake of 0 everywhere.
    check(
        &mut r,
        Action::draw(Seat::Field1),
        RoundError::NotDrawing {
            seat: Seat::Field1,
            phase: Phase::Bets,
        },
    );
    let before = r;
    assert_eq!(r.bet([0; 4]), Err(RoundError::NoStake));
    assert_eq!(r, before);
    r.bet([1, 1, 0, 1]).unwrap();
    assert_eq!(
        r.bet([1, 1, 1, 1]),
        Err(RoundError::NotBetting {
            phase: Phase::Draws
        })
    );
    // Out of turn, and a field without a stake.
    check(
        &mut r,
        Action::draw(Seat::Dealer),
        RoundError::OutOfTurn {
            seat: Seat::Dealer,
            current: Seat::Field1,
        },
    );
    check(
        &mut r,
        Action::draw(Seat::Field2),
        RoundError::OutOfTurn {
            seat: Seat::Field2,
            current: Seat::Field1,
        },
    );
    check(
        &mut r,
        Action::stand(Seat::Field3),
        RoundError::NotStaked { seat: Seat::Field3 },
    );
    // 2 points must draw.
    let two = outcome("SA CA", Seat::Field1, Rules::DEFAULT);
    check(
        &mut r,
        Action::stand(Seat::Field1),
        RoundError::StandForbidden {
            seat: Seat::Field1,
            outcome: two,
        },
    );
    assert_eq!(
        RoundError::StandForbidden {
            seat: Seat::Field1,
            outcome: two
        }
        .to_string(),
        "field 1 may not stand: it holds 嵐10倍リーチ (2 points) and the draw rule says must draw (3 or less)"
    );
    r.apply_with_outcome(Action::draw(Seat::Field1)).unwrap();
    // A second draw.
    check(
        &mut r,
        Action::draw(Seat::Field1),
        RoundError::AlreadyActed {
            seat: Seat::Field1,
            drew: true,
        },
    );
    r.apply_with_outcome(Action::stand(Seat::Field2)).unwrap();
    // 場3 was played by the house policy (6 points, a reach: it drew).
    assert_eq!(r.decision(Seat::Field3), Some(true));
    // 場4 ♠4 ♣4: 8 points may not draw.
    let eight = outcome("S4 C4", Seat::Field4, Rules::DEFAULT);
    check(
        &mut r,
        Action::draw(Seat::Field4),
        RoundError::DrawForbidden {
            seat: Seat::Field4,
            outcome: eight,
        },
    );
    assert_eq!(
        RoundError::DrawForbidden {
            seat: Seat::Field4,
            outcome: eight
        }
        .to_string(),
        "field 4 may not draw: it holds 嵐5倍リーチ (8 points) and the draw rule says stands (7 or more, or a two-card yaku)"
    );
    r.apply_with_outcome(Action::stand(Seat::Field4)).unwrap();
    r.apply_with_outcome(Action::draw(Seat::Dealer)).unwrap();
    check(
        &mut r,
        Action::draw(Seat::Dealer),
        RoundError::NotDrawing {
            seat: Seat::Dealer,
            phase: Phase::Over,
        },
    );
    assert_eq!(
        r.bet([1, 1, 1, 1]),
        Err(RoundError::NotBetting { phase: Phase::Over })
    );
}

#[test]
fn a_two_card_kuppin_stands_and_forced_draw_off_lets_every_hand_choose() {
    // The dealer ♠A ♥9: クッピン.
    let deal = "S2 S3 S4 S6 SA C2 C3 C4 C6 H9 D2 D3 D4 D6 D7";
    let mut r = dealt(Rules::DEFAULT, deal);
    r.bet([1, 0, 0, 0]).unwrap();
    r.apply_with_outcome(Action::stand(Seat::Field1)).unwrap(); // 4 points
    assert_eq!(r.seat_to_act(), Some(Seat::Dealer));
    assert!(matches!(
        r.apply_with_outcome(Action::draw(Seat::Dealer)),
        Err(RoundError::DrawForbidden { seat: Seat::Dealer, outcome }) if outcome.yaku() == Yaku::Kuppin
    ));
    let off = Rules::DEFAULT.with_forced_draw(false);
    let mut r = dealt(off, deal);
    r.bet([1, 1, 1, 1]).unwrap();
    for seat in Seat::ALL {
        assert_eq!(r.legal_actions().len(), 2, "{seat}");
        r.apply_with_outcome(Action::draw(seat)).unwrap();
    }
    // Drawing to クッピン lost it: the dealer's three cards are plain points.
    assert_eq!(r.outcome(Seat::Dealer).unwrap().yaku(), Yaku::None);
}

#[test]
fn explicit_deals_must_be_fifteen_distinct_kabu_cards() {
    let mut bad = cards("SA S2 S3 S4 S5 CA C2 C3 C4 C5 HA H2 H3 H4 H5");
    bad[3] = card("SK");
    assert!(matches!(
        Round::from_deal(Rules::DEFAULT, bad.clone().try_into().unwrap()),
        Err(RoundError::BadDeal(KabuError::NotKabuCard { at, .. })) if at.index == 3
    ));
    bad[3] = card("SA");
    assert!(matches!(
        Round::from_deal(Rules::DEFAULT, bad.try_into().unwrap()),
        Err(RoundError::BadDeal(KabuError::Repeated { .. }))
    ));
}

#[test]
fn the_house_policy_as_specified() {
    let rules = Rules::DEFAULT;
    let house = |h: &str, seat: Seat| {
        BuiltinPolicy::House.draws(&Observation::own_cards(seat, h.parse().unwrap(), rules))
    };
    assert!(!house("SA S4", Seat::Field1)); // シッピン stands
    assert!(!house("SA S9", Seat::Dealer)); // クッピン stands
    assert!(house("SA S9", Seat::Field1)); // 0 points for a child
    assert!(house("S2 H2", Seat::Field1)); // 4 points, a 5x 嵐 reach
    assert!(house("S2 S3", Seat::Field1)); // 5 points, a 順子 reach
    assert!(!house("S2 H3", Seat::Field1)); // 5 points, no reach
    assert!(house("S3 H3", Seat::Dealer)); // 6 points, a 5x 嵐 reach
    assert!(!house("S4 S3", Seat::Dealer)); // 7 points, a reach, stands
    assert!(house("SA H2", Seat::Dealer)); // 3 points
    // With forced_draw off, house still draws at 3 or less and stands at 7 or more.
    let off = Rules::DEFAULT.with_forced_draw(false);
    let obs = Observation::own_cards(Seat::Field1, "S4 H4".parse().unwrap(), off);
    assert!(!BuiltinPolicy::House.draws(&obs));
}

/// The odds policy at 4 to 6: draw when a third card improves the final rank at least half the
/// time, computed here from `DrawOdds`.
#[test]
fn the_odds_policy_follows_the_exact_chance_of_improving() {
    let rank = |o: kabu::Outcome| match o.yaku() {
        Yaku::Arashi10 => 12,
        Yaku::Arashi5 => 11,
        Yaku::Junko => 10,
        _ => o.points(),
    };
    let mut checked = 0;
    for hand in kabu::harness::two_card_hands() {
        for seat in [Seat::Field2, Seat::Dealer] {
            for rules in Rules::PRESETS {
                let obs = Observation::own_cards(seat, hand, rules);
                let o = obs.outcome();
                let draws = BuiltinPolicy::Odds.draws(&obs);
                let odds = DrawOdds::new(hand, seat.role(), rules, kabu::CardSet::EMPTY).unwrap();
                let better: u32 = odds
                    .outcomes()
                    .filter(|(t, _, _)| rank(*t) > o.points())
                    .map(|(_, n, _)| n)
                    .sum();
                let expected = match o.yaku() {
                    Yaku::Kuppin | Yaku::Shippin => false,
                    _ if o.points() <= 3 => true,
                    _ if o.points() >= 7 => false,
                    _ => 2 * better as usize >= odds.unseen().len(),
                };
                assert_eq!(draws, expected, "{hand} {seat} {rules}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 780 * 4);
    // ♠2 ♠3 (5 points, a 順子 reach): only an A, 2, 3 or 4 improves it (14 of 38 cards, ♠A and
    // ♠4 as 順子): odds stands where house draws. ♠5 ♥A (6 points): an A, 2 or 3 (11 of 38).
    let obs = Observation::own_cards(Seat::Field1, "S2 S3".parse().unwrap(), Rules::DEFAULT);
    assert!(!BuiltinPolicy::Odds.draws(&obs));
    assert!(BuiltinPolicy::House.draws(&obs));
}

#[test]
fn always_and_never_act_within_the_draw_rule() {
    for hand in kabu::harness::two_card_hands() {
        for seat in [Seat::Field1, Seat::Dealer] {
            for rules in [Rules::DEFAULT, Rules::DEFAULT.with_forced_draw(false)] {
                let obs = Observation::own_cards(seat, hand, rules);
                let (always, never) = (
                    BuiltinPolicy::Always.draws(&obs),
                    BuiltinPolicy::Never.draws(&obs),
                );
                match obs.allowed() {
                    Advice::MustDraw => assert!(always && never),
                    Advice::MustStand => assert!(!always && !never),
                    Advice::Choice => assert!(always && !never),
                }
            }
        }
    }
}

#[test]
fn policy_names_round_trip() {
    for (p, name) in BuiltinPolicy::ALL.iter().zip(BuiltinPolicy::NAMES) {
        assert_eq!(p.to_string(), name);
        assert_eq!(name.to_uppercase().parse::<BuiltinPolicy>(), Ok(*p));
    }
    assert!(matches!(
        "greedy".parse::<BuiltinPolicy>(),
        Err(KabuError::UnknownPolicy { .. })
    ));
    for seat in Seat::ALL {
        assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
    }
    assert_eq!("3".parse::<Seat>(), Ok(Seat::Field3));
    assert_eq!("場4".parse::<Seat>(), Ok(Seat::Field4));
    assert!(matches!(
        "5".parse::<Seat>(),
        Err(KabuError::UnknownSeat { .. })
    ));
}

/// A policy that would stand on 3 points is refused like a manual stand.
struct Stubborn;
impl Policy for Stubborn {
    fn draws(&mut self, _: &Observation) -> bool {
        false
    }
}

#[test]
fn policies_play_rounds_that_replay_from_their_records() {
    let mut refused = 0;
    for seed in 0..2000u64 {
        for (mut f, mut d) in [
            (BuiltinPolicy::House, BuiltinPolicy::House),
            (BuiltinPolicy::Odds, BuiltinPolicy::Always),
            (BuiltinPolicy::Never, BuiltinPolicy::Odds),
        ] {
            let mut r = Round::new(Rules::DEFAULT, seed);
            let stakes = [(seed % 3) as u32, 1, 0, (seed % 5) as u32];
            r.bet(stakes).unwrap();
            r.play(&mut f, &mut d).unwrap();
            assert!(r.is_over());
            let record = r.record();
            assert_eq!(record.replay(), Ok(r));
            // Fields without a stake were played by the house policy.
            for (i, seat) in Seat::FIELDS.iter().enumerate() {
                if stakes[i] == 0 {
                    let mut obs = r.seat_observation(*seat).unwrap();
                    obs.hand = Hand::from_set(
                        r.deal()[i..]
                            .iter()
                            .step_by(5)
                            .take(2)
                            .fold(kabu::CardSet::EMPTY, |s, c| s.with(*c)),
                    )
                    .unwrap();
                    assert_eq!(r.decision(*seat), Some(BuiltinPolicy::House.draws(&obs)));
                }
            }
        }
        let mut r = Round::new(Rules::DEFAULT, seed);
        r.bet([1, 1, 1, 1]).unwrap();
        if let Err(e) = r.play(&mut Stubborn, &mut BuiltinPolicy::House) {
            assert!(matches!(e, RoundError::StandForbidden { .. }), "{e}");
            refused += 1;
        }
    }
    assert!(refused > 0);
}

#[test]
fn a_record_that_does_not_fit_is_refused() {
    let mut r = Round::new(Rules::DEFAULT, 77);
    r.bet([1, 0, 0, 0]).unwrap();
    r.play(&mut BuiltinPolicy::House, &mut BuiltinPolicy::House)
        .unwrap();
    let good = r.record();
    // The seed does not deal these cards.
    let mut bad = good.clone();
    bad.deal.swap(0, 1);
    assert_eq!(bad.replay(), Err(RoundError::SeedMismatch { seed: 77 }));
    // A field without a stake recorded against the house policy.
    let mut bad = good.clone();
    bad.draws[1] = bad.draws[1].map(|d| !d);
    assert_eq!(
        bad.replay(),
        Err(RoundError::RecordMismatch { seat: Seat::Field2 })
    );
    // Without a seed, the deal alone replays.
    let mut free = good.clone();
    free.seed = None;
    let again = free.replay().unwrap();
    assert_eq!(again.net(), r.net());
    assert_eq!(again.seed(), None);
}

#[test]
fn a_round_is_a_small_copy_value() {
    fn copy<T: Copy>() {}
    copy::<Round>();
    assert!(
        std::mem::size_of::<Round>() <= 128,
        "{}",
        std::mem::size_of::<Round>()
    );
}
