//! What the API answers, each through the puzzle's facade ([`Play`]): hints, solutions with
//! their count, depth histograms ([`Play::goal_space`]) and shuffled positions
//! ([`Play::shuffle`]). Each function runs on a search thread within the [`Limits`] it is
//! given, and is the same for every puzzle: the generic code here runs for the facade behind
//! the [`Game`], and what differs between puzzles their facades say.
//!
//! Optimal where the facade has an optimal search and it finishes within the budget. When
//! it does not (or when no optimal method takes the board: tile boards past 5x5), the answer
//! still comes: the facade's quicker solution, marked not optimal, with the highest lower
//! bound proven (the stopped search's, or the quicker method's), and what the stopped search
//! did ([`Attempt`]: real nodes and time, and how long it would still need).

use std::any::Any;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use slide_core::answer::{
    AnswerError, Attempt, CountRequest, GoalSpace, Hint, NotCounted, Play, Solution, SolveRequest, Step, View,
};
use slide_core::search::{LimitHit, Limits, Stopped};
use slide_core::units::quantity;

use crate::game::{Game, Position};
use crate::kept::Kept;
use crate::searches::ApiError;

/// The most moves a scramble may walk.
pub const MAX_SCRAMBLE: u64 = 100_000;

/// The most time the quicker answer takes when the optimal search did not finish.
pub const QUICK_ANSWER_TIMEOUT: Duration = Duration::from_secs(2);

/// How long an answer may take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Patience {
    /// The optimal search within the quick budget (1 s); when it does not finish, the
    /// quicker answer at once, not optimal, with what the search did and would still need.
    Quick,
    /// The optimal search with the whole budget (`--timeout`), in a long slot (503 when none
    /// is free); the quicker answer when it does not finish.
    Full,
    /// Quick first; when its optimal search did not finish and a long slot is free, the
    /// full search too.
    #[default]
    Auto,
}

/// An answer that may say its optimal search did not finish.
pub trait Answer {
    /// Whether an optimal search stopped by its budget (not by Ctrl-C or a client that left)
    /// might finish with a longer one.
    fn unfinished(&self) -> bool;
    /// Adds a sentence to the answer's note.
    fn add_note(&mut self, text: &str);
}

fn join_note(note: &mut Option<String>, text: &str) {
    *note = Some(match note.take() {
        Some(n) if !n.is_empty() => format!("{n}; {text}"),
        _ => text.to_string(),
    });
}

impl Answer for Hint {
    fn unfinished(&self) -> bool {
        self.optimal_search.is_some()
    }
    fn add_note(&mut self, text: &str) {
        join_note(&mut self.note, text);
    }
}

/// A solution, played back by the page.
#[derive(Clone, Debug, Serialize)]
pub struct Solved {
    /// Its number of moves (under a block puzzle's metric), when one was found.
    pub length: Option<usize>,
    /// Whether no solution is shorter.
    pub optimal: bool,
    /// A proven lower bound on the distance (the length, when optimal).
    pub lower_bound: u32,
    /// The goal cannot be reached from the position.
    pub unreachable: bool,
    /// The moves.
    pub moves: Vec<Step>,
    /// The position after each move (when asked: tile boards are replayed by the page).
    pub boards: Vec<View>,
    /// How moves are counted (block puzzles: cell, line or block).
    pub metric: Option<&'static str>,
    /// How it was found.
    pub method: String,
    /// States generated.
    pub nodes: u64,
    /// Search time in milliseconds.
    pub millis: f64,
    /// The number of distinct optimal solutions, when counting them fitted a small budget: a
    /// number, or a string of digits above 2^53.
    pub optimal_solutions: Option<Value>,
    /// Why they were not counted, or what was counted.
    pub count_note: Option<String>,
    /// What to know about the answer.
    pub note: Option<String>,
    /// The optimal search, when it did not finish: what it did and proved.
    pub optimal_search: Option<Attempt>,
}

impl Answer for Solved {
    fn unfinished(&self) -> bool {
        self.optimal_search.is_some()
    }
    fn add_note(&mut self, text: &str) {
        join_note(&mut self.note, text);
    }
}

