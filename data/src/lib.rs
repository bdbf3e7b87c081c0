//! The reference data of the slide toolkit, compiled in: the instance sets the tile solvers
//! are checked and measured on ([`instances`]), the block puzzles `quzzle` knows by name
//! ([`puzzles`]), and the published figures the tests compare with ([`figures`]).
//!
//! The files live in the workspace's `data/` directory, which is this crate, so that a
//! published package carries them; data/README.md says where each one comes from.
//!
//! ```
//! let korf = slide_data::instances::KORF100.instances();
//! assert_eq!(korf.len(), 100);
//! assert_eq!(korf.iter().map(|i| i.optimal_length).sum::<u32>(), 5305);
//! ```

pub mod figures;
pub mod instances;
pub mod puzzles;

/// The lines of a data file that carry data: without `#` comments, blank lines and the
/// column header (the line that starts with `header`, when one is given).
fn data_lines<'a>(text: &'a str, header: Option<&'a str>) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    text.lines().enumerate().map(|(i, line)| (i + 1, line.trim())).filter(move |(_, line)| {
        !line.is_empty() && !line.starts_with('#') && header.is_none_or(|h| !line.starts_with(h))
    })
}
