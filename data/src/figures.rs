//! Published figures the tests reproduce: whole state spaces counted by others, kept as their
//! authors printed them.
//!
//! A histogram file is tab-separated: `#` comment lines, the header line (`depth`, a tab,
//! `positions`), then one line a depth from 0: the depth and the positions at that distance
//! from the goal.

use crate::data_lines;

/// Which moves a histogram counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// One tile slides one cell.
    SingleTile,
    /// A line of tiles slides together.
    MultiTile,
}

/// A published depth histogram of a tile board, compiled in: the positions at each distance
/// from the goal. The transposed board has the same one.
#[derive(Clone, Copy, Debug)]
pub struct Histogram {
    /// Its file in the workspace: `data/figures/lightln2_stm_3x4.tsv`.
    pub file: &'static str,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The moves it counts.
    pub metric: Metric,
    /// Whether it runs to the farthest positions; `false` when only its first layers were
    /// published (or are kept).
    pub complete: bool,
    /// The file's text.
    pub text: &'static str,
}

impl Histogram {
    /// The positions at each depth, from 0.
    ///
    /// A compiled-in file always reads (the crate's tests read each one), so this does not
    /// fail.
    ///
    /// ```
    /// let counts = slide_data::figures::LIGHTLN2_STM_2X6.counts();
    /// assert_eq!((counts.len(), counts.iter().sum::<u64>()), (81, 239_500_800));
    /// ```
    pub fn counts(&self) -> Vec<u64> {
        parse_histogram(self.text).unwrap_or_else(|e| panic!("{}: {e}", self.file))
    }
}

/// One of lightln2's histograms, all complete.
const fn lightln2(file: &'static str, text: &'static str, rows: usize, cols: usize, metric: Metric) -> Histogram {
    Histogram { file, rows, cols, metric, complete: true, text }
}

/// The single-tile 3x4 board, from lightln2's complete breadth-first search (O. Tarakanov,
/// SoCS 2023; github.com/lightln2/SlidingTilesSolver): 239,500,800 positions, radius 53.
pub const LIGHTLN2_STM_3X4: Histogram = lightln2(
    "data/figures/lightln2_stm_3x4.tsv",
    include_str!("../figures/lightln2_stm_3x4.tsv"),
    3,
    4,
    Metric::SingleTile,
);
/// The single-tile 2x6 board, lightln2's (also OEIS A090167): 239,500,800 positions, radius 80.
pub const LIGHTLN2_STM_2X6: Histogram = lightln2(
    "data/figures/lightln2_stm_2x6.tsv",
    include_str!("../figures/lightln2_stm_2x6.tsv"),
    2,
    6,
    Metric::SingleTile,
);
/// The single-tile 2x7 board, lightln2's (also OEIS A346736): 43,589,145,600 positions,
/// radius 108.
pub const LIGHTLN2_STM_2X7: Histogram = lightln2(
    "data/figures/lightln2_stm_2x7.tsv",
    include_str!("../figures/lightln2_stm_2x7.tsv"),
    2,
    7,
    Metric::SingleTile,
);
/// The multi-tile 3x4 board, lightln2's: 239,500,800 positions, radius 33.
pub const LIGHTLN2_MTM_3X4: Histogram = lightln2(
    "data/figures/lightln2_mtm_3x4.tsv",
    include_str!("../figures/lightln2_mtm_3x4.tsv"),
    3,
    4,
    Metric::MultiTile,
);
/// The multi-tile 2x6 board, lightln2's: 239,500,800 positions, radius 41.
pub const LIGHTLN2_MTM_2X6: Histogram = lightln2(
    "data/figures/lightln2_mtm_2x6.tsv",
    include_str!("../figures/lightln2_mtm_2x6.tsv"),
    2,
    6,
    Metric::MultiTile,
);
/// The multi-tile 2x7 board, lightln2's: 43,589,145,600 positions, radius 52.
pub const LIGHTLN2_MTM_2X7: Histogram = lightln2(
    "data/figures/lightln2_mtm_2x7.tsv",
    include_str!("../figures/lightln2_mtm_2x7.tsv"),
    2,
    7,
    Metric::MultiTile,
);

