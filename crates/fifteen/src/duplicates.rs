//! Duplicate paths pruned by an automaton (Taylor and Korf, 1993): a depth-first search that
//! follows only the paths an [`Automaton`] accepts still reaches every board at its distance,
//! and generates far fewer nodes than one that only never undoes its last move (about half,
//! on the 24-puzzle's IDA* with pattern databases).
//!
//! What a path of the blank does to a board depends only on the cells the blank passes
//! through, not on the tiles. So if two paths from the same cell move the tiles alike, every
//! search that follows both does the same work twice below them. Among such paths keep the
//! least in *shortlex* order (shorter first, then by direction, [`Direction::ALL`]'s order):
//! if a path holds a stretch that is not the least path of its own effect, replacing the
//! stretch by the least one gives a path to the same board that is shorter or earlier, so a
//! board's least path never holds one. Pruning every path that holds such a stretch of at most
//! `Automaton::longest` moves therefore keeps each board's least path (and so a shortest one)
//! while cutting the search tree.
//!
//! The stretches are found by breadth-first search from every cell of the blank, in shortlex
//! order, up to that many moves: a path that reaches a board met before is one ("the blank
//! goes left and comes back" is the shortest, two moves; the blank's walks round a 2x2 square,
//! six against six, the next). They are written as the cells the blank visits, so that one
//! automaton (Aho and Corasick's, over those cells) recognises any of them ending at any
//! move. The automaton's state is then all a search node needs to carry: it replaces the
//! "previous blank" of the plain no-undo rule ([`Automaton::new`] with `longest` 2 is that rule).
//!
//! Counting *every* optimal solution needs every path: only the searches for one shortest
//! solution use a longer automaton.
//!
//! Building one takes longer than many searches it serves (docs/BENCHMARKS.md: the
//! 15-puzzle's for 14 moves takes longer than most 15-puzzles take to solve), so `Automaton::kept` keeps each in the
//! data directory, under [`KEPT_UNDER`], in the checked table format, and later processes
//! read it back.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use rustc_hash::{FxHashMap, FxHashSet};
use slide_core::table::{Table, TableHeader};
use slide_core::Direction;

use crate::{Cell, Shape};

/// The automata of a process, by rows, columns and length.
type Built = Mutex<FxHashMap<(usize, usize, u32), Arc<Automaton>>>;

/// The automata [`Automaton::shared`] and [`Automaton::kept`] built or read in this process.
fn cache() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(Default::default)
}

/// The subdirectory of a data directory where `Automaton::kept` keeps automata, one file
/// each (`4x4-14.tbl`): apart from the tables, which every host of a cluster must share
/// byte for byte, since each process can rebuild these alone.
pub const KEPT_UNDER: &str = "paths";

/// The automaton's answer for a move that makes the path hold a pruned stretch (or leaves the
/// board).
pub const PRUNED: u32 = u32::MAX;

/// The most cells of a board an automaton is built for (a packed board's).
const MAX_CELLS: usize = 25;

/// The longest stretches an automaton is built for: the breadth-first searches grow with the
/// branching factor to this power (the 5x5's for 16 moves takes hundreds of megabytes, for
/// 18 gigabytes, for 24 more than any machine has).
pub const MAX_LONGEST: u32 = 16;

/// The stretches' length the 24-puzzle's searches for one shortest solution prune (236,314
/// states): past it, the nodes a longer automaton saves no longer pay for its size and its
/// build, as measured on Korf and Felner's #44 (docs/BENCHMARKS.md).
pub const SEARCH_LONGEST: u32 = 14;

/// An automaton over the blank's paths on one [`Shape`] that accepts exactly the paths holding
/// no stretch of at most `Automaton::longest` moves that another path of the same effect
/// beats in shortlex order (see the module documentation).
#[derive(Debug, PartialEq, Eq)]
pub struct Automaton {
    shape: Shape,
    longest: u32,
    /// `next[4 * state + d]`: the state after the move of direction `d` (the tile's, as
    /// `Direction as usize`), or [`PRUNED`].
    next: Vec<u32>,
    /// `start[cell]`: the state of the empty path with the blank on `cell`.
    start: Vec<u32>,
    /// How many stretches it prunes.
    words: usize,
}

