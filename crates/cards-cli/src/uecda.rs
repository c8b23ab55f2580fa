//! `cards daifugo serve` and `cards daifugo client`: the arguments and the printed standings
//! over the [`uecda`] crate's server and client (the UEC computer Daihinmin contest's TCP
//! protocol).

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;

use daifugo::Rules;
use serde_json::json;

use crate::common::{self, CliError};
use uecda::net;

/// Arguments of `cards daifugo serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (0.0.0.0 for clients on other machines).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// TCP port; 0 picks a free port (the first line on stderr names it).
    #[arg(long, default_value_t = 42485)]
    port: u16,
    /// Games in the match.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Seed of the deals and seat shuffles (drawn and printed when absent).
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds a client has for each move or exchange before it counts as disconnected; 0 = no
    /// limit.
    #[arg(long, default_value_t = Seconds::from(30), value_parser = seconds)]
    timeout: Seconds,
    /// Seconds to wait for five clients before giving up; 0 = no limit.
    #[arg(long, default_value_t = Seconds::from(600), value_parser = seconds)]
    wait: Seconds,
    /// Write every game's record to FILE, one JSON line a game.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Print the standings as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Arguments of `cards daifugo client`.
#[derive(clap::Args, Debug)]
pub struct ClientArgs {
    /// Server host.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Server port.
    #[arg(long, default_value_t = 42485)]
    port: u16,
    /// Name sent to the server (the official server keeps 9 characters).
    #[arg(long, default_value = "cards")]
    name: String,
    /// The computer player (one of the `daifugo` crate's built-in players; `seed` is the
    /// deprecated old name of `tutorial`).
    #[arg(long, default_value = "tutorial", value_parser = policy_names())]
    policy: String,
    /// Seed of the random or search player (drawn and printed when absent).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    think: crate::drive::ThinkArgs,
    /// Seconds the server may stay silent before the client gives up (exit status 1); 0 = no
    /// limit.
    #[arg(long, default_value_t = Seconds(Some(uecda::client::IDLE)), value_parser = seconds)]
    idle: Seconds,
    /// Seconds to keep trying to connect while the server refuses (a server that is still
    /// starting, as in `serve ... & client ...`); 0 = one attempt.
    #[arg(long, default_value_t = Seconds(None), value_parser = seconds)]
    wait: Seconds,
    /// Print what the client saw as one JSON object.
    #[arg(long)]
    json: bool,
}

/// A seconds flag's value: a time limit, `None` for 0 (no limit).
#[derive(Debug, Clone, Copy)]
struct Seconds(Option<std::time::Duration>);

impl From<u64> for Seconds {
    fn from(secs: u64) -> Seconds {
        Seconds(Some(std::time::Duration::from_secs(secs)))
    }
}

impl std::fmt::Display for Seconds {
    /// As the help shows a default: `30`, `0.5`, `0` for no limit.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.map_or(0.0, |d| d.as_secs_f64()))
    }
}

/// A number of seconds, 0 (no limit) or from a nanosecond to 10^9 s, through the one checked
/// conversion [`uecda::net::limit`].
fn seconds(text: &str) -> Result<Seconds, String> {
    let quote = || format!("\"{}\"", common::short(text));
    let Ok(v) = text.trim().parse::<f64>() else {
        return Err(format!(
            "{} is {}",
            quote(),
            net::LimitError::NotSeconds(f64::NAN)
        ));
    };
    net::limit(v)
        .map(Seconds)
        .map_err(|e| format!("{} is {e}", quote()))
}

/// Prints `text` and a newline on stdout.
fn write_out(text: &str) -> Result<(), CliError> {
    common::write_stdout(format!("{text}\n").as_bytes())
}

