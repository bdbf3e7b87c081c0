//! Rust paths the documents name (`fifteen::duplicates::Automaton`,
//! `slide_core::{search, table}`): each module must be a module file its parent declares, and
//! each item must be declared (or re-exported) where the path puts it.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::markdown::Doc;

/// The workspace's libraries: library name (`slide_core`) to its root file.
pub fn libraries(root: &Path) -> BTreeMap<String, PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut libraries = BTreeMap::new();
    for target in metadata["packages"].as_array().unwrap().iter().flat_map(|p| p["targets"].as_array().unwrap()) {
        if target["kind"].as_array().unwrap().iter().any(|k| k == "lib") {
            libraries.insert(target["name"].as_str().unwrap().to_string(), target["src_path"].as_str().unwrap().into());
        }
    }
    libraries
}

/// One step of a path: a name, or a group (`{search, table}`), which ends it.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    Name(String),
    Group(Vec<String>),
}

/// The path at the start of `code` when it starts with one of `crates` and `::`: the crate and
/// the steps after it (`fifteen::solve("...")` is `fifteen` and `solve`; generic arguments
/// and everything after them are left out).
fn leading_path<'a>(code: &str, crates: impl Fn(&str) -> bool + 'a) -> Option<(String, Vec<Step>)> {
    let ident = |s: &str| s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
    let n = ident(code);
    let (name, mut rest) = code.split_at(n);
    if !crates(name) || !rest.starts_with("::") {
        return None;
    }
    let mut steps = Vec::new();
    while let Some(after) = rest.strip_prefix("::") {
        if let Some(group) = after.strip_prefix('{') {
            let close = group.find('}')?;
            steps.push(Step::Group(group[..close].split(',').map(|s| s.trim().to_string()).collect()));
            break;
        }
        let n = ident(after);
        if n == 0 {
            break;
        }
        steps.push(Step::Name(after[..n].to_string()));
        rest = &after[n..];
    }
    Some((name.to_string(), steps))
}

/// The code of a source file without its comments, as lines of identifiers.
fn code_lines(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .map(|line| {
            line.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// The keywords that declare an item.
const ITEMS: [&str; 10] = ["fn", "struct", "enum", "trait", "type", "const", "static", "union", "mod", "macro_rules"];

/// How `file` (a module's source) knows `name`.
#[derive(Debug, PartialEq, Eq)]
enum Known {
    /// As a module with a file of its own.
    Module(PathBuf),
    /// As an item declared or re-exported there.
    Item,
    /// Not at all.
    No,
}

fn lookup(file: &Path, name: &str) -> Known {
    let lines = code_lines(file);
    let declares = |keyword: &str| lines.iter().any(|l| l.windows(2).any(|w| w[0] == keyword && w[1] == name));
    if declares("mod") {
        let stem = file.file_stem().unwrap().to_string_lossy();
        let dir = if ["lib", "main", "mod"].contains(&stem.as_ref()) {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        for candidate in [dir.join(format!("{name}.rs")), dir.join(name).join("mod.rs")] {
            if candidate.is_file() {
                return Known::Module(candidate);
            }
        }
    }
    if ITEMS.iter().any(|k| declares(k)) {
        return Known::Item;
    }
    // A re-export: `pub use ...name...;`, over as many lines as the statement takes.
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let reexported = text.split(';').any(|statement| {
        let at = statement.find("pub use ").or_else(|| statement.find("pub(crate) use "));
        at.is_some_and(|at| statement[at..].split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == name))
    });
    if reexported {
        Known::Item
    } else {
        Known::No
    }
}

/// Every identifier in the code of the library whose root is `lib` (methods, variants and
/// fields are looked up here, once an item is found).
fn identifiers(lib: &Path) -> HashSet<String> {
    fn walk(dir: &Path, found: &mut HashSet<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.extend(code_lines(&path).into_iter().flatten());
            }
        }
    }
    let mut found = HashSet::new();
    walk(lib.parent().unwrap(), &mut found);
    found
}

/// Why the path at the start of `code` names nothing, if it does not.
pub fn resolve(libraries: &BTreeMap<String, PathBuf>, code: &str) -> Option<String> {
    let (krate, steps) = leading_path(code, |name| libraries.contains_key(name))?;
    let mut module = libraries[&krate].clone();
    let mut item = false;
    let mut shown = krate.clone();
    let mut all: Option<HashSet<String>> = None;
    for step in &steps {
        let names = match step {
            Step::Name(n) => vec![n.clone()],
            Step::Group(names) => names.clone(),
        };
        for name in &names {
            if item {
                let all = all.get_or_insert_with(|| identifiers(&libraries[&krate]));
                if !all.contains(name) {
                    return Some(format!("`{shown}` has no `{name}` anywhere in {krate}"));
                }
                continue;
            }
            match lookup(&module, name) {
                Known::Module(file) if names.len() == 1 => module = file,
                Known::Module(_) => {}
                Known::Item => item = names.len() == 1,
                Known::No => return Some(format!("`{shown}` has no `{name}` ({} declares none)", module.display())),
            }
        }
        if let Step::Name(n) = step {
            shown = format!("{shown}::{n}");
        }
    }
    None
}

/// The problems with the Rust paths of `doc`'s code spans.
pub fn check(root: &Path, libraries: &BTreeMap<String, PathBuf>, doc: &Doc) -> Vec<String> {
    let mut problems = Vec::new();
    for (line, span) in &doc.spans {
        if let Some(why) = resolve(libraries, span.trim()) {
            let why = why.replace(&format!("{}/", root.display()), "");
            problems.push(format!("{}:{line}: {why}", doc.path.display()));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leading_path_is_read_up_to_generics_and_calls() {
        let known = |n: &str| n == "fifteen" || n == "slide_cli";
        assert_eq!(
            leading_path("slide_cli::app::main::<Goat>()", known),
            Some(("slide_cli".into(), vec![Step::Name("app".into()), Step::Name("main".into())]))
        );
        assert_eq!(
            leading_path("fifteen::{solve, Solver}", known),
            Some(("fifteen".into(), vec![Step::Group(vec!["solve".into(), "Solver".into()])]))
        );
        assert_eq!(leading_path("fifteen::", known), Some(("fifteen".into(), vec![])));
        assert_eq!(leading_path("std::mem", known), None);
        assert_eq!(leading_path("fifteen solve", known), None);
    }

    #[test]
    fn modules_items_and_their_members_resolve_and_stale_ones_do_not() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let libraries = libraries(root);
        for good in [
            "slide_core::table::data_dir",
            "slide_core::{search, table}",
            "fifteen::Solver::data_dir",
            "slide_cli::CliError",
            "quzzle::survey::published",
        ] {
            assert_eq!(resolve(&libraries, good), None, "{good}");
        }
        for bad in [
            "slide_core::no_such_module",
            "slide_core::{search, no_such_module}",
            "slide_core::table::NO_SUCH_ITEM",
            "fifteen::Solver::no_such_method",
        ] {
            assert!(resolve(&libraries, bad).is_some(), "{bad}");
        }
    }
}
