//! Sockets and framing: exact-size reads with a deadline, one-piece writes, and the per-client
//! reader thread of the server.
//!
//! The protocol has two messages, a 480-byte grid and a 4-byte big-endian int. Every read here
//! takes exactly that many bytes, however the network splits them (the official server takes
//! what one `recv` returns and desynchronises on a split grid), and gives up at a deadline so a
//! silent peer cannot hang the caller. Every write is one `write_all` of whole messages, so a
//! grid never straddles two writes (clients built on the official kit read a grid with one
//! `read`).

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use daifugo::uecda::{GRID_BYTES, Grid};

/// What can end a read or a write.
#[derive(Debug)]
pub enum NetError {
    /// The deadline passed before the whole message came.
    Timeout,
    /// The peer closed the connection (after `got` bytes of the message).
    Closed {
        /// Bytes of the message read before the end.
        got: usize,
    },
    /// Any other socket error.
    Io(io::Error),
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::Timeout => f.write_str("timed out"),
            NetError::Closed { got: 0 } => f.write_str("connection closed"),
            NetError::Closed { got } => {
                write!(f, "connection closed after {got} bytes of a message")
            }
            NetError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for NetError {}

/// Fills `buf` from `stream`, reassembling however many pieces the bytes come in, before
/// `deadline` (`None`: wait as long as it takes).
pub fn read_full(
    stream: &mut TcpStream,
    buf: &mut [u8],
    deadline: Option<Instant>,
) -> Result<(), NetError> {
    let mut got = 0;
    while got < buf.len() {
        let wait = match deadline {
            None => None,
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(NetError::Timeout);
                }
                Some(left)
            }
        };
        stream.set_read_timeout(wait).map_err(NetError::Io)?;
        match stream.read(&mut buf[got..]) {
            Ok(0) => return Err(NetError::Closed { got }),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(NetError::Timeout);
            }
            Err(e) => return Err(NetError::Io(e)),
        }
    }
    Ok(())
}

/// Reads one grid before `deadline`.
///
/// ```
/// use std::net::{TcpListener, TcpStream};
/// use std::time::{Duration, Instant};
/// use uecda::net::{read_grid, read_int, write_grid, write_int};
/// use daifugo::uecda::Grid;
///
/// let l = TcpListener::bind("127.0.0.1:0").unwrap();
/// let mut a = TcpStream::connect(l.local_addr().unwrap()).unwrap();
/// let (mut b, _) = l.accept().unwrap();
/// write_grid(&mut a, &Grid::profile("me")).unwrap();
/// write_int(&mut a, 9).unwrap();
/// let soon = Some(Instant::now() + Duration::from_secs(5));
/// assert_eq!(read_grid(&mut b, soon).unwrap().read_profile().unwrap().1, "me");
/// assert_eq!(read_int(&mut b, soon).unwrap(), 9);
/// ```
pub fn read_grid(stream: &mut TcpStream, deadline: Option<Instant>) -> Result<Grid, NetError> {
    let mut buf = [0u8; GRID_BYTES];
    read_full(stream, &mut buf, deadline)?;
    Ok(Grid::from_bytes(&buf))
}

/// Reads one big-endian int before `deadline`.
pub fn read_int(stream: &mut TcpStream, deadline: Option<Instant>) -> Result<i32, NetError> {
    let mut buf = [0u8; 4];
    read_full(stream, &mut buf, deadline)?;
    Ok(i32::from_be_bytes(buf))
}

/// Writes one grid in one piece.
pub fn write_grid(stream: &mut TcpStream, grid: &Grid) -> Result<(), NetError> {
    write_all(stream, &grid.to_bytes())
}

/// Writes one big-endian int (a negative value is sent as 0, as the official server does).
pub fn write_int(stream: &mut TcpStream, value: i32) -> Result<(), NetError> {
    write_all(stream, &value.max(0).to_be_bytes())
}

/// Writes whole messages (grids and ints, already in wire form) with one `write_all`.
pub fn write_bytes(stream: &mut TcpStream, bytes: &[u8]) -> Result<(), NetError> {
    write_all(stream, bytes)
}

fn write_all(stream: &mut TcpStream, bytes: &[u8]) -> Result<(), NetError> {
    stream.write_all(bytes).map_err(|e| match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => NetError::Timeout,
        io::ErrorKind::BrokenPipe
        | io::ErrorKind::ConnectionReset
        | io::ErrorKind::ConnectionAborted => NetError::Closed { got: 0 },
        _ => NetError::Io(e),
    })
}

