//! RxC sliding-tile boards from 2x2 to 5x5 packed for the optimal searches: the state, the
//! puzzle, the moves.
//!
//! A state packs the board twice in two `u128`s of 5-bit fields: which tile is on each cell,
//! and on which cell each tile is. Moves update both in a few instructions, and heuristics
//! read whichever view they need (Manhattan and pattern databases want tile positions).

use std::fmt;

use slide_core::packed::Packed;
use slide_core::puzzle::IllegalMove;
use slide_core::Puzzle;

use crate::{Cell, Grid, Shape, Tile};

/// The most cells a board may have (5x5).
pub const MAX_CELLS: usize = 25;
/// 25 fields of 5 bits: a cell or tile number of a board up to 5x5.
type Fields = Packed<u128, 5>;

/// The direction a tile slides (the code-golf challenge's convention: "Down" slides the tile above the
/// blank down into it).
pub use slide_core::Direction;

/// One move: `tile` slides from cell `from` into the blank at cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The tile that moves.
    pub tile: Tile,
    /// Where it was (the blank's new cell).
    pub from: Cell,
    /// Where it goes (the blank's old cell).
    pub to: Cell,
    /// Which way it slides.
    pub direction: Direction,
}

impl Slide {
    /// The move of `tile` from `from` to `to` in `direction`, from a packed board's bytes
    /// (what the searches' inner loops read).
    #[inline(always)]
    pub(crate) fn of_bytes(tile: u8, from: u8, to: u8, direction: Direction) -> Slide {
        Slide { tile: tile.into(), from: from.into(), to: to.into(), direction }
    }
}

/// A position: tile of each cell and cell of each tile, 5 bits each; tile 0 is the blank.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileState {
    cells: Fields,
    positions: Fields,
}

impl TileState {
    /// The state with `cells[i]` on cell `i`; `cells` must be a permutation of `0..len`.
    ///
    /// # Panics
    ///
    /// If there are more than [`MAX_CELLS`] cells.
    pub fn from_cells(cells: &[u8]) -> TileState {
        assert!(cells.len() <= MAX_CELLS, "a state packs at most {MAX_CELLS} cells");
        let mut s = TileState { cells: Fields::ZERO, positions: Fields::ZERO };
        for (cell, &tile) in cells.iter().enumerate() {
            s.cells = s.cells.with(cell, tile);
            s.positions = s.positions.with(tile as usize, cell as u8);
        }
        s
    }
    /// The tiles cell by cell, for `n` cells.
    ///
    /// # Panics
    ///
    /// If `n` is more than [`MAX_CELLS`].
    pub fn to_cells(&self, n: usize) -> Vec<u8> {
        assert!(n <= MAX_CELLS, "a state packs at most {MAX_CELLS} cells");
        (0..n).map(|i| self.cells.get(i)).collect()
    }
    /// The tile on `cell` ([`Tile::BLANK`] for the blank).
    #[inline]
    pub(crate) fn tile_at(&self, cell: Cell) -> Tile {
        self.cells.get(cell.index()).into()
    }
    /// The cell of `tile`.
    #[inline]
    pub(crate) fn cell_of(&self, tile: Tile) -> Cell {
        self.positions.get(tile.index()).into()
    }
    /// The blank's cell.
    #[inline]
    pub fn blank(&self) -> Cell {
        self.positions.get(0).into()
    }
    /// The packed cell view (5 bits per cell, cell 0 lowest).
    #[inline]
    pub(crate) fn cells_word(&self) -> u128 {
        self.cells.word()
    }
    /// The state after the tile on `from` (next to the blank) slides into the blank.
    #[inline]
    pub(crate) fn slide(&self, from: Cell) -> TileState {
        self.slide_byte(from.index() as u8)
    }
    /// [`TileState::slide`] from a cell as a byte, for the searches' inner loops.
    #[inline(always)]
    pub(crate) fn slide_byte(&self, from: u8) -> TileState {
        let to = self.positions.get(0);
        let tile = self.cells.get(from as usize);
        TileState {
            cells: self.cells.moved(from as usize, to as usize),
            positions: self.positions.with(tile as usize, to).with(0, from),
        }
    }
}

