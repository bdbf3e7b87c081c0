//! Boards packed into one integer: small fixed-width fields, one per cell (or per piece).
//!
//! A puzzle state that fits a `u64` or `u128` hashes, compares and copies as one or two
//! machine words, which is what the searches' inner loops want. [`Packed`] names the field
//! arithmetic once (field `i` occupies bits `BITS * i .. BITS * (i + 1)`, field 0 lowest), so
//! the puzzles write `board.get(cell)` and `board.moved(from, to)` instead of shifts and
//! masks. Every method is `#[inline]` and compiles to the shifts it replaces.
//!
//! ```
//! use slide_core::packed::Packed;
//!
//! // The 8-puzzle's goal, 4 bits per cell.
//! let board = Packed::<u64, 4>::from_fields(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
//! assert_eq!(board.get(0), 1);
//! // Tile 8 slides right into the blank.
//! let next = board.moved(7, 8);
//! assert_eq!(next, Packed::from_fields(&[1, 2, 3, 4, 5, 6, 7, 0, 8]));
//! ```

use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// The unsigned integers a [`Packed`] array may live in.
pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Default
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The width in bits.
    const BITS: u32;
    /// All bits clear.
    const ZERO: Self;
    /// `v` widened.
    fn from_u8(v: u8) -> Self;
    /// The low eight bits.
    fn low_u8(self) -> u8;
    /// The number of clear bits below the lowest set bit (`BITS` for zero).
    fn trailing_zeros(self) -> u32;
    /// The number of set bits.
    fn count_ones(self) -> u32;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            #[inline(always)]
            fn from_u8(v: u8) -> Self {
                v as $t
            }
            #[inline(always)]
            fn low_u8(self) -> u8 {
                self as u8
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
        }
    )*};
}
word!(u16, u32, u64, u128);

/// Fields of `BITS` bits (1 to 8) packed into a `W`, field 0 in the lowest bits.
///
/// A `Copy` value: the methods that change it return the new value, so a successor is built
/// from its parent without a copy being visible. Indices past [`Packed::CAPACITY`] are a bug
/// (a debug assertion; in release the shift wraps).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Packed<W: Word, const BITS: u32>(W);

impl<W: Word, const BITS: u32> Packed<W, BITS> {
    /// How many fields fit.
    pub const CAPACITY: usize = {
        assert!(BITS >= 1 && BITS <= 8, "fields are 1 to 8 bits wide");
        (W::BITS / BITS) as usize
    };

    /// Every field 0.
    pub const ZERO: Self = Packed(W::ZERO);

    /// The fields of `word`, as they lie in it.
    #[inline(always)]
    pub const fn from_word(word: W) -> Self {
        Packed(word)
    }

    /// The fields as one integer (to hash, store or mask in bulk).
    #[inline(always)]
    pub const fn word(self) -> W {
        self.0
    }

    /// Field `i` set to `values[i]`, the others 0. Values must fit `BITS` bits.
    pub fn from_fields(values: &[u8]) -> Self {
        debug_assert!(values.len() <= Self::CAPACITY);
        values.iter().enumerate().fold(Self::ZERO, |p, (i, &v)| p.with(i, v))
    }

    #[inline(always)]
    fn mask() -> W {
        // Evaluated when compiling: a width outside 1..=8 fails the build.
        let _ = Self::CAPACITY;
        W::from_u8(((1u16 << BITS) - 1) as u8)
    }

    #[inline(always)]
    fn shift(i: usize) -> u32 {
        debug_assert!(i < Self::CAPACITY, "field {i} of {}", Self::CAPACITY);
        BITS * i as u32
    }

    /// Field `i`.
    #[inline(always)]
    pub fn get(self, i: usize) -> u8 {
        ((self.0 >> Self::shift(i)) & Self::mask()).low_u8()
    }

    /// This array with field `i` set to `value` (which must fit `BITS` bits).
    #[inline(always)]
    pub fn with(self, i: usize, value: u8) -> Self {
        debug_assert!((value as u16) < 1 << BITS, "{value} does not fit {BITS} bits");
        let s = Self::shift(i);
        Packed((self.0 & !(Self::mask() << s)) | W::from_u8(value) << s)
    }

