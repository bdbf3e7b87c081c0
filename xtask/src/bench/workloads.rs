//! The standard workloads: each seed's figures, Korf's 100 and 100 random 15-puzzles, each with
//! the answer it must give and the seed's own figure to set beside ours.

use std::path::Path;

/// What a workload's JSON Lines must add up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Solutions: how many, and their total length (`None` when not known in advance).
    Solved { count: usize, total_length: Option<u64> },
    /// An analysis: the position count and the greatest distance.
    Analyzed { states: u64, max_depth: u64 },
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
    /// The answer it must give.
    pub expect: Expect,
    /// The seed's figure for the same task, with its source.
    pub seed: &'static str,
}

/// The 15-puzzle's goal with the blank first, as Korf's instances are written.
const KORF_GOAL: &str = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";
/// The seed of the 100 random 15-puzzles.
pub const RANDOM_SEED: u64 = 2026;
/// How many random 15-puzzles.
pub const RANDOM_COUNT: usize = 100;

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// Every workload. `korf_batch` and `random_batch` are the batch files of the two sets of 100
/// (written by the caller).
pub fn all(korf_batch: &Path, random_batch: &Path) -> Vec<Workload> {
    let solved = |count, total| Expect::Solved { count, total_length: Some(total) };
    vec![
        Workload {
            name: "seven-none",
            what: "seed 002: the 7-puzzle's 36-move start, plain iterative deepening (`--heuristic none`)",
            program: "seven",
            args: strings(&["solve", "--heuristic", "none"]),
            heavy: false,
            expect: solved(1, 36),
            seed: "38 s (Python, iterative deepening)",
        },
        Workload {
            name: "seven-manhattan",
            what: "seed 002: the same, IDA* with Manhattan distance",
            program: "seven",
            args: strings(&["solve", "--heuristic", "manhattan"]),
            heavy: false,
            expect: solved(1, 36),
            seed: "0.52 s (Python, IDA* + Manhattan)",
        },
        Workload {
            name: "seven",
            what: "seed 002: the same, default heuristic (exact table)",
            program: "seven",
            args: strings(&["solve"]),
            heavy: false,
            expect: solved(1, 36),
            seed: "",
        },
        Workload {
            name: "goat-analyze",
            what: "seed 000: Goat, every position from the goal",
            program: "goat",
            args: strings(&["analyze"]),
            heavy: false,
            expect: Expect::Analyzed { states: 5_443_200, max_depth: 52 },
            seed: "21 s (PyPy, breadth-first search)",
        },
        Workload {
            name: "goat-start",
            what: "seed 000: Goat's START, 20 moves",
            program: "goat",
            args: strings(&["solve"]),
            heavy: false,
            expect: solved(1, 20),
            seed: "0.58 s (Python, iterative deepening)",
        },
        Workload {
            name: "goat-52",
            what: "seed 000: Goat's 52-move start `6 7 9 10 / 4 5 2 8 / 0 8 3 1`",
            program: "goat",
            args: strings(&["solve", "6 7 9 10 / 4 5 2 8 / 0 8 3 1"]),
            heavy: false,
            expect: solved(1, 52),
            seed: "52 s (PyPy, IDA* + the seed's table)",
        },
        Workload {
            name: "quzzle",
            what: "seed 001: the block puzzle, one cell per move (the seed's rule)",
            program: "quzzle",
            args: strings(&["solve"]),
            heavy: false,
            expect: solved(1, 83),
            seed: "none given (the seed's generic BFS solver)",
        },
        Workload {
            name: "eight-31",
            what: "seed 003: the 31-move 8-puzzle `8 6 7 / 2 5 4 / 3 0 1`",
            program: "fifteen",
            args: strings(&["solve", "8 6 7 / 2 5 4 / 3 0 1"]),
            heavy: false,
            expect: solved(1, 31),
            seed: "152 s (Python, depth-limited DFS to 31)",
        },
        Workload {
            name: "seed004",
            what: "seed 004: the five 15-puzzle boards",
            program: "fifteen",
            args: strings(&["solve"]),
            heavy: false,
            expect: solved(5, 195),
            seed: "~12 s (PyPy, IDA* + walking distance)",
        },
        Workload {
            name: "korf100",
            what: "Korf's 100 15-puzzles (`data/benchmarks/korf100.tsv`, goal blank first)",
            program: "fifteen",
            args: vec![
                "solve".into(),
                "--goal".into(),
                KORF_GOAL.into(),
                "--batch".into(),
                korf_batch.display().to_string(),
            ],
            heavy: true,
            expect: solved(100, 5305),
            seed: "none (not in the seeds)",
        },
        Workload {
            name: "random100",
            what: "100 random 15-puzzles (`fifteen random --seed 2026 --count 100`)",
            program: "fifteen",
            args: vec!["solve".into(), "--batch".into(), random_batch.display().to_string()],
            heavy: true,
            expect: Expect::Solved { count: RANDOM_COUNT, total_length: None },
            seed: "none (not in the seeds)",
        },
    ]
}

/// Korf's instances as a batch file: one board per line, checked to be 16 cells each, with
/// the published optimal lengths' sum.
pub fn korf_boards(tsv: &str) -> Result<(String, u64), String> {
    let mut batch = String::from("# Korf's 100, from data/benchmarks/korf100.tsv (goal: blank first)\n");
    let (mut count, mut total) = (0, 0);
    for (i, line) in tsv.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("id") || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
        if fields.len() != 18 {
            return Err(format!("korf100.tsv line {}: {} fields, expected 18", i + 1, fields.len()));
        }
        total += fields[17].parse::<u64>().map_err(|e| format!("korf100.tsv line {}: {e}", i + 1))?;
        batch += &fields[1..17].join(" ");
        batch.push('\n');
        count += 1;
    }
    if count != 100 {
        return Err(format!("korf100.tsv has {count} instances, not 100"));
    }
    Ok((batch, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn korf_s_file_gives_100_boards_of_5305_moves() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let tsv = std::fs::read_to_string(root.join("data/benchmarks/korf100.tsv")).unwrap();
        let (batch, total) = korf_boards(&tsv).unwrap();
        assert_eq!(total, 5305);
        let boards: Vec<&str> = batch.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(boards.len(), 100);
        assert_eq!(boards[0], "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
        assert!(korf_boards("id\tt0\n1\t2\t3\n").is_err());
    }

    #[test]
    fn names_are_unique_and_the_heavy_ones_are_the_two_hundreds() {
        let all = all(Path::new("k"), Path::new("r"));
        let mut names: Vec<&str> = all.iter().map(|w| w.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
        let heavy: Vec<&str> = all.iter().filter(|w| w.heavy).map(|w| w.name).collect();
        assert_eq!(heavy, ["korf100", "random100"]);
    }
}