/// Runs `cards daifugo serve`.
pub fn serve(a: ServeArgs) -> Result<(), CliError> {
    let seed = a.seed.unwrap_or_else(common::draw_seed);
    if a.seed.is_none() && !a.json {
        write_out(&common::seed_line(seed))?;
    }
    let opts = uecda::ServeOptions {
        host: a.host,
        port: a.port,
        games: a.games,
        seed,
        timeout: a.timeout.0,
        wait: a.wait.0,
        rules: Rules::UECDA,
        ..uecda::ServeOptions::default()
    };
    let mut records: Box<dyn Write> = match &a.record {
        Some(path) => {
            Box::new(io::BufWriter::new(File::create(path).map_err(|e| {
                CliError::Io(format!("cannot create {}: {e}", path.display()))
            })?))
        }
        None => Box::new(io::sink()),
    };
    let mut log = io::stderr();
    let s = uecda::serve(
        &opts,
        &mut |addr| eprintln!("listening on {addr}"),
        &mut log,
        &mut records,
    )
    .map_err(|e| CliError::Io(e.to_string()))?;
    let mut order: Vec<usize> = (0..5).collect();
    order.sort_by_key(|&p| (std::cmp::Reverse(s.points[p]), p));
    let secs = s.wall.as_secs_f64();
    #[allow(clippy::cast_precision_loss)] // a message count far below 2^52
    let rate = if secs > 0.0 {
        s.messages as f64 / secs
    } else {
        0.0
    };
    if a.json {
        let standings: Vec<_> = order
            .iter()
            .map(|&p| {
                json!({"player": p, "name": s.names[p], "points": s.points[p], "places": s.places[p]})
            })
            .collect();
        let v = json!({
            "seed": s.seed,
            "games": s.games,
            "standings": standings,
            "disconnected": s.disconnected,
            "seconds": secs,
            "messages": s.messages,
            "messages_per_second": rate.round(),
        });
        write_out(&v.to_string())
    } else {
        let mut text = format!(
            "{} games in {secs:.2} s ({} messages, {rate:.0} a second)\nrank player name            points  1st 2nd 3rd 4th 5th",
            s.games, s.messages
        );
        for (i, &p) in order.iter().enumerate() {
            let pl = s.places[p];
            let _ = write!(
                text,
                "\n{:>4} {p:>6} {:<15} {:>6} {:>4} {:>3} {:>3} {:>3} {:>3}",
                i + 1,
                uecda::escape(&s.names[p]),
                s.points[p],
                pl[0],
                pl[1],
                pl[2],
                pl[3],
                pl[4]
            );
        }
        for p in &s.disconnected {
            let _ = write!(
                text,
                "\nplayer {p} ({}) was disconnected",
                uecda::escape(&s.names[usize::from(*p)])
            );
        }
        write_out(&text)
    }
}

/// Runs `cards daifugo client`.
pub fn client(a: ClientArgs) -> Result<(), CliError> {
    let seed = a.seed.unwrap_or_else(common::draw_seed);
    if a.seed.is_none() && matches!(a.policy.as_str(), "random" | "search" | "search-v3") && !a.json
    {
        write_out(&common::seed_line(seed))?;
    }
    let opts = uecda::ClientOptions {
        host: a.host,
        port: a.port,
        name: a.name,
        idle: a.idle.0,
        connect_wait: a.wait.0,
    };
    let rules = Rules::UECDA;
    let mut player = <daifugo::Game as cards_core::game::Players>::policy_with(
        &a.policy,
        &a.think.options(seed),
    )
    .map_err(|_| {
        CliError::usage(format!(
            "unknown player \"{}\" (expected one of: {})",
            common::short(&a.policy),
            daifugo::POLICY_NAMES.join(", ")
        ))
    })?;
    let r = uecda::run_client(&opts, &rules, player.as_mut())
        .map_err(|e| CliError::Io(e.to_string()))?;
    let opt = |v: Option<u8>| v.map_or_else(|| "null".to_string(), |x| x.to_string());
    if a.json {
        let games: Vec<_> = r
            .games
            .iter()
            .map(|g| json!({"place": g.place, "places": g.places}))
            .collect();
        let v = json!({
            "player": r.player,
            "seed": seed,
            "games": games,
            "melds": r.melds,
            "refused": r.refused,
        });
        write_out(&v.to_string())
    } else {
        let mut text = format!(
            "player {}: {} games, {} melds submitted, {} refused",
            r.player,
            r.games.len(),
            r.melds,
            r.refused
        );
        for (i, g) in r.games.iter().enumerate() {
            let places = g.places.map_or_else(
                || "null".to_string(),
                |p| p.map(|x| x.to_string()).join(" "),
            );
            let _ = write!(
                text,
                "\ngame {}: place {}, places {places}",
                i + 1,
                opt(g.place)
            );
        }
        write_out(&text)
    }
}

/// The `daifugo` crate's built-in player names for clap, `seed` an alias of `tutorial`.
fn policy_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(daifugo::POLICY_NAMES.iter().map(|&n| {
        let v = clap::builder::PossibleValue::new(n);
        if n == "tutorial" { v.alias("seed") } else { v }
    }))
}
