//! Advice said once per data directory: a large table set worth building is advised the
//! first time a run would have used it, and not on every later run that uses the same
//! tables. What was said is remembered in the data directory itself ([`FILE`], one advice a
//! line), so a user with two data directories hears it for each, and one who deletes the
//! file hears it again. A directory that cannot be written keeps nothing: the advice is
//! then said on every run, as before.

use std::io::Write;
use std::path::Path;

/// The file in the data directory that holds the advice given there.
pub const FILE: &str = "advice-given.txt";

/// Advice as one line of [`FILE`].
fn line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// Whether `text` was said before for the data directory `dir`.
pub fn given_before(dir: &Path, text: &str) -> bool {
    let line = line(text);
    std::fs::read_to_string(dir.join(FILE)).is_ok_and(|said| said.lines().any(|l| l == line))
}

/// Remembers in `dir` that `text` was said (quietly does nothing when it cannot).
pub fn remember(dir: &Path, text: &str) {
    let append = || -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(dir.join(FILE))?;
        writeln!(file, "{}", line(text))
    };
    let _ = append();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_is_remembered_per_directory() {
        let dir = std::env::temp_dir().join(format!("slide-advice-{}", std::process::id()));
        let other = dir.join("other");
        std::fs::remove_dir_all(&dir).ok();
        assert!(!given_before(&dir, "build pdb78"));
        remember(&dir, "build pdb78");
        remember(&dir, "two\nlines");
        assert!(given_before(&dir, "build pdb78") && given_before(&dir, "two\nlines"));
        assert!(!given_before(&dir, "build pdb6666") && !given_before(&other, "build pdb78"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
