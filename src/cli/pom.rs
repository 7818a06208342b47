//! `nsudoku pom`: the Pattern Overlay Method on each puzzle, digit by digit.
//!
//! Prints, per digit, the exact template count and whether the templates were listed or the
//! digit was skipped for the budget, then the deductions of the chosen variant.

use super::{at, exit_status, prefix, puzzle_failure, puzzle_header, with_file, InputArgs, Notes};
use nsudoku::input::Puzzle;
use nsudoku::logic::pom::{self, TemplateCount};
use nsudoku::logic::{engine, givens_clash, Config, State, Technique};
use nsudoku::{with_basis, Alphabet, Basis};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct PomArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Most templates listed per digit; digits with more are counted but skipped (and said so).
    /// The default (1,000,000) keeps a listed digit under about 60 MB even at 25×25.
    #[arg(long, default_value_t = Config::default().pom_budget,
          value_parser = super::at_least::<0, u64>)]
    pom_budget: u64,
    /// Which POM variant: pom (template delete/set per digit), pom-refined, pom-covers,
    /// pom-exclusion. Not with --count-only, which deduces nothing.
    #[arg(long, default_value = "pom", value_parser = parse_variant, conflicts_with = "count_only")]
    variant: Technique,
    /// Apply singles to a fixed point first (useful at 16×16 and above).
    #[arg(long)]
    singles: bool,
    /// Only count templates per digit; list nothing, deduce nothing.
    #[arg(long)]
    count_only: bool,
    /// One JSON object per puzzle instead of text.
    #[arg(long)]
    json: bool,
    /// Stop a puzzle after this much time (seconds, or with a unit: 500ms, 2s, 1m): the
    /// digits not reached are reported as not counted (or skipped), and nothing is deduced
    /// from them; a digit's count under way is given up too (within about 5 ms).
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    timeout: Option<std::time::Duration>,
}

fn parse_variant(s: &str) -> Result<Technique, String> {
    pom::VARIANTS
        .into_iter()
        .find(|t| t.cli_name() == s)
        .ok_or_else(|| {
            format!(
                "unknown POM variant '{s}'; expected pom, pom-refined, pom-covers or pom-exclusion"
            )
        })
}

pub fn run(a: PomArgs) -> io::Result<ExitCode> {
    a.input.check_no_grid("pom")?;
    let feed = a.input.feed().logic_only("pom");
    let mut notes = Notes::default();
    let cfg = Config {
        pom_budget: a.pom_budget,
        ..Config::default()
    };
    let mut out = io::BufWriter::new(super::stdout());
    let mut failed = false;
    // Every report has its heading: no need to know whether more puzzles follow.
    feed.each(false, |(label, rec), _| {
        let label = &label;
        let p = match &rec {
            Ok(p) => p,
            Err(e) => {
                // The marker every line filter prints, under the puzzle's heading (which a
                // pom report always has): a reader that passes over `#` lines still sees it.
                super::write_invalid(&mut out, label, e, a.json, true)?;
                failed = true;
                return Ok(());
            }
        };
        notes.tell(label, p);
        let cfg = cfg.until(a.timeout);
        let result = with_basis!(p.k, B => one::<B>(p, &a, &cfg));
        if result.as_ref().is_ok_and(|o| o.cut) {
            say!(
                "{}: timeout exceeded; expected the run finished within --timeout (digits \
                 not reached are reported as not counted, and the deductions are those found \
                 before)",
                at(label, p)
            );
            failed = true;
        }
        if let Ok(Output {
            contradiction: Some(why),
            ..
        }) = &result
        {
            say!("{}: {why}", at(label, p));
            failed = true;
        }
        match result {
            Ok(o) if a.json => writeln!(out, "{}", with_file(o.json, label))?,
            Ok(o) => {
                writeln!(
                    out,
                    "{}: {n}×{n}, {}, budget {}",
                    puzzle_header(label, p),
                    if a.count_only {
                        "count only".into()
                    } else {
                        a.variant.cli_name()
                    },
                    a.pom_budget,
                    n = p.n()
                )?;
                for line in o.text {
                    writeln!(out, "{line}")?;
                }
            }
            Err(e) => {
                say!("{}{}: {e}", prefix(label), p.place());
                failed = true;
                if a.json {
                    // The record names its line: the error says only what clashes.
                    writeln!(out, "{}", puzzle_failure(label, p, "contradiction", &e))?;
                } else {
                    // As a contradiction the templates prove ends its report.
                    writeln!(out, "{}", puzzle_header(label, p))?;
                    writeln!(out, "contradiction: {e}")?;
                }
            }
        }
        out.flush()
    })?;
    Ok(exit_status(failed))
}

struct Output {
    text: Vec<String>,
    json: serde_json::Value,
    /// Why the counts or deductions prove that the grid has no solution.
    contradiction: Option<String>,
    /// The deadline left a digit not counted or the variant short of its fixed point (a run
    /// that merely ended after the deadline lost nothing).
    cut: bool,
}

