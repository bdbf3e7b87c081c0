//! The behaviour every binary shares (slide-cli's contract), checked on `goat`.

use slide_cli::testing::{check_contract, check_tables, Contract, TablesCheck};
use slide_cli::PuzzleCli;

#[test]
fn goat_keeps_the_contract() {
    slide_cli::app::command::<goat::cli::GoatCli>().debug_assert();
    check_contract(&Contract {
        program: env!("CARGO_BIN_EXE_goat"),
        good: "1 8 9 10 / 2 5 0 7 / 3 8 4 6",
        one_move: "1 8 9 10 / 2 5 0 7 / 3 8 4 6",
        bad: ("1 8 9 10 / 2 0 7 5 / 3 8 4 4", "piece 4 (┘) appears 2 times"),
        hard: "6 7 9 10 / 4 5 2 8 / 0 8 3 1",
        options: &["--heuristic", "none"],
        examples: <goat::cli::GoatCli>::EXAMPLES,
    });
}

#[test]
fn goat_keeps_its_tables_in_the_per_user_cache() {
    check_tables(&TablesCheck { program: env!("CARGO_BIN_EXE_goat"), first_use: Some((&[], "exact")) });
}
