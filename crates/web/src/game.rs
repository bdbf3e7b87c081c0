//! The puzzles the page plays, each through its library's facade ([`Play`]): tile boards
//! (`fifteen::facade::Tiles`, one per size, kept with their tables in [`Tables`]), Hiroi's
//! Goat (`goat::facade::GoatFacade`) and block puzzles (`quzzle::facade::Blocks`, made for the
//! puzzle named or pasted).
//!
//! Positions travel between the page and the server as the text each library reads (the
//! tile numbers, Goat's numbers, a block puzzle's rows), so the libraries stay the one place
//! where a board is parsed, checked, drawn and moved.

use std::sync::Arc;

use fifteen::facade::{TileInput, Tiles};
use fifteen::Shape;
use goat::facade::{GoatFacade, GoatInput};
use quzzle::facade::Blocks;
use quzzle::parse::FileError;
use quzzle::{Instance, Metric};
use serde::{Deserialize, Serialize};
use slide_core::answer::{AnswerError, Play, Step, View};
use thiserror::Error;

use crate::tables::Tables;

/// A puzzle as a request names it (and as `/api/puzzles` offers it).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum PuzzleSpec {
    /// Sliding tiles on a board of `rows` x `cols` (2 to 10 each).
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
        #[serde(skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// A puzzle file's text.
        #[serde(skip_serializing_if = "Option::is_none")]
        file: Option<String>,
        /// `cell`, `line` or `block`.
        #[serde(skip_serializing_if = "Option::is_none")]
        metric: Option<String>,
    },
}

/// A puzzle, checked: the facade of its library, made for it.
#[derive(Clone)]
pub enum Game {
    /// Tile boards of one size (`fifteen`'s, or the 7-puzzle's with its own tables).
    Tiles(Arc<Tiles>),
    /// Hiroi's Goat puzzle.
    Goat(Arc<GoatFacade>),
    /// One block puzzle.
    Blocks(Arc<Blocks>),
}

/// A position of a [`Game`]: its facade's input.
#[derive(Clone, Debug)]
pub enum Position {
    /// Tiles.
    Tiles(TileInput),
    /// Goat.
    Goat(GoatInput),
    /// A block puzzle with this position as its start.
    Blocks(Box<Instance>),
}

/// The largest tile board side the page plays and answers for: past 5x5 the answers are the
/// staged solver's (or weighted A*'s), marked not optimal.
pub const MAX_SIDE: u32 = 10;

/// Runs `$body` with `$p` the game's facade (a `&P` for its `P: Play`) and `$pos` the
/// position (a `&P::Input`); `$mismatch` when the position is another game's.
macro_rules! on_play {
    ($game:expr, $position:expr, |$p:ident, $pos:ident| $body:expr, $mismatch:expr) => {
        match ($game, $position) {
            ($crate::game::Game::Tiles($p), $crate::game::Position::Tiles($pos)) => {
                let $p = &**$p;
                $body
            }
            ($crate::game::Game::Goat($p), $crate::game::Position::Goat($pos)) => {
                let $p = &**$p;
                $body
            }
            ($crate::game::Game::Blocks($p), $crate::game::Position::Blocks($pos)) => {
                let $p = &**$p;
                let $pos: &quzzle::Instance = $pos;
                $body
            }
            _ => $mismatch,
        }
    };
}
pub(crate) use on_play;

/// Why a request's puzzle is not one the page plays.
#[derive(Debug, Error)]
pub enum GameError {
    /// A tile board of a size the page does not play.
    #[error("a {rows}x{cols} board: the page plays tile boards of 2 to {MAX_SIDE} rows and columns")]
    TileSize {
        /// Rows asked for.
        rows: u32,
        /// Columns asked for.
        cols: u32,
    },
    /// The tile facade could not be made.
    #[error("{0}")]
    Tiles(AnswerError),
    /// A metric that is none of the three.
    #[error("metric {0:?}: the metrics are cell, line and block")]
    Metric(String),
    /// A block puzzle name that is none of those compiled in.
    #[error("no block puzzle named {name:?}: the named ones are {}", quzzle::puzzles::names())]
    NoSuchPuzzle {
        /// The name asked for.
        name: String,
    },
    /// A compiled-in puzzle's file does not read (a bug).
    #[error("{0}")]
    Named(FileError),
    /// The pasted puzzle file is not a puzzle.
    #[error(
        "the pasted puzzle: {0} (write start: and below it the rows, one character a cell: a letter or digit for \
         each block, . for an empty cell, # for a wall)"
    )]
    Pasted(FileError),
    /// A block puzzle spec with both a name and a file, or neither.
    #[error("a block puzzle needs either a name or a file, not both")]
    NameOrFile,
}

