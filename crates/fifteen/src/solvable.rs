//! Which boards can reach which goals, and the parity of every solution's length.
//!
//! Every move swaps the blank with a tile: it flips the parity of the permutation taking the
//! board to the goal (blank included) and moves the blank one cell, flipping the parity of
//! its Manhattan distance to its goal cell. A board is solvable exactly when the two parities
//! agree (on odd widths this is the inversion count; on even widths, inversions plus the
//! blank's row distance), and every solution's length has the parity of the blank's distance.
//!
//! The check is written once, for [`Grid`]s of any size ([`check_solvable_grid`]), in time
//! linear in the cells: parities are counted by cycles, not by pairs. The functions on
//! packed states convert and call it.

use slide_core::units::quantity;
use thiserror::Error;

use crate::{Cell, Grid, Shape, Tile, TileState};

/// Why a board cannot reach its goal: the parities that disagree. Its message explains them.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("the board is unsolvable: {}", self.reason())]
pub struct Unsolvable {
    /// The parity (0 even, 1 odd) of the permutation taking the goal's order of the tiles,
    /// read row by row without the blank, to the board's.
    pub tile_parity: u32,
    /// On a board of even width, how many rows the blank is from its goal row (None on an
    /// odd width, where every move keeps the tiles' parity, so it must be even).
    pub blank_rows: Option<usize>,
}

impl Unsolvable {
    /// The explanation, in words.
    fn reason(&self) -> String {
        let parity = if self.tile_parity == 0 { "even" } else { "odd" };
        match self.blank_rows {
            Some(rows) => format!(
                "the tiles, read row by row without the blank, are an {parity} permutation of the goal's order, and the \
                 blank is {} from its goal row; on a board of even width these two must add up to an even number \
                 (swapping two tiles would make it solvable)",
                quantity(rows as u64, "row")
            ),
            None => format!(
                "the tiles, read row by row without the blank, are an {parity} permutation of the goal's order; on a \
                 board of odd width every move keeps this parity, so it must be even (swapping two tiles would make it \
                 solvable)"
            ),
        }
    }
}

/// The parity (0 or 1) of a permutation of `0..n` given as `next(i)`: n minus its cycles.
fn cycle_parity(n: usize, next: impl Fn(usize) -> usize) -> u32 {
    let mut seen = vec![false; n];
    let mut cycles = 0;
    for c in 0..n {
        if !seen[c] {
            cycles += 1;
            let mut x = c;
            while !seen[x] {
                seen[x] = true;
                x = next(x);
            }
        }
    }
    ((n - cycles) % 2) as u32
}

/// The parity (0 or 1) of the permutation taking `start` to `goal`, blank included.
pub(crate) fn grid_permutation_parity(start: &Grid, goal: &Grid) -> u32 {
    // Cell c's tile belongs on goal cell sigma(c).
    cycle_parity(start.shape().cells(), |c| goal.cell_of(start.tile_at(Cell::new(c))).index())
}

/// The parity (0 or 1) of the tiles' order read row by row, without the blank, relative to
/// the goal's order (the number of inversions, modulo 2).
pub(crate) fn grid_tile_parity(start: &Grid, goal: &Grid) -> u32 {
    // rank[cell]: the place of the goal's tile on `cell` in the goal's order without the blank.
    let n = start.shape().cells();
    let mut rank = vec![0usize; n];
    let mut next = 0;
    for (cell, &t) in goal.cells().iter().enumerate() {
        if t != 0 {
            rank[cell] = next;
            next += 1;
        }
    }
    // order[i]: the goal rank of the i-th tile read on the start board.
    let tiles = start.cells().iter().filter(|&&t| t != 0);
    let order: Vec<usize> = tiles.map(|&t| rank[goal.cell_of(Tile::new(t.into())).index()]).collect();
    cycle_parity(order.len(), |i| order[i])
}

/// The Manhattan distance between the blank's cell in `start` and in `goal`.
pub(crate) fn grid_blank_distance(start: &Grid, goal: &Grid) -> u32 {
    start.shape().distance(start.blank(), goal.blank()) as u32
}

/// Checks that `start` can reach `goal` (a board of the same shape), or says why not.
///
/// # Example
/// ```
/// use fifteen::{solvable::check_solvable_grid, Grid};
/// let goal = Grid::goal(fifteen::Shape::new(3, 7).unwrap());
/// let swapped: Grid = "2 1 3 4 5 6 7 / 8 9 10 11 12 13 14 / 15 16 17 18 19 20 0".parse().unwrap();
/// assert!(check_solvable_grid(&goal, &goal).is_ok());
/// let why = check_solvable_grid(&swapped, &goal).unwrap_err();
/// assert_eq!((why.tile_parity, why.blank_rows), (1, None)); // an odd width: the tiles' parity alone
/// assert!(why.to_string().contains("odd permutation"));
/// ```
pub fn check_solvable_grid(start: &Grid, goal: &Grid) -> Result<(), Unsolvable> {
    debug_assert_eq!(start.shape(), goal.shape());
    let shape = start.shape();
    if grid_permutation_parity(start, goal) == grid_blank_distance(start, goal) % 2 {
        return Ok(());
    }
    let blank_rows = shape.cols().is_multiple_of(2).then(|| shape.row(start.blank()).abs_diff(shape.row(goal.blank())));
    Err(Unsolvable { tile_parity: grid_tile_parity(start, goal), blank_rows })
}

