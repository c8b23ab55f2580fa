//! `cards doudizhu classify | lead | follow | plays | deal | play | replay | solve | arena`.
//!
//! Plays and hands are rank strings (`33344456`; `T` or `10`, `B` and `R` the jokers) or suited
//! cards (`S3 H3 D3 BJ`). `--rules` picks a preset: `standard` (default), `openspiel`,
//! `douzero`, `strict`. Output plays are sorted rank strings over `3456789TJQKA2BR`.
//!
//! JSON (`--json`, and one line per input line with `--batch`; every batch line may carry its
//! own `"rules"`):
//!
//! - `classify`: `{"play": "33344456"}` -> `{"readings": [{"type": "plane_solo", "length": 2,
//!   "main": "4", "count": 8, "value": 1}]}`, most natural reading first; no play gives
//!   `{"readings": [], "reason": "..."}`. `count` and `value` are the seed's `nCount` and
//!   `nValue`.
//! - `lead`: `{"hand": "..."}` -> `{"moves": [{"cards": "33344456", "type": "plane_solo",
//!   "length": 2, "main": "4"}, ...]}`.
//! - `follow`: `{"hand": "...", "table": "33344456", "table_type": "plane_solo"}` (`table_type`
//!   optional: which reading of the table was played, when it has several; without it the most
//!   natural) -> `{"moves": [...]}`; pass is not listed.
//! - `plays`: `{}` -> `{"moves": [...]}`, or with `"count": true` `{"counts": {"solo": 15, ...},
//!   "plays": 27471, "readings": 27471}` (distinct card multisets per type, as the spec counts).
//!
//! Move lists are in a fixed order: type (`solo pair trio trio_solo trio_pair chain pair_chain
//! plane plane_solo plane_pair four_two_solo four_two_pair bomb rocket`), then length, then main
//! rank, then cards (rank strings compared rank by rank). A bad line answers
//! `{"error": "..."}` naming the token and why.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use doudizhu::{
    Counts, Kind, Move, NoPlay, Preset, Readings, classify, follow, follow_into, lead, lead_into,
    universe,
};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use cards_core::game::Players;

use crate::common::{
    CliError, IoArgs, batch_stdio, emit, emit_bytes, name_or, name_value, or_list, parse_line,
    parse_name, required, short, write_json,
};

