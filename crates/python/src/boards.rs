//! Boards as Python gives them, made into what the libraries read: one board (BOARD text, a
//! nested list, a NumPy array, a puzzle file's path) as its text, and many boards (an array
//! of shape (N, cells) or (N, rows, cols), or a list of boards) as rows of cells or texts.
//! Errors are the libraries' own: a board is made into text and read by the puzzle, so that a
//! bad one gets the message the binaries give.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

/// One board as BOARD text: a string as it is; a path (`os.PathLike`) as its string (a
/// puzzle file); a sequence of cells, or of rows of cells (a list, a tuple, a NumPy array),
/// as the cells separated by spaces and the rows by `/`.
pub fn board_text(board: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = board.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    if board.hasattr("__fspath__")? {
        let path = board.call_method0("__fspath__")?;
        return path.extract::<String>();
    }
    // A NumPy array (or anything with `tolist`) as nested lists.
    let board = match board.hasattr("tolist")? {
        true => board.call_method0("tolist")?,
        false => board.clone(),
    };
    let items = sequence(&board).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "a board is BOARD text, a list of cells or a list of rows, not {}",
            type_name(&board)
        ))
    })?;
    let rows = items.iter().map(|item| sequence(item)).collect::<Option<Vec<_>>>();
    let text = match rows {
        Some(rows) if !rows.is_empty() => {
            let rows = rows.iter().map(|row| cells(row)).collect::<PyResult<Vec<_>>>()?;
            rows.join(" / ")
        }
        _ => cells(&items)?,
    };
    Ok(text)
}

/// The items of a list or tuple (None: neither).
fn sequence<'py>(value: &Bound<'py, PyAny>) -> Option<Vec<Bound<'py, PyAny>>> {
    if let Ok(list) = value.cast::<PyList>() {
        return Some(list.iter().collect());
    }
    value.cast::<PyTuple>().ok().map(|t| t.iter().collect())
}

/// Cells as BOARD text: each an integer, separated by spaces.
fn cells(items: &[Bound<'_, PyAny>]) -> PyResult<String> {
    let cells = items
        .iter()
        .map(|cell| match cell.extract::<i64>() {
            Ok(n) => Ok(n.to_string()),
            Err(_) => Err(PyTypeError::new_err(format!(
                "a board's cells are whole numbers (0 the blank), not {}",
                type_name(cell)
            ))),
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(cells.join(" "))
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "this".into())
}

/// Many boards: rows of cells (from an integer array) or texts (from a list of boards of any
/// kind).
pub enum Boards {
    /// An integer array: every board's cells, row-major, `width` to a board.
    Cells {
        /// The cells, board after board (values above 65,535 refused before).
        cells: Vec<u16>,
        /// Cells per board.
        width: usize,
        /// Rows and columns, for an array of shape (N, rows, cols).
        grid: Option<(usize, usize)>,
    },
    /// Boards of any kind, each as its text.
    Texts(Vec<String>),
}

impl Boards {
    /// `boards`: an integer array of shape (N, cells) or (N, rows, cols), or a sequence of
    /// boards of any kind [`board_text`] reads.
    pub fn read(boards: &Bound<'_, PyAny>) -> PyResult<Boards> {
        let py = boards.py();
        if boards.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "boards is a list of boards or an array of shape (N, cells): for one board, give [board]",
            ));
        }
        let np = py.import("numpy")?;
        let is_array = boards.is_instance(&np.getattr("ndarray")?)?;
        let array = match is_array {
            true => Some(boards.clone()),
            // A list of equal rows of integers is an array; anything else is read board by board.
            false => np.call_method1("asarray", (boards,)).ok().filter(|a| {
                a.getattr("dtype")
                    .and_then(|d| d.getattr("kind"))
                    .and_then(|k| k.extract::<String>())
                    .is_ok_and(|k| k == "i" || k == "u")
            }),
        };
        let Some(array) = array else {
            let items = boards.try_iter()?.map(|b| board_text(&b?)).collect::<PyResult<Vec<_>>>()?;
            return Ok(Boards::Texts(items));
        };
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        if kind != "i" && kind != "u" {
            return Err(PyTypeError::new_err(format!(
                "an array of boards holds integers (0 the blank), not {}",
                array.getattr("dtype")?.str()?
            )));
        }
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        let (n, width, grid) = match shape[..] {
            [n, width] => (n, width, None),
            [n, rows, cols] => (n, rows * cols, Some((rows, cols))),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "an array of boards has shape (N, cells) or (N, rows, cols), not {shape:?}"
                )))
            }
        };
        // Values past u16 are no cell of any board: read board by board, a bad one gets its
        // message from the puzzle.
        if n * width > 0 {
            let low: i128 = array.call_method0("min")?.extract()?;
            let high: i128 = array.call_method0("max")?.extract()?;
            if low < 0 || high > i128::from(u16::MAX) {
                let items = array.try_iter()?.map(|b| board_text(&b?)).collect::<PyResult<Vec<_>>>()?;
                return Ok(Boards::Texts(items));
            }
        }
        let as_u16 = np.call_method1("ascontiguousarray", (array, np.getattr("uint16")?))?;
        let flat = as_u16.call_method1("reshape", (n * width,))?;
        let cells: Vec<u16> = flat.extract::<numpy::PyReadonlyArray1<u16>>()?.as_slice()?.to_vec();
        Ok(Boards::Cells { cells, width, grid })
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many boards.
    pub fn len(&self) -> usize {
        match self {
            Boards::Cells { cells, width, .. } => cells.len().checked_div(*width).unwrap_or(0),
            Boards::Texts(texts) => texts.len(),
        }
    }

    /// Board `i` as BOARD text.
    pub fn text(&self, i: usize) -> String {
        match self {
            Boards::Cells { cells, width, grid } => {
                let row = &cells[i * width..(i + 1) * width];
                let words: Vec<String> = row.iter().map(u16::to_string).collect();
                match grid {
                    Some((_, cols)) if *cols > 0 => {
                        words.chunks(*cols).map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ")
                    }
                    _ => words.join(" "),
                }
            }
            Boards::Texts(texts) => texts[i].clone(),
        }
    }

    /// Every board as BOARD text.
    pub fn texts(&self) -> Vec<String> {
        (0..self.len()).map(|i| self.text(i)).collect()
    }
}
