//! `nsudoku rate`: a difficulty for every puzzle, `puzzle ER/EP/ED` a line (or JSON lines),
//! in parallel, in input order.

use super::logic::{search_stuck, Solutions};
use super::mistake::{marks_mistake, Blame};
use super::solve::MARK_INVALID;
use super::verdict;
use super::{
    at, exit_status, json_failure, plural, prefix, thread_pool, with_file, InputArgs, Notes,
};
use nsudoku::input::Puzzle;
use nsudoku::logic::engine::End;
use nsudoku::logic::{clash_words, givens_clash, Config, State};
use nsudoku::rating::{self, Rating};
use nsudoku::{output, with_basis, Basis};
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// One JSON object a line instead of `puzzle ER/EP/ED`.
    #[arg(long)]
    json: bool,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0, value_parser = super::threads_arg)]
    threads: usize,
    /// Print the distribution of ratings and the time per puzzle on stderr.
    #[arg(long)]
    stats: bool,
    /// Stop rating a puzzle after this much time (seconds, or with a unit: 500ms, 2s, 1m); it
    /// is reported as timed out, with the rating of the steps taken.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    #[command(flatten)]
    limits: super::logic::LimitArgs,
}

/// What rating made of a puzzle.
enum Outcome {
    /// Its givens contradict each other: nothing to rate.
    Clash,
    /// Its rating, the seconds it took, and for a puzzle the techniques got stuck on, how
    /// many solutions a search found.
    Rated(Rated),
}

/// A rated puzzle, with what its path's end says beyond the rating.
struct Rated {
    rating: Rating,
    secs: f64,
    /// A search's count of a puzzle the techniques got stuck on.
    sols: Option<Solutions>,
    /// What the step that broke the grid breaks, as `explain` names it.
    clash: Option<String>,
    /// For a candidate grid without a solution, what its marks got wrong
    /// ([`marks_mistake`]).
    mistake: Option<Blame>,
}

/// What the last step of `p`'s rated path breaks, on a path that ends in a contradiction:
/// the path is taken again (a rating keeps no steps), which the contradiction cuts short.
fn rated_clash(p: &Puzzle, cfg: &Config) -> Option<String> {
    with_basis!(p.k, B => {
        let mut s = State::<B>::of_puzzle(p).ok()?;
        let ts = rating::rating_order(B::N);
        let path = rating::rated_path_told(&mut s, &ts, cfg, usize::MAX, |_| {
            ControlFlow::Continue(())
        });
        (path.end == End::Contradiction)
            .then(|| verdict::clash_text(p, &path.steps))
            .flatten()
    })
}

/// Search a stuck puzzle (a contradiction already proves it has no solution).
fn solutions_of_stuck(p: &Puzzle, r: &Rating, cfg: &Config) -> Option<Solutions> {
    if matches!(r.end, End::Solved | End::Contradiction | End::Timeout) {
        return None;
    }
    Some(search_stuck(p, cfg))
}

