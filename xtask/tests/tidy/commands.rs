//! Command lines the documents show (`fifteen solve --heuristic pdb78 ...`,
//! `mpirun -np 64 fifteen-mpi analyze ...`, `cargo xtask bench --quick`): every `--flag` must
//! be one that the program's `--help` lists, for the subcommand named.

use std::collections::BTreeSet;

use crate::markdown::Doc;

/// What a program offers: its flags (those `--help` shows, and `--help`), and its
/// subcommands, each the same again.
#[derive(Clone, Debug, Default)]
pub struct Help {
    /// The long flags, without `--`.
    pub flags: BTreeSet<String>,
    /// The visible subcommands, by name and alias.
    pub subcommands: Vec<(Vec<String>, Help)>,
    /// The subcommand meant when none is named (`fifteen BOARD` is `fifteen solve BOARD`).
    pub default: Option<String>,
}

impl Help {
    /// The help of a clap command, as its `--help` shows it: hidden arguments and
    /// subcommands left out, global arguments passed down.
    pub fn of(mut command: clap::Command) -> Help {
        command.build();
        Help::built(&command)
    }

    fn built(command: &clap::Command) -> Help {
        let mut flags: BTreeSet<String> = command
            .get_arguments()
            .filter(|a| !a.is_hide_set())
            .flat_map(|a| a.get_long().into_iter().chain(a.get_visible_aliases().into_iter().flatten()))
            .map(str::to_string)
            .collect();
        flags.extend(["help".to_string(), "version".to_string()]);
        let subcommands = command
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| {
                let names = std::iter::once(s.get_name()).chain(s.get_visible_aliases()).map(str::to_string).collect();
                (names, Help::built(s))
            })
            .collect();
        Help { flags, subcommands, default: None }
    }

    /// The help read from a program's `--help` text: every `--flag` it shows. `subcommands`
    /// gives each subcommand's text the same way.
    pub fn from_text(text: &str, subcommands: Vec<(String, Help)>) -> Help {
        let flags = text
            .split(|c: char| c.is_whitespace() || ",[]()".contains(c))
            .filter_map(|w| w.strip_prefix("--"))
            .map(|w| w.split(['=', '<', '.', ':']).next().unwrap_or(w))
            .filter(|w| w.starts_with(|c: char| c.is_ascii_lowercase()))
            .map(str::to_string)
            .collect();
        Help { flags, subcommands: subcommands.into_iter().map(|(n, h)| (vec![n], h)).collect(), default: None }
    }

    fn subcommand(&self, name: &str) -> Option<&Help> {
        self.subcommands.iter().find(|(names, _)| names.iter().any(|n| n == name)).map(|(_, h)| h)
    }

    /// Every flag of the program and its subcommands.
    pub fn all_flags(&self) -> BTreeSet<String> {
        let mut all = self.flags.clone();
        for (_, sub) in &self.subcommands {
            all.extend(sub.all_flags());
        }
        all
    }
}

