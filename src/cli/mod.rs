//! Subcommands. Each lives in its own module; this one holds the top-level parser and the
//! pieces they share (reading a batch, exit codes).

use clap::{Parser, Subcommand};
use feed::Feed;
use nsudoku::basis::{LOGIC, SUPPORTED};
use nsudoku::input::{self, Format, ReadOptions, Record};
use nsudoku::Alphabet;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// `eprintln!` that cannot panic: when stderr is a pipe that closed (`2>&1 | head -1`) the
/// message is dropped and the batch goes on, as with a closed stdout.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod bench;
mod explain;
mod external;
mod feed;
mod find;
mod generate;
mod logic;
mod pom;
mod rate;
mod reduce;
mod render;
mod solve;
mod study;
mod verdict;

/// Solve, explain, rate, generate and benchmark Sudoku of any basis (9×9, 16×16, 25×25, …).
#[derive(Parser, Debug)]
#[command(name = "nsudoku", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles (one a line), or count their solutions, in parallel, keeping input order.
    Solve(solve::SolveArgs),
    /// Pattern Overlay Method: template counts per digit and the deductions of one variant.
    Pom(pom::PomArgs),
    /// Explain the solving path by logic, one step a line; ends solved, or stuck with the
    /// candidate grid.
    Explain(explain::ExplainArgs),
    /// List every instance of a technique in the given puzzle or candidate grid.
    ///
    /// Of chains and cycles that prove the same, only the shortest is listed: a chain whose
    /// eliminations shorter chains already make is left out, and a cycle is listed once per
    /// apex and verdict. A tuple that a line and a box hold alike is listed once, for the
    /// line; pointing, claiming and fish with a segment or base line of one place are left to
    /// the hidden single it is.
    Find(find::FindArgs),
    /// Apply techniques to a fixed point; print the candidate grid (N³ form) or the solution.
    Reduce(reduce::ReduceArgs),
    /// Rate puzzles on Sudoku Explainer's scale: `puzzle ER/EP/ED` a line, in input order.
    Rate(rate::RateArgs),
    /// Generate puzzles with a unique solution for basis K, in parallel, reproducible from a seed.
    Generate(generate::GenerateArgs),
    /// Throughput per data set, tdoku-style: puzzles/s, µs/puzzle, % no guess, guesses/puzzle.
    Bench(bench::BenchArgs),
    /// Measurements across bases: `study tuples` (which tuple sizes pay, and their cost).
    Study(study::StudyArgs),
    /// Draw the first puzzle as SVG (puzzle, solution, candidates or one step), or its whole
    /// solving path as a self-contained web page (--html).
    Render(render::RenderArgs),
}

/// Run the chosen subcommand.
pub fn run(cli: Cli) -> io::Result<ExitCode> {
    let code = match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Pom(a) => pom::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Find(a) => find::run(a),
        Command::Reduce(a) => reduce::run(a),
        Command::Rate(a) => rate::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Study(a) => study::run(a),
        Command::Render(a) => render::run(a),
    }?;
    // A file that could not be read was reported and passed over; the status still says so.
    Ok(if UNREAD.load(Ordering::Relaxed) {
        ExitCode::from(2)
    } else {
        code
    })
}

/// Set when an input file could not be read: the batch goes on with the other files, and the
/// exit status is 2 (an I/O error) at the end.
static UNREAD: AtomicBool = AtomicBool::new(false);

/// True when `e` is a write to a closed pipe, which ends the program quietly.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// Standard output, locked, whose write errors say where the write went (`> /dev/full` said
/// only "No space left on device"); a closed pipe stays a closed pipe, which ends quietly.
pub struct Stdout(io::StdoutLock<'static>);

/// The subcommands' standard output.
pub fn stdout() -> Stdout {
    Stdout(io::stdout().lock())
}

impl Stdout {
    fn named(e: io::Error) -> io::Error {
        if is_broken_pipe(&e) {
            return e;
        }
        io::Error::new(e.kind(), format!("cannot write to stdout: {e}"))
    }
}

impl io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(Stdout::named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(Stdout::named)
    }
}

