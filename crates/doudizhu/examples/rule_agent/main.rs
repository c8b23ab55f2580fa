//! Dou Dizhu players against a port of RLCard 1.2's rule agent (`doudizhu-rule-v1`), or
//! against each other, by DouZero's protocol: each seeded deal of the `rlcard` preset (no
//! auction, seat 0 the landlord) is played twice, the first player once as the landlord and once
//! as both peasants. Prints WP (Wilson's 95% interval) and ADP (DouZero's score, ±2·2^b for the
//! landlord's side, b the bombs and rockets played, with a normal 95% interval), overall and per
//! side, and the first player's CPU time per decision with more than one legal action (median,
//! p90, p99, the slowest; the wall clock where the thread's CPU time cannot be read).
//!
//! ```text
//! cargo run --release -p doudizhu --example rule_agent -- FIRST [SECOND] [DEALS] [SEED] [BUDGET]
//! cargo run --release -p doudizhu --example rule_agent -- expert rule 10000 100000
//! cargo run --release -p doudizhu --example rule_agent -- expert old 10000 100000
//! cargo run --release -p doudizhu --example rule_agent -- search rule 250 100000 p16000
//! ```
//!
//! A player is a built-in name (`expert`, `search`, `greedy`, `random`), `rule` (the rule
//! agent, [`rlcard_rule`]), `old` (`expert` before its endgame solver, [`old_expert`]),
//! `search-noend` (`search` without its endgame solver), `search-roles` (as the landlord
//! `search` with `expert` rollouts and a quarter of the playouts, as a peasant `search`, each
//! built as `search` was before it played the roles apart; `search` itself now gives its
//! landlord `expert` rollouts on the whole budget) or `search-expert` (`search` before the
//! roles with `expert` rollouts, `SearchRollout::Expert`, for both roles); `search+SETTING+...` is
//! `search` with settings changed ([`variant`]: `search+expert+pimc+stop2.5`); `roles+SETTING+...`
//! is `search-roles` with those settings on both sides (`roles+adp`).
//! SECOND defaults to `rule`, DEALS to 2,000, SEED to 0; BUDGET is a searching player's budget
//! a decision, a think time in milliseconds (`100`) or playouts (`p16000`). The Python
//! harness with RLCard itself is `crates/cards-py/bench/rlcard_match.py`.
//!
//! With `RA_LOST` set in the environment, each game the first player loses is printed: its side,
//! the cards each seat held at the end, the bombs played, and what the exact open-hand solver
//! (every hand face up, both sides playing their best; at most 2,000,000 nodes) said at the
//! first player's decisions once the three hands held at most 30 cards: the last position its
//! side could still force a win from (`last_open_win`: the cards the three hands held, the seat to move) and the
//! first it could not (`first_open_loss`). The solves are not counted in the CPU times.

#![allow(clippy::doc_markdown)] // RLCard, DouZero

mod old_expert;
mod rlcard_rule;

use doudizhu::cards_core::game::{Players as _, Policy, PolicyOptions};
use doudizhu::{Game, GameRules};

/// A searching player's budget a decision: a think time or playouts.
#[derive(Clone, Copy)]
enum Budget {
    Default,
    ThinkMs(u64),
    Playouts(u64),
}

impl Budget {
    /// A quarter of the playouts (the default's when none are given); a think time stays.
    fn quarter(self) -> Budget {
        match self {
            Budget::Default => Budget::Playouts(doudizhu::SEARCH_PLAYOUTS / 4),
            Budget::ThinkMs(ms) => Budget::ThinkMs(ms),
            Budget::Playouts(p) => Budget::Playouts(p / 4),
        }
    }

    fn options(self, seed: u64) -> PolicyOptions {
        let o = PolicyOptions::new(seed).with_threads(1);
        match self {
            Budget::Default => o,
            Budget::ThinkMs(ms) => o.with_think_ms(ms),
            Budget::Playouts(p) => o.with_playouts(p),
        }
    }
}

fn player(name: &str, seed: u64, budget: Budget) -> Result<Box<dyn Policy<Game>>, String> {
    match name {
        "rule" => Ok(Box::new(rlcard_rule::RlcardRule::new(seed))),
        "old" => Ok(Box::new(old_expert::OldExpert::default())),
        "search-noend" => Ok(Box::new(
            doudizhu::SearchPlayer::new(&budget.options(seed)).with_endgame(false),
        )),
        "search-expert" => Ok(Box::new(
            doudizhu::SearchPlayer::new(&budget.options(seed))
                .with_landlord_rollout(None)
                .with_rollout(doudizhu::SearchRollout::Expert),
        )),
        "search-roles" => Ok(Box::new(Roles {
            landlord: doudizhu::SearchPlayer::new(&budget.quarter().options(seed))
                .with_landlord_rollout(None)
                .with_rollout(doudizhu::SearchRollout::Expert),
            peasant: doudizhu::SearchPlayer::new(&budget.options(seed)).with_landlord_rollout(None),
        })),
        _ if name.starts_with("roles+") => {
            let rest = &name["roles+".len()..];
            Ok(Box::new(Roles {
                landlord: variant_player(
                    &format!("search+noroles+expert+{rest}"),
                    seed,
                    budget.quarter(),
                )?,
                peasant: variant_player(&format!("search+noroles+{rest}"), seed, budget)?,
            }))
        }
        _ if name.starts_with("search+") => variant(name, seed, budget),
        _ => Game::policy_with(name, &budget.options(seed)).map_err(|e| e.to_string()),
    }
}

