//! Soundness at scale: every technique of the engine (`technique::default_order`) runs on real
//! puzzles, and every deduction is checked against the known solution before it is applied.
//!
//! CI runs a sample (`sample_is_sound`). The full run over every puzzle of the shared 9×9 sets
//! and the generated 16×16 and 25×25 sets is ignored by default; run it with
//!
//! ```sh
//! cargo test --release --test it soundness_scale:: -- --ignored --nocapture
//! ```
//!
//! (`NSUDOKU_SOUNDNESS_LIMIT=N` takes N puzzles from each file, spread evenly over it.)
//!
//! The bases past 25×25 have checks of their own (`larger_bases_sample_is_sound`, and
//! `larger_bases_are_sound`, ignored: the same with POM, and 100×100). Their masks are wider
//! words, `u64` up to 64×64 (where every bit is a digit) and `u128` beyond, and their houses
//! hold up to 100 cells.

use crate::common;
use nsudoku::basis::{Basis, B3, B4, B5};
use nsudoku::input::{self, Puzzle, ReadOptions};
use nsudoku::logic::{pom, technique, Technique};
use nsudoku::{solve, with_basis, Alphabet};
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Figures of one run.
#[derive(Default)]
struct Tally {
    puzzles: AtomicUsize,
    deductions: AtomicUsize,
    solved: AtomicUsize,
    /// The techniques that made at least one deduction.
    used: Mutex<BTreeSet<Technique>>,
}

/// Reduce `p` to a fixed point with every technique but those of `skip`, checking each
/// deduction (with `every`, each of every technique on every state reached: see
/// [`common::reduce_checked`]).
fn reduce_checked<B: Basis>(
    p: &Puzzle,
    solution: &[u8],
    skip: &[Technique],
    every: bool,
    tally: &Tally,
) {
    let mut ts = technique::default_order(B::N);
    ts.retain(|t| !skip.contains(t));
    let mut used = BTreeSet::new();
    let mut note = |t| {
        tally.deductions.fetch_add(1, Ordering::Relaxed);
        used.insert(t);
    };
    let (_, solved) = common::reduce_checked::<B>(p, solution, &ts, every, &mut note);
    tally.used.lock().unwrap().extend(used);
    tally.puzzles.fetch_add(1, Ordering::Relaxed);
    tally.solved.fetch_add(solved as usize, Ordering::Relaxed);
}

/// Which puzzles of a file to check.
#[derive(Clone, Copy)]
enum Take {
    /// The first N.
    First(usize),
    /// N spread evenly over the file (every k-th), so that a capped run still reaches its end.
    Spread(usize),
}

fn read(path: &str, alphabet: Option<Alphabet>, take: Take) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let all = input::read_all(
        &text,
        ReadOptions {
            alphabet,
            format: None,
        },
    );
    let (step, n) = match take {
        Take::First(n) => (1, n),
        Take::Spread(n) => ((all.len() / n.max(1)).max(1), n),
    };
    all.into_iter()
        .step_by(step)
        .take(n)
        .map(|r| r.unwrap())
        .collect()
}

/// Check every puzzle of `path` with every technique; solutions from `sol_path` when given, else
/// by search. Every set checked holds puzzles of one solution: one without would have no single
/// truth to check against, and fails the test rather than pass unchecked, as would a file
/// read as no puzzle at all.
fn run_file(path: &str, sol_path: Option<&str>, alphabet: Option<Alphabet>, take: Take) -> Tally {
    run_file_without(path, sol_path, alphabet, take, &[], false)
}

