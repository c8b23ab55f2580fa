//! `cards <game> arena`: built-in players compared over seeded deals, written once over the one
//! game interface ([`cards_core::game::Game`] and [`cards_core::game::Players`]).
//!
//! The entrants (two or more player names of the game's registry) are seated by every seating
//! of the game's [`Arena::seatings`], and every seeded deal is played once under each seating,
//! so that every entrant meets the same cards in every position. Each game adds only its
//! seating and its statistics ([`Arena`]):
//!
//! - **Dou Dizhu**: two entrants are seated as `DouZero`'s evaluation seats them: each deal once
//!   with the first entrant as the landlord and the second as both peasants, once the other way
//!   (position 0 is the deal's landlord, or its first bidder under an auction, where the bids
//!   then decide the sides); three entrants take the three rotations. Per entrant: WP (the
//!   share of games won) and ADP (`DouZero`'s scoring: the landlord's side scores ±2 · 2^b, b
//!   the bombs and rockets played, the peasants the opposite) as landlord, as peasants, and
//!   over both.
//! - **Daifugo**: the first entrants take one player each and the last fills the other players
//!   (two entrants: one against four), rotated over the five players; under each rotation the
//!   deals are the games of one match, as `cards daifugo play --games` plays it (classes and
//!   the exchange carried over, the seats shuffled every 3 games; the rotation's match is
//!   `cards daifugo play --seed S --games N --players ...`). Per entrant: mean points per game
//!   (5 for first place .. 1 for last) and the share of each place, with intervals by batch
//!   means over blocks of 10 games (the games of a match are correlated).
//! - **Kabu**: two entrants, each once player 0 (the fields: stakes and draws) and once the
//!   dealer. Per entrant: mean return as the fields' player, as the dealer, and over both.
//!
//! Every rate has a 95% interval (Wilson for proportions, Student's t for means of
//! independent games, batch means for Daifugo), every entrant its time per decision (wall
//! clock, over the decisions with at least two legal actions: median and 90th percentile), and
//! the run its deals a second. Everything but the times is a function of the arguments: the same
//! command prints the same figures.
//!
//! ```
//! use cards_cli::arena::{self, Arena};
//! let report = arena::run::<doudizhu::Game>(doudizhu::GameRules::STANDARD, &["greedy", "random"], 4, 1)?;
//! assert_eq!(report.games, 8); // 4 deals, each with both sides once as landlord
//! assert_eq!(report.entrants[0].seats, [4, 4, 4]);
//! # Ok::<(), cards_cli::arena::ArenaError>(())
//! ```

pub mod stats;

use std::fmt::{self, Write as _};
use std::io::{IsTerminal, Write as _};
use std::time::Instant;

use cards_core::game::{Game, Policy, UnknownPolicy};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::agent::{AgentArgs, AgentError, Agents, Fault, exec_command};
use crate::common::{CliError, IoArgs, emit, seed_line};
use crate::drive::{Ended, RulesOf};
pub use crate::drive::{Session, ThinkArgs};
use stats::{Estimate, Timings};

/// A game the arena plays: the one interface, its player registry and how its games follow one
/// another ([`Session`]), plus the game's seating and statistics.
pub trait Arena: Session {
    /// The fewest entrants.
    const MIN_ENTRANTS: usize = 2;
    /// What the metrics mean, for the text output.
    const LEGEND: &'static str;

    /// One entrant's statistics.
    type Tally: Default;

    /// The seatings of `entrants` entrants: for each, the entrant at each position (see
    /// [`Arena::position`]). By default the first entrants take one position each and the last
    /// fills the rest, rotated over the [`Session::SEATS`] positions.
    #[must_use]
    fn seatings(entrants: usize) -> Vec<Vec<usize>> {
        rotations(entrants, Self::SEATS)
    }

    /// The position of `seat` in `game` (by default the seat itself).
    fn position(_game: &Self, seat: usize) -> usize {
        seat
    }

    /// Counts a finished game: `entrant` is the entrant at each seat, `at` the game's place in
    /// the run.
    fn tally(game: &Self, entrant: &[usize], at: At, tallies: &mut [Self::Tally]);

    /// An entrant's statistics, named, in the order to show them.
    fn metrics(tally: &Self::Tally) -> Vec<(&'static str, Estimate)>;
}

/// Where a game stands in a run: its seating and its deal (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The seating's index in [`Report::seatings`].
    pub seating: usize,
    /// The deal's index.
    pub deal: u64,
}

