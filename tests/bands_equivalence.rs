//! The band engine (default at 9×9) against the two other engines on real puzzles: the same
//! counts, the same solutions (as sets, up to a limit), the same budget outcome.
//!
//! Inputs: the 9×9 fixtures in `tests/data`, a fixed slice of every 9×9 set in `../shared/data`
//! when it is there (CI has it beside the repository), and variants of those puzzles with givens
//! removed (several solutions) or with cells narrowed to random candidate sets (partial
//! candidate grids, often without a solution). The digit-plane engine and the cell-mask engine
//! share no code with the band engine, so agreement is independent evidence.

use nsudoku::basis::B3;
use nsudoku::generate::Rng;
use nsudoku::grid::{is_valid_solution, keeps_givens};
use nsudoku::input::{self, ReadOptions};
use nsudoku::solver::{SolveOptions, Solver, Tuning};
use nsudoku::Grid;

/// Per-cell candidate masks of 9×9 puzzles: the fixtures, then up to `take` lines of each
/// shared 9×9 set that is present.
fn puzzles(take: usize) -> Vec<Vec<u128>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut texts = vec![
        std::fs::read_to_string(format!(
            "{root}/tests/data/9x9_magictour_top1465_first30.txt"
        ))
        .expect("fixture"),
        std::fs::read_to_string(format!("{root}/tests/data/basis3.txt"))
            .expect("fixture")
            .lines()
            .map(|l| l.split(':').next().unwrap_or("").to_string() + "\n")
            .collect(),
    ];
    // `$NSUDOKU_DATA`, else `../shared/data` beside the repository (CI), else the machine-wide
    // copy that worktrees see.
    let shared = [
        std::env::var("NSUDOKU_DATA").unwrap_or_default(),
        format!("{root}/../shared/data"),
        "/work/shared/data".to_string(),
    ]
    .into_iter()
    .filter(|d| !d.is_empty())
    .map(|d| format!("{d}/9x9"))
    .find(|d| std::path::Path::new(d).is_dir())
    .unwrap_or_default();
    if let Ok(dir) = std::fs::read_dir(&shared) {
        let mut files: Vec<_> = dir.filter_map(Result::ok).map(|e| e.path()).collect();
        files.sort();
        for f in files {
            if let Ok(t) = std::fs::read_to_string(&f) {
                texts.push(t.lines().take(take).collect::<Vec<_>>().join("\n"));
            }
        }
    } else {
        eprintln!("note: no 9x9 data directory found, fixtures only");
    }
    let mut out = Vec::new();
    for t in texts {
        for p in input::read_all(&t, ReadOptions::default())
            .into_iter()
            .flatten()
        {
            assert_eq!(p.k, 3);
            out.push(p.masks);
        }
    }
    assert!(out.len() >= 30, "too few puzzles");
    out
}

fn tuning(bands: bool, planes: bool) -> Tuning {
    Tuning {
        bands,
        planes,
        ..Tuning::for_basis(3)
    }
}

/// Every solution (up to `limit`), sorted, and whether the budget ran out.
fn solutions(masks: &[u128], t: Tuning, limit: usize, budget: Option<u64>) -> (Vec<Vec<u8>>, bool) {
    let opts = SolveOptions {
        limit,
        max_nodes: budget,
        ..SolveOptions::default()
    };
    let mut s = Solver::<B3>::with_tuning(opts, t);
    let mut sols = Vec::new();
    let c = s.search(&Grid::<B3>::from_masks(masks), &mut |g: &Grid<B3>| {
        sols.push(g.to_digits());
        true
    });
    assert_eq!(c.solutions, sols.len());
    assert_eq!(c.limit_reached, sols.len() >= limit);
    sols.sort();
    (sols, c.budget_exceeded)
}

/// Bands, planes and cell masks agree on `masks`; every solution is valid and keeps what the
/// masks allow.
fn agree(masks: &[u128], limit: usize, what: &str) {
    let (b, b_over) = solutions(masks, tuning(true, false), limit, None);
    let (p, p_over) = solutions(masks, tuning(false, true), limit, None);
    assert!(!b_over && !p_over);
    // The solutions found first depend on the search order; the full set does not. Compare
    // whole sets only when neither engine hit the limit.
    if b.len() < limit && p.len() < limit {
        assert_eq!(b, p, "{what}: bands and planes differ");
        let (c, _) = solutions(masks, tuning(false, false), limit, None);
        assert_eq!(b, c, "{what}: bands and cell masks differ");
    } else {
        assert_eq!(b.len(), p.len(), "{what}: counts differ at the limit");
    }
    for s in &b {
        assert!(is_valid_solution(3, s), "{what}: invalid solution");
        for (c, (&d, &m)) in s.iter().zip(masks).enumerate() {
            assert!(
                m >> (d - 1) & 1 != 0,
                "{what}: cell {c} = {d} was not allowed"
            );
        }
    }
}

#[test]
fn bands_match_the_other_engines_on_real_puzzles() {
    for (i, m) in puzzles(150).iter().enumerate() {
        agree(m, 3, &format!("puzzle {i}"));
    }
}

/// Givens removed: several solutions, enumerated in full by every engine.
#[test]
fn bands_match_on_puzzles_with_several_solutions() {
    let mut rng = Rng::new(0x5eed);
    let all = puzzles(20);
    for (i, m) in all.iter().enumerate() {
        let mut m = m.clone();
        for _ in 0..1 + rng.below(4) {
            let givens: Vec<usize> = (0..81).filter(|&c| m[c].count_ones() == 1).collect();
            if givens.is_empty() {
                break;
            }
            m[givens[rng.below(givens.len())]] = 0x1FF;
        }
        agree(&m, 400, &format!("puzzle {i} with givens removed"));
    }
}

/// Open cells narrowed to random candidate sets: partial grids the parser never makes but
/// `Solver::search` accepts (often no solution, sometimes a cell with no candidate).
#[test]
fn bands_match_on_partial_candidate_grids() {
    let mut rng = Rng::new(0xcafe);
    let all = puzzles(20);
    for (i, m) in all.iter().enumerate() {
        let mut m = m.clone();
        for _ in 0..rng.below(12) {
            let c = rng.below(81);
            if m[c].count_ones() > 1 {
                m[c] &= rng.next_u64() as u128 | rng.next_u64() as u128;
            }
        }
        agree(&m, 400, &format!("partial grid {i}"));
    }
}

/// The first solution of a unique puzzle keeps the givens and the node budget is honoured.
#[test]
fn bands_first_solution_and_budget() {
    for m in puzzles(10).iter().take(40) {
        let g = Grid::<B3>::from_masks(m);
        let c = Solver::<B3>::with_tuning(SolveOptions::default(), tuning(true, false)).count(&g);
        if let Some(f) = &c.first {
            assert!(is_valid_solution(3, f) && keeps_givens(&g.to_digits(), f));
        }
        let opts = SolveOptions {
            max_nodes: Some(0),
            ..SolveOptions::default()
        };
        let c0 = Solver::<B3>::with_tuning(opts, tuning(true, false)).count(&g);
        assert!(c0.stats.nodes <= 1);
        assert_eq!(c0.budget_exceeded, c.stats.nodes > 0);
    }
}
