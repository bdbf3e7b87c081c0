//! The puzzles the page plays, their positions as text, and what the page draws of them.
//!
//! Positions travel between the page and the server as the text each library reads (the
//! tile numbers, Goat's numbers, a block puzzle's rows), so the libraries stay the one place
//! where a board is parsed and checked; a [`View`] is what the page draws, and each
//! [`MoveView`] carries the board it leads to.

use fifteen::parse::{board_text, parse_board};
use fifteen::solvable::check_solvable;
use fifteen::{Shape, TilePuzzle, TileState};
use quzzle::parse::{render, rows_of};
use quzzle::{label_path, Instance, Metric};
use serde::{Deserialize, Serialize};
use slide_core::{Direction, Puzzle};

/// A puzzle as a request names it.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum PuzzleSpec {
    /// Sliding tiles on a board of `rows` x `cols` (2 to 5 each).
    Tiles {
        /// Rows.
        rows: u32,
        /// Columns.
        cols: u32,
    },
    /// The 7-puzzle (2x4 tiles, with its own tables). (Braces, not a unit variant: serde
    /// refuses unknown fields only in variants with fields of their own.)
    Seven {},
    /// Hiroi's Goat puzzle.
    Goat {},
    /// A sliding-block puzzle: one compiled into quzzle by `name`, or a puzzle `file`
    /// pasted as text (docs/QUZZLE_FORMAT.md); `metric` overrides the file's.
    Blocks {
        /// A named puzzle: pennant, klotski, century, small.
        name: Option<String>,
        /// A puzzle file's text.
        file: Option<String>,
        /// `cell`, `line` or `block`.
        metric: Option<String>,
    },
}

/// A puzzle, checked: what the searches and the views work on.
#[derive(Clone, Debug)]
pub enum Game {
    /// Tiles of a shape, to the standard goal (the blank last); `program` names the tables
    /// (`fifteen`, or `seven` for the 7-puzzle).
    Tiles {
        /// The board's shape.
        shape: Shape,
        /// Whose tables: `fifteen` or `seven`.
        program: &'static str,
    },
    /// Hiroi's Goat puzzle, to its goal.
    Goat,
    /// A block puzzle: its board, start, labels, goal and metric.
    Blocks(Box<Instance>),
}

/// A position of a [`Game`].
#[derive(Clone, Debug)]
pub enum Position {
    /// Tiles.
    Tiles(TileState),
    /// Goat.
    Goat(goat::Board),
    /// A block puzzle with this position as its start (the labels are the position's).
    Blocks(Box<Instance>),
}

/// One piece as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// What is written on it: a tile's number, a Goat glyph, a block's label.
    pub label: String,
    /// What it is, for screen readers: "tile 12", "the goat 羊", "block B (2x2)".
    pub name: String,
    /// Its top-left cell.
    pub row: usize,
    /// Its top-left cell.
    pub col: usize,
    /// Its size in cells.
    pub width: usize,
    /// Its size in cells.
    pub height: usize,
    /// Whether it stands where the goal wants it (tiles, Goat) or is a block the goal names.
    pub home: bool,
    /// A word written under the label, for a glyph a browser may lack a font for (Goat's
    /// 羊 "goat" and 狼 "wolf").
    pub caption: Option<&'static str>,
}

/// A position as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The position as text the server reads back: what the page sends with a request.
    pub text: String,
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// Wall cells, `[row, col]`.
    pub walls: Vec<[usize; 2]>,
    /// Whether the position is a goal.
    pub solved: bool,
}

/// A move as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The label of the piece that moves.
    pub piece: String,
    /// Its top-left cell before the move.
    pub row: usize,
    /// Its top-left cell before the move.
    pub col: usize,
    /// The one-cell slides of the move, in order: one for tiles, Goat and the cell metric;
    /// several for a line or block move.
    pub dirs: Vec<&'static str>,
    /// The position after the move, as text.
    pub board: String,
}

/// The largest tile board side.
const MAX_SIDE: u32 = 5;

