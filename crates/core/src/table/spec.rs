//! What the toolkit knows about each table: how to build it, how to check what it means,
//! and which tables serve together. The binaries, `cargo xtask` and the tests all go
//! through these descriptions, so building, verifying and using a table cannot drift apart.

use std::path::Path;
use std::time::{Duration, Instant};

use super::{CheckFailure, Table, TableError, TableHeader};
use crate::enumerate::LayerStats;
use crate::progress::Progress;
use crate::units::{human_bytes, human_seconds};

/// Builds a table, reporting progress through the callback.
pub type BuildFn = dyn Fn(&(dyn Fn(LayerStats) + Sync)) -> Table + Send + Sync;
/// Checks what a table means (beyond its checksum): a histogram, a sample of entries; as
/// closely as the [`Scrutiny`] asks.
pub type CheckFn = dyn Fn(&Table, Scrutiny) -> Result<String, CheckFailure> + Send + Sync;

/// How closely [`TableSpec::check`] looks at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scrutiny {
    /// A table this process just built, before it is saved: what catches a wrong build (the
    /// goal's entry, every entry or a sample explained by its neighbours, a histogram), but
    /// never a second build to compare it with, which would only repeat the same code and
    /// double the time of `tables build`.
    Built,
    /// A file: everything, a small table compared byte for byte with a fresh build included
    /// (`tables verify`).
    Stored,
}
/// Checks what the tables of a set mean together (a sum of sound pattern databases can still
/// be wrong if they do not fit together); they come in the order of [`TableSet::specs`].
pub type CheckSetFn = dyn Fn(Vec<Table>) -> Result<String, CheckFailure> + Send + Sync;

/// A table the toolkit knows how to build and to check.
pub struct TableSpec {
    /// The puzzle, as in the header.
    pub puzzle: String,
    /// The table name, as in the header.
    pub name: String,
    /// The parameters, as in the header.
    pub params: String,
    /// What the table is for and which command uses it.
    pub summary: String,
    /// Large tables are never built on first use: only on request (`NAME tables build`).
    pub large: bool,
    /// The payload's size in bytes (the file is a few dozen bytes more).
    pub bytes: u64,
    /// About how many states a build visits: the length of its progress bar.
    pub work: u64,
    /// Builds the table.
    pub build: Box<BuildFn>,
    /// Checks the table's meaning as closely as asked; returns a one-line account of what was
    /// checked.
    pub check: Box<CheckFn>,
}

/// A table built and saved by [`TableSpec::build_into`].
#[derive(Clone, Debug)]
pub struct Built {
    /// The file written.
    pub file: String,
    /// Its number of entries.
    pub entries: u64,
    /// Its payload size in bytes.
    pub bytes: u64,
    /// How long building and checking took.
    pub elapsed: Duration,
}

impl TableSpec {
    /// The file name: `PUZZLE-NAME.tbl`.
    pub fn file_name(&self) -> String {
        format!("{}-{}.tbl", self.puzzle, self.name)
    }

    /// The file name without `.tbl`: `PUZZLE-NAME`.
    pub(crate) fn stem(&self) -> String {
        format!("{}-{}", self.puzzle, self.name)
    }

    /// Whether `dir` holds a file of this table (not checked).
    pub fn exists_in(&self, dir: &Path) -> bool {
        dir.join(self.file_name()).is_file()
    }

    /// Whether `dir` holds anything under this table's name: a file, or what is not one (a
    /// FIFO, a link to a device, a directory), which [`TableSpec::load`] refuses.
    pub(crate) fn named_in(&self, dir: &Path) -> bool {
        dir.join(self.file_name()).symlink_metadata().is_ok()
    }

    /// Opens the table in `dir` ([`Table::open`]: a large one is mapped, and its checksum read
    /// only if the file is not the version last verified) and checks that it is this one. The
    /// file is checked against this description as soon as it can be: one longer than this
    /// table can be is refused before it is read, a header of another table before the
    /// payload is; and only a regular file is opened, without blocking.
    pub fn load(&self, dir: &Path) -> Result<Table, TableError> {
        Table::open_as(&dir.join(self.file_name()), self, false)
    }

    /// Whether `header` is this table's: its puzzle, name and parameters, and a payload of
    /// [`TableSpec::bytes`].
    pub(super) fn expect_header(&self, header: &TableHeader) -> Result<(), TableError> {
        let h = header;
        h.expect(&self.puzzle, &self.name, &self.params)?;
        match h.payload_len() {
            Some(len) if len == self.bytes => Ok(()),
            len => Err(TableError::BadHeader(format!(
                "{} entries of {} bits make {} bytes, but this table has {}",
                h.entry_count,
                h.entry_bits,
                len.map_or("too many".to_string(), |l| l.to_string()),
                self.bytes
            ))),
        }
    }

    /// Loads the table from `dir`, or, if the file does not exist and the table is small,
    /// builds it (a task of `progress`) and saves it. A file that exists but is corrupt or of
    /// another kind is an error: it is never used and never silently replaced. A table that
    /// cannot be saved (a read-only or full disk) is still returned, and the reason goes to
    /// [`Progress::warn`].
    pub fn load_or_build(&self, dir: &Path, progress: &dyn Progress) -> Result<Table, TableError> {
        let path = dir.join(self.file_name());
        if path.exists() || self.large {
            return self.load(dir);
        }
        let task = progress.task(&self.name, self.work);
        let table = (self.build)(&*task);
        drop(task);
        if let Err(e) = table.save(&path) {
            progress.warn(&format!(
                "cannot keep tables in {}: {} (they are built in memory on every run until it is writable)",
                dir.display(),
                e.reason()
            ));
        }
        Ok(table)
    }

