//! The client loop: connect, send the profile, play a whole match with a computer player, and
//! report the places the protocol shows.
//!
//! Message order (the server's, which the official devkit client follows too):
//!
//! ```text
//! send profile grid; recv int (my player number)
//! each game: recv deal grid; if [5][1] > 0: send exchange grid ([5][1] cards)
//!   each turn: recv hand grid; if [5][2] == 1: send submission, recv int (9 or 8)
//!              recv field grid; recv int end flag (0 go on, 1 next game, 2 match over)
//! ```
//!
//! The client reads its hand from the hand grid, the table from the last field grid (when the
//! hand grid says the table is not clear) and revolution, lock and 11-back from the hand grid,
//! lists its legal melds with [`daifugo::follow`] and asks its player for one. It never submits
//! a meld outside that list, so an 8 for a meld would be a disagreement with the server, counted
//! in [`ClientReport::refused`]; an 8 for a pass on a non-empty table is the protocol.
//!
//! Places: a player finishes when its card count in a field grid falls to 0; when the game ends
//! with four finishers every place is known. A game cut off by the endless-passing rule leaves
//! the unfinished players' places unknown (`null`). The places of every player are read again
//! from the next game's deal grid (classes), except after the match's last game and before a
//! reset game (classes all 0).

use std::io;
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use cards_core::CardSet;
use daifugo::uecda::{Grid, Status};
use daifugo::{Meld, Rules, Table};

use crate::net::{NetError, read_grid, read_int, write_grid};
use crate::player::{Mirror, Player, Told};

/// The default longest silence of the server before the client gives up: far longer than a
/// server takes between messages when its clients answer in milliseconds, as contest clients do
/// (a server whose clients think longer needs a longer limit).
pub const IDLE: Duration = Duration::from_secs(20);

/// Where and how to connect.
#[derive(Clone, Debug)]
pub struct ClientOptions {
    /// Server host.
    pub host: String,
    /// Server port.
    pub port: u16,
    /// The name sent in the profile (at most 14 characters are sent; the official server keeps
    /// 9).
    pub name: String,
    /// The longest silence of the server before the client gives up (`None`: no limit;
    /// [`IDLE`] is the command line's default).
    pub idle: Option<Duration>,
    /// How long to keep trying to connect while the server refuses (one that is starting):
    /// `None` tries once.
    pub connect_wait: Option<Duration>,
}

/// The pause between two attempts to connect to a server that is starting.
const RETRY: Duration = Duration::from_millis(100);

/// Connects to `addr`; with `wait`, retries every [`RETRY`] while the connection is refused (or
/// times out) until `wait` has passed, each attempt bounded by the time left.
fn connect(addr: SocketAddr, wait: Option<Duration>) -> Result<TcpStream, ClientError> {
    let start = Instant::now();
    let mut attempts = 0u32;
    loop {
        attempts += 1;
        let left = wait.map(|w| w.saturating_sub(start.elapsed()));
        let tried = match left {
            Some(left) if !left.is_zero() => TcpStream::connect_timeout(&addr, left),
            _ => TcpStream::connect(addr),
        };
        let e = match tried {
            Ok(s) => return Ok(s),
            Err(e) => e,
        };
        let retry = matches!(
            e.kind(),
            io::ErrorKind::ConnectionRefused | io::ErrorKind::TimedOut
        );
        match wait.map(|w| w.saturating_sub(start.elapsed())) {
            Some(left) if retry && !left.is_zero() => std::thread::sleep(left.min(RETRY)),
            _ if attempts > 1 => {
                return Err(ClientError::Connect(format!(
                    "{addr}: {e} ({attempts} attempts in {:.1} s)",
                    start.elapsed().as_secs_f64()
                )));
            }
            _ => return Err(ClientError::Connect(format!("{addr}: {e}"))),
        }
    }
}

/// What one game looked like from the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSeen {
    /// This client's place 1..5, when the protocol shows it.
    pub place: Option<u8>,
    /// Every player's place (index = player number), from the next game's deal grid, or from
    /// the finishing order when four players finished.
    pub places: Option<[u8; 5]>,
}

