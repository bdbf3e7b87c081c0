//! `goat` with move notation: one blank, so a letter names one move (the piece on the
//! blank's other side, the big piece along the top row only).

use slide_testing::{json_lines, stderr, stdout};

use super::goat;

/// Hiroi's start.
const START: &str = "1 8 9 10 / 2 0 7 5 / 3 8 4 6";

#[test]
fn solutions_carry_their_notation_and_play_back_to_the_goal() {
    let out = goat(&["solve", "--json", "--notation", "runs"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["length"], 20);
    let notation = v["notation"].as_str().unwrap();
    let out = goat(&["play", "--json", "--from", START, "--notation", "runs", notation]);
    let played = &json_lines(&out)[0];
    assert_eq!((played["solved"].as_bool(), played["length"].as_u64()), (Some(true), Some(20)), "{notation}");
    // Each letter is the way a move's piece goes.
    let letters: String =
        v["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().chars().next().unwrap()).collect();
    let lurd = json_lines(&goat(&["solve", "--json"]))[0]["notation"].as_str().unwrap().to_string();
    assert_eq!(lurd, letters);
    let listed = json_lines(&goat(&["count", "--json", "--list", "--convention", "blank"]));
    assert_eq!(listed[0]["solutions"].as_array().unwrap().len(), 2);
}

#[test]
fn play_and_apply_name_a_move_no_piece_can_make() {
    let out = goat(&["play", "--from", START, "LL"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("1 8 9 10 / 2 7 5 0 / 3 8 4 6"), "{}", stdout(&out));
    // From the goal, the big piece's right half is above the blank: it never slides down.
    let out = goat(&["play", "D"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("move 1 (D, column 1) cannot be played: no piece slides down into the blank"),
        "{}",
        stderr(&out)
    );
    // --apply plays the moves, then solves: one move from the start (羊 slides left) is 21
    // moves or 19 from the goal.
    let out = goat(&["solve", "--json", "--apply", "L", START]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["start"], serde_json::json!([1, 8, 9, 10, 2, 7, 0, 5, 3, 8, 4, 6]));
    assert!([19, 21].contains(&v["length"].as_u64().unwrap()), "{v}");
}
