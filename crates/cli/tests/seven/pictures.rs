//! `seven solve --svg` and `seven analyze --plot`: the pictures are valid SVG, render, and
//! show the 37 boards of the 36-move solution and the 37 depths of the histogram.

use slide_pictures::histogram::{BAR_COLOR, CHART_SIZE};
use slide_pictures::render::render;
use slide_testing::scratch;

use super::in_dir;

#[test]
fn solve_draws_every_board_of_the_36_move_solution() {
    let dir = scratch("solve");
    let file = dir.join("solution.svg");
    let out = in_dir(&dir, &["solve", "--json", "--svg", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"length\":36"), "JSON output is unchanged");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(!svg.contains("<text"), "text is drawn as outlines");
    let picture = render(&svg, 1.0).unwrap();
    assert_eq!(picture.boards(), 37, "the start and one board per move");
    assert!(picture.ink() > 0.2, "the boards are drawn: {}", picture.ink());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn analyze_plots_one_bar_per_distance_linear_and_log() {
    let dir = scratch("analyze");
    for log in [false, true] {
        let file = dir.join(format!("depths-{log}.svg"));
        let mut args = vec!["analyze", "--quiet", "--plot", file.to_str().unwrap()];
        if log {
            args.push("--log");
        }
        let out = in_dir(&dir, &args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let svg = std::fs::read_to_string(&file).unwrap();
        // 0..=36: 37 bars (the linear one draws its one-position bars too, one pixel high).
        assert_eq!(svg.matches(&format!("fill=\"{}\"", BAR_COLOR.hex())).count(), 37);
        let picture = render(&svg, 1.0).unwrap();
        assert_eq!((picture.pixmap.width(), picture.pixmap.height()), CHART_SIZE);
        assert!(picture.ink() > 0.05);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn log_needs_plot_and_an_unwritable_file_exits_2() {
    let dir = scratch("errors");
    let out = in_dir(&dir, &["analyze", "--log"]);
    assert_eq!(out.status.code(), Some(2));
    let out = in_dir(&dir, &["solve", "--svg", "/nonexistent-directory/x.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write pictures to /nonexistent-directory/x.svg"));
    std::fs::remove_dir_all(&dir).ok();
}
