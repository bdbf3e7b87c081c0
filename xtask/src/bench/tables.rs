//! `cargo xtask bench --tables`: every table set built from scratch by the release binary
//! that uses it (`PROGRAM tables build --force SET`, its checks included, in a data directory
//! of its own), each build measured as a separate process (wall time, peak memory). The
//! figures go into `crates/core/src/table/measured.tsv`, which the binaries compile in
//! (`slide_core::table::measured_cost`: `--help`, `tables`, the advice to build a set), and
//! into the block between the table-costs markers of README.md and docs/TABLES.md, which
//! [`costs_block`] writes from that file. So every place that gives a table's size or build
//! time gives the same figure, measured.

use std::fmt::Write as _;
use std::path::Path;

use slide_cli::CliError;
#[cfg(test)]
use slide_core::table::measured_cost;
use slide_core::table::{TableSet, MEASURED};
use slide_core::units::{human_bytes, human_seconds};

use super::{internal, machine, measure};

/// The measurements file, from the workspace root.
pub const MEASURED_FILE: &str = "crates/core/src/table/measured.tsv";
/// The documents that show the block, from the workspace root.
pub const DOCUMENTS: [&str; 2] = ["README.md", "docs/TABLES.md"];
/// The markers around the block.
const BEGIN: &str = "<!-- table-costs: written by `cargo xtask bench --tables`; do not edit -->";
const END: &str = "<!-- table-costs end -->";

/// A set's name among every program's: `fifteen-pdb78`.
fn qualified(set: &TableSet) -> String {
    format!("{}-{}", program(set), set.name)
}

/// The program whose tables a set holds.
fn program(set: &TableSet) -> &str {
    &set.specs[0].puzzle
}

/// Measures the sets named in `only` (qualified, `fifteen-pdb78`; none: all of them) with the
/// binaries in `bin`, then writes the measurements file and the documents' blocks.
pub fn run(root: &Path, bin: &Path, scratch: &Path, only: &[String]) -> Result<(), CliError> {
    let sets = crate::registry::all();
    for name in only {
        if !sets.iter().any(|s| &qualified(s) == name) {
            let known: Vec<String> = sets.iter().map(qualified).collect();
            return Err(CliError::input(format!("no table set named {name}; known: {}", known.join(", "))));
        }
    }
    let load_before = machine::load_average();
    let mut measured = Vec::new();
    for set in sets.iter().filter(|s| only.is_empty() || only.contains(&qualified(s))) {
        let dir = scratch.join(format!("tables-{}", qualified(set)));
        std::fs::remove_dir_all(&dir).ok();
        let args: Vec<String> = ["tables", "build", "--force", &set.name, "--quiet", "--data-dir"]
            .iter()
            .map(|s| s.to_string())
            .chain([dir.display().to_string()])
            .collect();
        eprintln!("bench: {} tables build --force {}", program(set), set.name);
        let run = measure::run_measured(&bin.join(program(set)).display().to_string(), &args, &[]).map_err(internal)?;
        std::fs::remove_dir_all(&dir).ok();
        if run.status != Some(0) {
            return Err(CliError::internal(format!(
                "{}: exit status {:?}: {}",
                qualified(set),
                run.status,
                run.stderr.trim()
            )));
        }
        let seconds = run.cost.wall.as_secs_f64().ceil() as u32;
        eprintln!("bench: {}: {seconds} s, {}", qualified(set), human_bytes(run.cost.peak_rss));
        measured.push((program(set).to_string(), set.name.clone(), seconds, run.cost.peak_rss));
    }
    let m = machine::Machine::read();
    let how = format!(
        "{}, {} logical CPUs, {}; 1-minute load {} before and {} after; {}; commit {}",
        m.cpu,
        m.cores,
        human_bytes(m.memory),
        load_before.map_or("unknown".into(), |l| format!("{l:.2}")),
        machine::load_average().map_or("unknown".into(), |l| format!("{l:.2}")),
        machine::now_utc(),
        machine::commit(root)
    );
    let how = match measured.len() < sets.len() {
        true => partial_how(&measured, &how, how_line(MEASURED)),
        false => how,
    };
    let file = updated_measurements(MEASURED, &measured, &how);
    std::fs::write(root.join(MEASURED_FILE), &file).map_err(internal)?;
    eprintln!("bench: wrote {MEASURED_FILE}");
    // The block is written from the file just written: the binaries will say the same once
    // rebuilt.
    let block = costs_block(&sets, |program, set| lookup(&file, program, set), how_line(&file));
    for document in DOCUMENTS {
        let path = root.join(document);
        let text = std::fs::read_to_string(&path).map_err(internal)?;
        std::fs::write(&path, splice(&text, &block).map_err(|e| CliError::input(format!("{document}: {e}")))?)
            .map_err(internal)?;
        eprintln!("bench: wrote the table costs into {document}");
    }
    Ok(())
}

/// The `# measured:` line of a run that measured only some sets: which, and how the others
/// were measured before (`old`), so that no row claims another run's conditions.
fn partial_how(measured: &[(String, String, u32, u64)], how: &str, old: &str) -> String {
    let names: Vec<&str> = measured.iter().map(|(_, set, ..)| set.as_str()).collect();
    format!("{} on {how}; the others on {old}", names.join(", "))
}

