//! A beam search that fills one line of the unsolved rectangle, on boards small enough to
//! afford it (at most [`BEAM_CELLS`] cells).
//!
//! The greedy walk places one tile at a time and pays about five moves per step of a tile:
//! the blank circles each tile it pushes and ignores every other tile. The beam instead keeps
//! the most promising boards at each depth ([`width`] of them; the blank never enters a fixed
//! cell, no board is kept twice) and ranks them by a weighted Manhattan distance: the line's
//! tiles heavily, the next two lines' tiles less, every other tile of the rectangle once,
//! plus the blank's distance to the nearest misplaced tile of the line and a charge for each
//! hole of the line ([`Holes`]). So it moves several tiles of the line together, and the
//! blank's trips push the next lines' tiles home too, which their own stages then find done.
//!
//! It ends at the first board with the whole line home or, when the misplacement of the line
//! has not fallen for [`PATIENCE`] depths, at the board that promised the shortest rest; the
//! greedy fill then finishes the line from there, so the result is always a complete line.
//! The weights were chosen by `cargo xtask bench-fast` on random 10x10 boards.

use rustc_hash::FxHashSet;

use super::Stager;
use crate::{Cell, Grid, SolveError, Tile};

/// Boards of at most this many cells (20x20) fill their lines by the beam first.
pub const BEAM_CELLS: usize = 400;

/// The beam's width on a board of `cells` cells: about the same work per depth whatever the
/// size (1,600 boards on a 10x10, 400 on a 20x20), or no beam above [`BEAM_CELLS`]. A random
/// 10x10 then takes well under a second; twice the width saves only 2% of the moves.
pub(crate) fn width(cells: usize) -> Option<usize> {
    (cells <= BEAM_CELLS).then(|| (160_000 / cells).clamp(400, 1600))
}

/// The weight of a step of a line's tile.
const LINE_WEIGHT: u32 = 6;

/// The weights of a step of a tile of the next line inward, and of the one after.
const NEXT_WEIGHTS: [u32; 2] = [3, 2];

/// The weight of a hole of the line (see [`Holes`]).
const HOLE_WEIGHT: u32 = 12;

/// The weight of the blank's distance to the line's nearest misplaced tile.
const BLANK_WEIGHT: u32 = 6;

/// The moves the greedy fill is taken to need per step of a line's tile (a hole counts two
/// steps), to choose where a stalled beam stops.
const REST_PER_STEP: u32 = 10;

/// Depths without less misplacement of the line before the beam gives up.
const PATIENCE: usize = 24;

/// A board of the beam; its tiles are in the layer's arena at `index * cells`, the cells of
/// the line's tiles at `index * line.len()`.
#[derive(Clone, Copy)]
struct Node {
    blank: u16,
    hash: u64,
    /// The Manhattan distance of the line's tiles.
    line: u32,
    /// The weighted Manhattan distance of the rectangle's other tiles.
    others: u32,
    /// The holes of the line.
    holes: u32,
}

impl Node {
    /// How far the line is from done: its tiles' steps, a hole counting two.
    fn misplaced(&self) -> u32 {
        self.line + 2 * self.holes
    }
}

/// A child not yet made: its parent's index, the cell whose tile slides into the blank, its
/// rank (lower is better) and its node.
#[derive(Clone, Copy)]
struct Candidate {
    score: u32,
    parent: u32,
    node: Node,
}

