//! BOARD text to a board: the shape is given or inferred, and every malformed board is
//! refused with a message that names the problem (which tile, which row, how many cells).
//! One parser and one printer serve every size: [`parse_grid`] reads any board up to
//! 100x100, and [`parse_board`] is it for the packed boards of the optimal searches (2x2 to
//! 5x5).

use slide_core::board_text::{tokenize, TokenError};
use thiserror::Error;

use crate::{Cell, Grid, Shape, Tile, TileState};

/// Why BOARD text is not a tile board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// The text could not be split into cells.
    #[error("{0}")]
    Text(#[from] TokenError),
    /// The number of cells does not match the shape.
    #[error("{found} cells given, a {shape} board has {expected}")]
    WrongCount {
        /// Cells in the text.
        found: usize,
        /// Cells of the board.
        expected: usize,
        /// The shape.
        shape: Shape,
    },
    /// No size was given and none can be inferred.
    #[error("cannot infer the size of a board of {0} cells: give --size RxC (2 to 100 rows and columns)")]
    UnknownSize(usize),
    /// Rows of unequal length, or the wrong number of rows.
    #[error("{0}")]
    Ragged(String),
    /// A tile number that the board has no room for.
    #[error("{}: tile {tile} is out of range for a {shape} board (tiles are 1 to {max}, 0 is the blank)", place(*shape, *cell))]
    OutOfRange {
        /// The number given (no tile of the board).
        tile: u32,
        /// The shape.
        shape: Shape,
        /// The largest tile.
        max: usize,
        /// Its cell.
        cell: Cell,
    },
    /// A tile given twice.
    #[error("{}: {} appears twice (first at {})", place(*shape, *cell), tile_name(*tile), place(*shape, *first))]
    Duplicate {
        /// The tile.
        tile: Tile,
        /// The shape.
        shape: Shape,
        /// The cell of its second appearance.
        cell: Cell,
        /// The cell of its first.
        first: Cell,
    },
    /// A board larger than the packed boards of the optimal searches (see [`parse_board`]).
    #[error(
        "a {0} board is larger than the optimal solvers take (2 to 5 rows and columns); \
         the fast solver takes boards up to 100x100"
    )]
    TooLarge(Shape),
}

/// "row 2, column 3" of the board, for cell `cell`.
fn place(shape: Shape, cell: Cell) -> String {
    format!("row {}, column {}", shape.row(cell) + 1, shape.col(cell) + 1)
}

fn tile_name(tile: Tile) -> String {
    if tile.is_blank() {
        "the blank (0)".to_string()
    } else {
        format!("tile {tile}")
    }
}

/// Reads a board of any size from BOARD text (the syntax of docs/CLI.md).
///
/// - `shape`: the board's shape; `None` infers it from the text's rows when they are all the
///   same length, else from a square cell count.
///
/// # Example
/// ```
/// use fifteen::parse::parse_grid;
/// let board = parse_grid("1 2 3 4 5 6 / 7 8 9 10 11 0", None).unwrap();
/// assert_eq!(board.shape().to_string(), "2x6");
/// let e = parse_grid("1 2 3 / 4 5 6 / 7 8 8", None).unwrap_err();
/// assert_eq!(e.to_string(), "row 3, column 3: tile 8 appears twice (first at row 3, column 2)");
/// ```
pub fn parse_grid(text: &str, shape: Option<Shape>) -> Result<Grid, BoardError> {
    let board = tokenize(text, |_| false)?;
    let numbers = board.numbers()?;
    let count = numbers.len();
    let shape = match shape {
        Some(shape) => shape,
        None => match (infer_shape(&board.rows, count), uneven_row(&board.rows)) {
            (Some(shape), _) => shape,
            // Rows of unequal length: the odd row says more than the cell count.
            (None, Some(odd)) => {
                return Err(BoardError::Ragged(format!("{odd}: every row needs as many cells (or give --size RxC)")))
            }
            (None, None) => return Err(BoardError::UnknownSize(count)),
        },
    };
    // A wrong row length says more than a wrong total.
    board.check_shape(shape.rows(), shape.cols()).map_err(|e| BoardError::Ragged(e.to_string()))?;
    Grid::from_cells(shape, &numbers)
}

