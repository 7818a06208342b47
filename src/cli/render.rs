//! `nsudoku render`: the first puzzle of the input as an SVG picture (the puzzle, its solution,
//! its candidate grid, or one step of its solving path), or its whole solving path as a web page.

use super::{at, verdict, InputArgs, Notes};
use nsudoku::input::Puzzle;
use nsudoku::logic::engine::{self, End};
use nsudoku::logic::{Config, Technique, TechniqueList};
use nsudoku::rating;
use nsudoku::render::{self, grid, html, step, Board, Options};
use nsudoku::solver::Verdict;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = super::logic::techniques_help())]
// What only a solving path reads (--techniques, --rated and the techniques' budgets) is
// refused without one, not passed over in silence.
#[command(group = clap::ArgGroup::new("path").args(["html", "svg", "step"]).multiple(true))]
#[command(mut_arg("pom_budget", |a| a.requires("path")))]
#[command(mut_arg("chain_length", |a| a.requires("path")))]
#[command(mut_arg("forcing_budget", |a| a.requires("path")))]
pub struct RenderArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Draw the solution (givens in black, the other digits in blue).
    #[arg(long, conflicts_with_all = ["candidates", "step"])]
    solution: bool,
    /// Draw the candidates of the open cells (up to 36x36; larger grids get a note instead).
    /// A step's picture has them always, so with --step this asks for nothing more.
    #[arg(long)]
    candidates: bool,
    /// Draw step N (1-based) of the solving path on the grid it was found in.
    #[arg(long, value_name = "N", value_parser = super::at_least::<1, u64>)]
    step: Option<u64>,
    /// Techniques of the solving path, comma-separated in any order (default: all).
    #[arg(
        long,
        visible_alias = "technique",
        value_name = "LIST",
        requires = "path"
    )]
    techniques: Option<TechniqueList>,
    /// Take the easiest step by rating each time, as `rate` measures the puzzle (among
    /// --techniques when given, else among `rate`'s: no finned fish), and show each step's difficulty on Sudoku Explainer's scale
    /// after its text (`[2.6]`), as `explain --rated` does: with --html, --svg or --step.
    #[arg(long, requires = "path")]
    rated: bool,
    /// Write the SVG here (default, or `-`: standard output).
    #[arg(short = 'o', long, value_name = "OUT.svg")]
    output: Option<PathBuf>,
    /// Write the whole solving path as one self-contained web page (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Write every step of the solving path as DIR/step-001.svg, DIR/step-002.svg, ….
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Give up after this much time (seconds, or with a unit: 500ms, 2s, 1m): the search for
    /// --solution (10 s when not given), and the solving path, which then ends with `timeout`
    /// (no limit when not given).
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    #[command(flatten)]
    limits: super::logic::LimitArgs,
}

/// How long `--solution` searches when no `--timeout` is given: a picture should not wait on
/// a puzzle no solver settles (64×64 line 1 of the shared data).
const SOLUTION_SEARCH: std::time::Duration = std::time::Duration::from_secs(10);

/// Why a render stops short of its picture.
enum Stop {
    /// What the puzzle itself does not allow (not a puzzle, givens that contradict, no unique
    /// solution, a path shorter than the step asked for): said on stderr with exit status 1,
    /// as the other subcommands do for a puzzle.
    Unfit(String),
    /// Usage and I/O errors: exit status 2.
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Io(e)
    }
}

fn bad(msg: impl Into<String>) -> Stop {
    Stop::Io(io::Error::new(io::ErrorKind::InvalidInput, msg.into()))
}

/// Write `text` to `path`, or to standard output when it is `-`.
fn write_file(path: &PathBuf, text: &str) -> io::Result<()> {
    if path.as_os_str() == "-" {
        return super::stdout().write_all(text.as_bytes());
    }
    std::fs::write(path, text)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))
}

pub fn run(a: RenderArgs) -> io::Result<ExitCode> {
    match draw_first(a) {
        Ok(status) => Ok(status),
        Err(Stop::Unfit(why)) => {
            say!("nsudoku: {why}");
            Ok(ExitCode::from(1))
        }
        Err(Stop::Io(e)) => Err(e),
    }
}

