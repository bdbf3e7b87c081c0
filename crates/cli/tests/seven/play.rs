//! `seven` with move notation and the multi-tile metric, and a help of its own: no example
//! or option of another board size.

use slide_testing::{json_lines, stderr, stdout};

use super::seven;

#[test]
fn the_multi_tile_metric_gives_radius_25_with_8_farthest_positions() {
    let out = seven(&["analyze", "--json", "--metric", "mtm"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!((v["states"].as_u64(), v["max_depth"].as_u64()), (Some(20_160), Some(25)));
    assert_eq!(v["antipodes"].as_array().unwrap().len(), 8);
    // Its farthest single-tile position is nearer in multi-tile moves.
    let out = seven(&["solve", "--json", "--metric", "mtm", "--notation", "runs"]);
    let v = &json_lines(&out)[0];
    assert!(v["length"].as_u64().unwrap() < 36 && v["metric"] == "mtm", "{v}");
    let notation = v["notation"].as_str().unwrap();
    let out = seven(&["play", "--json", "--metric", "mtm", "--from", "0 7 2 1 / 4 3 6 5", notation]);
    let played = &json_lines(&out)[0];
    assert_eq!((played["solved"].as_bool(), &played["length"]), (Some(true), &v["length"]), "{notation}");
}

#[test]
fn play_starts_from_the_goal_and_names_an_illegal_move() {
    let out = seven(&["play", "R3 D L2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("6 moves played (lurd, the tile's way: RRRDLL); not the goal"), "{}", stdout(&out));
    let out = seven(&["play", "D2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("move 1 (D2, column 1) cannot be played: only 1 tile is above the blank, not 2"),
        "{}",
        stderr(&out)
    );
}

/// `seven` plays 2x4 boards only: its help shows no other size, no table of another
/// program, no multi-tile pattern database (4x4 only), and no `--size`.
#[test]
fn the_help_speaks_of_the_2x4_board_only() {
    let mut texts = vec![stdout(&seven(&["--help"]))];
    for sub in ["solve", "analyze", "count", "play", "branching", "tables", "scramble", "random"] {
        texts.push(stdout(&seven(&[sub, "--help"])));
    }
    for text in &texts {
        for foreign in ["4x4", "5x5", "3x3", "100x100", "pdb78", "pdb663", "mtm-pdb", "--size", "5 1 7 3"] {
            assert!(!text.contains(foreign), "{foreign:?} in seven's help:\n{text}");
        }
    }
    // No named puzzles: the option `--list` is not offered (count's own --list is).
    assert!(!texts[0].lines().any(|l| l.trim_start().starts_with("--list")), "{}", texts[0]);
    assert!(
        texts[0].contains("\"0 7 2 1 / 4 3 6 5\" and \"([0,7,2,1],[4,3,6,5])\" are the same board"),
        "{}",
        texts[0]
    );
}