/// The client's account of a match.
#[derive(Clone, Debug, Default)]
pub struct ClientReport {
    /// The player number the server gave.
    pub player: u8,
    /// One entry per game, in order.
    pub games: Vec<GameSeen>,
    /// Melds this client submitted that the server answered 8.
    pub refused: u32,
    /// Melds submitted (passes not counted).
    pub melds: u32,
    /// Messages read and written.
    pub messages: u64,
}

/// Why a client stopped before the match ended.
#[derive(Debug)]
pub enum ClientError {
    /// Connecting failed.
    Connect(String),
    /// A read or a write failed (what was being done, and why).
    Net(&'static str, NetError),
    /// The server sent nothing for the idle limit (what the client was reading, the limit).
    Idle(&'static str, Duration),
    /// The server sent something the protocol does not allow (what, and why).
    Protocol(String),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Connect(e) => write!(f, "cannot connect: {e}"),
            ClientError::Net(what, e) => write!(f, "{what}: {e}"),
            ClientError::Idle(what, limit) => write!(
                f,
                "the server sent nothing for {} s ({what})",
                limit.as_secs_f64()
            ),
            ClientError::Protocol(e) => write!(f, "protocol error: {e}"),
        }
    }
}

impl std::error::Error for ClientError {}

/// Connects, plays a whole match with `policy` (any `daifugo` player: at each turn it is shown
/// the observation the server's game would show it, rebuilt from the grids: the history, the
/// passes, the places, the last player; see the `player` module for the little the protocol
/// cannot convey), and returns what the client saw (see [`crate::serve`] for a
/// match in one process).
pub fn run_client(
    opts: &ClientOptions,
    rules: &Rules,
    policy: &mut dyn daifugo::cards_core::game::Policy<daifugo::Game>,
) -> Result<ClientReport, ClientError> {
    let mut player = Player::new(policy, *rules);
    let addr = (opts.host.as_str(), opts.port)
        .to_socket_addrs()
        .map_err(|e| ClientError::Connect(format!("{}:{}: {e}", opts.host, opts.port)))?
        .next()
        .ok_or_else(|| ClientError::Connect(format!("{}: no address", opts.host)))?;
    let mut s = connect(addr, opts.connect_wait)?;
    let _ = s.set_nodelay(true);
    let mut c = Session {
        s: &mut s,
        idle: opts.idle,
        report: ClientReport::default(),
    };
    c.grid_out(&Grid::profile(&opts.name), "sending the profile")?;
    let me = c.int_in("reading my player number")?;
    let me = u8::try_from(me)
        .ok()
        .filter(|&p| p < 5)
        .ok_or_else(|| ClientError::Protocol(format!("player number {me}")))?;
    c.report.player = me;
    let me = usize::from(me);
    loop {
        let deal = c.grid_in("reading a deal grid")?;
        let ds = status(&deal)?;
        if !ds.exchange {
            return Err(ClientError::Protocol(
                "a deal grid without the exchange flag [5][0]".into(),
            ));
        }
        // the previous game's places, from this game's classes
        if let (Some(last), Some(places)) = (c.report.games.last_mut(), places_of(&ds)) {
            last.places = Some(places);
            last.place = Some(places[me]);
        }
        let dealt = hand_of(&deal)?;
        let classes = places_of(&ds).map(|p| p.map(|x| x - 1));
        let mut mirror = Mirror::new(*rules, me as u8, ds.seats, classes, dealt);
        if ds.to_give > 0 {
            let n = usize::from(ds.to_give);
            let told = Told {
                player: me as u8,
                hand: dealt,
                state: Table::default(),
                counts: ds.counts,
                classes,
                seats: ds.seats,
            };
            let give = player.give(&told, n);
            mirror.gave(give);
            c.grid_out(&Grid::from_hand(give), "sending the exchange")?;
        }
        let mut counts = ds.counts;
        let mut finished: Vec<usize> = Vec::with_capacity(5);
        let mut table: Option<Meld> = None;
        let flag = loop {
            let hg = c.grid_in("reading a hand grid")?;
            let hs = status(&hg)?;
            mirror.turn(hs.player);
            let mut refused = None;
            if hs.my_turn {
                let hand = hand_of(&hg)?;
                let state = Table::new(if hs.table_clear { None } else { table })
                    .with_revolution(hs.revolution)
                    .with_eleven_back(hs.eleven_back)
                    .with_lock(hs.locked);
                let legal = daifugo::follow(hand, &state, rules).unwrap_or_default();
                let told = Told {
                    player: me as u8,
                    hand,
                    state,
                    counts: hs.counts,
                    classes,
                    seats: hs.seats,
                };
                let choice = player.play(&told, &mut mirror, &legal);
                let grid = match &choice {
                    Some(m) => Grid::from_meld(m, state.revolution ^ state.eleven_back),
                    None => Grid::EMPTY,
                };
                c.grid_out(&grid, "sending a submission")?;
                let answer = c.int_in("reading the answer")?;
                if answer != 8 && answer != 9 {
                    return Err(ClientError::Protocol(format!(
                        "answer {answer} to a submission (9 accepted or 8 refused expected)"
                    )));
                }
                if choice.is_some() {
                    c.report.melds += 1;
                    if answer != 9 {
                        c.report.refused += 1;
                        refused = choice;
                    }
                }
            }
            let fg = c.grid_in("reading a field grid")?;
            let fs = status(&fg)?;
            table = fg.submission(rules).ok().flatten();
            mirror.acted(fs.player, counts, fs.counts, table, refused);
            for (p, (&before, &now)) in counts.iter().zip(&fs.counts).enumerate() {
                if before > 0 && now == 0 && !finished.contains(&p) {
                    finished.push(p);
                }
            }
            counts = fs.counts;
            let flag = c.int_in("reading the end flag")?;
            if !(0..=2).contains(&flag) {
                return Err(ClientError::Protocol(format!(
                    "end flag {flag} (0 go on, 1 next game or 2 match over expected)"
                )));
            }
            if flag != 0 {
                break flag;
            }
        };
        let mut seen = GameSeen {
            place: None,
            places: None,
        };
        if finished.len() >= 4 {
            let mut places = [5u8; 5];
            for (i, &p) in finished.iter().take(4).enumerate() {
                places[p] = i as u8 + 1;
            }
            seen.places = Some(places);
        }
        seen.place = finished
            .iter()
            .position(|&p| p == me)
            .map(|i| i as u8 + 1)
            .or_else(|| seen.places.map(|p| p[me]));
        c.report.games.push(seen);
        if flag != 1 {
            break;
        }
    }
    Ok(c.report)
}

