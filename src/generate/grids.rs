//! Random full grids: a randomized depth-first search from the empty grid, or from 81×81 up a
//! shuffled pattern.

use super::Rng;
use crate::basis::Basis;
use crate::grid::Grid;
use crate::mask::Mask;
use crate::solver::{SolveOptions, Solver};

/// A random full grid (digits 1..=N), from a randomized search on the empty grid; from 81×81
/// up, from the pattern ([`pattern_grid`]).
pub fn random_solution<B: Basis>(rng: &mut Rng) -> Vec<u8> {
    if B::K >= 9 {
        return pattern_grid(B::K, rng);
    }
    let mut solver = Solver::<B>::new(SolveOptions {
        limit: 1,
        ..SolveOptions::default()
    });
    // Generous enough that restarts are rare; small enough that an unlucky early choice does
    // not cost much.
    let budget = 4 * B::CELLS as u64 + 1000;
    loop {
        if let Some(s) = random_fill::<B>(&mut solver, rng, budget) {
            return s;
        }
    }
}

/// A full grid of basis `k` from the shifted pattern `(K·(r mod K) + r div K + c) mod N`,
/// relabelled and shuffled by the moves that keep a grid valid: digits, rows inside bands,
/// bands, columns inside stacks, stacks, and a transposition. Valid by construction, without a
/// search: the generator's grids from 81×81 up (the randomized search needs 18-50 s and 0.6 GB
/// to fill an 81×81 and did not fill a 100×100 in two minutes, losing its way near the end as
/// on an empty grid), and test inputs that must not depend on the solver. The grids are far
/// less varied than searched ones: each is the pattern under those moves.
///
/// # Panics
///
/// When `k` is above 15: the digits of a larger grid do not fit a `u8`.
pub fn pattern_grid(k: usize, rng: &mut Rng) -> Vec<u8> {
    assert!(k <= 15, "basis {k} above 15");
    let n = k * k;
    let mut lines = || {
        let mut bands: Vec<usize> = (0..k).collect();
        rng.shuffle(&mut bands);
        let mut order = Vec::with_capacity(n);
        for b in bands {
            let mut inner: Vec<usize> = (0..k).collect();
            rng.shuffle(&mut inner);
            order.extend(inner.into_iter().map(|i| b * k + i));
        }
        order
    };
    let (rows, cols) = (lines(), lines());
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let transpose = rng.below(2) == 1;
    let mut grid = vec![0u8; n * n];
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let at = if transpose { c * n + r } else { r * n + c };
            grid[at] = digits[(k * (pr % k) + pr / k + pc) % n];
        }
    }
    grid
}

struct Frame<B: Basis> {
    grid: Grid<B>,
    cell: usize,
    rest: B::Mask,
}

/// One randomized depth-first search, or `None` when it ran over `budget` nodes.
fn random_fill<B: Basis>(solver: &mut Solver<B>, rng: &mut Rng, budget: u64) -> Option<Vec<u8>> {
    let mut g = Grid::<B>::empty();
    // The first box is any permutation: relabelling maps grids to grids one to one, so this
    // fixes nothing about the distribution and saves N decisions.
    let mut perm: Vec<usize> = (0..B::N).collect();
    rng.shuffle(&mut perm);
    let t = B::topology();
    let first_box = t.house(2 * B::N);
    for (&cell, &d) in first_box.iter().zip(&perm) {
        solver.assign(&mut g, cell as usize, d).ok()?;
    }
    let mut stack: Vec<Frame<B>> = Vec::new();
    let mut nodes = 0u64;
    'node: loop {
        let Some(cell) = random_fewest::<B>(&g, rng) else {
            return Some(g.to_digits());
        };
        stack.push(Frame {
            grid: g,
            cell,
            rest: g.get(cell),
        });
        loop {
            let f = stack.last_mut()?;
            if f.rest.is_empty() {
                stack.pop();
                continue;
            }
            nodes += 1;
            if nodes > budget {
                return None;
            }
            let d = rng.member(f.rest);
            f.rest &= !B::Mask::bit(d);
            g = f.grid;
            let cell = f.cell;
            if solver.assign(&mut g, cell, d).is_ok() {
                continue 'node;
            }
        }
    }
}

/// An open cell with the fewest candidates, the first after a random start (so a tied cell is
/// picked as often as the cells before it that do not tie: not uniform among ties, and cheap);
/// `None` when all are placed.
fn random_fewest<B: Basis>(g: &Grid<B>, rng: &mut Rng) -> Option<usize> {
    let masks = g.masks();
    let start = rng.below(B::CELLS);
    let (mut best, mut best_count) = (None, u32::MAX);
    for i in 0..B::CELLS {
        let c = (start + i) % B::CELLS;
        let n = masks[c].count();
        if n > 1 && n < best_count {
            best = Some(c);
            best_count = n;
            if n == 2 {
                break;
            }
        }
    }
    best
}
