//! The keys of every record of every subcommand of every binary, and their order, are those
//! the binaries wrote before their records were typed (`fixtures/record_keys.json`, captured
//! from the binaries of the day): values may change, new keys may come, but no key a script
//! reads may disappear, be renamed or move before another. `SLIDE_BLESS_KEYS=1` rewrites the
//! file from the binaries as they are (after a deliberate change, reviewed in the diff).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;
use slide_testing::keys::{kept_in, merged};
use slide_testing::{json_lines, scratch, Bin};

/// A 3x3 board two moves from the goal.
const NEAR: &str = "1 2 3 / 4 5 6 / 0 7 8";
/// A 15-puzzle that IDA* needs thousands of nodes for.
const HARD: &str = "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2";
/// A 6x6 board one move from the goal: past 5x5, weighted A* takes it through its wide states.
const WIDE: &str = "1 2 3 4 5 6 / 7 8 9 10 11 12 / 13 14 15 16 17 18 / 19 20 21 22 23 24 / 25 26 27 28 29 30 / \
                    31 32 33 34 0 35";

/// Every case: a name (the binary and what it runs) and its arguments.
fn cases() -> Vec<(String, Vec<String>)> {
    let mut cases: Vec<(&str, Vec<&str>)> = Vec::new();
    for tiles in ["fifteen", "seven"] {
        let board = if tiles == "seven" { "1 2 3 4 / 5 0 6 7" } else { NEAR };
        let far = if tiles == "seven" { "0 7 2 1 / 4 3 6 5" } else { "8 6 7 / 2 5 4 / 3 0 1" };
        for algorithm in ["idastar", "bfs", "iddfs", "astar", "fast", "dfs-not-optimal"] {
            cases.push((tiles, vec!["solve", "--algorithm", algorithm, board]));
        }
        cases.push((tiles, vec!["solve", "--algorithm", "weighted", "--weight", "1.5", far]));
        cases.push((tiles, vec!["solve", "--algorithm", "weighted", "--weight", "1", board]));
        cases.push((tiles, vec!["solve", "--algorithm", "dfs", "--max-depth", "20", board]));
        cases.push((tiles, vec!["solve", "--algorithm", "random-walk", "--seed", "1", "--walks", "500", board]));
        cases.push((
            tiles,
            vec!["solve", "--algorithm", "random-walk", "--seed", "1", "--walks", "500", "--informed", board],
        ));
        cases.push((tiles, vec!["solve", "--boards", board]));
        cases.push((tiles, vec!["solve", board, "1 2 3"]));
        cases.push((tiles, vec!["count", board]));
        cases.push((tiles, vec!["count", "--list", board]));
        cases.push((tiles, vec!["analyze", "--size", if tiles == "seven" { "2x4" } else { "2x3" }]));
        cases.push((tiles, vec!["analyze", if tiles == "seven" { board } else { "1 2 3 / 4 0 5" }]));
        cases.push((tiles, vec!["scramble", "--moves", "10", "--seed", "1", "--count", "2"]));
        cases.push((tiles, vec!["random", "--seed", "1", "--count", "2"]));
        cases.push((tiles, vec!["branching", "--depth", "10"]));
        cases.push((tiles, vec!["solve", "--notation", "runs", "--convention", "blank", board]));
        cases.push((tiles, vec!["solve", "--apply", "L", board]));
        cases.push((tiles, vec!["solve", "--metric", "mtm", board]));
        cases.push((tiles, vec!["count", "--metric", "mtm", "--list", board]));
        cases.push((tiles, vec!["analyze", "--metric", "mtm", "--size", if tiles == "seven" { "2x4" } else { "2x3" }]));
        cases.push((tiles, vec!["play", "--from", board, "L"]));
        cases.push((tiles, vec!["play", "R"]));
        cases.push((tiles, vec!["tables"]));
        cases.push((tiles, vec!["tables", "list"]));
    }
    cases.push(("fifteen", vec!["solve", "--algorithm", "weighted", "--weight", "2", WIDE]));
    cases.push((
        "fifteen",
        vec![
            "solve",
            "--algorithm",
            "weighted",
            "--weight",
            "1",
            "--best-so-far",
            "--max-nodes",
            "200000",
            "--heuristic",
            "manhattan",
            HARD,
        ],
    ));
    cases.push(("fifteen", vec!["solve", "--max-nodes", "1", "--heuristic", "manhattan"]));
    cases.push(("fifteen", vec!["tables", "build", "--force", "exact-3x3"]));
    cases.push(("fifteen", vec!["tables", "verify", "exact-3x3"]));
    cases.push(("seven", vec!["tables", "build", "--force", "exact-2x4"]));
    cases.push(("seven", vec!["tables", "verify"]));
    for goat in [
        vec!["solve"],
        vec!["solve", "--boards"],
        vec!["solve", "--heuristic", "pdb", "1 8 9 10 / 2 0 7 5 / 3 8 4 6"],
        vec!["solve", "1 2 3"],
        vec!["count"],
        vec!["count", "--list"],
        vec!["analyze"],
        vec!["tables"],
        vec!["tables", "build", "--force", "exact"],
        vec!["tables", "verify"],
        vec!["play", "RR"],
        vec!["solve", "--notation", "words", "--apply", "L"],
    ] {
        cases.push(("goat", goat));
    }
    for quzzle in [
        vec!["solve", "small"],
        vec!["solve", "--algorithm", "astar", "small"],
        vec!["solve", "--algorithm", "idastar", "small"],
        vec!["solve", "--algorithm", "dfs", "small"],
        vec!["solve", "--metric", "block", "--boards", "small"],
        vec!["solve", "small", "nonesuch"],
        vec!["count", "small"],
        vec!["count", "--list", "small"],
        vec!["analyze", "small"],
        vec!["survey", "--type", "1,1,1"],
        vec!["tables"],
        vec!["--list"],
    ] {
        cases.push(("quzzle", quzzle));
    }
    cases
        .into_iter()
        .map(|(program, args)| {
            let name = std::iter::once(program).chain(args.iter().copied()).collect::<Vec<_>>().join(" ");
            (name, std::iter::once(program).chain(args).map(String::from).collect())
        })
        .collect()
}

