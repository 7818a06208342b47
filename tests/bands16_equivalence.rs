//! The 16×16 band phase against the cell-mask engine alone: the same solution sets (up to a
//! limit) and the same budget outcome, whether the band engine finishes or is cut and the
//! cell-mask engine starts over.
//!
//! Inputs: the 16×16 fixtures in `tests/data` (minimal puzzles from the generated set and the
//! tdoku-style count fixtures), a fixed slice of every 16×16 set in `../shared/data` when it is
//! there, and variants with givens removed (several solutions) or cells narrowed to random
//! candidate sets (often no solution). The band engine shares no code with the cell-mask engine.

use nsudoku::basis::B4;
use nsudoku::generate::Rng;
use nsudoku::grid::is_valid_solution;
use nsudoku::input::{self, ReadOptions};
use nsudoku::solver::{SolveOptions, Solver, Tuning};
use nsudoku::Grid;

/// Per-cell candidate masks of 16×16 puzzles: the fixtures, then up to `take` lines of each
/// shared 16×16 set that is present.
fn puzzles(take: usize) -> Vec<Vec<u128>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let fixture =
        |name: &str| std::fs::read_to_string(format!("{root}/tests/data/{name}")).expect("fixture");
    let mut texts = vec![
        fixture("16x16_gen_minimal200_first10.txt"),
        fixture("basis4.txt")
            .lines()
            .map(|l| l.split(':').next().unwrap_or("").to_string() + "\n")
            .collect(),
    ];
    let shared = [
        std::env::var("NSUDOKU_DATA").unwrap_or_default(),
        format!("{root}/../shared/data"),
        "/work/shared/data".to_string(),
    ]
    .into_iter()
    .filter(|d| !d.is_empty())
    .map(|d| format!("{d}/16x16"))
    .find(|d| std::path::Path::new(d).is_dir());
    match shared.and_then(|d| std::fs::read_dir(d).ok()) {
        Some(dir) => {
            let mut files: Vec<_> = dir
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect();
            files.sort();
            for f in files {
                let t = std::fs::read_to_string(&f).expect("data file");
                texts.push(t.lines().take(take).collect::<Vec<_>>().join("\n"));
            }
        }
        None => eprintln!("note: no 16x16 data directory found, fixtures only"),
    }
    let mut out = Vec::new();
    for t in texts {
        for p in input::read_all(&t, ReadOptions::default())
            .into_iter()
            .flatten()
        {
            assert_eq!(p.k, 4);
            out.push(p.masks);
        }
    }
    assert!(out.len() >= 20, "too few puzzles");
    out
}

/// The default 16×16 engine with the band phase capped at `band_nodes` (0: cell masks only).
fn tuning(band_nodes: u32) -> Tuning {
    Tuning {
        bands: band_nodes > 0,
        band_nodes,
        ..Tuning::for_basis(4)
    }
}

/// Every solution (up to `limit`), sorted, whether the budget ran out, and the nodes taken.
fn solutions(masks: &[u128], t: Tuning, limit: usize, budget: Option<u64>) -> (Vec<Vec<u8>>, bool) {
    let opts = SolveOptions {
        limit,
        max_nodes: budget,
        ..SolveOptions::default()
    };
    let mut sols = Vec::new();
    let c = Solver::<B4>::with_tuning(opts, t).search(
        &Grid::<B4>::from_masks(masks),
        &mut |g: &Grid<B4>| {
            sols.push(g.to_digits());
            true
        },
    );
    assert_eq!(c.solutions, sols.len());
    assert_eq!(c.limit_reached, sols.len() >= limit);
    sols.sort();
    (sols, c.budget_exceeded)
}

/// The band phase (finishing, and cut after a few nodes) agrees with the cell-mask engine.
fn agree(masks: &[u128], limit: usize, what: &str) {
    let (c, c_over) = solutions(masks, tuning(0), limit, None);
    assert!(!c_over);
    for cap in [3, 1_000_000] {
        let (b, b_over) = solutions(masks, tuning(cap), limit, None);
        assert!(!b_over, "{what}: band cap {cap} ran out");
        if b.len() < limit && c.len() < limit {
            assert_eq!(b, c, "{what}: band cap {cap} and cell masks differ");
        } else {
            assert_eq!(b.len(), c.len(), "{what}: counts differ at the limit");
        }
        for s in &b {
            assert!(is_valid_solution(4, s), "{what}: invalid solution");
            for (cell, (&d, &m)) in s.iter().zip(masks).enumerate() {
                assert!(
                    m >> (d - 1) & 1 != 0,
                    "{what}: cell {cell} = {d} not allowed"
                );
            }
        }
    }
}

#[test]
fn band_phase_matches_cell_masks_on_real_puzzles() {
    for (i, m) in puzzles(25).iter().enumerate() {
        agree(m, 2, &format!("puzzle {i}"));
    }
}

/// Givens removed: several solutions, enumerated up to the limit by both.
#[test]
fn band_phase_matches_on_puzzles_with_several_solutions() {
    let mut rng = Rng::new(0x16b);
    for (i, m) in puzzles(4).iter().enumerate() {
        let mut m = m.clone();
        for _ in 0..1 + rng.below(3) {
            let givens: Vec<usize> = (0..256).filter(|&c| m[c].count_ones() == 1).collect();
            m[givens[rng.below(givens.len())]] = 0xFFFF;
        }
        agree(&m, 50, &format!("puzzle {i} with givens removed"));
    }
}

/// Open cells narrowed to random candidate sets (often no solution).
#[test]
fn band_phase_matches_on_partial_candidate_grids() {
    let mut rng = Rng::new(0x16c);
    for (i, m) in puzzles(4).iter().enumerate() {
        let mut m = m.clone();
        for _ in 0..rng.below(24) {
            let c = rng.below(256);
            if m[c].count_ones() > 1 {
                m[c] &= rng.next_u64() as u128;
            }
        }
        agree(&m, 50, &format!("partial grid {i}"));
    }
}

/// A node budget smaller than the band cap is the user's: the search stops there.
#[test]
fn band_phase_honours_the_node_budget() {
    for m in puzzles(3).iter().take(12) {
        let (_, full_over) = solutions(m, tuning(2000), 2, None);
        assert!(!full_over);
        let opts = SolveOptions {
            max_nodes: Some(0),
            ..SolveOptions::default()
        };
        let g = Grid::<B4>::from_masks(m);
        let c0 = Solver::<B4>::with_tuning(opts, tuning(2000)).count(&g);
        let c = Solver::<B4>::with_tuning(SolveOptions::default(), tuning(2000)).count(&g);
        assert!(c0.stats.nodes <= 1);
        assert_eq!(c0.budget_exceeded, c.stats.nodes > 0);
    }
}
