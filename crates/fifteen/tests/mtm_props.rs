//! Property tests of the multi-tile metric and of solutions written in notation, on boards of
//! every small shape: an optimal multi-tile solution is never longer in moves than the
//! optimal single-tile one (and slides at least as many tiles); both solutions, written in
//! every notation and convention, read back as the same moves and replay to the goal.

use fifteen::play::replay;
use fifteen::{Algorithm, Grid, Metric, Shape, Solver};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64;
use slide_core::answer::SolveRequest;
use slide_core::notation::{read, runs, steps, write, Convention, Move, Notation};
use slide_core::search::Limits;

/// The shapes: every one whose optimal single-tile solutions take milliseconds.
const SHAPES: [(usize, usize); 8] = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (2, 5), (5, 2)];

/// `moves` written in every notation and convention read back as the same single-tile
/// steps; in runs, as the same moves; and replayed from `start`, they reach `goal`.
fn round_trips(start: &Grid, goal: &Grid, moves: &[Move]) -> Result<(), TestCaseError> {
    for convention in Convention::ALL {
        for notation in Notation::ALL {
            let text = write(moves, notation, convention);
            let back = read(&text, convention).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert!(steps(&back).eq(steps(moves)), "{} {}: {}", notation, convention, text);
            if notation == Notation::Runs {
                prop_assert_eq!(&runs(back.iter().copied()), &runs(moves.iter().copied()), "{}", text);
            }
            let end = replay(start, &text, convention).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(&end, goal, "{} {}: {}", notation, convention, text);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn a_multi_tile_solution_is_never_longer_than_the_single_tile_one(
        shape in prop::sample::select(SHAPES.to_vec()),
        seed in any::<u64>(),
    ) {
        let shape = Shape::new(shape.0, shape.1).unwrap();
        let goal = Grid::goal(shape);
        let start = fifteen::scramble::random_grid(&goal, &mut Pcg64::seed_from_u64(seed));
        let stm = fifteen::solve(&start.text()).unwrap();
        let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
        let mtm = Solver::new().metric(Metric::MultiTile).solve(&start, &goal, &request).unwrap();
        prop_assert!(mtm.len() <= stm.len(), "{}: {} multi-tile moves, {} single-tile", start, mtm.len(), stm.len());
        prop_assert!(slide_core::notation::single_tile_length(&mtm.moves) >= stm.len() as u64, "{}", start);
        // A shortest multi-tile solution never moves twice in a row one way: its runs are
        // its moves, so written in runs it reads back move for move.
        prop_assert_eq!(runs(mtm.moves.iter().copied()), mtm.moves.clone());
        round_trips(&start, &goal, &mtm.moves)?;
        round_trips(&start, &goal, &stm.moves)?;
    }
}
