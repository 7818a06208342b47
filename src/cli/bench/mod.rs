//! `nsudoku bench`: the tdoku-style throughput table per data set, one thread and all threads,
//! with variants of the engine side by side.
//!
//! As tdoku's `run_benchmark`: the set is shuffled with a fixed seed, every solution is
//! validated during a warm-up pass (rebuilding every house from scratch), and the timed passes
//! do no validation. Passes repeat until `--min-time` has gone by, so small sets time well:
//! throughput passes read the clock once a pass, per-puzzle passes (median, worst) once a puzzle.

mod measure;
mod table;

use super::{exit_status, external, plural, with_threads, InputArgs};
use measure::{measure, Measured, Setup, Unfit};
use nsudoku::basis::LOGIC;
use nsudoku::generate::Rng;
use nsudoku::input::Puzzle;
use nsudoku::logic::TechniqueList;
use nsudoku::mask::CellMasks;
use nsudoku::solver::{dlx, SolveOptions};
use nsudoku::{solve, with_basis, with_solver_basis};
use rayon::prelude::*;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use table::{command_row, markdown, Row, COMMAND, SELF_CMD};

#[derive(clap::Args, Debug)]
#[command(after_help = super::logic::techniques_help())]
pub struct BenchArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Add a variant that applies these logic techniques (comma-separated, as `solve --reduce`
    /// and `explain` name them) to a fixed point before the search. Repeat for more variants.
    #[arg(long)]
    reduce: Vec<TechniqueList>,
    /// Locked candidates inside the cell-mask search: auto (by basis), on, off, or both (two
    /// variants). The band engines always do box/line logic: no effect at 9×9, and at 16×16
    /// only on trees longer than the band phase (4,000 nodes).
    #[arg(long, value_enum, ignore_case = true, default_value_t = Locked::Auto)]
    locked_candidates: Locked,
    /// Solutions to look for per puzzle: 1 finds one (as tdoku), 2 also proves uniqueness.
    #[arg(long, default_value_t = 1, value_parser = super::within::<1, 2, u64>)]
    limit: u64,
    /// Search nodes (conflicts, once the engine's CDCL has taken over) the engine may spend on
    /// one puzzle, as `solve --max-nodes`; a puzzle over it is named on stderr, counted under
    /// the table (its time up to the budget stays in the row's figures) and makes the exit
    /// status 1; 0 settles only what propagation does, with no guess. Default: no limit (a
    /// puzzle that nothing settles, as a 225×225 may be, then holds the whole run).
    #[arg(long, value_parser = super::at_least::<0, u64>)]
    max_nodes: Option<u64>,
    /// Time each variant for at least this long (seconds, or with a unit: 500ms, 2s; whole
    /// passes over the set).
    #[arg(long, default_value_t = 1.0, value_parser = parse_min_time)]
    min_time: f64,
    /// Use only the first this many puzzles of each set (after the shuffle; of each size, in a
    /// file of several).
    #[arg(long, value_parser = super::at_least::<1, usize>)]
    max_puzzles: Option<usize>,
    /// Seed of the shuffle.
    #[arg(long, default_value_t = 1, value_parser = super::at_least::<0, u64>)]
    seed: u64,
    /// Threads of the parallel rows (0 = all cores).
    #[arg(long, default_value_t = 0, value_parser = super::threads_arg)]
    threads: usize,
    /// Skip the parallel rows.
    #[arg(long)]
    single_thread: bool,
    /// Print JSON (one array of rows) instead of markdown tables.
    #[arg(long)]
    json: bool,
    /// Add a baseline row to every set, timed the same way in the same run: `dlx`, dancing
    /// links (Knuth's Algorithm X with the fewest-rows column, the generic exact-cover solver).
    #[arg(long, value_enum, ignore_case = true)]
    baseline: Option<Baseline>,
    /// Rows the baseline may try per puzzle; a puzzle over it is named on stderr and counted
    /// under the table (the exit status stays as the engine's results make it).
    #[arg(long, default_value_t = 10_000_000, value_parser = super::at_least::<1, u64>)]
    baseline_nodes: u64,
    /// Add a row that times another solver, run through the shell on every set: it reads the
    /// puzzles on stdin, one a line, and writes one solution a line in order (any form nsudoku
    /// reads; another line, such as `no solution`, or a blank one, stands for its puzzle).
    /// Each timed pass is one run of the command, start-up included; every answer of a first,
    /// untimed run is checked, and those that are not solutions are named and counted under
    /// the table (the exit status stays as the engine's results make it); a command that
    /// solves none is not timed: its row says why, without figures, and the exit status is 1.
    /// Median, worst and guesses are not seen from outside: `–`. Repeat for more commands.
    /// A command's row times whole runs of it, start-up, reading and writing included, where
    /// the engine's rows time the search of puzzles read beforehand: see --self-cmd.
    #[arg(long, value_name = "COMMAND")]
    baseline_cmd: Vec<String>,
    /// Add a command row that times this nsudoku's `solve --threads 1` the way --baseline-cmd
    /// times another solver (whole runs through the shell): the row to set a command's
    /// figures beside, like for like.
    #[arg(long)]
    self_cmd: bool,
    /// Stop a run of a --baseline-cmd command that has not ended after this long (seconds, or
    /// with a unit: 500ms, 2s, 1m); the command is then not timed on that set, as its row
    /// says, and the exit status is 1. Default: no limit.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    baseline_timeout: Option<std::time::Duration>,
}

