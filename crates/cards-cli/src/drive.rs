//! The drivers the game commands share, written once over the one game interface
//! ([`cards_core::game`]): how a run's games follow one another ([`Session`]: one game per seed,
//! or the games of a match), the players of `--policy` / `--players` by name with people at the
//! terminal ([`seat_players`], [`Terminal`]), the play loop that stops when a person's input ends
//! ([`play`]), and the input of `replay` ([`read_input`]). Each game keeps only its rendering
//! (text, JSON, records) and its human player.
//!
//! The commands hold one concrete game type at a time (each game's module calls the driver with
//! its own type), so no enum or second object-safe trait is needed: the driver is generic and
//! the players are `Box<dyn Policy<G>>`.

use std::cell::{Cell, RefCell};
use std::io::Read;
use std::rc::Rc;

use cards_core::game::{Definition, Game, Players, Policy, PolicyOptions};

use crate::agent::{AgentArgs, AgentError, Agents, exec_command};
use crate::common::{CliError, short};

/// The rules of a [`Session`]'s game: its definition's.
pub type RulesOf<S> = <<S as Session>::Definition as Definition>::Rules;

/// How the games of a run follow one another: one game per seed (Dou Dizhu, Kabu), or the games
/// of a match, classes carried over (Daifugo). `cards <game> play` and `cards <game> arena` deal
/// through it.
pub trait Session: Game + Players + Sized + 'static {
    /// The game's definition ([`Definition`]): its name, seats, rules and deals. A session adds
    /// only how the command line runs and shows it.
    type Definition: Definition<Game = Self>;

    /// The game's command name (`doudizhu`): the definition's [`Definition::NAME`].
    const GAME: &'static str = <Self::Definition as Definition>::NAME;
    /// The seats of a game: the definition's [`Definition::NUM_PLAYERS`].
    const SEATS: usize = <Self::Definition as Definition>::NUM_PLAYERS;
    /// What a seat is called in messages (`seat`, `player`).
    const SEAT_WORD: &'static str = "seat";
    /// Whether each game of a run is dealt alone from its own seed (so its players are built
    /// anew, seeded from it), or a run's games are one match that keeps its players.
    const PLAYERS_EACH_DEAL: bool = true;

    /// What carries from one game of a run to the next (a Daifugo match).
    type Table;

    /// The table of a run from `seed`.
    fn table(rules: RulesOf<Self>, seed: u64) -> Self::Table;

    /// The next game of `table`; `seed` is the game's own seed (the run's seed plus the game's
    /// index) where games are dealt alone.
    ///
    /// # Errors
    ///
    /// A deal the game cannot make (a seed out of its dealer's range), in words.
    fn deal(table: &mut Self::Table, seed: u64) -> Result<Self, String>;

    /// Tells the table a game is over (a match carries its classes on).
    fn finish(_table: &mut Self::Table, _game: &Self) {}

    /// The index of the first of the `count` seeds `first`, `first + 1`, ... (wrapping) that
    /// [`Session::deal`] would refuse, found without dealing; `None` when it takes them all. A
    /// run checks this before its first game, so a bad seed far into it is named at once.
    fn first_bad_seed(_rules: RulesOf<Self>, _first: u64, _count: u64) -> Option<u64> {
        None
    }

    /// The seed of the built-in player at `seat` (`seed`: the game's seed, or the run's when the
    /// players are kept for a match), as `play` has always seeded them.
    fn policy_seed(seed: u64, seat: usize) -> u64;

    /// The game's transcript so far (the lines the final text prints, as far as the game
    /// went), or `None` while it cannot be written yet (Daifugo's exchange). [`play`] shows a
    /// person at the terminal each action's new lines as it is made.
    fn transcript_so_far(&self) -> Option<String> {
        None
    }

    /// A line of [`Session::transcript_so_far`] as every seat may see it: `None` to leave it
    /// out, or the line with what is hidden cut away (the default: the line).
    #[must_use]
    fn public_line(line: &str) -> Option<&str> {
        Some(line)
    }

    /// What `obs`'s seat sees, as JSON: what an external agent is sent
    /// ([`crate::agent`]), the observation `cards web` sends the page.
    fn observation_json(obs: &Self::Observation<'_>) -> serde_json::Value;
}

