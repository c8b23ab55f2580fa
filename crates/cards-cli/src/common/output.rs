//! Output: the human or JSON form of an answer on stdout, a closed stdout as the end, and
//! quoting offending input in error messages.

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Serialize;

use super::{CliError, IoArgs};

/// How many characters of an offending input an error message quotes at most.
pub const QUOTE_LIMIT: usize = 40;

/// At most [`QUOTE_LIMIT`] characters of `text`, with `...` when cut: what an error message
/// quotes of a user's input.
///
/// ```
/// use cards_cli::common::short;
/// assert_eq!(short("S3 S4"), "S3 S4");
/// assert_eq!(short(&"3".repeat(100)).len(), 43);
/// ```
#[must_use]
pub fn short(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}...", &text[..end])),
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

/// Writes `bytes` to stdout and flushes: a broken pipe is quietly `Ok`, any other failure (a
/// closed stdout included) an [`CliError::Io`].
pub fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    check_stdout()?;
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

/// Refuses a closed stdout. The Rust runtime opens `/dev/null` (read-write) in place of a closed
/// standard descriptor, so `cards ... >&-` would otherwise print nothing and succeed; a
/// `/dev/null` the shell opened (`>/dev/null`) is write-only and accepted. Linux only (it reads
/// `/proc/self`); elsewhere every stdout is accepted.
pub(super) fn check_stdout() -> Result<(), CliError> {
    if stdout_was_closed() {
        Err(CliError::Io(
            "cannot write to stdout: it is closed".to_string(),
        ))
    } else {
        Ok(())
    }
}

#[cfg(target_os = "linux")]
fn stdout_was_closed() -> bool {
    let Ok(target) = std::fs::read_link("/proc/self/fd/1") else {
        return false;
    };
    if target != std::path::Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
        return false;
    };
    info.lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
        // O_ACCMODE == O_RDWR: the runtime's stand-in, not a shell redirection
        .is_some_and(|flags| flags & 3 == 2)
}

#[cfg(not(target_os = "linux"))]
fn stdout_was_closed() -> bool {
    false
}

/// Appends `value` as compact JSON.
pub fn write_json(out: &mut Vec<u8>, value: &(impl Serialize + ?Sized)) {
    // Writing into a Vec cannot fail, and the CLI's values serialise without error.
    let _ = serde_json::to_writer(out, value);
}
