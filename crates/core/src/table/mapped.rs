//! The one module of the workspace allowed `unsafe` code: mapping a table file into memory,
//! and turning the signal a vanished mapped page raises into a clear exit.
//!
//! **Why it is needed.** The 7-8 pattern databases are 550 MB. Reading them whole cost every
//! process over a second and a gigabyte of memory before its first node; mapped, a process
//! starts searching at once and holds only the pages it touches, and many processes share one
//! copy in the page cache. Safe Rust has no way to map a file, and `memmap2`'s `Mmap::map` is
//! `unsafe` because the operating system lets other programs change a mapped file's bytes, or
//! cut it short, while the process reads it.
//!
//! **What keeps it sound in practice.**
//! - Every table this toolkit writes is written to a temporary file and renamed into place
//!   ([`super::Table::save`]); a file is never truncated or rewritten where it stands, so a
//!   mapping keeps the bytes of the file it mapped, whatever builds run beside it.
//! - The mapping is read-only and read only through `&[u8]` slices that borrow the
//!   [`Mapping`] that owns it, so it outlives every read.
//! - Another program writing a table file in place (`cp` over it, an editor) would change the
//!   bytes under a running search: [`super::Payload::unchanged`] notices it afterwards (its
//!   change time moved), and the solvers refuse the answer. Cutting a mapped file short makes
//!   the next read of a lost page raise `SIGBUS`: [`exit_on_lost_pages`] turns that into a
//!   message and exit status 2 instead of a crash.
//!
//! The residual risk is said in docs/TABLES.md: a table changed in place *and restored* during
//! one search, or bytes changed beneath the file system, are not seen until `tables verify`.
#![allow(unsafe_code)]

use std::fs::File;
use std::io;

use memmap2::{Mmap, MmapOptions};

/// A read-only mapping of part of a file.
pub(super) struct Mapping(Mmap);

impl Mapping {
    /// Maps `len` bytes of `file` from byte `offset` (any offset; `memmap2` aligns it to a page
    /// and hides the difference).
    pub(super) fn new(file: &File, offset: u64, len: usize) -> io::Result<Mapping> {
        // SAFETY: the mapping is read-only and read only through `&[u8]` slices that borrow
        // it, so Rust never sees it change by its own hand. Another process could still change
        // the file; this toolkit never does (it replaces files by renaming, which leaves the
        // mapped inode as it was), and the module documentation says what guards the rest.
        let map = unsafe { MmapOptions::new().offset(offset).len(len).map(file)? };
        // Lookups are scattered: read no pages around the one asked for.
        let _ = map.advise(memmap2::Advice::Random);
        Ok(Mapping(map))
    }

    /// The mapped bytes.
    #[inline]
    pub(super) fn bytes(&self) -> &[u8] {
        &self.0
    }
}

/// Asks the processor to bring `items[index]` into its caches, without waiting for it: a
/// search that knows which table entries it reads next starts their reads this way, does
/// other work, and finds them in cache (a read of a large table otherwise waits on memory,
/// about 100 ns). A hint only: it reads nothing into the program and never faults; an index
/// past the end is not fetched. On processors other than x86-64 it does nothing.
///
/// Here because `std::arch::x86_64::_mm_prefetch` needs `unsafe` (it is a `target_feature`
/// function, though every x86-64 processor has SSE).
///
/// ```
/// let table = vec![7u8; 1 << 20];
/// slide_core::table::prefetch(&table, 12_345);
/// slide_core::table::prefetch(&table, usize::MAX); // past the end: nothing
/// assert_eq!(table[12_345], 7);
/// ```
#[inline(always)]
pub fn prefetch<T>(items: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = items.get(index) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of x86-64, so the instruction exists; a prefetch of an item the
        // slice holds reads nothing into the program and cannot fault.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (items, index);
}

/// Makes a `SIGBUS` (a read of a mapped page whose file was cut short under the process)
/// end the process with exit status 2 and a message naming `program` and the likely cause,
/// instead of a crash. For programs, not libraries: it sets the process's handler once (later
/// calls do nothing). Does nothing off Unix, where a mapped file cannot be cut short.
pub fn exit_on_lost_pages(program: &'static str) {
    #[cfg(unix)]
    unix::install(program);
    #[cfg(not(unix))]
    let _ = program;
}

#[cfg(unix)]
mod unix {
    use std::sync::OnceLock;

    static PROGRAM: OnceLock<&'static str> = OnceLock::new();

    const MESSAGE: &[u8] = b": a table file this program had open was cut short or rewritten in place by another \
        program (tables are replaced by renaming, never rewritten where they stand); run the command again, and \
        `tables verify` if in doubt\n";

    /// Runs on the faulting thread: only async-signal-safe calls (write, _exit).
    extern "C" fn on_sigbus(_: libc::c_int) {
        let program = PROGRAM.get().copied().unwrap_or("slide");
        for part in [program.as_bytes(), MESSAGE] {
            // SAFETY: write(2) of a valid buffer of the given length.
            unsafe { libc::write(2, part.as_ptr().cast(), part.len()) };
        }
        // SAFETY: _exit(2) ends the process without running anything else.
        unsafe { libc::_exit(2) };
    }

    pub(super) fn install(program: &'static str) {
        if PROGRAM.set(program).is_err() {
            return;
        }
        // SAFETY: a zeroed sigaction is a valid empty one; the handler is a plain function
        // that only makes async-signal-safe calls.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigbus as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
        }
    }
}
