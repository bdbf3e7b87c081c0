//! What the tests of the binaries share (a dev-dependency, never published): launching a
//! binary with a data directory of the test's own and reading its JSON Lines ([`Bin`]),
//! scratch directories ([`scratch`]), the record keys every front end keeps ([`keys`]), the
//! behaviour every binary shares ([`contract`]), and tile and Goat solutions replayed
//! (`tiles` and `goat`, with the features of those names).

pub mod contract;
#[cfg(feature = "goat")]
pub mod goat;
pub mod keys;
#[cfg(feature = "tiles")]
pub mod tiles;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The binary `NAME` of the package under test, as cargo built it for the integration tests:
/// `bin!("fifteen")` is `Bin::new(env!("CARGO_BIN_EXE_fifteen"))`.
#[macro_export]
macro_rules! bin {
    ($name:literal) => {
        $crate::Bin::new(env!(concat!("CARGO_BIN_EXE_", $name)))
    };
}

/// A directory of this test process's own under the system's temporary directory, named
/// after `name` and the process, made empty.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slide-test-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot make {}: {e}", dir.display()));
    dir
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
        let data_dir = std::env::temp_dir().join(format!("slide-test-{name}-tables-{}", std::process::id()));
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
