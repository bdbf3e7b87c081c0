//! BOARD text (slide-cli's tokenizer, under every binary's board parser): any input is
//! tokenized or rejected, never a panic; what is accepted is consistent.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for glyphs in [false, true] {
        if let Ok(board) = slide_core::board_text::tokenize(&text, |c| glyphs && !c.is_ascii()) {
            assert!(!board.cells.is_empty());
            assert!(board.rows.is_empty() || board.rows.iter().sum::<usize>() == board.cells.len());
            assert!(board.cells.iter().all(|(_, column)| *column >= 1 && *column <= text.chars().count()));
            let _ = board.numbers();
            let _ = board.check_shape(4, 4);
        }
    }
});
