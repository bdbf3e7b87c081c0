//! Boards drawn at random: scrambles (random moves from the goal, as in Lecky's experiments)
//! and uniformly random solvable boards, from any generator (a seeded one repeats its draws).

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use slide_core::search::{LimitGuard, LimitHit, Limits};
use slide_core::Puzzle;

use crate::solvable::check_solvable;
use crate::{Shape, TilePuzzle, TileState};

/// `moves` random moves from `puzzle`'s goal, never undoing the previous one.
pub fn scramble<R: Rng + ?Sized>(puzzle: &TilePuzzle, moves: u32, rng: &mut R) -> TileState {
    scramble_within(puzzle, moves, rng, &Limits::default()).expect("no limits, no limit hit")
}

/// [`scramble`] within `limits`: every move counts as a node, and the clock and the
/// interrupt flag are read every few thousand moves, so that a walk of billions of moves
/// stops at its bound or at Ctrl-C within milliseconds.
pub fn scramble_within<R: Rng + ?Sized>(
    puzzle: &TilePuzzle,
    moves: u32,
    rng: &mut R,
    limits: &Limits,
) -> Result<TileState, LimitHit> {
    let mut guard = LimitGuard::new(limits);
    let mut state = puzzle.goal();
    let mut previous_blank = None;
    for walked in 0..moves {
        if let Some(hit) = guard.check(walked.into()) {
            return Err(hit);
        }
        let mut options = [state; 4];
        let mut n = 0;
        puzzle.for_each_successor(&state, |_, child| {
            if Some(child.blank()) != previous_blank {
                options[n] = child;
                n += 1;
            }
        });
        previous_blank = Some(state.blank());
        state = options[rng.random_range(0..n)];
    }
    Ok(state)
}

/// A uniformly random board that can reach `goal`: a uniformly random permutation, with
/// its first two tiles swapped when it is unsolvable (each solvable board is then drawn from
/// exactly two permutations: itself and its swapped twin).
pub fn random_board<R: Rng + ?Sized>(shape: Shape, goal: &TileState, rng: &mut R) -> TileState {
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    cells.shuffle(rng);
    let board = TileState::from_cells(&cells);
    if check_solvable(shape, &board, goal).is_ok() {
        return board;
    }
    let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).take(2).collect();
    cells.swap(tiles[0], tiles[1]);
    TileState::from_cells(&cells)
}
