//! Quzzle `--goal` patterns against the shipped puzzles' boards: an accepted pattern prints
//! back to itself, and a solution found within a node bound replays to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quzzle::parse::{instance_from_file, parse_goal};
use quzzle::puzzles::NAMED;
use quzzle::{solve_instance, Algorithm, Metric};
use slide_core::search::Limits;
use slide_core::Outcome;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let mut inst = instance_from_file(NAMED[pick as usize % 4].1, "p", Some(Metric::ALL[pick as usize / 4 % 3]))
        .expect("the shipped puzzles parse");
    let text = String::from_utf8_lossy(rest);
    let Ok((goal, goal_text)) = parse_goal(&text, &inst.board, &inst.blocks) else { return };
    let (again, again_text) = parse_goal(&goal_text, &inst.board, &inst.blocks).expect("a printed goal reads back");
    assert_eq!((&again, &again_text), (&goal, &goal_text));
    inst.goal = goal;
    inst.goal_text = goal_text;
    if let (Outcome::Found(path), _) = solve_instance(&inst, Algorithm::Bfs, &Limits::nodes(1_000)) {
        let end = inst.try_play(&path.moves).expect("every move is legal");
        assert!(inst.is_goal(&end));
    }
});
