//! Increasing lists of ranks as bytes: each rank as its distance from the previous one
//! (LEB128, seven bits a byte). A breadth-first layer's positions, or the successors one
//! process sends another, lie close together when there are many: a dense list takes one or
//! two bytes a position instead of eight.
//!
//! ```
//! use slide_core::gaps::{decode, encode};
//! let mut ranks = vec![1_000_007, 1_000_000, 1_000_300, 1_000_000];
//! let bytes = encode(&mut ranks, 1_000_000);
//! assert_eq!(bytes, [0, 7, 0xa5, 0x02]); // 0, 7 and 293 past the base
//! let mut back = Vec::new();
//! decode(&bytes, 1_000_000, |r| back.push(r)).unwrap();
//! assert_eq!(back, [1_000_000, 1_000_007, 1_000_300]);
//! ```

use thiserror::Error;

/// A list of ranks that does not decode: a bug, or bytes that are not a list.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("a list of ranks ends inside a number or holds one past 2^64 (byte {at})")]
pub struct GapError {
    /// Where the bad number starts.
    pub at: usize,
}

/// Appends ranks given in increasing order, each as its distance from the one before (the
/// first from `base`).
#[derive(Debug)]
pub(crate) struct GapWriter<'a> {
    out: &'a mut Vec<u8>,
    last: u64,
}

impl<'a> GapWriter<'a> {
    /// A writer appending to `out`, the first rank at least `base`.
    pub(crate) fn new(out: &'a mut Vec<u8>, base: u64) -> Self {
        GapWriter { out, last: base }
    }

    /// Appends `rank`, which is at least the last one (equal only for the first, at `base`).
    #[inline]
    pub(crate) fn push(&mut self, rank: u64) {
        debug_assert!(rank >= self.last, "ranks in increasing order");
        let mut gap = rank - self.last;
        self.last = rank;
        while gap >= 0x80 {
            self.out.push((gap as u8 & 0x7f) | 0x80);
            gap >>= 7;
        }
        self.out.push(gap as u8);
    }
}

/// `ranks` (each at least `base`), sorted and without repeats, as bytes; `ranks` is left
/// sorted and deduplicated.
pub fn encode(ranks: &mut Vec<u64>, base: u64) -> Vec<u8> {
    ranks.sort_unstable();
    ranks.dedup();
    let mut out = Vec::with_capacity(ranks.len() * 2);
    let mut writer = GapWriter::new(&mut out, base);
    for &r in ranks.iter() {
        writer.push(r);
    }
    out
}

/// Calls `each` with every rank of `bytes` (made by [`encode`] with the same `base`), in
/// increasing order.
pub fn decode(bytes: &[u8], base: u64, mut each: impl FnMut(u64)) -> Result<(), GapError> {
    let mut last = base;
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let (mut gap, mut shift) = (0u64, 0u32);
        loop {
            let Some(&b) = bytes.get(i) else { return Err(GapError { at: start }) };
            i += 1;
            if shift > 63 || (shift == 63 && b > 1) {
                return Err(GapError { at: start });
            }
            gap |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                break;
            }
            shift += 7;
        }
        last = last.checked_add(gap).ok_or(GapError { at: start })?;
        each(last);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_come_back_sorted_and_without_repeats() {
        let mut state = 0x9e3779b97f4a7c15u64;
        let mut ranks: Vec<u64> = (0..5000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                1 << 40 | state >> 20
            })
            .collect();
        ranks.extend([1 << 40, u64::MAX, u64::MAX]);
        let mut want = ranks.clone();
        want.sort_unstable();
        want.dedup();
        let bytes = encode(&mut ranks, 1 << 40);
        let mut back = Vec::new();
        decode(&bytes, 1 << 40, |r| back.push(r)).unwrap();
        assert_eq!(back, want);
        assert!(encode(&mut Vec::new(), 9).is_empty());
    }

    #[test]
    fn cut_or_overlong_numbers_are_errors() {
        assert_eq!(decode(&[5, 0x80], 0, |_| {}), Err(GapError { at: 1 }));
        assert!(decode(&[0xff; 11], 0, |_| {}).is_err());
        assert!(decode(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], 1, |_| {}).is_err());
    }
}
