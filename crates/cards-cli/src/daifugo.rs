//! `cards daifugo decompose | lead | follow | play | replay | arena`.
//!
//! Cards are read as `S3 H10 HT 3s`, the joker as `JK`; a joker inside a table meld is written
//! `JK=S5` (standing for ♠5). The rules default to `uecda` (one joker, 8-cut, suit lock, ♠3 over
//! the joker); `seed` has no joker. Melds are written with their cards in ascending bit order,
//! the joker last.
//!
//! JSON (`--json`, and one line per input line with `--batch`; `rules` on a line overrides the
//! flag, booleans default to the flags):
//!
//! - `decompose` input `{"hand": "S3 S4 S5 D5", "revolution": false, "fewest": false}`, output
//!   `{"melds": ["S3 S4 S5", "D5"]}`: the seed's greedy split, or with `fewest` the fewest-melds
//!   split (tie rule in the `daifugo` crate docs).
//! - `lead` input `{"hand": "..."}`, output `{"moves": ["S3", "S3 D3", "S3 S4 S5", ...]}`: every
//!   meld the hand holds, in the crate's documented order (singles, groups, sequences).
//! - `follow` input `{"hand": "...", "table": "S3 S4 S5", "revolution": false, "lock": false,
//!   "eleven_back": false}`, output `{"moves": [...]}`: every meld that beats the table; pass is
//!   always allowed and not listed. A line without `"table"` faces the `--table` flag's meld.
//!
//! A bad line answers `{"error": "..."}` naming the token or cards and why.

use std::borrow::Cow;

use cards_core::{CardSet, Order};
use daifugo::{Meld, Rules, Table};

pub mod arena;
pub mod play;

use crate::common::{
    CliError, IoArgs, batch_stdio, emit, name_or, or_list, parse_line, parse_name, required,
    write_json,
};

/// The help of `--rules` of every `daifugo` command.
pub(crate) fn rules_help() -> String {
    format!(
        "The rules: {} (uecda: the UEC contest server's; tutorial: the tutorial program's, no \
         joker, nothing but revolution), with options as `uecda+eleven_back=true`",
        or_list(Rules::NAMES)
    )
}

/// The `daifugo` commands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Split a leader's hand into melds: the seed's greedy decomposition, or with `--fewest` the
    /// exact fewest-melds split.
    #[command(
        after_help = "Examples:\n  cards daifugo decompose S3 S4 S5 D5 D10 C10 H10 SK DK SA S2\n  cards daifugo decompose --revolution --fewest S3 S4 S5 S6 D3\n  echo '{\"hand\": \"S3 S4 S5 D5\"}' | cards daifugo decompose --batch"
    )]
    Decompose(DecomposeArgs),
    /// Every meld a leader's hand can play (each single, group subset, sequence window and joker
    /// placement once).
    #[command(
        after_help = "Examples:\n  cards daifugo lead S3 D3 S4 S5 JK\n  echo '{\"hand\": \"S3 D3 S4 S5\"}' | cards daifugo lead --batch"
    )]
    Lead(LeadArgs),
    /// Every meld of the hand that beats the meld on the table (pass is always allowed).
    #[command(
        after_help = "Examples:\n  cards daifugo follow --table 'S3 S4 S5' S6 S7 S8 S9 D9 D10 DJ\n  cards daifugo follow --table 'S5 H5' --lock S9 H9 D9 JK\n  echo '{\"hand\": \"S4 D4 C4 S5 S6\", \"table\": \"S3 D3\"}' | cards daifugo follow --batch"
    )]
    Follow(FollowArgs),
    /// Play a game, or a match of several, between built-in players and people.
    #[command(
        about = format!(
            "Play a game, or a match of several, between built-in players ({}) and people \
             (human), under the UEC contest server's game flow; print each trick, the places \
             and points, or with `--json` the records (one a line) and the standings",
            or_list(daifugo::POLICY_NAMES)
        ),
        after_help = "Examples:\n  cards daifugo play --seed 7\n  cards daifugo play --seed 7 --games 10 --policy random --json\n  cards daifugo play --players tutorial,tutorial,random,tutorial,human\n  cards daifugo play --players tutorial tutorial random tutorial human\n  cards daifugo play --players \"exec:python3 bot.py,tutorial,tutorial,tutorial,tutorial\"   # your program"
    )]
    Play(play::PlayArgs),
    /// Replay a game record as the UEC contest server would (an illegal meld is rejected and
    /// counts as a pass): per action accepted or not and why, then places and points.
    #[command(
        after_help = "Examples:\n  cards daifugo replay game.json\n  cards daifugo play --seed 7 --games 3 --json | cards daifugo replay   # the records and the standings line\n  cards daifugo play --seed 7 --json | cards daifugo replay --batch"
    )]
    Replay(play::ReplayArgs),
    /// Compare built-in players over seeded games played as matches (classes and the exchange
    /// carried over), every entrant in every player's place: mean points and places with 95%
    /// intervals, time per decision.
    #[command(
        after_help = "Examples:\n  cards daifugo arena --entrants tutorial,random --deals 200 --seed 1\n  cards daifugo arena --entrants random,tutorial --rules tutorial --json"
    )]
    Arena(arena::ArenaArgs),
    /// Run a `UECda` protocol server: five clients play a match (`--port 0` picks a free port).
    #[command(
        after_help = "Example (a local tournament; --wait: the clients retry while the server starts):\n  cards daifugo serve --games 20 &\n  for i in 1 2 3 4 5; do cards daifugo client --name p$i --wait 10 & done; wait"
    )]
    Serve(crate::uecda::ServeArgs),
    /// Play a `UECda` match as a client of a `UECda` server with a computer player.
    #[command(
        after_help = "Example:\n  cards daifugo client --name me --policy tutorial --wait 10   # retries for 10 s while the server starts"
    )]
    Client(crate::uecda::ClientArgs),
}

