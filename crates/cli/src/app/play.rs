//! `play`, `scramble` and `random`: a position reached by moves, and boards made.

use std::fmt::Write as _;

use rand::SeedableRng;
use slide_core::answer::{fresh_seed, Facade, Make, Origin, Played, Record};
use slide_core::notation::Style;
use slide_core::units::quantity;

use super::subcommand_args::PlayArgs;
use crate::front::{Front, Setup};
use crate::output::{emit_json, write_out};
use crate::{CliError, ExitCode};

pub(super) fn play<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    args: PlayArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let style = args.notation.style();
    let start = match &args.from {
        Some(text) => Some(facade.parse(text).map_err(|e| CliError::from(e).context("--from"))?),
        None => None,
    };
    let (_, played) = facade.play(start.as_ref(), &args.moves.join(" "), style)?;
    setup.say_notes(facade);
    match json {
        true => emit_json(&Record::new(P::NAME, &played, Origin::Default(1)))?,
        false => write_out(&played_text(&played, style))?,
    }
    Ok(ExitCode::Success)
}

/// Text for people of a position reached by `play`: its rows, its BOARD text, and what was
/// played.
pub(super) fn played_text<F: Facade>(p: &Played<F>, style: Style) -> String {
    let mut text = format!("{}\n{}\n", p.rows.trim_end_matches('\n'), p.text);
    let _ = writeln!(
        text,
        "{} played ({style}: {}); {}",
        quantity(p.length as u64, "move"),
        p.notation,
        if p.solved { "the goal" } else { "not the goal" }
    );
    text
}

pub(super) fn make<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    how: Make,
    seed: Option<u64>,
    count: u64,
    json: bool,
) -> Result<ExitCode, CliError> {
    if !facade.makes_boards() {
        return Err(CliError::input(format!(
            "{} does not make boards: scramble and random are for tile puzzles",
            P::NAME
        )));
    }
    let seed = seed.unwrap_or_else(|| {
        let seed = fresh_seed();
        setup.note(&format!("random seed {seed} (--seed {seed} makes the same boards again)"));
        seed
    });
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    // Making boards is long work like any search: the time limit and Ctrl-C end it (each
    // board's own walk counts its moves against --max-nodes).
    let guard = slide_core::search::LimitGuard::new(&setup.limits);
    for _ in 0..count {
        if let Some(hit) = guard.check_time() {
            return Err(CliError::limit(hit));
        }
        let made = slide_core::answer::Made { seed, ..facade.make(how, &mut rng, &setup.limits)? };
        match json {
            true => emit_json(&Record::new(P::NAME, &made, Origin::Default(1)))?,
            false => write_out(&format!("{}\n", made.text))?,
        }
    }
    Ok(ExitCode::Success)
}
