//! Pattern Overlay Method throughput.
//!
//! * `pom_9x9/<variant>`: every variant, all digits, on a sample of magictour top1465 puzzles
//!   (every 15th line, 98 puzzles) after singles. Time is per pass over the sample; divide by
//!   98 for one puzzle (criterion's throughput line does it).
//! * `pom_count/<set>`: the count-only pass (exact template count of every digit, nothing
//!   listed) on 16×16 and 25×25 puzzles, on the givens alone and after singles.
//!
//! Data: `../shared/data` relative to the repository root, or `$NSUDOKU_DATA`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::{engine, pom, Config, State, Technique};
use nsudoku::{input, Basis, Grid};
use std::hint::black_box;
use std::path::PathBuf;

fn data(rel: &str) -> String {
    let root = std::env::var_os("NSUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
    let path = root.join(rel);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (set NSUDOKU_DATA)", path.display()))
}

fn states<B: Basis>(text: &str, every: usize, max: usize, singles: bool) -> Vec<State<B>> {
    let ts = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
    ];
    input::read_all(text, Default::default())
        .into_iter()
        .step_by(every)
        .take(max)
        .map(|rec| {
            let p = rec.expect("valid puzzle");
            let mut s = State::<B>::new(Grid::from_masks(&p.masks)).expect("consistent givens");
            if singles {
                engine::reduce(&mut s, &ts, &Config::default()).expect("sound singles");
            }
            s
        })
        .collect()
}

fn bench_9x9(c: &mut Criterion) {
    let sample = states::<B3>(&data("9x9/magictour_top1465.txt"), 15, usize::MAX, true);
    let cfg = Config::default();
    let mut g = c.benchmark_group("pom_9x9");
    g.throughput(Throughput::Elements(sample.len() as u64));
    for v in pom::VARIANTS {
        g.bench_function(v.cli_name(), |b| {
            b.iter(|| {
                for s in &sample {
                    black_box(pom::analyze(s, v, &cfg));
                }
            })
        });
    }
    g.finish();
}

fn count_pass<B: Basis>(c: &mut Criterion, name: &str, sample: &[State<B>]) {
    let mut g = c.benchmark_group("pom_count");
    g.throughput(Throughput::Elements(sample.len() as u64));
    g.bench_function(name, |b| {
        b.iter(|| {
            for s in sample {
                black_box(pom::counts(s));
            }
        })
    });
    g.finish();
}

fn bench_count(c: &mut Criterion) {
    let t16 = data("16x16/gen_minimal200.txt");
    count_pass(c, "16x16_givens", &states::<B4>(&t16, 10, 20, false));
    count_pass(c, "16x16_singles", &states::<B4>(&t16, 10, 20, true));
    let t25 = data("25x25/gen_g280_10.txt");
    count_pass(c, "25x25_givens", &states::<B5>(&t25, 1, 10, false));
    count_pass(c, "25x25_singles", &states::<B5>(&t25, 1, 10, true));
}

// Defaults that the command line overrides (settings made on a group would override it).
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench_9x9, bench_count
}
criterion_main!(benches);
