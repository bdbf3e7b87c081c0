//! The inputs of a run, read lazily, and how each ended: one record per input.

use slide_core::answer::{ErrorRecord, Facade, Origin};
use slide_core::units::quantity;

use super::subcommand_args::Inputs;
use crate::front::Setup;
use crate::inputs::{BatchLines, Input};
use crate::output::{emit_json, is_output_closed, say};
use crate::{CliError, ExitCode};

/// The inputs of a run, read lazily.
pub struct Stream {
    /// Each input's origin and text, in order (a cluster runner passes each text on to its
    /// other ranks as it goes by).
    pub items: Box<dyn Iterator<Item = Input>>,
    /// Whether there may be more than one (a batch, or several arguments or defaults).
    pub several: bool,
    /// Whether they come from `--batch`.
    pub batch: bool,
    /// Whether there are none at all.
    pub empty: bool,
    /// Whether the facade's defaults stand in for no input (else no input is the work's own:
    /// `analyze` from the goal).
    pub defaults: bool,
}

/// The inputs given, or the facade's defaults when `defaults` and none are.
pub fn inputs(facade: &impl Facade, given: &Inputs, defaults: bool, setup: &Setup) -> Result<Stream, CliError> {
    if let Some(path) = &given.batch {
        let items = Box::new(BatchLines::open(path)?);
        return Ok(Stream { items, several: true, batch: true, empty: false, defaults });
    }
    let list: Vec<Input> = if !given.boards.is_empty() {
        let boards = joined_cells(facade, &given.boards, setup);
        boards.into_iter().enumerate().map(|(i, b)| (Origin::Argument(i + 1), Ok(b))).collect()
    } else if defaults {
        facade.default_inputs().into_iter().enumerate().map(|(i, b)| (Origin::Default(i + 1), Ok(b))).collect()
    } else {
        Vec::new()
    };
    let (several, empty) = (list.len() > 1, list.is_empty());
    Ok(Stream { items: Box::new(list.into_iter()), several, batch: false, empty, defaults })
}

/// Board arguments typed without quotes (`fifteen solve 1 2 3 4 5 6 7 8 0`, where the shell
/// makes each cell an argument): several arguments, each one word that is no board by
/// itself, are read as one board, and said so. Anything else is left as it is.
pub(super) fn joined_cells(facade: &impl Facade, boards: &[String], setup: &Setup) -> Vec<String> {
    let words = boards.len() > 1 && boards.iter().all(|b| !b.is_empty() && !b.contains(char::is_whitespace));
    if !words || boards.iter().any(|b| facade.parse(b).is_ok()) {
        return boards.to_vec();
    }
    let joined = boards.join(" ");
    setup.note(&format!(
        "the {} arguments are read as one board, \"{joined}\" (quote each board to give several)",
        boards.len()
    ));
    vec![joined]
}

/// Runs `each` on every input of `stream` in order (parsed by `facade`; None for a run
/// without inputs whose work needs none), recording how each ended: one record per input.
pub fn for_each_input<F: Facade>(
    facade: &F,
    stream: Stream,
    json: bool,
    mut each: impl FnMut(Origin, Option<F::Input>, &mut Report) -> Result<(), CliError>,
) -> Result<Report, CliError> {
    let mut report = Report::new(facade.name(), json, stream.several, stream.batch);
    if stream.empty {
        if stream.defaults {
            return Err(CliError::input(format!(
                "no board given, and {} has no default board for these options: give a BOARD or --batch FILE",
                facade.name()
            )));
        }
        let result = each(Origin::Default(1), None, &mut report);
        report.record(Origin::Default(1), result)?;
        return Ok(report);
    }
    for (origin, text) in stream.items {
        let parsed = text.and_then(|t| Ok(facade.parse(&t)?));
        let result = parsed.and_then(|i| each(origin, Some(i), &mut report));
        report.record(origin, result)?;
    }
    Ok(report)
}

/// How the inputs of a run ended: the count, the failures and the worst status.
pub struct Report {
    program: &'static str,
    json: bool,
    pub(super) several: bool,
    batch: bool,
    pub(super) inputs: usize,
    failed: usize,
    worst: Option<(Origin, CliError)>,
}

impl Report {
    fn new(program: &'static str, json: bool, several: bool, batch: bool) -> Self {
        Report { program, json, several, batch, inputs: 0, failed: 0, worst: None }
    }

    /// Records how one input ended. An error is said (as its record in JSON, on stderr in
    /// text) and the run goes on, unless it must stop: Ctrl-C, an internal error, or a
    /// closed standard output.
    pub fn record(&mut self, origin: Origin, result: Result<(), CliError>) -> Result<(), CliError> {
        self.inputs += 1;
        let Err(e) = result else { return Ok(()) };
        if is_output_closed(&e) {
            return Err(e);
        }
        if matches!(e.code, ExitCode::Internal | ExitCode::Interrupted) {
            return Err(if self.several { e.context(origin) } else { e });
        }
        if self.json {
            emit_json(&ErrorRecord { origin, error: &e.message })?;
        }
        self.fail(origin, e);
        Ok(())
    }

    /// Counts a failure of `origin`, and says it on stderr in text mode when there are
    /// several inputs (a run's only input is said by its exit message).
    pub fn fail(&mut self, origin: Origin, e: CliError) {
        self.failed += 1;
        if self.several && !self.json {
            say(self.program, &format!("{origin}: {}", e.message));
        }
        if self.worst.as_ref().is_none_or(|(_, w)| (w.code as i32) < (e.code as i32)) {
            self.worst = Some((origin, e));
        }
    }

    /// The run's exit status: success, or the worst input's, with a message that counts the
    /// failures when there were several inputs.
    pub fn finish(self) -> Result<ExitCode, CliError> {
        let Some((origin, e)) = self.worst else { return Ok(ExitCode::Success) };
        if !self.several {
            return Err(e);
        }
        let what = if self.batch { "line" } else { "input" };
        Err(CliError {
            code: e.code,
            message: format!(
                "{} of {} failed (exit status {}; {origin}: {})",
                self.failed,
                quantity(self.inputs as u64, what),
                e.code as i32,
                e.message
            ),
        })
    }
}
