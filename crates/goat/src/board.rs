//! Hiroi's Goat board: 3x4 cells packed four bits each into a `u64`, its moves and
//! its glyphs.
//!
//! Cell values are Hiroi's: 0 blank, 1 ┌, 2 │, 3 └, 4 ┘, 5 羊 (goat), 6 狼 (wolf), 7 ∥
//! (door), 8 ─ (two identical pieces), 9 and 10 the left and right halves of the big piece,
//! which only slides left or right within the top row. Cells are numbered row-major:
//!
//! ```text
//!  0  1  2  3
//!  4  5  6  7
//!  8  9 10 11
//! ```

use slide_core::packed::Packed;
use slide_core::puzzle::IllegalMove;
use slide_core::Puzzle;

/// Rows of the board.
pub const ROWS: usize = 3;
/// Columns of the board.
pub const COLS: usize = 4;
/// Cells of the board.
pub const CELLS: usize = ROWS * COLS;
/// The blank's cell value.
pub const BLANK: u8 = 0;
/// The value of a `─` piece (there are two, and they are interchangeable).
pub const BAR: u8 = 8;
/// The value of the big piece's left half.
pub const BIG_LEFT: u8 = 9;
/// The value of the big piece's right half.
pub const BIG_RIGHT: u8 = 10;
/// The piece code of the big piece in moves and JSON (`pieces[i]`).
pub const BIG: u8 = 9;

/// The columns a cell takes in a terminal ([`Board::glyph_rows`]): the width of the widest
/// glyph, 羊 or 狼.
pub const CELL_WIDTH: usize = 2;

/// Hiroi's glyph for each cell value (the big piece prints as `┐` and a blank-looking
/// right half, as in Hiroi's `print_board`).
pub const GLYPHS: [char; 11] = ['□', '┌', '│', '└', '┘', '羊', '狼', '∥', '─', '┐', ' '];

/// Hiroi's START: 20 moves from [`GOAL`].
pub const START: [u8; CELLS] = [1, 8, 9, 10, 2, 0, 7, 5, 3, 8, 4, 6];
/// Hiroi's GOAL: the goat in its pen.
pub const GOAL: [u8; CELLS] = [1, 8, 9, 10, 2, 5, 7, 0, 3, 8, 4, 6];
/// Hiroi's second start, one of the seven positions 52 moves from [`GOAL`].
pub const START_52: [u8; CELLS] = [6, 7, 9, 10, 4, 5, 2, 8, 0, 8, 3, 1];

/// The way a piece slides: the one type every puzzle of the toolkit uses.
pub use slide_core::Direction as Dir;

/// One move: which piece slides (1..8, or [`BIG`] for the big piece) and which way.
///
/// The piece and the direction determine the move, because every piece slides into the one
/// blank cell; the two `─` pieces are interchangeable, so naming "a ─" is enough.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoatMove {
    /// The piece code: 1..8, or 9 for the big piece.
    pub piece: u8,
    /// The way it slides.
    pub dir: Dir,
}

impl std::fmt::Display for GoatMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", piece_glyph(self.piece), self.dir)
    }
}

/// The glyph of a piece code as used in moves (the big piece is `┐`).
pub(crate) fn piece_glyph(piece: u8) -> char {
    GLYPHS.get(piece as usize).copied().unwrap_or('?')
}

/// Four-bit fields: a cell value each, and the blank's cell after the twelve cells.
type Fields = Packed<u64, 4>;

/// The field that holds the blank's cell.
const BLANK_FIELD: usize = CELLS;

/// A position: the twelve cells four bits each (cell `i` in bits `4i..4i+4`), and the
/// blank's cell in bits 48..52 so that moves need not search for it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(Fields);

const CELL_MASK: u64 = (1 << 48) - 1;

impl Board {
    /// A board from its cells, without checking them (see [`crate::parse::board_from_cells`]
    /// for the checked way). The blank's cell is found here.
    pub fn from_cells(cells: &[u8; CELLS]) -> Board {
        let mut packed = Fields::ZERO;
        let mut blank = 0;
        for (i, &v) in cells.iter().enumerate() {
            packed = packed.with(i, v & 15);
            if v == BLANK {
                blank = i;
            }
        }
        Board(packed.put(BLANK_FIELD, blank as u8))
    }

    /// A board from packed cells (as [`Board::packed_cells`] gives them, the blank's field
    /// clear) and the blank's cell, which the caller knows: the moves and the ranking.
    #[inline]
    pub(crate) fn from_packed(cells: u64, blank: usize) -> Board {
        debug_assert_eq!(cells & !CELL_MASK, 0, "cells beyond the twelfth");
        Board(Fields::from_word(cells).put(BLANK_FIELD, blank as u8))
    }

    /// The whole board as one integer: the cells and the blank's cell.
    #[inline]
    pub fn word(self) -> u64 {
        self.0.word()
    }

