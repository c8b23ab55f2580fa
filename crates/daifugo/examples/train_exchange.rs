//! Trains the learned exchange ([`daifugo::exchange::GivePolicy`]) and measures it.
//!
//! ```text
//! cargo run --release -p daifugo --example train_exchange -- [--games N] [--seed S]
//!     [--playouts P] [--temperature T] [--epochs E] [--learning-rate L] [--l2 X]
//!     [--write] [--eval GAMES] [--match-seed S]
//! ```
//!
//! Samples the exchange decisions of a seeded match ([`daifugo::exchange::samples`]: the search
//! decides every richer player's give, `P` playouts, no early stop), holds out every 5th, fits
//! on the rest ([`daifugo::exchange::fit`]) and prints the held-out cross-entropy and, for the
//! fit, the fewest-melds rule (`LearnedPolicy::give_cards`, what `pattern` and `learned` give)
//! and the weakest cards (what `tutorial` gives; both read from the features, so cards of one
//! rank tie and the first listed counts), the mean points each give loses against the
//! search's best by the search's own means (read back from the targets: a give's mean is the
//! best's plus `T` times the log of its share over the best's). `--write` writes the weights
//! to `crates/daifugo/src/players/exchange/weights.rs`. `--eval GAMES` plays `pattern` giving
//! by the fit against `pattern` as it is, each as player 0 of the same seeded match (seed 7)
//! against four `tutorial` (`--match-seed`, 7 by default), and prints both means and their
//! paired difference (95% intervals by batch means over blocks of 10 games); with `--games 0`
//! it evaluates the committed weights ([`GivePolicy::TRAINED`](daifugo::exchange::GivePolicy::TRAINED)) without training.

use std::fmt::Write as _;

use cards_core::game::{Game as _, Players as _, Policy, play_out};
use daifugo::exchange::{FEATURE_NAMES, FEATURES, GivePolicy};
use daifugo::{Action, Game, Match, Observation, Rules, Sample, TrainOptions, exchange};