/// [`run_file`] leaving out the techniques of `skip`; with `every`, each technique checked on
/// every state reached (see [`reduce_checked`]).
fn run_file_without(
    path: &str,
    sol_path: Option<&str>,
    alphabet: Option<Alphabet>,
    take: Take,
    skip: &[Technique],
    every: bool,
) -> Tally {
    // Large stacks: the dispatch frame holds grids of every basis up to 100×100.
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(256 << 20)
        .build()
        .unwrap();
    let puzzles = read(path, alphabet, take);
    let solutions: Vec<Option<Vec<u8>>> = match sol_path {
        Some(sp) => read(sp, alphabet, take)
            .iter()
            .map(|s| Some(s.digits()))
            .collect(),
        None => pool.install(|| puzzles.par_iter().map(solve::unique_solution).collect()),
    };
    assert!(!puzzles.is_empty(), "{path}: no puzzle read");
    assert_eq!(
        puzzles.len(),
        solutions.len(),
        "{path}: puzzles and solutions pair up"
    );
    if let Some(i) = solutions.iter().position(Option::is_none) {
        panic!("{path}: puzzle {} has not exactly one solution", i + 1);
    }
    let tally = Tally::default();
    pool.install(|| {
        puzzles.par_iter().zip(&solutions).for_each(|(p, sol)| {
            if let Some(sol) = sol {
                with_basis!(p.k, B => reduce_checked::<B>(p, sol, skip, every, &tally));
            }
        })
    });
    eprintln!(
        "{path}: {} puzzles, {} deductions checked, 0 unsound, {} solved by logic, {} techniques \
         used",
        tally.puzzles.load(Ordering::Relaxed),
        tally.deductions.load(Ordering::Relaxed),
        tally.solved.load(Ordering::Relaxed),
        tally.used.lock().unwrap().len()
    );
    tally
}

/// The CI sample: every technique on every state its path reaches, each deduction checked.
/// Every technique of the basis must have had a deduction checked but those named idle (no
/// state of these puzzles holds one: BUG+1 and the rest have hand-made grids of their own in
/// logic_techniques and coloring), or this would show nothing of its soundness.
#[test]
fn sample_is_sound() {
    let sample = |k: usize, path, sol, alphabet, take, idle: &[&str]| {
        let t = run_file_without(path, sol, alphabet, Take::First(take), &[], true);
        assert_eq!(t.puzzles.load(Ordering::Relaxed), take);
        assert!(t.deductions.load(Ordering::Relaxed) > 100);
        let used = t.used.into_inner().unwrap();
        common::assert_checked(&technique::default_order(k * k), &used, idle, path);
    };
    sample(
        3,
        "tests/data/fuzz_seed_9x9.txt",
        None,
        None,
        12,
        // The jellyfish of these states, finned or not, are above half a digit's open lines,
        // left to their complements (x-wings and swordfish; the `fish` modules). The hidden
        // rectangles the paths take leave them no unique loop (`logic_soundness` checks some).
        &[
            "bug",
            "remote-pair",
            "jellyfish",
            "finned-jellyfish",
            "unique-loop",
        ],
    );
    sample(
        4,
        "tests/data/16x16_gen_minimal200_first10.txt",
        Some("tests/data/16x16_gen_minimal200_first10.sol"),
        None,
        2,
        // Fish from size 5 up, finned ones from 6: above half, as the jellyfish at 9×9. No
        // unique loop on these two paths (the 16×16 rated paths meet some: `rating::`).
        &[
            "bug",
            "unique-loop",
            "fish-5",
            "fish-6",
            "fish-7",
            "fish-8",
            "finned-fish-6",
            "finned-fish-7",
            "finned-fish-8",
        ],
    );
    // One puzzle, never solved by logic: no full house, a few sizes of tuples unused, and no
    // swordfish, 5- or 6-fish (those it held were hidden singles seen as fish, which fish no
    // longer report).
    let idle = [
        "full-house",
        "swordfish",
        "fish-5",
        "fish-6",
        "hidden-triple",
        "naked-quad",
        "hidden-quad",
        "naked-tuple-5",
        "hidden-tuple-5",
        "naked-tuple-6",
        "hidden-tuple-6",
        "naked-tuple-7",
        "xyz-wing",
        "unique-rectangle",
        "hidden-rectangle",
        "avoidable-rectangle",
        "unique-loop",
        "bug",
        "remote-pair",
        "y-knot",
        // One step in gen_g300_10's ten paths, none in this one; the 9×9 and 16×16 samples
        // check it.
        "sue-de-coq",
        // Above half a digit's open lines, as at 9×9 and 16×16.
        "jellyfish",
        "fish-7",
        "fish-8",
        "fish-9",
        "fish-10",
        "fish-11",
        "fish-12",
        "finned-fish-6",
        "finned-fish-7",
        "finned-fish-8",
        "finned-fish-9",
        "finned-fish-10",
        "finned-fish-11",
        "finned-fish-12",
    ];
    sample(
        5,
        "tests/data/25x25_gen_g300_10_first3.txt",
        Some("tests/data/25x25_gen_g300_10_first3.sol"),
        Some(Alphabet::Letters),
        1,
        &idle,
    );
    // Keep the generic path honest: each basis type is exercised above.
    let _ = (B3::N, B4::N, B5::N);
}