/// What the heuristics read of a position, whatever its packing: [`TileState`] for any board,
/// [`Board16`] in the searches of boards of at most 16 cells. A heuristic written once
/// against this trait runs on both, compiled for each. Cells and tiles are bytes here, as the
/// inner loops compute with them; [`TileState`]'s own methods of the same names take and give
/// [`Cell`] and [`Tile`].
pub trait TileView: Copy {
    /// The tile on `cell` (0 for the blank).
    fn tile_at(&self, cell: u8) -> u8;
    /// The cell of `tile`.
    fn cell_of(&self, tile: u8) -> u8;
    /// The blank's cell.
    #[inline]
    fn blank(&self) -> u8 {
        self.cell_of(0)
    }
}

impl TileView for TileState {
    #[inline]
    fn tile_at(&self, cell: u8) -> u8 {
        self.cells.get(cell as usize)
    }
    #[inline]
    fn cell_of(&self, tile: u8) -> u8 {
        self.positions.get(tile as usize)
    }
}

/// A position of a board of at most 16 cells, packed twice in two `u64`s of 4-bit fields
/// (the tile of each cell, the cell of each tile): what IDA*'s inner loop moves on such
/// boards, where a slide is a few shifts and xors of machine words. Tiles past the board's
/// last are 0 in both views.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board16 {
    cells: u64,
    positions: u64,
}

impl Board16 {
    /// The first `n` cells of `state` (`n` at most 16).
    pub(crate) fn from_state(state: &TileState, n: usize) -> Board16 {
        assert!(n <= 16, "a Board16 has at most 16 cells");
        let mut b = Board16 { cells: 0, positions: 0 };
        for cell in 0..n as u8 {
            let tile = TileView::tile_at(state, cell);
            b.cells |= (tile as u64) << (4 * cell);
            b.positions |= (cell as u64) << (4 * tile);
        }
        b
    }
    /// The same position as a [`TileState`] of `n` cells.
    pub(crate) fn to_state(self, n: usize) -> TileState {
        TileState::from_cells(&(0..n as u8).map(|c| self.tile_at(c)).collect::<Vec<_>>())
    }
    /// [`Board16::slide`] when the blank's cell, `to`, is known already.
    #[inline(always)]
    pub(crate) fn slide_into(&self, from: u8, to: u8) -> (u8, Board16) {
        debug_assert_eq!(to, self.blank());
        let (from, to) = (from as u64, to as u64);
        let tile = (self.cells >> (4 * from)) & 15;
        // The blank's field holds 0 and the tile's holds `from`: xors move both.
        let cells = self.cells ^ (tile << (4 * from)) ^ (tile << (4 * to));
        let positions = self.positions ^ ((from ^ to) << (4 * tile)) ^ (from ^ to);
        (tile as u8, Board16 { cells, positions })
    }
}

impl TileView for Board16 {
    #[inline(always)]
    fn tile_at(&self, cell: u8) -> u8 {
        ((self.cells >> (4 * cell as u32)) & 15) as u8
    }
    #[inline(always)]
    fn cell_of(&self, tile: u8) -> u8 {
        ((self.positions >> (4 * tile as u32)) & 15) as u8
    }
    #[inline(always)]
    fn blank(&self) -> u8 {
        (self.positions & 15) as u8
    }
}

impl fmt::Debug for TileState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = (0..MAX_CELLS as u8).take_while(|&t| t == 0 || TileView::cell_of(self, t) != 0).count();
        write!(f, "TileState{:?}", self.to_cells(n.max(4)))
    }
}

/// The sliding-tile puzzle of one shape with one goal: the packed boards of the optimal
/// searches, whose shape is checked here ([`Shape::packs`]), once for all of them.
#[derive(Clone, Debug)]
pub struct TilePuzzle {
    shape: Shape,
    goal: TileState,
    /// For each cell, its neighbours and the direction a tile there slides into it; the
    /// missing ones are [`NO_NEIGHBOUR`].
    neighbours: [[(u8, Direction); 4]; MAX_CELLS],
    degree: [u8; MAX_CELLS],
}

