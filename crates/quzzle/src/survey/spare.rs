//! Arrays kept between the types one thread surveys.
//!
//! A type's arrays (its move lists above all) take up to a few hundred megabytes and are
//! dropped when the type is done; the system would then map and zero their pages again for
//! the next type, a page fault every 4 KiB (260,000 of them in a survey, half a second of
//! system time). Each thread keeps its last type's arrays instead and hands them to its
//! next. Types are surveyed largest first, so the arrays kept are about those of the
//! thread's first type, which the survey's memory bound counts already; the survey frees
//! them on every thread of its pool when it is over.

use std::cell::RefCell;

thread_local! {
    static SPARE: RefCell<Spare> = RefCell::new(Spare::default());
}

/// The arrays a thread keeps, by element type.
#[derive(Default)]
pub(crate) struct Spare {
    u8s: Vec<Vec<u8>>,
    u16s: Vec<Vec<u16>>,
    u32s: Vec<Vec<u32>>,
    u64s: Vec<Vec<u64>>,
}

/// An element type whose arrays are kept.
pub(crate) trait Kept: Copy + 'static {
    fn shelf(spare: &mut Spare) -> &mut Vec<Vec<Self>>;
}

macro_rules! kept {
    ($($element:ty => $shelf:ident),*) => {$(
        impl Kept for $element {
            fn shelf(spare: &mut Spare) -> &mut Vec<Vec<$element>> {
                &mut spare.$shelf
            }
        }
    )*};
}

kept!(u8 => u8s, u16 => u16s, u32 => u32s, u64 => u64s);

/// An array of `len` copies of `value`, made from a kept array where there is one: the
/// smallest that holds `len` (so that a small array does not grow into a large one's
/// place), else the largest.
pub(crate) fn filled<T: Kept>(len: usize, value: T) -> Vec<T> {
    let mut v = empty::<T>(len);
    v.resize(len, value);
    v
}

/// An empty array with room for `len`, made from a kept array where there is one (as
/// [`filled`]).
pub(crate) fn empty<T: Kept>(len: usize) -> Vec<T> {
    let kept = SPARE.with(|spare| {
        let mut spare = spare.borrow_mut();
        let shelf = T::shelf(&mut spare);
        let fits = (0..shelf.len()).filter(|&i| shelf[i].capacity() >= len).min_by_key(|&i| shelf[i].capacity());
        let pick = fits.or_else(|| (0..shelf.len()).max_by_key(|&i| shelf[i].capacity()));
        pick.map(|i| shelf.swap_remove(i))
    });
    let mut v = kept.unwrap_or_default();
    v.clear();
    v.reserve(len);
    v
}

/// Keeps `v` for the thread's next arrays.
pub(crate) fn keep<T: Kept>(v: Vec<T>) {
    if v.capacity() > 0 {
        SPARE.with(|spare| T::shelf(&mut spare.borrow_mut()).push(v));
    }
}

/// Frees the arrays this thread keeps (when the survey is over).
pub(crate) fn release() {
    SPARE.with(|spare| *spare.borrow_mut() = Spare::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_array_is_made_again_and_the_best_fit_is_taken() {
        let big = filled(1000, 7u32);
        let small = filled(10, 7u32);
        let (big_at, small_at) = (big.as_ptr(), small.as_ptr());
        keep(big);
        keep(small);
        let again = filled(8, 0u32);
        assert_eq!(again.as_ptr(), small_at, "the smallest array that holds 8");
        assert_eq!(again, vec![0; 8]);
        let large = filled(500, 1u32);
        assert_eq!(large.as_ptr(), big_at, "the only one left, large enough");
        assert_eq!(large, vec![1; 500]);
        keep(large);
        release();
        SPARE.with(|spare| assert!(spare.borrow().u32s.is_empty()));
    }
}
