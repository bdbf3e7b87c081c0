//! The 7-puzzle: the 2x4 instance of `fifteen`'s tile machinery, with its own default board
//! (the one position 36 moves from the goal), heuristics and tables.

use fifteen::{HeuristicChoice, Shape};
use slide_core::table::TableSet;

/// The 7-puzzle's board: 2 rows, 4 columns.
pub const SHAPE: Shape = Shape::new_const(2, 4);

/// The single position farthest (36 moves) from `1 2 3 4 / 5 6 7 0`.
pub const DEFAULT_BOARD: &str = "0 7 2 1 / 4 3 6 5";

/// The heuristics `seven` offers, weakest first.
pub const HEURISTICS: &[HeuristicChoice] = &[
    HeuristicChoice::None,
    HeuristicChoice::Manhattan,
    HeuristicChoice::LinearConflict,
    HeuristicChoice::WalkingDistance,
    HeuristicChoice::Exact,
];

/// `seven` on slide-cli's command line: every board is 2x4, the default heuristic is the
/// exact table.
#[cfg(feature = "cli")]
pub struct Seven;

#[cfg(feature = "cli")]
impl fifteen::cli::TileVariant for Seven {
    const NAME: &'static str = "seven";
    const ABOUT: &'static str = "Optimal solutions, counts and a full analysis of the 2x4 sliding-tile 7-puzzle";
    const DEFAULT_SHAPE: Shape = SHAPE;
    const INFER_SHAPE: bool = false;
    const DEFAULT_BOARDS: &'static [&'static str] = &[DEFAULT_BOARD];
    const HEURISTICS: &'static [HeuristicChoice] = HEURISTICS;
    const NAMED_HEURISTICS: &'static [slide_cli::Named] = &[
        fifteen::cli::named(HeuristicChoice::None),
        fifteen::cli::named(HeuristicChoice::Manhattan),
        fifteen::cli::named(HeuristicChoice::LinearConflict),
        fifteen::cli::named(HeuristicChoice::WalkingDistance),
        fifteen::cli::named(HeuristicChoice::Exact),
    ];
    const SHAPES_TEXT: &'static str = "2x4 only (tiles 1 to 7, 0 the blank)";
    const EXAMPLES: &'static [slide_cli::Example] = &[
        (&[], "the 7-puzzle's one position farthest from the goal, solved in 36 moves"),
        (&["count", "--list"], "its 24 optimal solutions, each move by move"),
        (&["solve", "--boards", "1 2 3 4 / 5 0 6 7"], "a board two moves from the goal, board by board"),
        (&["analyze"], "every position reachable from the goal: 20,160, at most 36 moves away"),
        (&["random", "--count", "3"], "three uniformly random solvable boards (the seed is said on stderr)"),
        (&["scramble", "--moves", "20", "--seed", "4"], "a board 20 random moves from the goal, the same every time"),
        (&["branching"], "the 2x4 board's branching factor without undo moves, Lecky's way and the search tree's"),
    ];
    fn allowed(shape: Shape) -> bool {
        shape == SHAPE
    }
    fn table_sets() -> Vec<TableSet> {
        table_sets()
    }
}

/// The table `seven` builds on first use: the exact distance of every 2x4 position,
/// 40,320 bytes (`exact-2x4`).
pub fn table_sets() -> Vec<TableSet> {
    let mut set = fifteen::heuristics::exact::table_set("seven", SHAPE).expect("2x4 has an exact table");
    set.summary = "exact distances of every 2x4 position (`--heuristic exact`, the default)".into();
    vec![set]
}
