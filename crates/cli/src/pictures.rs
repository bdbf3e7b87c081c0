//! `analyze --plot FILE [--log]` and `solve --svg FILE`: the options, and where the pictures
//! go. The pictures themselves are drawn by `slide-pictures`.
//!
//! One picture goes to FILE itself. When one command makes several (several boards or
//! puzzles, or a `--batch` file), each gets a numbered name: `FILE-N.svg`, N being the
//! board's position among the arguments (from 1), or its line number in the batch file.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::CliError;

/// The options of `analyze` that draw its depth histogram.
#[derive(Args, Clone, Debug, Default)]
pub struct PlotArgs {
    /// Also draw the depth histogram as an SVG picture in FILE (several puzzles: FILE-1.svg,
    /// FILE-2.svg, ...). Example: --plot depths.svg
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// With --plot: counts on a logarithmic scale, so the few positions at the extremes show.
    /// Example: --plot depths.svg --log
    #[arg(long, requires = "plot")]
    pub log: bool,
}

/// The option of `solve` that draws its solutions.
#[derive(Args, Clone, Debug, Default)]
pub struct SvgArgs {
    /// Also draw each solution as an SVG picture in FILE: every board from the start to the
    /// goal, numbered, the moved piece framed in red. Several boards give one picture each,
    /// FILE-1.svg, FILE-2.svg, ..., numbered by their position among the arguments or their
    /// line in the --batch file. Example: --svg solution.svg
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Where the pictures of one command go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureTarget {
    path: PathBuf,
    numbered: bool,
}

impl PictureTarget {
    /// Pictures at `path`: numbered when the command makes (or may make) more than one.
    pub fn new(path: &Path, numbered: bool) -> Self {
        PictureTarget { path: path.to_path_buf(), numbered }
    }

    /// The file of picture `number` (from 1; ignored unless numbered): `out.svg` or
    /// `out-3.svg`.
    pub fn path(&self, number: usize) -> PathBuf {
        if !self.numbered {
            return self.path.clone();
        }
        let stem = self.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let name = match self.path.extension() {
            Some(ext) => format!("{stem}-{number}.{}", ext.to_string_lossy()),
            None => format!("{stem}-{number}"),
        };
        self.path.with_file_name(name)
    }

    /// Checks, before any work, that the pictures can be written: the directory exists and
    /// takes a new file, and the path is not a directory.
    pub fn check(&self) -> Result<(), CliError> {
        let dir = match self.path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let bad = |why: String| CliError::input(format!("cannot write pictures to {}: {why}", self.path.display()));
        if !dir.is_dir() {
            return Err(bad(format!("{} is not a directory", dir.display())));
        }
        if self.path.is_dir() {
            return Err(bad("it is a directory".into()));
        }
        let probe = dir.join(format!(".slide-write-check-{}", std::process::id()));
        std::fs::write(&probe, b"").map_err(|e| bad(e.to_string()))?;
        let _ = std::fs::remove_file(&probe);
        Ok(())
    }

    /// Writes picture `number`, and says so on stderr unless `quiet`.
    pub fn save(&self, number: usize, svg: &str, program: &str, quiet: bool) -> Result<PathBuf, CliError> {
        let path = self.path(number);
        std::fs::write(&path, svg).map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
        if !quiet {
            crate::output::say(program, &format!("wrote {}", path.display()));
        }
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_picture_keeps_its_name_several_are_numbered() {
        let one = PictureTarget::new(Path::new("pics/solution.svg"), false);
        assert_eq!(one.path(7), PathBuf::from("pics/solution.svg"));
        let many = PictureTarget::new(Path::new("pics/solution.svg"), true);
        assert_eq!(many.path(3), PathBuf::from("pics/solution-3.svg"));
        let bare = PictureTarget::new(Path::new("out"), true);
        assert_eq!(bare.path(12), PathBuf::from("out-12"));
    }

    #[test]
    fn a_missing_directory_is_refused_before_the_work() {
        let target = PictureTarget::new(Path::new("/nonexistent-dir-for-test/x.svg"), false);
        let e = target.check().unwrap_err();
        assert_eq!(e.code, crate::ExitCode::BadInput);
        assert!(e.message.contains("/nonexistent-dir-for-test is not a directory"), "{}", e.message);
        assert!(PictureTarget::new(&std::env::temp_dir().join("x.svg"), true).check().is_ok());
        assert!(PictureTarget::new(&std::env::temp_dir(), false).check().is_err());
    }

    #[test]
    fn an_unwritable_file_is_bad_input_naming_it() {
        let target = PictureTarget::new(Path::new("/nonexistent-dir-for-test/x.svg"), false);
        let e = target.save(1, "<svg/>", "test", true).unwrap_err();
        assert_eq!(e.code, crate::ExitCode::BadInput);
        assert!(e.message.starts_with("cannot write /nonexistent-dir-for-test/x.svg: "), "{}", e.message);
    }
}