/// The depth histogram of a whole puzzle space, from the goal.
#[derive(Clone, Debug, Serialize)]
pub struct Histogram {
    /// Whether it could be made (small puzzles only).
    pub available: bool,
    /// `histogram[d]`: the positions `d` moves from the goal.
    pub histogram: Vec<u64>,
    /// The positions in all.
    pub states: u64,
    /// The position's distance from the goal, when it is in the space.
    pub depth: Option<u32>,
    /// Why it is not available, or what it counts.
    pub note: String,
    /// Time to make it (0 when it was kept from before).
    pub millis: f64,
}

/// Whole spaces already counted ([`GoalSpace`]s, of whichever facade), so that a page that
/// redraws its histogram after every move costs nothing. A few are kept, within
/// [`KEPT_BYTES`].
pub struct Caches {
    spaces: Kept<dyn Any + Send + Sync>,
}

/// How many spaces are kept.
const KEPT: usize = 16;
/// The bytes the kept spaces may take in all (a histogram is a few hundred bytes; a space
/// that keeps each position's depth, a block puzzle's, tens of bytes a position).
pub const KEPT_BYTES: u64 = 256 << 20;

impl Default for Caches {
    fn default() -> Self {
        Caches { spaces: Kept::new(KEPT, KEPT_BYTES) }
    }
}

fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

fn moves_text(n: u64) -> String {
    quantity(n, "move")
}

fn count_value(count: u128) -> Value {
    // Above 2^53 a JSON number may be rounded by its reader: a string of digits, as the
    // binaries write it.
    if count <= 1 << 53 {
        Value::from(count as u64)
    } else {
        Value::from(count.to_string())
    }
}

/// The limits of counting optimal solutions "where that is cheap": a few seconds and 50
/// million states at most.
fn count_limits(limits: &Limits) -> Limits {
    let cheap = Duration::from_secs(3);
    Limits { timeout: Some(limits.timeout.map_or(cheap, |t| t.min(cheap))), max_nodes: Some(50_000_000), ..*limits }
}

/// The limits of the quicker answer after an optimal search that did not finish.
fn quick_answer_limits(limits: &Limits) -> Limits {
    let quick = QUICK_ANSWER_TIMEOUT;
    Limits { timeout: Some(limits.timeout.map_or(quick, |t| t.min(quick))), ..*limits }
}

/// A facade's refusal as the API says it.
fn api_error(e: AnswerError) -> ApiError {
    match e {
        AnswerError::Bug(m) => ApiError::internal(m.to_string()),
        AnswerError::Limit(s) if s.hit == LimitHit::Interrupted => ApiError::busy("the server is stopping"),
        e => ApiError::bad(e.to_string()),
    }
}

/// How a search was made, in words: "IDA* with pdb663", "the staged solver".
fn method_text<P: Play>(p: &P, s: &Solution<P>) -> String {
    let h = match s.heuristic.as_str() {
        "exact" => "the exact distance table",
        h => h,
    };
    let base = match s.algorithm.as_str() {
        "idastar" => format!("IDA* with {h}"),
        "astar" => format!("A* with {h}"),
        "bfs" => "breadth-first search".to_string(),
        "weighted" => format!("weighted A* with {h}"),
        "fast" => "the staged solver (lines filled one by one, the last 12 cells optimally)".to_string(),
        "dfs" => "depth-first search (a solution, not a shortest one)".to_string(),
        other => other.to_string(),
    };
    match p.metric() {
        Some(m) => format!("{base}, {m} metric"),
        None => base,
    }
}

/// What the optimal search of a position came to.
enum Search<P: Play> {
    /// A shortest solution.
    Found(Solution<P>),
    /// The goal cannot be reached.
    Unreachable(String),
    /// A bound stopped it: what it did, in the page's words and in the library's.
    Stopped(Attempt, Stopped),
    /// No optimal method takes the position; why.
    NoMethod(String),
}

/// The optimal search of `pos` within `limits`.
fn optimal<P: Play>(p: &P, pos: &P::Input, limits: &Limits) -> Result<Search<P>, ApiError> {
    let Some(method) = p.optimal_method(pos) else {
        return Ok(Search::NoMethod(
            "no optimal method takes this board: the optimal searches take tile boards up to 5x5".into(),
        ));
    };
    match p.solve(pos, &SolveRequest::new(method, *limits)) {
        Ok(s) => Ok(Search::Found(s)),
        Err(AnswerError::Unreachable(why)) => Ok(Search::Unreachable(why.to_string())),
        Err(AnswerError::Limit(stopped)) => {
            let how = p.estimate(pos).map_err(api_error)?.method;
            Ok(Search::Stopped(Attempt::of(how, &stopped), stopped))
        }
        Err(e) => Err(api_error(e)),
    }
}

