//! The `quzzle` binary (filled in by its own issue).

fn main() {
    eprintln!("quzzle: not implemented yet");
    std::process::exit(1);
}
