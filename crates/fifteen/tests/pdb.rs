//! Pattern databases: admissible against exact BFS distances, incremental updates equal fresh
//! estimates, optimal solutions on Korf's instances, and table checks that catch corruption.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, OnceLock};

use fifteen::pdb::{Partition, PdbError, PdbHeuristic, MAX_CARRIED};
use fifteen::{Shape, TilePuzzle, TileState};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use slide_core::search::{ida_star, IdaOptions};
use slide_core::table::Scrutiny;
use slide_core::{Heuristic, Puzzle};

/// Every state's distance to the goal, by plain BFS.
fn distances(puzzle: &TilePuzzle) -> HashMap<TileState, u8> {
    let mut dist = HashMap::from([(puzzle.goal(), 0u8)]);
    let mut queue = VecDeque::from([puzzle.goal()]);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        puzzle.for_each_successor(&s, |_, c| {
            dist.entry(c).or_insert_with(|| {
                queue.push_back(c);
                d + 1
            });
        });
    }
    dist
}

fn eight_partition() -> Partition {
    Partition {
        name: "test-3x3",
        shape: Shape::new(3, 3).unwrap(),
        blank: 8,
        patterns: vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]],
        groups: vec![],
        zero_aware: false,
        large: false,
    }
}

fn tables(partition: &Partition) -> Vec<Arc<[u8]>> {
    (0..partition.patterns.len()).map(|i| Arc::from(partition.build(i, &|_| {}))).collect()
}

#[test]
fn eight_puzzle_databases_never_overestimate_for_either_blank_corner() {
    let shape = Shape::new(3, 3).unwrap();
    let partition = eight_partition();
    let tables = tables(&partition);
    for goal_cells in
        [vec![1, 2, 3, 4, 5, 6, 7, 8, 0], vec![0, 1, 2, 3, 4, 5, 6, 7, 8], vec![3, 1, 0, 2, 4, 5, 6, 7, 8]]
    {
        let puzzle = TilePuzzle::new(shape, TileState::from_cells(&goal_cells)).unwrap();
        let h = PdbHeuristic::new(&partition, tables.clone(), &puzzle).unwrap();
        assert_eq!(h.orientations(), 2, "a corner blank has two orientations on a square");
        let dist = distances(&puzzle);
        assert_eq!(dist.len(), 181_440);
        let mut sum = 0u64;
        for (state, &d) in &dist {
            let e = h.estimate(state);
            assert!(e <= d as u32, "{state:?}: estimate {e} > distance {d}");
            sum += e as u64;
        }
        assert_eq!(h.estimate(&puzzle.goal()), 0);
        // The databases are far better than nothing: the mean estimate is most of the mean distance.
        let mean_d = dist.values().map(|&d| d as u64).sum::<u64>() as f64 / dist.len() as f64;
        assert!(sum as f64 / dist.len() as f64 > 0.6 * mean_d);
    }
}

/// A catalogue of the 8-puzzle: three partitions of 4-4, each the tiles of two halves of the
/// board, sharing no table.
fn eight_catalogue(zero_aware: bool) -> Partition {
    Partition {
        name: "test-3x3-catalogue",
        shape: Shape::new(3, 3).unwrap(),
        blank: 8,
        patterns: vec![
            vec![0, 1, 2, 3],
            vec![4, 5, 6, 7],
            vec![0, 3, 6, 7],
            vec![1, 2, 4, 5],
            vec![0, 1, 3, 4],
            vec![2, 5, 6, 7],
        ],
        groups: vec![vec![0, 1], vec![2, 3], vec![4, 5]],
        zero_aware,
        large: false,
    }
}

