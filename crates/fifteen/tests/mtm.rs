//! The multi-tile metric against independent methods.
//!
//! The independent method is a plain breadth-first search over [`Grid`]s in a hash map,
//! whose moves are the notation's moves played by `fifteen::play` (one tile at a time):
//! nothing of `fifteen::mtm` but the answers it checks. On every 3x3 and 2x4 board it gives
//! the exact distance, against which the whole-space enumeration (every board), IDA* with
//! walking distance (every 3x3 and 2x4 board) and with the other heuristics (samples), the
//! heuristics' admissibility (every board) and the counts of optimal solutions (by dynamic
//! programming over the distances) are checked; on 3x4, boards a few moves from the goal
//! are checked against slide-core's generic BFS, and uniformly random boards against a
//! breadth-first search from both ends over grids. The multi-tile length is never above the
//! single-tile one, and never below it divided by the longest slide.

use std::collections::{HashMap, VecDeque};

use fifteen::mtm::{
    analyze, pack, AnyMtmHeuristic, Jumps, MtmHeuristic, MtmHeuristicChoice, MtmPuzzle, MtmSpace, MtmWalkingDistance,
};
use fifteen::play::replay;
use fifteen::{Algorithm, Grid, Metric, Shape, SolveError, Solver, TilePuzzle, TileSolution};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;
use slide_core::answer::{CountRequest, SolveRequest};
use slide_core::enumerate::{enumerate, DepthStore};
use slide_core::notation::{read, write, Convention, Move, Notation};
use slide_core::search::{bfs, Limits};
use slide_core::{Direction, Puzzle, RankedSpace};

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).unwrap()
}

/// A solver in the multi-tile metric with heuristic `choice`.
fn solver(choice: MtmHeuristicChoice) -> Solver {
    Solver::new().metric(Metric::MultiTile).mtm_heuristic(choice)
}

/// A shortest solution of `start` towards `goal` in the multi-tile metric, within `limits`.
fn solve(solver: &Solver, start: &Grid, goal: &Grid, limits: Limits) -> Result<TileSolution, SolveError> {
    solver.solve(start, goal, &SolveRequest::new(Algorithm::Idastar, limits))
}

/// Every move of the multi-tile metric on `board`, played on the grid as single slides.
fn grid_moves(board: &Grid) -> Vec<(Move, Grid)> {
    let side = board.shape().rows().max(board.shape().cols()) as u32;
    let mut out = Vec::new();
    for d in Direction::ALL {
        for count in 1..side {
            // `count` tiles sliding `d` in one move: `count` single slides `d`.
            if let Ok(b) = board.try_play(&vec![d; count as usize]) {
                out.push((Move::new(d, count).unwrap(), b));
            }
        }
    }
    out
}

/// Every board reachable from `goal`, with its distance in the multi-tile metric: the
/// independent method, a breadth-first search over grids in a hash map.
fn grid_bfs(goal: &Grid) -> HashMap<Grid, u32> {
    let mut distance = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(b) = queue.pop_front() {
        let d = distance[&b];
        for (_, child) in grid_moves(&b) {
            distance.entry(child.clone()).or_insert_with(|| {
                queue.push_back(child);
                d + 1
            });
        }
    }
    distance
}

/// A random walk of `moves` moves from `from`.
fn walk(from: &Grid, moves: usize, rng: &mut Pcg64) -> Grid {
    let mut b = from.clone();
    for _ in 0..moves {
        let next = grid_moves(&b);
        b = next[rng.random_range(0..next.len())].1.clone();
    }
    b
}

#[test]
fn the_moves_are_the_notations_moves_on_every_shape() {
    let mut rng = Pcg64::seed_from_u64(1);
    for (r, c) in [(2, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 4), (2, 6), (5, 5)] {
        let goal = Grid::goal(shape(r, c));
        let puzzle = MtmPuzzle::new(&goal).unwrap();
        let mut board = goal.clone();
        for _ in 0..200 {
            let mut ours = Vec::new();
            puzzle.for_each_successor(&pack(&board).unwrap(), |m, child| {
                assert_eq!(child.blank(), m.to, "{m:?}");
                ours.push((m.notation(), Grid::from_state(board.shape(), &child)));
            });
            let mut theirs = grid_moves(&board);
            let key = |x: &(Move, Grid)| (x.0.to_string(), x.1.text());
            ours.sort_by_key(key);
            theirs.sort_by_key(key);
            assert_eq!(ours, theirs, "{r}x{c}: {board}");
            board = walk(&board, 1, &mut rng);
        }
    }
}