pub fn run(a: RateArgs) -> io::Result<ExitCode> {
    a.input.check_no_grid("rate")?;
    let mut feed = a.input.feed().logic_only("rate");
    let mut notes = Notes::default();
    let cfg = a.limits.config();
    let start = Instant::now();
    let mut out = io::BufWriter::new(super::stdout());
    let mut times = Vec::new();
    // Each rating with what a search found of a stuck puzzle, for --stats.
    let mut ratings: Vec<(Rating, Option<Solutions>)> = Vec::new();
    let mut bad = 0usize;
    // Lines that are not puzzles: not rated, but counted by --stats.
    let mut invalid = 0usize;
    // Puzzles whose givens contradict each other: no rating, but counted by --stats.
    let mut clashes = 0usize;
    let pool = thread_pool(a.threads)?;
    // Each line goes out as soon as it and those before it are rated.
    let work = |p: &Puzzle| {
        let t = Instant::now();
        let deadline = a.timeout.and_then(|d| t.checked_add(d));
        let cfg = Config {
            deadline,
            unique: nsudoku::solve::proved_unique(p, deadline),
            ..cfg
        };
        match rating::rate(p, &cfg) {
            Ok(rating) => {
                let secs = t.elapsed().as_secs_f64();
                let sols = solutions_of_stuck(p, &rating, &cfg);
                let clash = (rating.end == End::Contradiction)
                    .then(|| rated_clash(p, &cfg))
                    .flatten();
                let none = rating.end == End::Contradiction || sols == Some(Solutions::Zero);
                let mistake = none
                    .then(|| with_basis!(p.k, B => marks_mistake::<B>(p, deadline)))
                    .flatten();
                Outcome::Rated(Rated {
                    rating,
                    secs,
                    sols,
                    clash,
                    mistake,
                })
            }
            Err(_) => Outcome::Clash,
        }
    };
    feed.run(&pool, work, |label, res| {
        let line = match res {
            Err(e) => {
                say!("{}{e}", prefix(label));
                bad += 1;
                invalid += 1;
                if a.json {
                    json_failure(label, e)
                } else {
                    MARK_INVALID.to_string()
                }
            }
            Ok((p, Outcome::Clash)) => {
                notes.tell(label, p);
                let why = givens_clash(p);
                say!(
                    "{}: no solution ({why}); expected a puzzle with one solution",
                    at(label, p),
                );
                bad += 1;
                clashes += 1;
                let text = output::puzzle_line(p);
                if a.json {
                    let mut v = serde_json::json!({
                        "puzzle": text,
                        "end": "contradiction",
                        "steps": 0,
                        "solutions": 0,
                        "error": why,
                    });
                    super::set_place(&mut v, p);
                    with_file(v, label)
                } else {
                    super::labelled(p, format!("{text} no solution ({})", clash_words(p)))
                }
            }
            Ok((p, Outcome::Rated(rated))) => {
                notes.tell(label, p);
                let Rated {
                    rating: r,
                    secs,
                    sols,
                    clash,
                    mistake,
                } = rated;
                times.push(secs);
                let line = if a.json {
                    let mut v = json_record(p, &r, secs, sols);
                    if let Some(why) = &clash {
                        v["error"] = why.as_str().into();
                    }
                    if let Some(why) = &mistake {
                        why.record(&mut v);
                    }
                    with_file(v, label)
                } else {
                    super::labelled(p, render(p, &r, sols))
                };
                if r.end != End::Solved {
                    say!(
                        "{}: {}",
                        at(label, p),
                        why_unrated(
                            &r,
                            sols,
                            clash.as_deref(),
                            mistake.map(|b| b.note).as_deref()
                        )
                    );
                    bad += 1;
                }
                if let Some(note) = r.limits.note(&at(label, p), &cfg) {
                    say!("{note}");
                }
                ratings.push((r, sols));
                line
            }
        };
        writeln!(out, "{line}")?;
        out.flush()
    })?;
    out.flush()?;
    if a.stats {
        let unrated = Unrated { clashes, invalid };
        print_stats(&ratings, unrated, &mut times, start.elapsed().as_secs_f64());
    }
    Ok(exit_status(bad > 0))
}

/// The stderr reason for a puzzle that is not rated to the end (`clash`: what the step that
/// broke the grid breaks; `mistake`: what a candidate grid's marks got wrong).
fn why_unrated(
    r: &Rating,
    sols: Option<Solutions>,
    clash: Option<&str>,
    mistake: Option<&str>,
) -> String {
    let cause = mistake.map(|m| format!(": {m}")).unwrap_or_default();
    let stuck = format!(
        "the techniques get stuck after {} with {} open",
        plural(r.steps, "step"),
        plural(r.open, "cell")
    );
    match (r.end, sols) {
        (End::Timeout, _) => format!(
            "timeout exceeded after {} with {} open; expected a puzzle rated within --timeout",
            plural(r.steps, "step"),
            plural(r.open, "cell")
        ),
        (End::Contradiction, _) => {
            let what = clash.map(|c| format!(": {c}")).unwrap_or_default();
            format!(
                "no solution (a contradiction at step {}{what}){cause}; expected a puzzle with \
                 one solution",
                r.steps
            )
        }
        (_, Some(Solutions::Zero)) => {
            format!("no solution ({stuck}){cause}; expected a puzzle with one solution")
        }
        (_, Some(Solutions::Several)) => {
            format!("several solutions ({stuck}); expected a puzzle with one solution")
        }
        (_, Some(Solutions::Unknown(searched))) => {
            format!("{stuck}, and {}", Solutions::unsettled(searched))
        }
        _ => format!("{stuck}; the rating covers the steps taken"),
    }
}

/// A rated puzzle's record for `--json`.
fn json_record(p: &Puzzle, r: &Rating, secs: f64, sols: Option<Solutions>) -> serde_json::Value {
    // 0, 1, 2 (two or more), or null when a search did not settle it.
    let solutions = match r.end {
        End::Solved => Some(1),
        End::Contradiction => Some(0),
        _ => sols.and_then(Solutions::count),
    };
    let mut v = serde_json::json!({
        "puzzle": output::puzzle_line(p),
        "er": r.er,
        "ep": r.ep,
        "ed": r.ed,
        "end": r.end,
        "steps": r.steps,
        "open": r.open,
        "hardest": r.hardest.map(|t| t.cli_name()),
        "solutions": solutions,
        "seconds": secs,
    });
    super::set_place(&mut v, p);
    if !r.limits.is_empty() {
        v["limits"] = serde_json::to_value(r.limits).expect("plain counters");
    }
    v
}