/// The 15-puzzle in the multi-tile metric, its first 12 layers (of 43): B. Whitmore's complete
/// enumeration, OEIS A389728.
pub const OEIS_A389728_MTM_4X4: Histogram = Histogram {
    file: "data/figures/oeis_a389728_mtm_4x4.tsv",
    rows: 4,
    cols: 4,
    metric: Metric::MultiTile,
    complete: false,
    text: include_str!("../figures/oeis_a389728_mtm_4x4.tsv"),
};

/// Every histogram.
pub const HISTOGRAMS: [Histogram; 7] = [
    LIGHTLN2_STM_3X4,
    LIGHTLN2_STM_2X6,
    LIGHTLN2_STM_2X7,
    LIGHTLN2_MTM_3X4,
    LIGHTLN2_MTM_2X6,
    LIGHTLN2_MTM_2X7,
    OEIS_A389728_MTM_4X4,
];

/// Why a histogram file does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HistogramError {
    /// A line is not `DEPTH<tab>POSITIONS` with the next depth.
    #[error("line {line}: {text:?} is not depth {depth}, a tab and a number of positions")]
    Line {
        /// The line number, from 1.
        line: usize,
        /// The depth the line should hold.
        depth: usize,
        /// The line.
        text: String,
    },
}

/// Reads a histogram file (the module's format): the positions at each depth, from 0.
///
/// ```
/// use slide_data::figures::{parse_histogram, HistogramError};
/// assert_eq!(parse_histogram("# 2x2\ndepth\tpositions\n0\t1\n1\t2\n"), Ok(vec![1, 2]));
/// assert!(matches!(parse_histogram("0\t1\n2\t2\n"), Err(HistogramError::Line { line: 2, depth: 1, .. })));
/// ```
pub fn parse_histogram(text: &str) -> Result<Vec<u64>, HistogramError> {
    data_lines(text, Some("depth"))
        .enumerate()
        .map(|(depth, (line, row))| {
            let wrong = || HistogramError::Line { line, depth, text: row.to_string() };
            let (d, count) = row.split_once('\t').ok_or_else(wrong)?;
            if d.trim().parse() != Ok(depth) {
                return Err(wrong());
            }
            count.trim().parse().map_err(|_| wrong())
        })
        .collect()
}

/// M. Hiroi's breadth-first layers of his Goat puzzle, as his program prints them
/// (`手数 1, 個数 2`: moves, positions), depths 1 to 52.
pub const GOAT_HIROI_LAYERS: &str = include_str!("../figures/goat_hiroi_layers.txt");

/// M. Hiroi's seven Goat positions 52 moves from the goal, one a line, as his program
/// prints them (eleven glyphs: the wide piece's right half is a blank).
pub const GOAT_HIROI_ANTIPODES: &str = include_str!("../figures/goat_hiroi_antipodes.txt");

/// M. Hiroi's `distance` table of his Goat puzzle's heuristic, as his program lists it: one
/// row a cell value (0 the blank, 9 and 10 the wide piece's halves), one column a cell.
pub const GOAT_HIROI_DISTANCE: &str = include_str!("../figures/goat_hiroi_distance.txt");

/// [`GOAT_HIROI_DISTANCE`] as rows of 12 cells.
///
/// The compiled-in file always reads (the crate's tests read it), so this does not fail.
///
/// ```
/// let table = slide_data::figures::goat_hiroi_distance();
/// assert_eq!((table.len(), table[1][0]), (11, 0));
/// ```
pub fn goat_hiroi_distance() -> Vec<[u8; 12]> {
    data_lines(GOAT_HIROI_DISTANCE, None)
        .map(|(n, line)| {
            let cells: Option<Vec<u8>> = line.split_whitespace().map(|d| d.parse().ok()).collect();
            cells
                .and_then(|cells| <[u8; 12]>::try_from(cells).ok())
                .unwrap_or_else(|| panic!("data/figures/goat_hiroi_distance.txt line {n}: {line:?}"))
        })
        .collect()
}

