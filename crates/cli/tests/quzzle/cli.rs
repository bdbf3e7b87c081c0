//! The binary, run as a user runs it (docs/CLI.md).

use std::io::Write;
use std::process::Stdio;

use quzzle::{Instance, Metric};
use slide_testing::contract::within_deadline;
use slide_testing::{json_lines, stdout};

use super::{program, quzzle};

#[test]
fn default_solve_prints_moves_and_boards() {
    let o = quzzle(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.contains("metric cell"), "{text}");
    assert!(text.contains("moves, optimal (bfs, "), "{text}");
    assert!(text.contains("  1. "));
    // The same as `solve` with no board.
    assert_eq!(stdout(&quzzle(&["solve"])).lines().count(), text.lines().count());
    // With the boards: the start, one row per line, then the board after each move.
    let text = stdout(&quzzle(&["solve", "--boards"]));
    assert!(text.contains("start:\n1122\n1133\n45..\n6788\n6799\n"), "{text}");
}

#[test]
fn json_solve_has_the_contract_keys_and_replays() {
    for metric in ["cell", "line", "block"] {
        let o = quzzle(&["solve", "--json", "--metric", metric]);
        assert_eq!(o.status.code(), Some(0));
        let lines = json_lines(&o);
        assert_eq!(lines.len(), 1);
        let v = &lines[0];
        for key in [
            "puzzle",
            "rows",
            "cols",
            "start",
            "goal",
            "length",
            "optimal",
            "moves",
            "pieces",
            "nodes",
            "millis",
            "heuristic",
            "metric",
            "algorithm",
        ] {
            assert!(v.get(key).is_some(), "missing {key}");
        }
        assert_eq!(v["puzzle"], "quzzle");
        assert_eq!(v["metric"], metric);
        assert_eq!(v["start"], "1122113345..67886799");
        assert_eq!(v["goal"], "................1...");
        let length = v["length"].as_u64().unwrap() as usize;
        assert_eq!(v["moves"].as_array().unwrap().len(), length);
        assert_eq!(v["pieces"].as_array().unwrap().len(), length);
        assert!(v["pieces"].as_array().unwrap().iter().all(|p| p.as_str().unwrap().chars().count() == 1));
        // The length is the engine's optimum under this metric.
        let inst = Instance::pennant(Metric::parse(metric).unwrap());
        let (outcome, _) = quzzle::solve_instance(&inst, quzzle::Algorithm::Bfs, &Default::default());
        assert_eq!(outcome.found().unwrap().len(), length);
        // The last board has the 2x2 block in the lower-left corner.
        let last = v["boards"].as_array().unwrap().last().unwrap().as_str().unwrap().to_string();
        assert_eq!(&last[16..18], "11");
        assert_eq!(&last[12..14], "11");
    }
}

