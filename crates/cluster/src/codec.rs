//! Lists of ranks as bytes, as slide-core's [`slide_core::gaps`] writes them: sorted, without
//! repeats, each as its distance from the previous (LEB128, seven bits a byte). Positions
//! sent to one rank lie in its block of the rank space, close together when there are many:
//! a dense list takes one or two bytes a position instead of eight.

pub use slide_core::gaps::{decode, encode, GapError as CodecError};
