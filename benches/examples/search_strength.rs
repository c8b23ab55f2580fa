//! Quick strength and time figures of the search players (release build, fixed playout
//! budgets, so a result reproduces under any load; the times do not).
//!
//! ```text
//! cargo run --release -p benches --example search_strength -- doudizhu [playouts] [deals] [random|greedy|expert]
//! cargo run --release -p benches --example search_strength -- daifugo [playouts] [games] [rollout] [ismcts|pimc|pimc-sh] [exploration] [tutorial,random]
//! cargo run --release -p benches --example search_strength -- daifugo-policy [name] [games] [tutorial,random]
//! cargo run --release -p benches --example search_strength -- kabu [playouts] [rounds]
//! ```
//!
//! - Dou Dizhu (`douzero` preset: seat 0 is the landlord, no auction): every deal played twice,
//!   the search once as the landlord against two `greedy` peasants, once as both peasants
//!   against a `greedy` landlord; WP (the search side's wins) and ADP (its mean score), 95%
//!   intervals (normal, over deals: the two games of a deal summed).
//! - Daifugo (`uecda`): `pimc-sh` is flat Monte-Carlo with sequential halving, and
//!   `DAIFUGO_BELIEF=N` sets the worlds weighed for each one played (1: none weighed;
//!   `daifugo::SEARCH_BELIEF` by default), and `DAIFUGO_WALK=N` the moves a world may take from
//!   the last one ([`cards_search::Search::with_walk`]; 0, every world sampled afresh, by default);
//!   `DAIFUGO_LIKELIHOOD=MODEL:EPS:T:POOL:ESS` draws the worlds by [`daifugo::Belief`]'s
//!   likelihood instead ([`cards_search::Search::with_likelihood`]; e.g. `pattern:0.1:3:256:0.1`);
//!   `DAIFUGO_EARLY_STOP=Z:MIN_WORLDS` stops a decision early when one action dominates
//!   ([`cards_search::Search::with_early_stop`]; `daifugo::SEARCH_EARLY_STOP` by default, `off`
//!   for none), `DAIFUGO_CARRY=N` lets a decision draw up to N playouts that earlier ones left
//!   ([`cards_search::Search::with_carry`]), `DAIFUGO_THINK_MS=N` gives each decision N ms in
//!   place of the playouts (as `--think-ms`; the wall time's overshoot is reported),
//!   `DAIFUGO_MATCH_SEED=N` plays another match's deals (7 by default) and `DAIFUGO_DUMP=PATH`
//!   writes each game's points and each decision's CPU ms to `PATH.points` and `PATH.ms`. A match (`daifugo::Match`: classes and the
//!   exchange carried over, seats shuffled every 3 games) of the search (player 0) against four `tutorial` players, and one
//!   against four `random`; mean points with a 95% interval by batch means over blocks of 10.
//! - Kabu: the search as player 0 (stakes and draws) against the `house` dealer, beside the
//!   `house` field policy on the same rounds; mean net with a 95% interval.
//!
//! Time: the CPU time of each search decision with at least two legal actions (one thread;
//! read by `benches::thread_cpu_ns`, the wall time where that is missing): median and
//! p90.

// Counts and indices here are far below 2^52, and a quantile's index is non-negative.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_truncation
)]

use std::time::Instant;

use cards_core::game::{Game, Players, Policy, PolicyOptions};

/// Mean and half-width of a normal 95% interval.
fn interval(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let v = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, 1.96 * (v / n).sqrt())
}

use benches::thread_cpu_ns as cpu_ns;

/// Times every decision with at least two legal actions: the thread's CPU time where Linux
/// tells it (one thread: the search's own), else the wall time.
struct Timed<P> {
    inner: P,
    ms: Vec<f64>,
    /// The wall time of the same decisions.
    wall: Vec<f64>,
}

