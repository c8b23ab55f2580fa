//! External agents on the page (`cards web --agent`): a server on loopback with agents registered
//! in its [`Config`] seats a Python agent (`tests/agent/agent.py`, a copy of the `cards`
//! command's test agent: a published crate reads nothing outside itself) at the computers'
//! seats of whole games of the three games played through the API; `/api/info` offers each agent for its games only; an agent that
//! sleeps past its limit or writes garbage stops its game with a 502 naming the seat and the
//! command, again on every later try, while a game of built-in computers is served at once.
//! Skipped (with a note) where `python3` is missing.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use cards_web::Config;
use cards_web::agent::AgentSpec;
use serde_json::{Value, json};

use super::web::{raw, start};

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

/// `exec:python3 agent.py MODE [LOG]` with the `cards` command's test agent.
fn command(mode: &str, log: Option<&Path>) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/agent/agent.py");
    let mut s = format!("exec:python3 {} {mode}", script.display());
    if let Some(log) = log {
        s.push(' ');
        s.push_str(&log.display().to_string());
    }
    s
}

/// A fresh log file for an agent's questions.
fn log_file(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!(
        "cards-web-agent-{}-{name}.jsonl",
        std::process::id()
    ));
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

/// The agents' limit a decision in these tests.
const AGENT_MS: u64 = 3000;

/// The server of these tests, with its agents: `last` (every game: the last legal action,
/// logging its questions to [`log`]), `doudizhu:first` (Dou Dizhu only), `sleeper` (never
/// answers), `garbage` (writes "hello").
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let agents = [
            format!("last={}", command("last", Some(&log()))),
            format!("doudizhu:first={}", command("first", None)),
            format!("sleeper={}", command("sleep", Some(&sleeper_log()))),
            format!("garbage={}", command("garbage", None)),
        ];
        start(Config {
            agents: agents
                .iter()
                .map(|a| a.parse::<AgentSpec>().unwrap())
                .collect(),
            agent_limit: Duration::from_millis(AGENT_MS),
            ..Config::default()
        })
    })
}

fn log() -> PathBuf {
    static LOG: OnceLock<PathBuf> = OnceLock::new();
    LOG.get_or_init(|| log_file("last")).clone()
}

fn sleeper_log() -> PathBuf {
    static LOG: OnceLock<PathBuf> = OnceLock::new();
    LOG.get_or_init(|| log_file("sleeper")).clone()
}

fn request(method: &str, path: &str, body: &Value) -> (u16, Value) {
    let addr = server();
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body.as_bytes());
    let (status, _, bytes) = raw(addr, &req);
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{method} {path}: {e}: {}", String::from_utf8_lossy(&bytes)));
    (status, v)
}

fn post(path: &str, body: &Value) -> (u16, Value) {
    request("POST", path, body)
}

/// The person's move in `v`: its first legal action, but the highest bid in Dou Dizhu's auction
/// (against an agent that always passes, every deal would be dealt again); Kabu's bet stakes 1
/// on fields 1 and 3.
fn person_move(v: &Value) -> (u16, Value) {
    let id = v["id"].as_str().unwrap();
    let legal = v["legal"].as_array().unwrap();
    let a = if v["observation"]["phase"] == "auction" {
        &legal[legal.len() - 1]["action"]
    } else {
        &legal[0]["action"]
    };
    let mut body = json!({ "action": a });
    if a == "bet" {
        body["stakes"] = json!([1, 0, 1, 0]);
    }
    post(&format!("/api/games/{id}/action"), &body)
}

/// A new game of `game` against `policy`, seeded.
fn create(game: &str, policy: &str, seed: u64) -> Value {
    let (status, v) = post(
        "/api/games",
        &json!({"game": game, "policy": policy, "seed": seed.to_string()}),
    );
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["policy"], policy);
    v
}

/// Plays `first` to its end, the person by its first legal action; every advance that asked
/// the `last` agent (one new question in its log) applied that question's last legal action.
/// The number of the agent's decisions.
fn play_out(first: Value) -> usize {
    let id = first["id"].as_str().unwrap().to_string();
    let game = first["game"].as_str().unwrap().to_string();
    let mut v = first;
    let mut asked = 0;
    for _ in 0..2000 {
        if v["over"] == true {
            assert!(!v["result"].is_null(), "{v}");
            return asked;
        }
        let before = questions(&log()).len();
        let (status, next) = if v["your_turn"] == true {
            person_move(&v)
        } else {
            post(&format!("/api/games/{id}/advance"), &Value::Null)
        };
        assert_eq!(status, 200, "{game}: {next}");
        let qs = questions(&log());
        if v["your_turn"] == false && qs.len() > before {
            assert_eq!(qs.len(), before + 1, "{game}: one question a decision");
            let q = &qs[before];
            assert_eq!(q["game"], game.as_str());
            assert_ne!(
                q["seat"], 0,
                "{game}: the agent never plays the person's seat"
            );
            // the observation is the asked seat's own (Dou Dizhu calls it `seat`)
            let obs = &q["observation"];
            let own = obs.get("player").or_else(|| obs.get("seat"));
            assert_eq!(own, Some(&q["seat"]), "{game}: {q}");
            let legal = q["legal"].as_array().unwrap();
            assert!(
                legal.len() >= 2,
                "{game}: a single legal action is played unasked"
            );
            // the agent's choice was applied: the view shows it as the record writes it (a
            // Daifugo give is hidden)
            let chosen = legal[legal.len() - 1].as_str().unwrap();
            let shown = match game.as_str() {
                "doudizhu" => Some(chosen.parse::<doudizhu::Action>().unwrap().record_text()),
                "kabu" => Some(chosen.to_string()),
                _ => None,
            };
            if let Some(shown) = shown {
                assert_eq!(next["last"]["action"], shown, "{game}");
            }
            asked += 1;
        }
        v = next;
    }
    panic!("{game}: the game did not end in 2000 actions");
}