fn draw_first(a: RenderArgs) -> Result<ExitCode, Stop> {
    // Usage errors before any puzzle is read, as in the other logic subcommands.
    let to_stdout = |p: &Option<PathBuf>| p.as_ref().is_some_and(|p| p.as_os_str() == "-");
    if to_stdout(&a.svg) {
        return Err(bad(
            "--svg -: the step pictures are files of a directory; expected a directory \
             (-o - --step N writes one step's picture to standard output)",
        ));
    }
    let wants_picture = a.output.is_some() || a.step.is_some() || a.solution || a.candidates;
    if to_stdout(&a.html) && wants_picture && (a.output.is_none() || to_stdout(&a.output)) {
        return Err(bad(
            "--html - and the picture would both go to standard output; expected -o FILE for \
             the picture",
        ));
    }
    if let (Some(page), Some(picture)) = (&a.html, &a.output) {
        if !to_stdout(&a.html) && super::same_file(page, picture) {
            return Err(bad(format!(
                "--html and -o both name {}: the picture would overwrite the page; expected \
                 two files",
                page.display()
            )));
        }
    }
    super::check_picture_paths(a.svg.as_deref(), a.html.as_deref())?;
    super::writable_file("-o", a.output.as_deref())?;
    super::not_an_input("-o", a.output.as_deref(), &a.input.files)?;
    super::not_an_input("--html", a.html.as_deref(), &a.input.files)?;
    // A file that cannot be read is the one error, not also "no puzzle in the input".
    super::readable_files(&a.input.files)?;
    a.input.check_no_grid("render")?;
    // The first record is drawn; those after it are read for their notes and counted, not held.
    let (mut notes, mut first, mut rest) = (Notes::default(), None, 0);
    let feed = a.input.feed().logic_only("render");
    feed.each(false, |(label, rec), _| {
        if let Ok(p) = &rec {
            notes.tell_all(&label, p, a.techniques.as_ref());
        }
        match first {
            None => first = Some((label, rec)),
            Some(_) => rest += 1,
        }
        Ok(())
    })?;
    if rest > 0 {
        say!(
            "note: render draws the first puzzle only; {rest} more left out (explain --svg DIR \
             --html FILE draws every puzzle of a batch)"
        );
    }
    let (label, p) = match first {
        // An input that could not be read has said so (exit status 2).
        None if super::any_unread() => return Ok(ExitCode::from(2)),
        None => return Err(bad("no puzzle in the input")),
        Some((label, Err(e))) => return Err(Stop::Unfit(format!("{}{e}", super::prefix(&label)))),
        Some((label, Ok(p))) => (label, p),
    };
    let unfit = |msg: String| Stop::Unfit(format!("{}: {msg}", at(&label, &p)));
    let techniques = super::logic::path_techniques(a.techniques.as_ref(), p.n(), a.rated);
    let cfg = a.limits.config().until(a.timeout);
    // Only a path needs the count that admits the uniqueness techniques: `--solution` alone
    // would pay for it twice, out of its own --timeout.
    let needs_path = a.html.is_some() || a.svg.is_some() || a.step.is_some();
    let cfg = if needs_path {
        super::logic::config_for(cfg, &p, &techniques)
    } else {
        cfg
    };
    // Without a page or step pictures no path is judged: a picture alone succeeds.
    let mut status = ExitCode::SUCCESS;
    if a.html.is_some() || a.svg.is_some() {
        let run = solving_path(&a, &p, &techniques, &cfg, usize::MAX).map_err(unfit)?;
        let ended = html::end_text(run.end).trim_end_matches('.').to_lowercase();
        let broke = (run.end == End::Contradiction)
            .then(|| verdict::clash_text(&p, &run.steps))
            .flatten();
        let judged = verdict::judge(&p, &label, &run, &cfg, broke.as_deref());
        // As `explain` says it: a path stuck on a bound is not stuck for good.
        if let Some(note) = run.limits.note(&at(&label, &p), &cfg) {
            say!("{note}");
        }
        if let Some(path) = &a.html {
            // The puzzle's own file: with several, its label (the first may be unreadable).
            let file = match (&label, a.input.files.as_slice()) {
                (Some(name), _) => Some(name.clone()),
                (None, [f]) if f.as_os_str() != "-" => Some(super::input_name(f)),
                _ => None,
            };
            let title = match file {
                Some(f) => format!("nsudoku: {f} {}", p.place()),
                None => format!("nsudoku: solving path of {}", p.place()),
            };
            let rating = a
                .rated
                .then(|| rating::of_path(&run, render::topology(p.k)));
            let heading = html::Heading {
                title: &title,
                verdict: judged.verdict.as_deref(),
                rated: a.rated,
                rating: rating.as_ref(),
            };
            let to = if path.as_os_str() == "-" {
                "the page to standard output".to_string()
            } else {
                path.display().to_string()
            };
            // Written as it is drawn: the page of a long path on a big grid is gigabytes.
            let page = |w: &mut dyn Write| html::write_page(w, &p, &run.steps, run.end, &heading);
            match super::write_streamed(path, &to, page)? {
                Ok(()) => {}
                Err(html::PageError::Unfit(why)) => return Err(unfit(why)),
                Err(html::PageError::Io(e)) => {
                    let why = format!("cannot write {to}: {e}");
                    return Err(Stop::Io(io::Error::new(e.kind(), why)));
                }
            }
            say!(
                "wrote {to} ({}, {ended})",
                super::plural(run.steps.len(), "step")
            );
        }
        if let Some(dir) = &a.svg {
            let files = step::write_all(dir, "", &p, &run.steps, a.rated).map_err(bad)?;
            say!(
                "wrote {} to {} ({ended})",
                super::plural(files.len(), "step picture"),
                dir.display()
            );
            super::say_left_over(dir, "", &files);
        }
        status = super::exit_status(judged.failed);
        if !wants_picture {
            return Ok(status);
        }
    }
    let svg = picture(&a, &p, &techniques, &cfg).map_err(unfit)?;
    match &a.output {
        Some(path) => write_file(path, &svg)?,
        None => super::stdout().write_all(svg.as_bytes())?,
    }
    Ok(status)
}

