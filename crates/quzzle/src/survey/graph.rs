//! The moves between the layouts of one type, by rank, and breadth-first search over them.

use super::layout::{Layout, Shape, Symmetry, CELLS};
use super::moves::{for_each_move, for_each_successor};
use super::rank::{Reading, TypeRanker};
use super::spare;

/// Every move of one type's layouts: for the layout of rank `r`, the ranks one move away
/// are `targets[offsets[r]..offsets[r + 1]]` (compressed adjacency lists). Moves are
/// reversible, so each move is listed from both ends.
#[derive(Clone, Debug, Default)]
pub struct TypeMoves {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl TypeMoves {
    /// The moves of the `ranker`'s layouts, of which there are `moves` in all (counted by
    /// [`count_moves`]: the lists are allocated once, at their size), with `images` filled
    /// on the way ([`Images::fill`]). `visit` sees each layout and its reading on the way,
    /// in rank order.
    ///
    /// The board's symmetries map moves to moves, so a layout's list is the list of any of
    /// its images, mapped: only the first layout of each orbit (itself and its three images)
    /// has its moves generated and ranked (each from its reading,
    /// [`TypeRanker::rank_moved`]: only the cells it changes are read); the others' lists
    /// are that one's mapped through the images' ranks once the walk has ranked every
    /// image. About a quarter of the moves are generated, and a mapped move costs one or
    /// two reads where a ranked one costs several.
    pub fn build(
        ranker: &TypeRanker,
        moves: u64,
        images: &mut Images,
        mut visit: impl FnMut(Layout, &Reading),
    ) -> TypeMoves {
        let n = ranker.count() as usize;
        let mut offsets = spare::empty(n + 1);
        // Written in two passes (the mapped lists after the walk), so made whole at once.
        let mut targets = spare::filled(moves as usize, 0u32);
        offsets.push(0u32);
        let mut filled = 0usize;
        // The difference a move makes to the rank depends on the layout's cells before the
        // one where the two readings agree again (`rank_moved_to`), and the walk changes
        // its layouts from the last cells back: a move's difference, once known, holds for
        // every following layout until the walk changes a cell before that one. Per move
        // (shape, from, to): the difference, that cell, and the layout it was found at;
        // per cell, the last layout at which the walk changed it.
        let mut known = vec![(0u32, 0u8, u32::MAX); MOVE_KEYS];
        let mut changed = [0u32; CELLS + 1];
        let mut index = 0u32;
        const UNKNOWN: u8 = u8::MAX;
        let mut lengths = spare::filled(n, UNKNOWN);
        ranker.for_each_reading(|layout, reading| {
            visit(layout, reading);
            changed[reading.since()..].fill(index);
            let rank = reading.rank();
            images.fill(ranker, rank, layout);
            let known_length = lengths[rank as usize];
            if known_length != UNKNOWN {
                // An image of its orbit's first layout: its list is mapped from that one's
                // later, only its length is needed now.
                filled += known_length as usize;
            } else {
                let start = filled;
                for_each_move(layout, |shape, from, to, _| {
                    let key = move_key(shape, from, to);
                    let (delta, end, at) = known[key];
                    // Still known if no cell before `end` changed since layout `at`.
                    let child = if at != u32::MAX && changed[end as usize - 1] <= at {
                        rank.wrapping_add(delta)
                    } else {
                        let (child, end) = ranker.rank_moved_to(reading, shape, from, to);
                        known[key] = (child.wrapping_sub(rank), end as u8, index);
                        child
                    };
                    targets[filled] = child;
                    filled += 1;
                });
                // Its images' lists are as long (written where the walk will read them in
                // turn, not read from here when it gets there).
                debug_assert!(filled - start < UNKNOWN as usize, "no layout of the family has 255 moves");
                for image in images.orbit(rank) {
                    lengths[image as usize] = (filled - start) as u8;
                }
            }
            index += 1;
            offsets.push(filled as u32);
        });
        debug_assert_eq!(filled as u64, moves);
        spare::keep(lengths);
        // Each orbit's first layout writes its images' lists, in rank order: the lists read
        // and the images looked up (those of its successors, ranked near it) come in
        // order of memory; only the writes go anywhere, and a store does not wait.
        for first in 0..n as u32 {
            // Most layouts are not the first of their orbit, which the first two images
            // (read in order) tell without the third (read anywhere).
            let (lr, ud) = (images.left_right[first as usize], images.upside_down[first as usize]);
            if lr < first || ud < first {
                continue;
            }
            let ht = images.upside_down[lr as usize];
            if ht < first {
                continue;
            }
            let list = offsets[first as usize] as usize..offsets[first as usize + 1] as usize;
            let at = |r: u32| offsets[r as usize] as usize;
            // Where two images coincide the second write is skipped: the same list.
            let (to_lr, to_ud, to_ht) = (
                (lr != first).then(|| at(lr)),
                (ud != first && ud != lr).then(|| at(ud)),
                (ht != first && ht != lr && ht != ud).then(|| at(ht)),
            );
            for (i, from) in list.enumerate() {
                let child = targets[from];
                let mirrored = images.left_right[child as usize];
                if let Some(to) = to_lr {
                    targets[to + i] = mirrored;
                }
                if let Some(to) = to_ud {
                    targets[to + i] = images.upside_down[child as usize];
                }
                if let Some(to) = to_ht {
                    targets[to + i] = images.upside_down[mirrored as usize];
                }
            }
        }
        TypeMoves { offsets, targets }
    }

