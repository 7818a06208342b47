//! `nsudoku explain`: the solving path by logic, one step a line.

use super::logic::Solutions;
use super::logic::{self, techniques_help};
use super::mistake::{self, Blame, Clash};
use super::verdict;
use super::{at, each_puzzle, exit_status, input_name, told_apart, with_file, InputArgs};
use nsudoku::input::Puzzle;
use nsudoku::logic::{engine, engine::End, Deduction, TechniqueList};
use nsudoku::rating::{self, Rating};
use nsudoku::render::html;
use nsudoku::{output, with_basis, Basis};
use std::collections::HashMap;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = techniques_help())]
pub struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Techniques that may be used (comma-separated names, see below); default: all (with
    /// --rated, all that `rate` uses: no finned fish, and SE's direct steps).
    #[arg(long, visible_alias = "technique")]
    techniques: Option<TechniqueList>,
    /// One JSON object a line per step, then one with the end (`"end"`: solved, stuck,
    /// contradiction, step limit, timeout; a line that is not a puzzle gives `"end": "invalid"`
    /// and `"error"`).
    #[arg(long)]
    json: bool,
    /// Stop after this many steps.
    #[arg(long, default_value_t = nsudoku::logic::explain::MAX_STEPS,
          value_parser = super::at_least::<0, usize>)]
    max_steps: usize,
    /// Stop a puzzle's path after this much time (seconds, or with a unit: 500ms, 2s, 1m) and
    /// end it with `timeout`; the steps found so far are printed.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    /// Also draw every step as SVG into this directory (`line<N>-step-001.svg`, …; with several
    /// input files, `<file>-line<N>-step-001.svg`, `<file>` the file's name; when any two files
    /// share a name, every file's is `<i>-<name>`, i its place among the files: `1-p.txt`,
    /// `2-p.txt`, `3-a.txt`; an item of a JSON list of puzzles is `line<N>-item<K>`).
    #[arg(long, value_name = "DIR")]
    svg: Option<std::path::PathBuf>,
    /// Also write the solving path as one self-contained web page (with several puzzles, one
    /// page each: `FILE` gets `-line<N>`, or `-<file>-line<N>` with several input files, `<file>`
    /// numbered as for --svg, before its extension).
    #[arg(long, value_name = "FILE")]
    html: Option<std::path::PathBuf>,
    /// Take the step `rate` takes, the easiest by rating (Sudoku Explainer's scale) rather than
    /// by technique order, and show each step's rating after it (`[3.4]`; `difficulty` in
    /// JSON): the path that `rate` measures, over its techniques (SE's: no finned fish, and
    /// its direct steps) unless --techniques names others (their direct steps are added
    /// then). After the end comes the rating (`rated 8.6/1.2/1.2
    /// (ER/EP/ED), the hardest step 36: Forcing Chain`; `er`, `ep`, `ed`, `hardest`,
    /// `hardest_step` in JSON).
    #[arg(long)]
    rated: bool,
    /// Show each y-edge of a Y-Cycle with the bivalue cells it runs through
    /// (`r3c3~r7c1 by bivalue (9)r3c3=(1)r3c3-(1)r3c7=…=(9)r7c1`; without, `r3c3~r7c1`).
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    limits: logic::LimitArgs,
}

/// How one puzzle went: the lines to print after its steps (which are written as they are
/// found) and whether it was broken.
struct Explained {
    lines: Vec<String>,
    broken: bool,
}

pub fn run(a: ExplainArgs) -> io::Result<ExitCode> {
    // Standard output holds the path: pictures go to files (one a puzzle of a batch).
    let there = [
        (
            "--svg",
            &a.svg,
            "directory",
            "render --step N writes one step's picture",
        ),
        (
            "--html",
            &a.html,
            "file",
            "render --html - writes one puzzle's page",
        ),
    ];
    for (flag, path, expected, instead) in there {
        if path.as_ref().is_some_and(|p| p.as_os_str() == "-") {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{flag} -: the solving path is on standard output; expected a {expected} \
                     ({instead} there)"
                ),
            ));
        }
    }
    super::check_picture_paths(a.svg.as_deref(), a.html.as_deref())?;
    super::not_an_input("--html", a.html.as_deref(), &a.input.files)?;
    a.input.check_json(a.json)?;
    let feed = a.input.feed().logic_only("explain");
    let mut out = io::BufWriter::new(super::stdout());
    let tags = picture_tags(&a.input.files);
    let techniques = a.techniques.as_ref();
    // Only the web page's file name asks whether there are several puzzles.
    let html = a.html.is_some();
    let failed = each_puzzle(
        feed,
        techniques,
        a.json,
        html,
        &mut out,
        |label, p, many, out| {
            let tag = label.as_ref().map(|l| tags[l].as_str());
            let e = with_basis!(p.k, B => explain::<B>(p, &a, many, label, tag, out))?;
            for line in e.lines {
                writeln!(out, "{line}")?;
            }
            Ok(e.broken)
        },
    )?;
    out.flush()?;
    Ok(exit_status(failed))
}

