//! Every layout of the classic Klotski family: groups, hardest starts, diameters
//! (docs/SURVEY.md). The benchmark and the cross-check against dnomd343/klotski's totals;
//! the `quzzle survey` subcommand will offer the same.
//!
//! ```sh
//! cargo run --release -p quzzle --example survey -- [--json] [--threads N] [--max-searches N]
//!     [--type H,V,S]... [--locate LAYOUT]... [--max-memory SIZE] [--timeout SECONDS] [--quiet]
//! ```
//!
//! Without `--json`: the text summary on stdout. With it: JSON Lines, each type's group
//! records as the type is finished (`{"record":"group",...}`), then the type records by
//! number and the summary. `--check` compares the totals with dnomd343/klotski's published
//! ones (29,334,498 layouts, 203 types, 25,422 groups, the largest 964,656 layouts) and the
//! classic start's group and distance (25,955 layouts, 81 moves); exit 1 if one differs.
//! Progress goes to stderr, unless `--quiet`.

use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use quzzle::survey::{self, Counts, Layout, Record, SurveyOptions};
use slide_core::enumerate::LayerStats;
use slide_core::progress::Progress;
use slide_core::search::Limits;

/// Percent steps on stderr: a line per 10% (or a redrawn line on a terminal).
struct Percent {
    quiet: bool,
}

impl Progress for Percent {
    fn task<'a>(&'a self, label: &str, total: u64) -> Box<dyn Fn(LayerStats) + Sync + 'a> {
        let label = label.to_string();
        let shown = AtomicU64::new(u64::MAX);
        let terminal = std::io::stderr().is_terminal();
        Box::new(move |s: LayerStats| {
            if self.quiet || total == 0 {
                return;
            }
            let percent = s.total * 100 / total;
            let step = if terminal { 1 } else { 10 };
            let previous = shown.load(Ordering::Relaxed);
            if (previous == u64::MAX || percent / step > previous / step)
                && shown.compare_exchange(previous, percent, Ordering::Relaxed, Ordering::Relaxed).is_ok()
            {
                if terminal {
                    eprint!("\r{label}: {percent:3}% ({} of {total})", s.total);
                    if percent == 100 {
                        eprintln!();
                    }
                } else {
                    eprintln!("{label}: {percent}% ({} of {total})", s.total);
                }
            }
        })
    }
}

/// `512M`, `4G`, `1T`, or bytes.
fn parse_size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&text[..i], &text[i..]),
        None => (text, ""),
    };
    let value: u64 = digits.parse().map_err(|_| format!("--max-memory {text:?} is not a size (512M, 4G)"))?;
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(format!("--max-memory {text:?}: unknown unit {unit:?} (K, M, G, T)")),
    };
    value.checked_mul(1 << shift).ok_or_else(|| format!("--max-memory {text:?} is too large"))
}

struct Args {
    json: bool,
    check: bool,
    quiet: bool,
    threads: Option<usize>,
    options: SurveyOptions,
    limits: Limits,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        json: false,
        check: false,
        quiet: false,
        threads: None,
        options: SurveyOptions::default(),
        limits: Limits::default(),
    };
    let mut located = false;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--json" => args.json = true,
            "--check" => args.check = true,
            "--quiet" | "-q" => args.quiet = true,
            "--threads" => {
                let v = value("--threads")?;
                let n: usize = v.parse().map_err(|_| format!("--threads {v:?} is not a number"))?;
                if !(1..=1024).contains(&n) {
                    return Err(format!("--threads takes 1 to 1024, not {n}"));
                }
                args.threads = Some(n);
            }
            "--max-searches" => {
                let v = value("--max-searches")?;
                args.options.max_searches = v.parse().map_err(|_| format!("--max-searches {v:?} is not a number"))?;
            }
            "--type" => {
                let v = value("--type")?;
                let parts: Vec<u8> =
                    v.split(',').map(|p| p.trim().parse()).collect::<Result<_, _>>().map_err(|_| {
                        format!("--type {v:?}: write the horizontal, vertical and 1x1 blocks' counts, 1,4,4")
                    })?;
                let [horizontal, vertical, singles] = parts[..] else {
                    return Err(format!("--type {v:?}: three counts, horizontal,vertical,1x1 (1,4,4)"));
                };
                args.options.only.get_or_insert_with(Vec::new).push(Counts { horizontal, vertical, singles });
            }
            "--locate" => {
                let v = value("--locate")?;
                let layout: Layout = v.parse().map_err(|e| format!("--locate {v:?}: {e}"))?;
                if !located {
                    args.options.locate.clear();
                    located = true;
                }
                args.options.locate.push(layout);
            }
            "--max-memory" => args.limits.max_memory = Some(parse_size(&value("--max-memory")?)?),
            "--timeout" => {
                let v = value("--timeout")?;
                let seconds: f64 = v.parse().map_err(|_| format!("--timeout {v:?} is not a number of seconds"))?;
                if !(seconds > 0.0 && seconds < 1e9) {
                    return Err(format!("--timeout takes more than 0 and less than 1e9 seconds, not {v}"));
                }
                args.limits.timeout = Some(Duration::from_secs_f64(seconds));
            }
            "--help" | "-h" => {
                println!(
                    "{}",
                    include_str!("survey.rs")
                        .lines()
                        .take_while(|l| l.starts_with("//!"))
                        .map(|l| l.trim_start_matches("//!").trim_start_matches(' '))
                        .collect::<Vec<_>>()
                        .join("\n")
                );
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?} (--help lists them)")),
        }
    }
    Ok(args)
}

