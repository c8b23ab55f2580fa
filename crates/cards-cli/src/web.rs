//! `cards web`: the arguments, over the [`cards_web`] crate's server (feature `web`, on by
//! default).

use std::io::Write;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;

use cards_web::agent::AgentSpec;
use cards_web::{Config, serve};

use crate::agent::AgentArgs;
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
    /// Your own program among the page's computers: `NAME=exec:COMMAND` offers it as NAME in
    /// every game, `GAME:NAME=exec:COMMAND` in that game only (daifugo, doudizhu or kabu).
    /// Repeatable. It plays each computer seat over JSON lines, as `--players exec:COMMAND`
    /// does in `cards GAME play` (one process a seat, started at the seat's first decision);
    /// only these commands run, the page picks them by NAME. An agent that fails or is past
    /// --agent-ms stops its game with the error on the page.
    #[arg(long = "agent", value_name = "[GAME:]NAME=exec:COMMAND", value_parser = <AgentSpec as std::str::FromStr>::from_str)]
    pub agents: Vec<AgentSpec>,
    /// `--agent-ms`: the agents' time a decision.
    #[command(flatten)]
    pub agent: AgentArgs,
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
    AgentSpec::check_all(&a.agents).map_err(CliError::usage)?;
    let addr = SocketAddr::new(a.bind, a.port);
    let listener = TcpListener::bind(addr)
        .map_err(|e| CliError::usage(format!("cannot listen on {addr}: {e}")))?;
    let config = Config {
        max_games: usize::from(a.max_games),
        assets: a.assets.clone(),
        agents: a.agents.clone(),
        agent_limit: a.agent.limit(),
        ..Config::default()
    };
    serve(listener, config, |addr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "listening on http://{addr}/");
        let _ = out.flush();
    })
    .map_err(|e| CliError::Io(format!("the server stopped: {e}")))
}
