//! The HTTP side: hyper's HTTP/1 server on a current-thread tokio runtime, every connection
//! bounded in time, every body bounded in size, each request handed to [`Api::handle`].
//!
//! Slow clients cannot lock the others out:
//!
//! - a connection whose request has not arrived whole (headers within
//!   [`Config::header_timeout`], the body within [`Config::body_timeout`]) is *waiting*; at most
//!   [`MAX_WAITING`] wait at once, and at most [`MAX_WAITING_PER_PEER`] from one address. Past
//!   either bound the **oldest** waiting connection (of that address, or of all) is closed, so a
//!   new connection always gets in: the page and an attacker on the same machine share
//!   127.0.0.1, and the page's requests, which arrive whole at once, are served while the
//!   attacker's slow ones are dropped in turn;
//! - the slots between [`MAX_WAITING`] and [`MAX_CONNECTIONS`] are kept for connections whose
//!   request has arrived whole; the listen backlog is [`BACKLOG`];
//! - replays and computer moves run on a bounded pool of worker threads ([`WORKERS`]), every
//!   other game request on a second pool, so neither runs on the thread that accepts and reads
//!   connections, and a burst of heavy requests does not delay the light ones; the moves of
//!   external agents (`cards web --agent`), which wait on another program up to its time limit,
//!   run on a third pool ([`AGENT_WORKERS`]), so a slow or hostile agent delays only the games of
//!   agents, each in turn;
//! - each pool serves its clients in turn, one request at a time per client, where a client is
//!   the game a request is about (so the page's player, alone in its game, is one) or, for a
//!   replay or a new game, the address it comes from. A client may have [`QUEUE_PER_CLIENT`]
//!   requests waiting (more get 503) and all together [`QUEUE`]; past that the newest request
//!   of the client with the most waiting gets 503 to make room. So one client flooding the
//!   server with replays or computer moves waits for its own requests, while another's are
//!   served next and never refused (issue 32).

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, HOST, ORIGIN};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::task::AbortHandle;

use crate::api::{Api, BODY_LIMIT, Reply, Request, Work};

/// At most this many connections at once; more wait in the listen backlog.
pub const MAX_CONNECTIONS: usize = 1024;
/// At most this many connections whose request has not arrived whole; past it the oldest is
/// closed.
pub const MAX_WAITING: usize = 512;
/// At most this many of those from one address; past it that address's oldest is closed.
pub const MAX_WAITING_PER_PEER: usize = 64;
/// The listen backlog.
pub const BACKLOG: i32 = 1024;
/// Worker threads for replays and computer moves (and as many for the other game requests).
pub const WORKERS: usize = 2;
/// Worker threads for the computer moves of games seated with an external agent (they mostly
/// wait for the agent's answer, each at most its time limit, so they have a pool of their own).
pub const AGENT_WORKERS: usize = 4;
/// Requests that may wait for a worker of each pool, all clients together; past it the newest
/// request of the client with the most waiting gets 503 (or the new one, when no client has
/// more waiting than its own).
pub const QUEUE: usize = 64;
/// Requests that may wait for a worker of each pool from one client (a game, for the requests
/// on a game; the address, for replays and new games); more get 503.
pub const QUEUE_PER_CLIENT: usize = 16;

/// The connections whose request has not arrived whole, oldest first.
#[derive(Default)]
struct Waiting {
    /// By connection number (numbers grow with time: the first is the oldest).
    all: BTreeMap<u64, (IpAddr, Option<AbortHandle>)>,
    by_peer: HashMap<IpAddr, VecDeque<u64>>,
}

impl Waiting {
    /// Admits connection `id` from `peer`; returns the connections to close to make room.
    fn admit(&mut self, id: u64, peer: IpAddr) -> Vec<AbortHandle> {
        self.all.insert(id, (peer, None));
        self.by_peer.entry(peer).or_default().push_back(id);
        let mut evict = Vec::new();
        while self.by_peer.get(&peer).map_or(0, VecDeque::len) > MAX_WAITING_PER_PEER {
            let oldest = self.by_peer.get(&peer).and_then(|q| q.front().copied());
            match oldest {
                Some(old) => evict.extend(self.remove(old)),
                None => break,
            }
        }
        while self.all.len() > MAX_WAITING {
            let Some(&old) = self.all.keys().next() else {
                break;
            };
            evict.extend(self.remove(old));
        }
        evict
    }