/// Why an answer is not optimal, in words, from what the optimal search came to.
fn why_not_optimal(attempt: Option<&Attempt>, no_method: Option<&str>) -> String {
    if let Some(why) = no_method {
        return why.to_string();
    }
    let Some(a) = attempt else { return String::new() };
    let mut text = format!(
        "no optimal answer within the budget: {} stopped ({}) after {} and {:.2} s",
        a.method,
        a.stopped,
        quantity(a.nodes, "node"),
        a.millis.0 / 1e3
    );
    if let Some(b) = a.lower_bound {
        text += &format!(", having ruled out every solution shorter than {}", moves_text(b.into()));
    }
    if let Some(more) = a.seconds_to_finish_bound {
        text += &format!("; its last bound alone would take about {more:.1} s more at this rate");
    }
    text
}

/// The highest of the lower bounds known: the stopped search's and `others`.
fn best_bound(stopped: Option<&Stopped>, others: &[Option<u64>]) -> u32 {
    let proven = stopped.and_then(|s| s.lower_bound).unwrap_or(0);
    others.iter().flatten().fold(proven, |b, &o| b.max(o as u32))
}

/// What an answer says when the optimal search gave no solution: why, what the stopped
/// search did, and instead the facade's quicker solution (none when the server is stopping,
/// or when the puzzle has nothing quicker), with the highest lower bound known.
pub(crate) struct Instead<P: Play> {
    why: String,
    attempt: Option<Attempt>,
    stopped: Option<Stopped>,
    quick: Option<Solution<P>>,
}

impl<P: Play> Instead<P> {
    /// After `search`, which found no solution: the quicker one within `limits`.
    /// After `search`, which found no solution: the quicker one made beside it (`made`), or
    /// made now within `limits`.
    fn after(
        p: &P,
        pos: &P::Input,
        limits: &Limits,
        search: Search<P>,
        made: Option<Result<Option<Solution<P>>, AnswerError>>,
    ) -> Result<Instead<P>, ApiError> {
        let (attempt, stopped, no_method) = match search {
            Search::Stopped(a, s) => (Some(a), Some(s), None),
            Search::NoMethod(why) => (None, None, Some(why)),
            Search::Found(_) | Search::Unreachable(_) => {
                return Err(ApiError::internal("a quicker answer after a search that ended (a bug)"))
            }
        };
        // Stopped by Ctrl-C: no quicker search either; what the heuristic says will do.
        if stopped.as_ref().is_some_and(|s| s.hit == LimitHit::Interrupted) {
            return Ok(Instead { why: "the server is stopping".into(), attempt: None, stopped, quick: None });
        }
        let why = why_not_optimal(attempt.as_ref(), no_method.as_deref());
        let quick = match made {
            Some(made) => made,
            None => p.quick_solution(pos, &quick_answer_limits(limits)),
        }
        .map_err(api_error)?;
        Ok(Instead { why, attempt, stopped, quick })
    }

    /// The quicker solution's lower bound (the highest known), whether it is optimal after
    /// all (as short as that bound), and the note: why, and what the facade says of it.
    fn judged(&self, s: &Solution<P>, remark: Remark) -> (u32, bool, Option<String>) {
        let bound = best_bound(self.stopped.as_ref(), &[s.lower_bound]);
        let optimal = s.optimal || s.length as u32 == bound;
        let mut note = Some(self.why.clone());
        for n in s.words.notes.iter().map(String::as_str).chain(remark(&s.heuristic).as_deref()) {
            join_note(&mut note, n);
        }
        (if optimal { s.length as u32 } else { bound }, optimal, note)
    }

    /// Without a quicker solution: the estimate's lower bound (or the stopped search's, when
    /// higher), and the stopped search's figures.
    fn estimated(&self, estimate: u32) -> (u32, u64, Duration) {
        let bound = best_bound(self.stopped.as_ref(), &[Some(estimate.into())]);
        let s = self.stopped.as_ref();
        (bound, s.map_or(0, Stopped::nodes), s.map_or(Duration::ZERO, Stopped::elapsed))
    }
}

