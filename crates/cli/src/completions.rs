//! `NAME completions SHELL`: a completion script on standard output, generated from the same
//! clap command that parses the arguments, so the script never offers an option the program
//! lacks, nor misses one it gained.

use clap::Args;
use clap_complete::Shell;

use crate::output::write_out;
use crate::{CliError, ExitCode};

/// The arguments of `completions`.
#[derive(Args, Debug, Clone)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

/// Writes the completion script of `cmd` (the program `name`) for `shell` to standard output.
pub fn print(cmd: &clap::Command, name: &'static str, shell: Shell) -> Result<ExitCode, CliError> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut without_hidden(cmd, name), name, &mut script);
    let script = String::from_utf8(script).map_err(|e| CliError::internal(format!("completion script: {e}")))?;
    write_out(&script)?;
    Ok(ExitCode::Success)
}

/// `cmd` without its hidden arguments and subcommands, at every level. clap_complete's
/// scripts offer hidden subcommands and (zsh) hidden arguments too: goat's and quzzle's
/// `scramble` and `random` are hidden because they only fail there, and `solve`'s algorithm
/// parameters that none of a puzzle's algorithms takes. clap cannot remove either, so the
/// copy is made anew.
fn without_hidden(cmd: &clap::Command, name: &str) -> clap::Command {
    let mut copy = clap::Command::new(name.to_string())
        .args(cmd.get_arguments().filter(|a| !a.is_hide_set()).cloned())
        .subcommands(cmd.get_subcommands().filter(|s| !s.is_hide_set()).map(|s| without_hidden(s, s.get_name())));
    if let Some(about) = cmd.get_about() {
        copy = copy.about(about.clone());
    }
    if cmd.get_version().is_some() {
        copy = copy.version(env!("CARGO_PKG_VERSION"));
    }
    copy
}
