//! The listing's lines: an item's declaration, its members, and signatures on one line,
//! spaced as rustfmt spaces them.

use std::fmt::Write as _;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Fields, FnArg, Item, Pat, Signature, TraitItem};

use super::syntax::{public, tested_only};

/// An item's own line at `path`.
pub(super) fn declaration(item: &Item, path: &str) -> String {
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
pub(super) fn function(sig: &Signature, path: &str) -> String {
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
pub(super) fn members(item: &Item, path: &str) -> Vec<(String, String, bool)> {
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
pub(super) fn derives(item: &Item) -> Option<String> {
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
pub(super) fn tidy(tokens: &impl ToTokens) -> String {
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
