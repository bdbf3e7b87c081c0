//! Which boards can reach which goals, and the parity of every solution's length.
//!
//! Every move swaps the blank with a tile: it flips the parity of the permutation taking the
//! board to the goal (blank included) and moves the blank one cell, flipping the parity of
//! its Manhattan distance to its goal cell. A board is solvable exactly when the two parities
//! agree (on odd widths this is the inversion count; on even widths, inversions plus the
//! blank's row distance), and every solution's length has the parity of the blank's distance.

use slide_core::units::quantity;
use thiserror::Error;

use crate::{Shape, TileState};

/// Why a board cannot reach its goal.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("the board is unsolvable: {reason}")]
pub struct Unsolvable {
    /// The explanation, in words.
    pub reason: String,
}

/// The parity (0 or 1) of the permutation taking `start` to `goal`, blank included.
pub fn permutation_parity(shape: Shape, start: &TileState, goal: &TileState) -> u32 {
    let n = shape.cells();
    // sigma[cell] = the goal cell of the tile on `cell`.
    let sigma: Vec<u8> = (0..n as u8).map(|c| goal.cell_of(start.tile_at(c))).collect();
    let mut seen = vec![false; n];
    let mut cycles = 0;
    for c in 0..n {
        if !seen[c] {
            cycles += 1;
            let mut x = c;
            while !seen[x] {
                seen[x] = true;
                x = sigma[x] as usize;
            }
        }
    }
    ((n - cycles) % 2) as u32
}

/// The parity (0 or 1) of the tiles' order read row by row, without the blank, relative to
/// the goal's order: the number of inversions, modulo 2.
pub fn tile_parity(shape: Shape, start: &TileState, goal: &TileState) -> u32 {
    let order: Vec<u8> =
        (0..shape.cells() as u8).map(|c| start.tile_at(c)).filter(|&t| t != 0).map(|t| goal.cell_of(t)).collect();
    let mut inversions = 0;
    for i in 0..order.len() {
        for j in i + 1..order.len() {
            inversions += u32::from(order[i] > order[j]);
        }
    }
    inversions % 2
}

/// The Manhattan distance between the blank's cell in `start` and in `goal`.
pub fn blank_distance(shape: Shape, start: &TileState, goal: &TileState) -> u32 {
    let (a, b) = (start.blank(), goal.blank());
    (shape.row(a).abs_diff(shape.row(b)) + shape.col(a).abs_diff(shape.col(b))) as u32
}

/// The parity (0 or 1) that every solution length from `start` to `goal` has: that of the
/// blank's distance to its goal cell. Pass it to `IdaOptions::solution_parity`.
pub fn solution_parity(shape: Shape, start: &TileState, goal: &TileState) -> u32 {
    blank_distance(shape, start, goal) % 2
}

/// Checks that `start` can reach `goal`, or says why not.
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
    let perm = permutation_parity(shape, start, goal);
    let dist = blank_distance(shape, start, goal);
    if perm == dist % 2 {
        return Ok(());
    }
    let parity = |p: u32| if p == 0 { "even" } else { "odd" };
    let tiles = tile_parity(shape, start, goal);
    let reason = if shape.cols().is_multiple_of(2) {
        let rows = shape.row(start.blank()).abs_diff(shape.row(goal.blank()));
        format!(
            "the tiles, read row by row without the blank, are an {} permutation of the goal's order, and the blank is \
             {} from its goal row; on a board of even width these two must add up to an even number \
             (swapping two tiles would make it solvable)",
            parity(tiles),
            quantity(rows as u64, "row")
        )
    } else {
        format!(
            "the tiles, read row by row without the blank, are an {} permutation of the goal's order; on a board of \
             odd width every move keeps this parity, so it must be even (swapping two tiles would make it solvable)",
            parity(tiles)
        )
    };
    Err(Unsolvable { reason })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_board;

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
        // The classical rule and the general one agree on every 2x3 and 3x3 board.
        for (r, c) in [(2, 3), (3, 3), (2, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let goal = crate::TilePuzzle::standard_goal(shape);
            let ranker = slide_core::rank::PermutationRanker::new(shape.cells());
            let mut cells = vec![0u8; shape.cells()];
            for rank in 0..ranker.count() {
                ranker.unrank(rank, &mut cells);
                let s = TileState::from_cells(&cells);
                let rows = shape.row(s.blank()).abs_diff(shape.row(goal.blank())) as u32;
                let classical = if c % 2 == 0 {
                    (tile_parity(shape, &s, &goal) + rows).is_multiple_of(2)
                } else {
                    tile_parity(shape, &s, &goal) == 0
                };
                assert_eq!(check_solvable(shape, &s, &goal).is_ok(), classical, "{s:?}");
            }
        }
    }
}
