//! The fast solver: boards of any size up to 100x100, NOT optimally, in under a second.
//!
//! It works the way people do. While the unsolved part of the board (a rectangle, at first the
//! whole board) is larger than 12 cells, it fills one of its outer lines (a row when it is at least
//! as tall as wide, else a column, on the side away from the blank's goal cell): tile by tile,
//! each tile walked to its cell by the moves of the blank, which never disturbs a tile already
//! placed. The last two tiles of a line cannot be placed one after the other; they are placed
//! together by a breadth-first search over their positions and the blank's in a small window at
//! the line's end. When the rest is at most 12 cells (3x4, 2x6, ...), IDA* finishes it
//! optimally.
//!
//! Walking a tile costs the blank's trips around it: five moves a step in a straight line,
//! three on a diagonal, so each step goes the way the blank reaches more cheaply, which makes
//! paths diagonal where they can be.
//!
//! On boards of at most 400 cells a beam search (the `beam` module) first fills each line as far as it
//! can, moving several of its tiles together and the next lines' tiles towards home on the
//! way; the walk above only finishes what the beam left. It shortens random 10x10 solutions
//! by a third (from 3.1 to under 2 times the lower bound) for about half a second. Boards of
//! at most 144 cells try both orders of lines (rows first, columns first) and keep the
//! shorter solution.
//!
//! The answer carries a proven lower bound (Manhattan distance plus linear conflicts, see
//! [`crate::bound`]), so the gap to the optimum is known.
//!
//! `solve_within` honours [`Limits`] like any search: its nodes are the moves it makes and
//! the positions its searches generate (the blank's paths, the beam, the pair windows, the
//! last optimal search), the clock and the interrupt flag are read as they grow, and the
//! moves it keeps count against the memory bound.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::time::{Duration, Instant};

use slide_core::search::memory::buffer_bytes;
use slide_core::search::{ida_star, IdaOptions, LimitGuard, LimitHit, Limits, Outcome};
use slide_core::Direction;

use crate::heuristics::LinearConflict;
use crate::solvable::check_solvable_grid;
use crate::{bound, Cell, Grid, Shape, SolveError, Tile, TilePuzzle};

mod beam;

/// The unsolved part is finished optimally once it has at most this many cells (3x4, 4x3,
/// 2x6, ...).
const FINISH_CELLS: usize = 12;

/// The extra moves of placing two tiles as a pair, over placing them one by one.
const PAIR_COST: usize = 6;

/// Boards of at most this many cells try two orders of lines (rows first and columns first)
/// and keep the shorter solution; larger ones spend the time on a single order.
pub const TWO_ORDERS_CELLS: usize = 144;

/// A solution of the fast solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FastSolution {
    /// The moves: the direction each moved tile slides.
    pub moves: Vec<Direction>,
    /// A proven lower bound on the shortest solution: Manhattan distance plus linear
    /// conflicts of the start.
    pub lower_bound: u64,
    /// The end of each stage, as (moves made, what it placed): for pictures that sample a
    /// long solution.
    pub stages: Vec<(usize, String)>,
    /// Nodes: the moves made and the positions its searches generated.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Solves `start` towards `goal` (boards of the same shape), not optimally, within `limits`:
/// a bound hit ends it with [`SolveError::Limit`] (the proven lower bound,
/// [`crate::bound::lower_bound`], is there for the asking). The engine of
/// [`crate::Solver`] for [`slide_core::answer::Algorithm::Fast`].
pub(crate) fn solve_within(start: &Grid, goal: &Grid, limits: &Limits) -> Result<FastSolution, SolveError> {
    let clock = Instant::now();
    if start.shape() != goal.shape() {
        return Err(SolveError::Bug(format!("a {} board and a {} goal", start.shape(), goal.shape())));
    }
    check_solvable_grid(start, goal)?;
    let lower_bound = bound::lower_bound(start, goal);
    let orders: &[Order] = match start.shape().cells() <= TWO_ORDERS_CELLS {
        true => &Order::ALL,
        false => &Order::ALL[..1],
    };
    let mut best: Option<FastSolution> = None;
    let guard = LimitGuard::new(limits);
    let mut nodes = 0;
    for &order in orders {
        let s = Stager::new(start, goal, order, guard.clone(), nodes, *limits).run()?;
        nodes = s.nodes;
        if best.as_ref().is_none_or(|b| s.moves.len() < b.moves.len()) {
            best = Some(s);
        }
    }
    let mut best = best.expect("at least one order");
    best.nodes = nodes;
    best.lower_bound = lower_bound;
    best.elapsed = clock.elapsed();
    Ok(best)
}

