//! `cards kabu ...` (filled by the kabu issue).

use crate::common::CliError;

/// The `kabu` commands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {}

/// Runs one `kabu` command.
pub fn run(cmd: Command) -> Result<(), CliError> {
    match cmd {}
}
