//! The tile puzzles' own IDA* tree: the inner loop of every `fifteen` and `seven` search.
//!
//! slide-core's IDA* ([`ida_star_tree`](slide_core::search::ida_star_tree)) drives the iterations, the limits, the split
//! across threads and the paths; this module gives it nodes that hold the board in the
//! packing that suits its size ([`Board16`], two `u64`s, up to 16 cells; [`TileState`] above),
//! the estimate and the heuristic's carried value, and the state of the [`Automaton`] of the
//! paths it follows: the searches for one shortest solution leave out every path that holds a
//! duplicate stretch of up to [`SEARCH_LONGEST`] moves ([`crate::duplicates`]; on Korf's
//! fifteen-puzzles a third to a half of the nodes), the counts of every optimal solution only
//! the move back. A heuristic is run through [`TileHeuristic`], compiled for each packing.
//!
//! With only the move back left out ([`ida_star_pruned`] with 2), the trees visit the same
//! nodes in the same order as slide-core's generic tree over [`TilePuzzle`] (the blank's
//! neighbours in the puzzle's order), so node counts are the same; the tests compare them.

use std::ops::ControlFlow;

use slide_core::search::{count_optimal_tree, Beyond, CountResult, IdaOptions, IdaRunner, IdaTree, OneProcess, Path};
use slide_core::{Outcome, SearchStats};

use crate::board::{Board16, TileView, NO_NEIGHBOUR};
use crate::duplicates::{Automaton, NoUndo, Paths, SEARCH_LONGEST};
use crate::heuristics::TileHeuristic;
use crate::{Direction, Shape, Slide, TilePuzzle, TileState};

/// A board packing the tree can move on.
pub trait TileBoard: TileView + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync {
    /// The tile on `from` and the board after it slides into the blank, which is on `to`.
    fn slide_from(&self, from: u8, to: u8) -> (u8, Self);
}

impl TileBoard for Board16 {
    #[inline(always)]
    fn slide_from(&self, from: u8, to: u8) -> (u8, Self) {
        self.slide_into(from, to)
    }
}

impl TileBoard for TileState {
    #[inline(always)]
    fn slide_from(&self, from: u8, _: u8) -> (u8, Self) {
        (TileView::tile_at(self, from), self.slide_byte(from))
    }
}

/// The IDA* tree of one tile puzzle and heuristic, on boards packed as `B`. With
/// `FOUR_BY_FOUR` (a 4x4 board), the expansion is unrolled by the blank's cell, so that each
/// move's cells are constants.
pub struct TileTree<'a, B, H, P = NoUndo, const FOUR_BY_FOUR: bool = false> {
    puzzle: &'a TilePuzzle,
    heuristic: &'a H,
    paths: P,
    _board: std::marker::PhantomData<B>,
}

/// A node of a [`TileTree`].
#[derive(Clone, Copy, Debug)]
pub struct TileNode<B, C, S> {
    board: B,
    h: u32,
    /// The state of the paths followed ([`Paths`]) after the path to this node.
    path: S,
    carried: C,
}

impl<'a, B, H, const FOUR_BY_FOUR: bool> TileTree<'a, B, H, NoUndo, FOUR_BY_FOUR> {
    /// The tree of `puzzle` estimated by `heuristic`, leaving out the move back.
    pub(crate) fn new(puzzle: &'a TilePuzzle, heuristic: &'a H) -> Self {
        assert!(!FOUR_BY_FOUR || puzzle.shape() == crate::Shape::FIFTEEN, "an unrolled tree is for 4x4 boards");
        TileTree { puzzle, heuristic, paths: NoUndo, _board: std::marker::PhantomData }
    }
}

impl<'a, B, H, const FOUR_BY_FOUR: bool> TileTree<'a, B, H, &'a Automaton, FOUR_BY_FOUR> {
    /// The tree of `puzzle` estimated by `heuristic`, following the paths `paths` accepts.
    ///
    /// # Panics
    ///
    /// If `paths` is not built for the puzzle's shape.
    pub(crate) fn following(puzzle: &'a TilePuzzle, heuristic: &'a H, paths: &'a Automaton) -> Self {
        assert!(!FOUR_BY_FOUR || puzzle.shape() == crate::Shape::FIFTEEN, "an unrolled tree is for 4x4 boards");
        assert_eq!(paths.shape(), puzzle.shape(), "the automaton of the puzzle's board");
        TileTree { puzzle, heuristic, paths, _board: std::marker::PhantomData }
    }
}

