//! `cards web`: a local web page to play Daifugo, Dou Dizhu and Kabu against the built-in
//! computer players and to replay game records, served by this binary (feature `web`, on by
//! default).
//!
//! The server is [hyper](https://hyper.rs)'s HTTP/1 server on a current-thread
//! [tokio](https://tokio.rs) runtime. hyper is the HTTP implementation most of Rust's web
//! stack (axum, reqwest, tonic) is built on, actively maintained, and it lets each connection
//! set a header-read timeout directly; the API is eight routes, so the routing is a plain
//! function ([`Api::handle`]) that tests and fuzz targets call without a socket.
//!
//! Bounds: request bodies over 1 MiB are refused (413); at most `--max-games` games stay in
//! memory (creating one more drops the least recently used) and a game untouched for an hour
//! is dropped; a client has 10 seconds to send its headers and every connection (one request,
//! no keep-alive) is closed after 30 seconds; at most 128 connections are served at once. The
//! server binds 127.0.0.1 unless `--bind` says otherwise.
//!
//! What the browser receives during play is what the person may see: the person's seat's
//! `Observation` (Kabu: the table with the second cards not yet public as `null`), the legal
//! actions, the last action (another Daifugo player's give as just `"give"`). The seed, which
//! would deal every hand again, is `null` in a view until the game is over (a Daifugo match's
//! seed also deals its later games: it is shown once a game ends, for the record's name).
//!
//! The page's files (`crates/cards-cli/web/`) are built into the binary; `--assets DIR`
//! serves them from a directory instead, re-read on every request, for developing the page.
//!
//! ```
//! use cards_cli::web::{Api, Config};
//! let mut api = Api::new(Config::default());
//! let r = api.handle("GET", "/api/info", b"");
//! assert_eq!(r.status, 200);
//! let info: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
//! assert_eq!(info["games"]["kabu"]["presets"][0], "default");
//! ```

mod api;
mod assets;
pub mod daifugo;
pub mod doudizhu;
pub mod kabu;
mod server;

use std::io::Write;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;

pub use api::{
    ActionBody, Api, ApiError, BODY_LIMIT, CONNECTION_TIMEOUT, Config, GAMES, HEADER_TIMEOUT,
    IDLE_LIMIT, Last, Legal, NewGame, Reply, Session, View,
};
pub use assets::content_type;
pub use server::MAX_CONNECTIONS;

use crate::common::CliError;

/// Arguments of `cards web`.
#[derive(clap::Args, Debug)]
pub struct WebArgs {
    /// The port (0 picks a free one; the line printed on start names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. The default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// For developing the page: serve index.html, *.js and style.css from this directory,
    /// re-read on every request, instead of the copies built into the binary.
    #[arg(long)]
    pub assets: Option<PathBuf>,
    /// At most this many games in memory (creating one more drops the least recently used).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..))]
    pub max_games: u16,
}

/// Runs `cards web`: binds, prints `listening on http://ADDR:PORT/` (one line, flushed), and
/// serves until the process is stopped.
pub fn run(a: &WebArgs) -> Result<(), CliError> {
    if let Some(dir) = &a.assets
        && !dir.is_dir()
    {
        return Err(CliError::usage(format!(
            "--assets {}: not a directory",
            dir.display()
        )));
    }
    let addr = SocketAddr::new(a.bind, a.port);
    let listener = TcpListener::bind(addr)
        .map_err(|e| CliError::usage(format!("cannot listen on {addr}: {e}")))?;
    let config = Config {
        max_games: usize::from(a.max_games),
        assets: a.assets.clone(),
        ..Config::default()
    };
    serve(listener, config, |addr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "listening on http://{addr}/");
        let _ = out.flush();
    })
    .map_err(|e| CliError::Io(format!("the server stopped: {e}")))
}

/// Serves the page and the API on `listener` until the process ends; `started` is called
/// with the bound address once the server is ready. Blocks the calling thread (it runs a
/// current-thread tokio runtime), so a program or a test runs it on a thread of its own:
///
/// ```no_run
/// let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
/// let addr = listener.local_addr().unwrap();
/// std::thread::spawn(move || cards_cli::web::serve(listener, Default::default(), |_| {}));
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
    runtime.block_on(async move {
        let fut = server::serve(listener, Api::new(config));
        started(addr);
        fut.await
    })
}
