//! `goat solve --batch` over 10,000 boards (numbers and glyph rows) with bad lines, comments
//! and blank lines mixed in: every good line solved optimally (its moves replay to the goal
//! in exactly the exact distance), every bad line reported with its line number and the
//! reason, one JSON object per board line in input order, and exit status 2.

use std::process::Command;

use goat::board::{apply, Board, Dir, Goat, GoatMove, GOAL};
use goat::ExactHeuristic;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use slide_core::Puzzle;

/// The bad lines, and what their error must say.
const BAD: [(&str, &str); 5] = [
    ("1 8 9 10 / 2 0 7 5 / 3 8 4 16", "16 at column 28 is not a Goat cell"),
    ("1 8 9 10 / 2 0 7 5 / 3 8 4", "row 3 has 3 cells"),
    ("1 8 9 10 / 2 5 7 5 / 3 8 4 6", "piece 5 (羊) appears 2 times, at row 2, column 2 and row 2, column 4"),
    ("┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 犬", "unexpected character '犬' at column 25"),
    ("1 8 10 9 / 2 0 7 5 / 3 8 4 6", "side by side"),
];

fn dir(name: &str) -> Dir {
    match name {
        "Up" => Dir::Up,
        "Down" => Dir::Down,
        "Left" => Dir::Left,
        _ => Dir::Right,
    }
}

#[test]
fn ten_thousand_boards_with_bad_lines_mixed_in() {
    let goal = Board::from_cells(&GOAL);
    let exact = ExactHeuristic::build(goal, &|_| {}).unwrap();
    let mut rng = Pcg64::seed_from_u64(3);
    let mut text = String::from("# 10,000 boards\n");
    let mut expected: Vec<(usize, Result<Board, usize>)> = Vec::new();
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
            k => {
                let mut b = goal;
                for _ in 0..rng.random_range(0..14) {
                    let mut next = Vec::new();
                    Goat.for_each_successor(&b, |_, c| next.push(c));
                    b = next[rng.random_range(0..next.len())];
                }
                text.push_str(&if k % 2 == 0 { b.numbers() } else { b.glyph_rows().join(" / ") });
                text.push('\n');
                expected.push((line, Ok(b)));
            }
        }
    }
    let dir_path = std::env::temp_dir().join(format!("goat-batch-10k-{}", std::process::id()));
    std::fs::create_dir_all(&dir_path).unwrap();
    let file = dir_path.join("boards.txt");
    std::fs::write(&file, &text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_goat"))
        .args(["solve", "--json", "--batch", file.to_str().unwrap()])
        .env("SLIDE_DATA_DIR", &dir_path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "bad lines make the batch exit 2");
    let results: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(results.len(), expected.len(), "one result per board line");
    let mut failed = 0;
    for (v, (line, want)) in results.iter().zip(&expected) {
        assert_eq!(v["line"], *line, "results come in input order");
        match want {
            Ok(start) => {
                let moves = v["moves"].as_array().unwrap();
                let pieces = v["pieces"].as_array().unwrap();
                let end = moves.iter().zip(pieces).fold(*start, |b, (m, p)| {
                    let mv = GoatMove { piece: p.as_u64().unwrap() as u8, dir: dir(m.as_str().unwrap()) };
                    apply(b, mv).unwrap_or_else(|| panic!("line {line}: {mv} is not legal"))
                });
                assert_eq!(end, goal, "line {line} replays to the goal");
                assert_eq!(moves.len() as u32, exact.distance(*start), "line {line} is optimal");
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
    std::fs::remove_dir_all(&dir_path).ok();
}