/// Input options shared by every subcommand that reads puzzles.
#[derive(clap::Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files, one puzzle a line; `-` or none reads stdin.
    pub files: Vec<PathBuf>,
    /// Digit alphabet of character input: standard (1-9A-Za-z), hex (0-F, zero-based),
    /// letters (A = 1: A-Y at 25×25, A-I at 9×9, up to 26 digits). Detected from the symbols
    /// when omitted.
    #[arg(long)]
    pub alphabet: Option<Alphabet>,
    /// Input format: line, numbers, candidates. Detected when omitted. `grid` keeps detection
    /// and prints solutions as boxed grids for people, and the candidates of an unfinished
    /// puzzle as a boxed pencil-mark grid (solve, reduce, explain; refused by the others).
    #[arg(long, value_parser = parse_format)]
    pub format: Option<FormatArg>,
}

/// `--format`: an input format to force, or `grid` for boxed output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    /// Force this input format (output follows it).
    Input(Format),
    /// Detect input; print boxed grids.
    Grid,
}

fn parse_format(s: &str) -> Result<FormatArg, String> {
    if s == "grid" {
        Ok(FormatArg::Grid)
    } else {
        s.parse()
            .map(FormatArg::Input)
            .map_err(|e: String| e.replace("numbers or candidates", "numbers, candidates or grid"))
    }
}

impl InputArgs {
    /// Reader options from the flags.
    pub fn read_options(&self) -> ReadOptions {
        let format = match self.format {
            Some(FormatArg::Input(f)) => Some(f),
            _ => None,
        };
        ReadOptions {
            alphabet: self.alphabet,
            format,
        }
    }

    /// True when output should be boxed grids.
    pub fn boxed(&self) -> bool {
        self.format == Some(FormatArg::Grid)
    }

    /// [`read`](Self::read) for a subcommand that writes no solutions: `--format grid` (boxed
    /// output) has no meaning there and is refused rather than ignored.
    pub fn read_no_grid(&self, sub: &str) -> io::Result<Batch> {
        self.check_no_grid(sub)?;
        self.read()
    }

    /// The refusal of [`read_no_grid`](Self::read_no_grid), for a subcommand that reads a
    /// [`feed`](Self::feed).
    pub fn check_no_grid(&self, sub: &str) -> io::Result<()> {
        if self.boxed() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("--format grid boxes the solutions of solve, explain and reduce; {sub} writes none"),
            ));
        }
        Ok(())
    }

    /// [`read`](Self::read) for a subcommand that writes JSON records when `json`: boxed grids
    /// for people have no place in them, so `--format grid` with `--json` is refused rather
    /// than ignored.
    pub fn read_json(&self, json: bool) -> io::Result<Batch> {
        self.check_json(json)?;
        self.read()
    }

    /// The refusal of [`read_json`](Self::read_json), for a subcommand that reads a
    /// [`feed`](Self::feed).
    pub fn check_json(&self, json: bool) -> io::Result<()> {
        if json && self.boxed() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "--format grid draws boxed grids for people, --json writes records: choose one",
            ));
        }
        Ok(())
    }

    /// Every record of every input, in order. Line numbers are per file; with several files the
    /// file's label is prefixed to error messages by [`prefix`]: its path, `stdin` for `-`, and
    /// `a.txt (2)` for a file given a second time, or named like one before it ([`told_apart`]).
    pub fn read(&self) -> io::Result<Batch> {
        Ok(Batch {
            records: self.feed().collect(),
        })
    }

    /// The records of every input as [`read`](Self::read) gives them, read as they are needed.
    pub fn feed(&self) -> Feed {
        Feed::start(&self.files, self.read_options())
    }
}

/// Report a file that could not be read; the batch goes on without it.
fn unread(what: String) {
    say!("nsudoku: {what}");
    UNREAD.store(true, Ordering::Relaxed);
}

