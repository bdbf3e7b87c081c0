//! The one way this workspace takes a lock.

use std::sync::{Mutex, MutexGuard};

/// The data behind `mutex`, even if a thread panicked while holding it: what the libraries
/// and servers keep behind a lock (notes, built heuristics, a build's state) stays valid
/// whatever happened to the holder.
///
/// ```
/// let m = std::sync::Mutex::new(1);
/// *slide_core::sync::lock(&m) += 1;
/// assert_eq!(*slide_core::sync::lock(&m), 2);
/// ```
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
