//! A small sliding-tile puzzle, independent of the puzzle crates, to cross-check the searches.
#![allow(dead_code, missing_docs)]

use slide_core::rank::KPermutationRanker;
use slide_core::{Heuristic, Puzzle, RankedSpace};

pub const ROWS: usize = 2;
pub const COLS: usize = 3;
pub const CELLS: usize = ROWS * COLS;

/// Cells in row-major order; 0 is the blank.
pub type Board = [u8; CELLS];

pub const GOAL: Board = [1, 2, 3, 4, 5, 0];

pub struct Tiles {
    ranker: KPermutationRanker,
}

impl Tiles {
    pub fn new() -> Self {
        Tiles { ranker: KPermutationRanker::new(CELLS, CELLS) }
    }
}

impl Puzzle for Tiles {
    type State = Board;
    /// The cell the blank moves to.
    type Move = u8;

    fn for_each_successor<F: FnMut(u8, Board)>(&self, b: &Board, mut visit: F) {
        let blank = b.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / COLS, blank % COLS);
        let mut go = |to: usize| {
            let mut next = *b;
            next.swap(blank, to);
            visit(to as u8, next);
        };
        if r > 0 {
            go(blank - COLS);
        }
        if r + 1 < ROWS {
            go(blank + COLS);
        }
        if c > 0 {
            go(blank - 1);
        }
        if c + 1 < COLS {
            go(blank + 1);
        }
    }

    fn moves_flip_parity(&self) -> bool {
        true
    }
}

impl RankedSpace for Tiles {
    fn definition(&self) -> slide_core::Definition {
        vec![("space", "the test's 3x3 tile boards, ranked by their permutation".into())]
    }
    fn state_count(&self) -> u64 {
        self.ranker.count()
    }
    fn rank(&self, b: &Board) -> u64 {
        self.ranker.rank(b)
    }
    fn unrank(&self, rank: u64) -> Board {
        let mut b = [0; CELLS];
        self.ranker.unrank(rank, &mut b);
        b
    }
}

pub struct Manhattan;

fn tile_distance(tile: u8, cell: usize) -> u32 {
    let home = (tile - 1) as usize;
    ((home / COLS).abs_diff(cell / COLS) + (home % COLS).abs_diff(cell % COLS)) as u32
}

impl Heuristic<Tiles> for Manhattan {
    type Carried = ();
    fn estimate(&self, b: &Board) -> u32 {
        b.iter().enumerate().filter(|(_, &t)| t != 0).map(|(cell, &t)| tile_distance(t, cell)).sum()
    }
    fn update(&self, parent: &Board, h: u32, to: u8, _child: &Board) -> u32 {
        // The tile at `to` slides into the parent's blank cell.
        let from_blank = parent.iter().position(|&t| t == 0).unwrap();
        let tile = parent[to as usize];
        h + tile_distance(tile, from_blank) - tile_distance(tile, to as usize)
    }
}

/// Every board reachable from the goal, with its BFS distance, by a plain hash-map BFS.
pub fn distances() -> std::collections::HashMap<Board, u32> {
    let tiles = Tiles::new();
    let mut dist = std::collections::HashMap::from([(GOAL, 0)]);
    let mut queue = std::collections::VecDeque::from([GOAL]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        tiles.for_each_successor(&b, |_, c| {
            dist.entry(c).or_insert_with(|| {
                queue.push_back(c);
                d + 1
            });
        });
    }
    dist
}
