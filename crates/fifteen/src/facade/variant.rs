//! The tile programs a facade plays ([`Variant`]: `fifteen`'s boards of every size, or
//! `seven`'s 2x4 board), the algorithms they offer and the heuristics users name.

use slide_core::answer::{MethodInfo, Named, Param};
use slide_core::table::TableSet;

use crate::{HeuristicChoice, Shape};

/// What distinguishes one tile program from another: `fifteen` ([`FIFTEEN`]) or `seven`
/// (the 2x4 board, in the `slide-seven` crate).
#[derive(Debug)]
pub struct Variant {
    /// The program's name (also `puzzle` in records, and the puzzle in table headers).
    pub name: &'static str,
    /// The shape used when neither a size nor the board says otherwise.
    pub default_shape: Shape,
    /// Whether a board given without a size may have its shape inferred from its rows or
    /// from a square cell count (`fifteen`), or always has the default shape (`seven`).
    pub infer_shape: bool,
    /// Whether boards of every size up to 100x100 are played, or only the default shape.
    pub any_size: bool,
    /// The boards `solve` and `count` use when given none.
    pub default_boards: &'static [&'static str],
    /// The heuristics offered, weakest first, named for help texts.
    pub heuristics: &'static [Named],
    /// The allowed sizes, in words.
    pub shapes_text: &'static str,
    /// The program's precomputed tables.
    pub table_sets: fn() -> Vec<TableSet>,
}

impl Variant {
    /// Whether boards of `shape` are played.
    pub(crate) fn allowed(&self, shape: Shape) -> bool {
        self.any_size || shape == self.default_shape
    }
}

/// A heuristic's name and description, for [`Variant::heuristics`].
pub const fn named(h: HeuristicChoice) -> Named {
    (h.name(), h.description())
}

/// `fifteen`: every RxC board from 2x2 to 100x100 (the optimal methods: up to 5x5).
pub const FIFTEEN: Variant = Variant {
    name: "fifteen",
    default_shape: Shape::FIFTEEN,
    infer_shape: true,
    any_size: true,
    default_boards: &crate::CODE_GOLF_BOARDS,
    heuristics: &[
        named(HeuristicChoice::None),
        named(HeuristicChoice::Manhattan),
        named(HeuristicChoice::LinearConflict),
        named(HeuristicChoice::WalkingDistance),
        named(HeuristicChoice::Exact),
        named(HeuristicChoice::Pdb663),
        named(HeuristicChoice::Pdb78),
        named(HeuristicChoice::Pdb6666),
        named(HeuristicChoice::Zpdb6666),
        named(HeuristicChoice::Zpdb6666x7),
    ],
    shapes_text: "any size from 2x2 to 100x100 (--size RxC, or inferred from the rows or a square cell count); \
                  the optimal methods take boards of 2 to 5 rows and columns (up to 5x5), weighted up to 64 cells \
                  (8x8), fast any size; analyze takes boards whose positions fit the memory at two bits each \
                  (3x4 in 60 MB, 2x7 in 10.9 GB), in either metric; --metric mtm solves up to 16 cells (4x4)",
    table_sets: crate::table_sets,
};

/// The algorithms of every tile program, the default first, and the parameters each takes.
pub const METHODS: &[MethodInfo] = &[
    MethodInfo {
        name: "idastar",
        description: "IDA* with the heuristic (optimal; memory: the path); duplicate paths of up to --duplicates N \
                      moves left out (default 14); --max-depth D: a solution of at most D moves, or the proof that \
                      there is none",
        params: &[Param::Duplicates, Param::MaxDepth],
    },
    MethodInfo { name: "bfs", description: "breadth-first search (optimal; memory: every state reached)", params: &[] },
    MethodInfo {
        name: "iddfs",
        description: "plain iterative deepening (optimal; slow; memory: the path)",
        params: &[],
    },
    MethodInfo {
        name: "astar",
        description: "A* with the heuristic (optimal; memory: every state reached)",
        params: &[],
    },
    MethodInfo {
        name: "weighted",
        description: "weighted A* (f = g + W x h): a solution at most --weight W times the shortest (default 2; \
                      1 is optimal) and a proven lower bound, boards of at most 64 cells; memory: every state reached",
        params: &[Param::Weight, Param::BestSoFar],
    },
    MethodInfo {
        name: "dfs",
        description: "depth-first search with a visited set (Lecky's): --max-depth D gives the shortest it meets \
                      within D moves and may miss them all; without it, the first it meets. NOT optimal",
        params: &[Param::MaxDepth],
    },
    MethodInfo {
        name: "random-walk",
        description: "random walks that never undo a move (Lecky's): the first and the best of --walks N \
                      (default 100000) of at most --max-depth D moves (default 40); --informed, --greedy, --seed S. \
                      NOT optimal",
        params: &[Param::MaxDepth, Param::Walks, Param::Informed, Param::Greedy, Param::Seed, Param::BestSoFar],
    },
    MethodInfo {
        name: "fast",
        description: "the staged solver: rows and columns filled one by one, the last 12 cells solved optimally; \
                      boards of any size in under a second, with a proven lower bound. NOT optimal",
        params: &[],
    },
    MethodInfo {
        name: "dfs-not-optimal",
        description: "the old name of dfs without --max-depth (deprecated)",
        params: &[],
    },
];

/// The heuristics of the multi-tile metric, by the names `--heuristic` takes, the default
/// choice first.
pub const MTM_HEURISTICS: &[Named] = &[
    (
        "pdb",
        "4x4 only: the multi-tile pattern database of coloured tiles (read for the board and its transpose) with \
         walking distance; the default once `tables build mtm-pdb-4x4` has built it",
    ),
    ("walking-distance", "walking distance with the blank jumping lines (the default elsewhere)"),
    ("manhattan", "Manhattan distance over the longest slide"),
    ("none", "no estimate: plain iterative deepening"),
];
