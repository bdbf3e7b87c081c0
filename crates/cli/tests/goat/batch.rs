//! `goat solve --batch` over 10,000 boards (numbers and glyph rows) with bad lines, comments
//! and blank lines mixed in: every good line solved optimally (its moves replay to the goal
//! in exactly the exact distance), every bad line reported with its line number and the
//! reason, one JSON object per board line in input order, and exit status 2.

use goat::board::{Board, Goat, GOAL};
use goat::ExactHeuristic;
use rand::RngExt;
use slide_core::Puzzle;
use slide_testing::contract::{mixed_batch, run_mixed_batch, run_shared_batches, MixedBatch};

use super::PROGRAM;

/// The bad lines, and what their error must say.
const BAD: [(&str, &str); 5] = [
    ("1 8 9 10 / 2 0 7 5 / 3 8 4 16", "16 at column 28 is not a Goat cell"),
    ("1 8 9 10 / 2 0 7 5 / 3 8 4", "row 3 has 3 cells"),
    ("1 8 9 10 / 2 5 7 5 / 3 8 4 6", "piece 5 (羊) appears 2 times, at row 2, column 2 and row 2, column 4"),
    ("┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 犬", "unexpected character '犬' at column 25"),
    ("1 8 10 9 / 2 0 7 5 / 3 8 4 6", "side by side"),
];

/// 10,000 board lines: boards a few moves from the goal (numbers or glyph rows), bad lines.
fn batch() -> MixedBatch<Board> {
    let goal = Board::from_cells(&GOAL);
    mixed_batch(3, 10_000, &BAD, |rng| {
        let mut b = goal;
        for _ in 0..rng.random_range(0..14) {
            let mut next = Vec::new();
            Goat.for_each_successor(&b, |_, c| next.push(c));
            b = next[rng.random_range(0..next.len())];
        }
        (if rng.random_bool(0.5) { b.numbers() } else { b.glyph_rows().join(" / ") }, b)
    })
}

/// A checker of solved lines: the moves replay to the goal in exactly the exact distance.
fn checker() -> impl FnMut(usize, &serde_json::Value, &Board) {
    let goal = Board::from_cells(&GOAL);
    let exact = ExactHeuristic::build(goal, &|_| {}).unwrap();
    move |line, v, start| {
        assert_eq!(v["start"], serde_json::json!(start.cells()), "line {line}: its board");
        assert_eq!(slide_testing::goat::replay(v), goal, "line {line} replays to the goal");
        assert_eq!(v["moves"].as_array().unwrap().len() as u32, exact.distance(*start), "line {line} is optimal");
    }
}

#[test]
fn ten_thousand_boards_with_bad_lines_mixed_in() {
    run_mixed_batch(PROGRAM, &["solve"], &batch(), &BAD, checker());
}

/// Four processes share one data directory while the exact table is built on first use, one
/// killed during the build: every line of the others answered once, the table sound after.
#[test]
fn four_processes_share_a_table_being_built_one_killed() {
    let kill_after = std::time::Duration::from_millis(300);
    run_shared_batches(PROGRAM, &["solve"], &batch(), &BAD, "exact", kill_after, checker());
}
