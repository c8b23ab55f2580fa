//! `cards daifugo play` (a game or a match between built-in players and people) and
//! `cards daifugo replay` (a record replayed as the UEC contest server would: accepted or rejected,
//! why, places and points).

use std::io::Read;

use daifugo::{Human, Match, Policy, Record, Replay, Rules};
use serde::Serialize;

use crate::common::{CliError, SeedArg, batch_stdio, emit, parse_name, seed_line, write_json};

/// Arguments of `cards daifugo play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The rules: uecda (the UEC contest server's) or seed, with options as
    /// `uecda+eleven_back=true`.
    #[arg(long, default_value = "uecda", value_parser = parse_name::<Rules>)]
    rules: Rules,
    #[command(flatten)]
    seed: SeedArg,
    /// How many games: a match, with the classes carried over, seats shuffled every 3 games.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// The player of every seat: random or tutorial (`seed` is its deprecated old name).
    #[arg(long, default_value = "tutorial", conflicts_with = "players")]
    policy: String,
    /// One player per seat (player 0..4), comma-separated: random, tutorial or human (this
    /// terminal), e.g. `tutorial,tutorial,random,tutorial,human`.
    #[arg(long, value_delimiter = ',')]
    players: Option<Vec<String>>,
    /// Print the records (one JSON object a line) and then the standings, instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `cards daifugo replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// Print one JSON object instead of text.
    #[arg(long, conflicts_with = "batch")]
    json: bool,
    /// Read one record a line from stdin, write one result a line.
    #[arg(long)]
    batch: bool,
    /// The record file (JSON); stdin when absent.
    #[arg(conflicts_with = "batch")]
    file: Option<std::path::PathBuf>,
}

/// The standings line of `play --json`.
#[derive(Serialize)]
struct Standings {
    seed: u64,
    games: u32,
    points: [u32; 5],
}

/// The players of a `play` run, by player.
fn players(a: &PlayArgs, seed: u64) -> Result<[Box<dyn Policy>; 5], CliError> {
    let names: Vec<String> = match &a.players {
        Some(list) => list.clone(),
        None => vec![a.policy.clone(); 5],
    };
    if names.len() != 5 {
        return Err(CliError::usage(format!(
            "--players needs 5 names, one per player, not {}",
            names.len()
        )));
    }
    let mut out: Vec<Box<dyn Policy>> = Vec::with_capacity(5);
    for (i, n) in names.iter().enumerate() {
        let seed_i = seed.wrapping_add(0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i as u64 + 1));
        if n.trim().eq_ignore_ascii_case("human") {
            // the interactive view goes to stderr, so stdout keeps the game (or its JSON)
            out.push(Box::new(Human::new(
                std::io::stdin().lock(),
                std::io::stderr(),
            )));
            continue;
        }
        let Some(p) = daifugo::policy_by_name(n, seed_i) else {
            return Err(CliError::usage(format!(
                "unknown player \"{}\" (expected one of: {}, human)",
                crate::common::short(n),
                daifugo::POLICY_NAMES.join(", ")
            )));
        };
        out.push(p);
    }
    out.try_into()
        .map_err(|_| CliError::usage("--players needs 5 names"))
}

