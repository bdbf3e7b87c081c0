//! Move notation on the command line: `solve --notation` and `--convention`, `solve --apply`,
//! and `play`, with the errors that name the first illegal move; a property test that every
//! solution, written in any form and convention, is played back to the goal by `play`.

use proptest::prelude::*;
use rand::SeedableRng;
use serde_json::Value;
use slide_testing::{json_lines, stderr, stdout};

use slide_testing::tiles::replay;

use super::{fifteen, program};

/// A 3x3 board two moves from the goal: `LL` (the tiles 7 and 8 slide left).
const NEAR: &str = "1 2 3 / 4 5 6 / 0 7 8";

#[test]
fn solve_writes_the_moves_in_each_notation_and_convention() {
    let cases = [
        (vec![], "LL"),
        (vec!["--notation", "runs"], "L2"),
        (vec!["--notation", "words"], "Left Left"),
        (vec!["--convention", "blank"], "RR"),
        (vec!["--notation", "runs", "--convention", "blank"], "R2"),
    ];
    for (options, expected) in cases {
        let mut args = vec!["solve", "--json"];
        args.extend(&options);
        args.push(NEAR);
        let v = program().record(&args);
        assert_eq!(v["notation"], expected, "{options:?}");
        replay(&v);
    }
    // Text for people says the notation and whose way its letters go.
    let out = fifteen(&["solve", "--notation", "runs", NEAR]);
    assert!(stdout(&out).contains("notation (runs, the tile's way): L2"), "{}", stdout(&out));
    // count --list writes each solution's notation too.
    let v = program().record(&["count", "--json", "--list", "--convention", "blank", NEAR]);
    assert_eq!(v["solutions"][0]["notation"], "RR");
    let out = fifteen(&["solve", "--notation", "rle", NEAR]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("possible values: lurd, runs, words"), "{}", stderr(&out));
}

#[test]
fn play_prints_the_position_the_moves_reach() {
    let out = fifteen(&["play", "--size", "3x3", "R2 D2 L U"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("2 5 3 / 1 0 6 / 4 7 8"), "{text}");
    assert!(text.contains("6 moves played (lurd, the tile's way: RRDDLU); not the goal"), "{text}");
    let v = program().record(&["play", "--json", "--from", NEAR, "L", "L"]);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["puzzle", "rows", "cols", "board", "text", "length", "notation", "solved"]);
    assert_eq!((v["solved"].as_bool(), v["length"].as_u64()), (Some(true), Some(2)), "{v}");
    assert_eq!(v["text"], "1 2 3 / 4 5 6 / 7 8 0");
    // The blank's convention: its letters are the other way round.
    let v = program().record(&["play", "--json", "--from", NEAR, "--convention", "blank", "r2"]);
    assert_eq!((v["solved"].as_bool(), v["notation"].as_str()), (Some(true), Some("RR")));
    // In the multi-tile metric R2 is one move.
    let v = program().record(&["play", "--json", "--metric", "mtm", "--from", NEAR, "--notation", "runs", "L2"]);
    assert_eq!((v["length"].as_u64(), v["notation"].as_str()), (Some(1), Some("L2")));
}

