//! Belief from play ([`daifugo::Belief`]): worlds keep every card the observer knows the
//! place of, and worlds that make the others' plays and passes likelier weigh more.

use daifugo::cards_core::game::{Players, Policy};
use daifugo::cards_search::tempered_weights;
use daifugo::{Action, Belief, BeliefModel, CardSet, Deal, Game, Match, Meld, Rng, Rules};

const U: Rules = Rules::UECDA;

/// Every world `belief` draws at decisions of a few seeded matches of `tutorial` players
/// (with the exchange from the second game) deals the observer's hand to it, no card played
/// to anyone, the cards the observer gave in the exchange to its partner (unless played),
/// the cards it received to itself (unless played), and each player as many cards as it
/// holds.
#[test]
fn a_sampled_world_never_deals_a_card_known_to_be_elsewhere() {
    let mut checked = 0;
    let mut exchanges = 0;
    for model in [BeliefModel::Tutorial, BeliefModel::Pattern] {
        let belief = Belief::new(model, 0.1);
        let mut m = Match::new(U, 3);
        let mut tutorial = Game::policy("tutorial", 0).unwrap();
        let mut rng = Rng::seed_from_u64(9);
        for _ in 0..4 {
            let mut g = m.next_game();
            let mut ply = 0;
            while let Some(p) = g.seat_to_act() {
                let legal = g.legal_actions();
                if !g.is_exchanging() && ply % 7 == 3 {
                    let me = usize::from(p);
                    let obs = g.observation(me);
                    let mut played = CardSet::EMPTY;
                    for s in obs.history {
                        if let (true, Some(m)) = (s.accepted, s.action.meld()) {
                            played |= m.cards();
                        }
                    }
                    let partner = obs.exchange_partner();
                    exchanges += usize::from(!obs.given.is_empty());
                    for w in belief.sample_worlds(&obs, 8, 0.25, 4, &mut rng).unwrap() {
                        let h = w.hands();
                        assert_eq!(h[me], obs.hand);
                        assert_eq!(h.map(|x| x.len() as u8), obs.counts);
                        for (q, hand) in h.iter().enumerate() {
                            assert!((*hand & played).is_empty(), "a played card dealt to {q}");
                        }
                        if let Some((partner, _)) = partner {
                            let kept = obs.given & !played;
                            assert_eq!(h[usize::from(partner)] & kept, kept);
                        }
                        assert_eq!(obs.received & !played & !h[me], CardSet::EMPTY);
                        assert_eq!(w.observation(me), obs);
                        checked += 1;
                    }
                }
                let a = tutorial.choose(&g.observation(usize::from(p)), &legal);
                g.apply_with_outcome(a).unwrap();
                ply += 1;
            }
            m.finish(&g);
        }
    }
    assert!(checked > 200, "{checked}");
    assert!(exchanges > 10, "{exchanges}");
}

