//! The whole-space enumeration's kernel, step by step: each step of the faster kernel on one
//! board, one thread, in successors generated a second.
//!
//! ```sh
//! # SIZE (default 3x4) in METRIC (stm or mtm, default stm), THREADS threads (default 1):
//! cargo run --release -p fifteen --example whole_space -- SIZE METRIC THREADS
//! ```
//!
//! The steps, each a line: the three-bit search (seen, this layer, the next) with each
//! successor ranked afresh from its board; the same with the successors' ranks computed from
//! their parent's; the two-bit search with successors ranked afresh; and with their ranks
//! computed (what `fifteen analyze` runs).

use std::time::Instant;

use fifteen::mtm::{MtmPuzzle, MtmSpace};
use fifteen::{Grid, Shape};
use slide_core::enumerate::{enumerate_within, DepthStore, Enumeration, Enumerator, Frontier};
use slide_core::search::Limits;
use slide_core::units::thousands;
use slide_core::{Puzzle, RankedSpace};

/// A space whose successors are ranked afresh: the default of
/// [`RankedSpace::for_each_successor_rank`], as before the faster kernel.
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
    fn moves_are_reversible(&self) -> bool {
        true
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (rows, cols) = args.first().map_or("3x4", String::as_str).split_once('x').expect("a size RxC");
    let shape = Shape::new(rows.parse().expect("rows"), cols.parse().expect("columns")).expect("2 to 100 a side");
    let multi = args.get(1).map(String::as_str) == Some("mtm");
    let threads: usize = args.get(2).map_or(1, |t| t.parse().expect("a thread count"));
    let goal = Grid::goal(shape);
    let puzzle = match multi {
        true => MtmPuzzle::new(&goal),
        false => MtmPuzzle::single_tile(&goal),
    };
    let space = MtmSpace::new(puzzle.expect("a packed board")).expect("at most 16 cells");
    let root = [space.puzzle().goal()];
    let limits = Limits::default();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool");
    let metric = if multi { "mtm" } else { "stm" };
    type Step<'a> = (&'a str, Box<dyn Fn() -> Enumeration<fifteen::TileState> + Sync + 'a>);
    let steps: [Step; 4] = [
        (
            "three bits, ranked afresh",
            Box::new(|| enumerate_within(&Afresh(&space), &root, DepthStore::None, &limits, &|_| {}).expect("fits")),
        ),
        (
            "three bits, ranks computed",
            Box::new(|| enumerate_within(&space, &root, DepthStore::None, &limits, &|_| {}).expect("fits")),
        ),
        (
            "two bits, ranked afresh",
            Box::new(|| {
                Frontier::default().enumerate(&Afresh(&space), &root, DepthStore::None, &limits, &|_| {}).expect("fits")
            }),
        ),
        (
            "two bits, ranks computed",
            Box::new(|| {
                Frontier::default().enumerate(&space, &root, DepthStore::None, &limits, &|_| {}).expect("fits")
            }),
        ),
    ];
    let mut first: Option<Vec<u64>> = None;
    for (name, run) in &steps {
        let clock = Instant::now();
        let e = pool.install(run);
        let seconds = clock.elapsed().as_secs_f64();
        // Every position is expanded once: the successors are the sum of its moves.
        let successors = successors(&space, &e);
        println!(
            "{shape} {metric}, {threads} thread(s), {name}: {} positions, radius {}, {} successors in {seconds:.2} s: \
             {:.1} M successors a second a thread",
            thousands(e.states()),
            e.max_depth(),
            thousands(successors),
            successors as f64 / seconds / 1e6 / threads as f64
        );
        match &first {
            None => first = Some(e.histogram),
            Some(h) => assert_eq!(h, &e.histogram, "every step finds the same layers"),
        }
    }
}

/// The successors generated expanding every position of `e`: the moves of each blank cell,
/// times the positions with the blank there (the same for every cell: `tiles! / 2`).
fn successors(space: &MtmSpace, e: &Enumeration<fifteen::TileState>) -> u64 {
    let shape = space.puzzle().shape();
    let per_cell = e.states() / shape.cells() as u64;
    let mut moves = 0;
    for blank in 0..shape.cells() {
        // A board with the blank on `blank` (its moves are its blank's).
        let cells: Vec<u8> =
            (0..shape.cells()).map(|c| if c == blank { 0 } else { (c + (c < blank) as usize) as u8 }).collect();
        space.puzzle().for_each_successor(&fifteen::TileState::from_cells(&cells), |_, _| moves += 1);
    }
    per_cell * moves
}