/// The budget of a player that thinks (`search`): `--playouts N`, `--think-ms N`, `--threads N`
/// (per decision, whichever of playouts and time runs out first; unset: the player's default).
/// Players that do not think ignore them.
#[derive(clap::Args, serde::Serialize, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ThinkArgs {
    /// A thinking player's (search) budget: at most this many playouts a decision, 1 or more (a
    /// fixed playout budget, without --think-ms, makes its choices reproducible by seed).
    #[arg(long, value_parser = playouts)]
    pub playouts: Option<u64>,
    /// A thinking player's budget: at most this many milliseconds a decision, 1 or more.
    #[arg(long, value_parser = think_ms)]
    pub think_ms: Option<u64>,
    /// A thinking player's threads a decision (1 to `cards_core::game::MAX_THREADS`, 256).
    #[arg(long, value_parser = threads)]
    pub threads: Option<u64>,
}

/// A whole number of `--playouts` or `--think-ms`, refused at 0 by the check every front end
/// makes ([`PolicyOptions::check`]), in its words.
fn budget(text: &str, with: fn(PolicyOptions, u64) -> PolicyOptions) -> Result<u64, String> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|e| format!("\"{}\": {e}", crate::common::short(text)))?;
    with(PolicyOptions::new(0), n)
        .check()
        .map_err(|e| e.to_string())?;
    Ok(n)
}

/// `--playouts`: see [`budget`].
fn playouts(text: &str) -> Result<u64, String> {
    budget(text, PolicyOptions::with_playouts)
}

/// `--think-ms`: see [`budget`].
fn think_ms(text: &str) -> Result<u64, String> {
    budget(text, PolicyOptions::with_think_ms)
}

/// `--threads`: 1 to [`cards_core::game::MAX_THREADS`], checked by [`PolicyOptions::check`].
fn threads(text: &str) -> Result<u64, String> {
    budget(text, |o, n| {
        o.with_threads(usize::try_from(n).unwrap_or(usize::MAX))
    })
}

impl ThinkArgs {
    /// The options of a player seeded with `seed`.
    ///
    /// ```
    /// let t = cards_cli::drive::ThinkArgs { playouts: Some(100), think_ms: None, threads: Some(2) };
    /// let o = t.options(7);
    /// assert_eq!((o.seed, o.playouts, o.think_ms, o.threads), (7, Some(100), None, Some(2)));
    /// ```
    #[must_use]
    pub fn options(self, seed: u64) -> PolicyOptions {
        let mut o = PolicyOptions::new(seed);
        if let Some(n) = self.playouts {
            o = o.with_playouts(n);
        }
        if let Some(ms) = self.think_ms {
            o = o.with_think_ms(ms);
        }
        if let Some(t) = self.threads {
            o = o.with_threads(usize::try_from(t).unwrap_or(1));
        }
        o
    }
}

/// Notes the seat of a person whose input ended (shared by the [`Terminal`]s of a run and the
/// play loop, which then stops), whether a person plays at all (then the play loop shows
/// each action as it is made), and the first failure of an external agent
/// ([`crate::agent::ExecPolicy`]; the play loops stop on it too).
#[derive(Clone, Debug, Default)]
pub struct Ended(
    Rc<Cell<Option<usize>>>,
    Rc<Cell<bool>>,
    Rc<RefCell<Option<AgentError>>>,
);

impl Ended {
    /// Notes that `seat`'s input ended.
    pub fn set(&self, seat: usize) {
        self.0.set(Some(seat));
    }

    /// The seat whose input ended, if any.
    #[must_use]
    pub fn get(&self) -> Option<usize> {
        self.0.get()
    }

    /// Notes that a person plays at this terminal.
    pub fn watch(&self) {
        self.1.set(true);
    }

    /// Whether a person plays at this terminal.
    ///
    /// ```
    /// use cards_cli::drive::Ended;
    /// let e = Ended::default();
    /// assert!(!e.watched());
    /// e.watch();
    /// assert!(e.clone().watched());
    /// ```
    #[must_use]
    pub fn watched(&self) -> bool {
        self.1.get()
    }

    /// Notes an agent's failure (the first one is kept).
    pub fn fail(&self, e: AgentError) {
        self.2.borrow_mut().get_or_insert(e);
    }

    /// The first agent failure noted, if any.
    ///
    /// ```
    /// use cards_cli::agent::{AgentError, Fault};
    /// use cards_cli::drive::Ended;
    /// let e = Ended::default();
    /// assert_eq!(e.failed(), None);
    /// let error = AgentError { seat_word: "seat", seat: 2, command: "./bot".into(), fault: Fault::TimedOut(500) };
    /// e.fail(error.clone());
    /// assert_eq!(e.clone().failed(), Some(error));
    /// assert_eq!(e.failed().unwrap().to_string(), "seat 2 (exec:./bot): the agent did not answer within 500 ms");
    /// ```
    #[must_use]
    pub fn failed(&self) -> Option<AgentError> {
        self.2.borrow().clone()
    }
}

