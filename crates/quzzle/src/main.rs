//! The `quzzle` binary: sliding-block puzzles on slide-cli's command line.

fn main() {
    slide_cli::app::main::<quzzle::cli::QuzzleCli>()
}
