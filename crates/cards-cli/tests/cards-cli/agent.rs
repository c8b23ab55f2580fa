//! External agents (`exec:COMMAND`) end to end: a Python agent (`tests/agent/agent.py`) plays
//! whole games through `play --players` and the arena, its games equal to the same choices made
//! in-process, it is sent only its own seat's cards, and an agent that exits, writes garbage,
//! chooses an illegal action or sleeps past the limit stops the run with status 1 and one line.
//! Skipped (with a note) where `python3` is missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use cards_cli::drive::{Ended, RulesOf, Session, ThinkArgs};
use cards_core::game::{Game, Policy};
use serde_json::Value;

use crate::doudizhu::cards;

/// Whether `python3` runs here (a note on stderr when not).
fn python() -> bool {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("python3 is missing: the external agent tests are skipped");
    }
    ok
}

/// `exec:python3 tests/agent/agent.py MODE [LOG]`.
fn agent(mode: &str, log: Option<&Path>) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/agent/agent.py");
    let mut s = format!("exec:python3 {} {mode}", script.display());
    if let Some(log) = log {
        s.push(' ');
        s.push_str(&log.display().to_string());
    }
    s
}

/// A fresh log file for the agent's questions.
fn log_file(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("cards-agent-{}-{name}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// The questions an agent logged.
fn questions(log: &Path) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a question is one JSON object"))
        .collect()
}

/// Stdout of a run that must succeed.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = cards(args, "");
    assert_eq!(code, Some(0), "{args:?}: {err}");
    out
}

/// The first (`false`) or the last (`true`) legal action: what the agent's `first` / `last`
/// modes answer.
struct Pick(bool);

impl<G: Game> Policy<G> for Pick {
    fn choose(&mut self, _: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        if self.0 {
            legal[legal.len() - 1]
        } else {
            legal[0]
        }
    }
}

/// The records `play` gives with `names` seated (`pick:first` / `pick:last` the agent's
/// choices made in-process, other names the built-in players as `play` seeds them).
fn expected<G: Session>(rules: RulesOf<G>, seed: u64, games: u64, names: &[&str]) -> Vec<Value>
where
    G::Record: serde::Serialize,
{
    let players = |s| -> Result<Vec<Box<dyn Policy<G>>>, cards_cli::common::CliError> {
        Ok(names
            .iter()
            .enumerate()
            .map(|(seat, name)| -> Box<dyn Policy<G>> {
                match *name {
                    "pick:first" => Box::new(Pick(false)),
                    "pick:last" => Box::new(Pick(true)),
                    _ => {
                        G::policy_with(name, &ThinkArgs::default().options(G::policy_seed(s, seat)))
                            .unwrap()
                    }
                }
            })
            .collect())
    };
    let mut out = Vec::new();
    cards_cli::drive::play::<G>(rules, seed, games, players, &Ended::default(), |_, g| {
        out.push(serde_json::to_value(g.record()).unwrap());
        Ok(())
    })
    .map_err(|_| "the in-process game stops")
    .unwrap();
    out
}

/// The cards of a Dou Dizhu hand text, one char a rank.
fn ranks(text: &str) -> Vec<char> {
    let mut v: Vec<char> = text.chars().collect();
    v.sort_unstable();
    v
}

/// Whether `part` is a sub-multiset of `whole`.
fn within(part: &[char], whole: &[char]) -> bool {
    let mut w = whole.to_vec();
    part.iter().all(|c| {
        w.iter()
            .position(|x| x == c)
            .map(|i| w.swap_remove(i))
            .is_some()
    })
}

