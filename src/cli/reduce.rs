//! `nsudoku reduce`: apply techniques to a fixed point; print the candidate grid or the solution.

use super::logic::{self, techniques_help, Solutions};
use super::mistake::{self, Blame};
use super::solve::{MARK_INVALID, MARK_NONE};
use super::verdict;
use super::{exit_status, json_failure, plural, prefix, thread_pool, with_file, InputArgs, Notes};
use nsudoku::input::Puzzle;
use nsudoku::logic::engine::{self, End};
use nsudoku::logic::limits::{self, Hits};
use nsudoku::logic::TechniqueList;
use nsudoku::{output, with_basis, Basis};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = techniques_help())]
pub struct ReduceArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Techniques to apply (comma-separated names, see below); default: all.
    #[arg(long, visible_alias = "technique")]
    techniques: Option<TechniqueList>,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0, value_parser = super::threads_arg)]
    threads: usize,
    /// Stop reducing a puzzle after this much time (seconds, or with a unit: 500ms, 2s, 1m);
    /// its candidate grid is printed as the deductions so far leave it, with exit status 1.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    /// One JSON object a puzzle, as `explain --json`'s last: `end` (solved, stuck, timeout,
    /// contradiction or invalid), `deductions` (every deduction applied, a technique's all at
    /// once: not `explain`'s step count), `grid`, and `solutions` when searched.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: logic::LimitArgs,
}

/// One reduced puzzle: how it ended, what to print for it, what to say on stderr, and
/// whether it fails the run.
struct Reduced {
    end: End,
    /// Deductions applied; after a contradiction the last is the one that broke the grid.
    deductions: usize,
    /// The solution, or the candidate grid the deductions leave.
    grid: String,
    /// The search's count of a puzzle left unfinished, and 0 after a contradiction.
    sols: Option<Solutions>,
    /// What the contradiction broke, when it can be named.
    clash: Option<String>,
    /// What a grid without a solution got wrong, when a search tells.
    blame: Option<Blame>,
    limits: Hits,
    said: Vec<String>,
    failed: bool,
}

impl Reduced {
    /// The puzzle's output line: the solution, `no solution` after a contradiction, else the
    /// candidate grid.
    fn text(&self) -> String {
        match self.end {
            End::Contradiction => MARK_NONE.to_string(),
            _ => self.grid.clone(),
        }
    }

    /// The puzzle's JSON record, shaped as `explain --json`'s last one (`deductions` for its
    /// `steps`).
    fn json(&self, p: &Puzzle, label: &Option<String>) -> String {
        let mut v = serde_json::json!({
            "end": self.end.as_str(),
            "deductions": self.deductions,
            "grid": self.grid,
        });
        super::set_place(&mut v, p);
        if !self.limits.is_empty() {
            v["limits"] = serde_json::to_value(self.limits).expect("plain counters");
        }
        if let Some(why) = &self.clash {
            v["error"] = why.as_str().into();
        }
        if let Some(b) = &self.blame {
            b.record(&mut v);
        }
        if let Some(sols) = self.sols {
            // As in `explain` and `rate`: 0, 1, 2 (two or more), or null.
            v["solutions"] = sols.count().into();
        }
        with_file(v, label)
    }
}

pub fn run(a: ReduceArgs) -> io::Result<ExitCode> {
    a.input.check_json(a.json)?;
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
            Ok((p, r)) => {
                notes.tell_all(label, p, a.techniques.as_ref());
                for why in &r.said {
                    say!("{}{why}", prefix(label));
                }
                failed |= r.failed;
                if a.json {
                    r.json(p, label)
                } else if a.input.boxed() {
                    super::labelled_grid(p, r.text())
                } else {
                    super::labelled(p, r.text())
                }
            }
            Err(e) => {
                say!("{}{e}", prefix(label));
                failed = true;
                if a.json {
                    json_failure(label, e)
                } else {
                    MARK_INVALID.to_string()
                }
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

/// Reduce `p`. A puzzle left unfinished by the deadline fails the run; one the techniques leave
/// unfinished is searched (as by `explain`) and fails it unless the search finds one solution;
/// a contradiction, in the givens or reached by the deductions, fails it and is named. Bounds
/// hit are said, as `explain` says them.
fn reduce<B: Basis>(p: &Puzzle, a: &ReduceArgs) -> Reduced {
    let place = p.place();
    let cfg = a.limits.config().until(a.timeout);
    let mut s = match logic::state::<B>(p, cfg.deadline) {
        Ok(s) => s,
        Err(clash) => {
            return Reduced {
                end: End::Contradiction,
                deductions: 0,
                grid: p.in_case(output::candidates_line(p.k, &p.masks, p.text_alphabet())),
                sols: Some(Solutions::Zero),
                said: vec![format!("{place}: {}", clash.said())],
                clash: Some(clash.what),
                blame: clash.blame,
                limits: Hits::default(),
                failed: true,
            }
        }
    };
    let boxed = a.input.boxed() && !a.json;
    let ts = logic::techniques_for(a.techniques.as_ref(), B::N);
    let (cfg, count) = logic::config_and_count(cfg, p, &ts);
    let blame = mistake::no_solution_note::<B>(p, count, cfg.deadline);
    limits::take();
    let (applied, end) = engine::reduce_to_end(&mut s, &ts, &cfg);
    let limits = limits::take();
    let mut said: Vec<String> = blame
        .iter()
        .map(|b| format!("{place}: {}; the grid below rests on it", b.note))
        .chain(limits.note(&place, &cfg))
        .collect();
    let deductions = applied.len();
    let (sols, clash, why) = match end {
        End::Solved => (None, None, None),
        End::Contradiction => {
            let clash = verdict::clash_text(p, &applied);
            let why = match &clash {
                Some(what) => {
                    format!("no solution: contradiction at deduction {deductions}: {what}")
                }
                None => format!("no solution: contradiction at deduction {deductions}"),
            };
            (Some(Solutions::Zero), clash, Some(why))
        }
        End::Timeout => {
            let why = format!(
                "timeout exceeded after {}; expected a puzzle reduced within --timeout (the \
                 candidate grid is what they leave)",
                plural(deductions, "deduction")
            );
            // `null` (not settled), or 1, as `explain` and `rate` say.
            (Some(Solutions::cut_short(cfg.unique)), None, Some(why))
        }
        End::Stuck | End::StepLimit => {
            let sols = logic::search_stuck(p, &cfg);
            let why = sols
                .not_one()
                .map(|what| format!("{what}; the candidate grid is what the techniques leave"));
            (Some(sols), None, why)
        }
    };
    // After a contradiction, the grid as the breaking deduction left it, as `explain` prints it.
    let grid = match end {
        End::Solved => output::solution(p, &s.digits(), boxed),
        _ => output::candidates(p, &s.grid().to_masks(), boxed),
    };
    let failed = why.is_some();
    said.extend(why.map(|what| format!("{place}: {what}")));
    Reduced {
        end,
        deductions,
        grid,
        sols,
        clash,
        blame,
        limits,
        said,
        failed,
    }
}