/// Reads a board of at most 5x5, for the optimal searches, as a packed state: [`parse_grid`]
/// and [`Grid::tile_state`]; a larger board is [`BoardError::TooLarge`].
///
/// - `shape`: the board's shape; `None` infers it from the text's rows when they are all the
///   same length, else from a square cell count.
///
/// # Example
/// ```
/// use fifteen::parse::parse_board;
/// let (state, shape) = parse_board("0 7 2 1 / 4 3 6 5", None).unwrap();
/// assert_eq!(shape.to_string(), "2x4");
/// assert_eq!(state.blank(), fifteen::Cell::new(0));
/// let e = parse_board("1 2 3 / 4 5 6 / 7 8 8", None).unwrap_err();
/// assert_eq!(e.to_string(), "row 3, column 3: tile 8 appears twice (first at row 3, column 2)");
/// ```
pub fn parse_board(text: &str, shape: Option<Shape>) -> Result<(TileState, Shape), BoardError> {
    let grid = parse_grid(text, shape)?;
    grid.tile_state().map(|(shape, state)| (state, shape)).ok_or(BoardError::TooLarge(grid.shape()))
}

/// The shape of `rows` (row lengths from the text) if they agree, else a square of `count`.
fn infer_shape(rows: &[usize], count: usize) -> Option<Shape> {
    if rows.len() > 1 && rows.iter().all(|&r| r == rows[0]) {
        return Shape::new(rows.len(), rows[0]);
    }
    let side = (Shape::MIN_SIDE..=Shape::MAX_SIDE).find(|s| s * s == count)?;
    Shape::new(side, side)
}

/// Why a size written `RxC` is not one.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SizeError {
    /// Not two numbers joined by `x`.
    #[error("size {0:?} is not of the form RxC (for example 4x4)")]
    NotRxC(String),
    /// Rows or columns out of the range taken.
    #[error("size {rows}x{cols} is not supported: rows and columns must be 2 to {most}")]
    Unsupported {
        /// The rows given.
        rows: usize,
        /// The columns given.
        cols: usize,
        /// The most rows and columns taken.
        most: usize,
    },
}

/// Reads a size written `RxC` (for example `3x3`, `2x4`, `100x100`): any shape.
///
/// ```
/// let e = fifteen::parse::parse_size("101x2").unwrap_err();
/// assert_eq!(e.to_string(), "size 101x2 is not supported: rows and columns must be 2 to 100");
/// ```
pub fn parse_size(text: &str) -> Result<Shape, SizeError> {
    let (rows, cols) = parse_rxc(text)?;
    Shape::new(rows, cols).ok_or(SizeError::Unsupported { rows, cols, most: Shape::MAX_SIDE })
}

/// Reads a size written `RxC` that the optimal searches take: a shape that packs (2 to 5
/// rows and columns).
///
/// ```
/// let e = fifteen::parse::parse_packed_size("6x2").unwrap_err();
/// assert_eq!(e.to_string(), "size 6x2 is not supported: rows and columns must be 2 to 5");
/// ```
pub fn parse_packed_size(text: &str) -> Result<Shape, SizeError> {
    let (rows, cols) = parse_rxc(text)?;
    let most = Shape::MAX_PACKED_SIDE;
    Shape::new(rows, cols).filter(|s| s.packs()).ok_or(SizeError::Unsupported { rows, cols, most })
}

/// `R` and `C` of `RxC`.
fn parse_rxc(text: &str) -> Result<(usize, usize), SizeError> {
    let wrong = || SizeError::NotRxC(text.to_string());
    let (r, c) = text.trim().split_once(['x', 'X', '*']).ok_or_else(wrong)?;
    let parse = |s: &str| s.trim().parse::<usize>().map_err(|_| wrong());
    Ok((parse(r)?, parse(c)?))
}

