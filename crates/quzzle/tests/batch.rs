//! `quzzle solve --batch` over 10,000 positions of the seed's puzzle (near its goal, so that
//! each search is short) with bad lines,
//! comments and blank lines mixed in: every good line solved (each step one legal move, the
//! last board a goal, as many moves as the library's BFS needs), every bad line reported with
//! its line number and the reason, one JSON object per board line in input order, exit 2.

mod common;

use std::collections::HashMap;
use std::process::Command;

use common::{check_step, shipped};
use quzzle::parse::{rows_of, SEED_GOAL};
use quzzle::{label_path, solve, Algorithm, Instance, Metric};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use slide_core::search::Limits;
use slide_core::Puzzle;

/// The bad lines, and what their error must say.
const BAD: [(&str, &str); 4] = [
    ("1122/1133/45../6788/679", "row 5 has 3 cells, row 1 has 4"),
    ("1212/1133/45../6788/6799", "block '1' is not a filled rectangle"),
    ("1122/1133/45../67é8/6799", "row 4 column 3: 'é' is not a cell"),
    ("1122113345", "cannot tell the shape of a board of 10 cells"),
];

#[test]
fn ten_thousand_boards_with_bad_lines_mixed_in() {
    let seed = shipped("pennant", Metric::Cell);
    // The end of an optimal solution: a goal position, from which the boards walk away.
    let solution = solve(&seed, Algorithm::Bfs, &Limits::default()).0.found().unwrap();
    let mut rng = Pcg64::seed_from_u64(1);
    let mut text = String::from("# 10,000 positions of the seed's puzzle\n");
    let mut expected: Vec<(usize, Result<String, usize>)> = Vec::new();
    let mut line = 1;
    while expected.len() < 10_000 {
        line += 1;
        match rng.random_range(0..40) {
            0 => text.push('\n'),
            1 => text.push_str("# a comment\n"),
            2..=4 => {
                let bad = rng.random_range(0..BAD.len());
                text.push_str(BAD[bad].0);
                text.push('\n');
                expected.push((line, Err(bad)));
            }
            _ => {
                let (mut state, mut moves) = (*solution.states.last().unwrap(), solution.moves.clone());
                for _ in 0..rng.random_range(0..12) {
                    let mut next = Vec::new();
                    seed.board.for_each_successor(&state, |m, c| next.push((m, c)));
                    let (m, c) = next[rng.random_range(0..next.len())];
                    moves.push(m);
                    state = c;
                }
                let board = label_path(&seed, &moves).last().unwrap().board.clone();
                text.push_str(&rows_of(&board, 4).join("/"));
                text.push('\n');
                expected.push((line, Ok(board)));
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("quzzle-batch-10k-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    std::fs::write(&file, &text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_quzzle"))
        .args(["solve", "--json", "--goal", SEED_GOAL, "--batch", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "bad lines make the batch exit 2");
    let results: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(results.len(), expected.len(), "one result per board line");
    let mut lengths: HashMap<String, usize> = HashMap::new();
    let mut failed = 0;
    for (v, (line, want)) in results.iter().zip(&expected) {
        assert_eq!(v["line"], *line, "results come in input order");
        match want {
            Ok(board) => {
                assert_eq!(v["start"], *board);
                let boards = v["boards"].as_array().unwrap();
                let mut before = board.clone();
                for b in boards {
                    let after = b.as_str().unwrap().to_string();
                    check_step(&before, &after, 5, 4, Metric::Cell).unwrap_or_else(|e| panic!("line {line}: {e}"));
                    before = after;
                }
                assert_eq!(&before[16..17], "1", "line {line} ends with the 2x2 block in the lower-left corner");
                let length = *lengths.entry(board.clone()).or_insert_with(|| {
                    let inst = Instance::new("b", board, Some(SEED_GOAL), Some((5, 4)), Metric::Cell).unwrap();
                    solve(&inst, Algorithm::Bfs, &Limits::default()).0.found().unwrap().len()
                });
                assert_eq!(boards.len(), length, "line {line} is optimal");
            }
            Err(bad) => {
                failed += 1;
                let error = v["error"].as_str().unwrap();
                assert!(error.contains(BAD[*bad].1), "line {line}: {error}");
            }
        }
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("{failed} of 10000 lines failed (exit status 2; line ")), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}