#[test]
fn an_agent_plays_doudizhu_as_the_same_choices_do_and_sees_only_its_hand() {
    if !python() {
        return;
    }
    let log = log_file("ddz-play");
    let players = format!("{},greedy,random", agent("last", Some(&log)));
    let out = ok(&[
        "doudizhu",
        "play",
        "--seed",
        "5",
        "--players",
        &players,
        "--json",
    ]);
    let got: Value = serde_json::from_str(out.trim()).unwrap();
    let want = expected::<doudizhu::Game>(
        doudizhu::GameRules::STANDARD,
        5,
        1,
        &["pick:last", "greedy", "random"],
    );
    assert_eq!(got["record"], want[0]);
    // the agent was asked each of seat 0's decisions, and saw seat 0's cards only
    let record = &got["record"];
    let qs = questions(&log);
    assert!(qs.len() >= 3, "{} questions", qs.len());
    let mut own = ranks(record["hands"][0].as_str().unwrap());
    own.extend(ranks(record["kitty"].as_str().unwrap()));
    for q in &qs {
        assert_eq!(q["game"], "doudizhu");
        assert_eq!(q["seat"], 0);
        let obs = &q["observation"];
        assert_eq!(obs["seat"], 0);
        assert!(obs.get("hands").is_none(), "{obs}");
        let hand = ranks(obs["hand"].as_str().unwrap());
        assert!(within(&hand, &own), "{obs}");
        assert_eq!(Some(hand.len() as u64), obs["cards_left"][0].as_u64());
        assert!(!q["legal"].as_array().unwrap().is_empty());
    }
    // every seat an agent (answers by index), against the in-process choices
    let out = ok(&[
        "doudizhu",
        "play",
        "--seed",
        "6",
        "--policy",
        &agent("last", None),
        "--json",
    ]);
    let got: Value = serde_json::from_str(out.trim()).unwrap();
    let want = expected::<doudizhu::Game>(doudizhu::GameRules::STANDARD, 6, 1, &["pick:last"; 3]);
    assert_eq!(got["record"], want[0]);
    let _ = std::fs::remove_file(&log);
}

#[test]
fn an_agent_plays_a_daifugo_match_as_the_same_choices_do_and_sees_only_its_hand() {
    if !python() {
        return;
    }
    let log = log_file("daifugo-play");
    let players = format!(
        "{},tutorial,random,tutorial,random",
        agent("first", Some(&log))
    );
    let args = [
        "daifugo",
        "play",
        "--seed",
        "3",
        "--games",
        "2",
        "--json",
        "--players",
    ];
    let out = ok(&[&args[..], &[players.as_str()]].concat());
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let names = ["pick:first", "tutorial", "random", "tutorial", "random"];
    let want = expected::<daifugo::Game>(daifugo::Rules::UECDA, 3, 2, &names);
    assert_eq!(lines[..2], want[..], "the two games");
    // game 2 begins with the exchange: the agent gave (or received) cards by its answers
    assert!(!want[1]["exchange"].is_null(), "{}", want[1]);
    let qs = questions(&log);
    assert!(qs.len() >= 4, "{} questions", qs.len());
    let dealt: Vec<&str> = want[0]["hands"][0].as_str().unwrap().split(' ').collect();
    for q in &qs {
        assert_eq!(q["game"], "daifugo");
        assert_eq!(q["seat"], 0);
        let obs = &q["observation"];
        assert_eq!(obs["player"], 0);
        assert!(obs.get("hands").is_none(), "{obs}");
        let hand: Vec<&str> = obs["hand"].as_str().unwrap().split_whitespace().collect();
        assert_eq!(Some(hand.len() as u64), obs["counts"][0].as_u64(), "{obs}");
        if obs["classes"].is_null() {
            // the first game: only cards player 0 was dealt
            assert!(hand.iter().all(|c| dealt.contains(c)), "{hand:?} {dealt:?}");
        }
    }
    // every player an agent answering by the action's text (the exchange's gives included)
    let out = ok(&[
        "daifugo",
        "play",
        "--seed",
        "4",
        "--games",
        "2",
        "--json",
        "--policy",
        &agent("text", None),
    ]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let want = expected::<daifugo::Game>(daifugo::Rules::UECDA, 4, 2, &["pick:first"; 5]);
    assert_eq!(lines[..2], want[..]);
    let _ = std::fs::remove_file(&log);
}

/// An arena of `entrants` over `deals` deals: the report.
fn arena(game: &str, entrants: &str, deals: &str) -> Value {
    let out = ok(&[
        game,
        "arena",
        "--entrants",
        entrants,
        "--deals",
        deals,
        "--seed",
        "1",
        "--json",
    ]);
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn an_agent_plays_the_arena_of_every_game_against_a_built_in_player() {
    if !python() {
        return;
    }
    for (game, mode, other, deals, seatings) in [
        ("doudizhu", "last", "random", 2, 2),
        ("daifugo", "first", "random", 2, 5),
        ("kabu", "first", "house", 3, 2),
    ] {
        let log = log_file(&format!("{game}-arena"));
        let entrants = format!("{},{other}", agent(mode, Some(&log)));
        let r = arena(game, &entrants, &deals.to_string());
        assert_eq!(r["games"], deals * seatings, "{game}: {r}");
        assert_eq!(
            r["entrants"][0]["name"],
            entrants.split(',').next().unwrap()
        );
        let qs = questions(&log);
        let timed = qs
            .iter()
            .filter(|q| q["legal"].as_array().unwrap().len() >= 2)
            .count() as u64;
        assert_eq!(
            r["entrants"][0]["time"]["decisions"], timed,
            "{game}: every decision asked"
        );
        assert!(timed > 0, "{game}");
        for q in &qs {
            assert_eq!(q["game"], game);
            if game == "kabu" {
                // the fields' player never sees the dealer's second card, the dealer never a
                // field's
                let obs = &q["observation"];
                assert_eq!(obs["player"], q["seat"]);
                let seats = obs["seats"].as_array().unwrap();
                let hidden: Vec<usize> = if obs["phase"] == "bets" {
                    // before the bet only the first cards are dealt face up
                    for seat in seats {
                        assert!(seat["cards"][2].is_null(), "{obs}");
                    }
                    vec![0, 1, 2, 3, 4]
                } else if q["seat"] == 0 {
                    vec![4]
                } else {
                    vec![0, 1, 2, 3]
                };
                for i in hidden {
                    assert!(seats[i]["cards"][1].is_null(), "{obs}");
                }
            }
        }
        let _ = std::fs::remove_file(&log);
    }
}

/// Runs `args` expecting status 1 and one line on stderr holding every `needle`, within
/// `limit`.
fn fails(args: &[&str], needles: &[&str], limit: Duration) {
    let start = Instant::now();
    let (code, out, err) = cards(args, "");
    let took = start.elapsed();
    assert_eq!(code, Some(1), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err} lacks {n:?}");
    }
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.is_empty() || !out.contains("standings"), "{out}");
    assert!(took < limit, "{args:?} took {took:?}");
}