/// The default seatings: entrants `0..k-1` one position each, the last entrant the remaining
/// positions, rotated `seats` times (at rotation r, position p holds the base's entry p - r).
///
/// ```
/// assert_eq!(cards_cli::arena::rotations(2, 3), [[0, 1, 1], [1, 0, 1], [1, 1, 0]]);
/// assert_eq!(cards_cli::arena::rotations(2, 2), [[0, 1], [1, 0]]);
/// ```
#[must_use]
pub fn rotations(entrants: usize, seats: usize) -> Vec<Vec<usize>> {
    let last = entrants.saturating_sub(1);
    let base: Vec<usize> = (0..seats).map(|p| p.min(last)).collect();
    (0..seats)
        .map(|r| (0..seats).map(|p| base[(p + seats - r) % seats]).collect())
        .collect()
}

/// Why an arena cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArenaError {
    /// An entrant that is no built-in player of the game (the error lists the known ones).
    UnknownEntrant(UnknownPolicy),
    /// Too few or too many entrants for the game's seats.
    Entrants {
        /// The entrants given.
        given: usize,
        /// The fewest the game takes.
        min: usize,
        /// The most (its seats).
        max: usize,
    },
    /// `--deals 0`.
    NoDeals,
    /// A deal the game cannot make (a seed out of the dealer's range).
    Deal {
        /// The deal's index.
        index: u64,
        /// Its seed.
        seed: u64,
        /// Why.
        message: String,
    },
    /// An external agent (`exec:COMMAND`) failed: it names its seat and its command.
    Agent {
        /// The deal's index.
        deal: u64,
        /// What went wrong.
        error: AgentError,
    },
    /// The caller's [`Hooks::stop`] stopped the run (its message).
    Stopped {
        /// The deal's index.
        deal: u64,
        /// Why.
        message: String,
    },
    /// A player chose an action the game refused.
    Refused {
        /// The deal's index.
        deal: u64,
        /// The entrant.
        entrant: String,
        /// The game's error.
        message: String,
    },
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::UnknownEntrant(e) => write!(f, "--entrants: {e}"),
            ArenaError::Entrants { given, min, max } if min == max => write!(
                f,
                "--entrants needs {min} names (one per seat), not {given}"
            ),
            ArenaError::Entrants { given, min, max } => write!(
                f,
                "--entrants needs {min} to {max} names (at most one per seat), not {given}"
            ),
            ArenaError::NoDeals => f.write_str("--deals must be 1 or more"),
            ArenaError::Deal {
                index,
                seed,
                message,
            } => write!(f, "deal {index} (seed {seed}): {message}"),
            ArenaError::Agent { deal, error } => write!(f, "deal {deal}: {error}"),
            ArenaError::Stopped { deal, message } => write!(f, "deal {deal}: {message}"),
            ArenaError::Refused {
                deal,
                entrant,
                message,
            } => write!(
                f,
                "deal {deal}: {entrant} chose an illegal action: {message}"
            ),
        }
    }
}

impl std::error::Error for ArenaError {}

/// The result of a run (`--json` prints it; the cards-cli README gives the schema).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game (`doudizhu`, `daifugo`, `kabu`).
    pub game: &'static str,
    /// The rules, as `--rules` reads them.
    pub rules: String,
    /// The arena's seed: deal i is dealt from seed + i (Daifugo: the matches' seed).
    pub seed: u64,
    /// The deals.
    pub deals: u64,
    /// A thinking player's budget: `{"playouts", "think_ms", "threads"}` (`null`: the
    /// player's default).
    pub think: ThinkArgs,
    /// Each seating: the entrant (its index in `entrants`) at each position.
    pub seatings: Vec<Vec<usize>>,
    /// The games played: deals times seatings.
    pub games: u64,
    /// Per entrant, in the order given.
    pub entrants: Vec<EntrantReport>,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
    /// Deals (each under every seating) a second.
    pub deals_per_second: f64,
}

