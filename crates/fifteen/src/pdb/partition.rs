//! Partitions of the goal cells into patterns, and the table files they need.

use slide_core::progress::Progress;
use slide_core::table::{BuildCost, Payload, Scrutiny, Table, TableFault, TableHeader, TableSet, TableSpec};

use super::build::{build_pattern, build_zero_pattern};
use super::reference::PatternSpace;
use super::zero::ZeroIndex;
use crate::Shape;

/// A set of disjoint patterns covering every goal cell but the blank's; or a catalogue of
/// such partitions (Clausecker's word) sharing their tables, whose estimate is the largest of
/// their sums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Its name on the command line, e.g. `"pdb663"`.
    pub name: &'static str,
    /// The board it is for.
    pub shape: Shape,
    /// The goal cell of the blank.
    pub blank: u8,
    /// Each pattern's goal cells, in slot order: one table each.
    pub patterns: Vec<Vec<u8>>,
    /// The sums of a catalogue: each a list of disjoint patterns (indices into `patterns`)
    /// whose entries are added; the estimate is the largest sum. Empty for a plain partition,
    /// whose one sum is every pattern.
    pub groups: Vec<Vec<usize>>,
    /// Whether its tables are zero-aware ([`super::zero`]): an entry for each placement and
    /// region of the blank, instead of the least over the blank's cells.
    pub zero_aware: bool,
    /// Large tables are built only on request (`fifteen tables build`), never on first use.
    pub large: bool,
}

impl Partition {
    /// 4x4, blank last: the left column with the 2x2 block beside its middle, the right two
    /// columns of the middle rows with the bottom row's middle, and the top row's last three.
    /// 11.5 MB, built in seconds. On Korf's 100 it generates half the nodes of Korf and
    /// Felner's own 6-6-3 turned to this goal (77 M against 159 M: docs/BENCHMARKS.md).
    pub fn pdb663() -> Partition {
        Partition {
            name: "pdb663",
            shape: Shape::FIFTEEN,
            blank: 15,
            patterns: vec![vec![0, 4, 5, 8, 9, 12], vec![6, 7, 10, 11, 13, 14], vec![1, 2, 3]],
            groups: vec![],
            zero_aware: false,
            large: false,
        }
    }

    /// 4x4, blank last: the top two rows (8 tiles) and the bottom two (7 tiles), Korf and
    /// Felner's strongest 4x4 partition. 576 MB; built on request (`fifteen tables build pdb78`).
    pub(crate) fn pdb78() -> Partition {
        Partition {
            name: "pdb78",
            shape: Shape::FIFTEEN,
            blank: 15,
            patterns: vec![(0..8).collect(), (8..15).collect()],
            groups: vec![],
            zero_aware: false,
            large: true,
        }
    }

    /// 5x5, blank last: Korf and Felner's 6-6-6-6 partition of the 24-puzzle (turned to this
    /// goal): the 2x3 block farthest from the blank, the 3x2 blocks of the other two corners,
    /// and the blank's own corner with the centre. 4 x 127.5 M entries (486 MiB); built on
    /// request (`fifteen tables build pdb6666`).
    pub(crate) fn pdb6666() -> Partition {
        Partition {
            name: "pdb6666",
            shape: Shape::TWENTY_FOUR,
            blank: 24,
            patterns: vec![
                vec![0, 1, 2, 5, 6, 7],
                vec![3, 4, 8, 9, 13, 14],
                vec![10, 11, 15, 16, 20, 21],
                vec![12, 17, 18, 19, 22, 23],
            ],
            groups: vec![],
            zero_aware: false,
            large: true,
        }
    }

    /// 5x5, blank last: Korf and Felner's 6-6-6-6 partition ([`Partition::pdb6666`]) with
    /// zero-aware tables ([`super::zero`]): 4 x 181 M entries (690 MiB), each entry at least
    /// the additive table's. Built on request (`fifteen tables build zpdb6666`).
    pub(crate) fn zpdb6666() -> Partition {
        Partition { name: "zpdb6666", zero_aware: true, ..Partition::pdb6666() }
    }

