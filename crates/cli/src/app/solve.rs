//! `solve`: each input's solution, as a JSON record or text for people, and the summary.

use std::fmt::Write as _;
use std::time::Instant;

use slide_core::answer::{shown_boards, shown_steps, Facade, Origin, Record, Solution, SolveRequest, SHOWN_STEPS};
use slide_core::notation::Style;
use slide_core::units::{quantity, thousands};

use super::stream::{for_each_input, inputs, Report};
use super::subcommand_args::{solve_algorithm, SolveArgs};
use crate::front::{Front, Setup, MAX_PICTURE_MOVES};
use crate::output::{emit_json, say, write_out};
use crate::{CliError, ExitCode, PictureTarget};

/// The steps numbered from `first`, `per_line` to a line, in columns: padded to their width
/// in a terminal, where goat's 羊 and 狼 take two columns.
pub(super) fn numbered_steps(steps: &[String], per_line: usize, first: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    let width = steps.iter().map(|s| s.width()).max().unwrap_or(0);
    let mut text = String::new();
    for (i, chunk) in steps.chunks(per_line).enumerate() {
        let items: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(j, s)| format!("{:>3}. {s}{}", first + i * per_line + j, " ".repeat(width - s.width())))
            .collect();
        let _ = writeln!(text, "{}", items.join("  ").trim_end());
    }
    text
}

pub(super) fn solve<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    args: SolveArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let name = args.algorithm.as_deref().unwrap_or(P::methods()[0].name);
    let several = args.inputs.batch.is_some()
        || args.inputs.boards.len() > 1
        || (args.inputs.boards.is_empty() && facade.default_inputs().len() > 1);
    let pictures = args.picture.svg.as_ref().map(|path| PictureTarget::new(path, several));
    if let Some(target) = &pictures {
        target.check()?;
    }
    let algorithm = solve_algorithm::<P>(name, &args.params, setup)?;
    let style = args.notation.style();
    let request =
        SolveRequest { algorithm, params: args.params, limits: setup.limits, boards: args.show_boards, style };
    let mut summary = SolveSummary::new();
    let stream = inputs(facade, &args.inputs, true, setup)?;
    let report = for_each_input(facade, stream, json, |origin, input, report| {
        let mut input = input.ok_or_else(|| CliError::internal("solve without an input (a bug)"))?;
        if let Some(moves) = &args.apply {
            input = facade.play(Some(&input), moves, style).map_err(|e| CliError::from(e).context("--apply"))?.0;
        }
        let result = facade.solve(&input, &request);
        setup.say_notes(facade);
        let s = result?;
        summary.add(&s);
        print_solved(P::NAME, &s, origin, json, (args.show_boards, style))?;
        if let Some(hit) = s.stopped {
            let e = CliError::limit(hit);
            let message = format!("{} (the record holds the best solution found before)", e.message);
            report.fail(origin, CliError { message, ..e });
        }
        if let Some(target) = &pictures {
            match P::picture(&s) {
                Some(svg) => {
                    if let Err(e) = target.save(origin.number(), &svg, P::NAME, setup.quiet) {
                        report.fail(origin, e);
                    }
                }
                None => report.fail(
                    origin,
                    CliError::input(format!(
                        "no picture: the solution has {} moves, and --svg draws solutions of at most {} \
                         (one board per move)",
                        thousands(s.length as u64),
                        thousands(MAX_PICTURE_MOVES as u64)
                    )),
                ),
            }
        }
        Ok(())
    })?;
    summary.say(P::NAME, &report, setup.quiet);
    report.finish()
}

/// What `solve` says on stderr after several inputs: how many were solved, their total length,
/// the time and the nodes.
pub struct SolveSummary {
    clock: Instant,
    solved: usize,
    total_length: usize,
    nodes: u64,
}

impl Default for SolveSummary {
    fn default() -> Self {
        Self::new()
    }
}

impl SolveSummary {
    /// A summary whose clock starts now.
    pub fn new() -> Self {
        SolveSummary { clock: Instant::now(), solved: 0, total_length: 0, nodes: 0 }
    }

    /// Counts one solution.
    pub fn add<F: Facade>(&mut self, s: &Solution<F>) {
        self.solved += 1;
        self.total_length += s.length;
        self.nodes += s.nodes;
    }

