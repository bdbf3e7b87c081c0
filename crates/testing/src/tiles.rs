//! Tile solutions replayed through the library ([`Grid::try_play`], [`Grid::slide`]): a
//! record of `fifteen solve` (and of `fifteen-mpi`, which writes the same), and the steps
//! of a solution as slide-web's API writes them. Each panics, naming the move, when a move
//! is not legal, names another tile or leads to another board than the record says, and the
//! caller compares the board returned with the goal.
//!
//! Behind the feature `tiles`, so that slide-core's own tests, which use this crate for
//! [`crate::scratch`], do not build the puzzle crates.

use fifteen::{Direction, Grid, Shape, Tile};
use serde_json::{json, Value};

/// A record's number at `key`.
fn number(record: &Value, key: &str) -> u64 {
    record[key].as_u64().unwrap_or_else(|| panic!("{key} is not a number: {record}"))
}

/// A record's board at `key` (a list of cells, row-major).
fn board(record: &Value, key: &str, shape: Shape) -> Grid {
    let cells: Vec<u32> = record[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} is not a list: {record}"))
        .iter()
        .map(|c| c.as_u64().unwrap_or_else(|| panic!("a cell of {key} is not a number: {c}")) as u32)
        .collect();
    Grid::from_cells(shape, &cells).unwrap_or_else(|e| panic!("{key} is not a {shape} board: {e}"))
}

/// Checks a solve record by playing it: its `moves` (the direction each tile slides) are
/// legal from its `start`, slide the tiles its `pieces` name, and end at its `goal`.
/// Returns the board reached.
pub fn replay(record: &Value) -> Grid {
    let shape = Shape::new(number(record, "rows") as usize, number(record, "cols") as usize).expect("dimensions");
    let start = board(record, "start", shape);
    let moves: Vec<Direction> = record["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().and_then(|m| m.parse().ok()).unwrap_or_else(|| panic!("{m} is not a direction")))
        .collect();
    let tiles: Vec<Tile> = record["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .map(|t| Tile::new(t.as_u64().unwrap_or_else(|| panic!("a piece is not a number: {t}")) as usize))
        .collect();
    let end = start.try_play(&moves).unwrap_or_else(|e| panic!("move {} ({}) is illegal", e.index + 1, moves[e.index]));
    assert_eq!(start.try_play_tiles(&tiles).as_ref(), Ok(&end), "the pieces are the tiles the moves slide");
    assert_eq!(end, board(record, "goal", shape), "the moves end at the goal");
    end
}

/// Plays the steps of a tile solution as slide-web writes them from `start`: each slides
/// one tile the one way its `dirs` says, from the cell its `row` and `col` say, names that
/// tile as its `piece`, and leaves the board its `board` says. Returns the board reached.
pub fn play_steps(start: &Grid, steps: &[Value]) -> Grid {
    let mut board = start.clone();
    for (i, step) in steps.iter().enumerate() {
        let n = i + 1;
        let dirs = step["dirs"].as_array().unwrap_or_else(|| panic!("move {n}: no dirs: {step}"));
        assert_eq!(dirs.len(), 1, "move {n}: a tile slides one cell");
        let d: Direction = dirs[0].as_str().and_then(|d| d.parse().ok()).unwrap_or_else(|| panic!("move {n}: {step}"));
        let shape = board.shape();
        let from = shape.source(board.blank(), d).unwrap_or_else(|| panic!("move {n}: no tile slides {d}"));
        assert_eq!(
            (&step["row"], &step["col"]),
            (&json!(shape.row(from)), &json!(shape.col(from))),
            "move {n}: its cell"
        );
        let tile = board.slide(d).expect("a tile next to the blank slides");
        assert_eq!(step["piece"], json!(tile.to_string()), "move {n} names its tile");
        assert_eq!(step["board"], json!(board.text()), "move {n}: the board after it");
    }
    board
}