impl Automaton {
    /// The automaton of `shape` (at most 25 cells) that prunes every stretch of 2 to `longest`
    /// moves beaten by another path of the same effect.
    ///
    /// # Panics
    ///
    /// If `shape` has more than 25 cells or `longest` is not 2 to [`MAX_LONGEST`].
    pub fn new(shape: Shape, longest: u32) -> Automaton {
        Automaton::assert_buildable(shape, longest);
        let words = beaten_stretches(shape, longest);
        Trie::of(shape, &words).automaton(longest)
    }

    /// The automaton of [`Automaton::new`], built once per process for each shape and length:
    /// the 5x5's for 14 moves takes a good part of a second and tens of MiB while it is built
    /// (breadth-first searches of 25 x 300,000 boards), which a batch of boards should not pay
    /// for each.
    pub(crate) fn shared(shape: Shape, longest: u32) -> Arc<Automaton> {
        Automaton::kept(shape, longest, None)
    }

    /// [`Automaton::shared`], kept from one process to the next in `data_dir` (when given,
    /// under [`KEPT_UNDER`]): reading one back and checking it takes a small part of the time
    /// building it takes (docs/BENCHMARKS.md). A file that is missing, damaged or
    /// another automaton's is replaced by one built afresh; when none can be written, the
    /// automaton is built in each process, as without a directory.
    ///
    /// # Panics
    ///
    /// As [`Automaton::new`].
    pub(crate) fn kept(shape: Shape, longest: u32, data_dir: Option<&Path>) -> Arc<Automaton> {
        Automaton::assert_buildable(shape, longest);
        let key = (shape.rows(), shape.cols(), longest);
        let mut built = cache().lock().unwrap_or_else(|e| e.into_inner());
        let automaton = built.entry(key).or_insert_with(|| {
            Arc::new(match data_dir {
                Some(dir) => Automaton::read_or_build(shape, longest, &Automaton::file_in(dir, shape, longest)),
                None => Automaton::new(shape, longest),
            })
        });
        automaton.clone()
    }

    fn assert_buildable(shape: Shape, longest: u32) {
        assert!(shape.cells() <= MAX_CELLS, "an automaton of paths is built for up to 25 cells, not {shape}");
        assert!((2..=MAX_LONGEST).contains(&longest), "stretches of 2 to {MAX_LONGEST} moves, not {longest}");
    }

    /// The file [`Automaton::kept`] keeps the automaton of `shape` and `longest` in, under
    /// the data directory `dir`.
    fn file_in(dir: &Path, shape: Shape, longest: u32) -> PathBuf {
        dir.join(KEPT_UNDER).join(format!("{shape}-{longest}.tbl"))
    }

    /// The automaton read from `path`, or built and written there when the file does not
    /// hold it.
    fn read_or_build(shape: Shape, longest: u32, path: &Path) -> Automaton {
        if let Some(read) = Table::load(path).ok().and_then(|table| Automaton::from_table(&table, shape, longest)) {
            return read;
        }
        let built = Automaton::new(shape, longest);
        // A cache: a directory that cannot be written costs only the next process's build.
        let _ = built.to_table().save(path);
        built
    }

    /// The header of the automaton's table: the fifteen crate's, named for what it holds.
    fn header(shape: Shape, longest: u32, entry_count: u64) -> TableHeader {
        TableHeader {
            puzzle: "fifteen".into(),
            name: "duplicate-paths".into(),
            params: format!("size={shape};longest={longest}"),
            entry_bits: 8,
            entry_count,
        }
    }

    /// The automaton as a table of bytes: 32-bit words (little-endian) for the stretches'
    /// count, the start states by cell and the transitions, then each state's cell of the
    /// blank, which lets [`Automaton::from_table`] check every transition in one pass.
    fn to_table(&self) -> Table {
        let words =
            std::iter::once(self.words as u32).chain(self.start.iter().copied()).chain(self.next.iter().copied());
        let mut payload: Vec<u8> = words.flat_map(u32::to_le_bytes).collect();
        payload.extend(self.cells());
        Table::new(Automaton::header(self.shape, self.longest, payload.len() as u64), payload)
            .expect("the payload is the header's entries")
    }

