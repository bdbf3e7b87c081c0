//! The `goat` binary, run as a user would: default solve, JSON output, bad input.

use goat::board::{Board, GOAL, START};
use slide_testing::{scratch, stdout};

use super::{in_dir, program};

#[test]
fn default_solves_the_start_in_20_moves() {
    let o = in_dir(&scratch("goat-default"), &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("20 moves, optimal"), "{}", stdout(&o));
    let o = in_dir(&scratch("goat-boards"), &["solve", "--boards"]);
    let text = stdout(&o);
    assert!(text.contains("20 moves, optimal"), "{text}");
    assert!(text.contains("\nstart:\n") && text.contains("\n20. "), "{text}");
    // The last board printed is the goal, in glyphs.
    assert!(text.trim_end().ends_with(&Board::from_cells(&GOAL).to_string()), "{text}");
}

/// The display column where each glyph of `row` starts, in a terminal.
fn glyph_columns(row: &str) -> Vec<usize> {
    use unicode_width::UnicodeWidthChar;
    let mut at = 0;
    let mut columns = Vec::new();
    for c in row.chars() {
        if c != ' ' {
            columns.push(at);
        }
        at += c.width().unwrap_or(0);
    }
    columns
}

#[test]
fn boards_and_steps_stay_aligned_in_a_terminal() {
    use unicode_width::UnicodeWidthStr;
    // 52 moves: 羊 and 狼 (two columns wide) pass through every column.
    let o = in_dir(&scratch("goat-aligned"), &["solve", "--boards", "6 7 9 10 / 4 5 2 8 / 0 8 3 1"]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| *l == "start:").expect("--boards prints the start");
    let boards: Vec<&[&str]> = lines[start..].chunks(4).map(|c| &c[1..]).collect();
    assert_eq!(boards.len(), 53, "{text}");
    let mut wide_columns = std::collections::BTreeSet::new();
    for board in boards {
        for row in board {
            assert_eq!(row.width(), 8, "every row four cells of two columns: {row:?}");
            assert!(glyph_columns(row).iter().all(|c| c % 2 == 0), "a glyph off its column: {row:?}");
            for (c, g) in glyph_columns(row).iter().zip(row.chars().filter(|&g| g != ' ')) {
                if g == '羊' || g == '狼' {
                    wide_columns.insert(c / 2);
                }
            }
        }
    }
    assert_eq!(wide_columns.len(), 4, "the wide glyphs visit every column");
    // The numbered steps line up in columns too, whatever their glyphs' widths.
    let steps: Vec<&str> = lines[1..start].iter().copied().filter(|l| !l.starts_with("pieces:")).collect();
    let number_columns = |l: &str| -> Vec<usize> {
        let mut at = 0;
        let mut out = Vec::new();
        let words: Vec<&str> = l.split(' ').collect();
        for w in &words {
            if w.ends_with('.') && w.trim_end_matches('.').parse::<u32>().is_ok() {
                out.push(at + w.width());
            }
            at += w.width() + 1;
        }
        out
    };
    let first = number_columns(steps[0]);
    assert_eq!(first.len(), 8, "{text}");
    for l in &steps {
        let columns = number_columns(l);
        assert_eq!(columns[..], first[..columns.len()], "step columns: {l:?}\n{text}");
    }
}

