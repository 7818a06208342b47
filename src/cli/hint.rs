//! `nsudoku hint`: the next step of a grid solved by hand, shown as far as `--reveal` says.

use super::logic::{self, techniques_help};
use super::mistake::{self, Blame};
use super::{at, each_puzzle, exit_status, with_file, InputArgs};
use nsudoku::input::Puzzle;
use nsudoku::logic::hint::Reveal;
use nsudoku::logic::TechniqueList;
use nsudoku::logic::{engine, engine::End, has_marks, Deduction};
use nsudoku::rating;
use nsudoku::solver::Verdict;
use nsudoku::{solve, with_basis, Basis};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = techniques_help())]
pub struct HintArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How much of the next step to show: `technique` (its name: `Pointing`), `pattern` (where
    /// it is, not what it does: `Pointing: 8 in r1c9,r3c9 (box 3 / column 9)`), or `step` (all
    /// of it, as `explain` writes it: `… => r4c9<>8, r6c9<>8`).
    #[arg(long, default_value_t = Reveal::Technique, value_parser = parse_reveal)]
    reveal: Reveal,
    /// Techniques the hint may use (comma-separated names, see below); default: all.
    #[arg(long, visible_alias = "technique")]
    techniques: Option<TechniqueList>,
    /// The easiest step by rating (Sudoku Explainer's scale), `explain --rated`'s next step,
    /// rather than the first by technique order; its rating follows it (`[4.2]`).
    #[arg(long)]
    rated: bool,
    /// One JSON object a line per puzzle: the whole step (as `explain --json` writes it) with
    /// `hint`, the text --reveal shows, and `reveal`; or, with no step, `end`. A grid without a
    /// solution adds `mistake` and `suspects`, the digits that may be wrong.
    #[arg(long)]
    json: bool,
    /// Give up on a puzzle after this much time (seconds, or with a unit: 500ms, 2s, 1m).
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
    #[command(flatten)]
    limits: logic::LimitArgs,
}

fn parse_reveal(s: &str) -> Result<Reveal, String> {
    s.parse()
}

pub fn run(a: HintArgs) -> io::Result<ExitCode> {
    a.input.check_json(a.json)?;
    a.input.check_no_grid("hint")?;
    let feed = a.input.feed().logic_only("hint");
    let mut out = io::BufWriter::new(super::stdout());
    let failed = each_puzzle(
        feed,
        a.techniques.as_ref(),
        a.json,
        false,
        &mut out,
        |label, p, _, out| {
            let (line, failed) = with_basis!(p.k, B => hint::<B>(p, &a, label));
            writeln!(out, "{line}")?;
            Ok(failed)
        },
    )?;
    out.flush()?;
    Ok(exit_status(failed))
}

/// The hint for `p` (a line of text or a JSON record) and whether the puzzle fails the run: a
/// grid with no solution or several (said on stderr, with the hint all the same: the mistake
/// may be in the marks), or no step to give when the grid is not solved.
fn hint<B: Basis>(p: &Puzzle, a: &HintArgs, label: &Option<String>) -> (String, bool) {
    let at = at(label, p);
    let cfg = a.limits.config().until(a.timeout);
    let mut s = match logic::state::<B>(p, cfg.deadline) {
        Ok(s) => s,
        Err(clash) => {
            say!("{at}: {}", clash.said());
            let blame = clash.blame.as_ref();
            let end = ended(
                p,
                a,
                label,
                End::Contradiction,
                Some(clash.what.clone()),
                blame,
            );
            return (end, true);
        }
    };
    let ts = logic::path_techniques(a.techniques.as_ref(), B::N, a.rated);
    let (cfg, count) = logic::config_and_count(cfg, p, &ts);
    // A hint on a grid with a mistake leads nowhere: the solver learns so with it.
    let verdict = count.unwrap_or_else(|| solve::uniqueness(p, cfg.deadline));
    let mut failed = true;
    let mut blame = None;
    match verdict {
        // The digits placed by hand are among the givens here: either may be wrong.
        Verdict::NoSolution if !has_marks(p) => {
            blame = mistake::suspects_blame::<B>(p, cfg.deadline);
            say!(
                "{at}: no solution (a search finds none): a digit given or placed is wrong{}; \
                 the hint rests on it",
                blame
                    .as_ref()
                    .map(|b| format!("; {}", b.note))
                    .unwrap_or_default()
            )
        }
        Verdict::NoSolution => {
            blame = mistake::marks_mistake::<B>(p, cfg.deadline);
            match &blame {
                Some(b) => say!("{at}: no solution: {}; the hint rests on it", b.note),
                None => say!("{at}: no solution (a search finds none); the hint rests on it"),
            }
        }
        Verdict::Several => say!("{at}: several solutions; no hint leads to one"),
        Verdict::Solved | Verdict::Unsettled(_) => failed = false,
    }
    let path = if a.rated {
        rating::rated_path_told(
            &mut s,
            &ts,
            &cfg,
            1,
            |_| std::ops::ControlFlow::Continue(()),
        )
    } else {
        engine::solve_path(&mut s, &ts, &cfg, 1)
    };
    let Some(d) = path.steps.first() else {
        let why = match path.end {
            End::Stuck => format!(
                "none of the techniques finds a step ({} open)",
                nsudoku::output::plural(s.open_cells(), "cell")
            ),
            End::Timeout => "no step found within --timeout".into(),
            _ => String::new(),
        };
        if !why.is_empty() {
            say!("{at}: {why}");
        }
        let stuck = path.end != End::Solved;
        let end = ended(p, a, label, path.end, None, blame.as_ref());
        return (end, failed || stuck);
    };
    (step_line::<B>(p, a, label, d, blame.as_ref()), failed)
}

/// The hint's line: the step as far as --reveal shows it, with its rating under --rated, or
/// its JSON record, with what `blame` says of a grid without a solution.
fn step_line<B: Basis>(
    p: &Puzzle,
    a: &HintArgs,
    label: &Option<String>,
    d: &Deduction,
    blame: Option<&Blame>,
) -> String {
    let (t, alpha) = (B::topology(), p.text_alphabet());
    let text = d.hint(t, alpha, a.reveal);
    let difficulty = a.rated.then(|| rating::difficulty(d, t));
    if !a.json {
        return match difficulty {
            Some(r) => format!("{text} [{r:.1}]"),
            None => text,
        };
    }
    let mut v = d.to_json(t, alpha);
    super::set_place(&mut v, p);
    v["hint"] = text.into();
    v["reveal"] = a.reveal.name().into();
    if let Some(r) = difficulty {
        v["difficulty"] = r.into();
    }
    if let Some(b) = blame {
        b.record(&mut v);
    }
    with_file(v, label).to_string()
}

/// The line of a puzzle with no step to give: how the search for one ended (`solved`: no
/// open cell; `stuck`; `contradiction`, with `error` in JSON; `timeout`), and in JSON what
/// `blame` says of a grid without a solution.
fn ended(
    p: &Puzzle,
    a: &HintArgs,
    label: &Option<String>,
    end: End,
    error: Option<String>,
    blame: Option<&Blame>,
) -> String {
    if !a.json {
        return end.as_str().to_string();
    }
    let mut v = serde_json::json!({ "end": end.as_str() });
    super::set_place(&mut v, p);
    if let Some(e) = error {
        v["error"] = e.into();
    }
    if let Some(b) = blame {
        b.record(&mut v);
    }
    with_file(v, label).to_string()
}
