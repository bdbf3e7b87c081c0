//! A verdict on every move of a solve: for each move, the optimal distance to the goal
//! before and after it, and so the moves it lost (0 for a move of some shortest solution, 2
//! for one away from the goal in the single-tile metric; 0, 1 or 2 in the multi-tile
//! metric), the total excess over optimal, the first wrong move, and an optimal
//! continuation from every position, as slidy's `opt-diff` does for a whole solution.
//!
//! Distances are optimal on boards of up to 16 cells (the 15-puzzle, 2x8, ...), in both
//! metrics, found by the facade's optimal search (exact tables up to 10 cells, IDA* with the
//! pattern databases at hand on 4x4) within the budget; past that, or when the budget runs
//! out, they are proven lower bounds, marked so ([`Distance::AtLeast`]), and the moves lost
//! and the excess are left unknown rather than guessed.
//!
//! ```
//! use fifteen::facade::{Tiles, FIFTEEN};
//! use fifteen::verdict::{verdict, Distance};
//! use fifteen::Grid;
//! use slide_core::answer::Settings;
//! use slide_core::notation::{read, Convention};
//! use slide_core::search::Limits;
//!
//! let tiles = Tiles::new(&FIFTEEN, None, &Settings::default()).unwrap();
//! let start: Grid = "1 2 3 / 4 5 6 / 0 7 8".parse().unwrap();
//! // Two moves from the goal, solved in four: the first move, D, went the wrong way.
//! let moves = read("D U L L", Convention::TileMoves).unwrap();
//! let v = verdict(&tiles, &start, &moves, &Limits::default()).unwrap();
//! assert_eq!(v.optimal, Distance::Exact(2));
//! assert_eq!((v.excess, v.first_wrong), (Some(2), Some(0)));
//! assert_eq!(v.moves[0].lost, Some(2));
//! assert_eq!(v.moves[1].optimal_from_here.as_deref(), Some("ULL"));
//! ```

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde::Serialize;
use slide_core::answer::{Algorithm, AnswerError, Facade, Play, SolveRequest};
use slide_core::notation::{runs, write, Convention, Move, Notation};
use slide_core::search::Limits;
use slide_core::units::quantity;
use thiserror::Error;

use crate::facade::{TileInput, Tiles};
use crate::mtm::MAX_MTM_CELLS;
use crate::play::play_move;
use crate::Metric;
use crate::{Direction, Grid};

/// The largest board (in cells) whose distances are searched for: the 15-puzzle's.
pub const MAX_SEARCHED_CELLS: usize = 16;

/// A distance to the goal: exact, or a proven lower bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "moves", rename_all = "snake_case")]
pub enum Distance {
    /// The optimal distance.
    Exact(u32),
    /// At least this many moves (the search did not finish, or the board is past 4x4).
    AtLeast(u32),
}

impl Distance {
    /// The moves: the distance, or its lower bound.
    #[cfg(test)]
    pub(crate) fn moves(self) -> u32 {
        match self {
            Distance::Exact(d) | Distance::AtLeast(d) => d,
        }
    }

    /// The distance when it is exact.
    pub(crate) fn exact(self) -> Option<u32> {
        match self {
            Distance::Exact(d) => Some(d),
            Distance::AtLeast(_) => None,
        }
    }
}

impl std::fmt::Display for Distance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Distance::Exact(d) => write!(f, "{d}"),
            Distance::AtLeast(d) => write!(f, ">={d}"),
        }
    }
}

/// The verdict on one move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveVerdict {
    /// The move as played, in runs notation (`R`, or `R3` for one multi-tile move).
    pub notation: String,
    /// The distance before it.
    pub before: Distance,
    /// The distance after it.
    pub after: Distance,
    /// The moves it lost: `after - before + 1` (0: it belongs to a shortest solution); null
    /// when a distance is only a bound.
    pub lost: Option<u32>,
    /// A shortest solution from the position before it, in runs notation, when one was found.
    pub optimal_from_here: Option<String>,
}