/// `search` with settings after `+`: `expert` or `greedy` rollouts, `noend` (no endgame
/// solver), `noroles` (the landlord searches as a peasant does, as `search` did before the
/// roles), `pimc` (flat Monte-Carlo), `halving` (its sequential halving), `stopZ` (its early
/// stop at `Z` standard errors, after 16 worlds), `cX` (ISMCTS's exploration constant `X`),
/// `adp` or `wp` (playouts scored by DouZero's reward, `SearchValue::DouZero`), `beliefE`
/// (worlds drawn from a pool of 256 by `PassBelief::new(E)`, tempered to keep 0.3 of it).
fn variant(name: &str, seed: u64, budget: Budget) -> Result<Box<dyn Policy<Game>>, String> {
    Ok(Box::new(variant_player(name, seed, budget)?))
}

/// The search player of [`variant`].
fn variant_player(name: &str, seed: u64, budget: Budget) -> Result<doudizhu::SearchPlayer, String> {
    use doudizhu::cards_search::Algorithm;
    let mut p = doudizhu::SearchPlayer::new(&budget.options(seed));
    for part in name.split('+').skip(1) {
        let bad = || format!("{name:?}: unknown setting {part:?}");
        p = match part {
            "expert" => p.with_rollout(doudizhu::SearchRollout::Expert),
            "greedy" => p.with_rollout(doudizhu::SearchRollout::Greedy),
            "noend" => p.with_endgame(false),
            "noroles" => p.with_landlord_rollout(None),
            "pimc" => p.with_search(|s| s.with_algorithm(Algorithm::Pimc)),
            "halving" => p.with_search(|s| s.with_halving(true)),
            "adp" => p.with_search(|s| {
                s.with_evaluator(doudizhu::SearchValue::DouZero(doudizhu::Objective::Adp))
            }),
            "wp" => p.with_search(|s| {
                s.with_evaluator(doudizhu::SearchValue::DouZero(doudizhu::Objective::Wp))
            }),
            _ => {
                if let Some(z) = part.strip_prefix("stop") {
                    let z: f64 = z.parse().map_err(|_| bad())?;
                    p.with_search(|s| s.with_early_stop(Some((z, 16))))
                } else if let Some(e) = part.strip_prefix("belief") {
                    let e: f64 = e.parse().map_err(|_| bad())?;
                    let model = std::sync::Arc::new(doudizhu::PassBelief::new(e));
                    p.with_search(|s| s.with_likelihood(256, 0.3, model.clone()))
                } else if let Some(c) = part.strip_prefix('c') {
                    let c: f64 = c.parse().map_err(|_| bad())?;
                    p.with_search(|s| s.with_exploration(c))
                } else {
                    return Err(bad());
                }
            }
        };
    }
    Ok(p)
}

/// `search-roles`: as the landlord `search` with `expert` rollouts and a quarter of the
/// playouts (an `expert` playout costs about four random ones), as a peasant `search`.
struct Roles {
    landlord: doudizhu::SearchPlayer,
    peasant: doudizhu::SearchPlayer,
}

impl Policy<Game> for Roles {
    fn choose(
        &mut self,
        obs: &doudizhu::Observation<'_>,
        legal: &[doudizhu::Action],
    ) -> doudizhu::Action {
        if obs.landlord() == Some(obs.seat()) {
            self.landlord.choose(obs, legal)
        } else {
            self.peasant.choose(obs, legal)
        }
    }
}

struct Side {
    won: Vec<bool>,
    score: Vec<f64>,
}

