//! Answers kept for next time, within a bound on their count and on their bytes: the page
//! redraws a histogram after every move, and counting a whole space again each time would
//! cost seconds, but a server that keeps every space it ever counted grows without end.

use std::sync::{Arc, Mutex};

use slide_core::sync::lock;

/// Values by key, the least recently used dropped first when a new one would pass
/// `max_entries` or `max_bytes`. A value may be a trait object (`Kept<dyn Any + Send + Sync>`
/// keeps values of several types).
#[derive(Debug)]
pub struct Kept<T: ?Sized> {
    entries: Mutex<Vec<Entry<T>>>,
    max_entries: usize,
    max_bytes: u64,
}

#[derive(Debug)]
struct Entry<T: ?Sized> {
    key: String,
    value: Arc<T>,
    bytes: u64,
}

impl<T: ?Sized> Kept<T> {
    /// At most `max_entries` values of at most `max_bytes` in all.
    pub fn new(max_entries: usize, max_bytes: u64) -> Self {
        Kept { entries: Mutex::new(Vec::new()), max_entries, max_bytes }
    }

    /// The value kept under `key`, now the most recently used.
    pub fn get(&self, key: &str) -> Option<Arc<T>> {
        let mut entries = lock(&self.entries);
        let at = entries.iter().position(|e| e.key == key)?;
        let entry = entries.remove(at);
        let value = entry.value.clone();
        entries.push(entry);
        Some(value)
    }

    /// Keeps `value` (taking `bytes`) under `key`, dropping the least recently used values
    /// as the bounds require; a value larger than the whole budget is not kept.
    pub fn keep(&self, key: String, value: Arc<T>, bytes: u64) {
        if bytes > self.max_bytes || self.max_entries == 0 {
            return;
        }
        let mut entries = lock(&self.entries);
        entries.retain(|e| e.key != key);
        let mut total: u64 = entries.iter().map(|e| e.bytes).sum();
        while !entries.is_empty() && (entries.len() >= self.max_entries || total + bytes > self.max_bytes) {
            total -= entries.remove(0).bytes;
        }
        entries.push(Entry { key, value, bytes });
    }

    /// The values kept and their bytes in all.
    pub fn usage(&self) -> (usize, u64) {
        let entries = lock(&self.entries);
        (entries.len(), entries.iter().map(|e| e.bytes).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_go_first_and_the_bounds_hold() {
        let kept = Kept::new(3, 100);
        for (i, key) in ["a", "b", "c"].into_iter().enumerate() {
            kept.keep(key.into(), Arc::new(i), 30);
        }
        assert_eq!(kept.usage(), (3, 90));
        assert_eq!(kept.get("a").as_deref(), Some(&0)); // a is now the most recent
        kept.keep("d".into(), Arc::new(3), 30); // the count bound drops b
        assert!(kept.get("b").is_none());
        assert_eq!(kept.usage(), (3, 90));
        kept.keep("e".into(), Arc::new(4), 70); // the byte bound drops c, then a: 30 + 70 fit
        assert_eq!(kept.usage(), (2, 100));
        assert!(kept.get("e").is_some() && kept.get("d").is_some());
        assert!(kept.get("a").is_none() && kept.get("c").is_none());
        kept.keep("huge".into(), Arc::new(5), 101); // larger than the budget: not kept
        assert!(kept.get("huge").is_none());
        assert_eq!(kept.usage(), (2, 100));
        kept.keep("e".into(), Arc::new(6), 10); // a key kept again replaces its value
        assert_eq!((kept.get("e").as_deref(), kept.usage()), (Some(&6), (2, 40)));
    }

    #[test]
    fn any_sequence_stays_within_the_bounds() {
        let kept = Kept::new(4, 1000);
        let mut x: u64 = 1;
        for _ in 0..10_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let key = format!("k{}", (x >> 40) % 9);
            if x.is_multiple_of(3) {
                let _ = kept.get(&key);
            } else {
                kept.keep(key, Arc::new(()), (x >> 20) % 1200);
            }
            let (count, bytes) = kept.usage();
            assert!(count <= 4 && bytes <= 1000, "{count} values, {bytes} bytes");
        }
    }
}
