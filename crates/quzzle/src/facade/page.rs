//! A block puzzle on a page: [`Blocks`] made with [`Blocks::playing`] implements
//! slide_core's [`Play`] for that one puzzle. Positions are its board with the blocks placed
//! anew; a person moves one block one cell at a time (a page counts consecutive slides of
//! one block as one move under the line and block metrics), and the goal is drawn where it
//! wants its blocks.

use std::sync::Arc;

use rand::RngExt;
use rustc_hash::FxHashMap;
use slide_core::answer::{
    Algorithm as Method, Analysis, AnswerError, Cause, Estimate, Facade, GoalSpace, NotCounted, Piece, Play, Solution,
    SolveRequest, SpaceWords, Step, Target, View,
};
use slide_core::progress::NoProgress;
use slide_core::search::{LimitHit, Limits};
use slide_core::units::thousands;
use slide_core::{Heuristic, Puzzle};

use super::{lines, BlockSpace, Blocks};
use crate::engine::bits;
use crate::parse::{is_label, render, render_canonical, rows_of};
use crate::{goal_distances, label_path, GoalDistance, Instance, Metric, Move, State};

/// Each position's distance from the nearest goal, as an analysis from the goal keeps them
/// for a page (none in other analyses).
#[derive(Clone, Default)]
pub(crate) struct Depths(Option<Arc<FxHashMap<State, u32>>>);

impl std::fmt::Debug for Depths {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(d) => write!(f, "Depths({} positions)", d.len()),
            None => write!(f, "Depths(none)"),
        }
    }
}

/// The analysis of `puzzle` from its goal: every position its start reaches, by its distance
/// from the nearest goal (none when no goal is reachable), with those distances kept.
pub(super) fn from_goal(puzzle: &Instance, limits: &Limits) -> Result<Analysis<Blocks>, AnswerError> {
    let d = goal_distances(&puzzle.board, puzzle.start, |s| puzzle.is_goal(s), limits)?;
    let deepest = d.histogram.len().saturating_sub(1) as u32;
    let mut far: Vec<State> = d.distances.iter().filter(|&(_, &at)| at == deepest).map(|(s, _)| *s).collect();
    far.sort();
    let antipodes: Vec<String> = far.iter().map(|s| render_canonical(&puzzle.board, s, &puzzle.blocks)).collect();
    let goal_states = d.histogram.first().copied().unwrap_or(0);
    let words = SpaceWords {
        title: format!(
            "{} ({}x{}, metric {}; blocks of one shape interchangeable), from the goal",
            puzzle.name, puzzle.board.rows, puzzle.board.cols, puzzle.board.metric
        ),
        origin: "the goal",
        chart_title: format!("quzzle {} from the goal ({} metric)", puzzle.name, puzzle.board.metric),
        antipodes: antipodes.iter().map(|b| lines(b, puzzle.board.cols)).collect(),
        notes: vec![match goal_states {
            0 => "the goal is not reachable from the start".to_string(),
            n => format!("{} positions the start reaches, {} of them goals", thousands(d.states), thousands(n)),
        }],
    };
    let space = BlockSpace {
        input: puzzle.into(),
        goal_depth: (goal_states > 0).then_some(0),
        goal_states,
        nodes: d.nodes,
        depths: Depths(Some(Arc::new(d.distances))),
    };
    Ok(Analysis::new(space, d.histogram, antipodes, d.elapsed, words))
}

/// A position as rows separated by `/`: how a page sends it back.
fn rows_text(inst: &Instance, one_line: &str) -> String {
    rows_of(one_line, inst.board.cols).join("/")
}

/// The size classes of a puzzle, sorted: `(width, height, count)`.
fn block_sizes(inst: &Instance) -> Vec<(u8, u8, u8)> {
    let mut sizes: Vec<_> = inst.board.classes.iter().map(|c| (c.w, c.h, c.count)).collect();
    sizes.sort();
    sizes
}

fn describe_sizes(inst: &Instance) -> String {
    let parts: Vec<String> = block_sizes(inst).iter().map(|(w, h, n)| format!("{n} of {w}x{h}")).collect();
    parts.join(", ")
}

/// The top-left cell of the block labelled `label` on `board` (one character per cell).
fn origin_of(board: &str, label: char) -> Option<usize> {
    board.chars().position(|c| c == label)
}

/// The steps of `moves` from the start of `inst`, each block keeping its label.
fn steps_of(inst: &Instance, moves: &[Move]) -> Vec<Step> {
    let cols = inst.board.cols;
    label_path(inst, moves)
        .into_iter()
        .zip(moves)
        .map(|(step, mv)| Step {
            piece: step.label.to_string(),
            row: mv.from as usize / cols,
            col: mv.from as usize % cols,
            dirs: step.dirs.clone(),
            board: rows_text(inst, &step.board),
        })
        .collect()
}