impl<B: TileBoard, H: TileHeuristic, P: Paths, const FOUR_BY_FOUR: bool> TileTree<'_, B, H, P, FOUR_BY_FOUR> {
    /// The child made by sliding the tile on `from` into the blank on `to`, unless the
    /// automaton prunes its path (the parent, always).
    #[inline(always)]
    fn child<F: FnMut(Slide, TileNode<B, H::Carried, P::State>) -> ControlFlow<()>>(
        &self,
        node: &TileNode<B, H::Carried, P::State>,
        from: u8,
        to: u8,
        direction: Direction,
        visit: &mut F,
    ) -> ControlFlow<()> {
        let Some(path) = self.paths.step(node.path, from, to, direction) else {
            return ControlFlow::Continue(());
        };
        let (tile, board) = node.board.slide_from(from, to);
        let mv = Slide::of_bytes(tile, from, to, direction);
        let (h, carried) = self.heuristic.update_view(&node.board, node.h, &node.carried, mv, &board);
        visit(mv, TileNode { board, h, path, carried })
    }

    /// The children of a 4x4 node whose blank is on `BLANK`, in the order of
    /// [`TilePuzzle::neighbours`]: the tile above, below, left, right.
    #[inline(always)]
    fn children_4x4<const BLANK: u8, F: FnMut(Slide, TileNode<B, H::Carried, P::State>) -> ControlFlow<()>>(
        &self,
        node: &TileNode<B, H::Carried, P::State>,
        visit: &mut F,
    ) -> ControlFlow<()> {
        if BLANK >= 4 {
            self.child(node, BLANK - 4, BLANK, Direction::Down, visit)?;
        }
        if BLANK < 12 {
            self.child(node, BLANK + 4, BLANK, Direction::Up, visit)?;
        }
        if !BLANK.is_multiple_of(4) {
            self.child(node, BLANK - 1, BLANK, Direction::Right, visit)?;
        }
        if BLANK % 4 < 3 {
            self.child(node, BLANK + 1, BLANK, Direction::Left, visit)?;
        }
        ControlFlow::Continue(())
    }
}

impl<B: TileBoard, H: TileHeuristic, P: Paths, const FOUR_BY_FOUR: bool> IdaTree
    for TileTree<'_, B, H, P, FOUR_BY_FOUR>
{
    type State = B;
    type Move = Slide;
    type Node = TileNode<B, H::Carried, P::State>;
    /// The goal is the puzzle's, for which every tile heuristic is admissible.
    const ZERO_AT_GOAL: bool = true;

    fn root(&self, start: B) -> Self::Node {
        let (h, carried) = self.heuristic.estimate_view(&start);
        TileNode { board: start, h, path: self.paths.start(start.blank()), carried }
    }

    #[inline(always)]
    fn estimate(&self, node: &Self::Node) -> u32 {
        node.h
    }

    #[inline(always)]
    fn state(&self, node: &Self::Node) -> B {
        node.board
    }

    #[inline(always)]
    fn expand<F: FnMut(Slide, Self::Node) -> ControlFlow<()>>(
        &self,
        node: &Self::Node,
        mut visit: F,
    ) -> ControlFlow<()> {
        if !H::FAR_READS {
            return self.children(node, visit);
        }
        // Make every child before visiting the first, so that their table reads are all on
        // their way at once instead of one after the other.
        let mut made = [(Slide::of_bytes(0, 0, 0, Direction::Up), *node); 4];
        let mut count = 0;
        let _ = self.children(node, |mv, child| {
            made[count & 3] = (mv, child);
            count += 1;
            ControlFlow::Continue(())
        });
        for &(mv, child) in &made[..count.min(4)] {
            visit(mv, child)?;
        }
        ControlFlow::Continue(())
    }

    /// Off 4x4, one loop over the blank's neighbours (one call site of `visit`, which the
    /// compiler inlines, recursion and all); a child beyond the budget is not made, and where
    /// the heuristic's change follows from the move alone (Manhattan distance) its board is not
    /// even slid. On 4x4 the expansion unrolled by the blank's cell serves instead, which makes
    /// each child (two `u64`s) before comparing the budget: the loop cost Manhattan's IDA*
    /// there more than the slides it spared (docs/BENCHMARKS.md, "issue 29").
    #[inline(always)]
    fn expand_within<F: FnMut(Slide, Self::Node) -> ControlFlow<()>>(
        &self,
        node: &Self::Node,
        budget: u32,
        beyond: &mut Beyond,
        mut visit: F,
    ) -> ControlFlow<()> {
        if H::FAR_READS || FOUR_BY_FOUR {
            return self.expand(node, |mv, child| {
                if child.h > budget {
                    beyond.add(child.h);
                    ControlFlow::Continue(())
                } else {
                    visit(mv, child)
                }
            });
        }
        let blank = node.board.blank();
        for &(from, direction) in self.puzzle.neighbours4(blank) {
            if from == NO_NEIGHBOUR {
                break;
            }
            let Some(path) = self.paths.step(node.path, from, blank, direction) else {
                continue;
            };
            let tile = node.board.tile_at(from);
            let mv = Slide::of_bytes(tile, from, blank, direction);
            let child = match self.heuristic.update_by_move(node.h, &node.carried, mv) {
                Some((h, carried)) => {
                    if h > budget {
                        beyond.add(h);
                        continue;
                    }
                    TileNode { board: node.board.slide_from(from, blank).1, h, path, carried }
                }
                None => {
                    let (_, board) = node.board.slide_from(from, blank);
                    let (h, carried) = self.heuristic.update_view(&node.board, node.h, &node.carried, mv, &board);
                    if h > budget {
                        beyond.add(h);
                        continue;
                    }
                    TileNode { board, h, path, carried }
                }
            };
            visit(mv, child)?;
        }
        ControlFlow::Continue(())
    }
}

