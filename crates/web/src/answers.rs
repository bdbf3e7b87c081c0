//! What the API answers, computed by the puzzle libraries: hints, solutions with their
//! count, depth histograms and shuffled positions. Each function runs on a search thread
//! within the [`Limits`] it is given.
//!
//! Optimal where the solver can be: an answer says how it was found and whether it is
//! optimal. When a search runs out of its budget the answer still comes, marked: a proven
//! lower bound (the heuristic's estimate, which never exceeds the distance, raised to the
//! parity every solution has) and, for a hint, the move the heuristic rates best.

use std::sync::Arc;
use std::time::{Duration, Instant};

use fifteen::heuristics::TileSpace;
use fifteen::solvable::solution_parity;
use fifteen::{Algorithm, Shape, SolveError, TilePuzzle, TileState};
use quzzle::{GoalDistance, GoalDistances, Instance};
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use serde_json::Value;
use slide_core::answer::SolveRequest;
use slide_core::enumerate::{enumerate_within, DepthStore};
use slide_core::search::{LimitHit, Limits};
use slide_core::units::thousands;
use slide_core::{Heuristic, Outcome, Puzzle};

use crate::game::{block_moves, block_text, goat_moves, tile_moves, Game, MoveView, Position, View};
use crate::kept::Kept;
use crate::searches::ApiError;
use crate::tables::Tables;

/// The most moves a scramble may walk.
pub const MAX_SCRAMBLE: u64 = 100_000;

/// The largest tile board whose whole space the page counts (10 cells: 1,814,400 positions).
pub const HISTOGRAM_CELLS: usize = 10;

/// A hint: the distance to the goal and the move to make.
#[derive(Clone, Debug, Serialize)]
pub struct Hint {
    /// Whether the position is a goal already.
    pub solved: bool,
    /// Moves from the position to the goal, when the search finished.
    pub distance: Option<u32>,
    /// A proven lower bound on the distance (the distance itself when it is known).
    pub lower_bound: u32,
    /// Whether `distance` and `next` are optimal (false: the budget ran out first).
    pub optimal: bool,
    /// The goal cannot be reached from the position.
    pub unreachable: bool,
    /// The move to make: the first of an optimal solution, or the heuristic's choice.
    pub next: Option<MoveView>,
    /// The distance after `next`, when it is known.
    pub distance_after: Option<u32>,
    /// How it was found: "IDA* with walking-distance".
    pub method: String,
    /// States generated.
    pub nodes: u64,
    /// Search time in milliseconds.
    pub millis: f64,
    /// What to know about the answer: why it is not optimal, a table not built.
    pub note: Option<String>,
}

/// A solution, played back by the page.
#[derive(Clone, Debug, Serialize)]
pub struct Solved {
    /// Its number of moves (under a block puzzle's metric), when one was found.
    pub length: Option<usize>,
    /// Whether no solution is shorter.
    pub optimal: bool,
    /// A proven lower bound on the distance (the length, when optimal).
    pub lower_bound: u32,
    /// The goal cannot be reached from the position.
    pub unreachable: bool,
    /// The moves.
    pub moves: Vec<MoveView>,
    /// The position after each move.
    pub boards: Vec<View>,
    /// How moves are counted (block puzzles: cell, line or block).
    pub metric: Option<&'static str>,
    /// How it was found.
    pub method: String,
    /// States generated.
    pub nodes: u64,
    /// Search time in milliseconds.
    pub millis: f64,
    /// The number of distinct optimal solutions, when counting them fitted a small budget: a
    /// number, or a string of digits above 2^53.
    pub optimal_solutions: Option<Value>,
    /// Why they were not counted, or what was counted.
    pub count_note: Option<String>,
    /// What to know about the answer.
    pub note: Option<String>,
}

/// The depth histogram of a whole puzzle space, from the goal.
#[derive(Clone, Debug, Serialize)]
pub struct Histogram {
    /// Whether it could be made (small puzzles only).
    pub available: bool,
    /// `histogram[d]`: the positions `d` moves from the goal.
    pub histogram: Vec<u64>,
    /// The positions in all.
    pub states: u64,
    /// The position's distance from the goal, when it is in the space.
    pub depth: Option<u32>,
    /// Why it is not available, or what it counts.
    pub note: String,
    /// Time to make it (0 when it was kept from before).
    pub millis: f64,
}

