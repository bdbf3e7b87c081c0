//! The listing's parts on small inputs: signatures, `use` trees, word counts, and a crate
//! read from files.

use super::lines::function;
use super::syntax::flatten;
use super::walk::Crate;
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
    let bound: Vec<(String, Option<String>)> = flatten(&u.tree).into_iter().map(|(p, n)| (p.join("::"), n)).collect();
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
