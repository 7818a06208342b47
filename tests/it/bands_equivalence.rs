//! The band engine against the other engines on real puzzles: the same counts, the same
//! solutions (as sets, up to a limit), the same budget outcome.
//!
//! At 9×9, where it is the default, against the digit-plane and the cell-mask engines; at
//! 16×16, where it goes first for a bounded number of nodes, against the cell-mask engine alone,
//! both when it finishes and when it is cut after 3 nodes and the cell-mask engine starts over.
//!
//! Inputs: fixtures in `tests/data`, a fixed slice of every set of the size in `../shared/data`
//! when it is there (CI has it beside the repository), and variants of those puzzles with givens
//! removed (several solutions) or with cells narrowed to random candidate sets (partial candidate
//! grids, often without a solution). The other engines share no code with the band engine, so
//! agreement is independent evidence.

use crate::common;
use nsudoku::basis::{B3, B4};
use nsudoku::generate::Rng;
use nsudoku::grid::{is_valid_solution, keeps_givens};
use nsudoku::input::{self, ReadOptions};
use nsudoku::solver::{SolveOptions, Solver, Tuning};
use nsudoku::{Basis, Grid, Mask};

/// Per-cell candidate masks of basis-`k` puzzles: the `fixtures` (tdoku-style `puzzle:count:…`
/// lines keep their puzzle), then up to `take` lines of each shared set of that size present.
fn puzzles(k: usize, fixtures: &[&str], take: usize) -> Vec<Vec<u128>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut texts: Vec<String> = fixtures
        .iter()
        .map(|f| {
            std::fs::read_to_string(format!("{root}/tests/data/{f}"))
                .expect("fixture")
                .lines()
                .map(|l| l.split(':').next().unwrap_or("").to_string() + "\n")
                .collect()
        })
        .collect();
    let n = k * k;
    if let Some(dir) = common::shared_path(&format!("{n}x{n}")) {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("data directory")
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
    let mut out = Vec::new();
    for t in texts {
        for p in input::read_all(&t, ReadOptions::default())
            .into_iter()
            .flatten()
        {
            assert_eq!(p.k, k);
            out.push(p.masks.iter().map(|m| m.to_u128()).collect());
        }
    }
    assert!(out.len() >= 20, "too few puzzles");
    out
}

fn puzzles9(take: usize) -> Vec<Vec<u128>> {
    puzzles(
        3,
        &["9x9_magictour_top1465_first30.txt", "basis3.txt"],
        take,
    )
}

fn puzzles16(take: usize) -> Vec<Vec<u128>> {
    puzzles(
        4,
        &[
            "16x16_gen_minimal200_first10.txt",
            "16x16_goomii_hard300_first8.txt",
            "basis4.txt",
        ],
        take,
    )
}

/// Every solution (up to `limit`), sorted, and whether the budget ran out.
fn solutions<B: Basis>(
    masks: &[u128],
    t: Tuning,
    limit: usize,
    budget: Option<u64>,
) -> (Vec<Vec<u8>>, bool) {
    let opts = SolveOptions {
        limit,
        max_nodes: budget,
        ..SolveOptions::default()
    };
    let mut s = Solver::<B>::with_tuning(opts, t);
    let mut sols = Vec::new();
    let c = s.search(&Grid::<B>::from_masks(masks), &mut |g: &Grid<B>| {
        sols.push(g.to_digits());
        true
    });
    assert_eq!(c.solutions, sols.len());
    assert_eq!(c.limit_reached, sols.len() >= limit);
    sols.sort();
    (sols, c.budget_exceeded())
}

/// Two engines' solution sets agree: whole sets when neither hit the limit (the solutions found
/// first depend on the search order; the full set does not), else their counts; every solution
/// is valid and keeps what the masks allow.
fn same(k: usize, masks: &[u128], limit: usize, a: &[Vec<u8>], b: &[Vec<u8>], what: &str) {
    if a.len() < limit && b.len() < limit {
        assert_eq!(a, b, "{what}: solution sets differ");
    } else {
        assert_eq!(a.len(), b.len(), "{what}: counts differ at the limit");
    }
    for s in a {
        assert!(is_valid_solution(k, s), "{what}: invalid solution");
        for (c, (&d, &m)) in s.iter().zip(masks).enumerate() {
            assert!(m >> (d - 1) & 1 != 0, "{what}: cell {c} = {d} not allowed");
        }
    }
}

/// 9×9 settings: bands, planes, or neither (cell masks).
fn tuning9(bands: bool, planes: bool) -> Tuning {
    Tuning {
        bands,
        planes,
        ..Tuning::for_basis(3)
    }
}

/// 16×16 settings: the band phase capped at `band_nodes` (0: cell masks only).
fn tuning16(band_nodes: u32) -> Tuning {
    Tuning {
        bands: band_nodes > 0,
        band_nodes,
        ..Tuning::for_basis(4)
    }
}