/// The solving path of `p`: the rating's path with `--rated`.
fn solving_path(
    a: &RenderArgs,
    p: &Puzzle,
    techniques: &[Technique],
    cfg: &Config,
    max_steps: usize,
) -> Result<engine::Path, render::Error> {
    if a.rated {
        render::rated_path(p, Some(techniques), cfg, max_steps)
    } else {
        render::solve_path(p, Some(techniques), cfg, max_steps)
    }
}

fn picture(
    a: &RenderArgs,
    p: &Puzzle,
    techniques: &[Technique],
    cfg: &Config,
) -> Result<String, String> {
    let plain = |board: &Board, candidates: bool, title: String| {
        let opts = Options {
            candidates,
            title: Some(title),
            caption: false,
            desc: Some(board.in_words(candidates).join("\n")),
            inline: false,
        };
        grid::draw(board, &opts, &Default::default())
    };
    if a.solution {
        let limit = a.timeout.unwrap_or(SOLUTION_SEARCH);
        let opts = nsudoku::solver::SolveOptions {
            timeout: Some(limit),
            ..Default::default()
        };
        let c = nsudoku::solve::count(p, &opts);
        let s = match (c.verdict(), c.first) {
            (Verdict::Solved, Some(s)) => s,
            (Verdict::Unsettled(_), _) => {
                return Err(format!(
                    "the search did not settle the puzzle within {limit:?}; --timeout gives it \
                     longer"
                ))
            }
            (v, _) => {
                let has = if v == Verdict::NoSolution {
                    "no solution"
                } else {
                    "several solutions"
                };
                return Err(format!(
                    "the puzzle has {has}; expected one solution to draw"
                ));
            }
        };
        return Ok(plain(
            &Board::with_solution(p, &s),
            false,
            "Solution".into(),
        ));
    }
    let Some(n) = a.step else {
        if a.candidates {
            let b = render::initial_candidates(p)?;
            return Ok(plain(&b, true, "Candidates".into()));
        }
        return Ok(plain(&Board::from_puzzle(p), false, "Puzzle".into()));
    };
    let n = n as usize;
    let run = solving_path(a, p, techniques, cfg, n)?;
    if run.steps.len() < n {
        let has = match run.steps.len() {
            0 => "no steps".to_string(),
            m => format!("only {}", super::plural(m, "step")),
        };
        return Err(format!(
            "the solving path has {has} ({})",
            html::end_text(run.end).trim_end_matches('.').to_lowercase()
        ));
    }
    let mut svg = String::new();
    let t = render::topology(p.k);
    render::replay(p, &run.steps, &mut |i, board, d| {
        if i + 1 == n {
            let text = step::text(d, t, p.text_alphabet(), a.rated);
            svg = step::draw(board, d, Some(format!("Step {n}: {text}")), false);
        }
    })?;
    Ok(svg)
}