impl Game {
    /// Checks a request's puzzle.
    pub fn from_spec(spec: &PuzzleSpec) -> Result<Game, String> {
        match spec {
            PuzzleSpec::Tiles { rows, cols } => {
                let ok = |n: &u32| (2..=MAX_SIDE).contains(n);
                if !ok(rows) || !ok(cols) {
                    return Err(format!("a {rows}x{cols} board: tile boards have 2 to {MAX_SIDE} rows and columns"));
                }
                let shape = Shape::new(*rows as usize, *cols as usize)
                    .ok_or_else(|| format!("a {rows}x{cols} board is not a tile board"))?;
                Ok(Game::Tiles { shape, program: "fifteen" })
            }
            PuzzleSpec::Seven {} => Ok(Game::Tiles { shape: seven::SHAPE, program: "seven" }),
            PuzzleSpec::Goat {} => Ok(Game::Goat),
            PuzzleSpec::Blocks { name, file, metric } => {
                let metric = match metric {
                    None => None,
                    Some(m) => Some(
                        Metric::parse(m)
                            .ok_or_else(|| format!("metric {m:?}: the metrics are cell, line and block"))?,
                    ),
                };
                let inst = match (name, file) {
                    (Some(name), None) => {
                        let text = quzzle::puzzles::named(name).ok_or_else(|| {
                            format!("no block puzzle named {name:?}: the named ones are {}", quzzle::puzzles::names())
                        })?;
                        quzzle::parse::instance_from_file(text, name, metric)?
                    }
                    (None, Some(file)) => {
                        quzzle::parse::instance_from_file(file, "pasted puzzle", metric).map_err(|e| {
                            format!("the pasted puzzle: {e} (the format: a start: key and rows, docs/QUZZLE_FORMAT.md)")
                        })?
                    }
                    _ => return Err("a block puzzle needs either a name or a file, not both".into()),
                };
                Ok(Game::Blocks(Box::new(inst)))
            }
        }
    }

    /// The position a puzzle starts from: the goal for tile boards (shuffle from there),
    /// the 7-puzzle's farthest position, Goat's and the block puzzles' starts.
    pub fn start(&self) -> Position {
        match self {
            Game::Tiles { shape, program: "seven" } => {
                Position::Tiles(parse_board(seven::DEFAULT_BOARD, Some(*shape)).expect("the 7-puzzle's board").0)
            }
            Game::Tiles { shape, .. } => Position::Tiles(TilePuzzle::standard_goal(*shape)),
            Game::Goat => Position::Goat(goat::Board::from_cells(&goat::START)),
            Game::Blocks(inst) => Position::Blocks(inst.clone()),
        }
    }

    /// The position `text` describes, checked: it must be a position of this puzzle that
    /// can reach the goal (tiles; Goat's positions all can).
    pub fn parse(&self, text: &str) -> Result<Position, String> {
        match self {
            Game::Tiles { shape, .. } => {
                let (state, _) = parse_board(text, Some(*shape)).map_err(|e| e.to_string())?;
                check_solvable(*shape, &state, &TilePuzzle::standard_goal(*shape)).map_err(|e| e.to_string())?;
                Ok(Position::Tiles(state))
            }
            Game::Goat => Ok(Position::Goat(goat::parse_board(text)?)),
            Game::Blocks(puzzle) => {
                let size = Some((puzzle.board.rows, puzzle.board.cols));
                let inst = Instance::new(&puzzle.name, text, Some(&puzzle.goal_text), size, puzzle.board.metric)?;
                if inst.board.walls != puzzle.board.walls {
                    return Err(format!("the walls (#) are not where {}'s are", puzzle.name));
                }
                if block_sizes(&inst) != block_sizes(puzzle) {
                    return Err(format!(
                        "the blocks are not {}'s: it has {}, the position has {}",
                        puzzle.name,
                        describe_sizes(puzzle),
                        describe_sizes(&inst)
                    ));
                }
                Ok(Position::Blocks(Box::new(inst)))
            }
        }
    }

