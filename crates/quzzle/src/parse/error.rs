//! Why text is not a block puzzle, by layer: a size ([`SizeError`]), a board
//! ([`BoardError`]), a goal pattern ([`GoalError`]), a start with its goal
//! ([`PuzzleError`]), a puzzle file ([`FileError`]). Each says the row, column, line or
//! label at fault in its fields, so that a front end can place the message (a file's line,
//! `--goal`) without rewriting its text.

use std::fmt;

use thiserror::Error;

use crate::engine::{MAX_CELLS, MAX_CLASSES};

/// Why a size written `RxC` is not one.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SizeError {
    /// Not two numbers joined by `x`.
    #[error("size {0:?} is not ROWSxCOLS, e.g. 5x4")]
    NotRxC(String),
    /// No cells, or more than a board holds.
    #[error("size {rows}x{cols} is out of range: at least 1x1 and at most {MAX_CELLS} cells")]
    OutOfRange {
        /// The rows given.
        rows: usize,
        /// The columns given.
        cols: usize,
    },
}

/// Who gave the size a board is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeFrom {
    /// `--size`, or the puzzle's own board (a goal pattern is read at the start's size).
    Option,
    /// A puzzle file's `size:` key.
    File,
}

impl fmt::Display for SizeFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SizeFrom::Option => "--size",
            SizeFrom::File => "its size:",
        })
    }
}

/// Why board text is not a board of blocks. Rows and columns count from 1.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// No cells at all.
    #[error("the board is empty")]
    Empty,
    /// A character that is no cell.
    #[error(
        "row {row} column {col}: {found:?} is not a cell (use a letter or digit for a block, '.' or '0' for empty, \
         '#' for a wall)"
    )]
    NotACell {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The character.
        found: char,
    },
    /// One row of cells, no size given, and not the Pennant's 20 cells.
    #[error("cannot tell the shape of a board of {0} cells: separate its rows with '/' or give --size RxC")]
    UnknownShape(usize),
    /// One row of cells that does not fill the size given.
    #[error("{cells} cells given, a {rows}x{cols} board has {}", rows.saturating_mul(*cols))]
    WrongCount {
        /// Cells given.
        cells: usize,
        /// The size's rows.
        rows: usize,
        /// The size's columns.
        cols: usize,
    },
    /// Rows of unequal length.
    #[error("row {row} has {cells} cells, row 1 has {first}")]
    Ragged {
        /// The first row of another length.
        row: usize,
        /// Its cells.
        cells: usize,
        /// The first row's cells.
        first: usize,
    },
    /// A board of another size than the one given.
    #[error("the board is {rows}x{cols}, {by} says {}x{}", size.0, size.1)]
    SizeDisagrees {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
        /// The size given, rows and columns.
        size: (usize, usize),
        /// Who gave it.
        by: SizeFrom,
    },
    /// More cells than a position packs.
    #[error("a {rows}x{cols} board has {} cells; at most {MAX_CELLS} are supported", rows * cols)]
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A label whose cells are not one filled rectangle.
    #[error(
        "block {label:?} is not a filled rectangle: its {cells} cells span rows {}-{} and columns {}-{} (each block \
         needs its own label)",
        rows.0, rows.1, cols.0, cols.1
    )]
    NotRectangle {
        /// The label.
        label: char,
        /// Its cells.
        cells: u32,
        /// The first and last rows it spans.
        rows: (usize, usize),
        /// The first and last columns it spans.
        cols: (usize, usize),
    },
    /// More shape classes than a position packs.
    #[error(
        "more than {MAX_CLASSES} block classes (the different block sizes, and each block the goal names that has a \
         look-alike it does not)"
    )]
    TooManyClasses,
}

impl BoardError {
    /// The same error, a size that disagrees said to come from a puzzle file's `size:` key.
    fn size_from_file(self) -> BoardError {
        match self {
            BoardError::SizeDisagrees { rows, cols, size, .. } => {
                BoardError::SizeDisagrees { rows, cols, size, by: SizeFrom::File }
            }
            e => e,
        }
    }
}

