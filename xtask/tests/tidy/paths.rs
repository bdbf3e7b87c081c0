//! Paths the documents name: repository paths in code (`crates/core/src/table/`,
//! `data/instances/korf100.tsv`) and the targets of relative links, with their anchors.

use std::path::{Component, Path, PathBuf};

use crate::markdown::Doc;

/// Where a repository path starts: a path in code is checked when it starts with one of these.
const TOP: [&str; 6] = ["crates/", "docs/", "xtask/", "data/", ".ci/", "fuzz/"];

/// The repository paths a piece of code names, as globs: braces expanded
/// (`crates/{seven,goat}/` is two), placeholders in capitals (`NAME`, `TARGET`) and `...` as
/// `*`, a line number (`:120`) left out.
pub fn named_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for word in code.split(|c: char| c.is_whitespace() || "\"'`()<>=;|".contains(c)) {
        let word = word.trim_start_matches("./");
        if !TOP.iter().any(|top| word.starts_with(top)) {
            continue;
        }
        for path in expand_braces(word) {
            // Punctuation after a path is not part of it; a `...` placeholder is.
            let path = match path.strip_suffix("...") {
                Some(_) => path.as_str(),
                None => path.trim_end_matches(['.', ':', ';', ',', ')']),
            };
            let path = match path.rsplit_once(':') {
                Some((p, line)) if line.chars().all(|c| c.is_ascii_digit() || c == '-') => p,
                _ => path,
            };
            // pip's extras: `./crates/python[progress]` is the directory crates/python.
            let path = match path.split_once('[') {
                Some((dir, extras)) if extras.ends_with(']') => dir,
                _ => path,
            };
            let glob: Vec<String> = path.split('/').map(placeholder).collect();
            paths.push(glob.join("/"));
        }
    }
    paths
}

/// A path segment with placeholders made `*`: `NAME.rs` is `*.rs`, `crash-...` is `crash-*`.
fn placeholder(segment: &str) -> String {
    let stem = segment.split('.').next().unwrap_or(segment);
    let is_placeholder = stem.len() > 1
        && stem.chars().any(|c| c.is_ascii_uppercase())
        && stem.chars().all(|c| c.is_ascii_uppercase() || c == '-' || c == '_');
    let segment = if is_placeholder { segment.replacen(stem, "*", 1) } else { segment.to_string() };
    segment.replace("...", "*")
}

/// `a/{b,c}/d` as `a/b/d` and `a/c/d` (one level of braces, as the documents write them).
fn expand_braces(word: &str) -> Vec<String> {
    match (word.find('{'), word.find('}')) {
        (Some(open), Some(close)) if open < close => word[open + 1..close]
            .split(',')
            .flat_map(|choice| expand_braces(&format!("{}{choice}{}", &word[..open], &word[close + 1..])))
            .collect(),
        _ => vec![word.to_string()],
    }
}

/// Whether `glob` (segments of `*` wildcards) matches a file or directory under `root`.
pub fn exists(root: &Path, glob: &str) -> bool {
    let mut candidates = vec![root.to_path_buf()];
    for segment in glob.trim_end_matches('/').split('/') {
        let mut next = Vec::new();
        for dir in &candidates {
            if !segment.contains('*') {
                let path = dir.join(segment);
                if path.exists() {
                    next.push(path);
                }
                continue;
            }
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                if wildcard(segment, &entry.file_name().to_string_lossy()) {
                    next.push(entry.path());
                }
            }
        }
        candidates = next;
    }
    !candidates.is_empty()
}

/// Whether `name` matches `pattern`, where `*` stands for any run of characters.
fn wildcard(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            name.starts_with(head)
                && (head.len()..=name.len()).any(|i| name.is_char_boundary(i) && wildcard(tail, &name[i..]))
        }
    }
}

