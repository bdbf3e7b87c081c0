//! The functions of the Python package: each reads its arguments as the binaries read their
//! options, runs the work off the GIL ([`crate::work::run`]) and answers with the binaries'
//! records, NumPy arrays or the objects of [`crate::answers`].
// The doc comments of the functions and classes are their Python docstrings, examples
// and all: `[:8]` is Python's slicing, not a link.
#![allow(rustdoc::broken_intra_doc_links)]
// The functions take the binaries' options one keyword each.
#![allow(clippy::too_many_arguments)]

use std::ffi::CString;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;
use slide_core::answer::{AnswerError, CountRequest, Make, Note, Params};
use slide_core::notation::{Convention, Notation, Style};
use slide_core::search::LimitHit;

use crate::answers::{Analysis, Outcome, Solution, Solutions};
use crate::boards::{board_text, Boards};
use crate::engine::{Ask, Bounds, Engine, Game, Making};
use crate::errors::{OrRaise, SlideWarning};
use crate::tiles::at;
use crate::work::{self, Meter};

/// What a facade is made with, from the keywords every function shares.
fn making(
    puzzle: &str,
    heuristic: Option<String>,
    goal: Option<String>,
    size: Option<String>,
    metric: Option<String>,
    data_dir: Option<PathBuf>,
) -> PyResult<Making> {
    let game = Game::from_name(puzzle).or_raise()?;
    Ok(Making { heuristic, goal, size, metric, ..Making::new(game, data_dir) })
}

/// How moves are written: `notation` (`lurd`, `runs`, `words`) and `convention` (`tile`,
/// `blank`).
fn style(notation: Option<&str>, convention: Option<&str>) -> PyResult<Style> {
    let bad = |e: slide_core::notation::UnknownName| PyValueError::new_err(e.to_string());
    Ok(Style {
        notation: notation.map(str::parse::<Notation>).transpose().map_err(bad)?.unwrap_or_default(),
        convention: convention.map(str::parse::<Convention>).transpose().map_err(bad)?.unwrap_or_default(),
    })
}

/// `max_memory`: bytes, or a size as the binaries read one (`"2G"`, `"512M"`).
fn memory(max_memory: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(value) = max_memory else { return Ok(None) };
    if let Ok(text) = value.extract::<String>() {
        return slide_core::units::parse_bytes(&text).map(Some).map_err(|e| PyValueError::new_err(e.to_string()));
    }
    Ok(Some(value.extract::<u64>()?))
}

/// Says the facade's notes, and the libraries' warnings, as Python warnings
/// ([`SlideWarning`]).
fn say(py: Python<'_>, notes: Vec<Note>) -> PyResult<()> {
    let warnings = notes.into_iter().map(|n| n.text).chain(Meter::global().take_warnings());
    for text in warnings {
        let message = CString::new(text.replace('\0', " ")).unwrap_or_default();
        PyErr::warn(py, &py.get_type::<SlideWarning>(), &message, 2)?;
    }
    Ok(())
}

/// The input to work on: `board` as BOARD text, or the puzzle's first default input.
fn input_text(board: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    board.map(board_text).transpose()
}

fn default_input(engine: &dyn Engine) -> Result<String, AnswerError> {
    engine.default_inputs().into_iter().next().ok_or_else(|| {
        AnswerError::Input(
            format!("no board given, and {} has no default board for these options", engine.name()).into(),
        )
    })
}

/// The parameters of `solve`'s algorithms, as the binaries' options give them.
fn params(
    weight: Option<f64>,
    max_depth: Option<u32>,
    walks: Option<u64>,
    informed: bool,
    greedy: bool,
    seed: Option<u64>,
    best_so_far: bool,
    duplicates: Option<u32>,
) -> Params {
    Params { weight, max_depth, walks, informed, greedy, seed, best_so_far, duplicates }
}

