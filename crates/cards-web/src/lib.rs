#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
//!
//! A local web page to play Daifugo, Dou Dizhu and Kabu against the built-in computer players
//! and to replay game records: the server behind `cards web` (crate `cards-cli`).
//!
//! The server is [hyper](https://hyper.rs)'s HTTP/1 server on a current-thread
//! [tokio](https://tokio.rs) runtime. hyper is the HTTP implementation most of Rust's web
//! stack (axum, reqwest, tonic) is built on, actively maintained, and it lets each connection
//! set a header-read timeout directly; the API is eight routes, so the routing is a plain
//! function ([`Api::handle`]) that tests and fuzz targets call without a socket.
//!
//! Bounds: request bodies over 1 MiB are refused (413); at most [`Config::max_games`] games
//! stay in memory (creating one more drops the least recently used if it has been idle for
//! [`Config::evict_after`], a minute, and is refused otherwise) and a game untouched for an
//! hour is dropped, at a cost per request that does not grow with the number of games; a client
//! has 5 seconds to send its headers and 5 more for its body, and every connection (one
//! request, no keep-alive) is closed after 30 seconds. Slow clients cannot lock the others out
//! (at most [`MAX_WAITING`] connections wait for their request, [`MAX_WAITING_PER_PEER`] from
//! one address, the oldest closed past either), and replays and computer moves run on a
//! bounded pool of worker threads, never on the thread that reads connections, serving clients
//! (a game, or an address for requests on no game) in turn, [`QUEUE_PER_CLIENT`] waiting from
//! each: a client that floods the server waits for its own requests, not another's. The moves of
//! external agents ([`agent`], [`Config::agents`]), which wait on another program up to
//! [`Config::agent_limit`] a decision, run on a pool of their own ([`AGENT_WORKERS`]).
//!
//! A request must name the server in `Host` (its address or `localhost`: a DNS-rebinding page
//! gets 403), and a request that changes a game must not come from another page's `Origin`.
//! `HEAD` is answered as `GET`, without the body.
//!
//! What the browser receives during play is what the person may see: the person's seat's
//! `Observation` (Kabu: the table with the second cards not yet public as `null`), the legal
//! actions, the last action (another Daifugo player's give as just `"give"`). The seed, which
//! would deal every hand again, is `null` in a view until the game is over; a finished Daifugo
//! game shows a seed that deals nothing still hidden (see [`daifugo::Session`]). Under the
//! `douzero` Dou Dizhu preset a drawn seed is cut to 32 bits (`DouZero`'s generator takes a
//! 32-bit seed, so such games come from 2^32 deals); a seed given in the request is used whole.
//!
//! The three games share one session, [`session::GameSession`], written once over the one game
//! interface (`cards_core::game::Game`): turns, the person's moves, the computers (each game's
//! built-in players by name, a `search` at a fixed playout budget), views, records. Each game
//! contributes only its names and its JSON views ([`session::WebGame`], implemented in
//! [`daifugo`], [`doudizhu`] and [`kabu`]); [`Session`] holds a game of any of the three as an
//! enum of the concrete sessions.
//!
//! The page's files (`crates/cards-web/web/`) are built into the binary; [`Config::assets`]
//! serves them from a directory instead, re-read on every request, for developing the page.
//!
//! ```
//! use cards_web::{Api, Config};
//! use cards_web::Request;
//! let api = Api::new(Config::default());
//! let r = api.handle(&Request::local("GET", "/api/info", b""));
//! assert_eq!(r.status, 200);
//! let info: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
//! assert_eq!(info["games"]["kabu"]["presets"][0], "default");
//! ```

pub mod agent;
mod api;
mod assets;
pub mod daifugo;
pub mod doudizhu;
pub mod kabu;
#[cfg(feature = "server")]
mod server;
pub mod session;
mod util;
mod wire;

#[cfg(feature = "server")]
use std::net::{SocketAddr, TcpListener};

pub use api::{
    Api, BODY_LIMIT, BODY_TIMEOUT, CONNECTION_TIMEOUT, Config, EVICT_AFTER, HEADER_TIMEOUT,
    IDLE_LIMIT, Reply, Request, Session, Work,
};
pub use assets::content_type;
#[cfg(feature = "server")]
pub use server::{
    AGENT_WORKERS, BACKLOG, MAX_CONNECTIONS, MAX_WAITING, MAX_WAITING_PER_PEER, QUEUE,
    QUEUE_PER_CLIENT, WORKERS,
};
pub use wire::{ActionBody, ApiError, GAMES, Last, Legal, NewGame, View};

#[cfg(feature = "server")]
/// Serves the page and the API on `listener` until the process ends; `started` is called
/// with the bound address once the server is ready. Blocks the calling thread (it runs a
/// current-thread tokio runtime), so a program or a test runs it on a thread of its own:
///
/// ```no_run
/// let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
/// let addr = listener.local_addr().unwrap();
/// std::thread::spawn(move || cards_web::serve(listener, Default::default(), |_| {}));
/// println!("open http://{addr}/");
/// ```
pub fn serve(
    listener: TcpListener,
    config: Config,
    started: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    let addr = listener.local_addr()?;
    let config = Config {
        bound: config.bound.or(Some(addr)),
        ..config
    };
    runtime.block_on(async move {
        let fut = server::serve(listener, Api::new(config));
        started(addr);
        fut.await
    })
}
