//! `--metric mtm` on the command line: optimal solutions, counts and whole-space analyses
//! in the multi-tile metric, their records replayed through `play`, and the boards, algorithms
//! and heuristics it refuses, each with the reason. (The solvers' optimality is checked
//! against breadth-first search in `fifteen`'s tests, crates/fifteen/tests/mtm.rs.)

use serde_json::Value;
use slide_testing::{json_lines, stderr, stdout};

use slide_testing::tiles::replay;

use super::{fifteen, program};

/// The 8-puzzle's one position farthest from the goal in the multi-tile metric (24 moves).
const FARTHEST: &str = "1 4 7 / 2 0 8 / 3 6 5";

/// Plays a multi-tile record's notation (runs) from its start with `play`: the goal, in as
/// many moves.
fn plays_back(v: &Value, notation: &str) {
    let start: Vec<String> = v["start"].as_array().unwrap().iter().map(|c| c.to_string()).collect();
    let cols = v["cols"].as_u64().unwrap() as usize;
    let board = start.chunks(cols).map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ");
    let played =
        program().record(&["play", "--json", "--metric", "mtm", "--notation", "runs", "--from", &board, notation]);
    assert_eq!(played["solved"], true, "{board}: {notation}");
    assert_eq!(played["length"], v["length"], "{board}: {notation}");
}

#[test]
fn solve_finds_the_farthest_8_puzzle_s_24_moves() {
    let v = program().record(&["solve", "--json", "--metric", "mtm", "--notation", "runs", FARTHEST]);
    assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(24), Some(true)));
    assert_eq!((v["metric"].as_str(), v["lower_bound"].as_u64()), (Some("mtm"), Some(24)));
    let notation = v["notation"].as_str().unwrap();
    assert_eq!(notation.split(' ').count(), 24, "one run a move: {notation}");
    // `moves` holds each move's slides, `pieces` the farthest tile each moves, `slides` all.
    let moves = v["moves"].as_array().unwrap();
    let slides: usize = moves.iter().map(|m| m.as_str().unwrap().split(' ').count()).sum();
    assert_eq!(v["slides"].as_u64(), Some(slides as u64));
    assert!(slides > 24, "some moves slide two tiles: {slides}");
    plays_back(&v, notation);
    // In single tiles the same board takes longer.
    let stm = program().record(&["solve", "--json", FARTHEST]);
    replay(&stm);
    assert!(stm["length"].as_u64().unwrap() > 24 && stm.get("metric").is_none(), "{stm}");
    // Text for people lists each move's tiles and says what the metric counts.
    let text = stdout(&fifteen(&["solve", "--metric", "mtm", FARTHEST]));
    assert!(
        text.contains("24 moves, optimal")
            && text.contains(&format!("multi-tile metric: 24 moves sliding {slides} tiles")),
        "{text}"
    );
}