/// The commands of a line of shell: split at `|`, `;`, `&&`, `||` and `&`, with each `$(...)`
/// a command of its own; quotes are taken off, a `#` comment is left out. Each command is its
/// words.
pub fn commands(line: &str) -> Vec<Vec<String>> {
    let mut done = Vec::new();
    // The commands being read: the outer one, then each `$(` opened inside it.
    let mut open: Vec<(Vec<String>, String)> = vec![(Vec::new(), String::new())];
    let mut quote: Option<char> = None;
    let mut outer_quotes: Vec<Option<char>> = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let end_word = |(words, word): &mut (Vec<String>, String)| {
        if !word.is_empty() {
            words.push(std::mem::take(word));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let nested = open.len() > 1;
        let top = open.last_mut().unwrap();
        match (quote, c) {
            (_, '$') if chars.get(i + 1) == Some(&'(') && quote != Some('\'') => {
                top.1.push('X');
                open.push((Vec::new(), String::new()));
                // Inside `"$(...)"` words split again: the quote resumes after the `)`.
                outer_quotes.push(quote.take());
                i += 1;
            }
            (None, ')') if nested => {
                quote = outer_quotes.pop().flatten();
                let mut inner = open.pop().unwrap();
                end_word(&mut inner);
                done.push(inner.0);
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => top.1.push(c),
            (None, '\'' | '"') => quote = Some(c),
            (None, '#') if top.1.is_empty() => break,
            (None, '|' | ';' | '&') => {
                end_word(top);
                let words = std::mem::take(&mut top.0);
                done.push(words);
            }
            (None, c) if c.is_whitespace() => end_word(top),
            (None, c) => top.1.push(c),
        }
        i += 1;
    }
    while let Some(mut command) = open.pop() {
        end_word(&mut command);
        done.push(command.0);
    }
    done.retain(|c| !c.is_empty());
    done
}

/// A program the documents run, and the words after its name.
fn program<'a>(words: &'a [String], programs: &[(&str, Help)]) -> Option<(&'a str, &'a [String])> {
    let name = |w: &str| w.rsplit('/').next().unwrap_or(w).to_string();
    let known = |w: &str| programs.iter().any(|(p, _)| *p == name(w));
    let mut i = 0;
    // Variables set for the command, and programs that run another (`time`, `nice -n 19`).
    while i < words.len() {
        let w = words[i].as_str();
        let variable = w.contains('=') && !w.starts_with('-');
        if variable || ["time", "env", "exec", "sudo", "command"].contains(&w) {
            i += 1;
        } else if w == "nice" || w == "timeout" {
            i += 1;
            while i < words.len() && (words[i].starts_with('-') || words[i].parse::<f64>().is_ok()) {
                i += 1;
            }
        } else {
            break;
        }
    }
    let first = words.get(i)?;
    match name(first).as_str() {
        "cargo" if words.get(i + 1).is_some_and(|w| w == "xtask") => Some(("xtask", &words[i + 2..])),
        "cargo" if words.get(i + 1).is_some_and(|w| w == "run") => {
            let rest = &words[i + 2..];
            let bin = rest.iter().position(|w| w == "--bin").and_then(|at| rest.get(at + 1))?;
            let args = rest.iter().position(|w| w == "--").map_or(&rest[rest.len()..], |at| &rest[at + 1..]);
            known(bin).then_some((bin.as_str(), args))
        }
        "mpirun" | "mpiexec" | "srun" => {
            let at = words[i..].iter().position(|w| known(w))? + i;
            Some((words[at].rsplit('/').next().unwrap(), &words[at + 1..]))
        }
        _ if known(first) => Some((first.rsplit('/').next().unwrap(), &words[i + 1..])),
        _ => None,
    }
}

/// The flags of `args` (a program's words) that its help does not list, each with the
/// subcommand it was looked up in.
pub fn unknown_flags(help: &Help, args: &[String]) -> Vec<(String, String)> {
    let mut command = help;
    let mut path = Vec::new();
    let mut positional = false;
    // A flag of a command counts after its subcommands too (clap's global options).
    let mut allowed = help.flags.clone();
    for word in args.iter().filter(|w| !w.starts_with('-')) {
        match command.subcommand(word) {
            Some(sub) if !positional => {
                command = sub;
                allowed.extend(sub.flags.iter().cloned());
                path.push(word.as_str());
            }
            _ => positional = true,
        }
    }
    // The subcommand meant when none is named: its flags count too.
    if path.is_empty() {
        if let Some(sub) = command.default.as_deref().and_then(|d| command.subcommand(d)) {
            allowed.extend(sub.flags.iter().cloned());
            path.push(command.default.as_deref().unwrap());
        }
    }
    args.iter()
        .filter_map(|w| w.strip_prefix("--"))
        .map(|w| w.split('=').next().unwrap())
        .filter(|w| w.starts_with(|c: char| c.is_ascii_lowercase()) && !allowed.contains(*w))
        .map(|w| (format!("--{w}"), path.join(" ")))
        .collect()
}

/// The problems with the command lines of `doc`: its code blocks (those of shell, or of no
/// language) and code spans that start with a program; and, when `lone_flags` is given, a
/// flag in a span of its own that is not one of them.
pub fn check(doc: &Doc, programs: &[(&str, Help)], lone_flags: Option<&BTreeSet<String>>) -> Vec<String> {
    let mut lines: Vec<(usize, String)> = Vec::new();
    for (line, info, body) in &doc.blocks {
        if ["", "sh", "bash", "shell", "console"].contains(&info.as_str()) {
            // A line that ends in `\` goes on on the next.
            let body = body.replace("\\\n", " ");
            lines.extend(body.lines().enumerate().map(|(i, l)| (line + 1 + i, l.trim_start_matches("$ ").to_string())));
        }
    }
    lines.extend(doc.spans.iter().cloned());
    let mut problems = Vec::new();
    for (line, text) in &lines {
        for words in commands(text) {
            let Some((name, args)) = program(&words, programs) else {
                // A flag on its own (`--duplicates 2`, or a message's prefix `--apply:`).
                let flag = words[0].strip_prefix("--").map(|f| f.split('=').next().unwrap().trim_end_matches(':'));
                if let (Some(flag), Some(known)) = (flag, lone_flags) {
                    if flag.starts_with(|c: char| c.is_ascii_lowercase()) && !known.contains(flag) {
                        problems
                            .push(format!("{}:{line}: `--{flag}` is none of the binaries' flags", doc.path.display()));
                    }
                }
                continue;
            };
            let help = &programs.iter().find(|(p, _)| *p == name).unwrap().1;
            for (flag, sub) in unknown_flags(help, args) {
                let sub = if sub.is_empty() { String::new() } else { format!(" {sub}") };
                problems.push(format!("{}:{line}: `{name}{sub} --help` does not list {flag}", doc.path.display()));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<Vec<String>> {
        commands(line)
    }

    #[test]
    fn shell_lines_are_split_into_commands_and_words() {
        assert_eq!(
            words("fifteen solve \"1 2 / 3 0\" --json # a comment"),
            [["fifteen", "solve", "1 2 / 3 0", "--json"]]
        );
        assert_eq!(
            words("fifteen solve --json \"$(fifteen random --seed 1 --quiet)\" | jq .length"),
            vec![
                vec!["fifteen", "random", "--seed", "1", "--quiet"],
                vec!["fifteen", "solve", "--json", "X"],
                vec!["jq", ".length"]
            ]
        );
        assert_eq!(words("a && b; c"), [["a"], ["b"], ["c"]]);
    }

    #[test]
    fn flags_are_looked_up_in_the_subcommand_named() {
        let solve = Help { flags: ["json", "batch"].map(String::from).into(), ..Help::default() };
        let build = Help { flags: ["force"].map(String::from).into(), ..Help::default() };
        let tables = Help { subcommands: vec![(vec!["build".into()], build)], ..Help::default() };
        let top = Help {
            flags: ["quiet"].map(String::from).into(),
            subcommands: vec![(vec!["solve".into()], solve), (vec!["tables".into()], tables)],
            default: Some("solve".into()),
        };
        let programs = [("fifteen", top.clone())];
        let run = |line: &str| -> Vec<(String, String)> {
            let w = &commands(line)[0];
            let (_, args) = program(w, &programs).unwrap();
            unknown_flags(&top, args)
        };
        assert!(run("fifteen solve --json --quiet").is_empty());
        assert!(run("fifteen --batch b.txt").is_empty(), "no subcommand: solve's flags");
        assert!(run("fifteen tables build pdb78 --force").is_empty());
        assert_eq!(run("fifteen tables build --json"), [("--json".to_string(), "tables build".to_string())]);
        assert_eq!(
            run("SLIDE_DATA_DIR=x nice -n 19 ./target/release/fifteen solve --nope"),
            [("--nope".to_string(), "solve".to_string())]
        );
        assert_eq!(run("cargo run --release --bin fifteen -- solve --nope=1")[0].0, "--nope");
        assert_eq!(run("mpirun -np 3 --oversubscribe fifteen solve --nope")[0].0, "--nope");
        assert!(program(&commands("cargo install --path crates/cli --bin goat --root x")[0], &programs).is_none());
    }

    #[test]
    fn help_text_gives_its_flags() {
        let help =
            Help::from_text("Options:\n  --data-dir <DIR>  where\n  -q, --quiet  no bars\n  (see --only)", vec![]);
        assert_eq!(help.flags, ["data-dir", "only", "quiet"].map(String::from).into());
    }
}
