//! The `seven` binary, run as a user runs it: the 7-puzzle's figures through the binary, bad
//! input, bounds and Ctrl-C, batches, pictures, tables, and the contract every binary keeps.

mod batch;
mod bounds;
mod cli;
mod contract;
mod pictures;
mod play;

use std::path::Path;
use std::process::Output;

use fifteen::parse::parse_board;
use fifteen::{TilePuzzle, TileState};
use slide_testing::Bin;

/// The binary under test.
pub const PROGRAM: &str = env!("CARGO_BIN_EXE_seven");

/// `seven`, its tables in a directory of this test process's own.
pub fn program() -> Bin {
    Bin::new(PROGRAM)
}

/// Runs `seven` with `args`.
pub fn seven(args: &[&str]) -> Output {
    program().run(args)
}

/// Runs `seven` with `args`, its tables in `dir`.
pub fn in_dir(dir: &Path, args: &[&str]) -> Output {
    program().data_dir(dir).run(args)
}

/// The 7-puzzle to its standard goal.
pub fn puzzle() -> TilePuzzle {
    TilePuzzle::new(seven::SHAPE, TilePuzzle::standard_goal(seven::SHAPE)).unwrap()
}

/// The 7-puzzle's farthest position, the default board.
pub fn default_board() -> TileState {
    parse_board(seven::DEFAULT_BOARD, Some(seven::SHAPE)).unwrap().0
}
