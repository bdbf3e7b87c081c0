//! The behaviour every binary shares (slide-cli's contract), checked on `fifteen`.

use slide_cli::testing::{check_contract, Contract};

#[test]
fn fifteen_keeps_the_contract() {
    slide_cli::app::command::<fifteen::cli::Tiles<fifteen::cli::Fifteen>>().debug_assert();
    check_contract(&Contract {
        program: env!("CARGO_BIN_EXE_fifteen"),
        good: "1 2 3 / 4 5 6 / 7 0 8",
        bad: ("1 2 3 / 4 5 6 / 7 8 8", "tile 8 appears twice"),
        hard: "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2",
        options: &["--heuristic", "walking-distance"],
    });
}