/// The cell of a missing neighbour in `TilePuzzle::neighbours4`: none has this number.
pub const NO_NEIGHBOUR: u8 = u8::MAX;

impl TilePuzzle {
    /// The puzzle of `shape` whose goal is `goal` (a permutation of the cells' tiles), if
    /// `shape` packs (both sides at most 5); `None` for a larger board, which the packed
    /// searches do not take.
    ///
    /// ```
    /// use fifteen::{Shape, TilePuzzle};
    /// let p = TilePuzzle::new(Shape::FIFTEEN, TilePuzzle::standard_goal(Shape::FIFTEEN)).unwrap();
    /// assert_eq!(p.shape().to_string(), "4x4");
    /// assert!(TilePuzzle::new(Shape::new(2, 6).unwrap(), p.goal()).is_none());
    /// ```
    pub fn new(shape: Shape, goal: TileState) -> Option<TilePuzzle> {
        if !shape.packs() {
            return None;
        }
        let mut neighbours = [[(NO_NEIGHBOUR, Direction::Up); 4]; MAX_CELLS];
        let mut degree = [0; MAX_CELLS];
        for cell in shape.each_cell() {
            for (i, (n, d)) in shape.neighbours(cell).enumerate() {
                neighbours[cell.index()][i] = (n.index() as u8, d);
                degree[cell.index()] += 1;
            }
        }
        Some(TilePuzzle { shape, goal, neighbours, degree })
    }
    /// The standard goal of `shape`: tiles 1..N in order, blank last.
    ///
    /// # Panics
    ///
    /// If `shape` has more than [`MAX_CELLS`] cells (no [`TileState`] holds it).
    pub fn standard_goal(shape: Shape) -> TileState {
        let n = shape.cells();
        assert!(n <= MAX_CELLS, "a {shape} board does not pack");
        let cells: Vec<u8> = (1..n as u8).chain([0]).collect();
        TileState::from_cells(&cells)
    }
    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The goal state.
    pub fn goal(&self) -> TileState {
        self.goal
    }
    /// Whether `state` is the goal.
    #[inline]
    pub fn is_goal(&self, state: &TileState) -> bool {
        *state == self.goal
    }
    /// The state after `moves` from `start`, or the first that is not a legal move of the
    /// state it is played on.
    ///
    /// ```
    /// use fifteen::{Shape, TilePuzzle};
    /// use slide_core::{puzzle::IllegalMove, Puzzle};
    /// let shape = Shape::new(2, 2).unwrap();
    /// let p = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    /// let mut moves = Vec::new();
    /// p.for_each_successor(&p.goal(), |m, _| moves.push(m));
    /// assert!(p.try_play(p.goal(), &moves[..1]).is_ok());
    /// assert_eq!(p.try_play(p.goal(), &[moves[0], moves[1]]), Err(IllegalMove { index: 1 }));
    /// ```
    pub fn try_play(&self, start: TileState, moves: &[Slide]) -> Result<TileState, IllegalMove> {
        moves.iter().enumerate().try_fold(start, |state, (index, slide)| {
            let blank = state.blank();
            let legal = slide.to == blank
                && state.tile_at(slide.from) == slide.tile
                && self.shape.neighbours(blank).any(|n| n == (slide.from, slide.direction));
            legal.then(|| state.slide(slide.from)).ok_or(IllegalMove { index })
        })
    }

