//! `nsudoku solve`: a line filter from puzzles to solutions (or solution counts).

use super::feed::Worked;
use super::{at, exit_status, prefix, thread_pool, with_file, InputArgs, Notes};
use indicatif::{ProgressBar, ProgressStyle};
use nsudoku::input::Puzzle;
use nsudoku::logic::TechniqueList;
use nsudoku::solver::{Count, Exceeded, SearchStats, SolveOptions, Verdict};
use nsudoku::{output, solve};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

// Output markers, one per puzzle that has no single solution to print (the others are
// `Verdict::word`, as `status` gives them).

/// Marker for a line that is no puzzle (stderr says why).
pub const MARK_INVALID: &str = nsudoku::input::MARK_INVALID;
/// Marker for a puzzle with no solution.
pub const MARK_NONE: &str = Verdict::NoSolution.word();
/// Marker for a puzzle whose search ran over `--max-nodes` or `--timeout`.
pub const MARK_BUDGET: &str = Verdict::Unsettled(Exceeded::Nodes).word();

#[derive(clap::Args, Debug)]
#[command(after_help = super::logic::techniques_help())]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Print the number of solutions instead of a solution: up to --limit, with `+` when there
    /// may be more (the limit was reached, or --max-nodes or --timeout ran out after two or
    /// more were found).
    #[arg(long)]
    count: bool,
    /// Stop counting at this many solutions. With 1, a puzzle's first solution is printed and
    /// counted as solved without checking that it is the only one.
    #[arg(long, default_value_t = 2, value_parser = super::at_least::<1, u64>)]
    limit: u64,
    /// Give up on a puzzle after this many search nodes (conflicts, once the engine's CDCL has
    /// taken over) and report "budget exceeded"; 0 settles only what propagation does, with no
    /// guess.
    #[arg(long, value_parser = super::at_least::<0, u64>)]
    max_nodes: Option<u64>,
    /// Give up on a puzzle after this much time (seconds, or with a unit: 500ms, 2s, 1m) and
    /// report "budget exceeded". Unlike --max-nodes it depends on the machine and its load.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0, value_parser = super::threads_arg)]
    threads: usize,
    /// Print batch statistics on stderr (with --reduce: with and without the reduction; with
    /// --node-reduce: with the techniques and with singles alone at the search's nodes).
    #[arg(long)]
    stats: bool,
    /// One JSON object a line per puzzle: `line`, `status` (solved or a marker), `solution`
    /// when solved, `solutions`, `exact`, `limit_reached`, `nodes`, `guesses`, `us`; `error` when
    /// invalid; `file` when several files are read. With --count, no `solution`.
    #[arg(long)]
    json: bool,
    /// No stderr line for each puzzle without one solution (`line 4: 2+ solutions`, no
    /// solution, over budget): its output line or record says it already. Bad lines are still
    /// told, each on its line, as are notes on the input.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Reduce each puzzle by these logic techniques (comma-separated names, as in `explain`;
    /// `all` for every one) before the search. `--techniques` (or `--technique`) is taken
    /// for it too, as the logic subcommands name their lists.
    #[arg(long, value_name = "LIST", aliases = ["techniques", "technique"])]
    reduce: Option<TechniqueList>,
    /// Run these logic techniques at every search node too (the singles always run there).
    /// The search is then the logic layer's own depth-first search, far slower than the
    /// engine: it measures the nodes the techniques save. With --stats, the same search with
    /// the singles alone at its nodes is timed beside it.
    #[arg(long, value_name = "LIST")]
    node_reduce: Option<TechniqueList>,
}

/// A solved puzzle: the count, its time, and with --stats --reduce the count and time without
/// reduction (with --node-reduce: with the singles alone at the search's nodes).
type Counted = (Count, f64, Option<(Count, f64)>);

