//! Dancing links: Knuth's Algorithm X on the exact-cover form of Sudoku, kept as a baseline.
//!
//! Dancing links is the generic solver people reach for at every size (the shared data's
//! 16×16 set was indexed with one), so `nsudoku bench --baseline dlx` times it side by side
//! with the engine, on the same puzzles in the same run. It is the textbook algorithm, no more:
//! one column per constraint (a cell holds a digit; a row, a column and a box hold each digit
//! once), one row per candidate, and at each node the column with the fewest rows left
//! (Knuth's S heuristic), which makes naked and hidden singles forced moves. No propagation
//! beyond that, no learning.
//!
//! ```text
//!  root ⇄ col 1 ⇄ col 2 ⇄ … ⇄ col 4N²        headers (root 0, columns 1..=4N²): a
//!          ⇅       ⇅            ⇅              left/right ring, each column with a size
//!         node ⇄  node ⇄ node ⇄ node         a candidate: four nodes in a left/right ring,
//!          ⇅       ⇅            ⇅              each in its column's up/down ring
//! ```
//!
//! Links are indices into flat `u32` arrays; a node knows its column and its candidate.

use super::{Count, Exceeded};
use crate::basis::Basis;
use crate::grid::Grid;
use crate::mask::Mask;
use crate::topology::box_index;

/// The exact-cover matrix of one grid and the state of its search.
struct Links {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// Column header of each node (a header is its own).
    column: Vec<u32>,
    /// Candidate of each node: `cell · N + digit` (0-based digit).
    candidate: Vec<u32>,
    /// Rows left in each column, by header index.
    size: Vec<u32>,
}

/// The root header: its ring holds the columns not yet covered.
const ROOT: u32 = 0;

impl Links {
    /// The matrix of `g`: a row for every candidate of every cell.
    fn new<B: Basis>(g: &Grid<B>) -> Self {
        let (n, k, cells) = (B::N, B::K, B::CELLS);
        let columns = 4 * cells;
        let rows: usize = g.masks().iter().map(|m| m.count() as usize).sum();
        let total = 1 + columns + 4 * rows;
        let mut x = Links {
            left: Vec::with_capacity(total),
            right: Vec::with_capacity(total),
            up: Vec::with_capacity(total),
            down: Vec::with_capacity(total),
            column: Vec::with_capacity(total),
            candidate: Vec::with_capacity(total),
            size: vec![0; 1 + columns],
        };
        // The headers, root first, in one ring; each column starts as an empty ring of itself.
        for h in 0..=columns as u32 {
            x.left.push(if h == 0 { columns as u32 } else { h - 1 });
            x.right.push(if h as usize == columns { 0 } else { h + 1 });
            x.up.push(h);
            x.down.push(h);
            x.column.push(h);
            x.candidate.push(u32::MAX);
        }
        for (cell, &m) in g.masks().iter().enumerate() {
            let (r, c) = (cell / n, cell % n);
            let b = box_index(k, r, c);
            for d in m.iter() {
                let heads = [
                    cell,
                    cells + r * n + d,
                    2 * cells + c * n + d,
                    3 * cells + b * n + d,
                ];
                let first = x.left.len() as u32;
                for (i, &h) in heads.iter().enumerate() {
                    let (h, node) = (h as u32 + 1, first + i as u32);
                    // Left and right in a ring of four; up and down above the header.
                    x.left.push(if i == 0 { first + 3 } else { node - 1 });
                    x.right.push(if i == 3 { first } else { node + 1 });
                    let above = x.up[h as usize];
                    x.up.push(above);
                    x.down.push(h);
                    x.down[above as usize] = node;
                    x.up[h as usize] = node;
                    x.column.push(h);
                    x.candidate.push((cell * n + d) as u32);
                    x.size[h as usize] += 1;
                }
            }
        }
        x
    }

