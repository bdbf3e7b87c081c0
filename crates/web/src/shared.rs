//! One search per position: the page's Hint and Solve of one position (and two tabs that ask
//! at once) share the search that the first of them started, and answers found within the
//! last minute are given again without a search.
//!
//! Requests are keyed by the puzzle, the position and their patience. The first runs the
//! search; the others wait for it (taking no search slot). If the first request leaves
//! before the answer (its client closed, or pressed Cancel), its search stops and the next
//! waiting request searches itself. An answer the budget cut short is not kept: the next
//! request searches again.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use slide_core::sync::lock;
use tokio::sync::OnceCell;

use crate::answers::{Answer, Searched};
use crate::searches::ApiError;

/// How long a finished search's answer is given again.
pub const KEPT_FOR: Duration = Duration::from_secs(60);
/// The most answers kept.
pub const KEPT_ANSWERS: usize = 64;

type Cell = Arc<OnceCell<Arc<Searched>>>;

/// The searches in flight and those answered lately.
#[derive(Default)]
pub struct Shared {
    cells: Mutex<HashMap<String, (Instant, Cell)>>,
    started: AtomicU64,
}

impl Shared {
    /// How many searches were run (not shared) since the server started.
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// The search of `key`: the one in flight or kept, or `search` run now.
    pub async fn search<F>(&self, key: String, search: impl FnOnce() -> F) -> Result<Arc<Searched>, ApiError>
    where
        F: Future<Output = Result<Searched, ApiError>>,
    {
        let cell = {
            let mut cells = lock(&self.cells);
            let now = Instant::now();
            cells.retain(|_, (at, cell)| now.duration_since(*at) < KEPT_FOR || !cell.initialized());
            if cells.len() >= KEPT_ANSWERS {
                // The oldest answered goes first; searches in flight stay.
                if let Some(oldest) = cells
                    .iter()
                    .filter(|(_, (_, c))| c.initialized())
                    .min_by_key(|(_, (at, _))| *at)
                    .map(|(k, _)| k.clone())
                {
                    cells.remove(&oldest);
                }
            }
            cells.entry(key.clone()).or_insert_with(|| (now, Arc::new(OnceCell::new()))).1.clone()
        };
        let answer = cell
            .get_or_try_init(|| async {
                self.started.fetch_add(1, Ordering::Relaxed);
                search().await.map(Arc::new)
            })
            .await
            .cloned();
        let mut cells = lock(&self.cells);
        match &answer {
            // Kept from the moment it was answered.
            Ok(a) if !a.unfinished() => {
                if let Some(entry) = cells.get_mut(&key).filter(|(_, c)| Arc::ptr_eq(c, &cell)) {
                    entry.0 = Instant::now();
                }
            }
            // Cut short or refused: the next request searches again.
            _ => {
                if cells.get(&key).is_some_and(|(_, c)| Arc::ptr_eq(c, &cell)) {
                    cells.remove(&key);
                }
            }
        }
        answer
    }
}