    /// Builds the table (a task of `progress`), checks it and saves it into `dir`, replacing
    /// any file there (stale temporary files of killed builds go first: [`Table::save`]).
    pub fn build_into(&self, dir: &Path, progress: &dyn Progress) -> Result<Built, TableError> {
        let clock = Instant::now();
        let task = progress.task(&self.name, self.work);
        let table = (self.build)(&*task);
        drop(task);
        (self.check)(&table, Scrutiny::Built).map_err(|fault| TableError::BuiltWrong { table: self.stem(), fault })?;
        table.save(&dir.join(self.file_name()))?;
        Ok(Built {
            file: self.file_name(),
            entries: table.header().entry_count,
            bytes: table.payload().len() as u64,
            elapsed: clock.elapsed(),
        })
    }

    /// Loads the table from `dir` and checks header, checksum (every byte, whatever the record
    /// of verified files says), size and meaning; returns what was checked.
    /// A failed check is [`TableError::Check`], its message as the check wrote it.
    pub(crate) fn verify(&self, dir: &Path) -> Result<(Table, String), TableError> {
        let table = Table::open_as(&dir.join(self.file_name()), self, true)?;
        let report = (self.check)(&table, Scrutiny::Stored).map_err(TableError::Check)?;
        Ok((table, report))
    }
}

/// What building a set of tables costs, so that a user is told before starting: measured
/// by `cargo xtask bench --tables` ([`BuildCost::of`]), else estimated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildCost {
    /// Wall time of the whole set.
    pub seconds: u32,
    /// Peak resident memory.
    pub memory: u64,
}

/// Tables that serve one heuristic together, under the name a user types:
/// `fifteen tables build pdb78` makes both tables of the 7-8 pattern databases.
pub struct TableSet {
    /// The name on the command line, e.g. `pdb78`, `exact-3x3`.
    pub name: String,
    /// What the set is for, in a few words.
    pub summary: String,
    /// Its tables.
    pub specs: Vec<TableSpec>,
    /// What building all of it costs.
    pub cost: BuildCost,
    /// A check of the tables together, after each passed its own.
    pub check_together: Option<Box<CheckSetFn>>,
}

/// One line of [`TableSet::verify`]: a table (or, for `what` = the set's name, the set as a
/// whole) and the outcome of its checks.
#[derive(Debug)]
pub struct Verified {
    /// The file stem, or the set's name followed by "(together)".
    pub what: String,
    /// What was checked, or why it failed.
    pub outcome: Result<String, TableError>,
}

impl TableSet {
    /// Whether it is built only on request (its tables are never built on first use).
    pub fn large(&self) -> bool {
        self.specs.iter().any(|s| s.large)
    }

    /// The payload bytes of all its tables.
    pub fn bytes(&self) -> u64 {
        self.specs.iter().map(|s| s.bytes).sum()
    }

    /// How a user makes the set, with what it costs: "build them once with `fifteen tables
    /// build pdb78` (550.0 MiB; about 3 min and 1.5 GiB of memory on 2 cores)".
    pub fn how_to_build(&self, program: &str) -> String {
        format!(
            "build {} once with `{program} tables build {}` ({}; about {} and {} of memory on 2 cores)",
            if self.specs.len() == 1 { "it" } else { "them" },
            self.name,
            human_bytes(self.bytes()),
            human_seconds(self.cost.seconds.into()),
            human_bytes(self.cost.memory)
        )
    }

    /// Its tables that `dir` does not hold.
    pub fn missing_in(&self, dir: &Path) -> Vec<&TableSpec> {
        self.specs.iter().filter(|s| !s.exists_in(dir)).collect()
    }

    /// The tables of the set that `dir` lacks or holds in a file that does not load (absent,
    /// corrupt, of another kind): those [`TableSet::build_into`] makes.
    pub fn unusable_in(&self, dir: &Path) -> Vec<&TableSpec> {
        self.specs.iter().filter(|s| s.load(dir).is_err()).collect()
    }

    /// Builds into `dir` the tables it cannot use (all of them with `rebuild`), one after
    /// another.
    pub fn build_into(&self, dir: &Path, rebuild: bool, progress: &dyn Progress) -> Result<Vec<Built>, TableError> {
        let todo = if rebuild { self.specs.iter().collect() } else { self.unusable_in(dir) };
        todo.into_iter().map(|s| s.build_into(dir, progress)).collect()
    }

    /// Verifies every table of the set present in `dir` (an absent one is a failure when
    /// `require_all`), then, if all of them passed, the set as a whole. Anything under a
    /// table's name is verified: what is not a regular file fails.
    pub fn verify(&self, dir: &Path, require_all: bool) -> Vec<Verified> {
        let mut lines = Vec::new();
        let mut tables = Vec::new();
        for spec in &self.specs {
            if !require_all && !spec.named_in(dir) {
                continue;
            }
            let outcome = spec.verify(dir).map(|(table, report)| {
                tables.push(table);
                report
            });
            lines.push(Verified { what: spec.stem(), outcome });
        }
        if let (Some(check), true) = (&self.check_together, tables.len() == self.specs.len()) {
            let outcome = check(tables).map_err(TableError::Check);
            lines.push(Verified { what: format!("{} (together)", self.name), outcome });
        }
        lines
    }
}
