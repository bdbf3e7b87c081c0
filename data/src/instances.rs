//! Sets of tile-puzzle instances with their optimal lengths, and the reader of their files.
//!
//! A file is tab-separated: `#` comment lines, a header line starting with `id`, then one
//! instance a line: its id, its tiles row by row (0 is the blank), its optimal length, and
//! optionally the nodes its authors' search expanded.

use crate::data_lines;

/// Where a set's goal has the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blank {
    /// First: `0 1 2 ... 15`, as Korf writes his instances.
    First,
    /// Last: `1 2 ... 15 0`, the usual goal of the binaries.
    Last,
}

/// A set of instances of one board size, compiled in.
#[derive(Clone, Copy, Debug)]
pub struct InstanceSet {
    /// What it is, for reports: "Korf's 100 15-puzzles".
    pub name: &'static str,
    /// Its file in the workspace: `data/instances/korf100.tsv`.
    pub file: &'static str,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Where the goal has the blank.
    pub blank: Blank,
    /// The file's text.
    pub text: &'static str,
}

/// Korf's 100 random 15-puzzles (R. E. Korf, "Depth-first iterative-deepening", Artificial
/// Intelligence 27, 1985), blank-first goal; the optimal lengths sum to 5,305.
pub const KORF100: InstanceSet = InstanceSet {
    name: "Korf's 100 15-puzzles",
    file: "data/instances/korf100.tsv",
    rows: 4,
    cols: 4,
    blank: Blank::First,
    text: include_str!("../instances/korf100.tsv"),
};

/// Korf's 100 turned a half turn and relabelled (`t -> 16 - t`) for the blank-last goal;
/// the same optimal lengths.
pub const KORF100_GOAL_BLANK_LAST: InstanceSet = InstanceSet {
    name: "Korf's 100 15-puzzles, blank-last goal",
    file: "data/instances/korf100_goal_blank_last.tsv",
    rows: 4,
    cols: 4,
    blank: Blank::Last,
    text: include_str!("../instances/korf100_goal_blank_last.tsv"),
};

/// Korf and Felner's 50 random 24-puzzles (R. E. Korf and A. Felner, "Disjoint pattern
/// database heuristics", Artificial Intelligence 134, 2002), blank-first goal, with the nodes
/// their 6-6-6-6 IDA* expanded; the optimal lengths sum to 5,039.
pub const KORF50_24: InstanceSet = InstanceSet {
    name: "Korf and Felner's 50 24-puzzles",
    file: "data/instances/korf50_24.tsv",
    rows: 5,
    cols: 5,
    blank: Blank::First,
    text: include_str!("../instances/korf50_24.tsv"),
};

/// 100 random 15-puzzles (`fifteen random --seed 2026 --count 100`), blank-last goal, the
/// set `cargo xtask bench` measures beside Korf's; the optimal lengths, found by this
/// project's IDA* with two heuristics, sum to 5,339.
pub const RANDOM100: InstanceSet = InstanceSet {
    name: "100 random 15-puzzles",
    file: "data/instances/random100.tsv",
    rows: 4,
    cols: 4,
    blank: Blank::Last,
    text: include_str!("../instances/random100.tsv"),
};

/// Every set.
pub const ALL: [InstanceSet; 4] = [KORF100, KORF100_GOAL_BLANK_LAST, KORF50_24, RANDOM100];

/// One instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Its number in the set (from 1).
    pub id: u32,
    /// The tiles row by row, 0 for the blank.
    pub tiles: Vec<u8>,
    /// The fewest moves that solve it.
    pub optimal_length: u32,
    /// The nodes the set's authors' search expanded, where they published them.
    pub published_nodes: Option<u64>,
}

impl Instance {
    /// The tiles as BOARD text, rows separated by ` / `: `14 13 15 7 / 11 12 9 5 / ...`.
    ///
    /// ```
    /// let first = &slide_data::instances::KORF100.instances()[0];
    /// assert!(first.board_text(4).starts_with("14 13 15 7 / 11 12 9 5 / "));
    /// ```
    pub fn board_text(&self, cols: usize) -> String {
        rows_text(&self.tiles, cols)
    }
}

