//! The documents stay true to the code: every repository path and link that README.md,
//! CONTRIBUTING.md, docs/*.md and the crates' READMEs name exists, every Rust path they name
//! (`fifteen::duplicates::Automaton`) is a module or item where they put it, and every
//! `--flag` of a command they show is in that program's `--help`, for the subcommand named.
//!
//! The programs' help comes from the clap commands they parse with (`slide_cli::app::command`
//! for the four binaries, `slide_cluster::cli::command` for the MPI runners, as `cargo xtask
//! man` makes its pages), built in this process: no binary is built for the test, and nothing
//! waits on a build lock. `cargo xtask`'s is its `--help` text. `slide-web` keeps its options
//! in its binary, so its command lines are not checked. A flag in a code span of its own
//! (`--duplicates 2`) is checked in docs/CLI.md, the four binaries' contract, where it must
//! be one of theirs; elsewhere a flag is checked with the command it is written in.

mod commands;
mod markdown;
mod paths;
mod rust_paths;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use commands::Help;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// Fails with every problem, one a line.
fn report(what: &str, problems: Vec<String>) {
    assert!(problems.is_empty(), "{} {what}:\n{}\n", problems.len(), problems.join("\n"));
}

#[test]
fn paths_and_links_named_in_the_docs_exist() {
    let docs = markdown::documents(root());
    let problems = docs.iter().flat_map(|doc| paths::check(root(), doc, &docs)).collect();
    report("paths or links lead nowhere", problems);
}

#[test]
fn rust_paths_named_in_the_docs_exist() {
    let libraries = rust_paths::libraries(root());
    let problems =
        markdown::documents(root()).iter().flat_map(|doc| rust_paths::check(root(), &libraries, doc)).collect();
    report("Rust paths name nothing", problems);
}

/// `cargo xtask`'s help: its `--help` and each subcommand's.
fn xtask_help() -> Help {
    let help = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_xtask")).args(args).arg("--help").output().unwrap();
        assert!(out.status.success(), "xtask {args:?} --help: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let top = help(&[]);
    let names: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&n| n != "help")
        .map(str::to_string)
        .collect();
    assert!(names.iter().any(|n| n == "gen-tables"), "no subcommands in:\n{top}");
    let subcommands = names.iter().map(|n| (n.clone(), Help::from_text(&help(&[n]), vec![]))).collect();
    Help::from_text(&top, subcommands)
}

#[test]
fn flags_named_in_the_docs_are_in_the_programs_help() {
    use slide_cli::puzzles::{Fifteen, Goat, Quzzle, Seven};
    let binary = |command: clap::Command| Help { default: Some("solve".into()), ..Help::of(command) };
    let programs = [
        ("fifteen", binary(slide_cli::app::command::<Fifteen>())),
        ("seven", binary(slide_cli::app::command::<Seven>())),
        ("goat", binary(slide_cli::app::command::<Goat>())),
        ("quzzle", binary(slide_cli::app::command::<Quzzle>())),
        ("fifteen-mpi", Help::of(slide_cluster::cli::command::<Fifteen>("fifteen-mpi"))),
        ("goat-mpi", Help::of(slide_cluster::cli::command::<Goat>("goat-mpi"))),
        ("xtask", xtask_help()),
    ];
    // The four binaries' and the cluster runners' (docs/CLI.md's options table names theirs).
    let binaries: BTreeSet<String> = programs[..6].iter().flat_map(|(_, h)| h.all_flags()).collect();
    let mut problems = Vec::new();
    for doc in markdown::documents(root()) {
        let lone = if doc.path == Path::new("docs/CLI.md") { Some(&binaries) } else { None };
        problems.extend(commands::check(&doc, &programs, lone));
    }
    report("flags are not in the help of the program named", problems);
}
