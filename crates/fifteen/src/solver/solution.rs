//! What the tile solver answers, whichever engine found it: one solution type for every
//! board size, metric and algorithm ([`TileSolution`]), checked by one replay
//! ([`TileSolution::replay`]), and the count of every optimal solution ([`TileCount`]).

use std::time::Duration;

use slide_core::answer::Algorithm;
use slide_core::notation::Move;
use slide_core::search::{LimitHit, Weight};

use super::{Metric, SolveError};
use crate::{Grid, Tile};

/// A solved tile board.
///
/// ```
/// let solution = fifteen::solve("1 2 3 / 4 5 6 / 0 7 8").unwrap();
/// assert_eq!((solution.len(), solution.optimal), (2, true));
/// // Tiles 7 and 8 slide left, one a move.
/// assert_eq!(solution.replay().unwrap(), [[fifteen::Tile::new(7)], [fifteen::Tile::new(8)]]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TileSolution {
    /// The start.
    pub start: Grid,
    /// The goal, a board of the start's shape.
    pub goal: Grid,
    /// How the moves are counted.
    pub metric: Metric,
    /// The moves in order: the way the tiles slide and how many slide (one a move in the
    /// single-tile metric; up to a whole line in the multi-tile metric).
    pub moves: Vec<Move>,
    /// Whether the search guarantees that no solution is shorter.
    pub optimal: bool,
    /// A proven lower bound on the shortest solution's length: the length itself when
    /// optimal, else what the search proved (at least the heuristic's estimate of the start).
    pub lower_bound: u64,
    /// The heuristic's name (`walking-distance`; the staged solver names the bound it proves).
    pub heuristic: &'static str,
    /// The search that found it, with its parameters.
    pub algorithm: Algorithm,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time (tables loaded or built before it are not counted).
    pub elapsed: Duration,
    /// The bound that stopped the search before it finished, when the best solution so far
    /// was asked for ([`slide_core::answer::Params::best_so_far`]).
    pub stopped: Option<LimitHit>,
    /// What the algorithm found besides.
    pub report: Report,
}

/// What an algorithm found besides its solution.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Report {
    /// Nothing more (the optimal searches, depth-first search).
    #[default]
    None,
    /// Weighted A*: the weight W whose guarantee the solution carries (at most W times the
    /// shortest): the one asked for, or a larger one's when a bound stopped the search and
    /// the best so far came back.
    Weighted {
        /// The weight.
        weight: Weight,
    },
    /// Random walks.
    Walks(WalkReport),
    /// The staged solver: the end of each stage, as (moves made, what it placed), for
    /// pictures that sample a long solution.
    Staged {
        /// The stages.
        stages: Vec<(usize, String)>,
    },
}

/// What random walks found besides the best solution ([`Report::Walks`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkReport {
    /// The first walk that reached the goal: which one (from 1) and its moves.
    pub first: (u64, Vec<Move>),
    /// Which walk found the best solution.
    pub best_walk: u64,
    /// Walks made.
    pub walks: u64,
    /// Walks that reached the goal.
    pub succeeded: u64,
    /// Informed walks: dead ends remembered, and walks that gave up on one.
    pub dead_ends: (u64, u64),
}

impl TileSolution {
    /// The number of moves, in the solution's metric.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start is the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The solution checked by playing it: the tiles each move slides (the one next to the
    /// blank first), when every move is legal and the last reaches the goal.
    pub fn replay(&self) -> Result<Vec<Vec<Tile>>, SolveError> {
        replay(&self.start, &self.goal, &self.moves, |_, _| ())
    }
}

/// Plays `moves` from `start`, calling `each(i, board)` with the board before move `i` (and
/// `moves.len()` with the last): the tiles each move slides, or why the moves are no
/// solution (a move that cannot be played, or an end that is not `goal`), which a solver
/// never gives: a bug. The one replay check of every solution.
pub(crate) fn replay(
    start: &Grid,
    goal: &Grid,
    moves: &[Move],
    mut each: impl FnMut(usize, &Grid),
) -> Result<Vec<Vec<Tile>>, SolveError> {
    let mut board = start.clone();
    let mut tiles = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        each(i, &board);
        let slid: Option<Vec<Tile>> = (0..m.count()).map(|_| board.slide(m.direction())).collect();
        match slid {
            Some(slid) if !slid.is_empty() => tiles.push(slid),
            _ => return Err(SolveError::Bug(format!("move {} ({m}) of the solution is illegal (a bug)", i + 1))),
        }
    }
    each(moves.len(), &board);
    if board != *goal {
        return Err(SolveError::Bug("the solution does not reach the goal (a bug)".into()));
    }
    Ok(tiles)
}

/// Every optimal solution of a tile board, counted (and the first ones listed when asked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileCount {
    /// How the moves are counted.
    pub metric: Metric,
    /// The optimal length, in moves of the metric.
    pub length: u32,
    /// How many distinct optimal move sequences there are.
    pub count: u128,
    /// The solutions listed, each as its moves.
    pub solutions: Vec<Vec<Move>>,
    /// The heuristic's name.
    pub heuristic: &'static str,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
}