/// Zero-aware tables and catalogues of them never overestimate: every 8-puzzle and every
/// 2x4 position against its BFS distance, from both blank corners; a zero-aware sum is never
/// below the additive sum of the same patterns, and on average above it; a catalogue is never
/// below any of its sums alone.
#[test]
fn zero_aware_catalogues_never_overestimate_on_small_boards() {
    let two_by_four = Shape::new(2, 4).unwrap();
    let cases = [
        (eight_catalogue(false), eight_catalogue(true)),
        (Partition { zero_aware: false, ..eight_partition() }, Partition { zero_aware: true, ..eight_partition() }),
        (
            Partition {
                name: "test-2x4",
                shape: two_by_four,
                blank: 7,
                patterns: vec![vec![0, 1, 4], vec![2, 3, 5, 6], vec![0, 4, 5], vec![1, 2, 3, 6]],
                groups: vec![vec![0, 1], vec![2, 3]],
                zero_aware: false,
                large: false,
            },
            Partition {
                name: "test-2x4",
                shape: two_by_four,
                blank: 7,
                patterns: vec![vec![0, 1, 4], vec![2, 3, 5, 6], vec![0, 4, 5], vec![1, 2, 3, 6]],
                groups: vec![vec![0, 1], vec![2, 3]],
                zero_aware: true,
                large: false,
            },
        ),
    ];
    for (additive, zero) in cases {
        let shape = zero.shape;
        let (additive_tables, zero_tables) = (tables(&additive), tables(&zero));
        let n = shape.cells() as u8;
        let blank_first = TileState::from_cells(&(0..n).collect::<Vec<u8>>());
        for goal in [TilePuzzle::standard_goal(shape), blank_first] {
            let puzzle = TilePuzzle::new(shape, goal).unwrap();
            let a = PdbHeuristic::new(&additive, additive_tables.clone(), &puzzle).unwrap();
            let z = PdbHeuristic::new(&zero, zero_tables.clone(), &puzzle).unwrap();
            assert!(z.is_zero_aware() && !a.is_zero_aware());
            let dist = distances(&puzzle);
            let (mut sum_a, mut sum_z) = (0u64, 0u64);
            for (state, &d) in &dist {
                let (ea, ez) = (a.estimate(state), z.estimate(state));
                assert!(ez <= d as u32, "{}: {state:?}: estimate {ez} > distance {d}", zero.name);
                assert!(ea <= ez, "{}: {state:?}: zero-aware {ez} below additive {ea}", zero.name);
                sum_a += ea as u64;
                sum_z += ez as u64;
            }
            assert_eq!(z.estimate(&puzzle.goal()), 0);
            assert!(sum_z > sum_a, "{}: zero-aware tables know more ({sum_z} against {sum_a})", zero.name);
            assert_carried_updates_are_fresh(&zero, &zero_tables, 3000, 3);
        }
        // Each sum alone is a lower bound of the catalogue.
        for group in zero.groups() {
            let part = Partition {
                patterns: group.iter().map(|&p| zero.patterns[p].clone()).collect(),
                groups: vec![],
                ..zero.clone()
            };
            let part_tables: Vec<Arc<[u8]>> = group.iter().map(|&p| zero_tables[p].clone()).collect();
            let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
            let whole = PdbHeuristic::new(&zero, zero_tables.clone(), &puzzle).unwrap();
            let alone = PdbHeuristic::new(&part, part_tables, &puzzle).unwrap();
            for (mv, state) in walk(&puzzle, 500, 9) {
                let _ = mv;
                assert!(alone.estimate(&state) <= whole.estimate(&state));
            }
        }
    }
}

#[test]
fn sums_of_overlapping_patterns_are_refused() {
    let shape = Shape::new(3, 3).unwrap();
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let mut overlapping = eight_catalogue(true);
    overlapping.groups[1] = vec![2, 3, 0];
    let err = PdbHeuristic::new(&overlapping, tables(&eight_catalogue(true)), &puzzle).unwrap_err();
    assert_eq!(err, PdbError::Overlap { name: "test-3x3-catalogue", group: 1 });
    let mut with_blank = eight_partition();
    with_blank.patterns[1].push(8);
    let err = PdbHeuristic::new(&with_blank, tables(&eight_partition()), &puzzle).unwrap_err();
    assert_eq!(err, PdbError::Overlap { name: "test-3x3", group: 0 });
}