/// One entrant's results.
#[derive(Clone, Debug, Serialize)]
pub struct EntrantReport {
    /// Its player name.
    pub name: String,
    /// The games it sat at each seat (all equal: every entrant sits at every seat alike).
    pub seats: Vec<u64>,
    /// The game's statistics, each with its 95% interval.
    #[serde(serialize_with = "ordered")]
    pub metrics: Vec<(&'static str, Estimate)>,
    /// Its time per decision.
    pub time: TimeReport,
}

/// Time per decision, over the decisions with at least two legal actions (wall clock).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TimeReport {
    /// The decisions timed.
    pub decisions: u64,
    /// The median, in microseconds.
    pub median_us: Option<f64>,
    /// The 90th percentile, in microseconds.
    pub p90_us: Option<f64>,
    /// The mean, in microseconds.
    pub mean_us: Option<f64>,
}

#[allow(clippy::cast_precision_loss)]
impl From<&Timings> for TimeReport {
    fn from(t: &Timings) -> TimeReport {
        TimeReport {
            decisions: t.n(),
            median_us: t.quantile(0.5).map(|ns| ns / 1e3),
            p90_us: t.quantile(0.9).map(|ns| ns / 1e3),
            mean_us: (t.n() > 0).then(|| t.total_ns() as f64 / t.n() as f64 / 1e3),
        }
    }
}

