//! Every layout of the classic Klotski family, split into groups and measured
//! (docs/SURVEY.md).
//!
//! The family is dnomd343/klotski's: on a board of 5 rows of 4 cells, exactly one 2x2
//! block, any number of horizontal and vertical dominoes and 1x1 blocks, and at least two
//! empty cells; blocks of one shape are interchangeable (quzzle's rule). A move takes one
//! block anywhere it can slide through empty cells, turning corners (quzzle's block
//! metric). Its 29,334,498 layouts fall into 203 types (the counts of each shape, which
//! moves keep), and each type into groups: layouts that moves join.
//!
//! For each group the survey reports its size, its seed (smallest common code), the starts
//! farthest from the classic goal (the 2x2 block at the bottom centre) and its diameter,
//! exact when a budget of breadth-first searches suffices and bounded otherwise; for each
//! type, the same summed up. Types are surveyed in parallel on the caller's rayon pool,
//! one type per task; the memory they take at once is computed before the work starts.
//!
//! - [`layout`]: one layout in a `u64`, its text forms and types ([`Counts`]).
//! - [`rank`]: a perfect ranking of each type's layouts, so arrays replace hash tables.
//! - [`moves`]: the block-metric moves on 20-bit boards.
//! - [`tally`]: every type's move count, known before the work starts.
//! - [`graph`], [`diameter`], [`groups`]: one type's moves, searches and groups.
//! - [`records`]: what is reported, as serde structs and a text summary.
//! - [`published`]: dnomd343/klotski's totals, for the cross-check.
//!
//! # Example
//! ```
//! use quzzle::survey::{survey, Counts, SurveyOptions};
//! use slide_core::progress::NoProgress;
//! use slide_core::search::Limits;
//! // One small type: the 2x2 block, a domino each way and one 1x1 block.
//! let counts = Counts { horizontal: 1, vertical: 1, singles: 1 };
//! let options = SurveyOptions { only: Some(vec![counts]), ..SurveyOptions::default() };
//! let done = survey(&options, &Limits::default(), &NoProgress, &|_| std::ops::ControlFlow::Continue(())).unwrap();
//! assert_eq!(done.summary.layouts, 12_528); // dnomd343/klotski: 12,528 too
//! assert_eq!(done.types[0].groups as u64, done.summary.groups);
//! ```

pub mod diameter;
pub mod graph;
pub mod groups;
pub mod layout;
pub mod moves;
pub mod published;
pub mod rank;
pub mod records;
mod spare;
pub mod tally;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use slide_core::enumerate::LayerStats;
use slide_core::progress::Progress;
use slide_core::search::{LimitGuard, LimitHit, Limits};
use slide_core::units::human_bytes;
use thiserror::Error;

pub use groups::{TypeSurvey, TypeWork};
pub use layout::{Counts, Layout, LayoutError, Shape};
pub use rank::TypeRanker;
pub use records::{DiameterRecord, GroupRecord, HardestRecord, Located, Record, Summary, TypeRecord};

/// The classic Klotski start, "Heng Dao Li Ma", located by default.
pub const KLOTSKI: &str = "ABBC/ABBC/DEEF/DGHF/I..J";

/// What to survey and how hard to try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurveyOptions {
    /// The breadth-first searches a group's diameter may take (at least 1; the one that
    /// finds the group counts). Groups whose bounds have not met by then get bounds.
    pub max_searches: u32,
    /// Only these types (all of them when `None`).
    pub only: Option<Vec<Counts>>,
    /// Layouts to locate: their group and distance to the goal go in the summary.
    pub locate: Vec<Layout>,
}

/// The default budget of searches per group's diameter.
pub const MAX_SEARCHES: u32 = 64;

impl Default for SurveyOptions {
    /// Every type, 64 searches per diameter, the classic start located.
    fn default() -> Self {
        SurveyOptions {
            max_searches: MAX_SEARCHES,
            only: None,
            locate: vec![KLOTSKI.parse().expect("the classic start is a layout")],
        }
    }
}