pub fn run(a: SolveArgs) -> io::Result<ExitCode> {
    super::logic::validate_counting("--reduce", a.reduce.as_ref()).map_err(io::Error::other)?;
    super::logic::validate_counting("--node-reduce", a.node_reduce.as_ref())
        .map_err(io::Error::other)?;
    a.input.check_json(a.json)?;
    if a.count && a.input.boxed() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--format grid draws solutions, --count prints counts: choose one",
        ));
    }
    let opts = SolveOptions {
        limit: a.limit as usize,
        max_nodes: a.max_nodes,
        timeout: a.timeout,
        locked_candidates: None,
    };
    let start = Instant::now();
    let mut out = io::BufWriter::new(super::stdout());
    let mut tally = Tally::default();
    let mut plain_tally = Tally::default();
    let mut written = 0usize;
    let mut notes = Notes::default();
    let pool = thread_pool(a.threads)?;
    let mut feed = a.input.feed();
    if a.node_reduce.is_some() {
        feed = feed.logic_only("solve --node-reduce");
    } else if a.reduce.is_some() {
        feed = feed.logic_only("solve --reduce");
    }
    let mut bar = Bar::new(feed.total_bytes);
    let work = |p: &Puzzle| -> Counted {
        let t = Instant::now();
        if let Some(list) = &a.node_reduce {
            let before = a.reduce.as_ref().map_or(vec![], |l| l.for_size(p.n()));
            let c = solve::count_with_node_reduce(p, &opts, &before, &list.for_size(p.n()));
            let secs = t.elapsed().as_secs_f64();
            let plain = a.stats.then(|| {
                let t = Instant::now();
                let c = solve::count_with_node_reduce(p, &opts, &before, &[]);
                (c, t.elapsed().as_secs_f64())
            });
            return (c, secs, plain);
        }
        let Some(list) = &a.reduce else {
            // Counting prints no solution: none is kept.
            let c = if a.count {
                solve::count_only(p, &opts)
            } else {
                solve::count(p, &opts)
            };
            return (c, t.elapsed().as_secs_f64(), None);
        };
        let ts = list.for_size(p.n());
        let (c, _) = solve::count_with_reduce(p, &opts, &ts);
        let secs = t.elapsed().as_secs_f64();
        let plain = a.stats.then(|| {
            let t = Instant::now();
            let c = solve::count(p, &opts);
            (c, t.elapsed().as_secs_f64())
        });
        (c, secs, plain)
    };
    loop {
        let chunk = feed.next_chunk();
        if chunk.is_empty() {
            break;
        }
        bar.read(feed.bytes_read(), feed.records_read());
        let emit = |label: &Option<String>, res: Worked<Counted>| -> io::Result<()> {
            let line = match res {
                Err(e) => {
                    bar.say(format_args!("{}{e}", prefix(label)));
                    tally.invalid += 1;
                    plain_tally.invalid += 1;
                    if a.json {
                        let mut v = serde_json::json!({
                            "status": MARK_INVALID,
                            "error": e.message(),
                        });
                        super::set_line(&mut v, e.line, e.item);
                        with_file(v, label)
                    } else {
                        MARK_INVALID.to_string()
                    }
                }
                Ok((p, (c, secs, plain))) => {
                    if let Some(note) = notes.fresh(label, p) {
                        bar.say(note);
                    }
                    for list in [&a.reduce, &a.node_reduce] {
                        if let Some(note) = notes.idle(label, p, list.as_ref()) {
                            bar.say(note);
                        }
                    }
                    tally.add(&c, secs);
                    if let Some((pc, ps)) = plain {
                        plain_tally.add(&pc, ps);
                    }
                    if let Some(what) = report(label, p, &c).filter(|_| !a.quiet) {
                        bar.say(what);
                    }
                    if a.json {
                        with_file(json_record(p, &c, secs), label)
                    } else if a.input.boxed() {
                        // (--count refused with it above.)
                        super::labelled_grid(p, render(p, &c, false, true))
                    } else {
                        super::labelled(p, render(p, &c, a.count, false))
                    }
                }
            };
            // Boxed grids one after another read as one: a blank line between them.
            if a.input.boxed() && !a.count && !a.json && written > 0 {
                writeln!(out)?;
            }
            // Written as it stands, not through the formatter: a line a puzzle.
            out.write_all(line.as_bytes())?;
            out.write_all(b"\n")?;
            written += 1;
            bar.tick(written);
            Ok(())
        };
        super::feed::in_groups(&pool, &chunk, work, emit)?;
        feed.done(chunk);
        // A line filter answers what it has read before waiting for more.
        out.flush()?;
    }
    bar.finish();
    if a.stats {
        let wall = start.elapsed().as_secs_f64();
        // Both searches run for each puzzle, so the clock times neither alone: each is the
        // sum of its puzzles' times, named so (above one thread it exceeds the wall).
        let summed = |t: &Tally| Clock::Summed(t.times.iter().sum());
        if let Some(list) = &a.node_reduce {
            let before = match &a.reduce {
                Some(r) => format!(", after reduction by {r}"),
                None => String::new(),
            };
            // The search's time includes the techniques at its nodes, and the reduction before.
            let what = if a.reduce.is_some() {
                "reduction+search"
            } else {
                "search"
            };
            say!("with {list} at every search node{before}:");
            tally.print(summed(&tally), what);
            say!("with singles alone at every search node{before}:");
            plain_tally.print(summed(&plain_tally), what);
        } else if let Some(list) = &a.reduce {
            say!("with reduction by {list} (time includes the reduction):");
            tally.print(summed(&tally), "reduction+search");
            say!("without reduction:");
            plain_tally.print(summed(&plain_tally), "search");
        } else {
            tally.print(Clock::Wall(wall), "search");
        }
    }
    Ok(exit_status(!tally.all_unique()))
}

