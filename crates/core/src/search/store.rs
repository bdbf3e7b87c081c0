//! The map of remembered states of the searches that remember them (`bfs`, `astar`, the
//! depth-first searches with a visited set): a hash map split into [`SHARDS`] tables.
//!
//! Why split: a hash table grows by moving every entry into a table twice as large, and no
//! check of the limits can run meanwhile: doubling a table of a gigabyte takes seconds, and a
//! search overran its time limit by as much. Each shard grows alone, at a
//! [`SHARDS`]th of the size, and the search checks its limits between two growths
//! ([`super::LimitGuard::check_memory`]), so a deadline is passed by one shard's growth at
//! most (tens of milliseconds where the whole table took seconds), and the peak memory of a
//! growth is a shard's new table, not the whole table's.
//!
//! A table's old buffer, freed after a growth, may stay in the process: allocators keep freed
//! blocks below their mapping threshold (glibc's reaches 32 MiB) for later requests, and tables
//! that grow in step rarely fit the blocks the others freed. Those bytes count as held, so the
//! process stays under a memory bound (a search under a tight bound remembers fewer states).
//! A single table's buffers were mapped and unmapped whole, which is why one map of 64 did not
//! need this and does: without it, `bfs` under `--max-memory 100M` peaked at 118 MB.
//!
//! The map keeps its [`Footprint`] up to date as entries go in, so a search can read it
//! before every expansion: the bytes held, and the largest growth of a shard that is near
//! full (shards grow one at a time, each checked before; entries spread evenly, so many
//! shards near full at once is the rule, and counting all their growths as one would foresee
//! a growth of the whole table that never comes).

use std::hash::{BuildHasher, Hash};

use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxBuildHasher;

use super::memory::{hash_table_bytes, Footprint};

/// The number of tables a [`StateMap`] is split into.
pub(crate) const SHARDS: usize = 64;

/// Freed buffers smaller than this may be kept by the allocator for reuse (glibc maps larger
/// ones, and gives them back when freed, once its threshold has risen to its greatest).
const RETAINED_BELOW: u64 = 32 << 20;

/// A hash map of states split into [`SHARDS`] tables that grow one at a time, with its
/// memory footprint (see the module's documentation).
pub(crate) struct StateMap<K, V> {
    shards: Box<[HashTable<(K, V)>]>,
    len: usize,
    /// The bytes the shards' tables hold, and the old buffers the allocator may keep.
    held: u64,
    /// Each shard's next growth when it is near full (zero otherwise).
    growing: [u64; SHARDS],
}

impl<K: Hash + Eq, V> Default for StateMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Hash + Eq, V> StateMap<K, V> {
    /// An empty map (it allocates its tables as entries arrive).
    pub(crate) fn new() -> Self {
        StateMap { shards: (0..SHARDS).map(|_| HashTable::new()).collect(), len: 0, held: 0, growing: [0; SHARDS] }
    }

    /// The number of entries.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether the map is empty.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes the tables hold, and the largest growth of a table near full (the bytes it
    /// will allocate while its old table is alive).
    #[inline]
    pub(crate) fn footprint(&self) -> Footprint {
        Footprint { held: self.held, growing: self.growing.iter().copied().max().unwrap_or(0) }
    }

    /// The value of `key`.
    #[inline]
    pub(crate) fn get(&self, key: &K) -> Option<&V> {
        let (hash, shard) = locate(key);
        self.shards[shard].find(hash, |(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value of `key`, to change it.
    #[inline]
    pub(crate) fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        let (hash, shard) = locate(key);
        self.shards[shard].find_mut(hash, |(k, _)| k == key).map(|(_, v)| v)
    }

    /// Whether `key` is in the map.
    #[inline]
    pub(crate) fn contains_key(&self, key: &K) -> bool {
        self.get(key).is_some()
    }

    /// Puts `key` in with `value` unless it is there already: whether it went in (a key
    /// present keeps its value).
    #[inline]
    pub(crate) fn insert_new(&mut self, key: K, value: V) -> bool {
        self.put(key, value, |_, _| ()).is_none()
    }

    /// Puts `key` in with `value`, replacing the value it had: the old value.
    #[inline]
    pub(crate) fn insert(&mut self, key: K, value: V) -> Option<V> {
        self.put(key, value, std::mem::replace)
    }

    /// Puts `key` in with `value` if it is not there (None); if it is, what `present` makes
    /// of its value and `value`.
    #[inline]
    fn put<R>(&mut self, key: K, value: V, present: impl FnOnce(&mut V, V) -> R) -> Option<R> {
        let (hash, shard) = locate(&key);
        let table = &mut self.shards[shard];
        let before = shard_footprint(table).held;
        match table.entry(hash, |(k, _)| *k == key, |(k, _)| locate(k).0) {
            Entry::Occupied(mut slot) => return Some(present(&mut slot.get_mut().1, value)),
            Entry::Vacant(slot) => {
                slot.insert((key, value));
            }
        }
        self.len += 1;
        self.refoot(before, shard);
        None
    }

    /// The value of `key`, put in as `value` first if the key is not there.
    #[inline]
    pub(crate) fn get_or_insert(&mut self, key: K, value: V) -> &mut V
    where
        K: Copy,
    {
        let (hash, shard) = locate(&key);
        if self.shards[shard].find(hash, |(k, _)| *k == key).is_none() {
            let before = shard_footprint(&self.shards[shard]).held;
            self.shards[shard].insert_unique(hash, (key, value), |(k, _)| locate(k).0);
            self.len += 1;
            self.refoot(before, shard);
        }
        let (_, v) = self.shards[shard].find_mut(hash, |(k, _)| *k == key).expect("the key was just put in");
        v
    }

    /// Every entry, in no particular order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.shards.iter().flat_map(|t| t.iter().map(|(k, v)| (k, v)))
    }

    /// Every value, in no particular order.
    pub(crate) fn values(&self) -> impl Iterator<Item = &V> {
        self.iter().map(|(_, v)| v)
    }

    /// Replaces shard `shard`'s part of the footprint, its bytes held `before` an insertion,
    /// by its part now. After a growth, an old buffer below [`RETAINED_BELOW`] stays counted
    /// (see the module's documentation).
    #[inline]
    fn refoot(&mut self, before: u64, shard: usize) {
        let after = shard_footprint(&self.shards[shard]);
        let retained = match after.held > before && before < RETAINED_BELOW {
            true => before,
            false => 0,
        };
        self.held = self.held - before + after.held + retained;
        self.growing[shard] = after.growing;
    }
}

impl<K: Hash + Eq, V> std::ops::Index<&K> for StateMap<K, V> {
    type Output = V;
    /// # Panics
    ///
    /// If `key` is not in the map.
    fn index(&self, key: &K) -> &V {
        self.get(key).expect("a key of the map")
    }
}

impl<K, V> std::fmt::Debug for StateMap<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StateMap").field("len", &self.len).field("held", &self.held).finish()
    }
}

