//! The behaviour every binary shares (slide-cli's contract), checked on `seven`.

use slide_cli::testing::{check_contract, check_tables, Contract, TablesCheck};
use slide_cli::PuzzleCli;

#[test]
fn seven_keeps_the_contract() {
    slide_cli::app::command::<fifteen::cli::Tiles<seven::Seven>>().debug_assert();
    check_contract(&Contract {
        program: env!("CARGO_BIN_EXE_seven"),
        good: "1 2 3 4 / 5 6 0 7",
        one_move: "1 2 3 4 / 5 6 0 7",
        bad: ("1 2 3 4 / 5 6 7 7", "tile 7 appears twice"),
        hard: "0 7 2 1 / 4 3 6 5",
        options: &["--heuristic", "manhattan"],
        examples: <fifteen::cli::Tiles<seven::Seven>>::EXAMPLES,
    });
}

#[test]
fn seven_keeps_its_tables_in_the_per_user_cache() {
    check_tables(&TablesCheck { program: env!("CARGO_BIN_EXE_seven"), first_use: Some((&[], "exact-2x4")) });
}
