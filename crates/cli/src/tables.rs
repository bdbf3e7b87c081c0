//! `NAME tables`: what precomputed tables a puzzle has, and building and checking them in
//! its data directory, so that an installed binary never needs the source tree
//! (docs/TABLES.md). The work itself is the library's ([`TableSet`]); this module says it.

use std::path::Path;

use clap::{Args, Subcommand};
use serde::Serialize;
use slide_core::table::{Built, TableSet, Verified};
use slide_core::units::{human_bytes, human_seconds, quantity, thousands};

use crate::output::{emit_json, write_out};
use crate::progress::Bars;
use crate::{CliError, ExitCode};

/// `tables` and its actions.
#[derive(Args, Debug, Clone)]
pub struct TablesArgs {
    #[command(subcommand)]
    action: Option<TablesAction>,
}

#[derive(Subcommand, Debug, Clone)]
enum TablesAction {
    /// Each table set: what it is for, its size, whether it is built, and where (the
    /// default action). Example: tables list --json
    List,
    /// Builds the sets named, or every set with --all: the tables they lack or that do not
    /// load; says the memory and time it needs first. Example: tables build pdb78
    Build {
        /// Set names, as `tables list` shows them.
        #[arg(value_name = "SET", required_unless_present = "all")]
        names: Vec<String>,
        /// Every set (the large ones take minutes and gigabytes).
        #[arg(long, conflicts_with = "names")]
        all: bool,
        /// Rebuild tables that are already there.
        #[arg(long)]
        force: bool,
    },
    /// Loads each built table (or those of the sets named) and checks its header, checksum,
    /// size and meaning, then each complete set as a whole. Example: tables verify pdb663
    Verify {
        /// Set names; none: every set with a table built.
        #[arg(value_name = "SET")]
        names: Vec<String>,
    },
}

/// A set as `tables list --json` writes it (and the Python package's `tables.list`).
#[derive(Serialize)]
pub struct SetRecord<'a> {
    /// Its name, as `tables build` takes it.
    name: &'a str,
    /// What it is for.
    summary: &'a str,
    /// Its size in bytes.
    bytes: u64,
    /// Whether every file is there.
    built: bool,
    /// Whether it is built on first use (not on request).
    on_first_use: bool,
    /// About how long a build takes.
    build_seconds: u32,
    /// About how much memory a build takes.
    build_memory: u64,
    /// Where its files are.
    dir: String,
    /// Its files.
    files: Vec<FileRecord>,
}

impl<'a> SetRecord<'a> {
    /// The record of `set` in `dir`.
    pub fn of(set: &'a TableSet, dir: &Path) -> Self {
        let files = set
            .specs
            .iter()
            .map(|s| FileRecord { file: s.file_name(), bytes: s.bytes, present: s.exists_in(dir) })
            .collect();
        SetRecord {
            name: &set.name,
            summary: &set.summary,
            bytes: set.bytes(),
            built: set.missing_in(dir).is_empty(),
            on_first_use: !set.large(),
            build_seconds: set.cost.seconds,
            build_memory: set.cost.memory,
            dir: dir.display().to_string(),
            files,
        }
    }
}

/// One file of a set.
#[derive(Serialize)]
struct FileRecord {
    /// Its name in the data directory.
    file: String,
    /// Its size in bytes.
    bytes: u64,
    /// Whether it is there.
    present: bool,
}

/// A table built by `tables build --json`.
#[derive(Serialize)]
pub struct BuiltRecord<'a> {
    /// Its set.
    set: &'a str,
    /// Its file.
    file: &'a str,
    /// The data directory.
    dir: String,
    /// Its entries.
    entries: u64,
    /// Its size in bytes.
    bytes: u64,
    /// The build's time.
    seconds: f64,
}

impl<'a> BuiltRecord<'a> {
    /// The record of `built`, a table of `set` built in `dir`.
    pub fn of(set: &'a TableSet, dir: &Path, built: &'a Built) -> Self {
        BuiltRecord {
            set: &set.name,
            file: &built.file,
            dir: dir.display().to_string(),
            entries: built.entries,
            bytes: built.bytes,
            seconds: (built.elapsed.as_secs_f64() * 1e3).round() / 1e3,
        }
    }
}

/// A check of `tables verify --json`.
#[derive(Serialize)]
pub struct CheckRecord<'a> {
    /// The set.
    set: &'a str,
    /// What was checked: a table, or the set as a whole.
    table: &'a str,
    /// Whether it passed.
    ok: bool,
    /// What was found.
    detail: String,
}

impl<'a> CheckRecord<'a> {
    /// The record of one check of `set`.
    pub fn of(set: &'a TableSet, check: &'a Verified) -> Self {
        let (ok, detail) = match &check.outcome {
            Ok(report) => (true, report.clone()),
            Err(why) => (false, why.to_string()),
        };
        CheckRecord { set: &set.name, table: &check.what, ok, detail }
    }
}

/// Refuses to build `set` when it needs more memory than `max_memory` (None: what this
/// machine has available) allows: the message says both.
pub fn check_build_memory(set: &TableSet, max_memory: Option<u64>) -> Result<(), CliError> {
    let limit = max_memory.or_else(crate::memory::available_memory);
    match limit.filter(|&l| set.cost.memory > l) {
        None => Ok(()),
        Some(limit) => {
            let which = if max_memory.is_some() { "--max-memory allows" } else { "this machine has available" };
            Err(CliError::input(format!(
                "building {} needs about {} of memory, and {which} {} (--max-memory raises the limit)",
                set.name,
                human_bytes(set.cost.memory),
                human_bytes(limit)
            )))
        }
    }
}

