//! The one place that speaks the puzzle libraries' API: which facade serves a puzzle, what it
//! is made with, the requests it is asked, and its answers with their types erased ([`Engine`],
//! [`Solved`], [`Analyzed`]), so that the Python layer above is written once for every puzzle
//! and never names a facade's types. When the library API changes, this module changes.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use fifteen::facade::{Tiles, FIFTEEN};
use fifteen::Metric;
use goat::facade::GoatFacade;
use quzzle::facade::{BlockOptions, Blocks};
use slide_cli::puzzles::{Fifteen, Goat, Quzzle, Seven};
use slide_cli::{CommonArgs, Front};
use slide_core::answer::{
    Algorithm, AnswerError, Cause, CountRequest, Facade, Made, Make, Note, Origin, Params, Record, Settings, Solution,
    SolveRequest,
};
use slide_core::notation::Style;
use slide_core::progress::Progress;
use slide_core::search::Limits;
use slide_core::table::TableSet;

use crate::work::Meter;

/// A puzzle of the toolkit, as its program names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// Tile boards of every size (`fifteen`).
    Fifteen,
    /// The 2x4 7-puzzle (`seven`).
    Seven,
    /// Hiroi's Goat puzzle (`goat`).
    Goat,
    /// Sliding-block puzzles (`quzzle`).
    Blocks,
}

impl Game {
    /// The puzzle named as its program is (`fifteen`, `seven`, `goat`, `quzzle`).
    pub fn from_name(name: &str) -> Result<Game, AnswerError> {
        match name {
            "fifteen" => Ok(Game::Fifteen),
            "seven" => Ok(Game::Seven),
            "goat" => Ok(Game::Goat),
            "quzzle" => Ok(Game::Blocks),
            _ => Err(AnswerError::Input(format!("no puzzle {name:?}: fifteen, seven, goat or quzzle").into())),
        }
    }
}

/// What a facade is made with: the binaries' shared options (`--heuristic`, `--goal`,
/// `--data-dir`) and the puzzle's own (`--size`, `--metric`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Making {
    /// The puzzle.
    pub game: Game,
    /// The heuristic asked for (None: the strongest at hand).
    pub heuristic: Option<String>,
    /// A goal other than the puzzle's, as the puzzle writes one.
    pub goal: Option<String>,
    /// The table directory, resolved as the binaries resolve `--data-dir`.
    pub data_dir: PathBuf,
    /// `--size`, as written.
    pub size: Option<String>,
    /// `--metric`, as written.
    pub metric: Option<String>,
}

impl Making {
    /// `game` with the binaries' defaults; `data_dir` as given (None: `$SLIDE_DATA_DIR`, else
    /// the per-user cache).
    pub fn new(game: Game, data_dir: Option<PathBuf>) -> Making {
        Making {
            game,
            heuristic: None,
            goal: None,
            data_dir: slide_core::table::data_dir(data_dir.as_deref()),
            size: None,
            metric: None,
        }
    }

    fn settings(&self, progress: Arc<dyn Progress + Send + Sync>) -> Settings {
        Settings {
            data_dir: Some(self.data_dir.clone()),
            heuristic: self.heuristic.clone(),
            goal: self.goal.clone(),
            progress,
        }
    }

    /// The facade this describes, its tables read from (and small ones built into) the data
    /// directory; table builds report to `progress`.
    fn make(&self, progress: Arc<dyn Progress + Send + Sync>) -> Result<Arc<dyn Engine>, AnswerError> {
        let settings = self.settings(progress);
        let refuse = |what: &str| AnswerError::Input(format!("{} takes no {what}", self.program()).into());
        Ok(match self.game {
            Game::Fifteen | Game::Seven => {
                let size = match &self.size {
                    None => None,
                    Some(text) => {
                        Some(fifteen::parse::parse_size(text).map_err(|e| AnswerError::Input(Cause::new(e)))?)
                    }
                };
                let metric = match self.metric.as_deref() {
                    None => Metric::default(),
                    Some(name) => Metric::from_name(name)
                        .ok_or_else(|| AnswerError::Input(format!("no metric {name} (choose stm or mtm)").into()))?,
                };
                let variant = if self.game == Game::Seven { &seven::VARIANT } else { &FIFTEEN };
                let tiles = Tiles::with_metric(variant, size, metric, &settings)?;
                match self.game {
                    Game::Seven => Arc::new(On::<Seven>(tiles)),
                    _ => Arc::new(On::<Fifteen>(tiles)),
                }
            }
            Game::Goat => {
                if self.size.is_some() {
                    return Err(refuse("size"));
                }
                if self.metric.is_some() {
                    return Err(refuse("metric"));
                }
                Arc::new(On::<Goat>(GoatFacade::new(&settings)?))
            }
            Game::Blocks => {
                let size = match &self.size {
                    None => None,
                    Some(text) => Some(quzzle::parse::parse_size(text).map_err(|e| AnswerError::Input(Cause::new(e)))?),
                };
                let metric = match self.metric.as_deref() {
                    None => None,
                    Some(m) => Some(quzzle::Metric::parse(m).ok_or_else(|| {
                        AnswerError::Input(format!("no metric {m} (choose cell, line or block)").into())
                    })?),
                };
                Arc::new(On::<Quzzle>(Blocks::new(&settings, BlockOptions { puzzle: None, size, metric })?))
            }
        })
    }

