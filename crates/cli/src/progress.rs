//! Progress bars: on stderr, only when it is a terminal and `--quiet` was not given.

use std::io::IsTerminal;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use slide_core::enumerate::LayerStats;

/// A progress bar that stays invisible when nobody is watching, and clears itself when
/// dropped.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar counting up to `total` items (0: the size of the space the first layer reports),
    /// labelled `label`.
    pub fn new(total: u64, label: &str, quiet: bool) -> Self {
        let bar =
            if quiet || !std::io::stderr().is_terminal() { ProgressBar::hidden() } else { ProgressBar::new(total) };
        bar.set_style(
            ProgressStyle::with_template("{msg:>12} [{bar:40}] {human_pos}/{human_len} {elapsed_precise}")
                .expect("the template is valid")
                .progress_chars("=> "),
        );
        bar.set_message(label.to_string());
        Progress { bar }
    }

    /// Advances the bar for one layer of an enumeration or a table build.
    pub fn layer(&self, s: LayerStats) {
        if self.bar.length() == Some(0) {
            self.bar.set_length(s.state_count);
        }
        self.bar.set_position(s.total);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// The libraries' [`slide_core::progress::Progress`] drawn as bars, one per task.
#[derive(Clone, Copy, Debug)]
pub struct Bars {
    /// The program's name, for warnings.
    pub program: &'static str,
    /// No bars and no warnings.
    pub quiet: bool,
}

impl slide_core::progress::Progress for Bars {
    fn task<'a>(&'a self, label: &str, total: u64) -> Box<dyn Fn(LayerStats) + Sync + 'a> {
        let bar = Progress::new(total, label, self.quiet);
        Box::new(move |s| bar.layer(s))
    }

    /// Says a warning on stderr once per run (the libraries repeat one for every table it
    /// concerns), unless `--quiet`.
    fn warn(&self, message: &str) {
        static SAID: Mutex<Vec<String>> = Mutex::new(Vec::new());
        let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
        if !self.quiet && !said.iter().any(|m| m == message) {
            said.push(message.to_string());
            crate::output::say(self.program, &format!("warning: {message}"));
        }
    }
}