#[test]
fn an_illegal_move_is_named_with_its_place_and_the_board_it_met() {
    let out = fifteen(&["play", "--size", "3x3", "R2 D3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "move 2 (D3, column 4) cannot be played: only 2 tiles are above the blank, not 3, to slide down \
             (the blank is on row 3, column 1); the board before it: 1 2 3 / 4 5 6 / 0 7 8"
        ),
        "{}",
        stderr(&out)
    );
    let out = fifteen(&["play", "--size", "3x3", "R X"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unexpected character 'X' at column 3"), "{}", stderr(&out));
    let out = fifteen(&["play", "--from", "1 2 3 / 4 5 5 / 0 7 8", "L"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--from: "), "{}", stderr(&out));
}

#[test]
fn solve_apply_solves_the_position_the_moves_reach() {
    let v = program().record(&["solve", "--json", "--apply", "DR", "1 2 3 / 4 5 6 / 7 8 0"]);
    assert_eq!(v["start"], serde_json::json!([1, 2, 3, 4, 0, 5, 7, 8, 6]));
    assert_eq!((v["length"].as_u64(), v["notation"].as_str()), (Some(2), Some("LU")));
    replay(&v);
    // Each board gets the moves; one that cannot take them fails alone.
    let out = fifteen(&["solve", "--json", "--apply", "L", NEAR, "1 2 3 / 4 5 6 / 7 8 0"]);
    assert_eq!(out.status.code(), Some(2));
    let records = json_lines(&out);
    assert_eq!(records[0]["length"], 1, "{records:?}");
    let error = records[1]["error"].as_str().unwrap();
    assert!(
        error.starts_with("--apply: move 1 (L, column 1) cannot be played: no tile is right of the blank"),
        "{error}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Whatever form and convention `solve` writes a solution in, `play` reads it back and
    /// reaches the goal in as many moves; in either metric.
    #[test]
    fn every_solution_written_in_notation_plays_back_to_the_goal(
        shape in prop::sample::select(vec!["3x3", "2x4", "2x3", "4x2"]),
        seed in any::<u64>(),
        notation in prop::sample::select(vec!["lurd", "runs", "words"]),
        convention in prop::sample::select(vec!["tile", "blank"]),
        metric in prop::sample::select(vec!["stm", "mtm"]),
    ) {
        let (r, c) = shape.split_once('x').unwrap();
        let size = fifteen::Shape::new(r.parse().unwrap(), c.parse().unwrap()).unwrap();
        let start = fifteen::scramble::random_grid(&fifteen::Grid::goal(size), &mut rand_pcg::Pcg64::seed_from_u64(seed));
        let board = start.text();
        let options = ["--notation", notation, "--convention", convention, "--metric", metric];
        let mut args = vec!["solve", "--json", "--size", shape];
        args.extend(options);
        args.push(&board);
        let solved = program().record(&args);
        let written = solved["notation"].as_str().unwrap().to_string();
        let mut args = vec!["play", "--json", "--size", shape, "--from", &board];
        args.extend(options);
        args.push(&written);
        let played = program().record(&args);
        prop_assert_eq!(&played["solved"], &Value::Bool(true), "{} {:?}: {}", board, options, written);
        // Letters and words name one tile each: in the multi-tile metric a run of them is
        // played as that many moves, the solution's slides.
        let length = match (metric, notation) {
            ("mtm", "lurd" | "words") => &solved["slides"],
            _ => &solved["length"],
        };
        prop_assert_eq!(&played["length"], length, "{}", written);
        prop_assert_eq!(played["notation"].as_str(), Some(written.as_str()));
    }
}

#[test]
fn verdict_judges_every_move_and_names_an_illegal_one() {
    // D goes the wrong way (2 moves lost), U undoes it, L L finish: 2 over the optimal 2.
    let v = program().record(&["verdict", "--json", "--from", NEAR, "D U L L"]);
    let lost: Vec<Value> = v["moves"].as_array().unwrap().iter().map(|m| m["lost"].clone()).collect();
    assert_eq!(lost, vec![Value::from(2), 0.into(), 0.into(), 0.into()], "{v}");
    assert_eq!((v["excess"].clone(), v["first_wrong"].clone(), v["solved"].clone()), (2.into(), 0.into(), true.into()));
    assert_eq!(v["moves"][1]["optimal_from_here"], "ULL", "{v}");
    // In the multi-tile metric L2 is one move, and optimal.
    let v = program().record(&["verdict", "--json", "--metric", "mtm", "--from", NEAR, "L2"]);
    assert_eq!((v["length"].clone(), v["excess"].clone()), (1.into(), 0.into()), "{v}");
    // Text for people: a line a move, then the summary.
    let out = fifteen(&["verdict", "--from", NEAR, "DULL"]);
    assert!(stdout(&out).contains("2 moves lost in all, the first by move 1 (D)"), "{}", stdout(&out));
    let out = fifteen(&["verdict", "--from", NEAR, "U"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("move 1 (U) cannot be played"), "{}", stderr(&out));
}
