//! Property tests: BOARD text never panics, and every way of writing a board reads back the same.

use proptest::prelude::*;
use slide_cli::tokenize;

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
