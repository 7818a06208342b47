//! Value ordering from a pattern solution, for near-empty large grids.
//!
//! The canonical solution P(r, c) = (K·(r mod K) + r div K + c) mod N, its rows and columns
//! permuted and its digits relabelled to agree with every placed cell, is a solution of the
//! puzzle; trying its digit first at each branch, the depth-first search never fails: the
//! first solution comes without backtracking, and on an under-constrained grid the second one
//! node later on every grid measured (`docs/engine.md`, "Larger grids"). Without a layout that
//! agrees with every placed cell, no preference (digits in order).

use crate::basis::Basis;
use crate::grid::Grid;
use crate::mask::Mask;

use super::Branch;

/// The preferred digit (0-based) of every cell of `g`: the canonical pattern, its rows and
/// columns permuted and its digits relabelled to agree with every placed cell of `g`; `None`
/// when no such layout was found (a pattern at odds with a given misleads the search: an
/// empty 36×36 grid with 10 givens, one of them against it, took 6,624 nodes and the CDCL
/// instead of 1,059 nodes in digit order).
pub(super) fn preferred<B: Basis>(g: &Grid<B>) -> Option<Vec<u8>> {
    let placed: Vec<(usize, usize)> = (0..B::CELLS)
        .filter(|&c| g.get(c).is_single())
        .map(|c| (c, g.get(c).first()))
        .collect();
    let mut lay = Layout::new(B::K);
    lay.fit(&placed);
    let (relabel, agreed) = lay.relabelling(&placed);
    (agreed == placed.len()).then(|| (0..B::CELLS).map(|c| relabel[lay.digit(c)]).collect())
}

/// The canonical pattern with its rows and columns permuted (within bands and stacks, and
/// bands and stacks as blocks: every such layout is a solution).
struct Layout {
    k: usize,
    n: usize,
    /// Grid row r takes the pattern's row `rows[r]`; columns likewise.
    rows: Vec<usize>,
    cols: Vec<usize>,
}

/// A swap of two rows of a band, two bands, two columns of a stack or two stacks: each
/// keeps a layout a solution, and undoes itself.
#[derive(Clone, Copy)]
struct Swap {
    cols: bool,
    /// First line of each block, and the block's length (1 or K).
    a: usize,
    b: usize,
    len: usize,
}

impl Layout {
    fn new(k: usize) -> Self {
        let n = k * k;
        Layout {
            k,
            n,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
        }
    }

    /// The pattern digit of `cell`.
    fn digit(&self, cell: usize) -> usize {
        let (r, c) = (self.rows[cell / self.n], self.cols[cell % self.n]);
        (self.k * (r % self.k) + r / self.k + c) % self.n
    }

    /// The relabelling that agrees with most of `placed` (greedy), and how many it agrees with.
    fn relabelling(&self, placed: &[(usize, usize)]) -> (Vec<u8>, usize) {
        relabelling(self.n, placed.iter().map(|&(c, d)| (self.digit(c), d)))
    }

    /// Every swap, lines before blocks, rows before columns.
    fn swaps(&self) -> Vec<Swap> {
        let mut out = Vec::new();
        for cols in [false, true] {
            for block in 0..self.k {
                for i in 0..self.k {
                    for j in i + 1..self.k {
                        let (a, b) = (block * self.k + i, block * self.k + j);
                        out.push(Swap { cols, a, b, len: 1 });
                    }
                }
            }
        }
        for cols in [false, true] {
            for i in 0..self.k {
                for j in i + 1..self.k {
                    let (a, b, len) = (i * self.k, j * self.k, self.k);
                    out.push(Swap { cols, a, b, len });
                }
            }
        }
        out
    }

    fn apply(&mut self, s: Swap) {
        let v = if s.cols {
            &mut self.cols
        } else {
            &mut self.rows
        };
        for i in 0..s.len {
            v.swap(s.a + i, s.b + i);
        }
    }