#[test]
fn the_8_puzzle_has_radius_24_and_every_distance_agrees() {
    let goal = Grid::goal(shape(3, 3));
    let truth = grid_bfs(&goal);
    let e = analyze(&goal, DepthStore::Bytes, &Limits::default(), &|_| {}).unwrap();
    assert_eq!((e.states(), e.max_depth()), (181_440, 24));
    assert_eq!(truth.len(), 181_440);
    assert_eq!(truth.values().max(), Some(&24));
    let mut histogram = vec![0u64; 25];
    for d in truth.values() {
        histogram[*d as usize] += 1;
    }
    assert_eq!(e.histogram, histogram);
    let space = MtmSpace::new(MtmPuzzle::new(&goal).unwrap()).unwrap();
    let table = e.depths.unwrap();
    for (board, &d) in &truth {
        assert_eq!(table.get(space.rank(&pack(board).unwrap())) as u32, d, "{board}");
    }
    let antipodes: Vec<Grid> = e.antipodes.iter().map(|s| Grid::from_state(goal.shape(), s)).collect();
    assert!(antipodes.iter().all(|a| truth[a] == 24));
    assert_eq!(antipodes.len(), histogram[24] as usize);
}

/// The heuristics built without a table, walking distance first.
const BUILT: [MtmHeuristicChoice; 3] =
    [MtmHeuristicChoice::WalkingDistance, MtmHeuristicChoice::Manhattan, MtmHeuristicChoice::None];

/// Every board of a shape with its true distance, and the heuristics checked on each: IDA*
/// with walking distance solves every board, and one board in `sample` is solved with
/// another heuristic too.
fn check_shape(rows: usize, cols: usize, sample: usize, seed: u64) {
    let goal = Grid::goal(shape(rows, cols));
    let truth = grid_bfs(&goal);
    let puzzle = MtmPuzzle::new(&goal).unwrap();
    let heuristics: Vec<AnyMtmHeuristic> =
        BUILT.into_iter().map(|c| AnyMtmHeuristic::build(&puzzle, c).unwrap()).collect();
    let wd = MtmWalkingDistance::new(&puzzle, Jumps::Any).unwrap();
    let mut sums = [0u64; 2];
    for (board, &d) in &truth {
        let state = pack(board).unwrap();
        let h = wd.estimate_view(&state).0;
        let m = fifteen::mtm::MtmManhattan::new(&puzzle).unwrap().estimate_view(&state).0;
        assert!(h <= d && m <= d, "{board}: distance {d}, walking distance {h}, manhattan {m}");
        sums[0] += h as u64;
        sums[1] += m as u64;
    }
    let n = truth.len() as f64;
    println!(
        "{rows}x{cols}: mean distance {:.2}, walking distance {:.2}, manhattan {:.2}",
        truth.values().map(|&d| d as f64).sum::<f64>() / n,
        sums[0] as f64 / n,
        sums[1] as f64 / n
    );
    // IDA* with walking distance on every board, with the other heuristics on a sample,
    // each solution replayed and of the true length; the boards in parallel.
    let mut rng = Pcg64::seed_from_u64(seed);
    let solvers: Vec<Solver> = BUILT.into_iter().map(solver).collect();
    let mut jobs: Vec<(&Grid, u32, usize)> = Vec::new();
    for (board, &d) in &truth {
        jobs.push((board, d, 0));
        // No heuristic: iterative deepening, kept to short boards.
        let which = 1 + rng.random_range(0..2usize);
        if rng.random_range(0..sample) == 0 && (which == 1 || d <= 14) {
            jobs.push((board, d, which));
        }
    }
    let clock = std::time::Instant::now();
    let tallies: Vec<[u64; 3]> = jobs
        .par_iter()
        .map(|&(board, d, which)| {
            let s = solve(&solvers[which], board, &goal, Limits::default()).unwrap();
            assert_eq!(s.len() as u32, d, "{board} with {:?}", heuristics[which].choice());
            let text = write(&s.moves, Notation::Runs, Convention::TileMoves);
            assert_eq!(read(&text, Convention::TileMoves).unwrap(), s.moves);
            assert_eq!(replay(board, &text, Convention::TileMoves).unwrap(), goal, "{board}: {text}");
            let mut t = [0u64; 3];
            t[which] = s.nodes;
            t
        })
        .collect();
    for (which, h) in heuristics.iter().enumerate() {
        let solved = jobs.iter().filter(|j| j.2 == which).count();
        let nodes: u64 = tallies.iter().map(|t| t[which]).sum();
        println!("{rows}x{cols}: {solved} boards solved with {}, {nodes} nodes", h.choice().name());
    }
    println!("{rows}x{cols}: {} solves in {:.2} s", jobs.len(), clock.elapsed().as_secs_f64());
}