    /// Forgets connection `id` (its request arrived whole, or it ended); its abort handle.
    fn remove(&mut self, id: u64) -> Option<AbortHandle> {
        let (peer, handle) = self.all.remove(&id)?;
        if let Some(q) = self.by_peer.get_mut(&peer) {
            q.retain(|&x| x != id);
            if q.is_empty() {
                self.by_peer.remove(&peer);
            }
        }
        handle
    }
}

/// A connection's place among the waiting ones, given up when its request has arrived whole
/// or when it ends (dropped, aborted).
struct Ticket {
    waiting: Arc<Mutex<Waiting>>,
    id: u64,
}

impl Ticket {
    fn done(&self) {
        let _ = self
            .waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(self.id);
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.done();
    }
}

/// Whose a queued request is: the pool takes turns between them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Client {
    /// A request on one game (`/api/games/{id}/...`): the game's id.
    Game(String),
    /// Any other request (a replay, a new game): the address it comes from.
    Peer(IpAddr),
}

impl Client {
    /// The client a request to `path` from `peer` belongs to.
    fn of(path: &str, peer: IpAddr) -> Client {
        let path = path.split(['?', '#']).next().unwrap_or("");
        match path.strip_prefix("/api/games/") {
            Some(rest) if !rest.is_empty() => {
                Client::Game(rest.split('/').next().unwrap_or(rest).to_owned())
            }
            _ => Client::Peer(peer),
        }
    }
}

type Job = Box<dyn FnOnce() + Send>;

/// A pool's queue: a queue per client, and the clients with a job waiting in turn order.
#[derive(Default)]
struct Queues {
    /// Each client's waiting jobs, oldest first (a client with none and none running is
    /// removed).
    waiting: HashMap<Client, VecDeque<Job>>,
    /// The clients with a job waiting and none running, in the order they are served.
    turns: VecDeque<Client>,
    /// The clients with a job running (their next job waits until it is done: a game's
    /// requests take its lock one at a time anyway, so a second worker would only wait).
    running: HashSet<Client>,
    /// All waiting jobs.
    len: usize,
}

impl Queues {
    /// Queues `job` for `client`. Refused (handed back) when that client already has
    /// [`QUEUE_PER_CLIENT`] waiting, or when [`QUEUE`] wait in all and no other client has
    /// more waiting than this one would; otherwise, when the queue is full, the newest job of
    /// the client with the most waiting is dropped to make room (its request gets 503).
    fn push(&mut self, client: Client, job: Job) -> Result<Option<Job>, Job> {
        let own = self.waiting.get(&client).map_or(0, VecDeque::len);
        if own >= QUEUE_PER_CLIENT {
            return Err(job);
        }
        let mut dropped = None;
        if self.len >= QUEUE {
            let longest = self
                .waiting
                .iter()
                .max_by_key(|(_, q)| q.len())
                .map(|(c, q)| (c.clone(), q.len()));
            match longest {
                Some((other, n)) if n > own + 1 => {
                    dropped = self.waiting.get_mut(&other).and_then(VecDeque::pop_back);
                    self.len -= usize::from(dropped.is_some());
                }
                _ => return Err(job),
            }
        }
        let q = self.waiting.entry(client.clone()).or_default();
        q.push_back(job);
        self.len += 1;
        if q.len() == 1 && !self.running.contains(&client) {
            self.turns.push_back(client);
        }
        Ok(dropped)
    }

    /// The next job: the oldest of the client whose turn it is (that client goes to the back
    /// of the turns once its job is done).
    fn pop(&mut self) -> Option<(Client, Job)> {
        let client = self.turns.pop_front()?;
        let q = self.waiting.get_mut(&client)?;
        let job = q.pop_front()?;
        if q.is_empty() {
            self.waiting.remove(&client);
        }
        self.len -= 1;
        self.running.insert(client.clone());
        Some((client, job))
    }

    /// `client`'s job is done: its next one, if any, takes its turn at the back.
    fn done(&mut self, client: &Client) {
        self.running.remove(client);
        if self.waiting.contains_key(client) {
            self.turns.push_back(client.clone());
        }
    }
}

