//! A solution as pictures of its boards: one board per step, numbered, in rows of a grid.
//!
//! A puzzle crate describes one board as a [`BoardSketch`]: rectangles of cells ([`Piece`])
//! with a fill, a [`Mark`] (a label, or lines such as Goat's pen walls) and whether the piece
//! has just moved. Everything else (sizes, frames, captions, the grid, the SVG) is here.

use svg::node::element::{Group, Polyline, Rectangle};

use crate::glyphs::{line_height, num, text_width, Align, Baseline, TextPainter};
use crate::{document, Color};

/// The side of one cell, in pixels.
pub const CELL: f64 = 40.0;
/// The widest a picture grows before its boards wrap onto another row, in pixels.
pub const MAX_WIDTH: f64 = 1240.0;
/// The colour of a frame around the piece that has just moved.
pub const MOVED_COLOR: Color = Color(0xd6, 0x27, 0x28);

const MARGIN: f64 = 16.0;
const GAP_X: f64 = 18.0;
const GAP_Y: f64 = 14.0;
const TITLE_SIZE: f64 = 18.0;
const CAPTION_SIZE: f64 = 13.0;
const INSET: f64 = 2.0;
const BOARD_COLOR: Color = Color(0xe6, 0xe2, 0xda);
const WALL_COLOR: Color = Color(0x59, 0x59, 0x59);

/// A picture draws every board of a solution of at most this many moves.
pub const EVERY_BOARD_UP_TO: usize = 100;
/// A longer solution is drawn as at most this many boards, sampled ([`sampled_boards`]).
pub const MAX_BOARDS: usize = 48;
/// The most cells a picture draws in all boards together, so that the picture of a large
/// board stays a few megabytes: a 100x100 board is drawn four times at most.
pub const MAX_CELLS_DRAWN: usize = 40_000;

/// Which boards a picture of a solution draws (0 the start, `i` the board after move `i`):
/// every one for a solution of at most [`EVERY_BOARD_UP_TO`] moves whose boards fit
/// [`MAX_CELLS_DRAWN`]; else the start, the goal and, between them, the `marks` (boards
/// worth seeing, such as the end of each stage of a staged solver) when there are few
/// enough, or boards evenly spaced, at most [`MAX_BOARDS`] and [`MAX_CELLS_DRAWN`] cells in all.
///
/// ```
/// use slide_pictures::boards::sampled_boards;
/// assert_eq!(sampled_boards(3, 9, &[]), [0, 1, 2, 3]);
/// assert_eq!(sampled_boards(1000, 100, &[400, 700]), [0, 400, 700, 1000]);
/// assert_eq!(sampled_boards(1000, 100, &[]).len(), 48);
/// assert_eq!(sampled_boards(2_000_000, 10_000, &[]), [0, 666_667, 1_333_333, 2_000_000]);
/// ```
pub fn sampled_boards(moves: usize, cells: usize, marks: &[usize]) -> Vec<usize> {
    let fit = (MAX_CELLS_DRAWN / cells.max(1)).max(2);
    if moves <= EVERY_BOARD_UP_TO && moves < fit {
        return (0..=moves).collect();
    }
    let most = fit.min(MAX_BOARDS).min(moves + 1);
    let mut inner: Vec<usize> = marks.iter().copied().filter(|&m| m > 0 && m < moves).collect();
    inner.sort_unstable();
    inner.dedup();
    if inner.is_empty() || inner.len() + 2 > most {
        // Evenly spaced: board k of `most` is after move round(k * moves / (most - 1)).
        let last = (most - 1) as u128;
        inner = (1..most - 1).map(|k| ((k as u128 * moves as u128 * 2 + last) / (2 * last)) as usize).collect();
    }
    std::iter::once(0).chain(inner).chain([moves]).collect()
}

/// What is drawn on a piece.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// Nothing.
    None,
    /// Text centred on the piece: a tile's number, a block's label, 羊.
    Label(String),
    /// Polylines in the piece's own cell units: `(0, 0)` is its top-left corner and
    /// `(width, height)` its bottom-right. Lines that reach the edge of the cell meet the lines
    /// of the neighbouring piece, as box-drawing characters do (Goat's pen: `┌ ─ ┐`).
    Lines(Vec<Vec<(f64, f64)>>),
}

