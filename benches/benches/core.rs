//! `cards-core` benchmarks: iteration, per-rank counts, runs, k-subsets.

use std::hint::black_box;

use cards_core::{CardSet, Deck};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{SeedableRng, rngs::Xoshiro256PlusPlus};

/// 1000 seeded random 13-card hands.
fn hands() -> Vec<CardSet> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    (0..1000)
        .map(|_| {
            let mut d = Deck::standard();
            d.shuffle(&mut rng);
            d.deal(&[13]).expect("52 cards")[0]
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let hands = hands();
    let n = hands.len() as u64;

    let mut g = c.benchmark_group("core/iter");
    g.throughput(Throughput::Elements(n * 13));
    g.bench_function("cards_of_1000_hands", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for h in black_box(&hands) {
                for card in *h {
                    acc = acc.wrapping_add(card.index() as u32);
                }
            }
            acc
        });
    });
    g.finish();

    let mut g = c.benchmark_group("core/counts");
    g.throughput(Throughput::Elements(n));
    g.bench_function("rank_counts", |b| {
        b.iter(|| {
            black_box(&hands)
                .iter()
                .fold(0u64, |a, h| a ^ h.rank_counts())
        });
    });
    g.bench_function("quantity_positions", |b| {
        b.iter(|| {
            black_box(&hands)
                .iter()
                .fold(0u64, |a, h| a ^ h.quantity_positions())
        });
    });
    g.bench_function("ranks_with_exactly_2", |b| {
        b.iter(|| {
            black_box(&hands)
                .iter()
                .fold(0u16, |a, h| a ^ h.ranks_with_exactly(2).bits())
        });
    });
    g.finish();

    let mut g = c.benchmark_group("core/runs");
    g.throughput(Throughput::Elements(n));
    g.bench_function("run_starts_3", |b| {
        b.iter(|| {
            black_box(&hands)
                .iter()
                .fold(0u64, |a, h| a ^ h.run_starts(3).bits())
        });
    });
    g.finish();

    let mut g = c.benchmark_group("core/subsets");
    let k3: u64 = hands
        .iter()
        .map(|h| h.subsets_of_size(3).count() as u64)
        .sum();
    g.throughput(Throughput::Elements(k3));
    g.bench_function("3_subsets_of_1000_hands", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in black_box(&hands) {
                for s in h.subsets_of_size(3) {
                    acc ^= s.bits();
                }
            }
            acc
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
