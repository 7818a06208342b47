//! `nsudoku reduce`: apply techniques to a fixed point; print the candidate grid or the solution.

use super::logic::{self, techniques_help};
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
            .map_err(|e| (MARK_NONE, format!("{}{e}", prefix(label)))),
    };
    let mut first = true;
    feed.run(&pool, work, |(label, rec), r| {
        if let Ok(p) = rec {
            notes.tell(label, p);
        }
        let line = r.unwrap_or_else(|(mark, e)| {
            say!("{e}");
            failed = true;
            mark.to_string()
        });
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

fn reduce<B: Basis>(p: &Puzzle, a: &ReduceArgs) -> Result<String, String> {
    let mut s = logic::state::<B>(p)?;
    let ts = logic::techniques_for(a.techniques.as_deref(), B::N);
    let cfg = logic::config_for(a.limits.config(), p, &ts);
    engine::reduce(&mut s, &ts, &cfg)
        .map_err(|_| format!("{}: no solution (logic reached a contradiction)", p.place()))?;
    Ok(if s.is_complete() {
        output::solution(p, &s.digits(), a.input.boxed())
    } else {
        output::candidates(p, &s.grid().to_masks(), a.input.boxed())
    })
}
