//! A full tuple sweep (every size 2..=N/2, every house, naked and hidden) on grids reduced by
//! singles, at 9×9, 16×16 and 25×25. One iteration sweeps every grid of the set once; the
//! throughput line gives sweeps per second, so time per sweep = 1 / that.
//!
//! Grids: the fixture puzzles in tests/data (30 magictour_top1465, 10 gen_minimal200, 3
//! gen_g300_10), each reduced by full house, hidden and naked singles to a fixed point.
//!
//! Run: `cargo bench --bench tuples` (add `-- --quick` for a short run).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use nsudoku::basis::{Basis, B3, B4, B5};
use nsudoku::input::ReadOptions;
use nsudoku::logic::{subsets, Flow, State, Technique};
use nsudoku::Alphabet;

mod common;

fn states<B: Basis>(path: &str, alphabet: Option<Alphabet>) -> Vec<State<B>> {
    let text = std::fs::read_to_string(path).expect("run from the repository root");
    let opts = ReadOptions {
        alphabet,
        format: None,
    };
    let singles = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
    ];
    common::reduced(&text, opts, &singles).collect()
}

fn sweep_all<B: Basis>(states: &[State<B>]) -> usize {
    let mut found = 0;
    for s in states {
        let _ = subsets::sweep(s, B::N / 2, subsets::Bound::subsets(u64::MAX), &mut |d| {
            found += black_box(d).eliminations.len();
            Flow::Continue
        });
    }
    found
}

fn bench_set<B: Basis>(c: &mut Criterion, name: &str, states: Vec<State<B>>) {
    let mut g = c.benchmark_group("tuple_sweep");
    g.throughput(Throughput::Elements(states.len() as u64));
    eprintln!(
        "{name}: {} grids after singles, {} open cells on average, {} eliminations found per pass",
        states.len(),
        states.iter().map(|s| s.open_cells()).sum::<usize>() / states.len().max(1),
        sweep_all(&states)
    );
    g.bench_function(name, |b| b.iter(|| sweep_all(black_box(&states))));
    g.finish();
}

fn tuples(c: &mut Criterion) {
    bench_set(
        c,
        "9x9 magictour_top1465 (30)",
        states::<B3>("tests/data/9x9_magictour_top1465_first30.txt", None),
    );
    bench_set(
        c,
        "16x16 gen_minimal200 (10)",
        states::<B4>("tests/data/16x16_gen_minimal200_first10.txt", None),
    );
    bench_set(
        c,
        "25x25 gen_g300_10 (3)",
        states::<B5>(
            "tests/data/25x25_gen_g300_10_first3.txt",
            Some(Alphabet::Letters),
        ),
    );
}

criterion_group!(benches, tuples);
criterion_main!(benches);
