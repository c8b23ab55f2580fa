//! The auction of `search`: three `search` players bid as players do, so a deal every seat
//! passes is rare (issue 33: at most 10% of deals; `search` passed nearly always when its
//! auction was searched with random rollouts), and the hands that win the auction are the
//! strong ones.

use cards_core::game::{Policy, PolicyOptions};
use doudizhu::bidding::Bidding;
use doudizhu::knowledge::{ExpertPolicy, controls};
use doudizhu::{Game, GameRules, Phase, SearchPlayer};

/// Deals and the playouts a decision (16 auction worlds): a few seconds in the test profile.
const DEALS: u64 = 150;
const PLAYOUTS: u64 = 800;

/// The auction of deal `seed` with one player per seat: the actions, and the landlord (`None`
/// when every seat passed).
fn auction(seed: u64, players: &mut [Box<dyn Policy<Game>>]) -> (Vec<String>, Option<u8>) {
    let mut g = Game::new(GameRules::STANDARD, seed).unwrap();
    let mut actions = Vec::new();
    while g.state().phase() == Phase::Auction && !g.is_over() {
        let p = g.seat_to_act().unwrap();
        let legal = g.legal_actions();
        let a = players[usize::from(p)].choose(&g.observation(usize::from(p)), &legal);
        assert!(legal.contains(&a), "{a} is not legal in deal {seed}");
        actions.push(a.to_string());
        g.apply_with_outcome(a).unwrap();
    }
    (actions, g.state().landlord())
}

fn searchers(seed: u64) -> Vec<Box<dyn Policy<Game>>> {
    (0..3)
        .map(|s| {
            let o = PolicyOptions::new(seed * 3 + s + 1).with_playouts(PLAYOUTS);
            Box::new(SearchPlayer::new(&o)) as Box<dyn Policy<Game>>
        })
        .collect()
}

#[test]
fn three_search_players_rarely_all_pass_and_bid_on_strong_hands() {
    let (mut all_pass, mut first_passes) = (0u64, 0u64);
    let (mut landlord_controls, mut other_controls) = (0u32, 0u32);
    for seed in 0..DEALS {
        let (actions, landlord) = auction(seed, &mut searchers(seed));
        first_passes += u64::from(actions[0] == "pass");
        let Some(l) = landlord else {
            all_pass += 1;
            continue;
        };
        // the hands as dealt (the landlord's before it took the kitty)
        let deal = Game::new(GameRules::STANDARD, seed).unwrap();
        for s in 0..3u8 {
            let c = controls(deal.state().hand(s));
            if s == l {
                landlord_controls += c;
            } else {
                other_controls += c;
            }
        }
    }
    // at most 10% (7 of 150 measured); the ISMCTS auction it replaces: 80 of 150
    assert!(
        all_pass * 10 <= DEALS,
        "{all_pass} of {DEALS} deals all passed"
    );
    // not a fixed rule that always bids: the first bidder passes on a weak hand
    assert!(
        first_passes * 5 >= DEALS,
        "the first bidder passed {first_passes} times"
    );
    // the hands that win the auction are stronger than the others (2s, jokers, bombs): a
    // landlord's mean above 1.3 times the others' (one landlord, two others a deal; about 4.3
    // against 2.8 measured)
    let bid = DEALS - all_pass;
    assert!(
        20 * landlord_controls > 13 * other_controls,
        "controls: landlords {landlord_controls}, the others {other_controls} over {bid} deals"
    );
}

/// The bound above is one the fixed rule of the 0.3 releases (`expert-fixed`) does not meet
/// (it passes all round in about a quarter of the deals), and `search`'s auction is
/// reproducible from its seed.
#[test]
fn the_bound_separates_a_timid_rule_and_the_auction_is_seeded() {
    let mut all_pass = 0u64;
    for seed in 0..DEALS {
        let mut experts: Vec<Box<dyn Policy<Game>>> = (0..3)
            .map(|_| {
                Box::new(ExpertPolicy::new().with_bidding(Bidding::Fixed)) as Box<dyn Policy<Game>>
            })
            .collect();
        all_pass += u64::from(auction(seed, &mut experts).1.is_none());
    }
    assert!(all_pass * 10 > DEALS, "expert-fixed: {all_pass} of {DEALS}");
    for seed in 0..5 {
        assert_eq!(
            auction(seed, &mut searchers(seed)),
            auction(seed, &mut searchers(seed))
        );
    }
}

/// Three `expert`s bidding by the learned model pass all round less often than three bidding by
/// the fixed rule (about 15% of the deals against 27% over 20,000 deals; the model passes a
/// hand only when it expects to lose as the landlord, and bids 3 otherwise), over 600 deals.
#[test]
fn learned_experts_pass_all_round_less_often_than_the_fixed_rule() {
    const N: u64 = 600;
    let (mut learned, mut fixed) = (0u64, 0u64);
    for seed in 0..N {
        let players = |b: Bidding| -> Vec<Box<dyn Policy<Game>>> {
            (0..3)
                .map(|_| Box::new(ExpertPolicy::new().with_bidding(b)) as Box<dyn Policy<Game>>)
                .collect()
        };
        let (actions, landlord) = auction(seed, &mut players(Bidding::default()));
        learned += u64::from(landlord.is_none());
        // the learned model bids 3 or passes
        assert!(
            actions.iter().all(|a| a == "pass" || a == "bid 3"),
            "{actions:?}"
        );
        fixed += u64::from(auction(seed, &mut players(Bidding::Fixed)).1.is_none());
    }
    assert!(
        learned * 5 <= N && learned + N / 20 <= fixed,
        "all pass: learned {learned}, fixed {fixed} of {N}"
    );
}