    /// The tile puzzle of tile boards.
    pub fn tile_puzzle(shape: Shape) -> TilePuzzle {
        TilePuzzle::new(shape, TilePuzzle::standard_goal(shape))
    }

    /// A name for people: "15-puzzle (4x4)", "Klotski (Heng Dao Li Ma)".
    pub fn title(&self) -> String {
        match self {
            Game::Tiles { program: "seven", .. } => "the 7-puzzle".into(),
            Game::Tiles { shape, .. } => format!("the {}-puzzle ({shape})", shape.cells() - 1),
            Game::Goat => "Hiroi's Goat puzzle".into(),
            Game::Blocks(inst) => inst.name.clone(),
        }
    }

    /// What the page draws of `position`.
    pub fn view(&self, position: &Position) -> View {
        match (self, position) {
            (Game::Tiles { shape, .. }, Position::Tiles(state)) => tiles_view(*shape, state),
            (Game::Goat, Position::Goat(board)) => goat_view(board),
            (Game::Blocks(_), Position::Blocks(inst)) => blocks_view(inst),
            _ => unreachable!("a position of another game"),
        }
    }

    /// Every move the player can make from `position`: one-cell slides of one piece (block
    /// puzzles under any metric: a line or block move is several slides of one block).
    pub fn moves(&self, position: &Position) -> Vec<MoveView> {
        match (self, position) {
            (Game::Tiles { shape, .. }, Position::Tiles(state)) => {
                let mut moves = Vec::new();
                Game::tile_puzzle(*shape).for_each_successor(state, |slide, child| {
                    moves.push(tile_move(*shape, slide, &child));
                });
                moves
            }
            (Game::Goat, Position::Goat(board)) => {
                let mut moves = Vec::new();
                goat::Goat.for_each_successor(board, |mv, child| moves.push(goat_move(board, mv, &child)));
                moves
            }
            (Game::Blocks(_), Position::Blocks(inst)) => {
                let cells = inst.with_metric(Metric::Cell);
                let mut slides = Vec::new();
                cells.board.for_each_successor(&cells.start, |mv, _| slides.push(mv));
                slides.into_iter().map(|mv| block_moves(&cells, &[mv]).remove(0)).collect()
            }
            _ => unreachable!("a position of another game"),
        }
    }

    /// Whether `position` is a goal.
    pub fn solved(&self, position: &Position) -> bool {
        self.view(position).solved
    }
}

/// The size classes of a block puzzle, sorted: `(width, height, count)`.
fn block_sizes(inst: &Instance) -> Vec<(u8, u8, u8)> {
    let mut sizes: Vec<_> = inst.board.classes.iter().map(|c| (c.w, c.h, c.count)).collect();
    sizes.sort();
    sizes
}

fn describe_sizes(inst: &Instance) -> String {
    let parts: Vec<String> = block_sizes(inst).iter().map(|(w, h, n)| format!("{n} of {w}x{h}")).collect();
    parts.join(", ")
}

fn tiles_view(shape: Shape, state: &TileState) -> View {
    let goal = TilePuzzle::standard_goal(shape);
    let pieces = (0..shape.cells() as u8)
        .filter(|&cell| state.tile_at(cell) != 0)
        .map(|cell| {
            let tile = state.tile_at(cell);
            Piece {
                label: tile.to_string(),
                name: format!("tile {tile}"),
                row: shape.row(cell) as usize,
                col: shape.col(cell) as usize,
                width: 1,
                height: 1,
                home: goal.tile_at(cell) == tile,
                caption: None,
            }
        })
        .collect();
    View {
        rows: shape.rows() as usize,
        cols: shape.cols() as usize,
        text: board_text(state, shape),
        pieces,
        walls: Vec::new(),
        solved: *state == goal,
    }
}

fn tile_move(shape: Shape, slide: fifteen::Slide, child: &TileState) -> MoveView {
    MoveView {
        piece: slide.tile.to_string(),
        row: shape.row(slide.from) as usize,
        col: shape.col(slide.from) as usize,
        dirs: vec![slide.direction.name()],
        board: board_text(child, shape),
    }
}