/// The mean and the half-width of its 95% interval, by batch means over blocks of 10.
#[allow(clippy::cast_precision_loss)]
fn batch_mean(xs: &[f64]) -> (f64, f64) {
    let blocks: Vec<f64> = xs
        .chunks(10)
        .map(|c| c.iter().sum::<f64>() / c.len() as f64)
        .collect();
    let n = blocks.len() as f64;
    let mean = blocks.iter().sum::<f64>() / n;
    let var = blocks.iter().map(|b| (b - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The mean points a chooser's give loses against the search's best, by the search's means.
#[allow(clippy::cast_precision_loss)]
fn regret(
    samples: &[Sample<FEATURES>],
    temperature: f64,
    choose: impl Fn(&[[f32; FEATURES]]) -> usize,
) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let best = s.target.iter().copied().fold(0.0f32, f32::max);
            let t = s.target[choose(&s.features)].max(1e-30);
            -temperature * f64::from(t / best).ln()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The first index with the least key.
fn argmin(rows: &[[f32; FEATURES]], key: impl Fn(&[f32; FEATURES]) -> (f32, f32)) -> usize {
    let mut best = 0;
    for (i, r) in rows.iter().enumerate() {
        if key(r) < key(&rows[best]) {
            best = i;
        }
    }
    best
}

/// `pattern`, giving by `give` when set.
struct Pattern {
    inner: Box<dyn Policy<Game>>,
    give: Option<GivePolicy>,
}

impl Policy<Game> for Pattern {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        match (self.give, legal.first()) {
            (Some(p), Some(Action::Give(c))) if obs.exchanging => {
                Action::Give(p.give(obs.hand, c.len(), &obs.rules))
            }
            _ => self.inner.choose(obs, legal),
        }
    }
}

/// Player 0's points, game by game, of a seeded match of `me` against four `tutorial`.
fn points(me: &mut dyn Policy<Game>, games: u64, match_seed: u64) -> Vec<f64> {
    let mut rest: Vec<Box<dyn Policy<Game>>> = (0..4)
        .map(|i| Game::policy("tutorial", 10 + i).expect("tutorial"))
        .collect();
    let mut m = Match::new(Rules::UECDA, match_seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut g = m.next_game();
        let [a, b, c, d] = &mut rest[..] else {
            unreachable!("four others")
        };
        let players: &mut [&mut dyn Policy<Game>] =
            &mut [me, &mut **a, &mut **b, &mut **c, &mut **d];
        play_out(&mut g, players).expect("built-in players play legally");
        out.push(g.returns(0));
        m.finish(&g);
    }
    out
}

/// Samples, fits and prints the held-out figures; writes the weights if `write`.
fn train_and_report(
    options: &TrainOptions,
    temperature: f64,
    write: bool,
    value: &dyn Fn(&str, f64) -> f64,
) -> GivePolicy {
    let (games, seed, playouts, epochs) = (
        options.games,
        options.seed,
        options.playouts,
        options.epochs,
    );
    let started = std::time::Instant::now();
    let all = exchange::samples(options);
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, s) in all.into_iter().enumerate() {
        if i % 5 == 4 {
            held.push(s);
        } else {
            train.push(s);
        }
    }
    let fit = exchange::fit(&train, options);
    println!(
        "{} samples ({} held out) from {games} games, {playouts} playouts, seed {seed}; {:.1} s",
        train.len() + held.len(),
        held.len(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "held-out cross-entropy: uniform {:.4}, fit {:.4} (train {:.4})",
        exchange::cross_entropy(&held, &GivePolicy::new([0.0; FEATURES])),
        exchange::cross_entropy(&held, &fit),
        exchange::cross_entropy(&train, &fit),
    );
    let w = fit.weights();
    let score = |r: &[f32; FEATURES]| r.iter().zip(w).map(|(a, b)| a * b).sum::<f32>();
    let fitted = |rows: &[[f32; FEATURES]]| argmin(rows, |r| (-score(r), 0.0));
    let fewest = |rows: &[[f32; FEATURES]]| argmin(rows, |r| (r[0], r[1]));
    let weakest = |rows: &[[f32; FEATURES]]| argmin(rows, |r| (r[1], 0.0));
    println!(
        "held-out points lost against the search's best give: fit {:.4}, fewest melds {:.4}, weakest {:.4}",
        regret(&held, temperature, fitted),
        regret(&held, temperature, fewest),
        regret(&held, temperature, weakest),
    );
    for (name, x) in FEATURE_NAMES.iter().zip(w) {
        println!("  {name:>16} {x:+.4}");
    }
    if write {
        let mut text = format!(
            "// Generated by `cargo run --release -p daifugo --example train_exchange -- --games {games} --seed {seed} --playouts {playouts} --temperature {temperature} --epochs {epochs} --learning-rate {} --l2 {} --write`; do not edit.\n",
            value("--learning-rate", 0.05),
            value("--l2", 1e-4)
        );
        text.push_str("// Generated weights are printed as they round-trip.\n");
        text.push_str("#![allow(clippy::unreadable_literal)]\n");
        text.push_str("use super::FEATURES;\n\n/// The committed give policy's weights.\n");
        text.push_str("pub(super) const WEIGHTS: [f32; FEATURES] = [\n");
        for (name, x) in FEATURE_NAMES.iter().zip(w) {
            let _ = writeln!(text, "    {x:?}, // {name}");
        }
        text.push_str("];\n");
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/players/exchange/weights.rs"
        );
        std::fs::write(path, text).expect("write the weights");
        println!("wrote {path}");
    }
    fit
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().position(|a| a == name);
    let value = |name: &str, default: f64| {
        flag(name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| v.parse().expect("a number after the flag"))
    };
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let as_u64 = |x: f64| x as u64;
    #[allow(clippy::cast_possible_truncation)]
    let as_f32 = |x: f64| x as f32;
    let (games, seed, playouts) = (
        as_u64(value("--games", 400.0)),
        as_u64(value("--seed", 1.0)),
        as_u64(value("--playouts", 20_000.0)),
    );
    let temperature = value("--temperature", 0.2);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let epochs = value("--epochs", 30.0) as u32;
    let options = TrainOptions::default()
        .with_run(games, seed, playouts)
        .with_algorithm(daifugo::cards_search::Algorithm::Pimc, as_f32(temperature))
        .with_sgd(
            epochs,
            as_f32(value("--learning-rate", 0.05)),
            as_f32(value("--l2", 1e-4)),
        );
    // `--games 0`: no training, the committed weights evaluated
    let fit = if games == 0 {
        GivePolicy::TRAINED
    } else {
        train_and_report(&options, temperature, flag("--write").is_some(), &value)
    };
    if let Some(eval) = flag("--eval").map(|_| as_u64(value("--eval", 0.0))) {
        let mut with = Pattern {
            inner: Game::policy("pattern", 1).expect("pattern"),
            give: Some(fit),
        };
        let mut without = Pattern {
            inner: Game::policy("pattern", 1).expect("pattern"),
            give: None,
        };
        let match_seed = as_u64(value("--match-seed", 7.0));
        let a = points(&mut with, eval, match_seed);
        let b = points(&mut without, eval, match_seed);
        let d: Vec<f64> = a.iter().zip(&b).map(|(x, y)| x - y).collect();
        let ((ma, ha), (mb, hb), (md, hd)) = (batch_mean(&a), batch_mean(&b), batch_mean(&d));
        println!(
            "pattern against four tutorial, {eval} games (match seed {match_seed}): giving by the fit {ma:.3} ± {ha:.3}, as it is {mb:.3} ± {hb:.3}, difference {md:+.3} ± {hd:.3}"
        );
    }
}
