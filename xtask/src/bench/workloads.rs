//! The standard workloads: the sources' figures, Korf's 100 and 100 random 15-puzzles, each with
//! the answer it must give and the source's own figure to set beside ours.

use std::path::{Path, PathBuf};

use slide_data::instances::{InstanceSet, KORF100, KORF50_24, RANDOM100};

/// What a workload's JSON Lines must add up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Solutions: how many, and their total length (`None` when not known in advance).
    Solved { count: usize, total_length: Option<u64> },
    /// An analysis: the position count and the greatest distance.
    Analyzed { states: u64, max_depth: u64 },
    /// The help: text that starts with what the program is and shows its usage.
    Help,
}

/// One workload: a command of one of the binaries.
#[derive(Clone, Debug)]
pub struct Workload {
    /// A short name for `--only`.
    pub name: &'static str,
    /// What it is, for the report.
    pub what: &'static str,
    /// The binary.
    pub program: &'static str,
    /// Its arguments (`--json` and `--quiet` are added).
    pub args: Vec<String>,
    /// Whether `--quick` skips it.
    pub heavy: bool,
    /// Whether it is measured once, without a warm-up, whatever `--runs` says (searches of
    /// minutes, where one run is precise enough).
    pub once: bool,
    /// Whether it measures what a process costs to start and answer a small question (the
    /// help, a small board): measured at least [`START_UP_RUNS`] times, its milliseconds
    /// being noisy.
    pub start_up: bool,
    /// The table files (in the data directory) it needs; it is skipped when one is missing,
    /// since these are made only on request (`fifteen tables build`).
    pub tables: &'static [&'static str],
    /// The answer it must give.
    pub expect: Expect,
    /// The source's figure for the same task, with where it comes from.
    pub figure: &'static str,
}

/// The runs of a start-up workload, at least.
pub const START_UP_RUNS: usize = 20;

/// The 15-puzzle's goal with the blank first, as Korf's instances are written.
const KORF_GOAL: &str = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";
/// The 24-puzzle's goal with the blank first, as Korf and Felner's instances are written.
const KORF_GOAL_24: &str = "0 1 2 3 4 / 5 6 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19 / 20 21 22 23 24";
/// The 24-puzzles of Korf and Felner's 50 that are measured (the set takes days): #40 and #25,
/// 82 and 81 moves, the two quickest of those tried with 6-6-6-6 databases.
pub const KORF24_IDS: [u32; 2] = [40, 25];
/// A 24-puzzle 44 moves from the goal (`fifteen scramble --size 5x5 --moves 60 --seed 1`):
/// thousands of nodes, so that its time is the process's start and the automaton's reading.
const FIVE_BY_FIVE_44: &str = "1 2 4 5 10 / 11 16 7 3 9 / 21 6 8 18 13 / 17 23 22 20 19 / 0 12 14 15 24";
/// The 7-8 databases' files.
const PDB78: &[&str] = &["fifteen-pdb78-4x4-1.tbl", "fifteen-pdb78-4x4-2.tbl"];
/// The 6-6-6-6 databases' files.
const PDB6666: &[&str] = &[
    "fifteen-pdb6666-5x5-1.tbl",
    "fifteen-pdb6666-5x5-2.tbl",
    "fifteen-pdb6666-5x5-3.tbl",
    "fifteen-pdb6666-5x5-4.tbl",
];

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// The batch files of the instance sets (written by the caller before the workloads run).
#[derive(Clone, Debug)]
pub struct Batches {
    /// Korf's 100 15-puzzles.
    pub korf100: PathBuf,
    /// The 100 random 15-puzzles.
    pub random100: PathBuf,
    /// The measured 24-puzzles ([`KORF24_IDS`]).
    pub korf24: PathBuf,
}

impl Batches {
    /// The files in `dir`.
    pub fn in_dir(dir: &Path) -> Batches {
        Batches {
            korf100: dir.join("korf100.txt"),
            random100: dir.join("random100.txt"),
            korf24: dir.join("korf24.txt"),
        }
    }
}