    fn program(&self) -> &'static str {
        match self.game {
            Game::Fifteen => Fifteen::NAME,
            Game::Seven => Seven::NAME,
            Game::Goat => Goat::NAME,
            Game::Blocks => Quzzle::NAME,
        }
    }

    /// The tile facade this describes (for the work only tile boards do: distances, boards
    /// made in bulk), kept like [`Making::engine`]'s.
    pub fn tiles(&self) -> Result<Arc<Tiles>, AnswerError> {
        let settings = self.settings(Arc::new(slide_core::progress::NoProgress));
        let variant = match self.game {
            Game::Fifteen => &FIFTEEN,
            Game::Seven => &seven::VARIANT,
            _ => return Err(AnswerError::Input(format!("{} is not a tile puzzle", self.program()).into())),
        };
        let size = match &self.size {
            None => None,
            Some(text) => Some(fifteen::parse::parse_size(text).map_err(|e| AnswerError::Input(Cause::new(e)))?),
        };
        static KEPT: Mutex<VecDeque<(Making, Arc<Tiles>)>> = Mutex::new(VecDeque::new());
        kept(&KEPT, self, || Ok(Arc::new(Tiles::new(variant, size, &settings)?)))
    }

    /// The facade this describes: made once and kept (with the tables it loaded) for the
    /// next calls that describe the same one; table builds report to the [`Meter`].
    pub fn engine(&self) -> Result<Arc<dyn Engine>, AnswerError> {
        static KEPT: Mutex<VecDeque<(Making, Arc<dyn Engine>)>> = Mutex::new(VecDeque::new());
        kept(&KEPT, self, || self.make(Meter::global().clone()))
    }
}

/// How many facades a process keeps: each holds the tables it loaded (the 7-8 databases map
/// 550 MB of files), so a few.
const KEPT_FACADES: usize = 6;

/// The value kept for `key`, or `make`'s, kept (the oldest forgotten past [`KEPT_FACADES`]).
fn kept<T: Clone>(
    kept: &Mutex<VecDeque<(Making, T)>>,
    key: &Making,
    make: impl FnOnce() -> Result<T, AnswerError>,
) -> Result<T, AnswerError> {
    if let Some((_, v)) = slide_core::sync::lock(kept).iter().find(|(k, _)| k == key) {
        return Ok(v.clone());
    }
    let made = make()?;
    let mut kept = slide_core::sync::lock(kept);
    if kept.len() == KEPT_FACADES {
        kept.pop_front();
    }
    kept.push_back((key.clone(), made.clone()));
    Ok(made)
}

/// What `solve` is asked: the search and its parameters, the bounds, how moves are written.
#[derive(Clone, Debug, Default)]
pub struct Ask {
    /// The algorithm's name (None: the puzzle's default).
    pub algorithm: Option<String>,
    /// Its parameters (`weight`, `seed`, ...).
    pub params: Params,
    /// `--max-nodes`, `--timeout`, `--max-memory`.
    pub bounds: Bounds,
    /// How the moves are written.
    pub style: Style,
}

/// The bounds of a search, as the binaries' options give them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bounds {
    /// Nodes.
    pub max_nodes: Option<u64>,
    /// Seconds.
    pub timeout: Option<f64>,
    /// Bytes the states a search remembers may take (None: half the memory available).
    pub max_memory: Option<u64>,
}

