//! The precomputed tables, as `NAME tables` lists, builds and verifies them, in the same
//! data directory as the binaries': each answer the records of `tables ... --json`.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use slide_cli::tables::{check_build_memory, BuiltRecord, CheckRecord, SetRecord};
use slide_core::answer::AnswerError;
use slide_core::table::TableSet;

use crate::engine::{Engine, Game, Making};
use crate::errors::OrRaise;
use crate::work::{self, Meter};

/// The facade of `puzzle` whose tables are meant, and the data directory.
fn engine(puzzle: &str, data_dir: Option<PathBuf>) -> PyResult<(Arc<dyn Engine>, PathBuf)> {
    let making = Making::new(Game::from_name(puzzle).or_raise()?, data_dir);
    Ok((making.engine().or_raise()?, making.data_dir))
}

/// Records as Python objects, read by Python's `json`.
fn records<'py>(py: Python<'py>, records: &[String]) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let json = py.import("json")?;
    records.iter().map(|r| json.call_method1("loads", (r.as_str(),))).collect()
}

fn json(value: &impl serde::Serialize) -> Result<String, AnswerError> {
    serde_json::to_string(value).map_err(|e| AnswerError::Bug(format!("JSON encoding failed: {e}").into()))
}

/// The set named `name` among `sets`; an unknown name is refused, naming the known ones.
fn named<'a>(program: &str, sets: &'a [TableSet], name: &str) -> Result<&'a TableSet, AnswerError> {
    sets.iter().find(|s| s.name == name).ok_or_else(|| {
        let known: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
        AnswerError::Input(format!("{program} has no table set {name:?}; known: {}", known.join(", ")).into())
    })
}

/// Each table set of ``puzzle``: the records ``fifteen tables list --json`` prints (``name``,
/// ``summary``, ``bytes``, ``built``, ``on_first_use``, ``build_seconds``, ``build_memory``,
/// ``dir``, ``files``), as dicts.
#[pyfunction]
#[pyo3(signature = (*, puzzle="fifteen", data_dir=None))]
pub fn tables_list<'py>(py: Python<'py>, puzzle: &str, data_dir: Option<PathBuf>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let (engine, dir) = engine(puzzle, data_dir)?;
    let sets = engine.table_sets();
    let list = sets.iter().map(|set| json(&SetRecord::of(set, &dir))).collect::<Result<Vec<_>, _>>().or_raise()?;
    records(py, &list)
}

/// Builds table set ``name`` of ``puzzle`` in the data directory (the tables it lacks or
/// that do not load; all of them with ``force``), refused first when it needs more memory
/// than ``max_memory`` (by default what the machine has available): the records ``fifteen
/// tables build --json`` prints, as dicts. ``watch(label, done, total, running)`` is called
/// as the build goes. Ctrl-C raises KeyboardInterrupt at once; the build goes on to its end
/// in the background (a table is written whole or not at all).
#[pyfunction]
#[pyo3(signature = (name, *, puzzle="fifteen", data_dir=None, force=false, max_memory=None, watch=None))]
pub fn tables_build<'py>(
    py: Python<'py>,
    name: String,
    puzzle: &str,
    data_dir: Option<PathBuf>,
    force: bool,
    max_memory: Option<u64>,
    watch: Option<Py<PyAny>>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let (engine, dir) = engine(puzzle, data_dir)?;
    {
        let sets = engine.table_sets();
        let set = named(engine.name(), &sets, &name).or_raise()?;
        check_build_memory(set, max_memory).map_err(|e| PyValueError::new_err(e.message))?;
    }
    let built: Vec<String> = work::run_leaving(py, &watch, move || {
        let sets = engine.table_sets();
        let set = named(engine.name(), &sets, &name)?;
        let built = set
            .build_into(&dir, force, &**Meter::global())
            .map_err(|e| AnswerError::Input(format!("cannot build {} in {}: {e}", set.name, dir.display()).into()))?;
        built.iter().map(|b| json(&BuiltRecord::of(set, &dir, b))).collect::<Result<Vec<_>, _>>()
    })?
    .or_raise()?;
    records(py, &built)
}

/// Loads each built table of ``puzzle`` (or those of the sets named) and checks its header,
/// checksum, size and meaning, then each complete set as a whole: the records ``fifteen
/// tables verify --json`` prints (``set``, ``table``, ``ok``, ``detail``), as dicts.
#[pyfunction]
#[pyo3(signature = (names=None, *, puzzle="fifteen", data_dir=None))]
pub fn tables_verify<'py>(
    py: Python<'py>,
    names: Option<Vec<String>>,
    puzzle: &str,
    data_dir: Option<PathBuf>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let (engine, dir) = engine(puzzle, data_dir)?;
    let checks = work::run(py, &None, |_| {
        let sets = engine.table_sets();
        let chosen: Vec<&TableSet> = match &names {
            None => sets.iter().collect(),
            Some(names) => names.iter().map(|n| named(engine.name(), &sets, n)).collect::<Result<_, _>>()?,
        };
        let mut lines = Vec::new();
        for set in chosen {
            for check in set.verify(&dir, names.is_some()) {
                lines.push(json(&CheckRecord::of(set, &check))?);
            }
        }
        Ok::<_, AnswerError>(lines)
    })?
    .or_raise()?;
    records(py, &checks)
}
