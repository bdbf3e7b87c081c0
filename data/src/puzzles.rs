//! The block puzzles `quzzle` knows by name, in its puzzle-file format
//! (docs/QUZZLE_FORMAT.md).

/// L. W. Hardy's Pennant Puzzle (1909): the 2x2 block into the lower-left corner.
pub const PENNANT: &str = include_str!("../puzzles/pennant.txt");
/// Klotski (Huarong Dao), the classic start "Heng Dao Li Ma": the 2x2 block out at the
/// bottom centre.
pub const KLOTSKI: &str = include_str!("../puzzles/klotski.txt");
/// J. H. Conway's Century (1975, Winning Ways vol. 2): the 2x2 block to the bottom centre.
pub const CENTURY: &str = include_str!("../puzzles/century.txt");
/// A small puzzle for quick checks, on 3x4 with a wall.
pub const SMALL: &str = include_str!("../puzzles/small.txt");
