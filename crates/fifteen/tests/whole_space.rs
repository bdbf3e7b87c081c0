//! The whole-space enumeration of tile boards ([`MtmSpace`] and slide-core's two-bit
//! [`Frontier`] search) against independent methods.
//!
//! - The numbering: every rank unranks to a board that ranks back to it, and the successors'
//!   ranks computed from a rank's digits are those of the board's successors, ranked afresh
//!   (random ranks of every board of at most 16 cells, both metrics).
//! - The search: on every board of at most 10 cells, the two-bit search gives the histogram
//!   and the farthest positions of slide-core's three-bit breadth-first search over the same
//!   space (whose successors are ranked afresh); on the 12-cell boards, in both metrics, the
//!   histograms published by lightln2's complete searches (github.com/lightln2/SlidingTilesSolver,
//!   `results/`, 2022; kept in data/figures/), layer for layer.
//! - The checkpoints: a run stopped midway resumes from its last complete layer and ends with
//!   the answer of an uninterrupted run; a directory of another job is refused.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

use fifteen::mtm::{MtmPuzzle, MtmSpace};
use fifteen::{Grid, Shape};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use slide_core::enumerate::{enumerate_within, DepthStore, EnumerateError, Enumerator, Frontier, LayerReport};
use slide_core::search::{LimitHit, Limits};
use slide_core::{Puzzle, RankedSpace};
use slide_data::figures::{Metric, LIGHTLN2_MTM_2X6, LIGHTLN2_MTM_3X4, LIGHTLN2_STM_2X6, LIGHTLN2_STM_3X4};

/// The space of `rows`x`cols` boards from the standard goal, in the multi-tile metric or the
/// single-tile one.
fn space(rows: usize, cols: usize, multi: bool) -> MtmSpace {
    let goal = Grid::goal(Shape::new(rows, cols).unwrap());
    let puzzle = match multi {
        true => MtmPuzzle::new(&goal),
        false => MtmPuzzle::single_tile(&goal),
    };
    MtmSpace::new(puzzle.unwrap()).unwrap()
}

/// Every board shape of 4 to 16 cells.
fn shapes() -> Vec<(usize, usize)> {
    let mut all = Vec::new();
    for rows in 2..=8 {
        for cols in 2..=8 {
            if rows * cols <= 16 {
                all.push((rows, cols));
            }
        }
    }
    all
}

#[test]
fn successor_ranks_are_the_successors_ranked_afresh() {
    let mut rng = Pcg64::seed_from_u64(46);
    for (rows, cols) in shapes() {
        for multi in [false, true] {
            let space = space(rows, cols, multi);
            let n = space.state_count();
            let cells = (rows * cols) as u64;
            assert_eq!(n, (1..=cells).product::<u64>() / 2, "{rows}x{cols}");
            let goal = space.puzzle().goal();
            let mut ranks: Vec<u64> = (0..300).map(|_| rng.random_range(0..n)).collect();
            ranks.extend([0, n - 1, space.rank(&goal)]);
            for rank in ranks {
                let state = space.unrank(rank);
                assert_eq!(space.rank(&state), rank, "{rows}x{cols} rank {rank}");
                let mut by_digits = Vec::new();
                space.for_each_successor_rank(rank, |r| by_digits.push(r));
                let mut afresh = Vec::new();
                space.for_each_successor(&state, |_, child| afresh.push(space.rank(&child)));
                by_digits.sort_unstable();
                afresh.sort_unstable();
                assert_eq!(by_digits, afresh, "{rows}x{cols} multi {multi} rank {rank}");
            }
        }
    }
}

#[test]
fn every_rank_of_a_small_space_is_one_board_of_the_goals_class() {
    for (rows, cols, multi) in [(2, 3, false), (3, 2, true), (2, 4, false), (3, 3, true)] {
        let space = space(rows, cols, multi);
        let shape = Shape::new(rows, cols).unwrap();
        let boards: BTreeSet<Vec<u8>> = (0..space.state_count())
            .map(|r| space.unrank(r).to_cells(rows * cols))
            .inspect(|cells| {
                let grid = Grid::from_cells(shape, &cells.iter().map(|&c| c as u32).collect::<Vec<_>>()).unwrap();
                assert!(fifteen::solvable::check_solvable_grid(&grid, &Grid::goal(shape)).is_ok(), "{grid}");
            })
            .collect();
        assert_eq!(boards.len() as u64, space.state_count(), "{rows}x{cols}");
    }
}