impl Bounds {
    /// The search's limits, checked as the binaries check them, stopped by `interrupt`.
    pub fn limits(&self, interrupt: &'static std::sync::atomic::AtomicBool) -> Result<Limits, AnswerError> {
        let args = CommonArgs {
            max_nodes: self.max_nodes,
            timeout: self.timeout,
            max_memory: self.max_memory,
            ..CommonArgs::default()
        };
        let limits = args.limits().map_err(|e| AnswerError::Input(e.message.into()))?;
        Ok(Limits { interrupt: Some(interrupt), ..limits })
    }
}

impl Ask {
    /// The request of `engine`'s `solve`, within `limits`.
    pub fn request(&self, engine: &dyn Engine, limits: Limits) -> Result<SolveRequest, AnswerError> {
        let methods = engine.methods();
        let name = self.algorithm.as_deref().unwrap_or(methods[0].name);
        let method = methods.iter().find(|m| m.name == name).ok_or_else(|| {
            let names: Vec<&str> = methods.iter().map(|m| m.name).collect();
            AnswerError::Input(format!("{} has no algorithm {name:?}: {}", engine.name(), names.join(", ")).into())
        })?;
        if let Some(p) = self.params.given().into_iter().find(|&p| !method.takes(p)) {
            return Err(AnswerError::Input(format!("{name} does not take {p} (keyword {})", p.name()).into()));
        }
        let algorithm = Algorithm::with_params(name, &self.params)?;
        Ok(SolveRequest { algorithm, params: self.params, limits, boards: false, style: self.style })
    }
}

/// A solution, its record and its picture, its facade's types erased.
pub struct Solved {
    /// The puzzle's program.
    pub puzzle: &'static str,
    /// The record, as the binary writes it with `--json` (`puzzle` first).
    pub record: String,
    /// Moves, in the puzzle's metric.
    pub length: usize,
    /// Whether no solution is shorter.
    pub optimal: bool,
    /// A proven lower bound on the shortest solution.
    pub lower_bound: Option<u64>,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time in milliseconds.
    pub millis: f64,
    /// The moves in notation, for the puzzles that have one.
    pub notation: Option<String>,
    /// The moves as the binary writes them for people (`12 down`).
    pub steps: Vec<String>,
    /// The bound that stopped the search (the solution is the best found before).
    pub stopped: Option<String>,
    /// The heuristic used.
    pub heuristic: String,
    /// The algorithm used.
    pub algorithm: String,
    picture: Box<dyn Fn() -> Option<String> + Send + Sync>,
}

impl Solved {
    fn of<P: Front>(s: Solution<P::Facade>) -> Result<Solved, AnswerError>
    where
        Solution<P::Facade>: Send + Sync + 'static,
    {
        let record = json(&Record::new(P::NAME, &s, Origin::Argument(1)))?;
        Ok(Solved {
            puzzle: P::NAME,
            record,
            length: s.length,
            optimal: s.optimal,
            lower_bound: s.lower_bound,
            nodes: s.nodes,
            millis: s.millis.0,
            notation: s.notation.clone(),
            steps: s.words.steps.clone(),
            stopped: s.stopped.map(|hit| hit.to_string()),
            heuristic: s.heuristic.clone(),
            algorithm: s.algorithm.clone(),
            picture: Box::new(move || P::picture(&s)),
        })
    }

    /// The solution drawn as `solve --svg` draws it (None: too long to draw).
    pub fn svg(&self) -> Option<String> {
        (self.picture)()
    }
}

/// An analysed space, its facade's types erased.
pub struct Analyzed {
    /// The record, as the binary writes it with `--json`.
    pub record: String,
    /// `histogram[d]`: the states at distance d.
    pub histogram: Vec<u64>,
    /// What a chart's title names: `fifteen 3x3`.
    pub chart_title: String,
    /// Where distances are measured from: `the goal`, `the start`.
    pub origin: &'static str,
}

fn json(value: &impl serde::Serialize) -> Result<String, AnswerError> {
    serde_json::to_string(value).map_err(|e| AnswerError::Bug(format!("JSON encoding failed: {e}").into()))
}

