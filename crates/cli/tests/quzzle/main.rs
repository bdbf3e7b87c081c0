//! The `quzzle` binary, run as a user runs it: the shipped puzzles and boards of one's own
//! solved, counted and analysed through the binary, puzzle files, bad input, unreachable
//! goals, bounds and Ctrl-C, batches, pictures, and the contract every binary keeps.

mod batch;
mod bounds;
mod cli;
mod contract;
mod pictures;
mod survey;

use std::process::Output;

use slide_testing::Bin;

/// The binary under test.
pub const PROGRAM: &str = env!("CARGO_BIN_EXE_quzzle");

/// `quzzle` (it keeps no tables).
pub fn program() -> Bin {
    Bin::new(PROGRAM)
}

/// Runs `quzzle` with `args`.
pub fn quzzle(args: &[&str]) -> Output {
    program().run(args)
}
