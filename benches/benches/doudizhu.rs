//! `doudizhu` benchmarks: listing leads, answering table plays, classifying the universe.
//!
//! Inputs are seeded (`Xoshiro256PlusPlus`), so every run measures the same work:
//! - `doudizhu/lead_20`: the leads of the same 1000 random 20-card hands (`standard`);
//!   `lead_20_douzero` the same hands under `douzero` (the largest lists).
//! - `doudizhu/follow_20`: 1000 (20-card hand, table play) pairs, the table plays drawn uniformly
//!   from the `standard` universe; `follow_20_lead_tables` with the table plays drawn from the
//!   leads of other random hands (mostly small plays the hand can answer in kind).
//! - `doudizhu/classify_universe`: every play of `standard` classified.

use std::hint::black_box;

use cards_core::Deck;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use doudizhu::{Counts, Move, Rules, classify, follow_into, lead_into, universe};
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

criterion_group!(benches, bench);
criterion_main!(benches);