impl InstanceSet {
    /// The instances, in file order.
    ///
    /// A compiled-in file always reads (the crate's tests read each one), so this does not
    /// fail.
    pub fn instances(&self) -> Vec<Instance> {
        parse(self.text, self.rows * self.cols).unwrap_or_else(|e| panic!("{}: {e}", self.file))
    }

    /// The goal's tiles, row by row.
    pub fn goal(&self) -> Vec<u8> {
        let cells = (self.rows * self.cols) as u8;
        match self.blank {
            Blank::First => (0..cells).collect(),
            Blank::Last => (1..cells).chain([0]).collect(),
        }
    }

    /// The goal as BOARD text: `0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15`.
    pub fn goal_text(&self) -> String {
        rows_text(&self.goal(), self.cols)
    }
}

/// `tiles` as rows of `cols`, separated by ` / `.
fn rows_text(tiles: &[u8], cols: usize) -> String {
    tiles
        .chunks(cols.max(1))
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// Why an instance file does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A line has too few or too many fields.
    #[error("line {line}: {found} fields, expected {expected} (id, {cells} tiles, the optimal length) or one more (the published nodes)", expected = cells + 2)]
    Fields {
        /// The line number, from 1.
        line: usize,
        /// The fields found.
        found: usize,
        /// The tiles a board has.
        cells: usize,
    },
    /// A field is not a number.
    #[error("line {line}: {text:?} is not a number")]
    Number {
        /// The line number, from 1.
        line: usize,
        /// The field.
        text: String,
    },
    /// The tiles are not a board's.
    #[error("line {line}: the tiles are not 0 to {last}, each once", last = cells.saturating_sub(1))]
    Tiles {
        /// The line number, from 1.
        line: usize,
        /// The tiles a board has.
        cells: usize,
    },
    /// Boards of more cells than a byte numbers.
    #[error("boards of {cells} cells: at most 256 (a tile is a byte)")]
    Cells {
        /// The cells asked for.
        cells: usize,
    },
}

