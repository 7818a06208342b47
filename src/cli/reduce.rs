//! `nsudoku reduce`: apply techniques to a fixed point; print the candidate grid or the solution.

use super::logic::{self, techniques_help};
use super::solve::{MARK_INVALID, MARK_NONE};
use super::{exit_status, plural, prefix, thread_pool, InputArgs, Notes};
use nsudoku::input::Puzzle;
use nsudoku::logic::{engine, limits};
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
    /// Stop reducing a puzzle after this much time (seconds, or with a unit: 500ms, 2s, 1m);
    /// its candidate grid is printed as the deductions so far leave it, with exit status 1.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    #[command(flatten)]
    limits: logic::LimitArgs,
}

/// One reduced puzzle: its output line, what to say on stderr, and whether it fails the run.
struct Reduced {
    line: String,
    said: Vec<String>,
    failed: bool,
}

pub fn run(a: ReduceArgs) -> io::Result<ExitCode> {
    logic::validate(a.techniques.as_deref()).map_err(io::Error::other)?;
    let mut feed = a.input.feed().logic_only("reduce");
    let mut notes = Notes::default();
    let mut out = io::BufWriter::new(super::stdout());
    let mut failed = false;
    // Each line goes out as soon as it and those before it are reduced (and `| head` ends the
    // run early).
    let pool = thread_pool(a.threads)?;
    let work = |p: &Puzzle| with_basis!(p.k, B => reduce::<B>(p, &a));
    let mut first = true;
    feed.run(&pool, work, |label, res| {
        let line = match res {
            Ok((p, Ok(r))) => {
                notes.tell(label, p);
                if let Some(note) = notes.idle(label, p, a.techniques.as_deref()) {
                    say!("{note}");
                }
                for why in &r.said {
                    say!("{}{why}", prefix(label));
                }
                failed |= r.failed;
                r.line
            }
            Ok((p, Err(e))) => {
                notes.tell(label, p);
                say!("{}{e}", prefix(label));
                failed = true;
                MARK_NONE.to_string()
            }
            Err(e) => {
                say!("{}{e}", prefix(label));
                failed = true;
                MARK_INVALID.to_string()
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

/// The reduced puzzle's line. A puzzle left unfinished by the deadline fails the run; one the
/// techniques leave unfinished is searched (as by `explain`) and fails it unless the search
/// finds one solution. Bounds hit are said, as `explain` says them.
fn reduce<B: Basis>(p: &Puzzle, a: &ReduceArgs) -> Result<Reduced, String> {
    let mut s = logic::state::<B>(p)?;
    let ts = logic::techniques_for(a.techniques.as_deref(), B::N);
    let cfg = a.limits.config().until(a.timeout);
    let cfg = logic::config_for(cfg, p, &ts);
    limits::take();
    let applied = engine::reduce(&mut s, &ts, &cfg)
        .map_err(|_| format!("{}: no solution (logic reached a contradiction)", p.place()))?;
    let mut said: Vec<String> = limits::take().note(&p.place(), &cfg).into_iter().collect();
    if s.is_complete() {
        let line = output::solution(p, &s.digits(), a.input.boxed());
        let failed = false;
        return Ok(Reduced { line, said, failed });
    }
    let line = output::candidates(p, &s.grid().to_masks(), a.input.boxed());
    let why = if cfg.past_deadline() {
        Some(format!(
            "timeout exceeded after {}; expected a puzzle reduced within --timeout (the \
             candidate grid is what they leave)",
            plural(applied.len(), "deduction")
        ))
    } else {
        let not_one = logic::search_stuck(p, &cfg).not_one();
        not_one.map(|what| format!("{what}; the candidate grid is what the techniques leave"))
    };
    let failed = why.is_some();
    said.extend(why.map(|what| format!("{}: {what}", p.place())));
    Ok(Reduced { line, said, failed })
}
