//! The tile facade's records: a [`TileSolution`] of any engine and metric becomes a
//! [`Solution`] record here, once, replayed from its start (the tiles each move slides, the
//! boards asked for); a [`TileCount`] becomes a [`Count`] record.

use serde::Serialize;
use slide_core::answer::{Algorithm, AnswerError, Count, CountRequest, Listed, Solution, SolveRequest, Tally, Words};
use slide_core::notation::{write, Move};
use slide_core::search::Weight;
use slide_core::units::{quantity, thousands};
use slide_core::Direction;

use super::{TileInput, Tiles};
use crate::solver::{replay, Report, TileCount, TileSolution};
use crate::{Grid, Metric, Tile};

/// An input's keys in records: `rows`, `cols`, `start`, `goal`.
#[derive(Clone, Debug, Serialize)]
pub struct TileFields {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The start's tiles, row-major (0 the blank).
    pub start: Vec<u16>,
    /// The goal's.
    pub goal: Vec<u16>,
}

impl From<&TileInput> for TileFields {
    fn from(input: &TileInput) -> Self {
        let shape = input.start.shape();
        TileFields {
            rows: shape.rows(),
            cols: shape.cols(),
            start: input.start.cells().to_vec(),
            goal: input.goal.cells().to_vec(),
        }
    }
}

/// The first walk that reached the goal (`first` of a random-walk record).
#[derive(Clone, Debug, Serialize)]
pub struct FirstWalk {
    /// Which walk, from 1.
    pub walk: u64,
    /// Its moves.
    pub length: usize,
    /// The direction of each.
    pub moves: Vec<String>,
    /// The tile each moves.
    pub pieces: Vec<Tile>,
}

/// What an algorithm that is not optimal guarantees and found besides: the keys after the
/// shared ones.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(untagged)]
pub enum TileDetails {
    /// The optimal searches say nothing more.
    #[default]
    None,
    /// Depth-first search with a visited set.
    Dfs {
        /// Its bound (null: none).
        max_depth: Option<u32>,
    },
    /// Random walks.
    Walks {
        /// The most moves of a walk.
        max_depth: u32,
        /// Whether dead ends were remembered.
        informed: bool,
        /// Whether walks preferred moves lowering the heuristic.
        greedy: bool,
        /// Walks made.
        walks: u64,
        /// Walks that reached the goal.
        succeeded: u64,
        /// The walk whose solution is given.
        best_walk: u64,
        /// The first walk that reached the goal.
        first: FirstWalk,
        /// Informed walks: dead ends remembered.
        #[serde(skip_serializing_if = "Option::is_none")]
        dead_ends: Option<u64>,
        /// Informed walks: walks that gave up on one.
        #[serde(skip_serializing_if = "Option::is_none")]
        cut: Option<u64>,
    },
    /// Weighted A*.
    Weighted {
        /// The weight whose guarantee the solution carries.
        weight: f64,
        /// The weight asked for, when the solution is a larger weight's (a bound stopped it).
        #[serde(skip_serializing_if = "Option::is_none")]
        weight_asked: Option<f64>,
        /// `length <= W x optimal`, or `optimal`.
        guarantee: String,
    },
    /// The staged solver.
    Fast {
        /// Lines filled, plus the last optimal part.
        stages: usize,
    },
    /// An optimal solution in the multi-tile metric.
    Mtm {
        /// `mtm`.
        metric: &'static str,
        /// The tiles slid in all: the solution's length counted one tile at a time.
        slides: u64,
    },
}

/// A solution as boards and moves, for pictures.
#[derive(Clone, Debug)]
pub struct TilePath {
    /// The start.
    pub start: Grid,
    /// The goal.
    pub goal: Grid,
    /// The direction of each move.
    pub moves: Vec<Direction>,
    /// Boards worth drawing in a sampled picture, as (moves made, what was done): the end of
    /// each stage of the staged solver.
    pub marks: Vec<(usize, String)>,
}

/// An analysed space's keys: `rows`, `cols`, `goal`, `start` (when the enumeration started
/// elsewhere) and `memory_bytes`.
#[derive(Clone, Debug, Serialize)]
pub struct SpaceFields {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The goal's tiles.
    pub goal: Vec<u8>,
    /// Where the enumeration started, when not at the goal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Vec<u8>>,
    /// The enumeration's working memory.
    pub memory_bytes: u64,
    /// How moves were counted, when not one tile at a time (`mtm`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<&'static str>,
}

