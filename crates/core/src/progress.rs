//! Where long work reports how far it has got, without the library drawing anything: a
//! binary passes a [`Progress`] that draws bars, a library user passes [`NoProgress`].

use crate::enumerate::LayerStats;

/// A receiver of progress reports, one task at a time (a table build, an enumeration).
pub trait Progress: Sync {
    /// Starts a task of about `total` states, named `label` for people; the returned
    /// callback receives its layers, and the task ends when the callback is dropped.
    fn task<'a>(&'a self, label: &str, total: u64) -> Box<dyn Fn(LayerStats) + Sync + 'a>;

    /// Something the user should know that does not stop the work, such as a table that
    /// could not be kept on disk. The same message may come many times: a receiver that
    /// shows it should do so once.
    fn warn(&self, _message: &str) {}
}

/// Reports nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn task<'a>(&'a self, _: &str, _: u64) -> Box<dyn Fn(LayerStats) + Sync + 'a> {
        Box::new(|_| {})
    }
}

/// A receiver shared by several owners (a front end and the facades it made).
impl<P: Progress + ?Sized + Send> Progress for std::sync::Arc<P> {
    fn task<'a>(&'a self, label: &str, total: u64) -> Box<dyn Fn(LayerStats) + Sync + 'a> {
        (**self).task(label, total)
    }

    fn warn(&self, message: &str) {
        (**self).warn(message)
    }
}