    /// The state after `moves` from `start`, as [`TilePuzzle::try_play`] plays them.
    ///
    /// # Panics
    ///
    /// At an illegal move, with [`IllegalMove`]'s message.
    pub fn play(&self, start: TileState, moves: &[Slide]) -> TileState {
        self.try_play(start, moves).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The state after each of `tiles` slides in turn into the blank, or the first that is
    /// not next to it, as [`Grid::try_play_tiles`] plays them.
    ///
    /// ```
    /// use fifteen::{Shape, Tile, TilePuzzle};
    /// use slide_core::puzzle::IllegalMove;
    /// let p = TilePuzzle::new(Shape::EIGHT, TilePuzzle::standard_goal(Shape::EIGHT)).unwrap();
    /// let [six, eight] = [6, 8].map(Tile::new);
    /// assert_eq!(p.try_play_tiles(p.goal(), &[eight, eight]), Ok(p.goal()));
    /// assert_eq!(p.try_play_tiles(p.goal(), &[eight, six]), Err(IllegalMove { index: 1 }));
    /// ```
    pub fn try_play_tiles(&self, start: TileState, tiles: &[Tile]) -> Result<TileState, IllegalMove> {
        let end = Grid::from_state(self.shape, &start).try_play_tiles(tiles)?;
        Ok(end.tile_state().expect("the shape packs").1)
    }

    /// The cells next to `cell`, each with the direction a tile there slides into `cell`, as
    /// bytes ([`Shape::neighbours`] gives them as cells).
    #[inline]
    pub(crate) fn neighbours(&self, cell: u8) -> &[(u8, Direction)] {
        &self.neighbours[cell as usize][..self.degree[cell as usize] as usize]
    }
    /// The cells next to `cell` as bytes, always four: the missing ones come last, as
    /// [`NO_NEIGHBOUR`] (for the searches' loops, which the compiler unrolls).
    #[inline(always)]
    pub(crate) fn neighbours4(&self, cell: u8) -> &[(u8, Direction); 4] {
        &self.neighbours[cell as usize % MAX_CELLS]
    }
}

impl Puzzle for TilePuzzle {
    type State = TileState;
    type Move = Slide;

    #[inline]
    fn for_each_successor<F: FnMut(Slide, TileState)>(&self, state: &TileState, mut visit: F) {
        let blank = TileView::blank(state);
        for &(from, direction) in self.neighbours(blank) {
            let tile = TileView::tile_at(state, from);
            visit(Slide::of_bytes(tile, from, blank, direction), state.slide_byte(from));
        }
    }

    fn moves_flip_parity(&self) -> bool {
        true
    }
}

/// The tile puzzle with its moves in the order of the moving tile's cell, row-major: the
/// order of Lecky's move tables. His depth-first search with a visited set depends on that
/// order (which states are met first), so it is searched in it to reproduce his figures.
pub struct CellOrder<'a>(pub &'a TilePuzzle);

impl Puzzle for CellOrder<'_> {
    type State = TileState;
    type Move = Slide;

    #[inline]
    fn for_each_successor<F: FnMut(Slide, TileState)>(&self, state: &TileState, mut visit: F) {
        let blank = TileView::blank(state);
        let mut cells = [(0, Direction::Up); 4];
        let neighbours = self.0.neighbours(blank);
        cells[..neighbours.len()].copy_from_slice(neighbours);
        cells[..neighbours.len()].sort_unstable_by_key(|&(cell, _)| cell);
        for &(from, direction) in &cells[..neighbours.len()] {
            let tile = TileView::tile_at(state, from);
            visit(Slide::of_bytes(tile, from, blank, direction), state.slide_byte(from));
        }
    }

    fn moves_flip_parity(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;

    #[test]
    fn slides_keep_both_views_consistent() {
        let shape = Shape::new(4, 4).unwrap();
        let p = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
        let mut s = p.goal();
        let mut rng = Pcg64::seed_from_u64(12345);
        for _ in 0..1000 {
            let mut next = Vec::new();
            p.for_each_successor(&s, |m, c| next.push((m, c)));
            let (m, c) = next[rng.random_range(0..next.len())];
            assert_eq!(c.tile_at(m.to), m.tile);
            assert_eq!(c.blank(), m.from);
            for cell in Shape::FIFTEEN.each_cell() {
                assert_eq!(c.cell_of(c.tile_at(cell)), cell);
            }
            s = c;
        }
        assert_eq!(TileState::from_cells(&s.to_cells(16)), s);
    }

    #[test]
    fn directions_follow_the_code_golf_challenge() {
        let shape = Shape::new(2, 2).unwrap();
        let p = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
        // 1 2 / 3 _ : tile 2 (above the blank) slides Down, tile 3 (left of it) slides Right.
        let mut moves = Vec::new();
        p.for_each_successor(&p.goal(), |m, _| moves.push((m.tile, m.direction)));
        assert_eq!(moves, vec![(Tile::new(2), Direction::Down), (Tile::new(3), Direction::Right)]);
    }
}