/// Which line to fill next when the rest is square: a row or a column.
#[derive(Clone, Copy, Debug)]
struct Order {
    rows_first: bool,
}

impl Order {
    const ALL: [Order; 2] = [Order { rows_first: true }, Order { rows_first: false }];
}

/// The work of one staged solution.
struct Stager<'a> {
    board: Grid,
    goal: &'a Grid,
    shape: Shape,
    order: Order,
    /// Cells the blank must not enter: outside the unsolved rectangle, or placed.
    fixed: Vec<bool>,
    moves: Vec<Direction>,
    stages: Vec<(usize, String)>,
    /// The cells of the line being filled, which a tile enters only at its own cell.
    on_line: Vec<bool>,
    /// The offset from a cell of that line to the next cell inside.
    inward: isize,
    /// A* scratch: the generation that last saw each cell, and where it came from.
    seen: Vec<u32>,
    best: Vec<u64>,
    /// The row and column of each cell.
    coords: Vec<(u16, u16)>,
    parent: Vec<u32>,
    open: BinaryHeap<Reverse<(u64, Reverse<u64>, usize)>>,
    generation: u32,
    /// The bounds, and the nodes so far (of the orders tried before too).
    guard: LimitGuard,
    nodes: u64,
    limits: Limits,
    /// The node count at which the clock is read next.
    next_clock: u64,
}

/// Nodes between two reads of the clock: a few microseconds of work.
const CLOCK_EVERY: u64 = 4096;