/// What a client's reader thread hands the server loop.
#[derive(Debug)]
pub enum Incoming {
    /// A whole grid.
    Grid(Box<Grid>),
    /// The connection ended (closed, reset, or a read error), with the reason.
    Closed(String),
}

/// How many whole grids a reader thread holds for the server loop. When they are not taken, the
/// thread stops reading, the socket's buffers fill and TCP makes the sender wait: a client that
/// floods grids costs the server this many grids of memory, never more.
pub const QUEUE: usize = 4;

/// Starts the reader thread of one client: it reads whole grids from `stream` and sends each
/// to the returned channel (at most [`QUEUE`] wait in it; then the thread waits too), until the
/// connection ends (then it sends [`Incoming::Closed`] and stops) or the receiver is dropped.
/// The server loop then waits for a client's grid with [`mpsc::Receiver::recv_timeout`], which
/// is how a move timeout works on blocking sockets.
pub fn spawn_reader(mut stream: TcpStream, label: &str) -> io::Result<mpsc::Receiver<Incoming>> {
    let (tx, rx) = mpsc::sync_channel(QUEUE);
    thread::Builder::new()
        .name(format!("uecda reader {label}"))
        .spawn(move || {
            loop {
                match read_grid(&mut stream, None) {
                    Ok(g) => {
                        if tx.send(Incoming::Grid(Box::new(g))).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Incoming::Closed(e.to_string()));
                        return;
                    }
                }
            }
        })?;
    Ok(rx)
}

/// The longest time limit [`limit`] takes, in seconds: 10^9 s (about 31 years). A deadline
/// this far away still fits an [`Instant`] (a longer one could overflow it), and no match needs
/// more; 0 means no limit at all.
pub const MAX_LIMIT_SECONDS: f64 = 1e9;

/// Why a number of seconds is no time limit (see [`limit`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LimitError {
    /// Not a number, infinite or negative.
    NotSeconds(f64),
    /// More than [`MAX_LIMIT_SECONDS`].
    TooLong(f64),
    /// Positive but under a nanosecond: it would be taken as 0, which means no limit.
    TooShort(f64),
}

impl std::fmt::Display for LimitError {
    /// The reason without the value (a caller quotes the text it was given, which is shorter
    /// than `1e300` written out).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LimitError::NotSeconds(_) => "no number of seconds (0 or more; 0 = no limit)",
            LimitError::TooLong(_) => "too long a limit (at most 1e9 seconds; 0 = no limit)",
            LimitError::TooShort(_) => "too short a limit (under a nanosecond; 0 = no limit)",
        })
    }
}

impl std::error::Error for LimitError {}

