//! The `seven` binary: the tile programs' command line on the 2x4 board.

fn main() {
    slide_cli::app::main::<fifteen::cli::Tiles<seven::Seven>>()
}
