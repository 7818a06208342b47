//! `nsudoku study`: measurements across bases. `study tuples` is the tuple-size study.

use super::{exit_status, with_threads, InputArgs};
use nsudoku::generate::Rng;
use nsudoku::input::{Puzzle, Record};
use nsudoku::solve;
use nsudoku::solver::{SolveOptions, Verdict};
use nsudoku::study::{self, CapRow, TupleRow};
use nsudoku::{with_basis, Grid, Mask};
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct StudyArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand, Debug)]
enum What {
    /// Which naked and hidden tuple sizes pay at each basis, and what they cost.
    ///
    /// Each puzzle with one solution is reduced by singles and locked candidates; then, per
    /// basis, kind and size k: `houses` where k is the smaller side of a tuple and its
    /// complement (more than 2k open cells, or 2k for naked tuples: each deduction is counted
    /// once, and a hidden tuple of a line and a box once), `subsets` this enumeration examined
    /// there (its own measure of work: extensions of a partial subset by one item, after its
    /// pruning), `tuples` present (eliminating or not), those `eliminating`, their
    /// `eliminations` (summed over tuples, not distinct candidates), the same two for
    /// `minimal` eliminating tuples (that split into no smaller deductions, through a smaller
    /// tuple on either side: the deductions that need size k), and the finder's time, which
    /// includes finding the larger sides. Then, per cap k_max, the search after tuples up to
    /// k_max: puzzles solved by logic, search nodes (depth-first nodes, plus CDCL conflicts
    /// from 16×16 up) and time. Solved grids (as `generate --solution` writes from 36×36 up)
    /// are left out with a note.
    Tuples(TuplesArgs),
}

#[derive(clap::Args, Debug)]
struct TuplesArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Largest tuple size studied (default: K + 3, at most N/2).
    #[arg(long, value_parser = super::at_least::<2, usize>)]
    k_max: Option<usize>,
    /// Use only the first this many puzzles of each basis that have one solution (after a
    /// shuffle of that basis's puzzles with --seed: the same sample whatever else the input
    /// holds; --json lists it). A puzzle passed over for another count, or one not settled
    /// within --timeout, is named on stderr and the next one is taken.
    #[arg(long, value_parser = super::at_least::<1, usize>)]
    max_puzzles: Option<usize>,
    /// Seed of the shuffle that --max-puzzles samples from.
    #[arg(long, default_value_t = 1, value_parser = super::at_least::<0, u64>)]
    seed: u64,
    /// Time each measurement this many times and keep the fastest: one run can take a
    /// preemption, milliseconds against a finder's microseconds. At most 100.
    #[arg(long, default_value_t = 1, value_parser = super::within::<1, MAX_TRIALS, usize>)]
    trials: usize,
    /// Print CSV (two blocks, per tuple size then per cap, a blank line between: read each
    /// on its own) instead of markdown tables. Every count and time is a total over the
    /// row's `puzzles`, where the tables divide eliminations, nodes and time by them (per
    /// puzzle).
    #[arg(long)]
    csv: bool,
    /// Print JSON instead of markdown tables; totals over each row's `puzzles`, as --csv,
    /// with the run's settings and the puzzles studied.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Also write an SVG chart (eliminations and time against k, one line per basis, told
    /// apart by dash and colour; the figures in words in its `<desc>`) here.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Most time the count that checks a puzzle has one solution may take (seconds, or with a
    /// unit: 500ms, 2s, 1m); a puzzle not settled within it is named and left out.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration,
          default_value = "10s")]
    timeout: std::time::Duration,
}

/// Most `--trials`: each trial runs every tuple finder and every capped search of every
/// puzzle again (README's study, five trials, takes 13-15 s; a hundred, about five minutes),
/// and the fastest of a hundred runs is long past a preemption's.
const MAX_TRIALS: u64 = 100;

pub fn run(a: StudyArgs) -> io::Result<ExitCode> {
    match a.what {
        What::Tuples(t) => tuples(t),
    }
}

