//! `nsudoku generate`: puzzles with a unique solution, one a line, reproducible from the seed.

use super::exit_status;
use super::thread_pool;
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use nsudoku::basis::LOGIC;
use nsudoku::generate::{self, Attempt, GenOptions, Generated, RatingRange, Symmetry};
use nsudoku::input::Format;
use nsudoku::logic::TechniqueList;
use nsudoku::{output, Alphabet};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(clap::Args, Debug)]
#[command(after_help = super::logic::techniques_help())]
#[command(group(clap::ArgGroup::new("grid").required(true).args(["basis", "size"])))]
pub struct GenerateArgs {
    /// Basis K: grids of K² digits (3 = 9×9, 4 = 16×16, 5 = 25×25, …).
    #[arg(long, short = 'k',
          value_parser = super::within::<{ *LOGIC.start() as u64 }, { *LOGIC.end() as u64 }, u8>)]
    basis: Option<u8>,
    /// The grid's size N instead of its basis: 9 for 9×9 (as `-k 3`), 16, 25, … up to 100.
    #[arg(long, value_name = "N", value_parser = size_basis)]
    size: Option<u8>,
    /// Number of puzzles (0 makes none and succeeds, as `head -n 0` prints nothing).
    #[arg(long, short = 'n', default_value_t = 1, value_parser = super::at_least::<0, u64>)]
    count: u64,
    /// Seed of the run; puzzle i depends only on (seed, i). Random (and printed) when omitted.
    #[arg(long, value_parser = super::at_least::<0, u64>)]
    seed: Option<u64>,
    /// Pattern symmetry of the givens: none, rotational (or central, point: a half turn),
    /// quarter, diagonal, antidiagonal, mirror.
    #[arg(long, default_value = "none")]
    symmetry: Symmetry,
    /// No given can be removed (under a symmetry: no orbit of givens). Checks that ran over
    /// --max-nodes are repeated without a budget. Not with --givens or --technique, which
    /// stop digging before every given that could go has gone.
    #[arg(long)]
    minimal: bool,
    /// Stop digging at this many givens; grids that end above it are retried. Under a
    /// symmetry whole orbits go, so a puzzle may end a few givens below it; with --technique,
    /// digging goes on below it until the puzzle needs the technique.
    #[arg(long, value_parser = super::at_least::<0, usize>)]
    givens: Option<usize>,
    /// The puzzle must need this technique: logic with every easier technique gets stuck, and
    /// with it the puzzle is solved. With a comma-separated list (or a family), every technique
    /// easier than the easiest listed gets stuck, the easiest that applies there is a listed
    /// one (as `explain` would take it), and the listed ones added solve it. Then `rate` (the
    /// easiest step each time) must rate it as the hardest listed step (a chain: as one of its
    /// kind), so that `explain --rated` and `rate` show it too. Not unique-rectangle or bug: they
    /// assume the uniqueness that digging checks (as easier techniques they count, as in
    /// `explain`: the puzzle has one solution). The finned fish are not among the easier
    /// techniques, as `rate` has none (nor has SE), unless one is listed; then `rate` does not
    /// check the puzzle.
    #[arg(long, visible_alias = "techniques")]
    technique: Option<TechniqueList>,
    /// The puzzle's rating (ER, as `rate` gives it, on Sudoku Explainer's scale) must be in
    /// this range: 3.0-4.5, 6.0- (at least), -4.5 (at most) or 4.4 (just that). Digging keeps
    /// the puzzle solvable with the techniques rated up to the top of the range; puzzles rated
    /// outside it are retried (see --attempts, --timeout). Singles rate 1.2-2.3, pairs and
    /// X-Wings 3.0-3.4, XY- and XYZ-Wings 4.2-4.4, chains from 6.5, forcing chains from 8.0.
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true)]
    rating: Option<RatingRange>,
    /// Node budget of one uniqueness check while digging (over budget keeps the given; 0
    /// keeps every given whose removal propagation alone cannot settle, with no guess).
    /// Default: 10000 up to 9×9, 1000 at 16×16, 100 above. With --technique, or a --rating
    /// whose top is below a technique's rating, digging checks by logic instead, which it
    /// does not bound.
    #[arg(long, value_parser = super::at_least::<0, u64>)]
    max_nodes: Option<u64>,
    /// Grids tried per puzzle before giving up on --givens, --technique or --rating.
    #[arg(long, default_value_t = 1000, value_parser = super::at_least::<1, u64>)]
    attempts: u64,
    /// Give up on a puzzle's --givens, --technique or --rating once this much time has gone
    /// (seconds, or with a unit: 500ms, 2s, 1m), checked between attempts and inside one as
    /// digging goes.
    /// Which attempt ends the search then depends on the machine's speed, not only on the seed.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    /// Output: line (one symbol a cell, standard alphabet) or numbers (space-separated, 0 =
    /// empty). Default: line up to 25×25 or with --alphabet, numbers above.
    #[arg(long, value_parser = written)]
    format: Option<Written>,
    /// Symbols of the line format: standard (1-9A-Za-z: 16×16 is 1-9A-G, 25×25 1-9A-P), hex
    /// (0-F, zero-based, the usual 16×16 form) or letters (A = 1: A-Y, the usual 25×25 form).
    /// Default: standard.
    #[arg(long)]
    alphabet: Option<Alphabet>,
    /// Also print the solution after each puzzle, separated by a space (line format) or on the
    /// next line (numbers). A --json record always has it.
    #[arg(long)]
    solution: bool,
    /// One JSON object a line per puzzle asked for (docs/json.md): `number`, `seed`, `status`
    /// (`generated` or `failed`); `puzzle`, `solution`, `givens` and `attempts` when made,
    /// `error` when not; `us`. A puzzle that could not be made keeps its line.
    #[arg(long)]
    json: bool,
    /// Worker threads (0 = all cores). The output does not depend on it.
    #[arg(long, default_value_t = 0, value_parser = super::threads_arg)]
    threads: usize,
}

