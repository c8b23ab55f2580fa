//! `cards daifugo ...` (filled by the daifugo issue).

use crate::common::CliError;

/// The `daifugo` commands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {}

/// Runs one `daifugo` command.
pub fn run(cmd: Command) -> Result<(), CliError> {
    match cmd {}
}