/// One piece: a rectangle of cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// Its top row.
    pub row: usize,
    /// Its left column.
    pub col: usize,
    /// Its height in cells.
    pub height: usize,
    /// Its width in cells.
    pub width: usize,
    /// Its colour.
    pub fill: Color,
    /// What is drawn on it.
    pub mark: Mark,
    /// Whether it is the piece that moved to make this board (framed in [`MOVED_COLOR`]).
    pub moved: bool,
}

impl Piece {
    /// A one-cell piece labelled `label`.
    pub fn cell(row: usize, col: usize, fill: Color, label: impl Into<String>) -> Piece {
        Piece { row, col, height: 1, width: 1, fill, mark: Mark::Label(label.into()), moved: false }
    }
}

/// One board: its size, its pieces and its wall cells (cells no piece may enter).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardSketch {
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
    /// The pieces; cells without one are empty.
    pub pieces: Vec<Piece>,
    /// Wall cells as `(row, col)`.
    pub walls: Vec<(usize, usize)>,
}

/// One board of a solution with its caption (e.g. `12. 7 Down`).
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The caption under the board.
    pub caption: String,
    /// The board.
    pub board: BoardSketch,
}

/// A solution to draw: a title and its boards, start first.
#[derive(Clone, Copy, Debug)]
pub struct SolutionPicture<'a> {
    /// The title above the boards.
    pub title: &'a str,
    /// The boards, start first, goal last.
    pub frames: &'a [Frame],
}

/// Where the boards go: how many per row and the size of each slot.
struct Layout {
    per_row: usize,
    slot: (f64, f64),
    board: (f64, f64),
    top: f64,
    size: (f64, f64),
}

impl SolutionPicture<'_> {
    fn layout(&self) -> Layout {
        let (rows, cols) = self.frames.iter().fold((1, 1), |(r, c), f| (f.board.rows.max(r), f.board.cols.max(c)));
        let board = (cols as f64 * CELL, rows as f64 * CELL);
        let caption_width = self.frames.iter().map(|f| text_width(&f.caption, CAPTION_SIZE)).fold(0.0, f64::max);
        let slot = (board.0.max(caption_width), board.1 + 6.0 + line_height(CAPTION_SIZE));
        let n = self.frames.len().max(1);
        let fit = ((MAX_WIDTH - 2.0 * MARGIN + GAP_X) / (slot.0 + GAP_X)).floor().max(1.0) as usize;
        // As many rows as needed, then the boards spread evenly over them.
        let grid_rows = n.div_ceil(fit.min(n));
        let per_row = n.div_ceil(grid_rows);
        let top = MARGIN + line_height(TITLE_SIZE) + 10.0;
        let grid_width = per_row as f64 * slot.0 + (per_row - 1) as f64 * GAP_X;
        let width = (grid_width + 2.0 * MARGIN).max(text_width(self.title, TITLE_SIZE) + 2.0 * MARGIN);
        let height = top + grid_rows as f64 * slot.1 + (grid_rows - 1) as f64 * GAP_Y + MARGIN;
        Layout { per_row, slot, board, top, size: (width.ceil(), height.ceil()) }
    }

    /// The picture as an SVG document. Each board is a group with the id `board-N`, N
    /// counting from 0 (the start).
    pub fn to_svg(&self) -> String {
        let layout = self.layout();
        let mut painter = TextPainter::new();
        let mut content = Group::new();
        content = content.add(painter.text(
            self.title,
            (MARGIN, MARGIN),
            TITLE_SIZE,
            (Align::Left, Baseline::Top),
            Color::INK,
            0.0,
        ));
        for (i, frame) in self.frames.iter().enumerate() {
            let (row, col) = (i / layout.per_row, i % layout.per_row);
            let x = MARGIN + col as f64 * (layout.slot.0 + GAP_X);
            let y = layout.top + row as f64 * (layout.slot.1 + GAP_Y);
            // Boards narrower than their slot are centred in it.
            let board_x = x + (layout.slot.0 - frame.board.cols as f64 * CELL) / 2.0;
            let board = draw_board(&frame.board, &mut painter)
                .set("id", format!("board-{i}"))
                .set("transform", format!("translate({} {})", num(board_x), num(y)));
            content = content.add(board);
            content = content.add(painter.text(
                &frame.caption,
                (x + layout.slot.0 / 2.0, y + layout.board.1 + 4.0),
                CAPTION_SIZE,
                (Align::Center, Baseline::Top),
                Color::INK,
                0.0,
            ));
        }
        document(layout.size.0, layout.size.1, &painter, content)
    }
}