/// Arguments of `cards daifugo decompose`.
#[derive(clap::Args, Debug)]
pub struct DecomposeArgs {
    /// The rules.
    #[arg(long, default_value = "uecda", value_parser = parse_name::<Rules>, help = rules_help())]
    rules: Rules,
    /// A revolution is on: 3 is the strongest rank.
    #[arg(long)]
    revolution: bool,
    /// The exact fewest-melds split instead of the seed's greedy one.
    #[arg(long)]
    fewest: bool,
    #[command(flatten)]
    io: IoArgs,
    /// The hand, e.g. `S3 S4 S5 D5 JK`.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,
}

/// Arguments of `cards daifugo lead`.
#[derive(clap::Args, Debug)]
pub struct LeadArgs {
    /// The rules.
    #[arg(long, default_value = "uecda", value_parser = parse_name::<Rules>, help = rules_help())]
    rules: Rules,
    #[command(flatten)]
    io: IoArgs,
    /// The hand, e.g. `S3 D3 S4 S5 JK`.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,
}

/// Arguments of `cards daifugo follow`.
#[derive(clap::Args, Debug)]
pub struct FollowArgs {
    /// The rules.
    #[arg(long, default_value = "uecda", value_parser = parse_name::<Rules>, help = rules_help())]
    rules: Rules,
    /// The meld on the table, e.g. `S3 S4 S5` or `S5 JK=H5`.
    #[arg(long)]
    table: Option<String>,
    /// A revolution is on.
    #[arg(long)]
    revolution: bool,
    /// The table's suit set is locked.
    #[arg(long)]
    lock: bool,
    /// 11-back is on (the order reversed until the table clears).
    #[arg(long)]
    eleven_back: bool,
    #[command(flatten)]
    io: IoArgs,
    /// The hand, e.g. `S6 S7 S8 S9 D9 D10 DJ`.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,
}

