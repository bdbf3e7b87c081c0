//! Which options each subcommand uses. clap offers the shared options ([`CommonArgs`]) to
//! every subcommand, and a puzzle's options to each of the generic ones; an option a
//! subcommand does not use is refused when given (exit 2, naming the options it does use),
//! never silently ignored: `quzzle survey --max-nodes 5` once ran the whole survey.
//! docs/CLI.md lists every option of every subcommand, and a test holds the list, this
//! module and the programs together.
//!
//! ```
//! use slide_cli::uses::shared_used_by;
//! assert!(shared_used_by(&["solve"], true).contains(&"max_nodes"));
//! assert!(!shared_used_by(&["play"], true).contains(&"max_nodes"));
//! // A program without tables has no use for a data directory.
//! assert!(!shared_used_by(&["solve"], false).contains(&"data_dir"));
//! ```
//!
//! [`CommonArgs`]: crate::CommonArgs

use clap::parser::ValueSource;
use clap::ArgMatches;

use crate::CliError;

/// The shared options, by clap's names for them (`--max-nodes` is `max_nodes`).
/// `--quiet` and `--data-dir` are among them but never refused (see [`ALWAYS_ACCEPTED`]).
pub const SHARED: [&str; 9] =
    ["json", "max_nodes", "timeout", "max_memory", "threads", "quiet", "goal", "heuristic", "data_dir"];

/// The shared options accepted by every subcommand, used or not: standing settings that a
/// wrapper script or `SLIDE_DATA_DIR` gives every call, and that never change an answer
/// when unused: where tables are kept, and "say less on stderr".
pub const ALWAYS_ACCEPTED: [&str; 2] = ["quiet", "data_dir"];

/// The shared options the subcommand at `path` uses (`["tables", "build"]`; `[]`: the
/// program without a subcommand, `--list`), in a program that has tables (`tables`) or not;
/// the cluster programs' (`fifteen-mpi`) are [`cluster_shared_used_by`].
pub fn shared_used_by(path: &[&str], tables: bool) -> Vec<&'static str> {
    let mut used = match path {
        // `verdict` solves every position the moves pass through.
        ["solve"] | ["count"] | ["verdict"] => SHARED.to_vec(),
        // No heuristic and no table: every position, breadth first.
        ["analyze"] => vec!["json", "max_nodes", "timeout", "max_memory", "threads", "quiet", "goal"],
        // No search.
        ["play"] => vec!["json", "quiet", "goal"],
        // A walk counts its moves against --max-nodes; a random board is one draw.
        ["scramble"] => vec!["json", "max_nodes", "timeout", "quiet", "goal"],
        ["random"] => vec!["json", "timeout", "quiet", "goal"],
        ["tables"] | ["tables", "list"] => vec!["json", "data_dir"],
        ["tables", "build"] => vec!["json", "max_memory", "threads", "quiet", "data_dir"],
        ["tables", "verify"] => vec!["json", "threads", "quiet", "data_dir"],
        ["branching"] => vec!["json", "goal"],
        ["survey"] => vec!["json", "timeout", "max_memory", "threads", "quiet"],
        // `--list`.
        [] => vec!["json"],
        // `completions`: a script, whatever else is asked.
        _ => Vec::new(),
    };
    if !tables {
        used.retain(|&o| o != "data_dir");
    }
    used
}

/// The shared options the cluster programs' subcommand at `path` uses: `solve` is IDA*
/// alone (no memory to bound; `--threads` is for the tables built on first use), `analyze`
/// breadth first (no heuristic, no table).
pub fn cluster_shared_used_by(path: &[&str]) -> Vec<&'static str> {
    match path {
        ["solve"] => vec!["json", "max_nodes", "timeout", "threads", "quiet", "goal", "heuristic", "data_dir"],
        ["analyze"] => vec!["json", "max_nodes", "timeout", "max_memory", "threads", "quiet", "goal"],
        _ => Vec::new(),
    }
}

/// The subcommand `matches` holds, as its path of names (`["tables", "build"]`).
pub fn path(matches: &ArgMatches) -> Vec<&str> {
    let mut path = Vec::new();
    let mut m = matches;
    while let Some((name, sub)) = m.subcommand() {
        path.push(name);
        m = sub;
    }
    path
}

/// Refuses the options given on the command line in `matches` that its subcommand does not
/// use: the shared options not in `shared` (those it uses), and `ignored` (clap's names of
/// its own or the puzzle's options that it takes but has no use for).
pub fn refuse_unused(program: &str, matches: &ArgMatches, shared: &[&str], ignored: &[&str]) -> Result<(), CliError> {
    let path = path(matches);
    let mut m = matches;
    while let Some((_, sub)) = m.subcommand() {
        m = sub;
    }
    // Typed on the command line: an environment variable is a standing setting.
    let given =
        |id: &str| m.try_contains_id(id).unwrap_or(false) && m.value_source(id) == Some(ValueSource::CommandLine);
    let unused_shared: Vec<&str> =
        SHARED.iter().filter(|o| !shared.contains(o) && !ALWAYS_ACCEPTED.contains(o) && given(o)).copied().collect();
    let unused: Vec<String> = unused_shared
        .iter()
        .chain(ignored.iter().filter(|o| given(o)))
        .map(|o| format!("--{}", o.replace('_', "-")))
        .collect();
    if unused.is_empty() {
        return Ok(());
    }
    let what = match path.is_empty() {
        true => format!("`{program} --list`"),
        false => format!("`{program} {}`", path.join(" ")),
    };
    let uses = match (unused_shared.is_empty(), shared.is_empty()) {
        (true, _) => String::new(),
        (false, true) => "; it uses none of the options every subcommand shares".to_string(),
        (false, false) => {
            let names: Vec<String> = shared.iter().map(|o| format!("--{}", o.replace('_', "-"))).collect();
            format!("; of the options every subcommand shares it uses only {}", names.join(", "))
        }
    };
    Err(CliError::input(format!(
        "{} {} not used by {what}{uses} (docs/CLI.md lists every subcommand's options)",
        unused.join(", "),
        if unused.len() == 1 { "is" } else { "are" }
    )))
}