/// Solves one board: a shortest solution by default, by IDA* with the strongest heuristic at
/// hand (tables from the same per-user cache as the binaries').
///
/// ``board`` is the BOARD text the binaries take (``"8 6 7 / 2 5 4 / 3 0 1"``), a list of
/// cells or of rows, or a NumPy array; for ``puzzle="quzzle"`` a puzzle's name
/// (``"klotski"``) or a puzzle file's path. None: the puzzle's own start (Goat's, the
/// 7-puzzle's farthest position). The keywords are the binaries' options (``heuristic``,
/// ``metric`` ``"stm"``/``"mtm"`` or a block puzzle's ``"cell"``/``"line"``/``"block"``,
/// ``goal``, ``size``, ``algorithm`` and its parameters, ``timeout`` in seconds,
/// ``max_nodes``, ``max_memory``, ``notation``, ``convention``, ``apply``: moves played
/// first, ``data_dir``).
///
/// A bound that stops the search raises ``SearchStopped``, whose ``lower_bound`` is what the
/// search proved (with ``best_so_far=True``, weighted A* and random walks return the best
/// solution found instead, ``stopped`` naming the bound). A bad board raises ``ValueError``
/// with the binaries' message; one that cannot reach the goal ``Unsolvable``.
///
/// >>> slide.solve([[1, 2, 3], [4, 5, 6], [0, 7, 8]]).moves
/// 'LL'
/// >>> slide.solve("1 2 3 / 4 5 6 / 0 7 8", notation="words", convention="blank").moves
/// 'Right Right'
/// >>> slide.solve("8 6 7 / 2 5 4 / 3 0 1", metric="mtm", notation="runs").length
/// 20
/// >>> slide.solve(puzzle="goat").length
/// 20
/// >>> slide.solve("klotski", puzzle="quzzle", metric="block").length
/// 81
/// >>> try:
/// ...     slide.solve("1 2 3 / 4 5 6 / 8 7 0")
/// ... except ValueError as e:
/// ...     print(e)
/// the board is unsolvable: the tiles, read row by row without the blank, are an odd permutation ...
#[pyfunction]
#[pyo3(signature = (board=None, *, puzzle="fifteen", heuristic=None, metric=None, goal=None, size=None,
    algorithm=None, weight=None, max_depth=None, walks=None, informed=false, greedy=false, seed=None,
    best_so_far=false, duplicates=None, timeout=None, max_nodes=None, max_memory=None, notation=None,
    convention=None, apply=None, data_dir=None))]
pub fn solve(
    py: Python<'_>,
    board: Option<&Bound<'_, PyAny>>,
    puzzle: &str,
    heuristic: Option<String>,
    metric: Option<String>,
    goal: Option<String>,
    size: Option<String>,
    algorithm: Option<String>,
    weight: Option<f64>,
    max_depth: Option<u32>,
    walks: Option<u64>,
    informed: bool,
    greedy: bool,
    seed: Option<u64>,
    best_so_far: bool,
    duplicates: Option<u32>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    max_memory: Option<&Bound<'_, PyAny>>,
    notation: Option<&str>,
    convention: Option<&str>,
    apply: Option<String>,
    data_dir: Option<PathBuf>,
) -> PyResult<Solution> {
    let making = making(puzzle, heuristic, goal, size, metric, data_dir)?;
    let ask = Ask {
        algorithm,
        params: params(weight, max_depth, walks, informed, greedy, seed, best_so_far, duplicates),
        bounds: Bounds { max_nodes, timeout, max_memory: memory(max_memory)? },
        style: style(notation, convention)?,
    };
    let text = input_text(board)?;
    let (solved, notes) = work::run(py, &work::watch(py), |interrupt| {
        let engine = making.engine()?;
        let request = ask.request(&*engine, ask.bounds.limits(interrupt)?)?;
        let text = match text {
            Some(t) => t,
            None => default_input(&*engine)?,
        };
        let solved = engine.solve(&text, apply.as_deref(), &request);
        Ok::<_, AnswerError>((solved, engine.notes()))
    })?
    .or_raise()?;
    say(py, notes)?;
    Ok(Solution(Arc::new(solved.or_raise()?)))
}

