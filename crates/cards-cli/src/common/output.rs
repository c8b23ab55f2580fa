//! Output: the human or JSON form of an answer on stdout, a broken pipe as the end, and
//! quoting offending input in error messages.

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Serialize;

use super::{CliError, IoArgs};

/// How many characters of an offending input an error message quotes at most (the one limit
/// of every front end: [`cards_core::QUOTE_LIMIT`]).
pub const QUOTE_LIMIT: usize = cards_core::QUOTE_LIMIT;

/// At most [`QUOTE_LIMIT`] characters of `text`, with `...` when cut: what an error message
/// quotes of a user's input (a name, a token, a value), through the one helper
/// [`cards_core::Short`].
///
/// ```
/// use cards_cli::common::short;
/// assert_eq!(short("S3 S4"), "S3 S4");
/// assert_eq!(short(&"3".repeat(100)).len(), 43);
/// ```
#[must_use]
pub fn short(text: &str) -> Cow<'_, str> {
    match cards_core::Short(text).parts() {
        (all, false) => Cow::Borrowed(all),
        (head, true) => Cow::Owned(format!("{head}...")),
    }
}

/// Prints one answer in argument mode: `human` as text, or `json` as one line with `--json`.
pub fn emit(io: &IoArgs, human: &str, json: &impl Serialize) -> Result<(), CliError> {
    let mut buf = Vec::with_capacity(human.len() + 64);
    if io.json {
        write_json(&mut buf, json);
    } else {
        buf.extend_from_slice(human.as_bytes());
    }
    buf.push(b'\n');
    write_stdout(&buf)
}

/// [`emit`] for an answer whose JSON is already written (one value, no newline).
pub fn emit_bytes(io: &IoArgs, human: &str, json: &[u8]) -> Result<(), CliError> {
    let mut buf = Vec::with_capacity(human.len().max(json.len()) + 1);
    buf.extend_from_slice(if io.json { json } else { human.as_bytes() });
    buf.push(b'\n');
    write_stdout(&buf)
}

/// Writes `bytes` to stdout and flushes: a broken pipe is quietly `Ok`, any other failure an
/// [`CliError::Io`].
///
/// Any stdout that takes the bytes is accepted, `/dev/null` opened read-write included (as
/// Python's `subprocess.DEVNULL` and service managers open it). A stdout closed by the caller
/// (`>&-`) cannot be told from that: the Rust runtime opens `/dev/null` read-write in its place
/// before `main`, so the answer is discarded as with `>/dev/null`.
pub fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) => write_failure(&e),
        Ok(()) => Ok(()),
    }
}

/// A write error as the command's result: a broken pipe (the reader stopped early, as
/// `cards doudizhu plays | head` does) is not an error; anything else is status 1.
pub(super) fn write_failure(e: &io::Error) -> Result<(), CliError> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(CliError::Io(format!("cannot write to stdout: {e}")))
    }
}

/// Appends `value` as compact JSON.
pub fn write_json(out: &mut Vec<u8>, value: &(impl Serialize + ?Sized)) {
    // Writing into a Vec cannot fail, and the CLI's values serialise without error.
    let _ = serde_json::to_writer(out, value);
}
