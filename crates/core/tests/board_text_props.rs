//! Property tests: BOARD text never panics or hangs, every way of writing a board reads back
//! the same, and a bad character is named with its column.

use proptest::prelude::*;
use slide_core::board_text::tokenize;

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        let _ = tokenize(&text, |c| !c.is_ascii());
    }

    #[test]
    fn arbitrary_ascii_punctuation_never_panics(text in "[0-9 ,/\\[\\]\\(\\)\\{\\}._;\\n\\t-]{0,60}") {
        if let Ok(board) = tokenize(&text, |_| false) {
            prop_assert!(!board.cells.is_empty());
            prop_assert!(board.rows.is_empty() || board.rows.iter().sum::<usize>() == board.cells.len());
        }
    }

    #[test]
    fn every_documented_form_round_trips(
        rows in 1usize..6, cols in 1usize..6, seed in any::<u64>(), style in 0usize..4
    ) {
        let n = rows * cols;
        let cells: Vec<u32> = (0..n as u64).map(|i| ((seed.rotate_left(i as u32 * 7) ^ i) % 30) as u32).collect();
        let row_texts: Vec<Vec<String>> = cells.chunks(cols).map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
        let text = match style {
            0 => row_texts.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join(" / "),
            1 => format!("({})", row_texts.iter().map(|r| format!("[{}]", r.join(","))).collect::<Vec<_>>().join(",")),
            2 => row_texts.iter().map(|r| r.join("\t")).collect::<Vec<_>>().join("\n"),
            _ => row_texts.iter().map(|r| r.join(", ")).collect::<Vec<_>>().join(", "),
        };
        let board = tokenize(&text, |_| false).unwrap();
        prop_assert_eq!(board.numbers().unwrap(), cells);
        if style < 3 && rows > 1 {
            prop_assert_eq!(&board.rows, &vec![cols; rows]);
            prop_assert!(board.check_shape(rows, cols).is_ok());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, timeout: 2_000, ..ProptestConfig::default() })]

    /// Any bytes, read as the binaries read arguments and batch lines (invalid UTF-8 becomes
    /// U+FFFD), are tokenized or refused, within the time limit: never a panic, never a hang.
    #[test]
    fn arbitrary_bytes_never_panic_or_hang(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        for glyphs in [false, true] {
            if let Ok(board) = tokenize(&text, |c| glyphs && !c.is_ascii()) {
                prop_assert!(!board.cells.is_empty());
                let _ = board.numbers();
            }
        }
    }

    /// A stray character is named with its column, counted in characters from 1.
    #[test]
    fn a_bad_character_is_named_with_its_column(
        cells in proptest::collection::vec(0u32..30, 1..20), at in any::<proptest::sample::Index>(), bad in "[a-zA-Z!@$%^&*=+?<>|~]"
    ) {
        let words: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        let mut text = words.join(" ");
        let column = at.index(text.chars().count() + 1);
        let byte = text.char_indices().nth(column).map_or(text.len(), |(i, _)| i);
        text.insert_str(byte, &bad);
        let e = tokenize(&text, |_| false).unwrap_err();
        let found = bad.chars().next().unwrap();
        prop_assert_eq!(e.to_string(), format!("unexpected character {found:?} at column {}", column + 1));
    }
}