/// Whole spaces already counted, so that a page that redraws its histogram after every move
/// costs nothing: the depth histograms of tile boards and Goat, and block puzzles' goal
/// distances (which also give their random positions). A few are kept, within
/// [`KEPT_BYTES`].
pub struct Caches {
    histograms: Kept<Vec<u64>>,
    distances: Kept<GoalDistances>,
}

/// How many spaces of each kind are kept.
const KEPT: usize = 8;
/// The bytes the kept block spaces may take in all (each costs tens of bytes a position).
pub const KEPT_BYTES: u64 = 256 << 20;

impl Default for Caches {
    fn default() -> Self {
        // A histogram is a few hundred bytes: the count bounds them.
        Caches { histograms: Kept::new(KEPT, KEPT_BYTES), distances: Kept::new(KEPT, KEPT_BYTES) }
    }
}

impl Caches {
    /// The block spaces kept and the bytes they take.
    pub fn kept_spaces(&self) -> (usize, u64) {
        self.distances.usage()
    }
}

/// The bytes `d` takes: its hash table as allocated, and its histogram.
fn distances_bytes(d: &GoalDistances) -> u64 {
    let entry = std::mem::size_of::<(quzzle::State, u32)>() as u64 + 1;
    d.distances.capacity() as u64 * entry + d.histogram.len() as u64 * 8
}

fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// The least value at or above `h` with the parity every solution has.
fn with_parity(h: u32, parity: Option<u32>) -> u32 {
    match parity {
        Some(p) if h % 2 != p % 2 => h + 1,
        _ => h,
    }
}

/// The successor of `state` that `estimate` rates nearest the goal (the first of equals).
fn best_move<P: Puzzle>(
    puzzle: &P,
    state: &P::State,
    estimate: impl Fn(&P::State) -> u32,
) -> Option<(P::Move, P::State)> {
    let mut best: Option<(u32, P::Move, P::State)> = None;
    puzzle.for_each_successor(state, |mv, child| {
        let e = estimate(&child);
        if best.as_ref().is_none_or(|(b, ..)| e < *b) {
            best = Some((e, mv, child));
        }
    });
    best.map(|(_, mv, child)| (mv, child))
}

fn out_of_budget(hit: LimitHit, what: &str, lower_bound: u32) -> String {
    match hit {
        LimitHit::Interrupted => "the server is stopping".into(),
        hit => format!(
            "no optimal answer within the budget ({hit}): {what}; the goal is at least {} away",
            moves_text(lower_bound)
        ),
    }
}

fn moves_text(n: u32) -> String {
    slide_core::units::quantity(n, "move")
}

fn count_value(count: u128) -> Value {
    // Above 2^53 a JSON number may be rounded by its reader: a string of digits, as the
    // binaries write it.
    if count <= 1 << 53 {
        Value::from(count as u64)
    } else {
        Value::from(count.to_string())
    }
}

/// The limits of counting optimal solutions "where that is cheap": a few seconds and 50
/// million states at most.
fn count_limits(limits: &Limits) -> Limits {
    let cheap = Duration::from_secs(3);
    Limits { timeout: Some(limits.timeout.map_or(cheap, |t| t.min(cheap))), max_nodes: Some(50_000_000), ..*limits }
}

fn solve_error(e: SolveError) -> ApiError {
    match e {
        SolveError::Missed => ApiError::internal(e.to_string()),
        e => ApiError::bad(e.to_string()),
    }
}

/// The next move and the distance from `position`.
pub fn hint(tables: &Tables, game: &Game, position: &Position, limits: &Limits) -> Result<Hint, ApiError> {
    let mut hint = match (game, position) {
        (Game::Tiles { shape, program }, Position::Tiles(state)) => tile_hint(tables, *shape, program, *state, limits)?,
        (Game::Goat, Position::Goat(board)) => goat_hint(tables, *board, limits)?,
        (Game::Blocks(_), Position::Blocks(inst)) => block_hint(inst, limits),
        _ => return Err(ApiError::internal("a position of another game (a bug)")),
    };
    hint.solved = game.solved(position);
    Ok(hint)
}

