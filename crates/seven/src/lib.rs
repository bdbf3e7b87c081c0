//! The 7-puzzle (seed 002): the 2x4 instance of `fifteen`'s tile machinery, with its own
//! default board (the one position 36 moves from the goal), heuristics and tables.

use fifteen::tile_cli::{HeuristicChoice, TileCliConfig};
use fifteen::Shape;
use slide_core::table::TableSpec;

/// The 7-puzzle's board: 2 rows, 4 columns.
pub const SHAPE: Shape = Shape { rows: 2, cols: 4 };

/// Seed 002's start, the single position farthest (36 moves) from `1 2 3 4 / 5 6 7 0`.
pub const DEFAULT_BOARD: &str = "0 7 2 1 / 4 3 6 5";

/// The heuristics `seven` offers, weakest first.
pub const HEURISTICS: &[HeuristicChoice] = &[
    HeuristicChoice::None,
    HeuristicChoice::Manhattan,
    HeuristicChoice::LinearConflict,
    HeuristicChoice::WalkingDistance,
    HeuristicChoice::Exact,
];

/// The command line of `seven`: every board is 2x4, the default heuristic is the exact table.
pub fn config() -> TileCliConfig {
    TileCliConfig {
        program: "seven",
        about: "Optimal solutions, counts and a full analysis of the 2x4 sliding-tile 7-puzzle (seed 002)",
        default_shape: SHAPE,
        infer_shape: false,
        default_boards: &[DEFAULT_BOARD],
        heuristics: HEURISTICS,
        default_heuristic: |_| HeuristicChoice::Exact,
        allowed_shape: |s| s == SHAPE,
        shapes_text: "2x4 only (tiles 1 to 7, 0 the blank)",
    }
}

/// The tables `seven` builds (for the `cargo xtask` registry): the exact distance of every
/// 2x4 position, 40,320 bytes.
pub fn tables() -> Vec<TableSpec> {
    fifteen::heuristics::exact::table_spec("seven", SHAPE, SHAPE.cells() as u8 - 1).into_iter().collect()
}
