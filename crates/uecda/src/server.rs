//! The server loop: accept five clients, play a match with the `daifugo` game engine in the
//! server's mode, and send every message in the official server's order.
//!
//! Per game: the deal grids (in class order), the exchange grids of the 大富豪 and the 富豪, then
//! per turn a hand grid to every player, the turn player's submission and its answer (9 or 8),
//! a field grid to every player and the end flag (0, 1, or 2 after the match's last game).
//!
//! The messages for one client are queued and written together just before the server waits
//! for a client (the field grid, end flag and next hand grid of a turn in one write, never a
//! grid split across writes): a third of the system calls of a write per message.
//!
//! Where the official server hangs or desynchronises, this one does not:
//!
//! - reads take exactly 480 (or 4) bytes, whatever pieces they come in;
//! - a move (or exchange) not complete within the move timeout, a closed connection or a write
//!   that fails makes the client **disconnected**: the server logs it, closes the socket (so a
//!   late grid is never read as the next message), and from then on that player passes at every
//!   turn and gives its strongest cards in the exchange; the match goes on without writing to it;
//! - a grid that arrives when the server is not waiting for one from that client is dropped, with
//!   one log line a turn that counts them; a client that sends more than [`MAX_STRAY`] such grids
//!   in a match is disconnected. A reader thread holds at most [`QUEUE`](crate::net::QUEUE) grids, so a client that
//!   floods the server is held back by TCP and costs no memory;
//! - a submission that is no meld (garbage values beside cards, scattered cells, a two-card run,
//!   two jokers, ...) is logged with the client's name and the cell at fault, answered 8 and
//!   counted as a pass, as the official server counts it; so is a meld the player does not hold
//!   or that does not beat the table;
//! - the handshakes run side by side, so idle connections do not delay the real clients, and
//!   the wait for five clients has an overall limit.
//!
//! The state cells of a field grid (`[5][4..8]`) show the state after the action and before any
//! flush it triggers, as the official server's do: after an 8-cut or the last pass of a trick
//! the field grid still shows the meld, `[5][4] = 0` and the lock; the next hand grid shows the
//! clear table. The classes of row 6
//! are the game's classes in every grid (the official server overwrites them with places as
//! players finish; read classes from the deal grid with either server). Row 7 is always 0.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use daifugo::Rules;
use daifugo::uecda::{GRID_BYTES, Grid, Status};

use crate::engine::{Engine, Submission};
use crate::net::{Incoming, NetError, spawn_reader, write_bytes, write_int};

/// A client that sends more than this many grids out of turn in a match is disconnected.
pub const MAX_STRAY: u32 = 3;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Address to bind (`127.0.0.1` by default; `0.0.0.0` for other machines).
    pub host: String,
    /// Port (0: a free port, named in the first log line).
    pub port: u16,
    /// Games in the match.
    pub games: u32,
    /// The match's seed (deals, seat shuffles, the cut-off's random places).
    pub seed: u64,
    /// The move timeout (`None`: wait for ever, as the official server does).
    pub timeout: Option<Duration>,
    /// The overall limit on waiting for five clients (`None`: no limit).
    pub wait: Option<Duration>,
    /// How long a new connection has to send its profile.
    pub profile_wait: Duration,
    /// The rules.
    pub rules: Rules,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            host: "127.0.0.1".into(),
            port: 42485,
            games: 100,
            seed: 0,
            timeout: Some(Duration::from_secs(30)),
            wait: Some(Duration::from_secs(600)),
            profile_wait: Duration::from_secs(2),
            rules: Rules::UECDA,
        }
    }
}

/// The result of a match.
#[derive(Clone, Debug)]
pub struct Standings {
    /// The seed.
    pub seed: u64,
    /// Games played.
    pub games: u32,
    /// Client names by player number, as sent (print them through [`crate::escape`]).
    pub names: Vec<String>,
    /// Points by player number (5 for a first place down to 1).
    pub points: [u32; 5],
    /// How many times each player took each place: `places[p][i]` = places `i + 1`.
    pub places: [[u32; 5]; 5],
    /// Players that were disconnected (in the order it happened).
    pub disconnected: Vec<u8>,
    /// Messages sent and read by the server (grids and ints).
    pub messages: u64,
    /// From the first deal to the last end flag.
    pub wall: Duration,
}

