fn main() {
    eprintln!("quzzle: not implemented yet");
    std::process::exit(1);
}