fn tile_hint(
    tables: &Tables,
    shape: Shape,
    program: &str,
    state: TileState,
    limits: &Limits,
) -> Result<Hint, ApiError> {
    let solver = tables.solver(program);
    let goal = TilePuzzle::standard_goal(shape);
    match solver.solve_request(shape, state, goal, &SolveRequest::new(Algorithm::Idastar, *limits)) {
        Ok(s) => {
            let next = tile_moves(shape, state, &s.moves[..s.moves.len().min(1)]).pop();
            let length = s.len() as u32;
            Ok(Hint {
                solved: false,
                distance: Some(length),
                lower_bound: length,
                optimal: s.optimal,
                unreachable: false,
                distance_after: next.as_ref().map(|_| length - 1),
                next,
                method: format!("IDA* with {}", s.heuristic.name()),
                nodes: s.nodes,
                millis: millis(s.elapsed),
                note: tables.tile_note(shape, s.heuristic),
            })
        }
        Err(SolveError::Limit(hit)) => {
            let puzzle = Game::tile_puzzle(shape);
            let (h, used) = solver.heuristic_for(&puzzle).map_err(solve_error)?;
            let bound = with_parity(h.estimate(&state), Some(solution_parity(shape, &state, &goal)));
            let next =
                best_move(&puzzle, &state, |s| h.estimate(s)).map(|(slide, _)| tile_moves(shape, state, &[slide]));
            let what = format!("the move shown is the one {} rates best", used.name());
            let note = [Some(out_of_budget(hit, &what, bound)), tables.tile_note(shape, used)];
            Ok(estimated(bound, next.and_then(|mut m| m.pop()), format!("IDA* with {}", used.name()), &note))
        }
        Err(e) => Err(solve_error(e)),
    }
}

/// A hint the budget cut short.
fn estimated(bound: u32, next: Option<MoveView>, method: String, notes: &[Option<String>]) -> Hint {
    let note: Vec<&str> = notes.iter().flatten().map(|s| s.as_str()).collect();
    Hint {
        solved: false,
        distance: None,
        lower_bound: bound,
        optimal: false,
        unreachable: false,
        next,
        distance_after: None,
        method,
        nodes: 0,
        millis: 0.0,
        note: Some(note.join("; ")),
    }
}

fn goat_hint(tables: &Tables, board: goat::Board, limits: &Limits) -> Result<Hint, ApiError> {
    let h = tables.goat().map_err(ApiError::internal)?;
    let goal = goat::Board::from_cells(&goat::GOAL);
    let (outcome, stats) = goat::search(board, goal, &h, *limits);
    match outcome {
        Outcome::Found(path) => {
            let length = path.len() as u32;
            let next = goat_moves(&path).into_iter().next();
            Ok(Hint {
                solved: false,
                distance: Some(length),
                lower_bound: length,
                optimal: true,
                unreachable: false,
                distance_after: next.as_ref().map(|_| length - 1),
                next,
                method: "IDA* with Goat's exact table".into(),
                nodes: stats.nodes,
                millis: millis(stats.elapsed),
                note: None,
            })
        }
        Outcome::LimitReached(hit) => {
            let bound = with_parity(h.estimate(&board), Some(board.parity() ^ goal.parity()));
            let next = best_move(&goat::Goat, &board, |s| h.estimate(s)).map(|(mv, child)| {
                let path = slide_core::Path { states: vec![board, child], moves: vec![mv] };
                goat_moves(&path).remove(0)
            });
            let note = out_of_budget(hit, "the move shown is the one the exact table rates best", bound);
            Ok(estimated(bound, next, "IDA* with Goat's exact table".into(), &[Some(note)]))
        }
        Outcome::NoSolution => Err(ApiError::internal("no solution for a Goat position (a bug)")),
    }
}

