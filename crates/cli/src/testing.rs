//! What every binary's tests share, behind the `testing` feature (tests only): the test of
//! the batch policy (`BatchReport`: a batch file of boards with blank lines, comments and bad
//! lines mixed in, run through the binary, its JSON Lines checked; each puzzle supplies only
//! how to draw a board and how to check a solved line), and a Ctrl-C sent to a running binary.

use std::path::Path;
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use serde_json::Value;

/// A batch file and, per board line, its line number and what it must give: the test's own
/// record of a good board, or the index of a bad line in the test's list.
pub struct MixedBatch<T> {
    /// The file's text.
    pub text: String,
    /// One entry per board line, in order.
    pub expected: Vec<(usize, Result<T, usize>)>,
}

/// `boards` board lines drawn from `seed`: about one in thirteen is one of `bad` (a line and
/// the words its error must contain), a few are blank lines or comments, which give no
/// result, and the rest are made by `board`, which returns the line and its record.
pub fn mixed_batch<T>(
    seed: u64,
    boards: usize,
    bad: &[(&str, &str)],
    mut board: impl FnMut(&mut Pcg64) -> (String, T),
) -> MixedBatch<T> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut text = format!("# {boards} boards\n");
    let mut expected = Vec::with_capacity(boards);
    let mut line = 1;
    while expected.len() < boards {
        line += 1;
        match rng.random_range(0..40) {
            0 => text.push('\n'),
            1 => text.push_str("# a comment\n"),
            2..=4 => {
                let which = rng.random_range(0..bad.len());
                text.push_str(bad[which].0);
                text.push('\n');
                expected.push((line, Err(which)));
            }
            _ => {
                let (board_line, record) = board(&mut rng);
                text.push_str(&board_line);
                text.push('\n');
                expected.push((line, Ok(record)));
            }
        }
    }
    MixedBatch { text, expected }
}

/// Runs `program` (a binary's path) with `args`, `--json` and `--batch` on `batch`, tables
/// in a fresh directory, and checks the batch policy: exit status 2, one JSON object per
/// board line in input order, each carrying its line; every bad line's error contains its
/// words; the closing message counts the failed lines. `check` is called on every solved
/// line with its number, its JSON object and its record.
pub fn run_mixed_batch<T>(
    program: &str,
    args: &[&str],
    batch: &MixedBatch<T>,
    bad: &[(&str, &str)],
    mut check: impl FnMut(usize, &Value, &T),
) {
    let name = Path::new(program).file_name().and_then(|n| n.to_str()).unwrap_or("slide");
    let dir = std::env::temp_dir().join(format!("{name}-batch-{}-{}", batch.expected.len(), std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    std::fs::write(&file, &batch.text).unwrap();
    let out = Command::new(program)
        .args(args)
        .args(["--json", "--batch", file.to_str().unwrap()])
        .env("SLIDE_DATA_DIR", &dir)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(2), "bad lines make the batch exit 2");
    let results: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(results.len(), batch.expected.len(), "one result per board line");
    let mut failed = 0;
    for (v, (line, want)) in results.iter().zip(&batch.expected) {
        assert_eq!(v["line"], *line, "results come in input order");
        match want {
            Ok(record) => check(*line, v, record),
            Err(which) => {
                failed += 1;
                let error = v["error"].as_str().unwrap();
                assert!(error.contains(bad[*which].1), "line {line}: {error}");
            }
        }
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let summary = format!("{failed} of {} lines failed (exit status 2; line ", batch.expected.len());
    assert!(stderr.contains(&summary), "{stderr}");
}

/// Sends SIGINT (what Ctrl-C sends) to `child` once it has run `after`, and waits (at most
/// 10 s) for it to end: its output, and how long it took to end after the signal.
pub fn interrupt(mut child: Child, after: Duration) -> (Output, Duration) {
    std::thread::sleep(after);
    let sent = Instant::now();
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    while child.try_wait().unwrap().is_none() {
        if sent.elapsed() > Duration::from_secs(10) {
            child.kill().unwrap();
            panic!("still running 10 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    (child.wait_with_output().unwrap(), sent.elapsed())
}
