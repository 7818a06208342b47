//! `nsudoku rate`: a difficulty for every puzzle, `puzzle ER/EP/ED` a line (or JSON lines),
//! in parallel, in input order.

use super::{prefix, with_threads, InputArgs};
use nsudoku::input::Puzzle;
use nsudoku::logic::engine::End;
use nsudoku::logic::Config;
use nsudoku::output;
use nsudoku::rating::{self, Rating};
use rayon::prelude::*;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Output marker for a line that is not a puzzle.
pub const MARK_INVALID: &str = "invalid";

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// One JSON object a line instead of `puzzle ER/EP/ED`.
    #[arg(long)]
    json: bool,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Longest chain searched, in links.
    #[arg(long, default_value_t = Config::default().chain_length)]
    chain_length: usize,
    /// Print the distribution of ratings and the time per puzzle on stderr.
    #[arg(long)]
    stats: bool,
}

enum Outcome {
    Invalid,
    Clash,
    Rated(Rating, f64),
}

pub fn run(a: RateArgs) -> io::Result<ExitCode> {
    let batch = a.input.read()?;
    batch.print_notes();
    let cfg = Config {
        chain_length: a.chain_length,
        ..Config::default()
    };
    let start = Instant::now();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut times = Vec::new();
    let mut ratings: Vec<Rating> = Vec::new();
    let mut bad = 0usize;
    const CHUNK: usize = 256;
    for chunk in batch.records.chunks(CHUNK) {
        let results: Vec<Outcome> = with_threads(a.threads, || {
            chunk
                .par_iter()
                .map(|(_, rec)| match rec {
                    Err(_) => Outcome::Invalid,
                    Ok(p) => {
                        let t = Instant::now();
                        match rating::rate(p, &cfg) {
                            Ok(r) => Outcome::Rated(r, t.elapsed().as_secs_f64()),
                            Err(_) => Outcome::Clash,
                        }
                    }
                })
                .collect()
        })?;
        for ((label, rec), res) in chunk.iter().zip(results) {
            let line = match (rec, res) {
                (Err(e), _) => {
                    eprintln!("{}{e}", prefix(label));
                    bad += 1;
                    if a.json {
                        serde_json::json!({"line": e.line, "error": e.to_string()}).to_string()
                    } else {
                        MARK_INVALID.to_string()
                    }
                }
                (Ok(p), Outcome::Clash) => {
                    eprintln!("{}line {}: the givens clash", prefix(label), p.line);
                    bad += 1;
                    let text = output::like_input(p, &p.digits());
                    if a.json {
                        serde_json::json!({"line": p.line, "puzzle": text, "end": "contradiction"})
                            .to_string()
                    } else {
                        format!("{text} no solution (the givens clash)")
                    }
                }
                (Ok(p), Outcome::Rated(r, secs)) => {
                    times.push(secs);
                    let line = render(p, &r, secs, a.json);
                    if r.end != End::Solved {
                        bad += 1;
                    }
                    ratings.push(r);
                    line
                }
                (Ok(_), Outcome::Invalid) => unreachable!("a parsed record is rated"),
            };
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    if a.stats {
        print_stats(&ratings, &mut times, start.elapsed().as_secs_f64());
    }
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn render(p: &Puzzle, r: &Rating, secs: f64, json: bool) -> String {
    let text = output::like_input(p, &p.digits());
    if json {
        return serde_json::json!({
            "line": p.line,
            "puzzle": text,
            "er": r.er,
            "ep": r.ep,
            "ed": r.ed,
            "end": r.end,
            "steps": r.steps,
            "open": r.open,
            "hardest": r.hardest.map(|t| t.cli_name()),
            "seconds": secs,
        })
        .to_string();
    }
    match r.end {
        End::Solved => format!("{text} {:.1}/{:.1}/{:.1}", r.er, r.ep, r.ed),
        End::Contradiction => format!(
            "{text} no solution (contradiction after {} steps, hardest {:.1})",
            r.steps, r.er
        ),
        _ => format!(
            "{text} stuck after {} steps, {} cells open (hardest {:.1})",
            r.steps, r.open, r.er
        ),
    }
}

/// Histogram by whole rating points, the hardest techniques, time per puzzle.
fn print_stats(ratings: &[Rating], times: &mut [f64], wall: f64) {
    let n = ratings.len().max(1) as f64;
    let stuck = ratings.iter().filter(|r| r.end != End::Solved).count();
    let mut buckets = std::collections::BTreeMap::new();
    let mut hardest = std::collections::BTreeMap::new();
    for r in ratings.iter().filter(|r| r.end == End::Solved) {
        *buckets.entry(r.er.floor() as i32).or_insert(0usize) += 1;
        if let Some(t) = r.hardest {
            *hardest.entry(t.cli_name()).or_insert(0usize) += 1;
        }
    }
    eprintln!(
        "rated {}  solved {}  stuck {}",
        ratings.len(),
        ratings.len() - stuck,
        stuck
    );
    for (b, c) in &buckets {
        eprintln!("  ER {b}.0-{b}.9  {c:6}  {:5.1}%", 100.0 * *c as f64 / n);
    }
    let mut h: Vec<_> = hardest.into_iter().collect();
    h.sort_by_key(|b| std::cmp::Reverse(b.1));
    let h: Vec<String> = h.iter().map(|(t, c)| format!("{t} {c}")).collect();
    eprintln!("  hardest step: {}", h.join(", "));
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / n;
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let worst = times.last().copied().unwrap_or(0.0);
    eprintln!(
        "wall {wall:.2} s  per puzzle: mean {:.1} ms  median {:.1} ms  worst {:.1} ms",
        mean * 1e3,
        median * 1e3,
        worst * 1e3
    );
}
