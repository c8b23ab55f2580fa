//! How well the Daifugo search's worlds explain the others: 16 fresh samples a world (the
//! best kept, [`cards_search::Search::with_belief`]) against a walk of `N` swaps a world from
//! the first ([`cards_search::Search::with_walk`]), at every decision of player 0 from its 11th
//! ply on, in 60 seeded games of five `tutorial` players, 50 worlds a decision. Per method: the
//! mean misses of a world ([`InfoSet::misses`]), the share of hidden cards in the right hand,
//! and the replays of the history a world cost.
//!
//! `cargo run --release -p benches --example world_quality -- [N]` (N = 2 by default).
//!
//! **Belief from play** (`… world_quality -- belief [FLAGS]`): at every decision of player 0
//! with two or more legal actions from its 11th ply on, in a seeded match (`--seed`, the
//! exchange from its second game) of five `--players` (a built-in name; a search at
//! `--playouts`), `--worlds` worlds drawn by each sampler of `--samplers` (comma-separated):
//! `uniform` ([`InfoSet::sample`]), `misses` (today's `search`: the best of 16 by the
//! tutorial model's misses), `tutorial:EPS` and `pattern:EPS[:T]` ([`daifugo::Belief`]'s
//! likelihood over a pool of `--pool` worlds tempered to an effective `--ess` share, the
//! pattern policy's scores divided by `T`). Per sampler: the mean share of worlds that put a
//! hidden card in its true holder's hand, the mean log of that share (smoothed: (k + 1/4) /
//! (n + 1) for k of n worlds), and its 95% interval by batch means over blocks of 10 games.
//!
//! `cargo run --release -p benches --example world_quality -- belief --players pattern --games 200`
//!
//! **Fitting each seat's model** (`… world_quality -- fitted [PLAYERS] [GAMES] [PLAYOUTS]`): a
//! seeded match (seed 3, the exchange from its second game) of a `tutorial` player 0 and four
//! `PLAYERS` (a built-in name, `tutorial` by default; a search at `PLAYOUTS`, 300 by default),
//! `GAMES` games (6 by default). At each decision of player 0 with two or more legal actions
//! after the first action, each other seat's evidence for the pattern model less that for the
//! tutorial one ([`Belief::evidence_by_seat`], [`daifugo::SearchRollout::FIT_WORLDS`] worlds,
//! epsilon [`daifugo::SearchRollout::FIT_EPSILON`]), by the seat's plays and passes so far: the
//! share of seats the pattern model would be chosen for at margins from -2 to 4 (the `fitted`
//! rollout uses [`daifugo::SearchRollout::FIT_MARGIN`]), and the mean CPU time of
//! [`daifugo::SearchRollout::fitted_seats`] (the thread's, the wall time where Linux does not
//! tell it).
//!
//! `cargo run --release -p benches --example world_quality -- fitted search-v3 3 5000`

// Counts here are far below 2^52, and a quantile's index is non-negative.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_truncation
)]

use cards_core::Rng;
use cards_core::game::{InfoSet, Players, Policy, PolicyOptions};
use daifugo::{Belief, BeliefModel, Game, Match, Observation, Rules};

/// The share of the other players' cards that `world` puts in the hand that holds them.
fn accuracy(world: &Game, truth: &[cards_core::CardSet; 5]) -> f64 {
    let h = world.hands();
    let (mut ok, mut all) = (0usize, 0usize);
    for q in 1..5 {
        for c in truth[q] {
            all += 1;
            ok += usize::from(h[q].contains(c));
        }
    }
    if all == 0 {
        1.0
    } else {
        ok as f64 / all as f64
    }
}