    /// 5x5, blank first: Clausecker's catalogue of seven 6-6-6-6 partitions sharing 14
    /// zero-aware tables (his "small" catalogue, whose best published figures are the
    /// 24-puzzle's fewest expansions within a few GiB), each read for the board and its
    /// transpose: the estimate is the largest of 14 sums. 14 x 181 M entries (2.4 GiB); built
    /// on request (`fifteen tables build zpdb6666x7`). The cells are the goal cells with the
    /// blank on 0, as in Korf's instances; the orientations turn the board for other corners.
    pub(crate) fn zpdb6666x7() -> Partition {
        Partition {
            name: "zpdb6666x7",
            shape: Shape::TWENTY_FOUR,
            blank: 0,
            patterns: vec![
                vec![1, 5, 6, 10, 11, 12],
                vec![2, 3, 4, 7, 8, 9],
                vec![13, 14, 18, 19, 23, 24],
                vec![15, 16, 17, 20, 21, 22],
                vec![1, 2, 5, 6, 10, 11],
                vec![3, 4, 7, 8, 9, 12],
                vec![13, 14, 15, 16, 17, 18],
                vec![19, 20, 21, 22, 23, 24],
                vec![1, 5, 6, 10, 15, 20],
                vec![11, 12, 16, 17, 21, 22],
                vec![3, 4, 9, 14, 19, 24],
                vec![7, 8, 12, 13, 18, 23],
                vec![11, 12, 13, 16, 17, 18],
                vec![14, 19, 21, 22, 23, 24],
            ],
            groups: vec![
                vec![0, 1, 2, 3],
                vec![4, 5, 2, 3],
                vec![0, 1, 6, 7],
                vec![4, 5, 6, 7],
                vec![8, 1, 9, 2],
                vec![4, 10, 11, 3],
                vec![8, 1, 12, 13],
            ],
            zero_aware: true,
            large: true,
        }
    }

    /// Every partition the toolkit knows, strongest first on each board.
    pub fn all() -> Vec<Partition> {
        vec![
            Partition::pdb78(),
            Partition::pdb663(),
            Partition::zpdb6666x7(),
            Partition::zpdb6666(),
            Partition::pdb6666(),
        ]
    }

    /// The sums the estimate is the largest of, each a list of patterns: [`Partition::groups`],
    /// or every pattern for a plain partition.
    pub fn groups(&self) -> Vec<Vec<usize>> {
        if self.groups.is_empty() {
            vec![(0..self.patterns.len()).collect()]
        } else {
            self.groups.clone()
        }
    }

    /// The entries of pattern `i`'s table.
    pub(crate) fn entries(&self, i: usize) -> u64 {
        let k = self.patterns[i].len();
        if self.zero_aware {
            ZeroIndex::count(self.shape, k)
        } else {
            PatternSpace::new(self.shape, k).placements()
        }
    }

    /// Builds pattern `i`'s table, additive or zero-aware.
    pub fn build(&self, i: usize, progress: &(dyn Fn(slide_core::enumerate::LayerStats) + Sync)) -> Vec<u8> {
        let build = if self.zero_aware { build_zero_pattern } else { build_pattern };
        build(self.shape, &self.patterns[i], self.blank, progress)
    }

    /// The table name of pattern `i`, e.g. `"pdb663-4x4-1"`.
    pub(crate) fn table_name(&self, i: usize) -> String {
        format!("{}-{}-{}", self.name, self.shape, i + 1)
    }

    /// The bytes all of its tables take.
    pub fn table_bytes(&self) -> u64 {
        (0..self.patterns.len()).map(|i| self.entries(i)).sum()
    }

    /// One table description per pattern, for loading, building and checking.
    pub fn specs(&self) -> Vec<TableSpec> {
        (0..self.patterns.len()).map(|i| self.spec(i)).collect()
    }

    /// The tables not yet in `dir`, by file name without `.tbl`.
    pub fn missing_in(&self, dir: &std::path::Path) -> Vec<String> {
        self.specs()
            .iter()
            .filter(|s| !dir.join(s.file_name()).exists())
            .map(|s| s.file_name().trim_end_matches(".tbl").to_string())
            .collect()
    }

    fn spec(&self, i: usize) -> TableSpec {
        let cells = self.patterns[i].clone();
        let (shape, blank, large, zero_aware) = (self.shape, self.blank, self.large, self.zero_aware);
        let header = TableHeader {
            puzzle: "fifteen".into(),
            name: self.table_name(i),
            params: format!(
                "size={shape};blank={blank};cells={}{}",
                cells.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
                if zero_aware { ";zero-aware" } else { "" }
            ),
            entry_bits: 8,
            entry_count: self.entries(i),
        };
        let build_header = header.clone();
        let builder = self.clone();
        let kind = if zero_aware { "zero-aware" } else { "additive" };
        TableSpec {
            puzzle: header.puzzle.clone(),
            name: header.name.clone(),
            params: header.params.clone(),
            summary: format!(
                "{kind} pattern database ({} tiles) of `fifteen --heuristic {}` on {shape}",
                cells.len(),
                self.name
            ),
            large: self.large,
            bytes: header.entry_count,
            // What the build closes: each placement of the pattern's tiles with the blank on one
            // of the cells they leave free (a bar over every cell stopped at 50 to 81%).
            work: PatternSpace::new(shape, cells.len()).placements() * (shape.cells() - cells.len()) as u64,
            build: Box::new(move |progress| {
                let payload = builder.build(i, progress);
                Table::new(build_header.clone(), payload).expect("the payload matches its header")
            }),
            check: Box::new(move |table, scrutiny| {
                let sample = large || scrutiny == Scrutiny::Built;
                let check = if zero_aware { check_zero_pattern } else { check_pattern };
                Ok(check(table, shape, &cells, blank, sample)?)
            }),
        }
    }

