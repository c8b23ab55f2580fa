//! `cards doudizhu solve`: the exact result of an endgame with every hand known.

use doudizhu::solve::{Position, Side, Solver};
use doudizhu::{Action, Kind, Preset};
use serde_json::json;

use crate::common::{CliError, IoArgs, emit, or_list, parse_name};

/// Arguments of `cards doudizhu solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Rule preset.
    #[arg(long, default_value = "standard", value_parser = parse_name::<Preset>,
        help = format!("Rule preset: {}", or_list(doudizhu::Rules::NAMES)))]
    rules: Preset,
    /// The three hands, seat 0 first, each a rank string or suited cards (the flag three
    /// times), e.g. `--hand 33344456 --hand BR --hand 7`.
    #[arg(long = "hand", required = true, num_args = 1)]
    hands: Vec<String>,
    /// The landlord's seat (0, 1 or 2).
    #[arg(long, default_value_t = 0)]
    landlord: u8,
    /// The play to beat, e.g. `33344456` (none: the player to move leads).
    #[arg(long, requires = "table_seat")]
    table: Option<String>,
    /// Which reading of the play to beat was played, when it has several.
    #[arg(long, value_parser = parse_name::<Kind>, requires = "table")]
    table_type: Option<Kind>,
    /// The seat that made the play to beat.
    #[arg(long, requires = "table")]
    table_seat: Option<u8>,
    /// The seat to move (default: the seat after the play to beat's, else the landlord).
    #[arg(long)]
    to_move: Option<u8>,
    /// Give up after this many search nodes (an error, exit status 2).
    #[arg(long, default_value_t = 100_000_000)]
    max_nodes: u64,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `doudizhu solve`.
pub fn run_solve(a: &SolveArgs) -> Result<(), CliError> {
    let rules = a.rules.rules();
    let [h0, h1, h2] = a.hands.as_slice() else {
        return Err(CliError::usage(format!(
            "solve: give three hands (--hand three times, seat 0 first); got {}",
            a.hands.len()
        )));
    };
    let mut hands = [doudizhu::Counts::EMPTY; 3];
    for (seat, (text, h)) in [h0, h1, h2].into_iter().zip(&mut hands).enumerate() {
        *h = super::parse_hand(text).map_err(|e| CliError::usage(format!("seat {seat}: {e}")))?;
    }
    let table = match (&a.table, a.table_seat) {
        (Some(t), Some(seat)) => Some((super::table_move(t, a.table_type, a.rules)?, seat)),
        _ => None,
    };
    let to_move = a
        .to_move
        .unwrap_or_else(|| table.map_or(a.landlord, |(_, s)| (s + 1) % 3));
    let pos = Position::new(hands, a.landlord, table, to_move, &rules)
        .map_err(|e| CliError::usage(format!("solve: {e}")))?;
    let mut solver = Solver::new(rules).with_node_limit(a.max_nodes);
    let failed = |e: doudizhu::solve::SolveError| CliError::usage(format!("solve: {e}"));
    let solution = solver.solve(&pos).map_err(failed)?;
    let mut nodes = solver.nodes();
    let score = solver.score(&pos).map_err(failed)?;
    nodes += solver.nodes();
    let side = pos.side(to_move);
    let winning: Vec<String> = solution.winning.iter().map(Action::to_string).collect();
    let role = |s: Side| match s {
        Side::Landlord => "the landlord wins",
        Side::Peasants => "the peasants win",
    };
    let mut text = format!(
        "{} with best play (score {score:+} for the landlord: one stake, doubled for each bomb \
         and rocket played from here)\nseat {to_move} ({}) to move: ",
        role(solution.winner),
        if side == Side::Landlord {
            "landlord"
        } else {
            "peasant"
        },
    );
    if winning.is_empty() {
        text.push_str("lost");
    } else {
        text.push_str("winning moves ");
        text.push_str(&winning.join(", "));
    }
    let json = json!({
        "winner": solution.winner.name(),
        "score": score,
        "to_move": to_move,
        "side": side.name(),
        "lost": winning.is_empty(),
        "winning": winning,
        "nodes": nodes,
    });
    let io = IoArgs {
        json: a.json,
        batch: false,
    };
    emit(&io, &text, &json)
}
