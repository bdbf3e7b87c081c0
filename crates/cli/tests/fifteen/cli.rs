//! The `fifteen` binary's contract: the code-golf challenge's five boards solved optimally (15, 48, 38, 49
//! and 45 moves, each replayed from its numbered moves), bad boards refused with exit 2 and
//! the reason, and the non-optimal search labelled as such.

use slide_testing::json_lines;

use slide_testing::tiles::replay;

use super::{fifteen, program};

#[test]
fn the_code_golf_boards_are_solved_optimally() {
    let out = fifteen(&["solve", "--json", "--heuristic", "walking-distance"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let results = json_lines(&out);
    let lengths: Vec<u64> = results.iter().map(|v| v["length"].as_u64().unwrap()).collect();
    assert_eq!(lengths, [15, 48, 38, 49, 45]);
    for v in &results {
        assert_eq!(v["optimal"], true);
        assert_eq!(v["moves"].as_array().unwrap().len() as u64, v["length"].as_u64().unwrap());
        replay(v);
    }
    // The text form numbers the moves and names the direction the tile slides.
    let out = fifteen(&["solve", "--heuristic", "walking-distance", "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("15 moves, optimal"), "{text}");
    assert!(text.contains("  1. 13 down "), "the first move slides 13 down into the blank: {text}");
}

#[test]
fn bad_boards_exit_2_with_the_reason() {
    let cases = [
        ("1 2 3 4 5 6 7 8", "8 cells given, a 3x3 board has 9"),
        ("1 2 3 / 4 5 6 / 7 8", "row 3 has 2 cells"),
        ("1 2 3 / 4 5 6 / 7 8 8", "tile 8 appears twice"),
        ("1 2 3 / 4 5 6 / 7 9 0", "tile 9 is out of range"),
        ("1 2 3 / 4 5 6 / 8 7 0", "unsolvable"),
        ("1 2 3 / 4 x 6 / 8 7 0", "'x'"),
    ];
    for (board, reason) in cases {
        let out = fifteen(&["solve", "--size", "3x3", board]);
        assert_eq!(out.status.code(), Some(2), "{board}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(reason), "{board}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn the_visited_set_search_says_it_is_not_optimal() {
    let out = fifteen(&["solve", "--json", "--algorithm", "dfs", "8 6 7 / 2 5 4 / 3 0 1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &json_lines(&out)[0];
    assert_eq!(v["optimal"], false);
    assert!(v["length"].as_u64().unwrap() > 31, "the visited-set DFS loses optimality");
    replay(v);
}

/// When the default heuristic gives way because a large table set is not built, the run says
/// so once, with the command that builds it, its size and its build time; not under --quiet.
#[test]
fn a_missing_large_table_is_advised_once_with_its_command_size_and_time() {
    let near = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 0 24";
    let nearer = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 0 23 24";
    let o = fifteen(&["solve", "--json", near, nearer]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lengths: Vec<u64> = json_lines(&o).iter().map(|v| v["length"].as_u64().unwrap()).collect();
    assert_eq!(lengths, [1, 2]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let advice: Vec<&str> = stderr.lines().filter(|l| l.contains("fifteen tables build pdb6666")).collect();
    assert_eq!(advice.len(), 1, "said once for two boards: {stderr}");
    // The build time is the measured one (crates/core/src/table/measured.tsv), as people read it.
    let cost = slide_core::table::measured_cost("fifteen", "pdb6666").expect("pdb6666 is measured");
    let time = format!("about {}", slide_core::units::human_seconds(u64::from(cost.seconds)));
    assert!(advice[0].contains("486.4 MiB") && advice[0].contains(&time), "{time}: {}", advice[0]);
    assert!(json_lines(&o).iter().all(|v| v["heuristic"] == "linear-conflict"), "the heuristic used is named");
    let o = fifteen(&["solve", "--quiet", near]);
    assert!(o.status.success());
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// A corrupt table of the default heuristic is named, with what is done instead, even under
/// --quiet, and the record names the heuristic really used (it used to say "using pdb663"
/// while walking distance answered). The files are written here with the right headers and
/// all-zero entries (no 15 s build), and one byte of the third is flipped.
#[test]
fn a_corrupt_default_table_is_named_and_the_heuristic_used_is_told() {
    use slide_core::table::{Table, TableHeader};
    let dir = std::env::temp_dir().join(format!("fifteen-corrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for spec in fifteen::pdb::Partition::pdb663().specs() {
        let header = TableHeader {
            puzzle: spec.puzzle.clone(),
            name: spec.name.clone(),
            params: spec.params.clone(),
            entry_bits: 8,
            entry_count: spec.bytes,
        };
        Table::new(header, vec![0; spec.bytes as usize]).unwrap().save(&dir.join(spec.file_name())).unwrap();
    }
    let third = dir.join("fifteen-pdb663-4x4-3.tbl");
    let mut bytes = std::fs::read(&third).unwrap();
    // An entry: the payload ends four bytes before the file (the checksum).
    let entry = bytes.len() - 4 - 100;
    bytes[entry] ^= 1;
    std::fs::write(&third, bytes).unwrap();
    for quiet in [false, true] {
        let mut args = vec!["solve", "--json", "--data-dir", dir.to_str().unwrap(), fifteen::CODE_GOLF_BOARDS[0]];
        if quiet {
            args.push("--quiet");
        }
        let o = program().run(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v = &json_lines(&o)[0];
        assert_eq!((v["length"].as_u64(), v["heuristic"].as_str()), (Some(15), Some("walking-distance")));
        let stderr = String::from_utf8_lossy(&o.stderr);
        let warning = stderr.lines().find(|l| l.contains("warning:")).unwrap_or_else(|| panic!("{stderr}"));
        assert!(warning.contains("fifteen-pdb663-4x4-3.tbl: checksum mismatch"), "{warning}");
        assert!(warning.contains("`fifteen tables build pdb663` replaces it"), "{warning}");
        assert!(warning.ends_with("using walking-distance"), "{warning}");
        assert!(!stderr.contains("using pdb663"), "{stderr}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Messages say what is wrong, with the real limits: a timeout past the longest accepted, a
/// size that is only too large, an analysis estimate beyond u64 (it used to saturate to
/// "6291456.0 TiB"), the pdb tables' blank by row and column.
#[test]
fn messages_state_the_real_limits() {
    let say = |args: &[&str]| {
        let o = fifteen(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let e = say(&["--timeout", "1e10", "1 2 3 / 4 5 6 / 7 0 8"]);
    assert!(e.contains("--timeout must be more than 0 and less than 1e9 seconds"), "{e}");
    let e = say(&["--max-memory", "99999999999P", "1 2 3 / 4 5 6 / 7 0 8"]);
    assert!(e.contains("is too large: the most is 8192P") && !e.contains("not a size"), "{e}");
    let e = say(&["analyze", "--size", "5x5"]);
    assert!(e.contains("about 1.8e12 TiB of memory at two bits each"), "{e}");
    let e = say(&[
        "solve",
        "--heuristic",
        "pdb663",
        "--goal",
        "1 2 3 4 / 5 6 7 8 / 9 10 0 11 / 12 13 14 15",
        "1 2 3 4 / 5 6 7 8 / 9 0 10 11 / 12 13 14 15",
    ]);
    assert!(e.contains("it is at row 3 column 3"), "{e}");
}

/// Every position the program prints reads back: the boards of `random` and `scramble`
/// (text and JSON) and the farthest positions of `analyze` are accepted as boards again.
#[test]
fn printed_positions_read_back() {
    for args in
        [&["random", "--seed", "3", "--count", "5"][..], &["scramble", "--seed", "4", "--count", "5", "--moves", "30"]]
    {
        let o = fifteen(args);
        assert!(o.status.success());
        for line in String::from_utf8_lossy(&o.stdout).lines() {
            let again = fifteen(&["solve", "--json", line]);
            assert!(again.status.success(), "{args:?}: {line}: {}", String::from_utf8_lossy(&again.stderr));
        }
    }
    let o = fifteen(&["analyze", "--size", "2x3", "--json"]);
    let v = &json_lines(&o)[0];
    for antipode in v["antipodes"].as_array().unwrap() {
        let cells: Vec<String> = antipode.as_array().unwrap().iter().map(|c| c.to_string()).collect();
        let again = fifteen(&["solve", "--json", "--size", "2x3", &cells.join(" ")]);
        assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
        assert_eq!(json_lines(&again)[0]["length"], v["max_depth"], "the farthest position is as far as analyze says");
    }
}

/// Boards of any size up to 100x100, non-square ones too: `random` and `scramble` make them,
/// every subcommand reads them back, an unsolvable one is named with its reason, and the
/// optimal methods refuse them with exit 2, naming their limit and the methods that take them.
#[test]
fn boards_up_to_100x100_are_made_read_and_refused_by_the_optimal_methods() {
    for (size, rows, cols) in [("2x6", 2, 6), ("6x6", 6, 6), ("3x40", 3, 40), ("100x100", 100, 100)] {
        let o = fifteen(&["random", "--size", size, "--seed", "5", "--json"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v = &json_lines(&o)[0];
        assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(rows), Some(cols)));
        let mut cells: Vec<u64> = v["board"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        cells.sort_unstable();
        assert_eq!(cells, (0..rows * cols).collect::<Vec<_>>(), "a permutation");
        let text = v["text"].as_str().unwrap();
        for args in [&["solve", text][..], &["solve", "--algorithm", "bfs", text], &["count", text]] {
            let o = fifteen(args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            let e = String::from_utf8_lossy(&o.stderr);
            let what = if args[0] == "count" { "count" } else { args[args.len() - 2] };
            let what = if what == "solve" {
                "--algorithm idastar".to_string()
            } else {
                what.replace("bfs", "--algorithm bfs")
            };
            assert!(e.contains(&format!("a {size} board is too large for {what}")), "{e}");
            assert!(e.contains("up to 5x5") && e.contains("--algorithm fast"), "{e}");
            // The limit is the sides: 2x6 has fewer cells than 5x5.
            assert!(e.contains("2 to 5 rows and 2 to 5 columns") && !e.contains("25 cells"), "{e}");
            // Weighted A* is named where it applies: up to 64 cells.
            assert_eq!(e.contains("--algorithm weighted"), rows * cols <= 64, "{e}");
        }
        if rows * cols > 16 {
            let o = fifteen(&["analyze", "--size", size]);
            assert_eq!(o.status.code(), Some(2));
            let e = String::from_utf8_lossy(&o.stderr);
            assert!(e.contains(&format!("analyzing {size} would rank ")), "{e}");
            assert!(e.contains(&format!("{}!/2", rows * cols)), "{e}");
        }
    }
    // Scrambles of a 10x10 board, in text, read back with the size inferred from the rows.
    let o = fifteen(&["scramble", "--size", "10x10", "--moves", "200", "--seed", "2", "--count", "2"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.lines().count(), 2);
    let board: fifteen::Grid = text.lines().next().unwrap().parse().unwrap();
    assert_eq!(board.shape().to_string(), "10x10");
    // Two tiles swapped: unsolvable, with the reason (10 columns: the blank's row counts).
    let swapped = text.lines().next().unwrap().replacen(' ', "#", 1);
    let (a, rest) = swapped.split_once('#').unwrap();
    let (b, rest) = rest.split_once(' ').unwrap();
    let o = fifteen(&["solve", &format!("{b} {a} {rest}")]);
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("unsolvable") && e.contains("on a board of even width"), "{e}");
    let o = fifteen(&["random", "--size", "101x101"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("rows and columns must be 2 to 100"));
}

/// `--algorithm fast` on boards of any size: NOT optimal in JSON with a proven lower bound at
/// most the length, moves that replay to the goal; a long solution's text shows its ends and
/// says how many moves it leaves out; its picture samples the boards.
#[test]
fn the_fast_solver_answers_any_board_with_a_lower_bound() {
    for size in ["4x4", "3x40", "100x100"] {
        let o = fifteen(&["random", "--size", size, "--seed", "9"]);
        let board = String::from_utf8_lossy(&o.stdout).trim().to_string();
        let o = fifteen(&["solve", "--algorithm", "fast", "--json", &board]);
        assert!(o.status.success(), "{size}: {}", String::from_utf8_lossy(&o.stderr));
        let v = &json_lines(&o)[0];
        assert_eq!((v["optimal"].as_bool(), v["algorithm"].as_str()), (Some(false), Some("fast")));
        let (length, bound) = (v["length"].as_u64().unwrap(), v["lower_bound"].as_u64().unwrap());
        assert!(bound > 0 && bound <= length, "{size}: {bound} > {length}");
        replay(v);
    }
    let o = fifteen(&["random", "--size", "10x10", "--seed", "3"]);
    let board = String::from_utf8_lossy(&o.stdout).trim().to_string();
    let dir = std::env::temp_dir().join(format!("fifteen-fast-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("ten.svg");
    let o = fifteen(&["solve", "--algorithm", "fast", "--svg", svg.to_str().unwrap(), &board]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("NOT necessarily optimal") && text.contains("(a proven lower bound)"), "{text}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    let frames = picture.matches("id=\"board-").count();
    assert!((3..=40).contains(&frames), "a sampled picture, not one board a move: {frames}");
    std::fs::remove_dir_all(&dir).unwrap();
    let o = fifteen(&["random", "--size", "30x30", "--seed", "3"]);
    let board = String::from_utf8_lossy(&o.stdout).trim().to_string();
    let o = fifteen(&["solve", "--algorithm", "fast", &board]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("not shown (moves 1,001 to") && text.contains("--json gives them all"), "{text:.2000}");
}

/// The program in this process (`slide_cli::app::run`): each heuristic, an analysis, and
/// what it refuses, with the status and message the binary would give.
#[test]
fn the_shared_command_line_runs_for_fifteen() {
    use slide_cli::puzzles::Fifteen;
    use slide_cli::ExitCode;
    let run = |args| slide_cli::app::run::<Fifteen>(args);
    let dir = slide_testing::scratch("fifteen-in-process");
    let data = dir.to_str().unwrap();
    let args = |a: &[&str]| {
        std::iter::once("fifteen")
            .chain(a.iter().copied())
            .chain(["--data-dir", data])
            .map(Into::into)
            .collect::<Vec<std::ffi::OsString>>()
    };
    // The 8-puzzle's antipode with each heuristic, and its analysis.
    assert_eq!(run(args(&["solve", "--heuristic", "none", "--json", "1 2 3 / 4 0 5 / 7 8 6"])), Ok(ExitCode::Success));
    for h in ["manhattan", "linear-conflict", "walking-distance", "exact"] {
        assert_eq!(run(args(&["solve", "--heuristic", h, "--json", "8 6 7 / 2 5 4 / 3 0 1"])), Ok(ExitCode::Success));
    }
    assert_eq!(run(args(&["analyze", "--size", "3x3", "--json"])), Ok(ExitCode::Success));
    // Too large to enumerate: refused with an estimate, exit 2.
    let err = run(args(&["analyze", "--size", "4x4"])).unwrap_err();
    assert_eq!(err.code, ExitCode::BadInput);
    assert!(err.message.contains("10,461,394,944,000 states needs about 2.4 TiB"), "{}", err.message);
    // Walking distance is refused where its tables would be huge.
    let err = run(args(&[
        "solve",
        "--heuristic",
        "walking-distance",
        "--max-nodes",
        "1",
        "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 0 24",
    ]))
    .unwrap_err();
    assert_eq!(err.code, ExitCode::BadInput);
    // A bad board names the problem.
    let err = run(args(&["solve", "1 2 3 / 4 5 6 / 7 8 8"])).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ExitCode::BadInput, "row 3, column 3: tile 8 appears twice (first at row 3, column 2)")
    );
}

/// A board with a side past 5 whose positions fit the memory is analyzed whole: 2x6 and 6x2
/// passed analyze's size check, then failed on the packed solvers' shapes (sides up to 5).
/// Their histograms equal lightln2's published one layer for layer (data/figures/), a
/// whole-space search each, about a minute in the tests' build.
#[test]
fn boards_with_a_side_past_five_are_analyzed_whole() {
    for size in ["2x6", "6x2"] {
        let o = fifteen(&["analyze", "--json", "--quiet", "--size", size]);
        assert!(o.status.success(), "{size}: {}", String::from_utf8_lossy(&o.stderr));
        let v = &json_lines(&o)[0];
        let histogram: Vec<u64> = v["histogram"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
        assert_eq!(histogram, slide_data::figures::LIGHTLN2_STM_2X6.counts(), "{size}");
        assert_eq!((v["states"].as_u64(), v["max_depth"].as_u64()), (Some(239_500_800), Some(80)), "{size}");
        assert_eq!(v["antipodes"].as_array().map(Vec::len), Some(2), "{size}");
    }
}