/// `--format`.
#[derive(Clone, Copy, Debug)]
enum Written {
    Line,
    Numbers,
}

/// `--format line` or `numbers`, in any case; a slip of either is named, as `solve --format`
/// names one of its own.
fn written(s: &str) -> Result<Written, String> {
    match s.to_ascii_lowercase().as_str() {
        "line" => Ok(Written::Line),
        "numbers" => Ok(Written::Numbers),
        "grid" => Err(
            "generate writes puzzles one a line, to be read back; expected line or numbers \
             (`nsudoku solve --format grid` shows a puzzle boxed, `render` draws one)"
                .to_string(),
        ),
        _ => Err(format!(
            "unknown format '{s}'{}; expected line or numbers",
            super::format_slip(s, &["line", "numbers"])
        )),
    }
}

/// How the puzzles are written: `--format`, and `--alphabet` for the line format.
#[derive(Clone, Copy, Debug)]
struct Writing {
    format: Format,
    alphabet: Alphabet,
}

pub fn run(a: GenerateArgs) -> io::Result<ExitCode> {
    let k = a.basis() as usize;
    let n = k * k;
    if a.basis == Some(9) {
        // `-k 9` for "9×9" would start a run of minutes with nothing to show for a while.
        say!("note: basis 9 makes 81×81 grids; for 9×9, `-k 3` or `--size 9`");
    }
    let (writing, opts) = options(&a)?;
    // Accepted, but with nothing to act on: said, so that a bound the user counts on is not
    // silently idle (`--minimal --timeout 3s` at 25×25 runs its minute).
    let targeted = opts.givens.is_some() || opts.technique.is_some() || opts.rating.is_some();
    if a.timeout.is_some() && !targeted {
        say!(
            "note: --timeout bounds the search for --givens, --technique or --rating, and none \
             is asked: each puzzle is its first attempt, however long it takes"
        );
    }
    if a.max_nodes.is_some() && opts.technique.is_some() {
        say!(
            "note: --max-nodes bounds the checks that count solutions; with --technique digging \
             checks by logic, and the bound is not used"
        );
    }
    let seed = a.seed.unwrap_or_else(|| {
        let mut clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let s = generate::splitmix64(&mut clock);
        say!("note: seed {s}");
        s
    });
    // A bar only when it will be seen and the run is long enough to want one: many cells, or
    // a target that may take many attempts, each as long as a whole puzzle.
    let long = a.count as f64 * (n * n) as f64 >= 200_000.0 || n >= 36 || targeted;
    let bar = (io::stderr().is_terminal() && long).then(|| progress_bar(a.count));
    let tally = AttemptTally::new(opts.givens);
    let mut out = io::BufWriter::new(super::stdout());
    let mut failed = 0u64;
    let pool = thread_pool(a.threads)?;
    let count = usize::try_from(a.count).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "--count is too large for this machine",
        )
    })?;
    let make = |i: usize| {
        let seen = &mut |t: Attempt| {
            if let Some(b) = bar.as_ref().filter(|_| targeted) {
                b.set_message(tally.record(t));
            }
        };
        let start = std::time::Instant::now();
        let made =
            generate::generate_k_observed(k, &opts, generate::puzzle_seed(seed, i as u64), seen);
        (made, start.elapsed())
    };
    // Each puzzle is written as soon as those before it are: a long run killed midway keeps
    // what it finished, in order. The bar counts the puzzles written.
    let write = |i: usize, (r, took): (Result<Generated, generate::GenError>, _)| {
        if a.json {
            writeln!(out, "{}", json_record(k, i, seed, &r, took, writing))?;
        }
        match r {
            Ok(g) if !a.json => write_generated(&mut out, k, &g, writing, a.solution)?,
            Ok(_) => {}
            Err(e) => {
                failed += 1;
                // Counted from 1, as lines are everywhere else; the bar out of the way.
                let tell = || say!("puzzle {}: {e}", i + 1);
                match &bar {
                    Some(b) => b.suspend(tell),
                    None => tell(),
                }
            }
        }
        out.flush()?;
        if let Some(b) = &bar {
            b.inc(1);
        }
        io::Result::Ok(())
    };
    super::in_order_of(&pool, count, make, write)?;
    out.flush()?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(exit_status(failed > 0))
}

