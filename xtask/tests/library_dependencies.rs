//! The puzzle crates are libraries: their normal dependency tree holds none of the command
//! line's crates (the binaries live in slide-cli, which depends on them, never the reverse).

use std::process::Command;

#[test]
fn puzzle_libraries_do_not_pull_in_the_command_line() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // Package names: seven and goat are published as slide-seven and slide-goat.
    for crate_name in ["slide-puzzle-core", "fifteen", "slide-seven", "slide-goat", "quzzle"] {
        let out = Command::new(&cargo)
            .args(["tree", "--offline", "-e", "normal", "--prefix", "none", "-p", crate_name])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{crate_name}: {}", String::from_utf8_lossy(&out.stderr));
        let tree = String::from_utf8(out.stdout).unwrap();
        assert!(tree.lines().next().is_some_and(|l| l.starts_with(crate_name)), "{tree}");
        for forbidden in ["clap", "indicatif", "ctrlc", "plotters", "svg", "resvg", "slide-cli", "slide-pictures"] {
            let found = tree.lines().any(|l| l.split_whitespace().next() == Some(forbidden));
            assert!(!found, "{crate_name} depends on {forbidden}:\n{tree}");
        }
    }
}
