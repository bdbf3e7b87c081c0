//! `seven solve --batch` over 10,000 boards with bad lines, comments and blank lines mixed
//! in: every good line solved optimally (its tiles replay to the goal in exactly the exact
//! distance), every bad line reported with its line number and the reason, one JSON object
//! per board line in input order, and exit status 2 because some lines failed.

use std::collections::HashMap;
use std::process::Command;

use fifteen::heuristics::ExactDistance;
use fifteen::{TilePuzzle, TileState};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use slide_core::{Heuristic, Puzzle};

/// The bad lines, and what their error must say.
const BAD: [(&str, &str); 5] = [
    ("1 2 3 4 / 5 9 7 0", "row 2, column 2: tile 9 is out of range for a 2x4 board"),
    ("1 2 3 4 5 6 7", "7 cells given, a 2x4 board has 8"),
    ("1 2 3 4 / 5 6 6 0", "row 2, column 3: tile 6 appears twice (first at row 2, column 2)"),
    ("1 2 3 4 / 5 7 6 0", "unsolvable"),
    ("1 2 3 4 / 5 6 x 0", "unexpected character 'x' at column 15"),
];

#[test]
fn ten_thousand_boards_with_bad_lines_mixed_in() {
    let p = TilePuzzle::new(seven::SHAPE, TilePuzzle::standard_goal(seven::SHAPE));
    let exact = ExactDistance::build(&p).unwrap();
    let mut rng = Pcg64::seed_from_u64(8);
    let mut text = String::from("# 10,000 boards\n");
    // (line number, the board, or the index of the bad line)
    let mut expected: Vec<(usize, Result<TileState, usize>)> = Vec::new();
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
                let mut s = p.goal();
                for _ in 0..rng.random_range(0..16) {
                    let mut next = Vec::new();
                    p.for_each_successor(&s, |_, c| next.push(c));
                    s = next[rng.random_range(0..next.len())];
                }
                text.push_str(&fifteen::parse::board_text(&s, seven::SHAPE));
                text.push('\n');
                expected.push((line, Ok(s)));
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("seven-batch-10k-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    std::fs::write(&file, &text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_seven"))
        .args(["solve", "--json", "--batch", file.to_str().unwrap()])
        .env("SLIDE_DATA_DIR", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "bad lines make the batch exit 2");
    let results: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(results.len(), expected.len(), "one result per board line");
    let mut lengths: HashMap<TileState, u32> = HashMap::new();
    let mut failed = 0;
    for (v, (line, want)) in results.iter().zip(&expected) {
        assert_eq!(v["line"], *line, "results come in input order");
        match want {
            Ok(start) => {
                let pieces: Vec<u8> =
                    v["pieces"].as_array().unwrap().iter().map(|t| t.as_u64().unwrap() as u8).collect();
                let mut s = *start;
                for t in &pieces {
                    let mut next = None;
                    p.for_each_successor(&s, |m, c| next = next.or((m.tile == *t).then_some(c)));
                    s = next.unwrap_or_else(|| panic!("line {line}: tile {t} cannot move"));
                }
                assert!(p.is_goal(&s), "line {line} replays to the goal");
                let d = *lengths.entry(*start).or_insert_with(|| exact.estimate(start));
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
