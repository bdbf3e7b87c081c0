//! The behaviour every binary shares (slide-cli's contract), checked on `goat`.

use slide_cli::puzzles::Goat;
use slide_cli::Front;
use slide_testing::contract::{check_contract, check_tables, Contract, TablesCheck};

use super::PROGRAM;

#[test]
fn goat_keeps_the_contract() {
    slide_cli::app::command::<Goat>().debug_assert();
    check_contract(&Contract {
        program: PROGRAM,
        good: "1 8 9 10 / 2 5 0 7 / 3 8 4 6",
        one_move: "1 8 9 10 / 2 5 0 7 / 3 8 4 6",
        bad: ("1 8 9 10 / 2 0 7 5 / 3 8 4 4", "piece 4 (┘) appears 2 times"),
        hard: "6 7 9 10 / 4 5 2 8 / 0 8 3 1",
        options: &["--heuristic", "none"],
        examples: Goat::EXAMPLES,
    });
}

#[test]
fn goat_keeps_its_tables_in_the_per_user_cache() {
    check_tables(&TablesCheck { program: PROGRAM, first_use: Some((&[], "exact")) });
}
