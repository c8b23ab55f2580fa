//! `cards daifugo serve` and `cards daifugo client` end to end on the loopback interface: a
//! match of our server and five of our clients, and a match with scripted misbehaving clients.
//! Every process and socket has a time limit; a test that overruns kills its children and fails.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use cards_core::CardSet;
use daifugo::uecda::{Grid, Status};
use daifugo::{Action, Class, Deal, Meld, Record, RecordAction, Rules};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_cards");

/// A child process killed when dropped (so a failing test leaves nothing running).
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Proc {
    /// Waits for the process to end within `limit`; returns its stdout, or panics (killing it)
    /// when it overruns or fails.
    fn finish(mut self, limit: Duration, what: &str) -> String {
        let start = Instant::now();
        loop {
            if let Some(status) = self.0.try_wait().unwrap() {
                let mut out = String::new();
                self.0
                    .stdout
                    .take()
                    .unwrap()
                    .read_to_string(&mut out)
                    .unwrap();
                let mut err = String::new();
                if let Some(mut e) = self.0.stderr.take() {
                    let _ = e.read_to_string(&mut err);
                }
                assert!(status.success(), "{what} failed: {status}\n{out}\n{err}");
                return out;
            }
            assert!(start.elapsed() < limit, "{what} ran over {limit:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Starts a server with `args` on a free port; returns it, the port, and a thread collecting
/// its stderr lines after the first.
fn server(args: &[&str]) -> (Proc, u16, std::thread::JoinHandle<Vec<String>>) {
    let mut child = Command::new(BIN)
        .args(["daifugo", "serve", "--port", "0", "--host", "127.0.0.1"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    // the first stderr line names the port
    let port = first
        .trim()
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {first:?}"));
    assert!(first.starts_with("listening on 127.0.0.1:"), "{first}");
    let log = std::thread::spawn(move || err.lines().map_while(Result::ok).collect());
    (Proc(child), port, log)
}

fn client(port: u16, name: &str, policy: &str, seed: u64) -> Proc {
    Proc(
        Command::new(BIN)
            .args([
                "daifugo",
                "client",
                "--port",
                &port.to_string(),
                "--name",
                name,
            ])
            .args(["--policy", policy, "--seed", &seed.to_string(), "--json"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    )
}

fn json(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cards-uecda-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A record line read back into the game crate's `Record` (every key required, as the record
/// format says).
fn parse_record(line: &str) -> Record {
    let v = json(line);
    let rules: Rules = v["rules"].as_str().unwrap().parse().unwrap();
    let five =
        |key: &str| -> Vec<Value> { v[key].as_array().unwrap_or_else(|| panic!("{key}")).clone() };
    let cards = |x: &Value| rules.parse_hand(x.as_str().unwrap()).unwrap();
    let seats: Vec<u8> = five("seats")
        .iter()
        .map(|x| x.as_u64().unwrap() as u8)
        .collect();
    let classes = v["classes"].as_array().map(|c| {
        let c: Vec<Class> = c
            .iter()
            .map(|x| Class::from_index(x.as_u64().unwrap() as u8).unwrap())
            .collect();
        <[Class; 5]>::try_from(c).unwrap()
    });
    let hands: Vec<CardSet> = five("hands").iter().map(cards).collect();
    let deal = Deal {
        seats: seats.try_into().unwrap(),
        classes,
        hands: hands.try_into().unwrap(),
    };
    let mut r = Record::new(rules, &deal);
    r.exchange = v["exchange"].as_array().map(|e| {
        let e: Vec<CardSet> = e.iter().map(cards).collect();
        <[CardSet; 5]>::try_from(e).unwrap()
    });
    r.actions = five("actions")
        .iter()
        .map(|a| RecordAction {
            player: a["player"].as_u64().unwrap() as u8,
            action: Action::parse(a["meld"].as_str().unwrap(), &rules).unwrap(),
        })
        .collect();
    r.places = v.get("places").map(|p| {
        let p: Vec<u8> = p
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as u8)
            .collect();
        p.try_into().unwrap()
    });
    r
}

/// The places (index = player) of each record replayed by the game engine in the server's mode.
fn replayed_places(records: &str) -> Vec<[u8; 5]> {
    records
        .lines()
        .map(|line| {
            parse_record(line)
                .replay()
                .unwrap_or_else(|e| panic!("{e}: {line}"))
                .places
        })
        .collect()
}

/// Checks what a client of ours saw against the replayed places; returns its player number.
fn check_client(out: &str, games: usize, places: &[[u8; 5]]) -> usize {
    let v = json(out);
    assert_eq!(v["refused"], 0, "a submission of ours was refused: {out}");
    let me = v["player"].as_u64().unwrap() as usize;
    let seen = v["games"].as_array().unwrap();
    assert_eq!(seen.len(), games, "{out}");
    for (g, s) in seen.iter().enumerate() {
        if let Some(p) = s["places"].as_array() {
            let p: Vec<u8> = p.iter().map(|x| x.as_u64().unwrap() as u8).collect();
            assert_eq!(p, places[g], "game {}: {out}", g + 1);
        }
        if let Some(mine) = s["place"].as_u64() {
            assert_eq!(mine as u8, places[g][me], "game {}: {out}", g + 1);
        }
    }
    me
}

#[test]
fn twenty_games_of_our_server_and_five_clients() {
    let records = temp_path("twenty.jsonl");
    let rec = records.to_str().unwrap();
    let (srv, port, log) = server(&[
        "--games",
        "20",
        "--seed",
        "2026",
        "--timeout",
        "20",
        "--wait",
        "60",
        "--json",
        "--record",
        rec,
    ]);
    let clients: Vec<Proc> = (0..5)
        .map(|i| {
            let policy = if i % 2 == 0 { "seed" } else { "random" };
            client(port, &format!("ours{i}"), policy, 100 + i)
        })
        .collect();
    let limit = Duration::from_secs(120);
    let outs: Vec<String> = clients
        .into_iter()
        .enumerate()
        .map(|(i, c)| c.finish(limit, &format!("client {i}")))
        .collect();
    let standings = json(&srv.finish(limit, "server"));
    let log = log.join().unwrap();
    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(text.lines().count(), 20);
    let places = replayed_places(&text);
    // every game's places are a permutation
    for p in &places {
        let mut s = *p;
        s.sort_unstable();
        assert_eq!(s, [1, 2, 3, 4, 5]);
    }
    let mut seen_players = Vec::new();
    for out in &outs {
        seen_players.push(check_client(out, 20, &places));
    }
    seen_players.sort_unstable();
    assert_eq!(seen_players, [0, 1, 2, 3, 4]);
    // the standings are the replayed places' points
    assert_eq!(standings["games"], 20);
    assert_eq!(
        standings["disconnected"].as_array().unwrap().len(),
        0,
        "{log:?}"
    );
    for row in standings["standings"].as_array().unwrap() {
        let p = row["player"].as_u64().unwrap() as usize;
        let points: u64 = places.iter().map(|g| u64::from(6 - g[p])).sum();
        assert_eq!(row["points"].as_u64().unwrap(), points);
        assert_eq!(row["name"], format!("ours{}", p_name_index(&outs, p)));
    }
    assert!(standings["messages"].as_u64().unwrap() > 20 * 5 * 3);
    let _ = std::fs::remove_file(&records);
}

/// The index `i` of the client (named `ours{i}`) that got player number `p`.
fn p_name_index(outs: &[String], p: usize) -> usize {
    outs.iter()
        .position(|o| json(o)["player"].as_u64() == Some(p as u64))
        .unwrap()
}

/// A raw protocol connection for scripted misbehaviour.
struct Raw {
    s: TcpStream,
}

impl Raw {
    fn connect(port: u16) -> Raw {
        let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        Raw { s }
    }
    fn grid(&mut self) -> Option<Grid> {
        let mut b = [0u8; 480];
        self.s.read_exact(&mut b).ok()?;
        Some(Grid::from_bytes(&b))
    }
    fn int(&mut self) -> Option<i32> {
        let mut b = [0u8; 4];
        self.s.read_exact(&mut b).ok()?;
        Some(i32::from_be_bytes(b))
    }
    fn send(&mut self, g: &Grid) {
        self.s.write_all(&g.to_bytes()).unwrap();
    }
    /// Sends a grid in two pieces 200 ms apart.
    fn send_split(&mut self, g: &Grid) {
        let b = g.to_bytes();
        self.s.write_all(&b[..100]).unwrap();
        self.s.flush().unwrap();
        std::thread::sleep(Duration::from_millis(200));
        self.s.write_all(&b[100..]).unwrap();
    }
}

/// What a scripted client does at its turns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Script {
    /// Split grids, garbage, a card it does not hold, then disconnect in game 2.
    Rogue,
    /// Stops answering at its second turn (the server's timeout cuts it off).
    Silent,
}

/// Plays a scripted client; returns how its misbehaviours were answered (8s) and the number of
/// games it saw.
fn scripted(port: u16, script: Script) -> (Vec<i32>, usize) {
    let mut c = Raw::connect(port);
    // the profile in two pieces: the server reassembles it
    c.send_split(&Grid::profile(&format!("{script:?}")));
    let me = c.int().expect("player number");
    assert!((0..5).contains(&me));
    let mut answers = Vec::new();
    let mut games = 0;
    let mut turns = 0;
    let r = Rules::UECDA;
    loop {
        let Some(deal) = c.grid() else {
            return (answers, games);
        };
        games += 1;
        let ds = deal.status().unwrap();
        if ds.to_give > 0 {
            // a split exchange grid with the weakest cards
            let hand = deal.hand().unwrap();
            let give = hand.iter().take(usize::from(ds.to_give)).collect();
            c.send_split(&Grid::from_hand(give));
        }
        loop {
            let Some(hg) = c.grid() else {
                return (answers, games);
            };
            let hs = hg.status().unwrap();
            if hs.my_turn {
                turns += 1;
                let hand = hg.hand().unwrap();
                match (script, turns) {
                    (Script::Silent, 2..) => {
                        // never answer: wait for the server to cut us off
                        let mut b = [0u8; 1];
                        let _ = c.s.read(&mut b);
                        return (answers, games);
                    }
                    (Script::Rogue, 1) => {
                        // garbage: a 7 beside a card
                        let mut g = Grid::EMPTY;
                        g.set(2, 1, 1);
                        g.set(3, 5, 7);
                        c.send(&g);
                        answers.push(c.int().unwrap());
                    }
                    (Script::Rogue, 2) => {
                        // a card it does not hold
                        let missing = (0..52u8)
                            .map(|i| cards_core::Card::from_index(i).unwrap())
                            .find(|card| !hand.contains(*card))
                            .unwrap();
                        c.send(&Grid::from_meld(&Meld::single(missing).unwrap(), false));
                        answers.push(c.int().unwrap());
                    }
                    (Script::Rogue, 3) => {
                        // scattered cells
                        let mut g = Grid::EMPTY;
                        g.set(0, 1, 1);
                        g.set(3, 9, 1);
                        c.send_split(&g);
                        answers.push(c.int().unwrap());
                    }
                    (Script::Rogue, _) if games >= 2 => {
                        // disconnect mid-game
                        return (answers, games);
                    }
                    _ => {
                        // a legal move, sent split
                        let g = if hs.table_clear {
                            let m = daifugo::lead(hand, &r).unwrap()[0];
                            Grid::from_meld(&m, hs.revolution)
                        } else {
                            Grid::EMPTY
                        };
                        c.send_split(&g);
                        let _ = c.int().unwrap();
                    }
                }
            }
            let _field = c.grid().unwrap();
            let flag = c.int().unwrap();
            if flag == 2 {
                return (answers, games);
            }
            if flag == 1 {
                break;
            }
        }
    }
}

#[test]
fn misbehaving_clients_do_not_stop_the_match() {
    let records = temp_path("rogue.jsonl");
    let rec = records.to_str().unwrap();
    let (srv, port, log) = server(&[
        "--games",
        "6",
        "--seed",
        "11",
        "--timeout",
        "1",
        "--wait",
        "60",
        "--json",
        "--record",
        rec,
    ]);
    // a connection that never sends a profile is refused after 2 s, and takes no seat
    let silent_conn = TcpStream::connect(("127.0.0.1", port)).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let rogue = std::thread::spawn(move || scripted(port, Script::Rogue));
    std::thread::sleep(Duration::from_millis(100));
    let silent = std::thread::spawn(move || scripted(port, Script::Silent));
    std::thread::sleep(Duration::from_millis(100));
    let ours: Vec<Proc> = (0..3)
        .map(|i| client(port, &format!("ours{i}"), "seed", i))
        .collect();
    let limit = Duration::from_secs(120);
    let outs: Vec<String> = ours
        .into_iter()
        .enumerate()
        .map(|(i, c)| c.finish(limit, &format!("client {i}")))
        .collect();
    let standings = json(&srv.finish(limit, "server"));
    drop(silent_conn);
    let (rogue_answers, rogue_games) = rogue.join().unwrap();
    let (silent_answers, _) = silent.join().unwrap();
    let log = log.join().unwrap();
    // garbage, a card not held and scattered cells were each answered 8
    assert_eq!(rogue_answers, [8, 8, 8], "{log:#?}");
    assert!(silent_answers.is_empty());
    assert!(rogue_games >= 2);
    // the log names each fault and the player
    let has = |needle: &str| log.iter().any(|l| l.contains(needle));
    assert!(has("refused 127.0.0.1"), "{log:#?}");
    assert!(
        has("(Rogue) sent a bad grid: cell [3][5] holds 7"),
        "{log:#?}"
    );
    assert!(
        has("(Rogue) sent a bad grid: cell [3][9] lies outside"),
        "{log:#?}"
    );
    assert!(has("(Rogue) disconnected"), "{log:#?}");
    assert!(has("(Silent) disconnected: no move within 1 s"), "{log:#?}");
    assert_eq!(standings["disconnected"].as_array().unwrap().len(), 2);
    // the match finished, and our clients saw a consistent game
    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(text.lines().count(), 6);
    let places = replayed_places(&text);
    for out in &outs {
        check_client(out, 6, &places);
    }
    for row in standings["standings"].as_array().unwrap() {
        let p = row["player"].as_u64().unwrap() as usize;
        let points: u64 = places.iter().map(|g| u64::from(6 - g[p])).sum();
        assert_eq!(row["points"].as_u64().unwrap(), points);
    }
    let _ = std::fs::remove_file(&records);
}

#[test]
fn too_few_clients_end_the_wait() {
    let start = Instant::now();
    let (srv, _port, log) = server(&["--games", "1", "--wait", "1"]);
    let mut child = srv;
    let status = loop {
        if let Some(s) = child.0.try_wait().unwrap() {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the wait did not end"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(!status.success());
    let log = log.join().unwrap();
    assert!(
        log.iter().any(|l| l.contains("only 0 of 5 clients")),
        "{log:#?}"
    );
    let _ = Status::default();
}
