//! Shortest solutions: replayed under their metric, equal across BFS, A* and IDA*, checked
//! against an independent naive model, and against the figures in the literature.

mod common;

use common::{check_step, shipped, Naive};
use quzzle::parse::rows_of;
use quzzle::solve::Algorithm;
use quzzle::{analyze, count, label_path, solve_instance, Instance, Metric};
use slide_core::search::{count_optimal, IdaOptions, Limits};
use slide_core::Outcome;

/// Solves, then replays the solution twice: with the engine's legality check, and on the
/// labelled boards with the naive checker. Returns the length.
fn solve_and_replay(inst: &Instance, algorithm: Algorithm) -> usize {
    let metric = inst.board.metric;
    let (outcome, _) = solve_instance(inst, algorithm, &Limits::default());
    let path = outcome.found().unwrap_or_else(|| panic!("{} {metric} {algorithm:?}: no solution", inst.name));
    let end = inst.play(&path.moves);
    assert!(inst.is_goal(&end), "the replay ends at the goal");
    assert_eq!(end, *path.states.last().unwrap());
    let steps = label_path(inst, &path.moves);
    let (rows, cols) = (inst.board.rows, inst.board.cols);
    let mut before = inst.start_text();
    for (i, step) in steps.iter().enumerate() {
        let label = check_step(&before, &step.board, rows, cols, metric)
            .unwrap_or_else(|e| panic!("{} {metric}: step {}: {e}\n{before}\n{}", inst.name, i + 1, step.board));
        assert_eq!(label as char, step.label, "step {} names the block that moved", i + 1);
        match metric {
            Metric::Cell => assert_eq!(step.dirs.len(), 1),
            Metric::Line => assert!(step.dirs.windows(2).all(|w| w[0] == w[1])),
            Metric::Block => assert!(!step.dirs.is_empty()),
        }
        before = step.board.clone();
    }
    // The final labelled board satisfies the goal pattern, read independently.
    let naive = Naive::new(&inst.start_text(), rows, cols);
    assert!(
        naive.pattern_goal(&inst.goal_text)(&naive.canonical(before.as_bytes())),
        "{}",
        rows_of(&before, cols).join("/")
    );
    path.len()
}

#[test]
fn literature_figures() {
    // Pennant (the generic solver's puzzle): 59 moves (Hordern; Storer's list). Klotski "Heng Dao Li
    // Ma": 81 moves (block metric), 116 one-cell slides. Century: 99 "rectilinear" moves
    // (block metric) and a 111-move straight-line solution (Storer's page).
    let cases = [
        ("pennant", Metric::Block, 59),
        ("klotski", Metric::Block, 81),
        ("klotski", Metric::Cell, 116),
        ("century", Metric::Block, 99),
        ("century", Metric::Line, 111),
    ];
    for (name, metric, known) in cases {
        let inst = shipped(name, metric);
        assert_eq!(solve_and_replay(&inst, Algorithm::Bfs), known, "{name} {metric}");
    }
}

#[test]
fn the_default_is_the_pennant_file() {
    let seed = Instance::pennant(Metric::Cell);
    let file = shipped("pennant", Metric::Cell);
    assert_eq!(seed.start, file.start);
    assert_eq!(seed.goal, file.goal);
    assert_eq!(seed.start_text(), "1122113345..67886799");
}

#[test]
fn bfs_and_astar_agree_on_every_shipped_puzzle_and_metric() {
    for name in ["pennant", "klotski", "century", "small"] {
        for metric in Metric::ALL {
            let inst = shipped(name, metric);
            let b = solve_and_replay(&inst, Algorithm::Bfs);
            let a = solve_and_replay(&inst, Algorithm::Astar);
            assert_eq!(a, b, "{name} {metric}");
        }
    }
}

