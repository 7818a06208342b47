//! Side-by-side throughput harness for the engine, shaped like the baseline harness
//! (`sudoku-bench`) so that the two can be run in one go on the same machine: parse every
//! puzzle first, verify every result once (warm-up), then time passes counting to 2 (keeping no
//! solution, as the baseline's `solutions_count_up_to`) and keep the best pass. Per-puzzle
//! median and worst are the best of the passes, puzzle by puzzle.
//!
//! ```text
//! cargo run --release --example engine_bench -- [--trials N] [--max-nodes M] \
//!     [--set locked|probe|place|planes|bands|band_probe|band_pairs|wdeg|restarts|probe_root|root_sac|probe_locked|cdcl|cdcl_reasons|cdcl_shrink|cdcl_stable|pattern=0|1]... \
//!     [--set probe_arity|cdcl_after|band_nodes|snapshot_every=N]... [--dump PATH] FILE...
//! ```
//!
//! Prints one markdown row per file: puzzles, puzzles/s, µs/puzzle, median and worst µs,
//! solved / several / none / over budget, % solved without a guess, guesses and nodes per
//! puzzle; with several files, a pooled row (median and worst over every puzzle). `--dump`
//! writes one line per puzzle: file, line, best µs, nodes.

use nsudoku::input::Puzzle;
use nsudoku::input::{self, ReadOptions};
use nsudoku::solver::{Count, SolveOptions, Solver, Tuning};
use nsudoku::{grid, with_solver_basis, Grid};
use std::time::Instant;

const USAGE: &str = "usage: engine_bench [--trials N] [--max-nodes M] [--set NAME=VALUE]... \
[--dump PATH] FILE...
  --set takes locked, probe, place, planes, bands, band_probe, band_pairs, wdeg, restarts, probe_root, root_sac,
  probe_locked, cdcl, cdcl_reasons, cdcl_shrink, cdcl_stable, pattern (0 or 1), and probe_arity, cdcl_after, band_nodes, snapshot_every (a number)";

/// Say what is wrong with the command line, and how to use it, then exit with status 2.
fn die(msg: &str) -> ! {
    eprintln!("engine_bench: {msg}\n{USAGE}");
    std::process::exit(2)
}

/// Stack of the thread that solves: a 225×225 grid is 1.6 MB and a search keeps a few on the
/// stack, beyond the main thread's 8 MB (the CLI's workers get the same 256 MB).
const STACK_SIZE: usize = 256 << 20;

fn main() {
    let run = std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(bench);
    if run
        .and_then(|t| t.join().map_err(|_| std::io::Error::other("panicked")))
        .is_err()
    {
        std::process::exit(101);
    }
}

