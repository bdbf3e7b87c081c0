//! `fifteen`'s bounds, run as a user runs them: --max-nodes and --timeout end every algorithm,
//! `count` and `analyze` with exit status 3 and a message naming the bound; the searches that
//! remember states stop at --max-memory (exit 3), an analysis that would not fit is refused up
//! front with an estimate (exit 2); Ctrl-C ends a search at once with exit status 130.

use std::process::Stdio;
use std::time::{Duration, Instant};

use slide_testing::contract::interrupt;
use slide_testing::stderr;

use super::{fifteen, program};

/// An 80-move board (one of the 15-puzzle's farthest): no search here finishes on it.
const HARD: &str = "0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1";

#[test]
fn node_limits_end_every_search_with_exit_3() {
    for algorithm in ["idastar", "astar", "bfs", "iddfs"] {
        let o = fifteen(&["solve", "--heuristic", "manhattan", "--algorithm", algorithm, "--max-nodes", "5000", HARD]);
        assert_eq!(o.status.code(), Some(3), "{algorithm}: {}", stderr(&o));
        assert!(stderr(&o).contains("search stopped: node limit of 5000 reached"), "{algorithm}: {}", stderr(&o));
    }
    let o = fifteen(&["count", "--heuristic", "manhattan", "--max-nodes", "5000", HARD]);
    assert_eq!(o.status.code(), Some(3), "count: {}", stderr(&o));
    assert!(stderr(&o).contains("node limit of 5000"));
    let o = fifteen(&["analyze", "--size", "3x3", "--max-nodes", "5000"]);
    assert_eq!(o.status.code(), Some(3), "analyze: {}", stderr(&o));
    assert!(stderr(&o).contains("node limit of 5000"), "{}", stderr(&o));
}

#[test]
fn time_limits_end_every_search_with_exit_3() {
    let cases: [&[&str]; 6] = [
        &["solve", "--heuristic", "manhattan", "--algorithm", "idastar", HARD],
        &["solve", "--heuristic", "manhattan", "--algorithm", "astar", HARD],
        &["solve", "--algorithm", "bfs", HARD],
        &["solve", "--algorithm", "iddfs", HARD],
        &["count", "--heuristic", "manhattan", HARD],
        &["analyze", "--size", "3x4"],
    ];
    for args in cases {
        let clock = Instant::now();
        let o = fifteen(&[args, &["--timeout", "0.3", "--quiet"]].concat());
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("time limit of 0.300 s reached"), "{args:?}: {}", stderr(&o));
        assert!(clock.elapsed() < Duration::from_secs(10), "{args:?} stopped soon after its limit");
    }
}