/// Where the goal wants each block it names: the cells it marks with the label, or the
/// block's whole footprint when only one place fits them.
fn targets(inst: &Instance) -> Vec<Target> {
    let cols = inst.board.cols;
    let mut labels: Vec<char> = Vec::new();
    for c in inst.goal_text.chars().filter(|&c| is_label(c)) {
        if !labels.contains(&c) {
            labels.push(c);
        }
    }
    labels
        .into_iter()
        .filter_map(|label| {
            let block = inst.blocks.iter().find(|b| b.label == label)?;
            let marked: Vec<usize> =
                inst.goal_text.chars().enumerate().filter(|&(_, c)| c == label).map(|(i, _)| i).collect();
            let class = &inst.board.classes[block.class];
            let fits: Vec<usize> = bits(class.valid)
                .filter(|&o| marked.iter().all(|&cell| class.footprint(o) & (1 << cell) != 0))
                .collect();
            let (row, col, width, height) = match fits[..] {
                [origin] => (origin / cols, origin % cols, class.w as usize, class.h as usize),
                _ => {
                    let rows = marked.iter().map(|&i| i / cols);
                    let columns = marked.iter().map(|&i| i % cols);
                    let (r0, r1) = (rows.clone().min()?, rows.max()?);
                    let (c0, c1) = (columns.clone().min()?, columns.max()?);
                    (r0, c0, c1 - c0 + 1, r1 - r0 + 1)
                }
            };
            Some(Target {
                label: label.to_string(),
                name: format!("the goal of block {label}"),
                row,
                col,
                width,
                height,
            })
        })
        .collect()
}

impl Blocks {
    /// The puzzle played: the one given to [`Blocks::playing`], else the default one.
    fn played(&self) -> Result<Instance, AnswerError> {
        match &self.played {
            Some(inst) => Ok(inst.clone()),
            None => self.parse(&self.default_inputs()[0]),
        }
    }
}

impl Play for Blocks {
    fn title(&self) -> String {
        self.played.as_ref().map_or_else(|| "a block puzzle".into(), |p| p.name.clone())
    }