/// Solves many boards, in parallel on every core with the GIL released: the boards of
/// ``boards`` (an integer array of shape (N, cells) or (N, rows, cols), or a list of boards
/// of any kind ``solve`` takes), each as ``solve`` would with the same keywords. Ctrl-C stops
/// the searches and raises KeyboardInterrupt.
///
/// The bounds (``timeout``, ``max_nodes``, ``max_memory``) are each board's: a board they stop
/// has length -1 and the lower bound its search proved (``Solutions.lower_bound``), and the
/// others go on. A bad board raises ``ValueError`` naming it (``boards[3]: ...``) before any
/// search.
///
/// >>> boards = slide.random_boards("3x3", 5, seed=1)
/// >>> batch = slide.solve_many(boards)
/// >>> [int(n) for n in batch.length] == [slide.solve(b).length for b in boards]
/// True
#[pyfunction]
#[pyo3(signature = (boards, *, puzzle="fifteen", heuristic=None, metric=None, goal=None, size=None,
    algorithm=None, weight=None, max_depth=None, walks=None, informed=false, greedy=false, seed=None,
    best_so_far=false, duplicates=None, timeout=None, max_nodes=None, max_memory=None, notation=None,
    convention=None, data_dir=None))]
pub fn solve_many(
    py: Python<'_>,
    boards: &Bound<'_, PyAny>,
    puzzle: &str,
    heuristic: Option<String>,
    metric: Option<String>,
    goal: Option<String>,
    size: Option<String>,
    algorithm: Option<String>,
    weight: Option<f64>,
    max_depth: Option<u32>,
    walks: Option<u64>,
    informed: bool,
    greedy: bool,
    seed: Option<u64>,
    best_so_far: bool,
    duplicates: Option<u32>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    max_memory: Option<&Bound<'_, PyAny>>,
    notation: Option<&str>,
    convention: Option<&str>,
    data_dir: Option<PathBuf>,
) -> PyResult<Solutions> {
    let making = making(puzzle, heuristic, goal, size, metric, data_dir)?;
    let ask = Ask {
        algorithm,
        params: params(weight, max_depth, walks, informed, greedy, seed, best_so_far, duplicates),
        bounds: Bounds { max_nodes, timeout, max_memory: memory(max_memory)? },
        style: style(notation, convention)?,
    };
    let texts = Boards::read(boards)?.texts();
    let (outcomes, notes) = work::run(py, &work::watch(py), |interrupt| {
        let engine = making.engine()?;
        let request = ask.request(&*engine, ask.bounds.limits(interrupt)?)?;
        // Every board read first: a bad one is said before any search.
        texts.par_iter().enumerate().try_for_each(|(i, t)| engine.check(t).map_err(|e| at(i, e)))?;
        let outcomes = solve_all(&*engine, &texts, &request, interrupt)?;
        Ok::<_, AnswerError>((outcomes, engine.notes()))
    })?
    .or_raise()?;
    say(py, notes)?;
    Ok(Solutions(outcomes))
}

/// Each of `texts` solved by `engine`, in parallel: a bound's stop is the board's outcome,
/// any other error (or Ctrl-C) stops them all and is the answer.
fn solve_all(
    engine: &dyn Engine,
    texts: &[String],
    request: &slide_core::answer::SolveRequest,
    interrupt: &AtomicBool,
) -> Result<Vec<Outcome>, AnswerError> {
    let outcomes: Vec<Result<Outcome, AnswerError>> = texts
        .par_iter()
        .enumerate()
        .map(|(i, text)| {
            if interrupt.load(Ordering::Relaxed) {
                return Err(LimitHit::Interrupted.into());
            }
            match engine.solve(text, None, request) {
                Ok(s) => Ok(Outcome::Solved(Arc::new(s))),
                Err(AnswerError::Limit(stop)) if stop.hit != LimitHit::Interrupted => Ok(Outcome::Stopped {
                    hit: stop.hit,
                    lower_bound: stop.lower_bound,
                    nodes: stop.nodes(),
                    seconds: stop.elapsed().as_secs_f64(),
                }),
                Err(e) => {
                    interrupt.store(true, Ordering::Relaxed);
                    Err(at(i, e))
                }
            }
        })
        .collect();
    // The first board's error that is not the stop it caused in the others.
    let mut interrupted = None;
    let mut solved = Vec::with_capacity(outcomes.len());
    for outcome in outcomes {
        match outcome {
            Ok(o) => solved.push(o),
            Err(e @ AnswerError::Limit(_)) => interrupted = interrupted.or(Some(e)),
            Err(e) => return Err(e),
        }
    }
    match interrupted {
        Some(e) => Err(e),
        None => Ok(solved),
    }
}