/// 9×9: bands (with naked and hidden pairs and without), planes and cell masks agree on `masks`.
fn agree9(masks: &[u128], limit: usize, what: &str) {
    let (b, b_over) = solutions::<B3>(masks, tuning9(true, false), limit, None);
    let (p, p_over) = solutions::<B3>(masks, tuning9(false, true), limit, None);
    assert!(!b_over && !p_over);
    same(
        3,
        masks,
        limit,
        &b,
        &p,
        &format!("{what}, bands and planes"),
    );
    let with_pairs = Tuning {
        band_pairs: true,
        ..tuning9(true, false)
    };
    let (n, n_over) = solutions::<B3>(masks, with_pairs, limit, None);
    assert!(!n_over);
    same(
        3,
        masks,
        limit,
        &n,
        &p,
        &format!("{what}, bands with pairs and planes"),
    );
    if b.len() < limit {
        let (c, _) = solutions::<B3>(masks, tuning9(false, false), limit, None);
        same(
            3,
            masks,
            limit,
            &b,
            &c,
            &format!("{what}, bands and cell masks"),
        );
    }
}

/// 16×16: the band phase, finishing and cut after 3 nodes, its root probed or not, with naked
/// and hidden pairs or not, agrees with the cell-mask engine.
fn agree16(masks: &[u128], limit: usize, what: &str) {
    let (c, c_over) = solutions::<B4>(masks, tuning16(0), limit, None);
    assert!(!c_over);
    for cap in [3, 1_000_000] {
        for (band_probe, band_pairs) in [(true, true), (false, false)] {
            let t = Tuning {
                band_probe,
                band_pairs,
                ..tuning16(cap)
            };
            let (b, b_over) = solutions::<B4>(masks, t, limit, None);
            let what =
                format!("{what}, band cap {cap}, root probed: {band_probe}, pairs: {band_pairs}");
            assert!(!b_over, "{what}: ran out");
            same(4, masks, limit, &b, &c, &what);
        }
    }
}

/// Up to `most` givens (at least one) opened again: several solutions.
fn without_givens(m: &[u128], n: usize, rng: &mut Rng, most: usize) -> Vec<u128> {
    let mut m = m.to_vec();
    for _ in 0..1 + rng.below(most) {
        let givens: Vec<usize> = (0..m.len()).filter(|&c| m[c].count_ones() == 1).collect();
        if givens.is_empty() {
            break;
        }
        m[givens[rng.below(givens.len())]] = (1 << n) - 1;
    }
    m
}

/// Up to `most` random open cells narrowed to random candidate sets (partial grids the parser
/// never makes but `Solver::search` accepts: often no solution, sometimes a cell with none).
fn narrowed(m: &[u128], rng: &mut Rng, most: usize) -> Vec<u128> {
    let mut m = m.to_vec();
    for _ in 0..rng.below(most) {
        let c = rng.below(m.len());
        if m[c].count_ones() > 1 {
            m[c] &= rng.next_u64() as u128 | rng.next_u64() as u128;
        }
    }
    m
}

#[test]
fn bands_match_the_other_engines_on_real_puzzles() {
    for (i, m) in puzzles9(150).iter().enumerate() {
        agree9(m, 3, &format!("9x9 puzzle {i}"));
    }
    for (i, m) in puzzles16(25).iter().enumerate() {
        agree16(m, 2, &format!("16x16 puzzle {i}"));
    }
}

#[test]
fn bands_match_on_puzzles_with_several_solutions() {
    let mut rng = Rng::new(0x5eed);
    for (i, m) in puzzles9(20).iter().enumerate() {
        agree9(
            &without_givens(m, 9, &mut rng, 4),
            400,
            &format!("9x9 puzzle {i} opened"),
        );
    }
    for (i, m) in puzzles16(4).iter().enumerate() {
        let m = without_givens(m, 16, &mut rng, 3);
        agree16(&m, 50, &format!("16x16 puzzle {i} opened"));
    }
}

#[test]
fn bands_match_on_partial_candidate_grids() {
    let mut rng = Rng::new(0xcafe);
    for (i, m) in puzzles9(20).iter().enumerate() {
        agree9(
            &narrowed(m, &mut rng, 12),
            400,
            &format!("9x9 partial grid {i}"),
        );
    }
    for (i, m) in puzzles16(4).iter().enumerate() {
        agree16(
            &narrowed(m, &mut rng, 24),
            50,
            &format!("16x16 partial grid {i}"),
        );
    }
}

/// The first solution of a unique puzzle keeps the givens, and the node budget is honoured (at
/// 16×16 a budget below the band cap is the user's: the search stops there).
#[test]
fn bands_first_solution_and_budget() {
    fn check<B: Basis>(m: &[u128], t: Tuning) {
        let g = Grid::<B>::from_masks(m);
        let c = Solver::<B>::with_tuning(SolveOptions::default(), t).count(&g);
        assert_eq!(c.first.is_some(), c.solutions > 0);
        if let Some(f) = &c.first {
            assert!(is_valid_solution(B::K, f) && keeps_givens(&g.to_digits(), f));
        }
        let opts = SolveOptions {
            max_nodes: Some(0),
            ..SolveOptions::default()
        };
        let c0 = Solver::<B>::with_tuning(opts, t).count(&g);
        assert!(c0.stats.nodes <= 1);
        assert_eq!(c0.budget_exceeded(), c.stats.nodes > 0);
    }
    for m in puzzles9(10).iter().take(40) {
        check::<B3>(m, tuning9(true, false));
    }
    for m in puzzles16(3).iter().take(12) {
        check::<B4>(m, tuning16(2000));
    }
}