/// What names the pictures of each file's puzzles when the batch has several `files` (their
/// line numbers repeat), by the file's label: the file's name (`stdin` for `-`), or, when any
/// two files share a name (a file given twice among them), every file's name with its place on
/// the command line (`1-a.txt`, `2-a.txt`, `3-b.txt`), so that no two files' pictures collide.
fn picture_tags(files: &[PathBuf]) -> HashMap<String, String> {
    let names: Vec<String> = files.iter().map(|f| input_name(f)).collect();
    let bases: Vec<String> = names
        .iter()
        .map(|n| match Path::new(n).file_name() {
            Some(f) => f.to_string_lossy().into_owned(),
            None => "input".to_string(),
        })
        .collect();
    let unique = bases
        .iter()
        .all(|a| bases.iter().filter(|b| *b == a).count() == 1);
    bases
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let tag = if unique {
                f.clone()
            } else {
                format!("{}-{f}", i + 1)
            };
            (told_apart(&names, i), tag)
        })
        .collect()
}

/// What a puzzle's web page says of it besides its steps.
#[derive(Clone, Copy)]
struct Said<'a> {
    /// Why the puzzle has not one solution, when it has not.
    verdict: Option<&'a str>,
    /// The path's rating, under --rated.
    rating: Option<&'a Rating>,
}

/// Write the pictures `--svg` and `--html` ask for, the page saying what `said` holds; false
/// when one could not be drawn (said on stderr). A file that cannot be written is an I/O
/// error (exit status 2, as for `render`): it would fail the same way for every puzzle. With several files, `tag` names the puzzle's file
/// in the pictures' names.
fn draw(
    p: &Puzzle,
    a: &ExplainArgs,
    path: &engine::Path,
    said: Said,
    many: bool,
    label: &Option<String>,
    tag: Option<&str>,
) -> io::Result<bool> {
    let at = at(label, p);
    // Items of a JSON list on one line share it: each names its item too.
    let line = match p.item {
        Some(item) => format!("line{}-item{item}", p.line),
        None => format!("line{}", p.line),
    };
    let name = match tag {
        Some(t) => format!("{t}-{line}"),
        None => line,
    };
    if let Some(dir) = &a.svg {
        let prefix = format!("{name}-");
        let written = nsudoku::render::step::write_all(dir, &prefix, p, &path.steps, a.rated)
            .map_err(|e| io::Error::other(format!("{at}: {e}")))?;
        super::say_left_over(dir, &prefix, &written);
    }
    if let Some(file) = &a.html {
        let file = if many {
            let stem = file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let ext = file
                .extension()
                .map(|e| format!(".{}", e.to_string_lossy()))
                .unwrap_or_default();
            file.with_file_name(format!("{stem}-{name}{ext}"))
        } else {
            file.clone()
        };
        let title = format!("nsudoku: puzzle at {}", p.place());
        let heading = html::Heading {
            title: &title,
            verdict: said.verdict,
            rated: a.rated,
            rating: said.rating,
        };
        // Written as it is drawn: the page of a long path on a big grid is gigabytes.
        let page = |w: &mut dyn Write| html::write_page(w, p, &path.steps, path.end, &heading);
        let name = file.display().to_string();
        let written = super::write_streamed(&file, &name, page)
            .map_err(|e| io::Error::new(e.kind(), format!("{at}: {e}")))?;
        match written {
            Ok(()) => {}
            Err(html::PageError::Unfit(why)) => {
                say!("{at}: {why}");
                return Ok(false);
            }
            Err(html::PageError::Io(e)) => {
                let why = format!("{at}: cannot write {name}: {e}");
                return Err(io::Error::new(e.kind(), why));
            }
        }
    }
    Ok(true)
}

