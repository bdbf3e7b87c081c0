//! Where searches run: off the async threads, a bounded number at a time, each within a
//! time and memory budget, all stopped by Ctrl-C.
//!
//! Each search slot has a rayon pool of its own, which the library's parallel searches use
//! while they run in it: a long search on one slot never queues a short one's tasks behind
//! its own, as one shared pool would (the operating system shares the cores between them).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use slide_core::search::Limits;
use tokio::sync::Semaphore;

/// Set by Ctrl-C: every running search stops at its next check of its limits.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Whether the server is stopping.
pub fn stopping() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Seconds a client is told to wait when every search slot is taken.
pub const RETRY_AFTER_SECONDS: u32 = 1;

/// An answer that is not a result: the status and a message naming the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong, in words.
    pub message: String,
}

impl ApiError {
    /// 400: the request is not one the server can answer (with what is wrong).
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// 500: a bug.
    pub fn internal(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.into() }
    }

    /// 503: every search slot is taken (sent with Retry-After), or the server is stopping.
    pub fn busy(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: message.into() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = axum::Json(serde_json::json!({ "error": self.message }));
        let mut response = (self.status, body).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
        }
        response
    }
}

/// The search slots and the budget of each search.
#[derive(Clone, Debug)]
pub struct Searches {
    permits: Arc<Semaphore>,
    /// One pool per slot: a search takes one when it takes a permit, and gives it back.
    pools: Arc<Mutex<Vec<Arc<rayon::ThreadPool>>>>,
    /// How many searches may run at once.
    pub slots: usize,
    /// Each search's time budget.
    pub timeout: Duration,
    /// Each search's memory budget (the states it remembers).
    pub max_memory: u64,
}

impl Searches {
    /// `slots` searches at a time, each within `timeout` and `max_memory`.
    pub fn new(slots: usize, timeout: Duration, max_memory: u64) -> Self {
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let pools = (0..slots)
            .map(|slot| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(move |i| format!("search-{slot}-{i}"))
                    .build()
                    .expect("threads for a search pool");
                Arc::new(pool)
            })
            .collect();
        Searches {
            permits: Arc::new(Semaphore::new(slots)),
            pools: Arc::new(Mutex::new(pools)),
            slots,
            timeout,
            max_memory,
        }
    }

    /// The limits of one search.
    pub fn limits(&self) -> Limits {
        Limits {
            timeout: Some(self.timeout),
            max_memory: Some(self.max_memory),
            interrupt: Some(&STOP),
            ..Limits::default()
        }
    }

    /// The searches running now.
    pub fn running(&self) -> usize {
        self.slots - self.permits.available_permits()
    }

    /// Runs `work` on a blocking thread with the limits of one search, when a slot is free;
    /// a 503 (with Retry-After) when none is.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    {
        if stopping() {
            return Err(ApiError::busy("the server is stopping"));
        }
        let permit = self.permits.clone().try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "{} searches are running, the most this server runs at once (--searches); try again in a second",
                self.slots
            ))
        })?;
        let limits = self.limits();
        let pools = self.pools.clone();
        let joined = tokio::task::spawn_blocking(move || {
            // The pool goes back, then the permit, however the work ends.
            let pool = crate::tables::lock(&pools).pop();
            let slot = Slot { pool, pools, _permit: permit };
            let pool = slot.pool.as_ref().expect("a pool for each permit");
            pool.install(|| work(&limits))
        })
        .await;
        joined.unwrap_or_else(|e| Err(ApiError::internal(format!("the search failed: {e} (a bug)"))))
    }
}

/// A search slot in use: its pool returns to the free list when dropped, before the permit.
struct Slot {
    pool: Option<Arc<rayon::ThreadPool>>,
    pools: Arc<Mutex<Vec<Arc<rayon::ThreadPool>>>>,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            crate::tables::lock(&self.pools).push(pool);
        }
    }
}
