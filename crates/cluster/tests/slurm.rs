//! The cluster programs on a real cluster: Slurm and OpenMPI over three hosts of this
//! machine (network namespaces on a bridge, each its own slurmd), which `.ci/cluster up`
//! brings up as root. The job scripts of docs/CLUSTER.md are taken from the document and
//! submitted with `sbatch` as written, only sizes and paths set by variables; the answers are
//! the one-process programs', the ranks talk over TCP on the bridge, and a host lost midway
//! costs the enumeration nothing but time. `cargo test -p slide-cluster --features mpi --test
//! slurm` (OpenMPI: `.ci/install-mpi`; Slurm: `.ci/install-slurm`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use fifteen::facade::{Tiles, FIFTEEN};
use fifteen::parse::parse_size;
use serde_json::Value;
use slide_core::answer::{Algorithm, Facade, Origin, Record, Settings, SolveRequest};
use slide_core::progress::NoProgress;
use slide_core::search::Limits;
use slide_testing::scratch;
use slide_testing::tiles::replay;

const FIFTEEN_MPI: &str = env!("CARGO_BIN_EXE_fifteen-mpi");

/// The test cluster's hosts, its bridge's subnet, and where its state lives (.ci/cluster).
const HOSTS: [&str; 3] = ["slide1", "slide2", "slide3"];
const SUBNET: &str = "10.43.0.0/24";

/// Korf's goal: the blank first.
const KORF_GOAL: &str = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";

/// One job at a time: every test's jobs take the three hosts, and one test cuts a host off.
fn cluster() -> MutexGuard<'static, ()> {
    static ONE: Mutex<()> = Mutex::new(());
    let guard = ONE.lock().unwrap_or_else(|e| e.into_inner());
    wait_idle();
    guard
}

fn cluster_dir() -> PathBuf {
    PathBuf::from(std::env::var("SLIDE_CLUSTER_DIR").unwrap_or_else(|_| "/run/slide-cluster".into()))
}

fn slurm_conf() -> PathBuf {
    let conf = cluster_dir().join("slurm.conf");
    assert!(
        conf.exists(),
        "no test cluster at {}: bring it up first, as root: .ci/cluster up",
        cluster_dir().display()
    );
    conf
}

/// The repository's `.ci/cluster`.
fn cluster_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.ci/cluster")
}