/// The board as BOARD text, rows separated by ` / `.
///
/// # Panics
///
/// If `shape` does not pack ([`Shape::packs`]); a [`crate::Grid`] prints any board.
pub fn board_text(state: &TileState, shape: Shape) -> String {
    assert!(shape.packs(), "a packed board is at most 5x5, not {shape}");
    cells_text(shape, |c| state.tile_at(c))
}

/// The board as a grid for people, the blank shown as `.`.
pub fn board_grid(state: &TileState, shape: Shape) -> String {
    cells_grid(shape, |c| state.tile_at(c))
}

/// The first row whose length differs from the one most rows share (the first row's on a
/// tie), in words, when the cells are grouped in rows of unequal lengths (`rows`: their
/// lengths, as [`tokenize`] gives them).
fn uneven_row(rows: &[usize]) -> Option<String> {
    let sharing = |len: usize| rows.iter().filter(|&&r| r == len).count();
    // The most shared length; on a tie, the one met first.
    let usual = rows.iter().copied().fold(None, |best: Option<usize>, len| match best {
        Some(b) if sharing(b) >= sharing(len) => Some(b),
        _ => Some(len),
    })?;
    let (odd, len) = rows.iter().copied().enumerate().find(|&(_, len)| len != usual)?;
    let others: Vec<String> = (0..rows.len()).filter(|&i| rows[i] == usual).map(|i| (i + 1).to_string()).collect();
    let which = match others.len() {
        1 => format!("row {} has", others[0]),
        n if n + 1 == rows.len() => "the other rows".to_string(),
        n => format!("rows {} and {} have", others[..n - 1].join(", "), others[n - 1]),
    };
    Some(format!("row {} has {}, {which} {usual}", odd + 1, slide_core::units::quantity(len as u64, "cell")))
}

/// BOARD text of the board whose cell `c` holds `tile(c)`: the one printer of every board.
pub(crate) fn cells_text(shape: Shape, tile: impl Fn(Cell) -> Tile) -> String {
    let mut text = String::with_capacity(shape.cells() * 5);
    for cell in shape.each_cell() {
        if cell.index() > 0 {
            text += if shape.col(cell) == 0 { " / " } else { " " };
        }
        text += &tile(cell).to_string();
    }
    text
}

