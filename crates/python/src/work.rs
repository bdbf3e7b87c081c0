//! Long work off the GIL: run on a thread of its own while the calling thread waits, polls
//! Python's signals (Ctrl-C) and shows progress; a KeyboardInterrupt sets the flag the
//! searches read ([`Limits::interrupt`](slide_core::search::Limits)), and a panic becomes
//! [`InternalError`], never an abort.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::Duration;

use pyo3::prelude::*;
use slide_core::enumerate::LayerStats;
use slide_core::progress::Progress;
use slide_core::sync::lock;

use crate::errors::InternalError;

/// How often the waiting thread looks at Python's signals and the progress of the work.
const POLL: Duration = Duration::from_millis(20);

/// Interrupt flags: `Limits::interrupt` takes a `&'static AtomicBool`, so flags are made once
/// and reused, one per call running at a time, and a process holds as many as ever ran at once.
static FLAGS: Mutex<Vec<&'static AtomicBool>> = Mutex::new(Vec::new());

/// One call's interrupt flag, back in the pool (cleared) when dropped.
struct Flag(&'static AtomicBool);

impl Flag {
    fn take() -> Flag {
        let flag = lock(&FLAGS).pop().unwrap_or_else(|| Box::leak(Box::new(AtomicBool::new(false))));
        Flag(flag)
    }
}

impl Drop for Flag {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
        lock(&FLAGS).push(self.0);
    }
}

/// How far the running table build has got: written by the work's threads (a
/// [`Progress`] for the libraries), read by the waiting thread, which hands it to Python.
#[derive(Default)]
pub struct Meter {
    /// The task's name and a number that changes with each new task.
    task: Mutex<(String, u64)>,
    total: AtomicU64,
    done: AtomicU64,
    /// Whether a task is running.
    running: AtomicBool,
    /// Warnings said by the libraries since the last look.
    warnings: Mutex<Vec<String>>,
}

/// One look at a [`Meter`]: the task, its number, done and total, running or ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The task's name.
    pub label: String,
    /// Which task: a new one has a new number.
    pub task: u64,
    /// States done.
    pub done: u64,
    /// States in all (0: not known yet).
    pub total: u64,
    /// Whether the task is still running.
    pub running: bool,
}

impl Meter {
    /// The process's one meter: facades are kept between calls, and each reports its table
    /// builds here, whichever call runs them.
    pub fn global() -> &'static std::sync::Arc<Meter> {
        static METER: std::sync::OnceLock<std::sync::Arc<Meter>> = std::sync::OnceLock::new();
        METER.get_or_init(Default::default)
    }

    /// The task and its progress now (None: no task was ever started).
    pub fn read(&self) -> Option<Reading> {
        let (label, task) = lock(&self.task).clone();
        (task > 0).then(|| Reading {
            label,
            task,
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
            running: self.running.load(Ordering::Relaxed),
        })
    }

    /// The warnings said since the last call.
    pub fn take_warnings(&self) -> Vec<String> {
        std::mem::take(&mut lock(&self.warnings))
    }
}

impl Progress for Meter {
    fn task<'a>(&'a self, label: &str, total: u64) -> Box<dyn Fn(LayerStats) + Sync + 'a> {
        {
            let mut task = lock(&self.task);
            *task = (label.to_string(), task.1 + 1);
        }
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
        self.running.store(true, Ordering::Relaxed);
        struct Ends<'a>(&'a Meter);
        impl Drop for Ends<'_> {
            fn drop(&mut self) {
                self.0.running.store(false, Ordering::Relaxed);
            }
        }
        let ends = Ends(self);
        Box::new(move |s: LayerStats| {
            let meter = ends.0;
            if meter.total.load(Ordering::Relaxed) == 0 {
                meter.total.store(s.state_count, Ordering::Relaxed);
            }
            meter.done.store(s.total, Ordering::Relaxed);
        })
    }

    fn warn(&self, message: &str) {
        let mut warnings = lock(&self.warnings);
        if !warnings.iter().any(|w| w == message) {
            warnings.push(message.to_string());
        }
    }
}

/// What one call hands the waiting thread: `watch(label, done, total, running)`, called with
/// each new reading of the [`Meter`] (a progress bar in Python).
pub type Watch = Option<Py<PyAny>>;

/// The watch of the calls that set none: what `_set_progress` last set (a progress bar in
/// Python), or none.
static WATCH: Mutex<Option<Py<PyAny>>> = Mutex::new(None);

/// The watch of a call that sets none: what `_set_progress` last set.
pub fn watch(py: Python<'_>) -> Watch {
    lock(&WATCH).as_ref().map(|w| w.clone_ref(py))
}