/// `--locked-candidates`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Locked {
    Auto,
    On,
    Off,
    Both,
}

/// `--baseline`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Baseline {
    Dlx,
}

/// One row's name and what it times.
struct Variant<'a> {
    name: String,
    kind: Kind<'a>,
}

/// What a variant times.
enum Kind<'a> {
    /// Each puzzle solved in this process.
    InProcess(Solve<'a>),
    /// A shell command run on the whole set (`--baseline-cmd`, `--self-cmd`).
    Command(String),
}

/// How a puzzle is solved in this process.
#[derive(Clone, Copy)]
enum Solve<'a> {
    /// nsudoku's search, with locked candidates as asked (`None`: by basis), after a logic
    /// reduction by these techniques when given.
    Search {
        locked: Option<bool>,
        reduce: Option<&'a TechniqueList>,
    },
    /// Dancing links with this node budget a puzzle (`--baseline dlx`).
    Dlx(u64),
}

pub fn run(a: BenchArgs) -> io::Result<ExitCode> {
    let files: Vec<PathBuf> = if a.input.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        a.input.files.clone()
    };
    check_up_front(&a, &files)?;
    let variants = variants(&a);
    let mut bench = Bench {
        a: &a,
        variants: &variants,
        threads: if a.threads == 0 {
            rayon::current_num_threads()
        } else {
            a.threads
        },
        rows: Vec::new(),
        failed: false,
    };
    let names: Vec<String> = files.iter().map(|f| set_name(&files, f)).collect();
    for (i, file) in files.iter().enumerate() {
        let name = super::told_apart(&names, i);
        let (sizes, skipped) = bench.read(file, &name)?;
        for size in &sizes {
            let k = size[0].k;
            let these: Vec<&Puzzle> = size.iter().collect();
            let set = if sizes.len() == 1 {
                name.clone()
            } else {
                format!("{name} ({0}×{0})", k * k)
            };
            let first = bench.rows.len();
            bench.size(&set, k, &these)?;
            for row in &mut bench.rows[first..] {
                row.skipped = skipped;
                row.limit = a.limit;
            }
        }
    }
    let mut out = super::stdout();
    if a.json {
        serde_json::to_writer_pretty(&mut out, &bench.rows)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", markdown(&bench.rows))?;
    }
    out.flush()?;
    Ok(exit_status(bench.failed))
}

