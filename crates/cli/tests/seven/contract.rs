//! The behaviour every binary shares (slide-cli's contract), checked on `seven`.

use slide_cli::puzzles::Seven;
use slide_cli::Front;
use slide_testing::contract::{check_contract, check_tables, Contract, TablesCheck};

use super::PROGRAM;

#[test]
fn seven_keeps_the_contract() {
    slide_cli::app::command::<Seven>().debug_assert();
    check_contract(&Contract {
        program: PROGRAM,
        good: "1 2 3 4 / 5 6 0 7",
        one_move: "1 2 3 4 / 5 6 0 7",
        bad: ("1 2 3 4 / 5 6 7 7", "tile 7 appears twice"),
        hard: "0 7 2 1 / 4 3 6 5",
        options: &["--heuristic", "manhattan"],
        examples: Seven::EXAMPLES,
    });
}

#[test]
fn seven_keeps_its_tables_in_the_per_user_cache() {
    check_tables(&TablesCheck { program: PROGRAM, first_use: Some((&[], "exact-2x4")) });
}