/// Sets what the calls that build tables on first use show their progress with:
/// ``callback(label, done, total, running)``, or None for nothing.
#[pyfunction]
#[pyo3(signature = (callback=None))]
pub fn _set_progress(callback: Option<Py<PyAny>>) {
    *lock(&WATCH) = callback;
}

/// What a work's thread sends back: its value, or its panic's payload.
type Outcome<T> = std::thread::Result<T>;

/// Runs `work` on a thread of its own with the GIL released, handing it an interrupt flag
/// for its searches' limits, and waits for it. Meanwhile this thread polls Python's signals:
/// a KeyboardInterrupt (or any exception a signal handler raises) sets the flag, waits for
/// the work to stop (the searches check it every few thousand nodes) and is raised. A panic
/// of the work is [`InternalError`].
pub fn run<T: Send>(py: Python<'_>, watch: &Watch, work: impl FnOnce(&'static AtomicBool) -> T + Send) -> PyResult<T> {
    let flag = Flag::take();
    let interrupt = flag.0;
    let (outcome, seen) = py.detach(|| {
        std::thread::scope(|s| {
            let (tx, rx) = mpsc::channel();
            s.spawn(move || {
                let _ = tx.send(catch_unwind(AssertUnwindSafe(|| work(interrupt))));
            });
            wait(&rx, interrupt, watch, false)
        })
    });
    finish(py, outcome, seen, watch)
}

/// [`run`] for work that no flag stops (a table build) and owns what it uses: a
/// KeyboardInterrupt is raised at once, and the work goes on by itself to its end (a table
/// is written whole or not at all).
pub fn run_leaving<T: Send + 'static>(
    py: Python<'_>,
    watch: &Watch,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let interrupt = AtomicBool::new(false);
    let (outcome, seen) = py.detach(|| {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(work)));
        });
        wait(&rx, &interrupt, watch, true)
    });
    finish(py, outcome, seen, watch)
}

/// What the waiting thread saw: an exception a signal handler raised, the last reading it
/// handed to `watch`, and an exception `watch` raised.
#[derive(Default)]
struct Seen {
    raised: Option<PyErr>,
    last: Option<Reading>,
    watch_error: Option<PyErr>,
}

/// Waits for the work's outcome on `rx`, polling signals and the meter every [`POLL`]. On a
/// signal's exception the flag is set; `leave` stops waiting at once (the outcome is then
/// never read).
fn wait<T>(
    rx: &mpsc::Receiver<Outcome<T>>,
    interrupt: &AtomicBool,
    watch: &Watch,
    leave: bool,
) -> (Option<Outcome<T>>, Seen) {
    // Only what changes during this call is shown.
    let mut seen = Seen { last: Meter::global().read(), ..Seen::default() };
    loop {
        match rx.recv_timeout(POLL) {
            Ok(outcome) => return (Some(outcome), seen),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return (None, seen),
        }
        Python::attach(|py| {
            if seen.raised.is_none() {
                if let Err(e) = py.check_signals() {
                    interrupt.store(true, Ordering::SeqCst);
                    seen.raised = Some(e);
                }
            }
            if let (Some(watch), None) = (watch, &seen.watch_error) {
                let reading = Meter::global().read();
                if reading != seen.last {
                    if let Some(r) = &reading {
                        if let Err(e) = watch.bind(py).call1((r.label.as_str(), r.done, r.total, r.running)) {
                            seen.watch_error = Some(e);
                        }
                    }
                    seen.last = reading;
                }
            }
        });
        if leave && seen.raised.is_some() {
            return (None, seen);
        }
    }
}

/// The call's answer: the signal's exception first, then the work's value, its panic as
/// [`InternalError`], or `watch`'s exception.
fn finish<T>(py: Python<'_>, outcome: Option<Outcome<T>>, seen: Seen, watch: &Watch) -> PyResult<T> {
    if let Some(e) = seen.raised {
        return Err(e);
    }
    if let Some(e) = seen.watch_error {
        return Err(e);
    }
    if let (Some(watch), Some(r)) = (watch, Meter::global().read().filter(|r| Some(r) != seen.last.as_ref())) {
        watch.bind(py).call1((r.label.as_str(), r.done, r.total, r.running))?;
    }
    match outcome {
        Some(Ok(value)) => Ok(value),
        Some(Err(payload)) => Err(InternalError::new_err(panic_message(payload.as_ref()))),
        None => Err(InternalError::new_err("internal error (a bug): the work's thread ended without an answer")),
    }
}

/// A panic's payload in words, as an internal error's message.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string());
    format!("internal error (a bug): {what}")
}
