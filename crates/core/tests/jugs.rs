//! The jugs example prints seed 001's eight states.

#[test]
fn jugs_example_prints_the_seven_pour_solution() {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "jugs"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8);
    assert_eq!(lines[0], "(0, 0, 8)");
    assert_eq!(lines[7], "(0, 4, 4)");
}
