//! How many of a distributed enumeration's successors leave their rank's block, on boards
//! too large to enumerate here: the share of moves from uniformly random reachable positions
//! whose successor another rank owns, for the plans of 2 to 1,024 ranks. docs/CLUSTER.md's
//! network estimates for the 4x4 puzzle rest on it; on 3x4 it can be checked against the
//! bytes `fifteen-mpi analyze --layer-log` measures.
//!
//! `cargo run --release -p slide-cluster --example crossing -- 4x4 1000000`

use fifteen::heuristics::TileSpace;
use fifteen::solvable::check_solvable;
use fifteen::{Shape, TilePuzzle};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use slide_cluster::bfs::Plan;
use slide_core::{Puzzle, RankedSpace};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size = args.get(1).map_or("4x4", String::as_str);
    let samples: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let (rows, cols) = size.split_once('x').expect("a size such as 4x4");
    let shape = Shape::new(rows.parse().unwrap(), cols.parse().unwrap()).expect("sides of 2 to 5");
    let goal = TilePuzzle::standard_goal(shape);
    let space = TileSpace::new(TilePuzzle::new(shape, goal).unwrap()).expect("at most 16 cells");
    let plans: Vec<Plan> = [2, 3, 4, 8, 16, 64, 256, 1024].iter().map(|&n| Plan::new(space.state_count(), n)).collect();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(1);
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    let (mut moves, mut crossing) = (0u64, vec![0u64; plans.len()]);
    let mut drawn = 0;
    while drawn < samples {
        cells.shuffle(&mut rng);
        let state = fifteen::TileState::from_cells(&cells);
        if check_solvable(shape, &state, &goal).is_err() {
            continue;
        }
        drawn += 1;
        let r = space.rank(&state);
        space.for_each_successor(&state, |_, next| {
            let s = space.rank(&next);
            moves += 1;
            for (plan, count) in plans.iter().zip(&mut crossing) {
                *count += u64::from(plan.owner(r) != plan.owner(s));
            }
        });
    }
    println!(
        "{size}: {samples} random reachable positions, {moves} moves ({:.4} a position)",
        moves as f64 / samples as f64
    );
    println!("{:>6} {:>16} {:>12}", "ranks", "positions each", "crossing");
    for (plan, count) in plans.iter().zip(&crossing) {
        println!("{:>6} {:>16} {:>11.4}%", plan.ranks, plan.block, 100.0 * *count as f64 / moves as f64);
    }
}