impl<'a> Stager<'a> {
    fn new(start: &Grid, goal: &'a Grid, order: Order, guard: LimitGuard, nodes: u64, limits: Limits) -> Stager<'a> {
        let shape = start.shape();
        let n = shape.cells();
        Stager {
            board: start.clone(),
            goal,
            shape,
            order,
            fixed: vec![false; n],
            moves: Vec::new(),
            stages: Vec::new(),
            on_line: vec![false; n],
            inward: 0,
            seen: vec![0; n],
            best: vec![0; n],
            coords: shape.each_cell().map(|c| (shape.row(c) as u16, shape.col(c) as u16)).collect(),
            open: BinaryHeap::new(),
            parent: vec![0; n],
            generation: 0,
            guard,
            nodes,
            limits,
            next_clock: nodes,
        }
    }

    /// Checks the bounds: the nodes at every call; the clock, the interrupt flag and the
    /// moves kept every [`CLOCK_EVERY`] nodes (a call may come after one move or after a
    /// whole depth of the beam).
    fn check(&mut self) -> Result<(), SolveError> {
        let mut hit = self.guard.check(self.nodes);
        if hit.is_none() && self.nodes >= self.next_clock {
            self.next_clock = self.nodes + CLOCK_EVERY;
            let kept = buffer_bytes::<Direction>(self.moves.len(), self.moves.capacity());
            hit = self.guard.check_time().or_else(|| self.guard.check_memory(kept));
        }
        match hit {
            Some(hit) => Err(SolveError::Limit(hit.into())),
            None => Ok(()),
        }
    }

    /// The blank's cell number (the solver computes with cell numbers: neighbours by offsets,
    /// vectors indexed by cell).
    fn blank(&self) -> usize {
        self.board.blank().index()
    }

    /// The row and column of cell number `cell`.
    fn row_col(&self, cell: usize) -> (usize, usize) {
        let (r, c) = self.coords[cell];
        (r.into(), c.into())
    }

    /// The distance between cell numbers `a` and `b`.
    fn distance(&self, a: usize, b: usize) -> usize {
        self.shape.distance(Cell::new(a), Cell::new(b))
    }

    /// The time bound, as hit.
    fn time_hit(&self) -> LimitHit {
        LimitHit::Time(self.limits.timeout.unwrap_or_default())
    }

    fn run(mut self) -> Result<FastSolution, SolveError> {
        let shape = self.shape;
        let (gr, gc) = self.row_col(self.goal.blank().index());
        // The unsolved rectangle: rows r0..r1, columns c0..c1.
        let (mut r0, mut r1, mut c0, mut c1) = (0, shape.rows(), 0, shape.cols());
        loop {
            let (h, w) = (r1 - r0, c1 - c0);
            if h * w <= FINISH_CELLS && h.max(w) <= 5 {
                break;
            }
            let row = match (h > 3, w > 3) {
                (true, true) => h > w || (h == w && self.order.rows_first),
                (true, false) => true,
                _ => false,
            };
            let line: Vec<usize>;
            let inward: isize;
            let what;
            if row {
                let r = if gr == r0 { r1 - 1 } else { r0 };
                line = (c0..c1).map(|c| shape.cell(r, c).index()).collect();
                inward = if r == r0 { shape.cols() as isize } else { -(shape.cols() as isize) };
                if r == r0 {
                    r0 += 1;
                } else {
                    r1 -= 1;
                }
                what = format!("row {}", r + 1);
            } else {
                let c = if gc == c0 { c1 - 1 } else { c0 };
                line = (r0..r1).map(|r| shape.cell(r, c).index()).collect();
                inward = if c == c0 { 1 } else { -1 };
                if c == c0 {
                    c0 += 1;
                } else {
                    c1 -= 1;
                }
                what = format!("column {}", c + 1);
            }
            if let Some(width) = beam::width(shape.cells()) {
                self.beam(&line, inward, width)?;
            }
            self.fill(&line, inward)?;
            self.stages.push((self.moves.len(), format!("{what} placed")));
        }
        let nodes = self.finish(r0, r1, c0, c1)?;
        if self.board != *self.goal {
            return Err(SolveError::Bug("the fast solver missed the goal".into()));
        }
        Ok(FastSolution {
            moves: self.moves,
            lower_bound: 0,
            stages: self.stages,
            nodes: self.nodes + nodes,
            elapsed: Duration::ZERO,
        })
    }

    /// Places the goal's tiles of `line` (cells along an edge of the unsolved rectangle;
    /// `inward` is the offset from a line cell to the next cell inside) and fixes them.
    ///
    /// The cheapest tile goes next (the blank's way to it and its own, at three moves a
    /// diagonal step and five a straight one), as long as the cells left form runs of at
    /// least two: a run of two is placed as a pair ([`Stager::pair`]).
    fn fill(&mut self, line: &[usize], inward: isize) -> Result<(), SolveError> {
        let k = line.len();
        for &cell in line {
            self.on_line[cell] = true;
        }
        self.inward = inward;
        let mut placed = vec![false; k];
        loop {
            self.check()?;
            let mut best: Option<(usize, usize, bool)> = None;
            let mut consider = |cost: usize, j: usize, pair: bool| {
                if best.is_none_or(|(c, _, _)| cost < c) {
                    best = Some((cost, j, pair));
                }
            };
            let mut j = 0;
            while j < k {
                if placed[j] {
                    j += 1;
                    continue;
                }
                let start = j;
                while j < k && !placed[j] {
                    j += 1;
                }
                let len = j - start;
                if len == 2 {
                    consider(self.cost(line[start]) + self.cost(line[start + 1]) + PAIR_COST, start, true);
                    continue;
                }
                for (i, &cell) in line.iter().enumerate().take(j).skip(start) {
                    let (left, right) = (i - start, j - 1 - i);
                    if left != 1 && right != 1 {
                        consider(self.cost(cell), i, false);
                    }
                }
            }
            let Some((_, j, pair)) = best else { break };
            if pair {
                self.pair(line, j)?;
                placed[j + 1] = true;
                self.fixed[line[j + 1]] = true;
            } else {
                self.tile_to(self.goal.tile_at(Cell::new(line[j])), line[j])?;
            }
            placed[j] = true;
            self.fixed[line[j]] = true;
        }
        for &cell in line {
            self.on_line[cell] = false;
        }
        Ok(())
    }

    /// The estimated moves to bring the goal's tile of `cell` home: the blank's way to it and
    /// its own.
    fn cost(&self, cell: usize) -> usize {
        let at = self.board.cell_of(self.goal.tile_at(Cell::new(cell))).index();
        if at == cell {
            return 0;
        }
        let ((ar, ac), (cr, cc)) = (self.row_col(at), self.row_col(cell));
        let (dr, dc) = (ar.abs_diff(cr), ac.abs_diff(cc));
        let diagonal = dr.min(dc);
        self.distance(self.blank(), at) + 6 * diagonal + 5 * (dr.max(dc) - diagonal)
    }

    /// The tiles of `line[j]` and `line[j + 1]`, the last two of their run: the second is
    /// placed first, the other brought near, and a breadth-first search in the window around
    /// the pair finishes both.
    fn pair(&mut self, line: &[usize], j: usize) -> Result<(), SolveError> {
        let inward = self.inward;
        let (a_cell, b_cell) = (line[j], line[j + 1]);
        let (a, b) = (self.goal.tile_at(Cell::new(a_cell)), self.goal.tile_at(Cell::new(b_cell)));
        if self.board.tile_at(Cell::new(a_cell)) == a && self.board.tile_at(Cell::new(b_cell)) == b {
            return Ok(());
        }
        let step = |cell: usize, depth: isize| (cell as isize + depth * inward) as usize;
        let window: Vec<usize> = line[j.saturating_sub(1)..(j + 3).min(line.len())]
            .iter()
            .flat_map(|&cell| (0..3).map(move |d| step(cell, d)))
            .filter(|&c| !self.fixed[c])
            .collect();
        self.tile_to(b, b_cell)?;
        if !window.contains(&self.board.cell_of(a).index()) {
            self.fixed[b_cell] = true;
            let result = self.tile_to(a, step(b_cell, 2));
            self.fixed[b_cell] = false;
            result?;
        }
        // The blank into the window, around both.
        if !window.contains(&self.blank()) {
            let (pa, pb) = (self.board.cell_of(a).index(), self.board.cell_of(b).index());
            self.fixed[pa] = true;
            self.fixed[pb] = true;
            let target = window.iter().copied().filter(|&c| c != pa && c != pb).min_by_key(|&c| {
                let blank = self.blank();
                self.distance(blank, c)
            });
            let reached = target.is_some_and(|t| self.blank_to(t).is_some());
            self.fixed[pa] = false;
            self.fixed[pb] = false;
            if !reached {
                return Err(SolveError::Bug("the fast solver could not bring the blank to a line's end".into()));
            }
        }
        self.window_search(&window, a, a_cell, b, b_cell)
    }

    /// Breadth-first search over the cells of `a`, `b` and the blank inside `window`, moving
    /// the blank only inside it, until `a` is on `a_cell` and `b` on `b_cell`.
    fn window_search(
        &mut self,
        window: &[usize],
        a: Tile,
        a_cell: usize,
        b: Tile,
        b_cell: usize,
    ) -> Result<(), SolveError> {
        let w = window.len();
        let local = |cell: usize| window.iter().position(|&c| c == cell);
        let index = |pa: usize, pb: usize, pz: usize| (pa * w + pb) * w + pz;
        let (Some(sa), Some(sb), Some(sz)) =
            (local(self.board.cell_of(a).index()), local(self.board.cell_of(b).index()), local(self.blank()))
        else {
            return Err(SolveError::Bug("the fast solver's window lost a tile".into()));
        };
        let (ga, gb) = (local(a_cell).expect("in the window"), local(b_cell).expect("in the window"));
        let adjacent: Vec<Vec<usize>> =
            window.iter().map(|&c| (0..w).filter(|&j| self.distance(c, window[j]) == 1).collect()).collect();
        let mut from = vec![usize::MAX; w * w * w];
        let start = index(sa, sb, sz);
        from[start] = start;
        let mut queue = VecDeque::from([(sa, sb, sz)]);
        let mut found = None;
        while let Some((pa, pb, pz)) = queue.pop_front() {
            self.nodes += 1;
            if pa == ga && pb == gb {
                found = Some(index(pa, pb, pz));
                break;
            }
            for &nz in &adjacent[pz] {
                // The blank takes the neighbour's place; a or b may be that neighbour.
                let na = if nz == pa { pz } else { pa };
                let nb = if nz == pb { pz } else { pb };
                let next = index(na, nb, nz);
                if from[next] == usize::MAX {
                    from[next] = index(pa, pb, pz);
                    queue.push_back((na, nb, nz));
                }
            }
        }
        let Some(mut at) = found else {
            return Err(SolveError::Bug("the fast solver's window search failed".into()));
        };
        let mut blanks = Vec::new();
        while at != start {
            blanks.push(at % w);
            at = from[at];
        }
        for &z in blanks.iter().rev() {
            self.slide(window[z]);
        }
        Ok(())
    }

    /// Walks `tile` to `target`, never moving a fixed tile.
    fn tile_to(&mut self, tile: Tile, target: usize) -> Result<(), SolveError> {
        let cols = self.shape.cols();
        while self.board.cell_of(tile).index() != target {
            self.check()?;
            let p = self.board.cell_of(tile).index();
            let ((pr, pc), (tr, tc)) = (self.row_col(p), self.row_col(target));
            let mut steps = [usize::MAX; 2];
            if pr != tr {
                steps[0] = if tr > pr { p + cols } else { p - cols };
            }
            if pc != tc {
                steps[1] = if tc > pc { p + 1 } else { p - 1 };
            }
            if steps.iter().all(|&q| q == usize::MAX || self.fixed[q] || (self.on_line[q] && q != target)) {
                // Off the line first: a tile enters the line only at its own cell.
                steps = [(p as isize + self.inward) as usize, usize::MAX];
            }
            self.fixed[p] = true;
            let candidates: Vec<usize> = steps
                .into_iter()
                .filter(|&q| q != usize::MAX && !self.fixed[q] && (!self.on_line[q] || q == target))
                .collect();
            let mut best: Option<Vec<usize>> = None;
            for &q in &candidates {
                if let Some(path) = self.path(q) {
                    if best.as_ref().is_none_or(|b| path.len() < b.len()) {
                        best = Some(path);
                    }
                }
            }
            self.fixed[p] = false;
            let Some(path) = best else {
                return Err(SolveError::Bug(format!("the fast solver could not walk tile {tile}")));
            };
            for &cell in &path {
                self.slide(cell);
            }
            self.slide(p);
        }
        Ok(())
    }

    /// The cells of a shortest path of the blank to `target` through cells not fixed, in
    /// order, the blank's own cell left out.
    fn path(&mut self, target: usize) -> Option<Vec<usize>> {
        self.search(target)?;
        let mut path = Vec::new();
        let mut at = target;
        while at != self.blank() {
            path.push(at);
            at = self.parent[at] as usize;
        }
        path.reverse();
        Some(path)
    }

    /// Moves the blank to `target` by a shortest path through cells not fixed.
    fn blank_to(&mut self, target: usize) -> Option<()> {
        for cell in self.path(target)? {
            self.slide(cell);
        }
        Some(())
    }

    /// A* from the blank to `target` over cells not fixed; fills `parent` along the path.
    /// Of the shortest paths it takes the one that pushes the fewest tiles away from home
    /// (each tile on the path moves one cell against the blank).
    fn search(&mut self, target: usize) -> Option<()> {
        const STEP: u64 = 1 << 20;
        let start = self.blank();
        if start == target {
            return Some(());
        }
        if self.fixed[target] {
            return None;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        let shape = self.shape;
        let coords = &self.coords;
        let distance = |a: usize, b: usize| {
            let ((ar, ac), (br, bc)) = (coords[a], coords[b]);
            (ar.abs_diff(br) + ac.abs_diff(bc)) as u64
        };
        let h = |cell: usize| distance(cell, target) * STEP;
        let mut open = std::mem::take(&mut self.open);
        open.clear();
        self.seen[start] = generation;
        self.best[start] = 0;
        open.push(Reverse((h(start), Reverse(0u64), start)));
        while let Some(Reverse((_, Reverse(key), cell))) = open.pop() {
            if cell == target {
                self.open = open;
                return Some(());
            }
            if key > self.best[cell] {
                continue;
            }
            self.nodes += 1;
            for (next, _) in shape.neighbours(Cell::new(cell)) {
                let next = next.index();
                if self.fixed[next] {
                    continue;
                }
                // The tile on `next` slides into `cell`.
                let home = self.goal.cell_of(self.board.tile_at(Cell::new(next))).index();
                let away = distance(cell, home) > distance(next, home);
                let cost = key + STEP + u64::from(away);
                if self.seen[next] == generation && self.best[next] <= cost {
                    continue;
                }
                self.seen[next] = generation;
                self.best[next] = cost;
                self.parent[next] = cell as u32;
                open.push(Reverse((cost + h(next), Reverse(cost), next)));
            }
        }
        self.open = open;
        None
    }

    /// Slides the tile on `from` (next to the blank) into the blank, recording the move.
    fn slide(&mut self, from: usize) {
        let blank = self.blank();
        let direction = match from {
            f if f + self.shape.cols() == blank => Direction::Down,
            f if f == blank + self.shape.cols() => Direction::Up,
            f if f + 1 == blank => Direction::Right,
            _ => Direction::Left,
        };
        debug_assert!(!self.fixed[from] && self.distance(from, blank) == 1);
        self.board.slide_from(Cell::new(from));
        self.moves.push(direction);
        self.nodes += 1;
    }

    /// Solves the rest, rows `r0..r1` by columns `c0..c1`, optimally; returns the nodes.
    fn finish(&mut self, r0: usize, r1: usize, c0: usize, c1: usize) -> Result<u64, SolveError> {
        let rest = Shape::new(r1 - r0, c1 - c0).expect("2 rows and columns or more");
        let shape = self.shape;
        let cells: Vec<usize> = (r0..r1).flat_map(|r| (c0..c1).map(move |c| shape.cell(r, c).index())).collect();
        // Each tile is numbered by its goal cell's place in the rest, the blank 0.
        let mut label = vec![0u8; rest.cells()];
        let mut next = 1;
        for (i, &cell) in cells.iter().enumerate() {
            if !self.goal.tile_at(Cell::new(cell)).is_blank() {
                label[i] = next;
                next += 1;
            }
        }
        let number = |tile: Tile| -> Option<u8> {
            match tile {
                Tile::BLANK => Some(0),
                t => cells.iter().position(|&c| c == self.goal.cell_of(t).index()).map(|i| label[i]),
            }
        };
        let start: Option<Vec<u8>> = cells.iter().map(|&c| number(self.board.tile_at(Cell::new(c)))).collect();
        let Some(start) = start else {
            return Err(SolveError::Bug("the fast solver left a tile outside the rest".into()));
        };
        let start = crate::TileState::from_cells(&start);
        let goal = crate::TileState::from_cells(&label);
        let puzzle = TilePuzzle::new(rest, goal).expect("the rest is at most 5x5");
        self.check()?;
        // What is left of the bounds: the time since the guard started, the nodes so far.
        let mut limits = self.limits;
        limits.max_nodes = limits.max_nodes.map(|m| m.saturating_sub(self.nodes));
        limits.timeout = match self.guard.time_left() {
            Some(left) if left.is_zero() => return Err(SolveError::Limit(self.time_hit().into())),
            left => left,
        };
        let options = IdaOptions { parallel: false, limits, ..IdaOptions::default() };
        let (outcome, stats) = ida_star(&puzzle, &LinearConflict::new(&puzzle), start, |s| *s == goal, &options);
        let path = match outcome {
            Outcome::Found(path) => path,
            Outcome::LimitReached(hit) => return Err(SolveError::Limit(self.whole(hit).into())),
            Outcome::NoSolution => {
                return Err(SolveError::Bug("the fast solver's last stage found no solution".into()));
            }
        };
        for m in &path.moves {
            self.slide(cells[m.from.index()]);
        }
        self.stages.push((self.moves.len(), format!("the last {rest} solved optimally")));
        Ok(stats.nodes)
    }

    /// A bound hit by the last stage's search (given what was left of it) as the whole
    /// solver's.
    fn whole(&self, hit: LimitHit) -> LimitHit {
        match hit {
            LimitHit::Nodes(_) => LimitHit::Nodes(self.limits.max_nodes.unwrap_or(u64::MAX)),
            LimitHit::Time(_) => self.time_hit(),
            hit => hit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::random_grid;
    use rand::SeedableRng;

    fn check(start: &Grid, goal: &Grid) -> FastSolution {
        let s = solve_within(start, goal, &Limits::default()).unwrap_or_else(|e| panic!("{start:?}: {e}"));
        let board = start.try_play(&s.moves).unwrap_or_else(|e| panic!("{start:?}: {e}"));
        assert_eq!(&board, goal, "{start:?}");
        assert!(s.moves.len() as u64 >= s.lower_bound);
        s
    }

    #[test]
    fn random_boards_of_every_small_shape_are_solved() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(5);
        for r in 2..=7 {
            for c in 2..=7 {
                let goal = Grid::goal(Shape::new(r, c).unwrap());
                for _ in 0..4 {
                    check(&random_grid(&goal, &mut rng), &goal);
                }
            }
        }
    }

    #[test]
    fn any_goal_is_reached_wherever_its_blank_is() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(6);
        for (r, c) in [(4, 4), (5, 3), (3, 6), (6, 6), (2, 9)] {
            let shape = Shape::new(r, c).unwrap();
            for _ in 0..5 {
                let goal = random_grid(&Grid::goal(shape), &mut rng);
                check(&random_grid(&goal, &mut rng), &goal);
            }
        }
    }

    #[test]
    fn four_by_four_boards_come_within_one_and_a_half_times_the_optimum() {
        // Boards 60 random moves from the goal, so that IDA* with linear conflicts proves
        // their optimum quickly; the fast solver's total against the optimal total.
        let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
        let shape = Shape::new(4, 4).unwrap();
        let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
        let goal = Grid::goal(shape);
        let (mut fast, mut optimal) = (0, 0);
        for _ in 0..16 {
            let state = crate::scramble::scramble(&puzzle, 60, &mut rng);
            let options = IdaOptions { parallel: false, ..IdaOptions::default() };
            let target = TilePuzzle::standard_goal(shape);
            let (outcome, _) = ida_star(&puzzle, &LinearConflict::new(&puzzle), state, |s| *s == target, &options);
            let Outcome::Found(path) = outcome else { panic!("no optimal solution") };
            let s = check(&Grid::from_state(shape, &state), &goal);
            assert!(s.moves.len() >= path.moves.len());
            (fast, optimal) = (fast + s.moves.len(), optimal + path.moves.len());
        }
        assert!(2 * fast <= 3 * optimal, "{fast} moves against an optimum of {optimal}");
    }

    #[test]
    fn the_goal_takes_no_moves_and_an_unsolvable_board_is_refused() {
        let goal = Grid::goal(Shape::new(6, 5).unwrap());
        assert!(check(&goal, &goal).moves.is_empty());
        let mut swapped: Vec<u32> = goal.cells().iter().map(|&t| u32::from(t)).collect();
        swapped.swap(0, 1);
        let swapped = Grid::from_cells(goal.shape(), &swapped).unwrap();
        assert!(matches!(solve_within(&swapped, &goal, &Limits::default()), Err(SolveError::Unsolvable(_))));
    }
}