    /// This array with `value` in field `i`, which must be 0 (so nothing needs clearing).
    #[inline(always)]
    pub fn put(self, i: usize, value: u8) -> Self {
        debug_assert_eq!(self.get(i), 0, "putting into a non-empty field");
        debug_assert!((value as u16) < 1 << BITS, "{value} does not fit {BITS} bits");
        Packed(self.0 | W::from_u8(value) << Self::shift(i))
    }

    /// This array with field `from` moved to field `to`, which must be 0 (a piece sliding
    /// into the blank): `from` becomes 0. Cheaper than two [`Packed::with`]s because the
    /// empty field needs no clearing.
    ///
    /// ```
    /// use slide_core::packed::Packed;
    /// let row = Packed::<u32, 4>::from_fields(&[0, 7, 3]);
    /// assert_eq!(row.moved(1, 0), Packed::from_fields(&[7, 0, 3]));
    /// ```
    #[inline(always)]
    pub fn moved(self, from: usize, to: usize) -> Self {
        debug_assert_eq!(self.get(to), 0, "moving onto a non-empty field");
        let (f, t) = (Self::shift(from), Self::shift(to));
        let value = (self.0 >> f) & Self::mask();
        Packed((self.0 | value << t) & !(Self::mask() << f))
    }

    /// The first `n` fields, field 0 first.
    #[inline]
    pub(crate) fn fields(self, n: usize) -> impl Iterator<Item = u8> {
        debug_assert!(n <= Self::CAPACITY);
        (0..n).map(move |i| self.get(i))
    }
}

impl<W: Word> Packed<W, 1> {
    /// One-bit fields as a set of cells: the set with `i` added.
    #[inline(always)]
    pub fn inserted(self, i: usize) -> Self {
        Packed(self.0 | W::from_u8(1) << Self::shift(i))
    }

    /// The cells in the set, lowest first (one `trailing_zeros` each).
    ///
    /// ```
    /// use slide_core::packed::Packed;
    /// let set = Packed::<u64, 1>::from_word(0b1010_0001);
    /// assert_eq!(set.ones().collect::<Vec<_>>(), [0, 5, 7]);
    /// ```
    #[inline]
    pub fn ones(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == W::ZERO {
                return None;
            }
            let i = bits.trailing_zeros();
            bits = bits ^ (W::from_u8(1) << i);
            Some(i as usize)
        })
    }
}

impl<W: Word, const BITS: u32> fmt::Debug for Packed<W, BITS> {
    /// Every field, lowest first, up to the last non-zero one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let used = (0..Self::CAPACITY).rev().find(|&i| self.get(i) != 0).map_or(0, |i| i + 1);
        f.debug_list().entries(self.fields(used)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_do_not_overlap() {
        let values: Vec<u8> = (0..25).map(|i| (i * 7 % 32) as u8).collect();
        let p = Packed::<u128, 5>::from_fields(&values);
        assert_eq!(p.fields(25).collect::<Vec<_>>(), values);
        for i in 0..25 {
            let q = p.with(i, 31);
            for (j, &v) in values.iter().enumerate() {
                assert_eq!(q.get(j), if i == j { 31 } else { v });
            }
        }
        assert_eq!(Packed::<u128, 5>::CAPACITY, 25);
        assert_eq!(Packed::<u64, 4>::CAPACITY, 16);
    }

    #[test]
    fn moves_agree_with_a_vector() {
        let mut v = vec![3u8, 0, 9, 12, 1, 15, 0, 4];
        let mut p = Packed::<u64, 4>::from_fields(&v);
        for (from, to) in [(0, 1), (5, 0), (7, 5), (2, 7)] {
            p = p.moved(from, to);
            v[to] = v[from];
            v[from] = 0;
            assert_eq!(p.fields(8).collect::<Vec<_>>(), v);
        }
    }

    #[test]
    fn one_bit_fields_are_a_set() {
        let s = Packed::<u64, 1>::ZERO.inserted(63).inserted(0).inserted(17);
        assert_eq!(s.ones().collect::<Vec<_>>(), [0, 17, 63]);
        assert_eq!(s.moved(17, 18).ones().collect::<Vec<_>>(), [0, 18, 63]);
        assert_eq!(Packed::<u16, 1>::ZERO.ones().next(), None);
    }

    #[test]
    fn debug_lists_the_used_fields() {
        assert_eq!(format!("{:?}", Packed::<u32, 4>::from_fields(&[1, 0, 2, 0])), "[1, 0, 2]");
    }
}
