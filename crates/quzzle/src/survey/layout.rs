//! One layout of the classic family packed in a `u64`, its text forms, and its type.
//!
//! The family (dnomd343/klotski's): a board of 5 rows of 4 cells holding exactly one 2x2
//! block, any number of horizontal (1 row, 2 columns) and vertical (2 rows, 1 column)
//! dominoes and of 1x1 blocks, and at least two empty cells. Blocks of one shape are
//! interchangeable, so a layout is where each shape's blocks are, not which block is where.

use std::fmt;

use thiserror::Error;

use crate::engine::Metric;
use crate::parse::{parse_start, BoardError};

/// Rows of the board.
pub const ROWS: usize = 5;
/// Columns of the board.
pub const COLS: usize = 4;
/// Cells of the board, numbered row-major from the top-left: `row * 4 + col`.
pub const CELLS: usize = ROWS * COLS;
/// Every cell.
pub const ALL: u32 = (1 << CELLS) - 1;
/// The cells of column 0.
pub const COL0: u32 = 0x11111;
/// The cells of column 3.
pub const COL3: u32 = 0x88888;
/// The classic goal: the 2x2 block's top-left cell at row 3, column 1 (the bottom centre).
pub const GOAL_SQUARE: usize = 13;

/// A shape of the family, in the order ranks and fills use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// An empty cell (not a block, but it takes a cell like one).
    Space = 0,
    /// A 1x1 block.
    Single = 1,
    /// A domino lying along a row: 1 row, 2 columns (dnomd343's "1x2").
    Horizontal = 2,
    /// A domino standing along a column: 2 rows, 1 column (dnomd343's "2x1").
    Vertical = 3,
    /// The 2x2 block.
    Square = 4,
}

impl Shape {
    /// All five, in rank order.
    pub const ALL: [Shape; 5] = [Shape::Space, Shape::Single, Shape::Horizontal, Shape::Vertical, Shape::Square];

    /// The cells it covers with its top-left cell at 0 (cells 1: right, 4: below, 5: both).
    #[inline]
    pub(crate) const fn footprint(self) -> u32 {
        match self {
            Shape::Space | Shape::Single => 1,
            Shape::Horizontal => 0b11,
            Shape::Vertical => 0b1_0001,
            Shape::Square => 0b11_0011,
        }
    }

    /// The cells where its top-left cell may be (it stays on the board).
    #[inline]
    pub(crate) const fn origins(self) -> u32 {
        match self {
            Shape::Space | Shape::Single => ALL,
            Shape::Horizontal => ALL & !COL3,
            Shape::Vertical => ALL >> COLS,
            Shape::Square => (ALL >> COLS) & !COL3,
        }
    }

    /// The top-left cells from which a block of this shape would cover a cell of `taken`.
    #[inline]
    pub(crate) const fn blocked_by(self, taken: u32) -> u32 {
        match self {
            Shape::Space | Shape::Single => taken,
            Shape::Horizontal => taken | taken >> 1,
            Shape::Vertical => taken | taken >> COLS,
            Shape::Square => taken | taken >> 1 | taken >> COLS | taken >> (COLS + 1),
        }
    }
}

/// A symmetry of the board other than the identity. Each maps layouts to layouts of the
/// same type and moves to moves, so it maps a group onto a group (itself or another) of the
/// same size and diameter (dnomd343/klotski's "patterns" are the groups' orbits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Mirrored left to right.
    LeftRight,
    /// Turned upside down.
    UpsideDown,
    /// Turned half a turn (both of the above).
    HalfTurn,
}

impl Symmetry {
    /// The three.
    pub const ALL: [Symmetry; 3] = [Symmetry::LeftRight, Symmetry::UpsideDown, Symmetry::HalfTurn];
}

/// The counts of blocks that make a layout's type. Moves never change them, so a group
/// (the layouts reachable from one another) lies within one type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Counts {
    /// Horizontal dominoes (1 row, 2 columns).
    pub horizontal: u8,
    /// Vertical dominoes (2 rows, 1 column).
    pub vertical: u8,
    /// 1x1 blocks.
    pub singles: u8,
}

