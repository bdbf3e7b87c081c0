//! Estimates of the memory a search's containers hold, so that a memory bound is checked
//! before the next allocation instead of after the machine has run out.
//!
//! A growing container allocates its new buffer (twice the old one) while the old one is
//! still alive, so when it is about to grow it briefly holds three times its current size:
//! the estimates count that peak as soon as a container is within [`SLACK`] items of full.
//! A growth also takes time (every item is moved): a large one can take seconds, so a
//! [`Footprint`] says the bytes about to be allocated apart, and the search's guard checks,
//! before a growth, that it can end before the deadline
//! ([`super::LimitGuard::check_memory`]).

use std::collections::{HashMap, HashSet};
use std::iter::Sum;
use std::mem::size_of;
use std::ops::{Add, AddAssign};

/// Items a search may add between two checks (the successors of one state); a container
/// this close to its capacity counts as about to grow.
pub const SLACK: usize = 256;

/// The memory a search's containers hold, and what the ones near full will allocate when
/// they grow: [`super::LimitGuard::check_memory`] stops a search before a growth would pass
/// the memory bound, or could not end before the deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    /// Bytes held now.
    pub held: u64,
    /// Bytes of the new buffers of the containers about to grow (allocated while the old
    /// ones are alive, and filled by moving every item: a growth's time is proportional to
    /// them).
    pub growing: u64,
}

impl Footprint {
    /// Bytes held, with nothing about to grow.
    pub(crate) fn held(bytes: u64) -> Footprint {
        Footprint { held: bytes, growing: 0 }
    }

    /// The most the containers hold at once: what they hold, and the new buffers while the
    /// old ones are alive.
    pub(crate) fn peak(&self) -> u64 {
        self.held.saturating_add(self.growing)
    }
}

impl Add for Footprint {
    type Output = Footprint;
    fn add(self, other: Footprint) -> Footprint {
        Footprint { held: self.held.saturating_add(other.held), growing: self.growing.saturating_add(other.growing) }
    }
}

impl AddAssign for Footprint {
    fn add_assign(&mut self, other: Footprint) {
        *self = *self + other;
    }
}

impl Sum for Footprint {
    fn sum<I: Iterator<Item = Footprint>>(iter: I) -> Footprint {
        iter.fold(Footprint::default(), Add::add)
    }
}

/// The bytes of a buffer of `capacity` items of type `T` holding `len`, with its next growth
/// when it is near.
pub fn buffer_bytes<T>(len: usize, capacity: usize) -> Footprint {
    with_growth((capacity as u64).saturating_mul(size_of::<T>() as u64), len, capacity)
}

/// What a collection takes in memory, with its next growth when it is near: a search holding
/// one checks it against its budget.
pub trait Footprinted {
    /// Its bytes, now and at its next growth.
    fn footprint(&self) -> Footprint;
}

/// std's hash tables keep a control byte per bucket and about eight buckets per seven items.
impl<K, V, S> Footprinted for HashMap<K, V, S> {
    fn footprint(&self) -> Footprint {
        hash_table_bytes(self.len(), self.capacity(), size_of::<(K, V)>())
    }
}

impl<T, S> Footprinted for HashSet<T, S> {
    fn footprint(&self) -> Footprint {
        hash_table_bytes(self.len(), self.capacity(), size_of::<T>())
    }
}

/// The bytes of a hash table of `len` entries of `entry` bytes in room for `capacity`
/// (a control byte per bucket, about eight buckets per seven entries).
pub(crate) fn hash_table_bytes(len: usize, capacity: usize, entry: usize) -> Footprint {
    let buckets = (capacity as u64).saturating_mul(8).div_ceil(7);
    with_growth(buckets.saturating_mul(entry as u64 + 1), len, capacity)
}

/// `bytes` held in room for `capacity` items, `len` of them taken: within [`SLACK`] of full,
/// the container is about to allocate twice as much (at least a small buffer).
fn with_growth(bytes: u64, len: usize, capacity: usize) -> Footprint {
    let growing = match len.saturating_add(SLACK) >= capacity {
        true => bytes.saturating_mul(2).max(SLACK as u64 * 3),
        false => 0,
    };
    Footprint { held: bytes, growing }
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
        let bytes = map.footprint().peak();
        // At least the entries themselves, at most a few times them.
        assert!(bytes >= 100_000 * 16, "{bytes}");
        assert!(bytes <= 100_000 * 16 * 8, "{bytes}");
        let v: Vec<u32> = Vec::with_capacity(1000);
        assert_eq!(buffer_bytes::<u32>(0, v.capacity()), Footprint::held(4000));
        let near_full = buffer_bytes::<u32>(900, 1000);
        assert_eq!(
            (near_full.held, near_full.growing, near_full.peak()),
            (4000, 8000, 12_000),
            "the next growth counts"
        );
    }
}