/// The two-bit search and the three-bit one, on every board of at most 10 cells.
#[test]
fn the_two_bit_search_agrees_with_the_three_bit_search() {
    for (rows, cols) in shapes().into_iter().filter(|(r, c)| r * c <= 10) {
        for multi in [false, true] {
            let space = space(rows, cols, multi);
            let goal = space.puzzle().goal();
            let limits = Limits::default();
            let two = Frontier::default().enumerate(&space, &[goal], DepthStore::None, &limits, &|_| {}).unwrap();
            let three = enumerate_within(&Afresh(&space), &[goal], DepthStore::None, &limits, &|_| {}).unwrap();
            assert_eq!(two.histogram, three.histogram, "{rows}x{cols} multi {multi}");
            assert_eq!(two.antipodes, three.antipodes, "{rows}x{cols} multi {multi}");
            assert_eq!(two.states(), space.state_count(), "{rows}x{cols}: every position of the class is reached");
        }
    }
}

/// A space whose successors are ranked afresh (the default of
/// [`RankedSpace::for_each_successor_rank`]): the reference.
struct Afresh<'a>(&'a MtmSpace);

impl Puzzle for Afresh<'_> {
    type State = <MtmSpace as Puzzle>::State;
    type Move = <MtmSpace as Puzzle>::Move;
    fn for_each_successor<F: FnMut(Self::Move, Self::State)>(&self, state: &Self::State, visit: F) {
        self.0.for_each_successor(state, visit)
    }
}

impl RankedSpace for Afresh<'_> {
    fn definition(&self) -> slide_core::Definition {
        self.0.definition()
    }
    fn state_count(&self) -> u64 {
        self.0.state_count()
    }
    fn rank(&self, state: &Self::State) -> u64 {
        self.0.rank(state)
    }
    fn unrank(&self, rank: u64) -> Self::State {
        self.0.unrank(rank)
    }
}

/// The 12-cell boards, each way round and in both metrics, against the published histograms
/// layer for layer; every position of the class is reached. About a second each.
#[test]
fn the_12_cell_spaces_are_the_published_ones() {
    for published in [LIGHTLN2_STM_3X4, LIGHTLN2_STM_2X6, LIGHTLN2_MTM_3X4, LIGHTLN2_MTM_2X6] {
        let histogram = published.counts();
        let multi = published.metric == Metric::MultiTile;
        for (rows, cols) in [(published.rows, published.cols), (published.cols, published.rows)] {
            let space = space(rows, cols, multi);
            let e = Frontier::default()
                .enumerate(&space, &[space.puzzle().goal()], DepthStore::None, &Limits::default(), &|_| {})
                .unwrap();
            assert_eq!(e.histogram, histogram, "{rows}x{cols} multi {multi}");
            assert_eq!(e.antipodes.len() as u64, *histogram.last().unwrap());
        }
    }
}

/// The two-bit search of `space` from its goal with checkpoints in `dir`, stopped after
/// `nodes` successors if given; what it said and its layer reports.
fn checkpointed(
    space: &MtmSpace,
    dir: &Path,
    nodes: Option<u64>,
) -> (Result<slide_core::enumerate::Enumeration<fifteen::TileState>, EnumerateError>, Vec<String>, Vec<LayerReport>) {
    let said = Mutex::new(Vec::new());
    let reports = Mutex::new(Vec::new());
    let say = |m: &str| said.lock().unwrap().push(m.to_string());
    let log = |r: &LayerReport| reports.lock().unwrap().push(r.clone());
    let job = vec![("program".to_string(), "the tests".to_string())];
    let limits = Limits { max_nodes: nodes, ..Limits::default() };
    let e = Frontier::default().checkpoint(Some(dir.to_path_buf()), job).say(&say).layer_log(&log).enumerate(
        space,
        &[space.puzzle().goal()],
        DepthStore::None,
        &limits,
        &|_| {},
    );
    (e, said.into_inner().unwrap(), reports.into_inner().unwrap())
}