#[test]
fn idastar_agrees_on_small_puzzles() {
    let small = [
        ("small", None),
        ("AAb./AAc./dde.", Some("..../AA../AA..")),
        ("aab/c.d/ee.", Some(".b./.../...")),
        ("AA.b/AAcd/e.fg", Some("..../.AA./.AA.")),
    ];
    for (what, goal) in small {
        for metric in Metric::ALL {
            let inst = match goal {
                None => shipped(what, metric),
                Some(g) => Instance::new(what, what, Some(g), None, metric).unwrap(),
            };
            let b = solve_and_replay(&inst, Algorithm::Bfs);
            let i = solve_and_replay(&inst, Algorithm::Idastar);
            assert_eq!(i, b, "{what} {metric}");
        }
    }
}

#[test]
fn cell_metric_lengths_match_the_naive_model() {
    for name in ["pennant", "klotski", "century", "small"] {
        let inst = shipped(name, Metric::Cell);
        let (rows, cols) = (inst.board.rows, inst.board.cols);
        let naive = Naive::new(&inst.start_text(), rows, cols);
        let (_, depth, paths) = naive.explore(&inst.start_text(), naive.pattern_goal(&inst.goal_text));
        let length = solve_and_replay(&inst, Algorithm::Bfs);
        assert_eq!(Some(length), depth, "{name}");
        // The number of optimal solutions, counted two ways.
        let (outcome, _) = count(&inst, &Limits::default());
        assert_eq!(outcome.found(), Some((length as u32, paths)), "{name}");
    }
}

#[test]
fn reachable_state_counts_two_ways() {
    // Literature: Klotski's Heng Dao Li Ma reaches 25,955 positions (blocks of one shape
    // interchangeable). The others are computed here two ways only.
    for name in ["pennant", "klotski", "century", "small"] {
        let mut counts = Vec::new();
        for metric in Metric::ALL {
            let inst = shipped(name, metric);
            let a = analyze(&inst.board, inst.start, |s| inst.is_goal(s), &Limits::default()).unwrap();
            assert_eq!(a.histogram.iter().sum::<u64>(), a.states);
            assert_eq!(a.histogram[0], 1);
            assert_eq!(*a.histogram.last().unwrap(), a.antipodes.len() as u64);
            let (outcome, _) = solve_instance(&inst, Algorithm::Bfs, &Limits::default());
            assert_eq!(a.goal_depth, outcome.found().map(|p| p.len() as u32), "{name} {metric}");
            counts.push(a.states);
        }
        // Every metric connects the same states.
        assert!(counts.windows(2).all(|w| w[0] == w[1]), "{name}: {counts:?}");
        let inst = shipped(name, Metric::Cell);
        let naive = Naive::new(&inst.start_text(), inst.board.rows, inst.board.cols);
        let (states, _, _) = naive.explore(&inst.start_text(), |_| false);
        assert_eq!(states as u64, counts[0], "{name}");
        if name == "klotski" {
            assert_eq!(states, 25_955);
        }
    }
}

#[test]
fn counting_by_bfs_and_by_idastar_agree() {
    for metric in Metric::ALL {
        let inst = shipped("small", metric);
        let (bfs, _) = count(&inst, &Limits::default());
        let h = quzzle::GoalDistance::new(&inst.board, &inst.goal);
        let options = IdaOptions { parallel: false, ..IdaOptions::default() };
        let (ida, _) = count_optimal(&inst.board, &h, inst.start, |s| inst.is_goal(s), false, &options);
        let ida = ida.found().unwrap();
        assert_eq!(bfs.found(), Some((ida.length, ida.count)), "{metric}");
    }
}

#[test]
fn limits_are_reported() {
    let inst = shipped("klotski", Metric::Block);
    let limits = Limits::nodes(100);
    for algorithm in [Algorithm::Bfs, Algorithm::Astar, Algorithm::Idastar] {
        let (outcome, _) = solve_instance(&inst, algorithm, &limits);
        assert!(matches!(outcome, Outcome::LimitReached(_)), "{algorithm:?}");
    }
    assert!(analyze(&inst.board, inst.start, |_| false, &limits).is_err());
}

#[test]
fn unreachable_goals_are_reported() {
    // The 2x2 block can never pass the wall.
    let inst = Instance::new("walled", "AA#./AA#./...#", Some("...A/...A/...."), None, Metric::Cell);
    assert!(inst.unwrap_err().to_string().contains("no 2x2 block"));
    let inst = Instance::new("stuck", "AAb/AAc/dd#", Some(".AA/.AA/..."), None, Metric::Block).unwrap();
    let (outcome, _) = solve_instance(&inst, Algorithm::Bfs, &Limits::default());
    assert_eq!(outcome, Outcome::NoSolution);
}

