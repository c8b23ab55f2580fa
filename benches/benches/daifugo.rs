//! `daifugo` benchmarks: follow and lead move lists, the seed's decomposition, fewest melds,
//! whole games and the search's rollout steps.
//!
//! Inputs are seeded: 1000 11-card hands (the joker in about one in five); for `follow` each hand
//! faces a meld some other hand leads, with revolution and the suit lock each on in about one
//! position in four.
//!
//! The `real_*` groups time positions met in play: seeded games of 5 players dealt from the 53
//! cards under `uecda` rules, played with random legal moves through `Table::play` (see
//! `benches::daifugo_real`): hands of 1 to 11 cards, the table an opponent's lead or follow,
//! revolution, lock and 8-cut as they arise. The `play_*` groups time positions closer to real
//! play: a seeded match of one search player (64 playouts a decision, tutorial rollouts) against
//! four tutorial players, classes and the exchange carried over (`benches::daifugo_real::play_positions`).

use std::hint::black_box;

use benches::daifugo_real::{
    CLASSES, PLAY_GAMES, PLAY_PLAYOUTS, PLAY_SEED, Position, play_positions, real_positions,
    rollout_games,
};
use cards_core::{Card, CardSet, Order};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use daifugo::cards_core::game::Policy;
use daifugo::{
    Game, Meld, Random, SearchRollout, Table, TutorialPlayer, decompose_into, fewest_melds_count,
    fewest_melds_into, follow_into, lead_into,
};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

use benches::daifugo_real::RULES;

fn deck() -> Vec<Card> {
    CardSet::STANDARD.with(Card::BLACK_JOKER).iter().collect()
}

/// `n` cards from `from`, holding the joker only when `joker` says so.
fn deal(rng: &mut Xoshiro256PlusPlus, from: &[Card], n: usize, joker: bool) -> CardSet {
    let mut v: Vec<Card> = from.iter().copied().filter(|c| !c.is_joker()).collect();
    v.shuffle(rng);
    let mut hand: CardSet = v.into_iter().take(if joker { n - 1 } else { n }).collect();
    if joker && from.contains(&Card::BLACK_JOKER) {
        hand = hand.with(Card::BLACK_JOKER);
    }
    hand
}

fn hands(seed: u64) -> Vec<CardSet> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let deck = deck();
    (0..1000)
        .map(|_| {
            let joker = rng.random_range(0..5) == 0;
            deal(&mut rng, &deck, 11, joker)
        })
        .collect()
}

fn positions() -> Vec<(CardSet, Table)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xDA1F);
    let deck = deck();
    let mut melds = Vec::new();
    (0..1000)
        .map(|_| {
            let joker = rng.random_range(0..5) == 0;
            let hand = deal(&mut rng, &deck, 11, joker);
            let rest: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|c| !hand.contains(*c))
                .collect();
            let other_joker = rng.random_range(0..5) == 0;
            let other = deal(&mut rng, &rest, 11, other_joker);
            melds.clear();
            lead_into(other, &RULES, &mut melds).expect("a valid hand");
            let table: Meld = melds[rng.random_range(0..melds.len())];
            let revolution = rng.random_range(0..4) == 0;
            let locked = rng.random_range(0..4) == 0;
            let state = Table::new(Some(table))
                .with_revolution(revolution)
                .with_lock(locked);
            (hand, state)
        })
        .collect()
}

/// Times `follow_into` (a lead on a clear table) over `positions`, one element a position.
fn bench_positions(c: &mut Criterion, group: &str, positions: &[Position]) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(positions.len() as u64));
    let mut out = Vec::with_capacity(512);
    g.bench_function(format!("{}_positions", positions.len()), |b| {
        b.iter(|| {
            let mut total = 0usize;
            for (hand, state) in black_box(positions) {
                out.clear();
                total += follow_into(*hand, state, &RULES, &mut out).unwrap_or(0);
            }
            total
        });
    });
    g.finish();
}