/// A puzzle's facade as the Python layer uses it: inputs as text, answers as [`Solved`],
/// [`Analyzed`] or JSON records.
pub trait Engine: Send + Sync {
    /// The program's name (`puzzle` in records).
    fn name(&self) -> &'static str;
    /// The algorithms of `solve`, the default first.
    fn methods(&self) -> &'static [slide_core::answer::MethodInfo];
    /// The inputs `solve` takes when given none.
    fn default_inputs(&self) -> Vec<String>;
    /// Reads `text` as an input, for its error only.
    fn check(&self, text: &str) -> Result<(), AnswerError>;
    /// A solution of `text` (after `apply`'s moves, when given).
    fn solve(&self, text: &str, apply: Option<&str>, request: &SolveRequest) -> Result<Solved, AnswerError>;
    /// The optimal solutions of `text`, counted (and listed): the record.
    fn count(&self, text: &str, request: &CountRequest) -> Result<String, AnswerError>;
    /// Every state reachable from `text`'s start (None: the puzzle's origin), by distance.
    fn analyze(&self, text: Option<&str>, limits: &Limits, progress: &dyn Progress) -> Result<Analyzed, AnswerError>;
    /// The position `moves` reach from `text` (None: the goal): the record.
    fn play(&self, text: Option<&str>, moves: &str, style: Style) -> Result<String, AnswerError>;
    /// A board made by `how` from `rng`, as BOARD text.
    fn make(&self, how: Make, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<String, AnswerError>;
    /// The precomputed tables the puzzle uses.
    fn table_sets(&self) -> Vec<TableSet>;
    /// What the facade has to say since the last call.
    fn notes(&self) -> Vec<Note>;
}

/// A program's facade ([`Front::Facade`]), with what its program adds (its pictures).
struct On<P: Front>(P::Facade);

impl<P: Front> On<P> {
    fn input(&self, text: &str) -> Result<<P::Facade as Facade>::Input, AnswerError> {
        self.0.parse(text)
    }
}

impl<P: Front + 'static> Engine for On<P>
where
    P::Facade: 'static,
    Solution<P::Facade>: Send + Sync,
{
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn methods(&self) -> &'static [slide_core::answer::MethodInfo] {
        self.0.methods()
    }

    fn default_inputs(&self) -> Vec<String> {
        self.0.default_inputs()
    }

    fn check(&self, text: &str) -> Result<(), AnswerError> {
        self.input(text).map(|_| ())
    }

    fn solve(&self, text: &str, apply: Option<&str>, request: &SolveRequest) -> Result<Solved, AnswerError> {
        let mut input = self.input(text)?;
        if let Some(moves) = apply {
            input = self.0.play(Some(&input), moves, request.style).map_err(|e| e.context("apply"))?.0;
        }
        Solved::of::<P>(self.0.solve(&input, request)?)
    }

    fn count(&self, text: &str, request: &CountRequest) -> Result<String, AnswerError> {
        let count = self.0.count(&self.input(text)?, request)?;
        json(&Record::new(P::NAME, &count, Origin::Argument(1)))
    }

    fn analyze(&self, text: Option<&str>, limits: &Limits, progress: &dyn Progress) -> Result<Analyzed, AnswerError> {
        let input = text.map(|t| self.input(t)).transpose()?;
        let a = self.0.analyze(input.as_ref(), limits, progress)?;
        Ok(Analyzed {
            record: json(&Record::new(P::NAME, &a, Origin::Argument(1)))?,
            histogram: a.histogram.clone(),
            chart_title: a.words.chart_title.clone(),
            origin: a.words.origin,
        })
    }

    fn play(&self, text: Option<&str>, moves: &str, style: Style) -> Result<String, AnswerError> {
        let input = text.map(|t| self.input(t)).transpose()?;
        let (_, played) = self.0.play(input.as_ref(), moves, style)?;
        json(&Record::new(P::NAME, &played, Origin::Argument(1)))
    }

    fn make(&self, how: Make, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<String, AnswerError> {
        if !self.0.makes_boards() {
            return Err(AnswerError::Input(
                format!("{} does not make boards: scramble and random are for tile puzzles", P::NAME).into(),
            ));
        }
        let made: Made<P::Facade> = self.0.make(how, rng, limits)?;
        Ok(made.text)
    }

    fn table_sets(&self) -> Vec<TableSet> {
        self.0.table_sets()
    }

    fn notes(&self) -> Vec<Note> {
        self.0.take_notes()
    }
}
