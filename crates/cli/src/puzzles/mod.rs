//! The four programs: each puzzle library's facade with what the command line adds to it
//! ([`crate::Front`]): its options, its help and examples, and its pictures. A binary
//! (`src/bin/NAME.rs`) is one line, `slide_cli::app::main::<slide_cli::puzzles::NAME>()`.

pub mod goat;
pub mod quzzle;
pub mod tiles;

pub use goat::Goat;
pub use quzzle::Quzzle;
pub use tiles::{Fifteen, Seven};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Front;
    use slide_core::answer::{Facade, Settings};

    /// Whether a program offers move notation is said twice, by its front (for `--help`,
    /// before any facade is made) and by its facade: they agree.
    #[test]
    fn each_program_offers_notation_where_its_facade_plays_it() {
        let s = Settings::default();
        let fifteen = fifteen::facade::Tiles::new(&fifteen::facade::FIFTEEN, None, &s).unwrap();
        let seven = fifteen::facade::Tiles::new(&seven::VARIANT, None, &s).unwrap();
        let goat = ::goat::facade::GoatFacade::new(&s).unwrap();
        let quzzle = ::quzzle::facade::Blocks::new(&s, ::quzzle::facade::BlockOptions::default()).unwrap();
        assert_eq!(Fifteen::PLAYS_NOTATION, fifteen.plays_notation());
        assert_eq!(Seven::PLAYS_NOTATION, seven.plays_notation());
        assert_eq!(Goat::PLAYS_NOTATION, goat.plays_notation());
        assert_eq!(Quzzle::PLAYS_NOTATION, quzzle.plays_notation());
    }
}
