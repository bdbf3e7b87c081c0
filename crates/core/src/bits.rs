//! Bit sets and packed arrays shared by threads: the memory of whole-space searches.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// A fixed-size bit set that many threads may set at once.
#[derive(Debug)]
pub struct AtomicBitSet {
    words: Vec<AtomicU64>,
}

impl AtomicBitSet {
    /// `len` bits, all clear.
    pub fn new(len: u64) -> Self {
        let words = (0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        AtomicBitSet { words }
    }
    /// Sets bit `i`; returns whether it was clear before (this caller set it first).
    #[inline]
    pub fn insert(&self, i: u64) -> bool {
        let mask = 1u64 << (i % 64);
        self.words[(i / 64) as usize].fetch_or(mask, Ordering::Relaxed) & mask == 0
    }
    /// Clears every bit.
    pub fn clear(&mut self) {
        for w in &mut self.words {
            *w.get_mut() = 0;
        }
    }
    /// Makes this set equal to `other` (of the same length).
    pub(crate) fn copy_from(&mut self, other: &AtomicBitSet) {
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w.get_mut() = o.load(Ordering::Relaxed);
        }
    }
    /// The number of words (64 bits each).
    pub fn word_count(&self) -> usize {
        self.words.len()
    }
    /// Word `w`, bits `64 * w ..`.
    #[inline]
    pub fn word(&self, w: usize) -> u64 {
        self.words[w].load(Ordering::Relaxed)
    }
    /// Sets word `w` (bits `64 * w ..`) to `bits`: a set read back from a file.
    pub fn set_word(&mut self, w: usize, bits: u64) {
        *self.words[w].get_mut() = bits;
    }
    /// The number of set bits.
    pub fn count_ones(&self) -> u64 {
        self.words.iter().map(|w| w.load(Ordering::Relaxed).count_ones() as u64).sum()
    }
    /// Calls `f` with the index of every set bit in words `words`, in increasing order.
    pub fn for_each_in(&self, words: std::ops::Range<usize>, mut f: impl FnMut(u64)) {
        for w in words {
            let mut bits = self.word(w);
            while bits != 0 {
                f(w as u64 * 64 + bits.trailing_zeros() as u64);
                bits &= bits - 1;
            }
        }
    }
}

/// Small numbers (depths) packed two per byte (`bits == 4`) or one per byte (`bits == 8`),
/// writable by many threads at once.
#[derive(Debug)]
pub(crate) struct AtomicPacked {
    bytes: Vec<AtomicU8>,
    bits: u8,
}

impl AtomicPacked {
    /// `len` entries of `bits` (4 or 8) bits, all zero.
    pub(crate) fn new(len: u64, bits: u8) -> Self {
        assert!(bits == 4 || bits == 8, "entries are 4 or 8 bits");
        let n = if bits == 4 { len.div_ceil(2) } else { len };
        AtomicPacked { bytes: (0..n).map(|_| AtomicU8::new(0)).collect(), bits }
    }
    /// ORs `value` (which must fit the entry width) into entry `i`, which must be zero.
    #[inline]
    pub(crate) fn set_once(&self, i: u64, value: u8) {
        if self.bits == 8 {
            self.bytes[i as usize].store(value, Ordering::Relaxed);
        } else {
            let shift = (i % 2) * 4;
            self.bytes[(i / 2) as usize].fetch_or((value & 15) << shift, Ordering::Relaxed);
        }
    }
    /// Lowers entry `i` to `value` if `value` is smaller (8-bit entries).
    #[inline]
    pub(crate) fn fetch_min(&self, i: u64, value: u8) {
        debug_assert_eq!(self.bits, 8);
        // Most calls find the entry already low enough: a plain load spares them the
        // compare-and-swap loop an atomic minimum of a byte compiles to.
        let byte = &self.bytes[i as usize];
        if byte.load(Ordering::Relaxed) > value {
            byte.fetch_min(value, Ordering::Relaxed);
        }
    }
    /// Sets every byte to `byte`.
    pub(crate) fn fill(&mut self, byte: u8) {
        for b in &mut self.bytes {
            *b.get_mut() = byte;
        }
    }
    /// The packed bytes, for a table payload.
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        self.bytes.into_iter().map(AtomicU8::into_inner).collect()
    }
}

/// Reads entry `i` of a packed payload made by [`AtomicPacked`].
#[inline]
pub(crate) fn packed_get(bytes: &[u8], bits: u8, i: u64) -> u8 {
    if bits == 8 {
        bytes[i as usize]
    } else {
        (bytes[(i / 2) as usize] >> ((i % 2) * 4)) & 15
    }
}
