//! The `fifteen` binary, run as a user runs it: the code-golf challenge's boards, bad input,
//! boards of any size, the algorithms and their records, Lecky's experiments, bounds and
//! Ctrl-C, batches, pictures, tables, and the contract every binary keeps.

mod batch;
mod bounds;
mod checkpoint;
mod cli;
mod contract;
mod experiments;
mod forgiving;
mod mtm;
mod notation;
mod pictures;
mod weighted;

use std::path::Path;
use std::process::Output;

use slide_testing::Bin;

/// The binary under test.
pub const PROGRAM: &str = env!("CARGO_BIN_EXE_fifteen");

/// `fifteen`, its tables in a directory of this test process's own.
pub fn program() -> Bin {
    Bin::new(PROGRAM)
}

/// Runs `fifteen` with `args`.
pub fn fifteen(args: &[&str]) -> Output {
    program().run(args)
}

/// Runs `fifteen` with `args`, its tables in `dir`.
pub fn in_dir(dir: &Path, args: &[&str]) -> Output {
    program().data_dir(dir).run(args)
}
