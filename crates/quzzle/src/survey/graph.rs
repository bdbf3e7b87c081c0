//! The moves between the layouts of one type, and breadth-first search over them.
//!
//! The board's symmetries (left-right, upside down, half turn) map a type's layouts and
//! moves onto themselves, so the layouts come in **orbits** of one, two or four (a layout and
//! its images), and a layout's moves are those of its orbit's first layout (in rank order),
//! mapped. Each orbit's moves are listed once, and the searches index layouts by **node**
//! rather than by rank: an orbit's layouts have consecutive nodes, so a move listed as (the
//! orbit reached, its image taken) leads from any layout of the orbit listed by a sum and a
//! shift, with no table read.

use super::layout::{Layout, Shape, Symmetry, CELLS};
use super::moves::{for_each_move, for_each_successor};
use super::rank::{Reading, TypeRanker};
use super::spare;

/// The number of a symmetry, 1 to 3 (0 for the identity): composing two is their xor.
#[inline]
const fn bits(symmetry: Symmetry) -> u32 {
    match symmetry {
        Symmetry::LeftRight => 1,
        Symmetry::UpsideDown => 2,
        Symmetry::HalfTurn => 3,
    }
}

/// An orbit's stabilizer (the symmetries that map its first layout onto itself) by number:
/// none, the left-right mirror, the flip, the half turn, all three.
const STABILIZERS: u32 = 5;

/// For a stabilizer and a symmetry's number `x` (the index `stabilizer << 2 | x`), two bits:
/// the place within its orbit of the image under `x` of the orbit's first layout. An orbit's
/// layouts take places in the order of the least symmetry that makes each (the first
/// layout's own place is 0), so their nodes follow its first layout's.
const PLACES: u64 = {
    let places: [[u64; 4]; STABILIZERS as usize] = [[0, 1, 2, 3], [0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 1, 0], [0; 4]];
    let mut packed = 0u64;
    let mut i = 0;
    while i < 4 * STABILIZERS as usize {
        packed |= places[i / 4][i % 4] << (2 * i);
        i += 1;
    }
    packed
};

/// The place in its orbit of the layout an entry names, taken through symmetry `x`.
#[inline]
const fn place(entry: u32, x: u32) -> u32 {
    (PLACES >> (2 * ((entry & 0x1F) ^ x))) as u32 & 3
}

/// The node of the layout an **entry** names, taken through symmetry `x`. An entry is a
/// layout as its orbit's first node (bits 5 and up), its orbit's stabilizer (bits 2 to 4)
/// and the symmetry that makes it from the orbit's first layout (bits 0 and 1).
#[inline]
const fn node_of(entry: u32, x: u32) -> u32 {
    (entry >> 5) + place(entry, x)
}

/// Every move of one type's layouts, as lists of entries (see the module): one list per orbit,
/// the moves of its first layout, generated and ranked; a layout's moves are its orbit's,
/// taken through the symmetry that makes it from the orbit's first layout. Moves are
/// reversible, so each move is listed from both ends.
#[derive(Clone, Debug, Default)]
pub struct TypeMoves {
    /// Per node: its orbit's list (where it starts in `targets`, bits 0-31; its length,
    /// bits 32-39) and its entry's low bits (its stabilizer and symmetry, bits 40-44).
    nodes: Vec<u64>,
    /// The orbits' lists, each move as the entry of the layout it leads to.
    targets: Vec<u32>,
    /// Per rank: the layout's entry.
    entries: Vec<u32>,
    /// Per node: the layout's rank.
    ranks: Vec<u32>,
}