/// How many processes have `arg` among their arguments (Linux: `/proc`; 0 elsewhere).
fn running(arg: &Path) -> usize {
    let arg = arg.display().to_string();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .filter(|c| c.split(|b| *b == 0).any(|a| a == arg.as_bytes()))
        .count()
}

#[test]
fn an_agent_that_fails_stops_the_run_with_one_line_naming_its_seat() {
    if !python() {
        return;
    }
    let slack = Duration::from_secs(8);
    for (mode, reason) in [
        ("exit", "the agent exited before answering"),
        ("garbage", "the agent wrote \"hello\", not an answer"),
        ("illegal", "not one of the"),
        ("long", "the agent wrote a line over 65536 bytes"),
    ] {
        let players = format!("greedy,{},greedy", agent(mode, None));
        fails(
            &["doudizhu", "play", "--seed", "2", "--players", &players],
            &["seat 1 (exec:python3 ", reason],
            slack,
        );
    }
    // past the limit: stopped within the limit and a moment, the sleeping child killed (2 s:
    // a python3 that starts slowly on a loaded machine still reads its question in time)
    let marker = log_file("sleeper");
    let players = format!(
        "tutorial,tutorial,{},tutorial,tutorial",
        agent("sleep", Some(&marker))
    );
    fails(
        &[
            "daifugo",
            "play",
            "--seed",
            "2",
            "--agent-ms",
            "2000",
            "--players",
            &players,
        ],
        &["player 2 (exec:python3 ", "did not answer within 2000 ms"],
        Duration::from_secs(2) + slack,
    );
    assert_eq!(questions(&marker).len(), 1, "asked once");
    assert_eq!(running(&marker), 0, "the sleeping agent is killed");
    let _ = std::fs::remove_file(&marker);
    // the arena names the deal too
    fails(
        &[
            "kabu",
            "arena",
            "--deals",
            "2",
            "--entrants",
            &format!("house,{}", agent("illegal", None)),
        ],
        &["deal 0: player ", "(exec:python3 ", "not one of the"],
        slack,
    );
    fails(
        &[
            "daifugo",
            "arena",
            "--deals",
            "1",
            "--agent-ms",
            "300",
            "--entrants",
            &format!("{},random", agent("sleep", None)),
        ],
        &["deal 0: player ", "did not answer within 300 ms"],
        Duration::from_millis(300) + slack,
    );
    // a program that cannot start
    fails(
        &[
            "doudizhu",
            "play",
            "--players",
            "exec:/nonexistent/agent,greedy,greedy",
        ],
        &["seat 0 (exec:/nonexistent/agent): cannot start: "],
        slack,
    );
}

