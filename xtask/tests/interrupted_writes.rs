//! `cargo xtask gen-tables` stopped at any moment, by Ctrl-C or by a kill, never leaves a
//! table file that looks valid but is not: the file is absent, or complete and verified.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

fn xtask(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xtask"));
    c.args(["--quiet", "--data-dir", dir.to_str().unwrap()]).args(args).stdout(Stdio::null()).stderr(Stdio::piped());
    c
}

/// The table files in `dir` (temporary files aside).
fn tables(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".tbl"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_generation_stopped_at_any_moment_leaves_no_bad_table() {
    let dir = std::env::temp_dir().join(format!("xtask-interrupted-{}", std::process::id()));
    // (signal, delay in ms): Ctrl-C during the build; kills during the build and near the save.
    for (signal, delay) in [("INT", 300), ("KILL", 500), ("KILL", 2300)] {
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        let child = xtask(&dir, &["gen-tables", "goat-exact"]).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        Command::new("kill").args([&format!("-{signal}"), &child.id().to_string()]).status().unwrap();
        let o = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        match (signal, o.status.code()) {
            ("INT", Some(130)) => assert!(stderr.contains("xtask: interrupted"), "{stderr}"),
            ("INT", code) => assert_eq!(code, Some(0), "{signal} after {delay} ms: {stderr}"),
            (_, code) => assert!(code.is_none() || code == Some(0), "{signal} after {delay} ms: {code:?}"),
        }
        match tables(&dir).as_slice() {
            [] => {}
            [one] if one == "goat-exact.tbl" => {
                let check = xtask(&dir, &["verify-tables", "goat-exact"]).output().unwrap();
                assert!(check.status.success(), "{signal} after {delay} ms left a table that fails verification");
            }
            other => panic!("{signal} after {delay} ms left {other:?}"),
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
