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

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Attribute, Fields, FnArg, ImplItem, Item, Pat, Signature, TraitItem, UseTree, Visibility};

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

/// One module of a crate: its items (those under `#[cfg(test)]` left out) and where it sits.
struct Module {
    parent: Option<usize>,
    items: Vec<Item>,
    /// Its child modules by name, whatever their visibility.
    children: BTreeMap<String, usize>,
}

/// An item: its module and its place among the module's items.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
struct Id {
    module: usize,
    item: usize,
}

/// What a path names.
#[derive(Debug)]
enum Target {
    Module(usize),
    Item(Id),
    /// Something outside the crate (or that this reading cannot follow), as written.
    External(String),
}

/// A crate's modules, the root first.
struct Crate {
    name: String,
    modules: Vec<Module>,
}

/// What the walk from the root finds public.
#[derive(Default)]
struct Reach {
    /// The public modules' paths.
    modules: BTreeSet<String>,
    /// Every path each public item is reachable at.
    items: BTreeMap<Id, BTreeSet<String>>,
    /// Re-exports of what lies outside the crate: the path made public, and what it names.
    external: BTreeSet<(String, String)>,
}

impl Crate {
    fn load(name: &str, root: &Path) -> Result<Crate, String> {
        let mut krate = Crate { name: name.to_string(), modules: Vec::new() };
        let dir = root.parent().unwrap_or(Path::new(".")).to_path_buf();
        let file = parse(root)?;
        krate.add(None, file.items, &dir, &dir)?;
        Ok(krate)
    }

    /// Adds a module with `items`; `base` is the directory its `#[path]` attributes are
    /// relative to, `dir` the one its child modules' files are in.
    fn add(&mut self, parent: Option<usize>, items: Vec<Item>, base: &Path, dir: &Path) -> Result<usize, String> {
        let index = self.modules.len();
        self.modules.push(Module { parent, items: Vec::new(), children: BTreeMap::new() });
        let mut kept = Vec::new();
        for item in items {
            if tested_only(attributes(&item)) {
                continue;
            }
            if let Item::Mod(m) = &item {
                let name = m.ident.to_string();
                let child = match (&m.content, path_attribute(&m.attrs)) {
                    (Some((_, inner)), _) => {
                        let dir = dir.join(&name);
                        self.add(Some(index), inner.clone(), &dir, &dir)?
                    }
                    (None, Some(path)) => {
                        let file = base.join(path);
                        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
                        self.add(Some(index), parse(&file)?.items, &dir, &dir)?
                    }
                    (None, None) => {
                        let flat = dir.join(format!("{name}.rs"));
                        let nested = dir.join(&name).join("mod.rs");
                        let file = if flat.is_file() { flat } else { nested };
                        let items = parse(&file)?.items;
                        let dir = dir.join(&name);
                        let base = file.parent().unwrap_or(Path::new(".")).to_path_buf();
                        self.add(Some(index), items, &base, &dir)?
                    }
                };
                self.modules[index].children.insert(name, child);
            }
            kept.push(item);
        }
        self.modules[index].items = kept;
        Ok(index)
    }

    fn item(&self, id: Id) -> &Item {
        &self.modules[id.module].items[id.item]
    }

    /// What `name` means in module `m`: a child module, an item declared there, or what a
    /// `use` there brings in under that name.
    fn lookup(&self, m: usize, name: &str, depth: usize) -> Vec<Target> {
        let mut found = Vec::new();
        if depth > 8 {
            return found;
        }
        let module = &self.modules[m];
        if let Some(&child) = module.children.get(name) {
            found.push(Target::Module(child));
        }
        for (i, item) in module.items.iter().enumerate() {
            match item {
                Item::Mod(_) => {}
                Item::Use(u) => {
                    for (path, bound) in flatten(&u.tree) {
                        if bound.as_deref() == Some(name) {
                            found.extend(self.resolve(m, &path, depth + 1));
                        }
                    }
                }
                _ if item_name(item).as_deref() == Some(name) => found.push(Target::Item(Id { module: m, item: i })),
                _ => {}
            }
        }
        found
    }

