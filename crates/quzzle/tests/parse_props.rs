//! Property tests of Quzzle's text: boards (one character per cell), `--goal` patterns,
//! `--size` and puzzle files never panic or hang on any bytes; every reachable position of
//! the shipped puzzles reads back from its printout; a bad board names its row and column.
//! Also the fuzzers' findings, kept as regression tests.

mod common;

use common::shipped;
use proptest::prelude::*;
use quzzle::parse::{instance_from_file, parse_file, parse_goal, parse_size, rows_of};
use quzzle::{label_path, Instance, Metric};
use slide_core::Puzzle;

const NAMES: [&str; 4] = ["pennant", "klotski", "century", "small"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, timeout: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_or_hang(bytes in proptest::collection::vec(any::<u8>(), 0..300), pick in 0usize..12) {
        let text = String::from_utf8_lossy(&bytes);
        let metric = Metric::ALL[pick % 3];
        let _ = Instance::new("t", &text, None, None, metric);
        let _ = parse_size(&text);
        let _ = parse_file(&text);
        let _ = instance_from_file(&text, "t", Some(metric));
        let inst = shipped(NAMES[pick % 4], metric);
        let _ = parse_goal(&text, &inst.board, &inst.blocks);
    }

    /// Text over the characters that matter, which reaches deeper than random bytes.
    #[test]
    fn board_like_text_never_panics(
        start in "[aAbB12.0_#/ \\n]{0,40}", goal in "[aAbB12.0_#?/]{0,30}", size in "[0-9x]{0,6}", key in 0usize..5
    ) {
        let size = parse_size(&size).ok();
        for metric in Metric::ALL {
            let _ = Instance::new("t", &start, Some(&goal), size, metric);
            let _ = Instance::new("t", &start, None, size, metric);
        }
        let keys = ["start", "goal", "size", "metric", "name"];
        let file = format!("{}: {goal}\nstart:\n{}\n\n{}: {size:?}\n", keys[key], start, keys[(key + 1) % 5]);
        let _ = instance_from_file(&file, "f", None);
    }

    /// Every position reached by random moves from a shipped puzzle's start prints (with its
    /// labels) as a board that reads back to the same printout, rows separated by '/' or by
    /// newlines, and with the start's goal.
    #[test]
    fn reachable_positions_round_trip(pick in 0usize..4, steps in 0usize..60, choices in proptest::collection::vec(any::<u8>(), 1..16)) {
        let inst = shipped(NAMES[pick], Metric::Cell);
        let mut state = inst.start;
        let mut moves = Vec::new();
        for i in 0..steps {
            let mut next = Vec::new();
            inst.board.for_each_successor(&state, |m, c| next.push((m, c)));
            let (m, c) = next[choices[i % choices.len()] as usize % next.len()];
            moves.push(m);
            state = c;
        }
        let text = label_path(&inst, &moves).last().map_or(inst.start_text(), |s| s.board.clone());
        let rows = rows_of(&text, inst.board.cols);
        for sep in ["/", "\n"] {
            let again = Instance::new("again", &rows.join(sep), Some(&inst.goal_text), None, Metric::Cell).unwrap();
            prop_assert_eq!(again.start_text(), text.clone());
            prop_assert_eq!(again.is_goal(&again.start), inst.is_goal(&state));
        }
    }

    /// A character that is not a cell is named with its row and column.
    #[test]
    fn a_bad_character_is_named_with_its_place(pick in 0usize..4, at in any::<proptest::sample::Index>(), bad in "[é:?ß€]") {
        let inst = shipped(NAMES[pick], Metric::Cell);
        let cols = inst.board.cols;
        let mut cells: Vec<char> = inst.start_text().chars().collect();
        let i = at.index(cells.len());
        let found = bad.chars().next().unwrap();
        cells[i] = found;
        let rows: Vec<String> = cells.chunks(cols).map(|r| r.iter().collect()).collect();
        let e = Instance::new("t", &rows.join("/"), None, None, Metric::Cell).unwrap_err().to_string();
        let want = format!("row {} column {}: {found:?} is not a cell", i / cols + 1, i % cols + 1);
        prop_assert!(e.starts_with(&want), "{} (wanted {})", e, want);
    }
}

/// Found by `cargo fuzz run cli_options` and `quzzle_file`: a size whose cell count overflows
/// panicked (`attempt to multiply with overflow`) in `parse_size`; it is now refused.
#[test]
fn fuzz_finding_sizes_that_overflow_are_refused() {
    for size in ["777777777777778X4777777777777777777", "000000000000005139596034737846498x4", "18446744073709551615x2"]
    {
        let e = parse_size(size).unwrap_err().to_string();
        assert!(e.contains("out of range"), "{e}");
    }
    let file = "name: small\nsize: 000000000000005139596034737846498x4\nstart:\nAAb.\nAAc#\ndde.\n";
    assert!(instance_from_file(file, "f", None).unwrap_err().to_string().contains("line 2: size"));
    // And a caller of the library that passes such a size directly.
    let e = Instance::new("t", "ab..", None, Some((usize::MAX, 2)), Metric::Cell).unwrap_err().to_string();
    assert!(e.contains("4 cells given"), "{e}");
}