/// The verdict on a solve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    /// How moves are counted: `stm` or `mtm`.
    pub metric: &'static str,
    /// The position the moves start from, as BOARD text.
    pub start: String,
    /// The moves played, in the metric.
    pub length: usize,
    /// Whether the moves end at the goal.
    pub solved: bool,
    /// The optimal distance from the start.
    pub optimal: Distance,
    /// The distance left at the end (0 when solved).
    pub remaining: Distance,
    /// The moves lost in all: the moves played and still needed, less the optimal distance
    /// (the sum of every move's loss); null when a distance is only a bound.
    pub excess: Option<u32>,
    /// The first move that lost something (from 0), when the moves before it are known to
    /// lose nothing.
    pub first_wrong: Option<usize>,
    /// Whether every distance is exact.
    pub exact: bool,
    /// A shortest solution from the end, when it is not the goal.
    pub optimal_from_end: Option<String>,
    /// Each move's verdict, in order.
    pub moves: Vec<MoveVerdict>,
    /// How the distances were found.
    pub method: String,
    /// What to know: bounds and why.
    pub note: Option<String>,
}

/// Why a verdict cannot be given.
#[derive(Debug, Error)]
pub enum VerdictError {
    /// A move the board cannot make.
    #[error("move {index} ({mv}) cannot be played on {board}")]
    Illegal {
        /// Its place, from 1.
        index: usize,
        /// The move.
        mv: String,
        /// The board before it.
        board: String,
    },
    /// The facade refused (a board of another size, Ctrl-C, a bug).
    #[error("{0}")]
    Facade(#[from] AnswerError),
}

/// What is known of one position.
#[derive(Clone)]
struct Known {
    distance: Distance,
    /// A shortest solution from it, in the metric's moves.
    path: Option<Vec<Move>>,
}

/// The positions met, and how their distances are found.
struct Judge<'a> {
    tiles: &'a Tiles,
    metric: Metric,
    limits: Limits,
    deadline: Option<Instant>,
    known: HashMap<Grid, Known>,
    method: Option<String>,
    bounds_only: Option<String>,
    ran_out: bool,
}

impl Judge<'_> {
    fn input(&self, board: &Grid) -> Result<TileInput, AnswerError> {
        self.tiles.parse(&board.text())
    }

    /// A proven lower bound: the facade's estimate (raised to the solutions' parity) in the
    /// single-tile metric; in the multi-tile metric, Manhattan distance plus linear
    /// conflicts over the most tiles one move slides.
    fn bound(&self, board: &Grid, input: &TileInput) -> Result<u32, AnswerError> {
        if board == input.goal() {
            return Ok(0);
        }
        match self.metric {
            Metric::SingleTile => Ok(self.tiles.estimate(input)?.lower_bound),
            Metric::MultiTile => {
                let shape = board.shape();
                let longest = (shape.rows().max(shape.cols()) - 1) as u64;
                Ok(crate::bound::lower_bound(board, input.goal()).div_ceil(longest).max(1) as u32)
            }
        }
    }

    fn distance(&mut self, board: &Grid) -> Result<Known, AnswerError> {
        if let Some(k) = self.known.get(board) {
            return Ok(k.clone());
        }
        let input = self.input(board)?;
        if board == input.goal() {
            let k = Known { distance: Distance::Exact(0), path: Some(Vec::new()) };
            self.known.insert(board.clone(), k.clone());
            return Ok(k);
        }
        let remaining = self.deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let k = if self.bounds_only.is_some() || remaining == Some(Duration::ZERO) {
            self.ran_out |= remaining == Some(Duration::ZERO);
            Known { distance: Distance::AtLeast(self.bound(board, &input)?), path: None }
        } else {
            let limits = Limits { timeout: remaining, ..self.limits };
            match self.tiles.solve(&input, &SolveRequest::new(Algorithm::Idastar, limits)) {
                Ok(s) => {
                    if self.method.is_none() {
                        let h =
                            if s.heuristic == "exact" { "the exact distance table".to_string() } else { s.heuristic };
                        self.method = Some(format!("IDA* with {h}"));
                    }
                    let steps = s.path.moves.iter().map(|&d| Move::one(d));
                    let path = match self.metric {
                        Metric::SingleTile => steps.collect(),
                        // A shortest multi-tile solution never moves twice one way in a row.
                        Metric::MultiTile => runs(steps),
                    };
                    Known { distance: Distance::Exact(s.length as u32), path: Some(path) }
                }
                Err(AnswerError::Limit(stopped)) => {
                    if stopped.hit == slide_core::search::LimitHit::Interrupted {
                        return Err(AnswerError::Limit(stopped));
                    }
                    self.ran_out = true;
                    let proven = stopped.lower_bound.unwrap_or(0);
                    Known { distance: Distance::AtLeast(proven.max(self.bound(board, &input)?)), path: None }
                }
                Err(e) => return Err(e),
            }
        };
        self.known.insert(board.clone(), k.clone());
        Ok(k)
    }
}

