//! Property tests of Goat's BOARD text (boards and `--goal`), numbers and glyph rows: any
//! bytes are read or refused without a panic or a hang; every reachable board reads back
//! from its numbers and from Hiroi's glyph printout; a bad board is refused with a
//! message naming where and what.

use goat::board::{Board, Goat, GOAL};
use goat::parse::board_from_cells;
use goat::parse_board;
use proptest::prelude::*;
use slide_core::Puzzle;

/// A board reached from the goal by `steps` random moves.
fn walk(steps: usize, choices: &[u8]) -> Board {
    let mut b = Board::from_cells(&GOAL);
    for i in 0..steps {
        let mut next = Vec::new();
        Goat.for_each_successor(&b, |_, c| next.push(c));
        b = next[choices[i % choices.len()] as usize % next.len()];
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, timeout: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_or_hang(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(board) = parse_board(&String::from_utf8_lossy(&bytes)) {
            prop_assert_eq!(parse_board(&board.numbers()), Ok(board));
        }
    }

    /// Text over the numbers and glyphs, which reaches deeper than random bytes.
    #[test]
    fn board_like_text_never_panics(text in "[0-9 /\\n□┌│└┘┐羊狼∥─.\\[\\]]{0,40}") {
        if let Ok(board) = parse_board(&text) {
            prop_assert_eq!(parse_board(&board.glyph_rows().join("\n")), Ok(board));
        }
    }

    /// Every reachable board reads back from its numbers, from Hiroi's glyph rows (one
    /// per line, or all on one line) and from its cells.
    #[test]
    fn reachable_boards_round_trip(steps in 0usize..80, choices in proptest::collection::vec(any::<u8>(), 1..16)) {
        let b = walk(steps, &choices);
        prop_assert_eq!(parse_board(&b.numbers()), Ok(b));
        prop_assert_eq!(parse_board(&b.glyph_rows().join("\n")), Ok(b));
        prop_assert_eq!(parse_board(&b.glyph_rows().join(" / ")), Ok(b));
        prop_assert_eq!(parse_board(&b.glyph_rows().concat()), Ok(b));
        prop_assert_eq!(board_from_cells(&b.cells()), Ok(b));
    }

    /// A number that is not a Goat cell is named with its column in the text; a piece given
    /// too often is named with every place it stands.
    #[test]
    fn a_bad_cell_is_named_with_its_place(steps in 0usize..60, choices in proptest::collection::vec(any::<u8>(), 1..8), at in 0usize..12, big in 11u32..999) {
        let b = walk(steps, &choices);
        let mut cells: Vec<String> = b.cells().iter().map(|c| c.to_string()).collect();
        cells[at] = big.to_string();
        let text = cells.join(" ");
        let column = text.split(' ').take(at).map(|w| w.chars().count() + 1).sum::<usize>() + 1;
        prop_assert_eq!(
            parse_board(&text).unwrap_err().to_string(),
            format!("{big} at column {column} is not a Goat cell: cells are 0 (blank) to 10")
        );
        // The blank written over a piece: the blank is named twice, with both places.
        let mut cells = b.cells();
        let blank = b.blank();
        prop_assume!(at != blank && cells[at] != 9 && cells[at] != 10);
        cells[at] = 0;
        let e = board_from_cells(&cells).unwrap_err().to_string();
        let place = |i: usize| format!("row {}, column {}", i / 4 + 1, i % 4 + 1);
        let (first, second) = (at.min(blank), at.max(blank));
        prop_assert!(
            e.starts_with(&format!("the blank (0, □) appears 2 times, at {} and {} (it must appear once)", place(first), place(second))),
            "{}", e
        );
    }
}
