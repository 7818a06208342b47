//! The coloring pass per basis: each coloring technique's finder (every deduction it reports),
//! and all five in turn, on states where singles, locked candidates, tuples and basic fish have
//! run to a fixed point; tdoku-style groups per basis and data set.
//!
//! `cargo bench --bench coloring`; data from `../shared/data`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::{engine, find_all, Config, State, Technique};
use nsudoku::{input, Basis, Grid};
use std::time::Duration;

const COLORING: [Technique; 5] = [
    Technique::SimpleColoring,
    Technique::MultiColoring,
    Technique::XCycle,
    Technique::YCycle,
    Technique::YKnot,
];

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("../shared/data/{path}"))
        .or_else(|_| std::fs::read_to_string(format!("/work/shared/data/{path}")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The first `take` puzzles of `path` that the basic techniques leave unsolved, reduced by them.
fn states<B: Basis>(path: &str, take: usize) -> Vec<State<B>> {
    let basic = Technique::parse_list(
        "singles,locked-candidates,naked-tuple,hidden-tuple,fish",
        B::N,
    )
    .unwrap();
    input::read_all(&read(path), Default::default())
        .into_iter()
        .map(|r| {
            let p = r.unwrap();
            let mut s = State::<B>::new(Grid::from_masks(&p.masks)).unwrap();
            engine::reduce(&mut s, &basic, &Config::default()).unwrap();
            s
        })
        .filter(|s| !s.is_complete())
        .take(take)
        .collect()
}

fn bench_basis<B: Basis>(c: &mut Criterion, name: &str, path: &str, take: usize) {
    let states = states::<B>(path, take);
    let cfg = Config::default();
    let mut g = c.benchmark_group(format!("coloring/{name}"));
    g.throughput(Throughput::Elements(states.len() as u64));
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for t in COLORING {
        g.bench_with_input(
            BenchmarkId::from_parameter(t.cli_name()),
            &states,
            |b, ss| b.iter(|| ss.iter().map(|s| find_all(s, t, &cfg).len()).sum::<usize>()),
        );
    }
    g.bench_with_input(BenchmarkId::from_parameter("all five"), &states, |b, ss| {
        b.iter(|| {
            ss.iter()
                .map(|s| {
                    COLORING
                        .iter()
                        .map(|&t| find_all(s, t, &cfg).len())
                        .sum::<usize>()
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

fn coloring(c: &mut Criterion) {
    bench_basis::<B3>(c, "9x9 magictour", "9x9/magictour_top1465.txt", 50);
    bench_basis::<B4>(c, "16x16 gen_minimal", "16x16/gen_minimal200.txt", 10);
    bench_basis::<B5>(c, "25x25 gen_g300", "25x25/gen_g300_10.txt", 5);
}

criterion_group!(benches, coloring);
criterion_main!(benches);
