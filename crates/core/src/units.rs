//! Numbers for people, in one place for every crate's messages and reports.

/// `bytes` for people: "512 B", "3.4 MiB", "1.2 GiB".
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// A duration of `seconds` for people, rounded as an estimate is: "under a second", "40 s",
/// "9 min", "2 h".
pub fn human_seconds(seconds: u64) -> String {
    match seconds {
        0 => "under a second".into(),
        1..=99 => format!("{seconds} s"),
        100..=5999 => format!("{} min", seconds.div_ceil(60)),
        _ => format!("{} h", seconds.div_ceil(3600)),
    }
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and `noun`, the noun in the plural unless `n` is 1, `n` with [`thousands`]
/// separators: `1 move`, `36 moves`, `1,251 nodes`. One rule for every count a person reads
/// ("1 moves" is the mistake it prevents); it adds an `s`, which every noun here takes.
pub fn quantity(n: impl Into<u128>, noun: &str) -> String {
    let n = n.into();
    format!("{} {noun}{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// The largest size accepted: 8 EiB, half of what a `u64` counts.
pub const MAX_BYTES: u64 = u64::MAX / 2;
const MAX_BYTES_TEXT: &str = "8192P (8 EiB)";

/// Why text is not a size in bytes ([`parse_bytes`]); each holds the text as given.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum BytesError {
    /// Not a number with an optional unit.
    #[error("{0:?} is not a size: write a number of bytes with an optional unit, e.g. 512M or 2G")]
    NotASize(String),
    /// More than [`MAX_BYTES`].
    #[error("{0:?} is too large: the most is {MAX_BYTES_TEXT}")]
    TooLarge(String),
    /// Less than one byte.
    #[error("{0:?} is too small: give at least one byte")]
    TooSmall(String),
}

/// Reads a size in bytes: a number with an optional binary unit, `K`, `M`, `G`, `T` or `P`
/// (`KiB`, `MB`, ... are read the same). Examples: `65536`, `512M`, `1.5G`.
///
/// ```
/// use slide_core::units::{parse_bytes, BytesError};
/// assert_eq!(parse_bytes("512M"), Ok(512 << 20));
/// assert_eq!(parse_bytes("0.1"), Err(BytesError::TooSmall("0.1".into())));
/// ```
pub fn parse_bytes(text: &str) -> Result<u64, BytesError> {
    let t = text.trim();
    let bad = || BytesError::NotASize(text.to_string());
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
        return Err(BytesError::TooLarge(text.to_string()));
    }
    if bytes < 1.0 {
        return Err(BytesError::TooSmall(text.to_string()));
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_and_counts_for_people() {
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(3 * 1024 * 1024 + 400 * 1024), "3.4 MiB");
        assert_eq!(thousands(0u8), "0");
        assert_eq!(human_seconds(0), "under a second");
        assert_eq!(human_seconds(65), "65 s");
        assert_eq!(human_seconds(527), "9 min");
        assert_eq!(human_seconds(7200), "2 h");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(5_443_200u64), "5,443,200");
        assert_eq!(thousands(u128::MAX), "340,282,366,920,938,463,463,374,607,431,768,211,455");
    }

    #[test]
    fn one_is_singular_every_other_count_plural() {
        assert_eq!(quantity(1u8, "move"), "1 move");
        assert_eq!(quantity(0u8, "move"), "0 moves");
        assert_eq!(quantity(36u32, "optimal solution"), "36 optimal solutions");
        assert_eq!(quantity(1_251u64, "node"), "1,251 nodes");
    }

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
        let e = parse_bytes("99999999999P").unwrap_err().to_string();
        assert!(e.contains("is too large: the most is 8192P"), "{e}");
        assert_eq!(parse_bytes("lots").unwrap_err(), BytesError::NotASize("lots".into()));
    }
}