impl GenerateArgs {
    /// The basis, given as `-k` or through `--size` (clap requires one of them).
    fn basis(&self) -> u8 {
        self.basis.or(self.size).unwrap_or(3)
    }
}

/// `--size N`: the basis of a grid of N digits, N a square within the logic's bases.
fn size_basis(s: &str) -> Result<u8, String> {
    let (low, high) = (*LOGIC.start() as u64, *LOGIC.end() as u64);
    let n: u64 = s.trim().parse().map_err(|_| {
        format!("`{s}` is not a whole number; expected a grid size such as 9 or 16")
    })?;
    (low..=high)
        .find(|k| k * k == n)
        .map(|k| k as u8)
        .ok_or_else(|| {
            let squares: Vec<String> = (low..=high).map(|k| (k * k).to_string()).collect();
            format!(
                "{n} is not a grid size; expected one of {}",
                squares.join(", ")
            )
        })
}

/// What the arguments ask for: how to write the puzzles and the generator's options, checked
/// for a grid of basis `a.basis()` (a request no puzzle can meet is refused here, before any
/// work).
fn options(a: &GenerateArgs) -> io::Result<(Writing, GenOptions)> {
    let n = a.basis() as usize * a.basis() as usize;
    let format = match a.format {
        Some(Written::Line) => Format::Line,
        Some(Written::Numbers) => Format::Numbers,
        // An alphabet asks for the line format.
        None if n <= 25 || a.alphabet.is_some() => Format::Line,
        None => Format::Numbers,
    };
    let alphabet = a.alphabet.unwrap_or(Alphabet::Standard);
    match format {
        Format::Line if n > alphabet.capacity() => {
            let how = if n <= Alphabet::Standard.capacity() {
                "--alphabet standard or --format numbers"
            } else {
                "--format numbers"
            };
            return Err(invalid(&format!(
                "{n}×{n} cannot be written one symbol a cell in the {alphabet} alphabet \
                 ({} digits at most); use {how}",
                alphabet.capacity()
            )));
        }
        Format::Numbers if a.alphabet.is_some() => {
            return Err(invalid(
                "--alphabet sets the symbols of the line format; numbers have none (expected \
                 --format line, or no --alphabet)",
            ))
        }
        _ => {}
    }
    let technique = match &a.technique {
        None => None,
        Some(list) => {
            if list.names_all() {
                // Every technique, singles among them: any puzzle logic solves would do.
                return Err(invalid(
                    "--technique all would take any puzzle that logic solves; expected the techniques the puzzle must need",
                ));
            }
            Some(list.for_size(n))
        }
    };
    let opts = GenOptions {
        symmetry: a.symmetry,
        minimal: a.minimal,
        givens: a.givens,
        technique,
        rating: a.rating,
        max_nodes: a.max_nodes,
        attempts: usize::try_from(a.attempts).unwrap_or(usize::MAX),
        timeout: a.timeout,
    };
    opts.check(n).map_err(|e| invalid(&e.to_string()))?;
    Ok((Writing { format, alphabet }, opts))
}

