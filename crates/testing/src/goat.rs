//! Goat solutions replayed through the library ([`Board::try_play`]): a record of `goat
//! solve` (and of `goat-mpi`). Behind the feature `goat`, as [`crate::tiles`] is behind
//! `tiles`.

use goat::{Board, GoatMove};
use serde_json::Value;

/// Checks a solve record by playing it: its `moves` (the way each piece slides) with its
/// `pieces` (which piece, by number, 1 to 9) are legal from its `start` and end at its
/// `goal`. Returns the board reached.
pub fn replay(record: &Value) -> Board {
    let cells = |key: &str| -> Vec<u8> {
        serde_json::from_value(record[key].clone()).unwrap_or_else(|e| panic!("{key} is not a list of cells: {e}"))
    };
    let board = |key: &str| goat::parse::board_from_cells(&cells(key)).unwrap_or_else(|e| panic!("{key}: {e}"));
    let (dirs, pieces) = (record["moves"].as_array().expect("moves"), record["pieces"].as_array().expect("pieces"));
    assert_eq!(dirs.len(), pieces.len(), "a piece for each move");
    let moves: Vec<GoatMove> = dirs
        .iter()
        .zip(pieces)
        .map(|(d, p)| {
            let piece = p.as_u64().filter(|p| (1..=9).contains(p)).unwrap_or_else(|| panic!("{p} is not a piece"));
            let dir = d.as_str().and_then(|d| d.parse().ok()).unwrap_or_else(|| panic!("{d} is not a direction"));
            GoatMove { piece: piece as u8, dir }
        })
        .collect();
    let end = board("start")
        .try_play(&moves)
        .unwrap_or_else(|e| panic!("move {} ({}) is illegal", e.index + 1, moves[e.index]));
    assert_eq!(end, board("goal"), "the moves end at the goal");
    end
}
