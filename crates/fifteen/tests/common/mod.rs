//! What the `fifteen` binary's tests share: running it, reading its JSON Lines, replaying a
//! solution record.

#![allow(dead_code)]

use std::process::{Command, Output};

use fifteen::{Shape, TilePuzzle, TileState};
use serde_json::Value;
use slide_core::{Direction, Puzzle};

/// Runs `fifteen` with `args`, tables in a directory of this test process's own.
pub fn fifteen(args: &[&str]) -> Output {
    let data = std::env::temp_dir().join(format!("fifteen-cli-{}", std::process::id()));
    std::fs::create_dir_all(&data).unwrap();
    Command::new(env!("CARGO_BIN_EXE_fifteen"))
        .args(args)
        .arg("--data-dir")
        .arg(&data)
        .output()
        .expect("the binary runs")
}

/// The JSON records on standard output.
pub fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("one JSON object")).collect()
}

/// Replays the JSON `moves` (the direction each tile slides) from `start`; the last state.
pub fn replay(v: &Value) -> TileState {
    let (rows, cols) = (v["rows"].as_u64().unwrap() as usize, v["cols"].as_u64().unwrap() as usize);
    let cells = |k: &str| v[k].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as u8).collect::<Vec<_>>();
    let puzzle = TilePuzzle::new(Shape::new(rows, cols).unwrap(), TileState::from_cells(&cells("goal")));
    let mut state = TileState::from_cells(&cells("start"));
    for (i, name) in v["moves"].as_array().unwrap().iter().enumerate() {
        let want = Direction::ALL.into_iter().find(|d| d.name() == name.as_str().unwrap()).expect("a direction");
        let mut next = None;
        puzzle.for_each_successor(&state, |m, child| {
            if m.direction == want {
                assert_eq!(u64::from(m.tile), v["pieces"][i].as_u64().unwrap(), "move {i} moves the tile it names");
                next = Some(child);
            }
        });
        state = next.unwrap_or_else(|| panic!("move {} ({want}) is illegal", i + 1));
    }
    assert!(puzzle.is_goal(&state), "the moves end at the goal");
    state
}
