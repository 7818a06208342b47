//! Propagation and depth-first search, generic over the basis.
//!
//! Three engines behind one API. 9×9 goes to the band engine (`bands`: one 27-bit word per
//! band and digit, box/line logic inside each band by table, JCZSolve-style sweeps); 4×4 to the
//! digit-plane engine (`planes`: one `u128` per digit, singles only). Every other grid goes to
//! the cell-mask engine here: a search node is a [`Grid`] copied whole (one flat array of masks);
//! propagation (`propagate`) runs incrementally to a fixed point of naked singles, hidden
//! singles and locked candidates; at 16×16 and 25×25 each node also runs a pass of
//! failed-literal probing on bivalue cells; branching takes the cell with the fewest candidates
//! (per conflict seen around it, dom/wdeg, from 25×25 up). [`Tuning`] switches each piece;
//! `docs/engine.md` has the measurements behind the defaults.

use crate::basis::Basis;
use crate::grid::Grid;
use crate::mask::Mask;

mod bands;
mod planes;
mod propagate;

use propagate::Propagator;

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

/// Engine settings beyond [`SolveOptions`]: which inferences run at every node. They change
/// the search tree and the speed, never the count. [`Tuning::for_basis`] holds the measured
/// defaults (see `docs/engine.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Pointing and claiming over box/line intersections.
    pub locked_candidates: bool,
    /// One round of failed-literal probing on bivalue cells at every node (both digits are tried
    /// and propagated; a failing digit goes, and what both outcomes rule out goes too).
    pub probe: bool,
    /// One probing pass before the search only (when `probe` is off): cheap at any size, and it
    /// solves the 100×100 set at the root.
    pub probe_root: bool,
    /// When no cell has two candidates, branch on a digit with two places in a house instead.
    pub place_branching: bool,
    /// Branch on the cell with the fewest candidates per conflict seen in its houses
    /// (dom/wdeg) instead of the first cell with the fewest candidates.
    pub wdeg: bool,
    /// Restart the search after 100, 150, 225, … nodes while no solution is found, keeping the
    /// conflict weights (useful with `wdeg`; the node budget stays global).
    pub restarts: bool,
    /// Use the digit-plane engine (one 128-bit word per digit; grids of at most 128 cells,
    /// singles only: the other settings do not apply to it).
    pub planes: bool,
    /// Use the band engine at 9×9 (one 27-bit word per digit and band, box/line logic inside
    /// each band by table, naked singles; the other settings do not apply to it). It wins over
    /// `planes` when both are set; other bases ignore it.
    pub bands: bool,
}