/// The `doudizhu` commands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Every reading of a play (type, length, main rank, the seed's count and value), or why it
    /// is no play.
    #[command(
        after_help = "Examples:\n  cards doudizhu classify 33344456\n  cards doudizhu classify --rules douzero 333444555666\n  echo '{\"play\": \"3333BR\", \"rules\": \"douzero\"}' | cards doudizhu classify --batch"
    )]
    Classify(ClassifyArgs),
    /// Every play a hand can lead, each reading once.
    #[command(
        after_help = "Examples:\n  cards doudizhu lead 33344456789\n  cards doudizhu lead --rules strict 'S3 H3 D3 C4 H4 S4 D5 H6'\n  echo '{\"hand\": \"3334445556BR\"}' | cards doudizhu lead --batch"
    )]
    Lead(LeadArgs),
    /// Every play in a hand that beats the play on the table (pass not listed).
    #[command(
        after_help = "Examples:\n  cards doudizhu follow 5556667777BR --table 33344456\n  cards doudizhu follow --rules openspiel 44455566677789 --table 333444555666 --table-type plane_solo\n  echo '{\"hand\": \"5556667777BR\", \"table\": \"33344456\"}' | cards doudizhu follow --batch"
    )]
    Follow(FollowArgs),
    /// Every play of a rule set (its universe), or with --count the totals by type.
    #[command(
        after_help = "Examples:\n  cards doudizhu plays --count\n  cards doudizhu plays --rules strict --json\n  echo '{\"count\": true, \"rules\": \"douzero\"}' | cards doudizhu plays --batch"
    )]
    Plays(PlaysArgs),
    /// Deal a game: three hands of 17 and the kitty, from a seed (under rlcard and douzero the
    /// toolkit's own generator, so the seed gives the toolkit's deal).
    #[command(
        after_help = "Examples:\n  cards doudizhu deal --seed 42\n  cards doudizhu deal --rules rlcard --seed 0 --json\n  cards doudizhu deal --rules douzero --seed 1"
    )]
    Deal(games::DealArgs),
    /// Play one game move by move with computer players or at the terminal.
    #[command(
        about = format!(
            "Play one game move by move with computer players ({}) or at the terminal",
            or_list(<doudizhu::Game as Players>::POLICY_NAMES)
        ),
        after_help = "Examples:\n  cards doudizhu play --seed 7\n  cards doudizhu play --rules openspiel --policy random --seed 1 --json\n  cards doudizhu play --players human,greedy,greedy\n  cards doudizhu play --players human greedy greedy\n  cards doudizhu play --players \"exec:python3 bot.py,greedy,greedy\"   # your program (JSON lines): see the README"
    )]
    Play(games::PlayArgs),
    /// Replay game records: the result, or the first illegal action by its index.
    #[command(
        after_help = "Examples:\n  cards doudizhu play --seed 7 --json | jq -c .record | cards doudizhu replay --legal --json\n  cards doudizhu replay game.json\n  cards doudizhu replay --batch < records.jsonl"
    )]
    Replay(games::ReplayArgs),
    /// The exact result of an endgame with every hand known, three hands (the landlord against
    /// the peasants) or two (an open-hand puzzle: the first against the second): who wins with
    /// best play, the score, and the winning moves of the player to move (or "lost").
    #[command(
        after_help = "Examples:\n  cards doudizhu solve --hand 66663 --hand 9 --hand KK4 --table 4 --table-seat 2\n  cards doudizhu solve --hand 33344456 --hand BR --hand 7 --json\n  cards doudizhu solve --rules douzero --landlord 1 --hand 3579 --hand 468TQ --hand JKA2 --to-move 2\n  cards doudizhu solve --hand 3455KK --hand 345522            # a two-hand puzzle: the first leads\n  cards doudizhu solve --hand 3339 --hand 5552 --ban trio_solo --json"
    )]
    Solve(solve::SolveArgs),
    /// Compare built-in players over seeded deals, each deal played with each side once as
    /// landlord and once as the peasants: WP and ADP with 95% intervals, time per decision.
    #[command(
        after_help = "Examples:\n  cards doudizhu arena --entrants greedy,random --deals 500 --seed 1\n  cards doudizhu arena --rules douzero --entrants greedy,random --json\n  cards doudizhu arena --entrants greedy,random,greedy --deals 100"
    )]
    Arena(arena::ArenaArgs),
}

/// Arguments of `cards doudizhu classify`.
#[derive(clap::Args, Debug)]
pub struct ClassifyArgs {
    /// Rule preset.
    #[arg(long, default_value = "standard", value_parser = parse_name::<Preset>,
        help = format!("Rule preset: {}", or_list(doudizhu::Rules::NAMES)))]
    rules: Preset,
    #[command(flatten)]
    io: IoArgs,
    /// The play, e.g. `33344456` or `S3 H3 D3 C4` (at most 20 cards).
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,
}

/// Arguments of `cards doudizhu lead`.
#[derive(clap::Args, Debug)]
pub struct LeadArgs {
    /// Rule preset.
    #[arg(long, default_value = "standard", value_parser = parse_name::<Preset>,
        help = format!("Rule preset: {}", or_list(doudizhu::Rules::NAMES)))]
    rules: Preset,
    #[command(flatten)]
    io: IoArgs,
    /// The hand, e.g. `3334445556BR` (at most 20 cards).
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,
}

/// Arguments of `cards doudizhu follow`.
#[derive(clap::Args, Debug)]
pub struct FollowArgs {
    /// Rule preset.
    #[arg(long, default_value = "standard", value_parser = parse_name::<Preset>,
        help = format!("Rule preset: {}", or_list(doudizhu::Rules::NAMES)))]
    rules: Preset,
    /// The play on the table, e.g. `33344456`; with `--batch`, the table of lines without
    /// `"table"`.
    #[arg(long, required_unless_present = "batch")]
    table: Option<String>,
    /// Which reading of the table was played, when it has several (e.g. `plane_solo`); with
    /// `--batch`, the default of lines without `"table_type"`.
    #[arg(long, value_parser = parse_name::<Kind>)]
    table_type: Option<Kind>,
    #[command(flatten)]
    io: IoArgs,
    /// The hand, e.g. `5556667777BR` (at most 20 cards).
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,
}