/// Moves as speedsolvers write them: LURD letters in the single-tile metric, runs (`R3`)
/// in the multi-tile metric.
fn text(moves: &[Move], metric: Metric) -> String {
    match metric {
        Metric::SingleTile => write(moves, Notation::Lurd, Convention::TileMoves),
        // Each move on its own, so that `L L` (two moves) is not read back as `L2` (one).
        Metric::MultiTile => moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" "),
    }
}

/// The verdict on `moves` played from `start`, each move counted in `tiles`' metric (in the
/// single-tile metric `R3` is three moves), within `limits` for all the searches together.
pub fn verdict(tiles: &Tiles, start: &Grid, moves: &[Move], limits: &Limits) -> Result<Verdict, VerdictError> {
    let metric = tiles.metric();
    let cells = start.shape().cells();
    let searched = match metric {
        Metric::SingleTile => MAX_SEARCHED_CELLS,
        Metric::MultiTile => MAX_MTM_CELLS,
    };
    let bounds_only = (cells > searched).then(|| {
        format!(
            "a {} board is past the boards whose distances are searched for (up to {searched} cells): every \
             distance but the goal's is a proven lower bound",
            start.shape()
        )
    });
    let mut judge = Judge {
        tiles,
        metric,
        limits: *limits,
        deadline: limits.timeout.map(|t| Instant::now() + t),
        known: HashMap::new(),
        method: None,
        bounds_only,
        ran_out: false,
    };
    // In the single-tile metric `R3` is three moves.
    let singles: Vec<Move>;
    let moves = match metric {
        Metric::SingleTile => {
            singles = slide_core::notation::steps(moves).map(Move::one).collect();
            &singles[..]
        }
        Metric::MultiTile => moves,
    };
    // The positions along the way, each move checked.
    let mut boards = vec![start.clone()];
    for (i, &mv) in moves.iter().enumerate() {
        let mut next = boards[i].clone();
        play_move(&mut next, mv).map_err(|_| VerdictError::Illegal {
            index: i + 1,
            mv: mv.to_string(),
            board: boards[i].text(),
        })?;
        boards.push(next);
    }
    let mut known = Vec::with_capacity(boards.len());
    for (i, board) in boards.iter().enumerate() {
        // A move along the shortest solution found before it is one move nearer, known.
        let followed = i.checked_sub(1).and_then(|p| {
            let before: &Known = &known[p];
            match (before.distance, &before.path) {
                (Distance::Exact(d), Some(path)) if path.first() == Some(&moves[p]) => {
                    Some(Known { distance: Distance::Exact(d - 1), path: Some(path[1..].to_vec()) })
                }
                _ => None,
            }
        });
        let k = match followed {
            Some(k) => {
                judge.known.entry(board.clone()).or_insert_with(|| k.clone());
                k
            }
            None => judge.distance(board)?,
        };
        known.push(k);
    }
    let verdicts: Vec<MoveVerdict> = moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let (before, after) = (known[i].distance, known[i + 1].distance);
            MoveVerdict {
                notation: mv.to_string(),
                before,
                after,
                lost: match (before.exact(), after.exact()) {
                    (Some(b), Some(a)) => Some(a + 1 - b),
                    _ => None,
                },
                optimal_from_here: known[i].path.as_deref().map(|p| text(p, metric)),
            }
        })
        .collect();
    let last = known.last().expect("the start at least");
    let optimal = known[0].distance;
    let exact = known.iter().all(|k| k.distance.exact().is_some());
    let excess = match exact {
        true => Some(verdicts.iter().filter_map(|v| v.lost).sum()),
        false => None,
    };
    let first_wrong =
        verdicts.iter().position(|v| v.lost != Some(0)).filter(|&i| verdicts[i].lost.is_some_and(|l| l > 0));
    let end = boards.last().expect("the start at least");
    let solved = last.distance == Distance::Exact(0) && judge.input(end)?.goal() == end;
    let mut notes = Vec::new();
    if let Some(why) = &judge.bounds_only {
        notes.push(why.clone());
    }
    if judge.ran_out {
        notes.push("the budget ran out: the distances marked >= are proven lower bounds".to_string());
    }
    let method = match (&judge.method, &judge.bounds_only) {
        (Some(m), _) => m.clone(),
        (None, Some(_)) => match metric {
            Metric::SingleTile => "lower bounds of the heuristic at hand".to_string(),
            Metric::MultiTile => "Manhattan distance plus linear conflicts over the longest slide".to_string(),
        },
        (None, None) => "no search was needed".to_string(),
    };
    Ok(Verdict {
        metric: metric.name(),
        start: start.text(),
        length: moves.len(),
        solved,
        optimal,
        remaining: last.distance,
        excess,
        first_wrong,
        exact,
        optimal_from_end: (!solved).then(|| last.path.as_deref().map(|p| text(p, metric))).flatten(),
        moves: verdicts,
        method,
        note: (!notes.is_empty()).then(|| notes.join("; ")),
    })
}

