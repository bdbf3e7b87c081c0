//! The `seven` binary's behaviour: text and JSON answers with every heuristic and algorithm,
//! analysis and counts, exit statuses, batches, made boards, custom goals.

use fifteen::parse::parse_board;
use std::process::Output;

use fifteen::solvable::check_solvable;
use fifteen::{Tile, TilePuzzle, TileState};
use serde_json::Value;
use slide_core::search::Limits;
use slide_testing::json_lines;

use super::{default_board, puzzle, seven};

/// A board's tiles, cell by cell.
fn cells(v: &Value) -> Vec<u8> {
    v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as u8).collect()
}

/// The tiles a solution moves.
fn tiles(v: &Value) -> Vec<Tile> {
    cells(v).into_iter().map(Tile::from).collect()
}

#[test]
fn binary_default_solve_prints_numbered_moves_and_tiles() {
    let out = seven(&[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("36 moves"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("  1. ")), "numbered moves");
    assert!(text.contains(" 36. "), "36 numbered moves");
    let list = text.lines().find(|l| l.starts_with("pieces: [")).expect("the tile list");
    let moved: Vec<Tile> =
        list["pieces: [".len()..list.len() - 1].split(", ").map(|t| Tile::new(t.parse().unwrap())).collect();
    assert_eq!(puzzle().try_play_tiles(default_board(), &moved), Ok(puzzle().goal()));
}

#[test]
fn binary_json_with_every_heuristic_gives_36() {
    for h in ["none", "manhattan", "linear-conflict", "walking-distance", "exact"] {
        let out = seven(&["solve", "--json", "--heuristic", h]);
        assert!(out.status.success(), "{h}: {}", String::from_utf8_lossy(&out.stderr));
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 1);
        let v = &lines[0];
        assert_eq!(v["length"], 36, "{h}");
        assert_eq!(v["heuristic"], h);
        assert_eq!(v["optimal"], true);
        for key in ["puzzle", "rows", "cols", "start", "goal", "moves", "pieces", "nodes", "millis"] {
            assert!(!v[key].is_null(), "{key} present");
        }
        assert_eq!(v["moves"].as_array().unwrap().len(), 36);
        assert_eq!(puzzle().try_play_tiles(default_board(), &tiles(&v["pieces"])), Ok(puzzle().goal()));
    }
}

#[test]
fn binary_other_algorithms_agree() {
    for a in ["bfs", "astar", "iddfs"] {
        let out = seven(&["solve", "--json", "--algorithm", a, "5 1 2 3 / 0 6 7 4"]);
        assert!(out.status.success(), "{a}");
        let v = &json_lines(&out)[0];
        let p = puzzle();
        let start = TileState::from_cells(&cells(&v["start"]));
        let want = slide_core::search::bfs(&p, start, |s| p.is_goal(s), &Limits::default()).0.found().unwrap().len();
        assert_eq!(v["length"].as_u64().unwrap() as usize, want, "{a}");
    }
}

#[test]
fn binary_analyze_and_count() {
    let v = &json_lines(&seven(&["analyze", "--json"]))[0];
    assert_eq!(v["states"], 20_160);
    assert_eq!(v["max_depth"], 36);
    assert_eq!(v["histogram"].as_array().unwrap().len(), 37);
    assert_eq!(v["antipodes"].as_array().unwrap().len(), 1);
    assert_eq!(cells(&v["antipodes"][0]), default_board().to_cells(8));

    let v = &json_lines(&seven(&["count", "--json", "--list"]))[0];
    assert_eq!(v["count"], 24);
    assert_eq!(v["length"], 36);
    for s in v["solutions"].as_array().unwrap() {
        assert_eq!(puzzle().try_play_tiles(default_board(), &tiles(&s["pieces"])), Ok(puzzle().goal()));
    }
    let text = String::from_utf8(seven(&["count", "--list"]).stdout).unwrap();
    let numbered = |l: &&str| l.trim_start().split_once(". ").is_some_and(|(n, _)| n.parse::<u32>().is_ok());
    assert_eq!(text.lines().filter(numbered).count(), 24, "{text}");
}

