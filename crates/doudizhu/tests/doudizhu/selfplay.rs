//! Self-play invariants on seeded games under every preset and `standard+auction=call_rob`
//! (random and greedy players; under `call_rob` the landlord is the last caller or robber): every
//! action is one of the legal ones and applies, cards are conserved, pass is offered exactly
//! when following, returns sum to zero where the payoff is a stake, the bombs counted are the
//! bombs and rockets in the record, and the record replays to the same state. `CARDS_FULL=1`
//! plays 100 times more games (1,000 random and 250 greedy games a preset by default).

use doudizhu::cards_core::game::Policy;
use doudizhu::{
    Action, Counts, Game, GameRules, GreedyPolicy, Kind, Payoff, Phase, RandomPolicy, Rng,
};

fn games() -> u64 {
    if std::env::var_os("CARDS_FULL").is_some() {
        100_000
    } else {
        1_000
    }
}

fn check_game(rules: GameRules, seed: u64, greedy: bool) -> Game {
    let mut g = Game::new(rules, seed).unwrap();
    let mut random = RandomPolicy::new(seed ^ 0x9e37_79b9);
    let mut legal = Vec::new();
    while let Some(seat) = g.seat_to_act() {
        legal.clear();
        let n = g.legal_actions_into(&mut legal);
        assert_eq!(n, legal.len());
        assert!(n > 0, "{rules} seed {seed}: no legal action");
        let st = *g.state();
        // pass offered exactly when following (or bidding)
        let pass = legal.contains(&Action::Pass);
        match st.phase() {
            Phase::Auction => assert!(pass),
            _ => assert_eq!(pass, st.table().is_some(), "{rules} seed {seed}"),
        }
        let mut sorted = legal.clone();
        sorted.sort_by_key(|a| format!("{a:?}"));
        sorted.dedup();
        assert_eq!(
            sorted.len(),
            n,
            "{rules} seed {seed}: duplicate legal actions"
        );
        let obs = g.observation(usize::from(seat));
        let a = if greedy {
            GreedyPolicy.choose(&obs, &legal)
        } else {
            random.choose(&obs, &legal)
        };
        assert!(legal.contains(&a));
        assert!(st.check(a).is_ok());
        g.apply_with_outcome(a).unwrap();
        // conservation: hands + played (+ kitty before the landlord takes it) = the deck
        let s = g.state();
        let mut bits = 0u64;
        for seat in 0..3 {
            bits += s.hand(seat).bits() + s.played(seat).bits();
        }
        if s.landlord().is_none() {
            bits += s.kitty().bits();
        }
        assert_eq!(bits, Counts::FULL.bits(), "{rules} seed {seed}");
    }
    let s = g.state();
    let r = g.scores();
    if rules.payoff == Payoff::Stake {
        assert_eq!(r.iter().sum::<i64>(), 0, "{rules} seed {seed}");
    }
    let plays: Vec<Kind> = g
        .history()
        .iter()
        .filter_map(|a| match a {
            Action::Play(m) => Some(m.kind()),
            _ => None,
        })
        .collect();
    let bombs = plays.iter().filter(|k| **k == Kind::Bomb).count();
    let rockets = plays.iter().filter(|k| **k == Kind::Rocket).count();
    assert_eq!(usize::from(s.bombs()), bombs);
    assert_eq!(usize::from(s.rockets()), rockets);
    let robs = g.history().iter().filter(|a| **a == Action::Rob).count();
    assert_eq!(usize::from(s.robs()), robs, "{rules} seed {seed}");
    if rules.auction == doudizhu::Auction::CallRob {
        assert!(robs <= 2);
        // the landlord is the last caller or robber
        let mut h = Game::from_deal(rules, *g.deal());
        let mut last = None;
        for a in g.history() {
            if h.state().phase() != Phase::Auction {
                break;
            }
            if matches!(a, Action::Call | Action::Rob) {
                last = h.seat_to_act();
            }
            h.apply_with_outcome(*a).unwrap();
        }
        assert_eq!(s.landlord(), last, "{rules} seed {seed}");
        if s.landlord().is_some() {
            assert_eq!(s.bid(), 1);
        }
    }
    if let Some(won) = s.landlord_won() {
        let l = s.landlord().unwrap();
        assert_eq!(won, s.hand(l).is_empty());
        assert!((0..3).any(|seat| s.hand(seat).is_empty()));
    }
    let replayed = g.record().replay().unwrap();
    assert_eq!(replayed.state(), g.state(), "{rules} seed {seed}");
    assert_eq!(replayed.scores(), r);
    g
}

/// Every preset, and `standard` with the call-and-rob auction.
fn rules_list() -> Vec<GameRules> {
    let mut list = GameRules::ALL.to_vec();
    list.push("standard+auction=call_rob".parse().unwrap());
    list
}

#[test]
fn random_self_play_invariants_under_every_preset() {
    for rules in rules_list() {
        let mut over = 0;
        for seed in 0..games() {
            let g = check_game(rules, seed, false);
            over += u64::from(g.is_over());
        }
        assert_eq!(over, games());
    }
}

#[test]
fn greedy_self_play_invariants_under_every_preset() {
    for rules in rules_list() {
        let mut landlord_wins = 0;
        for seed in 0..games() / 4 {
            let g = check_game(rules, seed, true);
            landlord_wins += u64::from(g.state().landlord_won() == Some(true));
        }
        // a sensible player wins a fair share as landlord, never all or none
        assert!(landlord_wins > 0 && landlord_wins < games() / 4, "{rules}");
    }
}

#[test]
fn determinised_states_agree_with_the_observation() {
    let mut rng = Rng::seed_from_u64(5);
    for rules in rules_list() {
        for seed in 0..200 {
            let mut g = Game::new(rules, seed).unwrap();
            let mut p = RandomPolicy::new(seed);
            let mut step = 0;
            while let Some(seat) = g.seat_to_act() {
                let obs = g.observation(usize::from((seat + step) % 3));
                let d = obs.determinize(&mut rng);
                for s in 0..3 {
                    assert_eq!(d.hand(s).len(), g.state().hand(s).len());
                    assert_eq!(d.played(s), g.state().played(s));
                }
                assert_eq!(d.hand(obs.seat()), obs.hand());
                if let Some(l) = obs.landlord() {
                    assert!(d.hand(l).contains(obs.kitty_left()));
                    assert_eq!(d.kitty(), g.state().kitty());
                }
                let mut total = 0u64;
                for s in 0..3 {
                    total += d.hand(s).bits() + d.played(s).bits();
                }
                if obs.landlord().is_none() {
                    total += d.kitty().bits();
                }
                assert_eq!(total, Counts::FULL.bits());
                let legal = g.legal_actions();
                let a = p.pick(&legal).unwrap();
                g.apply_with_outcome(a).unwrap();
                step += 1;
            }
        }
    }
}