/// A progress bar on stderr, when it is a terminal and the batch is long (2,000 puzzles, or 2
/// seconds): over the input's bytes when the files' sizes are known, else a count and the
/// time.
struct Bar {
    total_bytes: Option<u64>,
    bar: Option<ProgressBar>,
    /// Stderr is a terminal (asked once: a batch may write millions of lines).
    terminal: bool,
    start: Instant,
    /// Input bytes and records read, as of the last chunk (the reader runs ahead of the
    /// puzzles done: the bar is at the bytes of the records done, in proportion).
    bytes: u64,
    records: u64,
}

impl Bar {
    /// Puzzles done before a bar shows: a short batch needs none.
    const AFTER: usize = 2000;
    /// Or time spent: a few slow puzzles (a hard 25×25 takes seconds) make a long batch too.
    const AFTER_TIME: std::time::Duration = std::time::Duration::from_secs(2);

    fn new(total_bytes: Option<u64>) -> Self {
        Bar {
            total_bytes,
            bar: None,
            terminal: io::stderr().is_terminal(),
            start: Instant::now(),
            bytes: 0,
            records: 0,
        }
    }

    /// When a chunk is taken: `bytes` and `records` of input read.
    fn read(&mut self, bytes: u64, records: u64) {
        (self.bytes, self.records) = (bytes, records);
    }

    /// After each puzzle written (the bar is redrawn for one in 64 once past [`Bar::AFTER`]:
    /// a fast batch writes hundreds of thousands a second).
    fn tick(&mut self, done: usize) {
        if done >= Self::AFTER && done % 64 != 0 {
            return;
        }
        let long = || done >= Self::AFTER || self.start.elapsed() >= Self::AFTER_TIME;
        if self.bar.is_none() && self.terminal && long() {
            let (b, template) = match self.total_bytes {
                Some(total) => (
                    ProgressBar::new(total),
                    "{bar:40} {percent}% {msg} puzzles, {elapsed}",
                ),
                None => (
                    ProgressBar::new_spinner(),
                    "{spinner} {msg} puzzles, {elapsed}",
                ),
            };
            b.set_style(ProgressStyle::with_template(template).expect("a valid template"));
            let b = b.with_elapsed(self.start.elapsed());
            // Elapsed time and the spinner move while a slow puzzle runs.
            b.enable_steady_tick(std::time::Duration::from_millis(500));
            self.bar = Some(b);
        }
        if let Some(b) = &self.bar {
            let at = self.bytes as u128 * done as u128 / self.records.max(1) as u128;
            b.set_position((at as u64).min(self.bytes));
            b.set_message(done.to_string());
        }
    }

    /// Write `msg` as a line of stderr, with the bar (when shown) out of its way.
    fn say(&self, msg: impl std::fmt::Display) {
        match &self.bar {
            Some(b) => b.suspend(|| say!("{msg}")),
            None => say!("{msg}"),
        }
    }

    fn finish(self) {
        if let Some(b) = self.bar {
            b.finish_and_clear();
        }
    }
}

/// What to say of a puzzle not solved with a unique solution; `None` for one that was.
fn report(label: &Option<String>, p: &Puzzle, c: &Count) -> Option<String> {
    let searched = c.stats.nodes as usize;
    let what = match c.verdict() {
        Verdict::Solved => return None,
        Verdict::Unsettled(Exceeded::Time) => format!(
            "timeout exceeded after {}; expected a puzzle settled within --timeout",
            super::plural(searched, "search node")
        ),
        Verdict::Unsettled(Exceeded::Nodes) => format!(
            "search budget exceeded after {}; expected a puzzle settled within --max-nodes",
            super::plural(searched, "node")
        ),
        Verdict::NoSolution => "no solution".into(),
        Verdict::Several if c.budget_exceeded() => format!(
            "{} solutions (found before {} ran out)",
            counted(c),
            match c.stopped {
                Some(Exceeded::Time) => "--timeout",
                _ => "--max-nodes",
            }
        ),
        Verdict::Several => format!("{} solutions", counted(c)),
    };
    Some(format!("{}: {what}", at(label, p)))
}

