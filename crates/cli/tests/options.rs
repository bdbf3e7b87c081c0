//! Every option each subcommand of fifteen, seven, goat and quzzle accepts is one docs/CLI.md
//! lists for it ("Options by subcommand": what it does), or one it refuses (exit 2): a shared
//! option it has no use for, or a puzzle's option it takes but ignores. `quzzle survey
//! --max-nodes 5` once ran the whole survey, and `fifteen random --metric mtm` made the
//! boards it makes without.

use std::collections::BTreeSet;

use slide_cli::puzzles::{Fifteen, Goat, Quzzle, Seven};
use slide_cli::{app, uses, ExitCode, Front};
use slide_testing::options::{accepted, flag, Documented, SHARED};

/// The subcommands a program refuses whole (it has no such thing to do).
fn refused_whole(program: &str, path: &str) -> bool {
    matches!((program, path), ("goat" | "quzzle", "scramble" | "random") | ("quzzle", "play"))
}

/// What each subcommand needs besides the option tried, so that it gets past clap.
fn needs(path: &str) -> &'static [&'static str] {
    match path {
        "play" => &["R"],
        "completions" => &["bash"],
        "tables build" => &["no-such-set"],
        // The top level's own: without it the line is read as `solve`'s.
        "" => &["--list"],
        _ => &[],
    }
}

/// A value of option `id` that clap takes (the refusal comes before it is read further).
fn value<P: Front>(id: &str) -> Option<String> {
    match id {
        "json" | "quiet" => None,
        "max_nodes" => Some("100".into()),
        "timeout" => Some("5".into()),
        "max_memory" => Some("1G".into()),
        "threads" => Some("1".into()),
        "heuristic" => Some(P::heuristics()[0].0.into()),
        "data_dir" => Some("no-such-directory".into()),
        "metric" => Some("stm".into()),
        "notation" => Some("runs".into()),
        "convention" => Some("tile".into()),
        _ => Some("R".into()),
    }
}

fn check<P: Front>() {
    let docs = Documented::read();
    let shared_flags: BTreeSet<String> = SHARED.iter().map(|o| flag(o)).collect();
    let mut refusals = 0;
    for (path, options) in accepted(&mut app::command::<P>()) {
        if refused_whole(P::NAME, &path) {
            continue;
        }
        let words: Vec<&str> = path.split_whitespace().collect();
        let used: BTreeSet<String> =
            uses::shared_used_by(&words, !P::table_sets().is_empty()).iter().map(|o| o.to_string()).collect();
        let documented =
            docs.shared(P::NAME, &path).unwrap_or_else(|| panic!("{} {path}: no row in docs/CLI.md", P::NAME));
        assert_eq!(used, documented, "{} {path}: the shared options used, in the code and in docs/CLI.md", P::NAME);
        let mut ignored = P::ignored(&words);
        if !P::PLAYS_NOTATION {
            ignored.extend(["apply", "notation", "convention"]);
        }
        ignored.retain(|o| options.contains(&flag(o)));
        let own: BTreeSet<String> = options
            .iter()
            .filter(|o| !shared_flags.contains(*o) && !ignored.iter().any(|i| flag(i) == **o))
            .cloned()
            .collect();
        assert_eq!(own, docs.own(P::NAME, &path), "{} {path}: its own options, accepted and listed", P::NAME);
        // Each shared option it does not use, and each it ignores, is refused.
        let unused = SHARED.iter().filter(|o| !used.contains(**o) && !uses::ALWAYS_ACCEPTED.contains(*o)).copied();
        for id in unused.chain(ignored.iter().copied()) {
            let mut args = vec![P::NAME.to_string()];
            args.extend(words.iter().map(|w| w.to_string()));
            args.extend(needs(&path).iter().map(|w| w.to_string()));
            args.push(flag(id));
            args.extend(value::<P>(id));
            match app::run::<P>(args.iter().map(Into::into)) {
                Err(e) if e.code == ExitCode::BadInput => {
                    assert!(e.message.contains(&format!("{} is not used by", flag(id))), "{args:?}: {}", e.message)
                }
                other => panic!("{args:?}: {:?}", other.map_err(|e| e.message)),
            }
            refusals += 1;
        }
    }
    assert!(refusals > 20, "{}: {refusals} refusals tried", P::NAME);
}

#[test]
fn fifteens_options_are_listed_or_refused() {
    check::<Fifteen>();
}

#[test]
fn sevens_options_are_listed_or_refused() {
    check::<Seven>();
}

#[test]
fn goats_options_are_listed_or_refused() {
    check::<Goat>();
}

#[test]
fn quzzles_options_are_listed_or_refused() {
    check::<Quzzle>();
}

/// The refusal names the option and what the subcommand uses instead.
#[test]
fn a_refusal_says_what_the_subcommand_uses() {
    let args = ["quzzle", "survey", "--max-nodes", "5", "--goal", "x"];
    let e = app::run::<Quzzle>(args.iter().map(Into::into)).unwrap_err();
    assert_eq!(e.code, ExitCode::BadInput);
    assert!(
        e.message.starts_with(
            "--max-nodes, --goal are not used by `quzzle survey`; of the options every subcommand shares it uses only \
             --json, --timeout, --max-memory, --threads, --quiet"
        ),
        "{}",
        e.message
    );
}
