//! The load test (its own test binary, one test, so nothing else runs beside it): while 200
//! slow connections are held open (each dripping a partial request, reopened as soon as the
//! server drops it), 200 probes, each on a new connection, are each answered within 1 s. Run
//! twice: the slow connections from 127.0.0.1, the address the probes (the page, its person)
//! come from, and from 200 other loopback addresses (127.0.1.x, 127.0.2.x).

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use cards_web::Config;
use socket2::{Domain, Socket, Type};

const SLOW: usize = 200;
const PROBES: usize = 200;
/// Each probe must be answered within this.
const PROBE_LIMIT: Duration = Duration::from_secs(1);

/// A connection from `from` (bound before connecting).
fn connect(from: IpAddr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let s = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    s.bind(&SocketAddr::new(from, 0).into())?;
    s.connect_timeout(&to.into(), Duration::from_secs(2))?;
    Ok(s.into())
}

/// Holds `SLOW` slow connections from `sources` (round robin) until `stop`: each sends the
/// start of a request, then one more header byte every 100 ms; a connection the server closed
/// is opened again. Returns how many connections were opened in all.
fn slow_clients(
    to: SocketAddr,
    sources: &[IpAddr],
    stop: &Arc<AtomicBool>,
) -> Vec<thread::JoinHandle<u64>> {
    let per_thread = SLOW / 4;
    (0..4)
        .map(|t| {
            let stop = stop.clone();
            let sources = sources.to_vec();
            thread::spawn(move || {
                let from = |i: usize| sources[(t * per_thread + i) % sources.len()];
                let open = |i: usize| -> Option<TcpStream> {
                    let mut s = connect(from(i), to).ok()?;
                    s.set_write_timeout(Some(Duration::from_millis(200))).ok()?;
                    s.write_all(b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
                        .ok()?;
                    Some(s)
                };
                let mut conns: Vec<Option<TcpStream>> = (0..per_thread).map(open).collect();
                let mut opened = per_thread as u64;
                let deadline = Instant::now() + Duration::from_secs(60);
                while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
                    for (i, c) in conns.iter_mut().enumerate() {
                        if c.as_mut().is_none_or(|s| s.write_all(b"a").is_err()) {
                            *c = open(i);
                            opened += 1;
                        }
                    }
                    thread::sleep(Duration::from_millis(100));
                }
                opened
            })
        })
        .collect()
}

/// One probe: `GET /api/info` on a new connection from 127.0.0.1; how long the answer took.
fn probe(to: SocketAddr) -> Duration {
    let t = Instant::now();
    let mut s = TcpStream::connect_timeout(&to, PROBE_LIMIT).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(b"GET /api/info HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf);
    let took = t.elapsed();
    assert!(
        buf.starts_with(b"HTTP/1.1 200"),
        "probe answered {:?}",
        String::from_utf8_lossy(&buf[..buf.len().min(80)])
    );
    took
}

fn run(to: SocketAddr, sources: &[IpAddr], what: &str) {
    let stop = Arc::new(AtomicBool::new(false));
    let slow = slow_clients(to, sources, &stop);
    // let them all connect and start dripping
    thread::sleep(Duration::from_millis(500));
    let mut worst = Duration::ZERO;
    let mut over = 0;
    // 30 ms apart: the probes span more than the 5 s header deadline, so slow connections are
    // also dropped by time while they run
    for _ in 0..PROBES {
        thread::sleep(Duration::from_millis(30));
        let took = probe(to);
        worst = worst.max(took);
        if took > PROBE_LIMIT {
            over += 1;
        }
    }
    stop.store(true, Ordering::Relaxed);
    let opened: u64 = slow.into_iter().map(|h| h.join().unwrap()).sum();
    eprintln!("{what}: worst probe {worst:?}, {opened} slow connections opened");
    assert!(
        opened >= SLOW as u64,
        "{what}: only {opened} slow connections"
    );
    assert_eq!(
        over, 0,
        "{what}: {over} of {PROBES} probes over {PROBE_LIMIT:?}, worst {worst:?}"
    );
}

#[test]
fn probes_are_answered_while_slow_connections_are_held() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let to = listener.local_addr().unwrap();
    thread::spawn(move || cards_web::serve(listener, Config::default(), |_| {}));
    // the slow connections from the probes' own address
    run(to, &[IpAddr::V4(Ipv4Addr::LOCALHOST)], "from 127.0.0.1");
    // the slow connections from 200 other loopback addresses
    let others: Vec<IpAddr> = (0..SLOW)
        .map(|i| {
            IpAddr::V4(Ipv4Addr::new(
                127,
                0,
                1 + (i / 200) as u8,
                1 + (i % 200) as u8,
            ))
        })
        .collect();
    run(to, &others, "from 127.0.1.x");
}