/// Arguments of `cards doudizhu plays`.
#[derive(clap::Args, Debug)]
pub struct PlaysArgs {
    /// Rule preset.
    #[arg(long, default_value = "standard", value_parser = parse_name::<Preset>,
        help = format!("Rule preset: {}", or_list(doudizhu::Rules::NAMES)))]
    rules: Preset,
    /// Print the number of distinct plays per type instead of the plays (with `--batch`, the
    /// default of lines without `"count"`).
    #[arg(long)]
    count: bool,
    #[command(flatten)]
    io: IoArgs,
}

mod arena;
mod games;
mod solve;

pub use games::replay_answer;

/// Runs one `doudizhu` command.
pub fn run(cmd: Command) -> Result<(), CliError> {
    match cmd {
        Command::Deal(a) => games::run_deal(&a),
        Command::Play(a) => games::run_play(&a),
        Command::Replay(a) => games::run_replay(&a),
        Command::Solve(a) => solve::run_solve(&a),
        Command::Arena(a) => arena::run_arena(&a),
        Command::Classify(a) => {
            if a.io.batch {
                return batch_stdio(classify_answer(a.rules));
            }
            let text = a.cards.join(" ");
            let play = parse_play("play", &text)?;
            let json = classify_json(play, a.rules);
            emit(&a.io, &classify_text(play, a.rules), &json)
        }
        Command::Lead(a) => {
            if a.io.batch {
                return batch_stdio(lead_answer(a.rules));
            }
            let hand = parse_hand(&a.cards.join(" "))?;
            let moves = sorted(lead(hand, &a.rules.rules()));
            let head = format!(
                "{} leads from {} ({} rules)",
                moves.len(),
                shown(hand),
                a.rules
            );
            emit_bytes(&a.io, &moves_text(&head, &moves), &moves_json(&moves))
        }
        Command::Follow(a) => {
            if a.io.batch {
                return batch_stdio(follow_answer(a.rules, a.table, a.table_type));
            }
            let hand = parse_hand(&a.cards.join(" "))?;
            let table_text = a.table.unwrap_or_default();
            let table = table_move(&table_text, a.table_type, a.rules)?;
            let moves = sorted(follow(hand, &table, &a.rules.rules()));
            let head = format!(
                "{} plays from {} beat {} {} ({} rules); pass is always possible",
                moves.len(),
                shown(hand),
                table.cards(),
                reading(table),
                a.rules
            );
            emit_bytes(&a.io, &moves_text(&head, &moves), &moves_json(&moves))
        }
        Command::Plays(a) => {
            if a.io.batch {
                return batch_stdio(plays_answer_fn(a.rules, a.count));
            }
            let (human, json) = plays_answer(a.rules, a.count);
            emit_bytes(&a.io, &human, &json)
        }
    }
}

fn parse_play(what: &str, text: &str) -> Result<Counts, String> {
    Counts::parse_play(text).map_err(|e| format!("{what} \"{}\": {e}", short(text.trim())))
}

fn parse_hand(text: &str) -> Result<Counts, String> {
    Counts::parse_hand(text).map_err(|e| format!("hand \"{}\": {e}", short(text.trim())))
}

/// The move the table's play was played as.
fn table_move(text: &str, kind: Option<Kind>, preset: Preset) -> Result<Move, String> {
    let play = parse_play("table", text)?;
    let readings = classify(play, &preset.rules()).map_err(|e| {
        format!(
            "table \"{}\" is no play under {preset}: {e}",
            short(text.trim())
        )
    })?;
    match kind {
        None => Ok(readings.first()),
        Some(k) => readings.iter().find(|m| m.kind() == k).ok_or_else(|| {
            let names: Vec<&str> = readings.iter().map(|m| m.kind().name()).collect();
            format!(
                "table \"{}\" is no {k} under {preset}; it reads as {}",
                short(text.trim()),
                names.join(", ")
            )
        }),
    }
}

/// A multiset for the human text: its rank string, or `(no card)` when empty.
fn shown(cards: Counts) -> String {
    if cards.is_empty() {
        String::from("(no card)")
    } else {
        cards.to_string()
    }
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_unstable();
    moves
}

