//! A command line that forgives: cells typed without quotes read as one board, a misspelt
//! subcommand answered with the one meant, a ragged board's odd row named, `--list` not
//! offered where there is nothing to list, the advice to build a large table given once per
//! data directory, and figures of tables that agree with what the binary measures.

use slide_testing::{json_lines, scratch, stderr, stdout};

use super::{fifteen, in_dir};

#[test]
fn cells_typed_without_quotes_are_one_board() {
    let out = fifteen(&["solve", "--json", "1", "2", "3", "4", "5", "6", "0", "7", "8"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let records = json_lines(&out);
    assert_eq!(records.len(), 1, "one board, one record: {records:?}");
    assert_eq!(records[0]["length"], 2);
    assert!(stderr(&out).contains("the 9 arguments are read as one board, \"1 2 3 4 5 6 0 7 8\""), "{}", stderr(&out));
    // Rows typed without quotes too.
    let out = fifteen(&["count", "--json", "1", "2", "3", "/", "4", "5", "6", "/", "0", "7", "8"]);
    assert_eq!(json_lines(&out)[0]["count"], 1, "{}", stderr(&out));
    // Boards given one an argument stay several boards.
    let out = fifteen(&["solve", "--json", "--quiet", "1 2 3 / 4 5 6 / 0 7 8", "1 2 3 / 4 5 6 / 7 0 8"]);
    assert_eq!(json_lines(&out).len(), 2);
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

#[test]
fn a_misspelt_subcommand_is_answered_with_the_one_meant() {
    let out = fifteen(&["sovle"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("unrecognized subcommand 'sovle'") && err.contains("a similar subcommand exists: 'solve'"),
        "{err}"
    );
    assert!(!err.contains("unexpected character"), "{err}");
    let out = fifteen(&["analyse", "--size", "2x2"]);
    assert!(stderr(&out).contains("'analyze'"), "{}", stderr(&out));
}

#[test]
fn a_ragged_board_names_its_odd_row() {
    let out = fifteen(&["solve", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("row 4 has 3 cells, the other rows 4: every row needs as many cells (or give --size RxC)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn list_is_offered_only_where_there_are_named_puzzles() {
    let help = stdout(&fifteen(&["--help"]));
    assert!(!help.lines().any(|l| l.trim_start().starts_with("--list")), "fifteen has no named puzzles: {help}");
    assert!(help.contains("count --list"), "count's own --list stays: {help}");
    let out = fifteen(&["--list"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("fifteen knows no puzzles by name"), "{}", stderr(&out));
}

/// The advice to build a large set is said the first time a data directory would have used
/// it, remembered there, and not said again; another directory hears it once too.
#[test]
fn the_large_table_advice_is_given_once_per_data_directory() {
    let dir = scratch("advice-once");
    let board = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12";
    let args = ["solve", "--heuristic", "walking-distance", "--metric", "mtm", board];
    // Walking distance asked for: no advice. The default would use the database.
    let first = in_dir(&dir.join("a"), &args);
    assert!(first.status.success() && first.stderr.is_empty(), "{}", stderr(&first));
    let args = ["solve", "--metric", "mtm", board];
    let first = in_dir(&dir.join("a"), &args);
    let advice = stderr(&first);
    assert!(advice.contains("fifteen tables build mtm-pdb-4x4"), "{advice}");
    let again = in_dir(&dir.join("a"), &args);
    assert!(again.status.success() && again.stderr.is_empty(), "said again: {}", stderr(&again));
    assert!(dir.join("a").join("advice-given.txt").is_file());
    let elsewhere = stderr(&in_dir(&dir.join("b"), &args));
    let b = dir.join("b").display().to_string();
    assert!(elsewhere.contains("fifteen tables build mtm-pdb-4x4") && elsewhere.contains(&b), "{elsewhere}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The help, `tables`, and the advice give each large set's size and build time from one
/// source, the measured costs the binary compiles in.
#[test]
fn table_figures_agree_everywhere() {
    let dir = scratch("table-figures");
    let sets = fifteen::table_sets();
    let help = stdout(&in_dir(&dir, &["--help"]));
    let tables = stdout(&in_dir(&dir, &["tables"]));
    let listed = json_lines(&in_dir(&dir, &["tables", "--json"]));
    for set in sets.iter().filter(|s| s.large()) {
        let size = slide_core::units::human_bytes(set.bytes());
        let time = slide_core::units::human_seconds(set.cost.seconds.into());
        let measured = slide_core::table::measured_cost("fifteen", &set.name).expect("measured");
        assert_eq!(measured, set.cost, "{}: the cost is the measured one", set.name);
        assert!(help.contains(&format!("{} ({size}, about {time} to build, not built)", set.name)), "{help}");
        assert!(tables.contains(&set.how_to_build("fifteen")), "{tables}");
        let record = listed.iter().find(|r| r["name"] == set.name.as_str()).unwrap();
        assert_eq!(record["build_seconds"].as_u64(), Some(measured.seconds.into()));
        assert_eq!(record["bytes"].as_u64(), Some(set.bytes()));
    }
    // The advice says the same as `tables`.
    let pdb6666 = sets.iter().find(|s| s.name == "pdb6666").unwrap();
    let out = in_dir(&dir, &["solve", "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 0 24"]);
    assert!(stderr(&out).contains(&pdb6666.how_to_build("fifteen")), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).ok();
}
