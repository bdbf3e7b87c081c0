//! The four programs: each puzzle library's facade with what the command line adds to it
//! ([`crate::Front`]): its options, its help and examples, and its pictures. A binary
//! (`src/bin/NAME.rs`) is one line, `slide_cli::app::main::<slide_cli::puzzles::NAME>()`.

pub mod goat;
pub mod quzzle;
pub mod tiles;

pub use goat::Goat;
pub use quzzle::Quzzle;
pub use tiles::{Fifteen, Seven};