/// Heuristic values or exact distances of many tile boards, as an int32 array: labels for
/// learning, in parallel on every core with the GIL released (Ctrl-C stops it).
///
/// ``boards`` is an integer array of shape (N, cells) or (N, rows, cols) (``random_boards``
/// makes one), or a list of boards. ``heuristic`` names one of ``solve``'s (``"manhattan"``,
/// ``"linear-conflict"``, ``"walking-distance"``, ``"pdb663"``, ``"pdb78"``, ...): its value
/// of each board, a lower bound on its distance. None: the exact distance, read from the
/// exact table where one serves the shape (up to 12 cells; 3x3, 2x4, 2x5 and 5x2 built on
/// first use), else found by IDA* (as ``solve_many``; ``timeout`` and ``max_nodes`` bound
/// each search, and a stopped one raises ``SearchStopped``). Boards up to 5x5.
///
/// >>> boards = slide.random_boards("3x3", 1000, seed=1)
/// >>> exact = slide.distance(boards)
/// >>> bool((slide.distance(boards, "manhattan") <= exact).all()), int(exact.max()) <= 31
/// (True, True)
#[pyfunction]
#[pyo3(signature = (boards, heuristic=None, *, size=None, goal=None, timeout=None, max_nodes=None, data_dir=None))]
pub fn distance<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    heuristic: Option<String>,
    size: Option<String>,
    goal: Option<String>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    data_dir: Option<PathBuf>,
) -> PyResult<Bound<'py, PyArray1<i32>>> {
    let making = making("fifteen", heuristic, goal, size, None, data_dir)?;
    let boards = Boards::read(boards)?;
    let bounds = Bounds { max_nodes, timeout, max_memory: None };
    let values =
        work::run(py, &work::watch(py), |interrupt| crate::tiles::distances(&making, &boards, bounds, interrupt))?
            .or_raise()?;
    Ok(values.into_pyarray(py))
}

/// The cells `cells` of boards of `shape`, as an array of shape (N, cells): uint8 up to 256
/// cells, else uint16.
fn board_array<'py>(py: Python<'py>, cells: Vec<u16>, width: usize) -> PyResult<Bound<'py, PyAny>> {
    let n = cells.len().checked_div(width).unwrap_or(0);
    let array = match width <= 256 {
        true => {
            let bytes: Vec<u8> = cells.iter().map(|&c| c as u8).collect();
            bytes.into_pyarray(py).reshape([n, width])?.into_any()
        }
        false => cells.into_pyarray(py).reshape([n, width])?.into_any(),
    };
    Ok(array)
}

fn seed_or_fresh(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(slide_core::answer::fresh_seed)
}

/// ``n`` uniformly random tile boards of ``size`` that can reach the goal, as an array of
/// shape (n, cells) (uint8; uint16 past 256 cells): the boards ``fifteen random --size SIZE
/// --seed SEED --count N`` prints, in the same order. ``seed`` None: a fresh one.
///
/// >>> slide.random_boards("3x3", 2, seed=7)
/// array([[...]], dtype=uint8)
#[pyfunction]
#[pyo3(signature = (size="4x4", n=1, seed=None, *, goal=None))]
pub fn random_boards<'py>(
    py: Python<'py>,
    size: &str,
    n: usize,
    seed: Option<u64>,
    goal: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let making = making("fifteen", None, goal, Some(size.to_string()), None, None)?;
    let seed = seed_or_fresh(seed);
    let (cells, shape) = work::run(py, &None, |interrupt| {
        let limits = Bounds::default().limits(interrupt)?;
        crate::tiles::make_boards(&making, Make::Random, n, seed, &limits)
    })?
    .or_raise()?;
    board_array(py, cells, shape.cells())
}

