//! The coloring pass per basis: each coloring technique's finder (every deduction it reports),
//! and all five in turn, on states where singles, locked candidates, tuples and basic fish have
//! run to a fixed point; tdoku-style groups per basis and data set.
//!
//! `cargo bench --bench coloring`; data from `../shared/data` (or `$NSUDOKU_DATA`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::{find_all, Config, Technique};
use nsudoku::Basis;

mod common;

const COLORING: [Technique; 5] = [
    Technique::SimpleColoring,
    Technique::MultiColoring,
    Technique::XCycle,
    Technique::YCycle,
    Technique::YKnot,
];

fn bench_basis<B: Basis>(c: &mut Criterion, name: &str, path: &str, take: usize) {
    let states = common::basic_states::<B>(path, take);
    let cfg = Config::default();
    let mut g = common::group(c, &format!("coloring/{name}"), states.len());
    common::each(&mut g, &states, &COLORING);
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

criterion_group! {
    name = benches;
    config = common::config(2);
    targets = coloring
}
criterion_main!(benches);
