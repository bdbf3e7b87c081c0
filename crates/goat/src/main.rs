//! The `goat` binary: Hiroi's Goat puzzle on slide-cli's command line.

fn main() {
    slide_cli::app::main::<goat::cli::GoatCli>()
}
