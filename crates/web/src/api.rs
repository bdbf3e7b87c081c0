//! The routes: the page's embedded files and the JSON API.
//!
//! | route | what it answers |
//! |---|---|
//! | `GET /` | the page (`/app.js`, `/style.css` beside it) |
//! | `GET /api/puzzles` | the puzzles the page offers ([`crate::menu`]) |
//! | `GET /api/status` | the table sets, the search slots and budgets |
//! | `POST /api/position` | `{puzzle, board?}`: the position drawn (with its goal) and the moves from it |
//! | `POST /api/shuffle` | `{puzzle, moves?}`: a random position, or `moves` random moves from the goal |
//! | `POST /api/hint` | `{puzzle, board, patience?}`: the distance and the next move |
//! | `POST /api/solve` | `{puzzle, board, patience?, boards?}`: a solution, its boards, and the count of optimal ones |
//! | `POST /api/histogram` | `{puzzle, board}`: the depth histogram and the position's depth |
//!
//! Tile boards go from 2x2 to 10x10: up to 5x5 the answers are optimal when the search
//! finishes within the budget; otherwise (and always past 5x5) they are the puzzle library's
//! quicker answer, `optimal: false`, with a proven `lower_bound`, and `optimal_search` says
//! what the optimal search did before it stopped. `patience` says how long to wait for an
//! optimal answer ([`Patience`]: `quick`, `full`, or `auto`, the default); `boards: false`
//! leaves out the views after each move (the page replays tile boards itself).
//!
//! Every request body is JSON (`Content-Type: application/json`, at most [`BODY_LIMIT`]
//! bytes, within [`crate::Config::body_timeout`]), read with unknown fields refused; a
//! request that is not right is a 400 (415, 413, 408, 405 for a wrong method) with
//! `{"error": "..."}` naming the problem. Searches run in the search lanes ([`Searches`]):
//! a 503 with `Retry-After` when the slots they need are busy.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use slide_core::answer::{Step, View};
use slide_core::search::Limits;

use crate::answers::{self, Answer, Caches, Patience};
use crate::game::{Game, Position};
use crate::menu::{Offered, PuzzleSpec};
use crate::searches::{ApiError, Lane, Searches};
use crate::tables::{Build, Tables};

/// The largest request body: a pasted puzzle file fits many times over.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The default time a client has to send a request's body once its head has arrived.
pub const BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// What every request handler shares.
pub struct App {
    /// Tables and solvers.
    pub tables: Arc<Tables>,
    /// Whole spaces counted before.
    pub caches: Caches,
    /// The search slots and budgets.
    pub searches: Searches,
    /// The time a client has to send a request's body.
    pub body_timeout: std::time::Duration,
    /// The history of attempts, or why there is none.
    pub history: Result<Arc<crate::history::Store>, Arc<crate::history::Unavailable>>,
    /// The searches of positions, shared by their hints and solutions.
    pub shared: crate::shared::Shared,
}

/// The router of `app`.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(|| asset("index.html")))
        .route("/index.html", get(|| asset("index.html")))
        .route("/app.js", get(|| asset("app.js")))
        .route("/practice.js", get(|| asset("practice.js")))
        .route("/style.css", get(|| asset("style.css")))
        .route("/api/puzzles", get(puzzles))
        .route("/api/status", get(status))
        .route("/api/position", post(position))
        .route("/api/shuffle", post(shuffle))
        .route("/api/hint", post(hint))
        .route("/api/solve", post(solve))
        .route("/api/histogram", post(histogram))
        .merge(crate::history::routes::routes())
        .merge(crate::verdicts::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(crate::guard::add_headers))
        .with_state(app)
}

/// The page's files, compiled in.
const ASSETS: [(&str, &str, &str); 4] = [
    ("index.html", "text/html; charset=utf-8", include_str!("../assets/index.html")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("../assets/app.js")),
    ("practice.js", "text/javascript; charset=utf-8", include_str!("../assets/practice.js")),
    ("style.css", "text/css; charset=utf-8", include_str!("../assets/style.css")),
];

async fn asset(name: &str) -> Response {
    let (_, kind, body) = ASSETS.iter().find(|(n, ..)| *n == name).expect("an asset the router names");
    let mut response = (StatusCode::OK, *body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    // Everything the page loads comes from this server: no CDN, no inline script.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; \
             frame-ancestors 'none'; form-action 'none'; base-uri 'none'",
        ),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    let allowed = if uri.path().starts_with("/api/") && !matches!(uri.path(), "/api/puzzles" | "/api/status") {
        "POST"
    } else {
        "GET"
    };
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!("{} takes {allowed} requests, not {method}", uri.path()),
    }
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError { status: StatusCode::NOT_FOUND, message: format!("no page {}: the API is under /api/", uri.path()) }
}

