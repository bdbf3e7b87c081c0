//! Where tables are kept: a per-user directory, so that an installed program works from
//! anywhere and never writes into the source tree it was built from. The command-line
//! binaries (`--data-dir`), the web app and `cargo xtask` all resolve it here.

use std::path::{Path, PathBuf};

/// The environment variable naming the table directory.
pub const DATA_DIR_ENV: &str = "SLIDE_DATA_DIR";

/// The table directory: `explicit` (from `--data-dir`) if given, else `$SLIDE_DATA_DIR`, else
/// [`per_user_dir`].
///
/// ```
/// use std::path::Path;
/// assert_eq!(slide_core::table::data_dir(Some(Path::new("tables"))), Path::new("tables"));
/// ```
pub fn data_dir(explicit: Option<&Path>) -> PathBuf {
    if let Some(dir) = explicit {
        return dir.to_path_buf();
    }
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    per_user_dir()
}

/// The platform's per-user cache directory for this toolkit: `$XDG_CACHE_HOME/slide` or
/// `~/.cache/slide` on Linux, `~/Library/Caches/slide` on macOS, `%LOCALAPPDATA%\slide\cache`
/// on Windows. A cache, because every table can be rebuilt from nothing (backups and
/// cleaners may skip or empty it). Without a home directory: `slide-tables` in the
/// temporary directory.
pub fn per_user_dir() -> PathBuf {
    match directories::ProjectDirs::from("", "", "slide") {
        Some(dirs) => dirs.cache_dir().to_path_buf(),
        None => std::env::temp_dir().join("slide-tables"),
    }
}
