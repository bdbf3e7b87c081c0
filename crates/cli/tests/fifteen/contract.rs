//! The behaviour every binary shares (slide-cli's contract), checked on `fifteen`.

use slide_cli::puzzles::Fifteen;
use slide_cli::Front;
use slide_testing::contract::{check_contract, check_tables, Contract, TablesCheck};

use super::PROGRAM;

#[test]
fn fifteen_keeps_the_contract() {
    slide_cli::app::command::<Fifteen>().debug_assert();
    check_contract(&Contract {
        program: PROGRAM,
        good: "1 2 3 / 4 5 6 / 7 0 8",
        one_move: "1 2 3 / 4 5 6 / 7 0 8",
        bad: ("1 2 3 / 4 5 6 / 7 8 8", "tile 8 appears twice"),
        hard: "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2",
        options: &["--heuristic", "walking-distance"],
        examples: Fifteen::EXAMPLES,
    });
}

#[test]
fn fifteen_keeps_its_tables_in_the_per_user_cache() {
    check_tables(&TablesCheck {
        program: PROGRAM,
        first_use: Some((&["--size", "3x3", "8 6 7 / 2 5 4 / 3 0 1"], "exact-3x3")),
    });
}