impl TypeMoves {
    /// The moves of the `ranker`'s layouts, of which there are `moves` in all (counted by
    /// [`count_moves`]; the orbits' lists take a quarter of that or a little more). `visit`
    /// sees each layout's node and reading on the way, in rank order.
    ///
    /// The first layout met of each orbit ranks its three images side by side, which gives
    /// the orbit's nodes, and has its moves generated and ranked (each from its reading,
    /// [`TypeRanker::rank_moved`]: only the cells it changes are read). Its list holds the
    /// ranks of its successors until the walk is over and every layout has its entry; then
    /// the ranks are made entries, in one pass in order of memory (the successors' ranks are
    /// near their layout's). About a quarter of the moves are generated, and none is written
    /// twice.
    pub fn build(ranker: &TypeRanker, moves: u64, mut visit: impl FnMut(u32, &Reading)) -> TypeMoves {
        let n = ranker.count() as usize;
        const UNSET: u32 = u32::MAX;
        let mut entries = spare::filled(n, UNSET);
        // An orbit's nodes come in order, so these are pushed, not made whole first.
        let mut nodes = spare::empty(n);
        let mut ranks = spare::empty(n);
        // Room for every move, though only the orbits' are written: the pages not written
        // are never touched.
        let mut targets = spare::empty(moves as usize);
        let mut next = 0u32;
        // The difference a move makes to the rank depends on the layout's cells before the
        // one where the two readings agree again (`rank_moved_to`), and the walk changes
        // its layouts from the last cells back: a move's difference, once known, holds for
        // every following layout until the walk changes a cell before that one. Per move
        // (shape, from, to): the difference, that cell, and the layout it was found at;
        // per cell, the last layout at which the walk changed it.
        let mut known = vec![(0u32, 0u8, u32::MAX); MOVE_KEYS];
        let mut changed = [0u32; CELLS + 1];
        ranker.for_each_reading(|layout, reading| {
            let rank = reading.rank();
            changed[reading.since()..].fill(rank);
            let mut entry = entries[rank as usize];
            if entry == UNSET {
                // The first layout of its orbit.
                let mirrored = layout.mirrored();
                let [lr, ud, ht] = ranker.rank_each([mirrored, layout.flipped(), mirrored.flipped()]);
                let stabilizer = match (lr == rank, ud == rank, ht == rank) {
                    (true, true, _) => 4,
                    (true, false, _) => 1,
                    (false, true, _) => 2,
                    (false, false, true) => 3,
                    (false, false, false) => 0,
                };
                let start = targets.len();
                for_each_move(layout, |shape, from, to, _| {
                    let key = move_key(shape, from, to);
                    let (delta, end, at) = known[key];
                    // Still known if no cell before `end` changed since layout `at`.
                    let child = if at != u32::MAX && changed[end as usize - 1] <= at {
                        rank.wrapping_add(delta)
                    } else {
                        let (child, end) = ranker.rank_moved_to(reading, shape, from, to);
                        known[key] = (child.wrapping_sub(rank), end as u8, rank);
                        child
                    };
                    targets.push(child);
                });
                let degree = targets.len() - start;
                debug_assert!(degree < 256, "no layout of the family has 256 moves");
                let list = start as u64 | (degree as u64) << 32;
                // Each image once, under the least symmetry that makes it.
                let mut places = 0;
                for (x, r) in [(0, rank), (1, lr), (2, ud), (3, ht)] {
                    let image = next << 5 | stabilizer << 2 | x;
                    let at = place(image, 0);
                    if at == places {
                        debug_assert_eq!(nodes.len(), (next + at) as usize);
                        entries[r as usize] = image;
                        nodes.push(list | u64::from(image & 0x1F) << 40);
                        ranks.push(r);
                        places += 1;
                    }
                }
                next += places;
                entry = entries[rank as usize];
            }
            visit(node_of(entry, 0), reading);
        });
        debug_assert_eq!(next as usize, n);
        for target in &mut targets {
            *target = entries[*target as usize];
        }
        TypeMoves { nodes, targets, entries, ranks }
    }

    /// The bytes [`TypeMoves::build`] takes at most for `layouts` layouts with `moves` moves.
    pub(crate) fn bytes(layouts: u64, moves: u64) -> u64 {
        // Room for every move (a quarter or a little more is used), then per layout its
        // node's list and symmetry, its entry and its rank.
        4 * moves + 8 * layouts + 4 * layouts + 4 * layouts
    }

