//! `cards daifugo arena`: the Daifugo part of the arena ([`crate::arena`]): games played as a
//! match plays them, mean points and places with intervals by batch means.

use daifugo::{Game, Rules};

use crate::arena::stats::{BatchMean, Estimate};
use crate::arena::{Arena, ArenaOpts, At};
use crate::common::{CliError, entrants_help, parse_name};
use cards_core::game::Players;

/// Arguments of `cards daifugo arena`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("entrants", |a| a.help(entrants_help(<Game as Players>::POLICY_NAMES))))]
pub struct ArenaArgs {
    /// The rules.
    #[arg(long, default_value = "uecda", value_parser = parse_name::<Rules>,
        help = super::rules_help())]
    rules: Rules,
    #[command(flatten)]
    opts: ArenaOpts,
}

/// Runs `cards daifugo arena`.
pub fn run_arena(a: &ArenaArgs) -> Result<(), CliError> {
    crate::arena::run_cli::<Game>(a.rules, &a.opts)
}

/// The games of one block of the batch means.
pub const BLOCK: u64 = 10;

/// One entrant's points and places, by batch means.
pub struct Tally {
    points: BatchMean,
    places: [BatchMean; 5],
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            points: BatchMean::new(BLOCK),
            places: std::array::from_fn(|_| BatchMean::new(BLOCK)),
        }
    }
}

impl Arena for Game {
    const LEGEND: &'static str = "points: mean points a game (5 for first place .. 1 for last; an equal player scores 3); place_k: the share of games finished k-th; an entrant holding several players counts the mean of its players. Each seating plays one match (classes and the exchange carried over, seats shuffled every 3 games, as `cards daifugo play --seed S --games N` with the seating's players); intervals by batch means over blocks of 10 games.";

    type Tally = Tally;

    // An entrant holds at most five players: the counts are exact as `f64`.
    #[allow(clippy::cast_precision_loss)]
    fn tally(game: &Game, entrant: &[usize], at: At, tallies: &mut [Tally]) {
        let Some(points) = game.points() else {
            return;
        };
        let places = game.places();
        let key = ((at.seating as u64) << 40) | (at.deal / BLOCK);
        for (e, t) in tallies.iter_mut().enumerate() {
            let mine: Vec<usize> = (0..5).filter(|&p| entrant[p] == e).collect();
            if mine.is_empty() {
                continue;
            }
            let n = mine.len() as f64;
            let total: f64 = mine.iter().map(|&p| f64::from(points[p])).sum();
            t.points.add(key, total / n);
            for (k, place) in t.places.iter_mut().enumerate() {
                let at_k = mine
                    .iter()
                    .filter(|&&p| usize::from(places[p]) == k + 1)
                    .count();
                place.add(key, at_k as f64 / n);
            }
        }
    }

    fn metrics(t: &Tally) -> Vec<(&'static str, Estimate)> {
        let [p1, p2, p3, p4, p5] = &t.places;
        vec![
            ("points", t.points.estimate()),
            ("place_1", p1.estimate()),
            ("place_2", p2.estimate()),
            ("place_3", p3.estimate()),
            ("place_4", p4.estimate()),
            ("place_5", p5.estimate()),
        ]
    }
}