#[test]
fn an_agent_of_the_servers_plays_whole_games_of_every_game_through_the_api() {
    if !python() {
        return;
    }
    let (status, info) = request("GET", "/api/info", &Value::Null);
    assert_eq!(status, 200);
    for g in ["daifugo", "doudizhu", "kabu"] {
        let mut want = vec!["last", "sleeper", "garbage"];
        if g == "doudizhu" {
            want.insert(1, "first");
        }
        assert_eq!(info["games"][g]["agents"], json!(want), "{g}");
    }
    // an agent offered for another game only is an unknown policy here, named with the list
    let (status, e) = post("/api/games", &json!({"game": "kabu", "policy": "first"}));
    assert_eq!(status, 400);
    let message = e["error"].as_str().unwrap();
    assert!(message.contains("unknown policy \"first\""), "{message}");
    assert!(
        message.contains("house") && message.contains("last"),
        "{message}"
    );
    // a request never names a command
    let (status, _) = post(
        "/api/games",
        &json!({"game": "kabu", "policy": command("first", None)}),
    );
    assert_eq!(status, 400);

    let mut asked = 0;
    for (game, seed) in [("doudizhu", 3), ("daifugo", 5), ("kabu", 7), ("kabu", 8)] {
        asked += play_out(create(game, "last", seed));
    }
    assert!(asked > 10, "{asked} decisions asked of the agent");
    // the Dou Dizhu-only agent plays Dou Dizhu
    let mut v = create("doudizhu", "first", 4);
    let id = v["id"].as_str().unwrap().to_string();
    for _ in 0..2000 {
        if v["over"] == true {
            break;
        }
        let (status, next) = if v["your_turn"] == true {
            person_move(&v)
        } else {
            post(&format!("/api/games/{id}/advance"), &Value::Null)
        };
        assert_eq!(status, 200, "{next}");
        v = next;
    }
    assert_eq!(v["over"], true, "{v}");
    let _ = std::fs::remove_file(log());
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

/// A Dou Dizhu game against `policy` at a computer's turn (the person passes until then).
fn at_computers_turn(policy: &str, seed: u64) -> String {
    let mut v = create("doudizhu", policy, seed);
    while v["your_turn"] == true {
        let (status, next) = post(
            &format!("/api/games/{}/action", v["id"].as_str().unwrap()),
            &json!({"action": "pass"}),
        );
        assert_eq!(status, 200, "{next}");
        v = next;
    }
    v["id"].as_str().unwrap().to_string()
}

#[test]
fn a_failing_agent_stops_its_game_with_a_502_and_never_holds_up_the_others() {
    if !python() {
        return;
    }
    // more sleeping agents' games than the agents' pool has workers, all asked at once
    let sleepers: Vec<String> = (0..cards_web::AGENT_WORKERS as u64 + 2)
        .map(|seed| at_computers_turn("sleeper", seed))
        .collect();
    let start = Instant::now();
    let waits: Vec<_> = sleepers
        .iter()
        .map(|id| {
            let path = format!("/api/games/{id}/advance");
            std::thread::spawn(move || post(&path, &Value::Null))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    // meanwhile a game of built-in computers plays at once, and a new game is dealt
    let other = at_computers_turn("greedy", 1);
    let asked = Instant::now();
    let (status, v) = post(&format!("/api/games/{other}/advance"), &Value::Null);
    assert_eq!(status, 200, "{v}");
    let took = asked.elapsed();
    assert!(
        took < Duration::from_millis(AGENT_MS / 2),
        "a built-in computer's move took {took:?} beside the sleeping agents"
    );
    for w in waits {
        let (status, e) = w.join().unwrap();
        assert_eq!(status, 502, "{e}");
        let message = e["error"].as_str().unwrap();
        assert!(message.starts_with("seat "), "{message}");
        assert!(message.contains("(exec:python3 "), "{message}");
        assert!(
            message.ends_with(&format!("the agent did not answer within {AGENT_MS} ms")),
            "{message}"
        );
    }
    assert!(start.elapsed() >= Duration::from_millis(AGENT_MS));
    // the sleeping agents are killed, each asked once
    assert_eq!(questions(&sleeper_log()).len(), sleepers.len());
    assert_eq!(running(&sleeper_log()), 0, "the sleeping agents are killed");
    // the game stays stopped: the same error at once, the agent not started again
    let asked = Instant::now();
    let (status, again) = post(&format!("/api/games/{}/advance", sleepers[0]), &Value::Null);
    assert_eq!(status, 502);
    assert!(asked.elapsed() < Duration::from_millis(AGENT_MS / 2));
    assert!(
        again["error"].as_str().unwrap().contains("did not answer"),
        "{again}"
    );
    assert_eq!(questions(&sleeper_log()).len(), sleepers.len());
    let (status, view) = request("GET", &format!("/api/games/{}", sleepers[0]), &Value::Null);
    assert_eq!(status, 200);
    assert_eq!(view["over"], false);

    // an agent that writes garbage: named with what it wrote
    let id = at_computers_turn("garbage", 2);
    let (status, e) = post(&format!("/api/games/{id}/advance"), &Value::Null);
    assert_eq!(status, 502, "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("the agent wrote \"hello\", not an answer"),
        "{e}"
    );
    let _ = std::fs::remove_file(sleeper_log());
}
