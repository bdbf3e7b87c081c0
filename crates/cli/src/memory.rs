//! The memory budget of the searches that remember every state (BFS, A*, counting,
//! enumeration): `--max-memory`, by default half the memory available at start.

pub use slide_core::search::available_memory;

/// The memory this process holds now (resident set, Linux); `None` where it cannot be read.
pub fn resident_memory() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// What of a `--max-memory` of `total` bytes the searches may not use: it bounds the whole
/// process, so the program itself (code, buffers) is reserved, and 3% for the allocator's own
/// slack and what the estimates miss.
pub fn reserved_memory(total: u64) -> u64 {
    resident_memory().unwrap_or(0).saturating_add(total / 33)
}

/// The default budget: half the available memory (4 GiB where that is unknown), so that a
/// search that would not fit stops with a message long before the machine starts swapping
/// or the kernel kills something.
pub fn default_memory_budget() -> u64 {
    available_memory().map_or(4 << 30, |m| m / 2)
}

// Sizes are read in slide-core, beside the code that writes them for people.
pub use slide_core::units::{parse_bytes, MAX_BYTES};
