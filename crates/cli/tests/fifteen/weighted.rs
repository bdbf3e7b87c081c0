//! Weighted A* on the command line: the record states the guarantee, weight 1 is optimal,
//! with --best-so-far a bound still gives a solution, with exit 3; boards up to 64 cells are
//! taken, and the fast method is named past them.

use fifteen::{Grid, Shape};
use slide_testing::json_lines;

use slide_testing::tiles::replay;

use super::fifteen;

#[test]
fn the_record_states_the_guarantee_and_a_bound_keeps_the_best_solution_so_far() {
    let board = "13 11 21 1 5 / 17 8 19 6 12 / 24 23 7 20 4 / 2 22 16 15 10 / 3 0 9 14 18";
    let out = fifteen(&["solve", "--json", "--algorithm", "weighted", "--weight", "1.5", board]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &json_lines(&out)[0];
    assert_eq!((v["weight"].as_f64(), v["guarantee"].as_str()), (Some(1.5), Some("length <= 1.5 x optimal")));
    assert_eq!(v["optimal"], false);
    let (length, bound) = (v["length"].as_u64().unwrap(), v["lower_bound"].as_u64().unwrap());
    assert!(bound <= length, "{v}");
    replay(v);
    let out = fifteen(&["solve", "--json", "--algorithm", "weighted", "--weight", "1", "1 2 3 / 4 5 6 / 0 7 8"]);
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["optimal"].as_bool(), v["guarantee"].as_str(), v["length"].as_u64()),
        (Some(true), Some("optimal"), Some(2))
    );
    // A node bound that A* cannot finish in: none without --best-so-far; with it, the
    // solution of the last weight tried that finished (5, then 3, then the 1 asked for),
    // exit 3 either way.
    let bounded = ["solve", "--json", "--algorithm", "weighted", "--weight", "1", "--max-nodes", "300000", board];
    let out = fifteen(&bounded);
    assert_eq!(out.status.code(), Some(3));
    assert!(json_lines(&out)[0]["error"].as_str().unwrap().contains("node limit of 300000 reached"));
    let out = fifteen(&[&bounded[..], &["--best-so-far"]].concat());
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &json_lines(&out)[0];
    assert_eq!((v["weight"].as_f64(), v["weight_asked"].as_f64()), (Some(3.0), Some(1.0)));
    assert_eq!(
        (v["guarantee"].as_str(), v["stopped"].as_str()),
        (Some("length <= 3 x optimal"), Some("node limit of 300000 reached"))
    );
    assert!(v["lower_bound"].as_u64().unwrap() <= v["length"].as_u64().unwrap());
    replay(v);
}

#[test]
fn the_command_line_takes_weighted_boards_up_to_64_cells_and_names_the_fast_method_past_them() {
    let board =
        "35 26 21 1 5 17 / 8 25 33 12 28 29 / 34 20 4 2 22 30 / 27 10 32 0 9 14 / 18 19 13 15 24 31 / 16 23 3 6 7 11";
    let out = fifteen(&["solve", "--json", "--algorithm", "weighted", "--weight", "3", board]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &json_lines(&out)[0];
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(6), Some(6)));
    assert_eq!((v["guarantee"].as_str(), v["optimal"].as_bool()), (Some("length <= 3 x optimal"), Some(false)));
    let (length, bound) = (v["length"].as_u64().unwrap(), v["lower_bound"].as_u64().unwrap());
    assert!(bound >= 100 && bound <= length, "{v}");
    assert_eq!(replay(v), Grid::goal(Shape::new(6, 6).unwrap()));
    let nine = (1..81).map(|t| t.to_string()).chain(["0".into()]).collect::<Vec<_>>().join(" ");
    let out = fifteen(&["solve", "--algorithm", "weighted", "--size", "9x9", &nine]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("up to 64 cells") && err.contains("--algorithm fast"), "{err}");
    let out = fifteen(&["solve", "--algorithm", "weighted", "--heuristic", "pdb663", board]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--heuristic pdb663 serves boards up to 5x5"));
}