/// `old` (the measurements file's text) with the rows of `measured` replaced or added and
/// its `# measured:` line saying `how`; rows not measured now are kept. The comment lines
/// after the old `# measured:` line qualify the old measurement, and go with it.
fn updated_measurements(old: &str, measured: &[(String, String, u32, u64)], how: &str) -> String {
    let mut out = String::new();
    let mut old_notes = false;
    for line in old.lines().filter(|l| l.starts_with('#')) {
        match line.starts_with("# measured:") {
            true if !measured.is_empty() => {
                let _ = writeln!(out, "# measured: {how}");
                old_notes = true;
            }
            _ if old_notes => {}
            _ => out.push_str(&format!("{line}\n")),
        }
    }
    let mut rows: Vec<(String, String, u32, u64)> = old
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Some((f.first()?.to_string(), f.get(1)?.to_string(), f.get(2)?.parse().ok()?, f.get(3)?.parse().ok()?))
        })
        .collect();
    for m in measured {
        match rows.iter_mut().find(|r| r.0 == m.0 && r.1 == m.1) {
            Some(r) => *r = m.clone(),
            None => rows.push(m.clone()),
        }
    }
    out += "program\tset\tseconds\tpeak_bytes\n";
    for (program, set, seconds, bytes) in rows {
        let _ = writeln!(out, "{program}\t{set}\t{seconds}\t{bytes}");
    }
    out
}

/// The cost of `program`'s `set` in the measurements `file`.
fn lookup(file: &str, program: &str, set: &str) -> Option<(u32, u64)> {
    file.lines().filter(|l| !l.starts_with('#')).skip(1).find_map(|l| {
        let f: Vec<&str> = l.split('\t').collect();
        (f.first() == Some(&program) && f.get(1) == Some(&set))
            .then(|| Some((f.get(2)?.parse().ok()?, f.get(3)?.parse().ok()?)))?
    })
}

/// The `# measured:` line of a measurements file.
fn how_line(file: &str) -> &str {
    file.lines().find_map(|l| l.strip_prefix("# measured:")).map_or("", str::trim)
}

/// The block of README.md and docs/TABLES.md: every set, its size, how it is built, and its
/// measured build time and memory (from `cost`), then where they were measured.
pub fn costs_block(sets: &[TableSet], cost: impl Fn(&str, &str) -> Option<(u32, u64)>, how: &str) -> String {
    let mut block = format!(
        "{BEGIN}\n\n| program | set | size | built | build time | build memory |\n|---|---|---:|---|---:|---:|\n"
    );
    for set in sets {
        let built = if set.large() {
            format!("on request: `{} tables build {}`", program(set), set.name)
        } else {
            "on first use".into()
        };
        let (time, memory) = match cost(program(set), &set.name) {
            Some((seconds, bytes)) => (human_seconds(seconds.into()), human_bytes(bytes)),
            None => ("not measured".into(), "not measured".into()),
        };
        let _ = writeln!(
            block,
            "| {} | `{}` | {} | {built} | {time} | {memory} |",
            program(set),
            set.name,
            human_bytes(set.bytes())
        );
    }
    let _ = write!(block, "\nMeasured by `cargo xtask bench --tables` ({how}).\n\n{END}");
    block
}

/// `document` with the text between the markers replaced by `block` (markers included).
pub fn splice(document: &str, block: &str) -> Result<String, String> {
    let start = document.find(BEGIN).ok_or("no table-costs block (its begin marker) to write into")?;
    let end = document[start..].find(END).ok_or("the table-costs block has no end marker")? + start + END.len();
    Ok(format!("{}{block}{}", &document[..start], &document[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The block as the binaries of this build would write it: from the measurements
    /// compiled into slide-core.
    fn current_block() -> String {
        let sets = crate::registry::all();
        costs_block(&sets, |p, s| measured_cost(p, s).map(|c| (c.seconds, c.memory)), how_line(MEASURED))
    }

    /// README.md and docs/TABLES.md show the measured figures the binaries compile in: run
    /// `cargo xtask bench --tables` (or write the block from the file) after measuring.
    #[test]
    fn the_documents_show_the_measured_figures() {
        let root = super::super::root();
        let block = current_block();
        for document in DOCUMENTS {
            let text = std::fs::read_to_string(root.join(document)).unwrap();
            let start = text.find(BEGIN).unwrap_or_else(|| panic!("{document}: no table-costs block"));
            let end = text[start..].find(END).unwrap() + start + END.len();
            assert_eq!(&text[start..end], block, "{document}: the table-costs block is stale");
        }
    }

    #[test]
    fn every_set_is_measured() {
        for set in crate::registry::all() {
            assert!(measured_cost(program(&set), &set.name).is_some(), "{}: not in {MEASURED_FILE}", qualified(&set));
        }
    }

    #[test]
    fn measurements_are_replaced_and_kept() {
        // The note after the old `# measured:` line qualified the old figures: it goes.
        let old = "# about\n# measured: then\n# a note on then\nprogram\tset\tseconds\tpeak_bytes\nfifteen\tpdb78\t165\t100\ngoat\texact\t1\t2\n";
        let new = updated_measurements(old, &[("fifteen".into(), "pdb78".into(), 80, 50)], "now");
        assert_eq!(
            new,
            "# about\n# measured: now\nprogram\tset\tseconds\tpeak_bytes\nfifteen\tpdb78\t80\t50\ngoat\texact\t1\t2\n"
        );
        assert_eq!(lookup(&new, "goat", "exact"), Some((1, 2)));
        assert_eq!(how_line(&new), "now");
        let partial = partial_how(&[("fifteen".into(), "pdb78".into(), 80, 50)], "today", "yesterday");
        assert_eq!(partial, "pdb78 on today; the others on yesterday");
        assert!(splice("a\nb", "x").is_err());
        assert_eq!(splice(&format!("a {BEGIN} old {END} b"), "new").unwrap(), "a new b");
    }
}