/// ``n`` tile boards of ``size``, each a random walk of ``moves`` moves from the goal that
/// never undoes its last move, as an array of shape (n, cells): the boards ``fifteen
/// scramble --size SIZE --moves MOVES --seed SEED --count N`` prints, in the same order.
///
/// >>> board = slide.scramble("4x4", 10, seed=1)[0]
/// >>> slide.solve(board).length <= 10
/// True
#[pyfunction]
#[pyo3(signature = (size="4x4", moves=100, n=1, seed=None, *, goal=None))]
pub fn scramble<'py>(
    py: Python<'py>,
    size: &str,
    moves: u32,
    n: usize,
    seed: Option<u64>,
    goal: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let making = making("fifteen", None, goal, Some(size.to_string()), None, None)?;
    let seed = seed_or_fresh(seed);
    let (cells, shape) = work::run(py, &None, |interrupt| {
        let limits = Bounds::default().limits(interrupt)?;
        crate::tiles::make_boards(&making, Make::Scramble(moves), n, seed, &limits)
    })?
    .or_raise()?;
    board_array(py, cells, shape.cells())
}

/// Boards and their optimal lengths.
type Instances<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<i32>>);

/// Korf's 100 random 15-puzzles (1985), the standard benchmark of optimal solvers, turned to
/// this toolkit's goal ``1 2 ... 15 0`` (a half turn, each tile t relabelled 16 - t: the same
/// optimal lengths): ``(boards, lengths)``, an array of shape (100, 16) and their optimal
/// lengths (sum 5,305).
///
/// >>> boards, lengths = slide.korf100()
/// >>> boards.shape, int(lengths.sum())
/// ((100, 16), 5305)
#[pyfunction]
pub fn korf100(py: Python<'_>) -> PyResult<Instances<'_>> {
    let (cells, lengths) = crate::tiles::korf100();
    Ok((cells.into_pyarray(py).reshape([lengths.len(), 16])?, lengths.into_pyarray(py)))
}

/// Every position reachable from the goal (or from ``board``) of a puzzle, by distance: an
/// ``Analysis`` whose ``histogram`` is a NumPy array, as ``fifteen analyze --size SIZE``
/// (``goat analyze``, ``quzzle analyze PUZZLE``) finds it. Memory is checked before anything
/// is allocated (``max_memory``, by default half the memory available): a space too large is
/// ``TooLarge``.
///
/// >>> slide.analyze("2x3").histogram.tolist()
/// [1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1]
/// >>> slide.analyze("3x3", metric="mtm").max_depth
/// 24
/// >>> slide.analyze(puzzle="goat").states
/// 5443200
#[pyfunction]
#[pyo3(signature = (size=None, *, board=None, puzzle="fifteen", metric=None, goal=None, timeout=None,
    max_nodes=None, max_memory=None, data_dir=None))]
pub fn analyze(
    py: Python<'_>,
    size: Option<String>,
    board: Option<&Bound<'_, PyAny>>,
    puzzle: &str,
    metric: Option<String>,
    goal: Option<String>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    max_memory: Option<&Bound<'_, PyAny>>,
    data_dir: Option<PathBuf>,
) -> PyResult<Analysis> {
    let making = making(puzzle, None, goal, size, metric, data_dir)?;
    let bounds = Bounds { max_nodes, timeout, max_memory: memory(max_memory)? };
    let text = input_text(board)?;
    let analyzed = work::run(py, &work::watch(py), |interrupt| {
        let engine = making.engine()?;
        let limits = bounds.limits(interrupt)?;
        engine.analyze(text.as_deref(), &limits, &**Meter::global())
    })?
    .or_raise()?;
    Ok(Analysis(analyzed))
}

