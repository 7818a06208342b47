//! `nsudoku find --technique NAME`: every instance of one technique in the given state.

use super::logic::{self, techniques_help};
use super::{exit_status, prefix, puzzle_failure, with_file, write_invalid, InputArgs};
use nsudoku::input::Puzzle;
use nsudoku::logic::find_all;
use nsudoku::{with_basis, Basis};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_help = techniques_help())]
pub struct FindArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The technique (a name, a family such as `naked-tuple`, or a comma-separated list).
    #[arg(long, alias = "techniques")]
    technique: String,
    /// One JSON object a line per deduction.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: logic::LimitArgs,
}

pub fn run(a: FindArgs) -> io::Result<ExitCode> {
    logic::validate(Some(&a.technique)).map_err(io::Error::other)?;
    let batch = a.input.read_no_grid("find")?.logic_only("find");
    batch.print_notes();
    let many = batch.records.len() > 1;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for (label, rec) in &batch.records {
        let p = match rec {
            Ok(p) => p,
            Err(e) => {
                failed = true;
                write_invalid(&mut out, label, e, a.json, many)?;
                continue;
            }
        };
        if many && !a.json {
            writeln!(out, "# {}puzzle at {}", prefix(label), p.place())?;
        }
        match with_basis!(p.k, B => find::<B>(p, &a, label)) {
            Ok(lines) => {
                for line in lines {
                    writeln!(out, "{line}")?;
                }
            }
            Err(e) => {
                say!("{}{e}", prefix(label));
                failed = true;
                if a.json {
                    writeln!(out, "{}", puzzle_failure(label, p, "contradiction", &e))?;
                } else {
                    writeln!(out, "contradiction")?;
                }
            }
        }
    }
    out.flush()?;
    Ok(exit_status(failed))
}

fn find<B: Basis>(p: &Puzzle, a: &FindArgs, label: &Option<String>) -> Result<Vec<String>, String> {
    let s = logic::state::<B>(p)?;
    let (topo, alpha) = (B::topology(), p.text_alphabet());
    let mut lines = Vec::new();
    let ts = logic::techniques_for(Some(&a.technique), B::N);
    let cfg = logic::config_for(a.limits.config(), p, &ts);
    for t in ts {
        for d in find_all(&s, t, &cfg) {
            lines.push(if a.json {
                let mut v = d.to_json(topo, alpha);
                super::set_place(&mut v, p);
                with_file(v, label)
            } else {
                d.describe(topo, alpha)
            });
        }
    }
    Ok(lines)
}
