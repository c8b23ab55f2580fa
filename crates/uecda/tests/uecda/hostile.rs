//! The server and the client against hostile peers on the loopback interface: a client that
//! floods grids, idle connections before the real clients, names holding control characters, a
//! server that goes silent or sends values outside the protocol. Every wait is bounded: a match
//! that overruns fails the test instead of hanging it.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use daifugo::Rules;
use daifugo::uecda::Grid;
use uecda::{ClientOptions, ClientReport, ServeOptions, Standings};

/// What a server thread ends with: the standings (or the error), and its log.
type Done = mpsc::Receiver<(Result<Standings, String>, String)>;

/// A server on a free loopback port, on its own thread: its address, and a receiver of the
/// standings (or the error) with the log.
fn start(opts: ServeOptions) -> (SocketAddr, Done) {
    let (addr_tx, addr_rx) = mpsc::channel();
    let (done_tx, done_rx) = mpsc::channel();
    thread::spawn(move || {
        let mut log = Vec::new();
        let opts = ServeOptions { port: 0, ..opts };
        let r = uecda::serve(
            &opts,
            &mut |a| addr_tx.send(a).unwrap(),
            &mut log,
            &mut std::io::sink(),
        );
        let _ = done_tx.send((
            r.map_err(|e| e.to_string()),
            String::from_utf8_lossy(&log).into_owned(),
        ));
    });
    let addr = addr_rx.recv_timeout(Duration::from_secs(10)).unwrap();
    (addr, done_rx)
}

/// One of our clients (the built-in `seed` player) on its own thread.
fn client(addr: SocketAddr, name: &str) -> thread::JoinHandle<Result<ClientReport, String>> {
    let opts = ClientOptions {
        host: addr.ip().to_string(),
        port: addr.port(),
        name: name.into(),
        idle: Some(Duration::from_secs(30)),
        connect_wait: None,
    };
    thread::spawn(move || {
        let mut me =
            <daifugo::Game as daifugo::cards_core::game::Players>::policy("seed", 1).unwrap();
        uecda::run_client(&opts, &Rules::UECDA, me.as_mut()).map_err(|e| e.to_string())
    })
}

/// Waits for the match to end within `limit`.
fn finish(done: &Done, limit: Duration) -> (Standings, String) {
    match done.recv_timeout(limit) {
        Ok((Ok(s), log)) => (s, log),
        Ok((Err(e), log)) => panic!("the server failed: {e}\n{log}"),
        Err(mpsc::RecvTimeoutError::Timeout | mpsc::RecvTimeoutError::Disconnected) => {
            panic!("the match did not end within {limit:?}")
        }
    }
}

fn options(games: u32) -> ServeOptions {
    ServeOptions {
        host: "127.0.0.1".into(),
        games,
        seed: 5,
        timeout: Some(Duration::from_secs(20)),
        wait: Some(Duration::from_secs(30)),
        ..ServeOptions::default()
    }
}

/// Finding 1: a client that sends pass grids as fast as it can, out of turn, and never reads.
/// It is disconnected after a few, the log has one line a turn at most, and the match goes on at
/// its normal pace.
#[test]
fn a_flooding_client_is_disconnected_and_the_match_goes_on() {
    let (addr, done) = start(options(5));
    let flooder = thread::spawn(move || {
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(&Grid::profile("flood").to_bytes()).unwrap();
        let mut me = [0u8; 4];
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.read_exact(&mut me).unwrap();
        s.set_write_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let pass = Grid::EMPTY.to_bytes();
        let start = Instant::now();
        let mut sent = 0u64;
        // until the server stops taking them (closed, or TCP pushes back), 20 s at most
        while start.elapsed() < Duration::from_secs(20) && s.write_all(&pass).is_ok() {
            sent += 1;
        }
        (i32::from_be_bytes(me), sent)
    });
    thread::sleep(Duration::from_millis(200));
    let ours: Vec<_> = (0..4).map(|i| client(addr, &format!("ours{i}"))).collect();
    let start = Instant::now();
    let (standings, log) = finish(&done, Duration::from_secs(25));
    let elapsed = start.elapsed();
    for c in ours {
        let r = c.join().unwrap().unwrap();
        assert_eq!(r.games.len(), 5);
    }
    let (flood_player, sent) = flooder.join().unwrap();
    assert!(sent > 3, "the flooder sent {sent} grids");
    assert_eq!(
        standings.disconnected,
        [u8::try_from(flood_player).unwrap()],
        "{log}"
    );
    assert!(
        log.contains("(flood) disconnected: sent 4 grids out of turn"),
        "{log}"
    );
    // a handful of lines, not one a grid
    assert!(
        log.lines().count() < 20,
        "{} log lines:\n{log}",
        log.lines().count()
    );
    assert!(
        elapsed < Duration::from_secs(15),
        "the match took {elapsed:?}"
    );
}

