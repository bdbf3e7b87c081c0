//! The cluster programs under MPI: `mpirun --oversubscribe -np 3` on this machine (loopback
//! only), against the one-process facades in the same test. Needs OpenMPI's `mpirun`
//! (`.ci/install-mpi`) and the `mpi` feature: `cargo test -p slide-cluster --features mpi
//! --test mpirun`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use fifteen::facade::{Tiles, FIFTEEN};
use fifteen::parse::parse_size;
use serde_json::Value;
use slide_core::answer::{Algorithm, Facade, Origin, Record, Settings, SolveRequest};
use slide_core::progress::NoProgress;
use slide_core::search::Limits;
use slide_testing::tiles::replay;
use slide_testing::{json_lines, scratch};

const FIFTEEN_MPI: &str = env!("CARGO_BIN_EXE_fifteen-mpi");
const GOAT_MPI: &str = env!("CARGO_BIN_EXE_goat-mpi");

/// Korf's goal: the blank first.
const KORF_GOAL: &str = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";

/// Whether this process runs as root (OpenMPI then wants to be told that it may).
fn root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("Uid:")).map(|l| l.split_whitespace().nth(1) == Some("0")))
        .unwrap_or(false)
}

/// `mpirun --oversubscribe -np N PROGRAM ARGS` on loopback, the tables in `data`.
fn mpirun(np: usize, program: &str, args: &[&str], data: &Path) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["--oversubscribe", "-np", &np.to_string()]);
    c.args(["--mca", "btl_tcp_if_include", "lo", "--mca", "oob_tcp_if_include", "lo"]);
    c.args(["-x", "SLIDE_DATA_DIR"]).env("SLIDE_DATA_DIR", data);
    if root() {
        // For this launch only: OpenMPI refuses root unless told twice.
        c.env("OMPI_ALLOW_RUN_AS_ROOT", "1").env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    }
    c.arg(program).args(args);
    c
}

fn run(mut c: Command) -> Output {
    c.output().expect("mpirun runs (install OpenMPI: .ci/install-mpi)")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A record as JSON, the time and memory left out (they differ from run to run).
fn comparable(mut v: Value) -> Value {
    if let Some(map) = v.as_object_mut() {
        map.remove("millis");
        map.remove("memory_bytes");
        map.remove("nodes");
    }
    v
}

/// The keys of a record, in order.
fn keys(v: &Value) -> Vec<String> {
    v.as_object().expect("a record is an object").keys().cloned().collect()
}

fn tiles(size: Option<&str>, settings: Settings) -> Tiles {
    Tiles::new(&FIFTEEN, size.map(|s| parse_size(s).unwrap()), &settings).unwrap()
}

fn limits() -> Limits {
    Limits { max_memory: Some(2 << 30), ..Limits::default() }
}

/// The one-process analysis of `size` as `fifteen analyze --json` writes it.
fn one_process_analysis(size: &str) -> Value {
    let a = tiles(Some(size), Settings::default()).analyze(None, &limits(), &NoProgress).unwrap();
    serde_json::to_value(Record::new("fifteen", &a, Origin::Default(1))).unwrap()
}

#[test]
fn histograms_on_three_ranks_equal_the_one_process_ones() {
    let data = scratch("mpirun-analyze");
    for size in ["3x3", "2x5"] {
        let o = run(mpirun(3, FIFTEEN_MPI, &["analyze", "--size", size, "--json", "--max-memory", "1G"], &data));
        assert!(o.status.success(), "{size}: {}", stderr(&o));
        let records = json_lines(&o);
        assert_eq!(records.len(), 1, "rank 0 alone writes the record");
        let one = one_process_analysis(size);
        assert_eq!(keys(&records[0]), keys(&one), "{size}: the keys of `fifteen analyze`, in order");
        assert_eq!(comparable(records[0].clone()), comparable(one), "{size}");
        assert!(stderr(&o).contains("positions over 3 ranks"), "the plan is stated first: {}", stderr(&o));
    }
    // Hiroi's Goat puzzle, by its own facade.
    let o = run(mpirun(3, GOAT_MPI, &["analyze", "--json", "--max-memory", "1G"], &data));
    assert!(o.status.success(), "goat: {}", stderr(&o));
    let goat = goat::facade::GoatFacade::new(&Settings::default()).unwrap();
    let a = goat.analyze(None, &limits(), &NoProgress).unwrap();
    let one = serde_json::to_value(Record::new("goat", &a, Origin::Default(1))).unwrap();
    assert_eq!(comparable(json_lines(&o)[0].clone()), comparable(one));
    std::fs::remove_dir_all(&data).ok();
}

/// Sends SIGTERM to `child` (mpirun then ends every rank) and waits for it.
fn terminate(child: &mut Child) {
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let _ = child.wait();
}

/// The last complete layer in a checkpoint directory.
fn checkpointed_layer(dir: &Path) -> Option<u64> {
    let text = std::fs::read(dir.join("manifest.json")).ok()?;
    serde_json::from_slice::<Value>(&text).ok()?["depth"].as_u64()
}

#[test]
fn a_killed_3x4_enumeration_resumes_with_the_same_histogram() {
    let data = scratch("mpirun-resume-data");
    let dir: PathBuf = scratch("mpirun-resume");
    let args = ["analyze", "--size", "3x4", "--json", "--max-memory", "1G", "--checkpoint", dir.to_str().unwrap()];
    let mut job = mpirun(3, FIFTEEN_MPI, &args, &data).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    // Killed once half the layers are saved (the 3x4 space has 54).
    let clock = Instant::now();
    while checkpointed_layer(&dir).is_none_or(|d| d < 25) {
        assert!(clock.elapsed() < Duration::from_secs(600), "no progress in 10 minutes");
        assert!(job.try_wait().unwrap().is_none(), "the job ended before it was killed");
        std::thread::sleep(Duration::from_millis(100));
    }
    terminate(&mut job);
    let killed_at = checkpointed_layer(&dir).unwrap();
    let one = one_process_analysis("3x4");
    let o = run(mpirun(3, FIFTEEN_MPI, &args, &data));
    assert!(o.status.success(), "{}", stderr(&o));
    let said = stderr(&o);
    assert!(said.contains(&format!("resumed from the checkpoint of layer {killed_at}")), "{said}");
    let record = json_lines(&o).remove(0);
    assert_eq!(comparable(record), comparable(one));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&data).ok();
}

