//! `xtask measure`, which `xtask bench` runs each command under: it reports the peak memory of
//! its own child only (a 64 MiB buffer shows; a later small command is not masked by it).

use std::process::Command;

use serde_json::Value;

/// Runs `xtask measure -- args` and returns its measurement line.
fn measure(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask")).arg("measure").arg("--").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let line = stdout.lines().last().and_then(|l| l.strip_prefix("#xtask-measure ")).expect("a measurement line");
    serde_json::from_str(line).unwrap()
}

#[test]
fn peak_memory_is_the_child_s_own() {
    // dd reads 64 MiB into one buffer, so it is resident.
    let big = measure(&["dd", "if=/dev/zero", "of=/dev/null", "bs=64M", "count=1", "status=none"]);
    let big_kib = big["peak_rss_kib"].as_u64().unwrap();
    assert!((64 * 1024..256 * 1024).contains(&big_kib), "dd: {big_kib} KiB");
    let small = measure(&["true"]);
    let small_kib = small["peak_rss_kib"].as_u64().unwrap();
    assert!(small_kib < 16 * 1024, "true: {small_kib} KiB");
    assert_eq!(small["status"], 0);
    assert!(big["wall_s"].as_f64().unwrap() > 0.0 && big["cpu_s"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_failing_command_s_status_is_reported() {
    assert_eq!(measure(&["false"])["status"], 1);
}