impl<G: Game, P: Policy<G>> Policy<G> for Timed<P> {
    fn choose(&mut self, obs: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        let (t, c) = (Instant::now(), cpu_ns());
        let a = self.inner.choose(obs, legal);
        if legal.len() > 1 {
            let wall = t.elapsed().as_secs_f64() * 1e3;
            let ms = match (c, cpu_ns()) {
                (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e6,
                _ => wall,
            };
            self.ms.push(ms);
            self.wall.push(wall);
        }
        a
    }
}

fn times(ms: &mut [f64]) -> String {
    ms.sort_by(f64::total_cmp);
    if ms.is_empty() {
        return "no decisions".into();
    }
    let q = |p: f64| ms[((ms.len() - 1) as f64 * p).round() as usize];
    format!(
        "{} decisions, CPU median {:.1} ms, p90 {:.1} ms",
        ms.len(),
        q(0.5),
        q(0.9)
    )
}

fn play<G: Game>(g: &mut G, seats: &mut [&mut dyn Policy<G>]) {
    let mut legal = Vec::new();
    while let Some(p) = g.current_player() {
        legal.clear();
        g.legal_actions_into(&mut legal);
        let a = seats[p].choose(&g.observation(p), &legal);
        g.apply(a).expect("legal");
    }
}

fn doudizhu(playouts: u64, deals: u64, rollout: &str) {
    use doudizhu::{GameRules, SearchRollout};
    let rollout = if rollout == "expert" {
        SearchRollout::Expert
    } else if rollout == "greedy" {
        SearchRollout::Greedy
    } else {
        SearchRollout::Random
    };
    let options = |seed| PolicyOptions::new(seed).with_playouts(playouts);
    let mut search = Timed {
        inner: doudizhu::search_player(&options(1)).with_rollout(rollout),
        ms: Vec::new(),
        wall: Vec::new(),
    };
    let mut peer = doudizhu::search_player(&options(2)).with_rollout(rollout);
    let greedy = doudizhu::GreedyPolicy;
    let (mut wins, mut scores, mut ll, mut pp) = (Vec::new(), Vec::new(), 0.0, 0.0);
    let started = Instant::now();
    for d in 0..deals {
        let base = doudizhu::Game::new(GameRules::DOUZERO, d).expect("deal");
        // The search as the landlord.
        let mut g = base.clone();
        let mut g1 = greedy;
        let mut g2 = greedy;
        play(&mut g, &mut [&mut search, &mut g1, &mut g2]);
        let (w1, s1) = (f64::from(u8::from(g.returns(0) > 0.0)), g.returns(0));
        ll += w1;
        // The search as both peasants.
        let mut g = base.clone();
        let mut g0 = greedy;
        play(&mut g, &mut [&mut g0, &mut search, &mut peer]);
        let (w2, s2) = (f64::from(u8::from(g.returns(1) > 0.0)), -g.returns(0));
        pp += w2;
        wins.push(f64::midpoint(w1, w2));
        scores.push(f64::midpoint(s1, s2));
    }
    let (wp, wh) = interval(&wins);
    let (adp, ah) = interval(&scores);
    let n = deals as f64;
    println!(
        "doudizhu douzero, search ({playouts} playouts, {rollout:?} rollouts) vs greedy, {deals} deals x 2: WP {wp:.3} ± {wh:.3} (landlord {:.3}, peasants {:.3}), ADP {adp:+.3} ± {ah:.3}; {}; {:.1} s",
        ll / n,
        pp / n,
        times(&mut search.ms),
        started.elapsed().as_secs_f64()
    );
}

/// The think time a decision asked for by `DAIFUGO_THINK_MS`, if any.
fn think_ms() -> Option<u64> {
    std::env::var("DAIFUGO_THINK_MS")
        .ok()
        .and_then(|s| s.parse().ok())
}

/// How far the wall time of the decisions overshot `think` ms: median, p99 and the most.
fn overshoot(wall: &mut [f64], think: u64) -> String {
    wall.sort_by(f64::total_cmp);
    if wall.is_empty() {
        return String::new();
    }
    let q = |p: f64| wall[((wall.len() - 1) as f64 * p).round() as usize] - think as f64;
    format!(
        "; wall time over the {think} ms asked: median {:+.3} ms, p99 {:+.3} ms, most {:+.3} ms",
        q(0.5),
        q(0.99),
        q(1.0)
    )
}

/// The Daifugo search's settings from the command line: rollout, algorithm, exploration.
fn daifugo_search(playouts: u64, rollout: &str, algorithm: &str, c: f64) -> daifugo::SearchPlayer {
    let rollout: daifugo::SearchRollout = rollout.parse().expect("a rollout name");
    let env = |name: &str, default: u32| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    // `DAIFUGO_BELIEF=N`: an ablation of the worlds' weighing (1 plays every world sampled).
    let belief = env("DAIFUGO_BELIEF", daifugo::SEARCH_BELIEF);
    // `DAIFUGO_WALK=N`: the moves from world to world (0: every world sampled afresh).
    let walk = env("DAIFUGO_WALK", 0);
    let (algorithm, halving) = match algorithm {
        "pimc" => (cards_search::Algorithm::Pimc, false),
        "pimc-sh" => (cards_search::Algorithm::Pimc, true),
        _ => (cards_search::Algorithm::Ismcts, false),
    };
    // `DAIFUGO_THINK_MS=N`: N ms a decision in place of the playouts (as `--think-ms`).
    let options = match think_ms() {
        Some(ms) => PolicyOptions::new(1).with_think_ms(ms),
        None => PolicyOptions::new(1).with_playouts(playouts),
    };
    let search = daifugo::search_player(&options)
        .with_rollout(rollout)
        .with_algorithm(algorithm)
        .with_halving(halving)
        .with_exploration(c)
        .with_belief(belief)
        .with_walk(walk);
    // `DAIFUGO_EARLY_STOP=Z:MIN_WORLDS`: a decision stops when one action leads by Z
    // standard errors after MIN_WORLDS worlds (`daifugo::SEARCH_EARLY_STOP` by default; `off`:
    // every decision plays its whole budget).
    let search = match std::env::var("DAIFUGO_EARLY_STOP") {
        Ok(spec) if spec == "off" => search.with_early_stop(None),
        Ok(spec) => {
            let (z, min) = spec
                .split_once(':')
                .expect("DAIFUGO_EARLY_STOP=Z:MIN_WORLDS");
            search.with_early_stop(Some((
                z.parse().expect("a number"),
                min.parse().expect("a count"),
            )))
        }
        Err(_) => search,
    };
    // `DAIFUGO_CARRY=N`: up to N playouts a decision drawn from those earlier decisions left
    // unspent (`cards_search::Search::with_carry`; none by default).
    let search = match std::env::var("DAIFUGO_CARRY") {
        Ok(n) => search.with_carry(Some(n.parse().expect("DAIFUGO_CARRY=N"))),
        Err(_) => search,
    };
    // `DAIFUGO_LIKELIHOOD=MODEL:EPS:T:POOL:ESS`: worlds drawn by `daifugo::Belief`'s likelihood
    // (e.g. `pattern:0.1:3:256:0.1`) in place of the weighing.
    match std::env::var("DAIFUGO_LIKELIHOOD") {
        Ok(spec) => {
            let p: Vec<&str> = spec.split(':').collect();
            let num = |i: usize| -> f64 {
                p.get(i)
                    .and_then(|v| v.parse().ok())
                    .expect("DAIFUGO_LIKELIHOOD=MODEL:EPS:T:POOL:ESS")
            };
            let model: daifugo::BeliefModel = p[0].parse().expect("a belief model");
            let belief = daifugo::Belief::new(model, num(1)).with_temperature(num(2));
            search.with_likelihood(num(3) as u32, num(4), std::sync::Arc::new(belief))
        }
        Err(_) => search,
    }
}

/// A Daifugo player that gives its weakest cards in the exchange (`DAIFUGO_GIVE=weakest`, an
/// ablation of the search's exchange choice) and asks `P` everything else.
struct WeakestGive<'a, P>(&'a mut P);