/// 50 worlds of one decision: (mean misses, mean accuracy, replays a world).
fn worlds(
    obs: &Observation<'_>,
    truth: &[cards_core::CardSet; 5],
    walk: u32,
    seed: u64,
) -> [f64; 3] {
    const TRIES: u32 = 16;
    const WORLDS: u32 = 50;
    let mut rng = Rng::seed_from_u64(seed);
    let mut world = obs.sample(&mut rng);
    let mut least = u32::MAX;
    let (mut replays, mut misses, mut acc) = (0.0, 0.0, 0.0);
    for i in 0..WORLDS {
        if walk > 0 && i > 0 && least != u32::MAX {
            for _ in 0..walk {
                let mut c = world.clone();
                if obs.perturb(&mut rng, &mut c) {
                    replays += 1.0;
                    let m = obs.misses(&c, least.saturating_add(1));
                    if m <= least {
                        least = m;
                        world = c;
                    }
                }
            }
        } else {
            world = obs.sample(&mut rng);
            replays += 1.0;
            least = obs.misses(&world, u32::MAX);
            for _ in 1..TRIES {
                if least == 0 || least == u32::MAX {
                    break;
                }
                let c = obs.sample(&mut rng);
                replays += 1.0;
                let m = obs.misses(&c, least);
                if m < least {
                    least = m;
                    world = c;
                }
            }
        }
        misses += f64::from(obs.misses(&world, u32::MAX).min(100));
        acc += accuracy(&world, truth);
    }
    let n = f64::from(WORLDS);
    [misses / n, acc / n, replays / n]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "fitted") {
        fitted(&args[1..]);
        return;
    }
    if args.first().is_some_and(|a| a == "belief") {
        if let Err(e) = belief(&args[1..]) {
            eprintln!("world_quality belief: {e}");
            std::process::exit(2);
        }
        return;
    }
    let walk: u32 = args.first().and_then(|s| s.parse().ok()).unwrap_or(2);
    let mut total = [[0.0; 3]; 2];
    let mut decisions = 0u32;
    for seed in 0..60u64 {
        let mut g = Game::new(Rules::UECDA, seed);
        let mut tutorial = Game::policy("tutorial", 0).expect("a built-in player");
        let mut ply = 0u64;
        while let Some(p) = g.seat_to_act() {
            let legal = g.legal_actions();
            if p == 0 && ply >= 10 && legal.len() > 1 {
                let (obs, truth) = (g.observation(0), g.hands());
                for (k, method) in [0, walk].into_iter().enumerate() {
                    let r = worlds(&obs, &truth, method, seed * 1000 + ply);
                    for (t, x) in total[k].iter_mut().zip(r) {
                        *t += x;
                    }
                }
                decisions += 1;
            }
            let a = tutorial.choose(&g.observation(usize::from(p)), &legal);
            g.apply_with_outcome(a).expect("a legal action");
            ply += 1;
        }
    }
    let n = f64::from(decisions);
    for (k, name) in ["16 fresh samples".to_owned(), format!("walk of {walk}")]
        .iter()
        .enumerate()
    {
        let [m, a, r] = total[k];
        println!(
            "{name}: misses {:.3}, hidden cards placed right {:.1}%, replays a world {:.2} ({decisions} decisions)",
            m / n,
            100.0 * a / n,
            r / n
        );
    }
}

/// One sampler of the belief comparison.
#[derive(Clone, Copy, Debug)]
enum Sampler {
    Uniform,
    Misses,
    Likelihood(Belief),
}

impl Sampler {
    fn parse(spec: &str) -> Result<Sampler, String> {
        let parts: Vec<&str> = spec.split(':').collect();
        let num = |i: usize, default: f64| -> Result<f64, String> {
            parts.get(i).map_or(Ok(default), |v| {
                v.parse().map_err(|_| format!("bad number in {spec}"))
            })
        };
        match parts[0] {
            "uniform" => Ok(Sampler::Uniform),
            "misses" => Ok(Sampler::Misses),
            "tutorial" | "pattern" => {
                let model: BeliefModel = parts[0].parse().map_err(|e| format!("{e}"))?;
                Ok(Sampler::Likelihood(
                    Belief::new(model, num(1, 0.1)?).with_temperature(num(2, 1.0)?),
                ))
            }
            _ => Err(format!(
                "unknown sampler {spec} (uniform, misses, tutorial:EPS, pattern:EPS[:T])"
            )),
        }
    }

    fn worlds(
        &self,
        obs: &Observation<'_>,
        n: usize,
        pool: usize,
        ess: f64,
        rng: &mut Rng,
    ) -> Vec<Game> {
        match self {
            Sampler::Uniform => (0..n).map(|_| obs.sample(rng)).collect(),
            Sampler::Misses => (0..n)
                .map(|_| {
                    let mut world = obs.sample(rng);
                    let mut least = obs.misses(&world, u32::MAX);
                    for _ in 1..16 {
                        if least == 0 || least == u32::MAX {
                            break;
                        }
                        let c = obs.sample(rng);
                        let m = obs.misses(&c, least);
                        if m < least {
                            least = m;
                            world = c;
                        }
                    }
                    world
                })
                .collect(),
            Sampler::Likelihood(b) => b.sample_worlds(obs, pool, ess, n, rng).unwrap_or_default(), // sizes checked when read
        }
    }
}

/// Per hidden card of the others, the share of `worlds` that deal it to its true holder:
/// (sum of shares, sum of smoothed log shares, cards).
fn holder_shares(worlds: &[Game], truth: &[cards_core::CardSet; 5], me: usize) -> (f64, f64, f64) {
    let n = worlds.len() as f64;
    let (mut share, mut log, mut cards) = (0.0, 0.0, 0.0);
    for (q, hand) in truth.iter().enumerate() {
        if q == me {
            continue;
        }
        for c in *hand {
            let k = worlds.iter().filter(|w| w.hands()[q].contains(c)).count() as f64;
            share += k / n;
            log += ((k + 0.25) / (n + 1.0)).ln();
            cards += 1.0;
        }
    }
    (share, log, cards)
}

