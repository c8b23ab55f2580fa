//! `cards daifugo play` (a game or a match between built-in players and people) and
//! `cards daifugo replay` (a record replayed as the UEC contest server would: accepted or rejected,
//! why, places and points).

use std::fmt::Write as _;

use daifugo::{Game, HumanPolicy, Match, Observation, Record, Rules, Verdict};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::agent::AgentArgs;
use crate::common::{
    CliError, SeedArg, batch_stdio, emit, parse_name, players_help, policy_help, seed_line,
    write_json,
};
use crate::drive::{Ended, Session, Stop, Terminal, ThinkArgs, read_input, seat_players};

/// Arguments of `cards daifugo play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The rules.
    #[arg(long, default_value = "uecda", value_parser = parse_name::<Rules>,
        help = super::rules_help())]
    rules: Rules,
    #[command(flatten)]
    seed: SeedArg,
    /// How many games: a match, with the classes carried over, seats shuffled every 3 games.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// The player of every seat.
    #[arg(long, default_value = "tutorial", conflicts_with = "players",
        help = format!("{} (`seed` is the deprecated old name of `tutorial`)",
            policy_help(daifugo::POLICY_NAMES)))]
    policy: String,
    /// One player per seat.
    #[arg(long, num_args = 1.., help = players_help(daifugo::POLICY_NAMES, "player 0..4",
        &["tutorial", "tutorial", "random", "tutorial", "human"]))]
    players: Option<Vec<String>>,
    #[command(flatten)]
    think: ThinkArgs,
    #[command(flatten)]
    agent: AgentArgs,
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

/// The standings line of `play --json` (after the records): `replay` checks it.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct Standings {
    seed: u64,
    games: u32,
    points: [u32; 5],
}

/// Daifugo's games of a run: the games of one match (classes and the exchange carried over,
/// seats shuffled every 3 games), its players kept for the match.
impl Session for Game {
    type Definition = daifugo::Daifugo;
    const SEAT_WORD: &'static str = "player";
    const PLAYERS_EACH_DEAL: bool = false;

    type Table = Match;

    fn table(rules: Rules, seed: u64) -> Match {
        Match::new(rules, seed)
    }

    fn deal(m: &mut Match, _seed: u64) -> Result<Game, String> {
        Ok(m.next_game())
    }

    fn finish(m: &mut Match, game: &Game) {
        m.finish(game);
    }

    /// Player `p` is seeded with `seed + (p + 1) · 0x9e3779b97f4a7c15`.
    fn policy_seed(seed: u64, player: usize) -> u64 {
        seed.wrapping_add(0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(player as u64 + 1))
    }

    /// The tricks so far, once the exchange is over (its lines need every return).
    fn transcript_so_far(&self) -> Option<String> {
        if self.is_exchanging() {
            return None;
        }
        self.record().transcript_so_far().ok()
    }

    /// The observation's own JSON plus the player's side of the exchange (`given`,
    /// `received`: `""` when none), as the page gets it.
    fn observation_json(obs: &Observation<'_>) -> Value {
        cards_web::daifugo::observation_json(obs)
    }
}

/// Runs `cards daifugo play`.
pub fn play(a: &PlayArgs) -> Result<(), CliError> {
    if a.games == 0 {
        return Err(CliError::usage("--games must be 1 or more"));
    }
    let seed = a.seed.resolve();
    let ended = Ended::default();
    // the interactive view goes to stderr, so stdout keeps the game (or its JSON)
    let human = |p| -> Box<dyn cards_core::game::Policy<Game>> {
        Box::new(HumanPolicy::new(
            Terminal::new(p, &ended),
            std::io::stderr(),
        ))
    };
    let players = |s| {
        seat_players::<Game>(
            &a.policy,
            a.players.as_deref(),
            s,
            (a.think, a.agent),
            &ended,
            human,
        )
    };
    let mut out = Vec::new();
    if !a.json {
        out.extend_from_slice(seed_line(seed).as_bytes());
        out.push(b'\n');
    }
    let each = |i, g: &Game| {
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
        Ok(())
    };
    let m = crate::drive::play::<Game>(a.rules, seed, a.games.into(), players, &ended, each)
        .map_err(|stop| match stop {
            Stop::InputEnded { game, seat } => {
                CliError::Io(format!("game {game}, player {seat}: the input ended"))
            }
            other => other.other(),
        })?;
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

/// Reads a record from JSON text with the one reader every front end shares
/// ([`Record::from_json`]); the error names the key.
fn read_record(text: &str) -> Result<Record, String> {
    Record::from_json(text).map_err(|e| format!("bad record: {e}"))
}

/// Replays a record (JSON text): the result or an error naming the key or the action.
pub fn replay_one(text: &str) -> Result<Verdict, String> {
    read_record(text)?.verdict().map_err(|e| e.to_string())
}

/// A line of what `play --json` writes: a game's record, or the standings after the records.
enum Line {
    Record(Box<Record>),
    Standings(Standings),
}

/// Reads one JSON value of `play --json`'s output: the standings when it has `points` and no
/// `hands`, else a record.
fn read_line(value: Value) -> Result<Line, String> {
    if value.get("points").is_some() && value.get("hands").is_none() {
        serde_json::from_value(value)
            .map(Line::Standings)
            .map_err(|e| format!("bad standings line: {e}"))
    } else {
        serde_json::from_value(value)
            .map(|r| Line::Record(Box::new(r)))
            .map_err(|e| format!("bad record: {e}"))
    }
}

/// The games replayed so far and each player's points over them: what a standings line must say.
#[derive(Default)]
struct Tally {
    games: u32,
    points: [u32; 5],
}

impl Tally {
    fn add(&mut self, replay: &Verdict) {
        self.games += 1;
        for (total, p) in self.points.iter_mut().zip(replay.points) {
            *total += u32::from(p);
        }
    }

    /// The standings line against the records before it.
    fn check(&self, s: &Standings) -> Result<(), String> {
        if s.games == self.games && s.points == self.points {
            Ok(())
        } else {
            Err(format!(
                "the standings line says {} games and points {:?} (players 0..4), but the {} records before it replay to points {:?}",
                s.games, s.points, self.games, self.points
            ))
        }
    }
}

/// The batch answer of `daifugo replay`: one record a line in, one result a line out; a
/// standings line (the last line of `play --json`) is checked against the records before it
/// and answered with `{"standings": ...}`.
pub fn replay_answer() -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    let mut tally = Tally::default();
    move |text, out| {
        let value =
            crate::common::read_record_json(text).map_err(|e| format!("bad record: {e}"))?;
        match read_line(value)? {
            Line::Record(record) => {
                let r = record.verdict().map_err(|e| e.to_string())?;
                tally.add(&r);
                write_json(out, &r);
            }
            Line::Standings(s) => {
                tally.check(&s)?;
                // the line as `play --json` wrote it (its keys in their order), wrapped
                out.extend_from_slice(b"{\"standings\":");
                write_json(out, &s);
                out.push(b'}');
            }
        }
        Ok(())
    }
}

