//! How a tile board looks in a picture (`solve --svg`): numbered tiles, those already on their
//! goal cell in green. The drawing itself is `slide-pictures`'.

use slide_core::units::quantity;
use slide_pictures::{BoardSketch, Color, Frame, Piece, SolutionPicture};

use crate::parse::board_text;
use crate::{Shape, TileState};

/// A tile off its goal cell.
pub const TILE_COLOR: Color = Color(0xf3, 0xd9, 0xa4);
/// A tile on its goal cell.
pub const HOME_COLOR: Color = Color(0xb5, 0xdc, 0xa5);

/// One board: every tile but the blank, `moved` framed.
pub fn sketch(state: &TileState, shape: Shape, goal: &TileState, moved: Option<u8>) -> BoardSketch {
    let cols = shape.cols() as usize;
    let pieces = (0..shape.cells() as u8)
        .filter(|&cell| state.tile_at(cell) != 0)
        .map(|cell| {
            let tile = state.tile_at(cell);
            let fill = if goal.cell_of(tile) == cell { HOME_COLOR } else { TILE_COLOR };
            let piece = Piece::cell(cell as usize / cols, cell as usize % cols, fill, tile.to_string());
            Piece { moved: moved == Some(tile), ..piece }
        })
        .collect();
    BoardSketch { rows: shape.rows() as usize, cols, pieces, walls: Vec::new() }
}

/// The picture of a solution: the start, then the board after each move of `tiles` (each
/// slides into the blank), captioned with the move; `program` and the start in the title.
///
/// # Panics
/// If a tile of `tiles` is not next to the blank when its turn comes: the solution must be
/// a replayable one.
pub fn solution_svg(program: &str, shape: Shape, start: &TileState, goal: &TileState, tiles: &[u8]) -> String {
    let mut frames = vec![Frame { caption: "start".into(), board: sketch(start, shape, goal, None) }];
    let mut state = *start;
    for (i, &tile) in tiles.iter().enumerate() {
        let (from, blank) = (state.cell_of(tile), state.blank());
        let direction = direction(shape, from, blank).expect("a solution moves tiles next to the blank");
        state = state.slide(from);
        frames.push(Frame {
            caption: format!("{}. {tile} {direction}", i + 1),
            board: sketch(&state, shape, goal, Some(tile)),
        });
    }
    let title =
        format!("{program} {shape}: {}, {}, optimal", board_text(start, shape), quantity(tiles.len() as u64, "move"));
    SolutionPicture { title: &title, frames: &frames }.to_svg()
}

/// The way a tile on `from` slides into the blank on `blank`, if they are neighbours.
fn direction(shape: Shape, from: u8, blank: u8) -> Option<&'static str> {
    let (fr, fc, br, bc) = (shape.row(from), shape.col(from), shape.row(blank), shape.col(blank));
    match (br as i32 - fr as i32, bc as i32 - fc as i32) {
        (1, 0) => Some("Down"),
        (-1, 0) => Some("Up"),
        (0, 1) => Some("Right"),
        (0, -1) => Some("Left"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_numbered_home_tiles_green_and_the_moved_one_framed() {
        let shape = Shape::new(2, 2).unwrap();
        let goal = TileState::from_cells(&[1, 2, 3, 0]);
        let board = sketch(&TileState::from_cells(&[1, 0, 3, 2]), shape, &goal, Some(2));
        assert_eq!(board.pieces.len(), 3);
        let two = board.pieces.iter().find(|p| p.mark == slide_pictures::Mark::Label("2".into())).unwrap();
        assert_eq!((two.row, two.col, two.fill, two.moved), (1, 1, TILE_COLOR, true));
        assert!(board.pieces.iter().filter(|p| !p.moved).all(|p| p.fill == HOME_COLOR));
    }

    #[test]
    fn a_solution_has_one_board_per_state_with_the_moves_as_captions() {
        let shape = Shape::new(2, 2).unwrap();
        let goal = TileState::from_cells(&[1, 2, 3, 0]);
        let svg = solution_svg("fifteen", shape, &TileState::from_cells(&[1, 0, 3, 2]), &goal, &[2]);
        assert!(svg.contains("id=\"board-1\"") && !svg.contains("id=\"board-2\""));
    }
}