    /// The value in cell `i`.
    #[inline]
    pub fn cell(self, i: usize) -> u8 {
        self.0.get(i)
    }

    /// The cells, row-major.
    pub fn cells(self) -> [u8; CELLS] {
        std::array::from_fn(|i| self.cell(i))
    }

    /// The blank's cell.
    #[inline]
    pub fn blank(self) -> usize {
        self.0.get(BLANK_FIELD) as usize
    }

    /// The column of the big piece's left half (0, 1 or 2).
    #[inline]
    pub(crate) fn big_col(self) -> usize {
        (0..COLS - 1).find(|&c| self.cell(c) == BIG_LEFT).unwrap_or(0)
    }

    /// The packed cells without the blank index.
    #[inline]
    pub(crate) fn packed_cells(self) -> u64 {
        self.0.word() & CELL_MASK
    }

    /// The parity every move flips: the blank's square colour plus the big piece's column.
    /// A small piece moves the blank one cell (its colour flips); the big piece moves the
    /// blank two cells along the top row (same colour) and its own column by one.
    pub fn parity(self) -> u32 {
        let b = self.blank();
        ((b / COLS + b % COLS + self.big_col()) % 2) as u32
    }

    /// The board as Hiroi's program prints it, one row per line, each cell two columns wide
    /// in a terminal: 羊 and 狼 take two columns, the other glyphs one and a space. So the
    /// columns stay aligned wherever the wide pieces are, and every row is as wide as the
    /// others (trailing spaces kept). The rows read back with [`crate::parse_board`].
    pub fn glyph_rows(self) -> Vec<String> {
        use unicode_width::UnicodeWidthChar;
        (0..ROWS)
            .map(|r| {
                let mut row = String::new();
                for c in 0..COLS {
                    let glyph = GLYPHS[self.cell(r * COLS + c) as usize];
                    row.push(glyph);
                    for _ in glyph.width().unwrap_or(1)..CELL_WIDTH {
                        row.push(' ');
                    }
                }
                row
            })
            .collect()
    }

    /// The board as one line of Hiroi's numbers, rows separated by `/`.
    pub fn numbers(self) -> String {
        (0..ROWS)
            .map(|r| (0..COLS).map(|c| self.cell(r * COLS + c).to_string()).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join(" / ")
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.numbers())
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.glyph_rows().join("\n"))
    }
}

/// The neighbours of each cell with the direction a piece there slides to reach the cell.
const NEIGHBOURS: [[(u8, Dir); 4]; CELLS] = {
    let mut table = [[(u8::MAX, Dir::Up); 4]; CELLS];
    let mut s = 0;
    while s < CELLS {
        let (r, c) = (s / COLS, s % COLS);
        let mut k = 0;
        // A piece below the blank slides up into it, and so on.
        if r + 1 < ROWS {
            table[s][k] = ((s + COLS) as u8, Dir::Up);
            k += 1;
        }
        if r > 0 {
            table[s][k] = ((s - COLS) as u8, Dir::Down);
            k += 1;
        }
        if c + 1 < COLS {
            table[s][k] = ((s + 1) as u8, Dir::Left);
            k += 1;
        }
        if c > 0 {
            table[s][k] = ((s - 1) as u8, Dir::Right);
        }
        s += 1;
    }
    table
};

/// Calls `visit(piece_value, dir, packed_cells, blank)` for every move from the packed cells
/// `cells` (no blank index) whose blank is at `blank`. Any value other than the big piece's
/// halves moves as a one-cell piece, so pattern databases may mark pieces they ignore.
#[inline]
pub(crate) fn for_each_move(cells: u64, blank: usize, mut visit: impl FnMut(u8, Dir, u64, usize)) {
    let s = blank;
    let cells = Fields::from_word(cells);
    for &(n, dir) in &NEIGHBOURS[s] {
        if n == u8::MAX {
            break;
        }
        let n = n as usize;
        match cells.get(n) {
            BIG_LEFT => {
                // The big piece slides left only, into a blank on its left in the top row:
                // its halves shift one cell left and its right half's cell becomes the blank.
                if dir == Dir::Left && s + 2 < COLS {
                    let moved = cells.with(s + 2, BLANK).with(s + 1, BIG_RIGHT).put(s, BIG_LEFT);
                    visit(BIG, Dir::Left, moved.word(), s + 2);
                }
            }
            BIG_RIGHT => {
                if dir == Dir::Right && (2..COLS).contains(&s) {
                    let moved = cells.with(s - 2, BLANK).with(s - 1, BIG_LEFT).put(s, BIG_RIGHT);
                    visit(BIG, Dir::Right, moved.word(), s - 2);
                }
            }
            // The value is at hand: clear its cell and put it into the blank.
            v => visit(v, dir, cells.with(n, BLANK).put(s, v).word(), n),
        }
    }
}

/// The Goat puzzle: pieces slide one cell into the blank; the big piece slides along the top
/// row. Every arrangement of the pieces is reachable from every other (5,443,200 of them).
#[derive(Clone, Copy, Debug, Default)]
pub struct Goat;

