//! `doudizhu` benchmarks: listing leads, answering table plays, classifying the universe.
//!
//! Inputs are seeded (`Xoshiro256PlusPlus`), so every run measures the same work:
//! - `doudizhu/lead_20`: the leads of the same 1000 random 20-card hands (`standard`);
//!   `lead_20_douzero` the same hands under `douzero` (the largest lists).
//! - `doudizhu/follow_20`: 1000 (20-card hand, table play) pairs, the table plays drawn uniformly
//!   from the `standard` universe; `follow_20_lead_tables` with the table plays drawn from the
//!   leads of other random hands (mostly small plays the hand can answer in kind).
//! - `doudizhu/classify_universe`: every play of `standard` classified.
//! - `doudizhu/random_game`: 1000 whole games under `standard` (seeds 0..1000, auction
//!   included, every action checked by `Game::apply`), uniformly random players; throughput in
//!   games. `doudizhu/random_game_state` the same on a bare `State` (no history kept).
//! - `doudizhu/greedy_game`: 200 whole games with the greedy player at every seat.
//! - `doudizhu/observation`: a seat's view built at each of 1000 positions of random games.

use std::hint::black_box;

use cards_core::Deck;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use doudizhu::cards_core::game::Policy;
use doudizhu::{
    Action, Counts, Game, GameRules, GreedyPolicy, Move, RandomPolicy, Rules, State, classify,
    follow_into, lead_into, universe,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// 1000 seeded random 20-card hands from the 54-card deck.
fn random_hands(seed: u64) -> Vec<Counts> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..1000)
        .map(|_| {
            let mut d = Deck::with_jokers();
            d.shuffle(&mut rng);
            Counts::from_cards(d.deal(&[20]).expect("54 cards")[0])
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let hands = random_hands(2026);
    let n = hands.len() as u64;
    let mut g = c.benchmark_group("doudizhu");

    g.throughput(Throughput::Elements(n));
    let mut buf: Vec<Move> = Vec::with_capacity(4096);
    for (name, rules) in [
        ("lead_20", Rules::STANDARD),
        ("lead_20_douzero", Rules::DOUZERO),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut total = 0usize;
                for &h in black_box(&hands) {
                    buf.clear();
                    total += lead_into(h, &rules, &mut buf);
                }
                total
            });
        });
    }

    let all = universe(&Rules::STANDARD);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2027);
    let pairs: Vec<(Counts, Move)> = hands
        .iter()
        .map(|&h| (h, all[rng.random_range(0..all.len())]))
        .collect();
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function("follow_20", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for (h, t) in black_box(&pairs) {
                buf.clear();
                total += follow_into(*h, t, &Rules::STANDARD, &mut buf);
            }
            total
        });
    });

    // the same hands against plays another random hand can lead (a table they can more often
    // answer in kind, as in a game)
    let others = random_hands(2028);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2029);
    let game_pairs: Vec<(Counts, Move)> = hands
        .iter()
        .zip(&others)
        .map(|(&h, &o)| {
            let leads = doudizhu::lead(o, &Rules::STANDARD);
            (h, leads[rng.random_range(0..leads.len())])
        })
        .collect();
    g.bench_function("follow_20_lead_tables", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for (h, t) in black_box(&game_pairs) {
                buf.clear();
                total += follow_into(*h, t, &Rules::STANDARD, &mut buf);
            }
            total
        });
    });

    let plays: Vec<Counts> = all.iter().map(|m| m.cards()).collect();
    g.throughput(Throughput::Elements(plays.len() as u64));
    g.bench_function("classify_universe", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &p in black_box(&plays) {
                if let Ok(r) = classify(p, &Rules::STANDARD) {
                    acc = acc.wrapping_add(u32::from(r.first().main().index()));
                }
            }
            acc
        });
    });
    g.finish();
}

fn games(c: &mut Criterion) {
    let mut g = c.benchmark_group("doudizhu");
    let seeds: Vec<u64> = (0..1000).collect();
    let mut legal: Vec<Action> = Vec::with_capacity(512);

    g.throughput(Throughput::Elements(seeds.len() as u64));
    g.bench_function("random_game", |b| {
        let mut game = Game::new(GameRules::STANDARD, 0).expect("a deal");
        b.iter(|| {
            let mut total = 0i64;
            for &seed in black_box(&seeds) {
                game.redeal(seed).expect("a deal");
                let mut p = RandomPolicy::new(seed);
                while !game.is_over() {
                    legal.clear();
                    game.legal_actions_into(&mut legal);
                    let a = p.pick(&legal).expect("a legal action");
                    game.apply_with_outcome(a).expect("legal");
                }
                total += game.scores()[0];
            }
            total
        });
    });
    g.bench_function("random_game_state", |b| {
        let deals: Vec<doudizhu::Deal> = seeds
            .iter()
            .map(|&s| doudizhu::Deal::from_seed(&GameRules::STANDARD, s).expect("a deal"))
            .collect();
        b.iter(|| {
            let mut total = 0i64;
            for (seed, deal) in black_box(&deals).iter().enumerate() {
                let mut st = State::new(GameRules::STANDARD, deal);
                let mut p = RandomPolicy::new(seed as u64);
                while !st.is_over() {
                    legal.clear();
                    st.legal_actions_into(&mut legal);
                    let a = p.pick(&legal).expect("a legal action");
                    st.apply_with_outcome(a).expect("legal");
                }
                total += st.scores()[0];
            }
            total
        });
    });

    let few = &seeds[..200];
    g.throughput(Throughput::Elements(few.len() as u64));
    g.bench_function("greedy_game", |b| {
        let mut game = Game::new(GameRules::STANDARD, 0).expect("a deal");
        b.iter(|| {
            let mut total = 0i64;
            for &seed in black_box(few) {
                game.redeal(seed).expect("a deal");
                while let Some(seat) = game.seat_to_act() {
                    legal.clear();
                    game.legal_actions_into(&mut legal);
                    let a = GreedyPolicy.choose(&game.observation(usize::from(seat)), &legal);
                    game.apply_with_outcome(a).expect("legal");
                }
                total += game.scores()[0];
            }
            total
        });
    });

    // positions of random games: (game, seat to observe)
    let mut positions: Vec<(Game, u8)> = Vec::new();
    for seed in 0..100u64 {
        let mut game = Game::new(GameRules::STANDARD, seed).expect("a deal");
        let mut p = RandomPolicy::new(seed);
        let mut step = 0u8;
        while let Some(seat) = game.seat_to_act() {
            if positions.len() < 1000 && step.is_multiple_of(3) {
                positions.push((game.clone(), seat));
            }
            let a = p.pick(&game.legal_actions()).expect("a legal action");
            game.apply_with_outcome(a).expect("legal");
            step = step.wrapping_add(1);
        }
    }
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("observation", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for (game, seat) in black_box(&positions) {
                let o = game.observation(usize::from(*seat));
                acc += u64::from(o.hand().len()) + o.others().bits() + o.history().len() as u64;
            }
            acc
        });
    });
    g.finish();
}

criterion_group!(benches, bench, games);
criterion_main!(benches);
