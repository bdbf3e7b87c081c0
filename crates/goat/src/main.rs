fn main() {
    eprintln!("goat: not implemented yet");
    std::process::exit(1);
}
