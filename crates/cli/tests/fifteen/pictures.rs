//! `fifteen solve --svg` with several boards: one picture per board, numbered by position or
//! by batch line, each with the right number of boards; `analyze --plot` of the 8-puzzle.

use std::path::PathBuf;

use slide_pictures::render::render;
use slide_testing::scratch;

use super::in_dir;

fn boards_in(file: &PathBuf) -> usize {
    let svg = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    render(&svg, 1.0).unwrap().boards()
}

#[test]
fn several_boards_give_numbered_pictures() {
    let dir = scratch("several");
    let file = dir.join("s.svg");
    // 2 moves and 4 moves.
    let out = in_dir(
        &dir,
        &["solve", "-q", "--svg", file.to_str().unwrap(), "1 2 3 / 4 5 6 / 0 7 8", "1 2 3 / 0 4 6 / 7 5 8"],
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!file.exists(), "several boards never write the bare name");
    assert_eq!(boards_in(&dir.join("s-1.svg")), 3);
    assert_eq!(boards_in(&dir.join("s-2.svg")), 4);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn batch_pictures_are_numbered_by_line_and_bad_lines_draw_nothing() {
    let dir = scratch("batch");
    let batch = dir.join("boards.txt");
    std::fs::write(
        &batch,
        "# two boards and a bad one\n1 2 3 / 4 5 6 / 7 0 8\n1 2 3 / 4 5 6 / 8 7 0\n0 1 2 / 3 4 5 / 6 7 8\n",
    )
    .unwrap();
    let file = dir.join("b.svg");
    let out = in_dir(&dir, &["solve", "-q", "--batch", batch.to_str().unwrap(), "--svg", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "line 3 is unsolvable");
    assert_eq!(boards_in(&dir.join("b-2.svg")), 2);
    assert!(!dir.join("b-3.svg").exists());
    assert!(dir.join("b-4.svg").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_eight_puzzle_histogram_names_it_and_renders() {
    let dir = scratch("plot");
    let file = dir.join("eight.svg");
    let out = in_dir(&dir, &["analyze", "-q", "--size", "3x3", "--plot", file.to_str().unwrap(), "--log"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = std::fs::read_to_string(&file).unwrap();
    let picture = render(&svg, 1.0).unwrap();
    assert!(picture.ink() > 0.05);
    // 0..=31 distances.
    let bars = svg.matches(&format!("fill=\"{}\"", slide_pictures::histogram::BAR_COLOR.hex())).count();
    assert_eq!(bars, 32);
    std::fs::remove_dir_all(&dir).ok();
}

/// A picture has a budget: a 107,823-move solution (depth-first, not optimal) used to grow
/// to 2.9 GB drawing one board per move and abort. Now a long solution's boards are sampled:
/// the record is given, and the picture is written with a few dozen boards, not one a move.
#[test]
fn a_picture_of_a_huge_solution_samples_its_boards() {
    let dir = scratch("huge");
    let svg = dir.join("huge.svg");
    let o = in_dir(
        &dir,
        &["solve", "--json", "--algorithm", "dfs", "--svg", svg.to_str().unwrap(), "8 6 7 / 2 5 4 / 3 0 1"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let record: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let length = record["length"].as_u64().unwrap();
    assert!(length > 1000, "the record is given: {record}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    let boards = picture.matches("id=\"board-").count();
    assert!((3..=64).contains(&boards), "{boards} boards drawn");
    assert!(picture.len() < 4_000_000, "{} bytes", picture.len());
    std::fs::remove_dir_all(&dir).ok();
}