/// A made board's keys: `rows`, `cols`, `board`.
#[derive(Clone, Debug, Serialize)]
pub struct MadeBoard {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Its tiles, row-major.
    pub board: Vec<u16>,
}

/// A board for a text header: its BOARD text, or (past 100 cells) its first cells.
pub(crate) fn title(board: &Grid) -> String {
    let shape = board.shape();
    if shape.cells() <= 100 {
        return format!("{} ({shape})", board.text());
    }
    let first: Vec<String> = board.cells()[..12].iter().map(|t| t.to_string()).collect();
    format!("{} ... ({shape}, {} cells; --json gives them all)", first.join(" "), thousands(shape.cells() as u64))
}

/// A move in words: the tiles it slides, then the way (`12 down`, `7 8 left`).
fn step(tiles: &[Tile], d: Direction) -> String {
    let named: Vec<String> = tiles.iter().map(Tile::to_string).collect();
    format!("{} {}", named.join(" "), d.name().to_lowercase())
}

/// A move's words in JSON: its way once per tile slid (`"Right"`, `"Right Right"`, as
/// quzzle's line metric writes them).
fn way(m: Move) -> String {
    vec![m.direction().name(); m.count() as usize].join(" ")
}

/// Weighted A*'s guarantee, for the weight asked and the one the solution carries (larger
/// when a bound stopped the search and the best so far came back).
fn weighted_details(asked: Weight, weight: Weight) -> (TileDetails, String) {
    let guarantee = match weight == Weight::ONE {
        true => "optimal".to_string(),
        false => format!("length <= {weight} x optimal"),
    };
    let note = format!("weighted A* with W = {weight}: {guarantee}");
    let details = TileDetails::Weighted {
        weight: weight.value(),
        weight_asked: (weight != asked).then_some(asked.value()),
        guarantee,
    };
    (details, note)
}

/// What an algorithm guarantees and found besides the shared keys, as keys and as lines
/// for people.
fn details(s: &TileSolution) -> Result<(TileDetails, Vec<String>), AnswerError> {
    if s.metric == Metric::MultiTile {
        let slides = slide_core::notation::single_tile_length(&s.moves);
        let note = format!(
            "multi-tile metric: {} sliding {} in all",
            quantity(s.len() as u64, "move"),
            quantity(slides, "tile")
        );
        return Ok((TileDetails::Mtm { metric: Metric::MultiTile.name(), slides }, vec![note]));
    }
    match (&s.algorithm, &s.report) {
        (Algorithm::Fast, Report::Staged { stages }) => {
            let gap = s.moves.len() as f64 / s.lower_bound.max(1) as f64;
            let note = format!(
                "the staged solver: {} (lines filled one by one, the last part solved optimally); {gap:.2} times \
                 the proven lower bound",
                quantity(stages.len() as u64, "stage")
            );
            Ok((TileDetails::Fast { stages: stages.len() }, vec![note]))
        }
        (&Algorithm::Dfs { max_depth }, _) => {
            let note = match max_depth {
                Some(d) => format!(
                    "the shortest solution met by depth-first search with a visited set within {}",
                    quantity(d, "move")
                ),
                None => "the first solution met by depth-first search with a visited set".to_string(),
            };
            Ok((TileDetails::Dfs { max_depth }, vec![note]))
        }
        (Algorithm::RandomWalk(w), Report::Walks(r)) => {
            let (first_walk, first) = &r.first;
            let tiles: Vec<Tile> = replay(&s.start, &s.goal, first, |_, _| ())?.into_iter().flatten().collect();
            let which = match *first_walk == r.best_walk {
                true => format!("the first, walk {}, is the best", thousands(*first_walk)),
                false => format!(
                    "the first, walk {}, took {}; the best is walk {}'s",
                    thousands(*first_walk),
                    quantity(first.len() as u64, "move"),
                    thousands(r.best_walk)
                ),
            };
            let mut notes = vec![format!(
                "{} of {} (at most {} each, then fewer than the best) reached the goal; {which}",
                thousands(r.succeeded),
                quantity(r.walks, "random walk"),
                quantity(w.max_depth, "move"),
            )];
            if w.informed {
                notes.push(format!(
                    "informed: {} remembered, {} gave up on one",
                    quantity(r.dead_ends.0, "dead end"),
                    quantity(r.dead_ends.1, "walk")
                ));
            }
            let details = TileDetails::Walks {
                max_depth: w.max_depth,
                informed: w.informed,
                greedy: w.greedy,
                walks: r.walks,
                succeeded: r.succeeded,
                best_walk: r.best_walk,
                first: FirstWalk {
                    walk: *first_walk,
                    length: first.len(),
                    moves: first.iter().map(|&m| way(m)).collect(),
                    pieces: tiles,
                },
                dead_ends: w.informed.then_some(r.dead_ends.0),
                cut: w.informed.then_some(r.dead_ends.1),
            };
            Ok((details, notes))
        }
        (&Algorithm::Weighted { weight: asked }, Report::Weighted { weight }) => {
            let (details, note) = weighted_details(asked, *weight);
            Ok((details, vec![note]))
        }
        _ => Ok((TileDetails::None, Vec::new())),
    }
}