/// What would fail later fails now, before minutes of timing are thrown away: a technique
/// list that does not parse, a file that cannot be opened, a directory.
fn check_up_front(a: &BenchArgs, files: &[PathBuf]) -> io::Result<()> {
    for list in &a.reduce {
        super::logic::validate_counting("--reduce", Some(list)).map_err(io::Error::other)?;
    }
    let repeated = [
        (
            "--reduce",
            first_of_each(&a.reduce).count() < a.reduce.len(),
        ),
        (
            "--baseline-cmd",
            first_of_each(&a.baseline_cmd).count() < a.baseline_cmd.len(),
        ),
    ];
    for (flag, _) in repeated.iter().filter(|(_, r)| *r) {
        say!("note: {flag} names a variant more than once; each is timed once");
    }
    if a.baseline_cmd.iter().any(|c| c.trim().is_empty()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--baseline-cmd: the command is empty; expected a shell command that reads \
             puzzles on stdin and writes solutions",
        ));
    }
    super::readable_files(files)
}

/// A set is named by its file name, or by its path when two of `files` share that name.
fn set_name(files: &[PathBuf], file: &Path) -> String {
    let shared = files
        .iter()
        .filter(|f| f.file_name() == file.file_name())
        .count()
        > 1;
    match file.file_name() {
        Some(base) if !shared && file.as_os_str() != "-" => {
            nsudoku::input::visible(&base.to_string_lossy())
        }
        _ => super::input_name(file),
    }
}

/// `values` without repeats, in order: a flag given twice the same times one variant.
fn first_of_each<T: PartialEq>(values: &[T]) -> impl Iterator<Item = &T> {
    values
        .iter()
        .enumerate()
        .filter(|(i, v)| !values[..*i].contains(v))
        .map(|(_, v)| v)
}

/// The variants asked for, in the order of the rows: the baselines, then the search without
/// and with each reduction, for each locked-candidates setting.
fn variants(a: &BenchArgs) -> Vec<Variant<'_>> {
    let locked: Vec<(Option<bool>, &str)> = match a.locked_candidates {
        Locked::On => vec![(Some(true), ", lc on")],
        Locked::Off => vec![(Some(false), ", lc off")],
        Locked::Both => vec![(Some(false), ", lc off"), (Some(true), ", lc on")],
        Locked::Auto => vec![(None, "")],
    };
    let mut out = Vec::new();
    if let Some(Baseline::Dlx) = a.baseline {
        out.push(Variant {
            name: "dlx (baseline)".to_string(),
            kind: Kind::InProcess(Solve::Dlx(a.baseline_nodes)),
        });
    }
    for cmd in first_of_each(&a.baseline_cmd) {
        out.push(Variant {
            // As typed: the table marks it up (`table_variant`), JSON keeps it plain.
            name: format!("{cmd}{COMMAND}"),
            kind: Kind::Command(cmd.clone()),
        });
    }
    if a.self_cmd {
        // This very binary, by its path: the `nsudoku` on PATH may be another build.
        let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("nsudoku"));
        let args = format!("solve --threads 1 --limit {}", a.limit);
        out.push(Variant {
            name: format!("{SELF_CMD} --limit {}{COMMAND}", a.limit),
            kind: Kind::Command(format!(
                "{} {args}",
                external::quoted(&exe.to_string_lossy())
            )),
        });
    }
    for (locked, suffix) in locked {
        out.push(Variant {
            name: format!("search{suffix}"),
            kind: Kind::InProcess(Solve::Search {
                locked,
                reduce: None,
            }),
        });
        for list in first_of_each(&a.reduce) {
            out.push(Variant {
                name: format!("reduce {list} + search{suffix}"),
                kind: Kind::InProcess(Solve::Search {
                    locked,
                    reduce: Some(list),
                }),
            });
        }
    }
    out
}

/// A run of the benchmark: its options and variants, and the rows and failures so far.
struct Bench<'a> {
    a: &'a BenchArgs,
    variants: &'a [Variant<'a>],
    /// Threads of the parallel rows.
    threads: usize,
    rows: Vec<Row>,
    /// A puzzle could not be read or timed, or a solution failed its check.
    failed: bool,
}