impl<B: TileBoard, H: TileHeuristic, P: Paths, const FOUR_BY_FOUR: bool> TileTree<'_, B, H, P, FOUR_BY_FOUR> {
    /// Calls `visit` for each child of `node` as it is made, in [`TilePuzzle::neighbours`]'
    /// order, the parent left out.
    #[inline(always)]
    fn children<F: FnMut(Slide, TileNode<B, H::Carried, P::State>) -> ControlFlow<()>>(
        &self,
        node: &TileNode<B, H::Carried, P::State>,
        mut visit: F,
    ) -> ControlFlow<()> {
        let blank = node.board.blank();
        if FOUR_BY_FOUR {
            macro_rules! by_blank {
                ($($cell:literal)*) => {
                    match blank {
                        $($cell => self.children_4x4::<$cell, F>(node, &mut visit),)*
                        _ => unreachable!("a 4x4 blank is on a cell below 16"),
                    }
                };
            }
            return by_blank!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        }
        for &(from, direction) in self.puzzle.neighbours4(blank) {
            if from == NO_NEIGHBOUR {
                break;
            }
            self.child(node, from, blank, direction, &mut visit)?;
        }
        ControlFlow::Continue(())
    }
}

/// A shortest path from `start` to `puzzle`'s goal by IDA* with `heuristic`, on the packing
/// that suits the board: [`slide_core::search::ida_star`] with the tile puzzles' own inner loop.
pub fn ida_star<H: TileHeuristic>(
    puzzle: &TilePuzzle,
    heuristic: &H,
    start: TileState,
    options: &IdaOptions,
) -> (Outcome<Path<TileState, Slide>>, SearchStats) {
    ida_star_on(&OneProcess, puzzle, heuristic, start, options)
}

/// [`ida_star`] with the iterations run by `runner` (a cluster's ranks, or
/// [`OneProcess`]) on the same tree.
pub(crate) fn ida_star_on<R: IdaRunner, H: TileHeuristic>(
    runner: &R,
    puzzle: &TilePuzzle,
    heuristic: &H,
    start: TileState,
    options: &IdaOptions,
) -> (Outcome<Path<TileState, Slide>>, SearchStats) {
    ida_star_pruned(runner, puzzle, heuristic, &Automaton::shared(puzzle.shape(), SEARCH_LONGEST), start, options)
}