/// Counts (and with ``list``, lists up to that many of) the optimal solutions of a board: the
/// record ``fifteen count --json`` prints, as a dict (``length``, ``count``, ``nodes``, ...).
///
/// >>> slide.count(puzzle="seven")["count"]
/// 24
/// >>> slide.count("1 2 3 / 4 5 6 / 0 7 8", list=5)["solutions"][0]["notation"]
/// 'LL'
#[pyfunction]
#[pyo3(signature = (board=None, *, puzzle="fifteen", list=None, heuristic=None, metric=None, goal=None,
    size=None, timeout=None, max_nodes=None, max_memory=None, notation=None, convention=None, data_dir=None))]
pub fn count<'py>(
    py: Python<'py>,
    board: Option<&Bound<'py, PyAny>>,
    puzzle: &str,
    list: Option<usize>,
    heuristic: Option<String>,
    metric: Option<String>,
    goal: Option<String>,
    size: Option<String>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    max_memory: Option<&Bound<'py, PyAny>>,
    notation: Option<&str>,
    convention: Option<&str>,
    data_dir: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let making = making(puzzle, heuristic, goal, size, metric, data_dir)?;
    let bounds = Bounds { max_nodes, timeout, max_memory: memory(max_memory)? };
    let style = style(notation, convention)?;
    let text = input_text(board)?;
    let (record, notes) = work::run(py, &work::watch(py), |interrupt| {
        let engine = making.engine()?;
        let request = CountRequest { list, limits: bounds.limits(interrupt)?, style };
        let text = match text {
            Some(t) => t,
            None => default_input(&*engine)?,
        };
        Ok::<_, AnswerError>((engine.count(&text, &request), engine.notes()))
    })?
    .or_raise()?;
    say(py, notes)?;
    py.import("json")?.call_method1("loads", (record.or_raise()?,))
}

/// Plays ``moves`` written in notation (LURD letters, runs such as ``R3 D2``, or words; each
/// the way the tile moves, or the blank's with ``convention="blank"``) from ``board`` (None:
/// the goal): the record ``fifteen play --json`` prints, as a dict: the position reached
/// (``board``, ``text``), the moves counted and written, and whether it is ``solved``. An
/// illegal move raises ``ValueError`` naming it and its column.
///
/// >>> slide.play("1 2 3 / 4 5 6 / 0 7 8", "LL")["solved"]
/// True
/// >>> slide.play(None, "R2 D2", size="3x3")["text"]
/// '0 2 3 / 1 5 6 / 4 7 8'
#[pyfunction]
#[pyo3(signature = (board, moves, *, puzzle="fifteen", size=None, goal=None, metric=None, convention=None,
    notation=None))]
pub fn play<'py>(
    py: Python<'py>,
    board: Option<&Bound<'py, PyAny>>,
    moves: &str,
    puzzle: &str,
    size: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    convention: Option<&str>,
    notation: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let making = making(puzzle, None, goal, size, metric, None)?;
    let style = style(notation, convention)?;
    let text = input_text(board)?;
    let record = making.engine().and_then(|e| e.play(text.as_deref(), moves, style)).or_raise()?;
    py.import("json")?.call_method1("loads", (record,))
}

/// The table directory the binaries use: ``data_dir`` when given, else ``$SLIDE_DATA_DIR``,
/// else the per-user cache (``~/.cache/slide`` on Linux).
#[pyfunction]
#[pyo3(signature = (data_dir=None))]
pub fn data_dir(data_dir: Option<PathBuf>) -> PathBuf {
    slide_core::table::data_dir(data_dir.as_deref())
}

/// Raises the panic of a bug, on this thread or (``worker=True``) on one of the work's: what
/// the tests use to check that no panic crosses into Python.
#[pyfunction]
#[pyo3(signature = (worker=false))]
pub fn _panic(py: Python<'_>, worker: bool) -> PyResult<()> {
    if !worker {
        panic!("a panic asked for by _panic");
    }
    work::run(py, &None, |_| {
        (0..4u32).into_par_iter().for_each(|i| {
            if i == 3 {
                panic!("a panic asked for by _panic, on a worker");
            }
        })
    })
}