impl Bench<'_> {
    /// The puzzles of `file`, the set `name`, one list a size (smallest first), each shuffled
    /// and cut to `--max-puzzles`; its bad lines are said and skipped, and counted.
    fn read(&mut self, file: &Path, name: &str) -> io::Result<(Vec<Vec<Puzzle>>, usize)> {
        let mut one = self.a.input.clone();
        one.files = vec![file.to_path_buf()];
        let unread_before = super::any_unread();
        let batch = one.read_no_grid("bench")?;
        // A file that could not be read has said so: no second message for it.
        let unread = !unread_before && super::any_unread();
        let (mut puzzles, mut skipped) = (Vec::new(), 0);
        // What the reader made of a line (its alphabet, text it passed over) is said, as by
        // every subcommand.
        let (mut notes, label) = (super::Notes::default(), Some(name.to_string()));
        for (_, rec) in batch.records {
            match rec {
                Ok(p) => {
                    notes.tell(&label, &p);
                    for list in &self.a.reduce {
                        if let Some(note) = notes.idle(&label, &p, Some(list)) {
                            say!("{note}");
                        }
                    }
                    puzzles.push(p);
                }
                Err(e) => {
                    say!("{name}: {e} (skipped)");
                    skipped += 1;
                    self.failed = true;
                }
            }
        }
        if puzzles.is_empty() {
            // A set with nothing to time would leave no row, and no sign why.
            if !unread {
                say!("{name}: no puzzle to benchmark");
            }
            self.failed = true;
        }
        // Each size is a set of its own (a table each), shuffled alone and cut to its first
        // `--max-puzzles`, as `study` takes them: its sample does not depend on the file's
        // other sizes.
        puzzles.sort_by_key(|p| p.k);
        let mut sets = Vec::new();
        let mut puzzles = puzzles.into_iter().peekable();
        while let Some(first) = puzzles.next() {
            let mut size = vec![first];
            while let Some(p) = puzzles.next_if(|p| p.k == size[0].k) {
                size.push(p);
            }
            Rng::new(self.a.seed).shuffle(&mut size);
            size.truncate(self.a.max_puzzles.unwrap_or(usize::MAX));
            sets.push(size);
        }
        Ok((sets, skipped))
    }

    /// Every variant's rows for `these`, the puzzles of basis `k` of a set.
    fn size(&mut self, set: &str, k: usize, these: &[&Puzzle]) -> io::Result<()> {
        // Where each is, for messages: `line 5`, or `line 1: item 3 of the JSON list`.
        let places: Vec<String> = these.iter().map(|p| p.place()).collect();
        let masks: Vec<&CellMasks> = these.iter().map(|p| &p.masks).collect();
        // Puzzles without one solution are named once a set, as the first of the engine's
        // variants to meet them says (a reduction may take another over the node budget);
        // those the baseline gave up on, from its first measurement.
        let (mut named, mut named_baseline) = (Vec::new(), false);
        // Which puzzles have one solution, for judging the commands' answers.
        let mut one: Option<Vec<bool>> = None;
        for v in self.variants {
            let how = match &v.kind {
                Kind::Command(cmd) => {
                    let one = one.get_or_insert_with(|| self.one_solution(these));
                    let (min_time, limit) = (self.a.min_time, self.a.baseline_timeout);
                    let mut t = external::time(cmd, these, one, min_time, limit)?;
                    t.wrong
                        .sort_by_key(|(i, _)| (these[*i].line, these[*i].item));
                    say_command(set, cmd, &t, &places);
                    // Stopped, or solving nothing (`external::time`): a row without figures,
                    // and the exit status 1, as for an engine variant that could not run. Its
                    // wrong answers are the command's own: they leave the status alone.
                    self.failed |= t.runs == 0;
                    self.rows
                        .push(command_row(set, k, &v.name, &t, these.len()));
                    continue;
                }
                Kind::InProcess(how) => *how,
            };
            if matches!(
                how,
                Solve::Search {
                    reduce: Some(_),
                    ..
                }
            ) && !LOGIC.contains(&k)
            {
                // The logic layer is not built for this basis: the search alone is timed.
                say!(
                    "{set}: variant '{}' skipped: a {n}×{n} grid is beyond the logic layer \
                     (reductions work up to {m}×{m})",
                    v.name,
                    n = k * k,
                    m = LOGIC.end() * LOGIC.end()
                );
                self.failed = true;
                continue;
            }
            let mut thread_counts = vec![1];
            if !self.a.single_thread && self.threads > 1 {
                thread_counts.push(self.threads);
            }
            for threads in thread_counts {
                let mut m = self.measure(k, how, &masks, threads)?;
                // The set was shuffled: its puzzles are named in file order.
                m.unfit
                    .sort_by_key(|&(i, _)| (these[i].line, these[i].item));
                if let Solve::Dlx(_) = how {
                    // The baseline's budget says nothing of the puzzle: no failure.
                    if !std::mem::replace(&mut named_baseline, true) {
                        for (i, why) in &m.unfit {
                            if *why == Unfit::OverBudget {
                                say!(
                                    "{set}: {}: over the baseline's node budget \
                                     (--baseline-nodes)",
                                    places[*i]
                                );
                            }
                        }
                    }
                } else {
                    for &(i, why) in &m.unfit {
                        self.failed = true;
                        if !named.contains(&(i, why)) {
                            named.push((i, why));
                            if named.len() <= NAMED_UNFIT {
                                say!("{set}: {}: {why}", places[i]);
                            }
                        }
                    }
                }
                if m.invalid > 0 {
                    say!(
                        "{set}: {} solutions of variant '{}' failed validation",
                        m.invalid,
                        v.name
                    );
                    self.failed = true;
                }
                self.rows.push(m.row(set, k, &v.name, threads));
            }
        }
        if named.len() > NAMED_UNFIT {
            // The table counts them all; a set of several solutions by design (serg's) would
            // bury it under a line a puzzle.
            let more = plural(named.len() - NAMED_UNFIT, "more puzzle");
            say!("{set}: {more} without one solution or over budget (counted under the table)");
        }
        Ok(())
    }

    /// For each of `these`, whether the engine finds it one solution, counting to 2 within
    /// `--max-nodes`: an untimed pass on every thread. To 2 whatever `--limit` times: under
    /// `--limit 1` a puzzle of several solutions would be judged, and a command that said so
    /// blamed for it.
    fn one_solution(&self, these: &[&Puzzle]) -> Vec<bool> {
        let opts = SolveOptions {
            limit: 2,
            max_nodes: self.a.max_nodes,
            ..SolveOptions::default()
        };
        these
            .par_iter()
            .map(|p| Unfit::of(&solve::count(p, &opts)).is_none())
            .collect()
    }

    /// `how` timed on the grids of basis `k` with `threads` threads.
    fn measure(
        &self,
        k: usize,
        how: Solve,
        masks: &[&CellMasks],
        threads: usize,
    ) -> io::Result<Measured> {
        let locked = match how {
            Solve::Search { locked, .. } => locked,
            Solve::Dlx(_) => None,
        };
        let cfg = Setup {
            opts: SolveOptions {
                limit: self.a.limit as usize,
                // The baseline has a budget of its own (`Solve::Dlx`).
                max_nodes: self.a.max_nodes,
                locked_candidates: locked,
                ..SolveOptions::default()
            },
            min_time: self.a.min_time,
        };
        let limit = cfg.opts.limit;
        with_threads(threads, || match how {
            Solve::Dlx(budget) => Ok(with_solver_basis!(k, B => measure::<B>(
                masks,
                &cfg,
                threads,
                |_, g| dlx::count(g, limit, Some(budget))
            ))),
            Solve::Search { reduce: None, .. } => Ok(with_solver_basis!(k, B => measure::<B>(
                masks,
                &cfg,
                threads,
                |s, g| s.count(g)
            ))),
            // The reduction's logic is built for the bases of `LOGIC` only (checked by the
            // caller).
            Solve::Search {
                reduce: Some(list), ..
            } => {
                let ts = list.for_size(k * k);
                Ok(with_basis!(k, B => measure::<B>(
                    masks,
                    &cfg,
                    threads,
                    |s, g| solve::reduce_then_count(s, g, &ts).0
                )))
            }
        })?
    }
}

