//! Quzzle boards as `quzzle` reads them: the first line is the board (one character per
//! cell), the second the `--goal` pattern (none when empty or absent), the third `--size`;
//! the first byte picks the metric. An accepted instance prints back to itself, and a
//! solution found within a node bound replays to the goal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quzzle::parse::{parse_size, rows_of};
use quzzle::{solve_instance, Algorithm, Instance, Metric};
use slide_core::search::Limits;
use slide_core::Outcome;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let metric = Metric::ALL[pick as usize % 3];
    let text = String::from_utf8_lossy(rest);
    let mut parts = text.split('\n');
    let start = parts.next().unwrap_or("");
    let goal = parts.next().filter(|g| !g.is_empty());
    let size = parts.next().and_then(|s| parse_size(s).ok());
    let Ok(inst) = Instance::new("fuzz", start, goal, size, metric) else { return };
    let rows = rows_of(&inst.start_text(), inst.board.cols).join("/");
    let again = Instance::new("again", &rows, Some(&inst.goal_text), size, metric).expect("a printed instance reads back");
    assert_eq!(again.start, inst.start);
    assert_eq!(again.goal, inst.goal);
    assert_eq!(again.start_text(), inst.start_text());
    let algorithm = [Algorithm::Bfs, Algorithm::Astar, Algorithm::Idastar][pick as usize / 3 % 3];
    if let (Outcome::Found(path), _) = solve_instance(&inst, algorithm, &Limits::nodes(1_000)) {
        let end = inst.try_play(&path.moves).expect("every move is legal");
        assert!(inst.is_goal(&end));
    }
});
