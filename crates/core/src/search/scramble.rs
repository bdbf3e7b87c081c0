//! A scramble of N random moves over any puzzle, for the puzzles that have no sampler of their
//! own (Goat, the block puzzles; `fifteen` has a faster one for tiles). The random walks that
//! search for a solution are [`super::random_walks`].

use super::{LimitGuard, LimitHit, Limits};
use crate::Puzzle;

/// The state `moves` random moves away from `start`, no move going straight back to the
/// state just left (which would waste two moves of the walk) unless it is the only move.
///
/// - `pick(n)` chooses one of `n` moves: a number below `n`. Pass a random generator's
///   `random_range(0..n)`; this crate needs no random-number crate, and a seeded generator
///   repeats its walks.
/// - `limits`: each move counts as a node, and the clock and the interrupt flag are read
///   every few thousand moves; a bound hit ends the walk with its [`LimitHit`].
///
/// A state without any move ends the walk early, where it is.
///
/// # Example
/// ```
/// use slide_core::{search::scramble, Limits, Puzzle};
/// // A line of cells 0..=9; a move steps one cell left or right.
/// struct Line;
/// impl Puzzle for Line {
///     type State = u8;
///     type Move = i8;
///     fn for_each_successor<F: FnMut(i8, u8)>(&self, s: &u8, mut visit: F) {
///         if *s > 0 { visit(-1, s - 1) }
///         if *s < 9 { visit(1, s + 1) }
///     }
/// }
/// // Always the first move: from 0 the walk can only go right, and never turns back.
/// assert_eq!(scramble(&Line, 0, 5, &Limits::default(), |_| 0), Ok(5));
/// ```
pub fn scramble<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    moves: u64,
    limits: &Limits,
    mut pick: impl FnMut(usize) -> usize,
) -> Result<P::State, LimitHit> {
    let mut guard = LimitGuard::new(limits);
    let (mut state, mut previous) = (start, None);
    let mut options = Vec::new();
    for walked in 0..moves {
        if let Some(hit) = guard.check(walked) {
            return Err(hit);
        }
        options.clear();
        puzzle.for_each_successor(&state, |_, child| options.push(child));
        if options.len() > 1 {
            options.retain(|child| Some(*child) != previous);
        }
        if options.is_empty() {
            break;
        }
        let next = options[pick(options.len()).min(options.len() - 1)];
        previous = Some(state);
        state = next;
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring of `n` states; a move steps to either neighbour.
    struct Ring(u32);
    impl Puzzle for Ring {
        type State = u32;
        type Move = ();
        fn for_each_successor<F: FnMut((), u32)>(&self, s: &u32, mut visit: F) {
            visit((), (s + 1) % self.0);
            visit((), (s + self.0 - 1) % self.0);
        }
    }

    #[test]
    fn a_walk_never_steps_back_and_honours_its_bound() {
        // Whatever is picked, the walk never goes back, so on a ring it goes round one way.
        let mut flip = 0;
        let end = scramble(&Ring(7), 0, 10, &Limits::default(), |n| {
            flip += 1;
            flip % n
        });
        // Ten steps one way round a ring of seven, from 0: to 3 (upwards) or 4 (downwards).
        assert!(end == Ok(3) || end == Ok(4), "{end:?}");
        assert_eq!(scramble(&Ring(7), 3, 0, &Limits::default(), |_| 0), Ok(3));
        assert_eq!(scramble(&Ring(7), 0, 100, &Limits::nodes(5), |_| 0), Err(LimitHit::Nodes(5)));
    }
}