/// A JSON request body, checked: its type, its size, its syntax and its fields.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned> FromRequest<Arc<App>> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &Arc<App>) -> Result<Self, ApiError> {
        let json =
            req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| {
                v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
            });
        if !json {
            return Err(ApiError {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                message: "the request body must be JSON, sent with Content-Type: application/json".into(),
            });
        }
        let limit = match req.uri().path() {
            "/api/attempts" => crate::history::routes::ATTEMPT_BODY_LIMIT,
            "/api/import" => crate::history::routes::IMPORT_BODY_LIMIT,
            _ => BODY_LIMIT,
        };
        let deadline = app.body_timeout;
        let read = tokio::time::timeout(deadline, Bytes::from_request(req, app)).await.map_err(|_| ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            message: format!("the request body did not arrive within {} s", deadline.as_secs_f64()),
        })?;
        let bytes = read.map_err(|e| match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                message: format!("the request body is larger than {} KiB", limit / 1024),
            },
            status => ApiError { status, message: format!("the request body could not be read: {e}") },
        })?;
        serde_json::from_slice(&bytes).map(Body).map_err(|e| ApiError::bad(format!("the request body: {e}")))
    }
}

/// A request about one position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The puzzle.
    pub puzzle: PuzzleSpec,
    /// The position as text; the puzzle's start when absent.
    pub board: Option<String>,
    /// How long to wait for an optimal answer (hint and solve).
    pub patience: Option<Patience>,
    /// Whether a solution comes with the view after each move (solve; default: yes).
    pub boards: Option<bool>,
}

/// A request for a shuffled position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleRequest {
    /// The puzzle.
    pub puzzle: PuzzleSpec,
    /// Random moves from the goal (block puzzles: from the start); absent: a uniformly
    /// random position.
    pub moves: Option<u64>,
}

/// A position and the moves from it.
#[derive(Debug, Serialize)]
pub struct Positioned {
    /// What to draw.
    pub board: View,
    /// The moves the player can make.
    pub moves: Vec<Step>,
    /// The puzzle's name.
    pub title: String,
    /// How a block puzzle counts moves: `cell`, `line` or `block`.
    pub metric: Option<&'static str>,
}

fn checked(app: &App, request: &PositionRequest) -> Result<(Game, Position), ApiError> {
    let game = Game::from_spec(&request.puzzle, &app.tables).map_err(|e| ApiError::bad(e.to_string()))?;
    let position = match &request.board {
        None => game.start(),
        Some(text) => game.parse(text).map_err(|e| ApiError::bad(format!("the board: {e}")))?,
    };
    Ok((game, position))
}

fn positioned(game: &Game, position: &Position) -> Positioned {
    Positioned { board: game.view(position), moves: game.moves(position), title: game.title(), metric: game.metric() }
}

async fn puzzles() -> Json<Vec<Offered>> {
    Json(crate::menu::offered())
}

/// What `/api/status` says: the version, the tables, the search lanes and the budget.
#[derive(Serialize)]
struct Status {
    version: &'static str,
    data_dir: String,
    tables: Vec<crate::tables::SetStatus>,
    background_build: String,
    /// The background build's progress, 0 to 1 (null: none ran).
    build_progress: Option<f64>,
    searches: Lanes,
    budget: Budget,
}

/// The search lanes: long searches and quick ones, each with its slots.
#[derive(Serialize)]
struct Lanes {
    running: usize,
    slots: usize,
    quick_running: usize,
    quick_slots: usize,
    /// Searches of positions run since the server started (a hint and a solution of one
    /// position share one).
    started: u64,
}

/// The budget of one search.
#[derive(Serialize)]
struct Budget {
    seconds: f64,
    memory_bytes: u64,
    quick_seconds: f64,
}

async fn status(State(app): State<Arc<App>>) -> Json<Status> {
    let build = match app.tables.build_state() {
        Build::NotNeeded => "the 6-6-3 databases were built before".to_string(),
        Build::Running(since) => format!(
            "building the 6-6-3 databases ({} s so far, {:.0}% done; {} as measured)",
            since.elapsed().as_secs(),
            app.tables.build_progress().unwrap_or(0.0) * 100.0,
            crate::tables::pdb663_time()
        ),
        Build::Done => "built the 6-6-3 databases".into(),
        Build::Off => "no background builds (--no-table-builds)".into(),
        Build::Failed(why) => format!("the 6-6-3 databases could not be built: {why}"),
    };
    let searches = &app.searches;
    Json(Status {
        version: env!("CARGO_PKG_VERSION"),
        data_dir: app.tables.dir().display().to_string(),
        tables: app.tables.status(),
        background_build: build,
        build_progress: app.tables.build_progress(),
        searches: Lanes {
            running: searches.running(Lane::Long),
            slots: searches.slots,
            quick_running: searches.running(Lane::Quick),
            quick_slots: searches.slots,
            started: app.shared.started(),
        },
        budget: Budget {
            seconds: searches.timeout.as_secs_f64(),
            memory_bytes: searches.max_memory,
            quick_seconds: searches.quick_timeout.as_secs_f64(),
        },
    })
}

