//! Ctrl-C: the first one stops the running search at its next limit check, and the binary
//! exits with status 130 and a message; work that does not check limits (building a table)
//! is abandoned after [`GRACE`]; a second Ctrl-C exits at once. Tables are written to a
//! temporary file and renamed, so no exit, however abrupt, leaves a valid-looking partial
//! table.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::output::say;
use crate::ExitCode;

/// Set by the first Ctrl-C; every search of the binaries reads it through
/// `Limits::interrupt` (see [`crate::CommonArgs::limits`]).
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// How long the first Ctrl-C waits for the running work to stop by itself.
pub const GRACE: Duration = Duration::from_secs(2);

/// Installs the Ctrl-C handler (once per process; later calls do nothing).
pub fn install(program: &'static str) {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return;
    }
    // Without a handler (another one is installed) Ctrl-C keeps its default: exit at once.
    let _ = ctrlc::set_handler(move || {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            say(program, "interrupted by Ctrl-C");
            std::process::exit(ExitCode::Interrupted as i32);
        }
        std::thread::spawn(move || {
            std::thread::sleep(GRACE);
            say(
                program,
                "interrupted by Ctrl-C (the work in progress could not stop sooner; nothing was left half-written)",
            );
            std::process::exit(ExitCode::Interrupted as i32);
        });
    });
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