impl Counts {
    /// The empty cells these counts leave beside the 2x2 block, or `None` when the blocks
    /// do not fit in the 16 cells left with two of them empty.
    pub const fn spaces(self) -> Option<u8> {
        let taken = 2 * (self.horizontal as u32 + self.vertical as u32) + self.singles as u32;
        if taken <= (CELLS - 4 - 2) as u32 {
            Some((CELLS - 4) as u8 - taken as u8)
        } else {
            None
        }
    }

    /// Every count of the family whose blocks fit by area (two cells left empty), in the
    /// order dnomd343/klotski numbers its types: by dominoes, then vertical dominoes, then
    /// 1x1 blocks. Some may have no layout at all (seven vertical dominoes never fit).
    pub(crate) fn by_area() -> impl Iterator<Item = Counts> {
        (0..=7u8)
            .flat_map(|dominoes| {
                (0..=dominoes).flat_map(move |vertical| {
                    (0..=14u8).map(move |singles| Counts { horizontal: dominoes - vertical, vertical, singles })
                })
            })
            .filter(|c| c.spaces().is_some())
    }
}

impl std::str::FromStr for Counts {
    type Err = LayoutError;

    /// Reads `H,V,S`: the horizontal dominoes, the vertical dominoes and the 1x1 blocks
    /// (the classic start's type is `1,4,4`).
    ///
    /// ```
    /// use quzzle::survey::Counts;
    /// let c: Counts = "1,4,4".parse().unwrap();
    /// assert_eq!((c.horizontal, c.vertical, c.singles), (1, 4, 4));
    /// assert!("1,4".parse::<Counts>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Counts, LayoutError> {
        let bad = || LayoutError::Counts(text.to_string());
        let parts: Vec<u8> = text.split(',').map(|p| p.trim().parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
        match parts[..] {
            [horizontal, vertical, singles] => Ok(Counts { horizontal, vertical, singles }),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Counts {
    /// `1 square, 1 horizontal, 4 vertical, 4 singles, 2 spaces`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "2x2 + {} horizontal + {} vertical + {} 1x1 + {} empty",
            self.horizontal,
            self.vertical,
            self.singles,
            self.spaces().unwrap_or(0)
        )
    }
}

/// A layout: the top-left cells of the 1x1 blocks (bits 0-19), of the horizontal dominoes
/// (bits 20-39), of the vertical dominoes (bits 40-59), and the 2x2 block's top-left cell
/// (bits 60-63: at most 14). Only valid layouts are made (the constructors check), so the
/// blocks never overlap and never leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Layout(u64);

/// Why a text or a code is not a layout of the family.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// The board text did not parse.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The board is not 5 rows of 4 cells.
    #[error("a layout of the family is 5 rows of 4 cells, not {rows} rows of {cols}")]
    Size {
        /// Rows given.
        rows: usize,
        /// Columns given.
        cols: usize,
    },
    /// A type not written as three counts.
    #[error("{0:?} is not a type: write the horizontal dominoes, vertical dominoes and 1x1 blocks as H,V,S (1,4,4)")]
    Counts(String),
    /// Walls are not part of the family.
    #[error("a layout of the family has no walls")]
    Walls,
    /// A block of a shape the family does not have.
    #[error("block {label:?} is {w} wide and {h} tall: the family has 2x2, 1x2, 2x1 and 1x1 blocks only")]
    Shape {
        /// Its label.
        label: char,
        /// Its width.
        w: usize,
        /// Its height.
        h: usize,
    },
    /// Not exactly one 2x2 block.
    #[error("a layout of the family has exactly one 2x2 block, not {0}")]
    Squares(usize),
    /// Fewer than two empty cells.
    #[error("a layout of the family has at least two empty cells, not {0}")]
    Spaces(usize),
    /// A common code that is not a layout.
    #[error("{code:#011X} is not a layout's common code: {why}")]
    Code {
        /// The code.
        code: u64,
        /// What is wrong.
        why: &'static str,
    },
}

