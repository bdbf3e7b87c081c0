//! The `seven` binary: `fifteen`'s tile command line on the 2x4 board.

fn main() {
    fifteen::tile_cli::main(&seven::config())
}
