//! The small option parsers: `--max-memory` sizes, `--size` of tile boards and of quzzle
//! boards, quzzle's `--metric`. Never a panic; what is accepted is in range.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(bytes) = slide_cli::memory::parse_bytes(&text) {
        assert!(bytes >= 1);
    }
    if let Ok(shape) = fifteen::parse::parse_packed_size(&text) {
        assert!((2..=5).contains(&shape.rows()) && (2..=5).contains(&shape.cols()));
    }
    if let Ok((r, c)) = quzzle::parse::parse_size(&text) {
        assert!(r >= 1 && c >= 1 && r * c <= 64);
    }
    let _ = quzzle::Metric::parse(&text);
});