    /// Each state's cell of the blank, followed from the start states.
    fn cells(&self) -> Vec<u8> {
        let mut cell = vec![u8::MAX; self.states()];
        let mut stack: Vec<(u32, usize)> = self.start.iter().enumerate().map(|(at, &state)| (state, at)).collect();
        while let Some((state, at)) = stack.pop() {
            if std::mem::replace(&mut cell[state as usize], at as u8) != u8::MAX {
                continue;
            }
            for direction in Direction::ALL {
                let to = self.step(state, direction);
                if to != PRUNED {
                    let from = source(self.shape, at, direction).expect("a transition stays on the board");
                    stack.push((to, from));
                }
            }
        }
        cell
    }

    /// The automaton of `shape` and `longest` that `table` holds, if it holds one that a
    /// search can follow: every state and transition in range, and each transition leading
    /// from a state of the blank's cell to one of the cell the move takes it to (a move off
    /// the board [`PRUNED`]), so that a damaged file is never followed off the board or out
    /// of the table. One pass, its random reads in the states' cells (a byte each).
    fn from_table(table: &Table, shape: Shape, longest: u32) -> Option<Automaton> {
        let header = table.header();
        if *header != Automaton::header(shape, longest, header.entry_count) {
            return None;
        }
        let n = shape.cells();
        let payload = table.payload();
        // 4 bytes for the count, 4 a cell, 16 + 1 a state.
        let states = payload.len().checked_sub(4 + 4 * n).filter(|rest| rest % 17 == 0)? / 17;
        let (words, cell) = payload.split_at(4 * (1 + n + 4 * states));
        let word = |i: usize| u32::from_le_bytes(words[4 * i..4 * i + 4].try_into().expect("four bytes"));
        let start: Vec<u32> = (1..=n).map(word).collect();
        let next: Vec<u32> = (1 + n..words.len() / 4).map(word).collect();
        let on = |state: u32, at: usize| cell.get(state as usize) == Some(&(at as u8));
        if !start.iter().enumerate().all(|(at, &state)| on(state, at)) {
            return None;
        }
        let sources: Vec<[Option<usize>; 4]> =
            (0..n).map(|at| Direction::ALL.map(|direction| source(shape, at, direction))).collect();
        for (moves, &at) in next.chunks_exact(4).zip(cell) {
            let from = sources.get(at as usize)?;
            for (&to, from) in moves.iter().zip(from) {
                match from {
                    _ if to == PRUNED => {}
                    Some(from) if on(to, *from) => {}
                    _ => return None,
                }
            }
        }
        Some(Automaton { shape, longest, next, start, words: word(0) as usize })
    }

    /// How many stretches it prunes (none of them holding another).
    #[cfg(test)]
    pub(crate) fn stretches(&self) -> usize {
        self.words
    }

    /// The board it is built for.
    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    /// The longest stretch it prunes, in moves.
    pub(crate) fn longest(&self) -> u32 {
        self.longest
    }

    /// Its states, as many as a search node's state may take.
    pub(crate) fn states(&self) -> usize {
        self.next.len() / 4
    }

    /// The state of a path that starts with the blank on `blank`.
    #[inline]
    pub(crate) fn start(&self, blank: Cell) -> u32 {
        self.start[blank.index()]
    }

    /// The state after a tile slides in `direction` into the blank, or [`PRUNED`] when that
    /// completes a pruned stretch or no tile can slide that way.
    #[inline(always)]
    pub(crate) fn step(&self, state: u32, direction: Direction) -> u32 {
        self.next[4 * state as usize + direction as usize]
    }

    /// Asks for `state`'s transitions without waiting for them
    /// ([`slide_core::table::prefetch`]): a search that knows the state of a node it
    /// expands later starts the read now.
    #[inline(always)]
    pub(crate) fn prefetch(&self, state: u32) {
        slide_core::table::prefetch(&self.next, 4 * state as usize);
    }
}

/// The paths a tile search follows, as its nodes carry them: [`NoUndo`], every path that does
/// not undo its last move (a byte: the blank's previous cell), or those an [`Automaton`]
/// accepts (its state). The plain rule is its own type because the 15-puzzle's Manhattan
/// search, whose nodes cost a few nanoseconds, takes 8% longer with a table read in place of
/// a byte compare.
pub trait Paths: Copy + Sync {
    /// What a node carries.
    type State: Copy + Send + Sync + std::fmt::Debug;
    /// The state of a path that starts with the blank on cell `blank`.
    fn start(&self, blank: u8) -> Self::State;
    /// The state after the tile on `from` slides in `direction` into the blank on `to`, or
    /// `None` when the path is left out.
    fn step(&self, state: Self::State, from: u8, to: u8, direction: Direction) -> Option<Self::State>;
}

