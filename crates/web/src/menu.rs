//! The menu: every puzzle the page offers, as a request names it ([`PuzzleSpec`]) and as
//! `/api/puzzles` lists it ([`offered`]), and the facade each is played through ([`game`]).
//!
//! This is the one module of the page that names a puzzle. The rest plays a [`Game`], a
//! facade behind an object, through `slide_core::answer::Play`: positions, shuffles, hints,
//! solutions and depth histograms alike. So a puzzle whose library implements `Play` joins
//! the page with its entry here and nothing else: a [`PuzzleSpec`] variant, the facade made
//! for it in [`game`], and its line in [`offered`]. (The practice mode's history and verdicts,
//! `history` and `verdicts`, keep timed solves of tile boards only, the 7-puzzle among them.)

use std::sync::Arc;

use fifteen::facade::{Tiles, Variant, FIFTEEN};
use fifteen::Shape;
use goat::facade::GoatFacade;
use quzzle::facade::Blocks;
use quzzle::parse::FileError;
use quzzle::Metric;
use serde::{Deserialize, Serialize};
use slide_core::answer::AnswerError;
use thiserror::Error;

use crate::game::Game;
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

/// One puzzle the page offers.
#[derive(Debug, Serialize)]
pub struct Offered {
    /// What the menu says.
    pub title: String,
    /// The puzzle, as requests name it.
    pub puzzle: PuzzleSpec,
}

/// The puzzles the page offers, in the menu's order.
pub fn offered() -> Vec<Offered> {
    let mut list = Vec::new();
    let tiles = |rows: u32, cols: u32, title: String| Offered { title, puzzle: PuzzleSpec::Tiles { rows, cols } };
    list.push(tiles(3, 3, "8-puzzle (3x3)".into()));
    list.push(tiles(4, 4, "15-puzzle (4x4)".into()));
    list.push(tiles(5, 5, "24-puzzle (5x5)".into()));
    list.push(tiles(6, 6, "35-puzzle (6x6, not optimal)".into()));
    list.push(tiles(10, 10, "99-puzzle (10x10, not optimal)".into()));
    list.push(Offered { title: "7-puzzle (2x4)".into(), puzzle: PuzzleSpec::Seven {} });
    list.push(Offered { title: "Hiroi's Goat puzzle".into(), puzzle: PuzzleSpec::Goat {} });
    for (name, text) in quzzle::puzzles::NAMED {
        let title = quzzle::parse::parse_file(text).ok().and_then(|f| f.name).unwrap_or_else(|| name.to_string());
        let puzzle = PuzzleSpec::Blocks { name: Some(name.to_string()), file: None, metric: None };
        list.push(Offered { title, puzzle });
    }
    list
}

/// The largest tile board side the page plays and answers for: past 5x5 the answers are the
/// staged solver's (or weighted A*'s), marked not optimal.
pub const MAX_SIDE: u32 = 10;

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
    /// The puzzle's facade could not be made.
    #[error("{0}")]
    Facade(AnswerError),
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

/// The game a request's puzzle names, checked: the facade that plays it, made for it (the
/// tile and Goat facades are kept with their tables in [`Tables`]).
pub fn game(spec: &PuzzleSpec, tables: &Arc<Tables>) -> Result<Game, GameError> {
    match spec {
        PuzzleSpec::Tiles { rows, cols } => {
            let ok = |n: &u32| (2..=MAX_SIDE).contains(n);
            let shape = Shape::new(*rows as usize, *cols as usize)
                .filter(|_| ok(rows) && ok(cols))
                .ok_or(GameError::TileSize { rows: *rows, cols: *cols })?;
            let facade = tiles(tables, &FIFTEEN, shape).map_err(GameError::Facade)?;
            // A search made with a weaker heuristic than the pattern databases would give
            // says why they were not at hand (being built, or not built on this machine).
            let tables = tables.clone();
            Ok(Game::new(facade, spec).remarked(move |heuristic| tables.tile_note(shape, heuristic)))
        }
        PuzzleSpec::Seven {} => {
            Ok(Game::new(tiles(tables, &seven::VARIANT, seven::SHAPE).map_err(GameError::Facade)?, spec))
        }
        PuzzleSpec::Goat {} => Ok(Game::new(tables.facade("goat", GoatFacade::new).map_err(GameError::Facade)?, spec)),
        PuzzleSpec::Blocks { name, file, metric } => {
            let metric = match metric {
                None => None,
                Some(m) => Some(Metric::parse(m).ok_or_else(|| GameError::Metric(m.clone()))?),
            };
            let inst = match (name, file) {
                (Some(name), None) => {
                    let text =
                        quzzle::puzzles::named(name).ok_or_else(|| GameError::NoSuchPuzzle { name: name.clone() })?;
                    quzzle::parse::instance_from_file(text, name, metric).map_err(GameError::Named)?
                }
                (None, Some(file)) => {
                    quzzle::parse::instance_from_file(file, "pasted puzzle", metric).map_err(GameError::Pasted)?
                }
                _ => return Err(GameError::NameOrFile),
            };
            Ok(Game::new(Arc::new(Blocks::playing(inst)), spec))
        }
    }
}

