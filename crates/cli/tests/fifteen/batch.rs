//! `fifteen solve --batch` over 10,000 boards of three shapes (inferred from their rows) with
//! bad lines, comments and blank lines mixed in: every good line solved optimally (its tiles
//! replay to the goal, as many as IDA* with Manhattan distance needs), every bad line
//! reported with its line number and the reason, one JSON object per board line in input
//! order, and exit status 2 because some lines failed.

use fifteen::heuristics::{ExactDistance, Manhattan};
use fifteen::solvable::solution_parity;
use fifteen::{Shape, Tile, TilePuzzle, TileState};
use rand::RngExt;
use slide_core::search::{ida_star, IdaOptions};
use slide_core::{Heuristic, Puzzle};
use slide_testing::contract::{mixed_batch, run_mixed_batch, run_shared_batches};
use std::collections::HashMap;

use super::PROGRAM;

/// The bad lines, and what their error must say.
const BAD: [(&str, &str); 6] = [
    ("1 2 3 / 4 5 16 / 7 8 0", "row 2, column 3: tile 16 is out of range for a 3x3 board"),
    ("1 2 3 4 5 6 7", "cannot infer the size of a board of 7 cells"),
    (
        "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 14 0",
        "row 4, column 3: tile 14 appears twice (first at row 4, column 2)",
    ),
    ("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0", "unsolvable"),
    ("1 2 3 / 4 5 6 / 7 8 x", "unexpected character 'x' at column 21"),
    ("1 2 3 / 4 5 6 7 / 8 0", "row 2 has 4 cells, the board has 3 columns"),
];

#[test]
fn ten_thousand_boards_with_bad_lines_mixed_in() {
    let puzzles: Vec<TilePuzzle> = [(4, 4), (3, 3), (2, 5)]
        .into_iter()
        .map(|(r, c)| Shape::new(r, c).unwrap())
        .map(|s| TilePuzzle::new(s, TilePuzzle::standard_goal(s)).unwrap())
        .collect();
    // Each board's record: the index of its puzzle and the start.
    let batch = mixed_batch(15, 10_000, &BAD, |rng| {
        let which = rng.random_range(0..puzzles.len());
        let p = &puzzles[which];
        let mut s = p.goal();
        for _ in 0..rng.random_range(0..16) {
            let mut next = Vec::new();
            p.for_each_successor(&s, |_, c| next.push(c));
            s = next[rng.random_range(0..next.len())];
        }
        (fifteen::parse::board_text(&s, p.shape()), (which, s))
    });
    let mut lengths: HashMap<(usize, TileState), u32> = HashMap::new();
    let args = ["solve", "--heuristic", "linear-conflict"];
    run_mixed_batch(PROGRAM, &args, &batch, &BAD, |line, v, &(which, start)| {
        let p = &puzzles[which];
        let pieces: Vec<Tile> =
            v["pieces"].as_array().unwrap().iter().map(|t| Tile::new(t.as_u64().unwrap() as usize)).collect();
        let s = p
            .try_play_tiles(start, &pieces)
            .unwrap_or_else(|e| panic!("line {line}: tile {} cannot move", pieces[e.index]));
        assert!(p.is_goal(&s), "line {line} replays to the goal");
        let d = *lengths.entry((which, start)).or_insert_with(|| {
            let options = IdaOptions {
                solution_parity: Some(solution_parity(p.shape(), &start, &p.goal())),
                parallel: false,
                ..IdaOptions::default()
            };
            let h = Manhattan::new(p);
            ida_star(p, &h, start, |x| p.is_goal(x), &options).0.found().unwrap().len() as u32
        });
        assert_eq!(pieces.len() as u32, d, "line {line} is optimal");
    });
}

/// Four processes share one data directory while the exact tables of 3x3 and 2x5 are built
/// on first use by the default heuristic, one killed during the builds: every line of the
/// others answered once and optimally, every table sound after.
#[test]
fn four_processes_share_tables_being_built_one_killed() {
    let puzzles: Vec<TilePuzzle> = [(3, 3), (2, 5)]
        .into_iter()
        .map(|(r, c)| Shape::new(r, c).unwrap())
        .map(|s| TilePuzzle::new(s, TilePuzzle::standard_goal(s)).unwrap())
        .collect();
    let exact: Vec<ExactDistance> = puzzles.iter().map(|p| ExactDistance::build(p).unwrap()).collect();
    let batch = mixed_batch(16, 10_000, &BAD, |rng| {
        let which = rng.random_range(0..puzzles.len());
        let p = &puzzles[which];
        let mut s = p.goal();
        for _ in 0..rng.random_range(0..24) {
            let mut next = Vec::new();
            p.for_each_successor(&s, |_, c| next.push(c));
            s = next[rng.random_range(0..next.len())];
        }
        (fifteen::parse::board_text(&s, p.shape()), (which, s))
    });
    let kill_after = std::time::Duration::from_millis(150);
    run_shared_batches(PROGRAM, &["solve"], &batch, &BAD, "exact-2x5", kill_after, |line, v, &(which, start)| {
        let p = &puzzles[which];
        let pieces: Vec<Tile> =
            v["pieces"].as_array().unwrap().iter().map(|t| Tile::new(t.as_u64().unwrap() as usize)).collect();
        let s = p
            .try_play_tiles(start, &pieces)
            .unwrap_or_else(|e| panic!("line {line}: tile {} cannot move", pieces[e.index]));
        assert!(p.is_goal(&s), "line {line} replays to the goal");
        assert_eq!(v["length"].as_u64().unwrap() as u32, exact[which].estimate(&start), "line {line} is optimal");
    });
}