impl<P: Policy<daifugo::Game>> Policy<daifugo::Game> for WeakestGive<'_, P> {
    fn choose(
        &mut self,
        obs: &daifugo::Observation<'_>,
        legal: &[daifugo::Action],
    ) -> daifugo::Action {
        match legal.first() {
            Some(daifugo::Action::Give(c)) if obs.exchanging => {
                daifugo::Action::Give(daifugo::weakest(obs.hand, c.len()))
            }
            _ => self.0.choose(obs, legal),
        }
    }
}

/// A match of `me` (player 0) against four `others`: the points of player 0, game by game.
fn daifugo_match(me: &mut dyn Policy<daifugo::Game>, others: &str, games: u64) -> Vec<f64> {
    use daifugo::{Match, Rules};
    let mut rest: Vec<Box<dyn Policy<daifugo::Game>>> = (0..4)
        .map(|i| daifugo::Game::policy(others, 10 + i).expect("a player"))
        .collect();
    // `DAIFUGO_MATCH_SEED=N`: another match's deals (7 by default), to split a long match.
    let seed = std::env::var("DAIFUGO_MATCH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let mut m = Match::new(Rules::UECDA, seed);
    let mut points = Vec::new();
    for _ in 0..games {
        let mut g = m.next_game();
        let [a, b, c, d] = &mut rest[..] else {
            unreachable!()
        };
        play(&mut g, &mut [me, &mut **a, &mut **b, &mut **c, &mut **d]);
        points.push(g.returns(0));
        m.finish(&g);
    }
    points
}

/// Mean points with a 95% interval by batch means over blocks of 10 games, and the places.
fn daifugo_summary(points: &[f64]) -> String {
    let blocks: Vec<f64> = points
        .chunks(10)
        .map(|c| c.iter().sum::<f64>() / c.len() as f64)
        .collect();
    let (mean, half) = interval(&blocks);
    let firsts = points.iter().filter(|&&p| p > 4.5).count();
    format!("mean points {mean:.3} ± {half:.3} (batch means of 10; first in {firsts})")
}

fn daifugo(playouts: u64, games: u64, rollout: &str, algorithm: &str, c: f64, others: &str) {
    for others in others.split(',') {
        let mut search = Timed {
            inner: daifugo_search(playouts, rollout, algorithm, c),
            ms: Vec::new(),
            wall: Vec::new(),
        };
        let started = Instant::now();
        let points = if std::env::var("DAIFUGO_GIVE").is_ok_and(|v| v == "weakest") {
            daifugo_match(&mut WeakestGive(&mut search), others, games)
        } else {
            daifugo_match(&mut search, others, games)
        };
        // `DAIFUGO_DUMP=PATH`: each game's points and each timed decision's CPU ms written to
        // PATH.points and PATH.ms, one a line, so that split matches can be pooled.
        if let Ok(path) = std::env::var("DAIFUGO_DUMP") {
            let lines = |xs: &[f64]| {
                xs.iter().fold(String::new(), |mut out, x| {
                    use std::fmt::Write as _;
                    let _ = writeln!(out, "{x}");
                    out
                })
            };
            std::fs::write(format!("{path}.points"), lines(&points)).expect("write points");
            std::fs::write(format!("{path}.ms"), lines(&search.ms)).expect("write ms");
        }
        let over = think_ms().map_or(String::new(), |t| overshoot(&mut search.wall, t));
        println!(
            "daifugo uecda, search ({playouts} playouts, {rollout} rollouts, {algorithm}, c {c}) vs 4 {others}, {games} games: {}; {}{over}; {:.1} s",
            daifugo_summary(&points),
            times(&mut search.ms),
            started.elapsed().as_secs_f64()
        );
    }
}

/// A built-in Daifugo player by name (no search budget) against four `others`.
fn daifugo_policy(name: &str, games: u64, others: &str) {
    for others in others.split(',') {
        let mut me = daifugo::Game::policy(name, 1).expect("a player");
        let started = Instant::now();
        let points = daifugo_match(&mut *me, others, games);
        println!(
            "daifugo uecda, {name} vs 4 {others}, {games} games: {}; {:.1} s",
            daifugo_summary(&points),
            started.elapsed().as_secs_f64()
        );
    }
}

fn kabu(playouts: u64, rounds: u64) {
    use kabu::{Round, Rules};
    let mut search = Timed {
        inner: kabu::search_player(&PolicyOptions::new(1).with_playouts(playouts)),
        ms: Vec::new(),
        wall: Vec::new(),
    };
    let mut house = Round::policy("house", 0).expect("house");
    let mut dealer = Round::policy("house", 0).expect("house");
    let (mut s, mut h, mut diff) = (Vec::new(), Vec::new(), Vec::new());
    let started = Instant::now();
    for r in 0..rounds {
        let mut g = Round::new(Rules::DEFAULT, r);
        play(&mut g, &mut [&mut search, &mut *dealer]);
        let mut g2 = Round::new(Rules::DEFAULT, r);
        play(&mut g2, &mut [&mut *house, &mut *dealer]);
        s.push(g.returns(0));
        h.push(g2.returns(0));
        diff.push(g.returns(0) - g2.returns(0));
    }
    let (sm, sh) = interval(&s);
    let (hm, hh) = interval(&h);
    let (dm, dh) = interval(&diff);
    println!(
        "kabu default, vs the house dealer, {rounds} rounds: search ({playouts} playouts) {sm:+.4} ± {sh:.4}, house {hm:+.4} ± {hh:.4}, difference {dm:+.4} ± {dh:.4} (paired); {}; {:.1} s",
        times(&mut search.ms),
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let word = |i: usize, d: &'static str| args.get(i).map_or(d, String::as_str);
    match word(0, "doudizhu") {
        "doudizhu" => doudizhu(
            num(1, doudizhu::SEARCH_PLAYOUTS),
            num(2, 100),
            word(3, "random"),
        ),
        "daifugo" => daifugo(
            num(1, daifugo::SEARCH_PLAYOUTS),
            num(2, 100),
            word(3, "tutorial"),
            word(4, "ismcts"),
            args.get(5)
                .and_then(|s| s.parse().ok())
                .unwrap_or(cards_search::DEFAULT_EXPLORATION),
            word(6, "tutorial,random"),
        ),
        "daifugo-policy" => {
            daifugo_policy(word(1, "tutorial"), num(2, 100), word(3, "tutorial,random"));
        }
        "kabu" => kabu(num(1, kabu::SEARCH_PLAYOUTS), num(2, 2_000)),
        other => eprintln!("unknown game {other:?} (doudizhu, daifugo, kabu)"),
    }
}