/// A Slurm command, pointed at the test cluster.
fn slurm(program: &str) -> Command {
    let mut c = Command::new(program);
    c.env("SLURM_CONF", slurm_conf());
    c
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn checked(mut c: Command) -> String {
    let o = c.output().unwrap_or_else(|e| panic!("{c:?}: {e} (install Slurm: .ci/install-slurm)"));
    assert!(o.status.success(), "{c:?}: {}{}", text(&o.stdout), text(&o.stderr));
    text(&o.stdout)
}

/// Each host's state as Slurm sees it (`idle`, `alloc`, `down*`, ...).
fn host_states() -> Vec<(String, String)> {
    let mut c = slurm("sinfo");
    c.args(["-h", "-N", "-o", "%N %t"]);
    checked(c).lines().filter_map(|l| l.split_once(' ').map(|(h, s)| (h.to_string(), s.trim().to_string()))).collect()
}

/// Waits (two minutes at most) until the three hosts are idle: a host cut off comes back
/// by itself once it answers (ReturnToService=2).
fn wait_idle() {
    let clock = Instant::now();
    loop {
        let states = host_states();
        if states.len() == HOSTS.len() && states.iter().all(|(_, s)| s == "idle") {
            return;
        }
        assert!(clock.elapsed() < Duration::from_secs(120), "the hosts are not idle after two minutes: {states:?}");
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// The job script of docs/CLUSTER.md named `job` (its `#SBATCH --job-name`), as written.
fn doc_script(job: &str) -> String {
    let doc = include_str!("../../../docs/CLUSTER.md");
    let blocks: Vec<&str> = doc.split("```").skip(1).step_by(2).collect();
    let script = blocks
        .iter()
        .filter_map(|b| b.strip_prefix("sh\n"))
        .find(|b| b.starts_with("#!/bin/bash") && b.contains(&format!("#SBATCH --job-name={job}\n")));
    script.unwrap_or_else(|| panic!("docs/CLUSTER.md has no job script named {job}")).to_string()
}

/// What every job's environment adds: the programs on the PATH, and OpenMPI told to talk over
/// TCP on the bridge only (no shared memory, no loopback), as a site's configuration would.
fn job_env() -> Vec<(String, String)> {
    let bin = Path::new(FIFTEEN_MPI).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let mut env = vec![
        ("PATH".to_string(), path),
        ("OMPI_MCA_btl".to_string(), "self,tcp".to_string()),
        ("OMPI_MCA_btl_tcp_if_include".to_string(), SUBNET.to_string()),
        ("OMPI_MCA_oob_tcp_if_include".to_string(), SUBNET.to_string()),
        ("SLURM_MPI_TYPE".to_string(), "pmix".to_string()),
    ];
    // OpenMPI's mpirun wants to be told twice that it may run as root (CI runs as root).
    for v in ["OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] {
        env.push((v.to_string(), "1".to_string()));
    }
    env
}

/// `sbatch` of `script` in `dir` with `options` (sizes) and `vars` (paths and the like) in
/// its environment; the job's id.
fn submit(dir: &Path, script: &str, options: &[&str], vars: &[(&str, &str)]) -> u64 {
    let file = dir.join("job.sh");
    std::fs::write(&file, script).unwrap();
    let mut c = slurm("sbatch");
    c.arg("--parsable").arg(format!("--chdir={}", dir.display())).args(options).arg(&file);
    c.envs(job_env());
    c.envs(vars.iter().copied());
    let id = checked(c);
    id.trim().split(';').next().unwrap().parse().unwrap_or_else(|e| panic!("sbatch said {id}: {e}"))
}

/// A job's state (`RUNNING`, `COMPLETED`, `FAILED`, `NODE_FAIL`, ...) and exit code.
fn job_state(id: u64) -> (String, String) {
    let mut c = slurm("scontrol");
    c.args(["show", "job", "-o", &id.to_string()]);
    let line = checked(c);
    let field = |name: &str| {
        line.split_whitespace()
            .find_map(|f| f.strip_prefix(name).and_then(|f| f.strip_prefix('=')))
            .unwrap_or("?")
            .to_string()
    };
    (field("JobState"), field("ExitCode"))
}

fn ended(state: &str) -> bool {
    !["PENDING", "CONFIGURING", "RUNNING", "COMPLETING"].contains(&state)
}

/// Waits for job `id` to end (within `limit`); its state and exit code.
fn wait_job(id: u64, limit: Duration) -> (String, String) {
    let clock = Instant::now();
    loop {
        let (state, code) = job_state(id);
        if ended(&state) {
            return (state, code);
        }
        assert!(clock.elapsed() < limit, "job {id} still {state} after {limit:?}");
        std::thread::sleep(Duration::from_millis(250));
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn lines(path: &Path) -> Vec<Value> {
    read(path).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect()
}

/// A record as JSON, the time and memory left out (they differ from run to run).
fn comparable(mut v: Value) -> Value {
    if let Some(map) = v.as_object_mut() {
        for key in ["millis", "memory_bytes", "nodes"] {
            map.remove(key);
        }
    }
    v
}

fn tiles(size: Option<&str>, settings: Settings) -> Tiles {
    Tiles::new(&FIFTEEN, size.map(|s| parse_size(s).unwrap()), &settings).unwrap()
}

/// The one-process analysis of `size`, as `fifteen analyze --json` writes it (once per run).
fn one_process_analysis(size: &'static str) -> Value {
    static DONE: Mutex<Vec<(&str, Value)>> = Mutex::new(Vec::new());
    let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, v)) = done.iter().find(|(s, _)| *s == size) {
        return v.clone();
    }
    let limits = Limits { max_memory: Some(2 << 30), ..Limits::default() };
    let a = tiles(Some(size), Settings::default()).analyze(None, &limits, &NoProgress).unwrap();
    let v = serde_json::to_value(Record::new("fifteen", &a, Origin::Default(1))).unwrap();
    done.push((size, v.clone()));
    v
}

/// Bytes each host has sent on the bridge so far (its veth's far end receives them).
fn bridge_bytes() -> Vec<u64> {
    HOSTS
        .iter()
        .map(|h| read(Path::new(&format!("/sys/class/net/{h}-h/statistics/rx_bytes"))).trim().parse().unwrap())
        .collect()
}

/// The last complete layer in a checkpoint directory.
fn checkpointed_layer(dir: &Path) -> Option<u64> {
    let text = std::fs::read(dir.join("manifest.json")).ok()?;
    serde_json::from_slice::<Value>(&text).ok()?["depth"].as_u64()
}

/// Korf's instances `first..=last`, as BOARD text.
fn korf(first: usize, last: usize) -> Vec<String> {
    let korf = slide_data::instances::KORF100.instances();
    korf[first - 1..last].iter().map(|i| i.board_text(4)).collect()
}

/// Builds the 6-6-3 databases into `dir` and solves `boards` there in one process: the
/// records `fifteen solve --json` writes.
fn one_process_solutions(dir: &Path, boards: &[String]) -> Vec<Value> {
    let settings = Settings {
        data_dir: Some(dir.to_path_buf()),
        heuristic: Some("pdb663".into()),
        goal: Some(KORF_GOAL.into()),
        ..Settings::default()
    };
    let t = tiles(None, settings);
    let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
    boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let s = t.solve(&t.parse(b).unwrap(), &request).unwrap();
            serde_json::to_value(Record::new("fifteen", &s, Origin::Line(i + 1))).unwrap()
        })
        .collect()
}

/// The 6-6-3 tables, built once per run in a directory every host sees.
fn korf_tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = scratch("slurm-tables");
        one_process_solutions(&dir, &korf(1, 1));
        dir
    })
}

