//! Boards drawn at random: scrambles (random moves from the goal, as in Lecky's experiments)
//! and uniformly random solvable boards, from any generator (a seeded one repeats its draws).
//! Written once for [`Grid`]s of any size; the functions on packed states convert, and draw
//! the same boards from the same seed.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use slide_core::search::{LimitGuard, LimitHit, Limits};

use crate::solvable::check_solvable_grid;
use crate::{Cell, Grid, Shape, TilePuzzle, TileState};

/// `moves` random moves from `puzzle`'s goal, never undoing the previous one.
pub fn scramble<R: Rng + ?Sized>(puzzle: &TilePuzzle, moves: u32, rng: &mut R) -> TileState {
    scramble_within(puzzle, moves, rng, &Limits::default()).expect("no limits, no limit hit")
}

/// [`scramble`] within `limits` ([`scramble_grid`] on the packed board).
pub(crate) fn scramble_within<R: Rng + ?Sized>(
    puzzle: &TilePuzzle,
    moves: u32,
    rng: &mut R,
    limits: &Limits,
) -> Result<TileState, LimitHit> {
    let shape = puzzle.shape();
    let board = scramble_grid(&Grid::from_state(shape, &puzzle.goal()), moves, rng, limits)?;
    Ok(board.tile_state().expect("the puzzle's shape").1)
}

/// `moves` random moves from `goal`, never undoing the previous one, within `limits`: every
/// move counts as a node, and the clock and the interrupt flag are read every few thousand
/// moves, so that a walk of billions of moves stops at its bound or at Ctrl-C within
/// milliseconds.
pub fn scramble_grid<R: Rng + ?Sized>(goal: &Grid, moves: u32, rng: &mut R, limits: &Limits) -> Result<Grid, LimitHit> {
    let mut guard = LimitGuard::new(limits);
    let mut board = goal.clone();
    let shape = board.shape();
    let mut previous_blank = None;
    for walked in 0..moves {
        if let Some(hit) = guard.check(walked.into()) {
            return Err(hit);
        }
        let mut options = [Cell::new(0); 4];
        let mut n = 0;
        for (from, _) in shape.neighbours(board.blank()) {
            if Some(from) != previous_blank {
                options[n] = from;
                n += 1;
            }
        }
        previous_blank = Some(board.blank());
        board.slide_from(options[rng.random_range(0..n)]);
    }
    Ok(board)
}

/// A uniformly random board of `shape` that can reach `goal` ([`random_grid`] on the packed
/// board).
///
/// # Panics
///
/// If `shape` does not pack ([`Shape::packs`]); [`random_grid`] takes any board.
pub fn random_board<R: Rng + ?Sized>(shape: Shape, goal: &TileState, rng: &mut R) -> TileState {
    assert!(shape.packs(), "a packed board is at most 5x5, not {shape}");
    random_grid(&Grid::from_state(shape, goal), rng).tile_state().expect("the goal's shape").1
}

/// A uniformly random board that can reach `goal`: a uniformly random permutation, with
/// its first two tiles swapped when it is unsolvable (each solvable board is then drawn from
/// exactly two permutations: itself and its swapped twin).
pub fn random_grid<R: Rng + ?Sized>(goal: &Grid, rng: &mut R) -> Grid {
    let shape = goal.shape();
    let mut cells: Vec<u32> = (0..shape.cells() as u32).collect();
    cells.shuffle(rng);
    let board = Grid::from_cells(shape, &cells).expect("a permutation");
    if check_solvable_grid(&board, goal).is_ok() {
        return board;
    }
    let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).take(2).collect();
    cells.swap(tiles[0], tiles[1]);
    Grid::from_cells(shape, &cells).expect("a permutation")
}
