//! The symmetries of a board: cell permutations that map the grid graph onto itself.

use crate::board::MAX_CELLS;
use crate::Shape;

/// Every symmetry of `shape` as a cell map (`map[cell]` = image of `cell`): the four
/// rotations and reflections of a rectangle, and the eight of a square. The identity is first.
pub fn symmetries(shape: Shape) -> Vec<[u8; MAX_CELLS]> {
    let (rows, cols) = (shape.rows(), shape.cols());
    let square = rows == cols;
    let mut maps = Vec::new();
    for transpose in [false, true] {
        if transpose && !square {
            continue;
        }
        for (flip_rows, flip_cols) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut map = [0u8; MAX_CELLS];
            for (cell, image) in map.iter_mut().enumerate().take(rows * cols) {
                let (mut r, mut c) = (cell / cols, cell % cols);
                if flip_rows {
                    r = rows - 1 - r;
                }
                if flip_cols {
                    c = cols - 1 - c;
                }
                if transpose {
                    (r, c) = (c, r);
                }
                *image = (r * cols + c) as u8;
            }
            maps.push(map);
        }
    }
    maps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_distinct_permutations_that_keep_adjacency() {
        for (rows, cols, expected) in [(4, 4, 8), (3, 4, 4), (2, 5, 4), (5, 5, 8)] {
            let shape = Shape::new(rows, cols).unwrap();
            let maps = symmetries(shape);
            assert_eq!(maps.len(), expected);
            let n = shape.cells();
            let adjacent = |a: usize, b: usize| {
                let (ra, ca, rb, cb) = (a / cols, a % cols, b / cols, b % cols);
                ra.abs_diff(rb) + ca.abs_diff(cb) == 1
            };
            for map in &maps {
                let mut seen = vec![false; n];
                for &m in &map[..n] {
                    assert!(!std::mem::replace(&mut seen[m as usize], true));
                }
                for a in 0..n {
                    for b in 0..n {
                        assert_eq!(adjacent(a, b), adjacent(map[a] as usize, map[b] as usize));
                    }
                }
            }
            assert!((0..n).all(|c| maps[0][c] as usize == c));
        }
    }
}