/// The name of the `i`th of the inputs named `names`, told apart from those before it: a file
/// given again is read again, as `a.txt (2)`, `a.txt (3)`, …, and so is a file named like
/// another input (`stdin` for `-` and a file named `stdin`).
pub fn told_apart(names: &[String], i: usize) -> String {
    match names[..i].iter().filter(|n| **n == names[i]).count() {
        0 => names[i].clone(),
        again => format!("{} ({})", names[i], again + 1),
    }
}

/// What messages call an input file: its path (characters that would not show written
/// `U+001B`: a line break in a name would split a header), `stdin` for `-`.
pub fn input_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "stdin".to_string()
    } else {
        input::visible(&path.display().to_string())
    }
}

/// A record with the file it came from (when there were several).
pub type Labelled = (Option<String>, Record);

/// A puzzle of a basis beyond the logic layer ([`LOGIC`], up to 100×100) becomes an error in
/// its place for `sub`, one of its subcommands, reported with its line and passed over as a
/// bad line is.
fn logic_only(rec: &mut Record, sub: &str) {
    let Ok(p) = rec else { return };
    if LOGIC.contains(&p.k) {
        return;
    }
    let (n, m) = (p.n(), LOGIC.end() * LOGIC.end());
    *rec = Err(input::InputError {
        line: p.line,
        item: p.item,
        what: format!(
            "a {n}×{n} grid (basis {}) is beyond {sub}, which works up to {m}×{m}",
            p.k
        ),
        expected: format!(
            "a grid of basis {} to {} (`nsudoku solve` and `bench` take up to {s}×{s})",
            LOGIC.start(),
            LOGIC.end(),
            s = SUPPORTED.end() * SUPPORTED.end()
        ),
    });
}

/// The records of a batch, each with the file it came from (when there were several).
#[derive(Default)]
pub struct Batch {
    /// Records in input order.
    pub records: Vec<Labelled>,
}

impl Batch {
    /// The batch for `sub`, a subcommand of the logic layer (built for the bases of
    /// [`LOGIC`], up to 100×100): a puzzle of a larger basis becomes an error in its place,
    /// reported with its line and passed over as a bad line is, and the batch goes on.
    pub fn logic_only(mut self, sub: &str) -> Batch {
        for (_, rec) in &mut self.records {
            logic_only(rec, sub);
        }
        self
    }

    /// Print each detection note once on stderr, and once a size that `techniques` (a
    /// technique list) names tuples or fish too large for it.
    pub fn print_notes(&self, techniques: Option<&str>) {
        let mut notes = Notes::default();
        for (label, rec) in &self.records {
            if let Ok(p) = rec {
                notes.tell(label, p);
                if let Some(note) = notes.idle(label, p, techniques) {
                    say!("{note}");
                }
            }
        }
    }
}

/// Each detection note said once, with the first puzzle it is about, in input order (for a
/// batch written as it is read).
#[derive(Default)]
pub struct Notes {
    said: std::collections::HashSet<String>,
    /// The technique lists and sizes [`Notes::idle`] has looked at: a list is parsed once a
    /// size, not once a puzzle.
    checked: Vec<(String, usize)>,
}

impl Notes {
    /// Say `p`'s note, unless it was said before.
    pub fn tell(&mut self, label: &Option<String>, p: &input::Puzzle) {
        if let Some(note) = self.fresh(label, p) {
            say!("{note}");
        }
    }

    /// `p`'s note as [`Notes::tell`] words it, unless it was said before.
    pub fn fresh(&mut self, label: &Option<String>, p: &input::Puzzle) -> Option<String> {
        self.first(label, p, p.note.as_ref()?)
    }

    /// The note that a technique list names tuples or fish too large for `p`'s size
    /// ([`logic::idle_note`]), worded as [`Notes::fresh`] words it, once a size.
    pub fn idle(
        &mut self,
        label: &Option<String>,
        p: &input::Puzzle,
        list: Option<&str>,
    ) -> Option<String> {
        let (list, n) = (list?, p.n());
        if self.checked.iter().any(|(l, m)| l == list && *m == n) {
            return None;
        }
        self.checked.push((list.to_string(), n));
        self.first(label, p, &logic::idle_note(Some(list), n)?)
    }