    /// Says the summary on stderr, when there were several inputs and not `quiet`.
    pub fn say(&self, program: &str, report: &Report, quiet: bool) {
        if report.several && !quiet {
            say(
                program,
                &format!(
                    "{} of {} solved, total length {}, total time {:.3} s, {}",
                    self.solved,
                    quantity(report.inputs as u64, "board"),
                    self.total_length,
                    self.clock.elapsed().as_secs_f64(),
                    quantity(self.nodes, "node")
                ),
            );
        }
    }
}

/// Text for people of a solution's moves: numbered, eight to a line, a long solution's first
/// and last moves with a line saying how many are left out; then what moved.
pub(super) fn moves_text<F: Facade>(s: &Solution<F>) -> String {
    let [head, tail] = shown_steps(s.length);
    let left_out = tail.start - head.end;
    let mut text = numbered_steps(&s.words.steps[head.clone()], 8, 1);
    if left_out > 0 {
        text += &omitted(head.end, tail.start);
        text += &numbered_steps(&s.words.steps[tail.clone()], 8, tail.start + 1);
    }
    let mut pieces: Vec<String> = s.pieces[head].iter().map(ToString::to_string).collect();
    if left_out > 0 {
        pieces.push(format!("... {} more", thousands(left_out as u64)));
        pieces.extend(s.pieces[tail].iter().map(ToString::to_string));
    }
    let _ = writeln!(text, "pieces: [{}]", pieces.join(", "));
    text
}

/// The line that says which moves text for people leaves out.
pub(super) fn omitted(shown: usize, resumed: usize) -> String {
    format!(
        "... {} not shown (moves {} to {}; --json gives them all) ...\n",
        quantity((resumed - shown) as u64, "move"),
        thousands(shown as u64 + 1),
        thousands(resumed as u64)
    )
}

/// Text for people of the boards along a solution (`--boards`): the start, then the board
/// after each move shown, each headed by its move.
pub(super) fn boards_text<F: Facade>(s: &Solution<F>) -> String {
    let [head, tail] = shown_steps(s.length);
    let left_out = tail.start - head.end;
    let mut text = String::new();
    for (board, i) in s.words.boards.iter().zip(shown_boards(s.length)) {
        match i {
            0 => text += "start:\n",
            i => {
                if i == tail.start + 1 && left_out > 0 {
                    text += &omitted(head.end, tail.start);
                }
                let _ = writeln!(text, "{i}. {}:", s.words.steps[i - 1]);
            }
        }
        let _ = writeln!(text, "{}", board.trim_end_matches('\n'));
    }
    text
}

/// Prints a solution as `program`'s record for `origin`: one JSON line, or text for people
/// (`solved_text`; `shown`: the boards along the way or not, and the notation's style).
pub fn print_solved<F: Facade>(
    program: &str,
    s: &Solution<F>,
    origin: Origin,
    json: bool,
    shown: (bool, Style),
) -> Result<(), CliError> {
    if json {
        return emit_json(&Record::new(program, s, origin));
    }
    write_out(&solved_text(s, shown))
}

/// A solution as text for people: its length and method, its moves and notation, its lower
/// bound when not optimal, the facade's notes, why it stopped early, and the boards along
/// the way when `boards`. Apart from [`print_solved`] so that what is said is read in one
/// place, without the output.
pub(super) fn solved_text<F: Facade>(s: &Solution<F>, (boards, style): (bool, Style)) -> String {
    let mut text = format!(
        "{}: {}, {} ({}, heuristic {}, {}, {} ms)\n",
        s.words.title,
        quantity(s.length as u64, "move"),
        if s.optimal { "optimal" } else { "NOT necessarily optimal" },
        s.algorithm,
        s.heuristic,
        quantity(s.nodes, "node"),
        s.millis
    );
    text += &moves_text(s);
    if let Some(notation) = s.notation.as_ref().filter(|_| s.length > 0) {
        match s.length <= SHOWN_STEPS {
            true => {
                let _ = writeln!(text, "notation ({style}): {notation}");
            }
            false => {
                let _ = writeln!(
                    text,
                    "notation ({style}): {} characters; --json gives it",
                    thousands(notation.len() as u64)
                );
            }
        }
    }
    if let (false, Some(bound)) = (s.optimal, s.lower_bound) {
        let _ = writeln!(text, "a shortest solution has at least {} (a proven lower bound)", quantity(bound, "move"));
    }
    for note in &s.words.notes {
        let _ = writeln!(text, "{note}");
    }
    if let Some(hit) = s.stopped {
        let _ = writeln!(text, "stopped early ({hit}): this is the best solution found before");
    }
    if boards {
        text += &boards_text(s);
    }
    text
}
