//! How a block puzzle looks in a picture (`quzzle solve --svg`): every block a coloured
//! rectangle with its label, the goal's blocks in red, walls dark. Each block keeps its colour
//! along the solution. The drawing itself is `slide-pictures`'.

use std::collections::HashMap;

use slide_core::units::quantity;
use slide_pictures::{BoardSketch, Color, Frame, Mark, Piece, SolutionPicture};

use quzzle::{Instance, Step};

/// The colour of the blocks the goal names.
pub const GOAL_COLOR: Color = Color(0xee, 0x8f, 0x90);

/// The colour of each label of `inst`'s start: the goal's blocks in [`GOAL_COLOR`], the others
/// from the palette in the order of the start's blocks.
pub fn colors(inst: &Instance) -> HashMap<char, Color> {
    let goal_classes: Vec<usize> = inst.goal.targets.iter().map(|&(class, _)| class).collect();
    // The palette's fourth colour is a red too close to the goal's: the others take turns.
    let mut others = (0..).map(Color::palette).filter(|&c| c != Color::palette(3));
    let mut colors = HashMap::new();
    for block in &inst.blocks {
        let color = if goal_classes.contains(&block.class) { GOAL_COLOR } else { others.next().expect("endless") };
        colors.insert(block.label, color);
    }
    colors
}

/// One board from its one-character-per-cell text (`.` empty, `#` wall, labels): each label
/// is one block, drawn over the rectangle its cells cover; the block labelled `moved` framed.
pub fn sketch(text: &str, rows: usize, cols: usize, colors: &HashMap<char, Color>, moved: Option<char>) -> BoardSketch {
    let mut bounds: Vec<(char, (usize, usize, usize, usize))> = Vec::new();
    let mut walls = Vec::new();
    for (i, c) in text.chars().enumerate() {
        let (r, k) = (i / cols, i % cols);
        match c {
            '.' | '0' | '_' => {}
            '#' => walls.push((r, k)),
            label => match bounds.iter_mut().find(|(l, _)| *l == label) {
                Some((_, b)) => *b = (b.0.min(r), b.1.min(k), b.2.max(r), b.3.max(k)),
                None => bounds.push((label, (r, k, r, k))),
            },
        }
    }
    let pieces = bounds
        .into_iter()
        .map(|(label, (top, left, bottom, right))| Piece {
            row: top,
            col: left,
            height: bottom - top + 1,
            width: right - left + 1,
            fill: colors.get(&label).copied().unwrap_or(Color::palette(7)),
            mark: Mark::Label(label.to_string()),
            moved: moved == Some(label),
        })
        .collect();
    BoardSketch { rows, cols, pieces, walls }
}

/// The picture of a solution of `inst`: its start, then the board after each step.
pub fn solution_svg(inst: &Instance, steps: &[Step]) -> String {
    let (rows, cols, metric) = (inst.board.rows, inst.board.cols, inst.board.metric);
    let colors = colors(inst);
    let mut frames =
        vec![Frame { caption: "start".into(), board: sketch(&inst.start_text(), rows, cols, &colors, None) }];
    for (i, step) in steps.iter().enumerate() {
        frames.push(Frame {
            caption: format!("{}. {}", i + 1, step.describe(metric)),
            board: sketch(&step.board, rows, cols, &colors, Some(step.label)),
        });
    }
    let title = format!("quzzle: {}, {} ({metric} metric), optimal", inst.name, quantity(steps.len() as u64, "move"));
    SolutionPicture { title: &title, frames: &frames }.to_svg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use quzzle::Metric;

    #[test]
    fn blocks_are_the_rectangles_of_their_labels_the_goal_block_red() {
        let inst = Instance::pennant(Metric::Cell);
        let colors = colors(&inst);
        assert_eq!(colors[&'1'], GOAL_COLOR, "the 2x2 block is the goal's");
        assert!(colors.iter().filter(|(&l, _)| l != '1').all(|(_, &c)| c != GOAL_COLOR));
        let board = sketch("1122/1133/45../6788/6799".replace('/', "").as_str(), 5, 4, &colors, Some('5'));
        assert_eq!(board.pieces.len(), 9);
        let one = &board.pieces[0];
        assert_eq!((one.row, one.col, one.height, one.width), (0, 0, 2, 2));
        let nine = board.pieces.iter().find(|p| p.mark == Mark::Label("9".into())).unwrap();
        assert_eq!((nine.row, nine.col, nine.height, nine.width), (4, 2, 1, 2));
        assert_eq!(board.pieces.iter().filter(|p| p.moved).count(), 1);
    }

    #[test]
    fn walls_are_kept() {
        let board = sketch("#a.#", 1, 4, &HashMap::new(), None);
        assert_eq!(board.walls, vec![(0, 0), (0, 3)]);
        assert_eq!(board.pieces.len(), 1);
    }
}
