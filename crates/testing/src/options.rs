//! docs/CLI.md's options by subcommand, read back, and the options a clap command accepts,
//! so that a test holds the two together: every option a subcommand accepts is one the
//! tables list for it, or one it refuses.

use std::collections::BTreeSet;

/// The four programs a row marked "all" is for.
pub const ALL: [&str; 4] = ["fifteen", "seven", "goat", "quzzle"];

/// The shared options' columns, in docs/CLI.md's order: clap's names for them.
pub const SHARED: [&str; 9] =
    ["json", "max_nodes", "timeout", "max_memory", "threads", "quiet", "goal", "heuristic", "data_dir"];

/// The tables of docs/CLI.md's "Options by subcommand".
pub struct Documented {
    /// Per program and subcommand (`"tables build"`; `""` for `--list`): the shared
    /// options it uses.
    shared: Vec<(String, String, BTreeSet<String>)>,
    /// Per program and subcommand: its own options, as `--name` or a positional's `NAME`.
    own: Vec<(String, String, BTreeSet<String>)>,
}

/// The text of the cells of a table row (`| a | b |`), trimmed.
fn cells(line: &str) -> Vec<&str> {
    let line = line.trim().trim_start_matches('|').trim_end_matches('|');
    line.split('|').map(str::trim).collect()
}

/// The words in backquotes of `cell`, each its first word: "`--batch FILE`, `BOARD`" is
/// `["--batch", "BOARD"]`.
fn quoted(cell: &str) -> Vec<String> {
    cell.split('`').skip(1).step_by(2).map(|q| q.split_whitespace().next().unwrap_or("").to_string()).collect()
}

/// The programs and subcommand a row's first cell names: "`fifteen-mpi solve`" is for
/// fifteen-mpi alone, "`tables build`" for the four, "`--list`" is the top level.
fn subcommands(cell: &str) -> Vec<(Vec<String>, String)> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(|q| match q.split_once(' ') {
            Some((program, rest)) if program.ends_with("-mpi") => (vec![program.to_string()], rest.to_string()),
            _ if q == "--list" => (ALL.map(String::from).to_vec(), String::new()),
            _ => (ALL.map(String::from).to_vec(), q.to_string()),
        })
        .collect()
}

impl Documented {
    /// The tables as docs/CLI.md (from the workspace's root) has them.
    pub fn read() -> Documented {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/CLI.md");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        Documented::parse(&text)
    }

    /// The tables of `text` (docs/CLI.md's).
    pub fn parse(text: &str) -> Documented {
        let section = text.split("### Options by subcommand").nth(1).expect("the section Options by subcommand");
        let section = section.split("\n### ").next().unwrap_or(section);
        let (mut shared, mut own) = (Vec::new(), Vec::new());
        let mut table = 0;
        let mut current: Vec<(Vec<String>, String)> = Vec::new();
        for line in section.lines() {
            if !line.starts_with('|') {
                continue;
            }
            let row = cells(line);
            if row[0] == "subcommand" {
                table += 1;
                continue;
            }
            if row[0].starts_with("---") {
                continue;
            }
            match table {
                1 => {
                    for (programs, path) in subcommands(row[0]) {
                        for program in programs {
                            let no_tables = program == "quzzle";
                            let used = SHARED
                                .iter()
                                .zip(&row[1..])
                                .filter(|(_, c)| c.starts_with("yes") && !(c.contains('¹') && no_tables))
                                .map(|(o, _)| o.to_string())
                                .collect();
                            shared.push((program, path.clone(), used));
                        }
                    }
                }
                _ => {
                    if !row[0].is_empty() {
                        current = subcommands(row[0]);
                    }
                    let programs: Vec<String> = match row[2] {
                        "all" => ALL.map(String::from).to_vec(),
                        list => list.split(',').map(|p| p.trim().to_string()).collect(),
                    };
                    for (in_row, path) in &current {
                        for program in programs.iter().filter(|p| in_row.contains(p)) {
                            own.push((program.clone(), path.clone(), quoted(row[1]).into_iter().collect()));
                        }
                    }
                }
            }
        }
        Documented { shared, own }
    }

    /// The shared options `program`'s subcommand `path` uses (`"tables build"`, `""` for
    /// `--list`), if a row names it.
    pub fn shared(&self, program: &str, path: &str) -> Option<BTreeSet<String>> {
        let found = self.shared.iter().find(|(p, s, _)| p == program && s == path);
        found.map(|(_, _, used)| used.clone())
    }

    /// The options of its own `program`'s subcommand `path` has.
    pub fn own(&self, program: &str, path: &str) -> BTreeSet<String> {
        let rows = self.own.iter().filter(|(p, s, _)| p == program && s == path);
        rows.flat_map(|(_, _, options)| options.iter().cloned()).collect()
    }
}

/// Every subcommand of `cmd` (built: the shared options propagated) with the options it
/// accepts, as `--name` or a positional's `NAME` (`--help` and `--version` left out); the
/// path `""` is the top level, with its own options only.
pub fn accepted(cmd: &mut clap::Command) -> Vec<(String, BTreeSet<String>)> {
    cmd.build();
    let mut out = Vec::new();
    walk(cmd, "", &mut out);
    out
}

fn walk(cmd: &clap::Command, path: &str, out: &mut Vec<(String, BTreeSet<String>)>) {
    let options = cmd
        .get_arguments()
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .map(|a| match a.get_long() {
            Some(long) => format!("--{long}"),
            None => a.get_value_names().and_then(|v| v.first()).map_or(a.get_id().to_string(), |v| v.to_string()),
        })
        .collect();
    out.push((path.to_string(), options));
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let path = if path.is_empty() { sub.get_name().to_string() } else { format!("{path} {}", sub.get_name()) };
        walk(sub, &path, out);
    }
}

/// `--name` of clap's `name_of_it`.
pub fn flag(id: &str) -> String {
    format!("--{}", id.replace('_', "-"))
}