fn block_hint(inst: &Instance, limits: &Limits) -> Hint {
    let clock = Instant::now();
    let (outcome, stats) = quzzle::solve_instance(inst, quzzle::Algorithm::Bfs, limits);
    let method = format!("breadth-first search, {} metric", inst.board.metric);
    match outcome {
        Outcome::Found(path) => {
            let length = path.len() as u32;
            let next = block_moves(inst, &path.moves[..path.moves.len().min(1)]).pop();
            Hint {
                solved: false,
                distance: Some(length),
                lower_bound: length,
                optimal: true,
                unreachable: false,
                distance_after: next.as_ref().map(|_| length - 1),
                next,
                method,
                nodes: stats.nodes,
                millis: millis(clock.elapsed()),
                note: None,
            }
        }
        Outcome::NoSolution => Hint {
            unreachable: true,
            note: Some("the goal cannot be reached from this position".into()),
            nodes: stats.nodes,
            millis: millis(clock.elapsed()),
            ..estimated(0, None, method, &[])
        },
        Outcome::LimitReached(hit) => {
            let h = GoalDistance::new(&inst.board, &inst.goal);
            let bound = h.estimate(&inst.start);
            let next = best_move(&inst.board, &inst.start, |s| h.estimate(s)).map(|(mv, _)| block_moves(inst, &[mv]));
            let note = out_of_budget(hit, "the move shown is the one the goal blocks' distance rates best", bound);
            estimated(bound, next.and_then(|mut m| m.pop()), method, &[Some(note)])
        }
    }
}

/// An optimal solution from `position`, with the number of optimal solutions when counting
/// them is cheap.
pub fn solve(tables: &Tables, game: &Game, position: &Position, limits: &Limits) -> Result<Solved, ApiError> {
    match (game, position) {
        (Game::Tiles { shape, program }, Position::Tiles(state)) => tile_solve(tables, *shape, program, *state, limits),
        (Game::Goat, Position::Goat(board)) => goat_solve(tables, *board, limits),
        (Game::Blocks(_), Position::Blocks(inst)) => Ok(block_solve(game, inst, limits)),
        _ => Err(ApiError::internal("a position of another game (a bug)")),
    }
}

/// An answer without a solution: the budget ran out, or the goal cannot be reached.
fn unsolved(lower_bound: u32, method: String, note: String) -> Solved {
    Solved {
        length: None,
        optimal: false,
        lower_bound,
        unreachable: false,
        moves: Vec::new(),
        boards: Vec::new(),
        metric: None,
        method,
        nodes: 0,
        millis: 0.0,
        optimal_solutions: None,
        count_note: None,
        note: Some(note),
    }
}

fn counted(outcome: Result<u128, LimitHit>, what: &str) -> (Option<Value>, Option<String>) {
    match outcome {
        Ok(n) => (Some(count_value(n)), Some(what.to_string())),
        Err(hit) => (None, Some(format!("not counted: counting stops at a small budget ({hit})"))),
    }
}

fn tile_solve(
    tables: &Tables,
    shape: Shape,
    program: &str,
    state: TileState,
    limits: &Limits,
) -> Result<Solved, ApiError> {
    let solver = tables.solver(program);
    let goal = TilePuzzle::standard_goal(shape);
    match solver.solve_request(shape, state, goal, &SolveRequest::new(Algorithm::Idastar, *limits)) {
        Ok(s) => {
            let moves = tile_moves(shape, state, &s.moves);
            let game = Game::Tiles { shape, program: "fifteen" };
            let boards = moves.iter().map(|m| view_of(&game, &m.board)).collect::<Result<_, _>>()?;
            let count = solver.count_within(shape, state, goal, false, &count_limits(limits));
            let (optimal_solutions, count_note) = match count {
                Ok(c) => counted(Ok(c.count), "distinct optimal move sequences"),
                Err(SolveError::Limit(hit)) => counted(Err(hit), ""),
                Err(e) => return Err(solve_error(e)),
            };
            Ok(Solved {
                length: Some(s.len()),
                optimal: s.optimal,
                lower_bound: s.len() as u32,
                unreachable: false,
                moves,
                boards,
                metric: None,
                method: format!("IDA* with {}", s.heuristic.name()),
                nodes: s.nodes,
                millis: millis(s.elapsed),
                optimal_solutions,
                count_note,
                note: tables.tile_note(shape, s.heuristic),
            })
        }
        Err(SolveError::Limit(hit)) => {
            let (h, used) = solver.heuristic_for(&Game::tile_puzzle(shape)).map_err(solve_error)?;
            let bound = with_parity(h.estimate(&state), Some(solution_parity(shape, &state, &goal)));
            let mut note = out_of_budget(hit, "no solution to show", bound);
            if let Some(more) = tables.tile_note(shape, used) {
                note = format!("{note}; {more}");
            }
            Ok(unsolved(bound, format!("IDA* with {}", used.name()), note))
        }
        Err(e) => Err(solve_error(e)),
    }
}

