//! The Python package `slide` (its native module `slide._native`): solve, label and analyze
//! sliding puzzles from Python and NumPy over the puzzle libraries' facades, the binaries'
//! records and messages word for word. docs/PYTHON.md is its guide; `python/slide` holds the
//! Python side (the package, its stubs and the progress bars of table builds).
//!
//! - [`engine`]: the one module that speaks the libraries' API (facades, requests, answers).
//! - [`api`]: the functions; [`answers`]: `Solution`, `Solutions`, `Analysis`;
//!   [`tables`]: the tables' list, builds and checks.
//! - [`boards`]: boards as Python gives them; [`tiles`]: distances and boards in bulk.
//! - [`work`]: work off the GIL, Ctrl-C and panics; [`errors`]: the exceptions.

pub mod answers;
pub mod api;
pub mod boards;
pub mod engine;
pub mod errors;
pub mod tables;
pub mod tiles;
pub mod work;

use pyo3::prelude::*;

/// The native module: everything `slide` re-exports, and what its tests reach for
/// (`_panic`).
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(api::solve, m)?)?;
    m.add_function(wrap_pyfunction!(api::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(api::distance, m)?)?;
    m.add_function(wrap_pyfunction!(api::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(api::count, m)?)?;
    m.add_function(wrap_pyfunction!(api::play, m)?)?;
    m.add_function(wrap_pyfunction!(api::random_boards, m)?)?;
    m.add_function(wrap_pyfunction!(api::scramble, m)?)?;
    m.add_function(wrap_pyfunction!(api::korf100, m)?)?;
    m.add_function(wrap_pyfunction!(api::data_dir, m)?)?;
    m.add_function(wrap_pyfunction!(api::_panic, m)?)?;
    m.add_function(wrap_pyfunction!(tables::tables_list, m)?)?;
    m.add_function(wrap_pyfunction!(tables::tables_build, m)?)?;
    m.add_function(wrap_pyfunction!(tables::tables_verify, m)?)?;
    m.add_function(wrap_pyfunction!(work::_set_progress, m)?)?;
    m.add_class::<answers::Solution>()?;
    m.add_class::<answers::Solutions>()?;
    m.add_class::<answers::Analysis>()?;
    m.add("SearchStopped", py.get_type::<errors::SearchStopped>())?;
    m.add("Unsolvable", py.get_type::<errors::Unsolvable>())?;
    m.add("TooLarge", py.get_type::<errors::TooLarge>())?;
    m.add("NotFound", py.get_type::<errors::NotFound>())?;
    m.add("InternalError", py.get_type::<errors::InternalError>())?;
    m.add("SlideWarning", py.get_type::<errors::SlideWarning>())?;
    Ok(())
}