/// A set of states: a [`StateMap`] without values.
#[derive(Debug)]
pub(crate) struct StateSet<K>(StateMap<K, ()>);

impl<K: Hash + Eq> Default for StateSet<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Hash + Eq> StateSet<K> {
    /// An empty set.
    pub(crate) fn new() -> Self {
        StateSet(StateMap::new())
    }
    /// Adds `key`: whether it was new.
    #[inline]
    pub(crate) fn insert(&mut self, key: K) -> bool {
        self.0.insert_new(key, ())
    }
    /// Whether `key` is in the set.
    #[inline]
    pub(crate) fn contains(&self, key: &K) -> bool {
        self.0.contains_key(key)
    }
    /// See [`StateMap::footprint`].
    #[inline]
    pub(crate) fn footprint(&self) -> Footprint {
        self.0.footprint()
    }
}

/// A key's hash and its shard. The shard is taken from the hash mixed once more, so that it
/// shares no bits with what the table reads of the hash (its low bits for the bucket, its top
/// seven for the control byte): within a shard, keys still differ in both.
#[inline]
fn locate<K: Hash>(key: &K) -> (u64, usize) {
    let hash = FxBuildHasher.hash_one(key);
    let shard = (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SHARDS.trailing_zeros())) as usize;
    (hash, shard)
}

/// One shard's footprint: its table's bytes and, when near full, its next growth.
#[inline]
fn shard_footprint<T>(table: &HashTable<T>) -> Footprint {
    hash_table_bytes(table.len(), table.capacity(), std::mem::size_of::<T>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn a_key_goes_in_once() {
        let mut seen = StateMap::new();
        assert!(seen.insert_new(7u64, "start"));
        assert!(!seen.insert_new(7u64, "again"), "a key goes in once");
        assert_eq!(seen.get(&7), Some(&"start"));
        assert_eq!(seen.len(), 1);
        assert!(seen.footprint().held > 0);
        let mut visited = StateSet::new();
        assert!(visited.insert(3u32));
        assert!(!visited.insert(3u32));
        assert!(visited.contains(&3));
    }

    #[test]
    fn it_maps_as_a_hash_map_does() {
        let mut ours = StateMap::new();
        let mut std = HashMap::new();
        for i in 0..20_000u64 {
            let k = i.wrapping_mul(2_654_435_761) % 7_919;
            assert_eq!(ours.insert_new(k, i), !std.contains_key(&k));
            std.entry(k).or_insert(i);
            if i % 3 == 0 {
                assert_eq!(ours.insert(k, i + 1), std.insert(k, i + 1));
            }
        }
        assert_eq!(ours.len(), std.len());
        for (k, v) in &std {
            assert_eq!(ours.get(k), Some(v));
        }
        assert_eq!(ours.iter().count(), std.len());
        *ours.get_mut(&5).unwrap() = 99;
        assert_eq!(ours[&5], 99);
        assert_eq!(ours.get(&8_000), None);
    }

    #[test]
    fn the_footprint_is_the_shards_and_a_growth_is_one_shards() {
        let mut map = StateMap::new();
        for i in 0..200_000u64 {
            map.insert_new(i, i);
            let f = map.footprint();
            let shards: Vec<Footprint> = map.shards.iter().map(shard_footprint).collect();
            if i % 997 == 0 {
                // The tables' bytes, and each table's old buffers (all under 32 MiB here):
                // a table that doubled from its first buffer has freed about as much again.
                let tables = shards.iter().map(|s| s.held).sum::<u64>();
                assert!(f.held >= tables && f.held <= 2 * tables, "{} for tables of {tables}", f.held);
                assert_eq!(f.growing, shards.iter().map(|s| s.growing).max().unwrap());
            }
            // A growth allocates one shard's table, never the whole map's again.
            if i >= 10_000 {
                assert!(f.growing * 16 < f.held, "{} of {}", f.growing, f.held);
            }
        }
        // Entries spread over the shards: none holds more than twice its share.
        let most = map.shards.iter().map(|t| t.len()).max().unwrap();
        assert!(most < 2 * 200_000 / SHARDS, "{most}");
    }
}
