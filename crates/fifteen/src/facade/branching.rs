//! The branching factors of a tile board as a record (`fifteen branching`).

use serde::Serialize;
use slide_core::answer::{AnswerError, Cause, Tally};
use slide_core::units::thousands;

use super::Tiles;
use crate::branching::Branching;
use crate::parse::parse_grid;
use crate::{Shape, TilePuzzle};

/// The branching factors of a board without undo moves, as a record: Lecky's average (an
/// exact fraction), the growth of a search tree's node counts, and its limit.
#[derive(Clone, Debug, Serialize)]
pub struct BranchingRecord {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The goal the tree starts from.
    pub goal: Vec<u8>,
    /// Lecky's average.
    pub average: f64,
    /// Its exact value, `Σd(d−1)/Σd`.
    pub average_fraction: String,
    /// The growth along one typical long walk.
    pub geometric_mean: f64,
    /// The tree's growth: the limit of `measured`.
    pub growth: f64,
    /// `√(nodes[D]/nodes[D−2])` (null below depth 2).
    pub measured: Option<f64>,
    /// The deepest count.
    pub depth: u32,
    /// The nodes at each depth of the no-undo tree from the goal.
    pub nodes: Vec<Tally>,
    /// Why the two differ.
    pub why: String,
    /// The same for people.
    #[serde(skip)]
    pub text: String,
}

impl Tiles {
    /// The branching factors of the boards of `size` (default: the variant's), with node
    /// counts to `depth`.
    pub fn branching(&self, size: Option<Shape>, depth: u32) -> Result<BranchingRecord, AnswerError> {
        let shape = size.unwrap_or(self.variant.default_shape);
        if !self.variant.allowed(shape) {
            return Err(AnswerError::Input(
                format!("{} does not play {shape} boards: {}", self.variant.name, self.variant.shapes_text).into(),
            ));
        }
        let goal = match &self.goal {
            None => TilePuzzle::standard_goal(shape),
            Some(text) => match parse_grid(text, Some(shape)).map(|g| g.tile_state()) {
                Ok(Some((_, goal))) => goal,
                Ok(None) => return Err(AnswerError::Bug("a goal of a packed shape does not pack (a bug)".into())),
                Err(e) => return Err(AnswerError::Input(format!("--goal: {e}").into())),
            },
        };
        let (rows, cols) = (shape.rows(), shape.cols());
        let b =
            Branching::new(rows, cols, goal.blank().index(), depth).map_err(|e| AnswerError::Input(Cause::new(e)))?;
        let (num, den) = b.average_reduced();
        let fraction = match (num, den) == (b.choices, b.degrees) {
            true => format!("{}/{}", b.choices, b.degrees),
            false => format!("{}/{} = {num}/{den}", b.choices, b.degrees),
        };
        let measured = match b.measured() {
            Some(m) => {
                format!("measured {m:.4}: the nodes at depth {depth} over those at depth {}, square-rooted", depth - 2)
            }
            None => "measured from depth 2 on (--depth)".to_string(),
        };
        let mut text = format!(
            "{shape}, without undo moves (the search tree from the goal, blank on row {}, column {}):\n\
             \x20 Lecky's average    {fraction} = {:.4}  (the blank's choices along a long random walk)\n\
             \x20 one walk's growth  {:.4}  (their geometric mean)\n\
             \x20 the tree's growth  {:.4}  (its limit; {measured})\n{}\n",
            shape.row(goal.blank()) + 1,
            shape.col(goal.blank()) + 1,
            b.average(),
            b.geometric,
            b.growth,
            b.why()
        );
        text += "depth  nodes\n";
        for (d, n) in b.nodes.iter().enumerate() {
            text += &format!("{d:>5}  {}\n", thousands(*n));
        }
        Ok(BranchingRecord {
            rows,
            cols,
            goal: goal.to_cells(shape.cells()),
            average: b.average(),
            average_fraction: format!("{}/{}", b.choices, b.degrees),
            geometric_mean: b.geometric,
            growth: b.growth,
            measured: b.measured(),
            depth,
            nodes: b.nodes.iter().map(|&n| Tally(n)).collect(),
            why: b.why(),
            text,
        })
    }
}
