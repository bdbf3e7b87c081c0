//! `--batch` files: any bytes split into numbered board lines (never a panic, never a lost or
//! invented line), and every line goes through each binary's board parser.
#![no_main]

use libfuzzer_sys::fuzz_target;
use slide_cli::inputs::read_batch_from;

fuzz_target!(|data: &[u8]| {
    let lines = read_batch_from(data, "fuzz");
    let total = data.split(|&b| b == b'\n').count();
    let mut last = 0;
    for (line, text) in &lines {
        assert!(*line > last && *line <= total, "line numbers increase within the file");
        last = *line;
        let Ok(text) = text else { continue };
        assert!(!text.is_empty() && !text.starts_with('#'));
        assert!(!text.contains('\n') && text.trim() == text);
        let _ = fifteen::parse::parse_board(text, None);
        let _ = goat::parse_board(text);
        let _ = quzzle::Instance::new("line", text, None, None, quzzle::Metric::Cell);
    }
    // Without a NUL byte (which ends a batch) every line that is neither blank nor a comment
    // is kept, the too long ones as errors.
    if !data.contains(&0) {
        let kept = data
            .split(|&b| b == b'\n')
            .filter(|raw| {
                let t = String::from_utf8_lossy(raw);
                let t = t.trim();
                !t.is_empty() && !t.starts_with('#')
            })
            .count();
        assert_eq!(lines.len(), kept);
    }
});
