//! What the logic benches share: the data sets, the states they start from, and a benchmark
//! per technique. Each bench uses part of it.
#![allow(dead_code)]

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput};
use nsudoku::input::{self, ReadOptions};
use nsudoku::logic::{engine, find_all, Config, State, Technique};
use nsudoku::{Basis, Grid};
use std::time::Duration;

/// A file of the data sets: in `$NSUDOKU_DATA`, else in `../shared/data` beside the
/// repository. These benches have no other input, so a missing file stops them, saying where
/// it was looked for.
pub fn read(path: &str) -> String {
    let dir = std::env::var("NSUDOKU_DATA")
        .unwrap_or_else(|_| format!("{}/../shared/data", env!("CARGO_MANIFEST_DIR")));
    std::fs::read_to_string(format!("{dir}/{path}"))
        .unwrap_or_else(|e| panic!("{dir}/{path}: {e} (set NSUDOKU_DATA to the data sets)"))
}

/// The settings of a logic bench: ten samples, measured for `secs` seconds a benchmark.
/// Set as the group's defaults, the command line overrides them (`-- --quick`).
pub fn config(secs: u64) -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(secs))
}

/// The puzzles of `text`, each reduced by `techniques`; those left unsolved.
pub fn reduced<'a, B: Basis>(
    text: &'a str,
    opts: ReadOptions,
    techniques: &'a [Technique],
) -> impl Iterator<Item = State<B>> + 'a {
    input::read_all(text, opts)
        .into_iter()
        .map(move |r| {
            let p = r.unwrap();
            let mut s = State::<B>::new(Grid::from_masks(&p.masks)).unwrap();
            engine::reduce(&mut s, techniques, &Config::default()).unwrap();
            s
        })
        .filter(|s| !s.is_complete())
}

/// The first `take` puzzles of `path` that the basic techniques leave unsolved, reduced by them.
pub fn basic_states<B: Basis>(path: &str, take: usize) -> Vec<State<B>> {
    let basic = Technique::parse_list(
        "singles,locked-candidates,naked-tuple,hidden-tuple,fish",
        B::N,
    )
    .unwrap();
    reduced(&read(path), ReadOptions::default(), &basic)
        .take(take)
        .collect()
}

/// A group over `states` states (its timing from [`config`]).
pub fn group<'a>(c: &'a mut Criterion, name: &str, states: usize) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(states as u64));
    g
}

/// One benchmark per technique: its finder (every deduction it reports) on every state.
pub fn each<B: Basis>(
    g: &mut BenchmarkGroup<WallTime>,
    states: &[State<B>],
    techniques: &[Technique],
) {
    let cfg = Config::default();
    for &t in techniques {
        g.bench_with_input(
            BenchmarkId::from_parameter(t.cli_name()),
            states,
            |b, ss| b.iter(|| ss.iter().map(|s| find_all(s, t, &cfg).len()).sum::<usize>()),
        );
    }
}