/// Aligned rows of the board whose cell `c` holds `tile(c)`, the blank shown as `.`.
pub(crate) fn cells_grid(shape: Shape, tile: impl Fn(Cell) -> Tile) -> String {
    let width = (shape.cells() - 1).to_string().len();
    let mut text = String::with_capacity(shape.cells() * (width + 1));
    for cell in shape.each_cell() {
        if cell.index() > 0 {
            text += if shape.col(cell) == 0 { "\n" } else { " " };
        }
        match tile(cell) {
            Tile::BLANK => text += &format!("{:>width$}", "."),
            t => text += &format!("{t:>width$}"),
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str, shape: Option<Shape>) -> String {
        parse_board(text, shape).unwrap_err().to_string()
    }

    #[test]
    fn the_uneven_row_is_named_beside_the_others() {
        let uneven = |text| uneven_row(&tokenize(text, |_| false).unwrap().rows);
        assert_eq!(uneven("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15").unwrap(), "row 4 has 3 cells, the other rows 4");
        assert_eq!(uneven("1 2 3 / 4 5").unwrap(), "row 2 has 2 cells, row 1 has 3");
        assert_eq!(uneven("1 2 / 3 4 5 / 6 7 8 / 9 0").unwrap(), "row 2 has 3 cells, rows 1 and 4 have 2");
        assert!(uneven("1 2 / 3 0").is_none());
    }

    #[test]
    fn reads_and_infers() {
        let (s, shape) = parse_board("([5,1,7,3],[9,2,11,4],[13,6,15,8],[0,10,14,12])", None).unwrap();
        assert_eq!(shape, Shape::new(4, 4).unwrap());
        assert_eq!(s.tile_at(Cell::new(0)), Tile::new(5));
        assert_eq!(board_text(&s, shape), "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12");
        let (_, shape) = parse_board("1 2 3 4 5 6 7 _", Shape::new(2, 4)).unwrap();
        assert_eq!(shape.to_string(), "2x4");
    }

    #[test]
    fn names_each_problem() {
        let s24 = Shape::new(2, 4);
        assert_eq!(err("1 2 3 4 5 6 7", s24), "7 cells given, a 2x4 board has 8");
        assert!(err("1 2 3 4 5 6 0", None).contains("give --size"));
        assert!(err("1 2 3 4 5 6 7 9", s24).contains("tile 9 is out of range"));
        assert_eq!(err("1 2 3 4 5 6 7 7", s24), "row 2, column 4: tile 7 appears twice (first at row 2, column 3)");
        assert_eq!(
            err("1 2 3 4 / 5 9 7 0", s24),
            "row 2, column 2: tile 9 is out of range for a 2x4 board (tiles are 1 to 7, 0 is the blank)"
        );
        assert!(err("1 2 3 / 4 5 6 7 0", s24).contains("row 1 has 3 cells"));
        assert!(err("1 2 x 4", None).contains("column 5"));
        assert_eq!(parse_packed_size("3x3").unwrap(), Shape::new(3, 3).unwrap());
        assert_eq!(parse_packed_size("6x2"), Err(SizeError::Unsupported { rows: 6, cols: 2, most: 5 }));
        assert!(parse_packed_size("44").is_err());
    }

    #[test]
    fn boards_beyond_5x5_read_print_and_read_back() {
        for (r, c) in [(6, 6), (3, 40), (40, 3), (100, 100), (2, 100)] {
            let shape = Shape::new(r, c).unwrap();
            // The goal with the first and last tiles swapped, and the blank moved to the front.
            let mut cells: Vec<u32> = (1..shape.cells() as u32).chain([0]).collect();
            cells.swap(0, shape.cells() - 2);
            cells.rotate_right(1);
            let grid = Grid::from_cells(shape, &cells).unwrap();
            assert_eq!(parse_grid(&grid.text(), None), Ok(grid.clone()), "{shape}");
            assert_eq!(parse_grid(&grid.rows_text(), None), Ok(grid.clone()), "{shape}");
            assert_eq!(parse_grid(&grid.text(), Some(shape)), Ok(grid.clone()));
            assert_eq!(grid.text().parse::<Grid>(), Ok(grid.clone()));
            assert_eq!(parse_board(&grid.text(), None), Err(BoardError::TooLarge(shape)));
        }
        // A square count infers the square, up to 100x100; 101x101 is too large.
        let cells = |n: usize| (0..n).map(|t| t.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(parse_grid(&cells(49), None).unwrap().shape(), Shape::new(7, 7).unwrap());
        assert_eq!(parse_grid(&cells(10_000), None).unwrap().shape(), Shape::new(100, 100).unwrap());
        assert!(parse_grid(&cells(10_201), None).unwrap_err().to_string().contains("2 to 100"));
        let d = Shape::new(6, 6).unwrap();
        assert_eq!(
            parse_grid(&cells(36).replace(" 7 ", " 36 "), Some(d)).unwrap_err().to_string(),
            "row 2, column 2: tile 36 is out of range for a 6x6 board (tiles are 1 to 35, 0 is the blank)"
        );
        assert_eq!(
            parse_grid(&cells(36).replace(" 35", " 34"), Some(d)).unwrap_err().to_string(),
            "row 6, column 6: tile 34 appears twice (first at row 6, column 5)"
        );
        assert_eq!(parse_size("3x40").unwrap(), Shape::new(3, 40).unwrap());
        assert_eq!(parse_size("100X100").unwrap(), Shape::new(100, 100).unwrap());
        assert!(parse_size("101x2").unwrap_err().to_string().contains("2 to 100"));
        assert!(parse_size("1x2").is_err() && parse_size("x").is_err());
        assert!(parse_board(&cells(36), None)
            .unwrap_err()
            .to_string()
            .contains("larger than the optimal solvers take"));
    }
}