/// The metrics as one JSON object, in their order.
fn ordered<S: Serializer>(metrics: &[(&'static str, Estimate)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(metrics.len()))?;
    for (k, v) in metrics {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

/// Plays the arena: `deals` seeded deals, each under every seating of `entrants`.
///
/// # Errors
///
/// An unknown entrant, a wrong number of entrants, no deal, a deal the game cannot make, or a
/// player's illegal action ([`ArenaError`]).
pub fn run<G: Arena>(
    rules: RulesOf<G>,
    entrants: &[&str],
    deals: u64,
    seed: u64,
) -> Result<Report, ArenaError> {
    run_with_progress::<G>(
        rules,
        entrants,
        deals,
        seed,
        (ThinkArgs::default(), AgentArgs::default()),
        |_, _| {},
    )
}

/// The caller's own players in a run ([`run_with`]): entrants that are neither built-in names
/// nor agents (the Python package's callables), and a check after every decision that may stop
/// the run (a failed player, an interrupt).
pub trait Hooks<G> {
    /// Whether entrant `entrant` is the caller's own (its name is then only its label).
    fn own(&self, entrant: usize) -> bool;

    /// The player of the caller's own entrant `entrant` at `seat` (built as the arena builds
    /// its players: for every deal, or once for a Daifugo match).
    fn player(&mut self, entrant: usize, seat: usize) -> Box<dyn Policy<G>>;

    /// Asked after every decision: `Some(message)` stops the run ([`ArenaError::Stopped`]).
    fn stop(&mut self) -> Option<String>;
}

/// No players of the caller's own, never stopped: [`run`] and [`run_with_progress`].
struct NoHooks;

impl<G> Hooks<G> for NoHooks {
    fn own(&self, _: usize) -> bool {
        false
    }

    fn player(&mut self, _: usize, _: usize) -> Box<dyn Policy<G>> {
        unreachable!("no entrant is the caller's own")
    }

    fn stop(&mut self) -> Option<String> {
        None
    }
}

/// [`run`] with a thinking player's budget (`think`) and an external agent's limit (`agent`),
/// calling `progress(games played, games in all)` after every game. An agent
/// (`exec:COMMAND`) keeps one process for each seat it sits at for the whole run.
///
/// # Errors
///
/// As [`run`], or an agent's failure ([`ArenaError::Agent`]).
pub fn run_with_progress<G: Arena>(
    rules: RulesOf<G>,
    entrants: &[&str],
    deals: u64,
    seed: u64,
    budget: (ThinkArgs, AgentArgs),
    progress: impl FnMut(u64, u64),
) -> Result<Report, ArenaError> {
    run_with::<G>(
        rules,
        entrants,
        (deals, seed),
        budget,
        &mut NoHooks,
        progress,
    )
}

/// [`run_with_progress`] with players of the caller's own ([`Hooks`]): an entrant the hooks
/// call their own is seated, counted and timed as any other, under its name as its label.
///
/// ```
/// use cards_cli::arena::{self, Hooks};
/// use kabu::cards_core::game::Policy;
///
/// /// A player that plays the first legal action.
/// struct First;
/// impl Policy<kabu::Round> for First {
///     fn choose(&mut self, _: &kabu::RoundView<'_>, legal: &[kabu::Decision]) -> kabu::Decision {
///         legal[0]
///     }
/// }
/// /// Entrant 1 is the caller's `First`.
/// struct Mine;
/// impl Hooks<kabu::Round> for Mine {
///     fn own(&self, entrant: usize) -> bool { entrant == 1 }
///     fn player(&mut self, _: usize, _: usize) -> Box<dyn Policy<kabu::Round>> {
///         Box::new(First)
///     }
///     fn stop(&mut self) -> Option<String> { None }
/// }
/// let budget = Default::default();
/// let report = arena::run_with::<kabu::Round>(kabu::Rules::default(), &["random", "first"], (3, 7), budget, &mut Mine, |_, _| {})?;
/// assert_eq!(report.entrants[1].name, "first");
/// assert_eq!(report.games, 6);
/// # Ok::<(), cards_cli::arena::ArenaError>(())
/// ```
///
/// # Errors
///
/// As [`run_with_progress`], or [`ArenaError::Stopped`] when [`Hooks::stop`] says so.
pub fn run_with<G: Arena>(
    rules: RulesOf<G>,
    entrants: &[&str],
    (deals, seed): (u64, u64),
    (think, agent): (ThinkArgs, AgentArgs),
    hooks: &mut dyn Hooks<G>,
    mut progress: impl FnMut(u64, u64),
) -> Result<Report, ArenaError> {
    for (e, name) in entrants.iter().enumerate() {
        if hooks.own(e) {
            continue;
        }
        if let Some(command) = exec_command(name) {
            if command.is_empty() {
                return Err(ArenaError::Agent {
                    deal: 0,
                    error: AgentError {
                        seat_word: G::SEAT_WORD,
                        seat: 0,
                        command: String::new(),
                        fault: Fault::NoCommand,
                    },
                });
            }
            continue;
        }
        if !G::POLICY_NAMES
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name.trim()))
        {
            // the registry's own error (it may also know old names, which build a player)
            G::policy(name, 0).map_err(ArenaError::UnknownEntrant)?;
        }
    }
    if entrants.len() < G::MIN_ENTRANTS || entrants.len() > G::SEATS {
        return Err(ArenaError::Entrants {
            given: entrants.len(),
            min: G::MIN_ENTRANTS,
            max: G::SEATS,
        });
    }
    if deals == 0 {
        return Err(ArenaError::NoDeals);
    }
    // a deal the game cannot make is named before the first game, not when it comes
    if let Some(index) = G::first_bad_seed(rules, seed, deals) {
        let deal_seed = seed.wrapping_add(index);
        if let Err(message) = G::deal(&mut G::table(rules, seed), deal_seed) {
            return Err(ArenaError::Deal {
                index,
                seed: deal_seed,
                message,
            });
        }
    }
    let seatings = G::seatings(entrants.len());
    let mut tallies: Vec<G::Tally> = entrants.iter().map(|_| G::Tally::default()).collect();
    let mut times: Vec<Timings> = entrants.iter().map(|_| Timings::default()).collect();
    let mut seats = vec![vec![0u64; G::SEATS]; entrants.len()];
    let mut legal = Vec::with_capacity(64);
    let ended = Ended::default();
    let mut agents = Agents::<G>::new(agent, &ended);
    let started = Instant::now();
    let total = deals.saturating_mul(seatings.len() as u64);
    let mut played = 0;
    for (s, lineup) in seatings.iter().enumerate() {
        let mut table = G::table(rules, seed);
        let mut players: Vec<Box<dyn Policy<G>>> = Vec::new();
        for deal in 0..deals {
            let deal_seed = seed.wrapping_add(deal);
            let mut game = G::deal(&mut table, deal_seed).map_err(|message| ArenaError::Deal {
                index: deal,
                seed: deal_seed,
                message,
            })?;
            let entrant: Vec<usize> = (0..G::SEATS)
                .map(|seat| lineup[G::position(&game, seat) % lineup.len()])
                .collect();
            if G::PLAYERS_EACH_DEAL || players.is_empty() {
                let policy_seed = if G::PLAYERS_EACH_DEAL {
                    deal_seed
                } else {
                    seed
                };
                players.clear();
                for (seat, &e) in entrant.iter().enumerate() {
                    if hooks.own(e) {
                        players.push(hooks.player(e, seat));
                        continue;
                    }
                    if let Some(command) = exec_command(entrants[e]) {
                        let p = agents
                            .get((e, seat), command)
                            .map_err(|error| ArenaError::Agent { deal, error })?;
                        players.push(Box::new(p));
                        continue;
                    }
                    let options = think.options(G::policy_seed(policy_seed, seat));
                    players.push(
                        G::policy_with(entrants[e], &options)
                            .map_err(ArenaError::UnknownEntrant)?,
                    );
                }
            }
            let played_out = play_timed(
                &mut game,
                &mut players,
                &entrant,
                &mut times,
                &mut legal,
                (&ended, &mut *hooks),
            );
            if let Some(error) = ended.failed() {
                return Err(ArenaError::Agent { deal, error });
            }
            played_out.map_err(|halt| match halt {
                Halt::Refused(seat, message) => ArenaError::Refused {
                    deal,
                    entrant: entrants[entrant[seat]].to_string(),
                    message,
                },
                Halt::Stopped(message) => ArenaError::Stopped { deal, message },
            })?;
            G::finish(&mut table, &game);
            for (seat, &e) in entrant.iter().enumerate() {
                seats[e][seat] += 1;
            }
            G::tally(&game, &entrant, At { seating: s, deal }, &mut tallies);
            played += 1;
            progress(played, total);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let deals_per_second = if seconds > 0.0 {
        deals as f64 / seconds
    } else {
        0.0
    };
    Ok(Report {
        game: G::GAME,
        rules: rules.to_string(),
        seed,
        deals,
        think,
        games: deals.saturating_mul(seatings.len() as u64),
        seatings,
        entrants: entrants
            .iter()
            .zip(&tallies)
            .zip(&times)
            .zip(seats)
            .map(|(((name, tally), time), seats)| EntrantReport {
                name: (*name).to_string(),
                seats,
                metrics: G::metrics(tally),
                time: time.into(),
            })
            .collect(),
        seconds,
        deals_per_second,
    })
}

/// Why [`play_timed`] ended a game early.
enum Halt {
    /// A seat's action the game refused (the game's message).
    Refused(usize, String),
    /// [`Hooks::stop`]'s message.
    Stopped(String),
}

/// Plays `game` to its end, timing each decision with at least two legal actions for the
/// entrant at its seat. An action the game refuses ends it (the seat and the game's message),
/// so does a stop the hooks ask for (their message) and an agent's failure noted in `ended`
/// (the caller reads it there).
fn play_timed<G: Game>(
    game: &mut G,
    players: &mut [Box<dyn Policy<G>>],
    entrant: &[usize],
    times: &mut [Timings],
    legal: &mut Vec<G::Action>,
    (ended, hooks): (&Ended, &mut dyn Hooks<G>),
) -> Result<(), Halt> {
    while let Some(seat) = game.current_player() {
        legal.clear();
        game.legal_actions_into(legal);
        let start = Instant::now();
        let action = {
            let obs = game.observation(seat);
            players[seat].choose(&obs, legal)
        };
        if legal.len() >= 2 {
            let ns = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
            times[entrant[seat]].add(ns);
        }
        if ended.failed().is_some() {
            return Ok(());
        }
        if let Some(message) = hooks.stop() {
            return Err(Halt::Stopped(message));
        }
        game.apply(action)
            .map_err(|e| Halt::Refused(seat, e.to_string()))?;
    }
    Ok(())
}

/// The options every game's `arena` takes.
#[derive(clap::Args, Debug, Clone)]
pub struct ArenaOpts {
    /// The players compared: two or more built-in player names or external agents
    /// (`exec:COMMAND`), separated by commas or spaces (e.g. `greedy,random`), seated by every
    /// seating in turn.
    #[arg(long, num_args = 1.., required = true)]
    pub entrants: Vec<String>,
    /// How many seeded deals; each is played once under every seating.
    #[arg(long, default_value_t = 100)]
    pub deals: u64,
    /// A thinking player's budget (`--playouts`, `--think-ms`, `--threads`).
    #[command(flatten)]
    pub think: ThinkArgs,
    /// An external agent's time limit a decision (`--agent-ms`).
    #[command(flatten)]
    pub agent: AgentArgs,
    /// The arena's seed: deal i is dealt from seed + i (0 to 2^64-1; under Dou Dizhu's
    /// `--rules douzero` every deal's seed must fit in 32 bits); without it one is drawn below
    /// 2^31 and printed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `cards <game> arena` and prints the table or the JSON.
///
/// # Errors
///
/// The run's [`ArenaError`] as a usage error, or a failed write.
pub fn run_cli<G: Arena>(rules: RulesOf<G>, opts: &ArenaOpts) -> Result<(), CliError> {
    // a drawn seed leaves room below 2^32 for the deals' seeds (DouZero's dealer takes 32 bits)
    let seed = opts
        .seed
        .unwrap_or_else(|| crate::common::draw_seed() & 0x7fff_ffff);
    let names = crate::common::player_names(&opts.entrants);
    // on a terminal, the games played so far on stderr, at most once a second
    let show = std::io::stderr().is_terminal();
    let mut last = Instant::now();
    let progress = |done: u64, total: u64| {
        if show && (done == total || last.elapsed().as_secs() >= 1) {
            last = Instant::now();
            let mut err = std::io::stderr();
            let _ = write!(err, "\r{done}/{total} games");
            if done == total {
                let _ = writeln!(err);
            }
        }
    };
    let report = run_with_progress::<G>(
        rules,
        &names,
        opts.deals,
        seed,
        (opts.think, opts.agent),
        progress,
    )
    .map_err(|e| match e {
        ArenaError::Agent { .. } => CliError::Io(e.to_string()),
        _ => CliError::usage(e.to_string()),
    })?;
    let io = IoArgs {
        json: opts.json,
        batch: false,
    };
    emit(&io, &text::<G>(&report), &report)
}

/// The report as a table for people.
#[must_use]
pub fn text<G: Arena>(r: &Report) -> String {
    let mut t = seed_line(r.seed);
    let labels = labels(r);
    let names: Vec<&str> = labels.iter().map(String::as_str).collect();
    let _ = write!(
        t,
        "\n{} arena, {} rules: {}\n{} deals x {} seatings = {} games in {:.2} s ({:.1} deals/s)\nseatings (the entrant at each position):",
        r.game,
        r.rules,
        names.join(" vs "),
        r.deals,
        r.seatings.len(),
        r.games,
        r.seconds,
        r.deals_per_second,
    );
    for s in &r.seatings {
        let lineup: Vec<&str> = s.iter().map(|&e| names[e]).collect();
        let _ = write!(t, " [{}]", lineup.join(" "));
    }
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(7);
    let _ = write!(
        t,
        "\n\n{:<width$}  {:<14} {:>7} {:>9}   95% interval",
        "entrant", "metric", "n", "mean"
    );
    for (e, label) in r.entrants.iter().zip(&names) {
        for (i, (name, est)) in e.metrics.iter().enumerate() {
            let who = if i == 0 { label } else { "" };
            let interval = match (est.low, est.high) {
                (Some(l), Some(h)) => format!("[{l:.3}, {h:.3}]"),
                _ => "-".to_string(),
            };
            let _ = write!(
                t,
                "\n{who:<width$}  {name:<14} {:>7} {:>9.3}   {interval}",
                est.n, est.mean
            );
        }
    }
    let _ = write!(
        t,
        "\n\ntime per decision (wall clock, decisions with 2 or more legal actions):"
    );
    for (e, label) in r.entrants.iter().zip(&names) {
        let _ = write!(
            t,
            "\n{label:<width$}  {} decisions, median {}, p90 {}",
            e.time.decisions,
            duration(e.time.median_us),
            duration(e.time.p90_us)
        );
    }
    let _ = write!(t, "\n\n{}", G::LEGEND);
    t
}

/// The entrants' names for the text, a name given twice numbered (`random#1`, `random#2`).
fn labels(r: &Report) -> Vec<String> {
    let names: Vec<&str> = r.entrants.iter().map(|e| e.name.as_str()).collect();
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if names.iter().filter(|m| *m == n).count() > 1 {
                let k = names[..=i].iter().filter(|m| *m == n).count();
                format!("{n}#{k}")
            } else {
                (*n).to_string()
            }
        })
        .collect()
}

/// A time given in microseconds, for people, to three figures: `850 ns`, `12.3 µs`, `4.56 ms`,
/// `1.23 s`.
fn duration(us: Option<f64>) -> String {
    fn three(x: f64) -> String {
        if x >= 100.0 {
            format!("{x:.0}")
        } else if x >= 10.0 {
            format!("{x:.1}")
        } else {
            format!("{x:.2}")
        }
    }
    match us {
        None => "-".to_string(),
        Some(us) if us < 1.0 => format!("{:.0} ns", us * 1e3),
        Some(us) if us < 1e3 => format!("{} µs", three(us)),
        Some(us) if us < 1e6 => format!("{} ms", three(us / 1e3)),
        Some(us) => format!("{} s", three(us / 1e6)),
    }
}
