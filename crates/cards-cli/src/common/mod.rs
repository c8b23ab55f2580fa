//! Plumbing every game command shares: output modes and exit statuses, the `--seed` flag, rule
//! names, and the JSON-lines batch loop with its typed line parser.
//!
//! # Batch mode
//!
//! [`batch_stdio`] reads one JSON object a line and answers each with one line, in order. A
//! command describes its input line as a struct with [`batch_line!`](crate::batch_line): the
//! field names are the accepted keys, every field is optional (`null` is the same as an absent
//! key), and [`parse_line`] refuses a key that is not listed, a key given twice, a value of the
//! wrong JSON type, a line that is not an object, all with one error line that names the key.
//!
//! Lines are at most [`LINE_LIMIT`] bytes (1 MiB, the newline excluded); a longer line is
//! answered with one error line and never held in memory whole. Answers are written into one
//! buffer and flushed whenever no complete input line is buffered (before a read that could
//! wait), so a peer that sends one question at a time gets each answer at once, and a bulk run
//! writes in large blocks.
//!
//! The files: this one (the output flags [`IoArgs`] and the error [`CliError`]), `args.rs`
//! (names, `--seed`), `output.rs` (writing answers), `line.rs` (typed batch lines), `batch.rs`
//! (the batch loop).

mod args;
mod batch;
mod line;
mod names;
mod output;

pub use args::{SeedArg, draw_seed, name_or, name_value, parse_name, player_names, seed_line};
#[cfg(test)]
pub(crate) use batch::batch_values;
pub use batch::{BatchError, LINE_LIMIT, batch_loop, batch_stdio, write_error};
pub use line::{Field, FromField, Line, parse_line, read_record_json, required};
pub(crate) use names::{entrants_help, players_help, policy_help};
pub use names::{or_human, or_list};
pub use output::{QUOTE_LIMIT, emit, emit_bytes, short, write_json, write_stdout};

use std::fmt;

/// The output flags every command takes.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct IoArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read one JSON object a line from stdin, write one JSON object a line to stdout
    /// (lines up to 1 MiB).
    #[arg(long, conflicts_with = "json")]
    pub batch: bool,
}

/// Why a command failed: a bad argument (status 2) or a failed read or write (status 1).
///
/// A reader that stops early (a broken pipe) is not a failure: the command ends quietly with
/// status 0.
///
/// ```
/// use cards_cli::common::CliError;
/// let e = CliError::from("unknown rules \"poker\"");
/// assert_eq!(e.status(), 2);
/// assert_eq!(CliError::Io("cannot write to stdout".into()).status(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// A bad argument: one line on stderr, status 2.
    Usage(String),
    /// stdin or stdout failed: one line on stderr, status 1.
    Io(String),
}

impl CliError {
    /// A usage error (status 2) with this message.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }

    /// The exit status: 2 for a usage error, 1 for an I/O failure.
    #[must_use]
    pub fn status(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Io(_) => 1,
        }
    }

    /// The one-line message.
    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            CliError::Usage(m) | CliError::Io(m) => m,
        }
    }
}

impl<E: fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError::Usage(e.to_string())
    }
}
