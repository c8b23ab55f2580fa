//! `cards kabu arena`: the Kabu part of the arena ([`crate::arena`]): mean return as the
//! fields' player and as the dealer.

use kabu::Round;
use serde_json::Value;

use crate::arena::stats::{Estimate, Mean};
use crate::arena::{Arena, ArenaOpts, At};
use crate::common::{CliError, entrants_help};
use crate::drive::Session;
use cards_core::game::{Definition, Players};

use super::round::TableArgs;

/// Arguments of `cards kabu arena`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("entrants", |a| a.help(entrants_help(<Round as Players>::POLICY_NAMES))))]
pub struct ArenaArgs {
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    opts: ArenaOpts,
}

/// Runs `cards kabu arena`.
pub fn run_arena(a: &ArenaArgs) -> Result<(), CliError> {
    crate::arena::run_cli::<Round>(a.table.rules(), &a.opts)
}

/// One entrant's returns by role.
#[derive(Default)]
pub struct Tally {
    field: Mean,
    dealer: Mean,
    all: Mean,
}

/// Kabu's rounds, each dealt alone from its seed.
impl Session for Round {
    type Definition = kabu::Kabu;
    const SEAT_WORD: &'static str = "player";

    type Table = kabu::Rules;

    fn table(rules: kabu::Rules, _seed: u64) -> kabu::Rules {
        rules
    }

    fn deal(rules: &mut kabu::Rules, seed: u64) -> Result<Round, String> {
        <kabu::Kabu as Definition>::new_game(rules, seed).map_err(|e| e.to_string())
    }

    fn policy_seed(seed: u64, player: usize) -> u64 {
        seed.wrapping_mul(2).wrapping_add(player as u64 + 1)
    }

    /// The table as the player sees it: `kabu::RoundView`'s JSON (`{"player", "rules",
    /// "phase", "stakes", "to_act", "seats"}`, each seat `{"seat", "cards", "own", "points",
    /// "yaku", "drew"}` with `cards` its first, second and third card, `null` where face down
    /// or not dealt; the legal actions name the seat to act: `field 2 draws`).
    fn observation_json(view: &kabu::RoundView<'_>) -> Value {
        cards_web::kabu::observation_json(view)
    }
}

impl Arena for Round {
    const LEGEND: &'static str = "return_field: mean net a round as player 0 (it stakes on the four fields and decides their draws; the built-in draw policies stake one unit on every field); return_dealer: as the dealer (player 1); return: over both.";

    type Tally = Tally;

    // A round's net is far below 2^52: the `f64` is exact.
    #[allow(clippy::cast_precision_loss)]
    fn tally(round: &Round, entrant: &[usize], _: At, tallies: &mut [Tally]) {
        let net = round.net() as f64;
        for (player, &e) in entrant.iter().enumerate() {
            let r = if player == 0 { net } else { -net };
            let t = &mut tallies[e];
            if player == 0 {
                t.field.add(r);
            } else {
                t.dealer.add(r);
            }
            t.all.add(r);
        }
    }

    fn metrics(t: &Tally) -> Vec<(&'static str, Estimate)> {
        vec![
            ("return_field", t.field.estimate()),
            ("return_dealer", t.dealer.estimate()),
            ("return", t.all.estimate()),
        ]
    }
}
