//! The library's errors as Python exceptions, their messages the binaries' word for word
//! (`slide_cli::CliError`'s): bad input is `ValueError` (an unsolvable board
//! [`Unsolvable`], a request refused for its memory [`TooLarge`]), a bound that stopped a
//! search [`SearchStopped`] with the lower bound it proved, a bug [`InternalError`].

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use slide_core::answer::AnswerError;
use slide_core::search::LimitHit;

create_exception!(
    slide,
    SearchStopped,
    PyRuntimeError,
    "A bound (timeout, max_nodes, max_memory) stopped a search before it finished. Its attributes \
say what it knows: `reason` ('nodes', 'time', 'memory' or 'interrupted'), `lower_bound` (a proven \
lower bound on the shortest solution's length, or None), `nodes` and `seconds` (the work done)."
);
create_exception!(
    slide,
    Unsolvable,
    PyValueError,
    "The goal cannot be reached from the board (by parity, or proven by a search of every position the \
board reaches); the message says why."
);
create_exception!(
    slide,
    TooLarge,
    PyValueError,
    "The work would need more memory than max_memory allows (by default half the memory available), and \
was refused before it started."
);
create_exception!(
    slide,
    NotFound,
    PyRuntimeError,
    "A search that may miss solutions (depth-first with a visited set, random walks) ended within its own \
bound without one: not a proof that there is none. `nodes` holds the work done."
);
create_exception!(
    slide,
    InternalError,
    PyRuntimeError,
    "Something that never should happen: a bug (a Rust panic included). Please report it with the call \
that raised it."
);
create_exception!(
    slide,
    SlideWarning,
    PyUserWarning,
    "Something worth knowing that does not stop the work: the default heuristic gave way because a table \
is not built (the message names the command that builds it), a table that could not be kept."
);

/// `e` as a Python exception, with the message the binaries print.
pub fn py_err(e: AnswerError) -> PyErr {
    let message = slide_cli::CliError::from(e.clone()).message;
    match e {
        AnswerError::Input(_) => PyValueError::new_err(message),
        AnswerError::Unreachable(_) => Unsolvable::new_err(message),
        AnswerError::TooLarge(_) => TooLarge::new_err(message),
        AnswerError::NotFound { nodes, .. } => Python::attach(|py| {
            let err = NotFound::new_err(message);
            let _ = err.value(py).setattr("nodes", nodes);
            err
        }),
        AnswerError::Limit(stopped) => Python::attach(|py| {
            let err = SearchStopped::new_err(message);
            let value = err.value(py);
            let reason = match stopped.hit {
                LimitHit::Nodes(_) => "nodes",
                LimitHit::Time(_) => "time",
                LimitHit::Memory(_) => "memory",
                LimitHit::Interrupted => "interrupted",
            };
            let _ = value.setattr("reason", reason);
            let _ = value.setattr("lower_bound", stopped.lower_bound);
            let _ = value.setattr("nodes", stopped.nodes());
            let _ = value.setattr("seconds", stopped.elapsed().as_secs_f64());
            err
        }),
        AnswerError::Bug(_) => InternalError::new_err(message),
    }
}

/// A result of the libraries as one of Python.
pub trait OrRaise<T> {
    /// The value, or the error as a Python exception ([`py_err`]).
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, AnswerError> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(py_err)
    }
}
