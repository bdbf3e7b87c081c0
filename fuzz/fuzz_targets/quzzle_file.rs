//! Quzzle puzzle files (docs/QUZZLE_FORMAT.md): any text parses or is refused with a message,
//! never a panic; an accepted file's instance reads back from its printed rows.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quzzle::parse::{instance_from_file, parse_file, rows_of};
use quzzle::{solve_instance, Algorithm, Instance};
use slide_core::search::Limits;
use slide_core::Outcome;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = parse_file(&text);
    let Ok(inst) = instance_from_file(&text, "fuzz", None) else { return };
    let file = parsed.expect("a file that builds an instance parses");
    assert!(!file.start.is_empty());
    let rows = rows_of(&inst.start_text(), inst.board.cols).join("/");
    let again = Instance::new("again", &rows, Some(&inst.goal_text), None, inst.board.metric).expect("reads back");
    assert_eq!((again.start, &again.goal), (inst.start, &inst.goal));
    if let (Outcome::Found(path), _) = solve_instance(&inst, Algorithm::Bfs, &Limits::nodes(1_000)) {
        assert!(inst.is_goal(path.states.last().expect("a path has states")));
    }
});