/// dnomd343/klotski's published totals, and the classic start's group and distance.
fn check(done: &survey::Survey, options: &SurveyOptions) -> Vec<String> {
    let s = &done.summary;
    let mut wrong = Vec::new();
    let mut expect = |what: &str, got: u64, want: u64| {
        let verdict = if got == want { "ok" } else { "DIFFERS" };
        eprintln!("check {what}: {got} (dnomd343/klotski: {want}) {verdict}");
        if got != want {
            wrong.push(what.to_string());
        }
    };
    if options.only.is_none() {
        expect("layouts", s.layouts, 29_334_498);
        expect("types", s.types as u64, 203);
        expect("groups", s.groups, 25_422);
        expect("largest group", s.largest_group.2 as u64, 964_656);
    }
    let klotski: Layout = survey::KLOTSKI.parse().expect("the classic start is a layout");
    match s.located.iter().find(|l| l.layout == klotski) {
        Some(l) => {
            expect("the classic start's group", l.group_size as u64, 25_955);
            expect("the classic start's moves to the goal", l.goal_moves.map_or(0, u64::from), 81);
        }
        None if options.only.is_none() => wrong.push("the classic start was not located".into()),
        None => {}
    }
    wrong
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("survey: {e}");
            return ExitCode::from(2);
        }
    };
    let limits = args.limits;
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(args.threads.unwrap_or(0)).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("survey: no thread pool: {e}");
            return ExitCode::from(1);
        }
    };
    let progress = Percent { quiet: args.quiet };
    let out = Mutex::new(BufWriter::new(std::io::stdout()));
    let write_error = Mutex::new(None);
    let json = args.json;
    let sink = |t: &survey::TypeSurvey| {
        if !json {
            return;
        }
        let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
        for g in &t.groups {
            let line = serde_json::to_string(&Record::Group(g)).expect("records serialize");
            if let Err(e) = writeln!(out, "{line}") {
                write_error.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(e);
            }
        }
    };
    let result = pool.install(|| {
        let plan = survey::plan(&args.options, rayon::current_num_threads(), &progress)?;
        if !args.quiet {
            eprintln!(
                "survey: {} layouts in {} types, {} moves; at most {} of memory ({} types at once)",
                plan.layouts,
                plan.types.len(),
                plan.moves,
                slide_core::units::human_bytes(plan.memory),
                plan.threads
            );
        }
        survey::run(plan, &args.options, &limits, &progress, &sink)
    });
    let done = match result {
        Ok(d) => d,
        Err(e) => {
            eprintln!("survey: {e}");
            return ExitCode::from(match e {
                survey::SurveyError::Limit(_) | survey::SurveyError::Memory { .. } => 3,
                _ => 2,
            });
        }
    };
    let mut out = out.into_inner().unwrap_or_else(|e| e.into_inner());
    let written = if json {
        done.types
            .iter()
            .map(|t| serde_json::to_string(&Record::Type(t)))
            .chain([serde_json::to_string(&Record::Summary(&done.summary))])
            .try_for_each(|line| writeln!(out, "{}", line.expect("records serialize")))
    } else {
        write!(out, "{}", done.summary)
    };
    if let Some(e) = write_error.into_inner().unwrap_or_else(|e| e.into_inner()).or(written.err()).or(out.flush().err())
    {
        eprintln!("survey: cannot write the output: {e}");
        return ExitCode::from(1);
    }
    if args.check && !check(&done, &args.options).is_empty() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
