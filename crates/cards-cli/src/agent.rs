//! Your own player where a built-in name goes: `exec:COMMAND` in `--policy`, `--players` and
//! `--entrants` starts COMMAND as a child process that plays over JSON lines, written once over
//! the one game interface ([`ExecPolicy`], a [`cards_core::game::Policy`] of any [`Session`]).
//! The process and the protocol are [`cards_web::agent`]'s (`cards web --agent` seats the same
//! agents on the page); their names are re-exported here.
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
use std::marker::PhantomData;
use std::rc::Rc;
use std::time::Duration;

use cards_core::game::{InfoSet as _, Policy};
use cards_web::agent::AgentProcess;
pub use cards_web::agent::{
    AgentError, Choice, DEFAULT_AGENT_MS, EXEC, Fault, MAX_AGENT_MS, MAX_LINE, action_text,
    exec_command,
};

use crate::drive::{Ended, Session};

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
    cards_web::agent::pick(choice, legal)
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
    process: Rc<RefCell<Option<AgentProcess>>>,
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
        let process = AgentProcess::start(command).map_err(error)?;
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
        cards_web::agent::question(G::GAME, obs.player(), &G::observation_json(obs), legal)
    }

    /// The legal action an answer names.
    fn pick(line: &str, legal: &[G::Action]) -> Result<G::Action, Fault> {
        cards_web::agent::answer(line, legal)
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