    fn first(&mut self, label: &Option<String>, p: &input::Puzzle, note: &str) -> Option<String> {
        self.said
            .insert(note.to_string())
            .then(|| format!("note: {}: {note}", at(label, p)))
    }
}

/// A duration: seconds (`2`, `0.5`) or a number with a unit (`500ms`, `2s`, `1.5m`, `1h`).
pub fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let secs =
        duration_secs(s).and_then(|x| (x > 0.0).then_some(x).ok_or_else(|| not_a_duration(s)))?;
    std::time::Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("`{s}` is too long a duration"))
}

/// The seconds a duration written as [`parse_duration`] takes them names, zero and negatives
/// included (`bench --min-time 0s`).
pub fn duration_secs(s: &str) -> Result<f64, String> {
    let t = s.trim();
    // The unit is the letters at the end, unless the whole is a number (`1e3` seconds;
    // `1e3ms` is one second).
    let split = if t.parse::<f64>().is_ok() {
        t.len()
    } else {
        t.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len()
    };
    let (num, unit) = t.split_at(split);
    let scale = match unit {
        "" | "s" => 1.0,
        "ms" => 1e-3,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("unknown unit `{unit}`; expected ms, s, m or h")),
    };
    match num.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x * scale),
        // Past f64's range (`1e400`) reads as infinity: a number, too large.
        Ok(x) if x == f64::INFINITY && !num.to_ascii_lowercase().contains("inf") => Err(format!(
            "`{s}` is too long a duration; expected e.g. 2, 0.5, 500ms, 1m"
        )),
        // `nan`, `inf`: no length at all (zero is one, for `--min-time`).
        _ => Err(format!(
            "`{s}` is not a duration; expected e.g. 2, 0.5, 500ms, 1m"
        )),
    }
}

fn not_a_duration(s: &str) -> String {
    format!("`{s}` is not a positive duration; expected e.g. 2, 0.5, 500ms, 1m")
}

/// Refuse a file of `files` that cannot be read (missing, a directory), for a subcommand
/// whose work on the others would take minutes and then fail for it (`bench`, `study`).
pub fn readable_files(files: &[PathBuf]) -> io::Result<()> {
    for file in files.iter().filter(|f| f.as_os_str() != "-") {
        let cannot =
            |e: io::Error| io::Error::new(e.kind(), format!("cannot read {}: {e}", file.display()));
        // A directory opens on some systems and fails only when read: refused here too.
        if std::fs::File::open(file)
            .map_err(cannot)?
            .metadata()?
            .is_dir()
        {
            return Err(cannot(io::Error::new(
                io::ErrorKind::InvalidInput,
                "it is a directory",
            )));
        }
    }
    Ok(())
}

/// The JSON record that stands in for a line that is not a puzzle: `end` is `invalid`, and
/// `error` the message printed on stderr without its `line N: ` (the record's `line` and
/// `item` hold the place).
pub fn json_failure(label: &Option<String>, e: &input::InputError) -> String {
    let mut v = serde_json::json!({"end": "invalid", "error": e.message()});
    set_line(&mut v, e.line, e.item);
    with_file(v, label)
}

/// The JSON record that stands in for a puzzle a subcommand could not take: `end` is
/// `contradiction` when its givens contradict each other, and `error` what clashes (the
/// record names its line; the message on stderr does too).
pub fn puzzle_failure(label: &Option<String>, p: &input::Puzzle, end: &str, error: &str) -> String {
    let mut v = serde_json::json!({"end": end, "error": error});
    set_place(&mut v, p);
    with_file(v, label)
}

/// The line of a JSON record, with the file it came from when the batch had several (`line`
/// alone would not tell their records apart).
pub fn with_file(mut record: serde_json::Value, label: &Option<String>) -> String {
    if let (Some(file), Some(fields)) = (label, record.as_object_mut()) {
        fields.insert("file".into(), file.as_str().into());
    }
    record.to_string()
}

