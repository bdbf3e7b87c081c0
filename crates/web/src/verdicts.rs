//! The verdict on every move of a solve, kept or given, through the `fifteen` library's
//! [`fifteen::verdict`] (the same function `fifteen verdict` calls), in the long search lane
//! with the whole budget.
//!
//! | route | what it answers |
//! |---|---|
//! | `POST /api/verdict` | `{id, metric?}` (a kept attempt) or `{puzzle, board, moves, metric?}`: [`fifteen::verdict::Verdict`] |
//!
//! In the multi-tile metric, letters of one direction made at the same instant (a click on a
//! line of tiles) are one move; keys pressed one by one stay one move each.

use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use fifteen::facade::Tiles;
use fifteen::verdict::{letters_to_moves, verdict, Verdict, VerdictError};
use fifteen::Metric;
use fifteen::{Grid, Shape};
use serde::Deserialize;
use slide_core::answer::{AnswerError, Settings};
use slide_core::search::{LimitHit, Limits};
use slide_core::sync::lock;

use crate::api::{App, Body};
use crate::history::attempt::puzzle_shape;
use crate::menu::PuzzleSpec;
use crate::searches::ApiError;

/// The verdict's route.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/verdict", post(judge))
}

/// A request for a verdict.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerdictRequest {
    /// A kept attempt.
    pub id: Option<i64>,
    /// Or a puzzle (tile boards and the 7-puzzle) ...
    pub puzzle: Option<PuzzleSpec>,
    /// ... the scramble ...
    pub board: Option<String>,
    /// ... and the moves, LURD letters.
    pub moves: Option<String>,
    /// `stm` (default) or `mtm`.
    pub metric: Option<String>,
}

/// The multi-tile facades made so far (the single-tile ones are the server's [`Tables`]').
///
/// [`Tables`]: crate::tables::Tables
static MULTI: Mutex<Vec<(&str, Shape, Arc<Tiles>)>> = Mutex::new(Vec::new());

/// What is judged: the facade's variant and shape, the scramble, the letters and their times.
struct Solve {
    seven: bool,
    shape: Shape,
    scramble: String,
    letters: String,
    times: Vec<u64>,
}

fn facade(app: &App, seven: bool, shape: Shape, metric: Metric) -> Result<Arc<Tiles>, ApiError> {
    let variant = if seven { &seven::VARIANT } else { &fifteen::facade::FIFTEEN };
    let made = |e: AnswerError| ApiError::bad(e.to_string());
    match metric {
        Metric::SingleTile => crate::menu::tiles(&app.tables, variant, shape).map_err(made),
        Metric::MultiTile => {
            let mut kept = lock(&MULTI);
            if let Some((.., t)) = kept.iter().find(|(n, s, _)| *n == variant.name && *s == shape) {
                return Ok(t.clone());
            }
            let settings = Settings { data_dir: Some(app.tables.dir().to_path_buf()), ..Settings::default() };
            let t = Arc::new(Tiles::with_metric(variant, Some(shape), metric, &settings).map_err(made)?);
            kept.push((variant.name, shape, t.clone()));
            Ok(t)
        }
    }
}

async fn judge(State(app): State<Arc<App>>, Body(request): Body<VerdictRequest>) -> Result<Json<Verdict>, ApiError> {
    let metric = match request.metric.as_deref() {
        None => Metric::SingleTile,
        Some(m) => Metric::from_name(m).ok_or_else(|| ApiError::bad(format!("metric {m:?}: stm or mtm")))?,
    };
    let solve = match (request.id, &request.puzzle) {
        (Some(id), None) => {
            let store =
                app.history.clone().map_err(|why| ApiError::busy(format!("the history is not available: {why}")))?;
            let found = tokio::task::spawn_blocking(move || store.attempt(id))
                .await
                .map_err(|e| ApiError::internal(e.to_string()))?
                .map_err(|e| ApiError::internal(e.to_string()))?;
            let (a, _) = found.ok_or_else(|| ApiError::bad(format!("no attempt {id} in the history")))?;
            let shape = puzzle_shape(&a.puzzle)
                .ok_or_else(|| ApiError::bad(format!("attempt {id} is a total: ask for the verdict of each part")))?;
            Solve { seven: a.puzzle == "seven", shape, scramble: a.scramble, letters: a.moves, times: a.times }
        }
        (None, Some(spec)) => {
            let (seven, shape) = match spec {
                PuzzleSpec::Tiles { rows, cols } => (false, puzzle_shape(&format!("{rows}x{cols}"))),
                PuzzleSpec::Seven {} => (true, Some(seven::SHAPE)),
                _ => (false, None),
            };
            let shape = shape
                .ok_or_else(|| ApiError::bad("a verdict is given on tile boards (2x2 to 10x10) and the 7-puzzle"))?;
            let scramble =
                request.board.clone().ok_or_else(|| ApiError::bad("a verdict needs the board (the scramble)"))?;
            let letters = request.moves.clone().unwrap_or_default();
            Solve { seven, shape, scramble, letters, times: Vec::new() }
        }
        _ => return Err(ApiError::bad("ask for the verdict of a kept attempt (id) or of a puzzle, a board and moves")),
    };
    let tiles = facade(&app, solve.seven, solve.shape, metric)?;
    let start: Grid = fifteen::parse::parse_grid(&solve.scramble, Some(solve.shape))
        .map_err(|e| ApiError::bad(format!("the board: {e}")))?;
    // Letters made at the same instant are one gesture: one move of the multi-tile metric.
    let times = solve.times;
    let moves = letters_to_moves(&solve.letters, metric, |i| times.get(i).is_some_and(|t| Some(t) == times.get(i - 1)))
        .ok_or_else(|| ApiError::bad("the moves: LURD letters only (U, D, L, R: the way the tile moves)"))?;
    let work = move |limits: &Limits| {
        verdict(&tiles, &start, &moves, limits).map_err(|e| match e {
            VerdictError::Facade(AnswerError::Limit(s)) if s.hit == LimitHit::Interrupted => {
                ApiError::busy("the server is stopping")
            }
            e => ApiError::bad(e.to_string()),
        })
    };
    Ok(Json(app.searches.long(work).await?))
}