#[test]
fn a_goal_with_the_blank_off_the_corner_is_refused() {
    let shape = Shape::new(3, 3).unwrap();
    let puzzle = TilePuzzle::new(shape, TileState::from_cells(&[1, 2, 3, 4, 0, 5, 6, 7, 8])).unwrap();
    let partition = eight_partition();
    assert!(PdbHeuristic::new(&partition, tables(&partition), &puzzle).is_err());
}

#[test]
fn a_wrong_number_of_tables_is_refused() {
    // Too few tables would leave a pattern without one; too many would be ignored.
    let shape = Shape::new(3, 3).unwrap();
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let partition = eight_partition();
    let tables = tables(&partition);
    for n in [0, 1, 3] {
        let mut given = tables.clone();
        given.resize(n, tables[0].clone());
        let err = PdbHeuristic::new(&partition, given, &puzzle).unwrap_err();
        assert_eq!(err, PdbError::WrongTableCount { name: "test-3x3", expected: 2, found: n });
        assert_eq!(err.to_string(), format!("test-3x3 has 2 patterns, but {n} tables were given"));
    }
    assert!(PdbHeuristic::new(&partition, tables, &puzzle).is_ok());
}

#[test]
fn entries_beyond_what_a_node_carries_are_refused_and_up_to_it_carried() {
    // Twenty-four single-tile patterns on 5x5, in two orientations: 48 entries, refused.
    let shape = Shape::new(5, 5).unwrap();
    let singles = Partition {
        name: "test-singles",
        shape,
        blank: 24,
        patterns: (0..24).map(|c| vec![c]).collect(),
        groups: vec![],
        zero_aware: false,
        large: false,
    };
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let err = PdbHeuristic::new(&singles, tables(&singles), &puzzle).unwrap_err();
    assert_eq!(err, PdbError::TooManyEntries { name: "test-singles", patterns: 24, orientations: 2 });
    assert!(err.to_string().contains(&format!("at most {MAX_CARRIED}")), "{err}");
    // Fifteen on 4x4: 30 entries, carried (the estimate is Manhattan distance).
    let shape = Shape::new(4, 4).unwrap();
    let singles = Partition { shape, blank: 15, patterns: (0..15).map(|c| vec![c]).collect(), ..singles };
    let tables = tables(&singles);
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let h = PdbHeuristic::new(&singles, tables.clone(), &puzzle).unwrap();
    assert_eq!(h.orientations() * singles.patterns.len(), 30);
    assert_carried_updates_are_fresh(&singles, &tables, 2000, 5);
}

fn pdb663() -> &'static (Partition, Vec<Arc<[u8]>>) {
    static TABLES: OnceLock<(Partition, Vec<Arc<[u8]>>)> = OnceLock::new();
    TABLES.get_or_init(|| {
        let p = Partition::pdb663();
        let t = tables(&p);
        (p, t)
    })
}

/// A random walk from the goal, never undoing the last move.
fn walk(puzzle: &TilePuzzle, steps: usize, seed: u64) -> Vec<(fifteen::Slide, TileState)> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut state = puzzle.goal();
    let mut last = None;
    let mut out = Vec::new();
    for _ in 0..steps {
        let mut options = Vec::new();
        puzzle.for_each_successor(&state, |m, c| {
            if Some(c) != last {
                options.push((m, c));
            }
        });
        let pick = options[rng.random_range(0..options.len())];
        last = Some(state);
        state = pick.1;
        out.push(pick);
    }
    out
}