/// Runs `cards daifugo play`.
pub fn play(a: &PlayArgs) -> Result<(), CliError> {
    if a.games == 0 {
        return Err(CliError::usage("--games must be 1 or more"));
    }
    let seed = a.seed.resolve();
    let mut players = players(a, seed)?;
    let mut m = Match::new(a.rules, seed);
    let mut out = Vec::new();
    if !a.json {
        out.extend_from_slice(seed_line(seed).as_bytes());
        out.push(b'\n');
    }
    for i in 1..=a.games {
        let mut g = m.next_game();
        g.play_out(&mut players)
            .map_err(|e| CliError::usage(format!("game {i}: {e}")))?;
        m.finish(&g);
        let record = g.record();
        if a.json {
            write_json(&mut out, &record);
            out.push(b'\n');
        } else {
            if a.games > 1 {
                out.extend_from_slice(format!("game {i}\n").as_bytes());
            }
            let text = record
                .transcript()
                .map_err(|e| CliError::usage(format!("game {i}: {e}")))?;
            out.extend_from_slice(text.as_bytes());
        }
        // print game by game, so a long match shows its progress
        crate::common::write_stdout(&out)?;
        out.clear();
    }
    let points = m.points();
    let standings = Standings {
        seed,
        games: a.games,
        points,
    };
    if a.json {
        write_json(&mut out, &standings);
        out.push(b'\n');
    } else if a.games > 1 {
        let mut by: Vec<usize> = (0..5).collect();
        by.sort_by_key(|&p| std::cmp::Reverse(points[p]));
        out.extend_from_slice(format!("standings after {} games:\n", a.games).as_bytes());
        for p in by {
            out.extend_from_slice(format!("  player {p}: {} points\n", points[p]).as_bytes());
        }
    }
    crate::common::write_stdout(&out)
}

/// The human text of a replay: the transcript (which marks each rejection and its reason).
fn replay_text(record: &Record) -> Result<String, String> {
    record.transcript().map_err(|e| e.to_string())
}

/// Reads a record from JSON text; the error names the key (serde's message).
fn read_record(text: &str) -> Result<Record, String> {
    serde_json::from_str(text).map_err(|e| format!("bad record: {e}"))
}

/// Replays a record (JSON text): the result or an error naming the key or the action.
pub fn replay_one(text: &str) -> Result<Replay, String> {
    read_record(text)?.replay().map_err(|e| e.to_string())
}

/// The batch answer of `daifugo replay`: one record a line in, one result a line out.
pub fn replay_answer() -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    |text, out| {
        let r = replay_one(text)?;
        write_json(out, &r);
        Ok(())
    }
}

/// Runs `cards daifugo replay`.
pub fn replay(a: &ReplayArgs) -> Result<(), CliError> {
    if a.batch {
        return batch_stdio(replay_answer());
    }
    let text = if let Some(path) = &a.file {
        std::fs::read_to_string(path)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?
    } else {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| CliError::Io(format!("cannot read stdin: {e}")))?;
        s
    };
    let record = read_record(&text).map_err(CliError::usage)?;
    let result = record
        .replay()
        .map_err(|e| CliError::usage(e.to_string()))?;
    let human = replay_text(&record).map_err(CliError::usage)?;
    let io = crate::common::IoArgs {
        json: a.json,
        batch: false,
    };
    emit(&io, human.trim_end(), &result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use daifugo::{Game, Random};

    fn record_json(seed: u64) -> String {
        let mut players: [Box<dyn Policy>; 5] =
            std::array::from_fn(|i| Box::new(Random::new(i as u64)) as Box<dyn Policy>);
        let mut g = Game::new(Rules::UECDA, seed);
        g.play_out(&mut players).unwrap();
        serde_json::to_string(&g.record()).unwrap()
    }

    #[test]
    fn replay_lines() {
        let good = record_json(3);
        let mut bad_key = good.clone();
        bad_key.insert_str(1, "\"winner\": 2, ");
        let missing = good.replacen("\"hands\"", "\"handz\"", 1);
        let input = format!("{good}\n{bad_key}\n{missing}\nnot json\n");
        let mut out = Vec::new();
        crate::common::batch_loop(input.as_bytes(), &mut out, replay_answer()).unwrap();
        let lines: Vec<serde_json::Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 4);
        let places = lines[0]["places"].as_array().unwrap();
        assert_eq!(places.len(), 5);
        assert_eq!(lines[0]["points"].as_array().unwrap().len(), 5);
        assert!(
            lines[0]["accepted"]
                .as_array()
                .unwrap()
                .iter()
                .all(|a| a == true)
        );
        let e = lines[1]["error"].as_str().unwrap();
        assert!(e.contains("unknown field `winner`"), "{e}");
        let e = lines[2]["error"].as_str().unwrap();
        assert!(e.contains("`handz`"), "{e}");
        assert!(
            lines[3]["error"]
                .as_str()
                .unwrap()
                .starts_with("bad record: ")
        );
    }
}