/// A pool of worker threads taking jobs from a queue shared fairly between clients: each
/// client (a game, or an address) has a queue of its own, and the workers serve the clients
/// with work waiting in turn, one job at a time per client, so a client with many requests in
/// flight waits for its own and never delays another's by more than one job per client.
#[derive(Clone)]
struct Pool {
    queues: Arc<(Mutex<Queues>, Condvar)>,
}

impl Pool {
    fn new(name: &str, threads: usize) -> std::io::Result<Pool> {
        let queues = Arc::new((Mutex::new(Queues::default()), Condvar::new()));
        for i in 0..threads {
            let queues = queues.clone();
            std::thread::Builder::new()
                .name(format!("cards-web {name} {i}"))
                .spawn(move || {
                    let (lock, ready) = &*queues;
                    loop {
                        let mut q = lock.lock().unwrap_or_else(PoisonError::into_inner);
                        let (client, job) = loop {
                            match q.pop() {
                                Some(next) => break next,
                                None => q = ready.wait(q).unwrap_or_else(PoisonError::into_inner),
                            }
                        };
                        drop(q);
                        // a job that panics (a bug) loses its answer, not the worker
                        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                        lock.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .done(&client);
                        ready.notify_one();
                    }
                })?;
        }
        Ok(Pool { queues })
    }

    /// Runs `f` on a worker in `client`'s turn; `None` when it is refused or dropped from a
    /// full queue.
    async fn run(
        &self,
        client: Client,
        f: impl FnOnce() -> Reply + Send + 'static,
    ) -> Option<Reply> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(f());
        });
        let (lock, ready) = &*self.queues;
        let pushed = lock
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(client, job);
        match pushed {
            // a dropped job's sender goes with it: its request answers 503
            Ok(dropped) => {
                drop(dropped);
                ready.notify_one();
                rx.await.ok()
            }
            Err(_) => None,
        }
    }
}

/// What every connection shares.
struct Shared {
    api: Arc<Api>,
    heavy: Pool,
    light: Pool,
    /// The computer moves of games whose computers are an external agent: waiting on a slow
    /// agent never holds a worker the built-in computers and replays need.
    agents: Pool,
}

/// Serves `api` on `listener` until the process ends (or the listener fails).
pub(crate) async fn serve(listener: std::net::TcpListener, api: Api) -> std::io::Result<()> {
    // std listens with a backlog of its own choosing; listening again sets ours
    socket2::SockRef::from(&listener).listen(BACKLOG)?;
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let header_timeout = api.config().header_timeout;
    let connection_timeout = api.config().connection_timeout;
    let shared = Arc::new(Shared {
        api: Arc::new(api),
        heavy: Pool::new("heavy", WORKERS)?,
        light: Pool::new("light", WORKERS)?,
        agents: Pool::new("agents", AGENT_WORKERS)?,
    });
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let waiting = Arc::new(Mutex::new(Waiting::default()));
    let mut next = 0u64;
    loop {
        let Ok(permit) = slots.clone().acquire_owned().await else {
            return Ok(());
        };
        // A connection that failed before it was accepted (reset, out of descriptors): wait
        // a moment and go on.
        let Ok((stream, peer)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        next += 1;
        let id = next;
        let evicted = waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .admit(id, peer.ip());
        for h in evicted {
            h.abort();
        }
        let ticket = Arc::new(Ticket {
            waiting: waiting.clone(),
            id,
        });
        let shared = shared.clone();
        let task = tokio::spawn(async move {
            let t = ticket.clone();
            let from = peer.ip();
            let service = service_fn(move |req| respond(shared.clone(), t.clone(), from, req));
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(false)
                .max_buf_size(64 * 1024)
                .serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(connection_timeout, conn).await;
            drop(ticket);
            drop(permit);
        });
        if let Some(entry) = waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .all
            .get_mut(&id)
        {
            entry.1 = Some(task.abort_handle());
        }
        // let the new connection's task read what has already arrived before accepting more
        tokio::task::yield_now().await;
    }
}

/// One request: the body read (at most [`BODY_LIMIT`] bytes, within the body deadline), then
/// the API's answer, on a worker thread unless it is a page file or `/api/info`.
async fn respond(
    shared: Arc<Shared>,
    ticket: Arc<Ticket>,
    peer: IpAddr,
    req: hyper::Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let head = req.method() == Method::HEAD;
    let method = req.method().as_str().to_owned();
    let path = req.uri().path().to_owned();
    let header = |name| {
        req.headers()
            .get(name)
            .and_then(|v: &hyper::header::HeaderValue| v.to_str().ok())
            .map(str::to_owned)
    };
    let host = header(HOST);
    let origin = header(ORIGIN);
    let declared = header(CONTENT_LENGTH).and_then(|v| v.trim().parse::<u64>().ok());
    let body_timeout = shared.api.config().body_timeout;
    let reply = if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        Reply::error(413, "the request body is over 1 MiB")
    } else {
        let body = Limited::new(req.into_body(), BODY_LIMIT).collect();
        match tokio::time::timeout(body_timeout, body).await {
            Ok(Ok(body)) => {
                ticket.done();
                let body = body.to_bytes();
                let work = shared.api.work_of(&method, &path);
                let client = Client::of(&path, peer);
                let api = shared.api.clone();
                let answer = move || {
                    api.handle(&Request {
                        method: &method,
                        path: &path,
                        host: host.as_deref(),
                        origin: origin.as_deref(),
                        body: &body,
                    })
                };
                let pool = match work {
                    Work::Inline => None,
                    Work::Light => Some(&shared.light),
                    Work::Heavy => Some(&shared.heavy),
                    Work::Agent => Some(&shared.agents),
                };
                match pool {
                    None => answer(),
                    Some(pool) => pool.run(client, answer).await.unwrap_or_else(|| {
                        Reply::error(503, "the server is busy; try again in a moment")
                    }),
                }
            }
            Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => {
                Reply::error(413, "the request body is over 1 MiB")
            }
            Ok(Err(e)) => Reply::error(400, &format!("cannot read the request body: {e}")),
            Err(_) => Reply::error(408, "the request body did not arrive in time"),
        }
    };
    Ok(to_response(reply, head))
}