/// Along a random walk from each blank-corner goal, the carried updates of `partition`'s
/// heuristic equal fresh estimates.
fn assert_carried_updates_are_fresh(partition: &Partition, tables: &[Arc<[u8]>], steps: usize, seed: u64) {
    let shape = partition.shape;
    let blank_first = TileState::from_cells(&(0..shape.cells() as u8).collect::<Vec<u8>>());
    for goal in [TilePuzzle::standard_goal(shape), blank_first] {
        let puzzle = TilePuzzle::new(shape, goal).unwrap();
        let h = PdbHeuristic::new(partition, tables.to_vec(), &puzzle).unwrap();
        let (mut value, mut carried) = h.estimate_carried(&puzzle.goal());
        let mut parent = puzzle.goal();
        for (mv, state) in walk(&puzzle, steps, seed) {
            (value, carried) = h.update_carried(&parent, value, &carried, mv, &state);
            assert_eq!(value, h.estimate(&state));
            assert_eq!(h.estimate_carried(&state), (value, carried));
            parent = state;
        }
    }
}

#[test]
fn carried_updates_equal_fresh_estimates() {
    let (partition, tables) = pdb663();
    assert_carried_updates_are_fresh(partition, tables, 2000, 7);
}

#[test]
fn korf_instances_are_solved_optimally() {
    let (partition, tables) = pdb663();
    let shape = partition.shape;
    let korf = slide_data::instances::KORF100;
    let puzzle = TilePuzzle::new(shape, TileState::from_cells(&korf.goal())).unwrap();
    let h = PdbHeuristic::new(partition, tables.clone(), &puzzle).unwrap();
    // The shorter instances (41 to 49 moves), so the test stays quick.
    let wanted = [9, 12, 13, 16, 19, 30, 42, 55, 61, 71, 79, 85, 97];
    let mut solved = 0;
    for instance in korf.instances().into_iter().filter(|i| wanted.contains(&i.id)) {
        let (id, optimum) = (instance.id, instance.optimal_length as usize);
        let start = TileState::from_cells(&instance.tiles);
        assert!(h.estimate(&start) as usize <= optimum);
        let (outcome, _) = ida_star(&puzzle, &h, start, |s| puzzle.is_goal(s), &IdaOptions::default());
        let path = outcome.found().expect("solvable");
        assert_eq!(path.len(), optimum, "instance {id}");
        // Replay: every move is legal, leads to the next state, and the last state is the goal.
        assert_eq!((path.states[0], path.states.len()), (start, path.moves.len() + 1));
        for (i, (mv, w)) in path.moves.iter().zip(path.states.windows(2)).enumerate() {
            assert_eq!(puzzle.try_play(w[0], &[*mv]), Ok(w[1]), "instance {id}: move {i} ({mv:?})");
        }
        assert!(puzzle.is_goal(path.states.last().unwrap()));
        solved += 1;
    }
    assert_eq!(solved, wanted.len());
}

#[test]
fn small_tables_pass_their_check_and_corruption_is_caught() {
    let partition = Partition::pdb663();
    let spec = &partition.specs()[2];
    let table = (spec.build)(&|_| {});
    (spec.check)(&table, Scrutiny::Stored).expect("a fresh table passes");
    let bad = slide_testing::with_bytes(&table, 1234, &[table.payload()[1234] ^ 1]);
    assert!((spec.check)(&bad, Scrutiny::Stored).is_err());
}

#[test]
fn the_assembled_heuristic_passes_its_check_and_an_inflated_table_fails_it() {
    let (partition, tables) = pdb663();
    let report = partition.check_heuristic(tables.clone(), 3).expect("the 6-6-3 databases are admissible");
    assert!(report.contains("100 benchmark instances"), "{report}");
    // The 3-tile table raised by 8 everywhere: admissible no more, and caught.
    let mut inflated = tables.clone();
    inflated[2] = inflated[2].iter().map(|&e| e + 8).collect::<Vec<u8>>().into();
    assert!(partition.check_heuristic(inflated, 3).is_err());
}

