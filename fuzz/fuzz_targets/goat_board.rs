//! Goat boards as `goat` reads them (BOARD and `--goal`): numbers or glyph rows. An accepted
//! board prints back (as numbers and as Hiroi's glyph rows) to itself, and a solution
//! found within a node bound replays to the goal.
#![no_main]

use goat::board::{Board, GOAL};
use goat::heuristics::HiroiHeuristic;
use goat::parse::board_from_cells;
use goat::{ida_options, parse_board, Goat};
use libfuzzer_sys::fuzz_target;
use slide_core::search::{ida_star, Limits};
use slide_core::Outcome;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(board) = parse_board(&text) else { return };
    assert_eq!(parse_board(&board.numbers()), Ok(board));
    assert_eq!(parse_board(&board.glyph_rows().join("\n")), Ok(board));
    assert_eq!(board_from_cells(&board.cells()), Ok(board));
    let goal = Board::from_cells(&GOAL);
    let mut options = ida_options(board, goal, Limits::nodes(5_000));
    options.parallel = false;
    if let (Outcome::Found(path), _) = ida_star(&Goat, &HiroiHeuristic::new(goal), board, |s| *s == goal, &options) {
        let end = board.try_play(&path.moves).expect("every move is legal");
        assert_eq!(end, goal);
    }
});