/// A note beside the answer (a table not built), by the heuristic the facade used.
pub(crate) type Remark<'a> = &'a dyn Fn(&str) -> Option<String>;

/// What the search of a position came to: a shortest solution, the goal out of reach, or
/// (the optimal search stopped, or none takes the board) what it did and the quicker
/// solution instead. A hint and a solution of one position are both made from one of these,
/// so the page's Hint and Solve share one search ([`crate::shared`]).
pub(crate) enum Outcome<P: Play> {
    Found(Solution<P>),
    Unreachable(String),
    Instead(Instead<P>),
}

/// The outcome of one position's search, whatever the puzzle, with what the lanes added.
pub struct Searched {
    /// An `Outcome<P>` of the game's facade `P`.
    outcome: Box<dyn Any + Send + Sync>,
    /// Sentences the search lanes added (no long slot was free, ...).
    note: Option<String>,
    /// Whether an optimal search stopped by its budget might finish with a longer one.
    unfinished: bool,
}

impl Answer for Searched {
    fn unfinished(&self) -> bool {
        self.unfinished
    }
    fn add_note(&mut self, text: &str) {
        join_note(&mut self.note, text);
    }
}

impl Searched {
    pub(crate) fn outcome<P: Play + 'static>(&self) -> Result<&Outcome<P>, ApiError> {
        self.outcome.downcast_ref().ok_or_else(|| ApiError::internal("a search of another game (a bug)"))
    }
}

/// The share of the budget the optimal search takes when the quicker answer is made beside
/// it: the rest is the margin within which the answer comes.
const BESIDE_SHARE: f64 = 0.8;

/// The search of `position` within `limits`: the optimal search, and the quicker solution
/// when it does not finish (made beside it where the facade says the optimal search is slow,
/// [`Play::slow_optimal`], so that the first answer on a 24-puzzle comes within the quick
/// budget).
pub fn search(game: &Game, position: &Position, limits: &Limits) -> Result<Searched, ApiError> {
    game.page().search(position, limits)
}

pub(crate) fn search_of<P>(p: &P, pos: &P::Input, limits: &Limits) -> Result<Searched, ApiError>
where
    P: Play + 'static,
    Solution<P>: Send + Sync,
{
    let (search, made) = match p.slow_optimal(pos) && p.optimal_method(pos).is_some() {
        false => (optimal(p, pos, limits)?, None),
        true => {
            let shorter = Limits { timeout: limits.timeout.map(|t| t.mul_f64(BESIDE_SHARE)), ..*limits };
            let (search, made) =
                rayon::join(|| optimal(p, pos, &shorter), || p.quick_solution(pos, &quick_answer_limits(&shorter)));
            (search?, Some(made))
        }
    };
    let outcome = match search {
        Search::Found(s) => Outcome::Found(s),
        Search::Unreachable(why) => Outcome::Unreachable(why),
        search => Outcome::Instead(Instead::after(p, pos, limits, search, made)?),
    };
    let unfinished = matches!(&outcome, Outcome::Instead(i) if i.attempt.is_some());
    Ok(Searched { outcome: Box::new(outcome), note: None, unfinished })
}

/// The next move and the distance from `position`, from its search.
pub fn hint(game: &Game, position: &Position, searched: &Searched) -> Result<Hint, ApiError> {
    let remark = |heuristic: &str| game.remark(heuristic);
    let mut hint = game.page().hint(position, searched, &remark)?;
    if let Some(note) = &searched.note {
        join_note(&mut hint.note, note);
    }
    Ok(hint)
}