impl Layout {
    /// The layout with the 2x2 block at `square` and the other blocks' top-left cells in the
    /// three masks, if it is one: every block on the board, none overlapping, two empty cells.
    pub fn new(square: usize, singles: u32, horizontal: u32, vertical: u32) -> Option<Layout> {
        if square >= CELLS || Shape::Square.origins() & 1 << square == 0 {
            return None;
        }
        let mut taken = Shape::Square.footprint() << square;
        for (shape, origins) in [(Shape::Single, singles), (Shape::Horizontal, horizontal), (Shape::Vertical, vertical)]
        {
            if origins & !shape.origins() != 0 {
                return None;
            }
            for o in ones(origins) {
                let cells = shape.footprint() << o;
                if taken & cells != 0 {
                    return None;
                }
                taken |= cells;
            }
        }
        if (ALL & !taken).count_ones() < 2 {
            return None;
        }
        Some(Layout::from_parts(square, singles, horizontal, vertical))
    }

    /// Packs parts known to make a valid layout.
    #[inline]
    pub(crate) const fn from_parts(square: usize, singles: u32, horizontal: u32, vertical: u32) -> Layout {
        Layout((square as u64) << 60 | (vertical as u64) << 40 | (horizontal as u64) << 20 | singles as u64)
    }

    /// The layout of `bits`, the sum of its blocks' `Layout::block_bits` (a valid layout's).
    #[inline]
    pub(crate) const fn from_bits(bits: u64) -> Layout {
        Layout(bits)
    }

    /// The bits a block of `shape` with its top-left cell at `cell` adds to a layout's
    /// (none for an empty cell): a layout's bits are the sum of its blocks'.
    #[inline]
    pub(crate) const fn block_bits(shape: Shape, cell: usize) -> u64 {
        match shape {
            Shape::Space => 0,
            Shape::Single => 1 << cell,
            Shape::Horizontal => 1 << (cell + 20),
            Shape::Vertical => 1 << (cell + 40),
            Shape::Square => (cell as u64) << 60,
        }
    }

    /// The 2x2 block's top-left cell.
    #[inline]
    pub const fn square(self) -> usize {
        (self.0 >> 60) as usize
    }

    /// The top-left cells of the blocks of `shape` (the empty cells, for [`Shape::Space`]).
    #[inline]
    pub const fn origins(self, shape: Shape) -> u32 {
        match shape {
            Shape::Single => self.0 as u32 & ALL,
            Shape::Horizontal => (self.0 >> 20) as u32 & ALL,
            Shape::Vertical => (self.0 >> 40) as u32 & ALL,
            Shape::Square => 1 << self.square(),
            Shape::Space => ALL & !self.occupied(),
        }
    }

    /// The cells covered by blocks.
    #[inline]
    pub(crate) const fn occupied(self) -> u32 {
        let h = (self.0 >> 20) as u32 & ALL;
        let v = (self.0 >> 40) as u32 & ALL;
        (self.0 as u32 & ALL) | h | h << 1 | v | v << COLS | Shape::Square.footprint() << self.square()
    }

    /// The same layout with the block of `shape` at `from` moved to `to` (no check).
    #[inline]
    pub(crate) const fn moved(self, shape: Shape, from: usize, to: usize) -> Layout {
        match shape {
            Shape::Square => Layout(self.0 & !(0xF << 60) | (to as u64) << 60),
            Shape::Single => Layout(self.0 & !(1 << from) | 1 << to),
            Shape::Horizontal => Layout(self.0 & !(1 << (from + 20)) | 1 << (to + 20)),
            Shape::Vertical => Layout(self.0 & !(1 << (from + 40)) | 1 << (to + 40)),
            Shape::Space => self,
        }
    }

