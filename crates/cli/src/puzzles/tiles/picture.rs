//! How a tile board looks in a picture (`solve --svg`): numbered tiles, those already on their
//! goal cell in green. The drawing itself is `slide-pictures'`, and so is the choice of which
//! boards of a long solution to draw ([`sampled_boards`]).

use slide_core::units::{quantity, thousands};
use slide_core::Direction;
use slide_pictures::{sampled_boards, BoardSketch, Color, Frame, Piece, SolutionPicture};

use fifteen::{Grid, Tile};

/// A tile off its goal cell.
pub const TILE_COLOR: Color = Color(0xf3, 0xd9, 0xa4);
/// A tile on its goal cell.
pub const HOME_COLOR: Color = Color(0xb5, 0xdc, 0xa5);

/// One board: every tile but the blank, `moved` framed.
pub fn sketch(board: &Grid, goal: &Grid, moved: Option<Tile>) -> BoardSketch {
    let shape = board.shape();
    let pieces = shape
        .each_cell()
        .filter(|&cell| !board.tile_at(cell).is_blank())
        .map(|cell| {
            let tile = board.tile_at(cell);
            let fill = if goal.cell_of(tile) == cell { HOME_COLOR } else { TILE_COLOR };
            let piece = Piece::cell(shape.row(cell), shape.col(cell), fill, tile.to_string());
            Piece { moved: moved == Some(tile), ..piece }
        })
        .collect();
    BoardSketch { rows: shape.rows(), cols: shape.cols(), pieces, walls: Vec::new() }
}

/// The picture of a solution: the start, then the board after each move (each caption
/// names the move), or for a long solution the boards [`sampled_boards`] picks, among them
/// the boards after the moves of `marks` (the end of each stage, captioned with what it
/// did); `program`, the length and `quality` ("optimal", "NOT optimal; optimal >= 650") in
/// the title.
///
/// # Panics
/// If a move of `moves` is illegal: the solution must be a replayable one.
pub fn solution_svg(
    program: &str,
    start: &Grid,
    goal: &Grid,
    moves: &[Direction],
    quality: &str,
    marks: &[(usize, String)],
) -> String {
    let shape = start.shape();
    let mark_moves: Vec<usize> = marks.iter().map(|(m, _)| *m).collect();
    let drawn = sampled_boards(moves.len(), shape.cells(), &mark_moves);
    let every = drawn.len() == moves.len() + 1;
    let mut frames = Vec::with_capacity(drawn.len());
    let mut board = start.clone();
    let mut next = drawn.iter().peekable();
    let mut moved = None;
    for made in 0..=moves.len() {
        if next.next_if_eq(&&made).is_some() {
            let caption = match (made, every) {
                (0, _) => "start".to_string(),
                (m, true) => format!("{m}. {} {}", moved.unwrap_or(Tile::BLANK), moves[m - 1]),
                (m, false) if m == moves.len() => format!("move {}: the goal", thousands(m as u64)),
                (m, false) => match marks.iter().find(|(at, _)| *at == m) {
                    Some((_, what)) => format!("move {}: {what}", thousands(m as u64)),
                    None => format!("after move {}", thousands(m as u64)),
                },
            };
            let framed = if every { moved } else { None };
            frames.push(Frame { caption, board: sketch(&board, goal, framed) });
        }
        if made < moves.len() {
            moved = Some(board.slide(moves[made]).expect("a solution's moves are legal"));
        }
    }
    let length = quantity(moves.len() as u64, "move");
    let title = match shape.cells() <= 25 {
        true => format!("{program} {shape}: {}, {length}, {quality}", start.text()),
        false => format!("{program} {shape}: {length}, {quality}"),
    };
    let title = match every {
        true => title,
        false => format!("{title} ({} of {} boards)", frames.len(), thousands(moves.len() as u64 + 1)),
    };
    SolutionPicture { title: &title, frames: &frames }.to_svg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_numbered_home_tiles_green_and_the_moved_one_framed() {
        let goal: Grid = "1 2 / 3 0".parse().unwrap();
        let board = sketch(&"1 0 / 3 2".parse().unwrap(), &goal, Some(Tile::new(2)));
        assert_eq!(board.pieces.len(), 3);
        let two = board.pieces.iter().find(|p| p.mark == slide_pictures::Mark::Label("2".into())).unwrap();
        assert_eq!((two.row, two.col, two.fill, two.moved), (1, 1, TILE_COLOR, true));
        assert!(board.pieces.iter().filter(|p| !p.moved).all(|p| p.fill == HOME_COLOR));
    }

    #[test]
    fn a_solution_has_one_board_per_state_with_the_moves_as_captions() {
        let goal: Grid = "1 2 / 3 0".parse().unwrap();
        let svg = solution_svg("fifteen", &"1 0 / 3 2".parse().unwrap(), &goal, &[Direction::Up], "optimal", &[]);
        assert!(svg.contains("id=\"board-1\"") && !svg.contains("id=\"board-2\""));
    }

    #[test]
    fn a_long_solution_is_sampled_at_its_marks() {
        // 4 moves back and forth 60 times on a 2x2 board: 240 moves, marks after 100 and 200.
        let goal: Grid = "1 2 / 3 0".parse().unwrap();
        let moves: Vec<Direction> =
            [Direction::Down, Direction::Right, Direction::Up, Direction::Left].repeat(60).into_iter().collect();
        let marks = [(100, "one".to_string()), (200, "two".to_string())];
        let svg = solution_svg("fifteen", &goal, &goal, &moves, "NOT optimal", &marks);
        assert!(svg.contains("id=\"board-3\"") && !svg.contains("id=\"board-4\""), "start, two marks, goal");
    }
}