/// A rated puzzle's line of text: `puzzle ER/EP/ED`, or how it ended.
fn render(p: &Puzzle, r: &Rating, sols: Option<Solutions>) -> String {
    let text = output::puzzle_line(p);
    match r.end {
        // As the rating says it; a stuck one with what the search found of the puzzle.
        End::Solved | End::Contradiction | End::Timeout => format!("{text} {r}"),
        _ => {
            let stuck = format!(
                "stuck after {}, {} open",
                plural(r.steps, "step"),
                plural(r.open, "cell"),
            );
            let er = r.er;
            // One pair of parentheses: `(stuck …, hardest 0.0)`, not `(stuck … (hardest 0.0))`.
            match sols {
                Some(Solutions::Zero) => format!("{text} no solution ({stuck}, hardest {er:.1})"),
                Some(Solutions::Several) => {
                    format!("{text} several solutions ({stuck}, hardest {er:.1})")
                }
                _ => format!("{text} {stuck} (hardest {er:.1})"),
            }
        }
    }
}

/// Lines of a batch that got no rating.
struct Unrated {
    /// Puzzles whose givens contradict each other (no solution).
    clashes: usize,
    /// Lines that are not puzzles.
    invalid: usize,
}

/// How the puzzles ended (a contradiction, found by a step or in the givens, is no
/// solution; a stuck puzzle is told apart by what the search found of it), a histogram by
/// whole rating points, the hardest techniques, time per puzzle.
fn print_stats(
    ratings: &[(Rating, Option<Solutions>)],
    unrated: Unrated,
    times: &mut [f64],
    wall: f64,
) {
    let n = ratings.len().max(1) as f64;
    let count = |f: &dyn Fn(&Rating, Option<Solutions>) -> bool| {
        ratings.iter().filter(|(r, s)| f(r, *s)).count()
    };
    let solved = count(&|r, _| r.end == End::Solved);
    let timed_out = count(&|r, _| r.end == End::Timeout);
    let no_solution =
        count(&|r, s| r.end == End::Contradiction || s == Some(Solutions::Zero)) + unrated.clashes;
    let several = count(&|_, s| s == Some(Solutions::Several));
    let stuck = ratings.len() + unrated.clashes - solved - no_solution - timed_out - several;
    let more = [
        ("several solutions", several),
        ("timeout", timed_out),
        ("invalid", unrated.invalid),
    ];
    let more: String = more
        .iter()
        .filter(|(_, c)| *c > 0)
        .map(|(what, c)| format!("  {what} {c}"))
        .collect();
    say!(
        "rated {}  solved {solved}  stuck {stuck}  no solution {no_solution}{more}",
        ratings.len() + unrated.clashes,
    );
    let mut buckets = std::collections::BTreeMap::new();
    let mut hardest = std::collections::BTreeMap::new();
    for (r, _) in ratings.iter().filter(|(r, _)| r.end == End::Solved) {
        *buckets.entry(r.er.floor() as i32).or_insert(0usize) += 1;
        if let Some(t) = r.hardest {
            *hardest.entry(t.cli_name()).or_insert(0usize) += 1;
        }
    }
    // Of the solved puzzles alone: a stuck path's ER is only what its steps reached.
    if solved < ratings.len() + unrated.clashes && solved > 0 {
        say!("  ER of the {} solved:", plural(solved, "puzzle"));
    }
    // ER runs from 1.0 to 12.x: the ranges are padded to the widest, so the counts line up.
    for (b, c) in &buckets {
        let range = format!("{b}.0-{b}.9");
        say!(
            "  ER {range:<9}  {c:6}  {:5.1}%",
            100.0 * *c as f64 / solved as f64
        );
    }
    let mut h: Vec<_> = hardest.into_iter().collect();
    h.sort_by_key(|b| std::cmp::Reverse(b.1));
    let h: Vec<String> = h.iter().map(|(t, c)| format!("{t} {c}")).collect();
    if !h.is_empty() {
        say!("  hardest step: {}", h.join(", "));
    }
    if times.is_empty() {
        say!("wall {wall:.2} s  no puzzle was rated");
        return;
    }
    let mean = times.iter().sum::<f64>() / n;
    let (median, worst) = super::median_worst(times);
    say!(
        "wall {wall:.2} s  per puzzle: mean {:.1} ms  median {:.1} ms  worst {:.1} ms",
        mean * 1e3,
        median * 1e3,
        worst * 1e3
    );
}