/// Puzzles left out of a study that are named one by one on stderr: a file of puzzles with
/// several solutions (given by mistake, or searched through for a `--max-puzzles` sample)
/// would otherwise bury the tables under a line each.
const NAMED: usize = 20;

/// Name the puzzles left out of a study on stderr, in input order, the first [`NAMED`] of
/// them, and count the rest; how many.
fn say_left_out(left_out: &mut [(usize, String)]) -> usize {
    left_out.sort_by_key(|(i, _)| *i);
    let lines = left_out
        .iter()
        .map(|(_, why)| format!("{why}; left out of the study"));
    say_first(lines, |more| {
        let more = super::plural(more, "more puzzle");
        format!("{more} left out of the study (invalid, or not with one solution)")
    });
    left_out.len()
}

/// Say the first [`NAMED`] of `lines` on stderr, then `rest` of how many more there were.
fn say_first(lines: impl ExactSizeIterator<Item = String>, rest: impl FnOnce(usize) -> String) {
    let more = lines.len().saturating_sub(NAMED);
    for line in lines.take(NAMED) {
        say!("{line}");
    }
    if more > 0 {
        say!("{}", rest(more));
    }
}

/// `study tuples`: the puzzles with one solution, measured basis by basis and printed.
fn tuples(a: TuplesArgs) -> io::Result<ExitCode> {
    // A picture that cannot be written fails now, not after the study.
    super::writable_file("--svg", a.svg.as_deref())?;
    super::readable_files(&a.input.files)?;
    let batch = a.input.read_no_grid("study")?.logic_only("study");
    batch.print_notes(None);
    // A study measures puzzles with one solution; the others are named on stderr, in input
    // order, and left out.
    let mut left_out: Vec<(usize, String)> = Vec::new();
    let puzzles = readable(batch.records, &mut left_out);
    if puzzles.is_empty() && left_out.is_empty() {
        // An input that could not be read has said so (exit status 2); an empty one has not.
        if super::any_unread() {
            return Ok(ExitCode::from(2));
        }
        return Err(io::Error::other("no puzzle to study"));
    }
    let (rows, caps, sample) = measure(&puzzles, &a, &mut left_out)?;
    let skipped = say_left_out(&mut left_out);
    if rows.is_empty() {
        // Say why: no line could be studied at all (unreadable, or beyond the logic's
        // sizes), or none of the puzzles read had one solution.
        if puzzles.is_empty() {
            say!("nsudoku: no puzzle the study can take");
        } else {
            say!("nsudoku: no puzzle with one solution to study");
        }
        return Ok(ExitCode::from(1));
    }
    let mut out = super::stdout();
    if a.json {
        print_json(&mut out, &a, &rows, &caps, &sample)?;
    } else if a.csv {
        print_csv(&mut out, &rows, &caps)?;
    } else {
        print_markdown(&mut out, &rows, &caps)?;
    }
    out.flush()?;
    // After the tables: a picture that cannot be written (a full disk) loses only itself.
    if let Some(path) = &a.svg {
        std::fs::write(path, study::svg(&rows)).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
        })?;
    }
    // As for every subcommand: 1 when a puzzle was left out (invalid, with no solution or
    // several, or not counted within --timeout).
    Ok(exit_status(skipped > 0))
}

/// The puzzles that could be read, each with its place in the input and its file; the lines
/// that could not are added to `left_out`.
fn readable(
    records: Vec<(Option<String>, Record)>,
    left_out: &mut Vec<(usize, String)>,
) -> Vec<(usize, Option<String>, Puzzle)> {
    records
        .into_iter()
        .enumerate()
        .filter_map(|(i, (label, r))| match r {
            Ok(p) => Some((i, label, p)),
            Err(e) => {
                left_out.push((i, format!("{}{e}", super::prefix(&label))));
                None
            }
        })
        .collect()
}

/// The puzzles of one basis a study took, where each is in the input.
#[derive(serde::Serialize)]
struct Sample {
    basis: usize,
    puzzles: Vec<String>,
}

