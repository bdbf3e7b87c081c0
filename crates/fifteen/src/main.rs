fn main() {
    eprintln!("fifteen: not implemented yet");
    std::process::exit(1);
}
