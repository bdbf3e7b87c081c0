//! `cargo xtask api`: the public API of each library crate of the workspace, one item a line,
//! in `docs/api/PACKAGE.txt`; `--check` compares instead of writing (`xtask/tests/api.rs`
//! runs it), so that a change to a library's public API is always made on purpose.
//!
//! The source is read, not compiled: each library's root file is parsed with `syn`, `mod`
//! declarations are followed to their files (`name.rs`, `name/mod.rs`, `#[path]`), and an
//! item is listed at each path a user can name it by: declared plain `pub` in modules that
//! are `pub` all the way up, or re-exported by a `pub use` in such a module (at the path the
//! re-export gives it). A listed type brings its `pub` fields, its variants, its derives, the
//! `pub` functions and constants of its inherent impls and the trait impls written for it; a
//! listed trait brings its items. Items under `#[cfg(test)]` are left out; those behind a
//! feature are listed. Functions are listed with their signature on one line.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

mod lines;
mod syntax;
#[cfg(test)]
mod tests;
mod walk;

use walk::Crate;

/// Where the listings live, from the workspace's root.
pub(crate) const DIR: &str = "docs/api";

/// A library crate of the workspace.
pub(crate) struct Library {
    /// The package's name (`slide-puzzle-core`): the listing's file name.
    pub(crate) package: String,
    /// The library's name in code (`slide_core`): the first step of every path listed.
    pub(crate) name: String,
    /// Its root source file (`crates/core/src/lib.rs`).
    pub(crate) root: PathBuf,
}

/// One library's public API.
pub(crate) struct Listing {
    pub(crate) library: Library,
    /// The listed lines, sorted.
    pub(crate) lines: Vec<String>,
    /// How many functions the listing holds (free functions, associated functions and
    /// methods of listed types, trait functions), each counted once however many paths
    /// reach it.
    pub(crate) functions: usize,
    /// How many lines of its sources hold `pub fn` (what `grep -rw 'pub fn' src | wc -l`
    /// counts).
    pub(crate) plain_pub_fns: usize,
}

impl Listing {
    /// The file's text: a header, then the lines.
    pub(crate) fn text(&self) -> String {
        let mut text = format!(
            "# The public API of {} (library `{}`), one item a line.\n\
             # Written by `cargo xtask api`; `cargo test -p xtask --test api` compares it with the code.\n",
            self.library.package, self.library.name
        );
        for line in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        text
    }

    /// The listing's file, from the workspace's root.
    pub(crate) fn file(&self) -> String {
        format!("{DIR}/{}.txt", self.library.package)
    }
}

/// The workspace's library crates (every package with a `lib` target: not the binaries-only
/// ones, not the Python extension module, which is a `cdylib`), by package name.
pub(crate) fn libraries(root: &Path) -> Result<Vec<Library>, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo metadata: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let metadata: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata's output: {e}"))?;
    let mut libraries = Vec::new();
    for package in metadata["packages"].as_array().into_iter().flatten() {
        for target in package["targets"].as_array().into_iter().flatten() {
            let kinds = target["kind"].as_array().into_iter().flatten();
            if kinds.into_iter().any(|k| k == "lib" || k == "rlib") {
                libraries.push(Library {
                    package: package["name"].as_str().unwrap_or_default().to_string(),
                    name: target["name"].as_str().unwrap_or_default().replace('-', "_"),
                    root: PathBuf::from(target["src_path"].as_str().unwrap_or_default()),
                });
            }
        }
    }
    libraries.sort_by(|a, b| a.package.cmp(&b.package));
    Ok(libraries)
}

/// The public API of `library`, read from its sources.
pub(crate) fn listing(library: Library) -> Result<Listing, String> {
    let krate = Crate::load(&library.name, &library.root)?;
    let (lines, functions) = krate.lines();
    let src = library.root.parent().unwrap_or(Path::new("."));
    let plain_pub_fns = plain_pub_fns(src);
    Ok(Listing { library, lines, functions, plain_pub_fns })
}

/// Lines holding `pub fn` as whole words in every file under `dir`, as `grep -rw` counts them.
pub(crate) fn plain_pub_fns(dir: &Path) -> usize {
    let mut count = 0;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            count += plain_pub_fns(&path);
        } else if let Ok(bytes) = std::fs::read(&path) {
            count += String::from_utf8_lossy(&bytes).lines().filter(|l| holds_word(l, "pub fn")).count();
        }
    }
    count
}

/// Whether `line` holds `words` with no word character on either side.
fn holds_word(line: &str, words: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    line.match_indices(words)
        .any(|(at, _)| !word(line[..at].chars().next_back()) && !word(line[at + words.len()..].chars().next()))
}

/// `cargo xtask api`: writes each library's listing (or, with `check`, compares), and prints
/// the counts per library. With `check`, a listing that differs is an error that shows the
/// difference.
pub(crate) fn run(root: &Path, check: bool) -> Result<(), String> {
    let mut listings = Vec::new();
    for library in libraries(root)? {
        listings.push(listing(library)?);
    }
    println!("{:<20} {:>13} {:>11} {:>7}", "package", "plain pub fn", "public fns", "lines");
    for l in &listings {
        println!("{:<20} {:>13} {:>11} {:>7}", l.library.package, l.plain_pub_fns, l.functions, l.lines.len());
    }
    let dir = root.join(DIR);
    let wanted: BTreeSet<String> = listings.iter().map(|l| format!("{}.txt", l.library.package)).collect();
    let stale: Vec<PathBuf> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .filter(|e| !wanted.contains(e.file_name().to_string_lossy().as_ref()))
        .map(|e| e.path())
        .collect();
    if !check {
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        for l in &listings {
            let path = root.join(l.file());
            std::fs::write(&path, l.text()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        for path in stale {
            std::fs::remove_file(&path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
        }
        println!("{} listings in {DIR}", listings.len());
        return Ok(());
    }
    let mut report = String::new();
    for l in &listings {
        let written = std::fs::read_to_string(root.join(l.file())).unwrap_or_default();
        if let Some(diff) = difference(&written, &l.text()) {
            let _ = writeln!(report, "{} differs from the code (- listed, + in the code):\n{diff}", l.file());
        }
    }
    for path in stale {
        let _ = writeln!(report, "{} lists a library the workspace no longer has", path.display());
    }
    if report.is_empty() {
        println!("{} listings in {DIR} match the code", listings.len());
        Ok(())
    } else {
        Err(format!(
            "{report}The public API changed. If the change is deliberate, run `cargo xtask api` \
             and commit {DIR}; if not, make the items that are no longer listed public again, or \
             the new ones pub(crate)."
        ))
    }
}

/// The lines only in `old` (`-`) and only in `new` (`+`), in order; `None` when the texts are
/// equal. Both are sorted listings, so the difference of their lines is the change.
fn difference(old: &str, new: &str) -> Option<String> {
    if old == new {
        return None;
    }
    if old.is_empty() {
        return Some("  (no listing checked in)\n".into());
    }
    let before: BTreeSet<&str> = old.lines().collect();
    let after: BTreeSet<&str> = new.lines().collect();
    let mut changes: Vec<(&str, char)> = before.difference(&after).map(|l| (*l, '-')).collect();
    changes.extend(after.difference(&before).map(|l| (*l, '+')));
    changes.sort();
    let mut text = String::new();
    for (line, sign) in changes {
        let _ = writeln!(text, "{sign} {line}");
    }
    if text.is_empty() {
        text.push_str("  (the same lines in another order)\n");
    }
    Some(text)
}
