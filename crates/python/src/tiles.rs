//! What only tile boards do, in bulk: heuristic values and exact distances of many boards
//! (training labels), and boards made by the thousand (`fifteen random` and `fifteen
//! scramble`'s sequences), each board of a batch checked as the binaries check it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use fifteen::facade::Tiles;
use fifteen::solvable::check_solvable_grid;
use fifteen::{AnyHeuristic, Grid, Shape, TilePuzzle, TileState};
use rand::SeedableRng;
use rayon::prelude::*;
use slide_core::answer::{AnswerError, Cause, Facade, Make};
use slide_core::search::{LimitHit, Limits};

use crate::boards::Boards;
use crate::engine::{Ask, Bounds, Making};

/// Boards checked and looked up per task: small enough that Ctrl-C is seen within
/// milliseconds, large enough that a task's overhead is nothing.
const CHUNK: usize = 4096;

/// The boards of a batch as cells, all of one shape, each read as the binaries read it.
struct Cells {
    shape: Shape,
    goal: Grid,
    cells: Vec<u16>,
}

/// `e`, about board `i` of a batch.
pub fn at(i: usize, e: AnswerError) -> AnswerError {
    e.context(format!("boards[{i}]"))
}

/// The cells of `boards`, read by `tiles` (the first board gives the shape every other must
/// have). An array's boards are checked by [`state`] later, in bulk; a list's are read here.
fn cells(tiles: &Tiles, boards: &Boards) -> Result<Cells, AnswerError> {
    if boards.is_empty() {
        return Err(AnswerError::Input("no boards given".into()));
    }
    let first = tiles.parse(&boards.text(0)).map_err(|e| at(0, e))?;
    let shape = first.start().shape();
    let goal = first.goal().clone();
    let cells = match boards {
        Boards::Cells { cells, width, .. } if *width == shape.cells() => cells.clone(),
        Boards::Cells { .. } => return Err(AnswerError::Bug("a board's width is not its shape's (a bug)".into())),
        Boards::Texts(texts) => {
            let mut cells = Vec::with_capacity(texts.len() * shape.cells());
            for (i, text) in texts.iter().enumerate() {
                let input = tiles.parse(text).map_err(|e| at(i, e))?;
                let found = input.start().shape();
                if found != shape {
                    return Err(at(
                        i,
                        AnswerError::Input(format!("a {found} board among {shape} boards (boards[0])").into()),
                    ));
                }
                cells.extend_from_slice(input.start().cells());
            }
            cells
        }
    };
    Ok(Cells { shape, goal, cells })
}

/// The packed state of one board's cells, when they are a permutation of `0..cells`.
#[inline]
fn state(row: &[u16]) -> Option<TileState> {
    let mut seen = 0u32;
    let mut bytes = [0u8; 25];
    for (slot, &tile) in bytes.iter_mut().zip(row) {
        if usize::from(tile) >= row.len() || seen & (1 << tile) != 0 {
            return None;
        }
        seen |= 1 << tile;
        *slot = tile as u8;
    }
    Some(TileState::from_cells(&bytes[..row.len()]))
}

/// Why board `i` of `cells` was refused: the message the binaries give for it.
fn refusal(tiles: &Tiles, cells: &Cells, i: usize) -> AnswerError {
    let width = cells.shape.cells();
    let row: Vec<u32> = cells.cells[i * width..(i + 1) * width].iter().map(|&t| u32::from(t)).collect();
    let why = match Grid::from_cells(cells.shape, &row) {
        Err(e) => AnswerError::Input(Cause::new(e)),
        Ok(start) => match check_solvable_grid(&start, &cells.goal) {
            Err(e) => AnswerError::Input(Cause::new(e)),
            // Read as text, the board may say more (a size the facade refuses).
            Ok(()) => match tiles.parse(&start.text()) {
                Err(e) => e,
                Ok(_) => AnswerError::Bug("a board refused in bulk is a good board (a bug)".into()),
            },
        },
    };
    at(i, why)
}

/// The heuristic `h` of every board of `cells`, in parallel: -1 marks a board that is no
/// permutation or cannot reach the goal.
fn estimates(h: &AnyHeuristic, cells: &Cells, interrupt: &AtomicBool) -> Result<Vec<i32>, AnswerError> {
    let width = cells.shape.cells();
    let n = cells.cells.len() / width;
    let mut out = vec![0i32; n];
    let solvable = |s: &TileState| check_solvable_grid(&Grid::from_state(cells.shape, s), &cells.goal).is_ok();
    out.par_chunks_mut(CHUNK).zip(cells.cells.par_chunks(CHUNK * width)).try_for_each(|(out, rows)| {
        if interrupt.load(Ordering::Relaxed) {
            return Err(AnswerError::from(LimitHit::Interrupted));
        }
        for (value, row) in out.iter_mut().zip(rows.chunks_exact(width)) {
            *value = match state(row) {
                Some(s) if solvable(&s) => h.estimate(&s) as i32,
                _ => -1,
            };
        }
        Ok(())
    })?;
    Ok(out)
}

