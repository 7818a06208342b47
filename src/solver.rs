//! Propagation and depth-first search, generic over the basis.
//!
//! A search node is a [`Grid`] copied whole (one flat array of masks). Propagation runs to a
//! fixed point of: placed digits leave their peers (naked singles), a digit with one place in a
//! house goes there (hidden singles), and optionally box/line intersections (locked candidates),
//! which pay for themselves from 16×16 up. Branching takes the cell with the fewest candidates.

use crate::basis::Basis;
use crate::grid::Grid;
use crate::mask::Mask;

/// What the search may do.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Stop after this many solutions (2 proves uniqueness).
    pub limit: usize,
    /// Give up after this many search nodes; `None` is unbounded.
    pub max_nodes: Option<u64>,
    /// Apply locked candidates (pointing and claiming) at every node; `None` picks by basis.
    pub locked_candidates: Option<bool>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            limit: 2,
            max_nodes: None,
            locked_candidates: None,
        }
    }
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SearchStats {
    /// Branches taken (each digit tried at a branching cell, last alternatives included).
    pub nodes: u64,
    /// Branching decisions with more than one alternative left.
    pub guesses: u64,
}

impl std::ops::AddAssign for SearchStats {
    fn add_assign(&mut self, o: Self) {
        self.nodes += o.nodes;
        self.guesses += o.guesses;
    }
}

/// The result of counting solutions up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found (at most the limit).
    pub solutions: usize,
    /// True when the limit was reached (there may be more).
    pub limit_reached: bool,
    /// True when the node budget ran out first; `solutions` is then a lower bound.
    pub budget_exceeded: bool,
    /// The first solution found, as digits 1..=N.
    pub first: Option<Vec<u8>>,
    /// Search effort.
    pub stats: SearchStats,
}

/// The propagation found a house or cell with no possibility left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Search state reused across nodes: the propagation queue and the branch stack.
pub struct Solver<B: Basis> {
    opts: SolveOptions,
    locked: bool,
    queue: Vec<u16>,
    frames: Vec<Frame<B>>,
}

struct Frame<B: Basis> {
    grid: Grid<B>,
    cell: usize,
    rest: B::Mask,
}

impl<B: Basis> Solver<B> {
    /// A solver with the given options.
    pub fn new(opts: SolveOptions) -> Self {
        let locked = opts.locked_candidates.unwrap_or(B::K >= 4);
        Solver {
            opts,
            locked,
            queue: Vec::with_capacity(B::CELLS),
            frames: Vec::new(),
        }
    }

    /// Count the solutions of `start` up to the limit.
    pub fn count(&mut self, start: &Grid<B>) -> Count {
        let mut out = Count {
            solutions: 0,
            limit_reached: false,
            budget_exceeded: false,
            first: None,
            stats: SearchStats::default(),
        };
        let mut g = *start;
        self.frames.clear();
        self.queue.clear();
        self.queue.extend(
            (0..B::CELLS)
                .filter(|&c| g.get(c).is_single())
                .map(|c| c as u16),
        );
        if self.propagate(&mut g).is_err() {
            return out;
        }
        'node: loop {
            match choose_cell(&g) {
                None => {
                    out.solutions += 1;
                    if out.first.is_none() {
                        out.first = Some(g.to_digits());
                    }
                    if out.solutions >= self.opts.limit {
                        out.limit_reached = true;
                        break;
                    }
                }
                Some(cell) => {
                    let rest = g.get(cell);
                    self.frames.push(Frame {
                        grid: g,
                        cell,
                        rest,
                    });
                }
            }
            // Take the next untried alternative, backtracking as needed.
            loop {
                let Some(f) = self.frames.last_mut() else {
                    break 'node;
                };
                let d = f.rest.first();
                f.rest = f.rest & f.rest.minus_one();
                g = f.grid;
                let cell = f.cell;
                if f.rest.is_empty() {
                    self.frames.pop();
                } else {
                    out.stats.guesses += 1;
                }
                out.stats.nodes += 1;
                if self.opts.max_nodes.is_some_and(|m| out.stats.nodes > m) {
                    out.budget_exceeded = true;
                    break 'node;
                }
                g.set(cell, B::Mask::bit(d));
                self.queue.clear();
                self.queue.push(cell as u16);
                if self.propagate(&mut g).is_ok() {
                    continue 'node;
                }
            }
        }
        out
    }

    /// Propagate singles (and locked candidates when enabled) to a fixed point. Cells in the
    /// queue are placed cells whose digit has not yet left their peers.
    pub fn propagate(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        loop {
            self.eliminate_placed(g)?;
            if hidden_singles(g, &mut self.queue)? {
                continue;
            }
            if self.locked && locked_candidates(g, &mut self.queue)? {
                continue;
            }
            return Ok(());
        }
    }

    /// Place digit `digit` (0-based) in `cell` of `g` and propagate to a fixed point. Lets
    /// other searches (the generator's randomized fill) reuse this propagation.
    pub fn assign(
        &mut self,
        g: &mut Grid<B>,
        cell: usize,
        digit: usize,
    ) -> Result<(), Contradiction> {
        if !g.get(cell).has(digit) {
            return Err(Contradiction);
        }
        g.set(cell, B::Mask::bit(digit));
        self.queue.clear();
        self.queue.push(cell as u16);
        self.propagate(g)
    }

    fn eliminate_placed(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        let t = B::topology();
        while let Some(c) = self.queue.pop() {
            let m = g.get(c as usize);
            for &p in t.peers(c as usize) {
                let pm = g.get(p as usize);
                if pm & m != B::Mask::ZERO {
                    let r = pm & !m;
                    if r.is_empty() {
                        return Err(Contradiction);
                    }
                    g.set(p as usize, r);
                    if r.is_single() {
                        self.queue.push(p);
                    }
                }
            }
        }
        Ok(())
    }
}