/// Why a match could not be played.
#[derive(Debug)]
pub enum ServeError {
    /// Binding to the address failed (the address as given, and why: often "Address already in
    /// use", another server on the port).
    Bind(String, io::Error),
    /// Accepting failed.
    Io(io::Error),
    /// Fewer than five clients came within the overall wait.
    TooFewClients(usize),
    /// Writing a record failed.
    Record(io::Error),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Bind(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
            ServeError::Io(e) => write!(f, "{e}"),
            ServeError::TooFewClients(n) => {
                write!(f, "only {n} of 5 clients connected before the wait ran out")
            }
            ServeError::Record(e) => write!(f, "cannot write a record: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

struct Client {
    name: String,
    /// The name as the log prints it ([`crate::escape`]).
    shown: String,
    out: TcpStream,
    /// Messages not yet written (see [`Server::flush_all`]).
    pending: Vec<u8>,
    rx: mpsc::Receiver<Incoming>,
    alive: bool,
    /// Grids it sent out of turn in this match.
    stray: u32,
}

/// The server: the clients, the log, and counters.
struct Server<'a> {
    clients: Vec<Client>,
    timeout: Option<Duration>,
    log: &'a mut dyn Write,
    messages: u64,
    disconnected: Vec<u8>,
}

/// Binds, tells `on_listen` the address (before accepting anyone), accepts five clients and
/// plays the match; each game's record (one JSON line) goes to `records`, each log line to
/// `log`.
///
/// A whole match in one process, five clients on threads:
///
/// ```
/// use std::{io, sync::mpsc, thread, time::Duration};
/// use uecda::{client, server};
/// use daifugo::Rules;
///
/// let (tx, rx) = mpsc::channel();
/// let srv = thread::spawn(move || {
///     let opts = server::ServeOptions {
///         port: 0,
///         games: 2,
///         seed: 7,
///         wait: Some(Duration::from_secs(30)),
///         ..server::ServeOptions::default()
///     };
///     let mut on_listen = |addr: std::net::SocketAddr| tx.send(addr.port()).unwrap();
///     server::serve(&opts, &mut on_listen, &mut io::sink(), &mut io::sink())
/// });
/// let port = rx.recv().unwrap();
/// let clients: Vec<_> = (0..5)
///     .map(|i| {
///         thread::spawn(move || {
///             let opts = client::ClientOptions {
///                 host: "127.0.0.1".into(),
///                 port,
///                 name: format!("p{i}"),
///                 idle: Some(Duration::from_secs(30)),
///                 connect_wait: None,
///             };
///             let mut me = <daifugo::Game as daifugo::cards_core::game::Players>::policy("tutorial", i).unwrap();
///             client::run_client(&opts, &Rules::UECDA, me.as_mut()).unwrap()
///         })
///     })
///     .collect();
/// let reports: Vec<_> = clients.into_iter().map(|c| c.join().unwrap()).collect();
/// let standings = srv.join().unwrap().unwrap();
/// assert_eq!(standings.points.iter().sum::<u32>(), 2 * 15); // 5 + 4 + 3 + 2 + 1 a game
/// assert!(reports.iter().all(|r| r.refused == 0 && r.games.len() == 2));
/// ```
pub fn serve(
    opts: &ServeOptions,
    on_listen: &mut dyn FnMut(SocketAddr),
    log: &mut dyn Write,
    records: &mut dyn Write,
) -> Result<Standings, ServeError> {
    let listener = TcpListener::bind((opts.host.as_str(), opts.port))
        .map_err(|e| ServeError::Bind(format!("{}:{}", opts.host, opts.port), e))?;
    on_listen(listener.local_addr().map_err(ServeError::Io)?);
    let clients = accept_five(&listener, opts, log)?;
    drop(listener);
    let mut server = Server {
        clients,
        timeout: opts.timeout,
        log,
        messages: 0,
        disconnected: Vec::new(),
    };
    let names: Vec<String> = server.clients.iter().map(|c| c.name.clone()).collect();
    let start = Instant::now();
    let mut engine = Engine::new(opts.rules, opts.seed);
    let mut points = [0u32; 5];
    let mut places = [[0u32; 5]; 5];
    for g in 1..=opts.games {
        let last = g == opts.games;
        let result = server.play_game(&mut engine, last);
        for p in 0..5 {
            points[p] += u32::from(6 - result[p]);
            places[p][usize::from(result[p] - 1)] += 1;
        }
        writeln!(records, "{}", engine.record_json())
            .and_then(|()| records.flush())
            .map_err(ServeError::Record)?;
    }
    server.flush_all();
    let wall = start.elapsed();
    for c in &server.clients {
        let _ = c.out.shutdown(Shutdown::Both);
    }
    Ok(Standings {
        seed: opts.seed,
        games: opts.games,
        names,
        points,
        places,
        disconnected: server.disconnected,
        messages: server.messages,
        wall,
    })
}

/// At most this many connections wait for their profile at once; later ones wait in the listen
/// backlog until one of these is done.
pub const MAX_PENDING: usize = 64;

/// A connection that has not sent its whole profile yet.
struct Pending {
    stream: TcpStream,
    addr: SocketAddr,
    buf: [u8; GRID_BYTES],
    got: usize,
    /// When its profile wait ends.
    until: Instant,
}

/// What a look at a pending connection found.
enum Handshake {
    /// Not all of the profile yet.
    Waiting,
    /// The whole profile.
    Profile(Box<Grid>),
    /// No profile will come (why).
    Failed(String),
}

impl Pending {
    /// Reads what the connection has sent (without waiting).
    fn poll(&mut self, now: Instant, wait: Duration) -> Handshake {
        loop {
            match self.stream.read(&mut self.buf[self.got..]) {
                Ok(0) => {
                    return Handshake::Failed(format!(
                        "no profile: {}",
                        NetError::Closed { got: self.got }
                    ));
                }
                Ok(n) => {
                    self.got += n;
                    if self.got == GRID_BYTES {
                        return Handshake::Profile(Box::new(Grid::from_bytes(&self.buf)));
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    return if now >= self.until {
                        Handshake::Failed(format!("no profile in {} s", wait.as_secs_f64()))
                    } else {
                        Handshake::Waiting
                    };
                }
                Err(e) => return Handshake::Failed(format!("no profile: {e}")),
            }
        }
    }
}

/// Accepts connections until five clients sent their profile, refusing (with a log line) any
/// that sends none within the profile wait or a bad one. The handshakes run side by side (up to
/// [`MAX_PENDING`] at once, each polled without blocking), so idle connections cost the real
/// clients nothing; player numbers go in the order the profiles complete; everything ends at
/// the overall wait's one deadline.
fn accept_five(
    listener: &TcpListener,
    opts: &ServeOptions,
    log: &mut dyn Write,
) -> Result<Vec<Client>, ServeError> {
    let deadline = opts.wait.map(|w| Instant::now() + w);
    listener.set_nonblocking(true).map_err(ServeError::Io)?;
    let mut clients = Vec::with_capacity(5);
    let mut pending: Vec<Pending> = Vec::new();
    while clients.len() < 5 {
        let now = Instant::now();
        if deadline.is_some_and(|d| now >= d) {
            for p in pending {
                let _ = writeln!(log, "refused {}: the wait for five clients ran out", p.addr);
                let _ = p.stream.shutdown(Shutdown::Both);
            }
            return Err(ServeError::TooFewClients(clients.len()));
        }
        let mut busy = false;
        while pending.len() < MAX_PENDING {
            match listener.accept() {
                Ok((stream, addr)) => {
                    busy = true;
                    if let Err(e) = stream.set_nonblocking(true) {
                        let _ = writeln!(log, "refused {addr}: {e}");
                        continue;
                    }
                    let _ = stream.set_nodelay(true);
                    pending.push(Pending {
                        stream,
                        addr,
                        buf: [0; GRID_BYTES],
                        got: 0,
                        until: now + opts.profile_wait,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(ServeError::Io(e)),
            }
        }
        let mut i = 0;
        while i < pending.len() && clients.len() < 5 {
            let grid = match pending[i].poll(now, opts.profile_wait) {
                Handshake::Waiting => {
                    i += 1;
                    continue;
                }
                Handshake::Profile(g) => Ok(g),
                Handshake::Failed(why) => Err(why),
            };
            busy = true;
            let Pending {
                mut stream, addr, ..
            } = pending.swap_remove(i);
            let player = clients.len() as u8;
            match grid.and_then(|g| welcome(&mut stream, &g, player, opts.profile_wait)) {
                Ok(name) => {
                    let shown = crate::escape(&name);
                    let _ = writeln!(log, "player {player} ({shown}) connected from {addr}");
                    let _ = stream.set_write_timeout(opts.timeout);
                    let reader = stream.try_clone().map_err(ServeError::Io)?;
                    let rx = spawn_reader(reader, &player.to_string()).map_err(ServeError::Io)?;
                    clients.push(Client {
                        name,
                        shown,
                        out: stream,
                        pending: Vec::with_capacity(2048),
                        rx,
                        alive: true,
                        stray: 0,
                    });
                }
                Err(why) => {
                    let _ = writeln!(log, "refused {addr}: {why}");
                    let _ = stream.shutdown(Shutdown::Both);
                }
            }
        }
        if !busy {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    for p in pending {
        let _ = writeln!(log, "refused {}: the match has its five players", p.addr);
        let _ = p.stream.shutdown(Shutdown::Both);
    }
    Ok(clients)
}

/// Reads the name from a whole profile and sends the player number (blocking, within `wait`).
fn welcome(stream: &mut TcpStream, g: &Grid, player: u8, wait: Duration) -> Result<String, String> {
    let (_, name) = g.read_profile().map_err(|e| format!("bad profile: {e}"))?;
    stream.set_nonblocking(false).map_err(|e| e.to_string())?;
    stream
        .set_write_timeout(Some(wait))
        .map_err(|e| e.to_string())?;
    write_int(stream, i32::from(player))
        .map_err(|e| format!("cannot send the player number: {e}"))?;
    Ok(name)
}

impl Server<'_> {
    fn label(&self, p: usize) -> String {
        format!("player {p} ({})", self.clients[p].shown)
    }

    fn disconnect(&mut self, p: usize, why: &str) {
        if !self.clients[p].alive {
            return;
        }
        let label = self.label(p);
        let _ = writeln!(
            self.log,
            "{label} disconnected: {why}; it passes and gives its strongest cards from now on"
        );
        let c = &mut self.clients[p];
        c.alive = false;
        c.pending.clear();
        let _ = c.out.shutdown(Shutdown::Both);
        // dropping the receiver ends a reader thread waiting to hand over a grid
        c.rx = mpsc::sync_channel(0).1;
        self.disconnected.push(p as u8);
    }

    /// Queues a grid for player `p` (written whole by the next [`Server::flush_all`]).
    fn send_grid(&mut self, p: usize, g: &Grid) {
        let c = &mut self.clients[p];
        if c.alive {
            c.pending.extend_from_slice(&g.to_bytes());
            self.messages += 1;
        }
    }

    /// Queues an int for player `p` (a negative value goes out as 0, as the official server
    /// sends it).
    fn send_int(&mut self, p: usize, v: i32) {
        let c = &mut self.clients[p];
        if c.alive {
            c.pending.extend_from_slice(&v.max(0).to_be_bytes());
            self.messages += 1;
        }
    }

    /// Writes every client's queued messages, each client's in one write: the messages of a
    /// turn (field grid, end flag, next hand grid) go out together, and every grid lies whole
    /// inside one write, as clients that read a grid with one `read` need. Called before every
    /// wait for a client and at the end.
    fn flush_all(&mut self) {
        for p in 0..self.clients.len() {
            let c = &mut self.clients[p];
            if !c.alive || c.pending.is_empty() {
                c.pending.clear();
                continue;
            }
            let result = write_bytes(&mut c.out, &c.pending);
            c.pending.clear();
            if let Err(e) = result {
                self.disconnect(p, &format!("write failed: {e}"));
            }
        }
    }

    /// Drops what a client sent without being asked (one log line for the client, with the
    /// count), disconnects a client past [`MAX_STRAY`] such grids, and notices closed
    /// connections. Takes at most `MAX_STRAY + 1` grids of a client, however fast it sends.
    fn drain(&mut self) {
        for p in 0..self.clients.len() {
            let mut now = 0u32;
            while self.clients[p].alive {
                match self.clients[p].rx.try_recv() {
                    Ok(Incoming::Grid(_)) => {
                        now += 1;
                        self.clients[p].stray += 1;
                        if self.clients[p].stray > MAX_STRAY {
                            let why = format!(
                                "sent {} grids out of turn (more than {MAX_STRAY})",
                                self.clients[p].stray
                            );
                            self.disconnect(p, &why);
                        }
                    }
                    Ok(Incoming::Closed(why)) => self.disconnect(p, &why),
                    Err(_) => break,
                }
            }
            if now > 0 && self.clients[p].alive {
                let label = self.label(p);
                let _ = writeln!(
                    self.log,
                    "{label} sent {now} grid(s) out of turn; ignored ({} of {MAX_STRAY} allowed in the match)",
                    self.clients[p].stray
                );
            }
        }
    }

    /// The next grid of player `p` within the move timeout, or `None` (the player is then
    /// disconnected, or already was).
    fn read_from(&mut self, p: usize, what: &str) -> Option<Grid> {
        self.flush_all();
        if !self.clients[p].alive {
            return None;
        }
        let got = match self.timeout {
            Some(t) => self.clients[p].rx.recv_timeout(t),
            None => self.clients[p]
                .rx
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match got {
            Ok(Incoming::Grid(g)) => {
                self.messages += 1;
                Some(*g)
            }
            Ok(Incoming::Closed(why)) => {
                self.disconnect(p, &why);
                None
            }
            Err(RecvTimeoutError::Timeout) => {
                let t = self.timeout.map_or(0.0, |t| t.as_secs_f64());
                self.disconnect(p, &format!("no {what} within {t} s"));
                None
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.disconnect(p, "reader stopped");
                None
            }
        }
    }

    /// Plays one game; returns the places of players 0..4.
    fn play_game(&mut self, engine: &mut Engine, last: bool) -> [u8; 5] {
        self.drain();
        let deal = engine.start_game();
        // deal grids, in class order (player order in a reset game)
        let mut order: Vec<usize> = (0..5).collect();
        if let Some(classes) = deal.classes {
            order.sort_by_key(|&p| classes[p]);
        }
        for &p in &order {
            let shown = if deal.classes.is_some_and(|c| c[p] >= 3) {
                deal.dealt[p]
            } else {
                engine.hand(p)
            };
            let mut g = Grid::from_hand(shown);
            g.set_status(&Status {
                exchange: true,
                to_give: deal.to_give[p],
                player: None,
                counts: deal.dealt.map(|h| h.len() as u8),
                classes: deal.classes.map_or([Some(0); 5], |c| c.map(Some)),
                seats: deal.seats,
                ..Status::default()
            });
            self.send_grid(p, &g);
        }
        // the exchange: the 大富豪 then the 富豪
        while let Some(p) = engine.giver() {
            let n = usize::from(deal.to_give[p]);
            let chosen = self.read_from(p, "exchange grid").and_then(|g| {
                let hand = engine.hand(p);
                match g.hand() {
                    Ok(c) if c.len() == n && c.is_subset(hand) => Some(c),
                    Ok(c) => {
                        let label = self.label(p);
                        let _ = writeln!(
                            self.log,
                            "{label} gave {} card(s) in the exchange, not {n} of its hand; it gives its strongest",
                            c.len()
                        );
                        None
                    }
                    Err(e) => {
                        let label = self.label(p);
                        let _ = writeln!(
                            self.log,
                            "{label} sent a bad exchange grid ({e}); it gives its strongest"
                        );
                        None
                    }
                }
            });
            engine.exchange(chosen);
        }
        // the turns
        let mut field: Option<Grid> = None;
        loop {
            self.drain();
            let st = engine.state();
            if st.table.is_none() {
                field = None;
            }
            let turn = engine.turn_player();
            let counts = engine.counts();
            let base = Status {
                player: Some(turn as u8),
                table_clear: st.table.is_none(),
                eleven_back: st.eleven_back,
                revolution: st.revolution,
                locked: st.locked,
                counts,
                classes: deal.classes.map_or([Some(0); 5], |c| c.map(Some)),
                seats: deal.seats,
                ..Status::default()
            };
            for p in 0..5 {
                let mut g = Grid::from_hand(engine.hand(p));
                g.set_status(&Status {
                    my_turn: p == turn,
                    ..base
                });
                self.send_grid(p, &g);
            }
            let grid = self.read_from(turn, "move");
            let asked = grid.is_some();
            let sub = match grid {
                None => Submission::Pass,
                Some(g) => match g.submission(&engine.rules()) {
                    Ok(None) => Submission::Pass,
                    Ok(Some(m)) => Submission::Meld(m, Box::new(g)),
                    Err(e) => {
                        let label = self.label(turn);
                        let _ =
                            writeln!(self.log, "{label} sent a bad grid: {e}; counted as a pass");
                        Submission::Invalid
                    }
                },
            };
            let table_was_clear = st.table.is_none();
            let (accepted, flushed) = engine.submit(&sub);
            let answer = match (&sub, accepted) {
                (Submission::Meld(_, g), true) => {
                    let mut f = Grid::EMPTY;
                    for r in 0..5 {
                        for c in 0..15 {
                            f.set(r, c, g.get(r, c));
                        }
                    }
                    field = Some(f);
                    9
                }
                (Submission::Pass, _) if table_was_clear => 9,
                _ => 8,
            };
            if asked {
                self.send_int(turn, answer);
            }
            // the state after the action, before the flush it triggers
            let after = engine.state();
            let (locked, eleven_back) = match (&sub, accepted, flushed) {
                (_, _, false) => (after.locked, after.eleven_back),
                (Submission::Meld(m, _), true, true) => {
                    let rules = engine.rules();
                    let locks = rules.suit_lock
                        && !m.is_lone_joker()
                        && st
                            .table
                            .is_some_and(|t| !t.is_lone_joker() && t.suit_mask() == m.suit_mask());
                    let flips = rules.eleven_back && m.has_rank(cards_core::Rank::Jack);
                    (st.locked || locks, st.eleven_back ^ flips)
                }
                _ => (st.locked, st.eleven_back),
            };
            let mut fg = field.unwrap_or(Grid::EMPTY);
            fg.set_status(&Status {
                player: Some(turn as u8),
                table_clear: field.is_none(),
                eleven_back,
                revolution: after.revolution,
                locked,
                counts: engine.counts(),
                ..base
            });
            for p in 0..5 {
                self.send_grid(p, &fg);
            }
            let over = engine.is_over();
            let flag = match (over, last) {
                (false, _) => 0,
                (true, false) => 1,
                (true, true) => 2,
            };
            for p in 0..5 {
                self.send_int(p, flag);
            }
            if over {
                return engine.places();
            }
        }
    }
}
