//! The 7-puzzle: the 2x4 instance of `fifteen`'s tile machinery, with its own default board
//! (the one position 36 moves from the goal), heuristics and tables. Every front end plays
//! it through `fifteen`'s facade with [`VARIANT`]:
//!
//! ```
//! use fifteen::facade::Tiles;
//! use slide_core::answer::{Algorithm, Facade, Settings, SolveRequest};
//! let seven = Tiles::new(&seven::VARIANT, None, &Settings::default()).unwrap();
//! let input = seven.parse(seven::DEFAULT_BOARD).unwrap();
//! let request = SolveRequest::new(Algorithm::Idastar, Default::default());
//! assert_eq!(seven.solve(&input, &request).unwrap().length, 36);
//! ```

use fifteen::facade::{named, Variant};
use fifteen::{HeuristicChoice, Shape};
use slide_core::table::TableSet;

/// The 7-puzzle's board: 2 rows, 4 columns.
pub const SHAPE: Shape = Shape::new_const(2, 4);

/// The single position farthest (36 moves) from `1 2 3 4 / 5 6 7 0`.
pub const DEFAULT_BOARD: &str = "0 7 2 1 / 4 3 6 5";

/// `seven`: every board is 2x4, the default heuristic is the exact table.
pub const VARIANT: Variant = Variant {
    name: "seven",
    default_shape: SHAPE,
    infer_shape: false,
    any_size: false,
    default_boards: &[DEFAULT_BOARD],
    heuristics: &[
        named(HeuristicChoice::None),
        named(HeuristicChoice::Manhattan),
        named(HeuristicChoice::LinearConflict),
        named(HeuristicChoice::WalkingDistance),
        named(HeuristicChoice::Exact),
    ],
    shapes_text: "2x4 only (tiles 1 to 7, 0 the blank)",
    table_sets,
};

/// The table `seven` builds on first use: the exact distance of every 2x4 position,
/// 40,320 bytes (`exact-2x4`).
pub fn table_sets() -> Vec<TableSet> {
    let mut set = fifteen::heuristics::exact::table_set("seven", SHAPE).expect("2x4 has an exact table");
    set.summary = "exact distances of every 2x4 position (`--heuristic exact`, the default)".into();
    vec![set]
}