/// The open cell with the fewest candidates, or `None` when every cell is placed.
#[inline]
fn choose_cell<B: Basis>(g: &Grid<B>) -> Option<usize> {
    let mut best = None;
    let mut best_count = u32::MAX;
    for (c, m) in g.masks().iter().enumerate() {
        let n = m.count();
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

/// Place every digit that has one place left in a house. True when something was placed.
fn hidden_singles<B: Basis>(g: &mut Grid<B>, queue: &mut Vec<u16>) -> Result<bool, Contradiction> {
    let t = B::topology();
    let all = B::all();
    let mut found = false;
    for h in 0..t.houses() {
        let cells = t.house(h);
        let (mut once, mut twice, mut placed) = (B::Mask::ZERO, B::Mask::ZERO, B::Mask::ZERO);
        for &c in cells {
            let m = g.get(c as usize);
            twice |= once & m;
            once |= m;
            if m.is_single() {
                placed |= m;
            }
        }
        if once != all {
            return Err(Contradiction);
        }
        let hidden = once & !twice & !placed;
        for d in hidden.iter() {
            let bit = B::Mask::bit(d);
            let cell = cells
                .iter()
                .find(|&&c| g.get(c as usize) & bit != B::Mask::ZERO);
            let Some(&cell) = cell else {
                return Err(Contradiction);
            };
            g.set(cell as usize, bit);
            queue.push(cell);
            found = true;
        }
    }
    Ok(found)
}

/// Pointing and claiming over every box/line intersection. True when a candidate went.
fn locked_candidates<B: Basis>(
    g: &mut Grid<B>,
    queue: &mut Vec<u16>,
) -> Result<bool, Contradiction> {
    let (k, n) = (B::K, B::N);
    let mut changed = false;
    // seg[line][j]: candidates of the K cells where row (or column) `line` crosses band box j.
    let mut seg = vec![B::Mask::ZERO; n * k];
    for by_cols in [false, true] {
        let at = |line: usize, i: usize| if by_cols { i * n + line } else { line * n + i };
        for line in 0..n {
            for j in 0..k {
                let mut m = B::Mask::ZERO;
                for i in j * k..(j + 1) * k {
                    m |= g.get(at(line, i));
                }
                seg[line * k + j] = m;
            }
        }
        for line in 0..n {
            let band = line / k;
            for j in 0..k {
                let s = seg[line * k + j];
                let mut line_rest = B::Mask::ZERO;
                for j2 in (0..k).filter(|&j2| j2 != j) {
                    line_rest |= seg[line * k + j2];
                }
                let mut box_rest = B::Mask::ZERO;
                for l2 in (band * k..(band + 1) * k).filter(|&l2| l2 != line) {
                    box_rest |= seg[l2 * k + j];
                }
                // Pointing: digits of the box confined to this line leave the rest of the line.
                let pointing = s & !box_rest;
                if !pointing.is_empty() && !(line_rest & pointing).is_empty() {
                    for i in (0..n).filter(|i| i / k != j) {
                        changed |= strip(g, at(line, i), pointing, queue)?;
                    }
                }
                // Claiming: digits of the line confined to this box leave the rest of the box.
                let claiming = s & !line_rest;
                if !claiming.is_empty() && !(box_rest & claiming).is_empty() {
                    for l2 in (band * k..(band + 1) * k).filter(|&l2| l2 != line) {
                        for i in j * k..(j + 1) * k {
                            changed |= strip(g, at(l2, i), claiming, queue)?;
                        }
                    }
                }
            }
        }
        if changed {
            return Ok(true);
        }
    }
    Ok(changed)
}

#[inline]
fn strip<B: Basis>(
    g: &mut Grid<B>,
    cell: usize,
    m: B::Mask,
    queue: &mut Vec<u16>,
) -> Result<bool, Contradiction> {
    let old = g.get(cell);
    if (old & m).is_empty() {
        return Ok(false);
    }
    let r = old & !m;
    if r.is_empty() {
        return Err(Contradiction);
    }
    g.set(cell, r);
    if r.is_single() {
        queue.push(cell as u16);
    }
    Ok(true)
}

/// Count solutions of `grid` with default options and the given limit.
///
/// ```
/// use nsudoku::{basis::B3, solver, Grid};
/// let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let digits: Vec<u8> = p.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
/// let c = solver::count::<B3>(&Grid::from_digits(&digits), 2);
/// assert_eq!(c.solutions, 1);
/// assert!(!c.limit_reached);
/// ```
pub fn count<B: Basis>(grid: &Grid<B>, limit: usize) -> Count {
    Solver::<B>::new(SolveOptions {
        limit,
        ..SolveOptions::default()
    })
    .count(grid)
}
