//! The `fifteen` binary: optimal solutions of RxC sliding-tile puzzles.

fn main() {
    slide_cli::app::main::<fifteen::cli::Tiles<fifteen::cli::Fifteen>>()
}