#[test]
fn memory_is_bounded() {
    for algorithm in ["bfs", "astar"] {
        let o = fifteen(&["solve", "--heuristic", "manhattan", "--algorithm", algorithm, "--max-memory", "16M", HARD]);
        assert_eq!(o.status.code(), Some(3), "{algorithm}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains("memory limit of 16.0 MiB reached") && e.contains("--max-memory"), "{algorithm}: {e}");
    }
    // An analysis that does not fit is refused before anything is allocated, with an estimate.
    let o = fifteen(&["analyze", "--size", "3x4", "--max-memory", "32M"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // 57.1 MiB for the enumeration (two bits a position), plus what the program itself holds.
    let e = stderr(&o);
    let needed: f64 = e.split("needs about ").nth(1).and_then(|r| r.split(' ').next()).unwrap().parse().unwrap();
    assert!((57.1..80.0).contains(&needed) && e.contains("MiB, over the 32.0 MiB allowed"), "{e}");
    let o = fifteen(&["analyze", "--size", "4x4"]);
    assert_eq!(o.status.code(), Some(2));
    // 16!/2 positions: about 2.4 TiB at two bits a position.
    assert!(stderr(&o).contains("enumerating 10,461,394,944,000 states needs about 2.4 TiB"), "{}", stderr(&o));
    // The 14-cell boards, in either metric, are refused at once under 10 GiB.
    for (size, metric) in [("7x2", "stm"), ("2x7", "mtm")] {
        let clock = Instant::now();
        let o =
            fifteen(&["analyze", "--size", size, "--metric", metric, "--max-memory", "8G", "--checkpoint", "never"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("enumerating 43,589,145,600 states needs about 10."), "{}", stderr(&o));
        assert!(clock.elapsed() < Duration::from_secs(5), "refused up front");
    }
    let o = fifteen(&["solve", "--max-memory", "lots", HARD]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is not a size"), "{}", stderr(&o));
}

#[test]
fn ctrl_c_stops_a_search_with_exit_130() {
    for algorithm in ["idastar", "bfs"] {
        let child = program()
            .command(&[])
            .args(["solve", "--heuristic", "manhattan", "--algorithm", algorithm, HARD])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (o, _) = interrupt(child, Duration::from_millis(500));
        assert_eq!(o.status.code(), Some(130), "{algorithm}: {}", stderr(&o));
        assert!(stderr(&o).contains("fifteen: interrupted by Ctrl-C"), "{algorithm}: {}", stderr(&o));
        // Stopped by the search itself, not by the grace period's forced exit (whose
        // message says the work could not stop sooner): behaviour, not speed.
        assert!(!stderr(&o).contains("could not stop sooner"), "{algorithm}: {}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
}

/// Bounds hold at any thread count: the parallel tasks of IDA* share one deadline and one
/// node count (each used to start its own clock, and the nodes above the split went
/// uncounted: `--timeout 1` ran 2.4 to 2.9 s, `--max-nodes 31` solved in 144 nodes).
#[test]
fn bounds_hold_at_any_thread_count() {
    const EASY: &str = "8 6 7 / 2 5 4 / 3 0 1";
    for threads in ["1", "2", "4"] {
        let o = fifteen(&["solve", "--json", "--threads", threads, "--max-nodes", "31", EASY]);
        let record: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        match o.status.code() {
            // Solved: within the limit and one check interval (an eighth of it).
            Some(0) => assert!(record["nodes"].as_u64().unwrap() <= 31 + 31 / 8, "{threads} threads: {record}"),
            Some(3) => assert!(record["error"].as_str().unwrap().contains("node limit of 31"), "{record}"),
            other => panic!("{threads} threads: exit {other:?}: {}", stderr(&o)),
        }
        // The time limit ends the search, whatever the thread count: per-task clocks made a
        // 1 s limit run 2.4 to 2.9 s; 1.5 s of margin is for a loaded machine.
        let clock = Instant::now();
        let o = fifteen(&["solve", "--threads", threads, "--heuristic", "manhattan", "--timeout", "2", HARD]);
        let took = clock.elapsed();
        assert_eq!(o.status.code(), Some(3), "{threads} threads: {}", stderr(&o));
        assert!(took < Duration::from_millis(3500), "{threads} threads: a 2 s limit took {took:?}");
    }
}

/// Making boards is long work like a search: `scramble` and `random` end at --timeout,
/// --max-nodes (a walk's moves) and Ctrl-C, by themselves rather than by the grace period's
/// forced exit (whose message says the work could not stop sooner).
#[test]
fn scramble_and_random_honour_bounds_and_ctrl_c() {
    let o = fifteen(&["scramble", "--moves", "4000000000", "--timeout", "0.5"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("time limit of 0.500 s reached"), "{}", stderr(&o));
    let o = fifteen(&["scramble", "--moves", "5000", "--max-nodes", "1000"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("node limit of 1000 reached"), "{}", stderr(&o));
    let o = fifteen(&["random", "--count", "100000000000", "--timeout", "0.5"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    for args in [["scramble", "--moves", "4000000000"], ["random", "--count", "100000000000"]] {
        let child = program().command(&[]).args(args).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
        let (o, _) = interrupt(child, Duration::from_millis(300));
        assert_eq!(o.status.code(), Some(130), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("fifteen: interrupted by Ctrl-C"), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("could not stop sooner"), "{args:?}: {}", stderr(&o));
    }
}

/// The staged solver honours the bounds like any search (it used to ignore them: on 100x100,
/// `--timeout 0.01 --max-memory 50M` ran 2 s, took 363 MB and exited 0, and Ctrl-C printed
/// the whole answer): a time or node limit and Ctrl-C end it, and a board whose every
/// solution is too long to write out within --max-memory is refused before the work.
#[test]
fn the_fast_solver_honours_every_bound() {
    let board = String::from_utf8(fifteen(&["random", "--size", "100x100", "--seed", "1"]).stdout).unwrap();
    let board = board.trim();
    let run = |extra: &[&str]| {
        let o = fifteen(&[&["solve", "--algorithm", "fast", "--size", "100x100"], extra, &[board]].concat());
        (o.status.code(), stderr(&o))
    };
    let (code, e) = run(&["--timeout", "0.01"]);
    assert_eq!(code, Some(3), "{e}");
    assert!(e.contains("search stopped: time limit of 0.010 s reached"), "{e}");
    let (code, e) = run(&["--max-nodes", "50000"]);
    assert_eq!(code, Some(3), "{e}");
    assert!(e.contains("search stopped: node limit of 50000 reached"), "{e}");
    let (code, e) = run(&["--max-memory", "50M"]);
    assert_eq!(code, Some(2), "{e}");
    assert!(e.contains("a solution has at least") && e.contains("over the 50.0 MiB allowed (--max-memory)"), "{e}");
    // Within bounds it answers, counting as nodes its moves and the positions its searches
    // generate.
    let small = String::from_utf8(fifteen(&["random", "--size", "10x10", "--seed", "2"]).stdout).unwrap();
    let limits = ["--max-nodes", "100000000", "--timeout", "600", "--max-memory", "1G"];
    let o = fifteen(
        &[&["solve", "--json", "--algorithm", "fast", "--size", "10x10"], &limits[..], &[small.trim()]].concat(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let record: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(record["nodes"].as_u64().unwrap() > record["length"].as_u64().unwrap(), "{record}");
    let child = program()
        .command(&["solve", "--algorithm", "fast", "--size", "100x100", board])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (o, _) = interrupt(child, Duration::from_millis(300));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(o.stdout.is_empty(), "no answer after Ctrl-C: {} bytes", o.stdout.len());
    assert!(!stderr(&o).contains("could not stop sooner"), "{}", stderr(&o));
}