/// The verdict in words: one line a move (its number, the move, the distances before and
/// after, the moves lost, and a shortest solution from before it), then a summary.
pub fn verdict_text(v: &Verdict) -> String {
    let mut out =
        format!("{:>5}  {:<5} {:>6} {:>6} {:>5}  optimal from here\n", "move", "made", "before", "after", "lost");
    for (i, m) in v.moves.iter().enumerate() {
        let lost = m.lost.map_or("?".to_string(), |l| l.to_string());
        let from = m.optimal_from_here.as_deref().unwrap_or("(not searched)");
        out += &format!(
            "{:>5}  {:<5} {:>6} {:>6} {:>5}  {}\n",
            i + 1,
            m.notation,
            m.before.to_string(),
            m.after.to_string(),
            lost,
            if from.is_empty() { "(the goal)" } else { from }
        );
    }
    let metric = v.metric.to_uppercase();
    out += &format!("{} played ({metric}), optimal {}", quantity(v.length as u64, "move"), v.optimal);
    match (v.excess, v.first_wrong) {
        (Some(e), Some(w)) => {
            out +=
                &format!("; {} lost in all, the first by move {} ({})", quantity(e, "move"), w + 1, v.moves[w].notation)
        }
        (Some(0), None) => out += "; every move optimal",
        (Some(e), None) => out += &format!("; {} lost in all", quantity(e, "move")),
        (None, _) => out += "; some distances are only bounds, so the moves lost are not all known",
    }
    if !v.solved {
        out += &format!("; the goal is {} away", v.remaining);
    }
    out += &format!(" ({})\n", v.method);
    if let Some(note) = &v.note {
        out += &format!("note: {note}\n");
    }
    out
}