/// A checkpoint is its job's: `analyze --size 3x3` on the checkpoint of `analyze --size 3x3
/// --metric mtm` is refused, naming the metric, and so is the reverse (each once resumed the
/// other's layers and printed its answer: 24 moves at most in the single-tile metric, 31 in
/// the multi-tile one).
#[test]
fn a_checkpoint_of_the_other_metric_is_refused() {
    let data = scratch("mpirun-metric-data");
    let (mtm, stm) = (scratch("mpirun-metric-mtm"), scratch("mpirun-metric-stm"));
    let analyze = |dir: &Path, metric: &[&str]| {
        let args = ["analyze", "--size", "3x3", "--json", "--max-memory", "1G", "--checkpoint", dir.to_str().unwrap()];
        run(mpirun(2, FIFTEEN_MPI, &[&args[..], metric].concat(), &data))
    };
    for (dir, metric, depth) in [(&mtm, &["--metric", "mtm"][..], 24), (&stm, &[], 31)] {
        let o = analyze(dir, metric);
        assert!(o.status.success(), "{metric:?}: {}", stderr(&o));
        assert_eq!(json_lines(&o)[0]["max_depth"], depth, "{metric:?}");
    }
    for (dir, metric, here) in [(&mtm, &[][..], "single-tile"), (&stm, &["--metric", "mtm"], "multi-tile")] {
        let o = analyze(dir, metric);
        assert_eq!(o.status.code(), Some(2), "{metric:?}: {}", stderr(&o));
        let said = stderr(&o);
        assert!(said.contains("is of another job") && said.contains(&format!("metric: {here}")), "{said}");
        assert!(json_lines(&o).iter().all(|r| r.get("max_depth").is_none()), "no answer from another job's layers");
    }
    for dir in [mtm, stm, data] {
        std::fs::remove_dir_all(dir).ok();
    }
}

/// Korf's instances `first..=last`, as BOARD text.
fn korf(first: usize, last: usize) -> Vec<String> {
    let korf = slide_data::instances::KORF100.instances();
    korf[first - 1..last].iter().map(|i| i.board_text(4)).collect()
}

