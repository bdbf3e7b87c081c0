//! Lecky's experiments as commands, with his figures: the branching factors without undo
//! moves, his depth-bounded depth-first search with a visited set (the 10-move board it
//! misses at bound 10, said as a miss), and random-walk solving; the parameters of the
//! algorithms refused where they do not apply.

use fifteen::{Shape, TilePuzzle};
use serde_json::Value;
use slide_core::Puzzle;
use slide_testing::json_lines;

use slide_testing::tiles::replay;

use super::fifteen;

#[test]
fn a_miss_is_said_as_such_and_exits_3() {
    let out = fifteen(&["solve", "--algorithm", "dfs", "--max-depth", "10", "0 1 3 / 5 2 8 / 4 6 7"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("found no solution within 10 moves (471 nodes): not a proof that none exists"), "{err}");
    // A bound below a proven lower bound is a proof, and says so.
    let out = fifteen(&["solve", "--algorithm", "dfs", "--max-depth", "9", "0 1 3 / 5 2 8 / 4 6 7"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no solution within 9 moves: a shortest solution has at least 10 moves"), "{err}");
    // Found: not optimal, with its bound and a lower bound.
    let out = fifteen(&["solve", "--json", "--algorithm", "dfs", "--max-depth", "11", "0 1 3 / 5 2 8 / 4 6 7"]);
    assert!(out.status.success());
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["length"].as_u64(), v["optimal"].as_bool(), v["max_depth"].as_u64()),
        (Some(10), Some(false), Some(11))
    );
    assert_eq!(v["lower_bound"], 10);
    replay(v);
    // The old name still works, and says it is old.
    let out = fifteen(&["solve", "--json", "--algorithm", "dfs-not-optimal", "1 2 3 / 4 5 6 / 0 7 8"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("dfs-not-optimal is deprecated"));
    assert_eq!(json_lines(&out)[0]["algorithm"], "dfs");
}

/// The first walk of a random-walk record as a solution record of its own.
fn first_walk(v: &Value) -> Value {
    let mut first = v.clone();
    first["moves"] = v["first"]["moves"].clone();
    first["pieces"] = v["first"]["pieces"].clone();
    first
}

#[test]
fn random_walks_give_the_first_and_the_best_the_same_for_a_seed() {
    // Lecky's 15-puzzle scrambled 15 moves (11 from the goal), 100,000 walks of 40 moves.
    let board = "1 2 3 4 / 5 6 7 8 / 13 0 14 11 / 15 9 10 12";
    for extra in [&[][..], &["--informed"], &["--greedy"]] {
        let mut args = vec!["solve", "--json", "--algorithm", "random-walk", "--seed", "3", board];
        args.extend(extra);
        let out = fifteen(&args);
        assert!(out.status.success(), "{extra:?}: {}", String::from_utf8_lossy(&out.stderr));
        let v = &json_lines(&out)[0];
        assert_eq!(
            (v["optimal"].as_bool(), v["seed"].as_u64(), v["max_depth"].as_u64()),
            (Some(false), Some(3), Some(40))
        );
        let (length, first) = (v["length"].as_u64().unwrap(), v["first"]["length"].as_u64().unwrap());
        assert!(length <= first && first <= 40 && length >= v["lower_bound"].as_u64().unwrap(), "{v}");
        assert!(v["succeeded"].as_u64().unwrap() >= 1 && v["walks"].as_u64().unwrap() <= 100_000);
        assert!(v["best_walk"].as_u64() >= v["first"]["walk"].as_u64());
        replay(v);
        replay(&first_walk(v));
        assert_eq!(json_lines(&fifteen(&args))[0]["moves"], v["moves"], "{extra:?}: the same seed, the same walks");
        if extra.contains(&"--informed") {
            assert!(v["dead_ends"].as_u64().unwrap() >= 1, "{v}");
        }
    }
    // Without --seed, one is drawn, said and recorded.
    let out = fifteen(&["solve", "--json", "--algorithm", "random-walk", "--walks", "5", "1 2 3 / 4 5 6 / 7 8 0"]);
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    let seed = json_lines(&out)[0]["seed"].as_u64().unwrap();
    assert!(said.contains(&format!("random seed {seed} (--seed {seed} ")), "{said}");
}

#[test]
fn walks_that_find_nothing_fail_cleanly_and_a_bound_can_keep_the_best() {
    let board = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12"; // 15 moves from the goal
    let args = ["solve", "--algorithm", "random-walk", "--walks", "50", "--max-depth", "20", "--seed", "1", board];
    let out = fifteen(&args);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("none of 50 random walks of at most 20 moves reached the goal: not a proof"), "{err}");
    // A node bound stops the walks; --best-so-far keeps the best found, still exit 3.
    let out = fifteen(&[
        "solve",
        "--json",
        "--algorithm",
        "random-walk",
        "--walks",
        "1000000",
        "--seed",
        "9",
        "--max-nodes",
        "100000",
        "--best-so-far",
        "1 2 3 / 4 5 6 / 0 7 8",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let v = &json_lines(&out)[0];
    assert_eq!((v["length"].as_u64(), v["stopped"].as_str()), (Some(2), Some("node limit of 100000 reached")));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the record holds the best solution found before"));
}

#[test]
fn a_parameter_for_another_algorithm_is_refused_naming_both() {
    let board = "1 2 3 / 4 5 6 / 7 0 8";
    for (args, says) in [
        (&["--weight", "1.5"][..], "--weight is for --algorithm weighted, not idastar"),
        (
            &["--algorithm", "bfs", "--max-depth", "5"],
            "--max-depth is for --algorithm idastar or --algorithm dfs or --algorithm random-walk, not bfs",
        ),
        (&["--algorithm", "dfs", "--walks", "5"], "--walks is for --algorithm random-walk, not dfs"),
        (
            &["--algorithm", "astar", "--best-so-far"],
            "--best-so-far is for --algorithm weighted or --algorithm random-walk",
        ),
        (&["--algorithm", "weighted", "--weight", "0.5"], "the weight must be 1 to 1000"),
        (&["--algorithm", "weighted", "--weight", "1.2345"], "at most three decimals"),
        (&["--algorithm", "random-walk", "--walks", "0"], "--walks must be at least 1"),
        (&["--algorithm", "astar", "--duplicates", "2"], "--duplicates is for --algorithm idastar, not astar"),
        (&["--duplicates", "1"], "1 is not in 2..=16"),
        (&["--duplicates", "24"], "24 is not in 2..=16"),
        (&["--metric", "mtm", "--duplicates", "4"], "--duplicates is for the single-tile metric"),
    ] {
        let mut all = vec!["solve"];
        all.extend(args);
        all.push(board);
        let out = fifteen(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The nodes at each depth of a real no-undo tree search over the tile puzzle, from the goal.
fn tree_counts(shape: Shape, depth: usize) -> Vec<u64> {
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let mut counts = vec![0u64; depth + 1];
    fn walk(p: &TilePuzzle, s: fifteen::TileState, prev: Option<fifteen::TileState>, d: usize, counts: &mut [u64]) {
        counts[d] += 1;
        if d + 1 < counts.len() {
            p.for_each_successor(&s, |_, c| {
                if Some(c) != prev {
                    walk(p, c, Some(s), d + 1, counts);
                }
            });
        }
    }
    walk(&puzzle, puzzle.goal(), None, 0, &mut counts);
    counts
}

#[test]
fn branching_gives_lecky_s_averages_and_the_tree_s_growth() {
    for (size, fraction, average, growth) in
        [("3x3", "44/24", 1.8333, 1.7321), ("4x4", "104/48", 2.1667, 2.1304), ("5x5", "188/80", 2.35, 2.3676)]
    {
        let out = fifteen(&["branching", "--json", "--size", size, "--depth", "60"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v = &json_lines(&out)[0];
        assert_eq!(v["average_fraction"], fraction);
        assert!((v["average"].as_f64().unwrap() - average).abs() < 1e-4, "{v}");
        assert!((v["growth"].as_f64().unwrap() - growth).abs() < 1e-4, "{v}");
        assert!((v["measured"].as_f64().unwrap() - growth).abs() < 1e-3, "{v}");
        // The counts are those of a real tree search, as deep as one runs quickly.
        let n = size.as_bytes()[0] - b'0';
        let shape = Shape::new(n as usize, n as usize).unwrap();
        let counted = tree_counts(shape, 14);
        let nodes: Vec<u64> = v["nodes"].as_array().unwrap()[..=14].iter().map(|x| x.as_u64().unwrap()).collect();
        assert_eq!(nodes, counted, "{size}");
    }
    // Text: the fraction, the decimal, the sentence; and the counts by depth.
    let out = fifteen(&["branching", "--size", "4x4", "--depth", "3"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("104/48 = 13/6 = 2.1667") && text.contains("the tree multiplies them"), "{text}");
    assert!(text.contains("    3  10\n"), "{text}");
    // Any size the board type allows; others are refused.
    let out = fifteen(&["branching", "--size", "2x5", "--json", "--depth", "4"]);
    assert!(out.status.success());
    let out = fifteen(&["branching", "--depth", "81"]);
    assert_eq!(out.status.code(), Some(2));
}

/// IDA* leaves out duplicate paths by default: Korf's first 15-puzzle (57 moves) and the
/// 8-puzzle's hardest boards are solved as short as by the plain search (`--duplicates 2`,
/// only the move back left out) in fewer nodes; each solution replays to the goal.
#[test]
fn duplicate_paths_left_out_give_the_same_lengths_in_fewer_nodes() {
    let korf1 = "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3";
    let goal = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";
    for (board, goal, heuristic) in [
        (korf1, Some(goal), "pdb663"),
        ("8 6 7 / 2 5 4 / 3 0 1", None, "manhattan"),
        ("6 4 7 / 8 5 0 / 3 2 1", None, "linear-conflict"),
    ] {
        let solve = |extra: &[&str]| -> (u64, u64) {
            let mut args = vec!["solve", "--heuristic", heuristic, "--json", "--quiet", "--threads", "1"];
            if let Some(goal) = goal {
                args.extend(["--goal", goal]);
            }
            args.extend(extra);
            args.push(board);
            let out = fifteen(&args);
            assert_eq!(out.status.code(), Some(0), "{board} {extra:?}: {}", String::from_utf8_lossy(&out.stderr));
            let record: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON record");
            let moves: Vec<String> =
                record["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
            let mut play = vec!["play", "--json"];
            if let Some(goal) = goal {
                play.extend(["--goal", goal]);
            }
            let moves = moves.join(" ");
            play.extend(["--from", board, moves.as_str()]);
            let replay = fifteen(&play);
            let replayed: serde_json::Value = serde_json::from_slice(&replay.stdout).expect("a play record");
            assert_eq!(replayed["solved"], true, "{board} {extra:?}: the solution replays to the goal");
            (record["length"].as_u64().unwrap(), record["nodes"].as_u64().unwrap())
        };
        let (length, nodes) = solve(&[]);
        let (plain_length, plain_nodes) = solve(&["--duplicates", "2"]);
        assert_eq!(length, plain_length, "{board}: as short");
        assert!(nodes < plain_nodes, "{board}: {nodes} nodes against {plain_nodes}");
    }
}
