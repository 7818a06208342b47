//! `nsudoku find --technique NAME`: every instance of one technique in the given state.

use super::logic::{self, techniques_help};
use super::mistake::{self, Clash};
use super::{at, each_puzzle, exit_status, plural, with_file, InputArgs};
use nsudoku::input::Puzzle;
use nsudoku::logic::engine::End;
use nsudoku::logic::{limits, Deduction, Flow, Technique, TechniqueList};
use nsudoku::topology::Topology;
use nsudoku::{with_basis, Basis};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = techniques_help())]
pub struct FindArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The technique (a name, a family such as `naked-tuple`, or a comma-separated list).
    #[arg(long, visible_alias = "techniques")]
    technique: TechniqueList,
    /// One JSON object a line per deduction.
    #[arg(long)]
    json: bool,
    /// Stop a puzzle's search after this much time (seconds, or with a unit: 500ms, 2s, 1m);
    /// the deductions found so far are printed, with exit status 1.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    /// Show each y-edge of a Y-Cycle with the bivalue cells it runs through
    /// (`r3c3~r7c1 by bivalue (9)r3c3=(1)r3c3-(1)r3c7=…=(9)r7c1`; without, `r3c3~r7c1`).
    #[arg(long)]
    verbose: bool,
    /// Search the state after the first N steps of `explain`'s solving path (every technique),
    /// not the puzzle as given: what else step N + 1 could have been. A path that ends sooner
    /// is said on stderr, and its end searched.
    #[arg(long, value_name = "N", value_parser = super::at_least::<0, u64>)]
    after_steps: Option<u64>,
    /// With --after-steps: follow `explain --rated`'s path (the easiest step by rating, as
    /// `rate` measures it) instead.
    #[arg(long)]
    rated: bool,
    #[command(flatten)]
    limits: logic::LimitArgs,
}

pub fn run(a: FindArgs) -> io::Result<ExitCode> {
    if a.rated && a.after_steps.is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--rated chooses `explain --rated`'s path for --after-steps, and find searches the \
             puzzle as given without it; expected --after-steps N with --rated",
        ));
    }
    a.input.check_no_grid("find")?;
    let feed = a.input.feed().logic_only("find");
    let mut out = io::BufWriter::new(super::stdout());
    let techniques = Some(&a.technique);
    let failed = each_puzzle(
        feed,
        techniques,
        a.json,
        false,
        &mut out,
        |label, p, _, out| {
            match with_basis!(p.k, B => find::<B>(p, &a, label, out))? {
                Ok(timed_out) => Ok(timed_out),
                Err(clash) => {
                    say!("{}: {}", at(label, p), clash.said());
                    if a.json {
                        // The record names its line: the error says only what clashes.
                        let mut v = serde_json::json!({"end": "contradiction"});
                        clash.record(&mut v);
                        super::set_place(&mut v, p);
                        writeln!(out, "{}", with_file(v, label))?;
                    } else {
                        writeln!(out, "contradiction")?;
                    }
                    Ok(true)
                }
            }
        },
    )?;
    out.flush()?;
    Ok(exit_status(failed))
}