#[test]
fn bad_boards_exit_2_with_a_message() {
    let cases = [
        (vec!["solve", "1122/1133/45../6788/679"], "row 5 has 3 cells"),
        (vec!["solve", "1212/1133/45../6788/6799"], "not a filled rectangle"),
        (vec!["solve", "--metric", "diagonal"], "invalid value 'diagonal' for '--metric"),
        (vec!["solve", "--algorithm", "weighted"], "invalid value 'weighted' for '--algorithm"),
        (vec!["solve", "--goal", "Z..................."], "'Z' is not a block"),
        (vec!["analyze", "--puzzle", "nonesuch"], "no puzzle \"nonesuch\""),
        (vec!["solve", "1122113345"], "cannot tell the shape"),
        (
            vec!["solve", "--puzzle", "klotski", "small"],
            "--puzzle klotski cannot be used with BOARD arguments or --batch",
        ),
        (vec!["solve", "--puzzle", "klotski", "--size", "5x4"], "'--puzzle <NAME>' cannot be used with '--size <RxC>'"),
        (vec!["solve", "klotsky"], "no puzzle \"klotsky\" (the named puzzles are pennant, klotski, century, small"),
    ];
    for (args, message) in cases {
        let o = quzzle(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn limits_exit_3() {
    let o = quzzle(&["solve", "--puzzle", "klotski", "--max-nodes", "100"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("node limit"));
}

#[test]
fn shipped_puzzles_analyze_and_count() {
    let o = quzzle(&["analyze", "--puzzle", "klotski", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v = &json_lines(&o)[0];
    let histogram: Vec<u64> = v["histogram"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    assert_eq!(histogram[0], 1);
    assert_eq!(histogram.iter().sum::<u64>(), v["states"].as_u64().unwrap());
    assert_eq!(v["max_depth"].as_u64().unwrap() as usize, histogram.len() - 1);
    assert_eq!(v["goal_depth"], 81);
    assert_eq!(v["metric"], "block");

    let o = quzzle(&["count", "--json", "--metric", "block"]);
    assert_eq!(o.status.code(), Some(0));
    let v = &json_lines(&o)[0];
    assert_eq!(v["length"], 59);
    assert!(v["count"].as_u64().unwrap() >= 1);
}

#[test]
fn batch_lines_each_give_a_result_or_an_error() {
    let mut child = program()
        .command(&[])
        .args(["solve", "--json", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all("# boards\n11221133450067886799\n\n1122/1133/45../6788/67é9\n".as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["start"], "1122113345..67886799");
    assert_eq!(lines[1]["line"], 4);
    assert!(lines[1]["error"].as_str().unwrap().contains("column"));
}

#[test]
fn puzzle_files_are_accepted_as_arguments() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles/century.txt");
    let o = quzzle(&["solve", path, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v = &json_lines(&o)[0];
    assert_eq!(v["metric"], "block");
    assert_eq!(v["length"], 99);
}

/// Every search ends on an unreachable goal: one no position can meet is refused up front,
/// and one the blocks cannot get to (a block cannot pass another in a corridor) is proved
/// unreachable by IDA* too, once an iteration has seen every state (it used to deepen
/// forever while BFS and A* answered at once).
#[test]
fn every_search_ends_on_an_unreachable_goal() {
    let o = quzzle(&["solve", "--algorithm", "idastar", "--goal", "00../00.#/....", "AAb./AAc#/dde."]);
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("marks 4 cells empty, but the puzzle has only 2") && !e.contains("goal: goal"), "{e}");
    // A block that cannot pass another in a corridor (3 states), and a 2-wide block that
    // cannot pass a 1-wide gap (360 positions, full of cycles: IDA* ran past a minute).
    let unreachable: [&[&str]; 2] =
        [&["--size", "1x4", "a.BB"], &["--goal", "...../...../...../AA...", "AAbc./##.##/...../....."]];
    for puzzle in unreachable {
        for algorithm in ["bfs", "astar", "idastar"] {
            let mut command = program().command(&["solve", "--algorithm", algorithm]);
            command.args(puzzle);
            let o = within_deadline(command, std::time::Duration::from_secs(60));
            assert_eq!(o.status.code(), Some(2), "{algorithm} {puzzle:?}: {}", String::from_utf8_lossy(&o.stderr));
            assert!(String::from_utf8_lossy(&o.stderr).contains("cannot be reached"), "{algorithm} {puzzle:?}");
        }
    }
}

/// A goal given with `--goal` is the goal, for a board as for a file: a board whose largest
/// block is not unique has no default goal, and needs none then (it was refused, "no goal
/// given", though one was).
#[test]
fn a_goal_given_on_the_command_line_takes_precedence() {
    let dir = slide_testing::scratch("quzzle-goal");
    let file = dir.join("two.txt");
    std::fs::write(&file, "name: two\nstart:\nAB.\n...\n").unwrap();
    for input in ["AB./...", file.to_str().unwrap()] {
        let o = quzzle(&["solve", "--json", "--goal", ".../..A", input]);
        assert_eq!(o.status.code(), Some(0), "{input}: {}", String::from_utf8_lossy(&o.stderr));
        let record = &json_lines(&o)[0];
        assert_eq!(record["goal"], ".....A", "{input}: {record}");
        // The goal names block A: only A counts there (B, of the same shape, two steps from
        // that corner, does not), and A gets there in three steps.
        assert_eq!(record["length"], 3, "{input}: {record}");
        assert_eq!(record["pieces"], serde_json::json!(["A", "A", "A"]), "{input}: {record}");
        // Without --goal the board has none; a bad --goal is named as such.
        let o = quzzle(&["solve", input]);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("no goal given"), "{input}");
        let o = quzzle(&["solve", "--goal", "CA./...", input]);
        assert_eq!(o.status.code(), Some(2));
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("--goal: 'C' is not a block of the start"), "{input}: {e}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Inputs that are not boards are named for what they are: a directory, a device, a file
/// with a byte-order mark (read), a second `size:` key (refused like a second start).
#[test]
fn paths_and_files_are_named_for_what_they_are() {
    let e = |args: &[&str]| {
        let o = quzzle(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    assert!(e(&["solve", "/dev/null"]).contains("/dev/null is not a regular file"));
    let dir = std::env::temp_dir().join(format!("quzzle-paths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    assert!(e(&["solve", dir.to_str().unwrap()]).contains("is a directory"));
    let bom = dir.join("bom.txt");
    std::fs::write(&bom, "\u{feff}start:\nAAb.\nAAc.\ndde.\ngoal:\nAA..\nAA..\n....\n").unwrap();
    let o = quzzle(&["solve", "--json", bom.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let twice = dir.join("twice.txt");
    std::fs::write(&twice, "size: 3x4\nsize: 3x4\nstart:\nAAb.\nAAc.\ndde.\n").unwrap();
    assert!(e(&["solve", twice.to_str().unwrap()]).contains("line 2: a second size"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Every position the program prints can be read back: the farthest positions of `analyze`
/// (which gave one label to all blocks of a shape, so the Pennant's antipode printed as
/// `..112211664466222222` did not read back) analysed from themselves reach the same space.
#[test]
fn printed_farthest_positions_read_back() {
    for name in ["pennant", "small"] {
        let o = quzzle(&["analyze", "--json", name]);
        assert!(o.status.success());
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let (rows, cols) = (v["rows"].as_u64().unwrap() as usize, v["cols"].as_u64().unwrap() as usize);
        for antipode in v["antipodes"].as_array().unwrap() {
            let text = antipode.as_str().unwrap();
            let board: Vec<String> =
                text.as_bytes().chunks(cols).map(|r| String::from_utf8(r.to_vec()).unwrap()).collect();
            assert_eq!(board.len(), rows);
            let goal = v["goal"]
                .as_str()
                .unwrap()
                .as_bytes()
                .chunks(cols)
                .map(|r| String::from_utf8(r.to_vec()).unwrap())
                .collect::<Vec<_>>()
                .join("/");
            let again = quzzle(&["analyze", "--json", "--goal", &goal, &board.join("/")]);
            assert!(again.status.success(), "{name}: {text}: {}", String::from_utf8_lossy(&again.stderr));
            let w: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
            assert_eq!(w["states"], v["states"], "{name}: {text} reaches the same space");
        }
    }
}

/// A path to a file that is not there is said so, whatever the rest of the text reads as.
#[test]
fn a_missing_file_is_no_such_file() {
    for path in ["./missing.txt", "../nowhere/puzzle.txt", "/no/such/dir/klotski"] {
        let o = quzzle(&["solve", path]);
        assert_eq!(o.status.code(), Some(2), "{path}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(&format!("no such file: {path}")), "{path}: {err}");
        assert!(!err.contains("row 2 has"), "{path}: {err}");
    }
    let err = String::from_utf8_lossy(&quzzle(&["solve", "puzzle.txt"]).stderr).into_owned();
    assert!(err.contains("no such file: puzzle.txt, and not a board"), "{err}");
}

/// Block puzzles have several empty cells, so a direction names no single move: quzzle
/// neither offers move notation nor lists puzzles by name only where it has them.
#[test]
fn move_notation_is_not_offered_and_says_why() {
    let help = String::from_utf8_lossy(&quzzle(&["--help"]).stdout).into_owned();
    assert!(!help.contains("play") && !help.contains("--notation"), "{help}");
    assert!(help.contains("--list"), "quzzle has named puzzles: {help}");
    let solve = String::from_utf8_lossy(&quzzle(&["solve", "--help"]).stdout).into_owned();
    assert!(!solve.contains("--apply") && !solve.contains("--convention"), "{solve}");
    let o = quzzle(&["play", "R"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("a direction does not name one of its moves"));
    let o = quzzle(&["sovle", "small"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("'solve'"));
    // A puzzle's name that looks like a subcommand is still a puzzle.
    assert!(quzzle(&["small"]).status.success());
}
