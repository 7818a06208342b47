//! Throughput of the engine, counting to 2 as `nsudoku solve --count` does: one criterion group
//! per basis, one benchmark per data set of `../shared/data` (or `$NSUDOKU_DATA`). A set that is
//! not there is skipped with a note. Each benchmark solves a fixed slice of its set (the first
//! puzzles, at most `take`) so that a sample stays short; the figure to read is time per
//! iteration divided by the puzzles in the slice (printed in the benchmark name).
//!
//! Beside each set the engine can settle, the same slice is timed with the dancing-links
//! baseline (`solver::dlx`, as `nsudoku bench --baseline dlx`), named `dlx/<set>`: the generic
//! solver in the same run. Sets where it runs for seconds a puzzle (25×25 beyond the easiest)
//! have no such row.
//!
//! `cargo bench --bench solve` runs all; `cargo bench --bench solve -- 16x16` one basis,
//! `-- dlx` the baseline alone.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nsudoku::input::{self, Puzzle, ReadOptions};
use nsudoku::solve;
use nsudoku::solver::{dlx, SolveOptions};
use nsudoku::{with_solver_basis, Grid};
use std::path::PathBuf;
use std::time::Duration;

fn data_dir() -> PathBuf {
    std::env::var_os("NSUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"))
}

/// The first `take` puzzles of `dir/file`, or `None` (with a note) when it cannot be read.
fn load(dir: &str, file: &str, take: usize) -> Option<Vec<Puzzle>> {
    let path = data_dir().join(dir).join(file);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("skipping {}: {e}", path.display());
            return None;
        }
    };
    let v: Vec<Puzzle> = input::read_all(&text, ReadOptions::default())
        .into_iter()
        .filter_map(Result::ok)
        .take(take)
        .collect();
    (!v.is_empty()).then_some(v)
}

/// Files of one directory, each with the number of puzzles to time and whether the
/// dancing-links baseline is timed beside the engine.
type Files = &'static [(&'static str, usize, bool)];

/// (basis label, directory, files).
const SETS: &[(&str, &str, Files)] = &[
    (
        "9x9",
        "9x9",
        &[
            ("17_clue.txt", 2000, true),
            ("magictour_top1465.txt", 500, true),
            ("forum_hardest_1905_11plus.txt", 500, true),
            ("forum_hardest_1106.txt", 100, true),
            ("serg_benchmark.txt", 1000, true),
        ],
    ),
    (
        "16x16",
        "16x16",
        &[
            ("gecode_janko55.txt", 55, true),
            ("goomii_hard300.txt", 100, true),
            ("gen_minimal200.txt", 20, true),
        ],
    ),
    (
        "25x25",
        "25x25",
        &[
            ("bprolog_unique1.txt", 1, true),
            ("bprolog_multi2.txt", 2, false),
            ("rkkautsar_25_1.txt", 1, false),
            ("gen_g300_10.txt", 2, false),
        ],
    ),
];

fn bench(c: &mut Criterion) {
    let opts = SolveOptions::default();
    for &(label, dir, files) in SETS {
        let mut group = c.benchmark_group(label);
        for &(file, take, baseline) in files {
            let Some(puzzles) = load(dir, file, take) else {
                continue;
            };
            group.throughput(Throughput::Elements(puzzles.len() as u64));
            let id = BenchmarkId::new(file.trim_end_matches(".txt"), puzzles.len());
            group.bench_with_input(id, &puzzles, |b, ps| {
                b.iter(|| {
                    let mut solutions = 0;
                    for p in ps {
                        solutions += solve::count_only(p, &opts).solutions;
                    }
                    solutions
                })
            });
            if baseline {
                let id = BenchmarkId::new(
                    format!("dlx/{}", file.trim_end_matches(".txt")),
                    puzzles.len(),
                );
                group.bench_with_input(id, &puzzles, |b, ps| {
                    b.iter(|| {
                        let mut solutions = 0;
                        for p in ps {
                            solutions += with_solver_basis!(p.k, B => {
                                let g = Grid::<B>::from_masks(&p.masks);
                                dlx::count(&g, opts.limit, None).solutions
                            });
                        }
                        solutions
                    })
                });
            }
        }
        group.finish();
    }
}

// Defaults that the command line overrides (`-- --quick`, `--measurement-time 10`): settings
// made on a group would override it.
criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