/// Reads an instance file of boards with `cells` tiles (the module's format).
///
/// ```
/// use slide_data::instances::{parse, ParseError};
/// let text = "id\tt0\tt1\tt2\tt3\toptimal_length\n7\t3\t1\t2\t0\t2\n";
/// assert_eq!(parse(text, 4).unwrap()[0].tiles, [3, 1, 2, 0]);
/// assert_eq!(parse("7\t3\t1\t1\t0\t2", 4), Err(ParseError::Tiles { line: 1, cells: 4 }));
/// ```
pub fn parse(text: &str, cells: usize) -> Result<Vec<Instance>, ParseError> {
    if cells > 256 {
        return Err(ParseError::Cells { cells });
    }
    let mut instances = Vec::new();
    for (line, fields) in data_lines(text, Some("id")).map(|(n, l)| (n, l.split('\t').map(str::trim))) {
        let fields: Vec<&str> = fields.collect();
        if fields.len() != cells + 2 && fields.len() != cells + 3 {
            return Err(ParseError::Fields { line, found: fields.len(), cells });
        }
        let number = |text: &str| text.parse::<u64>().map_err(|_| ParseError::Number { line, text: text.into() });
        let mut seen = vec![false; cells];
        let mut tiles = Vec::with_capacity(cells);
        for field in &fields[1..=cells] {
            let tile = number(field)? as usize;
            if tile >= cells || std::mem::replace(&mut seen[tile], true) {
                return Err(ParseError::Tiles { line, cells });
            }
            tiles.push(tile as u8);
        }
        let small =
            |text: &str| u32::try_from(number(text)?).map_err(|_| ParseError::Number { line, text: text.into() });
        instances.push(Instance {
            id: small(fields[0])?,
            tiles,
            optimal_length: small(fields[cells + 1])?,
            published_nodes: fields.get(cells + 2).map(|f| number(f)).transpose()?,
        });
    }
    Ok(instances)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `tiles` can reach `goal` on a board of `cols` columns: every move swaps the
    /// blank with a neighbour, so the parity of the permutation between the two (blank
    /// included) is the parity of the blank's Manhattan distance.
    fn solvable(tiles: &[u8], goal: &[u8], cols: usize) -> bool {
        let position = |t: &[u8], v: u8| t.iter().position(|&x| x == v).unwrap();
        // The permutation taking goal positions to tile positions, blank included.
        let mut perm: Vec<usize> = goal.iter().map(|&v| position(tiles, v)).collect();
        let mut swaps = 0;
        for i in 0..perm.len() {
            while perm[i] != i {
                let j = perm[i];
                perm.swap(i, j);
                swaps += 1;
            }
        }
        let (a, b) = (position(tiles, 0), position(goal, 0));
        let blank_distance = (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols);
        swaps % 2 == blank_distance % 2
    }

    #[test]
    fn every_set_reads_whole_and_solvable_with_its_sum_of_lengths() {
        let sets =
            [(KORF100, 100, 5305), (KORF100_GOAL_BLANK_LAST, 100, 5305), (KORF50_24, 50, 5039), (RANDOM100, 100, 5339)];
        assert_eq!(sets.len(), ALL.len());
        for (set, count, sum) in sets {
            let instances = set.instances();
            assert_eq!(instances.len(), count, "{}", set.file);
            assert_eq!(instances.iter().map(|i| i.optimal_length).sum::<u32>(), sum, "{}", set.file);
            let ids: Vec<u32> = instances.iter().map(|i| i.id).collect();
            assert_eq!(ids, (1..=count as u32).collect::<Vec<_>>(), "{}", set.file);
            for i in &instances {
                assert!(solvable(&i.tiles, &set.goal(), set.cols), "{} #{}", set.file, i.id);
            }
            assert_eq!(instances.iter().all(|i| i.published_nodes.is_some()), set.file.contains("korf50"));
        }
    }

    #[test]
    fn each_set_is_the_file_it_names() {
        // The crate's directory is the workspace's data/ (and a package's root).
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for set in ALL {
            let path = set.file.strip_prefix("data/").expect("a path under data/");
            assert_eq!(std::fs::read_to_string(root.join(path)).unwrap(), set.text, "{}", set.file);
        }
    }

    #[test]
    fn the_blank_last_set_is_korf_s_turned_and_relabelled() {
        let (korf, turned) = (KORF100.instances(), KORF100_GOAL_BLANK_LAST.instances());
        for (k, t) in korf.iter().zip(&turned) {
            let expected: Vec<u8> = k.tiles.iter().rev().map(|&x| if x == 0 { 0 } else { 16 - x }).collect();
            assert_eq!((t.id, &t.tiles, t.optimal_length), (k.id, &expected, k.optimal_length));
        }
    }

    #[test]
    fn goals_and_board_text() {
        assert_eq!(KORF100.goal_text(), "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15");
        assert_eq!(KORF100_GOAL_BLANK_LAST.goal_text(), "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0");
        assert_eq!(KORF50_24.goal().len(), 25);
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        assert_eq!(parse("# c\nid\n1\t0\t1\t2", 4), Err(ParseError::Fields { line: 3, found: 4, cells: 4 }));
        assert_eq!(parse("1\t0\t1\tx\t3\t5", 4), Err(ParseError::Number { line: 1, text: "x".into() }));
        assert_eq!(parse("1\t0\t1\t2\t4\t5", 4), Err(ParseError::Tiles { line: 1, cells: 4 }));
        assert_eq!(parse("1\t0\t5", usize::MAX), Err(ParseError::Cells { cells: usize::MAX }));
        assert_eq!(
            parse("1\t0\t1\t2\t2\t5", 4).unwrap_err().to_string().as_str(),
            "line 1: the tiles are not 0 to 3, each once"
        );
    }
}
