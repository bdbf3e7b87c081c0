//! Where searches run: off the async threads, a bounded number at a time, each within a
//! time and memory budget, all stopped by Ctrl-C.
//!
//! Searches are shared fairly between small and large requests by two lanes. Every answer
//! starts in the quick lane, within a short budget ([`Searches::quick_timeout`]): most
//! answers end there (the 8-puzzle, Goat, block puzzles, 4x4 boards with pattern databases),
//! and those that do not come back at once with a quicker answer that is not optimal. Only
//! an optimal search that needs more runs in the long lane, with the whole budget
//! (`--timeout`), at most `--searches` at once. So two long searches never hold up a small
//! hint: it waits at most for a quick one.
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
use slide_core::sync::lock;
use tokio::sync::Semaphore;

/// Set by Ctrl-C: every running search stops at its next check of its limits.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Whether the server is stopping.
pub fn stopping() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Seconds a client is told to wait when every search slot is taken.
pub const RETRY_AFTER_SECONDS: u32 = 1;

/// The most time a quick search takes before the answer says it did not finish (less when
/// `--timeout` is less).
pub const QUICK_TIMEOUT: Duration = Duration::from_secs(1);

/// The most time a request waits for a quick slot before it is told the server is busy.
pub const QUICK_WAIT: Duration = Duration::from_secs(5);

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

/// The body of every refusal: `{"error": "..."}`.
#[derive(serde::Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = axum::Json(ErrorBody { error: &self.message });
        let mut response = (self.status, body).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
        }
        response
    }
}

/// Which lane a search runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Short searches: within [`Searches::quick_timeout`] each.
    Quick,
    /// Optimal searches with the whole budget.
    Long,
}

/// The search lanes and the budget of each search.
#[derive(Clone, Debug)]
pub struct Searches {
    quick: Slots,
    long: Slots,
    /// How many long searches may run at once (`--searches`); as many quick ones.
    pub slots: usize,
    /// Each long search's time budget.
    pub timeout: Duration,
    /// Each quick search's time budget: [`QUICK_TIMEOUT`], or the timeout when less.
    pub quick_timeout: Duration,
    /// Each search's memory budget (the states it remembers).
    pub max_memory: u64,
}

/// The slots of one lane.
#[derive(Clone, Debug)]
struct Slots {
    permits: Arc<Semaphore>,
    /// The slots not in use: a search takes one when it takes a permit, and gives it back.
    free: Arc<Mutex<Vec<Arc<Slot>>>>,
    /// Every slot, to stop them all.
    all: Arc<Vec<Arc<Slot>>>,
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
        let mut turn = lock(&self.turn);
        *turn += 1;
        self.stop.store(false, Ordering::SeqCst);
        if stopping() {
            self.stop.store(true, Ordering::SeqCst);
        }
        *turn
    }

    /// Stops the search of `turn` if it still runs in this slot.
    fn stop_turn(&self, turn: u64) {
        if *lock(&self.turn) == turn {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

impl Slots {
    fn new(count: usize, name: &'static str) -> Slots {
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let all: Vec<Arc<Slot>> = (0..count)
            .map(|slot| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(move |i| format!("{name}-{slot}-{i}"))
                    .build()
                    .expect("threads for a search pool");
                let stop: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
                Arc::new(Slot { pool, stop, turn: Mutex::new(0) })
            })
            .collect();
        Slots { permits: Arc::new(Semaphore::new(count)), free: Arc::new(Mutex::new(all.clone())), all: Arc::new(all) }
    }

    fn running(&self) -> usize {
        self.all.len() - self.permits.available_permits()
    }
}

impl Searches {
    /// `slots` long searches at a time within `timeout`, as many quick ones within
    /// [`QUICK_TIMEOUT`] (or `timeout` when less), each within `max_memory`.
    pub fn new(slots: usize, timeout: Duration, max_memory: u64) -> Self {
        Searches {
            quick: Slots::new(slots, "quick"),
            long: Slots::new(slots, "search"),
            slots,
            timeout,
            quick_timeout: timeout.min(QUICK_TIMEOUT),
            max_memory,
        }
    }

    /// The searches running now in `lane`.
    pub fn running(&self, lane: Lane) -> usize {
        match lane {
            Lane::Quick => self.quick.running(),
            Lane::Long => self.long.running(),
        }
    }

    /// Whether a long search would add anything to a quick one: its budget is longer.
    pub fn has_long_budget(&self) -> bool {
        self.timeout > self.quick_timeout
    }

    /// Stops every running search (each ends at its next check of its limits, within
    /// milliseconds) and refuses new ones: the server is stopping.
    pub fn stop_all(&self) {
        STOP.store(true, Ordering::SeqCst);
        for slot in self.quick.all.iter().chain(self.long.all.iter()) {
            slot.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Runs `work` in the quick lane with the limits of a quick search, waiting up to
    /// [`QUICK_WAIT`] for a slot (a 503 with Retry-After after that).
    pub async fn quick<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    {
        self.quick_within(self.quick_timeout, work).await
    }

    /// [`Searches::quick`] with the time budget `timeout`, for work that is quick but for
    /// its first time (a whole space counted, then kept).
    pub async fn quick_within<T, F>(&self, timeout: Duration, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    {
        let permit = match tokio::time::timeout(QUICK_WAIT, self.quick.permits.clone().acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            _ => {
                return Err(ApiError::busy(format!(
                    "{} quick searches are running and more are waiting; try again in a second",
                    self.slots
                )))
            }
        };
        self.run_in(&self.quick, permit, timeout, work).await
    }

    /// Runs `work` in the long lane with the whole budget, when a slot is free; a 503 (with
    /// Retry-After) when none is.
    pub async fn long<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    {
        let permit = self.long.permits.clone().try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "{} long searches are running, the most this server runs at once (--searches); try again in a \
                 second",
                self.slots
            ))
        })?;
        self.run_in(&self.long, permit, self.timeout, work).await
    }

    /// [`Searches::long`] when a long slot is free; None (and `work` not run) when none is.
    pub async fn long_if_free<T, F>(&self, work: F) -> Option<Result<T, ApiError>>
    where
        T: Send + 'static,
        F: FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    {
        let permit = self.long.permits.clone().try_acquire_owned().ok()?;
        Some(self.run_in(&self.long, permit, self.timeout, work).await)
    }

    /// Runs `work` on a blocking thread in a slot of `lane` (its `permit` taken) within
    /// `timeout`. If the returned future is dropped before it ends (the client closed its
    /// connection, or pressed Cancel), the search is stopped and its slot freed.
    async fn run_in<T, F>(
        &self,
        lane: &Slots,
        permit: tokio::sync::OwnedSemaphorePermit,
        timeout: Duration,
        work: F,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    {
        if stopping() {
            return Err(ApiError::busy("the server is stopping"));
        }
        let slot = lock(&lane.free).pop().expect("a free slot for each permit");
        let turn = slot.take();
        let limits = Limits {
            timeout: Some(timeout),
            max_memory: Some(self.max_memory),
            interrupt: Some(slot.stop),
            ..Limits::default()
        };
        let _left = StopIfLeft { slot: slot.clone(), turn };
        let in_use = InUse { slot: Some(slot), free: lane.free.clone(), _permit: permit };
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
            lock(&self.free).push(slot);
        }
    }
}