/// The single-tile moves a string of LURD letters makes (the way each tile moves), grouped
/// for `metric`: in the multi-tile metric, consecutive letters of one direction that `group`
/// says were one gesture (a click on a line) are one move.
pub fn letters_to_moves(letters: &str, metric: Metric, group: impl Fn(usize) -> bool) -> Option<Vec<Move>> {
    let mut out: Vec<Move> = Vec::new();
    for (i, c) in letters.chars().enumerate() {
        let d = match c {
            'U' => Direction::Up,
            'D' => Direction::Down,
            'L' => Direction::Left,
            'R' => Direction::Right,
            _ => return None,
        };
        match out.last_mut() {
            Some(last) if metric == Metric::MultiTile && last.direction() == d && i > 0 && group(i) => {
                *last = Move::new(d, last.count() + 1)?;
            }
            _ => out.push(Move::one(d)),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use slide_core::answer::Settings;
    use slide_core::notation::read;

    use crate::facade::FIFTEEN;
    use crate::Shape;

    fn tiles(metric: Metric) -> Tiles {
        Tiles::with_metric(&FIFTEEN, None, metric, &Settings::default()).unwrap()
    }

    /// Breadth-first distances of every 2x3 position, the independent reference.
    fn bfs_2x3() -> HashMap<Grid, u32> {
        let shape = Shape::new(2, 3).unwrap();
        let goal = Grid::goal(shape);
        let mut dist = HashMap::from([(goal.clone(), 0)]);
        let mut frontier = vec![goal];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for g in frontier {
                for d in [Direction::Up, Direction::Down, Direction::Left, Direction::Right] {
                    let mut child = g.clone();
                    if child.slide(d).is_some() && !dist.contains_key(&child) {
                        dist.insert(child.clone(), dist[&g] + 1);
                        next.push(child);
                    }
                }
            }
            frontier = next;
        }
        dist
    }

    #[test]
    fn every_distance_is_the_breadth_first_one_and_the_losses_add_up() {
        use rand::{RngExt, SeedableRng};
        let dist = bfs_2x3();
        let t = tiles(Metric::SingleTile);
        let mut rng = rand_pcg::Pcg64::seed_from_u64(5);
        for _ in 0..30 {
            // A random walk that ends with a shortest solution: a solve with wrong moves in it.
            let mut board = crate::scramble::random_grid(&Grid::goal(Shape::new(2, 3).unwrap()), &mut rng);
            let start = board.clone();
            let mut moves = Vec::new();
            for _ in 0..rng.random_range(0..12) {
                let d = [Direction::Up, Direction::Down, Direction::Left, Direction::Right][rng.random_range(0..4)];
                if board.slide(d).is_some() {
                    moves.push(Move::one(d));
                }
            }
            let v = verdict(&t, &start, &moves, &Limits::default()).unwrap();
            let finish = read(v.optimal_from_end.as_deref().unwrap_or(""), Convention::TileMoves).unwrap();
            moves.extend(finish);
            let v = verdict(&t, &start, &moves, &Limits::default()).unwrap();
            assert!(v.solved && v.exact);
            let mut b = start.clone();
            for (m, mv) in v.moves.iter().zip(&moves) {
                assert_eq!(m.before, Distance::Exact(dist[&b]));
                play_move(&mut b, *mv).unwrap();
                assert_eq!(m.after, Distance::Exact(dist[&b]));
                let from = read(m.optimal_from_here.as_deref().unwrap(), Convention::TileMoves).unwrap();
                assert_eq!(from.len() as u32, m.before.moves(), "a shortest continuation");
            }
            assert_eq!(v.excess, Some(moves.len() as u32 - dist[&start]));
            let wrong = v.moves.iter().position(|m| m.lost == Some(2));
            assert_eq!(v.first_wrong, wrong);
        }
    }

    #[test]
    fn multi_tile_moves_count_once() {
        let t = tiles(Metric::MultiTile);
        let start: Grid = "1 2 3 / 4 5 6 / 0 7 8".parse().unwrap();
        let v = verdict(&t, &start, &read("L2", Convention::TileMoves).unwrap(), &Limits::default()).unwrap();
        assert_eq!((v.optimal, v.excess, v.length), (Distance::Exact(1), Some(0), 1));
        let v = verdict(&t, &start, &read("L L", Convention::TileMoves).unwrap(), &Limits::default()).unwrap();
        assert_eq!((v.excess, v.first_wrong), (Some(1), Some(0)), "L then L is one move too many");
        let stm = tiles(Metric::SingleTile);
        let v = verdict(&stm, &start, &read("L2", Convention::TileMoves).unwrap(), &Limits::default()).unwrap();
        assert_eq!((v.length, v.excess), (2, Some(0)), "L2 is two single-tile moves");
        let moves = letters_to_moves("LLU", Metric::MultiTile, |_| true).unwrap();
        assert_eq!(text(&moves, Metric::MultiTile), "L2 U");
        assert_eq!(text(&letters_to_moves("LLU", Metric::MultiTile, |i| i != 1).unwrap(), Metric::MultiTile), "L L U");
    }

    #[test]
    fn past_4x4_the_distances_are_bounds_marked_so() {
        let t = tiles(Metric::SingleTile);
        let start: Grid = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 0 24".parse().unwrap();
        let v = verdict(&t, &start, &read("L", Convention::TileMoves).unwrap(), &Limits::default()).unwrap();
        assert_eq!(v.moves[0].before, Distance::AtLeast(1));
        assert_eq!(v.moves[0].after, Distance::Exact(0), "the goal is known");
        assert!(!v.exact && v.excess.is_none() && v.note.unwrap().contains("lower bound"));
        let bad = verdict(&t, &start, &read("U", Convention::TileMoves).unwrap(), &Limits::default());
        assert!(bad.unwrap_err().to_string().contains("cannot be played"));
    }
}
