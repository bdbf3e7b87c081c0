//! Where the binaries find their tables.

use std::path::PathBuf;

/// The environment variable naming the table directory.
pub const DATA_DIR_ENV: &str = "SLIDE_DATA_DIR";

/// The table directory: `explicit` (from `--data-dir`) if given, else `$SLIDE_DATA_DIR`, else
/// the workspace's `data/` directory this program was built from, else `./data`.
pub fn data_dir(explicit: Option<&std::path::Path>) -> PathBuf {
    if let Some(dir) = explicit {
        return dir.to_path_buf();
    }
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let built_from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
    if built_from.is_dir() {
        return built_from.canonicalize().unwrap_or(built_from);
    }
    PathBuf::from("data")
}