fn bench() {
    let mut trials = 3usize;
    let mut max_nodes = None;
    let mut files = Vec::new();
    let mut sets: Vec<(String, u32)> = Vec::new();
    let mut dump: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return;
            }
            "--trials" => {
                trials = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| die("--trials takes a number"))
            }
            "--max-nodes" => {
                let m = args.next().and_then(|v| v.parse().ok());
                max_nodes = Some(m.unwrap_or_else(|| die("--max-nodes takes a number")));
            }
            "--dump" => dump = Some(args.next().unwrap_or_else(|| die("--dump takes a path"))),
            "--set" => {
                let v = args.next().unwrap_or_default();
                let Some((k, Ok(b))) = v.split_once('=').map(|(k, b)| (k, b.parse())) else {
                    die(&format!("--set takes NAME=number, not `{v}`"));
                };
                sets.push((k.to_string(), b));
            }
            flag if flag.starts_with("--") => die(&format!("unknown option {flag}")),
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        die("no puzzle file given");
    }
    for path in &files {
        if let Err(e) = std::fs::File::open(path) {
            die(&format!("cannot read {path}: {e}"));
        }
    }
    let opts = SolveOptions {
        max_nodes,
        ..SolveOptions::default()
    };
    let tuning = |k: usize| {
        let mut t = Tuning::for_basis(k);
        for (name, v) in &sets {
            let on = &(*v != 0);
            match name.as_str() {
                "root_sac" => t.root_sac = *on,
                "cdcl" => t.cdcl = *on,
                "cdcl_after" => t.cdcl_after = *v,
                "cdcl_reasons" => t.cdcl_reasons = *on,
                "cdcl_shrink" => t.cdcl_shrink = *on,
                "cdcl_stable" => t.cdcl_stable = *on,
                "band_nodes" => t.band_nodes = *v,
                "band_probe" => t.band_probe = *on,
                "band_pairs" => t.band_pairs = *on,
                "pattern" => t.pattern = *on,
                "snapshot_every" => t.snapshot_every = *v,
                "probe_arity" => t.probe_arity = *v as u8,
                "probe_locked" => t.probe_locked = *on,
                "locked" => t.locked_candidates = *on,
                "probe" => t.probe = *on,
                "place" => t.place_branching = *on,
                "planes" => t.planes = *on,
                "bands" => t.bands = *on,
                "wdeg" => t.wdeg = *on,
                "restarts" => t.restarts = *on,
                "probe_root" => t.probe_root = *on,
                other => die(&format!("unknown setting {other}")),
            }
        }
        t
    };
    // Refuse an unknown setting before anything is printed or timed.
    tuning(3);
    // The verifying pass keeps each first solution; the timed passes only count, as the
    // baseline's `solutions_count_up_to` does.
    let count = |p: &Puzzle, keep: bool| -> Count {
        with_solver_basis!(p.k, B => count_in::<B>(p, opts, tuning(p.k), keep))
    };
    println!("| file | puzzles | puzzles/s | µs/puzzle | median µs | worst µs | 1 / 2+ / 0 / budget | % no guess | guesses | nodes |");
    println!("|---|---:|---:|---:|---:|---:|---|---:|---:|---:|");
    let mut pooled: Vec<f64> = Vec::new();
    let mut rows = String::new();
    for path in &files {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| die(&format!("cannot read {path}: {e}")));
        // A bad line is named and left out; a file without a puzzle has no row.
        let mut puzzles = Vec::new();
        for rec in input::read_all(&text, ReadOptions::default()) {
            match rec {
                Ok(p) => puzzles.push(p),
                Err(e) => eprintln!("{path}: {e} (skipped)"),
            }
        }
        let n = puzzles.len();
        if n == 0 {
            eprintln!("{path}: no puzzle to time");
            continue;
        }
        // Warm-up and verification.
        let (mut one, mut several, mut none, mut budget, mut guesses, mut nodes) =
            (0, 0, 0, 0, 0, 0);
        let mut no_guess = 0;
        let mut node_counts = Vec::with_capacity(n);
        for p in &puzzles {
            let c = count(p, true);
            node_counts.push(c.stats.nodes);
            guesses += c.stats.guesses;
            no_guess += usize::from(c.stats.guesses == 0);
            nodes += c.stats.nodes;
            if let Some(s) = &c.first {
                assert!(grid::is_valid_solution(p.k, s), "{path}: invalid solution");
                assert!(grid::keeps_givens(&p.digits(), s), "{path}: givens lost");
            }
            match (c.budget_exceeded(), c.solutions) {
                (true, _) => budget += 1,
                (_, 0) => none += 1,
                (_, 1) => one += 1,
                _ => several += 1,
            }
        }
        let mut best_pass = f64::INFINITY;
        let mut per = vec![f64::INFINITY; n];
        // Throughput from whole passes with no clock read inside (reading the clock twice a
        // puzzle costs about 75 ns here, 3 % of a 2.5 µs puzzle, and the baseline's harness
        // does not do it); the per-puzzle times from passes of their own.
        for _ in 0..trials {
            let start = Instant::now();
            for p in &puzzles {
                std::hint::black_box(count(std::hint::black_box(p), false));
            }
            best_pass = best_pass.min(start.elapsed().as_secs_f64());
            for (i, p) in puzzles.iter().enumerate() {
                let t = Instant::now();
                std::hint::black_box(count(std::hint::black_box(p), false));
                per[i] = per[i].min(t.elapsed().as_secs_f64());
            }
        }
        let name_of = std::path::Path::new(path)
            .file_name()
            .map_or(path.clone(), |f| f.to_string_lossy().into_owned());
        for (i, t) in per.iter().enumerate() {
            // Untimed (`--trials 0`): a dash, not `inf`.
            let us = if t.is_finite() {
                format!("{:.2}", t * 1e6)
            } else {
                "–".into()
            };
            rows += &format!("{name_of}\t{}\t{us}\t{}\n", i + 1, node_counts[i]);
        }
        pooled.extend_from_slice(&per);
        per.sort_by(f64::total_cmp);
        let nf = n.max(1) as f64;
        // With `--trials 0` nothing is timed: dashes, not "inf" or 0.
        let timed = |x: f64, digits: usize| {
            if trials > 0 {
                format!("{x:.digits$}")
            } else {
                "–".to_string()
            }
        };
        println!(
            "| {name_of} | {n} | {} | {} | {} | {} | {one} / {several} / {none} / {budget} | {:.1} | {:.2} | {:.2} |",
            timed(nf / best_pass, 0),
            timed(best_pass * 1e6 / nf, 2),
            timed(per.get(n / 2).copied().unwrap_or(0.0) * 1e6, 2),
            timed(per.last().copied().unwrap_or(0.0) * 1e6, 2),
            100.0 * no_guess as f64 / nf,
            guesses as f64 / nf,
            nodes as f64 / nf,
        );
    }
    if files.len() > 1 && trials > 0 {
        pooled.sort_by(f64::total_cmp);
        let n = pooled.len();
        println!(
            "| all (pooled) | {n} | | | {:.2} | {:.2} | | | | |",
            pooled.get(n / 2).copied().unwrap_or(0.0) * 1e6,
            pooled.last().copied().unwrap_or(0.0) * 1e6,
        );
    }
    if let Some(d) = dump {
        std::fs::write(&d, rows).unwrap_or_else(|e| die(&format!("cannot write {d}: {e}")));
    }
}

/// One basis's count in a frame of its own (inlined into the dispatch, every basis's grid
/// would share one frame sized for 100×100, probed page by page at every call).
#[inline(never)]
fn count_in<B: nsudoku::Basis>(
    p: &Puzzle,
    opts: SolveOptions,
    tuning: Tuning,
    keep: bool,
) -> Count {
    let mut solver = Solver::<B>::with_tuning(opts, tuning);
    let g = Grid::<B>::from_masks(&p.masks);
    if keep {
        solver.count(&g)
    } else {
        solver.count_only(&g)
    }
}