/// Write every deduction of the techniques asked for to `out`, a line each, as it is found (a
/// search can report millions on a large candidate grid: none is held). What stopped the
/// search short is said on stderr: the deadline fails the run (`Ok(true)`); a bound hit does
/// not, as in `explain`, but a user learns why a technique found nothing. `Err` is a puzzle
/// whose givens contradict, before any output.
fn find<B: Basis>(
    p: &Puzzle,
    a: &FindArgs,
    label: &Option<String>,
    out: &mut impl Write,
) -> io::Result<Result<bool, Clash>> {
    let cfg = a.limits.config().until(a.timeout);
    let mut s = match logic::state::<B>(p, cfg.deadline) {
        Ok(s) => s,
        Err(e) => return Ok(Err(e)),
    };
    let topo = B::topology();
    let ts = a.technique.for_size(B::N);
    // The path's techniques are counted for too: its uniqueness steps need the proof.
    let path_ts = a
        .after_steps
        .map(|_| logic::path_techniques(None, B::N, a.rated));
    let counted: Vec<Technique> = ts.iter().chain(path_ts.iter().flatten()).copied().collect();
    let (cfg, count) = logic::config_and_count(cfg, p, &counted);
    let blame = mistake::no_solution_note::<B>(p, count, cfg.deadline);
    if let Some(b) = &blame {
        say!("{}: {}; what is listed rests on it", at(label, p), b.note);
    }
    let taken = match (a.after_steps, &path_ts) {
        (Some(n), Some(path_ts)) => {
            let n = usize::try_from(n).unwrap_or(usize::MAX);
            let path = if a.rated {
                let go_on = |_: &Deduction| std::ops::ControlFlow::Continue(());
                nsudoku::rating::rated_path_told(&mut s, path_ts, &cfg, n, go_on)
            } else {
                nsudoku::logic::engine::solve_path(&mut s, path_ts, &cfg, n)
            };
            if path.end == End::Timeout {
                // Cut, not ended: the search after it has no time left either.
                say!(
                    "{}: --timeout ran out while following the path, after {} of {n}; nothing \
                     was searched",
                    at(label, p),
                    plural(path.steps.len(), "step"),
                );
            } else if path.steps.len() < n {
                say!(
                    "{}: the path ends after {} ({}); what is listed is at its end",
                    at(label, p),
                    plural(path.steps.len(), "step"),
                    path.end.as_str()
                );
            }
            Some(path.steps.len())
        }
        _ => None,
    };
    limits::take();
    let (mut searched, mut found) = (0, 0usize);
    // Tuples on the cells where a line crosses a box, which the finder reports for each house
    // that holds them: a second with the same eliminations says nothing new (its line reads
    // the same) and is left out. Only those are kept, as hashes: a list can run to millions.
    let mut on_segments = HashSet::new();
    let form = logic::Form {
        json: a.json,
        rated: false,
        verbose: a.verbose,
    };
    for &t in &ts {
        if cfg.past_deadline() {
            break;
        }
        let mut failure = None;
        let _ = nsudoku::logic::find(&s, t, &cfg, &mut |d| {
            if segment_tuple(&d, topo).is_some_and(|key| !on_segments.insert(key)) {
                return Flow::Continue;
            }
            let written = logic::write_deduction::<B>(out, &d, (p, label), form, None);
            found += 1;
            match written {
                Ok(()) => Flow::Continue,
                Err(e) => {
                    failure = Some(e);
                    Flow::Stop
                }
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        // Counted once the search ran to its end: the deadline may have cut it short.
        if !cfg.past_deadline() {
            searched += 1;
        }
    }
    let place = at(label, p);
    // Without a proof of one solution they find nothing: a user is told why.
    let skipped: Vec<String> = ts
        .iter()
        .filter(|t| t.needs_uniqueness() && !cfg.unique)
        .map(|t| t.cli_name())
        .collect();
    if let Some(count) = count.filter(|_| !skipped.is_empty()) {
        let why = logic::not_proved(count);
        say!(
            "{place}: {} not run: the puzzle is not proved to have one solution ({why})",
            skipped.join(", "),
        );
    }
    let hits = limits::take();
    if let Some(note) = hits.note(&place, &cfg) {
        say!("{note}");
    }
    let timed_out = cfg.past_deadline();
    if timed_out {
        say!(
            "{place}: timeout exceeded after {searched} of {} searched to the end; expected a \
             search within --timeout (what it found is printed)",
            plural(ts.len(), "technique")
        );
    }
    if found == 0 && !timed_out && !a.json {
        // Silence would read as a file or technique name gone wrong.
        let what = match ts.len() {
            1..=3 => ts
                .iter()
                .map(|t| t.cli_name())
                .collect::<Vec<_>>()
                .join(", "),
            n => format!("any of {n} techniques"),
        };
        say!("{place}: nothing found ({what})");
    }
    if timed_out && !a.json {
        // As `explain` and `pom` end a path or report the deadline cut: the list is not all.
        writeln!(out, "timeout")?;
    }
    if a.json {
        // The puzzle's last record, as in `explain`: a reader learns that a puzzle with no
        // instance was searched, and whether the deadline cut the list short.
        let end = if timed_out { "timeout" } else { "listed" };
        let mut v = serde_json::json!({"end": end, "found": found});
        if let Some(taken) = taken {
            v["after_steps"] = taken.into();
        }
        if !hits.is_empty() {
            v["limits"] = serde_json::to_value(hits).expect("plain counters");
        }
        if !skipped.is_empty() {
            v["not_run"] = skipped.into();
        }
        if let Some(b) = &blame {
            b.record(&mut v);
        }
        super::set_place(&mut v, p);
        writeln!(out, "{}", with_file(v, label))?;
    }
    Ok(Ok(timed_out))
}

/// A hash of `d`'s technique, cells and eliminations when `d` is a tuple whose cells lie in one
/// line and one box.
fn segment_tuple(d: &Deduction, t: &Topology) -> Option<u64> {
    if !matches!(
        d.technique,
        Technique::NakedTuple(_) | Technique::HiddenTuple(_)
    ) {
        return None;
    }
    let cells = &d.evidence.cells;
    let houses = |c: &u16| t.houses_of(*c as usize);
    let first = houses(cells.first()?);
    let shared = |i: usize| cells.iter().all(|c| houses(c)[i] == first[i]);
    if !(shared(2) && (shared(0) || shared(1))) {
        return None;
    }
    let mut h = DefaultHasher::new();
    (d.technique, cells, &d.eliminations).hash(&mut h);
    Some(h.finish())
}
