//! The `fifteen` binary (filled in by its own issue).

fn main() {
    eprintln!("fifteen: not implemented yet");
    std::process::exit(1);
}
