//! Loops `follow_into` over the `daifugo/real_*` and `daifugo/play_*` positions, for a steady
//! cost figure under a loaded machine: run it under `valgrind --tool=callgrind` (or `perf stat
//! -e instructions`) with `REPS` and with 0 repetitions; the difference over `REPS` times the
//! position count is the instructions a position.
//!
//! `cargo run --release -p benches --example daifugo_real -- SET REPS`, `SET` one of `mix`,
//! `leads`, `follows` (seeded random games, [`real_positions`]) and `play_mix`, `play_leads`,
//! `play_follows` (a search player against four tutorial players, [`play_positions`]).
//! The move lists run in `lists` alone, so `--toggle-collect='daifugo_real::lists'` counts
//! them without the set's construction. It also prints the wall-clock time of the lists a
//! position (for interleaved runs beside another program; noisy on a shared machine).
//!
//! `… --example daifugo_real -- SET dump` prints the set instead, one position a line, for
//! feeding another program's move generator the same positions: `HAND KIND LEN LOW SUITS REV
//! LOCKED MOVES MELD`, where `HAND` is the hand's bits in hex (bit 4 × rank + suit, ranks 3 = 0 ..
//! 2 = 12, suits ♣ ♦ ♥ ♠ = 0 .. 3, the joker bit 52), `KIND` the table's meld (`lead` on a clear
//! table, `single`, `joker` for the lone joker, `group`, `sequence`), `LEN` its cards, `LOW` the
//! rank index of its weakest face (−1 for a joker below the 3, 0 on a clear table), `SUITS` its
//! suit mask (the joker's suit included), `REV` and `LOCKED` 0 or 1 (revolution, suit lock),
//! `MOVES` the length of our list there (plays only: a pass is never listed) and `MELD` the
//! table's meld as text (`S3 JK=D3`; `-` on a clear table). A `SET` naming a file reads such
//! a dump back (any subset of its lines), so both programs can run one position file, and
//! `fuji:PATH` reads the positions of a `FujiGokoro` game record
//! ([`benches::daifugo_real::fuji_record_positions`]; its published test record
//! `testdata/braux5.dat`, 100 games of self-play, gives 7,856 positions).

use std::hint::black_box;

use benches::daifugo_real::{
    PLAY_GAMES, PLAY_PLAYOUTS, PLAY_SEED, Position, RULES, fuji_record_positions, play_positions,
    real_positions,
};
use daifugo::follow_into;

fn main() {
    let mut args = std::env::args().skip(1);
    let set = args.next().unwrap_or_else(|| "mix".to_owned());
    let reps_arg = args.next();
    let dump = reps_arg.as_deref() == Some("dump");
    let reps: usize = reps_arg.and_then(|r| r.parse().ok()).unwrap_or(1);
    let (all, part) = match set.strip_prefix("play_") {
        Some(part) => (play_positions(PLAY_SEED, PLAY_GAMES, PLAY_PLAYOUTS), part),
        None if set.starts_with("fuji:") => (fuji_positions(&set["fuji:".len()..]), "mix"),
        None if std::path::Path::new(&set).is_file() => (read_positions(&set), "mix"),
        None => (real_positions(0xDA1F_6A3E, 100), set.as_str()),
    };
    let positions: Vec<Position> = match part {
        "leads" => all.into_iter().filter(|(_, s)| s.table.is_none()).collect(),
        "follows" => all.into_iter().filter(|(_, s)| s.table.is_some()).collect(),
        _ => all,
    };
    if dump {
        print_positions(&positions);
        return;
    }
    let start = std::time::Instant::now();
    let total = lists(&positions, reps);
    let ns = start.elapsed().as_secs_f64() * 1e9;
    let jokers = positions
        .iter()
        .filter(|(h, _)| h.contains(cards_core::Card::BLACK_JOKER))
        .count();
    #[allow(clippy::cast_precision_loss)] // counts far below 2^52
    let per = ns / (reps * positions.len()).max(1) as f64;
    println!(
        "{set}: {} positions ({jokers} with the joker), {reps} repetitions, {total} moves, \
         {per:.3} ns a position (wall clock)",
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

/// Prints `positions` one a line in the format of the module doc.
fn print_positions(positions: &[Position]) {
    use daifugo::{Kind, StandIn};
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (hand, state) in positions {
        // `follow`, not `follow_into`: a second call of `follow_into` would change how it is
        // inlined into `lists`, and with it the instructions counted there
        let n = daifugo::follow(*hand, state, &RULES).map_or(0, |m| m.len());
        let meld = state
            .table
            .map_or_else(|| "-".to_owned(), |m| format!("{m:#}"));
        let (kind, len, low, suits) = match state.table {
            None => ("lead", 0, 0, 0),
            Some(m) if m.is_lone_joker() => ("joker", 1, 0, 0),
            Some(m) => {
                let kind = match m.kind() {
                    Kind::Single => "single",
                    Kind::Group => "group",
                    Kind::Sequence => "sequence",
                };
                let low = match m.stand_in() {
                    Some(StandIn::Below3(_)) => -1,
                    _ => m.low().map_or(0, |r| i32::from(r.index())),
                };
                (kind, m.len(), low, m.suit_mask())
            }
        };
        writeln!(
            out,
            "{:x} {kind} {len} {low} {suits} {} {} {n} {meld}",
            hand.bits(),
            u8::from(state.revolution),
            u8::from(state.locked)
        )
        .expect("stdout");
    }
}

/// The positions of a dump file (the format of the module doc); exits with a message on a line
/// it cannot read.
fn read_positions(path: &str) -> Vec<Position> {
    use daifugo::{CardSet, Meld, Table};
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let bad = |what: &str| format!("{path}:{}: {what}: {line}", i + 1);
            let fields: Vec<&str> = line.splitn(9, ' ').collect();
            if fields.len() != 9 {
                fail(&bad("not 9 fields"));
            }
            let hand = u64::from_str_radix(fields[0], 16)
                .ok()
                .and_then(CardSet::from_bits)
                .unwrap_or_else(|| fail(&bad("hand")));
            let mut state = Table::default();
            if fields[8] != "-" {
                let meld = Meld::parse(fields[8], &RULES).unwrap_or_else(|_| fail(&bad("meld")));
                state.table = Some(meld);
            }
            state.revolution = fields[5] == "1";
            state.locked = fields[6] == "1";
            (hand, state)
        })
        .collect()
}

/// The positions of a `FujiGokoro` game record file ([`fuji_record_positions`]).
fn fuji_positions(path: &str) -> Vec<Position> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let (positions, added) =
        fuji_record_positions(&text).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    if added > 0 {
        eprintln!("{path}: {added} passes put in");
    }
    positions
}

fn fail(message: &str) -> ! {
    eprintln!("daifugo_real: {message}");
    std::process::exit(2)
}