/// As a technique, POM gives a digit's count a tenth of a second, enough to decide whether to
/// list it; a digit it left uncounted gets the whole counting bound here (what `--count-only`
/// gives it), so that both modes print the same counts. Over the budget it is skipped as such.
fn count_the_undecided<B: Basis>(s: &State<B>, r: &mut pom::Report, cfg: &Config) {
    let rows = pom::digit_rows(s);
    // Digits counted here, whose count a digit with the same candidate rows shares.
    let mut counted: Vec<(usize, TemplateCount)> = Vec::new();
    for d in r.digits.iter_mut() {
        if d.count != TemplateCount::Intractable {
            continue;
        }
        let i = d.digit as usize;
        d.count = match counted.iter().find(|(e, _)| rows[*e] == rows[i]) {
            Some(&(_, c)) => c,
            None if cfg.past_deadline() => TemplateCount::NotReached,
            None => pom::count_templates_until(B::K, &rows[i], cfg.deadline),
        };
        counted.push((i, d.count));
        d.listing = match d.count {
            TemplateCount::NotReached => pom::Listing::NotReached,
            TemplateCount::Overflow => pom::Listing::OverBudget,
            TemplateCount::Exact(c) if c > r.budget as u128 => pom::Listing::OverBudget,
            _ => d.listing,
        };
    }
}

fn one<B: Basis>(p: &Puzzle, a: &PomArgs, cfg: &Config) -> Result<Output, String> {
    let mut s = State::<B>::of_puzzle(p).map_err(|_| givens_clash(p))?;
    if a.singles {
        engine::reduce(&mut s, &Technique::SINGLES, cfg)
            .map_err(|_| "singles reach a contradiction")?;
    }
    let t = B::topology();
    let al: Alphabet = p.text_alphabet();
    let sym = |d: u8| al.label(d + 1, B::N);
    let digits: Vec<pom::DigitReport> = if a.count_only {
        pom::counts_until(&s, cfg.deadline)
            .into_iter()
            .enumerate()
            .map(|(d, count)| pom::DigitReport {
                digit: d as u8,
                count,
                listing: match count {
                    TemplateCount::NotReached => pom::Listing::NotReached,
                    TemplateCount::Intractable => pom::Listing::Intractable,
                    _ => pom::Listing::CountOnly,
                },
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut report = (!a.count_only).then(|| pom::analyze(&s, a.variant, cfg));
    if let Some(r) = &mut report {
        count_the_undecided(&s, r, cfg);
    }
    let digits = report.as_ref().map_or(&digits, |r| &r.digits);
    let cut = report.as_ref().is_some_and(|r| r.cut)
        || digits.iter().any(|d| d.listing == pom::Listing::NotReached);
    let mut text = Vec::new();
    let mut jd = Vec::new();
    for d in digits {
        let count = match d.count {
            TemplateCount::Exact(1) => "1 template".to_string(),
            TemplateCount::Intractable | TemplateCount::NotReached => {
                "templates not counted".to_string()
            }
            c => format!("{c} templates"),
        };
        let status = match d.listing {
            pom::Listing::NotReached => "not reached by --timeout".to_string(),
            pom::Listing::Intractable if a.count_only => {
                "over the counting's bounds of states and steps".to_string()
            }
            pom::Listing::CountOnly => "counted".to_string(),
            pom::Listing::Listed { live } if Some(live as u128) != d.count.exact() => {
                format!("listed, {live} left")
            }
            pom::Listing::Listed { .. } => "listed".into(),
            // Counted only now: within the budget, but past the steps POM has as a technique.
            pom::Listing::Intractable if d.count.exact().is_some() => {
                "skipped (its count took longer than POM gives one as a technique)".into()
            }
            pom::Listing::Intractable => "skipped (too many to count)".into(),
            pom::Listing::OverMemory => {
                let mb = cfg.pom_memory >> 20;
                format!("skipped (over the memory bound of {mb} MB for listed templates)")
            }
            pom::Listing::OverBudget => format!("skipped (over budget {})", a.pom_budget),
        };
        text.push(format!("digit {}: {count}, {status}", sym(d.digit)));
        jd.push(serde_json::json!({
            "digit": sym(d.digit),
            "count": d.count.exact().map(|c| c.to_string()),
            "count_status": match d.count {
                TemplateCount::Exact(_) => "exact",
                TemplateCount::Overflow => "overflow",
                TemplateCount::Intractable => "intractable",
                TemplateCount::NotReached => "timeout",
            },
            "enumerated": d.listing.live().is_some(),
            "live": d.listing.live(),
        }));
    }
    // Every deduction holds in every solution, so a digit without a template, or deductions
    // that cannot hold together, leave the grid none.
    let mut contradiction = digits
        .iter()
        .find(|d| d.count == TemplateCount::Exact(0))
        .map(|d| format!("no solution: digit {} has no template", sym(d.digit)));
    if let (None, Some(r)) = (&contradiction, &report) {
        let mut after = s.clone();
        contradiction = r.deductions.iter().find_map(|d| {
            after.apply(d).err().map(|_| {
                let why = d.describe(t, al);
                format!("no solution: the deductions cannot all hold ({why} breaks the grid)")
            })
        });
    }
    let mut deductions = Vec::new();
    if let Some(r) = &report {
        for d in &r.deductions {
            text.push(d.describe(t, al));
            deductions.push(d.to_json(t, al));
        }
        if r.deductions.is_empty() {
            text.push("no deduction".into());
        }
    }
    if let Some(why) = &contradiction {
        text.push(format!("contradiction: {why}"));
    } else if cut {
        text.push("timeout".into());
    }
    let mut json = serde_json::json!({
        "size": p.n(),
        "variant": if a.count_only { "count-only".into() } else { a.variant.cli_name() },
        "budget": a.pom_budget,
        "digits": jd,
        "deductions": deductions,
    });
    if let Some(why) = &contradiction {
        json["end"] = "contradiction".into();
        json["error"] = why.as_str().into();
    } else if cut {
        // As `explain`, `find` and `rate` say it: the digits not reached were not counted.
        json["end"] = "timeout".into();
    }
    super::set_place(&mut json, p);
    Ok(Output {
        text,
        json,
        contradiction,
        cut,
    })
}
