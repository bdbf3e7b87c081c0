fn main() {
    eprintln!("seven: not implemented yet");
    std::process::exit(1);
}
