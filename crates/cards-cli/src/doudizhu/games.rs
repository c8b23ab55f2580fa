//! `cards doudizhu deal | play | replay`: whole games.

use doudizhu::{Action, Deal, Game, GameRules, HumanPolicy, Record, ReplayError};
use serde::Serialize;
use serde_json::{Value, json};

use cards_core::game::{Definition, Players as _};

use crate::common::{
    CliError, IoArgs, batch_stdio, emit, or_list, players_help, policy_help, seed_line, write_json,
};

/// The help of `--rules` of the whole-game commands.
pub(crate) fn rules_help() -> String {
    format!(
        "Game rules: {} (or `preset+option=value`)",
        or_list(GameRules::NAMES)
    )
}
use crate::agent::AgentArgs;
use crate::drive::{Ended, Session, Stop, Terminal, ThinkArgs, read_input, seat_players};

/// `--seed`'s help: the seed's range under every rules.
const SEED_HELP: &str = "The seed of the deal (0 to 2^64-1; 0 to 2^32-1 under --rules douzero, \
    whose dealer takes a 32-bit seed as DouZero's does); without it one is drawn and printed";

/// Arguments of `cards doudizhu deal`.
#[derive(clap::Args, Debug)]
pub struct DealArgs {
    /// Game rules.
    #[arg(long, default_value = "standard", help = rules_help())]
    rules: GameRules,
    /// The seed of the deal (32 bits under `douzero`).
    #[arg(long, help = SEED_HELP)]
    seed: Option<u64>,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `cards doudizhu play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Game rules.
    #[arg(long, default_value = "standard", help = rules_help())]
    rules: GameRules,
    /// The seed of the deal (32 bits under `douzero`).
    #[arg(long, help = SEED_HELP)]
    seed: Option<u64>,
    /// The player of every seat.
    #[arg(long, default_value = "greedy", conflicts_with = "players",
        help = policy_help(Game::POLICY_NAMES))]
    policy: String,
    /// One player per seat.
    #[arg(long, num_args = 1..,
        help = players_help(Game::POLICY_NAMES, "seat 0 first", &["human", "greedy", "greedy"]))]
    players: Option<Vec<String>>,
    #[command(flatten)]
    think: ThinkArgs,
    #[command(flatten)]
    agent: AgentArgs,
    /// The record and the result as one JSON object instead of text (one a line, each with
    /// its seed, when every seat passed and the cards were dealt again).
    #[arg(long)]
    json: bool,
}

/// Arguments of `cards doudizhu replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// Also list, for every action, the legal actions at that point.
    #[arg(long)]
    legal: bool,
    #[command(flatten)]
    io: IoArgs,
    /// A file holding one JSON record (default: stdin).
    #[arg(conflicts_with = "batch")]
    file: Option<std::path::PathBuf>,
}

/// The seed a command uses: the flag, or one drawn (32 bits under the `douzero` dealer, whose
/// generator takes a 32-bit seed).
fn resolve_seed(seed: Option<u64>, rules: &GameRules) -> u64 {
    match seed {
        Some(s) => s,
        None if rules.dealer == doudizhu::Dealer::DouZero => {
            crate::common::draw_seed() & 0xffff_ffff
        }
        None => crate::common::draw_seed(),
    }
}

fn deal_json(seed: u64, rules: &GameRules, deal: &Deal) -> Value {
    let mut v = json!({
        "seed": seed,
        "hands": deal.hands.map(|h| h.to_string()),
        "kitty": deal.kitty.to_string(),
    });
    let key = if rules.auction == doudizhu::Auction::None {
        "landlord"
    } else {
        "first_bidder"
    };
    v[key] = json!(deal.first);
    v
}

fn deal_text(seed: u64, rules: &GameRules, deal: &Deal) -> String {
    use std::fmt::Write as _;
    let mut s = format!("{}\nrules: {rules}\n", seed_line(seed));
    for (seat, h) in deal.hands.iter().enumerate() {
        let _ = writeln!(s, "seat {seat}: {h}");
    }
    let _ = writeln!(s, "kitty: {}", deal.kitty);
    if rules.auction == doudizhu::Auction::None {
        let _ = write!(s, "landlord: seat {}", deal.first);
    } else {
        let _ = write!(s, "first bidder: seat {}", deal.first);
        if let Some(r) = deal.face_up {
            let _ = write!(s, " (face-up card {r})");
        }
    }
    s
}