    /// Loads every table from `dir`, building (and caching) missing small ones; an error
    /// names the file.
    pub fn load(&self, dir: &std::path::Path, progress: &dyn Progress) -> Result<Vec<Payload>, crate::HeuristicError> {
        self.specs()
            .iter()
            .map(|spec| match spec.load_or_build(dir, progress) {
                Ok(table) => Ok(table.into_parts().1),
                Err(source) => Err(crate::HeuristicError::PdbTable { path: dir.join(spec.file_name()), source }),
            })
            .collect()
    }

    /// What building all its tables costs: measured by `cargo xtask bench --tables`
    /// ([`BuildCost::of`]), else (a partition never measured) about a minute of one core per
    /// 50 M abstract states, and eight bytes of working memory per entry of its largest table
    /// (the tables are built one after another: a catalogue's fourteen need no more memory
    /// than one).
    pub(crate) fn build_cost(&self) -> BuildCost {
        let largest = (0..self.patterns.len()).map(|i| self.entries(i)).max().unwrap_or(0);
        let estimate = BuildCost {
            seconds: (self.table_bytes() * self.shape.cells() as u64 / 50_000_000).max(1) as u32,
            memory: largest * 8,
        };
        BuildCost::of("fifteen", self.name, estimate)
    }

    /// What its tables are, in a few words: "3 additive pattern databases of 6-6-3 tiles for
    /// 4x4 (`--heuristic pdb663`)".
    fn summary(&self) -> String {
        let kind = if self.zero_aware { "zero-aware" } else { "additive" };
        if self.groups.len() > 1 {
            let mut sizes: Vec<usize> = self.patterns.iter().map(Vec::len).collect();
            sizes.dedup();
            let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
            return format!(
                "{} {kind} pattern databases of {} tiles in {} partitions, for {} (`--heuristic {}`)",
                self.patterns.len(),
                sizes.join(" or "),
                self.groups.len(),
                self.shape,
                self.name
            );
        }
        let sizes: Vec<String> = self.patterns.iter().map(|p| p.len().to_string()).collect();
        format!(
            "{} {kind} pattern databases of {} tiles for {} (`--heuristic {}`)",
            self.patterns.len(),
            sizes.join("-"),
            self.shape,
            self.name
        )
    }

    /// Its tables as a set a user builds by name (`fifteen tables build pdb78`); `verify`
    /// also checks the heuristic they make together ([`Partition::check_heuristic`]).
    pub fn table_set(&self) -> TableSet {
        let together = self.clone();
        TableSet {
            name: self.name.to_string(),
            summary: self.summary(),
            specs: self.specs(),
            cost: self.build_cost(),
            check_together: Some(Box::new(move |tables| {
                together.check_heuristic(tables.into_iter().map(|t| t.into_parts().1).collect(), 5).map_err(Into::into)
            })),
        }
    }
}

/// What a pattern table must satisfy. A small table read from a file is rebuilt and compared
/// byte for byte. A large one, and any table just built (a second build would only run the
/// same code again), is checked on a sample: the goal placement is 0, no entry is
/// unreachable, and every positive entry has a placement one pattern move away with a
/// smaller entry (the move that starts its shortest abstract path).
fn check_pattern(table: &Table, shape: Shape, cells: &[u8], blank: u8, sample: bool) -> Result<String, TableFault> {
    use slide_core::pdb::AbstractSpace;
    let space = PatternSpace::new(shape, cells.len());
    let entries = table.payload();
    if entries.len() as u64 != space.placements() {
        return Err(TableFault::EntryCount { found: entries.len() as u64, expected: space.placements() });
    }
    if !sample {
        let fresh = build_pattern(shape, cells, blank, &|_| {});
        return match fresh.iter().zip(entries).position(|(a, b)| a != b) {
            None => Ok(format!("all {} entries equal a fresh build", entries.len())),
            Some(i) => {
                Err(TableFault::DiffersFromBuild { index: i as u64, found: entries[i].into(), fresh: fresh[i].into() })
            }
        };
    }
    if let Some(i) = entries.iter().position(|&e| e == u8::MAX) {
        return Err(TableFault::Unreachable { unit: "placement", index: i as u64 });
    }
    let n = shape.cells() as u64;
    let goal = space.rank(&space.state(cells, blank)) / n;
    if entries[goal as usize] != 0 {
        return Err(TableFault::GoalNotZero { goal: "the goal placement" });
    }
    let step = (space.placements() / 50_000).max(1);
    let mut checked = 0;
    for placement in (0..space.placements()).step_by(step as usize) {
        let value = entries[placement as usize];
        let mut explained = value == 0;
        for b in 0..n {
            let s = space.unrank(placement * n + b);
            if s.is_valid(cells.len()) {
                space.for_each_successor(&s, |child, cost| {
                    explained |= cost == 1 && entries[(space.rank(&child) / n) as usize] < value;
                });
            }
        }
        if !explained {
            return Err(TableFault::Unexplained { index: placement, value: value.into() });
        }
        checked += 1;
    }
    let max = entries.iter().max().copied().unwrap_or(0);
    Ok(format!("goal 0, none unreachable, {checked} sampled entries explained; greatest entry {max}"))
}