#[allow(clippy::cast_precision_loss)] // counts far below 2^52
fn bench_real(c: &mut Criterion) {
    let mix = real_positions(0xDA1F_6A3E, 100);
    let (leads, follows): (Vec<Position>, Vec<Position>) =
        mix.iter().partition(|(_, s)| s.table.is_none());
    let mut out = Vec::new();
    let count = |ps: &[Position], out: &mut Vec<Meld>| {
        ps.iter()
            .map(|(h, s)| {
                out.clear();
                follow_into(*h, s, &RULES, out).unwrap_or(0)
            })
            .sum::<usize>()
    };
    let jokers = mix
        .iter()
        .filter(|(h, _)| h.contains(Card::BLACK_JOKER))
        .count();
    eprintln!(
        "real positions: {} ({} leads, {} follows), moves a position: mix {:.2}, leads {:.2}, \
         follows {:.2}; joker held in {:.1}%",
        mix.len(),
        leads.len(),
        follows.len(),
        count(&mix, &mut out) as f64 / mix.len() as f64,
        count(&leads, &mut out) as f64 / leads.len() as f64,
        count(&follows, &mut out) as f64 / follows.len() as f64,
        100.0 * jokers as f64 / mix.len() as f64,
    );
    bench_positions(c, "daifugo/real_mix", &mix);
    bench_positions(c, "daifugo/real_leads", &leads);
    bench_positions(c, "daifugo/real_follows", &follows);

    let play = play_positions(PLAY_SEED, PLAY_GAMES, PLAY_PLAYOUTS);
    let (leads, follows): (Vec<Position>, Vec<Position>) =
        play.iter().partition(|(_, s)| s.table.is_none());
    eprintln!(
        "play positions: {} ({} leads, {} follows), moves a position: mix {:.2}, leads {:.2}, \
         follows {:.2}",
        play.len(),
        leads.len(),
        follows.len(),
        count(&play, &mut out) as f64 / play.len() as f64,
        count(&leads, &mut out) as f64 / leads.len() as f64,
        count(&follows, &mut out) as f64 / follows.len() as f64,
    );
    bench_positions(c, "daifugo/play_mix", &play);
    bench_positions(c, "daifugo/play_leads", &leads);
    bench_positions(c, "daifugo/play_follows", &follows);
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let hands = hands(0x1EAD);

    let mut g = c.benchmark_group("daifugo/follow");
    g.throughput(Throughput::Elements(positions.len() as u64));
    let mut out = Vec::with_capacity(512);
    g.bench_function("1000_positions", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for (hand, state) in black_box(&positions) {
                out.clear();
                total += follow_into(*hand, state, &RULES, &mut out).unwrap_or(0);
            }
            total
        });
    });
    g.finish();

    let mut g = c.benchmark_group("daifugo/lead");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("1000_hands", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for hand in black_box(&hands) {
                out.clear();
                total += lead_into(*hand, &RULES, &mut out).unwrap_or(0);
            }
            total
        });
    });
    g.finish();

    let mut g = c.benchmark_group("daifugo/decompose");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("1000_hands", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for (i, hand) in black_box(&hands).iter().enumerate() {
                out.clear();
                let order = if i % 4 == 0 {
                    Order::Reversed
                } else {
                    Order::Normal
                };
                total += decompose_into(*hand, order, &RULES, &mut out).unwrap_or(0);
            }
            total
        });
    });
    g.finish();

    let mut g = c.benchmark_group("daifugo/min_melds");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("1000_hands", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for (i, hand) in black_box(&hands).iter().enumerate() {
                out.clear();
                let order = if i % 4 == 0 {
                    Order::Reversed
                } else {
                    Order::Normal
                };
                total += fewest_melds_into(*hand, order, &RULES, &mut out).unwrap_or(0);
            }
            total
        });
    });
    g.bench_function("count_1000_hands", |b| {
        b.iter(|| {
            black_box(&hands)
                .iter()
                .map(|h| fewest_melds_count(*h, &RULES).unwrap_or(0))
                .sum::<u32>()
        });
    });
    g.finish();
}

/// Plays 100 whole seeded games (deal, tribute, exchange, play) with `players`; returns the sum
/// of the number of actions, so the work is not optimised away.
fn games(players: &mut [Box<dyn Policy<Game>>; 5], first_seed: u64) -> usize {
    let mut total = 0;
    for seed in first_seed..first_seed + 100 {
        let mut g = Game::deal_from(RULES, seed, [0, 1, 2, 3, 4], Some(CLASSES));
        daifugo::cards_core::game::play_out(&mut g, players).expect("legal choices");
        total += g.history().len();
    }
    total
}

/// Whole games: five random players, and five seed players (`daifugo/random_game`,
/// `daifugo/seed_game`), 100 seeded games an iteration, the exchange included.
fn bench_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("daifugo");
    g.throughput(Throughput::Elements(100));
    let mut random: [Box<dyn Policy<Game>>; 5] =
        std::array::from_fn(|i| Box::new(Random::new(i as u64)) as Box<dyn Policy<Game>>);
    let mut seed = 0u64;
    g.bench_function("random_game", |b| {
        b.iter(|| {
            seed += 100;
            games(&mut random, black_box(seed))
        });
    });
    let mut seed_players: [Box<dyn Policy<Game>>; 5] =
        std::array::from_fn(|_| Box::new(TutorialPlayer) as Box<dyn Policy<Game>>);
    g.bench_function("seed_game", |b| {
        b.iter(|| {
            seed += 100;
            games(&mut seed_players, black_box(seed))
        });
    });
    g.finish();
}

/// A rollout step of each of the search's rollout policies for every seat
/// (`daifugo/rollout_step/<rollout>`: the same 100 seeded games an iteration, reported as
/// steps a second): the tutorial player (`search`'s model of a scripted seat), the learned
/// policy's and the pattern policy's best move (`search`'s model of itself and of a seat that
/// plays like the pattern policy).
fn bench_rollout_steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("daifugo/rollout_step");
    for rollout in [
        SearchRollout::Tutorial,
        SearchRollout::LearnedBest,
        SearchRollout::PatternBest,
    ] {
        g.throughput(Throughput::Elements(rollout_games(rollout, |_| {})));
        g.bench_function(rollout.name(), |b| {
            b.iter(|| rollout_games(black_box(rollout), |_| {}));
        });
    }
    g.finish();
}

criterion_group!(benches, bench, bench_real, bench_games, bench_rollout_steps);
criterion_main!(benches);
