//! Your own player where a built-in name goes: `exec:COMMAND` in `--policy`, `--players` and
//! `--entrants` starts COMMAND as a child process that plays over JSON lines, written once over
//! the one game interface ([`ExecPolicy`], a [`cards_core::game::Policy`] of any [`Session`]).
//!
//! For each decision of its seat the agent gets one line on its stdin:
//!
//! ```text
//! {"game": "doudizhu", "seat": 1, "observation": {...}, "legal": ["pass", "bid 1", "bid 2", "bid 3"]}
//! ```
//!
//! `observation` is what that seat may see (the game's observation, as `cards web` sends it
//! to the page: [`Session::observation_json`]), `legal` the legal actions in the record
//! notation, action `i` at index `i`. The agent answers with one line on its stdout: the
//! index (`3`), or the action's text as a JSON string (`"bid 3"`), or an object with either
//! (`{"index": 3}`, `{"action": "bid 3"}`). Its stderr is the terminal's.
//!
//! An agent that cannot start, exits, writes something else, chooses an action that is not
//! legal, writes a line over [`MAX_LINE`] bytes or does not answer within the time limit
//! (`--agent-ms`) stops the game with an [`AgentError`] naming the seat and the command; the
//! command ends with status 1 and that one line. The child is killed when its player is
//! dropped.
//!
//! COMMAND is split at whitespace into a program and its arguments (no shell: for quoting,
//! pipes or a virtual environment, point it at a script). Names are separated by commas in
//! `--players` and `--entrants`, so COMMAND holds none.

use std::cell::RefCell;
use std::fmt;
use std::io::{BufRead, BufReader, Read as _, Write as _};
use std::marker::PhantomData;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::time::{Duration, Instant};

use cards_core::game::{InfoSet as _, Policy};
use serde_json::{Value, json};

use crate::common::short;
use crate::drive::{Ended, Session};

/// The prefix of an agent's name: `exec:COMMAND`.
pub const EXEC: &str = "exec:";

/// The longest line an agent may write, in bytes (the newline excluded).
pub const MAX_LINE: usize = 64 * 1024;

/// The most characters of an agent's command an error shows.
const COMMAND_SHOWN: usize = 200;

/// The default of `--agent-ms`: 10 seconds a decision.
pub const DEFAULT_AGENT_MS: u64 = 10_000;

/// The longest `--agent-ms`: one hour.
pub const MAX_AGENT_MS: u64 = 3_600_000;

/// The command of an agent's name (`exec:COMMAND`, the prefix in any case), trimmed; `None`
/// for a built-in name.
///
/// ```
/// use cards_cli::agent::exec_command;
/// assert_eq!(exec_command("exec:python3 bot.py"), Some("python3 bot.py"));
/// assert_eq!(exec_command(" EXEC: ./bot "), Some("./bot"));
/// assert_eq!(exec_command("random"), None);
/// ```
#[must_use]
pub fn exec_command(name: &str) -> Option<&str> {
    let name = name.trim();
    let prefix = name.get(..EXEC.len())?;
    prefix
        .eq_ignore_ascii_case(EXEC)
        .then(|| name[EXEC.len()..].trim())
}

/// `--agent-ms`: an external agent's time a decision.
#[derive(clap::Args, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentArgs {
    /// An external agent's (exec:COMMAND) time limit a decision, in milliseconds (1 to
    /// 3600000): past it the game stops with an error.
    #[arg(long, default_value_t = DEFAULT_AGENT_MS, value_parser = clap::value_parser!(u64).range(1..=MAX_AGENT_MS))]
    pub agent_ms: u64,
}

impl Default for AgentArgs {
    fn default() -> AgentArgs {
        AgentArgs {
            agent_ms: DEFAULT_AGENT_MS,
        }
    }
}

impl AgentArgs {
    /// The limit a decision.
    ///
    /// ```
    /// let a = cards_cli::agent::AgentArgs { agent_ms: 250 };
    /// assert_eq!(a.limit(), std::time::Duration::from_millis(250));
    /// ```
    #[must_use]
    pub fn limit(self) -> Duration {
        Duration::from_millis(self.agent_ms)
    }
}

