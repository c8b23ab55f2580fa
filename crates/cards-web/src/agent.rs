//! External agents: a program that plays over JSON lines, started as `exec:COMMAND`. The
//! `cards` command seats one where a built-in player's name goes (`--players`, `--entrants`,
//! crate `cards-cli`); `cards web` offers the agents its own command line registers
//! (`--agent [GAME:]NAME=exec:COMMAND`, [`AgentSpec`]) among the page's computers. A request
//! never names a command: the page picks an agent by the name the server was started with.
//!
//! For each decision of its seat the agent gets one line on its stdin ([`question`]):
//!
//! ```text
//! {"game": "doudizhu", "seat": 1, "observation": {...}, "legal": ["pass", "bid 1", "bid 2", "bid 3"]}
//! ```
//!
//! `observation` is what that seat may see (the game's observation in the page's shape,
//! [`crate::session::WebGame::agent_observation`]), `legal` the legal actions in the record
//! notation ([`action_text`]), action `i` at index `i`. The agent answers with one line on its
//! stdout: the index (`3`), or the action's text as a JSON string (`"bid 3"`), or an object with
//! either (`{"index": 3}`, `{"action": "bid 3"}`). Its stderr is the server's (or the terminal's).
//!
//! An agent that cannot start, exits, writes something else, chooses an action that is not
//! legal, writes a line over [`MAX_LINE`] bytes or does not answer within the time limit is a
//! [`Fault`]; with its seat and command, an [`AgentError`]. The child is killed when its
//! [`AgentProcess`] is dropped.
//!
//! COMMAND is split at whitespace into a program and its arguments (no shell: for quoting,
//! pipes or a virtual environment, point it at a script).
//!
//! ```
//! use cards_web::agent::{Choice, answer, exec_command};
//! assert_eq!(exec_command("exec:python3 bot.py"), Some("python3 bot.py"));
//! let legal: Vec<doudizhu::Action> = ["pass", "bid 1"].iter().map(|t| t.parse().unwrap()).collect();
//! assert_eq!(answer("1", &legal), Ok(legal[1]));
//! assert_eq!(answer("{\"action\": \"pass\"}", &legal), Ok(legal[0]));
//! ```

use std::fmt::{self, Display};
use std::io::{BufRead, BufReader, Read as _, Write as _};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::util::short;
use crate::wire::ApiError;

/// The prefix of an agent's name: `exec:COMMAND`.
pub const EXEC: &str = "exec:";

/// The longest line an agent may write, in bytes (the newline excluded).
pub const MAX_LINE: usize = 64 * 1024;

/// The most characters of an agent's command an error shows.
const COMMAND_SHOWN: usize = 200;

/// The default time limit a decision (`--agent-ms`): 10 seconds.
pub const DEFAULT_AGENT_MS: u64 = 10_000;

/// The longest time limit a decision (`--agent-ms`): one hour.
pub const MAX_AGENT_MS: u64 = 3_600_000;

/// The command of an agent's name (`exec:COMMAND`, the prefix in any case), trimmed; `None`
/// for a built-in name.
///
/// ```
/// use cards_web::agent::exec_command;
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
///
/// ```
/// use cards_web::agent::{AgentError, Fault};
/// let e = AgentError { seat_word: "seat", seat: 2, command: "./bot".into(), fault: Fault::TimedOut(500) };
/// assert_eq!(e.to_string(), "seat 2 (exec:./bot): the agent did not answer within 500 ms");
/// ```
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

/// A running agent: the child, a thread writing its stdin, a thread reading its stdout. It is
/// `Send`: a server keeps it in a game played from any worker thread. Dropping it closes the
/// agent's stdin and kills it.
///
/// ```no_run
/// use std::time::Duration;
/// let mut agent = cards_web::agent::AgentProcess::start("python3 bot.py")?;
/// let answer = agent.ask(b"{\"legal\": [\"pass\"]}\n".to_vec(), Duration::from_secs(1))?;
/// # Ok::<(), cards_web::agent::Fault>(())
/// ```
pub struct AgentProcess {
    child: Child,
    to: Option<Sender<Vec<u8>>>,
    from: Receiver<Got>,
}