/// The facade of `variant`'s tile boards of `shape`, made on first use and kept with its
/// tables: told not to build pattern databases, so that a request never waits for one.
pub fn tiles(tables: &Tables, variant: &'static Variant, shape: Shape) -> Result<Arc<Tiles>, AnswerError> {
    tables.facade(&format!("{} {shape}", variant.name), |settings| {
        Ok(Tiles::new(variant, Some(shape), settings)?.build_databases(false))
    })
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    fn tables() -> Arc<Tables> {
        Arc::new(Tables::new(std::env::temp_dir().join("slide-web-menu-tests")))
    }

    #[test]
    fn every_puzzle_offered_is_a_game() {
        let tables = tables();
        for offer in offered() {
            let game = game(&offer.puzzle, &tables).unwrap_or_else(|e| panic!("{}: {e}", offer.title));
            assert!(!game.title().is_empty(), "{}", offer.title);
        }
    }

    /// The source files under `dir`.
    fn sources(dir: &Path) -> Vec<PathBuf> {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            match path.is_dir() {
                true => files.extend(sources(&path)),
                false if path.extension().is_some_and(|e| e == "rs") => files.push(path),
                false => {}
            }
        }
        files
    }

    /// A file's code: without its comments and its tests (the `#[cfg(test)]` module that
    /// ends each file; the files of tests, `tests.rs`, are left out whole).
    fn code(text: &str) -> String {
        let mut code = String::new();
        for line in text.lines() {
            let line = line.trim();
            if line == "#[cfg(test)]" {
                break;
            }
            if !line.starts_with("//") {
                code += line.split(" // ").next().unwrap_or_default();
                code += "\n";
            }
        }
        code
    }

    /// The 7-puzzle shows it: it is on the page by its entry in this module alone, and so is
    /// every other puzzle. No other module of the page names one in its code: not its
    /// library, its facade, its kind or a puzzle of it. (The practice mode, `history` and
    /// `verdicts`, keeps timed solves of tile boards, the 7-puzzle's among them under its
    /// event name `seven`: it is not how a puzzle joins the page.)
    #[test]
    fn no_module_but_the_menu_names_a_puzzle() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let names = [
            "seven",
            "Seven",
            "goat",
            "Goat",
            "quzzle",
            "Blocks",
            "Tiles",
            "TileInput",
            "GoatInput",
            "Instance",
            "klotski",
            "pennant",
            "century",
            "fifteen::facade",
            "FIFTEEN",
            "Variant",
        ];
        let practice = [src.join("history"), src.join("verdicts.rs")];
        let mut read = 0;
        for file in sources(&src) {
            let name = file.strip_prefix(&src).unwrap().display().to_string();
            let tests = file.file_name().is_some_and(|n| n == "tests.rs");
            if name == "menu.rs" || tests || practice.iter().any(|p| file.starts_with(p)) {
                continue;
            }
            read += 1;
            let code = code(&std::fs::read_to_string(&file).unwrap());
            for puzzle in names {
                assert!(!code.contains(puzzle), "{name} names {puzzle:?}: only the menu names a puzzle");
            }
        }
        assert!(read >= 10, "{read} files read");
        let menu = code(&std::fs::read_to_string(src.join("menu.rs")).unwrap());
        assert!(menu.contains("seven::VARIANT") && menu.contains("PuzzleSpec::Seven {}"), "the 7-puzzle's entry");
    }
}