/// Why a survey did not run or did not finish.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SurveyError {
    /// The memory it needs is more than the bound.
    #[error("the survey needs up to {} ({} types at once), more than the {} allowed; allow more memory or use fewer threads", human_bytes(*need), threads, human_bytes(*allowed))]
    Memory {
        /// Bytes needed.
        need: u64,
        /// Bytes allowed.
        allowed: u64,
        /// Types surveyed at once.
        threads: usize,
    },
    /// A type that has no layout.
    #[error("no layout has {0}")]
    NoType(Counts),
    /// A diameter budget of 0.
    #[error("a diameter needs at least 1 breadth-first search, not 0")]
    NoSearch,
    /// A bound in the limits stopped it.
    #[error("survey stopped: {0}")]
    Limit(LimitHit),
    /// The sink asked it to stop.
    #[error("survey stopped by its caller")]
    Halted,
}

/// Where [`survey`] hands each type as it is finished (from any worker thread): its groups'
/// records are there to be written at once. `ControlFlow::Break` stops the survey (its
/// reader is gone), which then ends with [`SurveyError::Halted`].
pub type Sink<'a> = dyn Fn(&TypeSurvey) -> ControlFlow<()> + Sync + 'a;

/// The work ahead: every type's layouts and moves, read from [`tally`], and the memory the
/// survey will take at most, known before anything is built or allocated.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The types, by number.
    pub types: Vec<TypeWork>,
    /// Their layouts.
    pub layouts: u64,
    /// Their moves, counted from both ends.
    pub moves: u64,
    /// Types surveyed at once (the pool's threads).
    pub threads: usize,
    /// The bytes the survey takes at most: the work of the `threads` largest types at once,
    /// each with its ranking table (made when the type's turn comes, dropped when it is done).
    pub memory: u64,
}

/// The types of the family, by number (those with at least one layout: 203), with their
/// rankings.
pub fn family() -> Vec<(u8, TypeRanker)> {
    Counts::by_area()
        .filter_map(TypeRanker::new)
        .filter(|r| r.count() > 0)
        .enumerate()
        .map(|(id, r)| (id as u8, r))
        .collect()
}

/// The work of `options` for `threads` types at once (on the caller's rayon pool), read
/// from the tally: nothing is built, so that a survey that does not fit its memory is
/// refused before it takes any.
pub fn plan(options: &SurveyOptions, threads: usize) -> Result<Plan, SurveyError> {
    if options.max_searches == 0 {
        return Err(SurveyError::NoSearch);
    }
    let family =
        tally::TALLY.iter().enumerate().map(|(id, &(horizontal, vertical, singles, layouts, moves, stuck))| TypeWork {
            id: id as u8,
            counts: Counts { horizontal, vertical, singles },
            layouts,
            moves,
            stuck,
        });
    let types: Vec<TypeWork> = match &options.only {
        None => family.collect(),
        Some(only) => {
            let types: Vec<TypeWork> = family.filter(|t| only.contains(&t.counts)).collect();
            if let Some(missing) = only.iter().find(|c| !types.iter().any(|t| t.counts == **c)) {
                return Err(SurveyError::NoType(*missing));
            }
            types
        }
    };
    let mut bytes: Vec<u64> = types.iter().map(TypeWork::bytes).collect();
    bytes.sort_unstable_by(|a, b| b.cmp(a));
    let threads = threads.max(1);
    Ok(Plan {
        layouts: types.iter().map(|t| t.layouts as u64).sum(),
        moves: types.iter().map(|t| t.moves).sum(),
        memory: bytes.iter().take(threads).sum::<u64>(),
        threads,
        types,
    })
}

/// The survey's results kept in memory: every type's record and the summary (the group
/// records go to the caller's sink as each type is finished).
#[derive(Clone, Debug)]
pub struct Survey {
    /// The types, by number.
    pub types: Vec<TypeRecord>,
    /// The summary.
    pub summary: Summary,
}

/// Surveys the family as `options` ask, on the caller's rayon pool (one type per task),
/// within `limits` (time, interrupt, and `max_memory`: refused up front when the plan needs
/// more), reporting to `progress`. Each type's survey goes to `sink` when it is finished,
/// from the worker that made it (types finish in any order; records carry their type).
pub fn survey(
    options: &SurveyOptions,
    limits: &Limits,
    progress: &dyn Progress,
    sink: &Sink,
) -> Result<Survey, SurveyError> {
    let plan = plan(options, rayon::current_num_threads())?;
    run(plan, options, limits, progress, sink)
}

