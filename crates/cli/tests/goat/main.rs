//! The `goat` binary, run as a user runs it: Hiroi's Goat puzzle solved, counted and analysed
//! through the binary, glyph boards aligned, bad input, bounds and Ctrl-C, batches, a corrupt
//! table, pictures, tables, and the contract every binary keeps.

mod batch;
mod bounds;
mod cli;
mod contract;
mod pictures;
mod play;

use std::path::Path;
use std::process::Output;

use slide_testing::Bin;

/// The binary under test.
pub const PROGRAM: &str = env!("CARGO_BIN_EXE_goat");

/// `goat`, its tables in a directory of this test process's own.
pub fn program() -> Bin {
    Bin::new(PROGRAM)
}

/// Runs `goat` with `args`.
pub fn goat(args: &[&str]) -> Output {
    program().run(args)
}

/// Runs `goat` with `args`, its tables in `dir`.
pub fn in_dir(dir: &Path, args: &[&str]) -> Output {
    program().data_dir(dir).run(args)
}