fn goat_solve(tables: &Tables, board: goat::Board, limits: &Limits) -> Result<Solved, ApiError> {
    let h = tables.goat().map_err(ApiError::internal)?;
    let goal = goat::Board::from_cells(&goat::GOAL);
    let method = "IDA* with Goat's exact table".to_string();
    let (outcome, stats) = goat::search(board, goal, &h, *limits);
    match outcome {
        Outcome::Found(path) => {
            let moves = goat_moves(&path);
            let boards = path.states[1..].iter().map(|b| Game::Goat.view(&Position::Goat(*b))).collect();
            let (count, _) = goat::count(board, goal, &h, false, count_limits(limits));
            let (optimal_solutions, count_note) = match count {
                Outcome::Found(c) => counted(Ok(c.count), "distinct optimal move sequences (the two ─ are alike)"),
                Outcome::LimitReached(hit) => counted(Err(hit), ""),
                Outcome::NoSolution => (None, None),
            };
            Ok(Solved {
                length: Some(path.len()),
                optimal: true,
                lower_bound: path.len() as u32,
                unreachable: false,
                moves,
                boards,
                metric: None,
                method,
                nodes: stats.nodes,
                millis: millis(stats.elapsed),
                optimal_solutions,
                count_note,
                note: None,
            })
        }
        Outcome::LimitReached(hit) => {
            let bound = with_parity(h.estimate(&board), Some(board.parity() ^ goal.parity()));
            Ok(unsolved(bound, method, out_of_budget(hit, "no solution to show", bound)))
        }
        Outcome::NoSolution => Err(ApiError::internal("no solution for a Goat position (a bug)")),
    }
}

fn view_of(game: &Game, text: &str) -> Result<View, ApiError> {
    let position = game.parse(text).map_err(|e| ApiError::internal(format!("a solution's board: {e} (a bug)")))?;
    Ok(game.view(&position))
}

fn block_solve(game: &Game, inst: &Instance, limits: &Limits) -> Solved {
    let clock = Instant::now();
    let method = format!("breadth-first search, {} metric", inst.board.metric);
    let (outcome, stats) = quzzle::solve_instance(inst, quzzle::Algorithm::Bfs, limits);
    let metric = Some(inst.board.metric.name());
    match outcome {
        Outcome::Found(path) => {
            let moves = block_moves(inst, &path.moves);
            let boards: Result<Vec<View>, ApiError> = moves.iter().map(|m| view_of(game, &m.board)).collect();
            let boards = match boards {
                Ok(b) => b,
                Err(e) => return unsolved(0, method, e.message),
            };
            let (count, _) = quzzle::count(inst, &count_limits(limits));
            let (optimal_solutions, count_note) = match count {
                Outcome::Found((_, n)) => {
                    counted(Ok(n), "distinct optimal solutions (blocks of one size are interchangeable)")
                }
                Outcome::LimitReached(hit) => counted(Err(hit), ""),
                Outcome::NoSolution => (None, None),
            };
            Solved {
                length: Some(path.len()),
                optimal: true,
                lower_bound: path.len() as u32,
                unreachable: false,
                moves,
                boards,
                metric,
                method,
                nodes: stats.nodes,
                millis: millis(clock.elapsed()),
                optimal_solutions,
                count_note,
                note: None,
            }
        }
        Outcome::NoSolution => Solved {
            unreachable: true,
            metric,
            nodes: stats.nodes,
            millis: millis(clock.elapsed()),
            ..unsolved(0, method, "the goal cannot be reached from this position".into())
        },
        Outcome::LimitReached(hit) => {
            let bound = GoalDistance::new(&inst.board, &inst.goal).estimate(&inst.start);
            Solved { metric, ..unsolved(bound, method, out_of_budget(hit, "no solution to show", bound)) }
        }
    }
}

