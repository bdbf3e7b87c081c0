//! The multi-tile metric's engine behind [`super::Solver`]: one move slides one or more
//! tiles of the blank's line, at cost 1. Boards of up to 16 cells are solved and counted
//! optimally by [`crate::mtm`]'s IDA*, each goal's heuristic built once and kept: the
//! pattern database where it serves and is built (or where it was asked for), else walking
//! distance where its tables fit, else Manhattan distance.

use std::path::Path;
use std::sync::{Arc, Mutex};

use slide_core::answer::{Algorithm, Note, SolveRequest};
use slide_core::search::Limits;
use slide_core::sync::lock;

use super::{Report, SolveError, TileCount, TileSolution};
use crate::heuristics::HeuristicError;
use crate::mtm::{MtmHeuristicChoice, MtmPdb, MtmPuzzle, MtmSolver, MAX_MTM_CELLS};
use crate::Grid;

/// How many solvers (one per goal) are kept.
const KEPT_SOLVERS: usize = 4;

/// The multi-tile part of a solver: the pattern database once read, and the solvers made so
/// far.
#[derive(Default)]
pub(super) struct MultiTile {
    pdb: Mutex<Option<Arc<MtmPdb>>>,
    solvers: Mutex<Vec<(Grid, Arc<MtmSolver>)>>,
}

/// Where the multi-tile engine reads its tables and says what it gave up: the solver's
/// settings, lent for one call.
pub(super) struct Context<'a> {
    /// The heuristic asked for (None: the strongest at hand).
    pub asked: Option<MtmHeuristicChoice>,
    /// The data directory.
    pub data_dir: Option<&'a Path>,
    /// The puzzle in the tables' headers.
    pub program: &'a str,
    /// Where notes go, each once.
    pub notes: &'a Mutex<Vec<Note>>,
}

impl Context<'_> {
    /// Says `text` once (a warning when `warning`, else advice).
    fn note(&self, text: String, warning: bool) {
        let mut notes = lock(self.notes);
        if !notes.iter().any(|n| n.text == text) {
            notes.push(Note { text, warning });
        }
    }
}

impl MultiTile {
    /// The solver of `goal`: kept, or made now with the heuristic asked for, else the pattern
    /// database where it serves and is built, else walking distance where its tables fit in
    /// `limits`' memory, else Manhattan distance.
    fn solver(&self, goal: &Grid, limits: &Limits, cx: &Context) -> Result<Arc<MtmSolver>, SolveError> {
        if let Some((_, s)) = lock(&self.solvers).iter().find(|(g, _)| g == goal) {
            return Ok(s.clone());
        }
        let shape = goal.shape();
        if shape.cells() > MAX_MTM_CELLS {
            return Err(SolveError::MtmTooLarge(shape));
        }
        let serves_pdb = MtmPuzzle::new(goal).is_some_and(|p| MtmPdb::standard_goal_only(&p).is_ok());
        let walking_distance = || {
            let (solver, instead) = MtmSolver::strongest_built(goal, limits.search_memory())?;
            if let Some(why) = instead {
                cx.note(format!("{why}; using {}", solver.heuristic().name()), false);
            }
            Ok::<_, SolveError>(solver)
        };
        let solver = match cx.asked {
            Some(MtmHeuristicChoice::Pdb) => {
                let pdb = self.pdb(cx).map_err(SolveError::MtmPdb)?;
                MtmSolver::with_pdb(goal, &pdb).map_err(|e| match e {
                    SolveError::Heuristic(e) => SolveError::MtmPdb(e),
                    e => e,
                })?
            }
            Some(choice) => MtmSolver::within(goal, choice, limits.search_memory())?,
            None if serves_pdb => match self.pdb(cx) {
                Ok(pdb) => MtmSolver::with_pdb(goal, &pdb)?,
                Err(why) => {
                    // A table that is there but cannot be used is a warning, said every run;
                    // one not built is advice.
                    let there = cx.data_dir.is_some_and(|dir| crate::mtm::pdb::table_spec(cx.program).exists_in(dir));
                    cx.note(format!("{why}; using walking-distance"), there);
                    walking_distance()?
                }
            },
            None => walking_distance()?,
        };
        let solver = Arc::new(solver);
        let mut kept = lock(&self.solvers);
        if kept.len() == KEPT_SOLVERS {
            kept.remove(0);
        }
        kept.push((goal.clone(), solver.clone()));
        Ok(solver)
    }

    /// The pattern database, read once from the data directory; the error says why it
    /// cannot be (not built: with the command that builds it).
    fn pdb(&self, cx: &Context) -> Result<Arc<MtmPdb>, HeuristicError> {
        let mut kept = lock(&self.pdb);
        if let Some(pdb) = &*kept {
            return Ok(pdb.clone());
        }
        let dir = cx.data_dir.ok_or(HeuristicError::MtmPdbNoDataDir)?;
        let pdb = Arc::new(MtmPdb::load(cx.program, dir)?);
        *kept = Some(pdb.clone());
        Ok(pdb)
    }

    /// A shortest solution of `start` in the multi-tile metric, by IDA* (the only method).
    pub fn solve(
        &self,
        start: &Grid,
        goal: &Grid,
        request: &SolveRequest,
        cx: &Context,
    ) -> Result<TileSolution, SolveError> {
        if request.algorithm != Algorithm::Idastar {
            return Err(SolveError::MtmAlgorithm(request.algorithm));
        }
        if request.params.duplicates.is_some() {
            return Err(SolveError::MtmDuplicates);
        }
        let solver = self.solver(goal, &request.limits, cx)?;
        let s = solver.solve(start, &request.limits)?;
        Ok(TileSolution {
            start: start.clone(),
            goal: goal.clone(),
            metric: super::Metric::MultiTile,
            lower_bound: s.moves.len() as u64,
            moves: s.notation(),
            optimal: true,
            heuristic: solver.heuristic().name(),
            algorithm: Algorithm::Idastar,
            nodes: s.nodes,
            elapsed: s.elapsed,
            stopped: None,
            report: Report::None,
        })
    }

    /// Every shortest solution of `start`, counted; the first `list` of them listed.
    pub(crate) fn count(
        &self,
        start: &Grid,
        goal: &Grid,
        list: Option<usize>,
        limits: &Limits,
        cx: &Context,
    ) -> Result<TileCount, SolveError> {
        let solver = self.solver(goal, limits, cx)?;
        let c = solver.count(start, list.is_some(), limits)?;
        Ok(TileCount {
            metric: super::Metric::MultiTile,
            length: c.length,
            count: c.count,
            solutions: c.solutions.into_iter().take(list.unwrap_or(0)).collect(),
            heuristic: c.heuristic.name(),
            nodes: c.nodes,
            elapsed: c.elapsed,
        })
    }
}