/// Stdin for a person at the terminal, noting in [`Ended`] when it ends: the game then stops
/// with an error rather than playing on.
pub struct Terminal {
    input: std::io::StdinLock<'static>,
    seat: usize,
    ended: Ended,
}

impl Terminal {
    /// The terminal's input for `seat` (noting in `ended` that a person plays).
    #[must_use]
    pub fn new(seat: usize, ended: &Ended) -> Terminal {
        ended.watch();
        Terminal {
            input: std::io::stdin().lock(),
            seat,
            ended: ended.clone(),
        }
    }

    /// Notes that the input ended.
    pub fn end(&self) {
        self.ended.set(self.seat);
    }
}

impl Read for Terminal {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.input.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.end();
        }
        Ok(n)
    }
}

impl std::io::BufRead for Terminal {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let buf = self.input.fill_buf()?;
        if buf.is_empty() {
            self.ended.set(self.seat);
        }
        Ok(buf)
    }

    fn consume(&mut self, amount: usize) {
        self.input.consume(amount);
    }
}

/// The players of `--policy` (`None`: every seat) or `--players` (one name a seat, commas or
/// spaces between them): the game's built-in players by name, seeded by
/// [`Session::policy_seed`] from `seed` and given `think`'s budget, external agents
/// (`exec:COMMAND`, [`crate::agent`], started anew with `agent`'s limit, their failures noted in
/// `ended`), and `human` (the terminal, built by `human` for its seat).
///
/// # Errors
///
/// A wrong number of names, a name no player has (the message lists the known ones), or an
/// agent that cannot start.
pub fn seat_players<G: Session>(
    policy: &str,
    players: Option<&[String]>,
    seed: u64,
    (think, agent): (ThinkArgs, AgentArgs),
    ended: &Ended,
    mut human: impl FnMut(usize) -> Box<dyn Policy<G>>,
) -> Result<Vec<Box<dyn Policy<G>>>, CliError> {
    let names: Vec<&str> = match players {
        Some(list) => crate::common::player_names(list),
        None => vec![policy; G::SEATS],
    };
    if names.len() != G::SEATS {
        return Err(CliError::usage(format!(
            "--players needs {} names, one per {}, not {}",
            G::SEATS,
            G::SEAT_WORD,
            names.len()
        )));
    }
    let mut out = Vec::with_capacity(G::SEATS);
    let mut agents = Agents::<G>::new(agent, ended);
    for (seat, name) in names.iter().enumerate() {
        if name.trim().eq_ignore_ascii_case("human") {
            out.push(human(seat));
            continue;
        }
        if let Some(command) = exec_command(name) {
            let p = agents
                .get((seat, seat), command)
                .map_err(|e| CliError::Io(e.to_string()))?;
            out.push(Box::new(p));
            continue;
        }
        let p = G::policy_with(name, &think.options(G::policy_seed(seed, seat))).map_err(|_| {
            CliError::usage(format!(
                "unknown player \"{}\" (expected one of: {}, human, exec:COMMAND)",
                short(name),
                G::POLICY_NAMES.join(", ")
            ))
        })?;
        out.push(p);
    }
    Ok(out)
}

/// Why a game of [`play`] stopped: a person's input ended, or a player's action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The input of the person at this seat ended (game numbered from 1).
    InputEnded {
        /// The game, from 1.
        game: u64,
        /// The seat.
        seat: usize,
    },
    /// The game refused a player's action.
    Refused {
        /// The game, from 1.
        game: u64,
        /// The seat.
        seat: usize,
        /// The game's error.
        message: String,
    },
    /// An external agent failed (it names its seat and its command).
    Agent(AgentError),
    /// The game could not be dealt, or the caller's `each` failed.
    Other(CliError),
}

impl Stop {
    /// The error of a stop other than [`Stop::InputEnded`] and [`Stop::Refused`] (whose words
    /// each game chooses): an agent's failure is an I/O error (status 1).
    #[must_use]
    pub fn other(self) -> CliError {
        match self {
            Stop::Agent(e) => CliError::Io(e.to_string()),
            Stop::Other(e) => e,
            Stop::InputEnded { game, seat } => {
                CliError::Io(format!("game {game}, seat {seat}: the input ended"))
            }
            Stop::Refused { game, message, .. } => {
                CliError::usage(format!("game {game}: {message}"))
            }
        }
    }
}

