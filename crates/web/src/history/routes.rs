//! The history's routes in the JSON API.
//!
//! | route | what it answers |
//! |---|---|
//! | `POST /api/attempts` | `{attempt, parts?}`: keeps an attempt (a relay's or marathon's total with its parts): `{id, key, personal_bests}` |
//! | `POST /api/history` | `{event?, scope?, limit?, before?}`: the events played, the latest attempts, and the event's statistics for the session and all time |
//! | `POST /api/attempt` | `{id}`: one attempt with its moves and times (a total with its parts) |
//! | `POST /api/session` | `{started_at?}`: starts a new session |
//! | `GET /api/export.csv`, `GET /api/export.json` | every attempt, as a file |
//! | `POST /api/import` | `{text}`: the attempts of an export (CSV or JSON) not already kept: `{added, skipped}` |
//!
//! A history that could not be opened makes these routes a 503 naming why; the page still
//! plays.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::store::{EventCount, Imported, Kept};
use super::{exchange, Attempt, EventStats, Store, StoreError};
use crate::api::{App, Body};
use crate::searches::ApiError;

/// The largest attempt request: a marathon of large boards, moves and times.
pub const ATTEMPT_BODY_LIMIT: usize = 4 << 20;
/// The largest import.
pub const IMPORT_BODY_LIMIT: usize = 64 << 20;
/// The most attempts one history request lists.
pub const MAX_LIST: u32 = 1000;

/// The history's routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/attempts", post(add).layer(axum::extract::DefaultBodyLimit::max(ATTEMPT_BODY_LIMIT)))
        .route("/api/history", post(history))
        .route("/api/attempt", post(attempt))
        .route("/api/session", post(session))
        .route("/api/export.csv", get(export_csv))
        .route("/api/export.json", get(export_json))
        .route("/api/import", post(import).layer(axum::extract::DefaultBodyLimit::max(IMPORT_BODY_LIMIT)))
}

/// The store, or why there is none.
fn store(app: &App) -> Result<Arc<Store>, ApiError> {
    app.history.clone().map_err(|why| ApiError::busy(format!("the history is not available: {why}")))
}

fn store_error(e: StoreError) -> ApiError {
    match e {
        StoreError::Attempt(_) | StoreError::Duplicate(_) => ApiError::bad(e.to_string()),
        StoreError::Stopped => ApiError::busy("the server is stopping"),
        e => ApiError::internal(e.to_string()),
    }
}

/// Runs blocking history work off the async threads.
async fn blocking<T: Send + 'static>(
    app: &App,
    work: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, ApiError> {
    let store = store(app)?;
    tokio::task::spawn_blocking(move || work(&store))
        .await
        .map_err(|e| ApiError::internal(format!("the history failed: {e} (a bug)")))?
        .map_err(store_error)
}

/// An attempt to keep.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddRequest {
    /// The attempt (a total, for a relay or marathon).
    pub attempt: Attempt,
    /// A total's parts, in order.
    #[serde(default)]
    pub parts: Vec<Attempt>,
}

/// An attempt kept.
#[derive(Debug, Serialize)]
pub struct Added {
    /// Its number.
    pub id: i64,
    /// Its key.
    pub key: String,
    /// The personal bests it set, all time (`time single`, `time ao5`, `moves/s ao12`, ...).
    pub personal_bests: Vec<String>,
}

async fn add(State(app): State<Arc<App>>, Body(request): Body<AddRequest>) -> Result<Json<Added>, ApiError> {
    let added = blocking(&app, move |store| {
        let event = request.attempt.event.clone();
        let Kept { id, key } = store.add(request.attempt, request.parts)?;
        let personal_bests = super::personal_bests(store, &event)?;
        Ok(Added { id, key, personal_bests })
    })
    .await?;
    Ok(Json(added))
}

/// Which attempts a history request means.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The current session's.
    #[default]
    Session,
    /// All.
    All,
}

/// A history request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryRequest {
    /// The event whose attempts and statistics are wanted (none: attempts of every event).
    pub event: Option<String>,
    /// The attempts listed: the session's (default) or all.
    #[serde(default)]
    pub scope: Scope,
    /// How many to list (default 50, at most [`MAX_LIST`]).
    pub limit: Option<u32>,
    /// List those before this attempt (the next page).
    pub before: Option<i64>,
}