#[test]
fn the_docs_batch_script_solves_twenty_of_korfs_100_over_three_hosts() {
    let _cluster = cluster();
    let dir = scratch("slurm-korf");
    let boards = korf(1, 20);
    std::fs::write(dir.join("korf20.txt"), boards.join("\n") + "\n").unwrap();
    let one = one_process_solutions(korf_tables(), &boards);
    let tables = korf_tables().to_str().unwrap();
    // The 24-puzzle's script, for the 15-puzzle: its batch, heuristic, goal and tables.
    let vars = [
        ("BATCH", "korf20.txt"),
        ("HEURISTIC", "pdb663"),
        ("GOAL", KORF_GOAL),
        ("TABLES", tables),
        ("OUT", "korf20.jsonl"),
    ];
    let options = ["--nodes=3", "--ntasks-per-node=1", "--time=10", "--output=korf-%j.log"];
    let id = submit(&dir, &doc_script("korf50"), &options, &vars);
    let (state, code) = wait_job(id, Duration::from_secs(300));
    let log = read(&dir.join(format!("korf-{id}.log")));
    assert_eq!((state.as_str(), code.as_str()), ("COMPLETED", "0:0"), "{log}");
    assert!(log.contains("3 ranks on 3 hosts: slide1 (rank 0), slide2 (rank 1), slide3 (rank 2)"), "{log}");
    assert!(log.contains("20 of 20 boards solved"), "{log}");
    let records = lines(&dir.join("korf20.jsonl"));
    assert_eq!(records.len(), 20, "one record per line, in order: {log}");
    for (got, want) in records.iter().zip(&one) {
        assert_eq!(comparable(got.clone()), comparable(want.clone()), "the same solution, the first found");
        replay(got);
    }
    // sbcast put a copy of every table on each host's own disk.
    for host in HOSTS {
        let local = cluster_dir().join("nodes").join(host).join("local/slide-tables");
        for table in std::fs::read_dir(korf_tables()).unwrap().filter_map(Result::ok) {
            let name = table.file_name();
            if name.to_string_lossy().ends_with(".tbl") {
                assert_eq!(read_bytes(&local.join(&name)), read_bytes(&table.path()), "{host}: {name:?}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn read_bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn ranks_started_by_mpirun_in_an_allocation_talk_over_the_bridge() {
    let _cluster = cluster();
    let dir = scratch("slurm-mpirun");
    let script = format!(
        "#!/bin/bash\nset -euo pipefail\nmpirun --mca btl self,tcp --mca btl_tcp_if_include {SUBNET} --mca \
         oob_tcp_if_include {SUBNET} fifteen-mpi analyze --size 2x5 --json --layer-log layers.jsonl > 2x5.json\n"
    );
    let before = bridge_bytes();
    let id = submit(&dir, &script, &["--nodes=3", "--ntasks-per-node=1", "--output=mpirun-%j.log"], &[]);
    let (state, code) = wait_job(id, Duration::from_secs(300));
    let log = read(&dir.join(format!("mpirun-{id}.log")));
    assert_eq!((state.as_str(), code.as_str()), ("COMPLETED", "0:0"), "{log}");
    assert!(log.contains("3 ranks on 3 hosts: slide1 (rank 0), slide2 (rank 1), slide3 (rank 2)"), "{log}");
    let record = lines(&dir.join("2x5.json")).remove(0);
    assert_eq!(comparable(record), comparable(one_process_analysis("2x5")));
    // What the ranks sent one another crossed the bridge: each host's veth carried at least
    // its share.
    let sent: u64 = lines(&dir.join("layers.jsonl")).iter().map(|l| l["sent_bytes"].as_u64().unwrap()).sum();
    let carried: u64 = bridge_bytes().iter().zip(&before).map(|(a, b)| a - b).sum();
    assert!(sent > 0 && carried >= sent, "{sent} bytes sent between ranks, {carried} on the bridge");
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs `.ci/cluster ACTION HOST` (`cut` takes the host's link down, `mend` puts it back).
fn link(action: &str, host: usize) {
    let o = Command::new(cluster_script()).args([action, &host.to_string()]).output().unwrap();
    assert!(o.status.success(), ".ci/cluster {action} {host}: {}", text(&o.stderr));
}

/// Puts a cut host back when dropped, however the test ends.
struct Mend(usize);

impl Drop for Mend {
    fn drop(&mut self) {
        link("mend", self.0);
    }
}

/// The process ids of `program` on `host`.
fn pids_on(host: &str, program: &str) -> Vec<u32> {
    let o = Command::new("ip").args(["netns", "pids", host]).output().unwrap();
    text(&o.stdout)
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .filter(|p| std::fs::read_to_string(format!("/proc/{p}/comm")).is_ok_and(|c| c.trim() == program))
        .collect()
}

/// Waits until the checkpoint in `dir` holds layer `depth` while job `id` runs.
fn wait_layer(id: u64, dir: &Path, log: &Path, depth: u64) {
    let clock = Instant::now();
    while checkpointed_layer(dir).is_none_or(|d| d < depth) {
        let (state, _) = job_state(id);
        assert!(!ended(&state), "job {id} ended before layer {depth}: {state}: {}", read(log));
        assert!(clock.elapsed() < Duration::from_secs(600), "no progress in 10 minutes");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Job `id` ended within a minute of `fault`, unfinished, its log saying `why`, its
/// checkpoint whole (its manifest names a layer whose three files are there): that layer.
fn ended_by(id: u64, fault: Instant, log: &Path, checkpoint: &Path, why: &str) -> u64 {
    let (state, _) = wait_job(id, Duration::from_secs(120));
    let took = fault.elapsed();
    let log = read(log);
    eprintln!("job {id} ended {state} {:.1} s after the fault:\n{log}", took.as_secs_f64());
    assert!(took < Duration::from_secs(60), "the job took {took:?} to end");
    assert_ne!(state, "COMPLETED", "{log}");
    assert!(log.contains(why), "the log says why ({why}): {log}");
    let saved = checkpointed_layer(checkpoint).unwrap();
    for rank in 0..3 {
        assert!(checkpoint.join(format!("rank{rank}-of-3.layer{saved}.bfs")).exists(), "rank {rank}'s layer {saved}");
    }
    saved
}

#[test]
fn a_rank_killed_and_a_host_lost_mid_enumeration_end_the_job_and_it_resumes() {
    let _cluster = cluster();
    let dir = scratch("slurm-bfs");
    let checkpoint = dir.join("checkpoint");
    let script = doc_script("bfs-4x4");
    let vars = [("SIZE", "3x4"), ("CHECKPOINT", checkpoint.to_str().unwrap())];
    let options = ["--nodes=3", "--ntasks-per-node=1", "--cpus-per-task=1", "--output=bfs-%j.log"];
    let log = |id: u64| dir.join(format!("bfs-{id}.log"));
    // The 3x4 space has 54 layers. At layer 12 rank 1 is killed (as the kernel's OOM killer
    // would): srun ends the others.
    let first = submit(&dir, &script, &options, &vars);
    wait_layer(first, &checkpoint, &log(first), 12);
    let rank = pids_on("slide2", "fifteen-mpi");
    assert_eq!(rank.len(), 1, "one rank on slide2");
    let killed = Instant::now();
    Command::new("kill").args(["-KILL", &rank[0].to_string()]).status().unwrap();
    let saved = ended_by(first, killed, &log(first), &checkpoint, "slide2: task 1: Killed");
    // The same script again, after the first: it resumes, and at layer 24 host slide3 is cut
    // off the network (its link down; its rank runs on, unheard): Slurm ends the job.
    let after = |id: u64| format!("--dependency=afterany:{id}");
    let second = submit(&dir, &script, &[&options[..], &[&after(first)]].concat(), &vars);
    wait_layer(second, &checkpoint, &log(second), 24);
    let said = read(&log(second));
    assert!(said.contains(&format!("resumed from the checkpoint of layer {saved}")), "{said}");
    let mend = Mend(3);
    link("cut", 3);
    let cut = Instant::now();
    let saved = ended_by(second, cut, &log(second), &checkpoint, "DUE TO NODE FAILURE");
    drop(mend);
    wait_idle();
    // And again: it resumes from the last complete layer, and the answer is the one
    // process's.
    let third = submit(&dir, &script, &[&options[..], &[&after(second)]].concat(), &vars);
    let (state, code) = wait_job(third, Duration::from_secs(600));
    let said = read(&log(third));
    eprintln!("resubmitted: job {third} ended {state}:\n{said}");
    assert_eq!((state.as_str(), code.as_str()), ("COMPLETED", "0:0"), "{said}");
    assert!(said.contains(&format!("resumed from the checkpoint of layer {saved}")), "{said}");
    let record = lines(&dir.join("bfs-3x4.json")).remove(0);
    assert_eq!(comparable(record), comparable(one_process_analysis("3x4")));
    std::fs::remove_dir_all(&dir).ok();
}

/// `table` with one byte of its payload changed and its checksum made to match: another
/// table, as far as its file can tell.
fn another_build(table: &Path) {
    let mut bytes = read_bytes(table);
    let end = bytes.len() - 4;
    bytes[end / 2] ^= 1;
    let crc = crc32fast::hash(&bytes[..end]);
    bytes[end..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(table, bytes).unwrap();
}

#[test]
fn a_host_whose_tables_differ_is_refused_before_any_work() {
    let _cluster = cluster();
    let dir = scratch("slurm-tables-differ");
    std::fs::write(dir.join("korf3.txt"), korf(1, 3).join("\n") + "\n").unwrap();
    // Each host's own copy of the tables on its own disk; slide3's pdb663 tables rebuilt otherwise.
    let mut changed = None;
    for host in HOSTS {
        let local = cluster_dir().join("nodes").join(host).join("local/differ-tables");
        std::fs::create_dir_all(&local).unwrap();
        for table in std::fs::read_dir(korf_tables()).unwrap().filter_map(Result::ok) {
            let name = table.file_name().to_string_lossy().into_owned();
            if name.ends_with(".tbl") {
                std::fs::copy(table.path(), local.join(&name)).unwrap();
                if host == "slide3" && name.contains("pdb663") && changed.is_none() {
                    another_build(&local.join(&name));
                    changed = Some(name);
                }
            }
        }
    }
    let changed = changed.expect("the 6-6-3 tables are built");
    let script = format!(
        "#!/bin/bash\nset -euo pipefail\nsrun fifteen-mpi solve --batch korf3.txt --heuristic pdb663 --goal '{KORF_GOAL}' \
         --data-dir \"$TMPDIR/differ-tables\" --json > korf3.jsonl\n"
    );
    let id = submit(&dir, &script, &["--nodes=3", "--ntasks-per-node=1", "--output=differ-%j.log"], &[]);
    let (state, code) = wait_job(id, Duration::from_secs(120));
    let log = read(&dir.join(format!("differ-{id}.log")));
    assert_eq!(state, "FAILED", "{log}");
    assert!(code.starts_with("2:"), "exit status 2 (bad input): {code}: {log}");
    let said = format!("rank 2 (on slide3) has other tables than rank 0 (on slide1): {changed} has checksum");
    assert!(log.contains(&said), "{log}");
    assert!(read(&dir.join("korf3.jsonl")).is_empty(), "no record: {log}");
    for host in HOSTS {
        std::fs::remove_dir_all(cluster_dir().join("nodes").join(host).join("local/differ-tables")).ok();
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_unwritable_checkpoint_directory_is_refused_before_any_work() {
    let _cluster = cluster();
    let dir = scratch("slurm-unwritable");
    // Root writes anywhere it has a directory: a file where the directory should be.
    std::fs::write(dir.join("a-file"), "not a directory").unwrap();
    let checkpoint = dir.join("a-file/bfs-3x4");
    let vars = [("SIZE", "3x4"), ("CHECKPOINT", checkpoint.to_str().unwrap())];
    let options = ["--nodes=3", "--ntasks-per-node=1", "--cpus-per-task=1", "--output=bfs-%j.log"];
    let id = submit(&dir, &doc_script("bfs-4x4"), &options, &vars);
    let (state, code) = wait_job(id, Duration::from_secs(120));
    let log = read(&dir.join(format!("bfs-{id}.log")));
    assert_eq!(state, "FAILED", "{log}");
    assert!(code.starts_with("2:"), "exit status 2 (bad input): {code}: {log}");
    let said =
        format!("3 of 3 ranks cannot write in the checkpoint directory {} (rank 0 (on slide1)", checkpoint.display());
    assert!(log.contains(&said), "{log}");
    assert!(!log.contains("layer 1"), "no layer was expanded: {log}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_job_that_does_not_fit_its_hosts_memory_is_refused_before_any_work() {
    let _cluster = cluster();
    let dir = scratch("slurm-memory");
    let checkpoint = dir.join("bfs-3x4");
    let vars = [("SIZE", "3x4"), ("CHECKPOINT", checkpoint.to_str().unwrap())];
    // The 3x4 space over three ranks needs about 137 MiB a rank; Slurm gives each 100 MiB.
    let options = ["--nodes=3", "--ntasks-per-node=1", "--cpus-per-task=1", "--mem=100M", "--output=bfs-%j.log"];
    let id = submit(&dir, &doc_script("bfs-4x4"), &options, &vars);
    let (state, code) = wait_job(id, Duration::from_secs(120));
    let log = read(&dir.join(format!("bfs-{id}.log")));
    assert_eq!(state, "FAILED", "{log}");
    assert!(code.starts_with("2:"), "exit status 2 (bad input): {code}: {log}");
    assert!(log.contains("over the 100.0 MiB allowed on 3 of them"), "{log}");
    assert!(!checkpoint.exists(), "nothing was written: {log}");
    std::fs::remove_dir_all(&dir).ok();
}
