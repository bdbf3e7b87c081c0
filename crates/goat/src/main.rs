//! The `goat` binary (filled in by its own issue).

fn main() {
    eprintln!("goat: not implemented yet");
    std::process::exit(1);
}
