//! Counts heap allocations per search decision with a counting global allocator
//! (`stats_alloc`), on seeded games of the three games (the search at one seat, random players
//! elsewhere, one thread and two).
//!
//! ```text
//! cargo run --release -p benches --example search_allocations
//! ```
//!
//! The first decisions allocate the search's buffers (worlds, tree, legal lists); later
//! decisions allocate only when a buffer must grow past what it has held (a bigger tree or a
//! longer legal list) and, with threads, what spawning them costs. Per playout: none.

use std::alloc::System;

use cards_core::game::{Game, Policy, Random};
use cards_search::{Budget, Search};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Allocations of each search decision over `games` seeded games.
#[allow(clippy::cast_precision_loss)]
fn count<G>(name: &str, new: impl Fn(u64) -> G, games: u64, threads: usize, playouts: u64)
where
    G: Game + Send,
    G::Action: Send + Sync,
{
    let mut search = Search::<G>::new(1)
        .with_threads(threads)
        .with_budget(Budget::playouts(playouts));
    let mut others = Random::new(2);
    let mut legal = Vec::with_capacity(1024);
    let mut per_decision = Vec::new();
    let mut total_playouts = 0;
    for seed in 0..games {
        let mut g = new(seed);
        let seat = seed as usize % g.num_players();
        while let Some(p) = g.current_player() {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let a = {
                let obs = g.observation(p);
                if p == seat && legal.len() > 1 {
                    let region = Region::new(GLOBAL);
                    let a = search.choose(&obs, &legal);
                    per_decision.push(region.change().allocations);
                    total_playouts += search.playouts();
                    a
                } else {
                    Policy::<G>::choose(&mut others, &obs, &legal)
                }
            };
            g.apply(a).expect("legal");
        }
    }
    let n = per_decision.len();
    let first = per_decision.first().copied().unwrap_or(0);
    let later = &per_decision[n.min(5)..];
    let sum: usize = later.iter().sum();
    let zero = later.iter().filter(|&&x| x == 0).count();
    println!(
        "{name}, {threads} thread(s), {playouts} playouts: {n} decisions; first decision {first} allocations; \
         after the first 5: {:.2} a decision (max {}, {zero} of {} with none), {:.5} a playout",
        sum as f64 / later.len().max(1) as f64,
        later.iter().max().copied().unwrap_or(0),
        later.len(),
        sum as f64 / (total_playouts.max(1) as f64),
    );
}

fn main() {
    for threads in [1, 2] {
        count(
            "doudizhu standard",
            |s| doudizhu::Game::new(doudizhu::GameRules::STANDARD, s).expect("deal"),
            20,
            threads,
            1_000,
        );
        count(
            "daifugo uecda",
            |s| daifugo::Game::new(daifugo::Rules::UECDA, s),
            20,
            threads,
            1_000,
        );
        count(
            "kabu default",
            |s| kabu::Round::new(kabu::Rules::DEFAULT, s),
            200,
            threads,
            1_000,
        );
    }
}