/// Run the study on each basis in turn, smallest first; puzzles without one solution are
/// added to `left_out`. With the rows, the puzzles studied.
fn measure(
    puzzles: &[(usize, Option<String>, Puzzle)],
    a: &TuplesArgs,
    left_out: &mut Vec<(usize, String)>,
) -> io::Result<(Vec<TupleRow>, Vec<CapRow>, Vec<Sample>)> {
    let mut bases: Vec<usize> = puzzles.iter().map(|(_, _, p)| p.k).collect();
    bases.sort_unstable();
    bases.dedup();
    let (mut rows, mut caps): (Vec<TupleRow>, Vec<CapRow>) = (Vec::new(), Vec::new());
    let mut sample = Vec::new();
    for k in bases {
        let n = k * k;
        let k_max = a.k_max.unwrap_or(k + 3).min(n / 2).max(2);
        let taken = unique(puzzles, k, a, left_out);
        if taken.is_empty() {
            continue; // a table of no puzzles says nothing
        }
        if let Some(asked) = a.k_max.filter(|&asked| asked > k_max) {
            // A larger size is a smaller tuple's complement, which the study counts there.
            say!("note: {n}×{n}: tuples up to k = {k_max} (N/2), not --k-max {asked}");
        }
        let (r, c) = with_threads(1, || {
            with_basis!(k, B => {
                let grids: Vec<Grid<B>> =
                    taken.iter().map(|(_, p)| Grid::from_masks(&p.masks)).collect();
                study::tuples::<B>(&grids, k_max, a.trials)
            })
        })?;
        rows.extend(r);
        caps.extend(c);
        let puzzles = taken.iter().map(|(label, p)| super::at(label, p)).collect();
        sample.push(Sample { basis: k, puzzles });
    }
    Ok((rows, caps, sample))
}

/// The first `--max-puzzles` puzzles of basis `k` that have one solution, after a shuffle
/// with `--seed`, with their labels, in the order studied; those passed over for having
/// none or several, or a count not settled within `--timeout`, are added to `left_out`.
/// Solved grids, which have nothing to study, are passed over with a note.
fn unique<'p>(
    puzzles: &'p [(usize, Option<String>, Puzzle)],
    k: usize,
    a: &TuplesArgs,
    left_out: &mut Vec<(usize, String)>,
) -> Vec<(&'p Option<String>, &'p Puzzle)> {
    let (solved, mut mine): (Vec<_>, Vec<_>) = (puzzles.iter())
        .filter(|(_, _, p)| p.k == k)
        .partition(|(_, _, p)| p.masks.iter().all(|m| m.is_single()));
    say_solved(&solved);
    // Each basis is shuffled on its own, so that its sample does not depend on the others.
    Rng::new(a.seed).shuffle(&mut mine);
    let opts = SolveOptions {
        timeout: Some(a.timeout),
        ..SolveOptions::default()
    };
    let mut taken = Vec::new();
    for (i, label, p) in mine {
        if a.max_puzzles.is_some_and(|m| taken.len() >= m) {
            break;
        }
        let why = match solve::count_only(p, &opts).verdict() {
            Verdict::Solved => {
                taken.push((label, p));
                continue;
            }
            Verdict::Unsettled(_) => format!("not settled within --timeout ({:?})", a.timeout),
            Verdict::NoSolution => "no solution".into(),
            Verdict::Several => "several solutions".into(),
        };
        let prefix = super::prefix(label);
        left_out.push((*i, format!("{prefix}{}: {why}", p.place())));
    }
    taken
}

/// Say which solved grids a study passes over (the first [`NAMED`], then a count): a
/// solution written on its own line after its puzzle would count as a puzzle that logic
/// solves and halve every figure per puzzle.
fn say_solved(solved: &[&(usize, Option<String>, Puzzle)]) {
    let lines = solved.iter().map(|(_, label, p)| {
        let at = super::at(label, p);
        format!("note: {at}: a solved grid (no open cell): left out of the study")
    });
    say_first(lines, |more| {
        let more = super::plural(more, "more solved grid");
        format!("note: {more} left out of the study")
    });
}