impl Game {
    /// Checks a request's puzzle: the facade that plays it.
    pub fn from_spec(spec: &PuzzleSpec, tables: &Tables) -> Result<Game, GameError> {
        match spec {
            PuzzleSpec::Tiles { rows, cols } => {
                let ok = |n: &u32| (2..=MAX_SIDE).contains(n);
                let shape = Shape::new(*rows as usize, *cols as usize)
                    .filter(|_| ok(rows) && ok(cols))
                    .ok_or(GameError::TileSize { rows: *rows, cols: *cols })?;
                Ok(Game::Tiles(tables.tiles(&fifteen::facade::FIFTEEN, shape).map_err(GameError::Tiles)?))
            }
            PuzzleSpec::Seven {} => {
                Ok(Game::Tiles(tables.tiles(&seven::VARIANT, seven::SHAPE).map_err(GameError::Tiles)?))
            }
            PuzzleSpec::Goat {} => Ok(Game::Goat(tables.goat())),
            PuzzleSpec::Blocks { name, file, metric } => {
                let metric = match metric {
                    None => None,
                    Some(m) => Some(Metric::parse(m).ok_or_else(|| GameError::Metric(m.clone()))?),
                };
                let inst = match (name, file) {
                    (Some(name), None) => {
                        let text = quzzle::puzzles::named(name)
                            .ok_or_else(|| GameError::NoSuchPuzzle { name: name.clone() })?;
                        quzzle::parse::instance_from_file(text, name, metric).map_err(GameError::Named)?
                    }
                    (None, Some(file)) => {
                        quzzle::parse::instance_from_file(file, "pasted puzzle", metric).map_err(GameError::Pasted)?
                    }
                    _ => return Err(GameError::NameOrFile),
                };
                Ok(Game::Blocks(Arc::new(Blocks::playing(inst))))
            }
        }
    }

    /// The position play starts from: the goal of tile boards (the page shuffles from
    /// there), the 7-puzzle's farthest position, Goat's and the block puzzles' starts.
    pub fn start(&self) -> Position {
        match self {
            Game::Tiles(p) => Position::Tiles(p.start()),
            Game::Goat(p) => Position::Goat(p.start()),
            Game::Blocks(p) => Position::Blocks(Box::new(p.start())),
        }
    }

    /// The position `text` describes, checked: a position of this puzzle that can reach the
    /// goal (tiles; Goat's positions all can).
    pub fn parse(&self, text: &str) -> Result<Position, AnswerError> {
        match self {
            Game::Tiles(p) => p.position(text).map(Position::Tiles),
            Game::Goat(p) => p.position(text).map(Position::Goat),
            Game::Blocks(p) => p.position(text).map(|i| Position::Blocks(Box::new(i))),
        }
    }

    /// A name for people: "the 15-puzzle (4x4)", "Klotski (Heng Dao Li Ma)".
    pub fn title(&self) -> String {
        match self {
            Game::Tiles(p) => p.title(),
            Game::Goat(p) => p.title(),
            Game::Blocks(p) => p.title(),
        }
    }