/// Runs one `daifugo` command.
pub fn run(cmd: Command) -> Result<(), CliError> {
    match cmd {
        Command::Play(a) => play::play(&a),
        Command::Replay(a) => play::replay(&a),
        Command::Arena(a) => arena::run_arena(&a),
        Command::Serve(a) => crate::uecda::serve(a),
        Command::Client(a) => crate::uecda::client(a),
        Command::Decompose(a) => {
            if a.io.batch {
                return batch_stdio(decompose_answer(a.rules, a.revolution, a.fewest));
            }
            let hand = a.rules.parse_hand(&a.cards.join(" "))?;
            let melds = decompose(hand, a.rules, a.revolution, a.fewest)?;
            let mut human = counted(melds.len(), "meld");
            for (i, m) in melds.iter().enumerate() {
                human.push_str(if i == 0 { ": " } else { " " });
                human.push('[');
                human.push_str(&m.to_string());
                human.push(']');
            }
            emit(&a.io, &human, &Melds { melds: &melds })
        }
        Command::Lead(a) => {
            if a.io.batch {
                return batch_stdio(lead_answer(a.rules));
            }
            let hand = a.rules.parse_hand(&a.cards.join(" "))?;
            let mut moves = Vec::new();
            daifugo::lead_into(hand, &a.rules, &mut moves)?;
            emit(&a.io, &moves_text(&moves, "lead"), &Moves { moves: &moves })
        }
        Command::Follow(a) => {
            if a.io.batch {
                return batch_stdio(follow_answer(
                    a.rules,
                    a.table,
                    [a.revolution, a.lock, a.eleven_back],
                ));
            }
            let hand = a.rules.parse_hand(&a.cards.join(" "))?;
            let Some(table) = a.table else {
                return Err(CliError::usage(
                    "--table is required: the meld on the table, e.g. --table 'S3 S4 S5'",
                ));
            };
            let table = Meld::parse(&table, &a.rules)
                .map_err(|e| CliError::usage(format!("--table: {e}")))?;
            let state = Table::new(Some(table))
                .with_revolution(a.revolution)
                .with_eleven_back(a.eleven_back)
                .with_lock(a.lock);
            let mut moves = Vec::new();
            daifugo::follow_into(hand, &state, &a.rules, &mut moves)?;
            let mut human = moves_text(&moves, "follow");
            if moves.is_empty() {
                human.push_str(" (pass)");
            }
            emit(&a.io, &human, &Moves { moves: &moves })
        }
    }
}

/// `{"melds": [...]}`: each meld its ASCII text, cards in ascending bit order, the joker as `JK`
/// or `JK=S5` (the `daifugo` crate's serde form).
#[derive(serde::Serialize)]
struct Melds<'a> {
    melds: &'a [Meld],
}

/// `{"moves": [...]}`, each meld as in [`Melds`].
#[derive(serde::Serialize)]
struct Moves<'a> {
    moves: &'a [Meld],
}