/// Every path that does not undo its last move: [`Automaton::new`] with `longest` 2, as a byte.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoUndo;

/// No cell: the root's "previous blank" (no cell is 254).
const NO_CELL: u8 = u8::MAX - 1;

impl Paths for NoUndo {
    type State = u8;
    #[inline(always)]
    fn start(&self, _: u8) -> u8 {
        NO_CELL
    }
    #[inline(always)]
    fn step(&self, back: u8, from: u8, to: u8, _: Direction) -> Option<u8> {
        (from != back).then_some(to)
    }
}

impl Paths for &Automaton {
    type State = u32;
    #[inline(always)]
    fn start(&self, blank: u8) -> u32 {
        Automaton::start(self, blank.into())
    }
    #[inline(always)]
    fn step(&self, state: u32, _: u8, _: u8, direction: Direction) -> Option<u32> {
        let next = Automaton::step(self, state, direction);
        (next != PRUNED).then_some(next)
    }
}

/// The blank's cell after a tile slides in `direction` from the blank's neighbour.
fn source(shape: Shape, blank: usize, direction: Direction) -> Option<usize> {
    shape.source(Cell::new(blank), direction).map(Cell::index)
}

/// A path of the blank: its first cell, its length and its moves' directions (two bits each,
/// the first lowest, `Direction as u64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Stretch {
    first: u8,
    len: u8,
    moves: u64,
}

impl Stretch {
    /// The direction of move `i`.
    fn direction(self, i: usize) -> Direction {
        Direction::ALL[(self.moves >> (2 * i) & 3) as usize]
    }

    /// The blank's cells along it, the first included.
    fn cells(self, shape: Shape) -> Vec<u8> {
        let mut cells = vec![self.first];
        for i in 0..self.len as usize {
            let at = *cells.last().expect("a path starts on a cell") as usize;
            cells.push(source(shape, at, self.direction(i)).expect("a path stays on the board") as u8);
        }
        cells
    }

    /// What is left of it after its first `i` moves, which end on `cell`.
    fn suffix(self, i: usize, cell: u8) -> Stretch {
        Stretch { first: cell, len: self.len - i as u8, moves: self.moves >> (2 * i) }
    }
}

/// Every stretch of 2 to `longest` moves that another path beats (the same effect, shorter
/// or earlier in shortlex order) and whose proper parts are all unbeaten (the least such
/// stretches: any beaten path holds one).
fn beaten_stretches(shape: Shape, longest: u32) -> Vec<Stretch> {
    use rayon::prelude::*;
    // From each cell: the paths whose every prefix is unbeaten and whose end is beaten. A
    // beaten path holds one, at its start from its own first cell, or inside it, where its
    // part from that cell to its end is another start's candidate; so those holding a
    // candidate at their end are left out (see `Breadth::beaten_from`).
    let candidates: Vec<Stretch> = (0..shape.cells() as u8)
        .into_par_iter()
        .map_init(Breadth::default, |breadth, first| breadth.beaten_from(shape, first, longest))
        .flatten_iter()
        .collect();
    let all: FxHashSet<Stretch> = candidates.iter().copied().collect();
    candidates
        .into_iter()
        .filter(|&stretch| {
            let cells = stretch.cells(shape);
            (1..stretch.len as usize - 1).all(|i| !all.contains(&stretch.suffix(i, cells[i])))
        })
        .collect()
}

/// A path met by [`Breadth`]: the board it reaches (each cell's number where it is, five bits
/// a cell), the blank's cell, the blank's cell before its last move, and its moves.
type Met = (u128, u8, u8, u64);

/// The breadth-first search of [`Breadth::beaten_from`], its set and queues kept from one
/// start to the next on a thread (growing them afresh for each start cost a fifth of the
/// build in rehashing and page faults).
#[derive(Default)]
struct Breadth {
    seen: FxHashSet<u128>,
    frontier: Vec<Met>,
    next: Vec<Met>,
}

