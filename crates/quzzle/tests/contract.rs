//! The behaviour every binary shares (slide-cli's contract), checked on `quzzle`.

use slide_cli::testing::{check_contract, Contract};

#[test]
fn quzzle_keeps_the_contract() {
    slide_cli::app::command::<quzzle::cli::QuzzleCli>().debug_assert();
    check_contract(&Contract {
        program: env!("CARGO_BIN_EXE_quzzle"),
        good: "small",
        bad: ("1212/1133/45../6788/6799", "not a filled rectangle"),
        hard: "klotski",
        options: &[],
    });
}
