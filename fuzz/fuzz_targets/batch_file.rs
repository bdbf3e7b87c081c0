//! `--batch` files: any bytes split into numbered board lines (never a panic, never a lost or
//! invented line), and every line goes through each binary's board parser.
#![no_main]

use libfuzzer_sys::fuzz_target;
use slide_cli::read_batch_from;

fuzz_target!(|data: &[u8]| {
    let lines = read_batch_from(data, "fuzz").expect("reading memory cannot fail");
    let total = data.split(|&b| b == b'\n').count();
    let mut last = 0;
    for l in &lines {
        assert!(l.line > last && l.line <= total, "line numbers increase within the file");
        last = l.line;
        assert!(!l.text.is_empty() && !l.text.starts_with('#'));
        assert!(!l.text.contains('\n') && l.text.trim() == l.text);
        let _ = fifteen::parse::parse_board(&l.text, None);
        let _ = goat::parse_board(&l.text);
        let _ = quzzle::Instance::new("line", &l.text, None, None, quzzle::Metric::Cell);
    }
    // Every line that is neither blank nor a comment is kept.
    let kept = data
        .split(|&b| b == b'\n')
        .filter(|raw| {
            let t = String::from_utf8_lossy(raw);
            let t = t.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .count();
    assert_eq!(lines.len(), kept);
});
