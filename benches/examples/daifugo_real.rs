//! Loops `follow_into` over the `daifugo/real_*` and `daifugo/play_*` positions, for a steady
//! cost figure under a loaded machine: run it under `valgrind --tool=callgrind` (or `perf stat
//! -e instructions`) with `REPS` and with 0 repetitions; the difference over `REPS` times the
//! position count is the instructions a position.
//!
//! `cargo run --release -p benches --example daifugo_real -- SET REPS`, `SET` one of `mix`,
//! `leads`, `follows` (seeded random games, [`real_positions`]) and `play_mix`, `play_leads`,
//! `play_follows` (a search player against four tutorial players, [`play_positions`]).
//! The move lists run in `lists` alone, so `--toggle-collect='daifugo_real::lists'` counts
//! them without the set's construction.

use std::hint::black_box;

use benches::daifugo_real::{
    PLAY_GAMES, PLAY_PLAYOUTS, PLAY_SEED, Position, RULES, play_positions, real_positions,
};
use daifugo::follow_into;

fn main() {
    let mut args = std::env::args().skip(1);
    let set = args.next().unwrap_or_else(|| "mix".to_owned());
    let reps: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let (all, part) = match set.strip_prefix("play_") {
        Some(part) => (play_positions(PLAY_SEED, PLAY_GAMES, PLAY_PLAYOUTS), part),
        None => (real_positions(0xDA1F_6A3E, 100), set.as_str()),
    };
    let positions: Vec<Position> = match part {
        "leads" => all.into_iter().filter(|(_, s)| s.table.is_none()).collect(),
        "follows" => all.into_iter().filter(|(_, s)| s.table.is_some()).collect(),
        _ => all,
    };
    let total = lists(&positions, reps);
    let jokers = positions
        .iter()
        .filter(|(h, _)| h.contains(cards_core::Card::BLACK_JOKER))
        .count();
    println!(
        "{set}: {} positions ({jokers} with the joker), {reps} repetitions, {total} moves",
        positions.len()
    );
}

/// The move lists of `positions`, `reps` times over; the number of moves.
#[inline(never)]
fn lists(positions: &[Position], reps: usize) -> usize {
    let mut out = Vec::with_capacity(512);
    let mut total = 0usize;
    for _ in 0..reps {
        for (hand, state) in black_box(positions) {
            out.clear();
            total += follow_into(*hand, state, &RULES, &mut out).unwrap_or(0);
        }
    }
    total
}