/// Puzzles a command did not solve that are named one by one on stderr.
const NAMED: usize = 5;

/// Puzzles without one solution, or over the node budget, named one by one on stderr in a
/// set; the rest are counted.
const NAMED_UNFIT: usize = 20;

/// On stderr, what went wrong with a command on a set whose puzzles are at `places`: its exit,
/// a few wrong answers by name and the rest counted (a command that misreads the set would
/// otherwise bury the table under a line per puzzle), the puzzles it left without an answer.
fn say_command(set: &str, cmd: &str, t: &external::Timed, places: &[String]) {
    // The command as typed may hold a control character too.
    let cmd = &nsudoku::input::visible(cmd);
    if let Some(how) = &t.failure {
        say!("{set}: `{cmd}` {how}");
    }
    if t.unread {
        return;
    }
    if t.unjudged > 0 {
        say!(
            "{set}: `{cmd}`: its answers to the {} without one solution are not judged",
            super::plural(t.unjudged, "puzzle")
        );
    }
    for (i, why) in t.wrong.iter().take(NAMED) {
        say!("{set}: {}: `{cmd}`: {why}", places[*i]);
    }
    if t.wrong.len() > NAMED {
        say!(
            "{set}: `{cmd}`: {} more answers are not solutions",
            t.wrong.len() - NAMED
        );
    }
    let puzzles = places.len();
    if t.answers == 0 {
        say!("{set}: `{cmd}` wrote no answer");
    } else if t.answers < puzzles {
        let missing = match puzzles - t.answers {
            1 => "the last has none".to_string(),
            m => format!("the last {m} have none"),
        };
        say!(
            "{set}: `{cmd}` wrote {} for {}: {missing}",
            super::plural(t.answers, "answer"),
            super::plural(puzzles, "puzzle"),
        );
    } else if t.answers > puzzles {
        say!(
            "{set}: `{cmd}` wrote more answers than the {}: those past the last puzzle were \
             passed over",
            super::plural(puzzles, "puzzle")
        );
    }
}

