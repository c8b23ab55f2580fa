//! Trains `expert`'s bidding model ([`doudizhu::bidding::train`]) and compares it with the
//! fixed rule on other deals; `--write` writes the model (`src/players/learned_bids.rs`) and its table
//! (the crate's README, between the `bid-table` markers); `--shipped` evaluates the shipped
//! model instead of training one.
//!
//! ```text
//! cargo run --release -p doudizhu --example train_bidding -- [--seed S] [--deals N]
//!     [--eval-seed S] [--eval-deals N] [--write | --shipped]
//! ```

use doudizhu::GameRules;
use doudizhu::bidding::{self, Bidding, all_pass_rate, compare, play_outs};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut seed = bidding::LEARNED_SEED.max(1);
    let mut deals = bidding::LEARNED_DEALS.max(1000);
    let (mut eval_seed, mut eval_deals, mut write) = (1_000_000u64, 20_000u64, false);
    let mut shipped = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{name} takes a whole number"))
        };
        match a.as_str() {
            "--seed" => seed = value("--seed")?,
            "--deals" => deals = value("--deals")?,
            "--eval-seed" => eval_seed = value("--eval-seed")?,
            "--eval-deals" => eval_deals = value("--eval-deals")?,
            "--write" => write = true,
            "--shipped" => shipped = true,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    if shipped && write {
        return Err("--shipped writes nothing: give one of --shipped and --write".into());
    }
    let started = std::time::Instant::now();
    let model = if shipped {
        (seed, deals) = (bidding::LEARNED_SEED, bidding::LEARNED_DEALS);
        bidding::LEARNED
    } else {
        let model = bidding::train(seed, deals);
        eprintln!(
            "trained on {deals} deals from seed {seed} in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        model
    };
    println!("{}", bidding::table_markdown(&model, seed, deals));
    let held_out = play_outs(eval_seed, eval_deals);
    // the share of one game's landlord return the value explains, on the held-out deals
    let (mut n, mut sum, mut sq, mut err) = (0.0f64, 0.0, 0.0, 0.0);
    for s in &held_out {
        for (f, &y) in s.features.iter().zip(&s.landlord) {
            let e = y - model.value(f);
            (n, sum, sq, err) = (n + 1.0, sum + y, sq + y * y, err + e * e);
        }
    }
    println!(
        "R² of the value on the held-out deals: {:.3} ({} hands)",
        1.0 - err / (sq - sum * sum / n),
        n
    );
    let rules = GameRules::STANDARD;
    let learned = Bidding::Learned(model);
    let mut zero = model;
    zero.thresholds = [[0.0; 3]; 3];
    for (name, b) in [
        ("learned", learned),
        ("learned, thresholds 0", Bidding::Learned(zero)),
    ] {
        let c = compare(&held_out, &rules, &b, &Bidding::Fixed);
        println!(
            "{name} against the fixed rule, {} deals from seed {eval_seed} x 2 seatings: {:+.4} ± {:.4} a game (all pass {:.1}%)",
            eval_deals,
            c.mean,
            c.half_width,
            100.0 * c.all_pass
        );
    }
    for (name, b) in [("learned", learned), ("fixed", Bidding::Fixed)] {
        println!(
            "three {name} bidders: all pass in {:.1}% of the deals",
            100.0 * all_pass_rate(&held_out, &rules, &b)
        );
    }
    if write {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::write(
            dir.join("src/players/learned_bids.rs"),
            bidding::learned_source(&model, seed, deals),
        )?;
        let readme = dir.join("README.md");
        let text = std::fs::read_to_string(&readme)?;
        let (start, end) = (bidding::TABLE_START, bidding::TABLE_END);
        let (Some(a), Some(b)) = (text.find(start), text.find(end)) else {
            return Err(format!("README.md lacks the markers {start} and {end}").into());
        };
        let table = bidding::table_markdown(&model, seed, deals);
        let new = format!("{}{start}\n{table}{}", &text[..a], &text[b..]);
        std::fs::write(&readme, new)?;
        eprintln!("wrote src/players/learned_bids.rs and the table in README.md");
    }
    Ok(())
}
