//! How well the Daifugo search's worlds explain the others: 16 fresh samples a world (the
//! best kept, [`cards_search::Search::with_belief`]) against a walk of `N` swaps a world from
//! the first ([`cards_search::Search::with_walk`]), at every decision of player 0 from its 11th
//! ply on, in 60 seeded games of five `tutorial` players, 50 worlds a decision. Per method: the
//! mean misses of a world ([`InfoSet::misses`]), the share of hidden cards in the right hand,
//! and the replays of the history a world cost.
//!
//! `cargo run --release -p benches --example world_quality -- [N]` (N = 2 by default).

// Counts here are far below 2^52.
#![allow(clippy::cast_precision_loss)]

use cards_core::Rng;
use cards_core::game::{InfoSet, Players, Policy};
use daifugo::{Game, Observation, Rules};

/// The share of the other players' cards that `world` puts in the hand that holds them.
fn accuracy(world: &Game, truth: &[cards_core::CardSet; 5]) -> f64 {
    let h = world.hands();
    let (mut ok, mut all) = (0usize, 0usize);
    for q in 1..5 {
        for c in truth[q] {
            all += 1;
            ok += usize::from(h[q].contains(c));
        }
    }
    if all == 0 {
        1.0
    } else {
        ok as f64 / all as f64
    }
}

/// 50 worlds of one decision: (mean misses, mean accuracy, replays a world).
fn worlds(
    obs: &Observation<'_>,
    truth: &[cards_core::CardSet; 5],
    walk: u32,
    seed: u64,
) -> [f64; 3] {
    const TRIES: u32 = 16;
    const WORLDS: u32 = 50;
    let mut rng = Rng::seed_from_u64(seed);
    let mut world = obs.sample(&mut rng);
    let mut least = u32::MAX;
    let (mut replays, mut misses, mut acc) = (0.0, 0.0, 0.0);
    for i in 0..WORLDS {
        if walk > 0 && i > 0 && least != u32::MAX {
            for _ in 0..walk {
                let mut c = world.clone();
                if obs.perturb(&mut rng, &mut c) {
                    replays += 1.0;
                    let m = obs.misses(&c, least.saturating_add(1));
                    if m <= least {
                        least = m;
                        world = c;
                    }
                }
            }
        } else {
            world = obs.sample(&mut rng);
            replays += 1.0;
            least = obs.misses(&world, u32::MAX);
            for _ in 1..TRIES {
                if least == 0 || least == u32::MAX {
                    break;
                }
                let c = obs.sample(&mut rng);
                replays += 1.0;
                let m = obs.misses(&c, least);
                if m < least {
                    least = m;
                    world = c;
                }
            }
        }
        misses += f64::from(obs.misses(&world, u32::MAX).min(100));
        acc += accuracy(&world, truth);
    }
    let n = f64::from(WORLDS);
    [misses / n, acc / n, replays / n]
}

fn main() {
    let walk: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let mut total = [[0.0; 3]; 2];
    let mut decisions = 0u32;
    for seed in 0..60u64 {
        let mut g = Game::new(Rules::UECDA, seed);
        let mut tutorial = Game::policy("tutorial", 0).expect("a built-in player");
        let mut ply = 0u64;
        while let Some(p) = g.seat_to_act() {
            let legal = g.legal_actions();
            if p == 0 && ply >= 10 && legal.len() > 1 {
                let (obs, truth) = (g.observation(0), g.hands());
                for (k, method) in [0, walk].into_iter().enumerate() {
                    let r = worlds(&obs, &truth, method, seed * 1000 + ply);
                    for (t, x) in total[k].iter_mut().zip(r) {
                        *t += x;
                    }
                }
                decisions += 1;
            }
            let a = tutorial.choose(&g.observation(usize::from(p)), &legal);
            g.apply_with_outcome(a).expect("a legal action");
            ply += 1;
        }
    }
    let n = f64::from(decisions);
    for (k, name) in ["16 fresh samples".to_owned(), format!("walk of {walk}")]
        .iter()
        .enumerate()
    {
        let [m, a, r] = total[k];
        println!(
            "{name}: misses {:.3}, hidden cards placed right {:.1}%, replays a world {:.2} ({decisions} decisions)",
            m / n,
            100.0 * a / n,
            r / n
        );
    }
}
