//! `cards doudizhu arena`: the Dou Dizhu part of the arena ([`crate::arena`]): `DouZero`'s
//! seating and its WP and ADP, as landlord and as peasants.

use doudizhu::{Auction, Game, GameRules};

use crate::arena::stats::{Estimate, Mean, Proportion};
use crate::arena::{Arena, ArenaOpts, At, rotations};
use crate::common::{CliError, entrants_help, or_list};
use cards_core::game::Players;

/// Arguments of `cards doudizhu arena`.
// The doc comments are `--help` as a person reads it (no Markdown there).
#[allow(clippy::doc_markdown)]
#[derive(clap::Args, Debug)]
#[command(mut_arg("entrants", |a| a.help(entrants_help(<Game as Players>::POLICY_NAMES))))]
pub struct ArenaArgs {
    /// Game rules.
    #[arg(long, default_value = "rlcard", help = format!(
        "Game rules: {} (or `preset+option=value`); the default, rlcard, has no auction, so the \
         sides are the seating's, as in DouZero's evaluation. Under an auction the bids decide \
         the sides, and an entrant holding two seats may play on both",
        or_list(GameRules::NAMES)
    ))]
    rules: GameRules,
    #[command(flatten)]
    opts: ArenaOpts,
}

/// Runs `cards doudizhu arena`.
pub fn run_arena(a: &ArenaArgs) -> Result<(), CliError> {
    crate::arena::run_cli::<Game>(a.rules, &a.opts)
}

/// One entrant's games by side; under an auction also its net score in the rules' stakes and
/// the games nobody bid.
#[derive(Default)]
pub struct Tally {
    wp: [Proportion; 2],
    adp: [Mean; 2],
    wp_all: Proportion,
    adp_all: Mean,
    auction: bool,
    score: Mean,
    all_pass: Proportion,
}

/// The landlord's side (0) and the peasants' (1).
const LANDLORD: usize = 0;
const PEASANTS: usize = 1;

impl Arena for Game {
    const LEGEND: &'static str = "wp: the share of games won; adp: DouZero's average difference in points (the landlord's side scores +-2 * 2^b, b the bombs and rockets played; the peasants the opposite); by side (_landlord, _peasants) and over both. Position 0 is the deal's landlord, or its first bidder under an auction (the bids then decide the sides); a game without a landlord counts for no side. Under an auction also score: the entrant's net return a game as the rules score it (the bid, robs and every doubling; the returns of all its seats summed, so with two entrants one's score is the other's negated), every game counted (one nobody bid scores 0); and all_pass: the share of the games nobody bid.";

    type Tally = Tally;

    /// Two entrants: `DouZero`'s two seatings (the first entrant the landlord and the second
    /// both peasants, then the other way round); three: the three rotations.
    fn seatings(entrants: usize) -> Vec<Vec<usize>> {
        if entrants == 2 {
            vec![vec![0, 1, 1], vec![1, 0, 0]]
        } else {
            rotations(entrants, 3)
        }
    }

    /// Positions count from the deal's landlord (or first bidder).
    fn position(game: &Game, seat: usize) -> usize {
        (seat + 3 - usize::from(game.deal().first % 3)) % 3
    }

    fn tally(game: &Game, entrant: &[usize], _: At, tallies: &mut [Tally]) {
        let s = game.state();
        if game.rules().auction != Auction::None {
            // the rules' returns (the bid and every doubling), summed over the entrant's seats
            let returns = game.scores();
            for (e, t) in tallies.iter_mut().enumerate() {
                let net: i64 = (0..3)
                    .filter(|&seat| entrant[seat] == e)
                    .map(|seat| returns[seat])
                    .sum();
                if entrant.contains(&e) {
                    t.auction = true;
                    #[allow(clippy::cast_precision_loss)]
                    t.score.add(net as f64);
                    t.all_pass.add(s.landlord().is_none());
                }
            }
        }
        let (Some(landlord), Some(won)) = (s.landlord(), s.landlord_won()) else {
            return;
        };
        let b = u32::from(s.bombs()) + u32::from(s.rockets());
        let score = 2.0 * f64::from(1u32 << b.min(30));
        let landlord = usize::from(landlord);
        // each side an entrant plays counts once, however many of its seats it holds
        let mut counted = vec![[false; 2]; tallies.len()];
        for (seat, &e) in entrant.iter().enumerate() {
            let side = if seat == landlord { LANDLORD } else { PEASANTS };
            if std::mem::replace(&mut counted[e][side], true) {
                continue;
            }
            let side_won = won == (side == LANDLORD);
            let points = if side_won { score } else { -score };
            let t = &mut tallies[e];
            t.wp[side].add(side_won);
            t.adp[side].add(points);
            t.wp_all.add(side_won);
            t.adp_all.add(points);
        }
    }

    fn metrics(t: &Tally) -> Vec<(&'static str, Estimate)> {
        let mut m = vec![
            ("wp_landlord", t.wp[LANDLORD].estimate()),
            ("wp_peasants", t.wp[PEASANTS].estimate()),
            ("wp", t.wp_all.estimate()),
            ("adp_landlord", t.adp[LANDLORD].estimate()),
            ("adp_peasants", t.adp[PEASANTS].estimate()),
            ("adp", t.adp_all.estimate()),
        ];
        if t.auction {
            m.push(("score", t.score.estimate()));
            m.push(("all_pass", t.all_pass.estimate()));
        }
        m
    }
}
