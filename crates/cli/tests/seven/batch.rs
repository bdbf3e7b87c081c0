//! `seven solve --batch` over 10,000 boards with bad lines, comments and blank lines mixed
//! in: every good line solved optimally (its tiles replay to the goal in exactly the exact
//! distance), every bad line reported with its line number and the reason, one JSON object
//! per board line in input order, and exit status 2 because some lines failed.

use fifteen::heuristics::ExactDistance;
use fifteen::{Tile, TilePuzzle, TileState};
use rand::RngExt;
use slide_core::{Heuristic, Puzzle};
use slide_testing::contract::{mixed_batch, run_mixed_batch, run_shared_batches, MixedBatch};
use std::collections::HashMap;

use super::PROGRAM;

/// The bad lines, and what their error must say.
const BAD: [(&str, &str); 5] = [
    ("1 2 3 4 / 5 9 7 0", "row 2, column 2: tile 9 is out of range for a 2x4 board"),
    ("1 2 3 4 5 6 7", "7 cells given, a 2x4 board has 8"),
    ("1 2 3 4 / 5 6 6 0", "row 2, column 3: tile 6 appears twice (first at row 2, column 2)"),
    ("1 2 3 4 / 5 7 6 0", "unsolvable"),
    ("1 2 3 4 / 5 6 x 0", "unexpected character 'x' at column 15"),
];

/// 10,000 board lines a few moves from the goal, with bad lines.
fn batch(p: &TilePuzzle) -> MixedBatch<TileState> {
    mixed_batch(8, 10_000, &BAD, |rng| {
        let mut s = p.goal();
        for _ in 0..rng.random_range(0..16) {
            let mut next = Vec::new();
            p.for_each_successor(&s, |_, c| next.push(c));
            s = next[rng.random_range(0..next.len())];
        }
        (fifteen::parse::board_text(&s, seven::SHAPE), s)
    })
}

/// A checker of solved lines: the tiles replay to the goal in exactly the exact distance.
fn checker(p: &TilePuzzle) -> impl FnMut(usize, &serde_json::Value, &TileState) + '_ {
    let exact = ExactDistance::build(p).unwrap();
    let mut lengths: HashMap<TileState, u32> = HashMap::new();
    move |line, v, start| {
        let pieces: Vec<Tile> =
            v["pieces"].as_array().unwrap().iter().map(|t| Tile::new(t.as_u64().unwrap() as usize)).collect();
        let s = p
            .try_play_tiles(*start, &pieces)
            .unwrap_or_else(|e| panic!("line {line}: tile {} cannot move", pieces[e.index]));
        assert!(p.is_goal(&s), "line {line} replays to the goal");
        let d = *lengths.entry(*start).or_insert_with(|| exact.estimate(start));
        assert_eq!(pieces.len() as u32, d, "line {line} is optimal");
    }
}

#[test]
fn ten_thousand_boards_with_bad_lines_mixed_in() {
    let p = TilePuzzle::new(seven::SHAPE, TilePuzzle::standard_goal(seven::SHAPE)).unwrap();
    run_mixed_batch(PROGRAM, &["solve"], &batch(&p), &BAD, checker(&p));
}

/// Four processes share one data directory while the exact table is built on first use, one
/// killed as it starts: every line of the others answered once, the table sound after.
#[test]
fn four_processes_share_a_table_being_built_one_killed() {
    let p = TilePuzzle::new(seven::SHAPE, TilePuzzle::standard_goal(seven::SHAPE)).unwrap();
    let kill_after = std::time::Duration::from_millis(20);
    run_shared_batches(PROGRAM, &["solve"], &batch(&p), &BAD, "exact-2x4", kill_after, checker(&p));
}
