//! A beam search that fills one line of the unsolved rectangle, for boards small enough to
//! afford it (see [`BEAM_CELLS`]).
//!
//! The greedy walk places one tile at a time and pays about five moves per step of a tile:
//! the blank circles each tile it pushes and ignores every other tile. The beam instead keeps
//! the `width` most promising boards at each depth (the blank never entering a fixed cell,
//! no board seen twice) and ranks them by the Manhattan distance of the line's tiles,
//! weighted heavily, plus that of every other unsolved tile and the blank's distance to the
//! nearest misplaced tile of the line. So it moves several tiles of the line together, and
//! the blank's trips push the other tiles home as well, which the later lines then find done.
//!
//! Its end is the first board with the whole line home, or, if the beam stalls (the last
//! tiles of a line need placed tiles moved aside, which the ranking does not see), the board
//! that promised the shortest rest; the greedy fill then finishes the line from there, so the
//! result is always a legal, complete line.

use rustc_hash::FxHashSet;

use super::Stager;
use crate::Grid;

/// Boards of at most this many cells fill their lines by the beam.
pub const BEAM_CELLS: usize = 144;

/// The boards kept at each depth.
const WIDTH: usize = 400;

/// The weight of a step of a line's tile against a step of any other tile.
const LINE_WEIGHT: u32 = 4;

/// The estimated moves per step of a line's tile that the greedy fill would still pay: the
/// measure by which a board where the beam stops is chosen.
const REST_PER_STEP: u32 = 5;

/// The weight of a hole of the line (see [`Holes`]), which costs a placed tile's leaving.
const HOLE_WEIGHT: u32 = 12;

/// The weight of the blank's distance to the nearest misplaced tile of the line.
const BLANK_WEIGHT: u32 = 1;

/// Depths without a better end before the beam gives up.
const PATIENCE: usize = 24;

/// A board of the beam: its tiles are in the layer's arena at `index * cells`.
#[derive(Clone, Copy)]
struct Node {
    blank: u16,
    hash: u64,
    /// Manhattan distance of the line's tiles, and of the other tiles of the rectangle.
    line: u32,
    others: u32,
    /// Cells of the line that only a placed tile's leaving can fill (see [`Holes`]).
    holes: u32,
}

/// A child not yet made: the parent's index, the cell whose tile slides into the blank.
#[derive(Clone, Copy)]
struct Candidate {
    score: u32,
    parent: u32,
    from: u16,
    hash: u64,
    line: u32,
    others: u32,
    holes: u32,
}