#[test]
fn listed_solutions_are_distinct_optimal_and_counted() {
    for (name, limit) in [("small", 1000), ("pennant", 40), ("klotski", 1000)] {
        for metric in Metric::ALL {
            let inst = shipped(name, metric);
            let (counted, _) = count(&inst, &Limits::default());
            let (length, n) = counted.found().unwrap();
            let (l, list) =
                quzzle::optimal_solutions(&inst.board, inst.start, |s| inst.is_goal(s), limit, &Limits::default())
                    .unwrap()
                    .unwrap();
            assert_eq!(l, length);
            assert_eq!(list.len() as u128, n.min(limit as u128), "{name} {metric}");
            let mut distinct = list.clone();
            distinct.sort_by_key(|m| m.iter().map(|x| (x.class, x.from, x.to)).collect::<Vec<_>>());
            distinct.dedup();
            assert_eq!(distinct.len(), list.len());
            for moves in &list {
                assert_eq!(moves.len() as u32, length);
                let end = inst.play(moves);
                assert!(inst.is_goal(&end));
            }
        }
    }
}

#[test]
fn the_generic_solver_s_printed_solution_is_reproduced() {
    // The generic solver prints a breadth-first (one-cell slides) solution that starts with 5 sliding
    // right and ends at 7633 / 7622 / ..54 / 1199 / 1188. That board must be a goal, at the
    // optimal distance of the partial goal.
    let seed = Instance::pennant(Metric::Cell);
    let partial = solve_and_replay(&seed, Algorithm::Bfs);
    let full =
        Instance::new("pennant", quzzle::parse::PENNANT_START, Some("7633/7622/..54/1199/1188"), None, Metric::Cell)
            .unwrap();
    assert_eq!(solve_and_replay(&full, Algorithm::Bfs), partial);
    let (outcome, _) = solve_instance(&full, Algorithm::Bfs, &Limits::default());
    let end = *outcome.found().unwrap().states.last().unwrap();
    assert!(seed.is_goal(&end));
    let steps = label_path(&seed, &solve_instance(&seed, Algorithm::Bfs, &Limits::default()).0.found().unwrap().moves);
    assert_eq!(steps[0].board, "1122113345..67886799".replacen("45..", "4.5.", 1));
}

#[test]
fn parsing_arbitrary_text_never_panics() {
    // A fixed-seed generator over characters that matter to the parser.
    let alphabet: Vec<char> = "..00__##//\n aAbB12:x?é".chars().collect();
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for len in 0..400 {
        let mut text = String::new();
        for _ in 0..(len % 40) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            text.push(alphabet[(x % alphabet.len() as u64) as usize]);
        }
        for metric in Metric::ALL {
            if let Ok(inst) = Instance::new("fuzz", &text, None, None, metric) {
                let (outcome, _) = solve_instance(&inst, Algorithm::Bfs, &Limits::nodes(10_000));
                if let Outcome::Found(path) = outcome {
                    assert!(inst.is_goal(path.states.last().unwrap()));
                }
            }
            let _ = Instance::new("fuzz", &text, Some(&text), None, metric);
            let _ = quzzle::parse::parse_file(&text);
            let _ = quzzle::parse::instance_from_file(&format!("start:\n{text}\ngoal: {text}"), "f", Some(metric));
        }
    }
}

