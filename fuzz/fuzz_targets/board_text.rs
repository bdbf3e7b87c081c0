//! BOARD text: any input is tokenized or rejected, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(board) = slide_cli::tokenize(text, |c| !c.is_ascii()) {
            assert!(!board.cells.is_empty());
            let _ = board.numbers();
            let _ = board.check_shape(4, 4);
        }
    }
});
