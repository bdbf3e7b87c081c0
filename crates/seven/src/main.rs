//! The `seven` binary (filled in by its own issue).

fn main() {
    eprintln!("seven: not implemented yet");
    std::process::exit(1);
}