/// A constructed position: player 0 leads ♦3 and the four others pass. Player 1 holds five
/// pairs (no single to play on ♦3: the tutorial player passes); swapping its ♠4 for player
/// 2's loose ♠7 gives it two singles it would have played. The world where the passes are
/// the model's play is likelier, and weighs more.
#[test]
fn worlds_where_the_passes_are_likelier_weigh_more() {
    let hand = |t: &str| U.parse_hand(t).unwrap();
    let p0 = hand("D3 C3 D4 C4 D5 C5 D6 C6 D7 C7 D8");
    let p1 = hand("S4 H4 S6 H6 S9 H9 SQ HQ SK HK");
    let x = hand("S7");
    let mut rest = (hand("JK") | CardSet::STANDARD) & !p0 & !p1 & !x;
    let mut take = |n: usize| {
        let cards: CardSet = rest.iter().take(n).collect();
        rest &= !cards;
        cards
    };
    let p2 = x | take(10);
    let (p3, p4) = (take(11), take(10));
    assert!(rest.is_empty());
    let deal = Deal {
        seats: [0, 1, 2, 3, 4],
        classes: None,
        hands: [p0, p1, p2, p3, p4],
    };
    let mut g = Game::from_deal(U, &deal).unwrap();
    assert_eq!(g.seat_to_act(), Some(0));
    g.apply_with_outcome(Action::Play(Meld::parse("D3", &U).unwrap()))
        .unwrap();
    for _ in 1..5 {
        g.apply_with_outcome(Action::Pass).unwrap();
    }
    let obs = g.observation(0);
    let truth = g.hands();
    let mut swapped = truth;
    let s4 = hand("S4");
    swapped[1] = (swapped[1] & !s4) | x;
    swapped[2] = (swapped[2] & !x) | s4;
    for model in [BeliefModel::Tutorial, BeliefModel::Pattern] {
        let b = Belief::new(model, 0.1);
        let (likely, unlikely) = (
            b.log_likelihood_of(&obs, &truth),
            b.log_likelihood_of(&obs, &swapped),
        );
        assert!(
            likely > unlikely + 0.5,
            "{model:?}: {likely} against {unlikely}"
        );
        let mut w = Vec::new();
        let _ = tempered_weights(&[likely, unlikely], 0.0, &mut w);
        assert!(w[0] > w[1], "{model:?}: {w:?}");
        // Tempering to keep the whole pool flattens the weights, never reverses them.
        let _ = tempered_weights(&[likely, unlikely], 0.9, &mut w);
        assert!(w[0] >= w[1], "{model:?}: {w:?}");
    }
    // Drawn worlds make the passes likelier than uniform worlds do (each drawn from a pool
    // of 64, against pools of one), by either model.
    for b in [
        Belief::new(BeliefModel::Tutorial, 0.1),
        Belief::new(BeliefModel::Pattern, 0.1).with_temperature(3.0),
    ] {
        let mut rng = Rng::seed_from_u64(5);
        let mut mean = |pool: usize| {
            (0..100)
                .map(|_| {
                    let w = &b.sample_worlds(&obs, pool, 0.0, 1, &mut rng).unwrap()[0];
                    b.log_likelihood_of(&obs, &w.hands())
                })
                .sum::<f64>()
                / 100.0
        };
        let (weighed, uniform) = (mean(64), mean(1));
        assert!(
            weighed > uniform + 0.2,
            "{b:?}: {weighed} against {uniform}"
        );
    }
}

/// Seat by seat, the log-likelihoods sum to the whole one, by either model, at decisions of a
/// match of `tutorial` and `pattern` players with the exchange (the richer partner's return
/// counted to it): the observer's entry is 0, and a seat that has not acted yet has 0 too.
#[test]
// Exact: the whole is the seats' sum, and an untouched entry is exactly 0.
#[allow(clippy::float_cmp)]
fn the_seats_log_likelihoods_sum_to_the_whole() {
    let mut m = Match::new(U, 5);
    let mut players: Vec<Box<dyn Policy<Game>>> = (0..5)
        .map(|i| Game::policy(if i % 2 == 0 { "tutorial" } else { "pattern" }, 0).unwrap())
        .collect();
    let mut rng = Rng::seed_from_u64(2);
    let (mut checked, mut returns) = (0, 0);
    for _ in 0..3 {
        let mut g = m.next_game();
        let mut ply = 0;
        while let Some(p) = g.seat_to_act() {
            let p = usize::from(p);
            let obs = g.observation(p);
            if !obs.exchanging && ply % 5 == 2 {
                returns += usize::from(!obs.received.is_empty());
                for model in [BeliefModel::Tutorial, BeliefModel::Pattern] {
                    let b = Belief::new(model, 0.1);
                    for w in b.sample_worlds(&obs, 2, 0.5, 2, &mut rng).unwrap() {
                        let by_seat = b.log_likelihood_by_seat(&obs, &w.hands());
                        let total = b.log_likelihood_of(&obs, &w.hands());
                        assert_eq!(by_seat.iter().sum::<f64>(), total);
                        assert_eq!(by_seat[p], 0.0);
                        for (q, ll) in by_seat.iter().enumerate() {
                            assert!(*ll <= 0.0, "{q}: {ll}");
                            let acted = obs.history.iter().any(|s| usize::from(s.player) == q);
                            let returned = obs.exchange_partner().is_some_and(|(r, rich)| {
                                usize::from(r) == q && !rich && !obs.received.is_empty()
                            });
                            if !acted && !returned {
                                assert_eq!(*ll, 0.0, "{q} has not acted");
                            }
                        }
                        checked += 1;
                    }
                }
            }
            let a = players[p].choose(&obs, &g.legal_actions());
            g.apply_with_outcome(a).unwrap();
            ply += 1;
        }
        m.finish(&g);
    }
    assert!(checked > 50, "{checked}");
    assert!(returns > 0, "{returns}");
}
