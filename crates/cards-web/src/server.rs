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
//! - replays and computer moves run on a bounded pool of worker threads ([`WORKERS`], a queue of
//!   [`QUEUE`]; a full queue is a 503), every other game request on a second pool, so neither
//!   runs on the thread that accepts and reads connections, and a burst of heavy requests does
//!   not delay the light ones.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
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
/// Requests that may wait for a worker of each pool; more get 503.
pub const QUEUE: usize = 64;

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

/// A pool of worker threads taking jobs from a bounded queue.
#[derive(Clone)]
struct Pool {
    jobs: SyncSender<Box<dyn FnOnce() + Send>>,
}

impl Pool {
    fn new(name: &str, threads: usize) -> std::io::Result<Pool> {
        let (jobs, rx) = sync_channel::<Box<dyn FnOnce() + Send>>(QUEUE);
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads {
            let rx = rx.clone();
            std::thread::Builder::new()
                .name(format!("cards-web {name} {i}"))
                .spawn(move || {
                    loop {
                        let job = rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })?;
        }
        Ok(Pool { jobs })
    }

    /// Runs `f` on a worker; `None` when the queue is full.
    async fn run(&self, f: impl FnOnce() -> Reply + Send + 'static) -> Option<Reply> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Box<dyn FnOnce() + Send> = Box::new(move || {
            let _ = tx.send(f());
        });
        match self.jobs.try_send(job) {
            Ok(()) => rx.await.ok(),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => None,
        }
    }
}

/// What every connection shares.
struct Shared {
    api: Arc<Api>,
    heavy: Pool,
    light: Pool,
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
            let service = service_fn(move |req| respond(shared.clone(), t.clone(), req));
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
                let work = Api::work(&method, &path);
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
                };
                match pool {
                    None => answer(),
                    Some(pool) => pool.run(answer).await.unwrap_or_else(|| {
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