/// `seconds` as a time limit: `None` for 0 (no limit), else a duration of at least a
/// nanosecond and at most [`MAX_LIMIT_SECONDS`]. The one checked conversion of every seconds
/// flag (`cards daifugo serve --timeout`, `--wait`, `client --idle`, `--wait`): it never panics.
///
/// ```
/// use std::time::Duration;
/// use uecda::net::{LimitError, limit};
/// assert_eq!(limit(0.0), Ok(None));
/// assert_eq!(limit(1.5), Ok(Some(Duration::from_millis(1500))));
/// assert_eq!(limit(1e300), Err(LimitError::TooLong(1e300)));
/// assert_eq!(limit(1e-10), Err(LimitError::TooShort(1e-10)));
/// assert!(limit(f64::INFINITY).is_err() && limit(-1.0).is_err() && limit(f64::NAN).is_err());
/// ```
pub fn limit(seconds: f64) -> Result<Option<Duration>, LimitError> {
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(LimitError::NotSeconds(seconds));
    }
    if seconds == 0.0 {
        return Ok(None);
    }
    if seconds > MAX_LIMIT_SECONDS {
        return Err(LimitError::TooLong(seconds));
    }
    match Duration::try_from_secs_f64(seconds) {
        Ok(d) if !d.is_zero() => Ok(Some(d)),
        Ok(_) => Err(LimitError::TooShort(seconds)),
        Err(_) => Err(LimitError::TooLong(seconds)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    /// A connected loopback pair.
    fn pair() -> (TcpStream, TcpStream) {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let a = TcpStream::connect(l.local_addr().unwrap()).unwrap();
        let (b, _) = l.accept().unwrap();
        (a, b)
    }

    #[allow(clippy::unnecessary_wraps)] // a deadline is an `Option`
    fn soon(ms: u64) -> Option<Instant> {
        Some(Instant::now() + Duration::from_millis(ms))
    }

    #[test]
    fn a_grid_split_in_pieces_is_read_whole() {
        let (mut a, mut b) = pair();
        let mut g = Grid::profile("split");
        g.set(7, 14, -3);
        let bytes = g.to_bytes();
        let writer = thread::spawn(move || {
            for chunk in bytes.chunks(7) {
                a.write_all(chunk).unwrap();
                a.flush().unwrap();
                thread::sleep(Duration::from_millis(1));
            }
            write_int(&mut a, 9).unwrap();
            a
        });
        assert_eq!(read_grid(&mut b, soon(5000)).unwrap(), g);
        assert_eq!(read_int(&mut b, soon(5000)).unwrap(), 9);
        drop(writer.join().unwrap());
    }

    #[test]
    fn a_silent_peer_times_out_and_a_closed_one_says_so() {
        let (mut a, mut b) = pair();
        let start = Instant::now();
        assert!(matches!(
            read_grid(&mut b, soon(100)),
            Err(NetError::Timeout)
        ));
        assert!(start.elapsed() < Duration::from_secs(2));
        // half a grid then the end
        a.write_all(&[0u8; 240]).unwrap();
        drop(a);
        assert!(matches!(
            read_grid(&mut b, soon(5000)),
            Err(NetError::Closed { got: 240 })
        ));
    }

    #[test]
    fn a_slow_drip_cannot_stretch_the_deadline() {
        let (mut a, mut b) = pair();
        let writer = thread::spawn(move || {
            for _ in 0..40 {
                if a.write_all(&[0u8; 1]).is_err() {
                    break;
                }
                thread::sleep(Duration::from_millis(25));
            }
        });
        let start = Instant::now();
        assert!(matches!(
            read_grid(&mut b, soon(300)),
            Err(NetError::Timeout)
        ));
        assert!(start.elapsed() < Duration::from_millis(900));
        drop(b);
        writer.join().unwrap();
    }

    #[test]
    fn negative_ints_go_out_as_zero() {
        let (mut a, mut b) = pair();
        write_int(&mut a, -5).unwrap();
        assert_eq!(read_int(&mut b, soon(5000)).unwrap(), 0);
    }

    /// A peer that sends far more grids than are taken: the reader holds [`QUEUE`] of them and
    /// stops reading, so the sender's writes stall (TCP pushes back) instead of the server's
    /// memory growing.
    #[test]
    fn a_flooding_peer_is_held_back_by_the_bounded_queue() {
        let (mut a, b) = pair();
        let rx = spawn_reader(b, "flood").unwrap();
        a.set_write_timeout(Some(Duration::from_millis(500)))
            .unwrap();
        let bytes = Grid::EMPTY.to_bytes();
        let mut sent = 0usize;
        let start = Instant::now();
        // 20,000 grids are 9.6 MB: more than loopback's socket buffers hold
        while sent < 20_000 && start.elapsed() < Duration::from_secs(10) {
            if a.write_all(&bytes).is_err() {
                break;
            }
            sent += 1;
        }
        assert!(
            sent < 20_000,
            "every write went through: nothing pushed back"
        );
        // every grid whose write went through is handed over once they are taken, none lost
        let mut taken = 0;
        while let Ok(Incoming::Grid(_)) = rx.recv_timeout(Duration::from_millis(500)) {
            taken += 1;
        }
        assert_eq!(taken, sent);
    }

    #[test]
    fn the_reader_thread_hands_over_whole_grids_then_the_end() {
        let (mut a, b) = pair();
        let rx = spawn_reader(b, "test").unwrap();
        let g = Grid::from_hand("S3 JK".parse().unwrap());
        let bytes = g.to_bytes();
        a.write_all(&bytes[..10]).unwrap();
        thread::sleep(Duration::from_millis(20));
        a.write_all(&bytes[10..]).unwrap();
        match rx.recv_timeout(Duration::from_secs(5)).unwrap() {
            Incoming::Grid(got) => assert_eq!(*got, g),
            Incoming::Closed(why) => panic!("{why}"),
        }
        drop(a);
        assert!(matches!(
            rx.recv_timeout(Duration::from_secs(5)).unwrap(),
            Incoming::Closed(_)
        ));
    }
}
