//! The exact table in the core's file format: built, saved, loaded and checked.

use goat::board::{Board, GOAL, START_52};
use goat::{exact_heuristic, exact_table_spec, table_sets, ExactHeuristic};
use slide_core::table::{Scrutiny, Table};

#[test]
fn exact_table_round_trips_and_checks() {
    let dir = std::env::temp_dir().join(format!("goat-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = exact_table_spec();
    assert_eq!(spec.file_name(), "goat-exact.tbl");
    assert_eq!(table_sets().len(), 1);
    let built = spec.load_or_build(&dir, &slide_core::progress::NoProgress).unwrap();
    assert_eq!(built.header().entry_bits, 4);
    assert_eq!(built.header().entry_count, 5_443_200);
    let loaded = spec.load(&dir).unwrap();
    assert_eq!(loaded, built);
    assert!((spec.check)(&loaded, Scrutiny::Stored).unwrap().contains("5443200 states"));

    // The heuristic read from the file gives the same distances as one built in memory.
    let goal = Board::from_cells(&GOAL);
    let from_file = exact_heuristic(goal, Some(&dir), &slide_core::progress::NoProgress).unwrap();
    let in_memory = ExactHeuristic::build(goal, &|_| {}).unwrap();
    assert_eq!(from_file.table, in_memory.table);
    assert_eq!(from_file.distance(Board::from_cells(&START_52)), 52);

    // A corrupted file is refused, never used.
    let path = dir.join(spec.file_name());
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(Table::load(&path).is_err());
    assert!(exact_heuristic(goal, Some(&dir), &slide_core::progress::NoProgress).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