    fn metric(&self) -> Option<&'static str> {
        self.played.as_ref().map(|p| p.board.metric.name())
    }

    fn start(&self) -> Instance {
        self.played().unwrap_or_else(|_| Instance::pennant(Metric::default()))
    }

    /// A position of the puzzle played: the same board, walls and blocks (by size), placed
    /// anew, towards the same goal.
    fn position(&self, text: &str) -> Result<Instance, AnswerError> {
        let puzzle = self.played()?;
        let size = Some((puzzle.board.rows, puzzle.board.cols));
        let inst = Instance::new(&puzzle.name, text, Some(&puzzle.goal_text), size, puzzle.board.metric)
            .map_err(|e| AnswerError::Input(Cause::new(e)))?;
        if inst.board.walls != puzzle.board.walls {
            return Err(AnswerError::Input(format!("the walls (#) are not where {}'s are", puzzle.name).into()));
        }
        if block_sizes(&inst) != block_sizes(&puzzle) {
            return Err(AnswerError::Input(
                format!(
                    "the blocks are not {}'s: it has {}, the position has {}",
                    puzzle.name,
                    describe_sizes(&puzzle),
                    describe_sizes(&inst)
                )
                .into(),
            ));
        }
        Ok(inst)
    }

    fn view(&self, position: &Instance) -> View {
        let inst = position;
        let cols = inst.board.cols;
        let goal_labels: Vec<char> = inst.goal_text.chars().filter(|c| is_label(*c)).collect();
        let pieces = inst
            .blocks
            .iter()
            .map(|b| {
                let class = &inst.board.classes[b.class];
                let (w, h) = (class.w as usize, class.h as usize);
                Piece {
                    label: b.label.to_string(),
                    name: format!("block {} ({w}x{h})", b.label),
                    row: b.origin / cols,
                    col: b.origin % cols,
                    width: w,
                    height: h,
                    home: goal_labels.contains(&b.label),
                    caption: None,
                }
            })
            .collect();
        View {
            rows: inst.board.rows,
            cols,
            text: rows_text(inst, &render(&inst.board, &inst.blocks)),
            pieces,
            walls: bits(inst.board.walls).map(|w| [w / cols, w % cols]).collect(),
            solved: inst.is_goal(&inst.start),
            targets: targets(inst),
        }
    }

    /// One-cell slides of one block, under any metric.
    fn steps(&self, position: &Instance) -> Vec<Step> {
        let cells = position.with_metric(Metric::Cell);
        let mut slides = Vec::new();
        cells.board.for_each_successor(&cells.start, |mv, _| slides.push(mv));
        slides.into_iter().flat_map(|mv| steps_of(&cells, &[mv])).collect()
    }

    fn solution_steps(&self, solution: &Solution<Self>) -> Vec<Step> {
        let inst = &solution.path.instance;
        let cols = inst.board.cols;
        let mut before = inst.start_text();
        solution
            .path
            .steps
            .iter()
            .map(|step| {
                let from = origin_of(&before, step.label).unwrap_or(0);
                before = step.board.clone();
                Step {
                    piece: step.label.to_string(),
                    row: from / cols,
                    col: from % cols,
                    dirs: step.dirs.clone(),
                    board: rows_text(inst, &step.board),
                }
            })
            .collect()
    }

    fn estimate(&self, position: &Instance) -> Result<Estimate, AnswerError> {
        let inst = position;
        let h = GoalDistance::new(&inst.board, &inst.goal);
        let mut best: Option<(u32, Move)> = None;
        inst.board.for_each_successor(&inst.start, |mv, child| {
            let e = h.estimate(&child);
            if best.as_ref().is_none_or(|(b, _)| e < *b) {
                best = Some((e, mv));
            }
        });
        Ok(Estimate {
            lower_bound: h.estimate(&inst.start),
            next: best.and_then(|(_, mv)| steps_of(inst, &[mv]).pop()),
            method: format!("breadth-first search, {} metric", inst.board.metric),
        })
    }

    /// Breadth-first search: block puzzles' spaces are small, and it is the quickest.
    fn optimal_method(&self, _: &Instance) -> Option<Method> {
        Some(Method::Bfs)
    }

    /// The generic solver's depth-first search: a solution, not a shortest one, with the
    /// goal blocks' distance as its lower bound (None when `limits` stop it too).
    fn quick_solution(&self, position: &Instance, limits: &Limits) -> Result<Option<Solution<Self>>, AnswerError> {
        match self.solve(position, &SolveRequest::new(Method::Dfs { max_depth: None }, *limits)) {
            Ok(s) => Ok(Some(s)),
            Err(AnswerError::Limit(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn count_words(&self) -> &'static str {
        "distinct optimal solutions (blocks of one size that the goal does not name are alike)"
    }

    /// The positions the puzzle's start reaches, by their distance from the goal
    /// ([`Facade::analyze`] from the goal), each position's depth kept. Ctrl-C is answered as
    /// it is; another stop, or a goal out of reach, is said beside the empty histogram.
    fn goal_space(&self, limits: &Limits) -> Result<GoalSpace<Self>, NotCounted> {
        let puzzle = self.played()?;
        let page;
        let facade = match self.played {
            Some(_) => self,
            None => {
                page = Blocks::playing(puzzle.clone());
                &page
            }
        };
        let a = facade.analyze(None, limits, &NoProgress).map_err(|e| match e {
            AnswerError::Limit(s) if s.hit != LimitHit::Interrupted => NotCounted::Said(format!(
                "the positions of {} were not all counted within the budget ({})",
                puzzle.name, s.hit
            )),
            e => NotCounted::Answer(e),
        })?;
        let name = &puzzle.name;
        let Some(depths) = a.space.depths.0.filter(|d| !d.is_empty()) else {
            return Err(NotCounted::Said(format!("the goal cannot be reached from {name}'s start")));
        };
        let entry = std::mem::size_of::<(State, u32)>() as u64 + 1;
        let bytes = depths.capacity() as u64 * entry + a.histogram.len() as u64 * 8;
        Ok(GoalSpace {
            histogram: a.histogram,
            note: format!(
                "positions reachable from {name}'s start, by their distance from the goal ({} metric)",
                puzzle.board.metric.name()
            ),
            depths: Some(Box::new(move |position: &Instance| depths.get(&position.start).copied())),
            bytes,
        })
    }

    /// `moves` one-cell slides from the puzzle's start, or (None) a uniformly random position
    /// among those the start reaches that can reach the goal.
    fn shuffle(&self, moves: Option<u64>, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<Instance, AnswerError> {
        let puzzle = self.played()?;
        let state = match moves {
            None => {
                let d = goal_distances(&puzzle.board, puzzle.start, |s| puzzle.is_goal(s), limits)?;
                if d.distances.is_empty() {
                    return Err(AnswerError::Input(
                        format!("the goal cannot be reached from {}'s start, so no position is drawn", puzzle.name)
                            .into(),
                    ));
                }
                // In a fixed order, so that a seeded generator draws the same position.
                let mut states: Vec<_> = d.distances.keys().copied().collect();
                states.sort();
                states[rng.random_range(0..states.len())]
            }
            Some(n) => {
                let cells = puzzle.with_metric(Metric::Cell);
                slide_core::search::scramble(&cells.board, cells.start, n, limits, |k| rng.random_range(0..k))?
            }
        };
        let text = render_canonical(&puzzle.board, &state, &puzzle.blocks);
        self.position(&rows_text(&puzzle, &text))
            .map_err(|e| AnswerError::Bug(format!("a drawn position does not read back: {e} (a bug)").into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles;

    fn klotski() -> Blocks {
        let inst = crate::parse::instance_from_file(puzzles::named("klotski").unwrap(), "klotski", None).unwrap();
        Blocks::playing(inst)
    }

    #[test]
    fn klotski_s_exit_is_drawn_where_the_2x2_block_leaves() {
        let k = klotski();
        let view = k.view(&k.start());
        assert_eq!(view.targets.len(), 1);
        let t = &view.targets[0];
        assert_eq!((t.label.as_str(), t.row, t.col, t.width, t.height), ("B", 3, 1, 2, 2));
    }

    #[test]
    fn a_solution_s_steps_start_where_their_blocks_stand() {
        let k = klotski();
        let start = k.start();
        let s = k.solve(&start, &SolveRequest::new(Method::Bfs, Limits::default())).unwrap();
        let steps = k.solution_steps(&s);
        assert_eq!(steps.len(), 81);
        let mut view = k.view(&start);
        for step in &steps {
            assert!(view.pieces.iter().any(|p| p.label == step.piece && (p.row, p.col) == (step.row, step.col)));
            view = k.view(&k.position(&step.board).unwrap());
        }
        assert!(view.solved);
    }

    #[test]
    fn a_position_must_have_the_puzzle_s_blocks_and_walls() {
        let k = klotski();
        let e = k.position("ABBC/ABBC/DEEF/DGHF/IIJ.").unwrap_err().to_string();
        assert!(e.contains("blocks are not"), "{e}");
        let mut rng = rand_pcg::Pcg64::new(1, 2);
        let p = k.shuffle(None, &mut rng, &Limits::default()).unwrap();
        assert!(k.quick_solution(&p, &Limits::default()).unwrap().is_some_and(|s| !s.optimal || s.length == 0));
    }

    /// A page's puzzle is analysed from its goal: the positions its start reaches, by their
    /// distance from the nearest goal (the histogram `goal_distances` gives), each one's kept;
    /// the command line's analysis of the same puzzle stays from the start.
    #[test]
    fn a_page_s_puzzle_is_analysed_from_its_goal() {
        let k = klotski();
        let limits = Limits::default();
        let start = k.start();
        let d = goal_distances(&start.board, start.start, |s| start.is_goal(s), &limits).unwrap();
        let a = k.analyze(None, &limits, &NoProgress).unwrap();
        assert_eq!((a.histogram.clone(), a.states, a.words.origin), (d.histogram.clone(), 25_955, "the goal"));
        assert_eq!(a.space.goal_depth, Some(0));
        assert_eq!(a.space.goal_states, d.histogram[0]);
        let from_start = k.analyze(Some(&start), &limits, &NoProgress).unwrap();
        assert_eq!(from_start.states, 25_955);
        assert_ne!(from_start.histogram, a.histogram);
        let space = k.goal_space(&limits).unwrap();
        assert_eq!(space.histogram, d.histogram);
        assert_eq!(space.depth(&k, &start, &limits), Some(81), "Klotski's file counts block moves");
        assert_eq!(
            space.note,
            "positions reachable from Klotski (Heng Dao Li Ma)'s start, by their distance from the goal (block metric)"
        );
        // A shuffled position's depth is its distance from the goal.
        let mut rng = rand_pcg::Pcg64::new(5, 8);
        let p = k.shuffle(None, &mut rng, &limits).unwrap();
        assert_eq!(space.depth(&k, &p, &limits), d.distances.get(&p.start).copied());
        assert!(k.count_words().starts_with("distinct optimal solutions"));
    }

    #[test]
    fn a_space_not_counted_says_why() {
        let stuck = "name: stuck\nsize: 2x3\nstart:\nab.\ncc#\n\ngoal:\n..a\n...\n";
        let inst = crate::parse::instance_from_file(stuck, "pasted", None).unwrap();
        let said = |b: &Blocks, limits: &Limits| match b.goal_space(limits) {
            Err(NotCounted::Said(why)) => why,
            other => panic!("{other:?}"),
        };
        assert_eq!(said(&Blocks::playing(inst), &Limits::default()), "the goal cannot be reached from stuck's start");
        let stopped = said(&klotski(), &Limits::nodes(1000));
        assert!(
            stopped
                .starts_with("the positions of Klotski (Heng Dao Li Ma) were not all counted within the budget (node"),
            "{stopped}"
        );
    }
}
