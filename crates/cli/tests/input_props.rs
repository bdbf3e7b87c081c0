//! Property tests of what the binaries read besides boards: batch files, sizes, options.

use proptest::prelude::*;

proptest! {
    /// Batch files: every line that is neither blank nor a comment is kept, with its number,
    /// whatever the bytes.
    #[test]
    fn batch_files_keep_every_board_line(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        // No NUL byte: a NUL ends a batch (it is not text); that is tested in the module.
        let bytes: Vec<u8> = bytes.into_iter().map(|b| b.max(1)).collect();
        let lines: Vec<(usize, String)> =
            slide_cli::inputs::read_batch_from(&bytes[..], "t").into_iter().map(|(l, t)| (l, t.unwrap())).collect();
        let raw: Vec<String> = bytes.split(|&b| b == b'\n').map(|l| String::from_utf8_lossy(l).trim().to_string()).collect();
        let want: Vec<(usize, String)> = raw
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.is_empty() && !t.starts_with('#'))
            .map(|(i, t)| (i + 1, t.clone()))
            .collect();
        let got = lines;
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