    /// What `path` names, written in module `m`.
    fn resolve(&self, m: usize, path: &[String], depth: usize) -> Vec<Target> {
        let external = || vec![Target::External(path.join("::"))];
        let Some((first, rest)) = path.split_first() else { return Vec::new() };
        let mut current = match first.as_str() {
            "crate" => vec![Target::Module(0)],
            "self" => vec![Target::Module(m)],
            "super" => match self.modules[m].parent {
                Some(p) => vec![Target::Module(p)],
                None => return external(),
            },
            _ => self.lookup(m, first, depth),
        };
        if current.is_empty() {
            return external();
        }
        for step in rest {
            let mut next = Vec::new();
            for target in current {
                match target {
                    Target::Module(x) => match step.as_str() {
                        "self" => next.push(Target::Module(x)),
                        "super" => next.extend(self.modules[x].parent.map(Target::Module)),
                        _ => next.extend(self.lookup(x, step, depth)),
                    },
                    // A path through an item (a variant, an associated item) is left as
                    // written, unless a module of the same name leads on.
                    Target::Item(_) | Target::External(_) => {}
                }
            }
            if next.is_empty() {
                return external();
            }
            current = next;
        }
        current
    }

    /// Walks module `m`, reachable at `at`, recording what it makes public.
    fn walk(&self, m: usize, at: &str, reach: &mut Reach, seen: &mut HashSet<(usize, String)>) {
        if !seen.insert((m, at.to_string())) {
            return;
        }
        if m != 0 || at != self.name {
            reach.modules.insert(at.to_string());
        }
        for (i, item) in self.modules[m].items.iter().enumerate() {
            let id = Id { module: m, item: i };
            match item {
                Item::Mod(module) if public(&module.vis) => {
                    let child = self.modules[m].children[&module.ident.to_string()];
                    self.walk(child, &format!("{at}::{}", module.ident), reach, seen);
                }
                Item::Use(u) if public(&u.vis) => {
                    for (path, bound) in flatten(&u.tree) {
                        let targets = self.resolve(m, &path, 0);
                        match bound {
                            Some(name) if name == "_" => {}
                            Some(name) => {
                                let there = format!("{at}::{name}");
                                for target in targets {
                                    match target {
                                        Target::Module(c) => self.walk(c, &there, reach, seen),
                                        Target::Item(id) => {
                                            reach.items.entry(id).or_default().insert(there.clone());
                                        }
                                        Target::External(p) => {
                                            reach.external.insert((there.clone(), p));
                                        }
                                    }
                                }
                            }
                            None => {
                                for target in targets {
                                    match target {
                                        Target::Module(c) => self.walk_glob(c, at, reach, seen),
                                        Target::Item(_) | Target::External(_) => {
                                            reach
                                                .external
                                                .insert((format!("{at}::*"), format!("{}::*", path.join("::"))));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                Item::Macro(mac) if mac.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                    if let Some(name) = &mac.ident {
                        reach.items.entry(id).or_default().insert(format!("{}::{name}", self.name));
                    }
                }
                _ => {
                    if let (Some(vis), Some(name)) = (visibility(item), item_name(item)) {
                        if public(vis) {
                            reach.items.entry(id).or_default().insert(format!("{at}::{name}"));
                        }
                    }
                }
            }
        }
    }

    /// `pub use module::*` at `at`: the module's public items and modules, there.
    fn walk_glob(&self, m: usize, at: &str, reach: &mut Reach, seen: &mut HashSet<(usize, String)>) {
        for (i, item) in self.modules[m].items.iter().enumerate() {
            match item {
                Item::Mod(module) if public(&module.vis) => {
                    let child = self.modules[m].children[&module.ident.to_string()];
                    self.walk(child, &format!("{at}::{}", module.ident), reach, seen);
                }
                Item::Use(_) | Item::Mod(_) => {}
                _ => {
                    if let (Some(vis), Some(name)) = (visibility(item), item_name(item)) {
                        if public(vis) {
                            let id = Id { module: m, item: i };
                            reach.items.entry(id).or_default().insert(format!("{at}::{name}"));
                        }
                    }
                }
            }
        }
    }

    /// The type or trait a path written in module `m` names, if the crate declares it.
    fn local(&self, m: usize, path: &syn::Path) -> Option<Id> {
        let steps: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.resolve(m, &steps, 0).into_iter().find_map(|t| match t {
            Target::Item(id) => Some(id),
            _ => None,
        })
    }

    /// The listing's lines, sorted, and how many functions they list.
    fn lines(&self) -> (Vec<String>, usize) {
        let mut reach = Reach::default();
        self.walk(0, &self.name, &mut reach, &mut HashSet::new());
        // (path, rank, line): a type's own line, then its derives and impls, then its members.
        let mut lines: BTreeSet<(String, u8, String)> = BTreeSet::new();
        let mut functions = BTreeSet::new();
        for module in &reach.modules {
            lines.insert((module.clone(), 0, format!("mod {module}")));
        }
        for (path, original) in &reach.external {
            lines.insert((path.clone(), 0, format!("pub use {original} as {path}")));
        }
        // Each item's members are listed once, under its canonical path: the shortest, then
        // the first in order.
        let mut canonical = BTreeMap::new();
        for (&id, paths) in &reach.items {
            let best = paths.iter().min_by_key(|p| (p.matches("::").count(), p.as_str())).cloned().unwrap_or_default();
            canonical.insert(id, best);
            let item = self.item(id);
            if matches!(item, Item::Fn(_)) {
                functions.insert((id, String::new()));
            }
            for path in paths {
                lines.insert((path.clone(), 0, declaration(item, path)));
            }
        }
        for (&id, path) in &canonical {
            for (member, line, is_fn) in members(self.item(id), path) {
                if is_fn {
                    functions.insert((id, member.clone()));
                }
                lines.insert((member, 1, line));
            }
            if let Some(derives) = derives(self.item(id)) {
                lines.insert((path.clone(), 1, format!("derive {path}: {derives}")));
            }
        }
        // Impl blocks, wherever they are written.
        for (m, module) in self.modules.iter().enumerate() {
            for item in &module.items {
                let Item::Impl(block) = item else { continue };
                let syn::Type::Path(self_type) = &*block.self_ty else { continue };
                let own = self.local(m, &self_type.path).and_then(|id| canonical.get(&id).map(|p| (id, p)));
                match &block.trait_ {
                    None => {
                        let Some((id, path)) = own else { continue };
                        for member in &block.items {
                            if tested_only(impl_attributes(member)) {
                                continue;
                            }
                            match member {
                                ImplItem::Fn(f) if public(&f.vis) => {
                                    let there = format!("{path}::{}", f.sig.ident);
                                    functions.insert((id, there.clone()));
                                    lines.insert((there.clone(), 0, function(&f.sig, &there)));
                                }
                                ImplItem::Const(c) if public(&c.vis) => {
                                    let there = format!("{path}::{}", c.ident);
                                    lines.insert((there.clone(), 0, format!("const {there}: {}", tidy(&c.ty))));
                                }
                                _ => {}
                            }
                        }
                    }
                    Some((negative, trait_path, _)) => {
                        // For a type of the crate's own, only if it is listed; for another's
                        // type, if the trait is the crate's and listed.
                        let theirs = self.local(m, trait_path).and_then(|id| canonical.get(&id));
                        let key = match own {
                            Some((_, path)) => path,
                            None if self.local(m, &self_type.path).is_some() => continue,
                            None => match theirs {
                                Some(path) => path,
                                None => continue,
                            },
                        };
                        let written_type = match own {
                            Some((_, path)) => {
                                let args =
                                    &self_type.path.segments.last().map(|s| tidy(&s.arguments)).unwrap_or_default();
                                format!("{path}{args}")
                            }
                            None => tidy(&block.self_ty),
                        };
                        let not = if negative.is_some() { "!" } else { "" };
                        let line = format!(
                            "impl{} {not}{} for {written_type}{}",
                            tidy(&block.generics),
                            tidy(trait_path),
                            block.generics.where_clause.as_ref().map(|w| format!(" {}", tidy(w))).unwrap_or_default()
                        );
                        lines.insert((key.clone(), 2, line));
                    }
                }
            }
        }
        (lines.into_iter().map(|(_, _, line)| line).collect(), functions.len())
    }
}

fn parse(file: &Path) -> Result<syn::File, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    syn::parse_file(&text).map_err(|e| format!("cannot parse {}: {e}", file.display()))
}

/// Plain `pub`: not `pub(crate)`, `pub(super)` or `pub(in ...)`.
fn public(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

/// Whether attributes put an item under `#[cfg(test)]` (or `#[cfg(all(test, ...))]`).
fn tested_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        if !a.path().is_ident("cfg") {
            return false;
        }
        let tokens = a.meta.require_list().map(|l| l.tokens.to_string()).unwrap_or_default();
        let words: Vec<&str> =
            tokens.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
        words.contains(&"test") && !words.contains(&"not") && !words.contains(&"any")
    })
}

fn path_attribute(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find(|a| a.path().is_ident("path")).and_then(|a| match &a.meta {
        syn::Meta::NameValue(nv) => match &nv.value {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

fn attributes(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn impl_attributes(item: &ImplItem) -> &[Attribute] {
    match item {
        ImplItem::Const(i) => &i.attrs,
        ImplItem::Fn(i) => &i.attrs,
        ImplItem::Type(i) => &i.attrs,
        ImplItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

fn visibility(item: &Item) -> Option<&Visibility> {
    match item {
        Item::Const(i) => Some(&i.vis),
        Item::Enum(i) => Some(&i.vis),
        Item::Fn(i) => Some(&i.vis),
        Item::Static(i) => Some(&i.vis),
        Item::Struct(i) => Some(&i.vis),
        Item::Trait(i) => Some(&i.vis),
        Item::TraitAlias(i) => Some(&i.vis),
        Item::Type(i) => Some(&i.vis),
        Item::Union(i) => Some(&i.vis),
        _ => None,
    }
}

/// The name an item declares (not modules, uses or impls, which the walk handles).
fn item_name(item: &Item) -> Option<String> {
    match item {
        Item::Const(i) => Some(i.ident.to_string()),
        Item::Enum(i) => Some(i.ident.to_string()),
        Item::Fn(i) => Some(i.sig.ident.to_string()),
        Item::Macro(i) => i.ident.as_ref().map(ToString::to_string),
        Item::Static(i) => Some(i.ident.to_string()),
        Item::Struct(i) => Some(i.ident.to_string()),
        Item::Trait(i) => Some(i.ident.to_string()),
        Item::TraitAlias(i) => Some(i.ident.to_string()),
        Item::Type(i) => Some(i.ident.to_string()),
        Item::Union(i) => Some(i.ident.to_string()),
        _ => None,
    }
}

/// A `use` tree as (path, the name it binds), the name `None` for a glob.
fn flatten(tree: &UseTree) -> Vec<(Vec<String>, Option<String>)> {
    fn go(tree: &UseTree, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, Option<String>)>) {
        match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                go(&p.tree, prefix, out);
                prefix.pop();
            }
            UseTree::Name(n) if n.ident == "self" => {
                out.push((prefix.clone(), prefix.last().cloned()));
            }
            UseTree::Name(n) => {
                let mut path = prefix.clone();
                path.push(n.ident.to_string());
                out.push((path, Some(n.ident.to_string())));
            }
            UseTree::Rename(r) => {
                let mut path = prefix.clone();
                if r.ident != "self" {
                    path.push(r.ident.to_string());
                }
                out.push((path, Some(r.rename.to_string())));
            }
            UseTree::Glob(_) => out.push((prefix.clone(), None)),
            UseTree::Group(g) => {
                for tree in &g.items {
                    go(tree, prefix, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    go(tree, &mut Vec::new(), &mut out);
    out
}

/// An item's own line at `path`.
fn declaration(item: &Item, path: &str) -> String {
    let generics = |g: &syn::Generics| {
        let where_clause = g.where_clause.as_ref().map(|w| format!(" {}", tidy(w))).unwrap_or_default();
        format!("{}{where_clause}", tidy(g))
    };
    match item {
        Item::Fn(f) => function(&f.sig, path),
        Item::Struct(s) => format!("struct {path}{}", generics(&s.generics)),
        Item::Enum(e) => format!("enum {path}{}", generics(&e.generics)),
        Item::Union(u) => format!("union {path}{}", generics(&u.generics)),
        Item::Trait(t) => {
            let unsafety = t.unsafety.map(|u| format!("{} ", tidy(&u))).unwrap_or_default();
            let supertraits =
                if t.supertraits.is_empty() { String::new() } else { format!(": {}", tidy(&t.supertraits)) };
            let where_clause = t.generics.where_clause.as_ref().map(|w| format!(" {}", tidy(w))).unwrap_or_default();
            format!("{unsafety}trait {path}{}{supertraits}{where_clause}", tidy(&t.generics))
        }
        Item::TraitAlias(t) => format!("trait {path}{} = {}", tidy(&t.generics), tidy(&t.bounds)),
        Item::Type(t) => format!("type {path}{} = {}", generics(&t.generics), tidy(&t.ty)),
        Item::Const(c) => format!("const {path}: {}", tidy(&c.ty)),
        Item::Static(s) => {
            let mutability = if matches!(s.mutability, syn::StaticMutability::Mut(_)) { "mut " } else { "" };
            format!("static {mutability}{path}: {}", tidy(&s.ty))
        }
        Item::Macro(_) => format!("macro {path}!"),
        _ => format!("item {path}"),
    }
}

/// A function's line: `fn PATH<GENERICS>(ARGUMENTS) -> OUTPUT where ...`, with its
/// qualifiers before `fn`; arguments without attributes or `mut`.
fn function(sig: &Signature, path: &str) -> String {
    let mut sig = sig.clone();
    for input in sig.inputs.iter_mut() {
        match input {
            FnArg::Receiver(r) => {
                r.attrs.clear();
                if r.reference.is_none() {
                    r.mutability = None;
                }
            }
            FnArg::Typed(t) => {
                t.attrs.clear();
                if let Pat::Ident(p) = &mut *t.pat {
                    p.mutability = None;
                    p.attrs.clear();
                }
            }
        }
    }
    let mut text = String::new();
    if sig.constness.is_some() {
        text.push_str("const ");
    }
    if sig.asyncness.is_some() {
        text.push_str("async ");
    }
    if let Some(u) = &sig.unsafety {
        let _ = write!(text, "{} ", tidy(u));
    }
    if let Some(abi) = &sig.abi {
        let _ = write!(text, "{} ", tidy(abi));
    }
    let inputs = tidy(&sig.inputs);
    let _ = write!(text, "fn {path}{}({inputs})", tidy(&sig.generics));
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        let _ = write!(text, " -> {}", tidy(ty));
    }
    if let Some(w) = &sig.generics.where_clause {
        let _ = write!(text, " {}", tidy(w));
    }
    text
}

/// A listed item's members under `path`: public fields, variants, trait items; each with its
/// path, its line, and whether it is a function.
fn members(item: &Item, path: &str) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    match item {
        Item::Struct(s) => fields(&s.fields, path, &mut out),
        Item::Union(u) => {
            for f in &u.fields.named {
                if public(&f.vis) {
                    if let Some(name) = &f.ident {
                        let there = format!("{path}::{name}");
                        out.push((there.clone(), format!("field {there}: {}", tidy(&f.ty)), false));
                    }
                }
            }
        }
        Item::Enum(e) => {
            for v in &e.variants {
                if tested_only(&v.attrs) {
                    continue;
                }
                let there = format!("{path}::{}", v.ident);
                let mut fields = v.fields.clone();
                for f in fields.iter_mut() {
                    f.attrs.clear();
                }
                let shape = match &fields {
                    Fields::Unit => String::new(),
                    Fields::Unnamed(_) => tidy(&fields),
                    Fields::Named(_) => format!(" {}", tidy(&fields)),
                };
                let discriminant = v.discriminant.as_ref().map(|(_, e)| format!(" = {}", tidy(e))).unwrap_or_default();
                out.push((there.clone(), format!("variant {there}{shape}{discriminant}"), false));
            }
        }
        Item::Trait(t) => {
            for member in &t.items {
                match member {
                    TraitItem::Fn(f) if !tested_only(&f.attrs) => {
                        let there = format!("{path}::{}", f.sig.ident);
                        let provided = if f.default.is_some() { " (provided)" } else { "" };
                        out.push((there.clone(), format!("{}{provided}", function(&f.sig, &there)), true));
                    }
                    TraitItem::Type(ty) => {
                        let there = format!("{path}::{}", ty.ident);
                        let bounds =
                            if ty.bounds.is_empty() { String::new() } else { format!(": {}", tidy(&ty.bounds)) };
                        let default = ty.default.as_ref().map(|(_, d)| format!(" = {}", tidy(d))).unwrap_or_default();
                        out.push((
                            there.clone(),
                            format!("type {there}{}{bounds}{default}", tidy(&ty.generics)),
                            false,
                        ));
                    }
                    TraitItem::Const(c) => {
                        let there = format!("{path}::{}", c.ident);
                        let provided = if c.default.is_some() { " (provided)" } else { "" };
                        out.push((there.clone(), format!("const {there}: {}{provided}", tidy(&c.ty)), false));
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    out
}

fn fields(fields: &Fields, path: &str, out: &mut Vec<(String, String, bool)>) {
    for (i, f) in fields.iter().enumerate() {
        if !public(&f.vis) || tested_only(&f.attrs) {
            continue;
        }
        let name = f.ident.as_ref().map_or_else(|| i.to_string(), ToString::to_string);
        let there = format!("{path}::{name}");
        out.push((there.clone(), format!("field {there}: {}", tidy(&f.ty)), false));
    }
}

/// The traits a type derives, as written (`Clone, Debug, Serialize`).
fn derives(item: &Item) -> Option<String> {
    let attrs = match item {
        Item::Struct(s) => &s.attrs,
        Item::Enum(e) => &e.attrs,
        Item::Union(u) => &u.attrs,
        _ => return None,
    };
    let mut names = Vec::new();
    for a in attrs.iter().filter(|a| a.path().is_ident("derive")) {
        let parsed = a.parse_args_with(syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated);
        names.extend(parsed.into_iter().flatten().map(|p| tidy(&p)));
    }
    (!names.is_empty()).then(|| names.join(", "))
}

/// Tokens on one line, spaced as rustfmt would space a signature (`&'a [u8]`, `Vec<T>`,
/// `impl Fn(&P) -> bool`).
fn tidy(tokens: &impl ToTokens) -> String {
    let mut atoms = Vec::new();
    flatten_tokens(tokens.to_token_stream(), &mut atoms);
    // A trailing comma, before a closing delimiter or at the end, is left out.
    let trailing = |i: usize| match atoms.get(i + 1) {
        None | Some(Atom::Close(_)) => true,
        Some(Atom::Op(o)) => o == ">",
        Some(_) => false,
    };
    let atoms: Vec<&Atom> = atoms
        .iter()
        .enumerate()
        .filter(|&(i, a)| !(*a == Atom::Op(",".into()) && trailing(i)))
        .map(|(_, a)| a)
        .collect();
    let mut text = String::new();
    for (i, atom) in atoms.iter().enumerate() {
        if i > 0 && spaced(atoms[i - 1], atom) {
            text.push(' ');
        }
        match atom {
            Atom::Word(w) | Atom::Op(w) => text.push_str(w),
            Atom::Open(c) | Atom::Close(c) => text.push(*c),
        }
    }
    text
}

/// A token as printed: a word (identifier, lifetime, literal), an operator (one or more
/// joined punctuation characters), or a delimiter.
#[derive(Debug, PartialEq)]
enum Atom {
    Word(String),
    Op(String),
    Open(char),
    Close(char),
}

fn flatten_tokens(tokens: TokenStream, out: &mut Vec<Atom>) {
    let mut pending = String::new();
    let flush = |pending: &mut String, out: &mut Vec<Atom>| {
        if !pending.is_empty() {
            out.push(Atom::Op(std::mem::take(pending)));
        }
    };
    for tree in tokens {
        match tree {
            TokenTree::Punct(p) => {
                pending.push(p.as_char());
                if p.spacing() == Spacing::Alone {
                    flush(&mut pending, out);
                }
            }
            TokenTree::Ident(i) if pending == "'" => {
                pending.clear();
                out.push(Atom::Word(format!("'{i}")));
            }
            TokenTree::Ident(i) => {
                flush(&mut pending, out);
                out.push(Atom::Word(i.to_string()));
            }
            TokenTree::Literal(l) => {
                flush(&mut pending, out);
                out.push(Atom::Word(l.to_string()));
            }
            TokenTree::Group(g) => {
                flush(&mut pending, out);
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ('(', ')'),
                    Delimiter::Bracket => ('[', ']'),
                    Delimiter::Brace => ('{', '}'),
                    Delimiter::None => {
                        flatten_tokens(g.stream(), out);
                        continue;
                    }
                };
                out.push(Atom::Open(open));
                flatten_tokens(g.stream(), out);
                out.push(Atom::Close(close));
            }
        }
    }
    flush(&mut pending, out);
}

/// Whether a space goes between two atoms.
fn spaced(a: &Atom, b: &Atom) -> bool {
    const KEYWORDS: [&str; 8] = ["as", "dyn", "for", "impl", "in", "mut", "where", "const"];
    match (a, b) {
        (Atom::Open('{'), Atom::Close('}')) => false,
        (Atom::Open('{'), _) | (_, Atom::Close('}')) => true,
        (Atom::Open(_), _) | (_, Atom::Close(_)) => false,
        (Atom::Op(x), _) if ["::", "&", "&&", "<", "*", "?", "#", "'"].contains(&x.as_str()) => false,
        (_, Atom::Op(y)) if ["::", ",", ";", ":", ">", ">>", "."].contains(&y.as_str()) => false,
        (Atom::Word(w), Atom::Op(y)) if y == "<" => KEYWORDS.contains(&w.as_str()) && w != "impl" && w != "for",
        (Atom::Word(w), Atom::Open('(')) => KEYWORDS.contains(&w.as_str()) || w.starts_with('\''),
        (Atom::Op(x), Atom::Open('(')) if x == ">" => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signature(text: &str) -> String {
        let f: syn::ItemFn = syn::parse_str(text).unwrap();
        function(&f.sig, "c::f")
    }

    #[test]
    fn signatures_are_written_on_one_line_as_rustfmt_spaces_them() {
        assert_eq!(
            signature("pub fn f<'a, P: Puzzle + ?Sized>(mut p: &'a P, xs: &mut [u8; 4], g: impl Fn(&P) -> bool) -> Option<Vec<&'a str>> where P: Clone {}"),
            "fn c::f<'a, P: Puzzle + ?Sized>(p: &'a P, xs: &mut [u8; 4], g: impl Fn(&P) -> bool) -> Option<Vec<&'a str>> where P: Clone"
        );
        assert_eq!(
            signature("pub const fn g(&mut self, (a, b): (u8, u8), f: fn(u8) -> u8) -> Result<(), String> {}"),
            "const fn c::f(&mut self, (a, b): (u8, u8), f: fn(u8) -> u8) -> Result<(), String>"
        );
        assert_eq!(
            signature("pub fn t<A, B,>(\n    a: A,\n    b: B,\n) -> X where A: Clone, {}"),
            "fn c::f<A, B>(a: A, b: B) -> X where A: Clone"
        );
        assert_eq!(
            signature("pub fn h(self: Box<Self>, x: <P as Puzzle>::State, d: &dyn Heuristic<P, Carried = ()>, l: &'a (dyn Fn(&str) + Sync)) {}"),
            "fn c::f(self: Box<Self>, x: <P as Puzzle>::State, d: &dyn Heuristic<P, Carried = ()>, l: &'a (dyn Fn(&str) + Sync))"
        );
    }

    #[test]
    fn use_trees_bind_their_names() {
        let u: syn::ItemUse = syn::parse_str("pub use a::{b, c as d, e::*, f::{self, g}};").unwrap();
        let bound: Vec<(String, Option<String>)> =
            flatten(&u.tree).into_iter().map(|(p, n)| (p.join("::"), n)).collect();
        assert_eq!(
            bound,
            [
                ("a::b".to_string(), Some("b".to_string())),
                ("a::c".into(), Some("d".into())),
                ("a::e".into(), None),
                ("a::f".into(), Some("f".into())),
                ("a::f::g".into(), Some("g".into())),
            ]
        );
    }

    #[test]
    fn whole_words_are_counted_as_grep_counts_them() {
        assert!(holds_word("    pub fn new() -> Self {", "pub fn"));
        assert!(holds_word("/// pub fn in a comment", "pub fn"));
        assert!(!holds_word("    pub(crate) fn new() -> Self {", "pub fn"));
        assert!(!holds_word("    xpub fn", "pub fn"));
        assert!(!holds_word("    pub fnord", "pub fn"));
    }

    /// A crate written out under a scratch directory, listed.
    #[test]
    fn items_are_listed_where_users_can_name_them() {
        let dir = std::env::temp_dir().join(format!("xtask-api-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(dir.join("src/inner")).unwrap();
        let write = |path: &str, text: &str| std::fs::write(dir.join(path), text).unwrap();
        write(
            "src/lib.rs",
            "pub mod inner;\nmod hidden;\n#[path = \"elsewhere.rs\"]\npub mod moved;\n\
             pub use hidden::{Shown, shown_fn as renamed};\npub use std::fmt::Display;\n\
             #[cfg(test)]\nmod tests { pub fn in_test() {} }\n",
        );
        write(
            "src/inner/mod.rs",
            "pub mod deep;\npub(crate) fn internal() {}\npub fn open(x: u8) -> u8 { x }\n\
             pub struct Point { pub x: i32, y: i32 }\nimpl Point { pub fn new() -> Self { todo!() } fn private() {} }\n\
             impl Default for Point { fn default() -> Self { todo!() } }\n\
             pub trait Open {}\nstruct Secret;\nimpl Open for Secret {}\nimpl Open for u8 {}\n",
        );
        write("src/inner/deep.rs", "#[derive(Clone, Debug)]\npub enum Way { Up, Down(u8), Left { by: u8 } }\n");
        write(
            "src/hidden.rs",
            "pub struct Shown;\npub fn shown_fn() {}\npub fn unreachable() {}\n\
             pub trait Walk { type Step; fn step(&self) -> Self::Step; fn twice(&self) {} }\n",
        );
        write("src/elsewhere.rs", "pub const LIMIT: usize = 3;\n");
        let krate = Crate::load("c", &dir.join("src/lib.rs")).unwrap();
        let (lines, functions) = krate.lines();
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(
            lines,
            [
                "pub use std::fmt::Display as c::Display",
                "struct c::Shown",
                "mod c::inner",
                "trait c::inner::Open",
                "impl Open for u8",
                "struct c::inner::Point",
                "impl Default for c::inner::Point",
                "fn c::inner::Point::new() -> Self",
                "field c::inner::Point::x: i32",
                "mod c::inner::deep",
                "enum c::inner::deep::Way",
                "derive c::inner::deep::Way: Clone, Debug",
                "variant c::inner::deep::Way::Down(u8)",
                "variant c::inner::deep::Way::Left { by: u8 }",
                "variant c::inner::deep::Way::Up",
                "fn c::inner::open(x: u8) -> u8",
                "mod c::moved",
                "const c::moved::LIMIT: usize",
                "fn c::renamed()",
            ],
        );
        assert_eq!(functions, 3);
    }
}
