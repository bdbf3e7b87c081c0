//! A puzzle the page plays, whichever it is: a [`Game`] is its library's facade ([`Play`])
//! behind an object, made by the menu ([`crate::menu`]) for the puzzle a request names, and
//! a [`Position`] is that facade's input. Nothing here names a puzzle: what differs between
//! puzzles their facades say.
//!
//! Positions travel between the page and the server as the text each library reads (the
//! tile numbers, Goat's numbers, a block puzzle's rows), so the libraries stay the one place
//! where a board is parsed, checked, drawn and moved.

use std::any::Any;
use std::sync::Arc;

use slide_core::answer::{AnswerError, Hint, Play, Solution, Step, View};
use slide_core::search::Limits;

use crate::answers::{self, Caches, Histogram, Remark, Searched, Solved};
use crate::menu::{GameError, PuzzleSpec};
use crate::searches::ApiError;
use crate::tables::Tables;

/// What a search's answer may say beside it, by the heuristic it used.
type Remarks = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// A puzzle, checked: the facade of its library, made for it.
#[derive(Clone)]
pub struct Game {
    page: Arc<dyn Page>,
    key: String,
    remark: Option<Remarks>,
}

/// A position of a [`Game`]: its facade's input.
#[derive(Clone)]
pub struct Position(Arc<dyn Any + Send + Sync>);

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Position")
    }
}

impl Position {
    /// `input`, a position of the facade whose input it is.
    pub(crate) fn new<T: Any + Send + Sync>(input: T) -> Position {
        Position(Arc::new(input))
    }

    /// The input of `P` it is; an error when it is another facade's (a bug).
    pub(crate) fn of<P: Play>(&self) -> Result<&P::Input, ApiError>
    where
        P::Input: 'static,
    {
        self.0.downcast_ref().ok_or_else(|| ApiError::internal("a position of another game (a bug)"))
    }
}

impl Game {
    /// The game of `facade`, the puzzle `spec` names: its whole space and its searches are
    /// kept under `spec`.
    pub fn new<P>(facade: Arc<P>, spec: &PuzzleSpec) -> Game
    where
        P: Play + 'static,
        P::Input: 'static,
        Solution<P>: Send + Sync,
    {
        let key = serde_json::to_string(spec).expect("a puzzle spec is plain data");
        Game { page: Arc::new(Facaded(facade)), key, remark: None }
    }

    /// The game, whose answers say what `remark` says of the heuristic they used.
    pub fn remarked(self, remark: impl Fn(&str) -> Option<String> + Send + Sync + 'static) -> Game {
        Game { remark: Some(Arc::new(remark)), ..self }
    }

    /// Checks a request's puzzle: the facade that plays it ([`crate::menu::game`]).
    pub fn from_spec(spec: &PuzzleSpec, tables: &Arc<Tables>) -> Result<Game, GameError> {
        crate::menu::game(spec, tables)
    }

    /// The position play starts from: the goal of tile boards (the page shuffles from
    /// there), the 7-puzzle's farthest position, Goat's and the block puzzles' starts.
    pub fn start(&self) -> Position {
        self.page.start()
    }

    /// The position `text` describes, checked: a position of this puzzle that can reach the
    /// goal (where the facade can tell without a search: tiles by parity).
    pub fn parse(&self, text: &str) -> Result<Position, AnswerError> {
        self.page.parse(text)
    }

    /// A name for people: "the 15-puzzle (4x4)", "Klotski (Heng Dao Li Ma)".
    pub fn title(&self) -> String {
        self.page.title()
    }

