//! The crates can be published: `cargo package` makes every one of them, each with its
//! license texts and README, and nothing a crate compiles in lies outside its package (an
//! `include_str!` of `../../../data/...` builds in the workspace but not from crates.io: the
//! reference data is a package of its own, `slide-puzzle-data`, whose directory is data/). The
//! packages are made without building them (`--no-verify`), so this stays a few seconds; the
//! full, verifying `cargo package --workspace --exclude xtask` is the release check.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The packages meant for crates.io, by package name.
const PUBLISHED: [&str; 9] = [
    "slide-puzzle-core",
    "slide-puzzle-data",
    "slide-cli",
    "slide-pictures",
    "fifteen",
    "slide-seven",
    "slide-goat",
    "quzzle",
    "slide-web",
];

/// Every file that `include_str!` or `include_bytes!` names in `source`.
fn included_paths(source: &str) -> Vec<&str> {
    let mut paths = Vec::new();
    for macro_name in ["include_str!(\"", "include_bytes!(\""] {
        for (at, _) in source.match_indices(macro_name) {
            let rest = &source[at + macro_name.len()..];
            if let Some(end) = rest.find('"') {
                paths.push(&rest[..end]);
            }
        }
    }
    paths
}

#[test]
fn every_published_crate_packages_with_its_licenses_readme_and_included_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let scratch = std::env::temp_dir().join(format!("xtask-package-{}", std::process::id()));
    std::fs::remove_dir_all(&scratch).ok();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(&cargo)
        .args([
            "package",
            "--workspace",
            "--exclude",
            "xtask",
            "--exclude",
            "slide-testing",
            "--no-verify",
            "--offline",
            "--allow-dirty",
        ])
        .arg("--target-dir")
        .arg(&scratch)
        .current_dir(root)
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo package failed:\n{}", String::from_utf8_lossy(&out.stderr));

    let packages = scratch.join("package");
    for name in PUBLISHED {
        let file = packages.join(format!("{name}-{}.crate", env!("CARGO_PKG_VERSION")));
        assert!(file.is_file(), "{name}: no {}", file.display());
        let unpacked = scratch.join("unpacked");
        std::fs::create_dir_all(&unpacked).unwrap();
        let tar = Command::new("tar").arg("xzf").arg(&file).arg("-C").arg(&unpacked).status().unwrap();
        assert!(tar.success(), "{name}: cannot unpack {}", file.display());
        let crate_root = unpacked.join(format!("{name}-{}", env!("CARGO_PKG_VERSION")));
        for needed in ["LICENSE-MIT", "LICENSE-APACHE", "README.md", "Cargo.toml", "src/lib.rs"] {
            let path = crate_root.join(needed);
            let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            assert!(size > 0, "{name}: the package lacks {needed} (or it is empty)");
        }
        let files = walk(&crate_root);
        for source in files.iter().filter(|f| f.extension().is_some_and(|e| e == "rs")) {
            let text = std::fs::read_to_string(source).unwrap();
            for included in included_paths(&text) {
                let path = source.parent().unwrap().join(included);
                assert!(
                    path.canonicalize().is_ok_and(|p| p.starts_with(crate_root.canonicalize().unwrap())),
                    "{name}: {} includes {included}, which is not in the package",
                    source.strip_prefix(&crate_root).unwrap().display()
                );
            }
        }
        for entry in &files {
            let relative = entry.strip_prefix(&crate_root).unwrap().to_string_lossy().into_owned();
            assert!(
                !relative.starts_with("target/") && !relative.starts_with("tables/") && !relative.ends_with(".tbl"),
                "{name}: the package holds {relative}"
            );
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}