    /// The bytes [`TypeMoves::build`] takes for `layouts` layouts with `moves` moves.
    pub fn bytes(layouts: u64, moves: u64) -> u64 {
        // The lists, and the lengths of the lists on the way.
        4 * (layouts + 1) + 4 * moves + layouts
    }

    /// The number of layouts.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether there are no layouts.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The ranks one move from rank `r`.
    #[inline]
    pub fn of(&self, r: u32) -> &[u32] {
        &self.targets[self.offsets[r as usize] as usize..self.offsets[r as usize + 1] as usize]
    }

    /// The first and last ranks one move from rank `r`, xor-ed (0 when it has none):
    /// reading them brings its list into the cache (a list may cross two cache lines).
    #[inline]
    pub fn ends_of(&self, r: u32) -> u32 {
        let (at, end) = (self.offsets[r as usize] as usize, self.offsets[r as usize + 1] as usize);
        if at == end {
            return 0;
        }
        self.targets[at] ^ self.targets[end - 1]
    }

    /// The number of moves from rank `r`.
    #[inline]
    pub fn degree(&self, r: u32) -> u32 {
        self.offsets[r as usize + 1] - self.offsets[r as usize]
    }
}

impl Drop for TypeMoves {
    /// The arrays go to the thread's next type (kept, not freed).
    fn drop(&mut self) {
        spare::keep(std::mem::take(&mut self.offsets));
        spare::keep(std::mem::take(&mut self.targets));
    }
}

/// The number of keys [`move_key`] gives.
const MOVE_KEYS: usize = 5 * CELLS * CELLS;

/// A number for the move of the block of `shape` from top-left cell `from` to `to`.
#[inline]
fn move_key(shape: Shape, from: usize, to: usize) -> usize {
    (shape as usize * CELLS + from) * CELLS + to
}

/// The images of one type's layouts under the board's symmetries, by rank.
#[derive(Clone, Debug, Default)]
pub struct Images {
    left_right: Vec<u32>,
    upside_down: Vec<u32>,
}

impl Images {
    /// Room for a type of `layouts` layouts, no image known yet.
    pub fn new(layouts: usize) -> Images {
        Images { left_right: spare::filled(layouts, u32::MAX), upside_down: spare::filled(layouts, u32::MAX) }
    }

