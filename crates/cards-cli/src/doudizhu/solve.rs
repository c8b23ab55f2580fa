//! `cards doudizhu solve`: the exact result of an endgame with every hand known: three hands
//! (the landlord against the two peasants) or two (an open-hand puzzle, the first against the
//! second).

use doudizhu::solve::{Ban, Position, Side, Solver};
use doudizhu::{Action, Kind, Preset};

use crate::common::{CliError, IoArgs, emit, or_list, parse_name};

/// Arguments of `cards doudizhu solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Rule preset.
    #[arg(long, default_value = "standard", value_parser = parse_name::<Preset>,
        help = format!("Rule preset: {}", or_list(doudizhu::Rules::NAMES)))]
    rules: Preset,
    /// The hands, seat 0 first, each a rank string or suited cards: three (the landlord and
    /// the peasants, e.g. `--hand 33344456 --hand BR --hand 7`) or two (an open-hand puzzle:
    /// the first hand, then the second, e.g. `--hand 3455KK --hand 345522`).
    #[arg(long = "hand", required = true, num_args = 1)]
    hands: Vec<String>,
    /// The landlord's seat (0, 1 or 2; three hands only).
    #[arg(long)]
    landlord: Option<u8>,
    /// The play to beat, e.g. `33344456` (none: the player to move leads). With two hands the
    /// second made it unless `--table-seat` says otherwise.
    #[arg(long)]
    table: Option<String>,
    /// Which reading of the play to beat was played, when it has several.
    #[arg(long, value_parser = parse_name::<Kind>, requires = "table")]
    table_type: Option<Kind>,
    /// The seat that made the play to beat (required with three hands).
    #[arg(long, requires = "table")]
    table_seat: Option<u8>,
    /// The seat to move (default: the seat after the play to beat's, else the landlord; with
    /// two hands the first).
    #[arg(long)]
    to_move: Option<u8>,
    /// A kind of play nobody may make (the flag once a kind).
    #[arg(long = "ban", value_parser = parse_name::<Ban>,
        help = format!("A kind of play nobody may make (the flag once a kind): {}",
            or_list(&Ban::NAMES)))]
    bans: Vec<Ban>,
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
    let two = match a.hands.len() {
        2 => true,
        3 => false,
        n => {
            return Err(CliError::usage(format!(
                "solve: give two hands (a puzzle: the first, then the second) or three (seat 0 \
                 first): --hand two or three times; got {n}"
            )));
        }
    };
    let mut hands = [doudizhu::Counts::EMPTY; 3];
    for (seat, (text, h)) in a.hands.iter().zip(&mut hands).enumerate() {
        let who = if two {
            ["first", "second"][seat]
        } else {
            ["seat 0", "seat 1", "seat 2"][seat]
        };
        *h = super::parse_hand(text).map_err(|e| CliError::usage(format!("{who}: {e}")))?;
    }
    if two {
        overlap(&a.hands)?;
        if let Some(seat) = a.landlord {
            return Err(CliError::usage(format!(
                "solve: --landlord {seat}: two hands have no landlord (the first, seat 0, \
                 plays against the second, seat 1)"
            )));
        }
    }
    let table_seat = match (&a.table, a.table_seat) {
        (Some(_), None) if two => Some(a.to_move.map_or(1, |m| 1 - m.min(1))),
        (Some(_), None) => {
            return Err(CliError::usage(
                "solve: --table needs --table-seat with three hands (who made the play)",
            ));
        }
        (_, seat) => seat,
    };
    let table = match (&a.table, table_seat) {
        (Some(t), Some(seat)) => Some((super::table_move(t, a.table_type, a.rules)?, seat)),
        _ => None,
    };
    let landlord = a.landlord.unwrap_or(0);
    let players = if two { 2 } else { 3 };
    let to_move = a
        .to_move
        .unwrap_or_else(|| table.map_or(landlord, |(_, s)| (s + 1) % players));
    let pos = if two {
        Position::two_hands([hands[0], hands[1]], table, to_move, &rules)
    } else {
        Position::new(hands, landlord, table, to_move, &rules)
    }
    .map_err(|e| CliError::usage(format!("solve: {e}")))?;
    let mut solver = Solver::new(rules)
        .with_bans(&a.bans)
        .with_node_limit(a.max_nodes);
    let report = solver
        .report(&pos, true)
        .map_err(|e| CliError::usage(format!("solve: {e}")))?;
    let winning: Vec<String> = report.winning.iter().map(Action::to_string).collect();
    let role = |s: Side| match s {
        Side::Landlord => "the landlord wins",
        Side::Peasants => "the peasants win",
        Side::First => "the first wins",
        Side::Second => "the second wins",
    };
    let side = report.side;
    let (whose, mover) = if two {
        ("the first", side.name())
    } else if side == Side::Landlord {
        ("the landlord", "landlord")
    } else {
        ("the landlord", "peasant")
    };
    let mut text = format!(
        "{} with best play (score {:+} for {whose}: one stake, doubled for each bomb and \
         rocket played from here)\nseat {to_move} ({mover}) to move: ",
        role(report.winner),
        report.score,
    );
    if winning.is_empty() {
        text.push_str("lost");
    } else {
        text.push_str("winning moves ");
        text.push_str(&winning.join(", "));
    }
    let line: Vec<String> = report
        .line
        .iter()
        .map(|(seat, a)| format!("seat {seat} {a}"))
        .collect();
    text.push_str("\na line of play: ");
    text.push_str(&line.join(", "));
    let json = serde_json::to_value(&report).map_err(|e| CliError::usage(e.to_string()))?;
    let io = IoArgs {
        json: a.json,
        batch: false,
    };
    emit(&io, &text, &json)
}

/// With suited cards, the same card in both hands is an error naming it (rank strings are
/// checked against the deck by [`Position::two_hands`]).
fn overlap(texts: &[String]) -> Result<(), CliError> {
    let suited: Vec<cards_core::CardSet> = texts
        .iter()
        .filter(|t| t.chars().any(|c| cards_core::Suit::from_char(c).is_some()))
        .filter_map(|t| t.parse::<cards_core::CardSet>().ok())
        .collect();
    if let [a, b] = suited.as_slice()
        && let Some(card) = a.intersection(*b).first()
    {
        return Err(CliError::usage(format!(
            "solve: the card {card} is in both the first and the second hand"
        )));
    }
    Ok(())
}
