//! `cargo xtask man` writes a page for each binary and each of its visible subcommands, from
//! the binaries' own clap commands.

use std::process::Command;

#[test]
fn man_pages_cover_the_four_binaries_and_their_subcommands() {
    let dir = std::env::temp_dir().join(format!("xtask-man-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask")).args(["man", "--out"]).arg(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let page = |name: &str| {
        let text = std::fs::read_to_string(dir.join(format!("{name}.1"))).unwrap_or_default();
        assert!(text.contains(".TH "), "{name}.1 is not a man page:\n{text}");
        text
    };
    for program in ["fifteen", "seven", "goat", "quzzle"] {
        let main = page(program);
        for word in ["solve", "analyze", "count", "completions", "max\\-nodes", "Exit status"] {
            assert!(main.contains(word), "{program}.1 lacks {word}");
        }
        assert!(page(&format!("{program}-solve")).contains("batch"), "{program}-solve.1 lacks --batch");
        page(&format!("{program}-completions"));
    }
    // The tile programs make boards; goat and quzzle hide those subcommands, and get no pages.
    page("fifteen-scramble");
    // Nested subcommands get pages too.
    page("fifteen-tables-build");
    assert!(!dir.join("goat-scramble.1").exists() && !dir.join("quzzle-random.1").exists());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(" man pages in "), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}