#[test]
fn json_solution_replays_to_the_goal() {
    let o = in_dir(
        &scratch("goat-json"),
        &["solve", "--json", "--heuristic", "pdb", "6 7 9 10 / 4 5 2 8 / 0 8 3 1", "┌─┐ │□∥羊 └─┘狼"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    for (v, want) in lines.iter().zip([52, 20]) {
        assert_eq!(v["puzzle"], "goat");
        assert_eq!(v["length"], want);
        assert_eq!(v["optimal"], true);
        assert_eq!(v["heuristic"], "pdb");
        assert_eq!(v["goal"], serde_json::json!(GOAL));
        assert_eq!(v["moves"].as_array().unwrap().len(), want);
        assert_eq!(slide_testing::goat::replay(v), Board::from_cells(&GOAL));
    }
    assert_eq!(lines[1]["start"], serde_json::json!(START));
}

#[test]
fn bad_boards_exit_2_with_the_reason() {
    let o = in_dir(&scratch("goat-bad"), &["solve", "1 8 9 10 / 2 0 7 5 / 3 8 4 4"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("piece 4 (┘) appears 2 times") && err.contains("piece 6 (狼) appears 0 times"), "{err}");
    let o = in_dir(&scratch("goat-bad-glyph"), &["count", "┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 犬"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("'犬'"));
    let o = in_dir(&scratch("goat-bad-goal"), &["solve", "--goal", "1 2 3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--goal: the board has 3 cells"));
}

#[test]
fn limits_exit_3() {
    let o = in_dir(
        &scratch("goat-limit"),
        &["solve", "--heuristic", "hiroi", "--max-nodes", "1000", "6 7 9 10 / 4 5 2 8 / 0 8 3 1"],
    );
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("node limit"));
}

#[test]
fn analyze_and_count_json() {
    let o = in_dir(&scratch("goat-analyze"), &["analyze", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["states"], 5_443_200);
    assert_eq!(v["max_depth"], 52);
    assert_eq!(v["histogram"][0], 1);
    assert_eq!(v["histogram"][52], 7);
    assert_eq!(v["antipodes"].as_array().unwrap().len(), 7);
    let hist: Vec<u64> = serde_json::from_value(v["histogram"].clone()).unwrap();
    assert_eq!(hist.iter().sum::<u64>(), 5_443_200);

    let o = in_dir(&scratch("goat-count"), &["count", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["length"], 20);
    let goal = Board::from_cells(&GOAL);
    let h = goat::AnyHeuristic::build(goat::HeuristicKind::Pdb, goal, None).unwrap();
    let lib = goat::count(Board::from_cells(&START), goal, &h, false, Default::default()).0.found().unwrap();
    assert_eq!(v["count"], lib.count as u64);
}

#[test]
fn batch_errors_name_their_line() {
    let dir = std::env::temp_dir().join(format!("goat-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    std::fs::write(&file, "# two boards\n1 8 9 10 / 2 0 7 5 / 3 8 4 6\n\n1 8 9 10 / 2 0 7 5 / 3 8 4\n").unwrap();
    let o = in_dir(&scratch("goat-batch"), &["solve", "--json", "--batch", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["length"], 20);
    assert_eq!(lines[1]["line"], 4);
    assert!(lines[1]["error"].as_str().unwrap().contains("row 3 has 3 cells"));
}

#[test]
fn a_corrupt_table_fails_each_board_that_needs_it_and_the_batch_goes_on() {
    let dir = scratch("goat-corrupt");
    let table = dir.join(goat::exact_table_spec().file_name());
    std::fs::write(&table, b"not a table at all").unwrap();
    let batch = dir.join("boards.txt");
    std::fs::write(&batch, "1 8 9 10 / 2 0 7 5 / 3 8 4 6\n1 8 9 10 / 2 5 0 7 / 3 8 4 6\n").unwrap();
    let o = program()
        .command(&[])
        .args(["solve", "--json", "--batch", batch.to_str().unwrap(), "--data-dir", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2, "one record per line");
    for (v, line) in lines.iter().zip([1, 2]) {
        assert_eq!(v["line"], line);
        assert!(v["error"].as_str().unwrap().contains("is unusable"), "{v}");
    }
    // Another heuristic needs no table: the same batch is solved.
    let o = program()
        .command(&[])
        .args(["solve", "--json", "--heuristic", "pdb", "--batch", batch.to_str().unwrap()])
        .args(["--data-dir", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_dir_all(&dir).ok();
}