/// [`GOAT_HIROI_LAYERS`] as (depth, positions).
///
/// The compiled-in file always reads (the crate's tests read it), so this does not fail.
///
/// ```
/// let layers = slide_data::figures::goat_hiroi_layers();
/// assert_eq!((layers[0], layers[51]), ((1, 2), (52, 7)));
/// ```
pub fn goat_hiroi_layers() -> Vec<(u32, u64)> {
    data_lines(GOAT_HIROI_LAYERS, None)
        .map(|(n, line)| {
            let read = || -> Option<(u32, u64)> {
                let (depth, count) = line.strip_prefix("手数")?.split_once(", 個数")?;
                Some((depth.trim().parse().ok()?, count.trim().parse().ok()?))
            };
            read().unwrap_or_else(|| panic!("data/figures/goat_hiroi_layers.txt line {n}: {line:?}"))
        })
        .collect()
}

/// [`GOAT_HIROI_ANTIPODES`], each position as its line of glyphs.
pub fn goat_hiroi_antipodes() -> Vec<&'static str> {
    data_lines(GOAT_HIROI_ANTIPODES, None).map(|(_, line)| line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// n! / 2: the positions of a tile board of n cells (one parity class).
    fn half_factorial(n: u64) -> u64 {
        (1..=n).product::<u64>() / 2
    }

    #[test]
    fn every_histogram_reads_whole_and_complete_ones_count_their_space() {
        for h in HISTOGRAMS {
            let counts = h.counts();
            assert_eq!(counts[0], 1, "{}: the goal alone at depth 0", h.file);
            assert!(counts.iter().all(|&n| n > 0), "{}", h.file);
            let cells = (h.rows * h.cols) as u64;
            if h.complete {
                assert_eq!(counts.iter().sum::<u64>(), half_factorial(cells), "{}", h.file);
            } else {
                assert!(counts.iter().sum::<u64>() < half_factorial(cells), "{}", h.file);
            }
            // A file says its board in its name, the way the constant does.
            let metric = if h.metric == Metric::SingleTile { "stm" } else { "mtm" };
            assert!(h.file.ends_with(&format!("{metric}_{}x{}.tsv", h.rows, h.cols)), "{}", h.file);
        }
        // Single-tile moves change the blank's cell, so its checkerboard colour alternates:
        // from a goal with the blank in a corner the layers are the two colours in turn, and
        // the even layers hold the half of the positions whose blank is on the goal's colour.
        for h in [LIGHTLN2_STM_3X4, LIGHTLN2_STM_2X6, LIGHTLN2_STM_2X7] {
            let even: u64 = h.counts().iter().step_by(2).sum();
            assert_eq!(even, half_factorial((h.rows * h.cols) as u64) / 2, "{}", h.file);
        }
    }

    #[test]
    fn each_histogram_is_the_file_it_names() {
        // The crate's directory is the workspace's data/ (and a package's root).
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for h in HISTOGRAMS {
            let path = h.file.strip_prefix("data/").expect("a path under data/");
            assert_eq!(std::fs::read_to_string(root.join(path)).unwrap(), h.text, "{}", h.file);
        }
    }

    #[test]
    fn hiroi_s_figures_read_whole() {
        let layers = goat_hiroi_layers();
        assert_eq!(layers.iter().map(|&(d, _)| d).collect::<Vec<_>>(), (1..=52).collect::<Vec<_>>());
        // With the goal, the whole space: 3 placements of the wide piece times 10!/2.
        assert_eq!(1 + layers.iter().map(|&(_, n)| n).sum::<u64>(), 5_443_200);
        let antipodes = goat_hiroi_antipodes();
        assert_eq!(antipodes.len(), 7);
        assert!(antipodes.iter().all(|a| a.split_whitespace().count() == 11), "{antipodes:?}");
        // A row a cell value, the blank's all zero.
        let distance = goat_hiroi_distance();
        assert_eq!((distance.len(), distance[0]), (11, [0; 12]));
    }

    #[test]
    fn bad_histograms_are_refused_with_the_line() {
        let refused = |text: &str| parse_histogram(text).unwrap_err();
        assert_eq!(refused("0\t1\n1 2\n"), HistogramError::Line { line: 2, depth: 1, text: "1 2".into() });
        assert_eq!(refused("1\t1\n"), HistogramError::Line { line: 1, depth: 0, text: "1\t1".into() });
        assert_eq!(refused("0\tmany\n"), HistogramError::Line { line: 1, depth: 0, text: "0\tmany".into() });
        assert_eq!(refused("0\t-1").to_string(), "line 1: \"0\\t-1\" is not depth 0, a tab and a number of positions");
    }
}