impl fmt::Debug for AgentProcess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AgentProcess")
            .field("pid", &self.child.id())
            .finish_non_exhaustive()
    }
}

impl AgentProcess {
    /// Starts `command` (a program and its arguments, split at whitespace).
    ///
    /// # Errors
    ///
    /// [`Fault::NoCommand`] for an empty command, [`Fault::Start`] when the program or the
    /// threads for its pipes cannot be started (on a platform without processes, such as a
    /// browser, always).
    pub fn start(command: &str) -> Result<AgentProcess, Fault> {
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
        let process = AgentProcess {
            child,
            to: Some(to),
            from,
        };
        // dropping `process` kills the child
        spawned.map_err(|e| Fault::Start(format!("no thread for its pipes: {e}")))?;
        Ok(process)
    }

    /// Sends `line` (with its newline) and waits up to `limit` for the answer line.
    ///
    /// # Errors
    ///
    /// [`Fault::Exited`], [`Fault::LineTooLong`] or [`Fault::TimedOut`].
    pub fn ask(&mut self, line: Vec<u8>, limit: Duration) -> Result<String, Fault> {
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

impl Drop for AgentProcess {
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

impl Choice {
    /// Reads an answer line: an index, an action's text as a JSON string, or `{"index": N}` /
    /// `{"action": "TEXT"}`; `None` for anything else.
    ///
    /// ```
    /// use cards_web::agent::Choice;
    /// assert_eq!(Choice::read(" 2 "), Some(Choice::Index(2)));
    /// assert_eq!(Choice::read("{\"action\": \"pass\"}"), Some(Choice::Text("pass".into())));
    /// assert_eq!(Choice::read("pass"), None);
    /// ```
    #[must_use]
    pub fn read(line: &str) -> Option<Choice> {
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
}

/// An action's text, as the records write it (the alternate form: ASCII cards): what an
/// agent's `legal` list holds.
///
/// ```
/// let bid: doudizhu::Action = "bid 3".parse().unwrap();
/// assert_eq!(cards_web::agent::action_text(&bid), "bid 3");
/// ```
pub fn action_text<A: Display>(a: &A) -> String {
    format!("{a:#}")
}

/// The legal action `choice` names: the index's, or the one whose text (any case) or parsed
/// action it is.
///
/// ```
/// use cards_web::agent::{Choice, Fault, pick};
/// let legal: Vec<doudizhu::Action> = ["pass", "bid 1"].iter().map(|t| t.parse().unwrap()).collect();
/// assert_eq!(pick(Choice::Index(1), &legal), Ok(legal[1]));
/// assert_eq!(pick(Choice::Text("PASS".into()), &legal), Ok(legal[0]));
/// assert_eq!(pick(Choice::Index(2), &legal), Err(Fault::Index { index: 2, legal: 2 }));
/// ```
///
/// # Errors
///
/// An index past the legal actions ([`Fault::Index`]), a text that is no legal action
/// ([`Fault::Illegal`]).
pub fn pick<A>(choice: Choice, legal: &[A]) -> Result<A, Fault>
where
    A: Copy + PartialEq + Display + FromStr,
{
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
                    let parsed = t.parse::<A>().ok()?;
                    legal.iter().find(|a| **a == parsed)
                })
                .copied()
                .ok_or_else(|| Fault::Illegal(short(t).into_owned()))
        }
    }
}

/// The legal action an answer line names ([`Choice::read`], then [`pick`]).
///
/// # Errors
///
/// [`Fault::Garbage`] for a line that is no answer, else as [`pick`].
pub fn answer<A>(line: &str, legal: &[A]) -> Result<A, Fault>
where
    A: Copy + PartialEq + Display + FromStr,
{
    let choice = Choice::read(line).ok_or_else(|| Fault::Garbage(short(line).into_owned()))?;
    pick(choice, legal)
}