/// Places 1..5 of players 0..4 from a deal grid's classes, when they are a permutation (not in
/// a reset game, where every class is 0).
fn places_of(s: &Status) -> Option<[u8; 5]> {
    let mut places = [0u8; 5];
    let mut seen = 0u8;
    for (p, c) in s.classes.iter().enumerate() {
        let c = (*c)?;
        if seen & (1 << c) != 0 {
            return None;
        }
        seen |= 1 << c;
        places[p] = c + 1;
    }
    Some(places)
}

fn status(g: &Grid) -> Result<Status, ClientError> {
    g.status().map_err(|e| ClientError::Protocol(e.to_string()))
}

fn hand_of(g: &Grid) -> Result<CardSet, ClientError> {
    g.hand()
        .map_err(|e| ClientError::Protocol(format!("hand: {e}")))
}

struct Session<'a> {
    s: &'a mut TcpStream,
    idle: Option<Duration>,
    report: ClientReport,
}

impl Session<'_> {
    fn deadline(&self) -> Option<Instant> {
        self.idle.map(|d| Instant::now() + d)
    }

    fn failed(&self, what: &'static str, e: NetError) -> ClientError {
        match (e, self.idle) {
            (NetError::Timeout, Some(limit)) => ClientError::Idle(what, limit),
            (e, _) => ClientError::Net(what, e),
        }
    }

    fn grid_in(&mut self, what: &'static str) -> Result<Grid, ClientError> {
        let d = self.deadline();
        let g = read_grid(self.s, d).map_err(|e| self.failed(what, e))?;
        self.report.messages += 1;
        Ok(g)
    }

    fn int_in(&mut self, what: &'static str) -> Result<i32, ClientError> {
        let d = self.deadline();
        let v = read_int(self.s, d).map_err(|e| self.failed(what, e))?;
        self.report.messages += 1;
        Ok(v)
    }

    fn grid_out(&mut self, g: &Grid, what: &'static str) -> Result<(), ClientError> {
        write_grid(self.s, g).map_err(|e| ClientError::Net(what, e))?;
        self.report.messages += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::tests_support::{First, with_status};
    use super::*;
    use crate::net::write_int;
    use std::io::Write;
    use std::net::TcpListener;

    /// A loopback port nobody listens on (bound, then released).
    fn free_port() -> SocketAddr {
        TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
    }

    #[test]
    fn connect_waits_for_a_server_that_is_starting() {
        let addr = free_port();
        // without a wait: one attempt, refused at once
        let t = Instant::now();
        let e = connect(addr, None).unwrap_err().to_string();
        assert!(e.starts_with(&format!("cannot connect: {addr}: ")), "{e}");
        assert!(!e.contains("attempts"), "{e}");
        assert!(t.elapsed() < Duration::from_secs(2));
        // with a wait and nobody coming: several attempts, then the error, within the wait
        let t = Instant::now();
        let e = connect(addr, Some(Duration::from_millis(350)))
            .unwrap_err()
            .to_string();
        assert!(e.contains(" attempts in "), "{e}");
        assert!(t.elapsed() >= Duration::from_millis(300));
        assert!(t.elapsed() < Duration::from_secs(3));
        // a server that starts 300 ms late is reached
        let late = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            let l = TcpListener::bind(addr).unwrap();
            l.set_nonblocking(false).unwrap();
            l.accept().is_ok_and(|(s, _)| s.peer_addr().is_ok())
        });
        let s = connect(addr, Some(Duration::from_secs(10))).unwrap();
        assert_eq!(s.peer_addr().unwrap(), addr);
        assert!(late.join().unwrap());
    }

    /// Writes a grid in three pieces, as a slow network would deliver it.
    fn send_pieces(s: &mut TcpStream, g: &Grid) {
        let b = g.to_bytes();
        for part in [&b[..1], &b[1..300], &b[300..]] {
            s.write_all(part).unwrap();
            s.flush().unwrap();
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// A scripted server: the protocol's worked example as the first turn (player 4, 平民,
    /// leads), then players 4, 0, 1, 2 finish; game 2 makes player 4 the 大富豪, who gives two
    /// cards, and ends the match at once.
    #[test]
    fn the_client_follows_the_message_order_and_reads_places() {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let server = std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let dl = Some(Instant::now() + Duration::from_secs(20));
            let profile = read_grid(&mut s, dl).unwrap();
            assert_eq!(profile.read_profile().unwrap(), (20070, "tester".into()));
            write_int(&mut s, 4).unwrap();
            let hand: CardSet = "C4 S10 SQ DQ CK DA H2 JK".parse().unwrap();
            let base = Status {
                counts: [8, 9, 8, 10, 8],
                classes: [Some(1), Some(0), Some(3), Some(4), Some(2)],
                seats: [3, 2, 0, 4, 1],
                ..Status::default()
            };
            send_pieces(
                &mut s,
                &with_status(
                    hand,
                    &Status {
                        exchange: true,
                        ..base
                    },
                ),
            );
            // the worked example's hand grid
            let turn = Status {
                my_turn: true,
                player: Some(4),
                table_clear: true,
                ..base
            };
            send_pieces(&mut s, &with_status(hand, &turn));
            let sub = read_grid(&mut s, dl).unwrap();
            let meld = sub.submission(&Rules::UECDA).unwrap().unwrap();
            assert!(daifugo::lead(hand, &Rules::UECDA).unwrap().contains(&meld));
            assert!(sub.cells()[5..].iter().flatten().all(|&v| v == 0));
            write_int(&mut s, 9).unwrap();
            // four field grids in which players 4, 0, 1, 2 run out of cards
            let mut counts = [8, 9, 8, 10, 8];
            for (i, p) in [4usize, 0, 1, 2].into_iter().enumerate() {
                counts[p] = 0;
                if i > 0 {
                    let not_mine = Status {
                        player: Some(p as u8),
                        counts,
                        ..base
                    };
                    send_pieces(&mut s, &with_status(CardSet::EMPTY, &not_mine));
                }
                let mut field = sub;
                field.set_status(&Status {
                    player: Some(p as u8),
                    counts,
                    ..base
                });
                send_pieces(&mut s, &field);
                write_int(&mut s, i32::from(i == 3)).unwrap();
            }
            // game 2: player 4 is the 大富豪 and gives 2 cards
            let rich: CardSet = "S3 D3 H3 C3 S4 H4 D4 C5 S6 H6 D7 C7 JK".parse().unwrap();
            let deal2 = Status {
                exchange: true,
                to_give: 2,
                counts: [11, 11, 10, 10, 11],
                classes: [Some(1), Some(2), Some(3), Some(4), Some(0)],
                ..base
            };
            send_pieces(&mut s, &with_status(rich, &deal2));
            let given = read_grid(&mut s, dl).unwrap().hand().unwrap();
            assert_eq!(given.len(), 2);
            assert!(given.is_subset(rich));
            let other = Status {
                player: Some(1),
                counts: [11, 11, 10, 10, 11],
                ..deal2
            };
            let other = Status {
                exchange: false,
                to_give: 0,
                ..other
            };
            send_pieces(&mut s, &with_status(rich.difference(given), &other));
            send_pieces(&mut s, &with_status(CardSet::EMPTY, &other));
            write_int(&mut s, 2).unwrap();
        });
        let opts = ClientOptions {
            host: "127.0.0.1".into(),
            port,
            name: "tester".into(),
            idle: Some(Duration::from_secs(20)),
            connect_wait: None,
        };
        let r = run_client(&opts, &Rules::UECDA, &mut First).unwrap();
        server.join().unwrap();
        assert_eq!(r.player, 4);
        assert_eq!(r.melds, 1);
        assert_eq!(r.refused, 0);
        assert_eq!(
            r.games,
            [
                GameSeen {
                    place: Some(1),
                    places: Some([2, 3, 4, 5, 1])
                },
                GameSeen {
                    place: None,
                    places: None
                }
            ]
        );
        // profile, number, 2 deal grids, exchange, 5 hand grids, 1 submission + answer,
        // 5 field grids, 5 end flags
        assert_eq!(r.messages, 1 + 1 + 2 + 1 + 5 + 2 + 5 + 5);
    }
}