#[test]
fn twenty_of_korfs_100_solve_as_fifteen_solve_does() {
    let data = scratch("mpirun-korf");
    let boards = korf(1, 20);
    let batch = data.join("korf20.txt");
    std::fs::write(&batch, boards.join("\n") + "\n").unwrap();
    // The one-process records, from the facade `fifteen solve` runs; this builds the 6-6-3
    // tables in the data directory, where the ranks then find them.
    let settings = Settings {
        data_dir: Some(data.clone()),
        heuristic: Some("pdb663".into()),
        goal: Some(KORF_GOAL.into()),
        ..Settings::default()
    };
    let t = tiles(None, settings);
    let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
    let one: Vec<Value> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let s = t.solve(&t.parse(b).unwrap(), &request).unwrap();
            serde_json::to_value(Record::new("fifteen", &s, Origin::Line(i + 1))).unwrap()
        })
        .collect();
    let args = ["solve", "--batch", batch.to_str().unwrap(), "--json", "--heuristic", "pdb663", "--goal", KORF_GOAL];
    let o = run(mpirun(3, FIFTEEN_MPI, &args, &data));
    assert!(o.status.success(), "{}", stderr(&o));
    let records = json_lines(&o);
    assert_eq!(records.len(), 20, "one record per line, in order");
    for (got, want) in records.iter().zip(&one) {
        assert_eq!(keys(got), keys(want), "the keys of `fifteen solve`, in order");
        assert_eq!(comparable(got.clone()), comparable(want.clone()), "the same solution, the first found");
        replay(got);
        assert!(got["nodes"].as_u64().unwrap() > 0);
    }
    assert!(stderr(&o).contains("20 of 20 boards solved"), "{}", stderr(&o));
    // A cap so low that most boards pass it: their searches are taken up by every rank from
    // where the capped one stopped, with the same first solution.
    let capped = [&args[..], &["--alone-nodes", "20000"]].concat();
    let o = run(mpirun(3, FIFTEEN_MPI, &capped, &data));
    assert!(o.status.success(), "{}", stderr(&o));
    let records = json_lines(&o);
    assert_eq!(records.len(), 20, "one record per line, in order");
    for (got, want) in records.iter().zip(&one) {
        assert_eq!(comparable(got.clone()), comparable(want.clone()), "the same solution, the first found");
        replay(got);
    }
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn bad_lines_and_bounds_fail_their_own_records() {
    let data = scratch("mpirun-contract");
    let batch = data.join("mixed.txt");
    let lines =
        ["8 6 7 / 2 5 4 / 3 0 1", "1 2 3 / 4 5 6 / 8 7 0", "not a board", "# a comment", "1 2 3 / 4 5 6 / 0 7 8"];
    std::fs::write(&batch, lines.join("\n")).unwrap();
    let o = run(mpirun(3, FIFTEEN_MPI, &["solve", "--batch", batch.to_str().unwrap(), "--json"], &data));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let records = json_lines(&o);
    let lines: Vec<u64> = records.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 2, 3, 5]);
    assert_eq!(records[0]["length"], 31);
    assert!(records[1]["error"].as_str().unwrap().contains("unsolvable"), "{}", records[1]);
    assert!(records[2]["error"].is_string());
    assert_eq!(records[3]["length"], 2);
    // A node bound: exit 3, the record says why.
    let hard = "15 14 13 12 / 11 10 9 8 / 7 6 5 4 / 3 1 2 0";
    let args = ["solve", "--json", "--heuristic", "manhattan", "--max-nodes", "2000000", hard];
    let o = run(mpirun(3, FIFTEEN_MPI, &args, &data));
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("node limit of 2000000 reached"), "{}", stderr(&o));
    // The same bound on boards of a batch, each searched whole by one rank: the hard one's
    // record says why, the others are solved, in order.
    let bounded = data.join("bounded.txt");
    std::fs::write(&bounded, ["8 6 7 / 2 5 4 / 3 0 1", hard, "1 2 3 / 4 5 6 / 0 7 8"].join("\n")).unwrap();
    let args =
        ["solve", "--json", "--heuristic", "manhattan", "--max-nodes", "2000000", "--batch", bounded.to_str().unwrap()];
    let o = run(mpirun(3, FIFTEEN_MPI, &args, &data));
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let records = json_lines(&o);
    assert_eq!(records.len(), 3, "{}", stderr(&o));
    assert_eq!((records[0]["length"].as_u64(), records[2]["length"].as_u64()), (Some(31), Some(2)));
    assert!(records[1]["error"].as_str().unwrap().contains("node limit of 2000000 reached"), "{}", records[1]);
    // One rank is a cluster too.
    let o = run(mpirun(1, FIFTEEN_MPI, &["solve", "--json", "8 6 7 / 2 5 4 / 3 0 1"], &data));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json_lines(&o)[0]["length"], 31);
    std::fs::remove_dir_all(&data).ok();
}
