//! The behaviour every binary shares (slide-cli's contract), checked on `quzzle`.

use slide_cli::puzzles::Quzzle;
use slide_cli::Front;
use slide_testing::contract::{check_contract, check_tables, Contract, TablesCheck};

use super::{program, PROGRAM};

#[test]
fn quzzle_keeps_the_contract() {
    slide_cli::app::command::<Quzzle>().debug_assert();
    check_contract(&Contract {
        program: PROGRAM,
        good: "small",
        one_move: "11../11../....",
        bad: ("1212/1133/45../6788/6799", "not a filled rectangle"),
        hard: "klotski",
        options: &[],
        examples: Quzzle::EXAMPLES,
    });
}

#[test]
fn quzzle_keeps_its_tables_in_the_per_user_cache() {
    check_tables(&TablesCheck { program: PROGRAM, first_use: None });
}

/// The named puzzles are compiled in: `--list` and Klotski work from any directory.
#[test]
fn named_puzzles_work_from_any_directory() {
    let dir = std::env::temp_dir().join(format!("quzzle-anywhere-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let quzzle = |args: &[&str]| program().command(&[]).args(args).current_dir(&dir).output().unwrap();
    let o = quzzle(&["--list"]);
    assert!(o.status.success());
    let listed = String::from_utf8(o.stdout).unwrap();
    for name in ["pennant", "klotski", "century", "small"] {
        assert!(listed.lines().any(|l| l.starts_with(name)), "{name} is not listed: {listed}");
    }
    let o = quzzle(&["solve", "--metric", "block", "--json", "klotski"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["length"], 81);
    std::fs::remove_dir_all(&dir).ok();
}
