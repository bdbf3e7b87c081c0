//! The RxC sliding-tile puzzle (8-, 15-, 24-puzzle and every shape from 2x2 to 5x5):
//! boards, heuristics and solvers. `seven` is its 2x4 instance.

pub mod board;
pub mod heuristics;
pub mod parse;
pub mod solvable;
pub mod tile_cli;

pub use board::{Direction, Shape, Slide, TilePuzzle, TileState};

/// The tables this crate can build, for the `cargo xtask` registry: the exact distance
/// tables of the boards of 3x3 and 2x5/5x2 (small, built on first use) and 3x4/4x3 (large).
pub fn tables() -> Vec<slide_core::table::TableSpec> {
    [(3, 3), (2, 5), (5, 2), (3, 4), (4, 3)]
        .into_iter()
        .filter_map(|(r, c)| {
            let shape = Shape::new(r, c)?;
            heuristics::exact::table_spec("fifteen", shape, shape.cells() as u8 - 1)
        })
        .collect()
}