    /// How many blocks of each shape it has.
    pub const fn counts(self) -> Counts {
        Counts {
            horizontal: self.origins(Shape::Horizontal).count_ones() as u8,
            vertical: self.origins(Shape::Vertical).count_ones() as u8,
            singles: self.origins(Shape::Single).count_ones() as u8,
        }
    }

    /// Whether the 2x2 block is at the bottom centre, the classic goal.
    #[inline]
    pub const fn is_goal(self) -> bool {
        self.square() == GOAL_SQUARE
    }

    /// What starts at `cell`: the shape whose top-left cell it is, [`Shape::Space`] for an
    /// empty cell, `None` for a cell covered by a block starting elsewhere.
    pub fn at(self, cell: usize) -> Option<Shape> {
        let bit = 1 << cell;
        if cell == self.square() {
            return Some(Shape::Square);
        }
        [Shape::Single, Shape::Horizontal, Shape::Vertical, Shape::Space]
            .into_iter()
            .find(|&s| self.origins(s) & bit != 0)
    }

    /// dnomd343/klotski's "common code" of the layout, its 36-bit name (written as 9
    /// hexadecimal digits, `1A9BF0C00` for the classic Klotski start): the 2x2 block's
    /// top-left cell in the top 4 bits, then two bits per cell in row-major order for each
    /// cell not yet covered (`00` empty, `01` horizontal, `10` vertical, `11` 1x1), from the
    /// high bits of the low 32 down, zeros after the last. Groups are named by their
    /// smallest code there, so these codes let a reader find our groups in its tools.
    pub fn common_code(self) -> u64 {
        let mut body = 0u32;
        let mut shift = 32;
        let mut covered = Shape::Square.footprint() << self.square();
        for cell in 0..CELLS {
            if covered & 1 << cell != 0 {
                continue;
            }
            let (shape, bits) = match self.at(cell) {
                Some(Shape::Horizontal) => (Shape::Horizontal, 0b01),
                Some(Shape::Vertical) => (Shape::Vertical, 0b10),
                Some(Shape::Single) => (Shape::Single, 0b11),
                _ => (Shape::Space, 0b00),
            };
            covered |= shape.footprint() << cell;
            shift -= 2;
            body |= bits << shift;
        }
        (self.square() as u64) << 32 | body as u64
    }

    /// The layout of a common code (see [`Layout::common_code`]).
    pub fn from_common_code(code: u64) -> Result<Layout, LayoutError> {
        let bad = |why| Err(LayoutError::Code { code, why });
        if code >> 36 != 0 {
            return bad("more than 36 bits");
        }
        let square = (code >> 32) as usize;
        if Shape::Square.origins() & 1 << square == 0 {
            return bad("the 2x2 block's cell (the first digit) is not one it can take");
        }
        let mut body = code as u32;
        let mut covered = Shape::Square.footprint() << square;
        let mut origins = [0u32; 3]; // singles, horizontal, vertical
        for cell in 0..CELLS {
            if covered & 1 << cell != 0 {
                continue;
            }
            let shape = match body >> 30 {
                0b00 => Shape::Space,
                0b01 => Shape::Horizontal,
                0b10 => Shape::Vertical,
                _ => Shape::Single,
            };
            body <<= 2;
            let cells = shape.footprint() << cell;
            if shape.origins() & 1 << cell == 0 || covered & cells != 0 {
                return bad("a block leaves the board or overlaps another");
            }
            covered |= cells;
            match shape {
                Shape::Single => origins[0] |= 1 << cell,
                Shape::Horizontal => origins[1] |= 1 << cell,
                Shape::Vertical => origins[2] |= 1 << cell,
                _ => {}
            }
        }
        if body != 0 {
            return bad("blocks are left after the board is full");
        }
        Layout::new(square, origins[0], origins[1], origins[2]).map_or_else(|| bad("fewer than two empty cells"), Ok)
    }

