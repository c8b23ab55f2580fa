//! Trains the pattern move policy ([`daifugo::PatternPolicy`], the `pattern` player) in two
//! stages and measures it: imitation of the `search` player's root statistics in self-play,
//! then policy-gradient fine-tuning against four `tutorial` players.
//!
//! ```text
//! # 1. self-play records, one game a line (appended; shards with different seeds)
//! cargo run --release -p daifugo --example pattern_policy -- generate \
//!     --games 394 --seed 1 --playouts 2000 --searchers 2 --out target/selfplay/sp-1.txt
//! cargo run --release -p daifugo --example pattern_policy -- generate \
//!     --games 399 --seed 2 --playouts 2000 --searchers 2 --out target/selfplay/sp-2.txt
//! # 2. fit (every 10th game held out), fine-tune, write the committed table
//! cargo run --release -p daifugo --example pattern_policy -- train \
//!     --data target/selfplay/sp-1.txt,target/selfplay/sp-2.txt --seed 1 --epochs 10 \
//!     --reinforce-games N --reinforce-rate R --reinforce-replays 2 --eval 5000 \
//!     --out crates/daifugo/src/players/pattern/weights.rs
//! # the cost of a decision of each policy over positions of tutorial games
//! cargo run --release -p daifugo --example pattern_policy -- bench --positions 200000
//! # player 0 against four others (a built-in name or search:ROLLOUT), a seeded match
//! cargo run --release -p daifugo --example pattern_policy -- match --me search:pattern-self \
//!     --others tutorial --games 200 --seed 1 --playouts 5000
//! # the search's playouts a second with each rollout
//! cargo run --release -p daifugo --example pattern_policy -- speed --games 10 --playouts 2000 \
//!     --rollouts learned-self,pattern-self,pattern
//! ```
//!
//! `train` prints the cross-entropy against the targets, the negative log-likelihood of the
//! search's choice and the share of the search's choices ranked first, on the training games
//! and the held-out ones, for the learned policy's weights alone (where it starts), after the
//! fit and after the policy gradient; `--eval N` plays N games of the policy alone (player 0 of
//! a match seeded 7) against four `tutorial` players after each stage and prints its mean points
//! with a 95% interval by batch means over blocks of 10 games.

use std::fmt::Write as _;
use std::io::{BufRead as _, Write as _};
use std::process::ExitCode;

use daifugo::cards_core::game::{Game as _, Policy};
use daifugo::{
    FitOptions, LearnedPolicy, PATTERN_SIZE, PatternPolicy, SelfPlayGame, SelfPlayOptions,
};

/// The flags as `(name, value)` pairs.
fn flags(args: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(f) = it.next() {
        let v = it.next().ok_or_else(|| format!("{f} needs a value"))?;
        out.push((f.clone(), v.clone()));
    }
    Ok(out)
}

fn parse<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag}: {v:?} is not a number"))
}

