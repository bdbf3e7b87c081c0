//! `goat`'s bounds: --max-nodes and --timeout end `solve`, `count` and `analyze` with exit 3
//! and a message; an analysis over the memory budget is refused up front (exit 2); Ctrl-C
//! ends a search at once with exit status 130.

use std::process::Stdio;
use std::time::{Duration, Instant};

use slide_testing::contract::interrupt;
use slide_testing::stderr;

use super::{goat, program};

/// Hiroi's 52-move start: IDA* without a heuristic needs far longer than these tests wait.
const FAR: &str = "6 7 9 10 / 4 5 2 8 / 0 8 3 1";

#[test]
fn the_node_limit_holds_at_any_thread_count() {
    // A solve that needs about 5,000 nodes, under a limit of 4,300: solved within the limit
    // and the documented eighth, or stopped by it (the parallel tasks, each shorter than a
    // count's flush, used to publish nothing: 5,029 nodes were searched, 27% over).
    for threads in ["1", "2", "4"] {
        let args = ["solve", "--json", "--heuristic", "hiroi", "--threads", threads, "--max-nodes", "4300"];
        let o = goat(&[&args[..], &["1 8 9 10 / 2 0 7 5 / 3 8 4 6"]].concat());
        let record: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        match o.status.code() {
            Some(0) => {
                let nodes = record["nodes"].as_u64().unwrap();
                assert!(nodes <= 4300 + 4300 / 8, "{threads} threads: {nodes} nodes: {record}");
            }
            Some(3) => assert!(record["error"].as_str().unwrap().contains("node limit of 4300"), "{record}"),
            other => panic!("{threads} threads: exit {other:?}: {}", stderr(&o)),
        }
    }
}

#[test]
fn every_command_stops_at_its_bounds_with_exit_3() {
    let runs: [(&[&str], &str); 6] = [
        (&["solve", "--heuristic", "none", FAR, "--max-nodes", "10000"], "node limit of 10000 reached"),
        (&["solve", "--heuristic", "none", FAR, "--timeout", "0.3"], "time limit of 0.300 s reached"),
        (&["count", "--heuristic", "none", FAR, "--max-nodes", "10000"], "node limit of 10000 reached"),
        (&["count", "--heuristic", "none", FAR, "--timeout", "0.3"], "time limit of 0.300 s reached"),
        (&["analyze", "--max-nodes", "10000"], "node limit of 10000 reached"),
        (&["analyze", "--timeout", "0.000001"], "time limit of 0.000 s reached"),
    ];
    for (args, message) in runs {
        let clock = Instant::now();
        let o = goat(args);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(clock.elapsed() < Duration::from_secs(10), "{args:?}");
    }
    let o = goat(&["analyze", "--max-memory", "1M"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // 1.9 MiB for the enumeration, plus what the program itself holds.
    let e = stderr(&o);
    assert!(
        e.contains("enumerating 5443200 states needs about ") && e.contains("MiB, over the 1.0 MiB allowed"),
        "{e}"
    );
    let needed: f64 = e.split("needs about ").nth(1).and_then(|r| r.split(' ').next()).unwrap().parse().unwrap();
    assert!(needed >= 1.9, "{e}");
}

#[test]
fn ctrl_c_stops_a_search_with_exit_130() {
    let child = program()
        .command(&[])
        .args(["solve", "--heuristic", "none", FAR])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (o, _) = interrupt(child, Duration::from_millis(500));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("goat: interrupted by Ctrl-C"), "{}", stderr(&o));
    // Stopped by the search itself, not by the grace period's forced exit.
    assert!(!stderr(&o).contains("could not stop sooner"), "{}", stderr(&o));
}
