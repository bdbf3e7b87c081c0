//! How a Goat board looks in a picture (`goat solve --svg`): Hiroi's glyphs on the pieces.
//! 羊 and 狼 are labels; the pen pieces `┌ │ └ ┘ ─`, the door `∥` and the big piece (`┐`
//! over two cells, as Hiroi's program prints it) are drawn as lines that reach the cell edges, so
//! that the pen's walls join across pieces as box-drawing characters do. The drawing itself is
//! `slide-pictures`'.

use slide_core::units::quantity;
use slide_pictures::{BoardSketch, Color, Frame, Mark, Piece, SolutionPicture};

use goat::board::{Board, GoatMove, BIG_LEFT, BIG_RIGHT, BLANK, COLS, ROWS};

/// The pen pieces, the door and the big piece.
pub const WOOD: Color = Color(0xf3, 0xd9, 0xa4);
/// The goat.
pub const GOAT: Color = Color(0xb5, 0xdc, 0xa5);
/// The wolf.
pub const WOLF: Color = Color(0xc3, 0xc8, 0xd6);

/// The lines of a piece in its own cell units (`None` for the labelled pieces), after the
/// Hiroi's glyphs.
fn lines(value: u8) -> Option<Vec<Vec<(f64, f64)>>> {
    let (l, c, r, t, b) = (0.0, 0.5, 1.0, 0.0, 1.0);
    Some(match value {
        1 => vec![vec![(r, c), (c, c), (c, b)]],                       // ┌
        2 => vec![vec![(c, t), (c, b)]],                               // │
        3 => vec![vec![(c, t), (c, c), (r, c)]],                       // └
        4 => vec![vec![(c, t), (c, c), (l, c)]],                       // ┘
        7 => vec![vec![(0.4, t), (0.4, b)], vec![(0.6, t), (0.6, b)]], // ∥
        8 => vec![vec![(l, c), (r, c)]],                               // ─
        BIG_LEFT => vec![vec![(l, c), (c, c), (c, b)]],                // ┐ in the left half of two cells
        _ => return None,
    })
}

/// One board; the piece covering cell `moved` (if any) is framed.
pub fn sketch(board: Board, moved: Option<usize>) -> BoardSketch {
    let mut pieces = Vec::new();
    for cell in 0..ROWS * COLS {
        let value = board.cell(cell);
        if value == BLANK || value == BIG_RIGHT {
            continue;
        }
        let width = if value == BIG_LEFT { 2 } else { 1 };
        let (fill, mark) = match value {
            5 => (GOAT, Mark::Label("羊".into())),
            6 => (WOLF, Mark::Label("狼".into())),
            v => (WOOD, lines(v).map_or(Mark::None, Mark::Lines)),
        };
        let is_moved = moved.is_some_and(|m| m == cell || (width == 2 && m == cell + 1));
        pieces.push(Piece { row: cell / COLS, col: cell % COLS, height: 1, width, fill, mark, moved: is_moved });
    }
    BoardSketch { rows: ROWS, cols: COLS, pieces, walls: Vec::new() }
}

/// The picture of a solution: `boards` from the start to the goal, joined by `moves`.
pub fn solution_svg(boards: &[Board], moves: &[GoatMove]) -> String {
    let mut frames = Vec::with_capacity(boards.len());
    for (i, &board) in boards.iter().enumerate() {
        let (caption, moved) = match i {
            0 => ("start".to_string(), None),
            // The piece that moved now covers the cell the blank left.
            i => (format!("{i}. {}", moves[i - 1]), Some(boards[i - 1].blank())),
        };
        frames.push(Frame { caption, board: sketch(board, moved) });
    }
    let start = boards.first().map(|b| b.numbers()).unwrap_or_default();
    let title = format!("goat: {start}, {}, optimal", quantity(moves.len() as u64, "move"));
    SolutionPicture { title: &title, frames: &frames }.to_svg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use goat::{GOAL, START};

    #[test]
    fn the_goal_has_ten_pieces_the_big_one_two_cells_wide() {
        let board = sketch(Board::from_cells(&GOAL), None);
        assert_eq!(board.pieces.len(), 10, "twelve cells: a blank and a two-cell piece");
        let big = board.pieces.iter().find(|p| p.width == 2).unwrap();
        assert_eq!((big.row, big.col), (0, 2));
        let labels: Vec<&Mark> = board.pieces.iter().map(|p| &p.mark).filter(|m| matches!(m, Mark::Label(_))).collect();
        assert_eq!(labels, [&Mark::Label("羊".into()), &Mark::Label("狼".into())]);
    }

    #[test]
    fn the_moved_piece_is_the_one_on_the_blank_s_old_cell() {
        let start = Board::from_cells(&START);
        // The big piece covers cells 2 and 3: either marks it.
        let board = sketch(start, Some(3));
        assert!(board.pieces.iter().find(|p| p.width == 2).unwrap().moved);
        assert_eq!(board.pieces.iter().filter(|p| p.moved).count(), 1);
    }
}