    /// Take column `c` out of the header ring, and every row through it out of the other
    /// columns.
    fn cover(&mut self, c: u32) {
        let (l, r) = (self.left[c as usize], self.right[c as usize]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c as usize];
        while i != c {
            let mut j = self.right[i as usize];
            while j != i {
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.column[j as usize] as usize] -= 1;
                j = self.right[j as usize];
            }
            i = self.down[i as usize];
        }
    }

    /// Undo [`Links::cover`] of `c`, in the reverse order (the dance).
    fn uncover(&mut self, c: u32) {
        let mut i = self.up[c as usize];
        while i != c {
            let mut j = self.left[i as usize];
            while j != i {
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                self.size[self.column[j as usize] as usize] += 1;
                j = self.left[j as usize];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c as usize], self.right[c as usize]);
        self.right[l as usize] = c;
        self.left[r as usize] = c;
    }

    /// The uncovered column with the fewest rows (the first such), or `None` when every
    /// column is covered: a solution.
    fn fewest(&self) -> Option<u32> {
        let mut best = None;
        let mut best_size = u32::MAX;
        let mut c = self.right[ROOT as usize];
        while c != ROOT {
            let s = self.size[c as usize];
            if s < best_size {
                best_size = s;
                best = Some(c);
                if s <= 1 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }
}

/// A search over [`Links`], counting solutions up to a limit within a node budget.
struct Search {
    links: Links,
    n: usize,
    limit: usize,
    max_nodes: u64,
    /// The rows chosen on the current path.
    path: Vec<u32>,
    count: Count,
}

impl Search {
    /// Algorithm X from the current matrix; false once the limit or the budget stops it (the
    /// matrix is then left as it is: the caller drops it).
    fn run(&mut self) -> bool {
        let Some(c) = self.links.fewest() else {
            self.count.solutions += 1;
            if self.count.first.is_none() {
                let mut digits = vec![0u8; self.n * self.n];
                for &node in &self.path {
                    let cand = self.links.candidate[node as usize] as usize;
                    digits[cand / self.n] = (cand % self.n) as u8 + 1;
                }
                self.count.first = Some(digits);
            }
            return self.count.solutions < self.limit;
        };
        let rows = self.links.size[c as usize];
        if rows == 0 {
            return true;
        }
        self.count.stats.guesses += u64::from(rows > 1);
        self.links.cover(c);
        let mut i = self.links.down[c as usize];
        while i != c {
            if self.count.stats.nodes >= self.max_nodes {
                self.count.stopped = Some(Exceeded::Nodes);
                return false;
            }
            self.count.stats.nodes += 1;
            self.path.push(i);
            let mut j = self.links.right[i as usize];
            while j != i {
                self.links.cover(self.links.column[j as usize]);
                j = self.links.right[j as usize];
            }
            if !self.run() {
                return false;
            }
            let mut j = self.links.left[i as usize];
            while j != i {
                self.links.uncover(self.links.column[j as usize]);
                j = self.links.left[j as usize];
            }
            self.path.pop();
            i = self.links.down[i as usize];
        }
        self.links.uncover(c);
        true
    }
}

/// Count the solutions of `g` up to `limit` (0 counts as 1) by dancing links, trying at most
/// `max_nodes` rows (`None`: no budget; there is no time limit, so bound a baseline run on a
/// hard grid by nodes). `nodes` counts the rows tried, `guesses` the columns chosen with more
/// than one row left.
///
/// ```
/// use nsudoku::basis::B3;
/// use nsudoku::grid::Grid;
/// use nsudoku::solver::dlx;
///
/// let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let digits: Vec<u8> = p.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
/// let c = dlx::count(&Grid::<B3>::from_digits(&digits), 2, None);
/// assert!(c.is_unique());
/// ```
pub fn count<B: Basis>(g: &Grid<B>, limit: usize, max_nodes: Option<u64>) -> Count {
    // The search recurses once a placed cell: beyond 100×100, deeper than a default stack.
    crate::solve::with_room::<B, _>(|| {
        let mut s = Search {
            links: Links::new(g),
            n: B::N,
            limit: limit.max(1),
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            path: Vec::with_capacity(B::CELLS),
            count: Count::default(),
        };
        s.run();
        s.count.limit_reached = s.count.solutions >= s.limit;
        s.count
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::basis::{B2, B3};

    /// Every 4×4 grid: the empty one has 288 solutions.
    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        let c = count(&Grid::<B2>::empty(), 1000, None);
        assert_eq!((c.solutions, c.limit_reached), (288, false));
        let c = count(&Grid::<B2>::empty(), 10, None);
        assert_eq!((c.solutions, c.limit_reached), (10, true));
    }

    #[test]
    fn a_budget_stops_the_search() {
        let c = count(&Grid::<B3>::empty(), 2, Some(5));
        assert_eq!(c.stopped, Some(Exceeded::Nodes));
        assert_eq!(c.stats.nodes, 5);
        assert!(c.budget_exceeded());
    }
}
