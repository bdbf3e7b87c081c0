//! `quzzle solve --batch` over 10,000 positions of the Pennant puzzle (near its goal, so that
//! each search is short) with bad lines, comments and blank lines mixed in: every good line
//! solved (each step one of the library's moves, the last board a goal, as many moves as the
//! library's BFS needs), every bad line reported with
//! its line number and the reason, one JSON object per board line in input order, exit 2.

use std::collections::HashMap;

use quzzle::parse::{rows_of, PENNANT_GOAL};
use quzzle::{label_path, solve_instance, Algorithm, Instance, Metric};
use rand::RngExt;
use slide_core::search::Limits;
use slide_core::Puzzle;
use slide_testing::contract::{mixed_batch, run_mixed_batch};

use super::PROGRAM;

/// The Pennant position `board` (one character per cell), to the Pennant's goal.
fn pennant(board: &str) -> Instance {
    Instance::new("b", board, Some(PENNANT_GOAL), Some((5, 4)), Metric::Cell).unwrap()
}

/// Checks that `after` is one legal move from `before`: the labelled board one of the
/// library's moves from `before` leads to.
fn one_move(before: &str, after: &str) -> Result<(), String> {
    let from = pennant(before);
    let mut moves = Vec::new();
    from.board.for_each_successor(&from.start, |m, _| moves.push(m));
    match moves.into_iter().any(|m| label_path(&from, &[m]).last().is_some_and(|b| b.board == after)) {
        true => Ok(()),
        false => Err(format!("{after} is not one move from {before}")),
    }
}

/// The bad lines, and what their error must say.
const BAD: [(&str, &str); 4] = [
    ("1122/1133/45../6788/679", "row 5 has 3 cells, row 1 has 4"),
    ("1212/1133/45../6788/6799", "block '1' is not a filled rectangle"),
    ("1122/1133/45../67é8/6799", "row 4 column 3: 'é' is not a cell"),
    ("1122113345", "cannot tell the shape of a board of 10 cells"),
];

#[test]
fn ten_thousand_boards_with_bad_lines_mixed_in() {
    let seed =
        quzzle::parse::instance_from_file(quzzle::puzzles::named("pennant").unwrap(), "pennant", Some(Metric::Cell))
            .unwrap();
    // The end of an optimal solution: a goal position, from which the boards walk away.
    let solution = solve_instance(&seed, Algorithm::Bfs, &Limits::default()).0.found().unwrap();
    let batch = mixed_batch(1, 10_000, &BAD, |rng| {
        let (mut state, mut moves) = (*solution.states.last().unwrap(), solution.moves.clone());
        for _ in 0..rng.random_range(0..12) {
            let mut next = Vec::new();
            seed.board.for_each_successor(&state, |m, c| next.push((m, c)));
            let (m, c) = next[rng.random_range(0..next.len())];
            moves.push(m);
            state = c;
        }
        let board = label_path(&seed, &moves).last().unwrap().board.clone();
        (rows_of(&board, 4).join("/"), board)
    });
    let mut lengths: HashMap<String, usize> = HashMap::new();
    let args = ["solve", "--goal", PENNANT_GOAL];
    run_mixed_batch(PROGRAM, &args, &batch, &BAD, |line, v, board| {
        assert_eq!(v["start"], *board);
        let boards = v["boards"].as_array().unwrap();
        let mut before = board.clone();
        for b in boards {
            let after = b.as_str().unwrap().to_string();
            one_move(&before, &after).unwrap_or_else(|e| panic!("line {line}: {e}"));
            before = after;
        }
        assert_eq!(&before[16..17], "1", "line {line} ends with the 2x2 block in the lower-left corner");
        let length = *lengths.entry(board.clone()).or_insert_with(|| {
            solve_instance(&pennant(board), Algorithm::Bfs, &Limits::default()).0.found().unwrap().len()
        });
        assert_eq!(boards.len(), length, "line {line} is optimal");
    });
}
