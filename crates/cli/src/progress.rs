//! Progress bars: on stderr, only when it is a terminal and `--quiet` was not given.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use slide_core::enumerate::LayerStats;

/// A progress bar that stays invisible when nobody is watching.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar counting up to `total` items, labelled `label`.
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

    /// A callback for [`slide_core::enumerate`] that advances the bar layer by layer.
    pub fn layer_callback(&self) -> impl Fn(LayerStats) + Sync + '_ {
        move |s: LayerStats| {
            self.bar.set_position(s.total);
            self.bar.set_message(format!("depth {}", s.depth));
        }
    }

    /// Sets the bar's length.
    pub fn set_length(&self, total: u64) {
        self.bar.set_length(total);
    }

    /// Advances the bar to `position`.
    pub fn set(&self, position: u64) {
        self.bar.set_position(position);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