#[cfg(test)]
mod out_of_protocol {
    use super::tests_support::*;
    use super::*;
    use std::io::Write;

    /// A scripted server: player number 1, a reset game's deal grid, then one turn whose hand
    /// grid says `my_turn`; it answers the submission with `answer` and ends the turn with
    /// `flag`. The client's result.
    fn turn(answer: i32, flag: i32, my_turn: bool) -> Result<ClientReport, ClientError> {
        scripted(move |s| {
            s.write_all(&1i32.to_be_bytes()).unwrap();
            let hand: CardSet = "S3 D3 H9".parse().unwrap();
            let base = Status {
                counts: [3, 3, 3, 3, 3],
                classes: [Some(0); 5],
                seats: [0, 1, 2, 3, 4],
                ..Status::default()
            };
            let deal = with_status(
                hand,
                &Status {
                    exchange: true,
                    ..base
                },
            );
            s.write_all(&deal.to_bytes()).unwrap();
            let hg = Status {
                my_turn,
                player: Some(u8::from(my_turn)),
                table_clear: true,
                ..base
            };
            s.write_all(&with_status(hand, &hg).to_bytes()).unwrap();
            if my_turn {
                let mut b = [0u8; daifugo::uecda::GRID_BYTES];
                std::io::Read::read_exact(s, &mut b).unwrap();
                s.write_all(&answer.to_be_bytes()).unwrap();
            }
            s.write_all(&with_status(CardSet::EMPTY, &hg).to_bytes())
                .unwrap();
            s.write_all(&flag.to_be_bytes()).unwrap();
        })
    }