impl Tuning {
    /// The defaults for basis `k`: the band engine at 9×9 and the digit-plane engine at 4×4
    /// (the cheapest nodes win there); locked candidates from 16×16 up and probing at 16×16 and
    /// 25×25 (the tree is the cost there; from 36×36 up a probing pass costs more than the nodes
    /// it saves: 15 ms a node at 81×81); dom/wdeg branching from 25×25 up (it shrank the 25×25 trees and grew the
    /// 16×16 ones; figures in `docs/engine.md`).
    pub fn for_basis(k: usize) -> Self {
        Tuning {
            locked_candidates: k >= 4,
            probe: (4..=5).contains(&k),
            probe_root: k >= 6,
            place_branching: k >= 4,
            wdeg: k >= 5,
            restarts: false,
            planes: k <= 3,
            bands: k == 3,
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

/// Search state reused across nodes: the propagation queue, the branch stack and scratch.
pub struct Solver<B: Basis> {
    opts: SolveOptions,
    probe: bool,
    place_branching: bool,
    planes: bool,
    bands: bool,
    locked: bool,
    wdeg: bool,
    probe_root: bool,
    restarts: bool,
    /// Nodes spent by earlier runs of this search (restarts).
    spent: u64,
    prop: Propagator<B>,
    frames: Vec<Frame<B>>,
}

/// What a search node branches on: the digits of one cell, or the places of one digit in one
/// house. Either way the alternatives are disjoint, so counting stays exact.
#[derive(Clone, Copy, Debug)]
enum Branch {
    Cell(u16),
    Place { house: u16, digit: u8 },
}

struct Frame<B: Basis> {
    grid: Grid<B>,
    branch: Branch,
    /// Untried alternatives: digits of the cell, or positions in the house.
    rest: B::Mask,
}

impl<B: Basis> Solver<B> {
    /// A solver with the given options and the default [`Tuning`] of its basis.
    pub fn new(opts: SolveOptions) -> Self {
        Self::with_tuning(opts, Tuning::for_basis(B::K))
    }

    /// A solver with explicit engine settings (`opts.locked_candidates`, when set, still wins).
    pub fn with_tuning(opts: SolveOptions, tuning: Tuning) -> Self {
        let locked = opts.locked_candidates.unwrap_or(tuning.locked_candidates);
        let bands = tuning.bands && B::K == 3;
        let planes = tuning.planes && B::CELLS <= 128 && !bands;
        Solver {
            opts,
            probe: tuning.probe,
            place_branching: tuning.place_branching,
            planes,
            bands,
            locked,
            wdeg: tuning.wdeg,
            restarts: tuning.restarts,
            probe_root: tuning.probe_root,
            spent: 0,
            prop: if planes || bands {
                Propagator::idle()
            } else {
                Propagator::new(locked)
            },
            frames: Vec::new(),
        }
    }

    /// Count the solutions of `start` up to the limit.
    pub fn count(&mut self, start: &Grid<B>) -> Count {
        let mut first = None;
        if self.bands {
            // The band engine reports digits: keep the first without a grid round trip.
            let masks = start.masks().iter().map(|m| m.to_u128());
            let mut out = bands::search(masks, self.opts.limit, self.opts.max_nodes, &mut |d| {
                if first.is_none() {
                    first = Some(d.to_vec());
                }
                true
            });
            out.first = first;
            return out;
        }
        let mut out = self.search(start, &mut |g: &Grid<B>| {
            if first.is_none() {
                first = Some(g.to_digits());
            }
            true
        });
        out.first = first;
        out
    }

    /// Visit the solutions of `start`, in search order, up to the limit (or until `visit`
    /// returns false). The returned count has no `first`; the visitor sees every solution.
    pub fn search(&mut self, start: &Grid<B>, visit: &mut dyn FnMut(&Grid<B>) -> bool) -> Count {
        self.spent = 0;
        if self.planes || self.bands {
            let masks = start.masks().iter().map(|m| m.to_u128());
            let (limit, budget) = (self.opts.limit, self.opts.max_nodes);
            let mut v = |d: &[u8]| {
                let mut g = Grid::<B>::empty();
                for (c, &x) in d.iter().enumerate() {
                    g.set(c, B::Mask::bit(x as usize - 1));
                }
                visit(&g)
            };
            if self.bands {
                return bands::search(masks, limit, budget, &mut v);
            }
            return match B::K {
                2 => planes::search::<4>(2, masks, limit, budget, &mut v),
                _ => planes::search::<9>(3, masks, limit, budget, &mut v),
            };
        }
        if !self.restarts {
            return self.run(start, visit, u64::MAX).0;
        }
        // Geometric restarts: the conflict weights learned by a run steer the next one. A run
        // that has found a solution is never cut, so no solution is visited twice.
        let mut total = SearchStats::default();
        let mut cutoff = 100u64;
        loop {
            let (mut c, cut) = self.run(start, visit, cutoff);
            total += c.stats;
            if !cut {
                c.stats = total;
                return c;
            }
            if let Some(m) = self.opts.max_nodes {
                // Keep the budget global: the next run gets what is left.
                if total.nodes >= m {
                    c.stats = total;
                    c.budget_exceeded = true;
                    return c;
                }
            }
            cutoff += cutoff / 2;
        }
    }

    /// One depth-first run from `start`. Gives up (second value true) after `cutoff` nodes when
    /// no solution has been found yet.
    fn run(
        &mut self,
        start: &Grid<B>,
        visit: &mut dyn FnMut(&Grid<B>) -> bool,
        cutoff: u64,
    ) -> (Count, bool) {
        let mut out = Count {
            solutions: 0,
            limit_reached: false,
            budget_exceeded: false,
            first: None,
            stats: SearchStats::default(),
        };
        let budget = self.opts.max_nodes.map(|m| m.saturating_sub(self.spent));
        let mut g = *start;
        self.frames.clear();
        let mut ok = self.prop.start(&g).is_ok() && self.prop.run(&mut g).is_ok();
        if ok && self.probe_root && !self.probe {
            ok = self.probe(&mut g).is_ok();
        }
        'node: loop {
            if ok && self.probe {
                ok = self.probe(&mut g).is_ok();
            }
            if ok {
                match self.choose(&g) {
                    None => {
                        out.solutions += 1;
                        let more = visit(&g);
                        if out.solutions >= self.opts.limit || !more {
                            out.limit_reached = out.solutions >= self.opts.limit;
                            break;
                        }
                    }
                    Some((branch, rest)) => self.frames.push(Frame {
                        grid: g,
                        branch,
                        rest,
                    }),
                }
            }
            // Take the next untried alternative, backtracking as needed.
            let Some(f) = self.frames.last_mut() else {
                break 'node;
            };
            let i = f.rest.first();
            f.rest = f.rest & f.rest.minus_one();
            g = f.grid;
            let branch = f.branch;
            if f.rest.is_empty() {
                self.frames.pop();
            } else {
                out.stats.guesses += 1;
            }
            out.stats.nodes += 1;
            if budget.is_some_and(|m| out.stats.nodes > m) {
                out.budget_exceeded = true;
                break 'node;
            }
            if out.stats.nodes > cutoff && out.solutions == 0 {
                self.spent += out.stats.nodes;
                return (out, true);
            }
            let (cell, digit) = match branch {
                Branch::Cell(c) => (c as usize, i),
                Branch::Place { house, digit } => (
                    B::topology().house(house as usize)[i] as usize,
                    digit as usize,
                ),
            };
            self.prop.reset();
            self.prop.set(&mut g, cell, B::Mask::bit(digit));
            ok = self.prop.run(&mut g).is_ok();
        }
        (out, false)
    }

    /// Propagate singles (and locked candidates when enabled) on a fresh grid to a fixed point.
    pub fn propagate(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        self.cell_propagator();
        self.prop.start(g)?;
        self.prop.run(g)
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
        self.cell_propagator();
        self.prop.reset();
        self.prop.set(g, cell, B::Mask::bit(digit));
        self.prop.run(g)
    }

    /// The plane engine's solver carries an idle propagator; callers of the cell-level entry
    /// points (`propagate`, `assign`) get a real one on first use.
    fn cell_propagator(&mut self) {
        if self.prop.is_idle() {
            self.prop = Propagator::new(self.locked);
        }
    }

    /// Try `digit` in `cell` of a copy of `g` and propagate.
    #[inline]
    fn try_digit(&mut self, g: &Grid<B>, cell: usize, digit: usize) -> (Grid<B>, bool) {
        let mut t = *g;
        self.prop.reset();
        self.prop.set(&mut t, cell, B::Mask::bit(digit));
        let ok = self.prop.run(&mut t).is_ok();
        (t, ok)
    }

    /// Failed-literal probing on bivalue cells: try both digits of every cell with two
    /// candidates; a digit whose propagation fails is removed, and a candidate removed under both
    /// digits is removed for good (the cell-wise union of the two outcomes). One pass over the
    /// grid: running it to a fixed point shrank the tree a little and cost more than it saved.
    fn probe(&mut self, g: &mut Grid<B>) -> Result<(), Contradiction> {
        for c in 0..B::CELLS {
            let m = g.get(c);
            if m.count() != 2 {
                continue;
            }
            let a = m.first();
            let b = (m & m.minus_one()).first();
            let (ga, oka) = self.try_digit(g, c, a);
            let (gb, okb) = self.try_digit(g, c, b);
            match (oka, okb) {
                (false, false) => return Err(Contradiction),
                (false, true) => *g = gb,
                (true, false) => *g = ga,
                (true, true) => {
                    self.prop.reset();
                    let mut any = false;
                    for i in 0..B::CELLS {
                        let u = ga.get(i) | gb.get(i);
                        if u != g.get(i) {
                            self.prop.set(g, i, u);
                            any = true;
                        }
                    }
                    if any {
                        self.prop.run(g)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// What to branch on, with its alternatives; `None` when every cell is placed.
    ///
    /// The cell with the fewest candidates; when that has more than two, a digit with exactly two
    /// places in some house is taken instead (if enabled and one exists).
    fn choose(&self, g: &Grid<B>) -> Option<(Branch, B::Mask)> {
        let mut best = None;
        let mut best_count = u32::MAX;
        if self.wdeg {
            // dom/wdeg: fewest candidates per conflict seen around the cell.
            let mut best_w = 0u64;
            for (c, m) in g.masks().iter().enumerate() {
                let n = m.count();
                if n > 1 {
                    let w = 1 + self.prop.cell_weight(c) as u64;
                    if best.is_none() || (n as u64) * best_w < (best_count as u64) * w {
                        best = Some(c);
                        best_count = n;
                        best_w = w;
                    }
                }
            }
        } else {
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
        }
        let cell = best?;
        if best_count > 2 && self.place_branching {
            if let Some(b) = bilocal(g) {
                return Some(b);
            }
        }
        Some((Branch::Cell(cell as u16), g.get(cell)))
    }
}

/// A house and digit with exactly two places left, with those places; `None` if there is none.
fn bilocal<B: Basis>(g: &Grid<B>) -> Option<(Branch, B::Mask)> {
    let t = B::topology();
    for h in 0..t.houses() {
        let cells = t.house(h);
        let (mut once, mut twice, mut thrice) = (B::Mask::ZERO, B::Mask::ZERO, B::Mask::ZERO);
        for &c in cells {
            let m = g.get(c as usize);
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        let two = twice & !thrice;
        if two.is_empty() {
            continue;
        }
        let d = two.first();
        let mut places = B::Mask::ZERO;
        for (p, &c) in cells.iter().enumerate() {
            if g.get(c as usize).has(d) {
                places |= B::Mask::bit(p);
            }
        }
        return Some((
            Branch::Place {
                house: h as u16,
                digit: d as u8,
            },
            places,
        ));
    }
    None
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
