//! The `fifteen` binary: optimal solutions of RxC sliding-tile puzzles.

fn main() {
    fifteen::tile_cli::main(&fifteen::cli_config())
}
