//! `--max-memory` bounds the whole process, the program included: a search that would need
//! more stops (exit 3) while the process's peak resident memory stays within 5% of the
//! bound (it used to reach 225 MiB under `--max-memory 200M`: the program and the
//! depth-first search's frames were not counted). One test in its own binary, so that the
//! peak of this process's children is the peak of the runs below.

use nix::sys::resource::{getrusage, UsageWho};
use slide_testing::Bin;

const HARD: &str = "0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1";

#[test]
fn max_memory_bounds_the_whole_process() {
    let dir = std::env::temp_dir().join(format!("fifteen-memory-{}", std::process::id()));
    // First, while the peak is still the smallest: a survey that does not fit is refused
    // before it takes memory (it used to make every type's ranking first, 184 MB under a
    // bound of 10 MB), and so is a multi-tile solve whose walking distance would not fit (it
    // used to build 810 MB of its table before it said so).
    let survey = ["survey", "--max-memory", "30M"];
    let o = Bin::new(env!("CARGO_BIN_EXE_quzzle")).data_dir(&dir).command(&survey).output().unwrap();
    assert_eq!(o.status.code(), Some(3), "survey: {}", String::from_utf8_lossy(&o.stderr));
    let board = "8 3 9 0 12 5 13 / 2 1 10 4 11 7 6";
    let mtm = ["solve", "--metric", "mtm", "--heuristic", "walking-distance", "--max-memory", "30M", board];
    let o = Bin::new(env!("CARGO_BIN_EXE_fifteen")).data_dir(&dir).command(&mtm).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "mtm: {}", String::from_utf8_lossy(&o.stderr));
    let peak = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap().max_rss() as u64 * 1024;
    assert!(peak <= 31 << 20, "peak resident {} MiB over a 30 MiB bound", peak >> 20);
    for algorithm in ["dfs", "bfs", "astar", "weighted"] {
        let weight: &[&str] = if algorithm == "weighted" { &["--weight", "1.1"] } else { &[] };
        let o = Bin::new(env!("CARGO_BIN_EXE_fifteen"))
            .data_dir(&dir)
            .command(&["solve", "--heuristic", "manhattan", "--algorithm", algorithm, "--max-memory", "100M", HARD])
            .args(weight)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(3), "{algorithm}: {}", String::from_utf8_lossy(&o.stderr));
        // ru_maxrss of the children is in KiB on Linux: the largest of the runs so far.
        let peak = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap().max_rss() as u64 * 1024;
        assert!(peak <= 105 << 20, "{algorithm}: peak resident {} MiB over a 100 MiB bound", peak >> 20);
    }
    // Random walks of up to a billion moves keep their walk: it counts, however deep it goes
    // (it used to reach 2.17 GB under a budget of 100 MB, or abort on a 4 GiB allocation).
    for informed in [false, true] {
        let mut args = vec!["solve", "--algorithm", "random-walk", "--walks", "2", "--max-depth", "1000000000"];
        args.extend(["--seed", "1", "--timeout", "120", "--max-memory", "100M"]);
        if informed {
            args.push("--informed");
        }
        let o = Bin::new(env!("CARGO_BIN_EXE_fifteen")).data_dir(&dir).command(&args).arg(HARD).output().unwrap();
        assert_eq!(o.status.code(), Some(3), "informed {informed}: {}", String::from_utf8_lossy(&o.stderr));
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("memory limit of 100.0 MiB reached"), "informed {informed}: {e}");
        let peak = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap().max_rss() as u64 * 1024;
        assert!(peak <= 105 << 20, "random walks: peak resident {} MiB over a 100 MiB bound", peak >> 20);
    }
    std::fs::remove_dir_all(&dir).ok();
}