pub(crate) fn hint_of<P: Play>(p: &P, pos: &P::Input, outcome: &Outcome<P>, remark: Remark) -> Result<Hint, ApiError> {
    let solved = p.view(pos).solved;
    let instead = match outcome {
        Outcome::Found(s) => {
            let length = s.length as u32;
            let next = p.solution_steps(s).into_iter().next();
            return Ok(Hint {
                solved,
                distance: Some(length),
                lower_bound: length,
                optimal: true,
                unreachable: false,
                distance_after: next.as_ref().map(|_| length - 1),
                next,
                method: method_text(p, s),
                nodes: s.nodes,
                millis: s.millis,
                note: remark(&s.heuristic),
                at_most: None,
                optimal_search: None,
            });
        }
        Outcome::Unreachable(why) => {
            let e = p.estimate(pos).map_err(api_error)?;
            return Ok(Hint {
                solved,
                distance: None,
                lower_bound: 0,
                optimal: false,
                unreachable: true,
                next: None,
                distance_after: None,
                method: e.method,
                nodes: 0,
                millis: Default::default(),
                note: Some(why.clone()),
                at_most: None,
                optimal_search: None,
            });
        }
        Outcome::Instead(instead) => instead,
    };
    match &instead.quick {
        Some(s) => {
            let (lower_bound, optimal, note) = instead.judged(s, remark);
            let length = s.length as u32;
            let next = p.solution_steps(s).into_iter().next();
            Ok(Hint {
                solved,
                distance: optimal.then_some(length),
                lower_bound,
                optimal,
                unreachable: false,
                distance_after: match optimal {
                    true => next.as_ref().map(|_| length - 1),
                    false => None,
                },
                next,
                method: method_text(p, s),
                nodes: s.nodes,
                millis: s.millis,
                note,
                at_most: (!optimal).then_some(length),
                optimal_search: instead.attempt.clone(),
            })
        }
        None => {
            let e = p.estimate(pos).map_err(api_error)?;
            let (lower_bound, nodes, elapsed) = instead.estimated(e.lower_bound);
            let mut note = Some(instead.why.clone());
            join_note(&mut note, "the move shown is the one the heuristic rates best");
            Ok(Hint {
                solved,
                distance: None,
                lower_bound,
                optimal: false,
                unreachable: false,
                next: e.next,
                distance_after: None,
                method: e.method,
                nodes,
                millis: elapsed.into(),
                note,
                at_most: None,
                optimal_search: instead.attempt.clone(),
            })
        }
    }
}

/// A solution from `position`, from its search: optimal, with the number of optimal
/// solutions when counting them is cheap within `limits`; else the facade's quicker one,
/// marked. `boards`: the view after each move.
pub fn solve(
    game: &Game,
    position: &Position,
    searched: &Searched,
    limits: &Limits,
    boards: bool,
) -> Result<Solved, ApiError> {
    let remark = |heuristic: &str| game.remark(heuristic);
    let mut solved = game.page().solve(position, searched, limits, boards, &remark)?;
    if let Some(note) = &searched.note {
        join_note(&mut solved.note, note);
    }
    Ok(solved)
}

/// The views after each of `steps`, read back through the facade.
fn views<P: Play>(p: &P, steps: &[Step]) -> Result<Vec<View>, ApiError> {
    steps
        .iter()
        .map(|s| {
            let pos =
                p.position(&s.board).map_err(|e| ApiError::internal(format!("a solution's board: {e} (a bug)")))?;
            Ok(p.view(&pos))
        })
        .collect()
}

/// An answer without a solution.
fn unsolved(lower_bound: u32, method: String, note: String) -> Solved {
    Solved {
        length: None,
        optimal: false,
        lower_bound,
        unreachable: false,
        moves: Vec::new(),
        boards: Vec::new(),
        metric: None,
        method,
        nodes: 0,
        millis: 0.0,
        optimal_solutions: None,
        count_note: None,
        note: Some(note),
        optimal_search: None,
    }
}