/// The one line (newline included) a decision sends: `{"game", "seat", "observation",
/// "legal"}`.
///
/// ```
/// let legal: Vec<doudizhu::Action> = ["pass", "bid 1"].iter().map(|t| t.parse().unwrap()).collect();
/// let line = cards_web::agent::question("doudizhu", 1, &serde_json::json!({}), &legal);
/// let v: serde_json::Value = serde_json::from_slice(&line).unwrap();
/// assert_eq!(v["legal"], serde_json::json!(["pass", "bid 1"]));
/// assert_eq!(line.last(), Some(&b'\n'));
/// ```
#[must_use]
pub fn question<A: Display>(game: &str, seat: usize, observation: &Value, legal: &[A]) -> Vec<u8> {
    let texts: Vec<String> = legal.iter().map(action_text).collect();
    let mut line = json!({
        "game": game,
        "seat": seat,
        "observation": observation,
        "legal": texts,
    })
    .to_string()
    .into_bytes();
    line.push(b'\n');
    line
}

/// An agent `cards web` offers among the page's computers: `--agent [GAME:]NAME=exec:COMMAND`.
/// Without `GAME:` it is offered for every game; with it, for that game only (the same NAME may
/// name another command for another game). NAME is 1 to 32 ASCII letters, digits, `-` or `_`,
/// read in lower case, and no built-in player's name of a game it is offered for.
///
/// ```
/// use cards_web::agent::AgentSpec;
/// let a: AgentSpec = "doudizhu:MyBot=exec:python3 bot.py".parse()?;
/// assert_eq!((a.game.as_deref(), a.name.as_str(), a.command.as_str()), (Some("doudizhu"), "mybot", "python3 bot.py"));
/// assert!(a.offered_for("doudizhu") && !a.offered_for("kabu"));
/// let all: AgentSpec = "bot=exec:./bot".parse()?;
/// assert!(all.offered_for("kabu"));
/// assert!("greedy=exec:./bot".parse::<AgentSpec>().unwrap_err().contains("built-in"));
/// assert!("bot=python3 bot.py".parse::<AgentSpec>().unwrap_err().contains("exec:"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// The game it is offered for (`None`: every game).
    pub game: Option<String>,
    /// Its name on the page, in lower case.
    pub name: String,
    /// The command (without `exec:`).
    pub command: String,
}

/// The longest agent name.
const NAME_MAX: usize = 32;

impl AgentSpec {
    /// Whether the page offers it for `game`.
    #[must_use]
    pub fn offered_for(&self, game: &str) -> bool {
        self.game.as_deref().is_none_or(|g| g == game)
    }

    /// Checks a list of agents: no game and name given twice.
    ///
    /// ```
    /// use cards_web::agent::AgentSpec;
    /// let a: Vec<AgentSpec> = ["bot=exec:./a", "kabu:bot=exec:./b"].iter().map(|t| t.parse().unwrap()).collect();
    /// assert!(AgentSpec::check_all(&a).unwrap_err().contains("\"bot\" twice for kabu"));
    /// ```
    ///
    /// # Errors
    ///
    /// The first name offered twice for a game.
    pub fn check_all(agents: &[AgentSpec]) -> Result<(), String> {
        for (i, a) in agents.iter().enumerate() {
            for game in crate::GAMES {
                let twice = agents[..i]
                    .iter()
                    .any(|b| b.name == a.name && b.offered_for(game) && a.offered_for(game));
                if twice {
                    return Err(format!(
                        "--agent: \"{}\" twice for {game} (one command a name and game)",
                        a.name
                    ));
                }
            }
        }
        Ok(())
    }
}