/// The hash of `tile` standing on `cell` (Zobrist hashing, the table replaced by splitmix64).
fn zobrist(tile: u16, cell: usize) -> u64 {
    let mut z = (u64::from(tile) << 32 | cell as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Stager<'_> {
    /// Brings the goal's tiles of `line` home, or as many as the beam can, with the beam of
    /// `width` boards (see the module's documentation); `inward` is the offset from a cell
    /// of the line to the next cell inside. The caller's greedy fill does the rest. The
    /// bounds are checked at every depth (each generated board is a node).
    pub(super) fn beam(&mut self, line: &[usize], inward: isize, width: usize) -> Result<(), SolveError> {
        let shape = self.shape;
        let n = shape.cells();
        let k = line.len();
        // The beam computes with cell and tile numbers, as its boards hold them.
        let distance = |a: usize, b: usize| shape.distance(Cell::new(a), Cell::new(b)) as u32;
        let home: Vec<usize> = (0..n).map(|t| self.goal.cell_of(Tile::new(t)).index()).collect();
        let goal = self.goal.cells();
        // Each tile's weight, and its place in the line if it belongs there.
        let mut weight = vec![1u32; n];
        let mut slot = vec![usize::MAX; n];
        for (i, &cell) in line.iter().enumerate() {
            slot[goal[cell] as usize] = i;
            let mut inner = cell;
            for w in NEXT_WEIGHTS {
                let next = (inner as isize + inward) as usize;
                if next >= n || self.fixed[next] || distance(inner, next) != 1 {
                    break;
                }
                weight[goal[next] as usize] = w;
                inner = next;
            }
        }
        let holes = Holes::new(line, self.goal, n);
        let tiles = self.board.cells();
        let mut root = Node {
            blank: self.board.blank().index() as u16,
            hash: 0,
            line: 0,
            others: 0,
            holes: (0..k).map(|i| holes.is_hole(i, |c| tiles[c]) as u32).sum(),
        };
        for cell in (0..n).filter(|&c| !self.fixed[c]) {
            let t = tiles[cell] as usize;
            root.hash ^= zobrist(t as u16, cell);
            match t {
                0 => {}
                t if slot[t] != usize::MAX => root.line += distance(cell, home[t]),
                t => root.others += weight[t] * distance(cell, home[t]),
            }
        }
        if root.misplaced() == 0 {
            return Ok(());
        }
        let rest = |node: &Node, depth: usize| depth as u32 + REST_PER_STEP * node.misplaced();

        let mut layer: Vec<u16> = tiles.to_vec();
        let place = |c: usize| self.board.cell_of(Tile::new(goal[c].into())).index() as u16;
        let mut places: Vec<u16> = line.iter().map(|&c| place(c)).collect();
        let mut nodes = vec![root];
        let mut seen: FxHashSet<u64> = FxHashSet::default();
        seen.insert(root.hash);
        // For every depth, each node's parent and the cell its tile came from.
        let mut history: Vec<Vec<(u32, u16)>> = Vec::new();
        // The end so far (its promised length, depth and index), and the least misplacement
        // and its depth.
        let mut best = (rest(&root, 0), 0usize, 0usize);
        let mut progress = (root.misplaced(), 0usize);
        let mut candidates: Vec<Candidate> = Vec::new();
        let mut depth = 0;
        while depth < progress.1 + PATIENCE && progress.0 > 0 {
            self.check()?;
            depth += 1;
            candidates.clear();
            for (p, node) in nodes.iter().enumerate() {
                let tiles = &layer[p * n..(p + 1) * n];
                let at = &places[p * k..(p + 1) * k];
                let blank = node.blank as usize;
                for (from, _) in shape.neighbours(Cell::new(blank)) {
                    let from = from.index();
                    if self.fixed[from] {
                        continue;
                    }
                    let t = tiles[from];
                    let hash = node.hash ^ zobrist(t, from) ^ zobrist(t, blank) ^ zobrist(0, blank) ^ zobrist(0, from);
                    if !seen.insert(hash) {
                        continue;
                    }
                    let mut child = Node { blank: from as u16, hash, ..*node };
                    let (closer, farther) = (distance(blank, home[t as usize]), distance(from, home[t as usize]));
                    let moved = slot[t as usize];
                    match moved {
                        usize::MAX => {
                            child.others = child.others + weight[t as usize] * closer - weight[t as usize] * farther
                        }
                        _ => child.line = child.line + closer - farther,
                    }
                    if holes.touches(blank) || holes.touches(from) {
                        let after = |c: usize| match c {
                            c if c == blank => t,
                            c if c == from => 0,
                            c => tiles[c],
                        };
                        child.holes =
                            child.holes + holes.around(blank, from, after) - holes.around(blank, from, |c| tiles[c]);
                    }
                    let near = (0..k)
                        .map(|i| if i == moved { blank } else { at[i] as usize })
                        .zip(line)
                        .filter(|&(place, &cell)| place != cell)
                        .map(|(place, _)| distance(from, place))
                        .min()
                        .unwrap_or(0);
                    let score =
                        LINE_WEIGHT * child.line + child.others + HOLE_WEIGHT * child.holes + BLANK_WEIGHT * near;
                    candidates.push(Candidate { score, parent: p as u32, node: child });
                }
            }
            self.nodes += candidates.len() as u64;
            if candidates.is_empty() {
                break;
            }
            if candidates.len() > width {
                candidates.select_nth_unstable_by_key(width, |c| c.score);
                candidates.truncate(width);
            }
            let mut next_layer = Vec::with_capacity(candidates.len() * n);
            let mut next_places = Vec::with_capacity(candidates.len() * k);
            let mut links = Vec::with_capacity(candidates.len());
            for (index, c) in candidates.iter().enumerate() {
                let (p, node) = (c.parent as usize, c.node);
                let blank = nodes[p].blank as usize;
                let start = next_layer.len();
                next_layer.extend_from_slice(&layer[p * n..(p + 1) * n]);
                let t = next_layer[start + node.blank as usize];
                next_layer[start + blank] = t;
                next_layer[start + node.blank as usize] = 0;
                let start = next_places.len();
                next_places.extend_from_slice(&places[p * k..(p + 1) * k]);
                if slot[t as usize] != usize::MAX {
                    next_places[start + slot[t as usize]] = blank as u16;
                }
                let r = rest(&node, depth);
                if r < best.0 {
                    best = (r, depth, index);
                }
                if node.misplaced() < progress.0 {
                    progress = (node.misplaced(), depth);
                }
                links.push((c.parent, node.blank));
            }
            history.push(links);
            nodes = candidates.iter().map(|c| c.node).collect();
            layer = next_layer;
            places = next_places;
        }
        // Back from the best end to the root, then play it.
        let (_, mut at_depth, mut index) = best;
        let mut path = Vec::with_capacity(at_depth);
        while at_depth > 0 {
            let (parent, from) = history[at_depth - 1][index];
            path.push(from as usize);
            index = parent as usize;
            at_depth -= 1;
        }
        for &cell in path.iter().rev() {
            self.slide(cell);
        }
        Ok(())
    }
}

/// The holes of a line: cells of the line holding a wrong tile (not the blank) whose
/// neighbours along the line hold their own tiles or are past the line's ends. Such a cell is
/// a dead end: its tile can leave and the right one arrive only through the one cell inside,
/// so a placed neighbour must step aside, a detour the Manhattan distance does not see.
struct Holes<'a> {
    line: &'a [usize],
    /// The goal's tile of each cell of the line.
    wanted: Vec<u16>,
    /// Each cell's place in the line, if it is on it.
    index: Vec<usize>,
}