/// The solutions counted, with `+` when there may be more: the limit was reached, or a budget
/// ran out after several (`0`, `1`, `2+`).
fn counted(c: &Count) -> String {
    let mut s = c.solutions.to_string();
    if !c.is_exact() {
        s.push('+');
    }
    s
}

/// The marker of a puzzle without an answer, or its status for `--json`.
fn status(c: &Count) -> &'static str {
    c.verdict().word()
}

fn render(p: &Puzzle, c: &Count, count: bool, boxed: bool) -> String {
    match c.verdict() {
        Verdict::Unsettled(_) => MARK_BUDGET.into(),
        _ if count => counted(c),
        Verdict::Solved => {
            let s = c.first.as_ref().expect("a counted solution is kept");
            output::solution(p, s, boxed)
        }
        _ => status(c).into(),
    }
}

/// A puzzle's record for `--json`; the solution in the input's alphabet and format.
fn json_record(p: &Puzzle, c: &Count, secs: f64) -> serde_json::Value {
    let status = status(c);
    let mut v = serde_json::json!({
        "status": status,
        "solutions": c.solutions,
        "limit_reached": c.limit_reached,
        "exact": c.is_exact(),
        "nodes": c.stats.nodes,
        "guesses": c.stats.guesses,
        "us": (secs * 1e6).round() as u64,
    });
    super::set_place(&mut v, p);
    if let (Verdict::Solved, Some(s)) = (c.verdict(), &c.first) {
        v["solution"] = output::like_input(p, s).into();
    }
    v
}

#[derive(Default)]
struct Tally {
    puzzles: usize,
    unique: usize,
    none: usize,
    multiple: usize,
    invalid: usize,
    budget: usize,
    no_guess: usize,
    search: SearchStats,
    times: Vec<f64>,
}

/// The time `--stats` rates a batch by.
#[derive(Clone, Copy)]
enum Clock {
    /// The batch's elapsed time.
    Wall(f64),
    /// Its puzzles' times added up (`--reduce`, which times two searches of each puzzle).
    Summed(f64),
}

impl Tally {
    fn add(&mut self, c: &Count, secs: f64) {
        self.puzzles += 1;
        self.times.push(secs);
        self.search += c.stats;
        let verdict = c.verdict();
        // Solved without guessing, as `bench` counts it: a puzzle refuted without a guess
        // was solved by nothing.
        if c.stats.guesses == 0 && matches!(verdict, Verdict::Solved | Verdict::Several) {
            self.no_guess += 1;
        }
        *match verdict {
            Verdict::Unsettled(_) => &mut self.budget,
            Verdict::NoSolution => &mut self.none,
            Verdict::Solved => &mut self.unique,
            Verdict::Several => &mut self.multiple,
        } += 1;
    }

    fn all_unique(&self) -> bool {
        self.invalid == 0 && self.unique == self.puzzles
    }

    /// The statistics on stderr; `what` names what each puzzle's time (median, worst) holds.
    fn print(&mut self, clock: Clock, what: &str) {
        let n = self.puzzles.max(1) as f64;
        let (median, worst) = super::median_worst(&mut self.times);
        say!(
            "puzzles {}  solved {}  no solution {}  multiple {}  invalid {}  over budget {}",
            self.puzzles + self.invalid,
            self.unique,
            self.none,
            self.multiple,
            self.invalid,
            self.budget
        );
        let (name, secs) = match clock {
            Clock::Wall(t) => ("wall", t),
            Clock::Summed(t) => ("summed", t),
        };
        // An empty sum is -0.0, which would print `-0.000`.
        let secs = secs.max(0.0);
        if self.puzzles == 0 {
            // No rate of nothing: `1 / secs` puzzles a second would be made up.
            say!("{name} {secs:.3} s  no puzzle was searched");
            return;
        }
        // The rates come from the clock (reading, writing and threads too), the median and
        // worst from each puzzle's own time, which is why a mean can exceed the worst.
        say!(
            "{name} {:.3} s  {:.0} puzzles/s  {:.2} µs/puzzle  {what} median {:.2} µs  worst {:.2} µs",
            secs,
            n / secs,
            secs * 1e6 / n,
            median * 1e6,
            worst * 1e6
        );
        // Invalid lines are read, not searched: the rates are those of the puzzles searched.
        let over = match self.invalid {
            0 => String::new(),
            _ => format!("  (rates over the {} searched)", self.puzzles),
        };
        say!(
            "no guess {:.1}%  guesses/puzzle {:.2}  nodes/puzzle {:.2}{over}",
            100.0 * self.no_guess as f64 / n,
            self.search.guesses as f64 / n,
            self.search.nodes as f64 / n
        );
    }
}
