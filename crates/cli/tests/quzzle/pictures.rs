//! `quzzle solve --svg` and `quzzle analyze --plot`: valid SVG that renders every board of a
//! solution as coloured labelled blocks, one picture per puzzle, and one bar per depth.

use std::path::Path;

use slide_cli::puzzles::quzzle::picture::GOAL_COLOR;
use slide_pictures::histogram::BAR_COLOR;
use slide_pictures::render::render;
use slide_testing::scratch;

use super::quzzle;

fn svg_of(file: &Path) -> String {
    std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

#[test]
fn pennant_s_59_block_moves_give_60_boards_with_the_goal_block_in_red() {
    let dir = scratch("pennant");
    let file = dir.join("seed.svg");
    let out = quzzle(&["solve", "-q", "--metric", "block", "--svg", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = svg_of(&file);
    assert!(!svg.contains("<text"));
    // Nine blocks on each of 60 boards; the 2x2 block is the goal's.
    assert_eq!(svg.matches(&format!("fill=\"{}\"", GOAL_COLOR.hex())).count(), 60);
    let picture = render(&svg, 1.0).unwrap();
    assert_eq!(picture.boards(), 60);
    assert!(picture.ink() > 0.3);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn several_puzzles_give_numbered_pictures_and_plots() {
    let dir = scratch("several");
    let (solution, plot) = (dir.join("s.svg"), dir.join("p.svg"));
    // The small test puzzle and Pennant, both named.
    let out = quzzle(&["solve", "-q", "--svg", solution.to_str().unwrap(), "small", "pennant"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(render(&svg_of(&dir.join("s-1.svg")), 1.0).unwrap().boards() >= 2);
    assert!(render(&svg_of(&dir.join("s-2.svg")), 1.0).unwrap().boards() > 60);
    let out = quzzle(&["analyze", "-q", "--plot", plot.to_str().unwrap(), "small", "pennant"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pennant = svg_of(&dir.join("p-2.svg"));
    // Pennant in the cell metric: distances 0 to 112.
    assert_eq!(pennant.matches(&format!("fill=\"{}\"", BAR_COLOR.hex())).count(), 113);
    assert!(render(&pennant, 1.0).unwrap().ink() > 0.05);
    std::fs::remove_dir_all(&dir).ok();
}