/// `--json`: one object with the run's settings, both row lists in the order of the other
/// formats, and the puzzles studied.
fn print_json(
    out: &mut impl Write,
    a: &TuplesArgs,
    rows: &[TupleRow],
    caps: &[CapRow],
    sample: &[Sample],
) -> io::Result<()> {
    /// What a reader needs to run the study again: the version, the inputs and the options.
    #[derive(serde::Serialize)]
    struct Run<'a> {
        version: &'a str,
        files: Vec<String>,
        k_max: Option<usize>,
        max_puzzles: Option<usize>,
        seed: u64,
        trials: usize,
        timeout_s: f64,
    }
    #[derive(serde::Serialize)]
    struct Study<'a> {
        run: Run<'a>,
        tuples: &'a [TupleRow],
        caps: &'a [CapRow],
        sample: &'a [Sample],
    }
    let run = Run {
        version: env!("CARGO_PKG_VERSION"),
        files: a
            .input
            .files
            .iter()
            .map(|f| f.display().to_string())
            .collect(),
        k_max: a.k_max,
        max_puzzles: a.max_puzzles,
        seed: a.seed,
        trials: a.trials,
        timeout_s: a.timeout.as_secs_f64(),
    };
    let study = Study {
        run,
        tuples: rows,
        caps,
        sample,
    };
    serde_json::to_writer_pretty(&mut *out, &study)?;
    writeln!(out)
}

/// `--csv`: the rows per tuple size, a blank line, then the rows per cap; totals, not means.
fn print_csv(out: &mut impl Write, rows: &[TupleRow], caps: &[CapRow]) -> io::Result<()> {
    writeln!(
        out,
        "basis,kind,k,puzzles,houses,subsets,tuples,eliminating,eliminations,time_us,\
         minimal_eliminating,minimal_eliminations"
    )?;
    for r in rows {
        writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{:.1},{},{}",
            r.basis,
            r.kind,
            r.k,
            r.puzzles,
            r.houses,
            r.subsets,
            r.tuples,
            r.eliminating,
            r.eliminations,
            r.time_us,
            r.minimal_eliminating,
            r.minimal_eliminations
        )?;
    }
    writeln!(out)?;
    writeln!(out, "basis,k_max,puzzles,solved_by_logic,nodes,time_us")?;
    for c in caps {
        writeln!(
            out,
            "{},{},{},{},{},{:.1}",
            c.basis, c.k_max, c.puzzles, c.solved_by_logic, c.nodes, c.time_us
        )?;
    }
    Ok(())
}

/// The default output: two markdown tables, per tuple size and per cap, with means per puzzle.
fn print_markdown(out: &mut impl Write, rows: &[TupleRow], caps: &[CapRow]) -> io::Result<()> {
    writeln!(
        out,
        "### Tuples on grids reduced by singles and locked candidates\n"
    )?;
    writeln!(
        out,
        "| grid | kind | k | puzzles | houses | subsets examined | tuples | eliminating | \
         eliminations/puzzle | minimal | minimal eliminations/puzzle | µs/puzzle |"
    )?;
    writeln!(
        out,
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    )?;
    for r in rows {
        let p = r.puzzles.max(1) as f64;
        writeln!(
            out,
            "| {n}×{n} | {} | {} | {} | {} | {} | {} | {} | {:.2} | {} | {:.2} | {:.1} |",
            r.kind,
            r.k,
            r.puzzles,
            r.houses,
            r.subsets,
            r.tuples,
            r.eliminating,
            r.eliminations as f64 / p,
            r.minimal_eliminating,
            r.minimal_eliminations as f64 / p,
            r.time_us / p,
            n = r.basis * r.basis
        )?;
    }
    writeln!(out, "\n### Search after tuples up to k_max\n")?;
    writeln!(
        out,
        "| grid | k_max | puzzles | solved by logic | nodes/puzzle | µs/puzzle |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|")?;
    for c in caps {
        let p = c.puzzles.max(1) as f64;
        writeln!(
            out,
            "| {n}×{n} | {} | {} | {} | {:.1} | {:.1} |",
            c.k_max,
            c.puzzles,
            c.solved_by_logic,
            c.nodes as f64 / p,
            c.time_us / p,
            n = c.basis * c.basis
        )?;
    }
    Ok(())
}