impl Batch {
    /// Each record in order, for a subcommand that writes a section a puzzle (`explain`,
    /// `find`): a line that is not a puzzle is reported and stands as [`write_invalid`] writes
    /// it; a puzzle gets the header `# puzzle at line N` when the batch has several (not in
    /// JSON, whose records carry their line), then `work` writes it and says whether it
    /// failed the run. True when any record did.
    pub fn each_puzzle<W: io::Write>(
        &self,
        json: bool,
        out: &mut W,
        mut work: impl FnMut(&Option<String>, &input::Puzzle, &mut W) -> io::Result<bool>,
    ) -> io::Result<bool> {
        let many = self.records.len() > 1;
        let mut failed = false;
        for (label, rec) in &self.records {
            let p = match rec {
                Ok(p) => p,
                Err(e) => {
                    failed = true;
                    write_invalid(out, label, e, json, many)?;
                    out.flush()?;
                    continue;
                }
            };
            if many && !json {
                writeln!(out, "# {}puzzle at {}", prefix(label), p.place())?;
            }
            failed |= work(label, p, out)?;
            // A puzzle's last lines go out with it, not with the next puzzle's first.
            out.flush()?;
        }
        Ok(failed)
    }
}

/// Report a line that is not a puzzle on stderr, and write what stands in for it: a JSON
/// record, or `invalid` (after the header `# puzzle at line N` when the batch has several,
/// with the item of a JSON list).
pub fn write_invalid(
    out: &mut impl io::Write,
    label: &Option<String>,
    e: &input::InputError,
    json: bool,
    many: bool,
) -> io::Result<()> {
    say!("{}{e}", prefix(label));
    if json {
        writeln!(out, "{}", json_failure(label, e))
    } else {
        if many {
            writeln!(out, "# {}puzzle at {}", prefix(label), e.place())?;
        }
        writeln!(out, "{}", solve::MARK_INVALID)
    }
}

/// Every subcommand's status when nothing stopped it: 1 when some puzzle failed (invalid, not
/// one solution, over a budget), else 0.
pub fn exit_status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

pub use nsudoku::output::plural;

/// Sort `times` and give their median (the mean of the middle two of an even count) and their
/// largest; 0 for none.
pub fn median_worst(times: &mut [f64]) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let half = times.len() / 2;
    let median = match times.len() {
        0 => 0.0,
        n if n % 2 == 1 => times[half],
        _ => (times[half - 1] + times[half]) / 2.0,
    };
    (median, times.last().copied().unwrap_or(0.0))
}

/// Name `p`'s place in its JSON record: `line`, and `item` for an item of a JSON list of
/// puzzles (items may share a line).
pub fn set_place(v: &mut serde_json::Value, p: &input::Puzzle) {
    set_line(v, p.line, p.item);
}

/// `line`, and `item` when there is one, into a JSON record.
pub fn set_line(v: &mut serde_json::Value, line: usize, item: Option<usize>) {
    v["line"] = line.into();
    if let Some(item) = item {
        v["item"] = item.into();
    }
}

/// `file: ` when the batch had several files.
pub fn prefix(label: &Option<String>) -> String {
    label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default()
}

/// True when `a` and `b` name one file, also when reached by two paths (`x.svg` and
/// `./x.svg`), whether it exists yet or not.
pub fn same_file(a: &Path, b: &Path) -> bool {
    // The file itself, else its folder and name (a file still to be written).
    let resolved = |p: &Path| {
        p.canonicalize()
            .ok()
            .or_else(|| {
                let dir = match p.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                Some(dir.canonicalize().ok()?.join(p.file_name()?))
            })
            .unwrap_or_else(|| p.to_path_buf())
    };
    a == b || resolved(a) == resolved(b)
}