/// The larger bases in full: the CI sample's generated puzzles with POM too, and the public
/// 81×81 and 100×100 without it (81 and 100 digits counted at every pass).
#[test]
#[ignore = "minutes: POM at 64×64; run with --ignored"]
fn larger_bases_are_sound() {
    for f in ["36x36_generated", "49x49_generated", "64x64_generated"] {
        let (path, sol) = (format!("tests/data/{f}.txt"), format!("tests/data/{f}.sol"));
        run_file(&path, Some(&sol), None, Take::First(1));
    }
    for f in ["rkkautsar_81x81", "rkkautsar_100x100"] {
        let path = format!("../shared/data/larger/{f}.txt");
        run_file_without(&path, None, None, Take::First(1), &pom::VARIANTS, false);
    }
}

/// The larger bases in CI: generated 36×36, 49×49 and 64×64 puzzles dug to where singles get
/// stuck (tests/data/README.md), and the public 81×81. Each must be solved by logic, and the
/// techniques named must have made deductions there, so that the wide masks went through them.
/// POM only up to 49×49: a check counts every digit's templates at every pass (up to 0.1 s a
/// digit), minutes a puzzle at 64×64; the ignored run has it.
#[test]
fn larger_bases_sample_is_sound() {
    use Technique::*;
    /// `t` is `family` of some size.
    fn sized(t: &Technique, family: fn(u8) -> Technique) -> bool {
        (2..=50).any(|k| family(k) == *t)
    }
    /// A technique, or a family, that must have made a deduction.
    type Wanted = fn(&Technique) -> bool;
    let cases: [(&str, &[Technique], &[Wanted]); 4] = [
        (
            "36x36_generated",
            &[],
            &[
                |t| sized(t, Fish),
                |t| sized(t, HiddenTuple) && *t != HiddenTuple(2),
                |t| *t == MultiColoring,
                |t| *t == XChain,
                |t| *t == NiceLoop,
                |t| *t == Aic,
            ],
        ),
        ("49x49_generated", &[], &[|t| sized(t, NakedTuple)]),
        (
            "64x64_generated",
            &pom::VARIANTS,
            &[
                |t| sized(t, NakedTuple) && *t != NakedTuple(2),
                |t| *t == XChain,
                |t| *t == CellForcingChain,
                |t| *t == RegionForcingChain,
            ],
        ),
        ("81x81_rkkautsar", &pom::VARIANTS, &[|t| sized(t, Fish)]),
    ];
    for (file, skip, wanted) in cases {
        let path = format!("tests/data/{file}.txt");
        let sol = format!("tests/data/{file}.sol");
        let sol = std::path::Path::new(&sol).exists().then_some(sol.as_str());
        let t = run_file_without(&path, sol, None, Take::First(1), skip, false);
        assert_eq!(t.solved.load(Ordering::Relaxed), 1, "{file}");
        let used = t.used.lock().unwrap();
        for (i, w) in wanted.iter().enumerate() {
            assert!(
                used.iter().any(w),
                "{file}: wanted technique {i} unused: {used:?}"
            );
        }
    }
}

#[test]
#[ignore = "hours: every technique on every shared puzzle; run with --ignored"]
fn full_shared_sets_are_sound() {
    let take = std::env::var("NSUDOKU_SOUNDNESS_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(Take::First(usize::MAX), Take::Spread);
    let d = "../shared/data";
    for f in [
        "norvig_top95",
        "norvig_hardest11",
        "magictour_top1465",
        "forum_hardest_1106",
        "magictour_top2365",
        "17_clue",
        "forum_hardest_1905_11plus",
    ] {
        run_file(&format!("{d}/9x9/{f}.txt"), None, None, take);
    }
    for f in ["gen_minimal200", "goomii_hard300"] {
        run_file(
            &format!("{d}/16x16/{f}.txt"),
            Some(&format!("{d}/16x16/{f}.sol")),
            None,
            take,
        );
    }
    for f in ["gen_g300_10", "gen_g280_10"] {
        run_file(
            &format!("{d}/25x25/{f}.txt"),
            Some(&format!("{d}/25x25/{f}.sol")),
            Some(Alphabet::Letters),
            take,
        );
    }
}