/// What a zero-aware pattern table must satisfy: as [`check_pattern`], per placement and
/// region of the blank. A small table read from a file is rebuilt and compared byte for byte;
/// otherwise a sample: the goal's entry is 0, no entry is unreachable, and every positive
/// entry has a neighbour (a pattern tile beside the blank's region slid into it) with a
/// smaller entry.
fn check_zero_pattern(
    table: &Table,
    shape: Shape,
    cells: &[u8],
    blank: u8,
    sample: bool,
) -> Result<String, TableFault> {
    let k = cells.len();
    let index = ZeroIndex::new(shape, k);
    let entries = table.payload();
    if entries.len() as u64 != index.entries() {
        return Err(TableFault::EntryCount { found: entries.len() as u64, expected: index.entries() });
    }
    if !sample {
        let fresh = build_zero_pattern(shape, cells, blank, &|_| {});
        return match fresh.iter().zip(entries).position(|(a, b)| a != b) {
            None => Ok(format!("all {} entries equal a fresh build", entries.len())),
            Some(i) => {
                Err(TableFault::DiffersFromBuild { index: i as u64, found: entries[i].into(), fresh: fresh[i].into() })
            }
        };
    }
    if let Some(i) = entries.iter().position(|&e| e == u8::MAX) {
        return Err(TableFault::Unreachable { unit: "entry", index: i as u64 });
    }
    if entries[index.index(cells, blank) as usize] != 0 {
        return Err(TableFault::GoalNotZero { goal: "the goal's entry" });
    }
    let n = shape.cells() as u8;
    let cols = shape.cols() as u8;
    let adjacent = |a: u8, b: u8| (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols) == 1;
    let ranker = slide_core::rank::KPermutationRanker::new(n as usize, k);
    let step = (ranker.count() / 50_000).max(1);
    let mut placement = vec![0u8; k];
    let mut checked = 0;
    for p in (0..ranker.count()).step_by(step as usize) {
        ranker.unrank(p, &mut placement);
        // Each region's entry, and whether a move from one of its cells explains it.
        let mut regions: Vec<(u64, bool)> = Vec::new();
        for b in (0..n).filter(|b| !placement.contains(b)) {
            let i = index.index(&placement, b);
            let value = entries[i as usize];
            // A tile beside the blank slides into it: the blank goes where the tile was.
            let explained = value == 0
                || placement.iter().enumerate().any(|(slot, &a)| {
                    adjacent(a, b) && {
                        let mut moved = placement.clone();
                        moved[slot] = b;
                        entries[index.index(&moved, a) as usize] < value
                    }
                });
            match regions.iter_mut().find(|(j, _)| *j == i) {
                Some((_, e)) => *e |= explained,
                None => regions.push((i, explained)),
            }
        }
        if let Some((i, _)) = regions.iter().find(|(_, explained)| !explained) {
            return Err(TableFault::Unexplained { index: *i, value: entries[*i as usize].into() });
        }
        checked += regions.len();
    }
    let max = entries.iter().max().copied().unwrap_or(0);
    Ok(format!("goal 0, none unreachable, {checked} sampled entries explained; greatest entry {max}"))
}

#[cfg(test)]
mod progress_tests {
    use std::sync::Mutex;

    use super::*;

    #[test]
    fn a_build_reports_its_whole_work_at_its_end() {
        // The 6-6-3 set's 3-tile table and one of its 6-tile tables.
        for (partition, i) in [(Partition::pdb663(), 2), (Partition::pdb663(), 0)] {
            let spec = partition.specs().remove(i);
            let last = Mutex::new(None);
            let _ = partition.build(i, &|s| *last.lock().unwrap() = Some((s.total, s.state_count)));
            let (total, state_count) = last.into_inner().unwrap().unwrap();
            assert_eq!((total, state_count), (spec.work, spec.work), "{}: the bar ends at 100%", spec.name);
        }
    }
}
