//! `nsudoku reduce`: apply techniques to a fixed point; print the candidate grid or the solution.

use super::logic::{self, techniques_help, Solutions};
use super::solve::{MARK_INVALID, MARK_NONE};
use super::{exit_status, prefix, thread_pool, InputArgs, Labelled, Notes};
use nsudoku::input::Puzzle;
use nsudoku::logic::engine;
use nsudoku::{output, with_basis, Basis};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = techniques_help())]
pub struct ReduceArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Techniques to apply (comma-separated names, see below); default: all.
    #[arg(long, alias = "technique")]
    techniques: Option<String>,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0, value_parser = super::threads_arg)]
    threads: usize,
    #[command(flatten)]
    limits: logic::LimitArgs,
}

pub fn run(a: ReduceArgs) -> io::Result<ExitCode> {
    logic::validate(a.techniques.as_deref()).map_err(io::Error::other)?;
    let mut feed = a.input.feed().logic_only("reduce");
    let mut notes = Notes::default();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    // Each line goes out as soon as it and those before it are reduced (and `| head` ends the
    // run early).
    let pool = thread_pool(a.threads)?;
    let work = |(label, rec): &Labelled| match rec {
        Err(e) => Err((MARK_INVALID, format!("{}{e}", prefix(label)))),
        Ok(p) => with_basis!(p.k, B => reduce::<B>(p, &a))
            .map(|(line, why)| (line, why.map(|w| format!("{}{w}", prefix(label)))))
            .map_err(|e| (MARK_NONE, format!("{}{e}", prefix(label)))),
    };
    let mut first = true;
    feed.run(&pool, work, |(label, rec), r| {
        if let Ok(p) = rec {
            notes.tell(label, p);
        }
        let line = match r {
            Ok((line, None)) => line,
            Ok((line, Some(why))) => {
                say!("{why}");
                failed = true;
                line
            }
            Err((mark, e)) => {
                say!("{e}");
                failed = true;
                mark.to_string()
            }
        };
        // Boxed grids one after another read as one: a blank line between them.
        if a.input.boxed() && !first {
            writeln!(out)?;
        }
        first = false;
        writeln!(out, "{line}")?;
        out.flush()
    })?;
    Ok(exit_status(failed))
}

/// The reduced puzzle's line, and why the puzzle fails the run when the techniques left it
/// unfinished and a search (as `explain`'s) finds it has no solution or several.
fn reduce<B: Basis>(p: &Puzzle, a: &ReduceArgs) -> Result<(String, Option<String>), String> {
    let mut s = logic::state::<B>(p)?;
    let ts = logic::techniques_for(a.techniques.as_deref(), B::N);
    let cfg = logic::config_for(a.limits.config(), p, &ts);
    engine::reduce(&mut s, &ts, &cfg)
        .map_err(|_| format!("{}: no solution (logic reached a contradiction)", p.place()))?;
    if s.is_complete() {
        return Ok((output::solution(p, &s.digits(), a.input.boxed()), None));
    }
    let not_one = match logic::search_stuck(p, &cfg) {
        Solutions::Zero => Some("no solution"),
        Solutions::Several => Some("several solutions"),
        Solutions::One | Solutions::Unknown => None,
    };
    let grid = output::candidates(p, &s.grid().to_masks(), a.input.boxed());
    let why = not_one.map(|what| {
        format!(
            "{}: {what}; the candidate grid is what the techniques leave",
            p.place()
        )
    });
    Ok((grid, why))
}
