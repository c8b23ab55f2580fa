//! How often three players of one kind all pass in the auction (`standard` rules): only the
//! auctions are played.
//!
//! ```text
//! cargo run --release -p doudizhu --example all_pass -- PLAYER [DEALS] [SEED] [PLAYOUTS]
//! ```
//!
//! PLAYER is a built-in player's name (`expert`, `expert-fixed`, `search`, ...); PLAYOUTS is
//! `search`'s budget a decision (its default when omitted).

use doudizhu::cards_core::game::{Players, Policy, PolicyOptions};
use doudizhu::{Game, GameRules, Phase};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("expert", String::as_str);
    let number = |i: usize, default: u64| -> Result<u64, String> {
        args.get(i).map_or(Ok(default), |a| {
            a.parse()
                .map_err(|_| format!("argument {i}: a whole number, not {a:?}"))
        })
    };
    let (deals, seed) = (number(1, 300)?, number(2, 0)?);
    let playouts = args.get(3).map(|_| number(3, 0)).transpose()?;
    let started = std::time::Instant::now();
    let mut passed = 0u64;
    for deal in 0..deals {
        let s = seed.wrapping_add(deal);
        let mut players: Vec<Box<dyn Policy<Game>>> = Vec::new();
        for seat in 0..3u64 {
            let mut o = PolicyOptions::new(s.wrapping_mul(3).wrapping_add(seat + 1));
            if let Some(p) = playouts {
                o = o.with_playouts(p);
            }
            players.push(Game::policy_with(name, &o)?);
        }
        let mut g = Game::new(GameRules::STANDARD, s)?;
        while g.state().phase() == Phase::Auction && !g.is_over() {
            let Some(p) = g.seat_to_act() else { break };
            let legal = g.legal_actions();
            let a = players[usize::from(p)].choose(&g.observation(usize::from(p)), &legal);
            g.apply_with_outcome(a)?;
        }
        passed += u64::from(g.state().landlord().is_none());
    }
    #[allow(clippy::cast_precision_loss)]
    let (k, n) = (passed as f64, deals.max(1) as f64);
    // Wilson's 95% interval
    let z = 1.96f64;
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    println!(
        "three {name}: all pass in {passed} of {deals} deals ({:.1}%, 95% [{:.1}, {:.1}]) from seed {seed}; {:.1} s",
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
