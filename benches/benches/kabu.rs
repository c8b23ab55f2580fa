//! `kabu` benchmarks: every hand evaluated (`kabu/eval_all`), the draw odds of every
//! two-card hand (`kabu/odds`), whole seeded rounds with four staked fields played by the house
//! policy (`kabu/round`), and the exact house edge (`kabu/edge`).

use std::hint::black_box;

use cards_core::CardSet;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kabu::{BuiltinPolicy, DrawOdds, Hand, Role, Round, Rules, harness};
use rand::seq::SliceRandom;
use rand::{SeedableRng, rngs::Xoshiro256PlusPlus};

fn bench(c: &mut Criterion) {
    // All 780 two-card and 9880 three-card hands, in the harness's order ...
    let hands: Vec<Hand> = harness::two_card_hands()
        .chain(harness::three_card_hands())
        .collect();
    // ... and the same hands in a seeded random order (no help from branch history).
    let mut shuffled = hands.clone();
    shuffled.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(2026));
    let n = hands.len() as u64;

    let mut g = c.benchmark_group("kabu/eval_all");
    g.throughput(Throughput::Elements(n));
    g.bench_function("child", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &h in black_box(&hands) {
                acc = acc.wrapping_add(u32::from(h.evaluate(Role::Child, Rules::DEFAULT).code()));
            }
            acc
        });
    });
    g.bench_function("child_shuffled", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &h in black_box(&shuffled) {
                acc = acc.wrapping_add(u32::from(h.evaluate(Role::Child, Rules::DEFAULT).code()));
            }
            acc
        });
    });
    g.bench_function("child_by_rule", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &h in black_box(&hands) {
                let o = kabu::evaluate_by_rule(h, Role::Child, Rules::DEFAULT);
                acc = acc.wrapping_add(u32::from(o.code()));
            }
            acc
        });
    });
    g.finish();

    let two: Vec<Hand> = harness::two_card_hands().collect();
    let mut g = c.benchmark_group("kabu/odds");
    g.throughput(Throughput::Elements(two.len() as u64));
    g.bench_function("all_two_card_hands", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &h in black_box(&two) {
                if let Ok(odds) = DrawOdds::new(h, Role::Child, Rules::DEFAULT, CardSet::EMPTY) {
                    acc += odds.outcomes().count() as u64;
                }
            }
            acc
        });
    });
    g.finish();

    // 1000 rounds an iteration, seeds 0..1000 (the same work every run).
    let rounds: u64 = 1000;
    let mut g = c.benchmark_group("kabu/round");
    g.throughput(Throughput::Elements(rounds));
    g.bench_function("house_four_fields", |b| {
        b.iter(|| {
            let mut acc = 0i64;
            for seed in 0..black_box(rounds) {
                let mut round = Round::new(Rules::DEFAULT, seed);
                if round.bet([1; 4]).is_ok()
                    && round
                        .play(&mut BuiltinPolicy::House, &mut BuiltinPolicy::House)
                        .is_ok()
                {
                    acc += round.net();
                }
            }
            acc
        });
    });
    g.finish();

    let mut g = c.benchmark_group("kabu/edge");
    g.sample_size(10);
    g.throughput(Throughput::Elements(1));
    g.bench_function("house_house", |b| {
        b.iter(|| {
            kabu::house_edge(
                black_box(Rules::DEFAULT),
                &mut BuiltinPolicy::House,
                &mut BuiltinPolicy::House,
            )
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