impl FromStr for AgentSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<AgentSpec, String> {
        let form = "expected [GAME:]NAME=exec:COMMAND, e.g. doudizhu:mybot=exec:python3 bot.py";
        let (head, command) = text
            .split_once('=')
            .ok_or_else(|| format!("\"{}\": {form}", short(text)))?;
        let command = exec_command(command)
            .ok_or_else(|| format!("\"{}\": {form}", short(text)))?
            .to_string();
        if command.is_empty() {
            return Err(Fault::NoCommand.to_string());
        }
        let (game, name) = match head.split_once(':') {
            Some((g, n)) => {
                let g = g.trim().to_ascii_lowercase();
                let Some(game) = crate::GAMES.iter().find(|x| **x == g) else {
                    return Err(format!(
                        "unknown game \"{}\" (expected one of: {})",
                        short(&g),
                        crate::GAMES.join(", ")
                    ));
                };
                (Some((*game).to_string()), n)
            }
            None => (None, head),
        };
        let name = name.trim().to_ascii_lowercase();
        let good = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if name.is_empty() || name.len() > NAME_MAX || !name.chars().all(good) {
            return Err(format!(
                "agent name \"{}\": 1 to {NAME_MAX} letters, digits, - or _",
                short(&name)
            ));
        }
        let spec = AgentSpec {
            game,
            name,
            command,
        };
        for (game, names) in builtin_names() {
            if spec.offered_for(game) && names.contains(&spec.name.as_str()) {
                return Err(format!(
                    "agent name \"{}\" is a built-in player of {game}: choose another",
                    spec.name
                ));
            }
        }
        Ok(spec)
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = &self.game {
            write!(f, "{g}:")?;
        }
        write!(f, "{}={EXEC}{}", self.name, self.command)
    }
}

impl ApiError {
    /// 502: the game's external agent failed ([`crate::agent`]): the message names its seat,
    /// its command and what went wrong.
    ///
    /// ```
    /// use cards_web::ApiError;
    /// use cards_web::agent::{AgentError, Fault};
    /// let e = ApiError::agent(&AgentError { seat_word: "seat", seat: 1, command: "./bot".into(), fault: Fault::TimedOut(200) });
    /// assert_eq!(e.status, 502);
    /// assert_eq!(e.message, "seat 1 (exec:./bot): the agent did not answer within 200 ms");
    /// ```
    #[must_use]
    pub fn agent(e: &crate::agent::AgentError) -> ApiError {
        ApiError {
            status: 502,
            message: e.to_string(),
        }
    }
}

/// Each game's name with the names of its built-in players, which an agent may not take.
fn builtin_names() -> [(&'static str, &'static [&'static str]); 3] {
    use cards_core::game::Definition;
    [
        (daifugo::Daifugo::NAME, daifugo::Daifugo::policy_names()),
        (doudizhu::DouDizhu::NAME, doudizhu::DouDizhu::policy_names()),
        (kabu::Kabu::NAME, kabu::Kabu::policy_names()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_is_checked_and_written_back() {
        for (text, back) in [
            ("bot=exec:./bot", "bot=exec:./bot"),
            (
                " Kabu : Dealer_2 = EXEC: ./d --fast ",
                "kabu:dealer_2=exec:./d --fast",
            ),
        ] {
            assert_eq!(text.parse::<AgentSpec>().unwrap().to_string(), back);
        }
        for (text, why) in [
            ("bot", "expected [GAME:]NAME"),
            ("bot=./bot", "expected [GAME:]NAME"),
            ("bot=exec:  ", "exec: needs a command"),
            ("poker:bot=exec:./b", "unknown game \"poker\""),
            ("=exec:./b", "agent name \"\""),
            ("my bot=exec:./b", "agent name \"my bot\""),
            (&format!("{}=exec:./b", "b".repeat(33)), "1 to 32"),
            ("daifugo:tutorial=exec:./b", "built-in player of daifugo"),
            ("house=exec:./b", "built-in player of kabu"),
        ] {
            let e = text.parse::<AgentSpec>().unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
        // a name built in for one game only is free for another
        assert!("doudizhu:house=exec:./b".parse::<AgentSpec>().is_ok());
    }
}