#[test]
fn goal_distances_agree_with_a_search_from_every_position() {
    // The Pennant under each metric (1,398 positions): the distance of every position, found
    // by one breadth-first search from the goals, equals a shortest solution searched from
    // that position forwards.
    for metric in Metric::ALL {
        let inst = shipped("pennant", metric);
        let d = quzzle::goal_distances(&inst.board, inst.start, |s| inst.is_goal(s), &Limits::default()).unwrap();
        let whole = analyze(&inst.board, inst.start, |s| inst.is_goal(s), &Limits::default()).unwrap();
        assert_eq!((d.states, d.distances.len() as u64), (whole.states, whole.states), "{metric}");
        assert_eq!(d.histogram.iter().sum::<u64>(), d.states, "{metric}");
        assert_eq!(d.histogram[0], whole.goal_states, "{metric}: the goals are at distance 0");
        for (state, &distance) in &d.distances {
            let goal = |s: &quzzle::State| inst.is_goal(s);
            let (outcome, _) = slide_core::search::bfs(&inst.board, *state, goal, &Limits::default());
            assert_eq!(outcome.found().unwrap().len() as u32, distance, "{metric}");
        }
    }
    // The literature's figures from the start, under the block metric.
    for (name, known) in [("klotski", 81), ("century", 99)] {
        let inst = shipped(name, Metric::Block);
        let d = quzzle::goal_distances(&inst.board, inst.start, |s| inst.is_goal(s), &Limits::default()).unwrap();
        assert_eq!(d.distances[&inst.start], known, "{name}");
    }
    // A goal that cannot be reached leaves every position without a distance; a bound stops it.
    let inst = Instance::new("walled", "a.#.", Some("...a"), Some((1, 4)), Metric::Cell).unwrap();
    let d = quzzle::goal_distances(&inst.board, inst.start, |s| inst.is_goal(s), &Limits::default()).unwrap();
    assert!(d.distances.is_empty() && d.histogram.is_empty(), "{d:?}");
    assert_eq!(d.states, 2);
    let inst = shipped("century", Metric::Cell);
    let bounded = quzzle::goal_distances(&inst.board, inst.start, |s| inst.is_goal(s), &Limits::nodes(1000));
    assert!(bounded.is_err());
}

#[test]
fn the_generic_solver_s_depth_first_option_finds_a_solution_not_a_shortest() {
    for name in ["pennant", "klotski", "small"] {
        for metric in [Metric::Cell, Metric::Line, Metric::Block] {
            let inst = shipped(name, metric);
            let (optimal, _) = solve_instance(&inst, Algorithm::Bfs, &Limits::default());
            let optimal = optimal.found().unwrap().len();
            let length = solve_and_replay(&inst, Algorithm::Dfs);
            assert!(length >= optimal, "{name} {metric}: {length} < {optimal}");
            if name == "pennant" && metric == Metric::Cell {
                assert!(length > 2 * optimal, "depth first wanders: {length} vs {optimal}");
            }
        }
    }
}

#[test]
fn the_block_a_goal_names_is_the_one_that_counts() {
    // B and E look alike (1x1); the goal wants E in the corner where B stands.
    for metric in Metric::ALL {
        let inst = Instance::new("look-alikes", "B.E/...", Some("E../..."), None, metric).unwrap();
        assert!(!inst.is_goal(&inst.start), "{metric}: B in the corner is not E");
        assert_eq!(inst.board.classes.len(), 2, "{metric}: E has a class of its own");
        let length = solve_and_replay(&inst, Algorithm::Bfs);
        let (outcome, _) = solve_instance(&inst, Algorithm::Bfs, &Limits::default());
        let steps = label_path(&inst, &outcome.found().unwrap().moves);
        assert_eq!(steps.len(), length);
        assert!(steps.last().unwrap().board.starts_with('E'), "{metric}: E ends in the corner: {steps:?}");
        // The same goal pattern read from a file, and given as --goal would give it.
        let file = quzzle::parse::instance_from_file("start: B.E/...\ngoal: E../...", "f", Some(metric)).unwrap();
        assert!(!file.is_goal(&file.start));
        let regoaled =
            Instance::new("g", "B.E/...", Some("B../..."), None, metric).unwrap().with_goal("E../...").unwrap();
        assert!(!regoaled.is_goal(&regoaled.start));
    }
    // When the goal places every block of a shape, look-alikes stay interchangeable: the
    // swapped pair satisfies it.
    let both = Instance::new("both", "B.E/...", Some("E.B/..."), None, Metric::Cell).unwrap();
    assert!(both.is_goal(&both.start));
    assert_eq!(both.board.classes.len(), 1);
}
