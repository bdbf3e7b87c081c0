//! A proven lower bound on the optimal solution length of a board of any size: Manhattan
//! distance plus linear conflicts, the same bound as the `linear-conflict` heuristic (whose
//! estimate it equals on the boards both take), computed once for a whole board.
//!
//! Manhattan distance counts each tile's row and column distance to its goal cell: every
//! move changes one tile's by one. In each row, the tiles that belong to that row but stand
//! in the wrong order cannot all stay in it: the fewest that must leave are the row's tiles
//! minus its longest increasing subsequence (by goal column), and each of them takes two
//! vertical moves Manhattan distance did not count; the same for columns, with horizontal
//! moves. The extra moves of rows and columns are distinct, so the sum is a lower bound.

use crate::Grid;

/// Manhattan distance plus linear conflicts of `start` against `goal` (boards of the same
/// shape; the blank does not count), in time `O(cells log cells)`.
///
/// ```
/// use fifteen::{bound::lower_bound, Grid};
/// let goal = Grid::goal(fifteen::Shape::new(3, 3).unwrap());
/// // 2 and 1 swapped in their goal row: Manhattan 2, plus 2 for the conflict.
/// assert_eq!(lower_bound(&"2 1 3 / 4 5 6 / 7 8 0".parse().unwrap(), &goal), 4);
/// ```
pub fn lower_bound(start: &Grid, goal: &Grid) -> u64 {
    manhattan(start, goal) + linear_conflicts(start, goal)
}

/// The sum over tiles of their row and column distances to their goal cells.
pub(crate) fn manhattan(start: &Grid, goal: &Grid) -> u64 {
    let shape = start.shape();
    let tiles = shape.each_cell().map(|cell| (cell, start.tile_at(cell))).filter(|(_, t)| !t.is_blank());
    tiles.map(|(cell, t)| shape.distance(cell, goal.cell_of(t)) as u64).sum()
}

/// Twice the tiles that must leave their goal row or column to pass each other, summed
/// over every row and column.
pub(crate) fn linear_conflicts(start: &Grid, goal: &Grid) -> u64 {
    let shape = start.shape();
    // The goal cell of the tile on `cell`, unless it is the blank.
    let home = |cell| {
        let t = start.tile_at(cell);
        (!t.is_blank()).then(|| goal.cell_of(t))
    };
    let rows: u32 = (0..shape.rows())
        .map(|r| {
            let homes = (0..shape.cols()).filter_map(|c| home(shape.cell(r, c)));
            line_conflicts(homes.filter(|&h| shape.row(h) == r).map(|h| shape.col(h) as u8))
        })
        .sum();
    let cols: u32 = (0..shape.cols())
        .map(|c| {
            let homes = (0..shape.rows()).filter_map(|r| home(shape.cell(r, c)));
            line_conflicts(homes.filter(|&h| shape.col(h) == c).map(|h| shape.row(h) as u8))
        })
        .sum();
    u64::from(rows + cols)
}

/// The conflict term of one line: given, in line order, the goal places along the line of
/// the tiles that belong to it (distinct, below [`crate::Shape::MAX_SIDE`]), twice the fewest
/// of them that must leave so that the rest stand in order: the line's length minus its
/// longest increasing subsequence, found by patience sorting as the places stream by. The
/// one home of the rule for every linear-conflict heuristic of the crate.
#[inline]
pub(crate) fn line_conflicts(homes: impl IntoIterator<Item = u8>) -> u32 {
    // tails[k]: the smallest last place of an increasing subsequence of length k + 1.
    let mut tails = [0u8; crate::Shape::MAX_SIDE];
    let (mut len, mut n) = (0, 0);
    for x in homes {
        n += 1;
        let at = tails[..len].partition_point(|&t| t < x);
        tails[at] = x;
        len = len.max(at + 1);
    }
    2 * (n - len) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::LinearConflict;
    use crate::{Shape, TilePuzzle};
    use slide_core::Heuristic;

    #[test]
    fn it_is_the_linear_conflict_heuristic_on_small_boards() {
        // Random boards of every shape up to 5x5 against their standard goal.
        let mut rng = <rand_pcg::Pcg64 as rand::SeedableRng>::seed_from_u64(3);
        for r in 2..=5 {
            for c in 2..=5 {
                let shape = Shape::new(r, c).unwrap();
                let goal = Grid::goal(shape);
                let h = LinearConflict::new(&TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap());
                for _ in 0..200 {
                    let board = crate::scramble::random_grid(&goal, &mut rng);
                    let (_, state) = board.tile_state().unwrap();
                    assert_eq!(lower_bound(&board, &goal), u64::from(h.estimate(&state)), "{board:?}");
                }
            }
        }
    }

    #[test]
    fn line_conflicts_count_the_tiles_that_must_leave() {
        assert_eq!(line_conflicts([]), 0);
        assert_eq!(line_conflicts([3, 1, 2]), 2);
        assert_eq!(line_conflicts([4, 3, 2, 1, 0]), 8);
        assert_eq!(line_conflicts([0, 8, 4, 12, 2, 10, 6, 14, 1, 9]), 12);
        // The longest line of all, reversed: all but one leave.
        assert_eq!(line_conflicts((0..100).rev()), 198);
        // The goal is 0; a 100x100 board one move away is 1.
        let shape = Shape::new(100, 100).unwrap();
        let goal = Grid::goal(shape);
        let mut near = goal.clone();
        near.slide(crate::Direction::Right).unwrap();
        assert_eq!((lower_bound(&goal, &goal), lower_bound(&near, &goal)), (0, 1));
    }
}