/// The Manhattan distance between the blank's cell in `start` and in `goal`.
pub(crate) fn blank_distance(shape: Shape, start: &TileState, goal: &TileState) -> u32 {
    shape.distance(start.blank(), goal.blank()) as u32
}

/// The parity (0 or 1) that every solution length from `start` to `goal` has: that of the
/// blank's distance to its goal cell. Pass it to `IdaOptions::solution_parity`.
pub fn solution_parity(shape: Shape, start: &TileState, goal: &TileState) -> u32 {
    blank_distance(shape, start, goal) % 2
}

/// Checks that `start` can reach `goal`, or says why not ([`check_solvable_grid`] on the
/// packed boards).
///
/// # Example
/// ```
/// use fifteen::{parse::parse_board, solvable::check_solvable, TilePuzzle};
/// let (goal, shape) = parse_board("1 2 3 4 / 5 6 7 0", None).unwrap();
/// let (swapped, _) = parse_board("1 2 3 4 / 5 7 6 0", None).unwrap();
/// assert!(check_solvable(shape, &goal, &goal).is_ok());
/// assert!(check_solvable(shape, &swapped, &goal).is_err());
/// ```
pub fn check_solvable(shape: Shape, start: &TileState, goal: &TileState) -> Result<(), Unsolvable> {
    check_solvable_grid(&Grid::from_state(shape, start), &Grid::from_state(shape, goal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_board;
    use crate::Shape;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;

    /// The classical definition: inversions of the tiles' goal places, counted pair by pair.
    fn inversion_parity(start: &Grid, goal: &Grid) -> u32 {
        let tiles = start.cells().iter().filter(|&&t| t != 0);
        let order: Vec<usize> = tiles.map(|&t| goal.cell_of(Tile::new(t.into())).index()).collect();
        let mut inversions = 0;
        for i in 0..order.len() {
            for j in i + 1..order.len() {
                inversions += u32::from(order[i] > order[j]);
            }
        }
        inversions % 2
    }

    /// The classical rule: odd widths, an even inversion count; even widths, inversions plus
    /// the blank's row distance even.
    fn classical(start: &Grid, goal: &Grid) -> bool {
        let d = start.shape();
        let rows = d.row(start.blank()).abs_diff(d.row(goal.blank())) as u32;
        let inversions = inversion_parity(start, goal);
        if d.cols().is_multiple_of(2) {
            (inversions + rows).is_multiple_of(2)
        } else {
            inversions == 0
        }
    }

    #[test]
    fn code_golf_boards() {
        let (goal, shape) = parse_board("1 2 3 4 / 5 6 7 0", None).unwrap();
        let (start, _) = parse_board("0 7 2 1 / 4 3 6 5", None).unwrap();
        assert!(check_solvable(shape, &start, &goal).is_ok());
        assert_eq!(solution_parity(shape, &start, &goal), 0); // 36 moves
        let (bad, _) = parse_board("1 2 3 4 / 5 7 6 0", None).unwrap();
        let msg = check_solvable(shape, &bad, &goal).unwrap_err().to_string();
        assert!(msg.contains("odd permutation"), "{msg}");
        assert!(msg.contains("0 rows from its goal row"), "{msg}");
        // The classical rule and the general one agree on every 2x3, 3x3 and 2x4 board.
        for (r, c) in [(2, 3), (3, 3), (2, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let goal = Grid::goal(shape);
            let ranker = slide_core::rank::KPermutationRanker::new(shape.cells(), shape.cells());
            let mut cells = vec![0u8; shape.cells()];
            for rank in 0..ranker.count() {
                ranker.unrank(rank, &mut cells);
                let s = Grid::from_state(shape, &TileState::from_cells(&cells));
                assert_eq!(grid_tile_parity(&s, &goal), inversion_parity(&s, &goal), "{s:?}");
                assert_eq!(check_solvable_grid(&s, &goal).is_ok(), classical(&s, &goal), "{s:?}");
            }
        }
    }

    #[test]
    fn large_boards_follow_the_classical_rule() {
        // Random permutations of boards up to 30x30 against a random goal.
        let mut rng = Pcg64::seed_from_u64(7);
        let mut next = |n: usize| rng.random_range(0..n);
        for _ in 0..200 {
            let shape = Shape::new(2 + next(29), 2 + next(29)).unwrap();
            let mut shuffle = |n: usize| {
                let mut cells: Vec<u32> = (0..n as u32).collect();
                for i in (1..n).rev() {
                    cells.swap(i, next(i + 1));
                }
                Grid::from_cells(shape, &cells).unwrap()
            };
            let (start, goal) = (shuffle(shape.cells()), shuffle(shape.cells()));
            assert_eq!(grid_tile_parity(&start, &goal), inversion_parity(&start, &goal));
            assert_eq!(check_solvable_grid(&start, &goal).is_ok(), classical(&start, &goal), "{shape}");
        }
    }
}