/// The belief comparison (see the module's docs).
fn belief(args: &[String]) -> Result<(), String> {
    let (mut players, mut games, mut seed, mut playouts) =
        (String::from("pattern"), 200u64, 1u64, 1_000u64);
    let (mut worlds, mut pool, mut ess) = (50usize, 64usize, 0.25f64);
    let mut samplers = String::from("uniform,misses,tutorial:0.1,pattern:0.1,pattern:0.1:3");
    let mut it = args.iter();
    while let Some(f) = it.next() {
        let v = it.next().ok_or_else(|| format!("{f} needs a value"))?;
        let bad = |_| format!("bad value for {f}: {v}");
        match f.as_str() {
            "--players" => players.clone_from(v),
            "--games" => games = v.parse().map_err(bad)?,
            "--seed" => seed = v.parse().map_err(bad)?,
            "--playouts" => playouts = v.parse().map_err(bad)?,
            "--worlds" => worlds = v.parse().map_err(bad)?,
            "--pool" => pool = v.parse().map_err(bad)?,
            "--ess" => ess = v.parse().map_err(|_| format!("bad value for {f}: {v}"))?,
            "--samplers" => samplers.clone_from(v),
            _ => return Err(format!("unknown flag {f}")),
        }
    }
    for (flag, n) in [("--worlds", worlds), ("--pool", pool)] {
        if n == 0 || n > daifugo::Belief::MAX_WORLDS {
            return Err(format!(
                "{flag} {n}: 1 to {} worlds",
                daifugo::Belief::MAX_WORLDS
            ));
        }
    }
    let samplers: Vec<(String, Sampler)> = samplers
        .split(',')
        .map(|s| Sampler::parse(s).map(|x| (s.to_owned(), x)))
        .collect::<Result<_, _>>()?;
    let mut seated: Vec<Box<dyn Policy<Game>>> = (0..5u64)
        .map(|p| {
            Game::policy_with(
                &players,
                &PolicyOptions::new(seed * 5 + p).with_playouts(playouts),
            )
            .map_err(|e| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    let k = samplers.len();
    // per sampler: per game (share sum, log sum, cards), then blocks
    let mut per_game = vec![Vec::new(); k];
    let mut decisions = 0u64;
    let mut m = Match::new(Rules::UECDA, seed);
    let started = std::time::Instant::now();
    for game in 0..games {
        let mut g = m.next_game();
        let mut ply = 0u64;
        let mut sums = vec![(0.0, 0.0, 0.0); k];
        while let Some(p) = g.seat_to_act() {
            let legal = g.legal_actions();
            if p == 0 && ply >= 10 && legal.len() > 1 && !g.is_exchanging() {
                let (obs, truth) = (g.observation(0), g.hands());
                for (i, (_, sampler)) in samplers.iter().enumerate() {
                    let mut rng = Rng::seed_from_u64(game * 1_000_003 + ply * 31 + i as u64);
                    let w = sampler.worlds(&obs, worlds, pool, ess, &mut rng);
                    let (a, b, c) = holder_shares(&w, &truth, 0);
                    sums[i].0 += a;
                    sums[i].1 += b;
                    sums[i].2 += c;
                }
                decisions += 1;
            }
            let a = seated[usize::from(p)].choose(&g.observation(usize::from(p)), &legal);
            g.apply_with_outcome(a).map_err(|e| e.to_string())?;
            ply += 1;
        }
        m.finish(&g);
        for (i, s) in sums.into_iter().enumerate() {
            per_game[i].push(s);
        }
    }
    println!(
        "{games} games of five `{players}` (seed {seed}{}), {decisions} decisions of player 0, {worlds} worlds each (pool {pool}, ess {ess}); {:.0} s",
        if players.starts_with("search") {
            format!(", {playouts} playouts")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    );
    for (i, (name, _)) in samplers.iter().enumerate() {
        let g = &per_game[i];
        let total = |f: &dyn Fn(&(f64, f64, f64)) -> f64| g.iter().map(f).sum::<f64>();
        let cards = total(&|s| s.2).max(1.0);
        let (share, log) = (total(&|s| s.0) / cards, total(&|s| s.1) / cards);
        // batch means over blocks of 10 games (each block's ratio), and of the difference
        // from the first sampler's on the same decisions
        let ratio = |b: &[(f64, f64, f64)]| {
            let c = b.iter().map(|s| s.2).sum::<f64>().max(1.0);
            [
                b.iter().map(|s| s.0).sum::<f64>() / c,
                b.iter().map(|s| s.1).sum::<f64>() / c,
            ]
        };
        let blocks: Vec<[f64; 4]> = g
            .chunks(10)
            .zip(per_game[0].chunks(10))
            .filter(|(b, _)| b.len() == 10)
            .map(|(b, f)| {
                let (x, y) = (ratio(b), ratio(f));
                [x[0], x[1], x[0] - y[0], x[1] - y[1]]
            })
            .collect();
        let hw = |j: usize| {
            let n = blocks.len() as f64;
            if n < 2.0 {
                return (f64::NAN, f64::NAN);
            }
            let mean = blocks.iter().map(|b| b[j]).sum::<f64>() / n;
            let var = blocks.iter().map(|b| (b[j] - mean).powi(2)).sum::<f64>() / (n - 1.0);
            (mean, 1.96 * (var / n).sqrt())
        };
        let (d0, h0) = hw(2);
        let (d1, h1) = hw(3);
        println!(
            "{name:>18}: true holder's share {:.2}% ± {:.2} (from {}: {:+.2} ± {:.2} points), mean log share {:.4} ± {:.4} ({:+.4} ± {:.4})",
            100.0 * share,
            100.0 * hw(0).1,
            samplers[0].0,
            100.0 * d0,
            100.0 * h0,
            log,
            hw(1).1,
            d1,
            h1
        );
    }
    Ok(())
}

/// The `fitted` report: how each seat's model would be chosen, by the seat's actions so far.
fn fitted(args: &[String]) {
    use daifugo::SearchRollout;
    use std::fmt::Write as _;
    let players = args.first().map_or("tutorial", String::as_str);
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (games, playouts) = (num(1, 6), num(2, 300));
    let mut seats: Vec<Box<dyn Policy<Game>>> = (0..5u64)
        .map(|i| {
            let name = if i == 0 { "tutorial" } else { players };
            let options = PolicyOptions::new(10 + i).with_playouts(playouts);
            Game::policy_with(name, &options).expect("a built-in player")
        })
        .collect();
    let mut m = Match::new(Rules::UECDA, 3);
    // (the seat's actions so far, its evidence for the pattern model less the tutorial one's)
    let mut rows: Vec<(usize, f64)> = Vec::new();
    let mut ms = Vec::new();
    for _ in 0..games {
        let mut g = m.next_game();
        while let Some(p) = g.seat_to_act() {
            let legal = g.legal_actions();
            let p = usize::from(p);
            let obs = g.observation(p);
            if p == 0 && !obs.exchanging && legal.len() > 1 && !obs.history.is_empty() {
                let (t, c) = (std::time::Instant::now(), benches::thread_cpu_ns());
                let _ = std::hint::black_box(SearchRollout::fitted_seats(&obs));
                ms.push(match (c, benches::thread_cpu_ns()) {
                    (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e6,
                    _ => t.elapsed().as_secs_f64() * 1e3,
                });
                let lead = SearchRollout::fit_evidence(&obs, 5);
                for (q, lead) in lead.iter().enumerate().skip(1) {
                    let acted = obs.history.iter().filter(|s| usize::from(s.player) == q);
                    rows.push((acted.count(), *lead));
                }
            }
            let a = seats[p].choose(&obs, &legal);
            g.apply_with_outcome(a).expect("a legal action");
        }
        m.finish(&g);
    }
    // The thread's CPU clock may tick coarsely (4 ms here): the mean over many calls is exact.
    println!(
        "four {players}, {games} games, {} decisions of player 0: fitted_seats {:.2} ms of CPU a call (mean)",
        ms.len(),
        ms.iter().sum::<f64>() / ms.len().max(1) as f64
    );
    for (lo, hi) in [(0, 3), (3, 6), (6, 10), (10, usize::MAX)] {
        let mut d: Vec<f64> = rows
            .iter()
            .filter(|r| (lo..hi).contains(&r.0))
            .map(|r| r.1)
            .collect();
        if d.is_empty() {
            continue;
        }
        d.sort_by(f64::total_cmp);
        let span = if hi == usize::MAX {
            format!("{lo} or more")
        } else {
            format!("{lo} to {}", hi - 1)
        };
        let mut line = format!(
            "  a seat's actions so far {span}, {} judgments: pattern chosen at margin",
            d.len()
        );
        for margin in [-2.0, -1.0, 0.0, 1.0, 2.0, 4.0] {
            let share = d.iter().filter(|&&x| x > margin).count() as f64 / d.len() as f64;
            let _ = write!(line, " {margin:+}: {share:.2}");
        }
        let _ = write!(line, "; median difference {:+.2}", d[d.len() / 2]);
        println!("{line}");
    }
}