/// `tables --json` of a program without tables: `{"tables": []}`.
#[derive(Serialize)]
struct NoTables {
    tables: [(); 0],
}

/// Where `tables` works and how it talks.
pub struct TablesRun<'a> {
    /// The program's name, for the commands it suggests.
    pub program: &'static str,
    /// The program's table sets.
    pub sets: Vec<TableSet>,
    /// The data directory.
    pub dir: &'a Path,
    /// JSON Lines instead of text.
    pub json: bool,
    /// `--max-memory`, if given: a build that needs more is refused.
    pub max_memory: Option<u64>,
    /// Progress bars and warnings.
    pub bars: Bars,
}

impl TablesRun<'_> {
    /// Runs `tables ...`.
    pub fn run(&self, args: TablesArgs) -> Result<ExitCode, CliError> {
        if self.sets.is_empty() {
            let message = format!("{} uses no precomputed tables", self.program);
            return if self.json { emit_json(&NoTables { tables: [] }) } else { write_out(&format!("{message}\n")) }
                .map(|()| ExitCode::Success);
        }
        match args.action.unwrap_or(TablesAction::List) {
            TablesAction::List => self.list(),
            TablesAction::Build { names, all, force } => self.build(&self.select(&names, all)?, force),
            TablesAction::Verify { names } => self.verify(&self.select(&names, names.is_empty())?, !names.is_empty()),
        }
    }

    /// The sets named (all of them with `all`); an unknown name is exit 2, listing the known.
    fn select(&self, names: &[String], all: bool) -> Result<Vec<&TableSet>, CliError> {
        if all {
            return Ok(self.sets.iter().collect());
        }
        names
            .iter()
            .map(|name| {
                self.sets.iter().find(|s| &s.name == name).ok_or_else(|| {
                    let known: Vec<&str> = self.sets.iter().map(|s| s.name.as_str()).collect();
                    CliError::input(format!("{} has no table set {name:?}; known: {}", self.program, known.join(", ")))
                })
            })
            .collect()
    }

    fn list(&self) -> Result<ExitCode, CliError> {
        if !self.json {
            write_out(&format!("Tables of {} in {}:\n", self.program, self.dir.display()))?;
        }
        for set in &self.sets {
            let missing = set.missing_in(self.dir).len();
            let state = match (missing, set.large()) {
                (0, _) => "built".to_string(),
                (_, false) => "not yet (first use)".to_string(),
                (m, true) if m == set.specs.len() => "not built".to_string(),
                (m, true) => format!("partly built ({} of {})", set.specs.len() - m, set.specs.len()),
            };
            if self.json {
                emit_json(&SetRecord::of(set, self.dir))?;
            } else {
                let mut line =
                    format!("  {:<10} {:>10}  {:<20} {}", set.name, human_bytes(set.bytes()), state, set.summary);
                if missing > 0 && set.large() {
                    line += &format!("\n  {:<10} {:>10}  {}", "", "", set.how_to_build(self.program));
                }
                write_out(&(line + "\n"))?;
            }
        }
        Ok(ExitCode::Success)
    }

    fn build(&self, sets: &[&TableSet], force: bool) -> Result<ExitCode, CliError> {
        for set in sets {
            check_build_memory(set, self.max_memory)?;
        }
        for set in sets {
            let todo = if force { set.specs.len() } else { set.unusable_in(self.dir).len() };
            if todo == 0 {
                self.say(&format!("{}: already built in {} (--force rebuilds it)", set.name, self.dir.display()));
                continue;
            }
            self.say(&format!(
                "building {} ({} of {}, {}): about {} and {} of memory on 2 cores",
                set.name,
                todo,
                quantity(set.specs.len() as u64, "table"),
                human_bytes(set.bytes()),
                human_seconds(set.cost.seconds.into()),
                human_bytes(set.cost.memory)
            ));
            let built = set
                .build_into(self.dir, force, &self.bars)
                .map_err(|e| CliError::input(format!("cannot build {} in {}: {e}", set.name, self.dir.display())))?;
            for b in built {
                if self.json {
                    emit_json(&BuiltRecord::of(set, self.dir, &b))?;
                } else {
                    write_out(&format!(
                        "built {}: {} entries, {}, in {:.1} s\n",
                        self.dir.join(&b.file).display(),
                        thousands(b.entries),
                        human_bytes(b.bytes),
                        b.elapsed.as_secs_f64()
                    ))?;
                }
            }
        }
        Ok(ExitCode::Success)
    }

    fn verify(&self, sets: &[&TableSet], named: bool) -> Result<ExitCode, CliError> {
        let mut failures = 0;
        let mut checked = 0;
        for set in sets {
            for check in set.verify(self.dir, named) {
                checked += 1;
                failures += usize::from(check.outcome.is_err());
                if self.json {
                    emit_json(&CheckRecord::of(set, &check))?;
                } else {
                    let Verified { what, outcome } = check;
                    let line = match outcome {
                        Ok(report) => format!("{what:<28} ok: {report}\n"),
                        Err(why) => format!("{what:<28} FAILED: {why}\n"),
                    };
                    write_out(&line)?;
                }
            }
        }
        if checked == 0 {
            self.say(&format!("no table is built in {} yet", self.dir.display()));
        }
        if failures > 0 {
            return Err(CliError::input(format!(
                "{} failed in {}; `{} tables build --force SET` rebuilds a set",
                quantity(failures as u64, "check"),
                self.dir.display(),
                self.program
            )));
        }
        Ok(ExitCode::Success)
    }

    /// Says `message` on stderr unless `--quiet`.
    fn say(&self, message: &str) {
        if !self.bars.quiet {
            crate::output::say(self.program, message);
        }
    }
}
