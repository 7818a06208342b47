//! Forcing chains per basis: each depth's finder (every candidate tried, every deduction
//! reported) on states where singles, locked candidates, tuples and basic fish have run to a
//! fixed point; the plain chains are the baseline the deeper trials are measured against.
//!
//! `cargo bench --bench forcing`; data from `../shared/data` (or `$NSUDOKU_DATA`).

use criterion::{criterion_group, criterion_main, Criterion};
use nsudoku::basis::{B3, B4};
use nsudoku::logic::Technique;
use nsudoku::Basis;

mod common;

const DEPTHS: [Technique; 3] = [
    Technique::ForcingChain,
    Technique::ForcingChainPlus,
    Technique::ForcingChainNested,
];

fn bench_basis<B: Basis>(c: &mut Criterion, name: &str, path: &str, take: usize) {
    let states = common::basic_states::<B>(path, take);
    let mut g = common::group(c, &format!("forcing/{name}"), states.len());
    common::each(&mut g, &states, &DEPTHS);
    g.finish();
}

fn forcing(c: &mut Criterion) {
    bench_basis::<B3>(c, "9x9 forum_hardest", "9x9/forum_hardest_1106.txt", 5);
    bench_basis::<B4>(c, "16x16 gen_minimal", "16x16/gen_minimal200.txt", 3);
}

criterion_group! {
    name = benches;
    config = common::config(3);
    targets = forcing
}
criterion_main!(benches);