/// `N leads:` then one meld a line.
/// `1 meld`, `2 melds`.
fn counted(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn moves_text(moves: &[Meld], what: &str) -> String {
    let mut s = counted(moves.len(), what);
    if !moves.is_empty() {
        s.push(':');
    }
    for m in moves {
        s.push_str("\n  ");
        s.push_str(&m.to_string());
    }
    s
}

fn decompose(
    hand: CardSet,
    rules: Rules,
    revolution: bool,
    fewest: bool,
) -> Result<Vec<Meld>, daifugo::Error> {
    let order = Order::from_reversed(revolution);
    if fewest {
        daifugo::fewest_melds(hand, order, &rules)
    } else {
        daifugo::decompose(hand, order, &rules)
    }
}

crate::batch_line! {
    /// One `daifugo decompose --batch` line.
    pub struct DecomposeLine<'a> {
        /// The hand.
        hand: Cow<'a, str>,
        /// A revolution is on (default: the `--revolution` flag).
        revolution: bool,
        /// The fewest-melds split (default: the `--fewest` flag).
        fewest: bool,
        /// The rules (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

crate::batch_line! {
    /// One `daifugo lead --batch` line.
    pub struct LeadLine<'a> {
        /// The hand.
        hand: Cow<'a, str>,
        /// The rules (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

crate::batch_line! {
    /// One `daifugo follow --batch` line.
    pub struct FollowLine<'a> {
        /// The hand.
        hand: Cow<'a, str>,
        /// The meld on the table (default: the `--table` flag).
        table: Cow<'a, str>,
        /// A revolution is on (default: the `--revolution` flag).
        revolution: bool,
        /// The table's suits are locked (default: the `--lock` flag).
        lock: bool,
        /// 11-back is on (default: the `--eleven-back` flag).
        eleven_back: bool,
        /// The rules (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

/// The hand of a batch line.
fn line_hand(hand: Option<Cow<'_, str>>, rules: Rules) -> Result<CardSet, String> {
    let text = required(hand, "hand")?;
    match crate::cards::canonical(&text) {
        Some(cards) => rules.check(cards),
        None => rules.parse_hand(&text),
    }
    .map_err(|e| format!("hand: {e}"))
}

/// The batch answer of `daifugo decompose`; the flags are the defaults of every line.
pub fn decompose_answer(
    rules: Rules,
    revolution: bool,
    fewest: bool,
) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    move |text, out| {
        let line: DecomposeLine = parse_line(text)?;
        let rules = name_or(line.rules, rules)?;
        let hand = line_hand(line.hand, rules)?;
        let revolution = line.revolution.unwrap_or(revolution);
        let fewest = line.fewest.unwrap_or(fewest);
        let melds = decompose(hand, rules, revolution, fewest).map_err(|e| e.to_string())?;
        write_json(out, &Melds { melds: &melds });
        Ok(())
    }
}

/// The batch answer of `daifugo lead`.
pub fn lead_answer(rules: Rules) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    let mut moves = Vec::new();
    move |text, out| {
        let line: LeadLine = parse_line(text)?;
        let rules = name_or(line.rules, rules)?;
        let hand = line_hand(line.hand, rules)?;
        moves.clear();
        daifugo::lead_into(hand, &rules, &mut moves).map_err(|e| e.to_string())?;
        write_json(out, &Moves { moves: &moves });
        Ok(())
    }
}

/// The batch answer of `daifugo follow`: `table` (the `--table` flag) is the table of a line
/// without `"table"`, and `flags` (`--revolution`, `--lock`, `--eleven-back`) the defaults of
/// the booleans.
pub fn follow_answer(
    rules: Rules,
    table: Option<String>,
    flags: [bool; 3],
) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    let mut moves = Vec::new();
    move |text, out| {
        let line: FollowLine = parse_line(text)?;
        let rules = name_or(line.rules, rules)?;
        let hand = line_hand(line.hand, rules)?;
        let table = required(line.table.or(table.as_deref().map(Cow::Borrowed)), "table")?;
        let table = Meld::parse(&table, &rules).map_err(|e| format!("table: {e}"))?;
        let state = Table::new(Some(table))
            .with_revolution(line.revolution.unwrap_or(flags[0]))
            .with_lock(line.lock.unwrap_or(flags[1]))
            .with_eleven_back(line.eleven_back.unwrap_or(flags[2]));
        moves.clear();
        daifugo::follow_into(hand, &state, &rules, &mut moves).map_err(|e| e.to_string())?;
        write_json(out, &Moves { moves: &moves });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::batch_values;

    use serde_json::json;

    #[test]
    fn decompose_lines() {
        let out = batch_values(
            concat!(
                "{\"hand\": \"S3 S4 S5 D5 D10 C10 H10 SK DK SA S2\", \"rules\": \"seed\"}\n",
                "{\"hand\": \"S3 S4 S5 D5\", \"revolution\": false}\n",
                "{\"hand\": \"S3 S4 S5 S6 D3\", \"revolution\": true, \"fewest\": true}\n",
                "{\"hand\": \"S3 JK\", \"rules\": \"seed\"}\n",
                "{\"hand\": \"S3 S3\"}\n",
                "{\"hand\": \"S3\", \"revolution\": \"yes\"}\n",
                "{\"hand\": \"S3\", \"rules\": \"poker\"}\n",
            ),
            decompose_answer(Rules::UECDA, false, false),
        );
        assert_eq!(out.len(), 7);
        assert_eq!(
            out[0],
            json!({"melds": ["S3 S4 S5", "C10 D10 H10", "DK SK", "D5", "SA", "S2"]})
        );
        assert_eq!(out[1], json!({"melds": ["S3 S4 S5", "D5"]}));
        assert_eq!(out[2], json!({"melds": ["S4 S5 S6", "D3 S3"]}));
        assert_eq!(
            out[3],
            json!({"error": "hand: these rules have no joker, but JK was given"})
        );
        assert_eq!(
            out[4],
            json!({"error": "hand: card ♠3 given twice (\"S3\" at position 3)"})
        );
        assert!(out[5]["error"].as_str().unwrap().contains("\"revolution\""));
        assert!(out[6]["error"].as_str().unwrap().contains("poker"));
    }

    #[test]
    fn lead_lines() {
        let out = batch_values(
            "{\"hand\": \"S3 D3 S4 S5\"}\n{\"hand\": \"S5 JK\"}\n{\"hand\": \"RJ\"}\n",
            lead_answer(Rules::UECDA),
        );
        assert_eq!(
            out[0],
            json!({"moves": ["D3", "S3", "S4", "S5", "D3 S3", "S3 S4 S5"]})
        );
        assert_eq!(
            out[1],
            json!({"moves": ["S5", "JK", "S5 JK=C5", "S5 JK=D5", "S5 JK=H5"]})
        );
        assert!(
            out[2]["error"]
                .as_str()
                .unwrap()
                .contains("RJ is not in the Daifugo deck")
        );
    }

    #[test]
    fn follow_lines_default_to_the_table_flag() {
        let out = batch_values(
            concat!(
                "{\"hand\": \"S4 D4 C4 S5 S6\"}\n",
                "{\"hand\": \"S4 D4 C4 S5 S6\", \"table\": \"S3\"}\n",
                "{\"hand\": \"S4 D4 C4 S5 S6\", \"table\": 3}\n",
            ),
            follow_answer(Rules::UECDA, Some("S3 D3".into()), [false; 3]),
        );
        assert_eq!(out[0], json!({"moves": ["C4 D4", "C4 S4", "D4 S4"]}));
        assert_eq!(out[1], json!({"moves": ["C4", "D4", "S4", "S5", "S6"]}));
        assert!(out[2]["error"].as_str().unwrap().contains("\"table\""));
    }

    #[test]
    fn follow_lines() {
        let out = batch_values(
            concat!(
                "{\"hand\": \"S6 S7 S8 S9 D9 D10 DJ\", \"table\": \"S3 S4 S5\", \"rules\": \"seed\"}\n",
                "{\"hand\": \"S4 D4 C4 S5 S6\", \"table\": \"S3 D3\", \"revolution\": false, \"lock\": false}\n",
                "{\"hand\": \"S9 H9 D9 JK\", \"table\": \"S5 H5\", \"lock\": true}\n",
                "{\"hand\": \"S4 S3\", \"table\": \"S5\", \"revolution\": true}\n",
                "{\"hand\": \"S3\", \"table\": \"JK\"}\n",
                "{\"hand\": \"S3\", \"table\": \"S4 JK\"}\n",
                "{\"hand\": \"S3\"}\n",
                "{\"hand\": \"S3 S9\", \"table\": \"S3\"}\n",
            ),
            follow_answer(Rules::UECDA, None, [false; 3]),
        );
        assert_eq!(
            out[0],
            json!({"moves": ["S6 S7 S8", "S7 S8 S9", "D9 D10 DJ"]})
        );
        assert_eq!(out[1], json!({"moves": ["C4 D4", "C4 S4", "D4 S4"]}));
        assert_eq!(out[2], json!({"moves": ["H9 S9", "H9 JK=S9", "S9 JK=H9"]}));
        assert_eq!(out[3], json!({"moves": ["S3", "S4"]}));
        assert_eq!(out[4], json!({"moves": ["S3"]}));
        assert!(out[5]["error"].as_str().unwrap().starts_with("table: "));
        assert_eq!(out[6], json!({"error": "missing field \"table\""}));
        assert_eq!(
            out[7],
            json!({"error": "card ♠3 is already on the table, it cannot be played too"})
        );
    }
}