impl<'a> Holes<'a> {
    fn new(line: &'a [usize], goal: &Grid, cells: usize) -> Holes<'a> {
        let mut index = vec![usize::MAX; cells];
        for (i, &cell) in line.iter().enumerate() {
            index[cell] = i;
        }
        Holes { line, wanted: line.iter().map(|&c| goal.cells()[c]).collect(), index }
    }

    /// Whether `cell` is on the line.
    fn touches(&self, cell: usize) -> bool {
        self.index[cell] != usize::MAX
    }

    /// Whether the `i`-th cell of the line is a hole on the board `tile_at`.
    fn is_hole(&self, i: usize, tile_at: impl Fn(usize) -> u16) -> bool {
        let home = |j: usize| tile_at(self.line[j]) == self.wanted[j];
        let t = tile_at(self.line[i]);
        t != 0 && !home(i) && (i == 0 || home(i - 1)) && (i + 1 == self.line.len() || home(i + 1))
    }

    /// The holes among the cells of the line next to or on `a` or `b` on the board `tile_at`.
    fn around(&self, a: usize, b: usize, tile_at: impl Fn(usize) -> u16) -> u32 {
        let mut near = [usize::MAX; 6];
        for (k, c) in [a, b].into_iter().enumerate().filter(|&(_, c)| self.touches(c)) {
            let i = self.index[c];
            near[3 * k..3 * k + 3].copy_from_slice(&[i.wrapping_sub(1), i, i + 1]);
        }
        near.sort_unstable();
        let mut last = usize::MAX;
        let mut holes = 0;
        for i in near {
            if i < self.line.len() && i != last {
                holes += self.is_hole(i, &tile_at) as u32;
                last = i;
            }
        }
        holes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn holes_are_the_dead_ends_of_a_line() {
        // The top row of a 3x4 goal: 1 2 3 4.
        let goal = Grid::goal(Shape::new(3, 4).unwrap());
        let line = [0, 1, 2, 3];
        let holes = Holes::new(&line, &goal, 12);
        let count = |row: [u16; 4]| (0..4).filter(|&i| holes.is_hole(i, |c| row[c])).count();
        // 2 missing between 1 and 3: a hole; 4 missing at the end after 3: a hole.
        assert_eq!(count([1, 9, 3, 10]), 2);
        // Two wrong cells side by side are no hole (the pair can be filled together).
        assert_eq!(count([1, 2, 9, 10]), 0);
        // The blank in a dead end is none: the right tile can slide in from inside.
        assert_eq!(count([1, 0, 3, 4]), 0);
        // The line's ends count as placed neighbours.
        assert_eq!(count([9, 2, 3, 4]), 1);
        assert_eq!(count([1, 2, 3, 4]), 0);
        // The change of one move: 5 (below 2) slides up into the blank.
        let (before, after) = ([1, 0, 3, 4], [1, 5, 3, 4]);
        let tile_at = |row: [u16; 4]| move |c: usize| if c < 4 { row[c] } else { 7 };
        assert_eq!((holes.around(1, 5, tile_at(before)), holes.around(1, 5, tile_at(after))), (0, 1));
    }
}
