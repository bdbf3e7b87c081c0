//! The behaviour every binary shares, checked from outside: the contract ([`check_contract`],
//! docs/CLI.md), the tables ([`check_tables`]), the batch policy over thousands of lines (a
//! batch file of boards with blank lines, comments and bad lines mixed in, run through the
//! binary, its JSON Lines checked; each puzzle supplies only how to draw a board and how to
//! check a solved line), and a Ctrl-C sent to a running binary ([`interrupt`]).

use std::path::Path;
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use serde_json::Value;

use crate::json_lines;

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
    check_batch_output(&out, batch, bad, &mut check);
}

/// Checks one run of a mixed batch (see [`run_mixed_batch`]).
fn check_batch_output<T>(
    out: &Output,
    batch: &MixedBatch<T>,
    bad: &[(&str, &str)],
    check: &mut impl FnMut(usize, &Value, &T),
) {
    assert_eq!(out.status.code(), Some(2), "bad lines make the batch exit 2");
    let results: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
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
    let lines = slide_core::units::quantity(batch.expected.len() as u64, "line");
    let summary = format!("{failed} of {lines} failed (exit status 2; line ");
    assert!(stderr.contains(&summary), "{stderr}");
}

/// Load and faults: four processes of `program` run the same mixed batch at once, sharing
/// one fresh data directory in which they all build the tables they need on first use; the
/// first is killed (SIGKILL) after `kill_after`, in the middle of its build. The three others
/// must answer every line exactly once and correctly ([`run_mixed_batch`]'s checks); then
/// every table in the directory passes `tables verify`, and after a later `tables build
/// --force SET` no temporary file is left.
pub fn run_shared_batches<T>(
    program: &str,
    args: &[&str],
    batch: &MixedBatch<T>,
    bad: &[(&str, &str)],
    set: &str,
    kill_after: Duration,
    mut check: impl FnMut(usize, &Value, &T),
) {
    use std::process::Stdio;
    let name = Path::new(program).file_name().and_then(|n| n.to_str()).unwrap_or("slide");
    let dir = std::env::temp_dir().join(format!("{name}-shared-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    std::fs::write(&file, &batch.text).unwrap();
    let tables = dir.join("tables");
    let spawn = || {
        Command::new(program)
            .args(args)
            .args(["--json", "--batch", file.to_str().unwrap()])
            .env("SLIDE_DATA_DIR", &tables)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut victim = spawn();
    // The others read their output on threads, so that no pipe fills up and stalls them.
    let others: Vec<_> = (0..3).map(|_| spawn()).map(|c| std::thread::spawn(move || c.wait_with_output())).collect();
    std::thread::sleep(kill_after);
    victim.kill().unwrap();
    victim.wait().unwrap();
    for other in others {
        check_batch_output(&other.join().unwrap().unwrap(), batch, bad, &mut check);
    }
    let run = |args: &[&str]| Command::new(program).args(args).env("SLIDE_DATA_DIR", &tables).output().unwrap();
    let o = run(&["tables", "verify"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("ok: "), "some table was built");
    let o = run(&["tables", "build", "--force", set]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let left: Vec<String> = std::fs::read_dir(&tables)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left after a later build: {left:?}");
    std::fs::remove_dir_all(&dir).ok();
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

/// One binary, described for [`check_contract`]: its path, its inputs and its examples.
pub struct Contract<'a> {
    /// The binary (`env!("CARGO_BIN_EXE_...")`).
    pub program: &'a str,
    /// An input solved in well under a second.
    pub good: &'a str,
    /// An input one move from its goal (its text says "1 move", never "1 moves").
    pub one_move: &'a str,
    /// An input that is not a board, with words its error must contain.
    pub bad: (&'a str, &'a str),
    /// An input whose solve needs more than 1,000 nodes.
    pub hard: &'a str,
    /// Options for every `solve` and `count` (a heuristic that needs no long table build,
    /// say); the other subcommands refuse the options they do not use.
    pub options: &'a [&'a str],
    /// The binary's examples (`Front::EXAMPLES`), which its `--help` shows and which must
    /// work as written: each the arguments and what it shows.
    pub examples: &'a [(&'a [&'a str], &'a str)],
}

impl Contract<'_> {
    /// This run's directory of tables.
    fn data_dir(&self) -> std::path::PathBuf {
        let name = Path::new(self.program).file_name().and_then(|n| n.to_str()).unwrap_or("slide");
        let dir = std::env::temp_dir().join(format!("{name}-contract-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The binary with `args` and the contract's options, tables in a directory of this
    /// run's own, `--quiet`.
    fn command(&self, args: &[&str]) -> Command {
        let mut c = self.loud(args);
        c.arg("--quiet");
        c
    }

    /// The same without `--quiet`.
    fn loud(&self, args: &[&str]) -> Command {
        let mut c = Command::new(self.program);
        c.args(args);
        if matches!(args.first(), Some(&("solve" | "count"))) {
            c.args(self.options);
        }
        c.arg("--data-dir").arg(self.data_dir());
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap()
    }
}

/// The first numbered step of a text record (`  1. 12 down`, `   1. ─ Up, ┘ Left`): the
/// rest of the line.
fn first_step(text: &str) -> Option<&str> {
    text.lines().find_map(|l| l.trim_start().strip_prefix("1. ")).map(str::trim)
}

/// Runs `command` to its end, or kills it and panics once `deadline` has passed: a test of
/// something that used to hang fails instead of hanging.
pub fn within_deadline(mut command: Command, deadline: Duration) -> Output {
    use std::process::Stdio;
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let clock = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if clock.elapsed() > deadline {
            child.kill().unwrap();
            panic!("{command:?} still ran after {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Checks the behaviour every binary shares (docs/CLI.md), panicking with what failed.
pub fn check_contract(c: &Contract) {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;

    // One record per input, in order; a bad one fails alone; the worst status wins.
    let o = c.run(&["solve", "--json", c.good, c.bad.0, c.good]);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    let records = json_lines(&o);
    assert_eq!(records.len(), 3, "one record per input: {records:?}");
    assert!(records[0]["length"].is_u64() && records[2]["length"].is_u64());
    assert_eq!(records[1]["argument"], 2);
    assert!(records[1]["error"].as_str().unwrap().contains(c.bad.1), "{}", records[1]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("1 of 3 inputs failed (exit status 2; argument 2: "), "{stderr}");

    // A bound hit fails only its input: exit 3, the easy ones still solved.
    let o = c.run(&["solve", "--json", "--max-nodes", "1000", c.good, c.hard, c.good]);
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    let records = json_lines(&o);
    assert_eq!(records.len(), 3);
    assert!(records[0]["length"].is_u64() && records[2]["length"].is_u64(), "{records:?}");
    assert!(records[1]["error"].as_str().unwrap().contains("node limit"), "{}", records[1]);

    // Text mode says the bad input on stderr, and still solves the others.
    let o = c.run(&["solve", c.bad.0, c.good]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(c.bad.1));
    assert!(String::from_utf8_lossy(&o.stdout).contains(" move"));

    // A batch streams: the first answer comes before the second line is written.
    let mut child = c
        .command(&["solve", "--json", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{}", c.good).unwrap();
    stdin.flush().unwrap();
    // The answer is read on a thread, so that a binary that waits for the end of its input
    // fails the test (after a margin no loaded machine needs) instead of hanging it.
    let stdout = child.stdout.take().unwrap();
    let (sender, answers) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut stdout = BufReader::new(stdout);
        for line in (&mut stdout).lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let first = answers.recv_timeout(Duration::from_secs(120));
    let Ok(first) = first else {
        child.kill().unwrap();
        panic!("no answer to the first line while the batch was open: the batch does not stream");
    };
    let v: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(v["line"], 1, "the first line is answered while the batch is still open");
    writeln!(stdin, "{}", c.bad.0).unwrap();
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(2));
    reader.join().unwrap();
    let rest: Vec<String> = answers.try_iter().collect();
    assert!(rest.len() == 1 && rest[0].contains("\"line\":2"), "{rest:?}");

    // A line longer than 64 KiB is an error for that line; a binary file ends the batch.
    let dir = std::env::temp_dir().join(format!("contract-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.txt");
    std::fs::write(&file, format!("{}\n{}\n{}\n", c.good, "7 ".repeat(40_000), c.good)).unwrap();
    let o = c.run(&["solve", "--json", "--batch", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let records = json_lines(&o);
    assert_eq!(records.len(), 3, "{records:?}");
    assert!(records[1]["error"].as_str().unwrap().contains("longer than 64 KiB"));
    assert!(records[2]["length"].is_u64());
    let o = c.run(&["solve", "--batch", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/dev/zero is not text (a NUL byte)"));

    // A closed standard output ends the run quietly with exit 0, in text and JSON alike.
    let many = dir.join("many.txt");
    std::fs::write(&many, format!("{}\n", c.good).repeat(2000)).unwrap();
    for json in [false, true] {
        let mut args = vec!["solve", "--batch", many.to_str().unwrap()];
        if json {
            args.push("--json");
        }
        let mut child = c.command(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        drop(stdout);
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "json {json}: {}", String::from_utf8_lossy(&o.stderr));
        // Nothing on stderr: in particular no closing summary, which only a run that went on
        // to the last board would print.
        assert!(o.stderr.is_empty(), "json {json}: {}", String::from_utf8_lossy(&o.stderr));
    }
    // Any other write error is exit 1 with a message.
    if Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let o = c.command(&["solve", c.good]).stdout(full).output().unwrap();
        assert_eq!(o.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write to standard output"));
    }

    // A failed write to stderr costs nothing: every record is written and the status is the
    // run's own, summary and all (a panicking `eprintln!` aborted the run, status 134, before
    // or after its records).
    if Path::new("/dev/full").exists() {
        let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let o = c.loud(&["solve", "--json", c.good, c.bad.0, c.good]).stderr(full()).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "stderr on /dev/full");
        assert_eq!(json_lines(&o).len(), 3, "stderr on /dev/full: one record per input");
        let o = c.loud(&["solve", c.good, c.bad.0, c.good]).stderr(full()).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "stderr on /dev/full, text");
        let solved = String::from_utf8_lossy(&o.stdout).matches(", optimal (").count();
        assert_eq!(solved, 2, "stderr on /dev/full, text: both good inputs solved");
    }
    // A standard output closed before the start is a failed write (exit 1, said), not a run
    // that says it solved what nobody saw; output sent to /dev/null is not closed.
    let mut closed = Command::new("sh");
    closed.args(["-c", "exec \"$0\" \"$@\" >&-", c.program, "solve", c.good]).args(c.options);
    closed.arg("--data-dir").arg(c.data_dir());
    let o = closed.output().unwrap();
    assert_eq!(o.status.code(), Some(1), "stdout closed: {}", String::from_utf8_lossy(&o.stderr));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("cannot write to standard output: it was closed when the program started"), "{stderr}");
    let o = c.command(&["solve", c.good]).stdout(Stdio::null()).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "stdout on /dev/null: {}", String::from_utf8_lossy(&o.stderr));

    // Each message is one line written at once: programs sharing one stderr never run
    // their lines together (a message used to be written in seven pieces, the program's
    // name apart from the rest: four such runs at once broke about one line in twenty).
    const LINES: usize = 20_000;
    let bad_lines = dir.join("bad.txt");
    std::fs::write(&bad_lines, format!("{}\n", c.bad.0).repeat(LINES)).unwrap();
    let (mut reader, writer) = std::io::pipe().unwrap();
    let children: Vec<_> = (0..4)
        .map(|_| {
            c.loud(&["solve", "--batch", bad_lines.to_str().unwrap()])
                .stdout(Stdio::null())
                .stderr(writer.try_clone().unwrap())
                .spawn()
                .unwrap()
        })
        .collect();
    drop(writer);
    let mut shared = String::new();
    std::io::Read::read_to_string(&mut reader, &mut shared).unwrap();
    for mut child in children {
        assert_eq!(child.wait().unwrap().code(), Some(2));
    }
    let prefix = format!("{}: ", Path::new(c.program).file_name().and_then(|n| n.to_str()).unwrap());
    assert_eq!(shared.lines().count(), 4 * (LINES + 2), "a line per bad input and two summaries, from each");
    for line in shared.lines() {
        let rest = line.strip_prefix(&prefix).unwrap_or_else(|| panic!("a line run together: {line}"));
        let whole = (rest.starts_with("line ") && rest.matches(c.bad.1).count() == 1)
            || rest.starts_with("0 of 20,000 boards solved")
            || rest.starts_with("20000 of 20,000 lines failed");
        assert!(whole && !rest.contains(&prefix), "a line run together: {line}");
    }

    // Contradictory options are refused, naming both.
    let o = c.run(&["solve", c.good, "--batch", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("--batch") && stderr.contains("BOARD"), "{stderr}");

    // Picture paths are checked before the work.
    for args in [["solve", "--svg", "/nonexistent-dir/x.svg"], ["analyze", "--plot", "/nonexistent-dir/x.svg"]] {
        let o = c.run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}: no work was done");
        assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent-dir is not a directory"));
    }

    // Counts are JSON numbers (up to 2^53).
    let o = c.run(&["count", "--json", c.good]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(json_lines(&o)[0]["count"].is_u64());

    // One is singular: a one-move board reads "1 move", in solve and in count.
    let o = c.run(&["solve", c.one_move]);
    let solved = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.success() && solved.contains(": 1 move, optimal"), "{solved}");
    let o = c.run(&["count", "--list", c.one_move]);
    let counted = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.success() && counted.contains(": 1 optimal solution of 1 move ("), "{counted}");
    // count --list writes a move as solve does.
    assert_eq!(first_step(&counted), first_step(&solved), "count --list: {counted}\nsolve: {solved}");
    assert!(!counted.contains('['), "no Rust arrays in count --list: {counted}");

    // The summary of several inputs is said on stderr, and silent under --quiet.
    let o = c.loud(&["solve", c.good, c.one_move]).output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success() && stderr.contains("2 of 2 boards solved, total length"), "{stderr}");
    let o = c.run(&["solve", c.good, c.one_move]);
    assert!(o.status.success() && o.stderr.is_empty(), "--quiet: {}", String::from_utf8_lossy(&o.stderr));

    // --help shows the binary's own examples, and each works as written (tables made in
    // this run's directory, without the contract's options).
    let o = c.run(&["--help"]);
    let help = String::from_utf8_lossy(&o.stdout);
    assert!(!c.examples.is_empty() && help.contains("\nExamples:\n"), "{help}");
    for (args, what) in c.examples {
        assert!(help.contains(what) && args.iter().all(|a| help.contains(a)), "{args:?} not in the help: {help}");
        let o =
            Command::new(c.program).args(*args).arg("--data-dir").arg(c.data_dir()).arg("--quiet").output().unwrap();
        assert_eq!(o.status.code(), Some(0), "example {args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(!o.stdout.is_empty(), "example {args:?} printed nothing");
    }

    // --help and --version succeed; an unknown option is exit 2.
    assert_eq!(c.run(&["--help"]).status.code(), Some(0));
    assert_eq!(c.run(&["--version"]).status.code(), Some(0));
    assert_eq!(c.run(&["solve", "--no-such-option"]).status.code(), Some(2));

    // Completion scripts go to stdout and offer the subcommands; an unknown shell is bad usage.
    // A subcommand that --help hides (goat's and quzzle's scramble and random) is not offered.
    let name = Path::new(c.program).file_name().and_then(|n| n.to_str()).unwrap();
    let help = String::from_utf8_lossy(&c.run(&["--help"]).stdout).into_owned();
    for shell in ["bash", "zsh", "fish"] {
        let o = c.run(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", String::from_utf8_lossy(&o.stderr));
        let script = String::from_utf8_lossy(&o.stdout);
        for word in [name, "solve", "analyze", "count", "--batch", "--max-nodes"] {
            assert!(script.contains(word), "{shell} completions lack {word}:\n{script}");
        }
        for hidden in ["scramble", "random"].into_iter().filter(|s| !help.contains(s)) {
            assert!(!script.contains(hidden), "{shell} completions offer the hidden {hidden}");
        }
    }
    let bash = c.run(&["completions", "bash"]).stdout;
    let checked = Command::new("bash").arg("-n").stdin(Stdio::piped()).stdout(Stdio::null()).spawn();
    if let Ok(mut child) = checked {
        child.stdin.take().unwrap().write_all(&bash).unwrap();
        assert!(child.wait().unwrap().success(), "bash cannot parse the bash completions");
    }
    let o = c.run(&["completions", "no-such-shell"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty() && String::from_utf8_lossy(&o.stderr).contains("no-such-shell"));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(c.data_dir()).ok();
}

/// How [`check_tables`] exercises one binary's tables.
pub struct TablesCheck<'a> {
    /// The binary (`env!("CARGO_BIN_EXE_...")`).
    pub program: &'a str,
    /// A run that builds a small table set on first use, in well under a second (None: the
    /// binary uses no tables).
    pub first_use: Option<(&'a [&'a str], &'a str)>,
}

/// Checks what every binary does with its tables (docs/TABLES.md), panicking with what
/// failed: by default they live in the per-user cache directory under `$HOME`; a first use
/// builds a small set there; `tables` lists, `tables build` builds (removing the stale
/// temporary files of killed builds, rebuilding a corrupt file), `tables verify` catches a
/// flipped byte; a directory that cannot be written costs one warning and no answer.
pub fn check_tables(t: &TablesCheck) {
    let name = Path::new(t.program).file_name().and_then(|n| n.to_str()).unwrap_or("slide");
    let root = std::env::temp_dir().join(format!("{name}-tables-{}", std::process::id()));
    std::fs::remove_dir_all(&root).ok();
    let home = root.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let run = |args: &[&str]| {
        Command::new(t.program)
            .args(args)
            .env("HOME", &home)
            .env_remove("SLIDE_DATA_DIR")
            .env_remove("XDG_CACHE_HOME")
            .current_dir(&root)
            .output()
            .unwrap()
    };
    let ok = |o: &Output, what: &str| {
        assert_eq!(o.status.code(), Some(0), "{what}: {}", String::from_utf8_lossy(&o.stderr));
    };

    let o = run(&["tables", "--json"]);
    ok(&o, "tables --json");
    let sets = json_lines(&o);
    let Some((first_use, set)) = t.first_use else {
        assert_eq!(sets, vec![serde_json::json!({ "tables": [] })]);
        std::fs::remove_dir_all(&root).ok();
        return;
    };
    // The default directory is the per-user cache under $HOME, whatever the working directory.
    let cache = home.join(".cache").join("slide");
    for s in &sets {
        assert_eq!(s["dir"], cache.display().to_string(), "{s}");
        assert_eq!(s["built"], false, "nothing is built in a fresh home: {s}");
    }
    let listed = |name: &str| {
        let o = run(&["tables", "--json"]);
        json_lines(&o).into_iter().find(|s| s["name"] == name).unwrap_or_else(|| panic!("{name} is not listed"))
    };
    let files: Vec<String> =
        listed(set)["files"].as_array().unwrap().iter().map(|f| f["file"].as_str().unwrap().to_string()).collect();

    // A first use builds the set into the cache; nothing lands in the working directory.
    let o = run(first_use);
    ok(&o, "first use");
    assert_eq!(listed(set)["built"], true, "{set} is built by its first use");
    assert!(files.iter().all(|f| cache.join(f).is_file()));
    assert!(std::fs::read_dir(&root).unwrap().all(|e| e.unwrap().file_name() == "home"), "only home was written");

    // `tables build --force` rebuilds, removing a killed build's stale temporary file.
    let mut dead = Command::new("true").spawn().unwrap();
    let dead_pid = dead.id();
    dead.wait().unwrap();
    let stale = cache.join(format!("{}.{dead_pid}-0.tmp", files[0]));
    std::fs::write(&stale, b"half a table").unwrap();
    let o = run(&["tables", "build", "--force", "--json", set]);
    ok(&o, "tables build --force");
    assert_eq!(json_lines(&o).len(), files.len(), "one record per table built");
    if Path::new("/proc/self").exists() {
        assert!(!stale.exists(), "the stale temporary file is removed by the next build");
    }

    // `tables verify` passes, then catches one flipped payload byte, which `tables build` mends.
    ok(&run(&["tables", "verify", set]), "tables verify");
    let path = cache.join(&files[0]);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let o = run(&["tables", "verify", set]);
    assert_eq!(o.status.code(), Some(2), "a flipped byte fails verification");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("FAILED") && out.contains("checksum"), "{out}");
    ok(&run(&["tables", "build", set]), "tables build mends a corrupt table");
    ok(&run(&["tables", "verify", set]), "tables verify after the rebuild");

    // A table whose entry was changed and whose checksum was then recomputed passes the
    // checksum, but not the check of its meaning (the set's TableSpec::check).
    let table = slide_core::table::Table::load(&path).unwrap();
    let i = table.payload().len() / 3;
    crate::with_bytes(&table, i, &[table.payload()[i] ^ 1]).save(&path).unwrap();
    let o = run(&["tables", "verify", set]);
    assert_eq!(o.status.code(), Some(2), "a changed entry fails verification");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("FAILED") && !out.contains("checksum"), "caught by its meaning, not its checksum: {out}");
    ok(&run(&["tables", "build", "--force", set]), "tables build --force");

    // What is not a regular file under a table's name (a FIFO, whose open used to wait for
    // good; a link to /dev/zero, read without end) is refused at once: by a first use, which
    // goes on without it or says why, and by `tables verify`, which fails on it; `tables
    // build` puts the table in its place.
    let fifo = cache.join(&files[0]);
    for (what, make) in [("a FIFO (named pipe)", "mkfifo"), ("a character device", "ln -s /dev/zero")] {
        std::fs::remove_file(&fifo).unwrap();
        let made = Command::new("sh").arg("-c").arg(format!("{make} \"$0\"")).arg(&fifo).status().unwrap();
        assert!(made.success(), "{make}");
        let within = |args: &[&str]| {
            let mut c = Command::new(t.program);
            c.args(args).env("HOME", &home).env_remove("SLIDE_DATA_DIR").env_remove("XDG_CACHE_HOME");
            within_deadline(c, Duration::from_secs(120))
        };
        let o = within(first_use);
        let said = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
        assert!(said.contains(&format!("it is {what}, not a regular file")), "first use over {what}: {said}");
        let o = within(&["tables", "verify", set]);
        assert_eq!(o.status.code(), Some(2), "tables verify over {what}");
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains("FAILED") && out.contains(what), "tables verify over {what}: {out}");
        ok(&within(&["tables", "build", set]), "tables build replaces it");
        ok(&within(&["tables", "verify", set]), "tables verify after the build");
    }

    // Bad requests: an unknown set, a build beyond --max-memory.
    let o = run(&["tables", "build", "no-such-set"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(&format!("known: {}", sets[0]["name"].as_str().unwrap())));
    let o = run(&["tables", "build", "--force", "--max-memory", "1K", set]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("needs about"));

    // A directory that cannot be written: the answers are given, with one warning that says
    // why (none under --quiet).
    let blocker = root.join("a-file");
    std::fs::write(&blocker, b"").unwrap();
    let unwritable = blocker.join("tables");
    for quiet in [false, true] {
        let mut args = vec!["--data-dir", unwritable.to_str().unwrap()];
        if quiet {
            args.push("--quiet");
        }
        args.extend(first_use);
        let o = run(&args);
        ok(&o, "an unwritable data directory");
        let stderr = String::from_utf8_lossy(&o.stderr);
        let warnings = stderr.lines().filter(|l| l.contains("warning: cannot keep tables in")).count();
        assert_eq!(warnings, usize::from(!quiet), "{stderr}");
    }
    std::fs::remove_dir_all(&root).ok();
}