/// `ida_star_on` on the tree that follows the paths `paths` accepts, leaving out those
/// holding a duplicate stretch of up to `Automaton::longest` moves ([`crate::duplicates`];
/// 2: only the move back, the nodes of slide-core's generic tree in its order;
/// [`SEARCH_LONGEST`] by default).
///
/// # Panics
///
/// If `paths` is not built for the puzzle's board.
pub fn ida_star_pruned<R: IdaRunner, H: TileHeuristic>(
    runner: &R,
    puzzle: &TilePuzzle,
    heuristic: &H,
    paths: &Automaton,
    start: TileState,
    options: &IdaOptions,
) -> (Outcome<Path<TileState, Slide>>, SearchStats) {
    assert_eq!(paths.shape(), puzzle.shape(), "an automaton of the board's paths");
    let (n, longest) = (puzzle.shape().cells(), paths.longest());
    if n <= 16 {
        let goal = Board16::from_state(&puzzle.goal(), n);
        let (start, goal) = (Board16::from_state(&start, n), |b: &Board16| *b == goal);
        let four = puzzle.shape() == Shape::FIFTEEN;
        let (outcome, stats) = match (four, longest) {
            (true, 2) => {
                runner.ida_star(&TileTree::<Board16, H, NoUndo, true>::new(puzzle, heuristic), start, goal, options)
            }
            (true, _) => runner.ida_star(
                &TileTree::<Board16, H, _, true>::following(puzzle, heuristic, paths),
                start,
                goal,
                options,
            ),
            (false, 2) => runner.ida_star(&TileTree::<Board16, H>::new(puzzle, heuristic), start, goal, options),
            (false, _) => {
                runner.ida_star(&TileTree::<Board16, H, _>::following(puzzle, heuristic, paths), start, goal, options)
            }
        };
        (outcome.map(|p| unpack(p, n)), stats)
    } else {
        if let Some(found) = heuristic
            .pattern_databases()
            .and_then(|h| crate::pdb::tree::ida_star_following(runner, puzzle, h, paths, start, options))
        {
            return found;
        }
        let goal = puzzle.goal();
        let goal = |s: &TileState| *s == goal;
        match longest {
            2 => runner.ida_star(&TileTree::<TileState, H>::new(puzzle, heuristic), start, goal, options),
            _ => {
                runner.ida_star(&TileTree::<TileState, H, _>::following(puzzle, heuristic, paths), start, goal, options)
            }
        }
    }
}

/// Every optimal solution of `start`, counted (and listed when `list`), on the packing that
/// suits the board: [`slide_core::search::count_optimal`] with the tile puzzles' own inner loop.
pub fn count_optimal<H: TileHeuristic>(
    puzzle: &TilePuzzle,
    heuristic: &H,
    start: TileState,
    list: bool,
    options: &IdaOptions,
) -> (Outcome<CountResult<TileState, Slide>>, SearchStats) {
    let n = puzzle.shape().cells();
    // Every path that does not undo its last move: duplicates of a stretch are solutions too.
    if n <= 16 {
        let goal = Board16::from_state(&puzzle.goal(), n);
        let (start, goal) = (Board16::from_state(&start, n), |b: &Board16| *b == goal);
        let (outcome, stats) = if puzzle.shape() == Shape::FIFTEEN {
            count_optimal_tree(
                &TileTree::<Board16, H, NoUndo, true>::new(puzzle, heuristic),
                start,
                goal,
                list,
                options,
            )
        } else {
            count_optimal_tree(&TileTree::<Board16, H>::new(puzzle, heuristic), start, goal, list, options)
        };
        let outcome = outcome.map(|c| CountResult {
            length: c.length,
            count: c.count,
            solutions: c.solutions.into_iter().map(|p| unpack(p, n)).collect(),
        });
        (outcome, stats)
    } else {
        if let Some(counted) =
            heuristic.pattern_databases().and_then(|h| crate::pdb::tree::count_optimal(puzzle, h, start, list, options))
        {
            return counted;
        }
        let goal = puzzle.goal();
        count_optimal_tree(&TileTree::<TileState, H>::new(puzzle, heuristic), start, |s| *s == goal, list, options)
    }
}

/// A path of packed boards as [`TileState`]s.
fn unpack(path: Path<Board16, Slide>, n: usize) -> Path<TileState, Slide> {
    Path { states: path.states.iter().map(|b| b.to_state(n)).collect(), moves: path.moves }
}
