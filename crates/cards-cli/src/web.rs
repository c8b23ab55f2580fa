//! `cards web`: the arguments, over the [`cards_web`] crate's server (feature `web`, on by
//! default).

use std::io::Write;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;

use cards_web::{Config, serve};

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
    /// At most this many games in memory (creating one more drops the least recently used if
    /// it has been idle for a minute, and is refused otherwise).
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