/// The directories git ignores at the top (`/target`): generated, so a
/// document may name a path in them that a fresh clone does not have.
pub fn ignored_dirs(root: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join(".gitignore")).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix('/'))
        .filter(|l| !l.contains('*'))
        .map(|l| format!("{}/", l.trim_end_matches('/')))
        .collect()
}

/// The problems with the paths and links of `doc`: `docs/CLI.md:12: no crates/cli/src/x.rs`.
pub fn check(root: &Path, doc: &Doc, docs: &[Doc]) -> Vec<String> {
    let ignored = ignored_dirs(root);
    let mut problems = Vec::new();
    let code = doc.spans.iter().map(|(line, s)| (*line, s.as_str()));
    let blocks =
        doc.blocks.iter().flat_map(|(line, _, body)| body.lines().enumerate().map(move |(i, l)| (line + 1 + i, l)));
    for (line, text) in code.chain(blocks) {
        for path in named_paths(text) {
            let generated = ignored.iter().any(|dir| path.starts_with(dir.as_str()) || format!("{path}/") == *dir);
            if !exists(root, &path) && !generated {
                problems.push(format!("{}:{line}: `{path}` does not exist", doc.path.display()));
            }
        }
    }
    for (line, link) in &doc.links {
        if link.contains("://") || link.starts_with("mailto:") {
            continue;
        }
        let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
        let target = if file.is_empty() { doc.path.clone() } else { normalise(&doc.path.parent().unwrap().join(file)) };
        if !root.join(&target).exists() {
            problems.push(format!("{}:{line}: the link to {link} leads nowhere", doc.path.display()));
        } else if !anchor.is_empty() {
            let anchors = docs.iter().find(|d| d.path == target).map(|d| &d.anchors);
            if anchors.is_some_and(|a| !a.iter().any(|a| a == anchor)) {
                problems.push(format!("{}:{line}: {} has no heading #{anchor}", doc.path.display(), target.display()));
            }
        }
    }
    problems
}

/// `docs/../data/README.md` as `data/README.md`.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_read_from_code_as_globs() {
        assert_eq!(named_paths("see crates/core/src/table/mod.rs:120."), ["crates/core/src/table/mod.rs"]);
        assert_eq!(
            named_paths("crates/cli/src/bin/{fifteen,goat}.rs"),
            ["crates/cli/src/bin/fifteen.rs", "crates/cli/src/bin/goat.rs"]
        );
        assert_eq!(
            named_paths("crates/cli/src/bin/NAME.rs fuzz/artifacts/TARGET/crash-..."),
            ["crates/cli/src/bin/*.rs", "fuzz/artifacts/*/crash-*"]
        );
        assert_eq!(named_paths("--out=./docs/pictures/x.svg target/man src/lib.rs"), ["docs/pictures/x.svg"]);
    }

    #[test]
    fn globs_match_what_is_there_and_nothing_else() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        assert!(exists(root, "crates/cli/src/bin/*.rs"));
        assert!(exists(root, "crates/*/tests/"));
        assert!(exists(root, "data/instances/korf100.tsv"));
        assert!(!exists(root, "data/*/korf1000.tsv"));
        assert!(!exists(root, "crates/cli/src/bin/*.py"));
        assert!(wildcard("crash-*", "crash-1f2e") && !wildcard("*.rs", "main.rs.orig"));
        assert!(ignored_dirs(root).contains(&"target/".to_string()));
    }

    #[test]
    fn a_stale_path_or_link_is_a_problem() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let text = "`data/instances/korf1000.tsv`, [ok](CLI.md#exit-status), [gone](GONE.md), \
                    [bad anchor](CLI.md#no-such-heading), `target/release/fifteen`";
        let doc = Doc::parse(Path::new("docs/X.md"), text);
        let cli = Doc::parse(Path::new("docs/CLI.md"), "## Exit status\n");
        let problems = check(root, &doc, &[cli]);
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert!(problems[0].contains("data/instances/korf1000.tsv"));
        assert!(problems[1].contains("GONE.md") && problems[2].contains("#no-such-heading"));
    }
}
