//! `nsudoku explain`: the solving path by logic, one step a line.

use super::logic::{self, techniques_help};
use super::{prefix, InputArgs};
use nsudoku::input::Puzzle;
use nsudoku::logic::{engine, engine::End, Config};
use nsudoku::{output, with_basis, Basis};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = techniques_help())]
pub struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Techniques that may be used (comma-separated names, see below); default: all.
    #[arg(long)]
    techniques: Option<String>,
    /// One JSON object a line per step, then one with the end (`"end"`: solved, stuck, …).
    #[arg(long)]
    json: bool,
    /// Stop after this many steps.
    #[arg(long, default_value_t = 1_000_000)]
    max_steps: usize,
}

/// How one puzzle went: the lines to print and whether it was broken.
struct Explained {
    lines: Vec<String>,
    broken: bool,
}

pub fn run(a: ExplainArgs) -> io::Result<ExitCode> {
    logic::validate(a.techniques.as_deref()).map_err(io::Error::other)?;
    let batch = a.input.read()?;
    batch.print_notes();
    let many = batch.records.len() > 1;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for (label, rec) in &batch.records {
        let p = match rec {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{}{e}", prefix(label));
                failed = true;
                if many && !a.json {
                    writeln!(out, "# {}puzzle at line {}", prefix(label), e.line)?;
                    writeln!(out, "{}", super::solve::MARK_INVALID)?;
                }
                continue;
            }
        };
        if many && !a.json {
            writeln!(out, "# {}puzzle at line {}", prefix(label), p.line)?;
        }
        let e = with_basis!(p.k, B => explain::<B>(p, &a));
        failed |= e.broken;
        for line in e.lines {
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn explain<B: Basis>(p: &Puzzle, a: &ExplainArgs) -> Explained {
    let alpha = logic::alphabet(p);
    let topo = B::topology();
    let mut s = match logic::state::<B>(p) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            let lines = if a.json {
                vec![serde_json::json!({"line": p.line, "end": "contradiction"}).to_string()]
            } else {
                vec!["contradiction".into()]
            };
            return Explained {
                lines,
                broken: true,
            };
        }
    };
    let ts = logic::techniques_for(a.techniques.as_deref(), B::N);
    let path = engine::solve_path(&mut s, &ts, &Config::default(), a.max_steps);
    let mut lines: Vec<String> = path
        .steps
        .iter()
        .enumerate()
        .map(|(i, d)| {
            if a.json {
                let mut v = d.to_json(topo, alpha);
                v["line"] = p.line.into();
                v["step"] = (i + 1).into();
                v.to_string()
            } else {
                d.describe(topo, alpha)
            }
        })
        .collect();
    let end = match path.end {
        End::Solved => "solved",
        End::Stuck => "stuck",
        End::Contradiction => "contradiction",
        End::StepLimit => "step limit",
    };
    let grid = if path.end == End::Solved {
        output::like_input(p, &s.digits())
    } else {
        logic::candidates(&s, alpha)
    };
    if a.json {
        lines.push(
            serde_json::json!({
                "line": p.line,
                "end": end,
                "steps": path.steps.len(),
                "grid": grid,
            })
            .to_string(),
        );
    } else {
        lines.push(end.to_string());
        lines.push(grid);
    }
    Explained {
        lines,
        broken: path.end == End::Contradiction,
    }
}
