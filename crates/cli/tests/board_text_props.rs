//! Property tests: BOARD text and batch files never panic or hang, every way of writing a
//! board reads back the same, and a bad character is named with its column.

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

    /// Batch files: every line that is neither blank nor a comment is kept, with its number,
    /// whatever the bytes.
    #[test]
    fn batch_files_keep_every_board_line(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let lines = slide_cli::read_batch_from(&bytes[..], "t").unwrap();
        let raw: Vec<String> = bytes.split(|&b| b == b'\n').map(|l| String::from_utf8_lossy(l).trim().to_string()).collect();
        let want: Vec<(usize, String)> = raw
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.is_empty() && !t.starts_with('#'))
            .map(|(i, t)| (i + 1, t.clone()))
            .collect();
        let got: Vec<(usize, String)> = lines.into_iter().map(|l| (l.line, l.text)).collect();
        prop_assert_eq!(got, want);
    }

    /// `--max-memory` sizes: never a panic; a plain number of bytes reads as itself.
    #[test]
    fn sizes_never_panic(text in "\\PC{0,20}", n in 1u64..1 << 50) {
        let _ = slide_cli::memory::parse_bytes(&text);
        prop_assert_eq!(slide_cli::memory::parse_bytes(&n.to_string()), Ok(n));
        prop_assert_eq!(slide_cli::memory::parse_bytes(&format!("{n}K")), Ok(n << 10));
    }
}

/// Out-of-range options are refused as bad input, not attempted.
#[test]
fn out_of_range_options_are_bad_input() {
    use slide_cli::{CommonArgs, ExitCode};
    for threads in [0, slide_cli::args::MAX_THREADS + 1, usize::MAX] {
        let args = CommonArgs { threads: Some(threads), ..CommonArgs::default() };
        assert_eq!(args.init_threads().unwrap_err().code, ExitCode::BadInput, "{threads}");
    }
    for timeout in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e300] {
        let args = CommonArgs { timeout: Some(timeout), ..CommonArgs::default() };
        assert_eq!(args.limits().unwrap_err().code, ExitCode::BadInput, "{timeout}");
    }
    let limits = CommonArgs::default().limits().unwrap();
    assert!(
        limits.max_memory.is_some() && limits.interrupt.is_some(),
        "the binaries always bound memory and read Ctrl-C"
    );
}
