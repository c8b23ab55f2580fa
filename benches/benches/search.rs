//! Search speed (`search/<game>_t<threads>`): random-rollout ISMCTS decisions of 1,000
//! playouts from decision points of seeded random games, world sampling included, reported as
//! playouts a second; the 2-thread speed-up is the ratio of `_t2` to `_t1`.
//! `search/daifugo_<rollout>`: Daifugo `search` as it plays (flat Monte-Carlo, 16 worlds
//! weighed for each played) with each of its rollouts, the early stop off so that every
//! decision runs its 1,000 playouts, one thread: `learned-self` is `search-v3`'s rollout,
//! `pattern-self` the one `search` had before `fitted`, then `search`'s own, whatever
//! [`daifugo::SEARCH_ROLLOUT`] is (the bench takes its name), and `pattern-best` the pattern
//! policy for every seat (what `fitted` costs when it judges every other seat a pattern
//! player).
//! Quick figures and instruction counts:
//! `cargo run --release -p benches --example search_speed -- <game> <threads> <positions>`.

use std::hint::black_box;

use benches::search::{decision_points, searcher, think};
use cards_core::game::PolicyOptions;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use daifugo::SearchRollout;

const PLAYOUTS: u64 = 1_000;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    let ddz = decision_points::<doudizhu::Game>(4, 4);
    let dfg = decision_points::<daifugo::Game>(4, 4);
    for threads in [1, 2] {
        g.throughput(Throughput::Elements(PLAYOUTS * ddz.len() as u64));
        let mut s = searcher::<doudizhu::Game>(PLAYOUTS, threads);
        g.bench_function(format!("doudizhu_t{threads}"), |b| {
            b.iter(|| think(black_box(&ddz), &mut s));
        });
        g.throughput(Throughput::Elements(PLAYOUTS * dfg.len() as u64));
        let mut s = searcher::<daifugo::Game>(PLAYOUTS, threads);
        g.bench_function(format!("daifugo_t{threads}"), |b| {
            b.iter(|| think(black_box(&dfg), &mut s));
        });
    }
    let options = PolicyOptions::new(1).with_playouts(PLAYOUTS);
    g.throughput(Throughput::Elements(PLAYOUTS * dfg.len() as u64));
    for rollout in [
        SearchRollout::LearnedSelf { player: 0 },
        SearchRollout::PatternSelf { player: 0 },
        daifugo::SEARCH_ROLLOUT,
        SearchRollout::PatternBest,
    ] {
        let mut s = daifugo::search_player(&options)
            .with_rollout(rollout)
            .with_early_stop(None);
        g.bench_function(format!("daifugo_{}", rollout.name()), |b| {
            b.iter(|| think(black_box(&dfg), &mut s));
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