/// Each sum (the whole partition, or each of a catalogue's groups) covers every goal cell but
/// the blank's exactly once, and a catalogue uses each of its tables.
#[test]
fn every_partition_covers_each_goal_cell_but_the_blank_once() {
    for partition in Partition::all() {
        let all: Vec<u8> = (0..partition.shape.cells() as u8).collect();
        for group in partition.groups() {
            let mut cells: Vec<u8> = group.iter().flat_map(|&p| partition.patterns[p].iter().copied()).collect();
            cells.push(partition.blank);
            cells.sort_unstable();
            assert_eq!(cells, all, "{}: sum {group:?}", partition.name);
        }
        let used: std::collections::BTreeSet<usize> = partition.groups().into_iter().flatten().collect();
        assert_eq!(used.len(), partition.patterns.len(), "{}: every table in a sum", partition.name);
        assert_eq!(partition.specs().len(), partition.patterns.len());
    }
}

#[test]
fn eight_carried_entries() {
    // Four patterns in two orientations: eight entries carried, as for pdb6666 on 5x5.
    let partition = Partition {
        name: "test-4444",
        shape: Shape::new(4, 4).unwrap(),
        blank: 15,
        patterns: vec![vec![0, 1, 4, 5], vec![2, 3, 6, 7], vec![8, 9, 12, 13], vec![10, 11, 14]],
        groups: vec![],
        zero_aware: false,
        large: false,
    };
    let tables = tables(&partition);
    let blank_last = TilePuzzle::new(partition.shape, TilePuzzle::standard_goal(partition.shape)).unwrap();
    let h = PdbHeuristic::new(&partition, tables.clone(), &blank_last).unwrap();
    assert_eq!(h.orientations() * partition.patterns.len(), 8);
    assert_carried_updates_are_fresh(&partition, &tables, 3000, 11);
}

#[test]
fn twenty_four_puzzle_databases_never_overestimate_and_solve_optimally() {
    use fifteen::heuristics::LinearConflict;
    // Eight 3-tile patterns on 5x5: the same builder and lookup as pdb6666, small enough to
    // build in a test. Distances come from IDA* with Manhattan plus linear conflicts.
    let shape = Shape::new(5, 5).unwrap();
    let partition = Partition {
        name: "test-5x5",
        shape,
        blank: 24,
        patterns: (0..8).map(|p| (3 * p..3 * p + 3).collect()).collect(),
        groups: vec![],
        zero_aware: false,
        large: false,
    };
    let tables = tables(&partition);
    for (g, goal) in
        [TilePuzzle::standard_goal(shape), TileState::from_cells(&(0..25).collect::<Vec<u8>>())].into_iter().enumerate()
    {
        let puzzle = TilePuzzle::new(shape, goal).unwrap();
        let pdb = PdbHeuristic::new(&partition, tables.clone(), &puzzle).unwrap();
        let lc = LinearConflict::new(&puzzle);
        for seed in 0..6 {
            let start = walk(&puzzle, 40, 100 * g as u64 + seed).last().unwrap().1;
            fn solve<H: Heuristic<TilePuzzle>>(puzzle: &TilePuzzle, h: &H, start: TileState) -> Vec<TileState> {
                let (out, _) = ida_star(puzzle, h, start, |x| puzzle.is_goal(x), &IdaOptions::default());
                out.found().expect("solvable").states
            }
            let (optimal, with_pdb) = (solve(&puzzle, &lc, start), solve(&puzzle, &pdb, start));
            // Sixteen entries (eight patterns, two orientations) are carried down the tree.
            let length = optimal.len() - 1;
            assert_eq!(with_pdb.len() - 1, length, "seed {seed}: IDA* with the databases is optimal");
            // Each state on a shortest path is exactly its remaining length from the goal.
            for (i, state) in optimal.iter().chain(&with_pdb).enumerate() {
                let d = length - i % (length + 1);
                assert!(pdb.estimate(state) as usize <= d, "seed {seed}: estimate above {d} on {state:?}");
            }
        }
    }
    // Sixteen entries (eight patterns, two orientations) are carried down the tree.
    assert_carried_updates_are_fresh(&partition, &tables, 1000, 3);
}