/// The result of a game: landlord, bid, bombs (and rockets), spring, winner, returns.
#[derive(Serialize)]
struct GameResult {
    landlord: Option<u8>,
    bid: u8,
    bombs: u8,
    spring: bool,
    winner: Option<&'static str>,
    returns: [i64; 3],
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Vec<Vec<String>>>,
}

fn result_of(game: &Game, legal: Option<Vec<Vec<String>>>) -> GameResult {
    let s = game.state();
    let over = s.is_over();
    GameResult {
        landlord: if over { s.landlord() } else { None },
        bid: if s.landlord().is_some() { s.bid() } else { 0 },
        bombs: s.bombs() + s.rockets(),
        spring: s.spring(),
        winner: s
            .landlord_won()
            .map(|w| if w { "landlord" } else { "peasants" }),
        returns: game.scores(),
        legal,
    }
}

/// The legal actions of a state, sorted (pass, bids, then plays in list order), as text.
fn sorted_legal(game: &Game) -> Vec<String> {
    let mut legal = game.legal_actions();
    legal.sort_by(|a, b| {
        let key = |x: &Action| match x {
            Action::Pass => (0, 0, None),
            Action::Bid(n) => (1, *n, None),
            Action::Call => (1, 4, None),
            Action::Rob => (1, 5, None),
            Action::Play(m) => (2, 0, Some(*m)),
        };
        key(a).cmp(&key(b))
    });
    legal.iter().map(Action::record_text).collect()
}

/// Replays a record; with `legal` also the sorted legal actions before every action.
fn replay_record(record: &Record, legal: bool) -> Result<(Game, GameResult), String> {
    let mut game = Game::from_deal(record.rules, record.deal);
    let mut lists = legal.then(Vec::new);
    for (index, text) in record.actions.iter().enumerate() {
        if let Some(l) = lists.as_mut() {
            l.push(sorted_legal(&game));
        }
        let err = |e: doudizhu::GameError| {
            ReplayError::Action {
                index,
                text: text.clone(),
                error: e,
            }
            .to_string()
        };
        let action = game.parse_action(text).map_err(err)?;
        game.apply_with_outcome(action).map_err(err)?;
    }
    let result = result_of(&game, lists);
    Ok((game, result))
}

/// Reads a record: the record object itself (keys `rules`, `hands`, ...), or what `play --json`
/// prints (`{"seed": .., "record": {..}, "result": {..}}`), whose `record` it replays.
/// Both are objects, each key once ([`crate::common::read_record_json`]).
fn read_record(text: &str) -> Result<Record, String> {
    let value = match crate::common::read_record_json(text)? {
        Value::Object(mut map) if !map.contains_key("hands") && map.contains_key("record") => {
            match map.remove("record") {
                Some(inner @ Value::Object(_)) => inner,
                _ => return Err("\"record\" is a record, a JSON object".into()),
            }
        }
        v => v,
    };
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// One `doudizhu replay --batch` line: a record object (keys `rules`, `hands`, `kitty`,
/// `first_bidder` or `landlord`, `face_up`, `actions`; `null` is absent) to its result.
pub fn replay_answer(legal: bool) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    move |text, out| {
        let record = read_record(text)?;
        let (_, result) = replay_record(&record, legal)?;
        write_json(out, &result);
        Ok(())
    }
}

/// Runs `deal`, `play` or `replay`.
pub fn run_deal(a: &DealArgs) -> Result<(), CliError> {
    let seed = resolve_seed(a.seed, &a.rules);
    let deal = Deal::from_seed(&a.rules, seed).map_err(|e| CliError::usage(e.to_string()))?;
    let io = IoArgs {
        json: a.json,
        ..IoArgs::default()
    };
    emit(
        &io,
        &deal_text(seed, &a.rules, &deal),
        &deal_json(seed, &a.rules, &deal),
    )
}

/// Dou Dizhu's games of a run: each dealt alone from its seed.
impl Session for Game {
    type Definition = doudizhu::DouDizhu;
    type Table = GameRules;

    fn table(rules: GameRules, _seed: u64) -> GameRules {
        rules
    }

    fn deal(rules: &mut GameRules, seed: u64) -> Result<Game, String> {
        <doudizhu::DouDizhu as Definition>::new_game(rules, seed).map_err(|e| e.to_string())
    }