/// The key under which a game's whole space is kept.
fn space_key(game: &Game) -> String {
    match game {
        Game::Tiles { shape, program } => format!("{program} {shape}"),
        Game::Goat => "goat".into(),
        Game::Blocks(inst) => {
            let start = quzzle::parse::render(&inst.board, &inst.blocks);
            format!("blocks {}x{} {start} {} {}", inst.board.rows, inst.board.cols, inst.goal_text, inst.board.metric)
        }
    }
}

/// The goal distances of a block puzzle's whole space (kept for next time when small).
fn block_distances(caches: &Caches, game: &Game, limits: &Limits) -> Result<Arc<GoalDistances>, ApiError> {
    let Game::Blocks(puzzle) = game else { return Err(ApiError::internal("not a block puzzle (a bug)")) };
    let key = space_key(game);
    if let Some(d) = caches.distances.get(&key) {
        return Ok(d);
    }
    let d = quzzle::goal_distances(&puzzle.board, puzzle.start, |s| puzzle.is_goal(s), limits).map(Arc::new).map_err(
        |hit| match hit {
            LimitHit::Interrupted => ApiError::busy("the server is stopping"),
            hit => ApiError::bad(format!(
                "the positions of {} were not all counted within the budget ({hit}): a random position is drawn \
                 from all of them; a scramble needs none",
                puzzle.name
            )),
        },
    )?;
    caches.distances.keep(key, d.clone(), distances_bytes(&d));
    Ok(d)
}

/// The depth histogram of the game's whole space, and where `position` stands in it.
pub fn histogram(
    tables: &Tables,
    caches: &Caches,
    game: &Game,
    position: &Position,
    limits: &Limits,
) -> Result<Histogram, ApiError> {
    let clock = Instant::now();
    let key = space_key(game);
    let unavailable =
        |note: String| Histogram { available: false, histogram: Vec::new(), states: 0, depth: None, note, millis: 0.0 };
    let (histogram, depth, note) = match (game, position) {
        (Game::Tiles { shape, program }, Position::Tiles(state)) => {
            if shape.cells() > HISTOGRAM_CELLS {
                let positions: u128 = (1..=shape.cells() as u128).product::<u128>() / 2;
                return Ok(unavailable(format!(
                    "a {shape} board has {} positions: the page counts boards of at most {HISTOGRAM_CELLS} cells",
                    thousands(positions)
                )));
            }
            let histogram = match caches.histograms.get(&key) {
                Some(h) => h,
                None => {
                    let goal = TilePuzzle::standard_goal(*shape);
                    let space = TileSpace::new(TilePuzzle::new(*shape, goal))
                        .ok_or_else(|| ApiError::internal("no ranked space for a small board (a bug)"))?;
                    let e = match enumerate_within(&space, &[goal], DepthStore::None, limits, &|_| {}) {
                        Ok(e) => e,
                        Err(e) => return Ok(unavailable(format!("the {shape} positions were not counted: {e}"))),
                    };
                    let h = Arc::new(e.histogram);
                    caches.histograms.keep(key, h.clone(), h.len() as u64 * 8);
                    h
                }
            };
            let goal = TilePuzzle::standard_goal(*shape);
            let depth = match tables.solver(program).solve_request(
                *shape,
                *state,
                goal,
                &SolveRequest::new(Algorithm::Idastar, *limits),
            ) {
                Ok(s) => Some(s.len() as u32),
                Err(SolveError::Limit(_)) => None,
                Err(e) => return Err(solve_error(e)),
            };
            (histogram, depth, "positions by their distance from the goal".to_string())
        }
        (Game::Goat, Position::Goat(board)) => {
            let goal = goat::Board::from_cells(&goat::GOAL);
            let histogram = match caches.histograms.get(&key) {
                Some(h) => h,
                None => {
                    let e = match goat::analyze_within(goal, DepthStore::None, limits, &|_| {}) {
                        Ok(e) => e,
                        Err(e) => return Ok(unavailable(format!("Goat's positions were not counted: {e}"))),
                    };
                    let h = Arc::new(e.histogram);
                    caches.histograms.keep(key, h.clone(), h.len() as u64 * 8);
                    h
                }
            };
            let h = tables.goat().map_err(ApiError::internal)?;
            let depth = goat::search(*board, goal, &h, *limits).0.found().map(|p| p.len() as u32);
            (histogram, depth, "positions by their distance from the goal".to_string())
        }
        (Game::Blocks(puzzle), Position::Blocks(inst)) => {
            let d = match block_distances(caches, game, limits) {
                Ok(d) => d,
                Err(e) if e.status == axum::http::StatusCode::BAD_REQUEST => return Ok(unavailable(e.message)),
                Err(e) => return Err(e),
            };
            if d.distances.is_empty() {
                return Ok(unavailable(format!("the goal cannot be reached from {}'s start", puzzle.name)));
            }
            let depth = d.distances.get(&inst.start).copied();
            let note = format!(
                "positions reachable from {}'s start, by their distance from the goal ({} metric)",
                puzzle.name, puzzle.board.metric
            );
            (Arc::new(d.histogram.clone()), depth, note)
        }
        _ => return Err(ApiError::internal("a position of another game (a bug)")),
    };
    Ok(Histogram {
        available: true,
        states: histogram.iter().sum(),
        histogram: histogram.to_vec(),
        depth,
        note,
        millis: millis(clock.elapsed()),
    })
}