fn explain<B: Basis>(
    p: &Puzzle,
    a: &ExplainArgs,
    many: bool,
    label: &Option<String>,
    tag: Option<&str>,
    out: &mut impl Write,
) -> io::Result<Explained> {
    let alpha = p.text_alphabet();
    let cfg = a.limits.config().until(a.timeout);
    let mut s = match logic::state::<B>(p, cfg.deadline) {
        Ok(s) => s,
        Err(clash) => return Ok(contradicting_givens(p, a, label, &clash)),
    };
    let ts = logic::path_techniques(a.techniques.as_ref(), B::N, a.rated);
    let (cfg, count) = logic::config_and_count(cfg, p, &ts);
    // A hand solver who asks for hints on a grid with a mistake learns so before the first.
    let blame = mistake::no_solution_note::<B>(p, count, cfg.deadline);
    if let Some(b) = &blame {
        say!("{}: {}; every step below rests on it", at(label, p), b.note);
    }
    // Each step is shown when it is found (a write costs about 1 % of the cheapest step).
    let mut written = 0;
    let mut failure = None;
    let form = logic::Form {
        json: a.json,
        rated: a.rated,
        verbose: a.verbose,
    };
    let tell = |d: &Deduction| {
        written += 1;
        let step = Some(written);
        match logic::write_deduction::<B>(out, d, (p, label), form, step) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    };
    let path = if a.rated {
        rating::rated_path_told(&mut s, &ts, &cfg, a.max_steps, tell)
    } else {
        engine::solve_path_told(&mut s, &ts, &cfg, a.max_steps, tell)
    };
    if let Some(e) = failure {
        return Err(e);
    }
    // The path `rate` measures is rated as `rate` rates it.
    let rated = a.rated.then(|| rating::of_path(&path, B::topology()));
    // The step that broke the grid was applied only in part (up to the change that failed):
    // the grid shown is the one it was found in, which the steps before it replay to.
    let broke = (path.end == End::Contradiction)
        .then(|| verdict::path_clash::<B>(p, &path.steps, alpha))
        .flatten()
        .and_then(|(before, why)| {
            s = before;
            why
        });
    let judged = verdict::judge(p, label, &path, &cfg, broke.as_deref());
    // A path cut by the deadline leaves no time to search: its JSON record says `null` (not
    // settled), as `rate`'s does, or 1 when the count before the path proved it.
    let timed_out = (path.end == End::Timeout).then_some(Solutions::cut_short(cfg.unique));
    // A path the techniques broke proves there is none, as `rate` records it.
    let broken = (path.end == End::Contradiction).then_some(Solutions::Zero);
    let said = Said {
        verdict: judged.verdict.as_deref(),
        rating: rated.as_ref(),
    };
    let drawn = draw(p, a, &path, said, many, label, tag)?;
    let boxed = a.input.boxed() && !a.json;
    let grid = if path.end == End::Solved {
        output::solution(p, &s.digits(), boxed)
    } else {
        output::candidates(p, &s.grid().to_masks(), boxed)
    };
    if let Some(note) = path.limits.note(&at(label, p), &cfg) {
        say!("{note}");
    }
    Ok(Explained {
        lines: end_lines(
            p,
            (a, label),
            &path,
            rated.as_ref(),
            Ending {
                grid,
                broke,
                sols: judged.sols.or(timed_out).or(broken),
                blame,
            },
        ),
        broken: judged.failed || !drawn,
    })
}

/// What the end of a path shows besides the path: the grid it reached, what broke it, the
/// search's count, and what a grid without a solution got wrong.
struct Ending {
    grid: String,
    broke: Option<String>,
    sols: Option<Solutions>,
    blame: Option<Blame>,
}

/// The path's last line or lines: its end, its rating under --rated, and its grid, as text or
/// as one JSON object.
fn end_lines(
    p: &Puzzle,
    (a, label): (&ExplainArgs, &Option<String>),
    path: &engine::Path,
    rated: Option<&Rating>,
    ending: Ending,
) -> Vec<String> {
    let Ending {
        grid,
        broke,
        sols,
        blame,
    } = ending;
    if !a.json {
        let mut lines = vec![path.end.as_str().to_string()];
        lines.extend(rated.map(Rating::summary));
        lines.push(grid);
        return lines;
    }
    let mut v = serde_json::json!({
        "end": path.end.as_str(),
        "steps": path.steps.len(),
        "grid": grid,
    });
    if let Some(b) = blame {
        b.record(&mut v);
    }
    super::set_place(&mut v, p);
    if !path.limits.is_empty() {
        v["limits"] = serde_json::to_value(path.limits).expect("plain counters");
    }
    if let Some(why) = broke {
        v["error"] = why.into();
    }
    if let Some(sols) = sols {
        // As in `rate`: 0, 1, 2 (two or more), or null.
        v["solutions"] = sols.count().into();
    }
    if let Some(r) = rated {
        // `rate`'s fields, and where the hardest step is.
        v["er"] = r.er.into();
        v["ep"] = r.ep.into();
        v["ed"] = r.ed.into();
        v["hardest"] = r.hardest.map(|t| t.cli_name()).into();
        v["hardest_step"] = r.hardest_step.into();
    }
    vec![with_file(v, label)]
}

/// A puzzle whose givens contradict one another: no path, and the end of one.
fn contradicting_givens(
    p: &Puzzle,
    a: &ExplainArgs,
    label: &Option<String>,
    clash: &Clash,
) -> Explained {
    say!("{}: {}", at(label, p), clash.said());
    let grid = p.in_case(output::candidates_line(p.k, &p.masks, p.text_alphabet()));
    let lines = if a.json {
        // The record names its line: the error says only what clashes.
        let mut v = serde_json::json!({
            "end": "contradiction",
            "steps": 0,
            "grid": grid,
            "solutions": 0,
        });
        clash.record(&mut v);
        super::set_place(&mut v, p);
        vec![with_file(v, label)]
    } else {
        // As a path that runs into a contradiction ends: the word, then the grid.
        vec!["contradiction".into(), grid]
    };
    Explained {
        lines,
        broken: true,
    }
}