/// The binary `name`, as cargo built it for these tests.
fn program(name: &str) -> Bin {
    Bin::new(match name {
        "fifteen" => env!("CARGO_BIN_EXE_fifteen"),
        "seven" => env!("CARGO_BIN_EXE_seven"),
        "goat" => env!("CARGO_BIN_EXE_goat"),
        "quzzle" => env!("CARGO_BIN_EXE_quzzle"),
        other => panic!("no binary {other}"),
    })
}

/// The key paths of each case's records, as the binaries write them now.
fn keys_now() -> BTreeMap<String, Vec<String>> {
    let dir = scratch("record-keys");
    let batch = dir.join("batch.txt");
    std::fs::write(&batch, format!("{NEAR}\n1 2\n")).unwrap();
    let mut all: Vec<(String, Vec<String>)> = cases();
    all.push((
        "fifteen solve --batch FILE".into(),
        ["fifteen", "solve", "--batch", batch.to_str().unwrap()].map(String::from).to_vec(),
    ));
    let mut keys = BTreeMap::new();
    for (name, args) in all {
        let bin = program(&args[0]).data_dir(dir.join("tables"));
        let mut argv: Vec<&str> = args[1..].iter().map(String::as_str).collect();
        argv.extend(["--json", "--quiet"]);
        let out = bin.run(&argv);
        let records: Vec<Value> = json_lines(&out);
        assert!(
            !records.is_empty(),
            "{name}: no record (exit {:?}): {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        keys.insert(name, merged(&records));
    }
    std::fs::remove_dir_all(&dir).ok();
    keys
}

#[test]
fn every_record_keeps_its_keys_in_order() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/record_keys.json");
    let now = keys_now();
    if std::env::var_os("SLIDE_BLESS_KEYS").is_some() {
        let text = serde_json::to_string_pretty(&now).unwrap();
        std::fs::write(&file, text + "\n").unwrap();
        return;
    }
    let kept: BTreeMap<String, Vec<String>> = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let mut wrong = Vec::new();
    for (name, keys) in &kept {
        match now.get(name) {
            None => wrong.push(format!("{name}: no longer run")),
            Some(new) => {
                if let Err(e) = kept_in(keys, new) {
                    wrong.push(format!("{name}: {e}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "records changed their keys:\n{}", wrong.join("\n"));
}
