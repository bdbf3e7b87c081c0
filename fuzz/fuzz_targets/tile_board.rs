//! Tile boards as `seven` and `fifteen` read them: the first line is `--size` text (read by
//! `parse_packed_size`; no size when it does not parse), the rest BOARD text (also how
//! `--goal` is read). An accepted board prints and reads back to itself, its solvability is
//! decided, and a small board's solution replays to the goal.
#![no_main]

use fifteen::heuristics::Manhattan;
use fifteen::parse::{board_grid, board_text, parse_board, parse_packed_size};
use fifteen::solvable::{check_solvable, solution_parity};
use fifteen::TilePuzzle;
use libfuzzer_sys::fuzz_target;
use slide_core::search::{ida_star, IdaOptions, Limits};
use slide_core::{Outcome, Puzzle};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (size, board) = text.split_once('\n').unwrap_or(("", &text));
    let shape = parse_packed_size(size).ok();
    if let Some(s) = shape {
        assert_eq!(parse_packed_size(&s.to_string()), Ok(s));
    }
    let Ok((state, shape)) = parse_board(board, shape) else { return };
    assert_eq!(parse_board(&board_text(&state, shape), Some(shape)), Ok((state, shape)));
    assert_eq!(parse_board(&board_grid(&state, shape), Some(shape)), Ok((state, shape)));
    assert_eq!(parse_board(&board_text(&state, shape), None), Ok((state, shape)));
    let goal = TilePuzzle::standard_goal(shape);
    if check_solvable(shape, &state, &goal).is_err() || shape.cells() > 9 {
        return;
    }
    let p = TilePuzzle::new(shape, goal).unwrap();
    let options = IdaOptions {
        limits: Limits::nodes(5_000),
        solution_parity: Some(solution_parity(shape, &state, &goal)),
        parallel: false,
        ..IdaOptions::default()
    };
    if let (Outcome::Found(path), _) = ida_star(&p, &Manhattan::new(&p), state, |s| p.is_goal(s), &options) {
        let mut s = state;
        for m in &path.moves {
            let mut next = None;
            p.for_each_successor(&s, |mv, c| {
                if mv == *m {
                    next = Some(c);
                }
            });
            s = next.expect("every move of a solution is legal");
        }
        assert!(p.is_goal(&s));
    }
});