    /// Records the images of `layout`, of rank `r`, and theirs: the first layout met of
    /// each orbit (itself and its three images) ranks its three images, and since each
    /// symmetry is its own inverse and the half turn is the other two, that gives every
    /// image of the four (three table walks for four layouts).
    pub fn fill(&mut self, ranker: &TypeRanker, r: u32, layout: Layout) {
        let i = r as usize;
        if self.left_right[i] != u32::MAX {
            return;
        }
        let mirrored = layout.mirrored();
        let [lr, ud, ht] = ranker.rank_each([mirrored, layout.flipped(), mirrored.flipped()]);
        // The orbit is r, lr, ud, ht; the mirror pairs r with lr and ud with ht, the flip
        // r with ud and lr with ht (where two coincide, the writes agree).
        for (a, b) in [(r, lr), (ud, ht)] {
            self.left_right[a as usize] = b;
            self.left_right[b as usize] = a;
        }
        for (a, b) in [(r, ud), (lr, ht)] {
            self.upside_down[a as usize] = b;
            self.upside_down[b as usize] = a;
        }
    }

    /// The images of rank `r`: left to right, upside down, half a turn (once
    /// [`Images::fill`] has seen `r`).
    #[inline]
    pub fn orbit(&self, r: u32) -> [u32; 3] {
        let (lr, ud) = (self.left_right[r as usize], self.upside_down[r as usize]);
        [lr, ud, self.upside_down[lr as usize]]
    }

    /// The bytes it takes for `layouts` layouts.
    pub fn bytes(layouts: u64) -> u64 {
        8 * layouts
    }

    /// The rank of the image of rank `r` under `symmetry`.
    #[inline]
    pub fn image(&self, symmetry: Symmetry, r: u32) -> u32 {
        match symmetry {
            Symmetry::LeftRight => self.left_right[r as usize],
            Symmetry::UpsideDown => self.upside_down[r as usize],
            Symmetry::HalfTurn => self.upside_down[self.left_right[r as usize] as usize],
        }
    }
}

impl Drop for Images {
    /// The arrays go to the thread's next type (kept, not freed).
    fn drop(&mut self) {
        spare::keep(std::mem::take(&mut self.left_right));
        spare::keep(std::mem::take(&mut self.upside_down));
    }
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
    pub fn new(layouts: usize) -> Bfs {
        Bfs { dist: spare::filled(layouts, UNSEEN), order: spare::empty(layouts) }
    }

    /// The bytes [`Bfs::new`] takes for `layouts` layouts.
    pub fn bytes(layouts: u64) -> u64 {
        2 * layouts + 4 * layouts
    }

    /// Searches from `sources` (their distance 0) over `moves`; returns the greatest
    /// distance reached. The previous search's marks are cleared first.
    pub fn run(&mut self, moves: &TypeMoves, sources: impl IntoIterator<Item = u32>) -> u16 {
        self.search(moves, sources, |r| r)
    }

    /// [`Bfs::run`] from `sources` that are their own mirror image as a set (the goal
    /// layouts), over the pairs of mirror images: both layouts of a pair are then as far
    /// from the sources, and the pair's list of either leads to the same pairs. Only the
    /// lower-ranked layout of each pair is reached, and its list read: half the lists.
    /// [`Bfs::order`] and [`Bfs::dist`] give those layouts.
    pub fn run_mirrored(&mut self, moves: &TypeMoves, images: &Images, sources: impl IntoIterator<Item = u32>) -> u16 {
        self.search(moves, sources, |r| r.min(images.image(Symmetry::LeftRight, r)))
    }

    /// The search, with each layout reached standing for `pick(layout)`.
    #[inline(always)]
    fn search(&mut self, moves: &TypeMoves, sources: impl IntoIterator<Item = u32>, pick: impl Fn(u32) -> u32) -> u16 {
        for &r in &self.order {
            self.dist[r as usize] = UNSEEN;
        }
        self.order.clear();
        for s in sources {
            let s = pick(s);
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
            // The lists are in rank order and the queue in no order of memory, so each
            // layout's list is a cache miss or two (its offset, its moves). Every
            // `LOOKAHEAD` layouts, the lists of the next `LOOKAHEAD` and the offsets of
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
            for &t in moves.of(r) {
                let t = pick(t);
                if self.dist[t as usize] == UNSEEN {
                    self.dist[t as usize] = d + 1;
                    self.order.push(t);
                }
            }
        }
        d
    }

    /// The ranks the last search reached, in the order it reached them (by distance).
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// The distance of rank `r` in the last search ([`UNSEEN`] if it was not reached).
    #[inline]
    pub fn dist(&self, r: u32) -> u16 {
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