#[test]
fn every_2x4_board_is_solved_at_its_distance_and_every_estimate_is_admissible() {
    check_shape(2, 4, 8, 2);
    check_shape(4, 2, 8, 3);
}

#[test]
fn every_3x3_board_is_solved_at_its_distance_and_every_estimate_is_admissible() {
    check_shape(3, 3, 488, 4);
}

/// A board of at most 16 cells as one integer (four bits a cell), for the hash sets of the
/// search from both ends.
fn key(board: &Grid) -> u64 {
    board.cells().iter().fold(0, |k, &t| k << 4 | u64::from(t))
}

/// The boards within `radius` moves of `from`, with their distances: a breadth-first search
/// over grids (the independent method), by layers.
fn ball(from: &Grid, radius: u32) -> HashMap<u64, u32> {
    let mut distance = HashMap::from([(key(from), 0)]);
    let mut layer = vec![from.clone()];
    for d in 1..=radius {
        let mut next = Vec::new();
        for b in &layer {
            for (_, child) in grid_moves(b) {
                if let std::collections::hash_map::Entry::Vacant(e) = distance.entry(key(&child)) {
                    e.insert(d);
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    distance
}

/// The distance from `start` to the goal whose ball of `radius` is `near_goal`: a
/// breadth-first search from `start`, layer by layer, until no shorter path can remain.
/// Every path of length L > radius crosses the ball's edge L - radius moves from the start,
/// so after layer j every path shorter than j + radius + 1 has been seen.
fn distance_to(start: &Grid, near_goal: &HashMap<u64, u32>, radius: u32) -> u32 {
    let mut seen = std::collections::HashSet::from([key(start)]);
    let mut layer = vec![start.clone()];
    let mut best = u32::MAX;
    for j in 0.. {
        for b in &layer {
            if let Some(&g) = near_goal.get(&key(b)) {
                best = best.min(j + g);
            }
        }
        if best <= j + radius + 1 {
            return best;
        }
        let mut next = Vec::new();
        for b in &layer {
            for (_, child) in grid_moves(b) {
                if seen.insert(key(&child)) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    unreachable!("the search from the start ends")
}

/// Uniformly random 3x4 boards (and 4x3), solved by IDA* with walking distance at the
/// distance a breadth-first search from both ends over grids finds.
#[test]
fn random_3x4_boards_are_solved_at_their_breadth_first_distance() {
    const RADIUS: u32 = 13;
    for (r, c, seed) in [(3, 4, 8), (4, 3, 9)] {
        let goal = Grid::goal(shape(r, c));
        let near_goal = ball(&goal, RADIUS);
        let solver = solver(MtmHeuristicChoice::WalkingDistance);
        let mut rng = Pcg64::seed_from_u64(seed);
        let boards: Vec<Grid> = (0..4).map(|_| fifteen::scramble::random_grid(&goal, &mut rng)).collect();
        boards.par_iter().for_each(|start| {
            let truth = distance_to(start, &near_goal, RADIUS);
            let s = solve(&solver, start, &goal, Limits::default()).unwrap();
            assert_eq!(s.len() as u32, truth, "{start}");
            let text = write(&s.moves, Notation::Runs, Convention::TileMoves);
            assert_eq!(replay(start, &text, Convention::TileMoves).unwrap(), goal, "{start}: {text}");
            println!("{r}x{c} {start}: {truth} moves ({text}), {} nodes", s.nodes);
        });
    }
}

#[test]
fn counts_of_optimal_solutions_agree_with_dynamic_programming() {
    for (r, c, every) in [(3, 3, 997), (2, 4, 211)] {
        let goal = Grid::goal(shape(r, c));
        let truth = grid_bfs(&goal);
        // paths[b]: shortest move sequences from b to the goal, by increasing distance.
        let mut boards: Vec<(&Grid, u32)> = truth.iter().map(|(b, &d)| (b, d)).collect();
        boards.sort_by_key(|&(b, d)| (d, b.text()));
        let mut paths: HashMap<&Grid, u128> = HashMap::new();
        for &(b, d) in &boards {
            let p = if d == 0 {
                1
            } else {
                grid_moves(b).iter().filter(|(_, child)| truth[child] + 1 == d).map(|(_, child)| paths[child]).sum()
            };
            paths.insert(b, p);
        }
        let solver = solver(MtmHeuristicChoice::WalkingDistance);
        let listed = CountRequest { list: Some(usize::MAX), limits: Limits::default(), style: Default::default() };
        for (b, d) in boards.iter().step_by(every) {
            let count = solver.count(b, &goal, &listed).unwrap();
            assert_eq!((count.length, count.count), (*d, paths[b]), "{b}");
            assert_eq!(count.solutions.len() as u128, count.count);
            for moves in &count.solutions {
                let text = write(moves, Notation::Runs, Convention::BlankMoves);
                assert_eq!(replay(b, &text, Convention::BlankMoves).unwrap(), goal);
            }
        }
    }
}

#[test]
fn on_3x4_boards_near_the_goal_ida_star_agrees_with_breadth_first_search() {
    let goal = Grid::goal(shape(3, 4));
    let puzzle = MtmPuzzle::new(&goal).unwrap();
    let solver = solver(MtmHeuristicChoice::WalkingDistance);
    let mut rng = Pcg64::seed_from_u64(5);
    for i in 0..24 {
        let start = walk(&goal, 4 + i % 10, &mut rng);
        let target = pack(&goal).unwrap();
        let (outcome, _) = bfs(&puzzle, pack(&start).unwrap(), |s| *s == target, &Limits::default());
        let shortest = outcome.found().unwrap().len();
        assert_eq!(solve(&solver, &start, &goal, Limits::default()).unwrap().len(), shortest, "{start}");
    }
}

#[test]
fn the_multi_tile_length_lies_between_the_single_tile_length_and_it_over_the_longest_slide() {
    // Every 3x3 and 2x4 board, by their single-tile and multi-tile distance tables.
    for (r, c) in [(3, 3), (2, 4)] {
        let goal = Grid::goal(shape(r, c));
        let (shape, goal_state) = goal.tile_state().unwrap();
        let stm = fifteen::heuristics::TileSpace::new(TilePuzzle::new(shape, goal_state).unwrap()).unwrap();
        let stm_depths = enumerate(&stm, &[goal_state], DepthStore::Bytes, u64::MAX, &|_| {}).unwrap().depths.unwrap();
        let e = analyze(&goal, DepthStore::Bytes, &Limits::default(), &|_| {}).unwrap();
        let mtm_depths = e.depths.unwrap();
        let longest = (r.max(c) - 1) as u32;
        let space = MtmSpace::new(MtmPuzzle::new(&goal).unwrap()).unwrap();
        // The two spaces number positions differently (every permutation; the goal's class).
        let mut reached = 0;
        for rank in 0..space.state_count() {
            let state = space.unrank(rank);
            let s = stm_depths.get(stm.rank(&state)) as u32;
            let m = mtm_depths.get(rank) as u32;
            if state != goal_state && s == 0 {
                assert_eq!(m, 0, "unreachable in one metric only");
                continue;
            }
            reached += 1;
            assert!(m <= s && s <= longest * m, "{r}x{c} rank {rank}: single-tile {s}, multi-tile {m}");
        }
        assert_eq!(reached, e.histogram.iter().sum::<u64>());
        assert_eq!(reached, stm_depths.len / 2, "one class of two, all of it reached");
    }
    // 4x4 boards: the optimal multi-tile solution is no longer in moves than the optimal
    // single-tile one, and slides at least as many tiles.
    let goal = Grid::goal(shape(4, 4));
    let solver = solver(MtmHeuristicChoice::WalkingDistance);
    let mut rng = Pcg64::seed_from_u64(6);
    for i in 0..6 {
        let start = walk(&goal, 10 + 2 * i, &mut rng);
        let stm = fifteen::solve(&start.text()).unwrap();
        let mtm = solve(&solver, &start, &goal, Limits::default()).unwrap();
        let slides = slide_core::notation::single_tile_length(&mtm.moves);
        assert!(mtm.len() <= stm.len() && slides >= stm.len() as u64, "{start}");
        assert!(stm.len() <= 3 * mtm.len(), "{start}");
    }
}

#[test]
fn walking_distance_with_jumps_of_one_line_is_the_single_tile_walking_distance() {
    let mut rng = Pcg64::seed_from_u64(7);
    for (r, c) in [(3, 3), (2, 5), (3, 4), (4, 3), (4, 4)] {
        let goal = walk(&Grid::goal(shape(r, c)), 30, &mut rng); // a goal with its blank anywhere
        let puzzle = MtmPuzzle::new(&goal).unwrap();
        let ours = MtmWalkingDistance::new(&puzzle, Jumps::One).unwrap();
        let (shape, goal_state) = goal.tile_state().unwrap();
        let theirs = fifteen::heuristics::WalkingDistance::for_goal(shape, &goal_state, false).unwrap();
        assert_eq!(ours.tables().0.len(), theirs.tables().0.len());
        let mut board = goal.clone();
        for _ in 0..300 {
            board = walk(&board, 1, &mut rng);
            let state = pack(&board).unwrap();
            assert_eq!(ours.estimate_view(&state).0, theirs.walking_distance(&state), "{r}x{c}: {board}");
        }
    }
}

#[test]
fn bad_boards_are_refused_with_the_reason() {
    let goal = Grid::goal(shape(3, 3));
    let solver = solver(MtmHeuristicChoice::WalkingDistance);
    let swapped: Grid = "2 1 3 / 4 5 6 / 7 8 0".parse().unwrap();
    assert!(matches!(solve(&solver, &swapped, &goal, Limits::default()), Err(SolveError::Unsolvable(_))));
    let small = Grid::goal(shape(2, 2));
    assert_eq!(
        solve(&solver, &small, &goal, Limits::default()).unwrap_err().to_string(),
        "the start is a 2x2 board and the goal a 3x3 board"
    );
    let large = Grid::goal(shape(5, 5));
    let e = solve(&solver, &large, &large, Limits::default()).unwrap_err();
    assert!(matches!(e, SolveError::MtmTooLarge(s) if s == large.shape()), "{e}");
    // Two bits a position of the 4x4 are 2.6 TB: refused before any allocation, even with no
    // bound given (the machine's memory bounds it), never an abort.
    let refused = analyze(&Grid::goal(shape(4, 4)), DepthStore::None, &Limits::default(), &|_| {});
    assert!(
        matches!(refused, Err(SolveError::Enumerate(slide_core::enumerate::EnumerateError::TooLarge { .. }))),
        "{refused:?}"
    );
    assert!(matches!(
        analyze(&Grid::goal(shape(3, 6)), DepthStore::None, &Limits::default(), &|_| {}),
        Err(SolveError::MtmTooLargeToAnalyze(_))
    ));
    let far: Grid = "8 6 7 / 2 5 4 / 3 0 1".parse().unwrap();
    let stopped = solve(&solver, &far, &goal, Limits::nodes(10));
    assert!(matches!(stopped, Err(SolveError::Limit(_))), "{stopped:?}");
}

/// The first layers of the 15-puzzle's space in the multi-tile metric, breadth-first from
/// the goal, against the published counts (OEIS A389728, Ben Whitmore's complete
/// enumeration: 43 layers, the last of 16 positions; its first layers are in data/figures/).
#[test]
fn the_15_puzzles_first_layers_are_the_published_ones() {
    let published = slide_data::figures::OEIS_A389728_MTM_4X4.counts();
    let goal = Grid::goal(shape(4, 4));
    let puzzle = MtmPuzzle::new(&goal).unwrap();
    let mut seen = std::collections::HashSet::from([puzzle.goal()]);
    let mut layer = vec![puzzle.goal()];
    let mut counts = vec![1u64];
    while counts.len() < published.len() {
        let mut next = Vec::new();
        for s in &layer {
            puzzle.for_each_successor(s, |_, child| {
                if seen.insert(child) {
                    next.push(child);
                }
            });
        }
        counts.push(next.len() as u64);
        layer = next;
    }
    assert_eq!(counts, published);
}
