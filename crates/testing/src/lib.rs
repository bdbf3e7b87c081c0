//! What the tests of the binaries share (a dev-dependency, never published): launching a
//! binary with a data directory of the test's own and reading its JSON Lines ([`Bin`]),
//! scratch directories ([`scratch`]), the record keys every front end keeps ([`keys`]), the
//! behaviour every binary shares ([`contract`]), docs/CLI.md's options by subcommand
//! ([`options`]), and tile and Goat solutions replayed
//! (`tiles` and `goat`, with the features of those names).

pub mod contract;
#[cfg(feature = "goat")]
pub mod goat;
pub mod keys;
pub mod options;
#[cfg(feature = "tiles")]
pub mod tiles;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Once;

use serde_json::Value;
use slide_core::table::Table;

/// The binary `NAME` of the package under test, as cargo built it for the integration tests:
/// `bin!("fifteen")` is `Bin::new(env!("CARGO_BIN_EXE_fifteen"))`.
#[macro_export]
macro_rules! bin {
    ($name:literal) => {
        $crate::Bin::new(env!(concat!("CARGO_BIN_EXE_", $name)))
    };
}

/// What every directory of a test process's own is named: `slide-test-NAME-PID`.
const PREFIX: &str = "slide-test-";

/// A directory of this test process's own under the system's temporary directory, named
/// after `name` and the process, made empty. It outlives the process: the next test process
/// removes it ([`sweep_dead`]).
pub fn scratch(name: &str) -> PathBuf {
    let dir = own_dir(name);
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot make {}: {e}", dir.display()));
    dir
}

/// `slide-test-NAME-PID` under the system's temporary directory, for this process; the
/// first call in a process sweeps away those of processes that have ended.
fn own_dir(name: &str) -> PathBuf {
    static SWEPT: Once = Once::new();
    let temp = std::env::temp_dir();
    SWEPT.call_once(|| {
        sweep_dead(&temp);
    });
    temp.join(format!("{PREFIX}{name}-{}", std::process::id()))
}

/// Removes the directories `slide-test-*-PID` in `parent` whose process has ended, and
/// gives how many went. A process's tables serve all its tests, so they cannot go when one
/// test ends, and the test harness has no hook at its exit: without this every run of the
/// tests left about 30 MB behind. Only where `/proc` tells which processes live (Linux);
/// elsewhere nothing is removed.
pub fn sweep_dead(parent: &Path) -> usize {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return 0;
    }
    let Ok(entries) = std::fs::read_dir(parent) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some((_, pid)) = name.to_str().and_then(|n| n.strip_prefix(PREFIX)).and_then(|n| n.rsplit_once('-')) else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        let alive = pid == std::process::id() || proc.join(pid.to_string()).exists();
        if !alive && entry.file_type().is_ok_and(|t| t.is_dir()) && std::fs::remove_dir_all(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// A binary under test, run with its tables in a directory of the test process's own
/// (`$SLIDE_DATA_DIR`), unless a test gives another.
#[derive(Clone, Debug)]
pub struct Bin {
    path: PathBuf,
    data_dir: PathBuf,
}

impl Bin {
    /// The binary at `path`, tables in a private directory named after it.
    pub fn new(path: impl Into<PathBuf>) -> Bin {
        let path = path.into();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("slide").to_string();
        let data_dir = own_dir(&format!("{name}-tables"));
        Bin { path, data_dir }
    }

    /// The same binary with its tables in `dir`.
    pub fn data_dir(mut self, dir: impl Into<PathBuf>) -> Bin {
        self.data_dir = dir.into();
        self
    }

    /// The binary's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its program name (`fifteen`).
    pub fn name(&self) -> &str {
        self.path.file_name().and_then(|n| n.to_str()).unwrap_or("slide")
    }

    /// The directory its tables are kept in.
    pub fn tables(&self) -> &Path {
        &self.data_dir
    }

    /// A command running the binary with `args`, its tables in its data directory.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(&self.path);
        c.args(args).env("SLIDE_DATA_DIR", &self.data_dir);
        c
    }

    /// Runs the binary with `args` to its end.
    pub fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap_or_else(|e| panic!("{} does not run: {e}", self.path.display()))
    }

    /// Runs the binary with `args`, which must succeed, and gives its first JSON record.
    pub fn record(&self, args: &[&str]) -> Value {
        let out = self.run(args);
        assert!(out.status.success(), "{} {args:?}: {}", self.name(), stderr(&out));
        json_lines(&out).into_iter().next().unwrap_or_else(|| panic!("{} {args:?}: no record", self.name()))
    }
}

/// The JSON records on standard output, one per line.
pub fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// Standard error, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Standard output, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `table` with entry bytes `at` replaced by `bytes`: a table corrupted on purpose, in memory
/// (a file it was read from is untouched); saved, it gets a checksum that matches.
pub fn with_bytes(table: &Table, at: usize, bytes: &[u8]) -> Table {
    let mut payload = table.payload().to_vec();
    payload[at..at + bytes.len()].copy_from_slice(bytes);
    Table::new(table.header().clone(), payload).expect("the same length as before")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ended process's directories go, a live one's and any other name stay.
    #[test]
    fn sweeping_removes_only_the_directories_of_ended_processes() {
        let parent = scratch("sweep");
        let mut child = Command::new("true").spawn().expect("`true` runs");
        let ended = child.id();
        child.wait().expect("`true` ends");
        let own = std::process::id();
        let dead = parent.join(format!("{PREFIX}solve-tables-{ended}"));
        let live = parent.join(format!("{PREFIX}solve-{own}"));
        let other = parent.join(format!("elsewhere-{ended}"));
        let odd = parent.join(format!("{PREFIX}no-pid"));
        for dir in [&dead, &live, &other, &odd] {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(dead.join("table.tbl"), b"x").unwrap();
        let removed = sweep_dead(&parent);
        if Path::new("/proc/self").exists() {
            assert_eq!(removed, 1);
            assert!(!dead.exists());
        } else {
            assert_eq!(removed, 0);
        }
        assert!(live.exists() && other.exists() && odd.exists());
        std::fs::remove_dir_all(&parent).unwrap();
    }
}