impl Breadth {
    /// The paths of at most `longest` moves from `first` that end on a board met before by
    /// a shortlex-earlier path, every prefix ending on a board met first: a breadth-first
    /// search in shortlex order (directions in [`Direction::ALL`]'s order).
    ///
    /// A beaten path whose proper prefixes are unbeaten may still hold a shorter beaten
    /// stretch ending at its end; [`beaten_stretches`] drops those (a beaten stretch cannot
    /// end earlier: the prefix before its end would hold it).
    fn beaten_from(&mut self, shape: Shape, first: u8, longest: u32) -> Vec<Stretch> {
        let board: u128 = (0..shape.cells() as u128).fold(0, |board, cell| board | cell << (5 * cell));
        self.seen.clear();
        self.seen.insert(board);
        // Each path with the blank's cell before its last move (none at first), and with its
        // move back only undone: that move is every cell's beaten stretch of 2, which
        // [`beaten_stretches`] would find at the end of a third of the paths.
        self.frontier.clear();
        self.frontier.push((board, first, u8::MAX, 0u64));
        let mut beaten = Vec::new();
        for len in 1..=longest as u8 {
            self.next.clear();
            for &(board, at, back, moves) in &self.frontier {
                for direction in Direction::ALL {
                    let Some(from) = source(shape, at as usize, direction) else { continue };
                    if from as u8 == back {
                        if len == 2 {
                            beaten.push(Stretch { first, len, moves: moves | (direction as u64) << 2 });
                        }
                        continue;
                    }
                    let (a, b) = (5 * at as u32, 5 * from as u32);
                    let swapped = ((board >> a) ^ (board >> b)) & 31;
                    let child = board ^ (swapped << a) ^ (swapped << b);
                    let moves = moves | (direction as u64) << (2 * (len as u32 - 1));
                    if self.seen.insert(child) {
                        self.next.push((child, from as u8, at, moves));
                    } else {
                        beaten.push(Stretch { first, len, moves });
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
        beaten
    }
}

/// The stretches as a trie over the blank's cells: node 0 the root, then one node per start
/// cell, then one per longer prefix.
struct Trie {
    shape: Shape,
    /// `children[node][d]`: the node one move further in direction `d`, or 0.
    children: Vec<[u32; 4]>,
    /// The blank's cell at each node.
    cell: Vec<u8>,
    /// Whether a stretch ends at the node.
    end: Vec<bool>,
    /// The node of each start cell.
    start: Vec<u32>,
}

impl Trie {
    fn of(shape: Shape, words: &[Stretch]) -> Trie {
        let cells = shape.cells();
        let mut trie = Trie {
            shape,
            children: vec![[0; 4]; cells + 1],
            cell: std::iter::once(0).chain(0..cells as u8).collect(),
            end: vec![false; cells + 1],
            start: (1..=cells as u32).collect(),
        };
        for word in words {
            let cells = word.cells(shape);
            let mut node = trie.start[word.first as usize] as usize;
            for (i, &cell) in cells[1..].iter().enumerate() {
                let d = word.direction(i) as usize;
                if trie.children[node][d] == 0 {
                    trie.children[node][d] = trie.children.len() as u32;
                    trie.children.push([0; 4]);
                    trie.cell.push(cell);
                    trie.end.push(false);
                }
                node = trie.children[node][d] as usize;
            }
            trie.end[node] = true;
        }
        trie
    }

    /// Aho and Corasick's automaton of the trie (of stretches of up to `longest` moves), its
    /// stretches' ends (leaves: no stretch extends another) dropped as states and each move
    /// into one answered [`PRUNED`].
    fn automaton(&self, longest: u32) -> Automaton {
        let nodes = self.children.len();
        let mut delta = vec![[0u32; 4]; nodes];
        let mut fail = vec![0u32; nodes];
        let mut matched = self.end.clone();
        // Breadth first, so that a node's failure (a shorter suffix) is complete before it.
        let mut queue: std::collections::VecDeque<u32> = self.start.iter().copied().collect();
        while let Some(u) = queue.pop_front() {
            let u = u as usize;
            for direction in Direction::ALL {
                let d = direction as usize;
                let Some(to) = source(self.shape, self.cell[u] as usize, direction) else { continue };
                let child = self.children[u][d];
                // From a start node (nodes 1 to the cell count) the longest proper suffix of
                // the next node is the start node of the cell moved to.
                let first_move = u <= self.start.len();
                let via_fail = if first_move { self.start[to] } else { delta[fail[u] as usize][d] };
                if child == 0 {
                    delta[u][d] = via_fail;
                } else {
                    delta[u][d] = child;
                    fail[child as usize] = via_fail;
                    matched[child as usize] |= matched[via_fail as usize];
                    queue.push_back(child);
                }
            }
        }
        // Number the states: every node but the root and the stretches' ends.
        let mut number = vec![PRUNED; nodes];
        let mut states = 0u32;
        for node in 1..nodes {
            if !matched[node] {
                number[node] = states;
                states += 1;
            }
        }
        let mut next = vec![PRUNED; 4 * states as usize];
        for node in 1..nodes {
            if number[node] == PRUNED {
                continue;
            }
            for direction in Direction::ALL {
                let d = direction as usize;
                if source(self.shape, self.cell[node] as usize, direction).is_some() {
                    next[4 * number[node] as usize + d] = number[delta[node][d] as usize];
                }
            }
        }
        let start = self.start.iter().map(|&node| number[node as usize]).collect();
        let words = self.end.iter().filter(|&&end| end).count();
        Automaton { shape: self.shape, longest, next, start, words }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blank on cell 5; the tile below it slides up, then the blank may not come back.
    #[test]
    fn the_move_back_is_pruned() {
        let automaton = Automaton::new(Shape::FIFTEEN, 2);
        let state = automaton.step(automaton.start(Cell::new(5)), Direction::Up);
        assert_ne!(state, PRUNED);
        assert_eq!(automaton.step(state, Direction::Down), PRUNED);
        assert_ne!(automaton.step(state, Direction::Left), PRUNED);
    }

    /// From every start cell, the paths the automaton accepts reach every board within
    /// `depth` moves in as few moves as breadth-first search needs; and when `depth` is at
    /// most the stretches' length, each board by exactly one path.
    fn check(shape: Shape, longest: u32, depth: u32) {
        let automaton = Automaton::new(shape, longest);
        let cells = shape.cells();
        for blank in 0..cells {
            let mut start = [0u8; MAX_CELLS];
            for (cell, b) in start.iter_mut().enumerate().take(cells) {
                *b = cell as u8;
            }
            // Breadth first over the boards, every move.
            let mut distance: FxHashMap<[u8; MAX_CELLS], u32> = FxHashMap::default();
            distance.insert(start, 0);
            let mut layer = vec![(start, blank)];
            for d in 1..=depth {
                let mut next = Vec::new();
                for (board, at) in layer {
                    for direction in Direction::ALL {
                        if let Some(from) = source(shape, at, direction) {
                            let mut child = board;
                            child.swap(at, from);
                            if let std::collections::hash_map::Entry::Vacant(e) = distance.entry(child) {
                                e.insert(d);
                                next.push((child, from));
                            }
                        }
                    }
                }
                layer = next;
            }
            // Depth first along the accepted paths: the least moves each board is met at.
            let mut met: FxHashMap<[u8; MAX_CELLS], u32> = FxHashMap::default();
            let mut stack = vec![(start, blank, automaton.start(Cell::new(blank)), 0u32)];
            let mut paths = 0u64;
            while let Some((board, at, state, moves)) = stack.pop() {
                paths += 1;
                let least = met.entry(board).or_insert(moves);
                *least = (*least).min(moves);
                if moves == depth {
                    continue;
                }
                for direction in Direction::ALL {
                    let next = automaton.step(state, direction);
                    let Some(from) = source(shape, at, direction) else {
                        assert_eq!(next, PRUNED, "no move off the board");
                        continue;
                    };
                    if next != PRUNED {
                        let mut child = board;
                        child.swap(at, from);
                        stack.push((child, from, next, moves + 1));
                    }
                }
            }
            assert_eq!(met.len(), distance.len(), "{shape}, blank on {blank}: every board within {depth} moves");
            for (board, d) in &distance {
                assert_eq!(met.get(board), Some(d), "{shape}, blank on {blank}: a board at distance {d}");
            }
            // Up to the stretches' length, each board is reached by exactly one path.
            if depth <= longest {
                assert_eq!(paths, distance.len() as u64, "{shape}, blank on {blank}: one path per board");
            }
        }
    }

    #[test]
    fn accepted_paths_reach_every_board_at_its_distance() {
        check(Shape::new_const(2, 2), 2, 12);
        check(Shape::new_const(2, 3), 8, 12);
        check(Shape::EIGHT, 6, 10);
        check(Shape::EIGHT, 10, 10);
        check(Shape::new_const(3, 4), 8, 11);
        check(Shape::FIFTEEN, 8, 9);
    }

    #[test]
    fn two_moves_is_the_no_undo_rule() {
        let shape = Shape::FIFTEEN;
        let automaton = Automaton::new(shape, 2);
        assert_eq!(automaton.stretches(), (0..16).map(|c| shape.neighbours(Cell::new(c)).count()).sum::<usize>());
        for blank in shape.each_cell() {
            let start = automaton.start(blank);
            for (first, there) in shape.neighbours(blank) {
                let state = automaton.step(start, there);
                for (second, _) in shape.neighbours(first) {
                    let d = Direction::ALL.into_iter().find(|&d| shape.source(first, d) == Some(second)).unwrap();
                    assert_eq!(automaton.step(state, d) == PRUNED, second == blank, "{blank} to {first} to {second}");
                }
            }
        }
    }

    /// An automaton written as a table reads back the same, and one whose file is damaged
    /// (its checksum right: a transition off the board, a state out of range, another
    /// automaton's) is refused, and then rebuilt over the file.
    #[test]
    fn kept_automata_read_back_and_damaged_ones_are_rebuilt() {
        let (shape, longest) = (Shape::new_const(3, 4), 8);
        let automaton = Automaton::new(shape, longest);
        let table = automaton.to_table();
        assert_eq!(Automaton::from_table(&table, shape, longest).as_ref(), Some(&automaton));
        assert_eq!(Automaton::from_table(&table, shape, 10), None, "another length");
        assert_eq!(Automaton::from_table(&table, Shape::new_const(4, 3), longest), None, "another board");
        // Byte offsets: the stretches' count, then the start states, then the transitions.
        let (start, word) = (|cell: usize| 4 * (1 + cell), |i: usize| 4 * (1 + shape.cells() + i));
        // Cell 0's start state: its move up (a tile below the blank slides up) is on the
        // board, its move down is not.
        let first = 4 * automaton.start[0] as usize;
        let (up, down) = (first + Direction::Up as usize, first + Direction::Down as usize);
        for (what, at, value) in [
            ("a move off the board", word(down), 0),
            ("a state out of range", word(up), automaton.states() as u32),
            ("a start out of range", start(0), u32::MAX - 1),
            ("a start on another cell's state", start(1), automaton.start[0]),
        ] {
            let damaged = slide_testing::with_bytes(&table, at, &value.to_le_bytes());
            assert_eq!(Automaton::from_table(&damaged, shape, longest), None, "{what}");
        }
        let cells = 4 * (1 + shape.cells() + 4 * automaton.states());
        let damaged = slide_testing::with_bytes(&table, cells + automaton.start[0] as usize, &[1]);
        assert_eq!(Automaton::from_table(&damaged, shape, longest), None, "a state on another cell");

        let dir = std::env::temp_dir().join(format!("paths-kept-{}", std::process::id()));
        let path = Automaton::file_in(&dir, shape, longest);
        assert_eq!(Automaton::read_or_build(shape, longest, &path), automaton, "built");
        assert_eq!(Automaton::from_table(&Table::load(&path).unwrap(), shape, longest).as_ref(), Some(&automaton));
        assert_eq!(Automaton::read_or_build(shape, longest, &path), automaton, "read");
        slide_testing::with_bytes(&table, word(down), &0u32.to_le_bytes()).save(&path).unwrap();
        assert_eq!(Automaton::read_or_build(shape, longest, &path), automaton, "rebuilt");
        assert_eq!(Automaton::from_table(&Table::load(&path).unwrap(), shape, longest).as_ref(), Some(&automaton));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The shortest stretches beyond undoing: the blank round a 2x2 square, six moves one way
    /// against six the other (twelve in all make a full turn of three tiles, which is the
    /// identity); on 3x3 every 2x2 square gives them, from each of its four corners.
    #[test]
    fn the_next_stretches_go_round_a_square() {
        let undo = Automaton::new(Shape::EIGHT, 2).stretches();
        let five = Automaton::new(Shape::EIGHT, 5).stretches();
        let six = Automaton::new(Shape::EIGHT, 6).stretches();
        assert_eq!(undo, five);
        // Each square, each corner: one of the two ways round is beaten.
        assert_eq!(six - undo, 4 * 4);
    }
}