/// What went wrong with an agent.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fault {
    /// `exec:` with no command.
    NoCommand,
    /// The program could not be started (the system's reason).
    Start(String),
    /// It ended its output (exited, or closed its stdout) before answering: its exit status
    /// when known.
    Exited(Option<String>),
    /// It wrote a line that is no answer (the line, shortened).
    Garbage(String),
    /// It chose an index past the legal actions.
    Index {
        /// The index chosen.
        index: u64,
        /// How many actions were legal.
        legal: usize,
    },
    /// It chose an action that is not legal (its text, shortened).
    Illegal(String),
    /// A line longer than [`MAX_LINE`].
    LineTooLong,
    /// No answer within the limit (milliseconds).
    TimedOut(u64),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::NoCommand => f.write_str("exec: needs a command, e.g. exec:python3 bot.py"),
            Fault::Start(why) => write!(f, "cannot start: {why}"),
            Fault::Exited(None) => f.write_str("the agent exited before answering"),
            Fault::Exited(Some(status)) => {
                write!(f, "the agent exited before answering ({status})")
            }
            Fault::Garbage(line) => write!(
                f,
                "the agent wrote {line:?}, not an answer (an index such as 0, or an action as a JSON string such as \"pass\")"
            ),
            Fault::Index { index, legal } => write!(
                f,
                "the agent chose index {index}, not one of the {legal} legal actions (0 to {})",
                legal.saturating_sub(1)
            ),
            Fault::Illegal(text) => {
                write!(f, "the agent chose {text:?}, not a legal action")
            }
            Fault::LineTooLong => {
                write!(f, "the agent wrote a line over {MAX_LINE} bytes")
            }
            Fault::TimedOut(ms) => write!(f, "the agent did not answer within {ms} ms"),
        }
    }
}

/// An agent's failure, naming its seat and its command: `seat 1 (exec:python3 bot.py): the
/// agent did not answer within 500 ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentError {
    /// What a seat is called (`seat`, `player`).
    pub seat_word: &'static str,
    /// The seat.
    pub seat: usize,
    /// The command.
    pub command: String,
    /// What went wrong.
    pub fault: Fault,
}

impl fmt::Display for AgentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // the command whole when it is of a sensible length
        let command = match self.command.char_indices().nth(COMMAND_SHOWN) {
            Some((at, _)) => format!("{}...", &self.command[..at]),
            None => self.command.clone(),
        };
        write!(
            f,
            "{} {} ({EXEC}{command}): {}",
            self.seat_word, self.seat, self.fault
        )
    }
}

impl std::error::Error for AgentError {}

/// What the reader thread passes on: a line, the end of the output, or a line too long.
enum Got {
    Line(String),
    End,
    TooLong,
}

/// A running agent: the child, a thread writing its stdin, a thread reading its stdout.
struct Process {
    child: Child,
    to: Option<Sender<Vec<u8>>>,
    from: Receiver<Got>,
}