/// The n·n cells of an n×n grid in random order.
fn shuffled_cells(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..n * n).collect();
    for i in (1..n * n).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    cells
}

/// The n×n grid whose givens are solution `s` at `cells`, every other cell open.
fn givens_at(s: &[u8], n: usize, cells: &[usize]) -> Vec<u128> {
    let mut g = vec![(1u128 << n) - 1; n * n];
    for &c in cells {
        g[c] = 1 << (s[c] - 1);
    }
    g
}

/// Grids of 17-24 givens taken from a solution, some with one given changed (a digit none of
/// its given peers holds: usually several solutions or none, found only by search), and the
/// empty grid: the band engine agrees with the digit planes and stays within 5,000 nodes (it
/// needs at most about 200). Its branching on configurations once needed up to 1.5 million nodes
/// on such grids (before the
/// minirow check), and minutes on the empty grid (before the open-cell bound).
#[test]
fn bands_stay_small_on_sparse_and_contradicted_grids() {
    let mut rng = Rng::new(0x17);
    let peers = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
    };
    let mut grids = vec![vec![(1u128 << 9) - 1; 81]];
    for m in puzzles9(3) {
        let (sols, _) = solutions::<B3>(&m, tuning9(false, true), 1, None);
        let Some(s) = sols.first() else { continue };
        for _ in 0..6 {
            let cells = shuffled_cells(&mut rng, 9);
            let givens = &cells[..17 + rng.below(8)];
            let mut g = givens_at(s, 9, givens);
            grids.push(g.clone());
            let c = givens[0];
            let held = givens
                .iter()
                .filter(|&&p| peers(c, p))
                .fold(0, |a, &p| a | g[p]);
            let free = ((1u128 << 9) - 1) & !held & !g[c];
            if free != 0 {
                g[c] = 1 << free.trailing_zeros();
                grids.push(g);
            }
        }
    }
    for (i, m) in grids.iter().enumerate() {
        let (b, b_over) = solutions::<B3>(m, tuning9(true, false), 2, Some(5_000));
        assert!(!b_over, "grid {i}: over 5,000 nodes");
        let (p, _) = solutions::<B3>(m, tuning9(false, true), 2, None);
        same(3, m, 2, &b, &p, &format!("sparse grid {i}"));
    }
}

/// Grids of 26-32 givens taken from a solution: 49-55 open cells, where the band engine branches
/// on configurations and narrows bands by triads, with dozens to thousands of solutions. Every
/// one is found, the same set as the digit planes' (a triad that dropped a true candidate would
/// lose some).
#[test]
fn bands_find_every_solution_of_underdetermined_grids() {
    let mut rng = Rng::new(0x7e1ad);
    let mut total = 0;
    for m in puzzles9(4) {
        let (sols, _) = solutions::<B3>(&m, tuning9(false, true), 1, None);
        let Some(s) = sols.first() else { continue };
        for _ in 0..3 {
            let cells = shuffled_cells(&mut rng, 9);
            let g = givens_at(s, 9, &cells[..26 + rng.below(7)]);
            let (b, _) = solutions::<B3>(&g, tuning9(true, false), 20_000, None);
            let (p, _) = solutions::<B3>(&g, tuning9(false, true), 20_000, None);
            same(3, &g, 20_000, &b, &p, "underdetermined grid");
            total += b.len();
        }
    }
    assert!(
        total > 1_000,
        "the grids should have many solutions, not {total}"
    );
}

/// 16×16 grids of 114-125 givens taken from a solution, with up to thousands of solutions: the
/// band engine's trees pass 64 nodes, where it branches on configurations and narrows bands by
/// triads (bit-sliced counts at 16×16). Every solution is found, the same set as the cell-mask
/// engine's.
#[test]
fn bands_find_every_solution_of_underdetermined_16x16_grids() {
    let mut rng = Rng::new(0x16e1ad);
    let mut total = 0;
    for m in puzzles16(1).into_iter().take(4) {
        let (sols, _) = solutions::<B4>(&m, tuning16(0), 1, None);
        let Some(s) = sols.first() else { continue };
        for _ in 0..3 {
            let cells = shuffled_cells(&mut rng, 16);
            let g = givens_at(s, 16, &cells[..114 + rng.below(12)]);
            let (b, _) = solutions::<B4>(&g, tuning16(1_000_000), 5_000, None);
            let (c, _) = solutions::<B4>(&g, tuning16(0), 5_000, None);
            same(4, &g, 5_000, &b, &c, "underdetermined 16x16 grid");
            total += b.len();
        }
    }
    assert!(
        total > 1_000,
        "the grids should have many solutions, not {total}"
    );
}