/// The history as the page shows it.
#[derive(Debug, Serialize)]
pub struct HistoryAnswer {
    /// The current session.
    pub session: i64,
    /// Where the history is kept.
    pub file: String,
    /// Every event played, the most played first.
    pub events: Vec<EventCount>,
    /// The latest attempts asked for, newest first (moves and times left out: `/api/attempt`
    /// has them).
    pub attempts: Vec<Attempt>,
    /// The event's statistics in the current session.
    pub session_stats: Option<EventStats>,
    /// The event's statistics of all time.
    pub all_stats: Option<EventStats>,
}

async fn history(
    State(app): State<Arc<App>>,
    Body(request): Body<HistoryRequest>,
) -> Result<Json<HistoryAnswer>, ApiError> {
    let limit = request.limit.unwrap_or(50);
    if limit > MAX_LIST {
        return Err(ApiError::bad(format!("limit {limit}: at most {MAX_LIST}")));
    }
    let answer = blocking(&app, move |store| {
        let session = store.current_session()?;
        let listed = match request.scope {
            Scope::Session => Some(session),
            Scope::All => None,
        };
        let mut attempts = store.latest(request.event.as_deref(), listed, limit, request.before)?;
        for a in &mut attempts {
            a.times.clear();
            a.moves.clear();
        }
        let (session_stats, all_stats) = match &request.event {
            Some(event) => {
                (Some(super::event_stats(store, event, Some(session))?), Some(super::event_stats(store, event, None)?))
            }
            None => (None, None),
        };
        Ok(HistoryAnswer {
            session,
            file: store.path().display().to_string(),
            events: store.events()?,
            attempts,
            session_stats,
            all_stats,
        })
    })
    .await?;
    Ok(Json(answer))
}

/// A request for one attempt.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptRequest {
    /// Its number.
    pub id: i64,
}

/// One attempt, whole.
#[derive(Debug, Serialize)]
pub struct AttemptAnswer {
    /// The attempt.
    pub attempt: Attempt,
    /// A total's parts, in order.
    pub parts: Vec<Attempt>,
}

async fn attempt(
    State(app): State<Arc<App>>,
    Body(request): Body<AttemptRequest>,
) -> Result<Json<AttemptAnswer>, ApiError> {
    let id = request.id;
    let found = blocking(&app, move |store| store.attempt(id)).await?;
    let (attempt, parts) = found.ok_or_else(|| ApiError {
        status: StatusCode::NOT_FOUND,
        message: format!("no attempt {id} in the history"),
    })?;
    Ok(Json(AttemptAnswer { attempt, parts }))
}

/// A request for a new session.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionRequest {
    /// When it starts (RFC 3339, UTC).
    pub started_at: Option<String>,
}

/// The session started.
#[derive(Debug, Serialize)]
pub struct SessionAnswer {
    /// Its number.
    pub session: i64,
}

async fn session(
    State(app): State<Arc<App>>,
    Body(request): Body<SessionRequest>,
) -> Result<Json<SessionAnswer>, ApiError> {
    let session = blocking(&app, move |store| store.new_session(request.started_at)).await?;
    Ok(Json(SessionAnswer { session }))
}

fn download(body: String, kind: &'static str, name: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static(name));
    response
}

async fn export_csv(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let attempts = blocking(&app, |store| store.all()).await?;
    let text = exchange::write_csv(&attempts).map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(download(text, "text/csv; charset=utf-8", "attachment; filename=\"slide-history.csv\""))
}

async fn export_json(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let attempts = blocking(&app, |store| store.all()).await?;
    Ok(download(exchange::write_json(&attempts), "application/json", "attachment; filename=\"slide-history.json\""))
}

/// An export to import.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// The file's text, CSV or JSON.
    pub text: String,
}

async fn import(State(app): State<Arc<App>>, Body(request): Body<ImportRequest>) -> Result<Json<Imported>, ApiError> {
    let attempts = exchange::read(&request.text).map_err(|e| ApiError::bad(e.to_string()))?;
    let imported = blocking(&app, move |store| store.import(attempts)).await?;
    Ok(Json(imported))
}