/// Every workload, reading their boards from `batches`.
pub fn all(batches: &Batches) -> Vec<Workload> {
    let korf100 = |name, what, heuristic, once, tables| korf100(&batches.korf100, name, what, heuristic, once, tables);
    let solved = |count, total| Expect::Solved { count, total_length: Some(total) };
    vec![
        Workload {
            name: "seven-none",
            what: "the 7-puzzle's 36-move start, plain iterative deepening (`--heuristic none`)",
            program: "seven",
            args: strings(&["solve", "--heuristic", "none"]),
            heavy: false,
            once: false,
            start_up: false,
            tables: &[],
            expect: solved(1, 36),
            figure: "38 s (Python, iterative deepening)",
        },
        Workload {
            name: "seven-manhattan",
            what: "the 7-puzzle: the same, IDA* with Manhattan distance",
            program: "seven",
            args: strings(&["solve", "--heuristic", "manhattan"]),
            heavy: false,
            once: false,
            start_up: false,
            tables: &[],
            expect: solved(1, 36),
            figure: "0.52 s (Python, IDA* + Manhattan)",
        },
        Workload {
            name: "seven",
            what: "the 7-puzzle: the same, default heuristic (exact table)",
            program: "seven",
            args: strings(&["solve"]),
            heavy: false,
            once: false,
            start_up: false,
            tables: &[],
            expect: solved(1, 36),
            figure: "",
        },
        Workload {
            name: "goat-analyze",
            what: "Hiroi's Goat puzzle, every position from the goal",
            program: "goat",
            args: strings(&["analyze"]),
            heavy: false,
            once: false,
            start_up: false,
            tables: &[],
            expect: Expect::Analyzed { states: 5_443_200, max_depth: 52 },
            figure: "21 s (PyPy, breadth-first search)",
        },
        Workload {
            name: "goat-start",
            what: "Hiroi's Goat puzzle from its start, 20 moves",
            program: "goat",
            args: strings(&["solve"]),
            heavy: false,
            once: false,
            start_up: false,
            tables: &[],
            expect: solved(1, 20),
            figure: "0.58 s (Python, iterative deepening)",
        },
        Workload {
            name: "goat-52",
            what: "Hiroi's Goat puzzle, the 52-move start `6 7 9 10 / 4 5 2 8 / 0 8 3 1`",
            program: "goat",
            args: strings(&["solve", "6 7 9 10 / 4 5 2 8 / 0 8 3 1"]),
            heavy: false,
            once: false,
            start_up: false,
            tables: &[],
            expect: solved(1, 52),
            figure: "52 s (PyPy, IDA* + Hiroi's table)",
        },
        Workload {
            name: "quzzle",
            what: "the Pennant block puzzle, one cell per move (the generic solver's rule)",
            program: "quzzle",
            args: strings(&["solve"]),
            heavy: false,
            once: false,
            start_up: false,
            tables: &[],
            expect: solved(1, 83),
            figure: "none given (the generic BFS solver)",
        },
        Workload {
            name: "eight-31",
            what: "Lecky's experiments: the 31-move 8-puzzle `8 6 7 / 2 5 4 / 3 0 1`",
            program: "fifteen",
            args: strings(&["solve", "8 6 7 / 2 5 4 / 3 0 1"]),
            heavy: false,
            once: false,
            start_up: true,
            tables: &[],
            expect: solved(1, 31),
            figure: "152 s (Python, depth-limited DFS to 31)",
        },
        Workload {
            name: "code-golf",
            what: "the code-golf challenge's five 15-puzzle boards",
            program: "fifteen",
            args: strings(&["solve"]),
            heavy: false,
            once: false,
            start_up: true,
            tables: &[],
            expect: solved(5, 195),
            figure: "~12 s (PyPy, IDA* + walking distance)",
        },
        Workload {
            name: "start-help",
            what: "start-up: `fifteen --help` (the table sets listed, the command line built)",
            program: "fifteen",
            args: strings(&["--help"]),
            heavy: false,
            once: false,
            start_up: true,
            tables: &[],
            expect: Expect::Help,
            figure: "",
        },
        Workload {
            name: "start-code-golf-pdb78",
            what: "start-up: the code-golf challenge's five boards with the 7-8 pattern databases (mapped)",
            program: "fifteen",
            args: strings(&["solve", "--heuristic", "pdb78"]),
            heavy: false,
            once: false,
            start_up: true,
            tables: PDB78,
            expect: solved(5, 195),
            figure: "",
        },
        Workload {
            name: "start-fifteen",
            what: "start-up: one 15-puzzle, the code-golf challenge's 48-move board, default heuristic",
            program: "fifteen",
            args: strings(&["solve", "2 5 13 12 / 1 0 3 15 / 9 7 14 6 / 10 11 8 4"]),
            heavy: false,
            once: false,
            start_up: true,
            tables: &[],
            expect: solved(1, 48),
            figure: "",
        },
        Workload {
            name: "start-5x5",
            what: "start-up: a 24-puzzle 44 moves from the goal, default heuristic (no tables)",
            program: "fifteen",
            args: strings(&["solve", FIVE_BY_FIVE_44]),
            heavy: false,
            once: false,
            start_up: true,
            tables: &[],
            expect: solved(1, 44),
            figure: "",
        },
        korf100(
            "korf100",
            "Korf's 100 15-puzzles (`data/instances/korf100.tsv`, goal blank first), default heuristic",
            None,
            false,
            &[],
        ),
        korf100("korf100-pdb78", "Korf's 100, 7-8 pattern databases", Some("pdb78"), false, PDB78),
        korf100("korf100-pdb663", "Korf's 100, 6-6-3 pattern databases", Some("pdb663"), false, &[]),
        korf100("korf100-walking-distance", "Korf's 100, walking distance", Some("walking-distance"), true, &[]),
        korf100(
            "korf100-linear-conflict",
            "Korf's 100, Manhattan + linear conflicts",
            Some("linear-conflict"),
            true,
            &[],
        ),
        korf100("korf100-manhattan", "Korf's 100, Manhattan distance", Some("manhattan"), true, &[]),
        Workload {
            name: "random100",
            what: "100 random 15-puzzles (`data/instances/random100.tsv`)",
            program: "fifteen",
            args: vec!["solve".into(), "--batch".into(), batches.random100.display().to_string()],
            heavy: true,
            once: false,
            start_up: false,
            tables: &[],
            expect: expected(&RANDOM100, None),
            figure: "none (not in the sources)",
        },
        Workload {
            name: "korf24",
            what:
                "Korf and Felner's 24-puzzles #40 and #25 (`data/instances/korf50_24.tsv`), 6-6-6-6 pattern databases",
            program: "fifteen",
            args: vec![
                "solve".into(),
                "--heuristic".into(),
                "pdb6666".into(),
                "--goal".into(),
                KORF_GOAL_24.into(),
                "--batch".into(),
                batches.korf24.display().to_string(),
            ],
            heavy: true,
            once: true,
            start_up: false,
            tables: PDB6666,
            expect: expected(&KORF50_24, Some(&KORF24_IDS)),
            figure: "none (Korf and Felner: 2 days per instance on average, 2002 hardware)",
        },
    ]
}