/// `--min-time`: seconds, from 0 (one pass) to a day, or a duration with a unit as
/// `--timeout` takes them (`500ms`); `nan` or `inf` would never end.
fn parse_min_time(s: &str) -> Result<f64, String> {
    // Zero too, with a unit or not (`0s`), which `--timeout` refuses. An unknown unit is
    // said as such (`1ns`).
    let secs = super::duration_secs(s)?;
    Some(secs)
        .filter(|x| (0.0..=86_400.0).contains(x))
        .ok_or_else(|| format!("`{s}` is not a time from 0 to 86400 s (e.g. 2, 0.5, 500ms)"))
}

#[cfg(test)]
mod tests {
    use super::parse_min_time;

    #[test]
    fn min_time_takes_seconds_units_and_zero() {
        for (text, secs) in [
            ("0", 0.0),
            ("0s", 0.0),
            ("0ms", 0.0),
            ("0.0min", 0.0),
            ("2", 2.0),
            ("500ms", 0.5),
            ("1m", 60.0),
        ] {
            assert_eq!(parse_min_time(text), Ok(secs), "{text}");
        }
        for bad in ["-1", "-2s", "nan", "inf", "2 days", "1e9", "0x", "s"] {
            assert!(parse_min_time(bad).is_err(), "{bad}");
        }
        // Past f64's range: too long, not "not a duration".
        let e = parse_min_time("1e400").unwrap_err();
        assert!(e.starts_with("`1e400` is too long a duration"), "{e}");
        // Not a length, where 0 is one: not "positive".
        for bad in ["inf", "nan"] {
            let e = parse_min_time(bad).unwrap_err();
            assert_eq!(
                e,
                format!("`{bad}` is not a duration; expected e.g. 2, 0.5, 500ms, 1m")
            );
        }
    }
}
