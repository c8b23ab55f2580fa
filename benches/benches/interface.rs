//! The one game interface against each game's inherent path, on the same seeded random games
//! (`interface/<game>_inherent` and `interface/<game>_trait`, 200 games an iteration), and
//! legal-action lists with `clone_from` copies over positions of such games.
//! Instruction counts: `cargo run --release -p benches --example interface -- <game> <path> <n>`
//! under `valgrind --tool=callgrind`.

use std::hint::black_box;

use benches::interface::{Path, list_and_copy, play, positions};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("interface");
    let n = 200;
    g.throughput(Throughput::Elements(n));
    for game in ["doudizhu", "daifugo", "kabu"] {
        for (name, path) in [("inherent", Path::Inherent), ("trait", Path::Trait)] {
            g.bench_function(format!("{game}_{name}"), |b| {
                b.iter(|| play(game, path, black_box(n)));
            });
        }
    }
    let ddz = positions::<doudizhu::Game>(50);
    let dfg = positions::<daifugo::Game>(50);
    for (name, path) in [("inherent", Path::Inherent), ("trait", Path::Trait)] {
        g.throughput(Throughput::Elements(ddz.len() as u64));
        g.bench_function(format!("doudizhu_list_copy_{name}"), |b| {
            b.iter(|| list_and_copy(black_box(&ddz), path));
        });
        g.throughput(Throughput::Elements(dfg.len() as u64));
        g.bench_function(format!("daifugo_list_copy_{name}"), |b| {
            b.iter(|| list_and_copy(black_box(&dfg), path));
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