    /// How a block puzzle counts moves: `cell`, `line` or `block`.
    pub fn metric(&self) -> Option<&'static str> {
        self.page.metric()
    }

    /// What the page draws of `position`.
    pub fn view(&self, position: &Position) -> View {
        self.page.view(position).expect("a position of another game")
    }

    /// Every move the player can make from `position`: one-cell slides of one piece (block
    /// puzzles under any metric: a line or block move is several slides of one block).
    pub fn moves(&self, position: &Position) -> Vec<Step> {
        self.page.steps(position).expect("a position of another game")
    }

    /// Whether `position` is a goal.
    pub fn solved(&self, position: &Position) -> bool {
        self.view(position).solved
    }

    /// The key under which the game's whole space and its searches are kept: its puzzle as
    /// the request named it, not the position.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// What to say beside an answer found with `heuristic` (a table not built), if anything.
    pub fn remark(&self, heuristic: &str) -> Option<String> {
        self.remark.as_ref().and_then(|r| r(heuristic))
    }

    /// The facade behind the object, for the answers.
    pub(crate) fn page(&self) -> &dyn Page {
        &*self.page
    }
}

/// A facade played through an object: [`Play`] and the page's answers of its positions
/// ([`crate::answers`]), each made by code generic over the facade.
pub(crate) trait Page: Send + Sync {
    fn start(&self) -> Position;
    fn parse(&self, text: &str) -> Result<Position, AnswerError>;
    fn title(&self) -> String;
    fn metric(&self) -> Option<&'static str>;
    /// None: a position of another game.
    fn view(&self, position: &Position) -> Option<View>;
    /// None: a position of another game.
    fn steps(&self, position: &Position) -> Option<Vec<Step>>;
    fn search(&self, position: &Position, limits: &Limits) -> Result<Searched, ApiError>;
    fn hint(&self, position: &Position, searched: &Searched, remark: Remark) -> Result<Hint, ApiError>;
    fn solve(
        &self,
        position: &Position,
        searched: &Searched,
        limits: &Limits,
        boards: bool,
        remark: Remark,
    ) -> Result<Solved, ApiError>;
    fn histogram(
        &self,
        caches: &Caches,
        key: &str,
        position: &Position,
        limits: &Limits,
    ) -> Result<Histogram, ApiError>;
    fn shuffle(&self, moves: Option<u64>, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<Position, AnswerError>;
}

/// A facade as a [`Page`].
struct Facaded<P>(Arc<P>);

impl<P> Page for Facaded<P>
where
    P: Play + 'static,
    P::Input: 'static,
    Solution<P>: Send + Sync,
{
    fn start(&self) -> Position {
        Position::new(self.0.start())
    }

    fn parse(&self, text: &str) -> Result<Position, AnswerError> {
        self.0.position(text).map(Position::new)
    }

    fn title(&self) -> String {
        self.0.title()
    }

    fn metric(&self) -> Option<&'static str> {
        self.0.metric()
    }

    fn view(&self, position: &Position) -> Option<View> {
        Some(self.0.view(position.of::<P>().ok()?))
    }

    fn steps(&self, position: &Position) -> Option<Vec<Step>> {
        Some(self.0.steps(position.of::<P>().ok()?))
    }

    fn search(&self, position: &Position, limits: &Limits) -> Result<Searched, ApiError> {
        answers::search_of(&*self.0, position.of::<P>()?, limits)
    }

    fn hint(&self, position: &Position, searched: &Searched, remark: Remark) -> Result<Hint, ApiError> {
        answers::hint_of(&*self.0, position.of::<P>()?, searched.outcome()?, remark)
    }

    fn solve(
        &self,
        position: &Position,
        searched: &Searched,
        limits: &Limits,
        boards: bool,
        remark: Remark,
    ) -> Result<Solved, ApiError> {
        answers::solve_of(&*self.0, position.of::<P>()?, searched.outcome()?, limits, boards, remark)
    }

    fn histogram(
        &self,
        caches: &Caches,
        key: &str,
        position: &Position,
        limits: &Limits,
    ) -> Result<Histogram, ApiError> {
        answers::histogram_of(&*self.0, caches, key, position.of::<P>()?, limits)
    }

    fn shuffle(&self, moves: Option<u64>, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<Position, AnswerError> {
        self.0.shuffle(moves, rng, limits).map(Position::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables() -> Arc<Tables> {
        Arc::new(Tables::new(std::env::temp_dir().join("slide-web-game-tests")))
    }

    fn game(spec: &str) -> Game {
        Game::from_spec(&serde_json::from_str(spec).unwrap(), &tables()).unwrap()
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
        let tables = tables();
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