/// What would fail only after a solving path is found fails before: `--svg` naming a file
/// that is not a directory, or the same path as `--html`, and `--html` a file that cannot be
/// written ([`writable_file`]).
pub fn check_picture_paths(svg: Option<&Path>, html: Option<&Path>) -> io::Result<()> {
    writable_file("--html", html)?;
    let Some(dir) = svg else { return Ok(()) };
    let refuse = |msg: String| Err(io::Error::new(io::ErrorKind::InvalidInput, msg));
    if dir.exists() && !dir.is_dir() {
        return refuse(format!(
            "--svg {}: it is a file; expected a directory for the pictures",
            dir.display()
        ));
    }
    match html {
        Some(page) if page.as_os_str() != "-" && same_file(dir, page) => refuse(format!(
            "--html and --svg both name {}; expected a file for the page and a directory for \
             the pictures",
            dir.display()
        )),
        _ => Ok(()),
    }
}

/// Refuse an output file (`flag`'s value; `-` is standard output) that is a directory or lies
/// in no directory, before the work whose result it would hold.
pub fn writable_file(flag: &str, path: Option<&Path>) -> io::Result<()> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        return Ok(());
    };
    let refuse = |why: String| {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{flag} {}: {why}", path.display()),
        ))
    };
    if path.is_dir() {
        return refuse("it is a directory; expected a file".into());
    }
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) if !dir.exists() => refuse(format!("no folder {}", dir.display())),
        Some(dir) if !dir.is_dir() => refuse(format!(
            "{} is not a folder; expected a file in one",
            dir.display()
        )),
        _ => Ok(()),
    }
}

/// A note on stderr when `dir` still holds step pictures for `prefix` past those just
/// `written` (an earlier run's longer path): they would pass for this path's.
pub fn say_left_over(dir: &std::path::Path, prefix: &str, written: &[std::path::PathBuf]) {
    let old = nsudoku::render::step::left_over(dir, prefix, written);
    match old.as_slice() {
        [] => {}
        [one] => say!(
            "note: {} also holds {one}, not from this path: left as it was",
            dir.display()
        ),
        [first, .., last] => say!(
            "note: {} also holds {} step pictures not from this path ({first} … {last}): left \
             as they were",
            dir.display(),
            old.len()
        ),
    }
}

/// Where puzzle `p` is, as a message about it begins: `line 3`, `p1.txt: line 3` when the
/// batch had several files, `line 1: item 2 of the JSON list`.
pub fn at(label: &Option<String>, p: &input::Puzzle) -> String {
    format!("{}{}", prefix(label), p.place())
}

/// Stack of every worker thread, the library's (a 225×225 grid is 1.6 MB, a 100×100 one
/// 160 KB, a search keeps a few on the stack, and generic code for every basis shares one
/// dispatching frame): reserved address space, only touched pages cost memory.
pub const STACK_SIZE: usize = nsudoku::solve::STACK_SIZE;

/// Run `f` on a rayon pool of `threads` threads (0 = all cores).
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> io::Result<T> {
    Ok(thread_pool(threads)?.install(f))
}

/// Run `work` on every item, in parallel on `pool`, and hand each result to `emit` in input
/// order as soon as it and those before it are done: a slow batch shows its first results
/// at once. An error from `emit` (a closed pipe) is returned after the items under way end;
/// those not begun are passed over.
pub fn in_order<T: Sync, R: Send>(
    pool: &rayon::ThreadPool,
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(&T, R) -> io::Result<()>,
) -> io::Result<()> {
    use rayon::prelude::*;
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel();
    pool.in_place_scope(|scope| {
        scope.spawn(|_| {
            items
                .par_iter()
                .enumerate()
                .for_each_with(tx, |tx, (i, item)| {
                    if !stop.load(Ordering::Relaxed) {
                        // The receiver is gone only after an error, which stops the rest.
                        let _ = tx.send((i, work(item)));
                    }
                });
        });
        let mut ready = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            ready.insert(i, r);
            while let Some(r) = ready.remove(&next) {
                if let Err(e) = emit(&items[next], r) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                next += 1;
            }
        }
        Ok(())
    })
}