/// The HTTP response; for `HEAD`, the headers `GET` would have, without the body.
fn to_response(reply: Reply, head: bool) -> Response<Full<Bytes>> {
    let length = reply.body.len();
    let body = if head {
        Bytes::new()
    } else {
        Bytes::from(reply.body)
    };
    let mut r = Response::new(Full::new(body));
    *r.status_mut() =
        hyper::StatusCode::from_u16(reply.status).unwrap_or(hyper::StatusCode::BAD_REQUEST);
    let h = r.headers_mut();
    h.insert(
        CONTENT_TYPE,
        hyper::header::HeaderValue::from_static(reply.content_type),
    );
    h.insert(
        CACHE_CONTROL,
        hyper::header::HeaderValue::from_static("no-store"),
    );
    if head {
        h.insert(CONTENT_LENGTH, hyper::header::HeaderValue::from(length));
    }
    r
}

#[cfg(test)]
mod tests {
    use std::net::{IpAddr, Ipv4Addr};
    use std::sync::{Arc, Mutex};

    use super::{Client, Job, QUEUE, QUEUE_PER_CLIENT, Queues};

    fn game(id: &str) -> Client {
        Client::Game(id.into())
    }

    /// A job that writes `name` into `log` when run.
    fn job(log: &Arc<Mutex<Vec<String>>>, name: String) -> Job {
        let log = log.clone();
        Box::new(move || log.lock().unwrap().push(name))
    }

    /// Runs the next job as a worker does (done at once); the client it was for.
    fn serve_one(q: &mut Queues) -> Option<Client> {
        let (client, job) = q.pop()?;
        job();
        q.done(&client);
        Some(client)
    }

    #[test]
    fn requests_are_told_apart_by_game_else_by_address() {
        let a = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let b = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
        assert_eq!(Client::of("/api/games/0a1b/advance", a), game("0a1b"));
        assert_eq!(Client::of("/api/games/0a1b/advance", b), game("0a1b"));
        assert_eq!(Client::of("/api/games/0a1b?x=1", a), game("0a1b"));
        assert_eq!(Client::of("/api/replay", a), Client::Peer(a));
        assert_eq!(Client::of("/api/games", b), Client::Peer(b));
        assert_eq!(Client::of("/api/games/", b), Client::Peer(b));
    }