#[test]
fn a_4x4_board_is_solved_with_walking_distance_until_the_pattern_database_is_built() {
    let board = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12";
    let out = fifteen(&["solve", "--json", "--metric", "mtm", "--notation", "runs", board]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!((v["length"].as_u64(), v["heuristic"].as_str()), (Some(7), Some("walking-distance")));
    assert_eq!(v["notation"], "D3 L U3 L D3 L U3");
    assert!(stderr(&out).contains("`fifteen tables build mtm-pdb-4x4`"), "{}", stderr(&out));
    plays_back(v, v["notation"].as_str().unwrap());
}

#[test]
fn count_lists_every_optimal_multi_tile_solution() {
    let v = program().record(&[
        "count",
        "--json",
        "--metric",
        "mtm",
        "--list",
        "--notation",
        "runs",
        "1 2 3 / 0 4 6 / 7 5 8",
    ]);
    assert_eq!(v["length"], 3);
    let solutions = v["solutions"].as_array().unwrap();
    assert_eq!(solutions.len() as u64, v["count"].as_u64().unwrap());
    for s in solutions {
        plays_back(&v, s["notation"].as_str().unwrap());
    }
}

#[test]
fn analyze_gives_the_radius_of_each_small_board() {
    // The radii in the multi-tile metric (lightln2's complete searches give the same).
    for (size, states, radius, farthest) in [("3x3", 181_440, 24, 1), ("2x4", 20_160, 25, 8), ("2x3", 360, 20, 1)] {
        let v = program().record(&["analyze", "--json", "--metric", "mtm", "--size", size]);
        assert_eq!(
            (v["states"].as_u64(), v["max_depth"].as_u64(), v["antipodes"].as_array().map(Vec::len)),
            (Some(states), Some(radius), Some(farthest)),
            "{size}"
        );
        assert_eq!(v["metric"], "mtm");
    }
    let v = program().record(&["analyze", "--json", "--metric", "mtm", "--size", "3x3"]);
    let cells: Vec<String> = v["antipodes"][0].as_array().unwrap().iter().map(|c| c.to_string()).collect();
    assert_eq!(cells.join(" "), FARTHEST.replace(" / ", " "));
}

#[test]
fn what_the_metric_cannot_do_is_refused_with_the_reason() {
    let cases: [(&[&str], &str); 6] = [
        (&["solve", "--metric", "mtm", "--algorithm", "bfs", FARTHEST], "--metric mtm solves by --algorithm idastar"),
        (
            &["solve", "--metric", "mtm", "1 2 3 4 5 6 / 7 8 9 10 11 12 / 13 14 15 16 0 17"],
            "at most 16 cells (4x4, 2x8, 3x5, ...), not 3x6",
        ),
        (&["analyze", "--metric", "mtm", "--size", "4x4"], "10,461,394,944,000 states needs about 2.4 TiB"),
        (&["solve", "--metric", "mtm", "--heuristic", "pdb663", FARTHEST], "--metric mtm has no pdb663 heuristic"),
        (&["solve", "--heuristic", "pdb", FARTHEST], "the pdb heuristic is for --metric mtm"),
        (
            &["solve", "--metric", "mtm", "--heuristic", "pdb", "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12"],
            "build it once with `fifteen tables build mtm-pdb-4x4`",
        ),
    ];
    for (args, reason) in cases {
        let out = fifteen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(reason), "{args:?}: {}", stderr(&out));
    }
    let out = fifteen(&["solve", "--metric", "qtm", FARTHEST]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("possible values: stm, mtm"), "{}", stderr(&out));
}

/// Where walking distance's tables would be too large (2x7's columns: 16,854,390 matrices)
/// or would not fit `--max-memory` (2x6's: tens of megabytes), the default is Manhattan
/// distance, said once, decided before anything is built; asked for by name, walking
/// distance is refused at once. A 2x7 board once took 5.2 s and 810 MB to be refused.
#[test]
fn a_heuristic_too_large_to_build_is_never_built() {
    let board = "8 3 9 0 12 5 13 / 2 1 10 4 11 7 6";
    let batch = [board, board].join("\n");
    let dir = slide_testing::scratch("mtm-2x7");
    let file = dir.join("boards.txt");
    std::fs::write(&file, &batch).unwrap();
    let args = ["solve", "--json", "--metric", "mtm", "--notation", "runs", "--max-memory", "100M"];
    let out = fifteen(&[&args[..], &["--batch", file.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    assert_eq!(said.matches("using manhattan").count(), 1, "said once a batch: {said}");
    assert!(said.contains("2x7 in the multi-tile metric: a table would hold 16,854,390 matrices"), "{said}");
    for v in json_lines(&out) {
        assert_eq!((v["heuristic"].as_str(), v["length"].as_u64()), (Some("manhattan"), Some(17)), "{v}");
        plays_back(&v, v["notation"].as_str().unwrap());
    }
    // 2x6's walking distance fits its matrices, not 20 MB.
    let near = "1 2 3 4 5 6 / 7 8 9 10 0 11";
    let out = fifteen(&["solve", "--json", "--metric", "mtm", "--max-memory", "20M", near]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("more than the"), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["heuristic"], "manhattan");
    for (args, reason) in [
        (&["--heuristic", "walking-distance", board][..], "a table would hold 16,854,390 matrices"),
        (&["--heuristic", "walking-distance", "--max-memory", "20M", near], "would take"),
    ] {
        let out = fifteen(&[&["solve", "--metric", "mtm"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(reason), "{args:?}: {}", stderr(&out));
    }
    std::fs::remove_dir_all(&dir).ok();
}
