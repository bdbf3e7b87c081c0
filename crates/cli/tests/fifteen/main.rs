//! The `fifteen` binary, run as a user runs it: the code-golf challenge's boards, bad input,
//! boards of any size, the algorithms and their records, Lecky's experiments, bounds and
//! Ctrl-C, batches, pictures, tables, and the contract every binary keeps.

mod batch;
mod bounds;
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

use fifteen::{Dims, Direction, Grid};
use serde_json::Value;
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

/// Checks a solve record by playing it: its `moves` (the direction each tile slides) are
/// legal from its `start`, slide the tiles its `pieces` name, and end at its `goal`.
pub fn replay(v: &Value) -> Grid {
    let number = |x: &Value| x.as_u64().unwrap_or_else(|| panic!("not a number: {x}"));
    let dims = Dims::new(number(&v["rows"]) as usize, number(&v["cols"]) as usize).expect("dimensions");
    let board = |k: &str| {
        let cells: Vec<u32> = v[k].as_array().unwrap().iter().map(|c| number(c) as u32).collect();
        Grid::from_cells(dims, &cells).unwrap()
    };
    let start = board("start");
    let moves: Vec<Direction> =
        v["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().parse().unwrap()).collect();
    let tiles: Vec<u16> = v["pieces"].as_array().unwrap().iter().map(|t| number(t) as u16).collect();
    let end = start.try_play(&moves).unwrap_or_else(|i| panic!("move {} ({}) is illegal", i + 1, moves[i]));
    assert_eq!(start.try_play_tiles(&tiles).as_ref(), Ok(&end), "the pieces are the tiles the moves slide");
    assert_eq!(end, board("goal"), "the moves end at the goal");
    end
}
