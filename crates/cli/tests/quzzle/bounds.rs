//! `quzzle`'s bounds: --max-nodes, --timeout and --max-memory end every algorithm, `count`
//! (with and without --list) and `analyze` with exit 3 and a message; Ctrl-C ends a search at
//! once with exit status 130. The board is an 8x8 tray with a 2x2 block and twelve squares,
//! and the goal asks for 48 empty cells that leave no 2x2 room for the block: a goal no
//! position meets (which counting cells cannot tell up front), among far too many positions
//! for any search to exhaust.

use std::process::Stdio;
use std::time::{Duration, Instant};

use slide_testing::contract::interrupt;
use slide_testing::stderr;

use super::{program, quzzle};

const HUGE: &str = "ZZabcdef/ZZghijkl/......../......../......../......../......../........";
const EMPTY: &str = "......../00000000/......../00000000/00000000/00000000/00000000/00000000";

#[test]
fn every_search_stops_at_its_bounds_with_exit_3() {
    let commands: [&[&str]; 6] = [
        &["solve", "--algorithm", "bfs"],
        &["solve", "--algorithm", "astar"],
        &["solve", "--algorithm", "idastar"],
        &["count"],
        &["count", "--list"],
        &["analyze"],
    ];
    let bounds: [(&[&str], &str); 3] = [
        (&["--max-nodes", "20000"], "node limit of 20000 reached"),
        (&["--timeout", "0.3"], "time limit of 0.300 s reached"),
        (&["--max-memory", "8M"], "memory limit of 8.0 MiB reached"),
    ];
    for command in commands {
        for (bound, message) in bounds {
            if command.contains(&"idastar") && bound[0] == "--max-memory" {
                continue; // IDA* keeps only its path: no memory bound to hit.
            }
            let clock = Instant::now();
            let o = quzzle(&[command, bound, &["--goal", EMPTY, HUGE]].concat());
            assert_eq!(o.status.code(), Some(3), "{command:?} {bound:?}: {}", stderr(&o));
            assert!(stderr(&o).contains(message), "{command:?} {bound:?}: {}", stderr(&o));
            assert!(clock.elapsed() < Duration::from_secs(10), "{command:?} {bound:?}");
        }
    }
}

#[test]
fn ctrl_c_stops_a_search_with_exit_130() {
    for algorithm in ["bfs", "idastar"] {
        let child = program()
            .command(&[])
            .args(["solve", "--algorithm", algorithm, "--goal", EMPTY, HUGE])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (o, _) = interrupt(child, Duration::from_millis(500));
        assert_eq!(o.status.code(), Some(130), "{algorithm}: {}", stderr(&o));
        assert!(stderr(&o).contains("quzzle: interrupted by Ctrl-C"), "{}", stderr(&o));
        // Stopped by the search itself, not by the grace period's forced exit.
        assert!(!stderr(&o).contains("could not stop sooner"), "{algorithm}: {}", stderr(&o));
    }
}