pub(crate) fn solve_of<P: Play>(
    p: &P,
    pos: &P::Input,
    outcome: &Outcome<P>,
    limits: &Limits,
    boards: bool,
    remark: Remark,
) -> Result<Solved, ApiError> {
    let metric = p.metric();
    let instead = match outcome {
        Outcome::Found(s) => {
            let moves = p.solution_steps(s);
            let boards = if boards { views(p, &moves)? } else { Vec::new() };
            let count =
                p.count(pos, &CountRequest { list: None, limits: count_limits(limits), style: Default::default() });
            let (optimal_solutions, count_note) = match count {
                Ok(c) => (Some(count_value(c.count.0)), Some(p.count_words().to_string())),
                Err(AnswerError::Limit(s)) => {
                    (None, Some(format!("not counted: counting stops at a small budget ({})", s.hit)))
                }
                Err(e) => return Err(api_error(e)),
            };
            return Ok(Solved {
                length: Some(s.length),
                optimal: true,
                lower_bound: s.length as u32,
                unreachable: false,
                moves,
                boards,
                metric,
                method: method_text(p, s),
                nodes: s.nodes,
                millis: s.millis.0,
                optimal_solutions,
                count_note,
                note: remark(&s.heuristic),
                optimal_search: None,
            });
        }
        Outcome::Unreachable(why) => {
            let e = p.estimate(pos).map_err(api_error)?;
            return Ok(Solved { unreachable: true, metric, ..unsolved(0, e.method, why.clone()) });
        }
        Outcome::Instead(instead) => instead,
    };
    match &instead.quick {
        Some(s) => {
            let (lower_bound, optimal, note) = instead.judged(s, remark);
            let moves = p.solution_steps(s);
            let boards = if boards { views(p, &moves)? } else { Vec::new() };
            Ok(Solved {
                length: Some(s.length),
                optimal,
                lower_bound,
                unreachable: false,
                moves,
                boards,
                metric,
                method: method_text(p, s),
                nodes: s.nodes,
                millis: s.millis.0,
                optimal_solutions: None,
                count_note: None,
                note,
                optimal_search: instead.attempt.clone(),
            })
        }
        None => {
            let e = p.estimate(pos).map_err(api_error)?;
            let (lower_bound, nodes, elapsed) = instead.estimated(e.lower_bound);
            let answer = unsolved(lower_bound, e.method, instead.why.clone());
            Ok(Solved { metric, nodes, millis: millis(elapsed), optimal_search: instead.attempt.clone(), ..answer })
        }
    }
}

/// The depth histogram of the game's whole space, and where `position` stands in it.
pub fn histogram(caches: &Caches, game: &Game, position: &Position, limits: &Limits) -> Result<Histogram, ApiError> {
    game.page().histogram(caches, game.key(), position, limits)
}

/// The histogram of `p`'s space from its goal ([`Play::goal_space`], kept under `key` for
/// next time), and the depth of `pos` in it; when the facade did not count it, why.
pub(crate) fn histogram_of<P>(
    p: &P,
    caches: &Caches,
    key: &str,
    pos: &P::Input,
    limits: &Limits,
) -> Result<Histogram, ApiError>
where
    P: Play + 'static,
    P::Input: 'static,
{
    let clock = Instant::now();
    let kept = caches.spaces.get(key).and_then(|s| s.downcast::<GoalSpace<P>>().ok());
    let space = match kept {
        Some(space) => space,
        None => match p.goal_space(limits) {
            Ok(space) => {
                let space = Arc::new(space);
                caches.spaces.keep(key.to_string(), space.clone(), space.bytes);
                space
            }
            Err(NotCounted::Said(note)) => {
                return Ok(Histogram {
                    available: false,
                    histogram: Vec::new(),
                    states: 0,
                    depth: None,
                    note,
                    millis: 0.0,
                })
            }
            Err(NotCounted::Answer(e)) => return Err(api_error(e)),
        },
    };
    Ok(Histogram {
        available: true,
        states: space.states(),
        histogram: space.histogram.clone(),
        depth: space.depth(p, pos, limits),
        note: space.note.clone(),
        millis: millis(clock.elapsed()),
    })
}

fn fresh_rng() -> rand_pcg::Pcg64 {
    rand_pcg::Pcg64::seed_from_u64(slide_core::answer::fresh_seed())
}

/// A uniformly random position that can reach the goal (`moves` = None), or the position
/// `moves` random moves from the goal (tiles, Goat) or from the puzzle's start (block
/// puzzles), never undoing the move before ([`Play::shuffle`]).
pub fn shuffle(game: &Game, moves: Option<u64>, limits: &Limits) -> Result<Position, ApiError> {
    if let Some(n) = moves.filter(|&n| n > MAX_SCRAMBLE) {
        return Err(ApiError::bad(format!("a scramble of {n} moves: at most {MAX_SCRAMBLE}")));
    }
    let mut rng = fresh_rng();
    game.page().shuffle(moves, &mut rng, limits).map_err(|e| match e {
        AnswerError::Limit(s) if s.hit != LimitHit::Interrupted => ApiError::bad(format!("the scramble stopped: {s}")),
        e => api_error(e),
    })
}

#[cfg(test)]
mod tests;