/// The hash of `tile` standing on `cell` (Zobrist hashing without a table: splitmix64).
fn knob(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn zobrist(tile: u16, cell: usize) -> u64 {
    let mut z = (u64::from(tile) << 32 | cell as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Stager<'_> {
    /// Brings the goal's tiles of `line` home, or as many as the beam can, by the moves of a
    /// beam search (see the module's documentation); the caller's greedy fill does the rest.
    pub(super) fn beam(&mut self, line: &[usize]) {
        let dims = self.dims;
        let n = dims.cells();
        let width = knob("BW", WIDTH);
        let line_weight = knob("LW", LINE_WEIGHT as usize) as u32;
        let rest_per = knob("RP", REST_PER_STEP as usize) as u32;
        let patience = knob("PA", PATIENCE);
        // Each tile's goal cell, and whether it belongs to the line.
        let home: Vec<u16> = (0..n as u16).map(|t| self.goal.cell_of(t) as u16).collect();
        let mut in_line = vec![false; n];
        for &cell in line {
            in_line[self.goal.tile_at(cell) as usize] = true;
        }
        let distance = |a: usize, b: u16| dims.distance(a, b as usize) as u32;
        let open: Vec<usize> = (0..n).filter(|&c| !self.fixed[c]).collect();
        let holes = Holes { line, goal: self.goal, index: line_index(line, n) };
        let hole_weight = knob("HW", HOLE_WEIGHT as usize) as u32;
        let cells = self.board.cells();
        let mut root = Node {
            blank: self.board.blank() as u16,
            hash: 0,
            line: 0,
            others: 0,
            holes: (0..line.len()).map(|i| holes.is_hole(i, |c| cells[c]) as u32).sum(),
        };
        for &cell in &open {
            let t = self.board.tile_at(cell);
            root.hash ^= zobrist(t, cell);
            if t == 0 {
                continue;
            }
            match in_line[t as usize] {
                true => root.line += distance(cell, home[t as usize]),
                false => root.others += distance(cell, home[t as usize]),
            }
        }
        if root.line == 0 {
            return;
        }
        // Where each tile of the line stands, per board of the layer.
        let k = line.len();
        let line_tiles: Vec<u16> = line.iter().map(|&c| self.goal.tile_at(c)).collect();
        let mut slot = vec![u32::MAX; n];
        for (i, &t) in line_tiles.iter().enumerate() {
            slot[t as usize] = i as u32;
        }
        let mut places: Vec<u16> = line_tiles.iter().map(|&t| self.board.cell_of(t) as u16).collect();
        let blank_weight = knob("BL", BLANK_WEIGHT as usize) as u32;
        let rest = |node: &Node, depth: usize| depth as u32 + rest_per * (node.line + 2 * node.holes);

        let mut layer: Vec<u16> = self.board.cells().to_vec();
        let mut nodes = vec![root];
        let mut seen: FxHashSet<u64> = FxHashSet::default();
        seen.insert(root.hash);
        // For every depth, each node's parent and the cell its tile came from.
        let mut history: Vec<Vec<(u32, u16)>> = Vec::new();
        let mut best = (rest(&root, 0), 0usize, 0usize);
        let mut candidates: Vec<Candidate> = Vec::new();
        let mut depth = 0;
        // The least misplacement seen, and at what depth: the beam stops when it stalls.
        let mut progress = (root.line + 2 * root.holes, 0usize);
        while depth < progress.1 + patience && progress.0 > 0 {
            depth += 1;
            candidates.clear();
            for (p, node) in nodes.iter().enumerate() {
                let tiles = &layer[p * n..(p + 1) * n];
                let at = &places[p * k..(p + 1) * k];
                let blank = node.blank as usize;
                for (from, _) in dims.neighbours(blank) {
                    if self.fixed[from] {
                        continue;
                    }
                    let t = tiles[from];
                    let h = home[t as usize];
                    let hash = node.hash ^ zobrist(t, from) ^ zobrist(t, blank) ^ zobrist(0, blank) ^ zobrist(0, from);
                    if !seen.insert(hash) {
                        continue;
                    }
                    let change = distance(blank, h) as i64 - distance(from, h) as i64;
                    let (mut line_md, mut others) = (node.line, node.others);
                    match in_line[t as usize] {
                        true => line_md = (line_md as i64 + change) as u32,
                        false => others = (others as i64 + change) as u32,
                    }
                    let after = |c: usize| match c {
                        c if c == blank => t,
                        c if c == from => 0,
                        c => tiles[c],
                    };
                    let moved = slot[t as usize];
                    let near = (0..k)
                        .map(|i| if i as u32 == moved { blank as u16 } else { at[i] })
                        .zip(line)
                        .filter(|&(place, &cell)| place as usize != cell)
                        .map(|(place, _)| distance(from, place))
                        .min()
                        .unwrap_or(1);
                    let hole_count = node.holes.wrapping_add(holes.change(blank, from, |c| tiles[c], after));
                    candidates.push(Candidate {
                        score: line_weight * line_md + others + hole_weight * hole_count + blank_weight * near,
                        holes: hole_count,
                        parent: p as u32,
                        from: from as u16,
                        hash,
                        line: line_md,
                        others,
                    });
                }
            }
            if candidates.is_empty() {
                break;
            }
            if candidates.len() > width {
                candidates.select_nth_unstable_by_key(width, |c| c.score);
                candidates.truncate(width);
            }
            let mut next_layer = Vec::with_capacity(candidates.len() * n);
            let mut next_nodes = Vec::with_capacity(candidates.len());
            let mut next_places = Vec::with_capacity(candidates.len() * k);
            let mut links = Vec::with_capacity(candidates.len());
            for c in &candidates {
                let parent = &nodes[c.parent as usize];
                let start = next_layer.len();
                next_layer.extend_from_slice(&layer[c.parent as usize * n..(c.parent as usize + 1) * n]);
                let tiles = &mut next_layer[start..];
                let t = tiles[c.from as usize];
                tiles[parent.blank as usize] = t;
                tiles[c.from as usize] = 0;
                let start = next_places.len();
                next_places.extend_from_slice(&places[c.parent as usize * k..(c.parent as usize + 1) * k]);
                if slot[t as usize] != u32::MAX {
                    next_places[start + slot[t as usize] as usize] = parent.blank;
                }
                let node = Node { blank: c.from, hash: c.hash, line: c.line, others: c.others, holes: c.holes };
                let r = rest(&node, depth);
                if r < best.0 {
                    best = (r, depth, next_nodes.len());
                }
                if node.line + 2 * node.holes < progress.0 {
                    progress = (node.line + 2 * node.holes, depth);
                }
                next_nodes.push(node);
                links.push((c.parent, c.from));
            }
            history.push(links);
            layer = next_layer;
            nodes = next_nodes;
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
        if knob("DBG", 0) == 1 {
            eprintln!("DBG line {} beam {} left {} depth {}", line.len(), path.len(), best.0 - best.1 as u32, depth);
        }
    }
}

/// Each cell's place in `line`, if it is on it.
fn line_index(line: &[usize], cells: usize) -> Vec<u32> {
    let mut index = vec![u32::MAX; cells];
    for (i, &cell) in line.iter().enumerate() {
        index[cell] = i as u32;
    }
    index
}

/// The holes of a line: cells of the line with a wrong tile (not the blank) whose neighbours
/// along the line hold their own tiles or are the line's ends. Such a cell is a dead end: its
/// tile can leave and the right one arrive only through the one cell inside, so one of the
/// placed neighbours must step aside, a detour the Manhattan distance does not see.
struct Holes<'a> {
    line: &'a [usize],
    goal: &'a Grid,
    index: Vec<u32>,
}

impl Holes<'_> {
    /// Whether the `i`-th cell of the line is a hole on the board `tile_at`.
    fn is_hole(&self, i: usize, tile_at: impl Fn(usize) -> u16) -> bool {
        let line = self.line;
        let home = |j: usize| tile_at(line[j]) == self.goal.tile_at(line[j]);
        let t = tile_at(line[i]);
        t != 0 && !home(i) && (i == 0 || home(i - 1)) && (i + 1 == line.len() || home(i + 1))
    }

    /// The change in holes when the tiles on cells `a` and `b` change from `before` to
    /// `after`.
    fn change(&self, a: usize, b: usize, before: impl Fn(usize) -> u16, after: impl Fn(usize) -> u16) -> u32 {
        let (ia, ib) = (self.index[a], self.index[b]);
        if ia == u32::MAX && ib == u32::MAX {
            return 0;
        }
        let mut near = [u32::MAX; 6];
        for (k, i) in [ia, ib].into_iter().enumerate() {
            if i != u32::MAX {
                near[3 * k] = i.wrapping_sub(1);
                near[3 * k + 1] = i;
                near[3 * k + 2] = i + 1;
            }
        }
        near.sort_unstable();
        let mut total = 0i32;
        let mut last = u32::MAX - 1;
        for &i in &near {
            if i as usize >= self.line.len() || i == last {
                continue;
            }
            last = i;
            total += self.is_hole(i as usize, &after) as i32 - self.is_hole(i as usize, &before) as i32;
        }
        total as u32
    }
}
