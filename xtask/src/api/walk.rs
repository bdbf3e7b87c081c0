//! The walk from a library's root file: its modules, read along their `mod` declarations,
//! and every path at which a user can name each public item.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::Path;

use syn::{ImplItem, Item};

use super::lines::{declaration, derives, function, members, tidy};
use super::syntax::{
    attributes, flatten, impl_attributes, item_name, parse, path_attribute, public, tested_only, visibility,
};

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
pub(super) struct Crate {
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
    pub(super) fn load(name: &str, root: &Path) -> Result<Crate, String> {
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
    pub(super) fn lines(&self) -> (Vec<String>, usize) {
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