/// Why a goal pattern cannot be a goal of the start. Rows and columns count from 1.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GoalError {
    /// The pattern is not a board of the start's size.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// A wall the start does not have.
    #[error("row {row} column {col} is a wall in the goal but not in the start")]
    WallNotInStart {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// A wall of the start marked as something else.
    #[error("row {row} column {col} is a wall")]
    OnWall {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// A label the start has no block of.
    #[error("{0:?} is not a block of the start")]
    UnknownLabel(char),
    /// Cells no block of the label's shape covers at once.
    #[error("no {w}x{h} block can cover every cell marked {label:?}")]
    CannotCover {
        /// The block's width.
        w: u8,
        /// Its height.
        h: u8,
        /// The label.
        label: char,
    },
    /// A cell marked both for a block and empty.
    #[error("a cell marked {0:?} is also marked empty")]
    AlsoEmpty(char),
    /// More cells marked empty than the puzzle has.
    #[error("it marks {marked} cells empty, but the puzzle has only {empties} empty cells: no position can reach it")]
    TooManyEmpty {
        /// Cells marked empty.
        marked: u32,
        /// The puzzle's empty cells.
        empties: u32,
    },
    /// More blocks of a shape placed than the puzzle has.
    #[error("it places {wanted} blocks of {w}x{h}, but the puzzle has {count}: no position can reach it")]
    TooManyBlocks {
        /// Blocks placed.
        wanted: usize,
        /// Their width.
        w: u8,
        /// Their height.
        h: u8,
        /// The puzzle's blocks of that shape.
        count: u8,
    },
}

/// Why a start and its goal are not a puzzle ([`crate::Instance::new`]).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PuzzleError {
    /// The start is not a board.
    #[error("{0}")]
    Start(#[from] BoardError),
    /// The goal pattern is not a goal of the start.
    #[error("goal: {0}")]
    Goal(#[from] GoalError),
    /// No goal given, and no block to make the default goal of.
    #[error("the board has no blocks")]
    NoBlocks,
    /// No goal given, and the default goal's largest block is not one block.
    #[error("no goal given and the largest block is not unique: give --goal PATTERN")]
    LargestNotUnique,
}

impl PuzzleError {
    /// The same error, a size that disagrees said to come from a puzzle file's `size:` key
    /// (the start's rows and the goal's are both read at it).
    pub(crate) fn size_from_file(self) -> PuzzleError {
        match self {
            PuzzleError::Start(e) => PuzzleError::Start(e.size_from_file()),
            PuzzleError::Goal(GoalError::Board(e)) => PuzzleError::Goal(GoalError::Board(e.size_from_file())),
            e => e,
        }
    }
}

/// Why a puzzle file is not a puzzle (docs/QUZZLE_FORMAT.md). Lines count from 1.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FileError {
    /// A key given twice (`name`, `size`, `metric`, `start`, `goal`).
    #[error("line {line}: a second {key}")]
    SecondKey {
        /// The line of the second.
        line: usize,
        /// The key.
        key: String,
    },
    /// A `size:` that is not one.
    #[error("line {line}: {source}")]
    Size {
        /// Its line.
        line: usize,
        /// Why.
        source: SizeError,
    },
    /// A `metric:` that is none of the three.
    #[error("line {line}: unknown metric {value:?} (cell, line or block)")]
    Metric {
        /// Its line.
        line: usize,
        /// The value given.
        value: String,
    },
    /// A key the format does not have.
    #[error("line {line}: unknown key {key:?} (name, size, metric, start, goal)")]
    UnknownKey {
        /// Its line.
        line: usize,
        /// The key.
        key: String,
    },
    /// A line that is neither a key nor a row.
    #[error("line {line}: {text:?} is neither 'key: value' nor a row under start: or goal:")]
    NotALine {
        /// Its line.
        line: usize,
        /// The line's text, trimmed.
        text: String,
    },
    /// No `start:` rows.
    #[error("the file has no start: rows")]
    NoStart,
    /// A `goal:` key without rows.
    #[error("goal: has no rows")]
    NoGoalRows,
    /// The goal given apart from the file (`--goal`) is not a goal of its start.
    #[error("--goal: {0}")]
    GivenGoal(GoalError),
    /// The file's `goal:` rows are not a goal of its start.
    #[error("line {line}: goal: {source}")]
    Goal {
        /// The line of the `goal:` key.
        line: usize,
        /// Why.
        source: GoalError,
    },
    /// The file's `start:` rows are not a puzzle (with the default goal, when the file
    /// has none).
    #[error("line {line}: start: {source}")]
    Start {
        /// The line of the `start:` key.
        line: usize,
        /// Why.
        source: PuzzleError,
    },
}

/// Why text names no puzzle ([`crate::Instance`]'s `FromStr`): a compiled-in puzzle's file
/// (a bug), or a board with its default goal.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum InputError {
    /// A named puzzle's file.
    #[error("{0}")]
    File(#[from] FileError),
    /// A board.
    #[error("{0}")]
    Board(#[from] PuzzleError),
}
