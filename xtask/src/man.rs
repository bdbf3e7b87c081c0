//! `cargo xtask man`: the man pages of the four binaries, made from the clap commands they
//! parse with (`slide_cli::app::command`), so a page never describes an option the program
//! lacks. One page per binary (`fifteen.1`) and one per visible subcommand (`fifteen-solve.1`).

use std::path::{Path, PathBuf};

use slide_cli::CliError;

/// The commands of the four binaries, in the order their pages are written.
fn commands() -> [clap::Command; 4] {
    use slide_cli::app::command;
    [
        command::<slide_cli::puzzles::Fifteen>(),
        command::<slide_cli::puzzles::Seven>(),
        command::<slide_cli::puzzles::Goat>(),
        command::<slide_cli::puzzles::Quzzle>(),
    ]
}

/// Writes every page into `out` (made if needed) and returns the files written, sorted.
pub fn write_pages(out: &Path) -> Result<Vec<PathBuf>, CliError> {
    let failed = |e: std::io::Error| CliError::internal(format!("cannot write man pages to {}: {e}", out.display()));
    std::fs::create_dir_all(out).map_err(failed)?;
    let mut written = Vec::new();
    for cmd in commands() {
        // Built as clap_mangen builds it, so the display names are its file names.
        let mut cmd = cmd.disable_help_subcommand(true);
        cmd.build();
        page_files(&cmd, out, &mut written);
        clap_mangen::generate_to(cmd, out).map_err(failed)?;
    }
    written.sort();
    Ok(written)
}

/// The files clap_mangen writes for `cmd`: its page and, at every depth, one per visible
/// subcommand (`fifteen-tables-build.1`).
fn page_files(cmd: &clap::Command, out: &Path, files: &mut Vec<PathBuf>) {
    files.push(out.join(format!("{}.1", cmd.get_display_name().unwrap_or_else(|| cmd.get_name()))));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        page_files(sub, out, files);
    }
}
