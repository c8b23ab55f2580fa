//! `cards doudizhu ...` (filled by the doudizhu issue).

use crate::common::CliError;

/// The `doudizhu` commands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {}

/// Runs one `doudizhu` command.
pub fn run(cmd: Command) -> Result<(), CliError> {
    match cmd {}
}
