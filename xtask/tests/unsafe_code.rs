//! The workspace denies unsafe code (`unsafe_code = "deny"`, not `forbid`, because one module
//! must map table files). This test keeps that one module the only exception: no other source
//! file may allow unsafe code or contain an `unsafe` block, function or impl.

use std::path::{Path, PathBuf};

/// The one file allowed unsafe code, relative to the workspace root.
const ALLOWED: &str = "crates/core/src/table/mapped.rs";

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// Whether a line of code (comments stripped) uses or allows unsafe code.
fn unsafe_use(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or("");
    let words: Vec<&str> = code.split(|c: char| !(c.is_alphanumeric() || c == '_')).collect();
    words.contains(&"unsafe") || code.contains("allow(unsafe_code") || code.contains("expect(unsafe_code")
}

#[test]
fn only_the_mapping_module_uses_unsafe_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["crates", "xtask"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "the walk found the sources ({} files)", files.len());
    let allowed = root.join(ALLOWED);
    assert!(std::fs::read_to_string(&allowed).unwrap().contains("#![allow(unsafe_code)]"));
    let mut found = Vec::new();
    for file in files.iter().filter(|f| **f != allowed && !f.ends_with("tests/unsafe_code.rs")) {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            if unsafe_use(line) {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "unsafe code outside {ALLOWED}:\n{}", found.join("\n"));
    assert!(unsafe_use("    let x = unsafe { f() };") && !unsafe_use("// an unsafe remark"));
}