#[allow(clippy::cast_precision_loss)]
fn report(label: &str, s: &Side) {
    let n = s.won.len() as f64;
    let k = s.won.iter().filter(|&&w| w).count() as f64;
    let z = 1.96f64;
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let mean = s.score.iter().sum::<f64>() / n;
    let var = s.score.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    let h = z * (var / n).sqrt();
    println!(
        "  {label:9} WP {p:.3} [{:.3}, {:.3}]  ADP {mean:+.3} [{:+.3}, {:+.3}]  ({} games)",
        centre - half,
        centre + half,
        mean - h,
        mean + h,
        s.won.len()
    );
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first = args.first().map_or("expert", String::as_str).to_owned();
    let second = args.get(1).map_or("rule", String::as_str).to_owned();
    let number = |i: usize, default: u64| -> Result<u64, String> {
        args.get(i).map_or(Ok(default), |a| {
            a.parse()
                .map_err(|_| format!("argument {i}: a whole number, not {a:?}"))
        })
    };
    let (deals, seed) = (number(2, 2000)?, number(3, 0)?);
    let budget = match args.get(4) {
        None => Budget::Default,
        Some(b) => match b.strip_prefix('p') {
            Some(p) => Budget::Playouts(p.parse().map_err(|_| format!("playouts: {b:?}"))?),
            None => Budget::ThinkMs(number(4, 0)?),
        },
    };
    let log_lost = std::env::var_os("RA_LOST").is_some();
    let started = std::time::Instant::now();
    let mut sides = [
        Side {
            won: Vec::new(),
            score: Vec::new(),
        },
        Side {
            won: Vec::new(),
            score: Vec::new(),
        },
    ];
    let mut think = Vec::new();
    for s in seed..seed + deals {
        for (side, first_landlord) in [(0usize, true), (1, false)] {
            let mut g = Game::new(GameRules::RLCARD, s)?;
            let mut players = Vec::new();
            for seat in 0..3u64 {
                let ours = (seat == 0) == first_landlord;
                let name = if ours { &first } else { &second };
                let ps = (s * 2 + u64::from(first_landlord)) * 3 + seat;
                players.push((ours, player(name, ps, budget)?));
            }
            // RA_LOST: the open-hand solve at each of our decisions once the three hands hold at
            // most 30 cards (the last one where our side still had a sure win)
            let mut last_win: Option<(u32, u8)> = None;
            let mut first_loss_open: Option<u32> = None;
            while let Some(p) = g.seat_to_act() {
                let legal = g.legal_actions();
                if log_lost
                    && legal.len() > 1
                    && (p == 0) == first_landlord
                    && let Some((cards, win)) = open_hand(&g, first_landlord)
                {
                    if win {
                        last_win = Some((cards, p));
                    } else if first_loss_open.is_none() {
                        first_loss_open = Some(cards);
                    }
                }
                let (ours, pl) = &mut players[usize::from(p)];
                let obs = g.observation(usize::from(p));
                let t = cpu_time();
                let a = pl.choose(&obs, &legal);
                if *ours && legal.len() > 1 {
                    think.push(cpu_time() - t);
                }
                g.apply_with_outcome(a)?;
            }
            let landlord_won = g.scores()[0] > 0;
            let won = landlord_won == first_landlord;
            if log_lost && !won {
                let left: Vec<u32> = (0..3).map(|i| g.state().hand(i).len()).collect();
                println!(
                    "LOST seed {s} as {} left {left:?} bombs {} last_open_win {last_win:?} first_open_loss {first_loss_open:?}",
                    if first_landlord {
                        "landlord"
                    } else {
                        "peasants"
                    },
                    g.observation(0).bombs()
                );
            }
            let b = g.observation(0).bombs();
            let pts = f64::from(2u32 << b.min(20));
            sides[side].won.push(won);
            sides[side].score.push(if won { pts } else { -pts });
        }
    }
    println!(
        "{first} vs {second}, {deals} deals x 2 seatings (seed {seed}), {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let all = Side {
        won: sides.iter().flat_map(|s| s.won.iter().copied()).collect(),
        score: sides.iter().flat_map(|s| s.score.iter().copied()).collect(),
    };
    report("all", &all);
    report("landlord", &sides[0]);
    report("peasants", &sides[1]);
    think.sort_by(f64::total_cmp);
    if let Some(m) = think.get(think.len() / 2) {
        println!(
            "  {first}'s CPU time per decision ({} decisions): median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.1} ms",
            think.len(),
            1000.0 * m,
            1000.0 * think[think.len() * 9 / 10],
            1000.0 * think[think.len() * 99 / 100],
            1000.0 * think[think.len() - 1]
        );
    }
    Ok(())
}

/// The cards in the three hands and whether the landlord's side (`landlord_side`) or the
/// peasants' can force a win with every hand face up, once the hands hold at most 30 cards
/// (`None`: more, or not solved within 2,000,000 nodes).
fn open_hand(g: &Game, landlord_side: bool) -> Option<(u32, bool)> {
    let pos = doudizhu::solve::Position::from_state(g.state())?;
    if pos.len() > 30 {
        return None;
    }
    let landlord_wins = doudizhu::solve::Solver::new(g.state().rules().plays)
        .with_node_limit(2_000_000)
        .landlord_wins(&pos)
        .ok()?;
    Some((pos.len(), landlord_wins == landlord_side))
}

/// This thread's CPU time in seconds (`CLOCK_THREAD_CPUTIME_ID`), or where that cannot be read
/// the wall clock's seconds since the first call.
fn cpu_time() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    cpu_time::ThreadTime::try_now().map_or_else(
        |_| {
            START
                .get_or_init(std::time::Instant::now)
                .elapsed()
                .as_secs_f64()
        },
        |t| t.as_duration().as_secs_f64(),
    )
}