    /// `DouZero`'s dealer takes seeds below 2^32 only.
    fn first_bad_seed(rules: GameRules, first: u64, count: u64) -> Option<u64> {
        if rules.dealer != doudizhu::Dealer::DouZero || count == 0 {
            return None;
        }
        let limit = 1u64 << 32;
        if first >= limit {
            return Some(0);
        }
        // the seeds first..first+count-1 cross 2^32 (a wrap past 2^64 crosses it first)
        (count > limit - first).then_some(limit - first)
    }

    /// The random player of seat `s` is seeded with `3 · seed + s + 1`.
    fn policy_seed(seed: u64, seat: usize) -> u64 {
        seed.wrapping_mul(3).wrapping_add(seat as u64 + 1)
    }

    /// The record's transcript, without the `(not over)` it ends with before the game is over.
    fn transcript_so_far(&self) -> Option<String> {
        let mut text = self.record().transcript();
        if let Some(start) = text.trim_end().rfind('\n')
            && text[start..].trim() == "(not over)"
        {
            text.truncate(start + 1);
        }
        Some(text)
    }

    /// The landlord's line without its whole hand (`landlord: seat 1 at bid 2, takes the
    /// kitty`): the kitty is shown to all, the hand is not.
    fn public_line(line: &str) -> Option<&str> {
        Some(match line.find(", takes the kitty: hand ") {
            Some(at) if line.starts_with("landlord: ") => &line[..at + ", takes the kitty".len()],
            _ => line,
        })
    }

    /// The observation's own JSON (the page's view).
    fn observation_json(obs: &doudizhu::Observation<'_>) -> Value {
        <Game as cards_web::session::WebGame>::agent_observation(obs)
    }
}

/// A person at the terminal as a player of the one interface: the end of its input stops the
/// game ([`Ended`]).
struct Person {
    human: HumanPolicy<Terminal, std::io::Stderr>,
    seat: usize,
    ended: Ended,
}

impl cards_core::game::Policy<Game> for Person {
    fn choose(&mut self, obs: &doudizhu::Observation<'_>, legal: &[Action]) -> Action {
        self.human.ask(obs, legal).unwrap_or_else(|| {
            self.ended.set(self.seat);
            legal[0]
        })
    }
}

/// Runs `play`.
pub fn run_play(a: &PlayArgs) -> Result<(), CliError> {
    let seed = resolve_seed(a.seed, &a.rules);
    let ended = Ended::default();
    let human = |seat| -> Box<dyn cards_core::game::Policy<Game>> {
        Box::new(Person {
            human: HumanPolicy::new(Terminal::new(seat, &ended), std::io::stderr()),
            seat,
            ended: ended.clone(),
        })
    };
    let io = IoArgs {
        json: a.json,
        ..IoArgs::default()
    };
    let mut players = |s| {
        seat_players::<Game>(
            &a.policy,
            a.players.as_deref(),
            s,
            (a.think, a.agent),
            &ended,
            human,
        )
    };
    let mut deal_seed = seed;
    for deal in 1..=MAX_DEALS {
        let mut redeal = false;
        let shown = |_, game: &Game| {
            redeal = game.state().redeal();
            let record = game.record();
            let result = result_of(game, None);
            let human = format!(
                "{}\n{}",
                seed_line(deal_seed),
                record.transcript().trim_end()
            );
            emit(
                &io,
                &human,
                &json!({ "seed": deal_seed, "record": record, "result": result }),
            )
        };
        crate::drive::play::<Game>(a.rules, deal_seed, 1, &mut players, &ended, shown).map_err(
            |stop| match stop {
                Stop::InputEnded { seat, .. } => {
                    CliError::Io(format!("seat {seat}: the input ended"))
                }
                Stop::Refused { seat, message, .. } => {
                    CliError::Io(format!("seat {seat}: {message}"))
                }
                other => other.other(),
            },
        )?;
        if !redeal {
            return Ok(());
        }
        // deal k of `--seed S` is the game `--seed S+k-1` deals, players included
        deal_seed = a.rules.redeal_seed(deal_seed);
        let line = format!(
            "Everyone passed: dealing again (deal {}, seed {deal_seed})",
            deal + 1
        );
        if io.json {
            // stdout stays one JSON object a line
            eprintln!("{line}");
        } else {
            crate::common::write_stdout(format!("{line}\n").as_bytes())?;
        }
    }
    Err(CliError::Io(format!(
        "every seat passed in {MAX_DEALS} deals in a row: no game"
    )))
}