fn generate(args: &[(String, String)]) -> Result<(), String> {
    let mut o = SelfPlayOptions::default();
    let mut out = None;
    for (f, v) in args {
        match f.as_str() {
            "--games" => o.games = parse(f, v)?,
            "--seed" => o.seed = parse(f, v)?,
            "--playouts" => o.playouts = parse(f, v)?,
            "--searchers" => o.searchers = parse(f, v)?,
            "--policy-share" => o.policy_share = parse(f, v)?,
            "--out" => out = Some(v.clone()),
            _ => {
                return Err(format!(
                    "unknown flag {f} (--games, --seed, --playouts, --searchers, --policy-share, --out)"
                ));
            }
        }
    }
    let path = out.ok_or("--out is required")?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| format!("cannot open {path}: {e}"))?;
    let started = std::time::Instant::now();
    let (mut games, mut decisions) = (0, 0);
    let mut err = None;
    daifugo::self_play(&o, |g| {
        games += 1;
        decisions += g.decisions.len();
        if err.is_none()
            && let Err(e) = writeln!(file, "{}", g.to_line())
        {
            err = Some(format!("cannot write {path}: {e}"));
        }
        if games % 50 == 0 {
            eprintln!(
                "{games} games, {decisions} decisions, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    eprintln!(
        "{games} games, {decisions} decisions in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Mean points of `policy` (player 0) in a seeded match against four `tutorial` players, and
/// the half-width of its 95% interval by batch means over blocks of 10 games.
#[allow(clippy::cast_precision_loss)]
fn eval(policy: &PatternPolicy, games: u64, seed: u64) -> (f64, f64) {
    let mut m = daifugo::Match::new(daifugo::Rules::UECDA, seed);
    let mut me = policy.clone();
    let mut legal = Vec::new();
    let mut blocks = Vec::new();
    let mut block = 0.0;
    let mut total = 0.0;
    for k in 0..games {
        let mut g = m.next_game();
        while let Some(p) = daifugo::cards_core::game::Game::current_player(&g) {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = daifugo::cards_core::game::Game::observation(&g, p);
            let a = if p == 0 {
                Policy::choose(&mut me, &obs, &legal)
            } else {
                Policy::choose(&mut daifugo::TutorialPlayer, &obs, &legal)
            };
            if daifugo::cards_core::game::Game::apply(&mut g, a).is_err() {
                break;
            }
        }
        let r = g.returns(0);
        total += r;
        block += r;
        if k % 10 == 9 {
            blocks.push(block / 10.0);
            block = 0.0;
        }
        m.finish(&g);
    }
    let mean = total / games.max(1) as f64;
    (mean, half_width(&blocks))
}

/// The half-width of the 95% interval of the mean of `blocks` (batch means; NaN below two).
#[allow(clippy::cast_precision_loss)]
fn half_width(blocks: &[f64]) -> f64 {
    let n = blocks.len() as f64;
    if n < 2.0 {
        return f64::NAN;
    }
    let bm = blocks.iter().sum::<f64>() / n;
    let var = blocks.iter().map(|x| (x - bm) * (x - bm)).sum::<f64>() / (n - 1.0);
    1.96 * (var / n).sqrt()
}

/// The committed table of `policy`'s nonzero weights as Rust source naming `command`.
fn rust_table(policy: &PatternPolicy, command: &str) -> String {
    let mut s = format!(
        "// Generated by `{command}`; do not edit.\n#![allow(clippy::unreadable_literal)]\n\n/// The committed weights that are not zero, `(index, weight)`.\n#[rustfmt::skip]\npub(super) const WEIGHTS: &[(u32, f32)] = &[\n"
    );
    for (i, w) in policy.nonzero() {
        let _ = writeln!(s, "    ({i}, {w:?}),");
    }
    s.push_str("];\n");
    s
}

#[allow(clippy::too_many_lines)]
fn train(args: &[(String, String)], argv: &[String]) -> Result<(), String> {
    let mut data = Vec::new();
    let mut fit = FitOptions::default();
    let (mut temperature, mut chosen_weight) = (0.2f32, 0.5f32);
    let mut eval_games = 0u64;
    let mut out = None;
    let mut test_every = 10usize;
    let mut rl = daifugo::ReinforceOptions::default().with(0, 1, 0.003);
    for (f, v) in args {
        match f.as_str() {
            "--data" => data.extend(v.split(',').map(str::to_string)),
            "--seed" => fit.seed = parse(f, v)?,
            "--epochs" => fit.epochs = parse(f, v)?,
            "--learning-rate" => fit.learning_rate = parse(f, v)?,
            "--l2" => fit.l2 = parse(f, v)?,
            "--temperature" => temperature = parse(f, v)?,
            "--chosen-weight" => chosen_weight = parse(f, v)?,
            "--test-every" => test_every = parse(f, v)?,
            "--eval" => eval_games = parse(f, v)?,
            "--reinforce-games" => rl.games = parse(f, v)?,
            "--reinforce-rate" => rl.learning_rate = parse(f, v)?,
            "--reinforce-replays" => rl.replays = parse(f, v)?,
            "--out" => out = Some(v.clone()),
            _ => {
                return Err(format!(
                    "unknown flag {f} (--data, --seed, --epochs, --learning-rate, --l2, --temperature, --chosen-weight, --test-every, --eval, --reinforce-games, --reinforce-rate, --reinforce-replays, --out)"
                ));
            }
        }
    }
    let (mut train_games, mut test_games) = (Vec::new(), Vec::new());
    let mut n = 0usize;
    for path in &data {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?;
        for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| format!("{path}: {e}"))?;
            let g = SelfPlayGame::from_line(&line).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
            n += 1;
            if test_every > 0 && n.is_multiple_of(test_every) {
                test_games.push(g);
            } else {
                train_games.push(g);
            }
        }
    }
    let started = std::time::Instant::now();
    let train_s = daifugo::pattern_samples(&train_games, temperature, chosen_weight);
    let test_s = daifugo::pattern_samples(&test_games, temperature, chosen_weight);
    eprintln!(
        "{} training samples ({} games), {} held-out ({} games), features in {:.1} s",
        train_s.len(),
        train_games.len(),
        test_s.len(),
        test_games.len(),
        started.elapsed().as_secs_f64()
    );
    let start = PatternPolicy::from_learned(&LearnedPolicy::default());
    let show = |what: &str, p: &PatternPolicy| {
        let (a, b, c) = daifugo::pattern_scores(&train_s, p);
        let (d, e, f) = daifugo::pattern_scores(&test_s, p);
        eprintln!(
            "{what}: train cross-entropy {a:.4} nll {b:.4} accuracy {c:.4}; held-out cross-entropy {d:.4} nll {e:.4} accuracy {f:.4}"
        );
    };
    show("learned policy (start)", &start);
    let started = std::time::Instant::now();
    let mut policy = daifugo::fit_pattern(&train_s, &fit, start);
    eprintln!("fitted in {:.1} s", started.elapsed().as_secs_f64());
    show("pattern policy (fitted)", &policy);
    if rl.games > 0 {
        if eval_games > 0 {
            let (m, h) = eval(&policy, eval_games, 7);
            eprintln!(
                "fitted, before the policy gradient: pattern vs 4 tutorial, {eval_games} games: {m:.3} ± {h:.3}"
            );
        }
        rl.seed = fit.seed;
        let started = std::time::Instant::now();
        policy = daifugo::reinforce(&policy, &rl, |k, mean| {
            eprintln!(
                "policy gradient: {k} deals, mean points of the last 10,000 deals' games (drawn moves) {mean:.3}"
            );
        });
        eprintln!(
            "policy gradient: {} deals x {} in {:.1} s",
            rl.games,
            rl.replays,
            started.elapsed().as_secs_f64()
        );
        show("pattern policy (after the policy gradient)", &policy);
    }
    eprintln!(
        "{} nonzero weights ({} hashed)",
        policy.nonzero().count(),
        policy.nonzero().filter(|(i, _)| *i < PATTERN_SIZE).count()
    );
    if let Some(path) = &out {
        let command = format!(
            "cargo run --release -p daifugo --example pattern_policy -- {}",
            argv.join(" ")
        );
        std::fs::write(path, rust_table(&policy, &command))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if eval_games > 0 {
        let (m, h) = eval(&policy, eval_games, 7);
        eprintln!("pattern vs 4 tutorial, {eval_games} games: {m:.3} ± {h:.3}");
    }
    Ok(())
}

/// The cost of a decision of each policy (`ns` a call, averaged) over positions of random
/// games.
#[allow(clippy::cast_precision_loss)]
fn bench(args: &[(String, String)]) -> Result<(), String> {
    let mut positions = 100_000usize;
    for (f, v) in args {
        match f.as_str() {
            "--positions" => positions = parse(f, v)?,
            _ => return Err(format!("unknown flag {f} (--positions)")),
        }
    }
    // positions from games of the tutorial player, with their legal actions
    let mut games = Vec::new();
    let mut seed = 0;
    let mut count = 0;
    while count < positions {
        let mut g = daifugo::Game::new(daifugo::Rules::UECDA, seed);
        seed += 1;
        let mut snaps = Vec::new();
        while let Some(p) = g.seat_to_act() {
            let legal = g.legal_actions();
            snaps.push((g.clone(), p, legal.clone()));
            let obs = g.observation(usize::from(p));
            let a = daifugo::cards_core::game::Policy::choose(
                &mut daifugo::TutorialPlayer,
                &obs,
                &legal,
            );
            if g.apply(a).is_err() {
                break;
            }
        }
        count += snaps.len();
        games.push(snaps);
    }
    let all: Vec<_> = games.into_iter().flatten().take(positions).collect();
    let multi = all.iter().filter(|s| s.2.len() > 1).count();
    eprintln!(
        "{} positions ({multi} with two or more legal actions)",
        all.len()
    );
    let pattern = PatternPolicy::default();
    let learned = LearnedPolicy::default();
    let mut rng = daifugo::Rng::seed_from_u64(1);
    let mut sink = 0usize;
    let mut time = |name: &str,
                    f: &mut dyn FnMut(
        &daifugo::Observation<'_>,
        &[daifugo::Action],
    ) -> daifugo::Action| {
        let t = std::time::Instant::now();
        for (g, p, legal) in &all {
            let a = f(&g.observation(usize::from(*p)), legal);
            sink += usize::from(matches!(a, daifugo::Action::Pass));
        }
        let ns = t.elapsed().as_nanos() as f64 / all.len() as f64;
        eprintln!("{name}: {ns:.0} ns a decision");
    };
    time("observation only", &mut |_, l| l[0]);
    time("tutorial", &mut |o, l| {
        daifugo::cards_core::game::Policy::choose(&mut daifugo::TutorialPlayer, o, l)
    });
    time("learned best", &mut |o, l| learned.best(o, l));
    time("learned sample", &mut |o, l| learned.sample(o, l, &mut rng));
    time("pattern best", &mut |o, l| pattern.best(o, l));
    time("pattern sample", &mut |o, l| pattern.sample(o, l, &mut rng));
    eprintln!("({sink})");
    Ok(())
}

/// A player by spec: a built-in name, or `search:ROLLOUT` (the shipped search with another
/// rollout), at `playouts` for a search; `+belief[:MODEL:EPS:T:POOL:ESS]` after a search
/// draws its worlds by [`daifugo::Belief`] (default `pattern:0.1:1:256:0.1`).
fn player(spec: &str, seed: u64, playouts: u64) -> Result<Box<dyn Policy<daifugo::Game>>, String> {
    let options = daifugo::cards_core::game::PolicyOptions::new(seed).with_playouts(playouts);
    let (spec, belief) = match spec.split_once("+belief") {
        Some((s, b)) => (s, Some(b.strip_prefix(':').unwrap_or(b))),
        None => (spec, None),
    };
    let mut search = if let Some(r) = spec.strip_prefix("search:") {
        let r: daifugo::SearchRollout = r.parse().map_err(|e| format!("{e}"))?;
        daifugo::search_player(&options).with_rollout(r)
    } else if spec == "search" && belief.is_some() {
        daifugo::search_player(&options)
    } else {
        return <daifugo::Game as daifugo::cards_core::game::Players>::policy_with(spec, &options)
            .map_err(|e| e.to_string());
    };
    if let Some(b) = belief {
        let parts: Vec<&str> = b.split(':').filter(|s| !s.is_empty()).collect();
        let num = |i: usize, d: f64| -> Result<f64, String> {
            parts
                .get(i)
                .map_or(Ok(d), |v| v.parse().map_err(|_| format!("bad belief {b}")))
        };
        let model: daifugo::BeliefModel = parts
            .first()
            .copied()
            .unwrap_or("pattern")
            .parse()
            .map_err(|e| format!("{e}"))?;
        let belief = daifugo::Belief::new(model, num(1, 0.1)?).with_temperature(num(2, 1.0)?);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let pool = num(3, f64::from(daifugo::BELIEF_POOL))? as u32;
        search = search.with_likelihood(
            pool,
            num(4, daifugo::BELIEF_MIN_ESS)?,
            std::sync::Arc::new(belief),
        );
    }
    Ok(Box::new(search))
}

/// Player 0 (`--me`) against four `--others` in a seeded match: its mean points with a 95%
/// interval by batch means over blocks of 10 games, and the searchers' playouts a second.
#[allow(clippy::cast_precision_loss)]
fn play_match(args: &[(String, String)]) -> Result<(), String> {
    let (mut me, mut others) = (String::from("pattern"), String::from("tutorial"));
    let (mut games, mut seed, mut playouts) = (100u64, 1u64, daifugo::SEARCH_PLAYOUTS);
    for (f, v) in args {
        match f.as_str() {
            "--me" => me.clone_from(v),
            "--others" => others.clone_from(v),
            "--games" => games = parse(f, v)?,
            "--seed" => seed = parse(f, v)?,
            "--playouts" => playouts = parse(f, v)?,
            _ => {
                return Err(format!(
                    "unknown flag {f} (--me, --others, --games, --seed, --playouts)"
                ));
            }
        }
    }
    let mut players = Vec::new();
    for p in 0..5u64 {
        players.push(player(
            if p == 0 { &me } else { &others },
            seed * 5 + p,
            playouts,
        )?);
    }
    let mut m = daifugo::Match::new(daifugo::Rules::UECDA, seed);
    let mut legal = Vec::new();
    let (mut blocks, mut block, mut total) = (Vec::new(), 0.0, 0.0);
    let mut think = [0f64; 5];
    let started = std::time::Instant::now();
    for k in 0..games {
        let mut g = m.next_game();
        while let Some(p) = g.seat_to_act() {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = g.observation(usize::from(p));
            let t = std::time::Instant::now();
            let a = players[usize::from(p)].choose(&obs, &legal);
            think[usize::from(p)] += t.elapsed().as_secs_f64();
            if daifugo::cards_core::game::Game::apply(&mut g, a).is_err() {
                break;
            }
        }
        let r = g.returns(0);
        total += r;
        block += r;
        if k % 10 == 9 {
            blocks.push(block / 10.0);
            block = 0.0;
            if blocks.len() % 5 == 0 {
                // a running summary (stderr), so that a long match tells its figure as it goes
                let (n, h) = (blocks.len() as f64, half_width(&blocks));
                let mean = blocks.iter().sum::<f64>() / n;
                eprintln!(
                    "after {} games: {mean:.3} [{:.3}, {:.3}], {:.0} s, player 0 thought {:.1} s, the others {:.1} s",
                    k + 1,
                    mean - h,
                    mean + h,
                    started.elapsed().as_secs_f64(),
                    think[0],
                    think[1..].iter().sum::<f64>()
                );
            }
        }
        m.finish(&g);
    }
    let h = half_width(&blocks);
    let mean = total / games.max(1) as f64;
    println!(
        "{me} vs 4 {others}, {games} games (seed {seed}, playouts {playouts}): mean points {mean:.3}, 95% [{:.3}, {:.3}] (batch means, blocks of 10); {:.0} s, player 0 thought {:.1} s, the others {:.1} s",
        mean - h,
        mean + h,
        started.elapsed().as_secs_f64(),
        think[0],
        think[1..].iter().sum::<f64>()
    );
    Ok(())
}

/// The search's playouts a second of thinking (one thread) with each rollout, over the
/// decisions (two or more legal actions) of one search player against four `tutorial`.
#[allow(clippy::cast_precision_loss)]
fn speed(args: &[(String, String)]) -> Result<(), String> {
    let (mut games, mut playouts) = (10u64, 2_000u64);
    let mut rollouts = vec![String::from("learned-self"), String::from("pattern")];
    for (f, v) in args {
        match f.as_str() {
            "--games" => games = parse(f, v)?,
            "--playouts" => playouts = parse(f, v)?,
            "--rollouts" => rollouts = v.split(',').map(str::to_string).collect(),
            _ => {
                return Err(format!(
                    "unknown flag {f} (--games, --playouts, --rollouts)"
                ));
            }
        }
    }
    for r in &rollouts {
        let rollout: daifugo::SearchRollout = r.parse().map_err(|e| format!("{e}"))?;
        let mut s = daifugo::search_player(
            &daifugo::cards_core::game::PolicyOptions::new(1).with_playouts(playouts),
        )
        .with_rollout(rollout);
        let mut m = daifugo::Match::new(daifugo::Rules::UECDA, 3);
        let mut legal = Vec::new();
        let (mut secs, mut runs) = (0f64, 0u64);
        for _ in 0..games {
            let mut g = m.next_game();
            while let Some(p) = g.seat_to_act() {
                legal.clear();
                g.legal_actions_into(&mut legal);
                let obs = g.observation(usize::from(p));
                let a = if p == 0 {
                    let t = std::time::Instant::now();
                    let a = s.decide(&obs, &legal);
                    if legal.len() > 1 && !obs.exchanging {
                        secs += t.elapsed().as_secs_f64();
                        runs += s.stats().iter().map(|x| x.visits).sum::<u64>();
                    }
                    a
                } else {
                    Policy::choose(&mut daifugo::TutorialPlayer, &obs, &legal)
                };
                if daifugo::cards_core::game::Game::apply(&mut g, a).is_err() {
                    break;
                }
            }
            m.finish(&g);
        }
        println!(
            "rollout {r}: {runs} playouts in {secs:.2} s of decisions: {:.0} playouts/s",
            runs as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = argv.first() else {
        eprintln!("usage: pattern_policy generate|train|bench|match|speed --flag value ...");
        return ExitCode::FAILURE;
    };
    let r = flags(&argv[1..]).and_then(|a| match cmd.as_str() {
        "generate" => generate(&a),
        "train" => train(&a, &argv),
        "bench" => bench(&a),
        "match" => play_match(&a),
        "speed" => speed(&a),
        _ => Err(format!(
            "unknown command {cmd} (generate, train, bench, match, speed)"
        )),
    });
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
