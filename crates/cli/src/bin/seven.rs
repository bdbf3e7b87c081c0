//! The `seven` binary: slide-cli's program over the puzzle's facade.

fn main() {
    slide_cli::app::main::<slide_cli::puzzles::Seven>()
}