    /// The number of layouts.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there are no layouts.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The node of the layout of rank `r`.
    #[inline]
    pub fn node(&self, r: u32) -> u32 {
        node_of(self.entries[r as usize], 0)
    }

    /// The rank of the layout at `node`.
    #[inline]
    pub fn rank(&self, node: u32) -> u32 {
        self.ranks[node as usize]
    }

    /// The symmetry that makes the layout at `node` from its orbit's first layout (`None`
    /// for that one: its list is the one generated, the others' are mapped from it).
    pub fn symmetry(&self, node: u32) -> Option<Symmetry> {
        let x = (self.nodes[node as usize] >> 40) as u32 & 3;
        Symmetry::ALL.into_iter().find(|&s| bits(s) == x)
    }

    /// The node of the image under `symmetry` of the layout at `node`.
    #[inline]
    pub fn image(&self, symmetry: Symmetry, node: u32) -> u32 {
        let own = (self.nodes[node as usize] >> 40) as u32 & 0x1F;
        node - place(own, 0) + place(own, bits(symmetry))
    }

    /// The node's list and the symmetry (by number) its moves are taken through.
    #[inline]
    fn list(&self, node: u32) -> (&[u32], u32) {
        let info = self.nodes[node as usize];
        let start = info as u32 as usize;
        let degree = (info >> 32) as u8 as usize;
        (&self.targets[start..start + degree], (info >> 40) as u32 & 3)
    }

    /// The nodes one move from `node`.
    #[inline]
    pub fn of(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let (list, x) = self.list(node);
        list.iter().map(move |&entry| node_of(entry, x))
    }

    /// The first and last entries of the list of `node`, xor-ed (0 when it has none):
    /// reading them brings the list into the cache (a list may cross two cache lines).
    #[inline]
    pub(crate) fn ends_of(&self, node: u32) -> u32 {
        match self.list(node).0 {
            [] => 0,
            list => list[0] ^ list[list.len() - 1],
        }
    }

    /// The number of moves from `node`.
    #[inline]
    pub fn degree(&self, node: u32) -> u32 {
        (self.nodes[node as usize] >> 32) as u8 as u32
    }
}

impl Drop for TypeMoves {
    /// The arrays go to the thread's next type (kept, not freed).
    fn drop(&mut self) {
        spare::keep(std::mem::take(&mut self.nodes));
        spare::keep(std::mem::take(&mut self.targets));
        spare::keep(std::mem::take(&mut self.entries));
        spare::keep(std::mem::take(&mut self.ranks));
    }
}

/// The number of keys [`move_key`] gives.
const MOVE_KEYS: usize = 5 * CELLS * CELLS;

/// A number for the move of the block of `shape` from top-left cell `from` to `to`.
#[inline]
fn move_key(shape: Shape, from: usize, to: usize) -> usize {
    (shape as usize * CELLS + from) * CELLS + to
}

/// The number of moves (counted from both ends) of the `ranker`'s layouts, and the number
/// of layouts without a move.
pub fn count_moves(ranker: &TypeRanker) -> (u64, u32) {
    let (mut moves, mut stuck) = (0u64, 0u32);
    ranker.for_each(|layout: Layout| {
        let before = moves;
        for_each_successor(layout, |_| moves += 1);
        stuck += u32::from(moves == before);
    });
    (moves, stuck)
}

/// A distance no search reaches: "not reached yet".
pub const UNSEEN: u16 = u16::MAX;

/// How many layouts of its queue a search reads ahead at once (see [`Bfs::run`]).
const LOOKAHEAD: usize = 48;

/// Breadth-first search over one type's moves, with its arrays kept between searches:
/// each search clears only the entries it set.
#[derive(Clone, Debug)]
pub struct Bfs {
    dist: Vec<u16>,
    order: Vec<u32>,
}

impl Bfs {
    /// Arrays for a type of `layouts` layouts.
    pub(crate) fn new(layouts: usize) -> Bfs {
        Bfs { dist: spare::filled(layouts, UNSEEN), order: spare::empty(layouts) }
    }