    /// Issue 32: a client with its queue full (the flooder) does not delay another client's
    /// request by more than the one job already started: the quiet client's request is served
    /// next, before every request the flooder had queued.
    #[test]
    fn a_quiet_client_is_served_before_a_flooders_queued_requests() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut q = Queues::default();
        for i in 0..QUEUE_PER_CLIENT {
            assert!(
                q.push(game("flood"), job(&log, format!("flood {i}")))
                    .is_ok()
            );
        }
        // the flooder's next request is refused: its own queue is full
        assert!(
            q.push(game("flood"), job(&log, "flood over".into()))
                .is_err()
        );
        // a worker takes the flooder's first job; then the quiet client's request arrives
        let (first, running) = q.pop().unwrap();
        assert_eq!(first, game("flood"));
        assert!(q.push(game("quiet"), job(&log, "quiet".into())).is_ok());
        // the flooder's next job waits for its running one; the quiet client's does not
        assert_eq!(serve_one(&mut q), Some(game("quiet")));
        running();
        q.done(&first);
        while serve_one(&mut q).is_some() {}
        let log = log.lock().unwrap();
        assert_eq!(log[0], "quiet");
        assert_eq!(log[1], "flood 0");
        assert_eq!(log.len(), QUEUE_PER_CLIENT + 1);
        assert_eq!(q.len, 0);
        assert!(q.waiting.is_empty() && q.turns.is_empty() && q.running.is_empty());
    }

    /// Clients with work waiting take turns, one job each, whatever their queues' lengths.
    #[test]
    fn clients_take_turns() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut q = Queues::default();
        for i in 0..6 {
            assert!(q.push(game("a"), job(&log, format!("a{i}"))).is_ok());
        }
        assert!(q.push(game("b"), job(&log, "b0".into())).is_ok());
        assert!(q.push(game("b"), job(&log, "b1".into())).is_ok());
        assert!(q.push(game("c"), job(&log, "c0".into())).is_ok());
        while serve_one(&mut q).is_some() {}
        assert_eq!(log.lock().unwrap().join(" "), "a0 b0 c0 a1 b1 a2 a3 a4 a5");
    }

    /// A full queue makes room for a client with fewer requests waiting by dropping the newest
    /// of the client with the most (that request gets 503), and refuses a client that already
    /// has as many waiting as any other.
    #[test]
    fn a_full_queue_drops_the_newest_of_the_longest_client() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut q = Queues::default();
        let flooders = QUEUE / QUEUE_PER_CLIENT;
        for f in 0..flooders {
            for i in 0..QUEUE_PER_CLIENT {
                let dropped = q.push(game(&format!("f{f}")), job(&log, format!("f{f} {i}")));
                assert!(matches!(dropped, Ok(None)));
            }
        }
        assert_eq!(q.len, QUEUE);
        // the quiet client gets in; one flooder's newest job is dropped
        let dropped = q.push(game("quiet"), job(&log, "quiet".into()));
        let Ok(Some(dropped)) = dropped else {
            panic!("nothing was dropped");
        };
        dropped();
        assert_eq!(q.len, QUEUE);
        let last = format!("{}", QUEUE_PER_CLIENT - 1);
        assert!(
            log.lock().unwrap()[0].ends_with(&last),
            "{:?}",
            log.lock().unwrap()
        );
        // a client as long as the longest is refused
        let longest = (0..flooders)
            .map(|f| format!("f{f}"))
            .find(|f| q.waiting[&game(f)].len() == QUEUE_PER_CLIENT)
            .unwrap();
        assert!(q.push(game(&longest), job(&log, "more".into())).is_err());
        // and the quiet client's job runs in the first round of turns
        let order: Vec<Client> = std::iter::from_fn(|| serve_one(&mut q)).collect();
        let at = order.iter().position(|c| *c == game("quiet")).unwrap();
        assert!(at <= flooders, "served {at}th");
        assert_eq!(order.len(), QUEUE);
    }

    /// A client's next job waits while one of its jobs runs (a game's requests take its lock
    /// one at a time: a second worker would only wait); another client's is served.
    #[test]
    fn one_job_at_a_time_per_client() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut q = Queues::default();
        assert!(q.push(game("a"), job(&log, "a0".into())).is_ok());
        assert!(q.push(game("a"), job(&log, "a1".into())).is_ok());
        let (a, _) = q.pop().unwrap();
        assert!(q.pop().is_none(), "a's second job started beside its first");
        assert!(q.push(game("b"), job(&log, "b0".into())).is_ok());
        assert_eq!(q.pop().map(|(c, _)| c), Some(game("b")));
        q.done(&a);
        assert_eq!(q.pop().map(|(c, _)| c), Some(game("a")));
    }
}
