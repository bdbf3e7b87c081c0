//! Estimates of the memory a search's containers hold, so that a memory bound is checked
//! before the next allocation instead of after the machine has run out.
//!
//! A growing container allocates its new buffer (twice the old one) while the old one is
//! still alive, so when it is about to grow it briefly holds three times its current size:
//! the estimates count that peak as soon as a container is within [`SLACK`] items of full.

use std::collections::{HashMap, HashSet};
use std::mem::size_of;

/// Items a search may add between two checks (the successors of one state); a container
/// this close to its capacity counts as about to grow.
pub const SLACK: usize = 256;

/// The bytes of a buffer of `capacity` items of type `T` holding `len`, with its next growth
/// counted when it is near.
pub fn buffer_bytes<T>(len: usize, capacity: usize) -> u64 {
    with_growth((capacity as u64).saturating_mul(size_of::<T>() as u64), len, capacity)
}

/// The bytes of a hash map: std's tables keep a control byte per bucket and about eight
/// buckets per seven items.
pub fn hash_map_bytes<K, V, S>(map: &HashMap<K, V, S>) -> u64 {
    hash_table_bytes(map.len(), map.capacity(), size_of::<(K, V)>())
}

/// The bytes of a hash set (see [`hash_map_bytes`]).
pub fn hash_set_bytes<T, S>(set: &HashSet<T, S>) -> u64 {
    hash_table_bytes(set.len(), set.capacity(), size_of::<T>())
}

/// The bytes of a hash table of `len` entries of `entry` bytes in room for `capacity`
/// (a control byte per bucket, about eight buckets per seven entries).
pub fn hash_table_bytes(len: usize, capacity: usize, entry: usize) -> u64 {
    let buckets = (capacity as u64).saturating_mul(8).div_ceil(7);
    with_growth(buckets.saturating_mul(entry as u64 + 1), len, capacity)
}

fn with_growth(bytes: u64, len: usize, capacity: usize) -> u64 {
    if len.saturating_add(SLACK) >= capacity {
        bytes.saturating_mul(3).max(SLACK as u64 * 3)
    } else {
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_cover_what_is_allocated() {
        let mut map: HashMap<u64, u64> = HashMap::new();
        for i in 0..100_000u64 {
            map.insert(i, i);
        }
        let bytes = hash_map_bytes(&map);
        // At least the entries themselves, at most a few times them.
        assert!(bytes >= 100_000 * 16, "{bytes}");
        assert!(bytes <= 100_000 * 16 * 8, "{bytes}");
        let v: Vec<u32> = Vec::with_capacity(1000);
        assert_eq!(buffer_bytes::<u32>(0, v.capacity()), 4000);
        assert_eq!(buffer_bytes::<u32>(900, 1000), 12_000, "near full: the next growth counts");
    }
}
