//! The memory budget of the searches that remember every state (BFS, A*, counting,
//! enumeration): `--max-memory`, by default half the memory available at start.

/// Memory this machine has available, from `/proc/meminfo`; `None` where it cannot be read.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

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

/// The largest size accepted: 8 EiB, half of what a `u64` counts.
pub const MAX_BYTES: u64 = u64::MAX / 2;
const MAX_BYTES_TEXT: &str = "8192P (8 EiB)";

/// Reads a size in bytes: a number with an optional binary unit, `K`, `M`, `G`, `T` or `P`
/// (`KiB`, `MB`, ... are read the same). Examples: `65536`, `512M`, `1.5G`.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let bad = || format!("{text:?} is not a size: write a number of bytes with an optional unit, e.g. 512M or 2G");
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number.parse().map_err(|_| bad())?;
    let unit = unit.trim().to_ascii_uppercase();
    let scale: u64 = match unit.trim_end_matches('B').trim_end_matches('I') {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        "T" => 1 << 40,
        "P" => 1 << 50,
        _ => return Err(bad()),
    };
    let bytes = value * scale as f64;
    if !bytes.is_finite() || bytes > MAX_BYTES as f64 {
        return Err(format!("{text:?} is too large: the most is {}", MAX_BYTES_TEXT));
    }
    if bytes < 1.0 {
        return Err(format!("{text:?} is too small: give at least one byte"));
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(parse_bytes("65536"), Ok(65536));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("1.5G"), Ok(3 << 29));
        assert_eq!(parse_bytes("2 GiB"), Ok(2 << 30));
        assert_eq!(parse_bytes("4kb"), Ok(4096));
        for bad in ["", "G", "12Q", "-1", "0", "1e400", "1.2.3M", "nan"] {
            assert!(parse_bytes(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_bytes("2P"), Ok(2 << 50));
        // A size, only too large: said so, with the most there is.
        let e = parse_bytes("99999999999P").unwrap_err();
        assert!(e.contains("is too large: the most is 8192P"), "{e}");
        assert!(parse_bytes("lots").unwrap_err().contains("is not a size"));
    }
}
