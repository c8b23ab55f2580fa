//! The expert player against `greedy` or `random` over seeded deals, each deal played twice:
//! once with the expert as the landlord (against two of the others) and once as both
//! peasants (`DouZero`'s protocol). Prints the expert side's WP with its 95% interval and its
//! mean score a game (ADP on the `douzero` preset, whose returns are `DouZero`'s ±2·2^b).
//!
//! ```text
//! cargo run --release -p doudizhu --example duel -- 5000 greedy douzero
//! ```
//!
//! Arguments: deals (default 1000), `greedy` or `random`, a flow preset without an auction
//! (`douzero`, the default, or `rlcard`).
use doudizhu::knowledge::ExpertPolicy;
use doudizhu::{Game, GameRules, GreedyPolicy, Policy, RandomPolicy, play_game};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let opp = args.get(2).map_or("greedy", String::as_str);
    let rules: GameRules = match args.get(3).map_or("douzero", String::as_str).parse() {
        Ok(r) => r,
        Err(e) => return eprintln!("{e}"),
    };
    let (mut wins, mut score) = (0u32, 0i64);
    for seed in 0..n {
        for expert_landlord in [true, false] {
            let Ok(mut g) = Game::new(rules, seed) else {
                return eprintln!("no deal for seed {seed}");
            };
            let Some(landlord) = g.state().landlord() else {
                return eprintln!("a preset without an auction is needed (douzero, rlcard)");
            };
            let (mut e1, mut e2) = (ExpertPolicy::new(), ExpertPolicy::new());
            let (mut o1, mut o2) = (GreedyPolicy, GreedyPolicy);
            let (mut r1, mut r2) = (RandomPolicy::new(seed), RandomPolicy::new(seed + 1));
            let [x, y]: [&mut dyn Policy; 2] = if opp == "random" {
                [&mut r1, &mut r2]
            } else {
                [&mut o1, &mut o2]
            };
            if landlord != 0 {
                return eprintln!("the landlord is seat {landlord}: use douzero or rlcard");
            }
            let played = if expert_landlord {
                play_game(&mut g, &mut [&mut e1, x, y])
            } else {
                play_game(&mut g, &mut [x, &mut e1, &mut e2])
            };
            let Some(s) = played else {
                return eprintln!("a player gave up in deal {seed}");
            };
            let landlord_score = s[0];
            wins += u32::from((landlord_score > 0) == expert_landlord);
            score += if expert_landlord {
                landlord_score
            } else {
                -landlord_score
            };
        }
    }
    let games = f64::from(u32::try_from(2 * n).unwrap_or(u32::MAX));
    let p = f64::from(wins) / games;
    let half = 1.96 * (p * (1.0 - p) / games).sqrt();
    #[allow(clippy::cast_precision_loss)] // a sum of a few thousand small scores
    let mean = score as f64 / games;
    println!("expert vs {opp}: WP {p:.3} ± {half:.3}, mean score {mean:+.3} over {games} games");
}