/// A rayon pool of `threads` threads (0 = all cores) with large stacks; build it once per
/// batch, not per chunk.
pub fn thread_pool(threads: usize) -> io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_SIZE)
        .build()
        .map_err(|e| io::Error::other(format!("cannot start the worker threads (--threads): {e}")))
}

/// Most worker threads `--threads` takes. Each reserves a [`STACK_SIZE`] stack: thousands
/// would only spend address space and start-up time (100,000 never got past starting them).
pub const MAX_THREADS: usize = 1024;

/// `--threads`: 0 (all cores) to [`MAX_THREADS`].
pub fn threads_arg(s: &str) -> Result<usize, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .filter(|&t| t <= MAX_THREADS)
        .ok_or_else(|| format!("`{s}` is not a thread count from 0 (all cores) to {MAX_THREADS}"))
}

/// A whole number of at least `MIN`, as a flag's value (clap's own range check names its
/// upper end: `0 is not in 1..18446744073709551615`).
pub fn at_least<const MIN: u64, T: TryFrom<u64>>(s: &str) -> Result<T, String> {
    let t = s.trim();
    let n: u64 = t.parse().map_err(|_| {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            format!(
                "{t} is too large; expected a whole number of at least {MIN} up to {}",
                u64::MAX
            )
        } else {
            format!("`{s}` is not a whole number; expected one of at least {MIN}")
        }
    })?;
    if n < MIN {
        return Err(format!("{n} is too small; expected at least {MIN}"));
    }
    T::try_from(n).map_err(|_| format!("{n} is too large for this machine"))
}

#[cfg(test)]
mod tests {
    use super::parse_duration;
    use std::time::Duration;

    #[test]
    fn inputs_named_alike_are_told_apart() {
        let names: Vec<String> = ["-", "stdin", "a.txt", "-", "stdin", "b.txt"]
            .map(|f| super::input_name(f.as_ref()))
            .into();
        let told: Vec<String> = (0..names.len())
            .map(|i| super::told_apart(&names, i))
            .collect();
        let want = [
            "stdin",
            "stdin (2)",
            "a.txt",
            "stdin (3)",
            "stdin (4)",
            "b.txt",
        ];
        assert_eq!(told, want);
    }

    #[test]
    fn a_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(super::median_worst(&mut [4.0, 1.0, 3.0, 2.0]), (2.5, 4.0));
        assert_eq!(super::median_worst(&mut [3.0, 1.0, 2.0]), (2.0, 3.0));
        assert_eq!(super::median_worst(&mut []), (0.0, 0.0));
    }

    #[test]
    fn counts_of_at_least_one() {
        assert_eq!(super::at_least::<1, u64>("7"), Ok(7));
        assert_eq!(super::at_least::<2, usize>(" 2 "), Ok(2));
        let zero = super::at_least::<1, u64>("0").unwrap_err();
        assert_eq!(zero, "0 is too small; expected at least 1");
        for bad in ["-1", "x", "", "1.5"] {
            let e = super::at_least::<1, u64>(bad).unwrap_err();
            assert!(e.contains("is not a whole number"), "{bad}: {e}");
        }
        // Digits past what a count can hold are a number, too large.
        let huge = super::at_least::<1, u64>("99999999999999999999999").unwrap_err();
        assert!(
            huge.starts_with("99999999999999999999999 is too large;"),
            "{huge}"
        );
    }

    #[test]
    fn durations_with_and_without_units() {
        let ok = [
            ("2", 2.0),
            ("0.5", 0.5),
            ("500ms", 0.5),
            ("1.5m", 90.0),
            ("1h", 3600.0),
            ("1e3", 1000.0),
            ("1e3ms", 1.0),
        ];
        for (text, secs) in ok {
            assert_eq!(
                parse_duration(text),
                Ok(Duration::from_secs_f64(secs)),
                "{text}"
            );
        }
        for bad in ["0", "-1", "inf", "2 weeks", "ms", ""] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
