//! `cards daifugo serve` and `cards daifugo client` end to end on the loopback interface: a
//! match of our server and five of our clients, and a match with scripted misbehaving clients.
//! Every process and socket has a time limit; a test that overruns kills its children and fails.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use daifugo::uecda::{Grid, Status};
use daifugo::{Meld, Record, Rules};
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
    client_with(port, name, policy, seed, &[])
}

/// A client with more flags (a search player's budget).
fn client_with(port: u16, name: &str, policy: &str, seed: u64, more: &[&str]) -> Proc {
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
            .args(more)
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

/// The places (index = player) of each record replayed by the game engine in the server's mode.
fn replayed_places(records: &str) -> Vec<[u8; 5]> {
    records
        .lines()
        .map(|line| {
            serde_json::from_str::<Record>(line)
                .unwrap_or_else(|e| panic!("{e}: {line}"))
                .verdict()
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
    // `cards daifugo replay --batch` reads the same records to the same places
    let mut replay = Command::new(BIN)
        .args(["daifugo", "replay", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    replay
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = replay.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(json)
        .collect();
    assert_eq!(lines.len(), 20);
    for (line, p) in lines.iter().zip(&places) {
        assert_eq!(line["places"], serde_json::json!(p), "{line}");
        // every action of our clients is accepted on replay (a pass is accepted)
        let accepted = line["accepted"].as_array().unwrap();
        assert!(
            !accepted.is_empty() && accepted.iter().all(|a| a == true),
            "{line}"
        );
    }
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

/// What a counting client saw.
#[derive(Debug, Default)]
struct Counted {
    /// Per game: grids received and end flags received.
    games: Vec<(u32, u32)>,
    /// Answers to its leads, to its passes on a clear table, to its passes on a table.
    leads: Vec<i32>,
    clear_passes: Vec<i32>,
    table_passes: Vec<i32>,
}

/// A well-behaved scripted client that checks the message order as it goes: it leads its first
/// meld on a clear table (every other turn) or passes, and counts every message.
fn counting(port: u16) -> Counted {
    let mut c = Raw::connect(port);
    c.send(&Grid::profile("Counter"));
    let me = c.int().expect("player number");
    let r = Rules::UECDA;
    let mut out = Counted::default();
    let mut turns = 0;
    loop {
        let Some(deal) = c.grid() else { return out };
        let ds = deal.status().unwrap();
        assert!(ds.exchange && ds.player.is_none(), "{deal:?}");
        let (mut grids, mut flags) = (1, 0);
        let mut expect_hand = None;
        if ds.to_give > 0 {
            let hand = deal.hand().unwrap();
            c.send(&Grid::from_hand(
                hand.iter().take(usize::from(ds.to_give)).collect(),
            ));
        }
        let flag = loop {
            let hg = c.grid().expect("hand grid");
            grids += 1;
            let hs = hg.status().unwrap();
            assert!(!hs.exchange);
            let turn = hs.player.expect("a turn player");
            assert_eq!(hs.my_turn, i32::from(turn) == me, "{hg:?}");
            let hand = hg.hand().unwrap();
            if let Some(h) = expect_hand.take() {
                assert_eq!(hand, h, "my hand after my accepted lead");
            }
            if hs.my_turn {
                turns += 1;
                if hs.table_clear && turns % 2 == 1 {
                    let m = daifugo::lead(hand, &r).unwrap()[0];
                    c.send(&Grid::from_meld(&m, hs.revolution));
                    let a = c.int().unwrap();
                    if a == 9 {
                        expect_hand = Some(hand.difference(m.cards()));
                    }
                    out.leads.push(a);
                } else {
                    c.send(&Grid::EMPTY);
                    let a = c.int().unwrap();
                    if hs.table_clear {
                        out.clear_passes.push(a);
                    } else {
                        out.table_passes.push(a);
                    }
                }
            }
            let fg = c.grid().expect("field grid");
            grids += 1;
            // the field grid names the player who just acted: the hand grid's turn player; it
            // shows the table before any flush, [5][4] = 1 exactly when no meld is on it
            let fs = fg.status().unwrap();
            assert_eq!(fs.player, Some(turn));
            assert_eq!(fs.table_clear, fg.cards_are_empty(), "{fg:?}");
            let flag = c.int().expect("end flag");
            flags += 1;
            if flag != 0 {
                break flag;
            }
        };
        out.games.push((grids, flags));
        if flag == 2 {
            return out;
        }
        assert_eq!(flag, 1);
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
        "3", // long enough for a loaded machine, short for the test
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
    let counter = std::thread::spawn(move || counting(port));
    std::thread::sleep(Duration::from_millis(100));
    // names need not be unique: standings are by player number
    let ours: Vec<Proc> = (0..2).map(|i| client(port, "same", "seed", i)).collect();
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
    let counted = counter.join().unwrap();
    // each game: one deal grid, a hand and a field grid a turn, an end flag a turn
    assert_eq!(counted.games.len(), 6);
    for &(grids, flags) in &counted.games {
        assert_eq!(grids, 1 + 2 * flags);
    }
    // a lead of a held meld is accepted; a pass is 9 on a clear table, 8 on a meld
    assert!(
        !counted.leads.is_empty() && counted.leads.iter().all(|&a| a == 9),
        "{counted:?}"
    );
    assert!(
        !counted.clear_passes.is_empty() && counted.clear_passes.iter().all(|&a| a == 9),
        "{counted:?}"
    );
    assert!(
        !counted.table_passes.is_empty() && counted.table_passes.iter().all(|&a| a == 8),
        "{counted:?}"
    );
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
    assert!(has("(Silent) disconnected: no move within 3 s"), "{log:#?}");
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

#[test]
fn bad_limits_are_usage_errors() {
    for bad in ["--timeout=-1", "--timeout=abc", "--wait=NaN", "--games=0"] {
        let out = Command::new(BIN)
            .args(["daifugo", "serve", "--port", "0", bad])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
        assert!(!err.contains("listening"), "{bad}: {err}");
    }
}

/// Issue 32: seconds past 2^64 (or past what a deadline can hold) panicked the command (exit
/// 101), and a positive limit under a nanosecond was taken as 0 s (a server disconnecting
/// everyone), while the help says 0 means no limit: both are one line and status 2, as `inf` is.
#[test]
fn huge_and_tiny_seconds_are_usage_errors() {
    for (cmd, flag, value, needle) in [
        ("serve", "--timeout", "1e300", "too long"),
        ("serve", "--wait", "1e20", "too long"),
        ("serve", "--timeout", "1e10", "too long"),
        ("serve", "--timeout", "1e-10", "too short"),
        ("serve", "--timeout", "inf", "no number of seconds"),
        ("client", "--idle", "1e20", "too long"),
        ("client", "--wait", "1e300", "too long"),
        ("client", "--idle", "1e-300", "too short"),
    ] {
        let out = Command::new(BIN)
            .args(["daifugo", cmd, "--port", "1", flag, value])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd} {flag} {value}: {err}");
        assert_eq!(err.lines().count(), 1, "{cmd} {flag} {value}: {err}");
        assert!(
            err.contains(needle) && err.contains(&format!("\"{value}\"")),
            "{cmd} {flag} {value}: {err}"
        );
        assert!(out.stdout.is_empty(), "{cmd} {flag} {value}");
    }
}

/// A client name holding an escape sequence and a newline is printed escaped in the standings
/// (the JSON standings carry it as sent, JSON-escaped).
#[test]
fn names_are_printed_escaped() {
    let (srv, port, log) = server(&["--games", "1", "--seed", "4", "--wait", "60"]);
    let evil = "x\u{1b}[2J\nforged";
    let clients: Vec<Proc> = (0..5)
        .map(|i| client(port, if i == 2 { evil } else { "ours" }, "seed", i))
        .collect();
    let limit = Duration::from_secs(60);
    for (i, c) in clients.into_iter().enumerate() {
        c.finish(limit, &format!("client {i}"));
    }
    let out = srv.finish(limit, "server");
    let log = log.join().unwrap();
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    assert!(out.contains(r"x\u{1b}[2J\nforged"), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("forged")), "{out}");
    assert!(
        log.iter().all(|l| !l.chars().any(char::is_control)),
        "{log:?}"
    );
}

/// `cards daifugo client --idle SECONDS`: a server that goes silent after the player number is
/// given up after the limit, with one line on stderr and exit status 1; the default limit is
/// 20 s.
#[test]
fn the_client_gives_up_on_a_silent_server() {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let silent = std::thread::spawn(move || {
        let (mut s, _) = l.accept().unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut profile = [0u8; 480];
        s.read_exact(&mut profile).unwrap();
        s.write_all(&3i32.to_be_bytes()).unwrap();
        // silence until the client leaves
        let mut b = [0u8; 1];
        let _ = s.read(&mut b);
    });
    let start = Instant::now();
    let child = Command::new(BIN)
        .args([
            "daifugo",
            "client",
            "--port",
            &port.to_string(),
            "--idle",
            "0.5",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = Proc(child);
    let status = loop {
        if let Some(s) = child.0.try_wait().unwrap() {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the client kept waiting"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    child
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(1), "{err}");
    assert_eq!(
        err,
        "cards: the server sent nothing for 0.5 s (reading a deal grid)\n"
    );
    silent.join().unwrap();
    let help = Command::new(BIN)
        .args(["daifugo", "client", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("--idle <IDLE>"), "{help}");
    assert!(help.contains("[default: 20]"), "{help}");
}

/// Runs `cards` on `args`, which must fail with status 1 and an error holding `needle`.
fn fails_naming(args: &[&str], needle: &str) {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "{args:?}: {err}");
}

/// The README's tournament with the clients started first: with `--wait` they retry while
/// the server starts, and the match is played; without it a client fails at once, naming the
/// address. A second server on a port in use is refused, naming the address.
#[test]
fn clients_wait_for_a_server_that_is_starting() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let p = port.to_string();
    let client = ["daifugo", "client", "--port", &p, "--policy", "random"];
    fails_naming(
        &[&client[..], &["--seed", "1"]].concat(),
        &format!("cannot connect: 127.0.0.1:{port}: "),
    );
    let clients: Vec<Proc> = (0..5)
        .map(|i| {
            Proc(
                Command::new(BIN)
                    .args(client)
                    .args(["--name", &format!("w{i}"), "--seed", &i.to_string()])
                    .args(["--json", "--wait", "20"])
                    .stdin(Stdio::null())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap(),
            )
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500)); // the clients are trying already
    let serve = [
        "daifugo",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        &p,
        "--seed",
        "3",
    ];
    let mut srv = Proc(
        Command::new(BIN)
            .args(serve)
            .args(["--games", "2", "--wait", "30", "--json"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut first = String::new();
    BufReader::new(srv.0.stderr.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim(), format!("listening on 127.0.0.1:{port}"));
    // a second server on the same port: refused, the address named
    fails_naming(&serve, &format!("cannot listen on 127.0.0.1:{port}: "));
    for (i, c) in clients.into_iter().enumerate() {
        let out = c.finish(Duration::from_secs(60), &format!("client {i}"));
        assert_eq!(
            json(&out)["games"].as_array().map(Vec::len),
            Some(2),
            "{out}"
        );
    }
    let standings = json(&srv.finish(Duration::from_secs(60), "server"));
    assert_eq!(standings["games"], 2);
}

/// A `UECda` client that plays search (`--policy search --playouts N`) against four tutorial
/// clients on our server: every game finishes, none of its submissions is refused, and its
/// places agree with the replayed records.
#[test]
fn a_search_client_plays_a_match_on_our_server() {
    let records = temp_path("search.jsonl");
    let rec = records.to_str().unwrap();
    let (srv, port, log) = server(&[
        "--games",
        "3",
        "--seed",
        "7",
        "--timeout",
        "20",
        "--wait",
        "60",
        "--json",
        "--record",
        rec,
    ]);
    let search = client_with(port, "search", "search", 1, &["--playouts", "40"]);
    let others: Vec<Proc> = (0..4)
        .map(|i| client(port, &format!("tutorial{i}"), "tutorial", i))
        .collect();
    let limit = Duration::from_secs(120);
    let mine = search.finish(limit, "search client");
    for (i, c) in others.into_iter().enumerate() {
        c.finish(limit, &format!("client {i}"));
    }
    srv.finish(limit, "server");
    drop(log.join());
    let text = std::fs::read_to_string(&records).unwrap();
    let places = replayed_places(&text);
    assert_eq!(places.len(), 3);
    check_client(&mine, 3, &places);
}