/// What each Goat piece is, for screen readers.
fn goat_name(value: u8) -> String {
    let glyph = goat::board::GLYPHS[value as usize];
    match value {
        5 => format!("the goat {glyph}"),
        6 => format!("the wolf {glyph}"),
        7 => format!("the door {glyph}"),
        goat::board::BIG_LEFT => "the big piece".into(),
        _ => format!("piece {glyph}"),
    }
}

fn goat_view(board: &goat::Board) -> View {
    use goat::board::{BIG_LEFT, BIG_RIGHT, BLANK, COLS, ROWS};
    let goal = goat::Board::from_cells(&goat::GOAL);
    let pieces = (0..ROWS * COLS)
        .filter(|&i| !matches!(board.cell(i), BLANK | BIG_RIGHT))
        .map(|i| {
            let v = board.cell(i);
            let big = v == BIG_LEFT;
            Piece {
                label: if big { "┐".into() } else { goat::board::GLYPHS[v as usize].to_string() },
                name: goat_name(v),
                row: i / COLS,
                col: i % COLS,
                width: if big { 2 } else { 1 },
                height: 1,
                home: goal.cell(i) == v,
                caption: match v {
                    5 => Some("goat"),
                    6 => Some("wolf"),
                    _ => None,
                },
            }
        })
        .collect();
    View { rows: ROWS, cols: COLS, text: board.numbers(), pieces, walls: Vec::new(), solved: *board == goal }
}

fn goat_move(board: &goat::Board, mv: goat::GoatMove, child: &goat::Board) -> MoveView {
    use goat::board::{BIG, BIG_LEFT, COLS};
    // A one-cell piece leaves the cell that the child's blank takes; the big piece moves
    // from where its left half stands.
    let from = match mv.piece {
        BIG => (0..COLS).find(|&i| board.cell(i) == BIG_LEFT).expect("the big piece is in the top row"),
        _ => child.blank(),
    };
    MoveView {
        piece: goat::board::piece_glyph(mv.piece).to_string(),
        row: from / COLS,
        col: from % COLS,
        dirs: vec![mv.dir.name()],
        board: child.numbers(),
    }
}

/// A block puzzle's position as rows separated by `/`.
pub fn block_text(inst: &Instance, one_line: &str) -> String {
    rows_of(one_line, inst.board.cols).join("/")
}

fn blocks_view(inst: &Instance) -> View {
    let cols = inst.board.cols;
    let goal_labels: Vec<char> = inst.goal_text.chars().filter(|c| quzzle::parse::is_label(*c)).collect();
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
    let walls = quzzle::engine::bits(inst.board.walls).map(|w| [w / cols, w % cols]).collect();
    View {
        rows: inst.board.rows,
        cols,
        text: block_text(inst, &render(&inst.board, &inst.blocks)),
        pieces,
        walls,
        solved: inst.is_goal(&inst.start),
    }
}

/// The moves `moves` of a block puzzle played from its start, as the page shows them: each
/// block keeps its label along the way.
pub fn block_moves(inst: &Instance, moves: &[quzzle::Move]) -> Vec<MoveView> {
    let cols = inst.board.cols;
    label_path(inst, moves)
        .into_iter()
        .zip(moves)
        .map(|(step, mv)| MoveView {
            piece: step.label.to_string(),
            row: mv.from as usize / cols,
            col: mv.from as usize % cols,
            dirs: step.dirs.iter().map(|d| d.name()).collect(),
            board: block_text(inst, &step.board),
        })
        .collect()
}

/// The moves of a tile solution (the tiles' slides), as the page shows them.
pub fn tile_moves(shape: Shape, start: TileState, slides: &[fifteen::Slide]) -> Vec<MoveView> {
    let mut state = start;
    slides
        .iter()
        .map(|slide| {
            state = state.slide(slide.from);
            tile_move(shape, *slide, &state)
        })
        .collect()
}