async fn position(
    State(app): State<Arc<App>>,
    Body(request): Body<PositionRequest>,
) -> Result<Json<Positioned>, ApiError> {
    // No search: parsing a board and listing its moves takes microseconds.
    let (game, position) = checked(&app, &request)?;
    Ok(Json(positioned(&game, &position)))
}

async fn shuffle(
    State(app): State<Arc<App>>,
    Body(request): Body<ShuffleRequest>,
) -> Result<Json<Positioned>, ApiError> {
    let game = Game::from_spec(&request.puzzle, &app.tables).map_err(|e| ApiError::bad(e.to_string()))?;
    // A random position of a block puzzle counts its whole space first: the whole budget.
    let answer = app
        .searches
        .quick_within(app.searches.timeout, move |limits| {
            let position = answers::shuffle(&game, request.moves, limits)?;
            Ok(positioned(&game, &position))
        })
        .await?;
    Ok(Json(answer))
}

/// Runs `work` as `patience` says: in the quick lane, in the long lane, or (auto) quick
/// first and long after it when its optimal search did not finish and a long slot is free.
async fn patiently<T, F>(app: &App, patience: Patience, work: F) -> Result<T, ApiError>
where
    T: Answer + Send + 'static,
    F: Fn(&Limits) -> Result<T, ApiError> + Clone + Send + 'static,
{
    match patience {
        Patience::Quick => app.searches.quick(work).await,
        Patience::Full => app.searches.long(work).await,
        Patience::Auto => {
            let mut first = app.searches.quick(work.clone()).await?;
            if !first.unfinished() || !app.searches.has_long_budget() {
                return Ok(first);
            }
            match app.searches.long_if_free(work).await {
                Some(answer) => answer,
                None => {
                    first.add_note("every long search slot is taken, so the optimal search did not go on");
                    Ok(first)
                }
            }
        }
    }
}

/// The search of `position` with `patience`: the one a hint or solution of the same position
/// started (or found lately), or a new one ([`crate::shared`]).
async fn searched(
    app: &Arc<App>,
    game: &Game,
    position: &Position,
    patience: Patience,
) -> Result<Arc<answers::Searched>, ApiError> {
    // The tables' generation: an answer found with walking distance is not given again once
    // the pattern databases are built.
    let key = format!("{}|{}|{patience:?}|{}", game.key(), game.view(position).text, app.tables.generation());
    let (g, p) = (game.clone(), position.clone());
    app.shared
        .search(key, || async move {
            let work = move |limits: &Limits| answers::search(&g, &p, limits);
            patiently(app, patience, work).await
        })
        .await
}

async fn hint(State(app): State<Arc<App>>, Body(request): Body<PositionRequest>) -> Result<Response, ApiError> {
    let (game, position) = checked(&app, &request)?;
    let searched = searched(&app, &game, &position, request.patience.unwrap_or_default()).await?;
    let answer = answers::hint(&game, &position, &searched)?;
    Ok(Json(answer).into_response())
}

async fn solve(State(app): State<Arc<App>>, Body(request): Body<PositionRequest>) -> Result<Response, ApiError> {
    let (game, position) = checked(&app, &request)?;
    let searched = searched(&app, &game, &position, request.patience.unwrap_or_default()).await?;
    let boards = request.boards.unwrap_or(true);
    // The count of optimal solutions (a small budget) and the boards, in a quick slot.
    let work = move |limits: &Limits| answers::solve(&game, &position, &searched, limits, boards);
    let answer = app.searches.quick(work).await?;
    Ok(Json(answer).into_response())
}

async fn histogram(State(app): State<Arc<App>>, Body(request): Body<PositionRequest>) -> Result<Response, ApiError> {
    let (game, position) = checked(&app, &request)?;
    let worker = app.clone();
    // Counting a whole space takes its time once (then it is kept): the whole budget.
    let answer = app
        .searches
        .quick_within(app.searches.timeout, move |limits| answers::histogram(&worker.caches, &game, &position, limits))
        .await?;
    Ok(Json(answer).into_response())
}
