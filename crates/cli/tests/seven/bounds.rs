//! `seven`'s bounds: --max-nodes ends every algorithm, `count` and `analyze` with exit 3;
//! within a batch a bound fails only its line; Ctrl-C while the program waits on work that
//! cannot check limits (here: reading a batch from a terminal that sends nothing) ends it
//! after the grace period with exit status 130.

use std::process::Stdio;
use std::time::Duration;

use slide_testing::contract::interrupt;

use super::{program, seven};

#[test]
fn node_limits_end_every_search_with_exit_3() {
    let runs: [&[&str]; 6] = [
        &["solve", "--algorithm", "idastar", "--heuristic", "manhattan"],
        &["solve", "--algorithm", "astar", "--heuristic", "manhattan"],
        &["solve", "--algorithm", "bfs"],
        &["solve", "--algorithm", "iddfs"],
        &["count", "--heuristic", "manhattan"],
        &["analyze"],
    ];
    for args in runs {
        let o = seven(&[args, &["--max-nodes", "300"]].concat());
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("node limit of 300 reached"), "{args:?}");
    }
}

#[test]
fn a_bound_hit_in_a_batch_fails_only_its_line() {
    let dir = std::env::temp_dir().join(format!("seven-bounds-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    // The first board needs 1 move, the second 36: only the second hits the bound.
    std::fs::write(&file, "1 2 3 4 / 5 6 0 7\n0 7 2 1 / 4 3 6 5\nbad\n1 2 3 4 / 5 6 0 7\n").unwrap();
    let args = ["solve", "--json", "--heuristic", "manhattan", "--max-nodes", "1000", "--batch"];
    let o = seven(&[&args[..], &[file.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(3), "the worst line's status");
    let lines: Vec<serde_json::Value> =
        String::from_utf8(o.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!((lines[0]["line"].as_u64(), lines[0]["length"].as_u64()), (Some(1), Some(1)));
    assert_eq!(lines[1]["line"], 2);
    assert!(lines[1]["error"].as_str().unwrap().contains("node limit of 1000 reached"));
    assert_eq!(lines[2]["line"], 3);
    assert!(lines[2]["error"].as_str().unwrap().contains("unexpected character 'b' at column 1"));
    assert_eq!(lines[3]["length"], 1);
    assert!(String::from_utf8_lossy(&o.stderr).contains("2 of 4 lines failed (exit status 3; line 2"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn ctrl_c_while_waiting_for_input_exits_130_after_the_grace_period() {
    let mut child = program()
        .command(&[])
        .args(["solve", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take(); // kept open: the program waits for lines
    let (o, took) = interrupt(child, Duration::from_millis(300));
    drop(stdin);
    assert_eq!(o.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&o.stderr).contains("seven: interrupted"));
    assert!(took >= slide_cli::interrupt::GRACE && took < slide_cli::interrupt::GRACE * 5, "{took:?}");
}