/// The most deals `play` deals when every seat keeps passing in the auction.
const MAX_DEALS: u64 = 1000;

/// Runs `replay`.
pub fn run_replay(a: &ReplayArgs) -> Result<(), CliError> {
    if a.io.batch {
        return batch_stdio(replay_answer(a.legal));
    }
    let text = read_input(a.file.as_deref(), Some(1 << 20))?;
    let record = read_record(text.trim()).map_err(|e| CliError::usage(format!("record: {e}")))?;
    let (_, result) = replay_record(&record, a.legal).map_err(CliError::usage)?;
    let human = record.transcript();
    emit(&a.io, human.trim_end(), &result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str, legal: bool) -> Result<Value, String> {
        let mut out = Vec::new();
        replay_answer(legal)(line, &mut out)?;
        Ok(serde_json::from_slice(&out).unwrap())
    }

    /// S1 of the spec under `openspiel`: the landlord (seat 0, bid 1) wins with a spring.
    const S1: &str = r#"{"rules": "openspiel", "hands": ["34567899TTJJQQQAA", "33344455566677788", "899TTJJQKKKAA222B"], "kitty": "K2R", "first_bidder": 0, "actions": ["1", "pass", "pass", "345678", "pass", "pass", "99TTJJ", "pass", "pass", "QQQK", "pass", "pass", "AA", "pass", "pass", "2", "pass", "pass", "R"]}"#;

    #[test]
    fn replay_lines_give_the_result() {
        let v = answer(S1, false).unwrap();
        assert_eq!(
            v,
            json!({"landlord": 0, "bid": 1, "bombs": 0, "spring": true, "winner": "landlord", "returns": [4, -2, -2]})
        );
        let v = answer(S1, true).unwrap();
        let legal = v["legal"].as_array().unwrap();
        assert_eq!(legal.len(), 19);
        assert_eq!(legal[0], json!(["pass", "1", "2", "3"]));
        assert_eq!(legal[1], json!(["pass", "2", "3"]));
        // all pass under openspiel: no landlord, zero returns
        let all_pass = r#"{"rules": "openspiel", "hands": ["34567899TTJJQQQAA", "33344455566677788", "899TTJJQKKKAA222B"], "kitty": "K2R", "first_bidder": 1, "actions": ["pass", "pass", "pass"]}"#;
        let v = answer(all_pass, false).unwrap();
        assert_eq!(
            v,
            json!({"landlord": null, "bid": 0, "bombs": 0, "spring": false, "winner": null, "returns": [0, 0, 0]})
        );
    }

    #[test]
    fn replay_reads_what_play_json_writes() {
        let wrapped =
            format!(r#"{{"seed": 1, "record": {S1}, "result": {{"winner": "landlord"}}}}"#);
        assert_eq!(answer(&wrapped, false), answer(S1, false));
        assert_eq!(answer(S1, false).unwrap()["winner"], "landlord");
        // a record's own keys win: an object with `hands` is a record, whatever else it holds
        assert!(answer(&format!(r#"{{"hands": [], "record": {S1}}}"#), false).is_err());
    }

    #[test]
    fn replay_names_the_first_illegal_action_and_unknown_keys() {
        let line = r#"{"rules": "rlcard", "hands": ["334479TTJQQKKAABR", "35566778999JJQQA2", "345567888TTJKKA22"], "kitty": "462", "landlord": 0, "actions": ["pass"]}"#;
        let e = answer(line, false).unwrap_err();
        assert_eq!(e, "action 0 \"pass\": the leader cannot pass");
        let line = r#"{"rules": "rlcard", "hand": []}"#;
        let e = answer(line, false).unwrap_err();
        assert!(e.contains("unknown field `hand`"), "{e}");
        assert!(e.contains("`hands`"), "{e}");
        let line = r#"{"rules": "rlcard", "hands": ["334479TTJQQKKAABR", "35566778999JJQQA2", "345567888TTJKKA22"], "kitty": "462", "landlord": 0, "actions": ["3"]}"#;
        let v = answer(line, true).unwrap();
        assert_eq!(v["landlord"], Value::Null, "not over");
        let legal = v["legal"][0].as_array().unwrap();
        assert_eq!(legal[0], "3");
        assert!(!legal.iter().any(|a| a == "pass"));
    }
}