/// A run stopped midway (by a node bound, as a kill would stop it) resumes from its last
/// complete layer, again and again, and ends with the answer of an uninterrupted run; a
/// finished run's checkpoint gives the answer again.
#[test]
fn a_stopped_run_resumes_from_its_last_layer_with_the_same_answer() {
    for (rows, cols, multi) in [(2, 5, false), (3, 3, true)] {
        let space = space(rows, cols, multi);
        let whole = Frontier::default()
            .enumerate(&space, &[space.puzzle().goal()], DepthStore::None, &Limits::default(), &|_| {})
            .unwrap();
        let dir = slide_testing::scratch(&format!("resume-{rows}x{cols}-{multi}"));
        // Stop three times, at a third, half and two thirds of the successors.
        let successors = whole.states() * 3;
        let mut layers = Vec::new();
        for stop in [successors / 3, successors / 2, successors * 2 / 3] {
            let (e, said, reports) = checkpointed(&space, &dir, Some(stop));
            assert!(matches!(e, Err(EnumerateError::Stopped(LimitHit::Nodes(_)))), "{e:?}");
            assert!(said[0].contains("two bits a position") && said[0].contains("checkpoints in"), "{said:?}");
            layers.extend(reports.iter().map(|r| r.depth));
        }
        let (e, said, reports) = checkpointed(&space, &dir, None);
        let e = e.unwrap();
        assert!(said.iter().any(|m| m.starts_with("resumed from the checkpoint of layer")), "{said:?}");
        assert_eq!(e.histogram, whole.histogram, "{rows}x{cols}");
        assert_eq!(e.antipodes, whole.antipodes, "{rows}x{cols}");
        // The runs found every layer between them, each reported once it was complete.
        layers.extend(reports.iter().map(|r| r.depth));
        layers.sort_unstable();
        layers.dedup();
        assert_eq!(layers, (1..whole.histogram.len() as u32).collect::<Vec<_>>());
        // The directory keeps the last two layers only.
        let mut files: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|f| f.unwrap().file_name().into_string().unwrap()).collect();
        files.sort();
        let last = whole.max_depth();
        let mut want = vec![format!("layer-{}.bfs", last - 1), format!("layer-{last}.bfs"), "manifest.json".into()];
        want.sort();
        assert_eq!(files, want);
        // Finished: the checkpoint gives the answer again, at once.
        let (again, said, _) = checkpointed(&space, &dir, Some(1));
        assert_eq!(again.unwrap().histogram, whole.histogram, "{said:?}");
    }
}

/// A directory holding another job's checkpoint is refused, naming what differs; a damaged
/// layer file is refused, not read as positions.
#[test]
fn another_jobs_or_a_damaged_checkpoint_is_refused() {
    let dir = slide_testing::scratch("refused");
    let (e, _, _) = checkpointed(&space(2, 5, false), &dir, Some(100_000));
    assert!(matches!(e, Err(EnumerateError::Stopped(_))), "{e:?}");
    for (other, differs) in [
        (space(2, 5, true), "metric: single-tile (one tile a move) there, multi-tile"),
        (space(5, 2, false), "board: 2x5 there, 5x2 here"),
    ] {
        let (e, _, _) = checkpointed(&other, &dir, None);
        let message = e.unwrap_err().to_string();
        assert!(
            message.contains("holds the checkpoint of another enumeration") && message.contains(differs),
            "{message}"
        );
    }
    let mut layers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bfs"))
        .collect();
    layers.sort();
    let file = layers.last().unwrap();
    let mut bytes = std::fs::read(file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(file, &bytes).unwrap();
    let (e, _, _) = checkpointed(&space(2, 5, false), &dir, None);
    let message = e.unwrap_err().to_string();
    assert!(message.contains("is damaged") || message.contains("not the"), "{message}");
    std::fs::write(file, &bytes[..middle]).unwrap();
    let (e, _, _) = checkpointed(&space(2, 5, false), &dir, None);
    let message = e.unwrap_err().to_string();
    assert!(message.contains("cut short") || message.contains("is damaged"), "{message}");
}