/// The record of `solution` for `input`: the moves replayed from the start (each must be
/// legal and the last must reach the goal), the tiles they slide, the boards asked for.
pub(super) fn record(
    input: &TileInput,
    solution: TileSolution,
    request: &SolveRequest,
) -> Result<Solution<Tiles>, AnswerError> {
    slide_core::answer::check_record_fits(solution.len() as u64, false, &request.limits)?;
    let mut boards = Vec::new();
    let mut shown = slide_core::answer::shown_boards(solution.len()).peekable();
    let tiles = replay(&solution.start, &solution.goal, &solution.moves, |i, board| {
        if request.boards && shown.next_if_eq(&i).is_some() {
            boards.push(board.rows_text());
        }
    })?;
    let (details, notes) = details(&solution)?;
    let moves = &solution.moves;
    let marks = match solution.report {
        Report::Staged { ref stages } => stages.clone(),
        _ => Vec::new(),
    };
    Ok(Solution {
        input: input.into(),
        after: None,
        length: moves.len(),
        optimal: solution.optimal,
        moves: moves.iter().map(|&m| way(m)).collect(),
        pieces: tiles.iter().map(|t| *t.last().expect("a move slides a tile")).collect(),
        notation: Some(write(moves, request.style.notation, request.style.convention)),
        nodes: solution.nodes,
        millis: solution.elapsed.into(),
        heuristic: solution.heuristic.to_string(),
        algorithm: solution.algorithm.name().to_string(),
        lower_bound: Some(solution.lower_bound),
        seed: match request.algorithm {
            Algorithm::RandomWalk(w) => Some(w.seed),
            _ => None,
        },
        stopped: solution.stopped,
        details,
        words: Words {
            title: title(&input.start),
            steps: moves.iter().zip(&tiles).map(|(m, t)| step(t, m.direction())).collect(),
            boards,
            notes,
        },
        path: TilePath {
            start: solution.start.clone(),
            goal: solution.goal.clone(),
            moves: slide_core::notation::steps(moves).collect(),
            marks,
        },
    })
}

/// The record of `counted` for `input`: each solution listed replayed from the start.
pub(super) fn count_record(
    input: &TileInput,
    counted: TileCount,
    request: &CountRequest,
) -> Result<Count<Tiles>, AnswerError> {
    let listed = |moves: &Vec<Move>| -> Result<Listed<Tile>, AnswerError> {
        let tiles = replay(&input.start, &input.goal, moves, |_, _| ())?;
        Ok(Listed {
            moves: moves.iter().map(|&m| way(m)).collect(),
            pieces: tiles.iter().map(|t| *t.last().expect("a move slides a tile")).collect(),
            notation: Some(write(moves, request.style.notation, request.style.convention)),
            steps: moves.iter().zip(&tiles).map(|(m, t)| step(t, m.direction())).collect(),
        })
    };
    let solutions = counted.solutions.iter().map(listed).collect::<Result<Vec<_>, _>>()?;
    let title = match counted.metric {
        Metric::MultiTile => format!("{} in the multi-tile metric", title(&input.start)),
        Metric::SingleTile => title(&input.start),
    };
    Ok(Count {
        input: input.into(),
        length: counted.length,
        count: Tally(counted.count),
        nodes: counted.nodes,
        millis: counted.elapsed.into(),
        heuristic: Some(counted.heuristic.to_string()),
        solutions: request.list.map(|_| solutions),
        words: Words { title, ..Words::default() },
    })
}