/// The rank characters by [`Rank::index`](doudizhu::Rank::index).
const RANK_CHARS: [u8; 15] = {
    let mut chars = [0u8; 15];
    let mut i = 0;
    while i < 15 {
        if let Some(r) = doudizhu::Rank::from_index(i as u8) {
            chars[i] = r.char() as u8;
        }
        i += 1;
    }
    chars
};

/// Appends `{"moves":[...]}`, each move `{"cards":"33344456","length":2,"main":"4",
/// "type":"plane_solo"}`: the keys in alphabetical order as the first release printed them,
/// `cards` the sorted rank string, `length` the body length. Written byte by byte (every value
/// is ASCII that needs no escaping) for speed; a test pins it to the bytes of the `doudizhu`
/// crate's own serde form of the same moves.
fn write_moves(out: &mut Vec<u8>, moves: &[Move]) {
    out.reserve(16 + moves.len() * 72);
    out.extend_from_slice(b"{\"moves\":[");
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"cards\":\"");
        let bits = m.cards().bits();
        let mut rest = bits;
        while rest != 0 {
            let nibble = rest.trailing_zeros() / 4;
            let n = (bits >> (4 * nibble)) & 0xF;
            let c = RANK_CHARS[nibble as usize];
            for _ in 0..n {
                out.push(c);
            }
            rest &= !(0xF << (4 * nibble));
        }
        out.extend_from_slice(b"\",\"length\":");
        let len = m.body_len();
        if len >= 10 {
            out.push(b'0' + len / 10);
        }
        out.push(b'0' + len % 10);
        out.extend_from_slice(b",\"main\":\"");
        out.push(RANK_CHARS[m.main().index() as usize]);
        out.extend_from_slice(b"\",\"type\":\"");
        out.extend_from_slice(m.kind().name().as_bytes());
        out.extend_from_slice(b"\"}");
    }
    out.extend_from_slice(b"]}");
}

/// [`write_moves`] into a new buffer.
fn moves_json(moves: &[Move]) -> Vec<u8> {
    let mut out = Vec::new();
    write_moves(&mut out, moves);
    out
}

/// A list of plays for people, one a line, each as [`reading`] spells it.
fn moves_text(head: &str, moves: &[Move]) -> String {
    let mut out = String::from(head);
    for m in moves {
        let _ = write!(out, "\n  {} {}", m.cards(), reading(*m));
    }
    out
}

/// A reading for people, the one form of every text list (`classify`, `lead`, `follow`,
/// `plays`): `plane_solo length 2 main 4` (the type, the body length, the main rank).
fn reading(m: Move) -> String {
    format!("{} length {} main {}", m.kind(), m.body_len(), m.main())
}

/// `{"readings":[{"count","length","main","type","value"}, ...]}`, or for no play
/// `{"readings":[],"reason":"..."}` (keys in alphabetical order).
struct ClassifyJson(Result<Readings, NoPlay>);

impl Serialize for ClassifyJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            // the readings in the `doudizhu` crate's own serde form
            Ok(r) => {
                let mut st = s.serialize_struct("Classify", 1)?;
                st.serialize_field("readings", r)?;
                st.end()
            }
            Err(e) => {
                let mut st = s.serialize_struct("Classify", 2)?;
                st.serialize_field("readings", &[(); 0])?;
                st.serialize_field("reason", &format_args!("{e}"))?;
                st.end()
            }
        }
    }
}

fn classify_json(play: Counts, preset: Preset) -> ClassifyJson {
    ClassifyJson(classify(play, &preset.rules()))
}

fn classify_text(play: Counts, preset: Preset) -> String {
    match classify(play, &preset.rules()) {
        Ok(r) => {
            let mut out = String::new();
            for (i, m) in r.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                let _ = write!(
                    out,
                    "{}: {} ({}, value {})",
                    shown(play),
                    reading(m),
                    cards_count(m.count() as usize),
                    m.value()
                );
            }
            out
        }
        Err(e) => format!("{}: no play under {preset}: {e}", shown(play)),
    }
}

/// `1 card`, `2 cards`.
fn cards_count(n: usize) -> String {
    if n == 1 {
        String::from("1 card")
    } else {
        format!("{n} cards")
    }
}

