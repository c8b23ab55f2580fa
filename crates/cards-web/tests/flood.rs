//! The flood test (its own test binary, one test, so nothing else runs beside it), issue 32:
//! one client keeps 64, then 160, heavy requests in flight (replays of a long record, then the
//! computer moves of its own game against `search`), and a player alone in its game plays
//! beside it. The player never gets a 503, and its computer moves take about what they take on
//! an idle server: the pool serves clients in turn, so the flooder's queue delays the player by
//! no more than the job already running (the scheduling itself is tested exactly in the
//! server's unit tests; the time bound here is a generous backstop for a loaded machine).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use cards_web::Config;
use serde_json::{Value, json};

/// One request on a new connection: the status and the body.
fn call(to: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect_timeout(&to, Duration::from_secs(10)).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body);
    s.write_all(&req).expect("write");
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf);
    let end = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("{method} {path}: no answer"));
    let head = String::from_utf8_lossy(&buf[..end]).to_string();
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap();
    (status, buf[end + 4..].to_vec())
}

fn json_call(to: SocketAddr, method: &str, path: &str, body: &Value) -> (u16, Value) {
    let body = if body.is_null() {
        Vec::new()
    } else {
        body.to_string().into_bytes()
    };
    let (status, bytes) = call(to, method, path, &body);
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The quiet player: a Daifugo game against `tutorial` computers, alone in its game. Plays
/// until `moves` computer moves were timed; the person takes the first legal action. Any
/// answer but 200 fails the test (a 503 above all).
fn quiet_player(to: SocketAddr, moves: usize, seed: &mut u64) -> Vec<Duration> {
    let new = |seed: u64| {
        let (status, v) = json_call(
            to,
            "POST",
            "/api/games",
            &json!({"game": "daifugo", "policy": "tutorial", "seed": seed}),
        );
        assert_eq!(status, 201, "the quiet player's new game: {v}");
        v
    };
    *seed += 1;
    let mut view = new(*seed);
    let mut times = Vec::new();
    while times.len() < moves {
        let id = view["id"].as_str().unwrap().to_owned();
        if view["over"] == true {
            *seed += 1;
            view = new(*seed);
        } else if view["your_turn"] == true {
            let action = view["legal"][0]["action"].clone();
            let (status, v) = json_call(
                to,
                "POST",
                &format!("/api/games/{id}/action"),
                &json!({ "action": action }),
            );
            assert_eq!(status, 200, "the quiet player's action: {v}");
            view = v;
        } else {
            let t = Instant::now();
            let (status, v) =
                json_call(to, "POST", &format!("/api/games/{id}/advance"), &json!({}));
            times.push(t.elapsed());
            assert_eq!(status, 200, "the quiet player's computer move: {v}");
            view = v;
        }
    }
    times
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// What floods: replays of a record, or the computer moves of one game of the flooder's.
#[derive(Clone, Copy, Debug)]
enum Flood {
    Replays,
    Advances,
}

/// Keeps `in_flight` requests of `what` in flight from `in_flight` threads until `stop`;
/// counts the answers (`served`: 200 or, for the flooder's own game, 409 on its person's turn).
fn flooder(
    to: SocketAddr,
    what: Flood,
    in_flight: usize,
    stop: &Arc<AtomicBool>,
    served: &Arc<AtomicU64>,
) -> Vec<thread::JoinHandle<()>> {
    // a long record: a whole Daifugo game of random players
    let mut g = daifugo::Game::new(daifugo::Rules::UECDA, 3);
    let mut players = [0, 1, 2, 3, 4].map(daifugo::Random::new);
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    let record = Arc::new(serde_json::to_vec(&g.record()).unwrap());
    // the flooder's own game, against `search` computers (each move thinks 2,000 playouts)
    let (status, v) = json_call(
        to,
        "POST",
        "/api/games",
        &json!({"game": "daifugo", "policy": "search", "seed": 1}),
    );
    assert_eq!(status, 201);
    let game = Arc::new(std::sync::Mutex::new(v["id"].as_str().unwrap().to_owned()));
    (0..in_flight)
        .map(|_| {
            let (stop, served, record, game) =
                (stop.clone(), served.clone(), record.clone(), game.clone());
            thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let (status, body) = match what {
                        Flood::Replays => call(to, "POST", "/api/replay", &record),
                        Flood::Advances => {
                            let id = game.lock().unwrap().clone();
                            call(to, "POST", &format!("/api/games/{id}/advance"), b"{}")
                        }
                    };
                    match status {
                        200 => {
                            served.fetch_add(1, Ordering::Relaxed);
                        }
                        // the flooder's own requests past its share: a moment, then again
                        503 => thread::sleep(Duration::from_millis(20)),
                        // the flooder's person to act, or its game over: move on
                        409 => {
                            served.fetch_add(1, Ordering::Relaxed);
                            let id = game.lock().unwrap().clone();
                            let (_, v) =
                                json_call(to, "GET", &format!("/api/games/{id}"), &Value::Null);
                            if v["over"] == true {
                                let (_, v) = json_call(
                                    to,
                                    "POST",
                                    "/api/games",
                                    &json!({"game": "daifugo", "policy": "search"}),
                                );
                                if let Some(new) = v["id"].as_str() {
                                    new.clone_into(&mut game.lock().unwrap());
                                }
                            } else if v["your_turn"] == true {
                                let action = v["legal"][0]["action"].clone();
                                let _ = json_call(
                                    to,
                                    "POST",
                                    &format!("/api/games/{id}/action"),
                                    &json!({ "action": action }),
                                );
                            }
                        }
                        _ => panic!(
                            "{what:?}: the flooder got {status}: {}",
                            String::from_utf8_lossy(&body)
                        ),
                    }
                }
            })
        })
        .collect()
}

#[test]
fn a_flooding_client_does_not_starve_a_player_alone_in_its_game() {
    const MOVES: usize = 24;
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let to = listener.local_addr().unwrap();
    thread::spawn(move || cards_web::serve(listener, Config::default(), |_| {}));
    let mut seed = 100;
    // warm up, then the idle server's time of a computer move
    quiet_player(to, 4, &mut seed);
    let idle = median(quiet_player(to, MOVES, &mut seed));
    for what in [Flood::Replays, Flood::Advances] {
        for in_flight in [64, 160] {
            let stop = Arc::new(AtomicBool::new(false));
            let served = Arc::new(AtomicU64::new(0));
            let threads = flooder(to, what, in_flight, &stop, &served);
            // let the flooder fill its queue
            thread::sleep(Duration::from_millis(500));
            let times = quiet_player(to, MOVES, &mut seed);
            stop.store(true, Ordering::Relaxed);
            for t in threads {
                t.join().unwrap();
            }
            let worst = *times.iter().max().unwrap();
            let flooded = median(times);
            let served = served.load(Ordering::Relaxed);
            eprintln!(
                "{what:?}, {in_flight} in flight: a computer move {flooded:?} (worst {worst:?}), idle {idle:?}; the flooder served {served}"
            );
            assert!(served > 0, "{what:?}: the flooder was never served");
            // within 2x of the idle time, with a margin for a loaded 2-core machine (before
            // the fix: 1.2 s at 64 in flight, and 503s at 160)
            assert!(
                flooded <= idle * 2 + Duration::from_millis(100),
                "{what:?}, {in_flight} in flight: a computer move took {flooded:?} (median), idle {idle:?}"
            );
            assert!(
                worst < Duration::from_secs(3),
                "{what:?}, {in_flight} in flight: worst {worst:?}"
            );
        }
    }
}
