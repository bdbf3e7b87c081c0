//! `goat solve --svg` and `goat analyze --plot`: valid SVG that renders the 21 boards of the
//! Hiroi's 20-move solution, numbered pictures for several boards, and the 53 depths.

use std::path::Path;

use slide_pictures::histogram::BAR_COLOR;
use slide_pictures::render::render;
use slide_testing::scratch;

use super::in_dir;

fn boards_in(file: &Path) -> usize {
    let svg = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert!(!svg.contains("<text"), "text is drawn as outlines");
    let picture = render(&svg, 1.0).unwrap();
    assert!(picture.ink() > 0.2, "the boards are drawn");
    picture.boards()
}

#[test]
fn solve_draws_the_start_and_a_board_per_move() {
    let dir = scratch("solve");
    let file = dir.join("start.svg");
    let out = in_dir(&dir, &["solve", "-q", "--svg", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(boards_in(&file), 21);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn several_boards_give_numbered_pictures_and_a_bad_one_none() {
    let dir = scratch("several");
    let file = dir.join("s.svg");
    // One move from the goal (the door slides left), an unreadable board, the goal itself.
    let args = [
        "solve",
        "-q",
        "--svg",
        file.to_str().unwrap(),
        "1 8 9 10 / 2 5 0 7 / 3 8 4 6",
        "1 8 9",
        "1 8 9 10 / 2 5 7 0 / 3 8 4 6",
    ];
    let out = in_dir(&dir, &args);
    assert_eq!(out.status.code(), Some(2), "the bad board fails the run");
    assert_eq!(boards_in(&dir.join("s-1.svg")), 2);
    assert!(!dir.join("s-2.svg").exists());
    assert_eq!(boards_in(&dir.join("s-3.svg")), 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn analyze_plots_the_53_depths() {
    let dir = scratch("analyze");
    let file = dir.join("depths.svg");
    let out = in_dir(&dir, &["analyze", "-q", "--json", "--plot", file.to_str().unwrap(), "--log"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("<use"), "the title and labels are drawn");
    assert_eq!(svg.matches(&format!("fill=\"{}\"", BAR_COLOR.hex())).count(), 53);
    assert!(render(&svg, 1.0).unwrap().ink() > 0.05);
    std::fs::remove_dir_all(&dir).ok();
}
