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
    /// The slots not in use: a search takes one when it takes a permit, and gives it back.
    free: Arc<Mutex<Vec<Arc<Slot>>>>,
    /// Every slot, to stop them all.
    all: Arc<Vec<Arc<Slot>>>,
    /// How many searches may run at once.
    pub slots: usize,
    /// Each search's time budget.
    pub timeout: Duration,
    /// Each search's memory budget (the states it remembers).
    pub max_memory: u64,
}

/// One search slot: a rayon pool for the library's parallel searches, and the flag that
/// stops the search running in it (the client left, or the server is stopping).
#[derive(Debug)]
struct Slot {
    pool: rayon::ThreadPool,
    /// The search's interrupt flag. The searches take a `&'static` flag (that of Ctrl-C in
    /// the command line): each slot leaks one flag once, for the server's life.
    stop: &'static AtomicBool,
    /// Which use of the slot this is: a request that left stops its search only while the
    /// slot is still its own, never the next search's.
    turn: Mutex<u64>,
}

impl Slot {
    /// Takes the slot for a new search: its turn, with the flag cleared (or set, when the
    /// server is stopping).
    fn take(&self) -> u64 {
        let mut turn = crate::tables::lock(&self.turn);
        *turn += 1;
        self.stop.store(false, Ordering::SeqCst);
        if stopping() {
            self.stop.store(true, Ordering::SeqCst);
        }
        *turn
    }

    /// Stops the search of `turn` if it still runs in this slot.
    fn stop_turn(&self, turn: u64) {
        if *crate::tables::lock(&self.turn) == turn {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

impl Searches {
    /// `slots` searches at a time, each within `timeout` and `max_memory`.
    pub fn new(slots: usize, timeout: Duration, max_memory: u64) -> Self {
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let all: Vec<Arc<Slot>> = (0..slots)
            .map(|slot| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(move |i| format!("search-{slot}-{i}"))
                    .build()
                    .expect("threads for a search pool");
                let stop: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
                Arc::new(Slot { pool, stop, turn: Mutex::new(0) })
            })
            .collect();
        Searches {
            permits: Arc::new(Semaphore::new(slots)),
            free: Arc::new(Mutex::new(all.clone())),
            all: Arc::new(all),
            slots,
            timeout,
            max_memory,
        }
    }

    /// The limits of one search (`stop` its interrupt flag).
    fn limits(&self, stop: &'static AtomicBool) -> Limits {
        Limits {
            timeout: Some(self.timeout),
            max_memory: Some(self.max_memory),
            interrupt: Some(stop),
            ..Limits::default()
        }
    }

    /// The searches running now.
    pub fn running(&self) -> usize {
        self.slots - self.permits.available_permits()
    }

    /// Stops every running search (each ends at its next check of its limits, within
    /// milliseconds) and refuses new ones: the server is stopping.
    pub fn stop_all(&self) {
        STOP.store(true, Ordering::SeqCst);
        for slot in self.all.iter() {
            slot.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Runs `work` on a blocking thread with the limits of one search, when a slot is free;
    /// a 503 (with Retry-After) when none is. If the returned future is dropped before it
    /// ends (the client closed its connection), the search is stopped and its slot freed.
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
        let slot = crate::tables::lock(&self.free).pop().expect("a free slot for each permit");
        let turn = slot.take();
        let limits = self.limits(slot.stop);
        let _left = StopIfLeft { slot: slot.clone(), turn };
        let in_use = InUse { slot: Some(slot), free: self.free.clone(), _permit: permit };
        let joined = tokio::task::spawn_blocking(move || {
            // The slot goes back, then the permit, however the work ends.
            let in_use = in_use;
            let slot = in_use.slot.as_ref().expect("the slot in use");
            slot.pool.install(|| work(&limits))
        })
        .await;
        joined.unwrap_or_else(|e| Err(ApiError::internal(format!("the search failed: {e} (a bug)"))))
    }
}

/// Stops a search when the request that started it is dropped before its answer.
struct StopIfLeft {
    slot: Arc<Slot>,
    turn: u64,
}

impl Drop for StopIfLeft {
    fn drop(&mut self) {
        // After the answer the slot may already serve another search: `stop_turn` knows.
        self.slot.stop_turn(self.turn);
    }
}

/// A search slot in use: it returns to the free list when dropped, before the permit.
struct InUse {
    slot: Option<Arc<Slot>>,
    free: Arc<Mutex<Vec<Arc<Slot>>>>,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

impl Drop for InUse {
    fn drop(&mut self) {
        if let Some(slot) = self.slot.take() {
            crate::tables::lock(&self.free).push(slot);
        }
    }
}