/// Korf's 100 from `batch` with one heuristic (`None`: the binary's default).
fn korf100(
    batch: &Path,
    name: &'static str,
    what: &'static str,
    heuristic: Option<&'static str>,
    once: bool,
    tables: &'static [&'static str],
) -> Workload {
    let mut args = strings(&["solve", "--goal", KORF_GOAL, "--batch", &batch.display().to_string()]);
    if let Some(h) = heuristic {
        args.extend(strings(&["--heuristic", h]));
    }
    Workload {
        name,
        what,
        program: "fifteen",
        args,
        heavy: true,
        once,
        start_up: false,
        tables,
        expect: expected(&KORF100, None),
        figure: "none (not in the sources)",
    }
}

/// The instances of `set` with the ids in `only` (all when `None`), one board a line, as a
/// batch file.
pub fn instance_batch(set: &InstanceSet, only: Option<&[u32]>) -> String {
    let mut batch = format!("# from {} (goal: {})\n", set.file, set.goal_text());
    for instance in set.instances().iter().filter(|i| only.is_none_or(|ids| ids.contains(&i.id))) {
        batch += &instance.board_text(set.cols);
        batch.push('\n');
    }
    batch
}

/// What solving the instances of `set` with the ids in `only` must give: their number and the
/// sum of their optimal lengths.
fn expected(set: &InstanceSet, only: Option<&[u32]>) -> Expect {
    let chosen: Vec<u32> = set
        .instances()
        .iter()
        .filter(|i| only.is_none_or(|ids| ids.contains(&i.id)))
        .map(|i| i.optimal_length)
        .collect();
    Expect::Solved { count: chosen.len(), total_length: Some(chosen.iter().map(|&n| u64::from(n)).sum()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instance_sets_give_their_boards_and_lengths() {
        let batch = instance_batch(&KORF100, None);
        let boards: Vec<&str> = batch.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(boards.len(), 100);
        assert_eq!(boards[0], "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3");
        assert_eq!(expected(&KORF100, None), Expect::Solved { count: 100, total_length: Some(5305) });
        let batch = instance_batch(&KORF50_24, Some(&KORF24_IDS));
        assert!(batch.lines().skip(1).all(|l| l.split(' ').filter(|t| *t != "/").count() == 25));
        assert_eq!(expected(&KORF50_24, Some(&KORF24_IDS)), Expect::Solved { count: 2, total_length: Some(163) });
        assert_eq!(expected(&RANDOM100, None), Expect::Solved { count: 100, total_length: Some(5339) });
    }

    #[test]
    fn names_are_unique_and_the_heavy_ones_are_the_instance_sets() {
        let all = all(&Batches::in_dir(Path::new("b")));
        let mut names: Vec<&str> = all.iter().map(|w| w.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
        let heavy: Vec<&str> = all.iter().filter(|w| w.heavy).map(|w| w.name).collect();
        assert!(heavy.iter().all(|n| n.starts_with("korf") || *n == "random100"), "{heavy:?}");
        assert!(all.iter().filter(|w| w.once).all(|w| w.heavy), "only heavy workloads are measured once");
        assert!(all.iter().filter(|w| w.start_up).all(|w| !w.heavy && !w.once), "start-up workloads are light");
    }
}