    /// The layout drawn in quzzle's board text, each block its own label (`A`, `B`, ... in
    /// row-major order of their top-left cells), rows joined by `/`:
    /// `ABBC/ABBC/DEEF/DGHF/I..J`. `quzzle solve --metric block` reads it back.
    pub fn board(self) -> String {
        let mut cells = ['.'; CELLS];
        let mut label = b'A';
        for cell in 0..CELLS {
            if let Some(shape) = self.at(cell).filter(|&s| s != Shape::Space) {
                for c in ones(shape.footprint() << cell) {
                    cells[c] = label as char;
                }
                label += 1;
            }
        }
        let mut text = String::with_capacity(CELLS + ROWS - 1);
        for (i, c) in cells.iter().enumerate() {
            if i > 0 && i % COLS == 0 {
                text.push('/');
            }
            text.push(*c);
        }
        text
    }

    /// The layout turned upside down.
    pub fn flipped(self) -> Layout {
        let square = self.square();
        Layout::from_parts(
            (ROWS - 2 - square / COLS) * COLS + square % COLS,
            reverse_rows(self.origins(Shape::Single)),
            reverse_rows(self.origins(Shape::Horizontal)),
            // A vertical domino's top cell is one row above where its reversed row puts it.
            reverse_rows(self.origins(Shape::Vertical)) >> COLS,
        )
    }

    /// The layout's image under `symmetry`.
    pub fn image(self, symmetry: Symmetry) -> Layout {
        match symmetry {
            Symmetry::LeftRight => self.mirrored(),
            Symmetry::UpsideDown => self.flipped(),
            Symmetry::HalfTurn => self.mirrored().flipped(),
        }
    }

    /// The layout mirrored left to right.
    pub fn mirrored(self) -> Layout {
        let square = self.square();
        Layout::from_parts(
            square - square % COLS + (COLS - 2 - square % COLS),
            reverse_columns(self.origins(Shape::Single)),
            // A horizontal domino's left cell is one column left of where its reversed
            // column puts it (its origins are in columns 0 to 2, so no bit leaves its row).
            reverse_columns(self.origins(Shape::Horizontal)) >> 1,
            reverse_columns(self.origins(Shape::Vertical)),
        )
    }
}

/// `cells` with the rows in reverse order: row `r` goes to row `4 - r`.
#[inline]
const fn reverse_rows(cells: u32) -> u32 {
    (cells & 0xF) << 16 | (cells & 0xF0) << 8 | cells & 0xF00 | (cells >> 8) & 0xF0 | (cells >> 16) & 0xF
}

/// `cells` with each row's columns in reverse order: column `c` goes to column `3 - c`.
#[inline]
const fn reverse_columns(cells: u32) -> u32 {
    let swapped = (cells & 0x5_5555) << 1 | (cells >> 1) & 0x5_5555;
    (swapped & 0x3_3333) << 2 | (swapped >> 2) & 0x3_3333
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board())
    }
}

impl std::str::FromStr for Layout {
    type Err = LayoutError;