#[test]
fn binary_bad_input_exits_2_with_the_reason() {
    for (board, reason) in [
        ("1 2 3 4 5 6 7", "7 cells given"),
        ("1 2 3 4 5 6 7 9", "tile 9 is out of range"),
        ("1 2 3 4 5 6 6 0", "tile 6 appears twice"),
        ("1 2 3 4 / 5 7 6 0", "unsolvable"),
        ("1 2 3 4 / 5 6 x 0", "unexpected character"),
    ] {
        let out = seven(&["solve", board]);
        assert_eq!(out.status.code(), Some(2), "{board}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(reason), "{board}: {err}");
        assert!(!err.contains("panicked"));
    }
    assert_eq!(seven(&["solve", "--size", "3x3", "1 2 3 4 5 6 7 8 0"]).status.code(), Some(2));
    assert_eq!(seven(&["--no-such-option"]).status.code(), Some(2));
}

#[test]
fn binary_limits_exit_3() {
    let out = seven(&["solve", "--heuristic", "manhattan", "--max-nodes", "100"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("node limit"));
}

#[test]
fn binary_batch_reports_each_line() {
    let dir = std::env::temp_dir().join(format!("seven-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    std::fs::write(&file, "# boards\n0 7 2 1 / 4 3 6 5\n\n1 2 3 4 5 6 7 8\n1 2 3 4 5 6 0 7\n").unwrap();
    let out = seven(&["solve", "--json", "--batch", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "a bad line makes the batch exit 2");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["length"], 36);
    assert_eq!(lines[1]["line"], 4);
    assert!(lines[1]["error"].as_str().unwrap().contains("tile 8"));
    assert_eq!(lines[2]["length"], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 of 3 boards solved, total length 37"));
}

#[test]
fn binary_scramble_and_random_make_solvable_boards() {
    let p = puzzle();
    for args in [
        &["scramble", "--moves", "40", "--seed", "5", "--count", "20"][..],
        &["random", "--seed", "9", "--count", "50"],
    ] {
        let out = seven(args);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().count(), args.last().unwrap().parse::<usize>().unwrap());
        for line in text.lines() {
            let (s, _) = parse_board(line, Some(seven::SHAPE)).unwrap();
            assert!(check_solvable(p.shape(), &s, &p.goal()).is_ok(), "{line}");
        }
        assert_eq!(text, String::from_utf8(seven(args).stdout).unwrap(), "the random seed fixes the output");
    }
}

#[test]
fn random_without_a_seed_draws_one_says_it_and_repeats_with_it() {
    for subcommand in ["random", "scramble"] {
        let runs: Vec<Output> = (0..2).map(|_| seven(&[subcommand, "--count", "5", "--json"])).collect();
        let records: Vec<Vec<Value>> = runs.iter().map(json_lines).collect();
        let boards = |r: &[Value]| r.iter().map(|v| v["text"].as_str().unwrap().to_string()).collect::<Vec<_>>();
        assert_ne!(boards(&records[0]), boards(&records[1]), "{subcommand}: two runs without --seed differ");
        for (run, records) in runs.iter().zip(&records) {
            let seed = records[0]["seed"].as_u64().unwrap();
            assert!(records.iter().all(|v| v["seed"] == seed), "one seed a run");
            let said = String::from_utf8_lossy(&run.stderr);
            assert!(
                said.contains(&format!("random seed {seed} (--seed {seed} makes the same boards again)")),
                "{said}"
            );
            let again = json_lines(&seven(&[subcommand, "--count", "5", "--json", "--seed", &seed.to_string()]));
            assert_eq!(boards(&again), boards(records), "{subcommand}: --seed {seed} repeats the run");
        }
    }
    // With --seed nothing is said, and the boards are those of the seed.
    let out = seven(&["random", "--seed", "9", "--count", "2"]);
    assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    // Under --quiet the seed is not said, but the JSON records still carry it.
    let out = seven(&["random", "--quiet", "--json"]);
    assert!(out.stderr.is_empty() && json_lines(&out)[0]["seed"].is_u64());
}

/// The numbered steps of solve's or count's text: `4 up`, `3 left`, ...
fn text_steps(line: &str) -> Vec<String> {
    let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i].ends_with('.') && words[i].trim_end_matches('.').parse::<u32>().is_ok() {
            i += 1;
            continue;
        }
        steps.push(format!("{} {}", words[i], words[i + 1]));
        i += 2;
    }
    steps
}

#[test]
fn count_list_writes_solutions_as_solve_does() {
    let solved = String::from_utf8(seven(&["solve"]).stdout).unwrap();
    let steps: Vec<String> =
        solved.lines().skip(1).take_while(|l| !l.starts_with("pieces:")).flat_map(text_steps).collect();
    assert_eq!(steps.len(), 36, "{solved}");
    assert!(steps.iter().all(|s| s.split(' ').next().unwrap().parse::<u8>().is_ok()), "{steps:?}");
    let counted = String::from_utf8(seven(&["count", "--list"]).stdout).unwrap();
    assert!(counted.starts_with("0 7 2 1 / 4 3 6 5 (2x4): 24 optimal solutions of 36 moves ("), "{counted}");
    let listed: Vec<Vec<String>> = counted.lines().skip(1).map(text_steps).collect();
    assert_eq!(listed.len(), 24, "{counted}");
    assert!(listed.contains(&steps), "solve's solution, in solve's words, is one of count's: {counted}");
    assert!(!counted.contains('['), "{counted}");
}

#[test]
fn binary_custom_goal_gives_bfs_lengths() {
    let goal_text = "0 1 2 3 / 4 5 6 7";
    let goal = parse_board(goal_text, Some(seven::SHAPE)).unwrap().0;
    let p = TilePuzzle::new(seven::SHAPE, goal).unwrap();
    let out = seven(&["scramble", "--goal", goal_text, "--moves", "60", "--seed", "11", "--count", "3"]);
    for board in String::from_utf8(out.stdout).unwrap().lines() {
        let start = parse_board(board, Some(seven::SHAPE)).unwrap().0;
        let want = slide_core::search::bfs(&p, start, |s| p.is_goal(s), &Limits::default()).0.found().unwrap().len();
        for h in ["manhattan", "walking-distance", "exact"] {
            let v = &json_lines(&seven(&["solve", "--json", "--goal", goal_text, "--heuristic", h, board]))[0];
            assert_eq!(v["length"].as_u64().unwrap() as usize, want, "{h} on {board}");
            assert_eq!(p.try_play_tiles(start, &tiles(&v["pieces"])), Ok(goal));
        }
    }
}