#[test]
fn agent_ms_and_an_empty_command_are_checked() {
    let (code, _, err) = cards(&["doudizhu", "play", "--agent-ms", "0"], "");
    assert_eq!(code, Some(2), "{err}");
    let (code, _, err) = cards(
        &["doudizhu", "play", "--players", "exec:,greedy,greedy"],
        "",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("exec: needs a command"), "{err}");
    let (code, _, err) = cards(&["kabu", "arena", "--entrants", "exec: ,house"], "");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("exec: needs a command"), "{err}");
}

#[test]
fn an_agent_plays_a_kabu_round_as_the_fields_or_the_dealer_as_the_same_choices_do() {
    if !python() {
        return;
    }
    for (seed, fields_agent) in [(7, true), (7, false), (11, true), (12, false)] {
        let log = log_file(&format!("kabu-round-{seed}-{fields_agent}"));
        let bot = agent("last", Some(&log));
        let (field, dealer) = if fields_agent {
            (bot.as_str(), "house")
        } else {
            ("house", bot.as_str())
        };
        let out = ok(&[
            "kabu",
            "round",
            "--seed",
            &seed.to_string(),
            "--bet",
            "1=2",
            "--bet",
            "3=1",
            "--field-policy",
            field,
            "--dealer-policy",
            dealer,
            "--json",
        ]);
        let got: Value = serde_json::from_str(out.trim()).unwrap();
        // the same round with the agent's choices (the last legal action) made in-process
        let mut round = kabu::Round::new(kabu::Rules::DEFAULT, seed);
        round.bet([2, 0, 1, 0]).unwrap();
        let house = |s| {
            <kabu::Round as cards_core::game::Players>::policy_with(
                "house",
                &ThinkArgs::default().options(s),
            )
            .unwrap()
        };
        let mut players: [Box<dyn Policy<kabu::Round>>; 2] = if fields_agent {
            [Box::new(Pick(true)), house(seed + 1)]
        } else {
            [house(seed), Box::new(Pick(true))]
        };
        cards_core::game::play_out(&mut round, &mut players).unwrap();
        assert_eq!(
            got["record"],
            serde_json::to_value(round.record()).unwrap(),
            "seed {seed}"
        );
        // asked only as its own player, and shown that player's table
        let qs = questions(&log);
        assert!(!qs.is_empty(), "seed {seed}: the agent was asked");
        for q in &qs {
            assert_eq!(q["game"], "kabu");
            // player 0 stakes and draws for the fields, player 1 is the dealer
            assert_eq!(q["seat"], u8::from(!fields_agent));
            assert_eq!(q["observation"]["player"], q["seat"]);
        }
        let _ = std::fs::remove_file(&log);
    }
    // an agent that fails stops the round: status 1 and one line naming the player
    fails(
        &[
            "kabu",
            "round",
            "--seed",
            "7",
            "--dealer-policy",
            &agent("garbage", None),
        ],
        &["player 1 (exec:python3 ", "the agent wrote \"hello\""],
        Duration::from_secs(8),
    );
    fails(
        &[
            "kabu",
            "round",
            "--seed",
            "7",
            "--agent-ms",
            "500",
            "--field-policy",
            &agent("sleep", None),
        ],
        &["player 0 (exec:python3 ", "did not answer within 500 ms"],
        Duration::from_secs(8),
    );
    // `exec:` alone is refused as the flag's value
    let (code, _, err) = cards(&["kabu", "round", "--dealer-policy", "exec: "], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("exec: needs a command"), "{err}");
}