crate::batch_line! {
    /// One `doudizhu classify --batch` line.
    pub struct ClassifyLine<'a> {
        /// The play.
        play: Cow<'a, str>,
        /// The preset (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

crate::batch_line! {
    /// One `doudizhu lead --batch` line.
    pub struct LeadLine<'a> {
        /// The hand.
        hand: Cow<'a, str>,
        /// The preset (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

crate::batch_line! {
    /// One `doudizhu follow --batch` line.
    pub struct FollowLine<'a> {
        /// The hand.
        hand: Cow<'a, str>,
        /// The play on the table (default: the `--table` flag).
        table: Cow<'a, str>,
        /// The table's reading (default: the `--table-type` flag, else the most natural).
        table_type: Cow<'a, str>,
        /// The preset (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

crate::batch_line! {
    /// One `doudizhu plays --batch` line.
    pub struct PlaysLine<'a> {
        /// Totals by type instead of the plays (default: the `--count` flag).
        count: bool,
        /// The preset (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

/// The batch answer of `doudizhu classify`.
pub fn classify_answer(preset: Preset) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    move |text, out| {
        let line: ClassifyLine = parse_line(text)?;
        let preset = name_or(line.rules, preset)?;
        let play = parse_play("play", &required(line.play, "play")?)?;
        write_json(out, &classify_json(play, preset));
        Ok(())
    }
}

/// The batch answer of `doudizhu lead`.
pub fn lead_answer(preset: Preset) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    let mut moves = Vec::new();
    move |text, out| {
        let line: LeadLine = parse_line(text)?;
        let preset = name_or(line.rules, preset)?;
        let hand = parse_hand(&required(line.hand, "hand")?)?;
        moves.clear();
        lead_into(hand, &preset.rules(), &mut moves);
        moves.sort_unstable();
        write_moves(out, &moves);
        Ok(())
    }
}

/// The batch answer of `doudizhu follow`: `table` and `table_type` (the flags) are the defaults
/// of lines without them.
pub fn follow_answer(
    preset: Preset,
    table: Option<String>,
    table_type: Option<Kind>,
) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    let mut moves = Vec::new();
    move |text, out| {
        let line: FollowLine = parse_line(text)?;
        let preset = name_or(line.rules, preset)?;
        let hand = parse_hand(&required(line.hand, "hand")?)?;
        let kind = match line.table_type {
            Some(s) => Some(name_value::<Kind>(&s)?),
            None => table_type,
        };
        let table = required(line.table.or(table.as_deref().map(Cow::Borrowed)), "table")?;
        let table = table_move(&table, kind, preset)?;
        moves.clear();
        follow_into(hand, &table, &preset.rules(), &mut moves);
        moves.sort_unstable();
        write_moves(out, &moves);
        Ok(())
    }
}

/// The batch answer of `doudizhu plays`: `count` (the flag) is the default of lines without it.
pub fn plays_answer_fn(
    preset: Preset,
    count: bool,
) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    move |text, out| {
        let line: PlaysLine = parse_line(text)?;
        let preset = name_or(line.rules, preset)?;
        out.extend_from_slice(&plays_answer(preset, line.count.unwrap_or(count)).1);
        Ok(())
    }
}

/// The JSON of `plays --count`: `{"counts": {"bomb": 13, ...}, "plays": N, "readings": N}`.
#[derive(serde::Serialize)]
struct PlaysCounts {
    counts: BTreeMap<&'static str, usize>,
    plays: usize,
    readings: usize,
}