/// Plays `games` games of a run from `seed` (one game dealt from `seed`, or a match of `games`),
/// `players[s]` at seat `s`, calling `each` with every finished game (numbered from 1) and
/// returning the run's table (a match's standings). Players are built by `players` (the seed
/// of [`Session::policy_seed`]: the game's, or the run's for a match).
///
/// # Errors
///
/// The first [`Stop`]: a person's input ended, a refused action, or an error of `each`.
pub fn play<G: Session>(
    rules: RulesOf<G>,
    seed: u64,
    games: u64,
    mut players: impl FnMut(u64) -> Result<Vec<Box<dyn Policy<G>>>, CliError>,
    ended: &Ended,
    mut each: impl FnMut(u64, &G) -> Result<(), CliError>,
) -> Result<G::Table, Stop> {
    // a game the dealer cannot make stops the run before its first game, not when it comes
    if let Some(index) = G::first_bad_seed(rules, seed, games) {
        G::deal(&mut G::table(rules, seed), seed.wrapping_add(index))
            .map_err(|e| Stop::Other(e.into()))?;
    }
    let mut table = G::table(rules, seed);
    let mut seated: Vec<Box<dyn Policy<G>>> = Vec::new();
    let mut legal = Vec::with_capacity(64);
    for i in 1..=games {
        let game_seed = seed.wrapping_add(i - 1);
        let mut game = G::deal(&mut table, game_seed).map_err(|e| Stop::Other(e.into()))?;
        if G::PLAYERS_EACH_DEAL || seated.is_empty() {
            seated = players(if G::PLAYERS_EACH_DEAL {
                game_seed
            } else {
                seed
            })
            .map_err(Stop::Other)?;
        }
        // a person at the terminal sees each action as it is made: the transcript's new lines
        let mut shown = Shown::default();
        while let Some(seat) = game.current_player() {
            if ended.watched() {
                shown.show(&game);
            }
            legal.clear();
            game.legal_actions_into(&mut legal);
            let action = {
                let obs = game.observation(seat);
                let n = seated.len();
                seated[seat % n].choose(&obs, &legal)
            };
            if let Some(seat) = ended.get() {
                return Err(Stop::InputEnded { game: i, seat });
            }
            if let Some(e) = ended.failed() {
                return Err(Stop::Agent(e));
            }
            game.apply(action).map_err(|e| Stop::Refused {
                game: i,
                seat,
                message: e.to_string(),
            })?;
        }
        if ended.watched() {
            shown.show(&game);
        }
        G::finish(&mut table, &game);
        each(i, &game).map_err(Stop::Other)?;
    }
    Ok(table)
}

/// The lines of a game's transcript a person at the terminal has been shown: the first
/// transcript [`Shown::show`] sees is the deal (hidden hands: not shown), every later line is an
/// action or what it did, shown on stderr (where the person's view and prompts go) as
/// [`Session::public_line`] lets it.
#[derive(Default)]
struct Shown {
    /// The lines of the transcript already seen (`None`: none yet).
    seen: Option<usize>,
}

impl Shown {
    fn show<G: Session>(&mut self, game: &G) {
        use std::io::Write as _;
        let Some(text) = game.transcript_so_far() else {
            return;
        };
        let lines: Vec<&str> = text.lines().collect();
        let Some(seen) = self.seen else {
            self.seen = Some(lines.len());
            return;
        };
        let mut err = std::io::stderr().lock();
        for line in lines.iter().skip(seen) {
            if let Some(public) = G::public_line(line) {
                let _ = writeln!(err, "{public}");
            }
        }
        let _ = err.flush();
        self.seen = Some(lines.len().max(seen));
    }
}

/// The text `replay` reads: the file's, or stdin's (at most `limit` bytes of it when given).
///
/// # Errors
///
/// A file that cannot be read (a usage error naming it), or a failed stdin.
pub fn read_input(file: Option<&std::path::Path>, limit: Option<u64>) -> Result<String, CliError> {
    if let Some(path) = file {
        return std::fs::read_to_string(path)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())));
    }
    let mut text = String::new();
    let stdin = std::io::stdin().lock();
    match limit {
        Some(n) => stdin.take(n).read_to_string(&mut text),
        None => { stdin }.read_to_string(&mut text),
    }
    .map_err(|e| CliError::Io(format!("cannot read stdin: {e}")))?;
    Ok(text)
}