    fn protocol_error(r: Result<ClientReport, ClientError>, needle: &str) {
        match r {
            Err(ClientError::Protocol(why)) => assert!(why.contains(needle), "{why}"),
            other => panic!("expected a protocol error naming {needle:?}, got {other:?}"),
        }
    }

    /// Finding 4: an end flag or an answer outside the protocol is a protocol error naming the
    /// value, not a normal end of the match.
    #[test]
    fn values_outside_the_protocol_are_protocol_errors() {
        protocol_error(turn(9, 7, false), "end flag 7");
        protocol_error(turn(9, -5, false), "end flag -5");
        protocol_error(turn(12345, 2, true), "answer 12345");
        // the protocol's own values end the match normally
        let r = turn(9, 2, true).unwrap();
        assert_eq!(r.games.len(), 1);
        assert_eq!(r.melds, 1);
        let r = turn(8, 2, true).unwrap();
        assert_eq!(r.refused, 1);
    }

    /// A server that says nothing after the player number: the client gives up after `idle`.
    #[test]
    fn a_silent_server_is_given_up_after_the_idle_limit() {
        let start = Instant::now();
        let r = scripted(|s| {
            s.write_all(&0i32.to_be_bytes()).unwrap();
            // silence until the client leaves (5 s at most)
            s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let _ = std::io::Read::read(s, &mut [0u8; 1]);
        });
        let elapsed = start.elapsed();
        match r {
            Err(e @ ClientError::Idle(..)) => {
                assert_eq!(
                    e.to_string(),
                    "the server sent nothing for 0.3 s (reading a deal grid)"
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    }
}

#[cfg(test)]
mod tests_support {
    use super::*;
    use std::net::TcpListener;

    pub(super) fn with_status(hand: CardSet, s: &Status) -> Grid {
        let mut g = Grid::from_hand(hand);
        g.set_status(s);
        g
    }

    /// Always the first legal action (the weakest meld, or pass); gives the weakest cards.
    pub(super) struct First;

    impl daifugo::cards_core::game::Policy<daifugo::Game> for First {
        fn choose(
            &mut self,
            obs: &daifugo::Observation<'_>,
            legal: &[daifugo::Action],
        ) -> daifugo::Action {
            match legal[0] {
                daifugo::Action::Give(c) => {
                    daifugo::Action::Give(daifugo::weakest(obs.hand, c.len()))
                }
                first => first,
            }
        }
    }

    /// Runs `server` on one loopback connection (after reading the profile) and our client
    /// (idle limit 0.3 s) against it.
    pub(super) fn scripted(
        server: impl FnOnce(&mut TcpStream) + Send + 'static,
    ) -> Result<ClientReport, ClientError> {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let t = std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let dl = Some(Instant::now() + Duration::from_secs(10));
            read_grid(&mut s, dl).unwrap();
            server(&mut s);
        });
        let opts = ClientOptions {
            host: "127.0.0.1".into(),
            port,
            name: "tester".into(),
            idle: Some(Duration::from_millis(300)),
            connect_wait: None,
        };
        let r = run_client(&opts, &Rules::UECDA, &mut First);
        let _ = t.join();
        r
    }
}