/// The bar of a run of `count` puzzles, on stderr.
fn progress_bar(count: u64) -> ProgressBar {
    let b = ProgressBar::new(count);
    b.set_style(
        // With one puzzle, a rate and an eta say nothing until it ends.
        ProgressStyle::with_template(if count == 1 {
            "{spinner} puzzle 1 {elapsed}{msg}"
        } else {
            "{bar:40} {pos}/{len} puzzles {elapsed} {rate} eta {eta}{msg}"
        })
        .unwrap()
        // indicatif's own `per_sec` shows four decimals (`100.5114/s`).
        .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let rate = s.per_sec();
            let _ = if rate >= 10.0 {
                write!(w, "{rate:.0}/s")
            } else {
                write!(w, "{rate:.2}/s")
            };
        }),
    );
    // An attempt at 49×49 takes seconds: the clock moves between them.
    b.enable_steady_tick(std::time::Duration::from_millis(500));
    b
}

/// Write `g`'s puzzle of basis `k` as `w` says, and its solution after it when `solution`
/// (after a space on the line, or on the lines after a grid of numbers).
fn write_generated(
    out: &mut impl Write,
    k: usize,
    g: &Generated,
    w: Writing,
    solution: bool,
) -> io::Result<()> {
    let p = output::digits_line(k, &g.puzzle, w.alphabet, w.format);
    if solution {
        let s = output::digits_line(k, &g.solution, w.alphabet, w.format);
        let sep = if w.format == Format::Line { " " } else { "\n" };
        writeln!(out, "{p}{sep}{s}")
    } else {
        writeln!(out, "{p}")
    }
}

/// The JSON record of puzzle `i` (from 0) of the run seeded `seed`: what was made, or why not,
/// and how long it took. The solution is always there: a program that reads records wants
/// it beside its puzzle, not on a flag.
fn json_record(
    k: usize,
    i: usize,
    seed: u64,
    made: &Result<Generated, generate::GenError>,
    took: std::time::Duration,
    w: Writing,
) -> serde_json::Value {
    let mut v = serde_json::json!({
        "number": i + 1,
        "seed": seed,
        "us": took.as_micros() as u64,
    });
    match made {
        Ok(g) => {
            v["status"] = "generated".into();
            v["puzzle"] = output::digits_line(k, &g.puzzle, w.alphabet, w.format).into();
            v["solution"] = output::digits_line(k, &g.solution, w.alphabet, w.format).into();
            v["givens"] = g.puzzle.iter().filter(|&&d| d != 0).count().into();
            v["attempts"] = g.attempts.into();
        }
        Err(e) => {
            v["status"] = "failed".into();
            v["error"] = e.to_string().into();
        }
    }
    v
}

/// Attempts over the whole run, for the progress bar: how many, and how close the closest
/// came to a `--givens` target (the first thing to know when none meets it).
struct AttemptTally {
    target: Option<usize>,
    made: AtomicUsize,
    fewest: AtomicUsize,
}

impl AttemptTally {
    fn new(target: Option<usize>) -> Self {
        AttemptTally {
            target,
            made: AtomicUsize::new(0),
            fewest: AtomicUsize::new(usize::MAX),
        }
    }

    /// Count `t` and say where the run stands.
    fn record(&self, t: Attempt) -> String {
        let made = self.made.fetch_add(1, Ordering::Relaxed) + 1;
        let fewest = self
            .fewest
            .fetch_min(t.givens, Ordering::Relaxed)
            .min(t.givens);
        let s = if made == 1 { "" } else { "s" };
        match self.target {
            Some(g) => format!(", {made} attempt{s}, fewest givens {fewest} (target {g})"),
            None => format!(", {made} attempt{s}"),
        }
    }
}

fn invalid(msg: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, msg.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tally_counts_attempts_and_keeps_the_fewest_givens() {
        let t = AttemptTally::new(Some(250));
        let at = |number, givens| Attempt { number, givens };
        assert_eq!(
            t.record(at(1, 300)),
            ", 1 attempt, fewest givens 300 (target 250)"
        );
        assert_eq!(
            t.record(at(2, 280)),
            ", 2 attempts, fewest givens 280 (target 250)"
        );
        assert_eq!(
            t.record(at(1, 290)),
            ", 3 attempts, fewest givens 280 (target 250)"
        );
        let t = AttemptTally::new(None);
        assert_eq!(t.record(at(1, 30)), ", 1 attempt");
        assert_eq!(t.record(at(2, 28)), ", 2 attempts");
    }
}