/// Runs `cards daifugo replay`.
pub fn replay(a: &ReplayArgs) -> Result<(), CliError> {
    if a.batch {
        return batch_stdio(replay_answer());
    }
    let text = read_input(a.file.as_deref(), None)?;
    // One record, or what `play --json` writes: records, one a line, then the standings. Each
    // value is read as `--batch` reads a line: an object, each key once at any depth.
    let mut lines = Vec::new();
    let values = serde_json::Deserializer::from_str(&text).into_iter::<Value>();
    let keys = serde_json::Deserializer::from_str(&text).into_iter::<cards_core::KeysOnce>();
    for (value, keys) in values.zip(keys) {
        let bad = |e: &dyn std::fmt::Display| CliError::usage(format!("bad record: {e}"));
        keys.map_err(|e| bad(&e))?;
        let value = value.map_err(|e| bad(&e))?;
        if !value.is_object() {
            return Err(bad(&"a record is a JSON object"));
        }
        lines.push(read_line(value).map_err(CliError::usage)?);
    }
    let io = crate::common::IoArgs {
        json: a.json,
        batch: false,
    };
    if let [Line::Record(record)] = lines.as_slice() {
        let result = record
            .verdict()
            .map_err(|e| CliError::usage(e.to_string()))?;
        let human = replay_text(record).map_err(CliError::usage)?;
        return emit(&io, human.trim_end(), &result);
    }
    let mut tally = Tally::default();
    let mut out = String::new();
    let mut standings = None;
    for line in &lines {
        match line {
            Line::Record(record) => {
                let game = tally.games + 1;
                let result = record
                    .verdict()
                    .map_err(|e| CliError::usage(format!("game {game}: {e}")))?;
                tally.add(&result);
                if a.json {
                    let mut buf = Vec::new();
                    write_json(&mut buf, &result);
                    out.push_str(&String::from_utf8_lossy(&buf));
                } else {
                    let text = replay_text(record)
                        .map_err(|e| CliError::usage(format!("game {game}: {e}")))?;
                    let _ = write!(out, "game {game}\n{}", text.trim_end());
                }
                out.push('\n');
            }
            Line::Standings(s) => {
                tally.check(s).map_err(CliError::usage)?;
                standings = Some(s);
            }
        }
    }
    if tally.games == 0 {
        return Err(CliError::usage(
            "no record to replay (only a standings line)",
        ));
    }
    let totals = Standings {
        seed: standings.map_or(0, |s| s.seed),
        games: tally.games,
        points: tally.points,
    };
    if a.json {
        let mut buf = Vec::new();
        write_json(&mut buf, &totals);
        out.push_str(&String::from_utf8_lossy(&buf));
    } else {
        let _ = write!(
            out,
            "points after {} games, players 0..4: {}{}",
            tally.games,
            totals.points.map(|p| p.to_string()).join(", "),
            if standings.is_some() {
                " (as the standings line says)"
            } else {
                ""
            }
        );
    }
    crate::common::write_stdout(format!("{out}\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use daifugo::Random;

    fn record_json(seed: u64) -> String {
        let mut players = [0, 1, 2, 3, 4].map(Random::new);
        let mut g = Game::new(Rules::UECDA, seed);
        daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
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
