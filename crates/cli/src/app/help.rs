//! The help texts: the clap command of a puzzle, its examples.

use std::fmt::Write as _;

use clap::builder::PossibleValuesParser;
use clap::CommandFactory;
use slide_core::answer::Param;

use super::subcommand_args::takers;
use super::Cli;
use crate::front::Front;

/// The clap command of `P`: its names, help texts and the values it accepts. Tests call
/// `command::<P>().debug_assert()` to check it is well formed.
pub fn command<P: Front>() -> clap::Command {
    let algorithms: Vec<&str> = P::methods().iter().map(|m| m.name).collect();
    let heuristic_lists = P::heuristic_lists();
    let mut heuristics: Vec<&str> = Vec::new();
    for name in heuristic_lists.iter().flat_map(|(_, list)| list.iter().map(|(n, _)| *n)) {
        if !heuristics.contains(&name) {
            heuristics.push(name);
        }
    }
    let mut after = examples(P::NAME, P::EXAMPLES);
    let list = |title: &str, names: &mut dyn Iterator<Item = (&str, &str)>| {
        let mut text = format!("{title}:\n");
        for (name, what) in names {
            let _ = writeln!(text, "  {name:<18} {what}");
        }
        text
    };
    after += &list(
        "Algorithms of solve (--algorithm; the first is the default)",
        &mut P::methods().iter().map(|m| (m.name, m.description)),
    );
    for (title, named) in &heuristic_lists {
        after += &list(&format!("\n{title}"), &mut named.iter().copied());
    }
    after += "\n";
    after += &P::after_help(&crate::data_dir(None));
    after += "\n\n";
    after += crate::exit::EXIT_STATUS_HELP;
    let mut cmd = Cli::<P::Options, P::Commands>::command()
        .name(P::NAME)
        .bin_name(P::NAME)
        .about(P::ABOUT)
        .after_help(after)
        .mut_arg("heuristic", |a| a.value_parser(PossibleValuesParser::new(heuristics)))
        .mut_subcommand("solve", |s| {
            let mut s = s.mut_arg("algorithm", |a| a.value_parser(PossibleValuesParser::new(algorithms)));
            // A parameter that none of this puzzle's algorithms takes is not offered.
            for param in Param::ALL.iter().filter(|&&p| takers::<P>(p).is_empty()) {
                s = s.mut_arg(param.name(), |a| a.hide(true));
            }
            s
        });
    if !makes_boards::<P>() {
        cmd = cmd.mut_subcommand("scramble", |s| s.hide(true)).mut_subcommand("random", |s| s.hide(true));
    }
    if P::catalogue().is_empty() {
        cmd = cmd.mut_arg("list", |a| a.hide(true));
    }
    if !P::PLAYS_NOTATION {
        let hide = |a: clap::Arg| a.hide(true);
        cmd = cmd
            .mut_subcommand("play", |s| s.hide(true))
            .mut_subcommand("solve", |s| s.mut_arg("apply", hide).mut_arg("notation", hide).mut_arg("convention", hide))
            .mut_subcommand("count", |s| s.mut_arg("notation", hide).mut_arg("convention", hide));
    }
    P::adjust_help(tables_help::<P>(cmd))
}

/// The `tables` subcommand's help with this puzzle's own set in its examples (a set that is
/// built on request when there is one), or saying it has none.
pub(super) fn tables_help<P: Front>(cmd: clap::Command) -> clap::Command {
    let sets = P::table_sets();
    // The largest set built on request (the one most worth knowing), else the first.
    let Some(set) = sets.iter().filter(|s| s.large()).max_by_key(|s| s.bytes()).or(sets.first()) else {
        return cmd.mut_subcommand("tables", |t| {
            t.about(format!("The precomputed tables: {} uses none.", P::NAME)).long_about(None)
        });
    };
    let name = set.name.clone();
    cmd.mut_subcommand("tables", |t| {
        t.about(format!(
            "The precomputed tables: list them (where, how big, how long to build, built or not), build them, \
             verify them. Example: tables build {name}"
        ))
        .long_about(None)
        .mut_subcommand("build", |b| {
            b.about(format!(
                "Builds the sets named, or every set with --all: the tables they lack or that do not load; says \
                 the memory and time it needs first. Example: tables build {name}"
            ))
        })
        .mut_subcommand("verify", |v| {
            v.about(format!(
                "Loads each built table (or those of the sets named) and checks its header, checksum, size and \
                 meaning, then each complete set as a whole. Example: tables verify {name}"
            ))
        })
    })
}

/// Whether `P` makes boards (`scramble`, `random`): the tile programs do.
pub(super) fn makes_boards<P: Front>() -> bool {
    P::methods().iter().any(|m| m.name == "fast")
}

/// The help's examples: each command line as it is typed, then what it shows.
pub(super) fn examples(program: &str, examples: &[crate::front::Example]) -> String {
    let mut text = String::from("Examples:\n");
    for (args, what) in examples {
        let words: Vec<String> =
            std::iter::once(program.to_string()).chain(args.iter().map(|a| shell_word(a))).collect();
        let _ = writeln!(text, "  {}\n      {what}", words.join(" "));
    }
    text + "\n"
}

/// `arg` as a shell reads it back as one argument: as it is when it is plain, else in
/// double quotes (the examples' boards hold spaces and slashes, never `"`, `$`, `` ` `` or `\`).
pub(super) fn shell_word(arg: &str) -> String {
    debug_assert!(!arg.contains(['"', '$', '`', '\\']), "an example needs no shell escapes: {arg}");
    let plain = !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=,+".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("\"{arg}\"")
    }
}