fn fresh_rng() -> rand_pcg::Pcg64 {
    use rand::TryRng;
    let seed = rand::rngs::SysRng.try_next_u64().unwrap_or_else(|_| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        now.as_nanos() as u64 ^ u64::from(std::process::id()).rotate_left(32)
    });
    rand_pcg::Pcg64::seed_from_u64(seed)
}

fn walk_error(hit: LimitHit) -> ApiError {
    match hit {
        LimitHit::Interrupted => ApiError::busy("the server is stopping"),
        hit => ApiError::bad(format!("the scramble stopped: {hit}")),
    }
}

/// A uniformly random position that can reach the goal (`moves` = None), or the position
/// `moves` random moves from the goal (tiles, Goat) or from the puzzle's start (block
/// puzzles), never undoing the move before.
pub fn shuffle(caches: &Caches, game: &Game, moves: Option<u64>, limits: &Limits) -> Result<Position, ApiError> {
    if moves.is_some_and(|n| n > MAX_SCRAMBLE) {
        return Err(ApiError::bad(format!("a scramble of {} moves: at most {MAX_SCRAMBLE}", moves.unwrap_or(0))));
    }
    let mut rng = fresh_rng();
    match game {
        Game::Tiles { shape, .. } => {
            let goal = TilePuzzle::standard_goal(*shape);
            let state = match moves {
                None => fifteen::scramble::random_board(*shape, &goal, &mut rng),
                Some(n) => fifteen::scramble::scramble_within(&Game::tile_puzzle(*shape), n as u32, &mut rng, limits)
                    .map_err(walk_error)?,
            };
            Ok(Position::Tiles(state))
        }
        Game::Goat => {
            let goal = goat::Board::from_cells(&goat::GOAL);
            let board = match moves {
                None => goat::rank::unrank(rng.random_range(0..goat::rank::STATE_COUNT)),
                Some(n) => slide_core::search::scramble(&goat::Goat, goal, n, limits, |k| rng.random_range(0..k))
                    .map_err(walk_error)?,
            };
            Ok(Position::Goat(board))
        }
        Game::Blocks(puzzle) => {
            let state = match moves {
                None => {
                    let d = block_distances(caches, game, limits)?;
                    if d.distances.is_empty() {
                        return Err(ApiError::bad(format!(
                            "the goal cannot be reached from {}'s start, so no position is drawn",
                            puzzle.name
                        )));
                    }
                    let k = rng.random_range(0..d.distances.len());
                    *d.distances.keys().nth(k).expect("k is below the count")
                }
                Some(n) => {
                    let cells = puzzle.with_metric(quzzle::Metric::Cell);
                    slide_core::search::scramble(&cells.board, cells.start, n, limits, |k| rng.random_range(0..k))
                        .map_err(walk_error)?
                }
            };
            let text = quzzle::parse::render_canonical(&puzzle.board, &state, &puzzle.blocks);
            game.parse(&block_text(puzzle, &text))
                .map_err(|e| ApiError::internal(format!("a drawn position does not read back: {e} (a bug)")))
        }
    }
}