fn draw_board(board: &BoardSketch, painter: &mut TextPainter) -> Group {
    let (w, h) = (board.cols as f64 * CELL, board.rows as f64 * CELL);
    let mut group = Group::new().add(
        Rectangle::new()
            .set("width", num(w))
            .set("height", num(h))
            .set("rx", 3)
            .set("fill", BOARD_COLOR.hex())
            .set("stroke", Color::INK.hex())
            .set("stroke-width", 2),
    );
    for &(r, c) in &board.walls {
        let wall = Rectangle::new()
            .set("x", num(c as f64 * CELL))
            .set("y", num(r as f64 * CELL))
            .set("width", num(CELL))
            .set("height", num(CELL))
            .set("fill", WALL_COLOR.hex());
        group = group.add(wall);
    }
    for piece in &board.pieces {
        group = group.add(draw_piece(piece, painter));
    }
    group
}

fn draw_piece(piece: &Piece, painter: &mut TextPainter) -> Group {
    let (x, y) = (piece.col as f64 * CELL, piece.row as f64 * CELL);
    let (w, h) = (piece.width as f64 * CELL, piece.height as f64 * CELL);
    let (stroke, stroke_width) = if piece.moved { (MOVED_COLOR, 3.0) } else { (piece.fill.darker(0.6), 1.5) };
    let mut group = Group::new().add(
        Rectangle::new()
            .set("x", num(x + INSET))
            .set("y", num(y + INSET))
            .set("width", num(w - 2.0 * INSET))
            .set("height", num(h - 2.0 * INSET))
            .set("rx", num(CELL * 0.12))
            .set("fill", piece.fill.hex())
            .set("stroke", stroke.hex())
            .set("stroke-width", stroke_width),
    );
    match &piece.mark {
        Mark::None => {}
        Mark::Label(text) => {
            // Half a cell high, smaller when a long label would not fit the piece.
            let size = (CELL * 0.5).min(0.8 * w / text_width(text, 1.0).max(1e-9));
            group = group.add(painter.text(
                text,
                (x + w / 2.0, y + h / 2.0),
                size,
                (Align::Center, Baseline::Middle),
                Color::INK,
                0.0,
            ));
        }
        Mark::Lines(lines) => {
            for line in lines {
                let points: Vec<String> =
                    line.iter().map(|&(px, py)| format!("{},{}", num(x + px * CELL), num(y + py * CELL))).collect();
                group = group.add(
                    Polyline::new()
                        .set("points", points.join(" "))
                        .set("fill", "none")
                        .set("stroke", Color::INK.hex())
                        .set("stroke-width", num(CELL * 0.09))
                        .set("stroke-linejoin", "miter"),
                );
            }
        }
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(n: usize, rows: usize, cols: usize) -> Vec<Frame> {
        (0..n)
            .map(|i| Frame {
                caption: format!("{i}."),
                board: BoardSketch {
                    rows,
                    cols,
                    pieces: vec![Piece::cell(0, 0, Color::palette(0), "1")],
                    walls: vec![],
                },
            })
            .collect()
    }

    #[test]
    fn every_board_is_a_numbered_group_and_text_is_outlines() {
        let frames = frames(5, 2, 4);
        let svg = SolutionPicture { title: "five", frames: &frames }.to_svg();
        for i in 0..5 {
            assert!(svg.contains(&format!("id=\"board-{i}\"")));
        }
        assert!(!svg.contains("board-5"));
        assert!(!svg.contains("<text"));
    }

    #[test]
    fn long_solutions_wrap_into_even_rows_within_the_width() {
        let frames = frames(53, 3, 4);
        let picture = SolutionPicture { title: "goat", frames: &frames };
        let layout = picture.layout();
        assert!(layout.size.0 <= MAX_WIDTH, "{} wide", layout.size.0);
        let rows = 53usize.div_ceil(layout.per_row);
        assert!(rows > 1);
        // Even rows: the last row is at most one board short of a full one... or full.
        assert!(layout.per_row * rows - 53 < rows, "{} per row, {rows} rows", layout.per_row);
        let one = SolutionPicture { title: "one", frames: &frames[..1] }.layout();
        assert_eq!(one.per_row, 1);
    }
}