/// What `distance` gives for `boards`: `heuristic`'s value of each (None: the exact distance,
/// from the exact table where one serves the shape, else by IDA* with the strongest
/// heuristic), as `making` describes the puzzle (size, goal, tables).
pub fn distances(
    making: &Making,
    boards: &Boards,
    bounds: Bounds,
    interrupt: &'static AtomicBool,
) -> Result<Vec<i32>, AnswerError> {
    let exact = making.heuristic.is_none();
    let named = match exact {
        true => Making { heuristic: Some("exact".into()), ..making.clone() },
        false => making.clone(),
    };
    let tiles = named.tiles()?;
    let cells = cells(&tiles, boards)?;
    let puzzle = cells.goal.tile_state().and_then(|(_, goal)| TilePuzzle::new(cells.shape, goal)).ok_or_else(|| {
        AnswerError::Input(
            format!(
                "a {} board is too large for distance: heuristics and exact distances take boards of 2 to 5 rows and \
             2 to 5 columns, up to 5x5",
                cells.shape
            )
            .into(),
        )
    })?;
    let heuristic = tiles.solver().heuristic_for(&puzzle).map(|(h, _)| h);
    let h = match (heuristic, exact) {
        (Ok(h), _) => h,
        // No exact table serves this shape (past 12 cells), or it is not built: search.
        (Err(_), true) => return searched(making, &tiles, &cells, bounds, interrupt),
        (Err(e), false) => return Err(e.into()),
    };
    let out = estimates(&h, &cells, interrupt)?;
    match out.iter().position(|&v| v < 0) {
        Some(i) => Err(refusal(&tiles, &cells, i)),
        None => Ok(out),
    }
}

/// The exact distance of every board of `cells` by IDA* (the puzzle's strongest heuristic),
/// boards in parallel; a bound that stops one stops them all.
fn searched(
    making: &Making,
    tiles: &Tiles,
    cells: &Cells,
    bounds: Bounds,
    interrupt: &'static AtomicBool,
) -> Result<Vec<i32>, AnswerError> {
    let width = cells.shape.cells();
    let n = cells.cells.len() / width;
    // Every board checked first, so that a bad one is said before any search.
    if let Some(i) = (0..n).find(|&i| {
        let row = &cells.cells[i * width..(i + 1) * width];
        state(row).is_none_or(|s| check_solvable_grid(&Grid::from_state(cells.shape, &s), &cells.goal).is_err())
    }) {
        return Err(refusal(tiles, cells, i));
    }
    let engine = making.engine()?;
    let request = Ask::default().request(&*engine, bounds.limits(interrupt)?)?;
    let texts: Vec<String> = cells
        .cells
        .chunks_exact(width)
        .map(|row| Grid::from_cells(cells.shape, &row.iter().map(|&t| u32::from(t)).collect::<Vec<_>>()))
        .map(|g| g.map(|g| g.text()).map_err(|e| AnswerError::Input(Cause::new(e))))
        .collect::<Result<_, _>>()?;
    texts
        .par_iter()
        .enumerate()
        .map(|(i, text)| {
            engine.solve(text, None, &request).map(|s| s.length as i32).map_err(|e| {
                interrupt.store(true, Ordering::Relaxed);
                at(i, e)
            })
        })
        .collect()
}

/// `n` boards made by `how` from the generator seeded with `seed` (the binaries' `random` and
/// `scramble` with `--seed`: the same boards in the same order), as cells row after row, with
/// their shape.
pub fn make_boards(
    making: &Making,
    how: Make,
    n: usize,
    seed: u64,
    limits: &Limits,
) -> Result<(Vec<u16>, Shape), AnswerError> {
    let tiles: Arc<Tiles> = making.tiles()?;
    let shape = tiles.shape()?;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut cells = Vec::with_capacity(n.saturating_mul(shape.cells()).min(1 << 30));
    let guard = slide_core::search::LimitGuard::new(limits);
    for i in 0..n {
        if i % CHUNK == 0 {
            if let Some(hit) = guard.check_time() {
                return Err(hit.into());
            }
        }
        let made = tiles.make(how, &mut rng, limits)?;
        cells.extend_from_slice(&made.board.board);
    }
    Ok((cells, shape))
}

/// Korf's 100 random 15-puzzles (1985), turned to the goal `1 2 ... 15 0` (a half turn and
/// each tile t relabelled 16 - t: the same optimal lengths), with their optimal lengths.
pub fn korf100() -> (Vec<u8>, Vec<i32>) {
    let instances = slide_data::instances::KORF100_GOAL_BLANK_LAST.instances();
    let cells = instances.iter().flat_map(|i| i.tiles.iter().copied()).collect();
    // Lengths of at most 80 (the 15-puzzle's diameter): NumPy's int32 holds them.
    let lengths = instances.iter().map(|i| i.optimal_length as i32).collect();
    (cells, lengths)
}