/// The universe (or its totals) as text and JSON.
fn plays_answer(preset: Preset, count: bool) -> (String, Vec<u8>) {
    let moves = universe(&preset.rules());
    if !count {
        let head = format!("{} plays ({preset} rules)", moves.len());
        let human = moves_text(&head, &moves);
        return (human, moves_json(&moves));
    }
    let mut counts = BTreeMap::new();
    let mut human = format!("{preset} rules: distinct plays by type");
    let mut all = BTreeSet::new();
    for kind in Kind::ALL {
        let set: BTreeSet<u64> = moves
            .iter()
            .filter(|m| m.kind() == kind)
            .map(|m| m.cards().bits())
            .collect();
        all.extend(set.iter().copied());
        let _ = write!(human, "\n  {:<14} {}", kind.name(), set.len());
        counts.insert(kind.name(), set.len());
    }
    let _ = write!(
        human,
        "\n  {:<14} {} ({} readings)",
        "all",
        all.len(),
        moves.len()
    );
    let mut json = Vec::new();
    write_json(
        &mut json,
        &PlaysCounts {
            counts,
            plays: all.len(),
            readings: moves.len(),
        },
    );
    (human, json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn obj(text: &str) -> &str {
        text
    }

    fn answer(
        mut f: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
        text: &str,
    ) -> Result<Value, String> {
        let mut out = Vec::new();
        f(text, &mut out)?;
        Ok(serde_json::from_slice(&out).unwrap())
    }

    fn classify_line(text: &str, preset: Preset) -> Result<Value, String> {
        answer(classify_answer(preset), text)
    }

    fn lead_line(text: &str, preset: Preset) -> Result<Value, String> {
        answer(lead_answer(preset), text)
    }

    fn follow_line(text: &str, preset: Preset) -> Result<Value, String> {
        answer(follow_answer(preset, None, None), text)
    }

    fn plays_line(text: &str, preset: Preset) -> Result<Value, String> {
        answer(plays_answer_fn(preset, false), text)
    }

    #[test]
    fn classify_lines_match_the_spec() {
        let v = classify_line(obj(r#"{"play": "33344456"}"#), Preset::Standard).unwrap();
        assert_eq!(
            v.to_string(),
            r#"{"readings":[{"count":8,"length":2,"main":"4","type":"plane_solo","value":1}]}"#
        );
        let v = classify_line(obj(r#"{"play": "3333BR"}"#), Preset::Standard).unwrap();
        assert_eq!(
            v.to_string(),
            r#"{"readings":[],"reason":"the rocket as two solo wings is not allowed by these rules"}"#
        );
        let v = classify_line(
            obj(r#"{"play": "3333BR", "rules": "douzero"}"#),
            Preset::Standard,
        )
        .unwrap();
        assert_eq!(v["readings"][0]["type"], "four_two_solo");
        let v = classify_line(
            obj(r#"{"play": "333444555666", "rules": "openspiel"}"#),
            Preset::Standard,
        )
        .unwrap();
        let types: Vec<&str> = v["readings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["type"].as_str().unwrap())
            .collect();
        assert_eq!(types, ["plane", "plane_solo", "plane_solo"]);
    }

    #[test]
    fn bad_lines_name_the_token() {
        let e = classify_line(obj(r#"{"play": "33X"}"#), Preset::Standard).unwrap_err();
        assert_eq!(
            e,
            r#"play "33X": unknown rank "X" at position 2 (ranks are 3456789TJQKA2BR, 10 for T)"#
        );
        let e = lead_line(obj(r#"{"hand": "33333"}"#), Preset::Standard).unwrap_err();
        assert!(e.contains("fifth 3 at position 4"), "{e}");
        let e = lead_line(obj(r#"{"hand": "3", "rules": "vb6"}"#), Preset::Standard).unwrap_err();
        assert!(e.contains("unknown rules \"vb6\""), "{e}");
        let e = follow_line(obj(r#"{"hand": "3", "table": "34"}"#), Preset::Standard).unwrap_err();
        assert_eq!(
            e,
            r#"table "34" is no play under standard: not a combination"#
        );
        let e = follow_line(
            obj(r#"{"hand": "3", "table": "3334", "table_type": "plane"}"#),
            Preset::Standard,
        )
        .unwrap_err();
        assert_eq!(
            e,
            r#"table "3334" is no plane under standard; it reads as trio_solo"#
        );
        let e = follow_line(
            obj(r#"{"hand": "3", "table": "3334", "table_type": "airplane"}"#),
            Preset::Standard,
        )
        .unwrap_err();
        assert!(e.starts_with("unknown type \"airplane\""), "{e}");
    }

    #[test]
    fn lead_and_follow_lines_are_sorted_move_lists() {
        let v = lead_line(obj(r#"{"hand": "3334"}"#), Preset::Standard).unwrap();
        assert_eq!(
            v.to_string(),
            concat!(
                r#"{"moves":[{"cards":"3","length":1,"main":"3","type":"solo"},"#,
                r#"{"cards":"4","length":1,"main":"4","type":"solo"},"#,
                r#"{"cards":"33","length":1,"main":"3","type":"pair"},"#,
                r#"{"cards":"333","length":1,"main":"3","type":"trio"},"#,
                r#"{"cards":"3334","length":1,"main":"3","type":"trio_solo"}]}"#
            )
        );
        let v = follow_line(
            obj(r#"{"hand": "5556667777BR", "table": "33344456"}"#),
            Preset::Standard,
        )
        .unwrap();
        let cards: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["cards"].as_str().unwrap())
            .collect();
        assert_eq!(
            cards,
            [
                "55566677", "5556667B", "5556667R", "55666777", "5666777B", "5666777R", "7777",
                "BR"
            ]
        );
        // the table read as a plane of three with wings (its highest reading of that type),
        // or by default as the plane of four
        let shown = |line: &str| -> Vec<String> {
            let v = follow_line(obj(line), Preset::Openspiel).unwrap();
            v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    format!(
                        "{} {}",
                        m["type"].as_str().unwrap(),
                        m["main"].as_str().unwrap()
                    )
                })
                .collect()
        };
        assert_eq!(
            shown(
                r#"{"hand": "444555666777", "table": "333444555666", "table_type": "plane_solo"}"#
            ),
            ["plane_solo 7"]
        );
        assert_eq!(
            shown(r#"{"hand": "444555666777", "table": "333444555666"}"#),
            ["plane 7"]
        );
    }

    #[test]
    fn plays_count_lines_give_the_spec_totals() {
        for (preset, total) in [
            ("standard", 27471),
            ("openspiel", 25661),
            ("douzero", 29984),
            ("strict", 12654),
        ] {
            let line = format!(r#"{{"count": true, "rules": "{preset}"}}"#);
            let v = plays_line(obj(&line), Preset::Standard).unwrap();
            assert_eq!(v["plays"], total, "{preset}");
        }
        let v = plays_line(obj(r#"{"count": true}"#), Preset::Standard).unwrap();
        assert_eq!(v["counts"]["four_two_solo"], 1326);
        assert_eq!(v["counts"]["plane_solo"], 21822);
        let v = plays_line(obj("{}"), Preset::Strict).unwrap();
        assert_eq!(v["moves"].as_array().unwrap().len(), 12654);
    }

    #[test]
    fn human_text() {
        let play = parse_play("play", "33344456").unwrap();
        assert_eq!(
            classify_text(play, Preset::Standard),
            "33344456: plane_solo length 2 main 4 (8 cards, value 1)"
        );
        assert_eq!(
            classify_text(parse_play("play", "34").unwrap(), Preset::Standard),
            "34: no play under standard: not a combination"
        );
        assert_eq!(
            classify_text(parse_play("play", " ").unwrap(), Preset::Standard),
            "(no card): no play under standard: no card"
        );
        let (human, _) = plays_answer(Preset::Douzero, true);
        assert!(
            human.ends_with("all            29984 (30383 readings)"),
            "{human}"
        );
    }

    /// The byte writer gives exactly the `doudizhu` crate's serde form (one schema for Rust,
    /// CLI and Python users), on every lead and follow of seeded hands under every preset.
    #[test]
    fn moves_json_is_the_crate_serde_form_byte_for_byte() {
        #[derive(serde::Serialize)]
        struct Answer<'a> {
            moves: &'a [Move],
        }
        let mut rng = doudizhu::Rng::seed_from_u64(8);
        for preset in Preset::ALL {
            let rules = preset.rules();
            for _ in 0..200 {
                let mut deck = doudizhu::Deck::with_jokers();
                deck.shuffle(&mut rng);
                let hand = Counts::from_cards(deck.deal(&[20]).unwrap()[0]);
                let moves = doudizhu::lead(hand, &rules);
                let serde = serde_json::to_vec(&Answer { moves: &moves }).unwrap();
                assert_eq!(moves_json(&moves), serde, "{hand}");
                if let Some(table) = moves.last() {
                    let follows = doudizhu::follow(hand, table, &rules);
                    let serde = serde_json::to_vec(&Answer { moves: &follows }).unwrap();
                    assert_eq!(moves_json(&follows), serde, "{hand} on {table}");
                }
            }
        }
    }
}