/// The moves of a Goat solution, as the page shows them.
pub fn goat_moves(path: &slide_core::search::PathOf<goat::Goat>) -> Vec<MoveView> {
    path.states.windows(2).zip(&path.moves).map(|(pair, mv)| goat_move(&pair[0], *mv, &pair[1])).collect()
}

/// The direction names of a slide list, for messages: "Down Left".
pub fn dirs_text(dirs: &[Direction]) -> String {
    dirs.iter().map(|d| d.name()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spec: &str) -> Game {
        Game::from_spec(&serde_json::from_str(spec).unwrap()).unwrap()
    }

    #[test]
    fn every_move_reads_back_as_a_position_one_move_away() {
        let games = [
            r#"{"kind":"tiles","rows":3,"cols":3}"#,
            r#"{"kind":"tiles","rows":2,"cols":5}"#,
            r#"{"kind":"seven"}"#,
            r#"{"kind":"goat"}"#,
            r#"{"kind":"blocks","name":"klotski"}"#,
            r#"{"kind":"blocks","name":"small"}"#,
        ];
        for spec in games {
            let g = game(spec);
            let start = g.start();
            let view = g.view(&start);
            assert_eq!(g.view(&g.parse(&view.text).unwrap()).text, view.text, "{spec}");
            let moves = g.moves(&start);
            assert!(!moves.is_empty(), "{spec}");
            for mv in moves {
                let after = g.parse(&mv.board).unwrap_or_else(|e| panic!("{spec}: {}: {e}", mv.board));
                // The piece named stood at the cell named, and it is the one that moved.
                let before_piece = view.pieces.iter().find(|p| (p.row, p.col) == (mv.row, mv.col)).unwrap();
                assert_eq!(before_piece.label, mv.piece, "{spec}");
                let after_view = g.view(&after);
                assert!(!after_view.pieces.contains(before_piece), "{spec}: {} did not move", mv.piece);
                let unmoved = view.pieces.iter().filter(|p| after_view.pieces.contains(p)).count();
                assert_eq!(unmoved, view.pieces.len() - 1, "{spec}: one piece moves");
            }
        }
    }

    #[test]
    fn bad_puzzles_and_positions_are_named() {
        let err = |spec: &str| Game::from_spec(&serde_json::from_str(spec).unwrap()).unwrap_err();
        assert!(err(r#"{"kind":"tiles","rows":9,"cols":3}"#).contains("2 to 5"));
        assert!(err(r#"{"kind":"blocks","name":"nonesuch"}"#).contains("klotski"));
        assert!(err(r#"{"kind":"blocks","name":"klotski","metric":"hop"}"#).contains("cell, line and block"));
        assert!(err(r#"{"kind":"blocks","file":"start: ab/ba"}"#).contains("the pasted puzzle"));
        assert!(err(r#"{"kind":"blocks"}"#).contains("either a name or a file"));
        let tiles = game(r#"{"kind":"tiles","rows":3,"cols":3}"#);
        assert!(tiles.parse("1 2 3 / 4 5 6 / 8 7 0").unwrap_err().contains("unsolvable"));
        assert!(tiles.parse("1 2 3 / 4 5 6 / 7 8").is_err());
        let klotski = game(r#"{"kind":"blocks","name":"klotski"}"#);
        let e = klotski.parse("ABBC/ABBC/DEEF/DGHF/IIJ.").unwrap_err();
        assert!(e.contains("blocks are not"), "{e}");
        assert!(game(r#"{"kind":"goat"}"#).parse("1 2 3").is_err());
    }

    #[test]
    fn goals_are_seen() {
        let tiles = game(r#"{"kind":"tiles","rows":2,"cols":2}"#);
        assert!(tiles.solved(&tiles.start()));
        let goat = game(r#"{"kind":"goat"}"#);
        assert!(goat.solved(&Position::Goat(goat::Board::from_cells(&goat::GOAL))));
        assert!(!goat.solved(&goat.start()));
        let small = game(r#"{"kind":"blocks","name":"small"}"#);
        assert!(!small.solved(&small.start()));
    }
}
