//! `fifteen solve --batch` over 10,000 boards of three shapes (inferred from their rows) with
//! bad lines, comments and blank lines mixed in: every good line solved optimally (its tiles
//! replay to the goal, as many as IDA* with Manhattan distance needs), every bad line
//! reported with its line number and the reason, one JSON object per board line in input
//! order, and exit status 2 because some lines failed.

use std::collections::HashMap;
use std::process::Command;

use fifteen::heuristics::Manhattan;
use fifteen::solvable::solution_parity;
use fifteen::{Shape, TilePuzzle, TileState};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use slide_core::search::{ida_star, IdaOptions};
use slide_core::Puzzle;

/// What a line must give: a board (the index of its puzzle, the start) or a bad line's error.
type Expected = Result<(usize, TileState), usize>;

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
        .map(|s| TilePuzzle::new(s, TilePuzzle::standard_goal(s)))
        .collect();
    let mut rng = Pcg64::seed_from_u64(15);
    let mut text = String::from("# 10,000 boards\n");
    // (line number, the board, or the index of the bad line)
    let mut expected: Vec<(usize, Expected)> = Vec::new();
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
                let which = rng.random_range(0..puzzles.len());
                let p = &puzzles[which];
                let mut s = p.goal();
                for _ in 0..rng.random_range(0..16) {
                    let mut next = Vec::new();
                    p.for_each_successor(&s, |_, c| next.push(c));
                    s = next[rng.random_range(0..next.len())];
                }
                text.push_str(&fifteen::parse::board_text(&s, p.shape()));
                text.push('\n');
                expected.push((line, Ok((which, s))));
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("fifteen-batch-10k-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    std::fs::write(&file, &text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_fifteen"))
        .args(["solve", "--json", "--heuristic", "linear-conflict", "--batch", file.to_str().unwrap()])
        .env("SLIDE_DATA_DIR", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "bad lines make the batch exit 2");
    let results: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(results.len(), expected.len(), "one result per board line");
    let mut lengths: HashMap<(usize, TileState), u32> = HashMap::new();
    let mut failed = 0;
    for (v, (line, want)) in results.iter().zip(&expected) {
        assert_eq!(v["line"], *line, "results come in input order");
        match want {
            Ok((which, start)) => {
                let (p, start) = (&puzzles[*which], start);
                let pieces: Vec<u8> =
                    v["pieces"].as_array().unwrap().iter().map(|t| t.as_u64().unwrap() as u8).collect();
                let mut s = *start;
                for t in &pieces {
                    let mut next = None;
                    p.for_each_successor(&s, |m, c| next = next.or((m.tile == *t).then_some(c)));
                    s = next.unwrap_or_else(|| panic!("line {line}: tile {t} cannot move"));
                }
                assert!(p.is_goal(&s), "line {line} replays to the goal");
                let d = *lengths.entry((*which, *start)).or_insert_with(|| {
                    let options = IdaOptions {
                        solution_parity: Some(solution_parity(p.shape(), start, &p.goal())),
                        parallel: false,
                        ..IdaOptions::default()
                    };
                    let h = Manhattan::new(p);
                    ida_star(p, &h, *start, |x| p.is_goal(x), &options).0.found().unwrap().len() as u32
                });
                assert_eq!(pieces.len() as u32, d, "line {line} is optimal");
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