impl Puzzle for Goat {
    type State = Board;
    type Move = GoatMove;

    #[inline]
    fn for_each_successor<F: FnMut(GoatMove, Board)>(&self, state: &Board, mut visit: F) {
        for_each_move(state.packed_cells(), state.blank(), |piece, dir, cells, blank| {
            visit(GoatMove { piece, dir }, Board::from_packed(cells, blank))
        });
    }

    fn moves_flip_parity(&self) -> bool {
        true
    }
}

impl Board {
    /// The move whose piece slides `dir` into the blank, and the board after it, if there is
    /// one: with one blank cell a direction names at most one move (the piece on the blank's
    /// other side; the big piece only along the top row). So move strings (`RRDL`) name
    /// Goat's moves as they name a tile puzzle's.
    pub(crate) fn slide(self, dir: Dir) -> Option<(GoatMove, Board)> {
        let mut result = None;
        Goat.for_each_successor(&self, |m, child| {
            if m.dir == dir {
                result = Some((m, child));
            }
        });
        result
    }

    /// The board after `moves`, or the first that is not legal where it is played.
    ///
    /// ```
    /// use goat::{Board, Dir, GoatMove, START};
    /// use slide_core::puzzle::IllegalMove;
    /// let start = Board::from_cells(&START);
    /// assert!(start.try_play(&[GoatMove { piece: 7, dir: Dir::Left }]).is_ok());
    /// assert_eq!(start.try_play(&[GoatMove { piece: 6, dir: Dir::Up }]), Err(IllegalMove { index: 0 }));
    /// ```
    pub fn try_play(self, moves: &[GoatMove]) -> Result<Board, IllegalMove> {
        slide_core::puzzle::try_play(&Goat, self, moves)
    }

    /// The board after `moves`, as [`Board::try_play`] plays them.
    ///
    /// # Panics
    ///
    /// At an illegal move, with [`IllegalMove`]'s message.
    pub fn play(self, moves: &[GoatMove]) -> Board {
        self.try_play(moves).unwrap_or_else(|e| panic!("{e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slide_names_the_piece_beside_the_blank() {
        let (mv, _) = Board::from_cells(&START).slide(Dir::Left).unwrap();
        assert_eq!(mv.piece, 7); // ∥, right of the blank, slides left
        assert!(Board::from_cells(&START).slide(Dir::Down).is_some());
    }

    #[test]
    fn glyph_rows_give_every_cell_two_columns() {
        use unicode_width::UnicodeWidthStr;
        assert_eq!(Board::from_cells(&START).glyph_rows(), ["┌ ─ ┐   ", "│ □ ∥ 羊", "└ ─ ┘ 狼"]);
        // 羊 in the third column, 狼 in the first: the columns after them do not shift.
        let b = Board::from_cells(&[1, 8, 9, 10, 2, 0, 5, 7, 6, 8, 4, 3]);
        assert_eq!(b.glyph_rows(), ["┌ ─ ┐   ", "│ □ 羊∥ ", "狼─ ┘ └ "]);
        assert!(b.glyph_rows().iter().all(|r| r.width() == COLS * CELL_WIDTH));
    }

    #[test]
    fn start_has_hiroi_s_moves() {
        let b = Board::from_cells(&START);
        assert_eq!(b.blank(), 5);
        let mut moves = Vec::new();
        Goat.for_each_successor(&b, |m, _| moves.push(m));
        // The blank at cell 5 has neighbours 9 (─), 1 (─), 6 (∥) and 4 (│).
        assert_eq!(moves.len(), 4);
    }

    #[test]
    fn big_piece_slides_along_the_top_row_only() {
        let b = Board::from_cells(&[0, 9, 10, 1, 2, 3, 4, 5, 6, 7, 8, 8]);
        let mut seen = Vec::new();
        Goat.for_each_successor(&b, |m, child| seen.push((m, child.cells(), child.blank())));
        assert!(seen.contains(&(GoatMove { piece: BIG, dir: Dir::Left }, [9, 10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8], 2)));
        assert_eq!(seen.len(), 2);
        let back = Board::from_cells(&[9, 10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8])
            .try_play(&[GoatMove { piece: BIG, dir: Dir::Right }]);
        assert_eq!(back, Ok(b));
        // Blank below the big piece: it cannot move down.
        let under = Board::from_cells(&[9, 10, 1, 2, 0, 3, 4, 5, 6, 7, 8, 8]);
        Goat.for_each_successor(&under, |m, _| assert_ne!(m.piece, BIG));
    }

    #[test]
    fn every_move_flips_the_parity() {
        let b = Board::from_cells(&START);
        Goat.for_each_successor(&b, |_, c| {
            assert_ne!(b.parity(), c.parity());
            Goat.for_each_successor(&c, |_, d| assert_eq!(b.parity(), d.parity()));
        });
    }
}
