//! `analyze` and `count`: the space of positions, and the optimal solutions counted.

use std::fmt::Write as _;

use slide_core::answer::{Analysis, Count, CountRequest, Facade, Origin, Record};
use slide_core::enumerate::{Frontier, LayerReport};
use slide_core::units::{quantity, thousands};
use slide_pictures::{DepthChart, Scale};

use super::stream::{for_each_input, inputs};
use super::subcommand_args::{AnalyzeArgs, CountArgs};
use crate::front::{Front, Setup};
use crate::output::{emit_json, write_out};
use crate::{CliError, ExitCode, PictureTarget};

pub(super) fn analyze<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    args: AnalyzeArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let several = args.inputs.batch.is_some() || args.inputs.boards.len() > 1;
    let plots = args.plot.plot.as_ref().map(|path| PictureTarget::new(path, several));
    if let Some(target) = &plots {
        target.check()?;
    }
    let logged = args.checkpoint.is_some() || args.layer_log.is_some();
    if logged && !facade.takes_enumerator() {
        return Err(CliError::input(format!(
            "{} analyze keeps no checkpoints and no layer log (--checkpoint, --layer-log): its spaces take seconds",
            P::NAME
        )));
    }
    let log = match &args.layer_log {
        None => None,
        // With checkpoints a run may resume: its layers follow those of the runs before.
        Some(path) => Some(std::sync::Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .write(true)
                .append(args.checkpoint.is_some())
                .truncate(args.checkpoint.is_none())
                .open(path)
                .map_err(|e| CliError::input(format!("--layer-log: cannot write {}: {e}", path.display())))?,
        )),
    };
    let write_log = |r: &LayerReport| {
        if let Some(file) = &log {
            let line = serde_json::to_string(r).expect("plain data");
            let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
            if let Err(e) = std::io::Write::write_all(&mut *file, format!("{line}\n").as_bytes()) {
                setup.warn(&format!("--layer-log: {e}"));
            }
        }
    };
    let say = |m: &str| setup.note(m);
    let stream = inputs(facade, &args.inputs, false, setup)?;
    let several = stream.several;
    let report = for_each_input(facade, stream, json, |origin, input, report| {
        let a = match facade.takes_enumerator() {
            true => {
                // Several inputs: a checkpoint directory each.
                let dir = args.checkpoint.as_ref().map(|dir| match several {
                    true => dir.join(format!("{}-{}", origin.key(), origin.number())),
                    false => dir.clone(),
                });
                let job = vec![("program".to_string(), format!("{} analyze", P::NAME))];
                let mut frontier = Frontier::default().say(&say).checkpoint(dir, job);
                if log.is_some() {
                    frontier = frontier.layer_log(&write_log);
                }
                facade.analyze_on(input.as_ref(), &setup.limits, &setup.bars, &frontier)?
            }
            false => facade.analyze(input.as_ref(), &setup.limits, &setup.bars)?,
        };
        print_analyzed(P::NAME, &a, origin, json)?;
        if let Some(target) = &plots {
            let chart = DepthChart {
                puzzle: &a.words.chart_title,
                origin: a.words.origin,
                histogram: &a.histogram,
                scale: if args.plot.log { Scale::Log } else { Scale::Linear },
            };
            let saved = chart
                .to_svg()
                .map_err(|e| CliError::internal(e.to_string()))
                .and_then(|svg| target.save(origin.number(), &svg, P::NAME, setup.quiet));
            if let Err(e) = saved {
                report.fail(origin, e);
            }
        }
        Ok(())
    })?;
    report.finish()
}

/// How many farthest positions text output shows.
pub(super) const SHOWN_ANTIPODES: usize = 8;

/// Prints an analysis as `program`'s record for `origin`: one JSON line, or text for people.
pub fn print_analyzed<F: Facade>(program: &str, a: &Analysis<F>, origin: Origin, json: bool) -> Result<(), CliError> {
    if json {
        return emit_json(&Record::new(program, a, origin));
    }
    let mut text = format!(
        "{}: {}, greatest distance {}, {} at it ({} ms)\n",
        a.words.title,
        quantity(a.states, "position"),
        a.max_depth,
        quantity(a.antipodes.len() as u64, "position"),
        a.millis
    );
    text += "distance  positions\n";
    for (d, n) in a.histogram.iter().enumerate() {
        let _ = writeln!(text, "{d:>8}  {}", thousands(*n));
    }
    for note in &a.words.notes {
        let _ = writeln!(text, "{note}");
    }
    let antipodes = &a.words.antipodes;
    let shown = antipodes.len().min(SHOWN_ANTIPODES);
    let _ = writeln!(text, "farthest positions ({shown} of {}):", antipodes.len());
    for board in &antipodes[..shown] {
        let _ = writeln!(text, "{}", board.trim_end_matches('\n'));
        if board.contains('\n') {
            text.push('\n');
        }
    }
    write_out(&text)
}

pub(super) fn count<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    args: CountArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let request =
        CountRequest { list: args.list.then_some(args.limit), limits: setup.limits, style: args.notation.style() };
    let stream = inputs(facade, &args.inputs, true, setup)?;
    let report = for_each_input(facade, stream, json, |origin, input, _| {
        let input = input.ok_or_else(|| CliError::internal("count without an input (a bug)"))?;
        let result = facade.count(&input, &request);
        setup.say_notes(facade);
        print_counted(P::NAME, &result?, origin, json)
    })?;
    report.finish()
}

pub(super) fn print_counted<F: Facade>(
    program: &str,
    c: &Count<F>,
    origin: Origin,
    json: bool,
) -> Result<(), CliError> {
    if json {
        return emit_json(&Record::new(program, c, origin));
    }
    let mut text = format!(
        "{}: {} of {} ({}, {} ms{})\n",
        c.words.title,
        quantity(c.count.0, "optimal solution"),
        quantity(c.length, "move"),
        quantity(c.nodes, "node"),
        c.millis,
        c.heuristic.as_ref().map_or(String::new(), |h| format!(", heuristic {h}"))
    );
    if let Some(list) = &c.solutions {
        for (i, l) in list.iter().enumerate() {
            let _ = writeln!(text, "{:>4}. {}", i + 1, l.steps.join(", "));
        }
        if (list.len() as u128) < c.count.0 {
            let _ = writeln!(text, "(the first {} of {}; raise --limit for more)", list.len(), thousands(c.count.0));
        }
    }
    write_out(&text)
}