    /// Hill-climb over swaps (first improvement, in a fixed order) until the relabelled
    /// pattern agrees with every placed cell or no swap gains; then again from scrambled
    /// layouts (a fixed-seed generator: deterministic), within `FIT_WORK`, keeping the best.
    fn fit(&mut self, placed: &[(usize, usize)]) {
        let swaps = self.swaps();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut work = 0;
        let (mut best, mut best_rows, mut best_cols) = (0, self.rows.clone(), self.cols.clone());
        for attempt in 0.. {
            if attempt > 0 {
                self.scramble(&swaps, &mut seed);
            }
            let score = self.climb(&swaps, placed, &mut work);
            if attempt == 0 || score > best {
                (best, best_rows, best_cols) = (score, self.rows.clone(), self.cols.clone());
            }
            if best == placed.len() || work > FIT_WORK {
                break;
            }
        }
        (self.rows, self.cols) = (best_rows, best_cols);
    }

    /// One hill-climb from this layout; its score. `work` counts placed cells scored.
    fn climb(&mut self, swaps: &[Swap], placed: &[(usize, usize)], work: &mut usize) -> usize {
        let mut best = self.relabelling(placed).1;
        let mut gained = true;
        while gained && best < placed.len() && *work <= FIT_WORK {
            gained = false;
            for &s in swaps {
                self.apply(s);
                let score = self.relabelling(placed).1;
                *work += placed.len();
                if score > best {
                    best = score;
                    gained = true;
                } else {
                    self.apply(s);
                }
            }
        }
        best
    }

    /// Apply each swap with odds one half (xorshift from `seed`).
    fn scramble(&mut self, swaps: &[Swap], seed: &mut u64) {
        for &s in swaps {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            if *seed & 1 == 1 {
                self.apply(s);
            }
        }
    }
}

/// Placed cells scored, at most, while fitting a layout: about 20 ms. The fits of 75 grids of
/// 36×36 to 100×100 with 1-11 random givens, or a row, column or box filled, took at most
/// 89,100; a grid of 131 givens that fits no layout took 1.8 s at 50 million.
const FIT_WORK: usize = 500_000;

/// A bijection of 0..n (pattern digit → digit) that maps as many of the `pairs` (pattern
/// digit, digit) as a greedy matching on their counts does, the rest in order; and how many
/// pairs it maps.
fn relabelling(n: usize, pairs: impl Iterator<Item = (usize, usize)>) -> (Vec<u8>, usize) {
    let mut pairs: Vec<(usize, usize)> = pairs.collect();
    pairs.sort_unstable();
    // (count, pattern digit, digit), the most frequent first; ties in order (deterministic).
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for (i, &(p, d)) in pairs.iter().enumerate() {
        if i > 0 && pairs[i - 1] == (p, d) {
            runs.last_mut().expect("a run").0 += 1;
        } else {
            runs.push((1, p, d));
        }
    }
    runs.sort_by_key(|&(count, p, d)| (std::cmp::Reverse(count), p, d));
    let mut map = vec![u8::MAX; n];
    let mut used = vec![false; n];
    let mut agreed = 0;
    for (count, p, d) in runs {
        if map[p] == u8::MAX && !used[d] {
            map[p] = d as u8;
            used[d] = true;
            agreed += count;
        }
    }
    let mut free = (0..n).filter(|&d| !used[d]);
    for m in map.iter_mut().filter(|m| **m == u8::MAX) {
        *m = free.next().expect("as many digits as pattern digits") as u8;
    }
    (map, agreed)
}

/// The alternative of `branch` to try first among `rest`: the one `pref` (empty: none)
/// prefers when it is still open, else the lowest.
pub(super) fn first_choice<B: Basis>(pref: &[u8], branch: Branch, rest: B::Mask) -> usize {
    if pref.is_empty() {
        return rest.first();
    }
    let preferred = match branch {
        Branch::Cell(c) => Some(pref[c as usize] as usize).filter(|&d| rest.has(d)),
        Branch::Place { house, digit } => {
            let cells = B::topology().house(house as usize);
            rest.iter().find(|&i| pref[cells[i] as usize] == digit)
        }
    };
    preferred.unwrap_or_else(|| rest.first())
}