impl Process {
    fn start(command: &str) -> Result<Process, Fault> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or(Fault::NoCommand)?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| Fault::Start(e.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fault::Start("no pipes to the child".into()));
        };
        let (to, lines_in) = mpsc::channel();
        let (lines_out, from) = mpsc::sync_channel(4);
        let spawned = std::thread::Builder::new()
            .name("agent stdin".into())
            .spawn(move || write_lines(stdin, &lines_in))
            .and_then(|_| {
                std::thread::Builder::new()
                    .name("agent stdout".into())
                    .spawn(move || read_lines(stdout, &lines_out))
            });
        let process = Process {
            child,
            to: Some(to),
            from,
        };
        // dropping `process` kills the child
        spawned.map_err(|e| Fault::Start(format!("no thread for its pipes: {e}")))?;
        Ok(process)
    }

    /// Sends `line` and waits up to `limit` for the answer.
    fn ask(&mut self, line: Vec<u8>, limit: Duration) -> Result<String, Fault> {
        let sent = self.to.as_ref().is_some_and(|to| to.send(line).is_ok());
        if !sent {
            return Err(self.exited());
        }
        match self.from.recv_timeout(limit) {
            Ok(Got::Line(text)) => Ok(text),
            Ok(Got::TooLong) => Err(Fault::LineTooLong),
            Ok(Got::End) | Err(RecvTimeoutError::Disconnected) => Err(self.exited()),
            Err(RecvTimeoutError::Timeout) => Err(Fault::TimedOut(
                u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
            )),
        }
    }

    /// The fault of an agent whose output ended: its exit status, if it comes within a moment.
    fn exited(&mut self) -> Fault {
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(500) {
            match self.child.try_wait() {
                Ok(Some(status)) => return Fault::Exited(Some(status.to_string())),
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        Fault::Exited(None)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // closing stdin first lets a well-behaved agent end by itself; then it is killed
        self.to = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The writer thread: each line to the child's stdin, until the channel or the pipe closes.
fn write_lines(mut stdin: ChildStdin, lines: &Receiver<Vec<u8>>) {
    for line in lines {
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

/// The reader thread: the child's stdout line by line (each at most [`MAX_LINE`] bytes, never
/// more held), until it ends, a line is too long or nobody listens.
fn read_lines(stdout: ChildStdout, lines: &SyncSender<Got>) {
    let mut reader = BufReader::new(stdout);
    let limit = MAX_LINE as u64 + 2; // the line, `\r`, `\n`
    loop {
        let mut buf = Vec::new();
        let got = match reader.by_ref().take(limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => Got::End,
            Ok(_) if buf.last() == Some(&b'\n') => {
                buf.pop();
                if buf.last() == Some(&b'\r') {
                    buf.pop();
                }
                if buf.len() > MAX_LINE {
                    Got::TooLong
                } else {
                    Got::Line(String::from_utf8_lossy(&buf).into_owned())
                }
            }
            Ok(_) if buf.len() as u64 >= limit => Got::TooLong,
            // the last line, without its newline
            Ok(_) => Got::Line(String::from_utf8_lossy(&buf).into_owned()),
        };
        let stop = !matches!(got, Got::Line(_));
        if lines.send(got).is_err() {
            return;
        }
        if stop {
            // the rest is read and dropped until the child is killed: closing the pipe first
            // would have the agent fail on a broken pipe (and say so on the terminal)
            let mut sink = [0u8; 8192];
            while matches!(reader.read(&mut sink), Ok(n) if n > 0) {}
            return;
        }
    }
}

/// What an agent's answer names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The index of a legal action.
    Index(u64),
    /// A legal action's text (the record notation, any case, or what the game's parser reads).
    Text(String),
}

/// Reads an answer line: an index, an action's text as a JSON string, or `{"index": N}` /
/// `{"action": "TEXT"}`.
fn read_choice(line: &str) -> Option<Choice> {
    match serde_json::from_str::<Value>(line.trim()).ok()? {
        Value::Number(n) => n.as_u64().map(Choice::Index),
        Value::String(s) => Some(Choice::Text(s)),
        Value::Object(map) if map.len() == 1 => match map.into_iter().next()? {
            (k, Value::Number(n)) if k == "index" => n.as_u64().map(Choice::Index),
            (k, Value::String(s)) if k == "action" => Some(Choice::Text(s)),
            _ => None,
        },
        _ => None,
    }
}

/// An action's text, as the records write it (the alternate form: ASCII cards): what an
/// agent's `legal` list holds.
///
/// ```
/// let bid: doudizhu::Action = "bid 3".parse().unwrap();
/// assert_eq!(cards_cli::agent::action_text(&bid), "bid 3");
/// ```
pub fn action_text<A: fmt::Display>(a: &A) -> String {
    format!("{a:#}")
}

/// The legal action `choice` names: the index's, or the one whose text (any case) or parsed
/// action it is.
///
/// ```
/// use cards_cli::agent::{Choice, Fault, pick};
/// let legal: Vec<doudizhu::Action> = ["pass", "bid 1"].iter().map(|t| t.parse().unwrap()).collect();
/// assert_eq!(pick::<doudizhu::Game>(Choice::Index(1), &legal), Ok(legal[1]));
/// assert_eq!(pick::<doudizhu::Game>(Choice::Text("PASS".into()), &legal), Ok(legal[0]));
/// assert_eq!(pick::<doudizhu::Game>(Choice::Index(2), &legal), Err(Fault::Index { index: 2, legal: 2 }));
/// ```
///
/// # Errors
///
/// An index past the legal actions ([`Fault::Index`]), a text that is no legal action
/// ([`Fault::Illegal`]).
pub fn pick<G: Session>(choice: Choice, legal: &[G::Action]) -> Result<G::Action, Fault> {
    match choice {
        Choice::Index(index) => usize::try_from(index)
            .ok()
            .and_then(|i| legal.get(i).copied())
            .ok_or(Fault::Index {
                index,
                legal: legal.len(),
            }),
        Choice::Text(text) => {
            let t = text.trim();
            legal
                .iter()
                .find(|a| action_text(*a).eq_ignore_ascii_case(t))
                .or_else(|| {
                    let parsed = t.parse::<G::Action>().ok()?;
                    legal.iter().find(|a| **a == parsed)
                })
                .copied()
                .ok_or_else(|| Fault::Illegal(short(t).into_owned()))
        }
    }
}

/// A player that asks an external program ([`module docs`](self)): a
/// [`cards_core::game::Policy`] of any [`Session`]. Its failure is noted in the run's
/// [`Ended`] (the play loops stop on it, [`Ended::failed`]) and the first legal action
/// returned in its place; once failed it no longer asks.
///
/// Clones share the one process (the arena keeps an agent's process from deal to deal).
///
/// ```no_run
/// use cards_cli::agent::{AgentArgs, ExecPolicy};
/// use cards_cli::drive::Ended;
/// let ended = Ended::default();
/// let p = ExecPolicy::<doudizhu::Game>::start("python3 bot.py", 0, AgentArgs::default(), &ended);
/// assert!(p.is_ok());
/// ```
pub struct ExecPolicy<G> {
    process: Rc<RefCell<Option<Process>>>,
    command: Rc<str>,
    seat: usize,
    limit: Duration,
    ended: Ended,
    game: PhantomData<fn() -> G>,
}

impl<G> Clone for ExecPolicy<G> {
    fn clone(&self) -> ExecPolicy<G> {
        ExecPolicy {
            process: Rc::clone(&self.process),
            command: Rc::clone(&self.command),
            seat: self.seat,
            limit: self.limit,
            ended: self.ended.clone(),
            game: PhantomData,
        }
    }
}

impl<G: Session> ExecPolicy<G> {
    /// Starts `command` as the agent of `seat`, failures noted in `ended`.
    ///
    /// # Errors
    ///
    /// No command, or a program that cannot be started.
    pub fn start(
        command: &str,
        seat: usize,
        args: AgentArgs,
        ended: &Ended,
    ) -> Result<ExecPolicy<G>, AgentError> {
        let error = |fault| AgentError {
            seat_word: G::SEAT_WORD,
            seat,
            command: command.to_string(),
            fault,
        };
        let process = Process::start(command).map_err(error)?;
        Ok(ExecPolicy {
            process: Rc::new(RefCell::new(Some(process))),
            command: command.into(),
            seat,
            limit: args.limit(),
            ended: ended.clone(),
            game: PhantomData,
        })
    }

    /// The one line a decision sends.
    fn question(obs: &G::Observation<'_>, legal: &[G::Action]) -> Vec<u8> {
        let texts: Vec<String> = legal.iter().map(action_text).collect();
        let mut line = json!({
            "game": G::GAME,
            "seat": obs.player(),
            "observation": G::observation_json(obs),
            "legal": texts,
        })
        .to_string()
        .into_bytes();
        line.push(b'\n');
        line
    }

    /// The legal action an answer names.
    fn pick(line: &str, legal: &[G::Action]) -> Result<G::Action, Fault> {
        let choice = read_choice(line).ok_or_else(|| Fault::Garbage(short(line).into_owned()))?;
        pick::<G>(choice, legal)
    }

    /// Asks the agent; `Err` with what went wrong.
    fn ask(&self, obs: &G::Observation<'_>, legal: &[G::Action]) -> Result<G::Action, Fault> {
        let mut slot = self.process.borrow_mut();
        let process = slot.as_mut().ok_or(Fault::Exited(None))?;
        let answer = process.ask(Self::question(obs, legal), self.limit);
        let action = answer.and_then(|line| Self::pick(&line, legal));
        if action.is_err() {
            // a failed agent is killed at once and never asked again
            *slot = None;
        }
        action
    }
}

impl<G: Session> Policy<G> for ExecPolicy<G> {
    fn choose(&mut self, obs: &G::Observation<'_>, legal: &[G::Action]) -> G::Action {
        match self.ask(obs, legal) {
            Ok(action) => action,
            Err(fault) => {
                self.ended.fail(AgentError {
                    seat_word: G::SEAT_WORD,
                    seat: self.seat,
                    command: self.command.to_string(),
                    fault,
                });
                legal[0]
            }
        }
    }
}

/// The agents of a run, kept from game to game: one process for each seat an agent's entrant
/// sits at (`key`: the entrant and the seat), started when first needed.
pub struct Agents<G> {
    args: AgentArgs,
    ended: Ended,
    started: Vec<((usize, usize), ExecPolicy<G>)>,
}

impl<G: Session> Agents<G> {
    /// No agents yet; they get `args`' limit and note their failures in `ended`.
    #[must_use]
    pub fn new(args: AgentArgs, ended: &Ended) -> Agents<G> {
        Agents {
            args,
            ended: ended.clone(),
            started: Vec::new(),
        }
    }

    /// The agent running `command` for `key` (`(entrant, seat)`), started when new.
    ///
    /// # Errors
    ///
    /// As [`ExecPolicy::start`].
    pub fn get(&mut self, key: (usize, usize), command: &str) -> Result<ExecPolicy<G>, AgentError> {
        if let Some((_, p)) = self.started.iter().find(|(k, _)| *k == key) {
            return Ok(p.clone());
        }
        let p = ExecPolicy::start(command, key.1, self.args, &self.ended)?;
        self.started.push((key, p.clone()));
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(line: &str) -> Result<doudizhu::Action, Fault> {
        let legal: Vec<doudizhu::Action> = ["pass", "bid 1", "bid 3"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        ExecPolicy::<doudizhu::Game>::pick(line, &legal)
    }

    #[test]
    fn an_answer_is_an_index_a_text_or_an_object_with_either() {
        let bid3: doudizhu::Action = "bid 3".parse().unwrap();
        for line in [
            "2",
            " 2 ",
            "\"bid 3\"",
            "\"BID 3\"",
            "{\"index\": 2}",
            "{\"action\": \"bid 3\"}",
        ] {
            assert_eq!(pick(line), Ok(bid3), "{line}");
        }
        assert_eq!(pick("0"), Ok(doudizhu::Action::Pass));
        assert_eq!(
            pick("\"-\""),
            Ok(doudizhu::Action::Pass),
            "read by the game's parser"
        );
    }

    #[test]
    fn a_wrong_answer_says_what_is_wrong() {
        assert_eq!(pick("3"), Err(Fault::Index { index: 3, legal: 3 }));
        assert_eq!(pick("\"bid 2\""), Err(Fault::Illegal("bid 2".into())));
        assert_eq!(pick("\"wizard\""), Err(Fault::Illegal("wizard".into())));
        for line in [
            "",
            "hello",
            "-1",
            "1.5",
            "[0]",
            "{}",
            "{\"index\": 0, \"action\": \"pass\"}",
            "null",
            "bid 3",
        ] {
            assert_eq!(pick(line), Err(Fault::Garbage(line.into())), "{line:?}");
        }
        assert_eq!(
            Fault::Index { index: 3, legal: 3 }.to_string(),
            "the agent chose index 3, not one of the 3 legal actions (0 to 2)"
        );
    }

    #[test]
    fn an_error_names_the_seat_and_the_whole_command() {
        let long = "x".repeat(300);
        let e = AgentError {
            seat_word: "player",
            seat: 4,
            command: long.clone(),
            fault: Fault::Exited(Some("exit status: 3".into())),
        };
        let text = e.to_string();
        assert!(
            text.starts_with(&format!("player 4 (exec:{}...): ", &long[..200])),
            "{text}"
        );
        assert!(
            text.ends_with("the agent exited before answering (exit status: 3)"),
            "{text}"
        );
    }

    #[test]
    fn a_command_that_is_not_there_cannot_start() {
        let ended = Ended::default();
        let e =
            ExecPolicy::<kabu::Round>::start("/nonexistent/agent", 1, AgentArgs::default(), &ended)
                .err()
                .unwrap();
        assert!(matches!(e.fault, Fault::Start(_)), "{e}");
        let e = ExecPolicy::<kabu::Round>::start("  ", 1, AgentArgs::default(), &ended)
            .err()
            .unwrap();
        assert_eq!(e.fault, Fault::NoCommand);
    }
}