    /// How a block puzzle counts moves: `cell`, `line` or `block`.
    pub fn metric(&self) -> Option<&'static str> {
        match self {
            Game::Blocks(p) => p.metric(),
            _ => None,
        }
    }

    /// What the page draws of `position`.
    pub fn view(&self, position: &Position) -> View {
        on_play!(self, position, |p, pos| p.view(pos), unreachable!("a position of another game"))
    }

    /// Every move the player can make from `position`: one-cell slides of one piece (block
    /// puzzles under any metric: a line or block move is several slides of one block).
    pub fn moves(&self, position: &Position) -> Vec<Step> {
        on_play!(self, position, |p, pos| p.steps(pos), unreachable!("a position of another game"))
    }

    /// Whether `position` is a goal.
    pub fn solved(&self, position: &Position) -> bool {
        self.view(position).solved
    }

    /// The key under which the game's whole space is kept: its puzzle and goal, not the
    /// position.
    pub fn key(&self) -> String {
        match self {
            Game::Tiles(p) => format!("{} {}", p.variant().name, p.shape().map(|d| d.to_string()).unwrap_or_default()),
            Game::Goat(_) => "goat".into(),
            Game::Blocks(p) => {
                let inst = p.start();
                format!(
                    "blocks {}x{} {} {} {}",
                    inst.board.rows,
                    inst.board.cols,
                    inst.start_text(),
                    inst.goal_text,
                    inst.board.metric
                )
            }
        }
    }

    /// How the optimal solutions of this game are told apart, for the count's note.
    pub fn count_words(&self) -> &'static str {
        match self {
            Game::Tiles(_) => "distinct optimal move sequences",
            Game::Goat(_) => "distinct optimal move sequences (the two ─ are alike)",
            Game::Blocks(_) => "distinct optimal solutions (blocks of one size that the goal does not name are alike)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spec: &str) -> Game {
        let tables = Tables::new(std::env::temp_dir().join("slide-web-game-tests"));
        Game::from_spec(&serde_json::from_str(spec).unwrap(), &tables).unwrap()
    }

    #[test]
    fn every_move_reads_back_as_a_position_one_move_away() {
        let games = [
            r#"{"kind":"tiles","rows":3,"cols":3}"#,
            r#"{"kind":"tiles","rows":2,"cols":5}"#,
            r#"{"kind":"tiles","rows":7,"cols":6}"#,
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
        let tables = Tables::new(std::env::temp_dir().join("slide-web-game-tests"));
        let err =
            |spec: &str| Game::from_spec(&serde_json::from_str(spec).unwrap(), &tables).err().unwrap().to_string();
        assert!(err(r#"{"kind":"tiles","rows":11,"cols":3}"#).contains("2 to 10"));
        assert!(err(r#"{"kind":"blocks","name":"nonesuch"}"#).contains("klotski"));
        assert!(err(r#"{"kind":"blocks","name":"klotski","metric":"hop"}"#).contains("cell, line and block"));
        assert!(err(r#"{"kind":"blocks","file":"start: ab/ba"}"#).contains("the pasted puzzle"));
        assert!(err(r#"{"kind":"blocks"}"#).contains("either a name or a file"));
        let tiles = game(r#"{"kind":"tiles","rows":3,"cols":3}"#);
        assert!(tiles.parse("1 2 3 / 4 5 6 / 8 7 0").err().unwrap().to_string().contains("unsolvable"));
        assert!(tiles.parse("1 2 3 / 4 5 6 / 7 8").is_err());
        let klotski = game(r#"{"kind":"blocks","name":"klotski"}"#);
        let e = klotski.parse("ABBC/ABBC/DEEF/DGHF/IIJ.").err().unwrap().to_string();
        assert!(e.contains("blocks are not"), "{e}");
        assert!(game(r#"{"kind":"goat"}"#).parse("1 2 3").is_err());
    }

    #[test]
    fn goals_are_seen_and_drawn() {
        let tiles = game(r#"{"kind":"tiles","rows":2,"cols":2}"#);
        assert!(tiles.solved(&tiles.start()));
        let goat = game(r#"{"kind":"goat"}"#);
        assert!(goat.solved(&goat.parse("1 8 9 10 / 2 5 7 0 / 3 8 4 6").unwrap()));
        assert!(!goat.solved(&goat.start()));
        assert_eq!(goat.view(&goat.start()).targets.len(), 1, "the goat's pen");
        let klotski = game(r#"{"kind":"blocks","name":"klotski"}"#);
        assert!(!klotski.solved(&klotski.start()));
        assert_eq!(klotski.view(&klotski.start()).targets[0].label, "B", "the exit, for the 2x2 block");
    }
}