    /// The bytes [`Bfs::new`] takes for `layouts` layouts.
    pub(crate) fn bytes(layouts: u64) -> u64 {
        2 * layouts + 4 * layouts
    }

    /// Searches from `sources` (their distance 0) over `moves`; returns the greatest
    /// distance reached. The previous search's marks are cleared first.
    pub(crate) fn run(&mut self, moves: &TypeMoves, sources: impl IntoIterator<Item = u32>) -> u16 {
        self.search::<false>(moves, sources)
    }

    /// [`Bfs::run`] from `sources` that are their own mirror image as a set (the goal
    /// layouts), over the pairs of mirror images: both layouts of a pair are then as far
    /// from the sources, and the pair's list of either leads to the same pairs. Only the
    /// layout of the lower node of each pair is reached, and its list read: half the lists.
    /// [`Bfs::order`] and [`Bfs::dist`] give those layouts.
    pub(crate) fn run_mirrored(&mut self, moves: &TypeMoves, sources: impl IntoIterator<Item = u32>) -> u16 {
        self.search::<true>(moves, sources)
    }

    /// The search, over the pairs of mirror images if `PAIRS` (each reached as its lower
    /// node: a move's entry gives both, by a sum each).
    #[inline(always)]
    fn search<const PAIRS: bool>(&mut self, moves: &TypeMoves, sources: impl IntoIterator<Item = u32>) -> u16 {
        for &r in &self.order {
            self.dist[r as usize] = UNSEEN;
        }
        self.order.clear();
        for s in sources {
            let s = if PAIRS { s.min(moves.image(Symmetry::LeftRight, s)) } else { s };
            if self.dist[s as usize] == UNSEEN {
                self.dist[s as usize] = 0;
                self.order.push(s);
            }
        }
        let mut head = 0;
        // The queue holds the layouts by distance: where one distance's end is, the
        // distance of the layout taken is known without reading it back.
        let (mut d, mut level_end) = (0u16, self.order.len());
        while head < self.order.len() {
            if head == level_end {
                d += 1;
                level_end = self.order.len();
            }
            // The lists are in node order and the queue in no order of memory, so each
            // layout's list is a cache miss or two (its node, its moves). Every
            // `LOOKAHEAD` layouts, the lists of the next `LOOKAHEAD` and the nodes of
            // those after are read in a burst: the misses are then fetched together, not
            // one after another as each layout comes up.
            if head % LOOKAHEAD == 0 {
                let mut touched = 0u32;
                for &ahead in self.order.iter().skip(head + LOOKAHEAD).take(LOOKAHEAD) {
                    touched ^= moves.ends_of(ahead);
                }
                for &ahead in self.order.iter().skip(head + 2 * LOOKAHEAD).take(LOOKAHEAD) {
                    touched ^= moves.degree(ahead);
                }
                std::hint::black_box(touched);
            }
            let r = self.order[head];
            head += 1;
            let (list, x) = moves.list(r);
            for &entry in list {
                let t = node_of(entry, x);
                let t = if PAIRS { t.min(node_of(entry, x ^ 1)) } else { t };
                if self.dist[t as usize] == UNSEEN {
                    self.dist[t as usize] = d + 1;
                    self.order.push(t);
                }
            }
        }
        d
    }

    /// The nodes the last search reached, in the order it reached them (by distance).
    pub(crate) fn order(&self) -> &[u32] {
        &self.order
    }

    /// The distance of node `r` in the last search ([`UNSEEN`] if it was not reached).
    #[inline]
    pub(crate) fn dist(&self, r: u32) -> u16 {
        self.dist[r as usize]
    }
}

impl Drop for Bfs {
    /// The arrays go to the thread's next type (kept, not freed).
    fn drop(&mut self) {
        spare::keep(std::mem::take(&mut self.dist));
        spare::keep(std::mem::take(&mut self.order));
    }
}