    /// Reads quzzle's board text of 5 rows of 4 cells (`ABBC/ABBC/DEEF/DGHF/I..J`; a block
    /// per label) or a common code of 9 hexadecimal digits (`1A9BF0C00`; see
    /// [`Layout::common_code`]).
    fn from_str(text: &str) -> Result<Layout, LayoutError> {
        let trimmed = text.trim();
        if trimmed.len() == 9 && trimmed.chars().all(|c| c.is_ascii_hexdigit()) {
            // Nine hexadecimal digits: a number under 2^36.
            let code = trimmed.chars().filter_map(|c| c.to_digit(16)).fold(0u64, |code, d| code * 16 + u64::from(d));
            return Layout::from_common_code(code);
        }
        let (board, state, blocks) = parse_start(trimmed, Some((ROWS, COLS)), Metric::Block)?;
        if (board.rows, board.cols) != (ROWS, COLS) {
            return Err(LayoutError::Size { rows: board.rows, cols: board.cols });
        }
        if board.walls != 0 {
            return Err(LayoutError::Walls);
        }
        let mut square = Vec::new();
        let mut origins = [0u32; 3];
        for block in &blocks {
            let class = &board.classes[block.class];
            let bit = 1u32 << block.origin;
            match (class.w, class.h) {
                (2, 2) => square.push(block.origin),
                (1, 1) => origins[0] |= bit,
                (2, 1) => origins[1] |= bit,
                (1, 2) => origins[2] |= bit,
                (w, h) => return Err(LayoutError::Shape { label: block.label, w: w as usize, h: h as usize }),
            }
        }
        let _ = state;
        if square.len() != 1 {
            return Err(LayoutError::Squares(square.len()));
        }
        let taken = (Shape::Square.footprint() << square[0])
            | origins[0]
            | origins[1]
            | origins[1] << 1
            | origins[2]
            | origins[2] << COLS;
        let spaces = (ALL & !taken).count_ones() as usize;
        Layout::new(square[0], origins[0], origins[1], origins[2]).ok_or(LayoutError::Spaces(spaces))
    }
}

/// The indices of the set bits of `mask`, lowest first.
#[inline]
pub(crate) fn ones(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const KLOTSKI: &str = "ABBC/ABBC/DEEF/DGHF/I..J";

    #[test]
    fn the_classic_start_reads_and_prints_back() {
        let layout: Layout = KLOTSKI.parse().unwrap();
        assert_eq!(layout.board(), KLOTSKI);
        assert_eq!(layout.counts(), Counts { horizontal: 1, vertical: 4, singles: 4 });
        assert_eq!(layout.common_code(), 0x1_A9BF_0C00);
        assert_eq!(Layout::from_common_code(0x1_A9BF_0C00), Ok(layout));
        assert_eq!("1A9BF0C00".parse(), Ok(layout));
        assert!(!layout.is_goal());
    }

    #[test]
    fn bad_layouts_are_named() {
        let err = |text: &str| text.parse::<Layout>().unwrap_err().to_string();
        assert!(err("AAB/AAB/CDE/F../GHI").contains("5x3"), "{}", err("AAB/AAB/CDE/F../GHI"));
        assert!(err("ABBC/ABBC/DEEF/DGHF/IJKL").contains("at least two empty"));
        assert!(err("AAAC/AAAC/DEEF/DGHF/I..J").contains("3 wide"));
        assert!(err("AB.C/AB.C/DEEF/DGHF/I..J").contains("exactly one 2x2 block, not 0"));
        assert!(err("AAC./AAC./DD../DD../....").contains("exactly one 2x2 block, not 2"));
        assert!(err("ABBC/ABBC/DEEF/DGHF/I.#J").contains("no walls"));
        assert!(err("F00000000").contains("not a layout's common code"));
        assert!(err("1A9BF0CFF").contains("not a layout's common code"));
    }

    #[test]
    fn flipping_turns_rows_over() {
        let layout: Layout = KLOTSKI.parse().unwrap();
        assert_eq!(layout.flipped().board(), "A..B/CDEF/CGGF/HIIJ/HIIJ");
        assert_eq!(layout.image(Symmetry::HalfTurn), layout.flipped(), "the classic start is left-right symmetric");
        for s in Symmetry::ALL {
            assert_eq!(layout.image(s).image(s), layout);
            assert_eq!(layout.image(s).counts(), layout.counts());
        }
    }

    #[test]
    fn mirroring_twice_is_the_identity() {
        let layout: Layout = KLOTSKI.parse().unwrap();
        assert_eq!(layout.mirrored(), layout, "the classic start is symmetric");
        let other: Layout = "AABC/AADE/FGHH/FIJJ/..KK".parse().unwrap();
        assert_eq!(other.mirrored().board(), "ABCC/DECC/FFGH/IIJH/KK..");
        assert_eq!(other.mirrored().mirrored(), other);
    }
}