/// Runs a [`Plan`] (see [`survey`]).
pub fn run(
    plan: Plan,
    options: &SurveyOptions,
    limits: &Limits,
    progress: &dyn Progress,
    sink: &Sink,
) -> Result<Survey, SurveyError> {
    let allowed = limits.search_memory();
    if plan.memory > allowed {
        return Err(SurveyError::Memory {
            need: plan.memory,
            allowed: limits.max_memory.unwrap_or(u64::MAX),
            threads: plan.threads,
        });
    }
    let clock = Instant::now();
    let guard = LimitGuard::new(limits);
    let report = progress.task("surveying", plan.layouts);
    let done = AtomicU64::new(0);
    let on_group = |size: u32| {
        let total = done.fetch_add(size as u64, Ordering::Relaxed) + size as u64;
        report(LayerStats { depth: 0, new: size as u64, total, state_count: plan.layouts });
    };
    // The sink may stop the survey (its reader is gone): the types at work stop at their
    // next check, as for a bound.
    let halted = AtomicBool::new(false);
    let check = || match halted.load(Ordering::Relaxed) {
        true => Some(LimitHit::Interrupted),
        false => guard.check_time(),
    };
    // The largest types first, so that no large one is left for the end.
    let mut order: Vec<&TypeWork> = plan.types.iter().collect();
    order.sort_by_key(|t| std::cmp::Reverse(t.bytes()));
    let located = Mutex::new(Vec::new());
    let records: Result<Vec<TypeRecord>, LimitHit> = order
        .into_par_iter()
        .map(|work| {
            let surveyed = groups::survey_type(work, options.max_searches, &options.locate, &check, &on_group)?;
            if sink(&surveyed).is_break() {
                halted.store(true, Ordering::Relaxed);
            }
            located.lock().unwrap_or_else(|e| e.into_inner()).extend(surveyed.located.iter().copied());
            Ok(surveyed.record)
        })
        .collect::<Result<_, LimitHit>>();
    // The arrays the pool's threads kept between types go back to the system: the pool
    // outlives the survey.
    rayon::broadcast(|_| spare::release());
    let mut records: Vec<TypeRecord> = records.map_err(|hit| match halted.load(Ordering::Relaxed) {
        true => SurveyError::Halted,
        false => SurveyError::Limit(hit),
    })?;
    drop(report);
    records.sort_by_key(|r| r.type_id);
    let mut located = located.into_inner().unwrap_or_else(|e| e.into_inner());
    located.sort_by_key(|l| options.locate.iter().position(|x| *x == l.layout));
    let summary = summarize(&records, located, &plan, clock.elapsed().as_secs_f64());
    Ok(Survey { types: records, summary })
}

/// The summary of the types' records.
fn summarize(types: &[TypeRecord], located: Vec<Located>, plan: &Plan, seconds: f64) -> Summary {
    let largest = types.iter().max_by_key(|t| (t.largest_group, std::cmp::Reverse(t.type_id)));
    let hardest = types
        .iter()
        .filter_map(|t| t.hardest.map(|h| (t.type_id, h)))
        .max_by_key(|(id, h)| (h.moves, std::cmp::Reverse(*id)));
    let widest = types
        .iter()
        .max_by_key(|t| (t.diameter.lower, t.diameter.upper, std::cmp::Reverse(t.type_id)))
        .map(|t| (t.type_id, t.widest_group, t.diameter));

    Summary {
        layouts: types.iter().map(|t| t.layouts as u64).sum(),
        types: types.len() as u32,
        groups: types.iter().map(|t| t.groups as u64).sum(),
        moves: types.iter().map(|t| t.moves).sum(),
        largest_group: largest.map_or((0, 0, 0), |t| (t.type_id, 0, t.largest_group)),
        solvable_layouts: types.iter().map(|t| t.solvable_layouts as u64).sum(),
        hardest,
        exact_diameters: types.iter().map(|t| t.exact_diameters as u64).sum(),
        widest,
        diameter_upper_bound: types.iter().map(|t| t.diameter_upper_bound).max().unwrap_or(0),
        searches: types.iter().map(|t| t.searches).sum(),
        located,
        memory_bound: plan.memory,
        threads: plan.threads,
        seconds,
    }
}