/// Finding 2: idle connections made before the real clients do not delay the match (the
/// handshakes run side by side; before, each idle one held the door for the 2 s profile wait).
#[test]
fn idle_connections_do_not_delay_the_start() {
    let (addr, done) = start(options(1));
    let idle: Vec<TcpStream> = (0..5).map(|_| TcpStream::connect(addr).unwrap()).collect();
    thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    let ours: Vec<_> = (0..5).map(|i| client(addr, &format!("ours{i}"))).collect();
    let (standings, log) = finish(&done, Duration::from_secs(20));
    let elapsed = start.elapsed();
    for c in ours {
        assert_eq!(c.join().unwrap().unwrap().games.len(), 1);
    }
    assert!(standings.disconnected.is_empty(), "{log}");
    // one game takes milliseconds; five idle connections in turn took 10 s
    assert!(
        elapsed < Duration::from_millis(1500),
        "the match took {elapsed:?}\n{log}"
    );
    // the idle ones are told so once the match has its players
    assert_eq!(
        log.matches("the match has its five players").count(),
        5,
        "{log}"
    );
    drop(idle);
}

/// Finding 3: a name holding an escape sequence or a newline reaches the log escaped: no line
/// is forged and the operator's terminal gets no control character.
#[test]
fn control_characters_in_names_are_escaped_in_the_log() {
    let (addr, done) = start(options(1));
    let evil = "a\u{1b}[2J\nplayer 9";
    let mut ours: Vec<_> = (0..4).map(|i| client(addr, &format!("ours{i}"))).collect();
    ours.push(client(addr, evil));
    let (standings, log) = finish(&done, Duration::from_secs(20));
    for c in ours {
        assert_eq!(c.join().unwrap().unwrap().games.len(), 1);
    }
    // the standings keep the name as sent (for JSON); what is printed is escaped
    assert!(standings.names.iter().any(|n| n == evil));
    assert!(!log.chars().any(|c| c.is_control() && c != '\n'), "{log:?}");
    assert!(log.contains(r"(a\u{1b}[2J\nplayer 9) connected"), "{log}");
    assert!(
        log.lines()
            .all(|l| l.starts_with("player ") && !l.starts_with("player 9")),
        "{log}"
    );
    assert_eq!(uecda::escape(evil), r"a\u{1b}[2J\nplayer 9");
    assert_eq!(uecda::escape("大富豪 \\ x"), r"大富豪 \\ x");
}

#[test]
fn a_port_in_use_is_named_in_the_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let opts = ServeOptions {
        port,
        games: 1,
        wait: Some(Duration::from_secs(1)),
        ..ServeOptions::default()
    };
    let e = uecda::serve(
        &opts,
        &mut |_| panic!("no server listens on a port in use"),
        &mut std::io::sink(),
        &mut std::io::sink(),
    )
    .unwrap_err();
    assert!(matches!(e, uecda::ServeError::Bind(..)), "{e:?}");
    let text = e.to_string();
    assert!(
        text.starts_with(&format!("cannot listen on 127.0.0.1:{port}: ")),
        "{text}"
    );
    drop(taken);
}
